//! The later host functions in `zkhost bench`: KZG point evaluation (EIP-4844),
//! P256VERIFY (EIP-7951), the secp256k1 functions (`ecrecover`, verification, key
//! recovery), Ed25519 (one signature, batches of 1, 8 and 64), circomlib's Poseidon
//! (1 to 16 inputs) and BN254 point compression (Solana's format).
//!
//! Each runs natively (`zkhost_runtime::compute`, what the host function computes),
//! through its contract on a warm instance, beside the peer a node would otherwise
//! run — revm-precompile 43's point evaluation (its `blst` backend, revm's default
//! build) and c-kzg-4844's `verify_kzg_proof`, revm's P256VERIFY (RustCrypto), revm's
//! ecrecover (RustCrypto's `k256` in this build; libsecp256k1's own recovery is the
//! `ecrecover` row below), libsecp256k1 and `k256` for secp256k1 verification and
//! recovery, `ed25519-dalek` and `ed25519-zebra` for Ed25519, and
//! `light-poseidon` (1 to 12 inputs, all it supports) — and Poseidon in pure
//! WebAssembly (the `wasm-poseidon` contract). An `ecrecover` runs in the same
//! interleaved rounds: a price by EIP-1108's method is `3000 × t / t_ecrecover`
//! taken per round (the median of the rounds, rounded up to three significant
//! figures). Outputs are checked equal to zkhost's before anything is timed; every
//! input is the slowest of its kind that the checks allow (a valid proof or
//! signature: every check and the whole verification run; canonical Poseidon
//! elements; points whose decompression takes the longest square roots are not
//! distinguishable by input, so a fixed valid point).

use std::fmt::Write;
use std::process::ExitCode;

use serde_json::{json, Value};

use zkhost_abi::{Crypto, Family};
use zkhost_gas::HostCosts;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{Path, GENEROUS_GAS};
use zkhost_testkit::sample;

use super::{measure, worst::Ecrecover};
use zkhost_runtime::Prices;

/// Where a measurement ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// zkhost's function called directly.
    Native,
    /// The `forwarder` contract on a warm instance.
    Contract,
    /// Computed inside the `wasm-poseidon` contract: pure WebAssembly.
    Wasm,
    /// revm-precompile 43's precompile function.
    Revm,
    /// c-kzg-4844's `verify_kzg_proof` (after the versioned-hash check, as a client runs it).
    CKzg,
    /// `light-poseidon`'s Circom-compatible hasher.
    LightPoseidon,
    /// secp256k1 `ecrecover` (public-key recovery and its keccak): EIP-1108's anchor.
    Ecrecover,
    /// libsecp256k1 (the `secp256k1` crate) called directly: verification or recovery.
    Libsecp256k1,
    /// RustCrypto's `k256`: verification (after normalising `s`) or recovery.
    K256,
    /// `ed25519-dalek`: `verify` (RFC 8032, cofactorless) or `verify_batch`.
    Dalek,
    /// `ed25519-zebra`: ZIP-215, one signature or its batch verifier.
    Zebra,
    /// blst's own `min_pk` API (its default build: verification hands the hashing to
    /// a second thread of its pool).
    BlstMinPk,
    /// arkworks (`ark-bls12-381` 0.6): RFC 9380's hasher, the compressed reader.
    Arkworks,
    /// The `eth-sync-committee` contract's update check (warm instance): a committee
    /// of 512, the participants' keys from its message.
    SyncCommittee,
    /// The same update computed in pure WebAssembly (`wasm-sync-committee`).
    SyncCommitteeWasm,
}

impl Where {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Where::Native => "native",
            Where::Contract => "contract",
            Where::Wasm => "wasm",
            Where::Revm => "revm-precompile",
            Where::CKzg => "c-kzg",
            Where::LightPoseidon => "light-poseidon",
            Where::Ecrecover => "ecrecover",
            Where::Libsecp256k1 => "libsecp256k1",
            Where::K256 => "k256",
            Where::Dalek => "ed25519-dalek",
            Where::Zebra => "ed25519-zebra",
            Where::BlstMinPk => "blst min_pk",
            Where::Arkworks => "arkworks",
            Where::SyncCommittee => "eth-sync-committee contract",
            Where::SyncCommitteeWasm => "wasm-sync-committee (pure WebAssembly)",
        }
    }
}

/// One measurement.
#[derive(Clone, Debug)]
pub struct ZkSample {
    /// The operation (unused for [`Where::Ecrecover`], which is not a host function).
    pub op: Crypto,
    /// Poseidon's input count; 1 for the others.
    pub size: usize,
    /// Where it ran.
    pub at: Where,
    /// Median time of one call over the rounds, with its interval.
    pub ci: measure::Stat,
    /// The median time of one call in each round.
    pub rounds_ns: Vec<f64>,
    /// zkhost's price of the operation natively and for the peers; `gas_used`
    /// through a contract; the fuel on the wasm path.
    pub gas: u64,
}

/// The measurements of this section.
#[derive(Clone, Debug, Default)]
pub struct ZkResults {
    /// Every measurement, `ecrecover` included.
    pub samples: Vec<ZkSample>,
}

struct Job {
    op: Crypto,
    size: usize,
    at: Where,
    gas: u64,
    run: Box<dyn FnMut()>,
}

/// The operations of this section with their sizes.
pub fn cases(quick: bool) -> Vec<(Crypto, usize)> {
    let mut out: Vec<(Crypto, usize)> = Crypto::ALL
        .into_iter()
        .filter(|op| {
            matches!(
                op.family(),
                Family::Kzg | Family::P256 | Family::Secp256k1 | Family::Ed25519
            )
        })
        .map(|op| (op, 1))
        .collect();
    // Batches of 8 and 64 Ed25519 signatures (the one-record batch is above).
    out.extend([8, 64].map(|n| (Crypto::Ed25519BatchVerify, n)));
    let counts: Vec<usize> = if quick {
        vec![1, 2, 4, 8, 12, 16]
    } else {
        (1..=16).collect()
    };
    out.extend(counts.into_iter().map(|n| (Crypto::Poseidon, n)));
    for op in [
        Crypto::AltBn128G1Compress,
        Crypto::AltBn128G1Decompress,
        Crypto::AltBn128G2Compress,
        Crypto::AltBn128G2Decompress,
    ] {
        out.push((op, 1));
    }
    out.extend(bls_cases(quick));
    out
}

