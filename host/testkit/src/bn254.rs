//! BN254 test support: the EVM's encodings of arkworks' points (the expectation of
//! every BN254 test is computed by arkworks, apart from zkhost), random valid points
//! and scalars biased to the edges, points off the curve and outside G2's subgroup,
//! one-change mutations of a valid encoding, and generated inputs of ECADD, ECMUL and
//! the pairing check for the differential tests, lengths around every boundary.

use ark_bn254::{Fq, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField, UniformRand};

use rand::{Rng, RngCore};

/// A base-field element as the EVM encodes it: 32 bytes big-endian.
pub fn fq_bytes(x: &Fq) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// The EVM encoding of a G1 point (infinity as 64 zero bytes).
pub fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0u8; 64],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

/// The EVM encoding of a G2 point: x_imag, x_real, y_imag, y_real.
pub fn g2_bytes(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        None => vec![0u8; 128],
        Some((x, y)) => [
            fq_bytes(&x.c1),
            fq_bytes(&x.c0),
            fq_bytes(&y.c1),
            fq_bytes(&y.c0),
        ]
        .concat(),
    }
}

/// A uniformly random point of G1.
pub fn random_g1(rng: &mut impl RngCore) -> G1Affine {
    crate::rng::random_point::<G1Projective>(rng)
}

/// A uniformly random point of G2 (in the order-r subgroup).
pub fn random_g2(rng: &mut impl RngCore) -> G2Affine {
    crate::rng::random_point::<G2Projective>(rng)
}

/// A point on the twist outside the order-r subgroup (G1's cofactor is one: every
/// point of that curve is in G1).
pub fn twist_point_outside_subgroup(rng: &mut impl RngCore) -> G2Affine {
    crate::rng::point_outside_subgroup(rng)
}

/// A scalar with a bias towards the edges: 0, 1, r−1, r, r+1, 2^256−1, small, random.
pub fn scalar(rng: &mut impl RngCore) -> Vec<u8> {
    let one = ark_ff::BigInt::<4>::from(1u64);
    match rng.gen_range(0..10) {
        0 => vec![0u8; 32],
        1 => {
            let mut v = Fr::MODULUS;
            v.sub_with_borrow(&one);
            v.to_bytes_be()
        }
        2 => Fr::MODULUS.to_bytes_be(),
        3 => {
            let mut v = Fr::MODULUS;
            v.add_with_carry(&one);
            v.to_bytes_be()
        }
        4 => vec![0xff; 32],
        5 => {
            let mut s = vec![0u8; 32];
            s[31] = rng.gen();
            s
        }
        _ => {
            let mut s = vec![0u8; 32];
            rng.fill_bytes(&mut s);
            s
        }
    }
}

/// The base-field modulus p, big-endian.
pub fn p_bytes() -> Vec<u8> {
    Fq::MODULUS.to_bytes_be()
}

/// Changes one thing in a valid encoding: a flipped bit, a byte set to 0xff, a
/// coordinate replaced by p or by a value plus p, a flag bit (0x80 / 0x40) set, or
/// the length changed by one.
pub fn mutate(rng: &mut impl RngCore, mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.is_empty() {
        return vec![rng.gen()];
    }
    let words = bytes.len().div_ceil(32);
    let w = rng.gen_range(0..words);
    let start = 32 * w;
    let end = (start + 32).min(bytes.len());
    match rng.gen_range(0..7) {
        0 => {
            let i = rng.gen_range(0..bytes.len());
            bytes[i] ^= 1 << rng.gen_range(0..8);
        }
        1 => {
            let i = rng.gen_range(0..bytes.len());
            bytes[i] = 0xff;
        }
        2 if end - start == 32 => bytes[start..end].copy_from_slice(&p_bytes()),
        3 if end - start == 32 => {
            // value + p, which still fits in 256 bits when the value is < 2^256 - p.
            let mut v = ark_ff::BigInt::<4>::zero_from_be(&bytes[start..end]);
            if !v.add_with_carry(&Fq::MODULUS) {
                bytes[start..end].copy_from_slice(&v.to_bytes_be());
            }
        }
        4 => bytes[start] |= 0x80,
        5 => bytes[start] |= 0x40,
        _ => {
            if rng.gen() {
                bytes.pop();
            } else {
                bytes.push(rng.gen());
            }
        }
    }
    bytes
}

trait FromBe {
    fn zero_from_be(be: &[u8]) -> Self;
}

impl FromBe for ark_ff::BigInt<4> {
    fn zero_from_be(be: &[u8]) -> Self {
        let mut limbs = [0u64; 4];
        for (i, l) in limbs.iter_mut().enumerate() {
            let s = 32 - 8 * (i + 1);
            *l = u64::from_be_bytes(be[s..s + 8].try_into().unwrap());
        }
        ark_ff::BigInt(limbs)
    }
}

