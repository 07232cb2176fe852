//! BLS12-381 test support: the committed EIP-2537 vectors (go-ethereum's) and a reader
//! for them, the prices, the encodings of arkworks points (EIP-2537's and the ZCash
//! compressed form), arkworks' RFC 9380 hashers, and generated inputs for the
//! differential tests — valid
//! points and scalars, points off the curve, points on the curve outside the order-r
//! subgroup (both cofactors are large, so these are built deliberately), coordinates
//! `>= p`, non-zero top bytes, one-byte mutations and every length boundary.

use std::path::{Path, PathBuf};

use ark_bls12_381::{g1, g2, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::hashing::curve_maps::wb::WBMap;
use ark_ec::hashing::map_to_curve_hasher::MapToCurveBasedHasher;
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::field_hashers::DefaultFieldHasher;
use ark_ff::{BigInteger, PrimeField, UniformRand};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use rand::{Rng, RngCore};
use sha2::Sha256;

use zkhost_bls12381::Op;
use zkhost_gas::Bls12Gas;

use crate::vectors;

/// The vectors, owned by `zkhost-bls12381` (`host/bls12381/vectors`).
pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("bls12381")
        .join("vectors")
}

/// A BLS12-381 vector file (the go-ethereum format of [`crate::vectors`]).
pub type VectorFile = vectors::VectorFile<Op>;

/// The operation a go-ethereum file name exercises, and whether it is a failure file
/// (the `*Mul` files run against the MSMs, as go-ethereum runs them).
pub fn classify(path: &Path) -> Option<(Op, bool)> {
    let name = path.file_stem()?.to_str()?;
    let (must_fail, name) = match name.strip_prefix("fail-") {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let op = match name {
        "blsG1Add" => Op::G1Add,
        "blsG1Mul" | "blsG1MultiExp" => Op::G1Msm,
        "blsG2Add" => Op::G2Add,
        "blsG2Mul" | "blsG2MultiExp" => Op::G2Msm,
        "blsPairing" => Op::Pairing,
        "blsMapG1" => Op::MapFpToG1,
        "blsMapG2" => Op::MapFp2ToG2,
        _ => return None,
    };
    Some((op, must_fail))
}

/// Every BLS12-381 vector file below `dir`, sorted by path.
pub fn discover(dir: &Path) -> Result<Vec<VectorFile>, String> {
    vectors::discover_as(dir, classify)
}

/// The EIP-2537 price of `op` on `len` bytes under `gas`, from the length alone.
pub fn price(gas: &Bls12Gas, op: Op, len: usize) -> u64 {
    match op {
        Op::G1Add => gas.g1_add,
        Op::G2Add => gas.g2_add,
        Op::G1Msm => gas.g1_msm(len),
        Op::G2Msm => gas.g2_msm(len),
        Op::Pairing => gas.pairing(len),
        Op::MapFpToG1 => gas.map_fp_to_g1,
        Op::MapFp2ToG2 => gas.map_fp2_to_g2,
    }
}

/// A 64-byte EIP-2537 field element.
pub fn fq_bytes(x: &Fq) -> Vec<u8> {
    let mut out = vec![0u8; 16];
    out.extend(x.into_bigint().to_bytes_be());
    out
}

fn fq2_bytes(x: &Fq2) -> Vec<u8> {
    [fq_bytes(&x.c0), fq_bytes(&x.c1)].concat()
}

/// The 128-byte encoding of a G1 point (infinity: all zero).
pub fn g1_bytes(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
        None => vec![0u8; 128],
    }
}

/// The 256-byte encoding of a G2 point, `x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1`.
pub fn g2_bytes(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        Some((x, y)) => [fq2_bytes(&x), fq2_bytes(&y)].concat(),
        None => vec![0u8; 256],
    }
}

/// A point in the ZCash compressed form (48 bytes for G1, 96 for G2) as arkworks
/// writes it: the form of Ethereum's keys and signatures and of the `bls_*` functions.
pub fn to_compressed<P: CanonicalSerialize>(p: &P) -> Vec<u8> {
    let mut out = Vec::new();
    // Serializing into a Vec does not fail.
    let _ = p.serialize_compressed(&mut out);
    out
}

