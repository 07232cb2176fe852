//! Deterministic inputs from a seed: [`sample`], a valid input of any host function,
//! and [`edges`], the inputs at its boundaries, which the transcript, the determinism
//! test, the soak and the fuzz seeds take for every function of the ABI's table (a
//! new function needs one arm in [`sample`], nothing in them); [`generated`], a sample
//! mutated or replaced by bytes, for the differential tests; and the BN254 points and
//! inputs the samples are made of, encoded by [`crate::bn254`]. Not for tests of
//! randomness or security: the "random" scalars are SHA-256 of a counter.

use ark_bn254::{Fr, G1Projective, G2Projective};
use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField};
use rand::{Rng, RngCore, SeedableRng};
use sha2::{Digest, Sha256};
use zkhost_abi::Crypto;

use crate::{bn254, rng};

/// A scalar derived from `seed`, reduced mod r: 32 bytes big-endian.
pub fn scalar(seed: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&Sha256::digest(seed.to_be_bytes()));
    let s = Fr::from_be_bytes_mod_order(&out);
    out.copy_from_slice(&s.into_bigint().to_bytes_be());
    out
}

fn fr(seed: u64) -> Fr {
    Fr::from_be_bytes_mod_order(&scalar(seed))
}

/// `[s]G1` for a scalar derived from `seed`, encoded.
pub fn g1(seed: u64) -> Vec<u8> {
    bn254::g1_bytes(&(G1Projective::generator() * fr(seed)).into_affine())
}

/// `[s]G2` for a scalar derived from `seed`, encoded.
pub fn g2(seed: u64) -> Vec<u8> {
    bn254::g2_bytes(&(G2Projective::generator() * fr(seed)).into_affine())
}

/// An ECADD input: two distinct points.
pub fn add_input(seed: u64) -> Vec<u8> {
    let seed = seed.wrapping_mul(2);
    [g1(seed), g1(seed.wrapping_add(1))].concat()
}

/// An ECMUL input: a point and a full-size scalar.
pub fn mul_input(seed: u64) -> Vec<u8> {
    [g1(seed), scalar(seed ^ 0x5ca1a7).to_vec()].concat()
}

/// A pairing-check input of `k` valid pairs whose product is not one (the full
/// computation always runs: no pair is skipped).
pub fn pairing_input(k: usize, seed: u64) -> Vec<u8> {
    (0..k as u64)
        .flat_map(|i| {
            let s = seed.wrapping_add(2 * i);
            [g1(s), g2(s.wrapping_add(1))].concat()
        })
        .collect()
}

/// The MSM sizes the peer comparisons time (`same_inputs` against gnark-crypto,
/// `msm_mcl` against mcl): every power of two from 1 to 4096 points.
pub const MSM_PEER_SIZES: [usize; 13] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/// An MSM input of `k` records (a point and a full-size scalar each).
pub fn msm_input(k: usize, seed: u64) -> Vec<u8> {
    (0..k as u64)
        .flat_map(|i| mul_input(seed.wrapping_add(i)))
        .collect()
}

/// A Poseidon input of `n` elements (scalars below r derived from `seed`).
pub fn poseidon_input(n: usize, seed: u64) -> Vec<u8> {
    (0..n as u64)
        .flat_map(|i| scalar(seed.wrapping_add(i)))
        .collect()
}

/// A valid input of a BN254 compression function: a point derived from `seed` for the
/// compressions, its compressed form for the decompressions (`None` for any other
/// function).
pub fn compression_input(op: zkhost_abi::Crypto, seed: u64) -> Option<Vec<u8>> {
    use zkhost_abi::Crypto;

    use zkhost_bn254::compress;
    let g1 = g1(seed);
    let g2 = g2(seed);
    match op {
        Crypto::AltBn128G1Compress => Some(g1),
        Crypto::AltBn128G2Compress => Some(g2),
        Crypto::AltBn128G1Decompress => compress::g1_compress(&g1).ok().map(|c| c.to_vec()),
        Crypto::AltBn128G2Decompress => compress::g2_compress(&g2).ok().map(|c| c.to_vec()),
        _ => None,
    }
}

