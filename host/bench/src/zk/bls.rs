//! The BLS-signature functions' peers (read with the layouts of `zkhost_abi::bls`),
//! each answering zkhost's output or its verdict: blst's own `min_pk` API for the
//! verifications, the aggregations and the compressions (keys and signature validated
//! from their bytes in the call, as zkhost does; for the uncompressed keys, parsed
//! before the timing, as a client holds them, and not group-checked), and arkworks
//! (`ark-bls12-381` 0.6, CosmWasm's library) for RFC 9380's hashes, decompression and
//! compression. Beside them, the sync-committee rows: the `eth-sync-committee`
//! contract's update check and the same in pure WebAssembly.

use zkhost_abi::Crypto;
use zkhost_runtime::Runtime;
use zkhost_testkit::contracts::GENEROUS_GAS;
use zkhost_testkit::sample;

use super::{Job, Peer, Prepared, Where};

/// The family's peers, in report order.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "blst min_pk",
        library: "blst 0.3",
        ops: &[
            Crypto::BlsVerify,
            Crypto::BlsFastAggregateVerify,
            Crypto::BlsFastAggregateVerifyUncompressed,
            Crypto::BlsAggregateVerify,
            Crypto::BlsAggregateG1,
            Crypto::BlsAggregateG2,
            Crypto::BlsG1Compress,
            Crypto::BlsG2Compress,
        ],
        prepare: |op, input| Ok(Some(blst(op, input))),
    },
    Peer {
        name: "arkworks",
        library: "ark-bls12-381 0.6",
        ops: &[
            Crypto::BlsG1Compress,
            Crypto::BlsG2Compress,
            Crypto::BlsHashToG1,
            Crypto::BlsHashToG2,
            Crypto::BlsG1Decompress,
            Crypto::BlsG2Decompress,
        ],
        prepare: |op, input| Ok(Some(arkworks(op, input))),
    },
];

/// The BLS-signature rows: n is the keys, points or records; for the hashes, the
/// message's 32-byte words. A sync committee is 512 keys.
pub(super) fn cases(quick: bool) -> Vec<(Crypto, usize)> {
    let mut out = vec![
        (Crypto::BlsG1Decompress, 1),
        (Crypto::BlsG2Decompress, 1),
        (Crypto::BlsG1Compress, 1),
        (Crypto::BlsG2Compress, 1),
        (Crypto::BlsHashToG1, 1),
        (Crypto::BlsHashToG2, 1),
        (Crypto::BlsHashToG2, 128),
        (Crypto::BlsAggregateG1, 1),
        (Crypto::BlsAggregateG2, 1),
        (Crypto::BlsAggregateG2, 16),
        (Crypto::BlsVerify, 1),
        (Crypto::BlsFastAggregateVerify, 1),
        (Crypto::BlsFastAggregateVerifyUncompressed, 1),
        (Crypto::BlsAggregateVerify, 1),
        (Crypto::BlsAggregateVerify, 8),
    ];
    let committee = if quick { 64 } else { 512 };
    out.extend([
        (Crypto::BlsAggregateG1, committee),
        (Crypto::BlsFastAggregateVerify, committee),
        (Crypto::BlsFastAggregateVerifyUncompressed, committee),
        // Two thirds of a sync committee: the update check of `eth-sync-committee`.
        (Crypto::BlsFastAggregateVerify, SYNC_PARTICIPANTS),
        (
            Crypto::BlsFastAggregateVerifyUncompressed,
            SYNC_PARTICIPANTS,
        ),
    ]);
    out
}

/// The participants of the sync-committee rows: two thirds of 512 (key `i` signs when
/// `i % 3 != 0`).
pub(super) const SYNC_PARTICIPANTS: usize = 341;

/// The sync-committee jobs for `op` at `size`: the `eth-sync-committee` update check
/// from stored points or from compressed keys, and for the stored points the same in
/// pure WebAssembly; each answer checked `Valid` first.
pub(super) fn sync_committee_jobs(
    runtime: &Runtime,
    op: Crypto,
    size: usize,
) -> Result<Vec<Job>, String> {
    use zkhost_testkit::contracts::{ETH_SYNC_COMMITTEE_WASM, WASM_SYNC_COMMITTEE_WASM};
    use zkhost_testkit::sync_committee::{Answer, Update};
    if size != SYNC_PARTICIPANTS {
        return Ok(Vec::new());
    }
    let update = Update::new(0x5c, |i| !i.is_multiple_of(3));
    let (message, contracts) = match op {
        Crypto::BlsFastAggregateVerifyUncompressed => (
            update.message(update.points()),
            vec![
                (Where::SyncCommittee, ETH_SYNC_COMMITTEE_WASM),
                (Where::SyncCommitteeWasm, WASM_SYNC_COMMITTEE_WASM),
            ],
        ),
        Crypto::BlsFastAggregateVerify => (
            update.compressed_message(),
            vec![(Where::SyncCommittee, ETH_SYNC_COMMITTEE_WASM)],
        ),
        _ => return Ok(Vec::new()),
    };
    let message = parity_scale_codec::Encode::encode(&message);
    let valid = parity_scale_codec::Encode::encode(&Answer::Valid);
    let mut jobs = Vec::new();
    for (at, wasm) in contracts {
        let code = runtime.deploy(wasm).map_err(|e| e.to_string())?;
        let mut warm = runtime.instantiate(&code).map_err(|e| e.to_string())?;
        let outcome = warm
            .call(&message, GENEROUS_GAS)
            .map_err(|e| e.to_string())?;
        if outcome.output() != Some(&valid[..]) {
            return Err(format!(
                "{} does not answer Valid: {:?}",
                at.name(),
                outcome.result
            ));
        }
        let message = message.clone();
        jobs.push(Job {
            op,
            size,
            at,
            gas: outcome.gas_used,
            run: Box::new(move || {
                let _ = std::hint::black_box(warm.call(&message, GENEROUS_GAS));
            }),
        });
    }
    Ok(jobs)
}