/// A compressed G1 point as arkworks reads it (on the curve, in the subgroup, exactly
/// 48 bytes), or arkworks' reason.
pub fn g1_decompress(bytes: &[u8]) -> Result<G1Affine, String> {
    if bytes.len() != 48 {
        return Err(format!("{} bytes, not 48", bytes.len()));
    }
    G1Affine::deserialize_compressed(bytes).map_err(|e| e.to_string())
}

/// A compressed G2 point as arkworks reads it (on the twist, in the subgroup, exactly
/// 96 bytes), or arkworks' reason.
pub fn g2_decompress(bytes: &[u8]) -> Result<G2Affine, String> {
    if bytes.len() != 96 {
        return Err(format!("{} bytes, not 96", bytes.len()));
    }
    G2Affine::deserialize_compressed(bytes).map_err(|e| e.to_string())
}

/// RFC 9380's `BLS12381G1_XMD:SHA-256_SSWU_RO_` in arkworks (ark-ec's hasher with the
/// WB map): hash to G1 apart from blst.
pub type HashToG1 =
    MapToCurveBasedHasher<G1Projective, DefaultFieldHasher<Sha256, 128>, WBMap<g1::Config>>;

/// RFC 9380's `BLS12381G2_XMD:SHA-256_SSWU_RO_` in arkworks.
pub type HashToG2 =
    MapToCurveBasedHasher<G2Projective, DefaultFieldHasher<Sha256, 128>, WBMap<g2::Config>>;

/// A uniformly random point of G1.
pub fn random_g1(rng: &mut impl RngCore) -> G1Affine {
    crate::rng::random_point::<G1Projective>(rng)
}

/// A uniformly random point of G2.
pub fn random_g2(rng: &mut impl RngCore) -> G2Affine {
    crate::rng::random_point::<G2Projective>(rng)
}

/// A point on the G1 curve outside the order-r subgroup (the cofactor is about 2^125).
pub fn g1_outside_subgroup(rng: &mut impl RngCore) -> G1Affine {
    crate::rng::point_outside_subgroup(rng)
}

/// A point on the G2 twist outside the order-r subgroup.
pub fn g2_outside_subgroup(rng: &mut impl RngCore) -> G2Affine {
    crate::rng::point_outside_subgroup(rng)
}

/// One generated compressed encoding of `N` bytes: mostly edge cases around a valid
/// point `valid`, whose curve is given by `off` (a point outside the subgroup).
pub fn mutate_compressed<const N: usize>(rng: &mut impl Rng, valid: &[u8], off: &[u8]) -> [u8; N] {
    let mut b: [u8; N] = valid.try_into().expect("N bytes");
    match rng.gen_range(0..10) {
        0 => {}
        1 => b[0] ^= 0x80, // compression flag cleared
        2 => b[0] ^= 0x20, // the other y: still valid
        3 => b[0] |= 0x40, // infinity flag on a point
        4 => {
            // the canonical infinity, or infinity with a stray bit
            b = [0; N];
            b[0] = 0xc0;
            if rng.gen() {
                let i = rng.gen_range(0..N);
                b[i] |= 1 << rng.gen_range(0..8);
                if i == 0 {
                    b[0] |= 0xc0;
                }
            }
        }
        5 => {
            // x's top part set to p's or above (the leading field element)
            b[..48].copy_from_slice(&Fq::MODULUS.to_bytes_be());
            b[0] |= 0x80 | (valid[0] & 0x20);
            b[47] = b[47].wrapping_add(rng.gen_range(0..3));
        }
        6 => b.copy_from_slice(off), // on the curve, outside the subgroup
        7 => {
            // one random bit flipped below the flags: usually off the curve
            let i = rng.gen_range(1..N);
            b[i] ^= 1 << rng.gen_range(0..8);
        }
        8 => rng.fill_bytes(&mut b), // anything
        _ => {
            rng.fill_bytes(&mut b);
            b[0] = (b[0] & 0x1f) | 0x80; // random x, compressed flag only
        }
    }
    b
}