/// A valid input of `function`, derived from `seed`: one the host function accepts,
/// small enough to run thousands of times (two records where the input holds
/// records). Different seeds give different inputs, except for KZG point evaluation and
/// P256VERIFY, whose valid inputs are their conformance vectors' (`seed` picks one).
pub fn sample(function: Crypto, seed: u64) -> Vec<u8> {
    let verkle_scalars = |n: u64| -> Vec<u8> {
        (0..n)
            .flat_map(|i| {
                let mut b = [0u8; 32];
                b[..8].copy_from_slice(&(seed.wrapping_mul(31).wrapping_add(i + 1)).to_le_bytes());
                b
            })
            .collect()
    };
    // A commitment (compressed or not) to two scalars, then one entry changing index
    // 0 from its old value to a new one.
    let update = |commitment: Option<Vec<u8>>| -> Vec<u8> {
        let old_new = verkle_scalars(2);
        let mut u = commitment.unwrap_or_default();
        u.push(0);
        u.extend_from_slice(&old_new);
        u
    };
    match function {
        Crypto::AltBn128Add => add_input(seed),
        Crypto::AltBn128Mul => mul_input(seed),
        Crypto::AltBn128Pairing => pairing_input(2, seed),
        Crypto::AltBn128G1Msm => msm_input(2, seed),
        Crypto::VerkleCommit | Crypto::VerkleCommitUncompressed => verkle_scalars(5),
        Crypto::VerkleCommitmentToField => zkhost_verkle::commit_bytes(&verkle_scalars(2))
            .map(|c| c.to_vec())
            .unwrap_or_default(),
        Crypto::VerkleUpdate => update(
            zkhost_verkle::commit_bytes(&verkle_scalars(1))
                .ok()
                .map(|c| c.to_vec()),
        ),
        Crypto::VerkleUpdateUncompressed => update(
            zkhost_verkle::commit_uncompressed_bytes(&verkle_scalars(1))
                .ok()
                .map(|c| c.to_vec()),
        ),
        Crypto::VerkleTreeKey => [scalar(seed), scalar(!seed)].concat(),
        Crypto::Bls12G1Add
        | Crypto::Bls12G1Msm
        | Crypto::Bls12G2Add
        | Crypto::Bls12G2Msm
        | Crypto::Bls12PairingCheck
        | Crypto::Bls12MapFpToG1
        | Crypto::Bls12MapFp2ToG2 => zkhost_bls12381::Op::ALL
            .into_iter()
            .find(|op| op.host_function() == function)
            .map(|op| {
                let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
                crate::bls12_381::valid_input(op, 2, &mut rng)
            })
            .unwrap_or_default(),
        Crypto::KzgPointEvaluation | Crypto::P256Verify => {
            crate::kzg_p256::valid_input(function, seed as usize).unwrap_or_default()
        }
        Crypto::Poseidon => poseidon_input(1 + (seed % 16) as usize, seed),
        Crypto::AltBn128G1Compress
        | Crypto::AltBn128G1Decompress
        | Crypto::AltBn128G2Compress
        | Crypto::AltBn128G2Decompress => compression_input(function, seed).unwrap_or_default(),
        Crypto::Secp256k1Ecrecover => ecrecover_input(seed),
        Crypto::Secp256k1Verify => secp256k1_verify_input(seed),
        Crypto::Secp256k1RecoverPubkey => secp256k1_recover_input(seed),
        Crypto::Ed25519Verify => ed25519_verify_input(seed, (seed % 200) as usize),
        Crypto::Ed25519BatchVerify => ed25519_batch_input(1 + (seed % 4) as usize, seed),
        Crypto::BlsG1Decompress
        | Crypto::BlsG2Decompress
        | Crypto::BlsG1Compress
        | Crypto::BlsG2Compress
        | Crypto::BlsHashToG1
        | Crypto::BlsHashToG2
        | Crypto::BlsAggregateG1
        | Crypto::BlsAggregateG2
        | Crypto::BlsVerify
        | Crypto::BlsFastAggregateVerify
        | Crypto::BlsFastAggregateVerifyUncompressed
        | Crypto::BlsAggregateVerify => bls_input(function, 2, seed),
    }
}

/// A BLS secret key from `seed`: blst's KeyGen (draft-irtf-cfrg-bls-signature) on 32
/// bytes of key material derived from it.
pub fn bls_key(seed: u64) -> blst::min_pk::SecretKey {
    let ikm: [u8; 32] =
        Sha256::digest([b"zkhost bls sample".as_slice(), &seed.to_be_bytes()].concat()).into();
    // KeyGen refuses only key material shorter than 32 bytes.
    blst::min_pk::SecretKey::key_gen(&ikm, &[]).unwrap_or_else(|_| unreachable!("32 bytes of IKM"))
}