/// A `bls_*` input: [`sample::bls_input`] with n keys, points or records; a hash of a
/// message of `size` 32-byte words (after its tag).
pub(super) fn input(op: Crypto, size: usize) -> Vec<u8> {
    match op {
        Crypto::BlsHashToG1 | Crypto::BlsHashToG2 => {
            let dst = zkhost_bls12381::signatures::Ciphersuite::ProofOfPossession.dst();
            let mut out = vec![dst.len() as u8];
            out.extend_from_slice(dst);
            out.extend((0..size * 32).map(|i| i as u8));
            out
        }
        _ => sample::bls_input(op, size, 0xb15),
    }
}

/// The ciphersuite's tag, which blst takes with every call.
fn dst() -> &'static [u8] {
    zkhost_bls12381::signatures::Ciphersuite::ProofOfPossession.dst()
}

/// blst's run of `op` on `input`.
fn blst(op: Crypto, input: &[u8]) -> Prepared {
    use blst::min_pk::{AggregatePublicKey, AggregateSignature, PublicKey, Signature};
    use blst::BLST_ERROR;
    match op {
        Crypto::BlsVerify => Prepared::verdict(input, |a| {
            (|| {
                let pk = PublicKey::key_validate(&a[1..49]).ok()?;
                let sig = Signature::sig_validate(&a[49..145], false).ok()?;
                (sig.verify(false, &a[145..], dst(), &[], &pk, false) == BLST_ERROR::BLST_SUCCESS)
                    .then_some(())
            })()
            .is_some()
        }),
        Crypto::BlsFastAggregateVerify => Prepared::verdict(input, |a| {
            (|| {
                let sig = Signature::sig_validate(&a[1..97], false).ok()?;
                let n = u32::from_be_bytes(a[97..101].try_into().ok()?) as usize;
                let keys: Vec<PublicKey> = a[101..101 + 48 * n]
                    .chunks(48)
                    .map(PublicKey::key_validate)
                    .collect::<Result<_, _>>()
                    .ok()?;
                let refs: Vec<&PublicKey> = keys.iter().collect();
                (sig.fast_aggregate_verify(false, &a[101 + 48 * n..], dst(), &refs)
                    == BLST_ERROR::BLST_SUCCESS)
                    .then_some(())
            })()
            .is_some()
        }),
        Crypto::BlsFastAggregateVerifyUncompressed => {
            // The keys as a client holds them once validated: blst's PublicKey values.
            let a = input;
            let n = u32::from_be_bytes([a[97], a[98], a[99], a[100]]) as usize;
            let keys: Vec<PublicKey> = a[101..101 + 128 * n]
                .chunks(128)
                .filter_map(|k| {
                    let c = zkhost_bls12381::compressed::g1_compress(k.try_into().ok()?).ok()?;
                    PublicKey::key_validate(&c).ok()
                })
                .collect();
            let msg = a[101 + 128 * n..].to_vec();
            let sig = a[1..97].to_vec();
            let verify = move || {
                (|| {
                    let sig = Signature::sig_validate(&sig, false).ok()?;
                    let refs: Vec<&PublicKey> = keys.iter().collect();
                    (sig.fast_aggregate_verify(false, &msg, dst(), &refs)
                        == BLST_ERROR::BLST_SUCCESS)
                        .then_some(())
                })()
                .is_some()
            };
            Prepared::verdict_of(verify)
        }
        Crypto::BlsAggregateVerify => Prepared::verdict(input, |a| {
            (|| {
                let sig = Signature::sig_validate(&a[1..97], false).ok()?;
                let (mut keys, mut msgs) = (Vec::new(), Vec::new());
                let mut rest = &a[97..];
                while !rest.is_empty() {
                    keys.push(PublicKey::key_validate(&rest[..48]).ok()?);
                    let len = u32::from_be_bytes(rest[48..52].try_into().ok()?) as usize;
                    msgs.push(&rest[52..52 + len]);
                    rest = &rest[52 + len..];
                }
                let refs: Vec<&PublicKey> = keys.iter().collect();
                (sig.aggregate_verify(false, &msgs, dst(), &refs, false)
                    == BLST_ERROR::BLST_SUCCESS)
                    .then_some(())
            })()
            .is_some()
        }),
        Crypto::BlsAggregateG1 => Prepared::output(input, |a| {
            let keys: Vec<&[u8]> = a.chunks(48).collect();
            AggregatePublicKey::aggregate_serialized(&keys, true)
                .map(|k| k.to_public_key().compress().to_vec())
                .ok()
        }),
        Crypto::BlsAggregateG2 => Prepared::output(input, |a| {
            let sigs: Vec<&[u8]> = a.chunks(96).collect();
            AggregateSignature::aggregate_serialized(&sigs, true)
                .map(|s| s.to_signature().compress().to_vec())
                .ok()
        }),
        // Compression: `deserialize` checks the curve, not the subgroup, as zkhost does.
        Crypto::BlsG2Compress => Prepared::output(input, |a| {
            blst::min_pk::Signature::deserialize(&zcash(Crypto::BlsG2Compress, a))
                .map(|s| s.compress().to_vec())
                .ok()
        }),
        _ => Prepared::output(input, |a| {
            blst::min_pk::PublicKey::deserialize(&zcash(Crypto::BlsG1Compress, a))
                .map(|k| k.compress().to_vec())
                .ok()
        }),
    }
}