/// A G1 encoding with canonical coordinates that is not on the curve (y + 1).
pub fn g1_off_curve(rng: &mut impl RngCore) -> Vec<u8> {
    let p = random_g1(rng);
    let (x, y) = p.xy().unwrap_or_default();
    [fq_bytes(&x), fq_bytes(&(y + Fq::from(1u64)))].concat()
}

/// A G2 encoding with canonical coordinates that is not on the twist.
pub fn g2_off_curve(rng: &mut impl RngCore) -> Vec<u8> {
    let q = random_g2(rng);
    let (x, y) = q.xy().unwrap_or_default();
    [fq2_bytes(&x), fq2_bytes(&(y + Fq2::from(1u64)))].concat()
}

/// A scalar with a bias towards the edges: 0, 1, r−1, r, r+1, 2^256−1, small, random.
pub fn scalar(rng: &mut impl RngCore) -> Vec<u8> {
    let r = Fr::MODULUS;
    let plus = |k: u64| {
        let mut v = r;
        v.add_with_carry(&ark_ff::BigInt::from(k));
        v.to_bytes_be()
    };
    match rng.gen_range(0..10) {
        0 => vec![0u8; 32],
        1 => {
            let mut v = r;
            v.sub_with_borrow(&ark_ff::BigInt::from(1u64));
            v.to_bytes_be()
        }
        2 => r.to_bytes_be(),
        3 => plus(1),
        4 => vec![0xff; 32],
        5 => {
            let mut s = vec![0u8; 32];
            s[31] = rng.gen();
            s
        }
        _ => crate::rng::random_bytes(rng, 32),
    }
}

/// The base-field modulus p as a 64-byte field element (the smallest value refused).
pub fn p_element() -> Vec<u8> {
    let mut out = vec![0u8; 16];
    out.extend(Fq::MODULUS.to_bytes_be());
    out
}