/// A 32-byte message from `seed` and an index (a signing root, as Ethereum signs).
pub fn bls_message(seed: u64, i: u64) -> [u8; 32] {
    Sha256::digest(
        [
            b"zkhost bls message".as_slice(),
            &seed.to_be_bytes(),
            &i.to_be_bytes(),
        ]
        .concat(),
    )
    .into()
}

/// A valid input of a `bls_*` function with `n ≥ 1` keys, points or records, from
/// `seed`: signatures in Ethereum's ciphersuite (proof of possession, id 0); for
/// `bls_aggregate_verify` each signer its own message.
pub fn bls_input(function: Crypto, n: usize, seed: u64) -> Vec<u8> {
    use blst::min_pk::{AggregateSignature, PublicKey, Signature};
    use zkhost_bls12381::signatures::Ciphersuite;
    let cs = Ciphersuite::ProofOfPossession;
    let n = n.max(1) as u64;
    let keys: Vec<blst::min_pk::SecretKey> =
        (0..n).map(|i| bls_key(seed.wrapping_add(i))).collect();
    let pks: Vec<PublicKey> = keys.iter().map(|k| k.sk_to_pk()).collect();
    let msg = bls_message(seed, 0);
    let own: Vec<[u8; 32]> = (0..n).map(|i| bls_message(seed, i + 1)).collect();
    let same: Vec<Signature> = keys.iter().map(|k| k.sign(&msg, cs.dst(), &[])).collect();
    let aggregate = |sigs: &[Signature]| -> [u8; 96] {
        let refs: Vec<&Signature> = sigs.iter().collect();
        AggregateSignature::aggregate(&refs, false)
            .map(|a| a.to_signature().compress())
            .unwrap_or([0; 96])
    };
    let decompressed = |pk: &PublicKey| {
        zkhost_bls12381::compressed::g1_decompress(&pk.compress()).unwrap_or([0; 128])
    };
    let count = (n as u32).to_be_bytes();
    let tagged = |dst: &[u8]| -> Vec<u8> {
        let mut out = vec![dst.len() as u8];
        out.extend_from_slice(dst);
        out.extend((0..seed % 100).map(|i| (seed.wrapping_add(i)) as u8));
        out
    };
    match function {
        Crypto::BlsG1Decompress => pks[0].compress().to_vec(),
        Crypto::BlsG2Decompress => same[0].compress().to_vec(),
        Crypto::BlsG1Compress => decompressed(&pks[0]).to_vec(),
        Crypto::BlsG2Compress => zkhost_bls12381::compressed::g2_decompress(&same[0].compress())
            .unwrap_or([0; 256])
            .to_vec(),
        Crypto::BlsHashToG1 => tagged(b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"),
        Crypto::BlsHashToG2 => tagged(cs.dst()),
        Crypto::BlsAggregateG1 => pks.iter().flat_map(|p| p.compress()).collect(),
        Crypto::BlsAggregateG2 => same.iter().flat_map(|s| s.compress()).collect(),
        Crypto::BlsVerify => [
            &[cs.id()][..],
            &pks[0].compress(),
            &same[0].compress(),
            &msg,
        ]
        .concat(),
        Crypto::BlsFastAggregateVerify => {
            let keys: Vec<u8> = pks.iter().flat_map(|p| p.compress()).collect();
            [&[cs.id()][..], &aggregate(&same), &count, &keys, &msg].concat()
        }
        Crypto::BlsFastAggregateVerifyUncompressed => {
            let keys: Vec<u8> = pks.iter().flat_map(decompressed).collect();
            [&[cs.id()][..], &aggregate(&same), &count, &keys, &msg].concat()
        }
        Crypto::BlsAggregateVerify => {
            let sigs: Vec<Signature> = keys
                .iter()
                .zip(&own)
                .map(|(k, m)| k.sign(m, cs.dst(), &[]))
                .collect();
            let mut out = [&[cs.id()][..], &aggregate(&sigs)].concat();
            for (pk, m) in pks.iter().zip(&own) {
                out.extend_from_slice(&pk.compress());
                out.extend_from_slice(&(m.len() as u32).to_be_bytes());
                out.extend_from_slice(m);
            }
            out
        }
        _ => Vec::new(),
    }
}

/// A secp256k1 key and a hash derived from `seed` (`None` for the key 0: never, for
/// the seeds the tests take; the sample test would say).
fn secp256k1_key_and_hash(seed: u64, what: &[u8]) -> Option<(secp256k1::SecretKey, [u8; 32])> {
    let key = secp256k1::SecretKey::from_byte_array(scalar(seed)).ok()?;
    let hash: [u8; 32] = Sha256::digest([what, &seed.to_be_bytes()].concat()).into();
    Some((key, hash))
}

/// `n − s` for a 32-byte big-endian `s` in `[1, n)` (secp256k1's n): the same signature
/// with the other `s`.
pub fn secp256k1_negate_s(s: &[u8; 32]) -> [u8; 32] {
    let n = zkhost_sig::secp256k1::N;
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = i16::from(n[i]) - i16::from(s[i]) - borrow;
        borrow = i16::from(d < 0);
        out[i] = d.rem_euclid(256) as u8;
    }
    out
}