/// The BLS-signature rows: n is the keys, points or records; for the hashes, the
/// message's 32-byte words. A sync committee is 512 keys.
fn bls_cases(quick: bool) -> Vec<(Crypto, usize)> {
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
const SYNC_PARTICIPANTS: usize = 341;

/// The sync-committee jobs for `op` at `size`: the `eth-sync-committee` update check
/// from stored points or from compressed keys, and for the stored points the same in
/// pure WebAssembly; each answer checked `Valid` first.
fn sync_committee_jobs(runtime: &Runtime, op: Crypto, size: usize) -> Result<Vec<Job>, String> {
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
fn bls_input(op: Crypto, size: usize) -> Vec<u8> {
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

/// The input timed for `op` at `size`.
fn input(op: Crypto, size: usize) -> Result<Vec<u8>, String> {
    Ok(match op {
        Crypto::Poseidon => sample::poseidon_input(size, 0x9051),
        // 32-byte messages (a hash, as contracts most often sign).
        Crypto::Ed25519Verify => sample::ed25519_verify_input(0xc0, 32),
        Crypto::Ed25519BatchVerify => ed25519_batch(size),
        op if op.family() == Family::BlsSignatures => bls_input(op, size),
        _ => sample::sample(op, 0xc0),
    })
}

/// A batch of `n` Ed25519 signatures on 32-byte messages, each by its own key.
fn ed25519_batch(n: usize) -> Vec<u8> {
    sample::ed25519_batch_of((0..n as u64).map(|i| (0xba7c_0000 + i, 32)))
}

/// A peer's run on one input: its verdict as `[1]` or empty, or the recovered key.
type Peer = Box<dyn Fn() -> Vec<u8>>;

/// The signature peers of `op` on `input`, each a closure returning its verdict (or
/// the recovered key's bytes): `true`/`Some` must match zkhost's answer before timing.
fn signature_peers(op: Crypto, input: &[u8]) -> Vec<(Where, Peer)> {
    use k256::ecdsa::signature::hazmat::PrehashVerifier;
    let a = input.to_vec();
    let yes = |ok: bool| if ok { vec![1u8] } else { Vec::new() };
    match op {
        Crypto::Secp256k1Verify => {
            let b = a.clone();
            vec![
                (
                    Where::Libsecp256k1,
                    Box::new(move || {
                        use secp256k1::{ecdsa::Signature, Message, PublicKey, Secp256k1};
                        let secp = libsecp();
                        let ok = (|| {
                            let key = PublicKey::from_slice(&a[96..]).ok()?;
                            let mut sig = Signature::from_compact(&a[32..96]).ok()?;
                            sig.normalize_s();
                            let hash: [u8; 32] = a[..32].try_into().ok()?;
                            let _: &Secp256k1<_> = secp;
                            secp.verify_ecdsa(Message::from_digest(hash), &sig, &key)
                                .ok()
                        })();
                        yes(ok.is_some())
                    }) as Peer,
                ),
                (
                    Where::K256,
                    Box::new(move || {
                        let ok = (|| {
                            let key = k256::ecdsa::VerifyingKey::from_sec1_bytes(&b[96..]).ok()?;
                            let sig = k256::ecdsa::Signature::from_slice(&b[32..96]).ok()?;
                            let sig = sig.normalize_s().unwrap_or(sig);
                            key.verify_prehash(&b[..32], &sig).ok()
                        })();
                        yes(ok.is_some())
                    }),
                ),
            ]
        }
        Crypto::Secp256k1RecoverPubkey => {
            let b = a.clone();
            vec![
                (
                    Where::Libsecp256k1,
                    Box::new(move || {
                        use secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
                        use secp256k1::Message;
                        (|| {
                            let id = RecoveryId::try_from(i32::from(a[96])).ok()?;
                            let sig = RecoverableSignature::from_compact(&a[32..96], id).ok()?;
                            let hash: [u8; 32] = a[..32].try_into().ok()?;
                            let key = libsecp()
                                .recover_ecdsa(Message::from_digest(hash), &sig)
                                .ok()?;
                            Some(key.serialize_uncompressed().to_vec())
                        })()
                        .unwrap_or_default()
                    }) as Peer,
                ),
                (
                    Where::K256,
                    Box::new(move || {
                        use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
                        (|| {
                            let sig = Signature::from_slice(&b[32..96]).ok()?;
                            let id = RecoveryId::from_byte(b[96])?;
                            let key =
                                VerifyingKey::recover_from_prehash(&b[..32], &sig, id).ok()?;
                            Some(key.to_encoded_point(false).as_bytes().to_vec())
                        })()
                        .unwrap_or_default()
                    }),
                ),
            ]
        }
        Crypto::Ed25519Verify => {
            let b = a.clone();
            vec![
                (
                    Where::Dalek,
                    Box::new(move || {
                        use ed25519_dalek::Verifier;
                        let ok = (|| {
                            let key =
                                ed25519_dalek::VerifyingKey::from_bytes(a[..32].try_into().ok()?)
                                    .ok()?;
                            let sig = ed25519_dalek::Signature::from_slice(&a[32..96]).ok()?;
                            key.verify(&a[96..], &sig).ok()
                        })();
                        yes(ok.is_some())
                    }) as Peer,
                ),
                (
                    Where::Zebra,
                    Box::new(move || {
                        let ok = (|| {
                            let key: [u8; 32] = b[..32].try_into().ok()?;
                            let sig: [u8; 64] = b[32..96].try_into().ok()?;
                            let vk = ed25519_zebra::VerificationKey::try_from(key).ok()?;
                            vk.verify(&ed25519_zebra::Signature::from(sig), &b[96..])
                                .ok()
                        })();
                        yes(ok.is_some())
                    }),
                ),
            ]
        }
        Crypto::Ed25519BatchVerify => {
            let b = a.clone();
            vec![
                (
                    Where::Dalek,
                    Box::new(move || {
                        let ok = (|| {
                            let records = zkhost_sig::ed25519::records(&a).ok()?;
                            let mut keys = Vec::with_capacity(records.len());
                            let mut sigs = Vec::with_capacity(records.len());
                            let mut messages = Vec::with_capacity(records.len());
                            for (k, s, m) in records {
                                keys.push(
                                    ed25519_dalek::VerifyingKey::from_bytes(k.try_into().ok()?)
                                        .ok()?,
                                );
                                sigs.push(ed25519_dalek::Signature::from_slice(s).ok()?);
                                messages.push(m);
                            }
                            ed25519_dalek::verify_batch(&messages, &sigs, &keys).ok()
                        })();
                        yes(ok.is_some())
                    }) as Peer,
                ),
                (
                    Where::Zebra,
                    Box::new(move || {
                        use rand_chacha::rand_core::SeedableRng;
                        let ok = (|| {
                            let mut batch = ed25519_zebra::batch::Verifier::new();
                            for (k, s, m) in zkhost_sig::ed25519::records(&b).ok()? {
                                let key: [u8; 32] = k.try_into().ok()?;
                                let sig: [u8; 64] = s.try_into().ok()?;
                                let key = ed25519_zebra::VerificationKeyBytes::from(key);
                                batch.queue((key, ed25519_zebra::Signature::from(sig), &m));
                            }
                            let rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5eed);
                            batch.verify(rng).ok()
                        })();
                        yes(ok.is_some())
                    }),
                ),
            ]
        }
        _ => Vec::new(),
    }
}

/// The BLS peers of `op` on `input` (read with the layouts of `zkhost_abi::bls`), each
/// returning zkhost's output on success and nothing otherwise: blst's `min_pk` API for
/// the verifications and the aggregation of keys (keys and signature validated from
/// their bytes in the call, as zkhost does; for the uncompressed keys, parsed before
/// the timing, as a client holds them, and not group-checked), arkworks for the hashes
/// and decompression.
fn bls_peers(op: Crypto, input: &[u8]) -> Vec<(Where, Peer)> {
    use blst::min_pk::{AggregatePublicKey, PublicKey, Signature};
    use blst::BLST_ERROR;
    let cs = zkhost_bls12381::signatures::Ciphersuite::ProofOfPossession;
    let dst = cs.dst();
    let a = input.to_vec();
    let yes = |ok: bool| if ok { vec![1u8] } else { Vec::new() };
    match op {
        Crypto::BlsVerify => vec![(
            Where::BlstMinPk,
            Box::new(move || {
                let ok = (|| {
                    let pk = PublicKey::key_validate(&a[1..49]).ok()?;
                    let sig = Signature::sig_validate(&a[49..145], false).ok()?;
                    (sig.verify(false, &a[145..], dst, &[], &pk, false) == BLST_ERROR::BLST_SUCCESS)
                        .then_some(())
                })();
                yes(ok.is_some())
            }) as Peer,
        )],
        Crypto::BlsFastAggregateVerify => vec![(
            Where::BlstMinPk,
            Box::new(move || {
                let ok = (|| {
                    let sig = Signature::sig_validate(&a[1..97], false).ok()?;
                    let n = u32::from_be_bytes(a[97..101].try_into().ok()?) as usize;
                    let keys: Vec<PublicKey> = a[101..101 + 48 * n]
                        .chunks(48)
                        .map(PublicKey::key_validate)
                        .collect::<Result<_, _>>()
                        .ok()?;
                    let refs: Vec<&PublicKey> = keys.iter().collect();
                    (sig.fast_aggregate_verify(false, &a[101 + 48 * n..], dst, &refs)
                        == BLST_ERROR::BLST_SUCCESS)
                        .then_some(())
                })();
                yes(ok.is_some())
            }),
        )],
        Crypto::BlsFastAggregateVerifyUncompressed => {
            // The keys as a client holds them once validated: blst's PublicKey values.
            let n = u32::from_be_bytes([a[97], a[98], a[99], a[100]]) as usize;
            let keys: Vec<PublicKey> = a[101..101 + 128 * n]
                .chunks(128)
                .filter_map(|k| {
                    let c = zkhost_bls12381::compressed::g1_compress(k.try_into().ok()?).ok()?;
                    PublicKey::key_validate(&c).ok()
                })
                .collect();
            let msg = a[101 + 128 * n..].to_vec();
            vec![(
                Where::BlstMinPk,
                Box::new(move || {
                    let ok = (|| {
                        let sig = Signature::sig_validate(&a[1..97], false).ok()?;
                        let refs: Vec<&PublicKey> = keys.iter().collect();
                        (sig.fast_aggregate_verify(false, &msg, dst, &refs)
                            == BLST_ERROR::BLST_SUCCESS)
                            .then_some(())
                    })();
                    yes(ok.is_some())
                }),
            )]
        }
        Crypto::BlsAggregateVerify => vec![(
            Where::BlstMinPk,
            Box::new(move || {
                let ok = (|| {
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
                    (sig.aggregate_verify(false, &msgs, dst, &refs, false)
                        == BLST_ERROR::BLST_SUCCESS)
                        .then_some(())
                })();
                yes(ok.is_some())
            }),
        )],
        Crypto::BlsAggregateG1 => vec![(
            Where::BlstMinPk,
            Box::new(move || {
                let keys: Vec<&[u8]> = a.chunks(48).collect();
                AggregatePublicKey::aggregate_serialized(&keys, true)
                    .map(|k| k.to_public_key().compress().to_vec())
                    .unwrap_or_default()
            }),
        )],
        Crypto::BlsAggregateG2 => vec![(
            Where::BlstMinPk,
            Box::new(move || {
                use blst::min_pk::AggregateSignature;
                let sigs: Vec<&[u8]> = a.chunks(96).collect();
                AggregateSignature::aggregate_serialized(&sigs, true)
                    .map(|s| s.to_signature().compress().to_vec())
                    .unwrap_or_default()
            }),
        )],
        Crypto::BlsG1Compress | Crypto::BlsG2Compress => compress_peers(op, &a),
        Crypto::BlsHashToG1 => vec![(
            Where::Arkworks,
            Box::new(move || {
                ark_hash::<ark_bls12_381::g1::Config>(&a, zkhost_testkit::bls12_381::g1_bytes)
            }),
        )],
        Crypto::BlsHashToG2 => vec![(
            Where::Arkworks,
            Box::new(move || {
                ark_hash::<ark_bls12_381::g2::Config>(&a, zkhost_testkit::bls12_381::g2_bytes)
            }),
        )],
        Crypto::BlsG1Decompress => vec![(
            Where::Arkworks,
            Box::new(move || {
                use ark_serialize::CanonicalDeserialize;
                ark_bls12_381::G1Affine::deserialize_compressed(&a[..])
                    .map(|p| zkhost_testkit::bls12_381::g1_bytes(&p))
                    .unwrap_or_default()
            }),
        )],
        Crypto::BlsG2Decompress => vec![(
            Where::Arkworks,
            Box::new(move || {
                use ark_serialize::CanonicalDeserialize;
                ark_bls12_381::G2Affine::deserialize_compressed(&a[..])
                    .map(|q| zkhost_testkit::bls12_381::g2_bytes(&q))
                    .unwrap_or_default()
            }),
        )],
        _ => Vec::new(),
    }
}

/// arkworks' RFC 9380 hash (expand_message_xmd with SHA-256, its WB map) of a
/// `bls_hash_to_*` input (`dst length ‖ dst ‖ message`), in zkhost's output encoding;
/// nothing if arkworks refuses the tag.
fn ark_hash<P: ark_ec::hashing::curve_maps::wb::WBConfig>(
    input: &[u8],
    encode: fn(&ark_ec::short_weierstrass::Affine<P>) -> Vec<u8>,
) -> Vec<u8> {
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
        .unwrap_or_default()
}

/// The peers of `bls_g1_compress` / `bls_g2_compress` on an EIP-2537 point: blst
/// (`deserialize` checks the curve, not the subgroup, as zkhost does) and arkworks
/// (read unchecked, then its curve check). Both read Zcash's uncompressed form, so each
/// closure first drops EIP-2537's 16 zero bytes per coordinate (and, for G2, puts each
/// Fp2's imaginary part first), as part of what is timed.
fn compress_peers(op: Crypto, point: &[u8]) -> Vec<(Where, Peer)> {
    use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
    fn zcash(op: Crypto, point: &[u8]) -> Vec<u8> {
        let fp: Vec<&[u8]> = point.chunks(64).map(|c| &c[16..]).collect();
        match op {
            Crypto::BlsG2Compress => [fp[1], fp[0], fp[3], fp[2]].concat(),
            _ => fp.concat(),
        }
    }
    fn ark<P: ark_ec::short_weierstrass::SWCurveConfig>(bytes: &[u8]) -> Vec<u8> {
        use ark_ec::short_weierstrass::Affine;
        let mut out = Vec::new();
        match Affine::<P>::deserialize_with_mode(bytes, Compress::No, Validate::No) {
            Ok(p) if p.is_on_curve() && p.serialize_compressed(&mut out).is_ok() => out,
            _ => Vec::new(),
        }
    }
    let (a, b) = (point.to_vec(), point.to_vec());
    let g2 = op == Crypto::BlsG2Compress;
    vec![
        (
            Where::BlstMinPk,
            Box::new(move || {
                let bytes = zcash(op, &a);
                if g2 {
                    blst::min_pk::Signature::deserialize(&bytes)
                        .map(|s| s.compress().to_vec())
                        .unwrap_or_default()
                } else {
                    blst::min_pk::PublicKey::deserialize(&bytes)
                        .map(|k| k.compress().to_vec())
                        .unwrap_or_default()
                }
            }) as Peer,
        ),
        (
            Where::Arkworks,
            Box::new(move || {
                let bytes = zcash(op, &b);
                if g2 {
                    ark::<ark_bls12_381::g2::Config>(&bytes)
                } else {
                    ark::<ark_bls12_381::g1::Config>(&bytes)
                }
            }),
        ),
    ]
}

/// One libsecp256k1 context for the peers (as zkhost keeps one).
fn libsecp() -> &'static secp256k1::Secp256k1<secp256k1::All> {
    static CONTEXT: std::sync::OnceLock<secp256k1::Secp256k1<secp256k1::All>> =
        std::sync::OnceLock::new();
    CONTEXT.get_or_init(secp256k1::Secp256k1::new)
}

/// c-kzg's point evaluation on a precompile input: the versioned hash, then
/// `verify_kzg_proof`.
fn ckzg_point_evaluation(input: &[u8]) -> bool {
    let settings = c_kzg::ethereum_kzg_settings(0);
    if input.len() != 192 || input[..32] != zkhost_bls12381::kzg::versioned_hash(&input[96..144]) {
        return false;
    }
    let b32 = |at: usize| c_kzg::Bytes32::from_bytes(&input[at..at + 32]);
    let b48 = |at: usize| c_kzg::Bytes48::from_bytes(&input[at..at + 48]);
    match (b32(32), b32(64), b48(96), b48(144)) {
        (Ok(z), Ok(y), Ok(c), Ok(p)) => {
            matches!(settings.verify_kzg_proof(&c, &z, &y, &p), Ok(true))
        }
        _ => false,
    }
}

/// light-poseidon's hash of a Poseidon input (`None` beyond its 12 inputs).
fn light_poseidon(input: &[u8]) -> Option<[u8; 32]> {
    use ark_ff::{BigInteger, PrimeField};
    use light_poseidon::{Poseidon, PoseidonHasher};
    let xs: Vec<ark_bn254::Fr> = input
        .chunks(32)
        .map(ark_bn254::Fr::from_be_bytes_mod_order)
        .collect();
    let mut hasher = Poseidon::<ark_bn254::Fr>::new_circom(xs.len()).ok()?;
    let out = hasher.hash(&xs).ok()?.into_bigint().to_bytes_be();
    out.try_into().ok()
}

/// Measures every case of [`cases`] on every path it has, and `ecrecover`, in
/// interleaved rounds.
pub fn measure(
    quick: bool,
    rounds: usize,
    budget: measure::Budget,
    progress: &indicatif::ProgressBar,
) -> Result<ZkResults, String> {
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let costs = HostCosts::ZKHOST;
    let mut jobs: Vec<Job> = Vec::new();
    let ec = Ecrecover::new()?;
    jobs.push(Job {
        op: Crypto::AltBn128Add,
        size: 1,
        at: Where::Ecrecover,
        gas: zkhost_gas::SigGas::ZKHOST.ecrecover,
        run: Box::new(move || {
            let _ = std::hint::black_box(ec.recover());
        }),
    });
    for (op, size) in cases(quick) {
        let input = input(op, size)?;
        let name = format!("{op:?} x{size}");
        let ours = zkhost_runtime::compute(op, None, &input)
            .map_err(|e| format!("the {name} benchmark input is refused: {e}"))?;
        let gas = costs.op_gas(op, input.len()) + costs.content_gas(op, &input);
        let native = input.clone();
        jobs.push(Job {
            op,
            size,
            at: Where::Native,
            gas,
            run: Box::new(move || {
                let _ = std::hint::black_box(zkhost_runtime::compute(op, None, &native));
            }),
        });
        // The peers, each checked to give zkhost's answer first.
        match op {
            Crypto::KzgPointEvaluation => {
                use revm_precompile::kzg_point_evaluation::run as revm;
                match revm(&input, GENEROUS_GAS) {
                    Ok(out) if out.bytes.as_ref() == ours.as_slice() && out.gas_used == gas => {}
                    other => return Err(format!("revm and zkhost differ on {name}: {other:?}")),
                }
                if !ckzg_point_evaluation(&input) {
                    return Err(format!("c-kzg refuses the {name} input"));
                }
                let (a, b) = (input.clone(), input.clone());
                jobs.push(Job {
                    op,
                    size,
                    at: Where::Revm,
                    gas,
                    run: Box::new(move || {
                        let _ = std::hint::black_box(revm(&a, GENEROUS_GAS));
                    }),
                });
                jobs.push(Job {
                    op,
                    size,
                    at: Where::CKzg,
                    gas,
                    run: Box::new(move || {
                        let _ = std::hint::black_box(ckzg_point_evaluation(&b));
                    }),
                });
            }
            // revm's P256VERIFY (RustCrypto) and ecrecover (RustCrypto's k256 in this
            // build, without revm's `secp256k1` feature: libsecp256k1 itself is the
            // `ecrecover` reference row).
            Crypto::P256Verify | Crypto::Secp256k1Ecrecover => {
                let revm: fn(&[u8], u64) -> _ = match op {
                    Crypto::P256Verify => revm_precompile::secp256r1::p256_verify_osaka,
                    _ => revm_precompile::secp256k1::ec_recover_run,
                };
                match revm(&input, GENEROUS_GAS) {
                    Ok(out) if out.bytes.as_ref() == ours.as_slice() && out.gas_used == gas => {}
                    other => return Err(format!("revm and zkhost differ on {name}: {other:?}")),
                }
                let a = input.clone();
                jobs.push(Job {
                    op,
                    size,
                    at: Where::Revm,
                    gas,
                    run: Box::new(move || {
                        let _ = std::hint::black_box(revm(&a, GENEROUS_GAS));
                    }),
                });
            }
            Crypto::Secp256k1Verify
            | Crypto::Secp256k1RecoverPubkey
            | Crypto::Ed25519Verify
            | Crypto::Ed25519BatchVerify => {
                // Verdicts as `[1]`/empty; recovered keys as their bytes.
                let answer = match op {
                    Crypto::Secp256k1RecoverPubkey => ours.clone(),
                    _ => vec![1u8],
                };
                for (at, peer) in signature_peers(op, &input) {
                    if peer() != answer {
                        return Err(format!("{} and zkhost differ on {name}", at.name()));
                    }
                    jobs.push(Job {
                        op,
                        size,
                        at,
                        gas,
                        run: Box::new(move || {
                            let _ = std::hint::black_box(peer());
                        }),
                    });
                }
            }
            op if op.family() == Family::BlsSignatures => {
                // Verdicts as `[1]`/empty; points as zkhost's output.
                let answer = match op {
                    Crypto::BlsVerify
                    | Crypto::BlsFastAggregateVerify
                    | Crypto::BlsFastAggregateVerifyUncompressed
                    | Crypto::BlsAggregateVerify => vec![1u8],
                    _ => ours.clone(),
                };
                for (at, peer) in bls_peers(op, &input) {
                    if peer() != answer {
                        return Err(format!("{} and zkhost differ on {name}", at.name()));
                    }
                    jobs.push(Job {
                        op,
                        size,
                        at,
                        gas,
                        run: Box::new(move || {
                            let _ = std::hint::black_box(peer());
                        }),
                    });
                }
            }
            Crypto::Poseidon if size <= 12 => {
                if light_poseidon(&input).as_ref().map(|h| &h[..]) != Some(&ours[..]) {
                    return Err(format!("light-poseidon and zkhost differ on {name}"));
                }
                let a = input.clone();
                jobs.push(Job {
                    op,
                    size,
                    at: Where::LightPoseidon,
                    gas,
                    run: Box::new(move || {
                        let _ = std::hint::black_box(light_poseidon(&a));
                    }),
                });
            }
            _ => {}
        }
        jobs.extend(sync_committee_jobs(&runtime, op, size)?);
        // The contract paths, checked to answer zkhost's output.
        for (at, path) in [(Where::Contract, Path::Contract), (Where::Wasm, Path::Wasm)] {
            let Some(code) = path.contract(op) else {
                continue;
            };
            let code = runtime.deploy(code).map_err(|e| e.to_string())?;
            let message = zkhost_testkit::contracts::message(op, input.clone());
            let (mut warm, gas) =
                super::warm_answering(&runtime, &code, &message, &ours).map_err(|e| {
                    e.unwrap_or(format!(
                        "the {} path and native differ on {name}",
                        at.name()
                    ))
                })?;
            jobs.push(Job {
                op,
                size,
                at,
                gas,
                run: Box::new(move || {
                    let _ = std::hint::black_box(warm.call(&message, GENEROUS_GAS));
                }),
            });
        }
    }
    let times = measure::interleaved_rounds(
        &mut jobs,
        rounds,
        progress,
        |_| budget,
        |j| format!("{:?} x{} {}", j.op, j.size, j.at.name()),
        |j| &mut *j.run,
    );
    let samples = jobs
        .iter()
        .zip(times)
        .map(|(j, rounds_ns)| ZkSample {
            op: j.op,
            size: j.size,
            at: j.at,
            ci: measure::Stat::of_rounds(&rounds_ns),
            rounds_ns,
            gas: j.gas,
        })
        .collect();
    Ok(ZkResults { samples })
}

/// Rounds up to three significant figures (at least 1): a price must not be below
/// what was measured.
pub fn ceil3(x: f64) -> u64 {
    if x <= 1.0 {
        return 1;
    }
    let digits = x.log10().floor() as i32;
    let unit = 10f64.powi((digits - 2).max(0));
    ((x / unit).ceil() * unit) as u64
}

impl ZkResults {
    fn find(&self, op: Crypto, size: usize, at: Where) -> Option<&ZkSample> {
        self.samples
            .iter()
            .find(|s| s.at == at && (at == Where::Ecrecover || (s.op == op && s.size == size)))
    }

    /// `ecrecover`'s measurement.
    pub fn ecrecover(&self) -> Option<&ZkSample> {
        self.find(Crypto::AltBn128Add, 1, Where::Ecrecover)
    }

    /// The per-round ratio `a / b` of two rows of this section.
    fn ratio(a: &ZkSample, b: &ZkSample) -> Option<measure::Stat> {
        if a.rounds_ns.is_empty() || a.rounds_ns.len() != b.rounds_ns.len() {
            return None;
        }
        let per: Vec<f64> = a
            .rounds_ns
            .iter()
            .zip(&b.rounds_ns)
            .map(|(x, y)| x / y)
            .collect();
        Some(measure::Stat::of_rounds(&per))
    }

    /// The gas of `op` at `size` by EIP-1108's method: `3000 × t / t_ecrecover`, the
    /// median over the rounds of each round's ratio (with its interval), natively.
    pub fn eip1108(&self, op: Crypto, size: usize) -> Option<measure::Stat> {
        let native = self.find(op, size, Where::Native)?;
        let r = Self::ratio(native, self.ecrecover()?)?;
        Some(measure::Stat {
            median_ns: super::worst::ECRECOVER_GAS * r.median_ns,
            lo_ns: super::worst::ECRECOVER_GAS * r.lo_ns,
            hi_ns: super::worst::ECRECOVER_GAS * r.hi_ns,
            rounds: r.rounds,
        })
    }

    /// The Markdown section.
    pub fn markdown(&self, o: &mut String) {
        if self.samples.is_empty() {
            return;
        }
        let us = |ns: f64| {
            if ns >= 100_000.0 {
                format!("{:.0} µs", ns / 1e3)
            } else {
                format!("{:.2} µs", ns / 1e3)
            }
        };
        let t = |s: Option<&ZkSample>| {
            s.map_or("—".to_string(), |s| {
                format!(
                    "{} [{}, {}]",
                    us(s.ci.median_ns),
                    us(s.ci.lo_ns),
                    us(s.ci.hi_ns)
                )
            })
        };
        let ratio = |a: Option<&ZkSample>, b: Option<&ZkSample>| match (a, b) {
            (Some(a), Some(b)) => Self::ratio(a, b).map_or("—".into(), |r| {
                format!("{:.2} [{:.2}, {:.2}]", r.median_ns, r.lo_ns, r.hi_ns)
            }),
            _ => "—".into(),
        };
        let _ = writeln!(
            o,
            "\n## KZG point evaluation, signatures, Poseidon, BN254 compression\n"
        );
        let ec = self.ecrecover();
        let _ = writeln!(
            o,
            "Each natively, through its contract (warm instance) and beside the peer a \
             node would otherwise run, in the same interleaved rounds as an `ecrecover` \
             ({}); outputs checked equal first. Ratios are per-round medians with their \
             95% intervals: peer / zkhost above 1 means zkhost is faster. EIP-1108 gas \
             is 3000 × t / t_ecrecover (per round); Mgas/s is the charged gas over the \
             native time.\n",
            t(ec)
        );
        let _ = writeln!(
            o,
            "| op | native | revm-precompile | revm / zkhost | c-kzg | c-kzg / zkhost | contract | contract gas | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        let eip = |op: Crypto, size: usize| {
            self.eip1108(op, size).map_or("—".into(), |s| {
                format!(
                    "{} [{}, {}]",
                    ceil3(s.median_ns),
                    ceil3(s.lo_ns),
                    ceil3(s.hi_ns)
                )
            })
        };
        let mgas = |s: Option<&ZkSample>| {
            s.map_or("—".into(), |s| {
                format!("{:.1}", s.gas as f64 / s.ci.median_ns * 1e3)
            })
        };
        for (op, _) in cases(true).into_iter().filter(|(op, _)| {
            matches!(
                op,
                Crypto::KzgPointEvaluation | Crypto::P256Verify | Crypto::Secp256k1Ecrecover
            )
        }) {
            let native = self.find(op, 1, Where::Native);
            let revm = self.find(op, 1, Where::Revm);
            let ckzg = self.find(op, 1, Where::CKzg);
            let contract = self.find(op, 1, Where::Contract);
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                op.report_name(),
                t(native),
                t(revm),
                ratio(revm, native),
                t(ckzg),
                ratio(ckzg, native),
                t(contract),
                contract.map_or(0, |c| c.gas),
                native.map_or(0, |n| n.gas),
                mgas(native),
                eip(op, 1)
            );
        }
        let _ = writeln!(
            o,
            "\nSignatures (n: signatures in a batch), each beside every peer measured in \
             the same rounds: libsecp256k1 and RustCrypto's `k256` for secp256k1 \
             (CosmWasm's semantics: `s` normalised before the peer verifies), \
             `ed25519-dalek` (RFC 8032's cofactorless rule; its batch is a different \
             rule) and `ed25519-zebra` (ZIP-215, zkhost's rule) for Ed25519; 32-byte \
             messages. BLS (n: keys, points or records; for the hashes, the message's \
             32-byte words): blst's own `min_pk` API, in its default build, which hands \
             a verification's hashing to a second thread (zkhost's runs on one), with keys \
             and signature validated from bytes in the call as zkhost does (for \
             `bls-fast-aggregate-verify-uncompressed`, blst's keys parsed beforehand, as \
             a client holds them; for the compressions, blst's `deserialize`, a curve \
             check, from Zcash's uncompressed bytes, which the peer first makes from \
             EIP-2537's); arkworks (CosmWasm's library) for the hashes, decompression \
             and compression. Peer / zkhost above 1 means zkhost is faster.\n"
        );
        let _ = writeln!(
            o,
            "| op | n | native | peer | peer time | peer / zkhost | contract | contract gas | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(o, "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
        let mut signature_rows: Vec<(Crypto, usize)> = self
            .samples
            .iter()
            .filter(|s| {
                s.at == Where::Native
                    && matches!(
                        s.op.family(),
                        Family::Secp256k1 | Family::Ed25519 | Family::BlsSignatures
                    )
            })
            .map(|s| (s.op, s.size))
            .collect();
        signature_rows.dedup();
        for (op, n) in signature_rows {
            let native = self.find(op, n, Where::Native);
            let contract = self.find(op, n, Where::Contract);
            let peers: Vec<&ZkSample> = [
                Where::Libsecp256k1,
                Where::K256,
                Where::Revm,
                Where::Dalek,
                Where::Zebra,
                Where::BlstMinPk,
                Where::Arkworks,
                Where::SyncCommittee,
                Where::SyncCommitteeWasm,
            ]
            .into_iter()
            .filter_map(|at| self.find(op, n, at))
            .collect();
            // A row without a peer still shows zkhost's own figures.
            let peers: Vec<Option<&ZkSample>> = if peers.is_empty() {
                vec![None]
            } else {
                peers.into_iter().map(Some).collect()
            };
            for (i, peer) in peers.iter().enumerate() {
                let first = i == 0;
                let _ = writeln!(
                    o,
                    "| {} | {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                    op.report_name(),
                    if first { t(native) } else { "″".into() },
                    peer.map_or("—", |p| p.at.name()),
                    t(*peer),
                    ratio(*peer, native),
                    if first { t(contract) } else { "″".into() },
                    if first {
                        contract.map_or(0, |c| c.gas).to_string()
                    } else {
                        "″".into()
                    },
                    native.map_or(0, |n| n.gas),
                    mgas(native),
                    if first { eip(op, n) } else { "″".into() },
                );
            }
        }
        for (op, how) in [
            (
                Crypto::BlsFastAggregateVerifyUncompressed,
                "from its stored points",
            ),
            (
                Crypto::BlsFastAggregateVerify,
                "from the compressed keys, each validated",
            ),
        ] {
            let n = SYNC_PARTICIPANTS;
            if let (Some(contract), Some(blst)) = (
                self.find(op, n, Where::SyncCommittee),
                self.find(op, n, Where::BlstMinPk),
            ) {
                let _ = writeln!(
                    o,
                    "\nThe `eth-sync-committee` contract's update check {how} ({n} of 512 \
                     keys): {} for {} gas, {:.1} Mgas/s; blst's `fast_aggregate_verify` on \
                     the same keys {}; contract / blst {}.",
                    t(Some(contract)),
                    contract.gas,
                    contract.gas as f64 / contract.ci.median_ns * 1e3,
                    t(Some(blst)),
                    ratio(Some(contract), Some(blst)),
                );
                if let Some(wasm) = self.find(op, n, Where::SyncCommitteeWasm) {
                    let _ = writeln!(
                        o,
                        "The same update in pure WebAssembly (`wasm-sync-committee`, arkworks \
                         in the contract): {} for {} gas (fuel); / the contract on the host \
                         functions {}.",
                        t(Some(wasm)),
                        wasm.gas,
                        ratio(Some(wasm), Some(contract)),
                    );
                }
            }
        }
        let single = self.find(Crypto::Ed25519Verify, 1, Where::Native);
        for n in [8usize, 64] {
            if let (Some(batch), Some(single)) = (
                self.find(Crypto::Ed25519BatchVerify, n, Where::Native),
                single,
            ) {
                if let Some(r) = Self::ratio(batch, single) {
                    let k = n as f64;
                    let _ = writeln!(
                        o,
                        "\nA batch of {n} Ed25519 signatures takes {:.2} [{:.2}, {:.2}] × the time of {n} single verifications.",
                        r.median_ns / k,
                        r.lo_ns / k,
                        r.hi_ns / k
                    );
                }
            }
        }
        let _ = writeln!(
            o,
            "\nPoseidon (circomlib, n inputs): natively, beside `light-poseidon` (1–12 \
             inputs), through the `forwarder` contract, and in pure WebAssembly (the \
             `wasm-poseidon` contract: the round-by-round form on substrate-bn's field, \
             fuel as its gas).\n"
        );
        let _ = writeln!(
            o,
            "| n | native | light-poseidon | light-poseidon / zkhost | contract | contract gas | wasm | wasm / native | wasm fuel | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(
            o,
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        let mut counts: Vec<usize> = self
            .samples
            .iter()
            .filter(|s| s.op == Crypto::Poseidon && s.at == Where::Native)
            .map(|s| s.size)
            .collect();
        counts.dedup();
        for n in counts {
            let op = Crypto::Poseidon;
            let native = self.find(op, n, Where::Native);
            let light = self.find(op, n, Where::LightPoseidon);
            let contract = self.find(op, n, Where::Contract);
            let wasm = self.find(op, n, Where::Wasm);
            let _ = writeln!(
                o,
                "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                t(native),
                t(light),
                ratio(light, native),
                t(contract),
                contract.map_or(0, |c| c.gas),
                t(wasm),
                ratio(wasm, native),
                wasm.map_or(0, |c| c.gas),
                native.map_or(0, |n| n.gas),
                mgas(native),
                eip(op, n)
            );
        }
        let _ = writeln!(o, "\nBN254 point compression (Solana's format):\n");
        let _ = writeln!(
            o,
            "| op | native | contract | contract gas | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|");
        for op in [
            Crypto::AltBn128G1Compress,
            Crypto::AltBn128G1Decompress,
            Crypto::AltBn128G2Compress,
            Crypto::AltBn128G2Decompress,
        ] {
            let native = self.find(op, 1, Where::Native);
            let contract = self.find(op, 1, Where::Contract);
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} | {} | {} | {} |",
                op.report_name(),
                t(native),
                t(contract),
                contract.map_or(0, |c| c.gas),
                native.map_or(0, |n| n.gas),
                mgas(native),
                eip(op, 1)
            );
        }
    }

    /// The JSON results of this section, one object per measurement (as the report's
    /// other sections); `eip1108_gas` on the native rows.
    pub fn json_results(&self) -> Vec<Value> {
        self.samples
            .iter()
            .map(|s| {
                let op = if s.at == Where::Ecrecover {
                    "ecrecover"
                } else {
                    s.op.report_name()
                };
                let mut v = json!({
                    "op": op, "size": s.size, "path": s.at.name(), "gas": s.gas,
                    "median_ns": s.ci.median_ns, "ci95_ns": [s.ci.lo_ns, s.ci.hi_ns],
                    "rounds_ns": s.rounds_ns,
                });
                if s.at == Where::Native {
                    if let Some(e) = self.eip1108(s.op, s.size) {
                        v["eip1108_gas"] = json!(ceil3(e.median_ns));
                    }
                }
                v
            })
            .collect()
    }
}