/// Changes one thing in a valid encoding: a flipped bit, a byte set to 0xff, one
/// field element replaced by p or given a non-zero top byte, or the length changed by
/// one.
pub fn mutate(rng: &mut impl RngCore, mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.is_empty() {
        return vec![rng.gen()];
    }
    let element = 64 * rng.gen_range(0..bytes.len().div_ceil(64));
    let whole = element + 64 <= bytes.len();
    match rng.gen_range(0..6) {
        0 => {
            let i = rng.gen_range(0..bytes.len());
            bytes[i] ^= 1 << rng.gen_range(0..8);
        }
        1 => {
            let i = rng.gen_range(0..bytes.len());
            bytes[i] = 0xff;
        }
        2 if whole => bytes[element..element + 64].copy_from_slice(&p_element()),
        3 if whole => bytes[element + rng.gen_range(0..16)] = rng.gen_range(1..=255),
        4 if whole => {
            // The top of the value itself, above p's top bit.
            bytes[element + 16] |= 0x80
        }
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

/// `valid` with its length moved to one of the boundaries around `unit`.
fn resized(rng: &mut impl RngCore, mut valid: Vec<u8>, unit: usize) -> Vec<u8> {
    let lens = [
        0,
        1,
        63,
        64,
        65,
        unit - 1,
        unit + 1,
        2 * unit - 1,
        2 * unit + 1,
    ];
    valid.resize(lens[rng.gen_range(0..lens.len())], 0);
    valid
}

/// A valid input for `op` with `k` records (pairs for the pairing check, whose
/// product is then one when `k` is even; ignored by the additions and maps): random
/// subgroup points, full-width random scalars.
pub fn valid_input(op: Op, k: usize, rng: &mut impl RngCore) -> Vec<u8> {
    let k = k.max(1);
    match op {
        Op::G1Add => [g1_bytes(&random_g1(rng)), g1_bytes(&random_g1(rng))].concat(),
        Op::G2Add => [g2_bytes(&random_g2(rng)), g2_bytes(&random_g2(rng))].concat(),
        Op::G1Msm => (0..k)
            .flat_map(|_| [g1_bytes(&random_g1(rng)), crate::rng::random_bytes(rng, 32)].concat())
            .collect(),
        Op::G2Msm => (0..k)
            .flat_map(|_| [g2_bytes(&random_g2(rng)), crate::rng::random_bytes(rng, 32)].concat())
            .collect(),
        Op::Pairing => (0..k)
            .map(|i| {
                // Pairs (aP, Q), (−P, aQ): e(aP, Q)·e(−P, aQ) = 1.
                let (p, q, a) = (random_g1(rng), random_g2(rng), Fr::rand(rng));
                if i % 2 == 0 && i + 1 < k {
                    [
                        g1_bytes(&(p * a).into_affine()),
                        g2_bytes(&q),
                        g1_bytes(&-p),
                        g2_bytes(&(q * a).into_affine()),
                    ]
                    .concat()
                } else if i % 2 == 1 {
                    Vec::new()
                } else {
                    [g1_bytes(&p), g2_bytes(&q)].concat()
                }
            })
            .collect::<Vec<_>>()
            .concat(),
        Op::MapFpToG1 => fq_bytes(&Fq::rand(rng)),
        Op::MapFp2ToG2 => [fq_bytes(&Fq::rand(rng)), fq_bytes(&Fq::rand(rng))].concat(),
    }
}

/// A generated input for `op`: about half valid, the rest each kind of invalid.
pub fn input(op: Op, rng: &mut impl RngCore) -> Vec<u8> {
    match op {
        Op::G1Add => add_input(rng, true),
        Op::G2Add => add_input(rng, false),
        Op::G1Msm => msm_input(rng, true),
        Op::G2Msm => msm_input(rng, false),
        Op::Pairing => pairing_input(rng),
        Op::MapFpToG1 => map_input(rng, 1),
        Op::MapFp2ToG2 => map_input(rng, 2),
    }
}

fn point(rng: &mut impl RngCore, g1: bool) -> (Vec<u8>, Vec<u8>) {
    // (the point, its negation): for sums to infinity and doublings.
    if g1 {
        let p = random_g1(rng);
        (g1_bytes(&p), g1_bytes(&-p))
    } else {
        let q = random_g2(rng);
        (g2_bytes(&q), g2_bytes(&-q))
    }
}

fn outside(rng: &mut impl RngCore, g1: bool) -> Vec<u8> {
    if g1 {
        g1_bytes(&g1_outside_subgroup(rng))
    } else {
        g2_bytes(&g2_outside_subgroup(rng))
    }
}

fn off_curve(rng: &mut impl RngCore, g1: bool) -> Vec<u8> {
    if g1 {
        g1_off_curve(rng)
    } else {
        g2_off_curve(rng)
    }
}

fn add_input(rng: &mut impl RngCore, g1: bool) -> Vec<u8> {
    let (p, minus_p) = point(rng, g1);
    let (q, _) = point(rng, g1);
    let zero = vec![0u8; p.len()];
    let valid = match rng.gen_range(0..8) {
        0 => [p.clone(), p].concat(),
        1 => [p, minus_p].concat(),
        2 => [zero, q].concat(),
        3 => [p, zero].concat(),
        // Addition does not check the subgroup: these must succeed.
        4 => [outside(rng, g1), q].concat(),
        5 => {
            let o = outside(rng, g1);
            [o.clone(), o].concat()
        }
        _ => [p, q].concat(),
    };
    let unit = valid.len() / 2;
    match rng.gen_range(0..10) {
        0..=4 => valid,
        5..=7 => mutate(rng, valid),
        8 => [off_curve(rng, g1), valid[unit..].to_vec()].concat(),
        _ => resized(rng, valid, unit),
    }
}

fn msm_input(rng: &mut impl RngCore, g1: bool) -> Vec<u8> {
    let k = match rng.gen_range(0..4) {
        0 => 1,
        1 => rng.gen_range(2..8),
        2 => rng.gen_range(8..40),
        _ => rng.gen_range(1..4),
    };
    let mut records: Vec<Vec<u8>> = (0..k)
        .map(|_| {
            let (p, minus_p) = point(rng, g1);
            let pt = match rng.gen_range(0..12) {
                0 => vec![0u8; p.len()],
                1 => minus_p,
                _ => p,
            };
            [pt, scalar(rng)].concat()
        })
        .collect();
    if k >= 2 && rng.gen_range(0..6) == 0 {
        // The same point twice, with opposite scalars' sum in play.
        records[1] = records[0].clone();
    }
    let record_len = records[0].len();
    let point_len = record_len - 32;
    let valid = records.concat();
    let i = rng.gen_range(0..k);
    let at = i * record_len;
    let replaced = |bytes: Vec<u8>| {
        let mut v = valid.clone();
        v[at..at + point_len].copy_from_slice(&bytes);
        v
    };
    match rng.gen_range(0..12) {
        0..=5 => valid,
        6 => replaced(outside(rng, g1)),
        7 => replaced(off_curve(rng, g1)),
        8..=9 => mutate(rng, valid),
        _ => resized(rng, valid, record_len),
    }
}

fn pairing_input(rng: &mut impl RngCore) -> Vec<u8> {
    let k = rng.gen_range(1..5);
    let mut pairs = Vec::with_capacity(k);
    // Half the time a product that is one: e(aP, Q)·e(−P, aQ)…
    let balanced = rng.gen_bool(0.5);
    for _ in 0..k {
        let (p, q) = (random_g1(rng), random_g2(rng));
        if balanced && pairs.len() + 2 <= k {
            let a = Fr::rand(rng);
            pairs.push([g1_bytes(&(p * a).into_affine()), g2_bytes(&q)].concat());
            pairs.push([g1_bytes(&-p), g2_bytes(&(q * a).into_affine())].concat());
        } else if pairs.len() < k {
            let pair = match rng.gen_range(0..8) {
                0 => [vec![0u8; 128], g2_bytes(&q)].concat(),
                1 => [g1_bytes(&p), vec![0u8; 256]].concat(),
                _ => [g1_bytes(&p), g2_bytes(&q)].concat(),
            };
            pairs.push(pair);
        }
    }
    pairs.truncate(k);
    let valid = pairs.concat();
    let at = 384 * rng.gen_range(0..pairs.len());
    let replaced = |offset: usize, bytes: Vec<u8>| {
        let mut v = valid.clone();
        v[at + offset..at + offset + bytes.len()].copy_from_slice(&bytes);
        v
    };
    match rng.gen_range(0..14) {
        0..=6 => valid,
        7 => replaced(0, g1_outside_subgroup_bytes(rng)),
        8 => replaced(128, g2_bytes(&g2_outside_subgroup(rng))),
        9 => replaced(0, g1_off_curve(rng)),
        10 => replaced(128, g2_off_curve(rng)),
        11..=12 => mutate(rng, valid),
        _ => resized(rng, valid, 384),
    }
}

fn g1_outside_subgroup_bytes(rng: &mut impl RngCore) -> Vec<u8> {
    g1_bytes(&g1_outside_subgroup(rng))
}

fn map_input(rng: &mut impl RngCore, elements: usize) -> Vec<u8> {
    let valid: Vec<u8> = (0..elements)
        .flat_map(|_| match rng.gen_range(0..10) {
            0 => vec![0u8; 64],
            1 => {
                // p − 1, the largest valid element.
                fq_bytes(&-Fq::from(1u64))
            }
            _ => fq_bytes(&Fq::rand(rng)),
        })
        .collect();
    match rng.gen_range(0..10) {
        0..=5 => valid,
        6..=8 => mutate(rng, valid),
        _ => resized(rng, valid, 64 * elements),
    }
}