/// A `secp256k1_verify` input (`hash ‖ r ‖ s ‖ key`) signed with libsecp256k1: the key
/// compressed for even seeds, uncompressed for odd ones; `s` high for every third seed.
pub fn secp256k1_verify_input(seed: u64) -> Vec<u8> {
    use secp256k1::{Message, PublicKey, Secp256k1};
    let Some((key, hash)) = secp256k1_key_and_hash(seed, b"secp256k1_verify") else {
        return Vec::new();
    };
    let secp = Secp256k1::new();
    let mut rs = secp
        .sign_ecdsa(Message::from_digest(hash), &key)
        .serialize_compact();
    if seed % 3 == 2 {
        let s: [u8; 32] = rs[32..].try_into().unwrap_or_default();
        rs[32..].copy_from_slice(&secp256k1_negate_s(&s));
    }
    let public = PublicKey::from_secret_key(&secp, &key);
    let encoded = if seed.is_multiple_of(2) {
        public.serialize().to_vec()
    } else {
        public.serialize_uncompressed().to_vec()
    };
    [&hash[..], &rs, &encoded].concat()
}

/// A `secp256k1_recover_pubkey` input (`hash ‖ r ‖ s ‖ recovery_id`) signed with
/// libsecp256k1.
pub fn secp256k1_recover_input(seed: u64) -> Vec<u8> {
    use secp256k1::{Message, Secp256k1};
    let Some((key, hash)) = secp256k1_key_and_hash(seed, b"secp256k1_recover") else {
        return Vec::new();
    };
    let signature =
        Secp256k1::signing_only().sign_ecdsa_recoverable(Message::from_digest(hash), &key);
    let (recovery, rs) = signature.serialize_compact();
    [&hash[..], &rs, &[i32::from(recovery) as u8]].concat()
}

/// An Ed25519 key from `seed` (RFC 8032 signing, ed25519-dalek).
fn ed25519_key(seed: u64) -> ed25519_dalek::SigningKey {
    ed25519_dalek::SigningKey::from_bytes(
        &Sha256::digest([b"ed25519".as_slice(), &seed.to_be_bytes()].concat()).into(),
    )
}

/// An `ed25519_verify` input (`key ‖ signature ‖ message`) with a `len`-byte message,
/// all from `seed`.
pub fn ed25519_verify_input(seed: u64, len: usize) -> Vec<u8> {
    use ed25519_dalek::Signer;
    let key = ed25519_key(seed);
    let message: Vec<u8> = (0..len)
        .map(|i| (seed as usize).wrapping_add(i) as u8)
        .collect();
    let signature = key.sign(&message);
    [
        &key.verifying_key().to_bytes()[..],
        &signature.to_bytes(),
        &message,
    ]
    .concat()
}

/// An `ed25519_batch_verify` input of `count` valid records (`key ‖ signature ‖ length
/// ‖ message`, messages of 0 to 99 bytes), all from `seed`.
pub fn ed25519_batch_input(count: usize, seed: u64) -> Vec<u8> {
    ed25519_batch_of((0..count as u64).map(|i| {
        let s = seed.wrapping_mul(1_000).wrapping_add(i);
        (s, (s % 100) as usize)
    }))
}