/// `zkhost bench --zk-only`: this section alone, with the machine, the load and the
/// steal time of its run, as Markdown (stdout or `--markdown`) and JSON (`--json`).
pub fn run_only(args: &super::BenchArgs, progress: &indicatif::ProgressBar) -> ExitCode {
    let plan_rounds = if args.quick { 3 } else { 7 };
    let budget = measure::Budget {
        time: std::time::Duration::from_millis(if args.quick { 70 } else { 300 }),
        min_samples: if args.quick { 3 } else { 5 },
    };
    let load = measure::LoadMonitor::start();
    let results = match measure(args.quick, plan_rounds, budget, progress) {
        Ok(r) => r,
        Err(e) => {
            progress.finish_and_clear();
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let load = load.finish();
    progress.finish_and_clear();
    let machine = super::report::machine();
    let mut o = String::from(
        "# zkhost gas-cost benchmark: KZG, P256VERIFY, Poseidon, compression, signatures, BLS\n\n",
    );
    let steal = load
        .steal
        .map_or("not recorded".to_string(), |s| format!("{:.1}%", s * 100.0));
    let _ = writeln!(
        o,
        "Machine: {} ({} cores). {} interleaved rounds. Load average during the run: mean \
         {:.2}, max {:.2}; steal {steal}.",
        machine["cpu_description"].as_str().unwrap_or("?"),
        machine["cores"],
        plan_rounds,
        load.mean,
        load.max,
    );
    if load.steal.is_some_and(|s| s > measure::STEAL_WARNING) {
        let _ = writeln!(
            o,
            "\n**Steal time was above {:.0}%: rerun on a quiet machine before quoting.**",
            measure::STEAL_WARNING * 100.0
        );
    }
    results.markdown(&mut o);
    let written = (|| -> std::io::Result<()> {
        super::report::write_markdown(args.markdown.as_deref(), &o)?;
        if let Some(path) = &args.json {
            let run = json!({"load": load, "rounds": plan_rounds, "quick": args.quick,
                             "section": "zk"});
            let doc = json!({"machine": machine, "run": run, "results": results.json_results()});
            std::fs::write(path, serde_json::to_string_pretty(&doc)? + "\n")?;
        }
        Ok(())
    })();
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_round_up() {
        assert_eq!(ceil3(0.3), 1);
        assert_eq!(ceil3(594.1), 595);
        assert_eq!(ceil3(1_081.0), 1_090);
        assert_eq!(ceil3(7_360.5), 7_370);
        assert_eq!(ceil3(12_300.0), 12_300);
    }

    #[test]
    fn every_case_has_a_valid_input() {
        for (op, size) in cases(false) {
            let input = input(op, size).expect("an input");
            assert!(
                zkhost_runtime::compute(op, None, &input).is_ok(),
                "{op:?} x{size}"
            );
        }
    }
}