/// A G1 encoding that is not on the curve but has canonical coordinates.
pub fn g1_off_curve(rng: &mut impl RngCore) -> Vec<u8> {
    let p = random_g1(rng);
    let mut b = g1_bytes(&p);
    // y + 1 mod p (y < p - 1 with overwhelming probability)
    let (x, y) = p.xy().unwrap();
    let y1 = y + Fq::from(1u64);
    b[32..].copy_from_slice(&fq_bytes(&y1));
    let _ = x;
    b
}

/// Generated inputs for ECADD: valid sums, doublings, inverses, infinity, random
/// bytes, mutations and lengths around 128.
pub fn add_input(rng: &mut impl RngCore) -> Vec<u8> {
    let p = random_g1(rng);
    let q = random_g1(rng);
    let valid = match rng.gen_range(0..6) {
        0 => [g1_bytes(&p), g1_bytes(&p)].concat(),
        1 => [g1_bytes(&p), g1_bytes(&(-p))].concat(),
        2 => [vec![0u8; 64], g1_bytes(&q)].concat(),
        3 => [g1_bytes(&p), vec![0u8; 64]].concat(),
        _ => [g1_bytes(&p), g1_bytes(&q)].concat(),
    };
    match rng.gen_range(0..10) {
        0..=3 => valid,
        4..=6 => mutate(rng, valid),
        7 => [g1_off_curve(rng), g1_bytes(&q)].concat(),
        8 => {
            let len = [0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 192][rng.gen_range(0..11)];
            let mut v = valid;
            v.resize(len, 0);
            v
        }
        _ => {
            let len = rng.gen_range(0..160);
            crate::rng::random_bytes(rng, len)
        }
    }
}

/// Generated inputs for ECMUL.
pub fn mul_input(rng: &mut impl RngCore) -> Vec<u8> {
    let p = random_g1(rng);
    let point = if rng.gen_range(0..8) == 0 {
        vec![0u8; 64]
    } else {
        g1_bytes(&p)
    };
    let valid = [point, scalar(rng)].concat();
    match rng.gen_range(0..10) {
        0..=4 => valid,
        5..=6 => mutate(rng, valid),
        7 => [g1_off_curve(rng), scalar(rng)].concat(),
        8 => {
            let len = [0, 32, 63, 64, 65, 95, 96, 97, 128][rng.gen_range(0..9)];
            let mut v = valid;
            v.resize(len, 0);
            v
        }
        _ => {
            let len = rng.gen_range(0..128);
            crate::rng::random_bytes(rng, len)
        }
    }
}

/// One pairing input of `k` pairs.
pub fn pairs(rng: &mut impl RngCore, k: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(192 * k);
    // Half the time build a product that is one: e(aP, bQ) · e(−abP, Q) = 1.
    if k >= 2 && rng.gen() {
        let a = Fr::rand(rng);
        let b = Fr::rand(rng);
        let p = G1Projective::generator();
        let q = G2Projective::generator();
        out.extend(g1_bytes(&(p * a).into_affine()));
        out.extend(g2_bytes(&(q * b).into_affine()));
        out.extend(g1_bytes(&(-(p * (a * b))).into_affine()));
        out.extend(g2_bytes(&q.into_affine()));
        for _ in 2..k {
            // Pairs with a point at infinity are skipped.
            out.extend(g1_bytes(&G1Affine::identity()));
            out.extend(g2_bytes(&random_g2(rng)));
        }
        return out;
    }
    for _ in 0..k {
        let g1 = match rng.gen_range(0..8) {
            0 => vec![0u8; 64],
            _ => g1_bytes(&random_g1(rng)),
        };
        let g2 = match rng.gen_range(0..8) {
            0 => vec![0u8; 128],
            1 => g2_bytes(&twist_point_outside_subgroup(rng)),
            _ => g2_bytes(&random_g2(rng)),
        };
        out.extend(g1);
        out.extend(g2);
    }
    out
}

/// Generated inputs for the pairing check.
pub fn pairing_input(rng: &mut impl RngCore) -> Vec<u8> {
    let k = rng.gen_range(0..4);
    let valid = pairs(rng, k);
    match rng.gen_range(0..10) {
        0..=3 => valid,
        4..=7 => mutate(rng, valid),
        8 => {
            let len = [1, 64, 191, 193, 383, 385][rng.gen_range(0..6)];
            let mut v = valid;
            v.resize(len, 0);
            v
        }
        _ => {
            let len = 192 * rng.gen_range(0..3);
            crate::rng::random_bytes(rng, len)
        }
    }
}
