//! Deterministic valid inputs for benchmarks and examples: points derived from a seed,
//! encoded as the EVM encodes them. Not for tests of randomness or security: the
//! "random" scalars are SHA-256 of a counter.

use ark_bn254::{Fq, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField};
use sha2::{Digest, Sha256};

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

fn fq(x: &Fq) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// The EVM encoding of a G1 point (infinity as 64 zero bytes).
pub fn encode_g1(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0u8; 64],
        Some((x, y)) => [fq(&x), fq(&y)].concat(),
    }
}

/// The EVM encoding of a G2 point: x_imag, x_real, y_imag, y_real.
pub fn encode_g2(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        None => vec![0u8; 128],
        Some((x, y)) => [fq(&x.c1), fq(&x.c0), fq(&y.c1), fq(&y.c0)].concat(),
    }
}

/// `[s]G1` for a scalar derived from `seed`, encoded.
pub fn g1(seed: u64) -> Vec<u8> {
    encode_g1(&(G1Projective::generator() * fr(seed)).into_affine())
}

/// `[s]G2` for a scalar derived from `seed`, encoded.
pub fn g2(seed: u64) -> Vec<u8> {
    encode_g2(&(G2Projective::generator() * fr(seed)).into_affine())
}

/// An ECADD input: two distinct points.
pub fn add_input(seed: u64) -> Vec<u8> {
    [g1(2 * seed), g1(2 * seed + 1)].concat()
}

/// An ECMUL input: a point and a full-size scalar.
pub fn mul_input(seed: u64) -> Vec<u8> {
    [g1(seed), scalar(seed ^ 0x5ca1a7).to_vec()].concat()
}

/// A pairing-check input of `k` valid pairs whose product is not one (the full
/// computation always runs: no pair is skipped).
pub fn pairing_input(k: usize, seed: u64) -> Vec<u8> {
    (0..k as u64)
        .flat_map(|i| [g1(seed + 2 * i), g2(seed + 2 * i + 1)].concat())
        .collect()
}

/// An MSM input of `k` records (a point and a full-size scalar each).
pub fn msm_input(k: usize, seed: u64) -> Vec<u8> {
    (0..k as u64).flat_map(|i| mul_input(seed + i)).collect()
}

/// A Poseidon input of `n` elements (scalars below r derived from `seed`).
pub fn poseidon_input(n: usize, seed: u64) -> Vec<u8> {
    (0..n as u64).flat_map(|i| scalar(seed + i)).collect()
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