/// arkworks' run of `op` on `input`.
fn arkworks(op: Crypto, input: &[u8]) -> Prepared {
    use ark_serialize::CanonicalDeserialize;
    use zkhost_testkit::bls12_381::{g1_bytes, g2_bytes};
    match op {
        Crypto::BlsHashToG1 => Prepared::output(input, |a| {
            ark_hash::<ark_bls12_381::g1::Config>(a, g1_bytes)
        }),
        Crypto::BlsHashToG2 => Prepared::output(input, |a| {
            ark_hash::<ark_bls12_381::g2::Config>(a, g2_bytes)
        }),
        Crypto::BlsG1Decompress => Prepared::output(input, |a| {
            ark_bls12_381::G1Affine::deserialize_compressed(a)
                .map(|p| g1_bytes(&p))
                .ok()
        }),
        Crypto::BlsG2Decompress => Prepared::output(input, |a| {
            ark_bls12_381::G2Affine::deserialize_compressed(a)
                .map(|q| g2_bytes(&q))
                .ok()
        }),
        Crypto::BlsG2Compress => Prepared::output(input, |a| {
            ark_compress::<ark_bls12_381::g2::Config>(&zcash(Crypto::BlsG2Compress, a))
        }),
        _ => Prepared::output(input, |a| {
            ark_compress::<ark_bls12_381::g1::Config>(&zcash(Crypto::BlsG1Compress, a))
        }),
    }
}

/// arkworks' RFC 9380 hash (expand_message_xmd with SHA-256, its WB map) of a
/// `bls_hash_to_*` input (`dst length ‖ dst ‖ message`), in zkhost's output encoding;
/// nothing if arkworks refuses the tag.
fn ark_hash<P: ark_ec::hashing::curve_maps::wb::WBConfig>(
    input: &[u8],
    encode: fn(&ark_ec::short_weierstrass::Affine<P>) -> Vec<u8>,
) -> Option<Vec<u8>> {
    use ark_ec::hashing::curve_maps::wb::WBMap;
    use ark_ec::hashing::map_to_curve_hasher::MapToCurveBasedHasher;
    use ark_ec::hashing::HashToCurve;
    use ark_ff::field_hashers::DefaultFieldHasher;
    type H<P> = MapToCurveBasedHasher<
        ark_ec::short_weierstrass::Projective<P>,
        DefaultFieldHasher<sha2::Sha256, 128>,
        WBMap<P>,
    >;
    let len = usize::from(input[0]);
    let (dst, msg) = input[1..].split_at(len);
    H::<P>::new(dst)
        .and_then(|h| h.hash(msg))
        .map(|p| encode(&p))
        .ok()
}

/// An EIP-2537 point in Zcash's uncompressed form, which blst and arkworks read: the
/// 16 zero bytes of each coordinate dropped and, for G2, each Fp2's imaginary part
/// first. Part of what the compression peers are timed on.
fn zcash(op: Crypto, point: &[u8]) -> Vec<u8> {
    let fp: Vec<&[u8]> = point.chunks(64).map(|c| &c[16..]).collect();
    match op {
        Crypto::BlsG2Compress => [fp[1], fp[0], fp[3], fp[2]].concat(),
        _ => fp.concat(),
    }
}

/// arkworks' compression of a Zcash-uncompressed point: read unchecked, then its curve
/// check (not the subgroup's, as zkhost's).
fn ark_compress<P: ark_ec::short_weierstrass::SWCurveConfig>(bytes: &[u8]) -> Option<Vec<u8>> {
    use ark_ec::short_weierstrass::Affine;
    use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
    let mut out = Vec::new();
    match Affine::<P>::deserialize_with_mode(bytes, Compress::No, Validate::No) {
        Ok(p) if p.is_on_curve() && p.serialize_compressed(&mut out).is_ok() => Some(out),
        _ => None,
    }
}