/// An `ed25519_batch_verify` input with one valid record per `(seed, message length)`:
/// [`ed25519_verify_input`]'s signature, its message's length inserted before it.
pub fn ed25519_batch_of(records: impl IntoIterator<Item = (u64, usize)>) -> Vec<u8> {
    let mut out = Vec::new();
    for (seed, len) in records {
        let one = ed25519_verify_input(seed, len);
        let (head, message) = one.split_at(zkhost_sig::ed25519::VERIFY_HEADER_LEN);
        out.extend_from_slice(head);
        out.extend_from_slice(&(message.len() as u32).to_be_bytes());
        out.extend_from_slice(message);
    }
    out
}

/// An `ecrecover` input (`hash ‖ v ‖ r ‖ s`): a hash derived from `seed` signed by a key
/// derived from it, with libsecp256k1.
pub fn ecrecover_input(seed: u64) -> Vec<u8> {
    use secp256k1::{Message, Secp256k1, SecretKey};
    // Below BN254's r, so below secp256k1's n: a key unless it is 0 (never, for the
    // seeds the tests take; the sample test would say).
    let Ok(key) = SecretKey::from_byte_array(scalar(seed)) else {
        return Vec::new();
    };
    let hash: [u8; 32] =
        Sha256::digest([b"ecrecover".as_slice(), &seed.to_be_bytes()].concat()).into();
    let signature =
        Secp256k1::signing_only().sign_ecdsa_recoverable(Message::from_digest(hash), &key);
    let (recovery, rs) = signature.serialize_compact();
    let mut v = [0u8; 32];
    v[31] = 27 + i32::from(recovery) as u8;
    [&hash[..], &v, &rs].concat()
}

/// The inputs at the boundaries of [`sample`]`(function, seed)`, by name: `"invalid"`,
/// its first 32 bytes all ones (a value above every modulus and group order of the
/// ABI: refused by every function but those whose first word is free, the verkle tree
/// key's address and the hash of `ecrecover` and `secp256k1_recover_pubkey`);
/// `"short"` and `"long"`, one byte less and one
/// more; `"empty"`.
pub fn edges(function: Crypto, seed: u64) -> [(&'static str, Vec<u8>); 4] {
    let valid = sample(function, seed);
    let mut invalid = valid.clone();
    let n = invalid.len().min(32);
    invalid[..n].fill(0xff);
    let short = valid[..valid.len().saturating_sub(1)].to_vec();
    let mut long = valid;
    long.push(0);
    [
        ("invalid", invalid),
        ("short", short),
        ("long", long),
        ("empty", Vec::new()),
    ]
}

/// A generated input of any host function, for the transcript and the differential
/// tests: its [`sample`] from a random seed (three in eight),
/// that sample with one mutation (three in eight), random bytes of its length, or
/// random bytes of a length around its own or a whole number of 32-byte words.
pub fn generated(function: Crypto, rng: &mut impl RngCore) -> Vec<u8> {
    let valid = crate::sample::sample(function, rng.gen());
    match rng.gen_range(0..8) {
        0..=2 => valid,
        3..=5 => bn254::mutate(rng, valid),
        6 => rng::random_bytes(rng, valid.len()),
        _ => {
            let len = match rng.gen_range(0..2) {
                0 => 32 * rng.gen_range(0..=17usize) + rng.gen_range(0..2),
                _ => (valid.len() + rng.gen_range(0..3)).saturating_sub(1),
            };
            rng::random_bytes(rng, len)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_has_a_valid_sample_and_refuses_its_invalid_edge() {
        for function in Crypto::ALL {
            for seed in [0, 1, 7] {
                let input = sample(function, seed);
                let out = zkhost_runtime::compute(function, None, &input);
                assert!(out.is_ok(), "{function:?} seed {seed}: {out:?}");
            }
            // A value out of range, or a signature that no longer verifies, everywhere
            // but where the first word is free: the tree key's address, the recovering
            // functions' hash (another hash recovers another key).
            let [(_, invalid), ..] = edges(function, 3);
            let accepted = zkhost_runtime::compute(function, None, &invalid).is_ok();
            let free = matches!(
                function,
                Crypto::VerkleTreeKey | Crypto::Secp256k1Ecrecover | Crypto::Secp256k1RecoverPubkey
            );
            assert_eq!(accepted, free, "{function:?}");
        }
        assert_ne!(
            sample(Crypto::AltBn128Add, 1),
            sample(Crypto::AltBn128Add, 2)
        );
    }
}
