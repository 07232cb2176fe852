//! The slowest inputs we can construct for each host function, beside the typical
//! input the benchmark times everywhere else. An attacker pays for what the schedule
//! prices and sends whatever is slowest for that price, so `zkhost bench` times every
//! case below and proposes prices from the slowest.
//!
//! Each list starts with the typical case (named [`TYPICAL`]); every case is a
//! valid input of the same length, so the same gas, as the typical one. The
//! benchmark does not assume which case is slowest: it measures them all. The tests
//! (`host/integration-tests/tests/worst.rs`) check that each case is accepted and gives the output a second
//! backend or a direct computation expects.

use ark_bn254::{Fq, Fr, G1Affine, G1Projective, G2Projective};
use ark_ec::{twisted_edwards::TECurveConfig, AffineRepr, CurveGroup, PrimeGroup};
use ark_ed_on_bls12_381_bandersnatch::{BandersnatchConfig, Fq as BwFq, Fr as BwFr};
use ark_ff::{BigInteger, Field, One, PrimeField, Zero};
use zkhost_verkle::{crs, Element};

use crate::{bn254, sample};

/// The name of the typical case, first in every list.
pub const TYPICAL: &str = "typical";

/// One constructed input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// What makes it slow (or, for [`TYPICAL`], that it is the reference).
    pub name: &'static str,
    /// The host function's input.
    pub input: Vec<u8>,
}

fn case(name: &'static str, input: Vec<u8>) -> Case {
    Case { name, input }
}

fn fr_be(s: &Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&s.into_bigint().to_bytes_be());
    out
}

fn g1_of(s: Fr) -> Vec<u8> {
    bn254::g1_bytes(&(G1Projective::generator() * s).into_affine())
}

fn g2_of(s: Fr) -> Vec<u8> {
    bn254::g2_bytes(&(G2Projective::generator() * s).into_affine())
}

fn fr_of(seed: u64) -> Fr {
    Fr::from_be_bytes_mod_order(&sample::scalar(seed))
}

/// The group order r, big-endian.
pub const BN254_R: [u8; 32] = [
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9, 0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00, 0x00, 0x01,
];

/// `λ`, the cube root of unity mod r with `[λ]P = (β·x, y)` on G1 (the GLV
/// eigenvalue zkhost's scalar multiplication splits by), big-endian.
pub const BN254_LAMBDA: [u8; 32] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0xb3, 0xc4, 0xd7, 0x9d, 0x41, 0xa9, 0x17, 0x58, 0x5b, 0xfc, 0x41, 0x08,
    0x8d, 0x8d, 0xaa, 0xa7, 0x8b, 0x17, 0xea, 0x66, 0xb9, 0x9c, 0x90, 0xdd,
];

/// `Σ 2^(5i)` for `i < 26`: the 126-bit value whose width-5 NAF has the most
/// non-zero digits possible (one in every five), so a GLV half of this shape costs
/// the most additions.
pub const DENSE_HALF: u128 = {
    let mut k = 0u128;
    let mut i = 0;
    while i < 26 {
        k |= 1 << (5 * i);
        i += 1;
    }
    k
};

/// `k1 + k2·λ mod r`, big-endian: the scalar whose GLV halves are `(k1, k2)` when
/// they lie in the split's range (`(DENSE_HALF, −DENSE_HALF)` does; zkhost-bn254's
/// tests check it).
pub fn glv_scalar(k1: i128, k2: i128) -> [u8; 32] {
    let signed = |v: i128| {
        let f = Fr::from(v.unsigned_abs());
        if v < 0 {
            -f
        } else {
            f
        }
    };
    let lambda = Fr::from_be_bytes_mod_order(&BN254_LAMBDA);
    fr_be(&(signed(k1) + signed(k2) * lambda))
}

/// `r + d` for a small `d`, big-endian (a 256-bit scalar above the group order).
fn r_plus(d: u8) -> [u8; 32] {
    let mut out = BN254_R;
    let mut carry = u16::from(d);
    for b in out.iter_mut().rev() {
        let s = u16::from(*b) + carry;
        *b = s as u8;
        carry = s >> 8;
    }
    out
}

/// Steps of the plain binary GCD of `d` and p (halve `a` when even, else subtract
/// the smaller from the larger): the work of the variable-time inversion ECADD does
/// on `d = x₂ − x₁` (zkhost's runs these steps 30 at a time, so its time follows
/// this count).
pub fn gcd_steps(d: &Fq) -> u32 {
    let mut a = d.into_bigint();
    let mut b = Fq::MODULUS;
    let mut steps = 0;
    while !a.is_zero() {
        if a.is_even() {
            a.div2();
        } else {
            if a < b {
                std::mem::swap(&mut a, &mut b);
            }
            a.sub_with_borrow(&b);
        }
        steps += 1;
    }
    steps
}

/// The pair of distinct points whose slope denominator `x₂ − x₁` makes ECADD's
/// inversion longest, among the structured denominators that slow a binary GCD
/// (consecutive Fibonacci numbers near p, runs of ones, p − small, powers of two
/// plus one) and 64 random ones, each placed after a multiple of the generator
/// whose `x + d` is also on the curve. Returns the pair and its [`gcd_steps`].
pub fn slowest_add_pair() -> (G1Affine, G1Affine, u32) {
    let mut ds: Vec<Fq> = Vec::new();
    let (mut f0, mut f1) = (Fq::one(), Fq::one());
    let (mut b0, mut b1) = (
        ark_ff::BigInt::<4>::from(1u64),
        ark_ff::BigInt::<4>::from(1u64),
    );
    // Fibonacci numbers while they stay below p (F₃₆₆ ≈ 2²⁵³).
    for _ in 0..400 {
        let mut next = b1;
        if next.add_with_carry(&b0) || next >= Fq::MODULUS {
            break;
        }
        (b0, b1) = (b1, next);
        (f0, f1) = (f1, f0 + f1);
    }
    ds.extend([f0, f1, f1 - f0]);
    for k in [250u32, 252, 253] {
        let two_k = Fq::from(2u64).pow([u64::from(k)]);
        ds.extend([two_k - Fq::one(), two_k + Fq::one()]);
    }
    ds.extend((1..=8u64).map(|i| -Fq::from(i)));
    ds.extend((0..64u64).map(|i| Fq::from_be_bytes_mod_order(&sample::scalar(9000 + i))));
    let mut best: Option<(G1Affine, G1Affine, u32)> = None;
    for d in ds {
        let steps = gcd_steps(&d);
        if best.as_ref().is_some_and(|b| b.2 >= steps) || d.is_zero() {
            continue;
        }
        // The first multiple [i]G with x + d the x of a curve point.
        let mut p = G1Projective::generator();
        for _ in 0..64 {
            let a = p.into_affine();
            if let Some((x, _)) = a.xy() {
                let x2 = x + d;
                if let Some(y2) = (x2.square() * x2 + Fq::from(3u64)).sqrt() {
                    best = Some((a, G1Affine::new_unchecked(x2, y2), steps));
                    break;
                }
            }
            p += G1Projective::generator();
        }
    }
    let g = G1Affine::generator();
    best.unwrap_or((g, g, 0))
}

/// ECADD: distinct points (typical), the pair whose inversion is longest
/// ([`slowest_add_pair`]), a doubling (the tangent), a point and its negation
/// (result infinity), and infinity on either side or both.
pub fn bn254_add() -> Vec<Case> {
    let p = (G1Projective::generator() * fr_of(31)).into_affine();
    let e = bn254::g1_bytes;
    let inf = vec![0u8; 64];
    let (g1, g2, _) = slowest_add_pair();
    vec![
        case(TYPICAL, sample::add_input(11)),
        case("slowest inversion", [e(&g1), e(&g2)].concat()),
        case("doubling P + P", [e(&p), e(&p)].concat()),
        case("P + (−P)", [e(&p), e(&-p)].concat()),
        case("∞ + P", [inf.clone(), e(&p)].concat()),
        case("P + ∞", [e(&p), inf.clone()].concat()),
        case("∞ + ∞", [inf.clone(), inf].concat()),
    ]
}

/// ECMUL: a random reduced scalar (typical); the scalars of every special shape —
/// all ones (2²⁵⁶ − 1, reduced first), r (result infinity), r − 1, r + 1, λ (GLV
/// halves (0, 1)), and the scalar whose GLV halves have the densest width-5 NAF
/// (`(D, −D)` for [`DENSE_HALF`]: zkhost's split rounds down, so its halves have
/// opposite signs); a zero scalar, and the point at infinity.
pub fn bn254_mul() -> Vec<Case> {
    let p = sample::g1(12);
    let with = |k: [u8; 32]| [p.clone(), k.to_vec()].concat();
    let d = DENSE_HALF as i128;
    let mut r_minus_1 = BN254_R;
    r_minus_1[31] -= 1;
    vec![
        case(TYPICAL, sample::mul_input(12)),
        case("k = 2²⁵⁶ − 1", with([0xff; 32])),
        case("k = r", with(BN254_R)),
        case("k = r − 1", with(r_minus_1)),
        case("k = r + 1", with(r_plus(1))),
        case("k = λ", with(BN254_LAMBDA)),
        case("dense GLV halves", with(glv_scalar(d, -d))),
        case("k = 0", with([0; 32])),
        case(
            "∞ · k",
            [vec![0u8; 64], sample::scalar(0x5ca1a7 ^ 12).to_vec()].concat(),
        ),
    ]
}

/// The pairing check of `k` pairs: random valid pairs whose product is not one
/// (typical, every pair computed); pairs whose product is one (a true check, as a
/// proof verification sends; `k ≥ 2`); the generators in every pair; one random
/// pair repeated. No case has an infinity (which the check skips): each is `k`
/// non-degenerate pairs. Unlike ECADD's, the pairing's one variable-time inversion
/// (in the final exponentiation) is of the Miller loop's output, which an input can
/// only steer by computing pairings: its spread shows in the measured cases rather
/// than in a constructed one.
pub fn bn254_pairing(k: usize) -> Vec<Case> {
    let mut cases = vec![case(TYPICAL, sample::pairing_input(k, 1000))];
    if k >= 2 {
        // a_i·b_i summing to zero: the last a is chosen to cancel the others.
        let a: Vec<Fr> = (0..k as u64).map(|i| fr_of(7000 + i)).collect();
        let b: Vec<Fr> = (0..k as u64).map(|i| fr_of(8000 + i)).collect();
        let partial: Fr = a[..k - 1].iter().zip(&b).map(|(x, y)| *x * y).sum();
        let last = -partial * b[k - 1].inverse().unwrap_or_else(Fr::one);
        let input = (0..k)
            .flat_map(|i| {
                let ai = if i == k - 1 { last } else { a[i] };
                [g1_of(ai), g2_of(b[i])].concat()
            })
            .collect();
        cases.push(case("product one (a true check)", input));
    }
    cases.push(case(
        "generators",
        [g1_of(Fr::one()), g2_of(Fr::one())].concat().repeat(k),
    ));
    cases.push(case(
        "one pair repeated",
        [sample::g1(4000), sample::g2(4001)].concat().repeat(k),
    ));
    cases
}

/// The G1 MSM of `n` records: distinct points and full-size scalars (typical); one
/// scalar for every point (each window puts every point in the same bucket); one
/// point for every scalar; one point and one scalar (every bucket addition a
/// doubling); scalars 2²⁵⁶ − 1 (reduced first) and r − 1 (the longest reduced
/// scalar).
pub fn bn254_msm(n: usize) -> Vec<Case> {
    let record = |p: Vec<u8>, s: [u8; 32]| [p, s.to_vec()].concat();
    let points = |i: u64| sample::g1(2000 + i);
    let scalars = |i: u64| sample::scalar((2000 + i) ^ 0x5ca1a7);
    let mut r_minus_1 = BN254_R;
    r_minus_1[31] -= 1;
    let build = |f: &dyn Fn(u64) -> Vec<u8>| (0..n as u64).flat_map(f).collect::<Vec<u8>>();
    vec![
        case(TYPICAL, sample::msm_input(n, 2000)),
        case(
            "one scalar for all",
            build(&|i| record(points(i), scalars(0))),
        ),
        case(
            "one point for all",
            build(&|i| record(points(0), scalars(i))),
        ),
        case(
            "one point, one scalar",
            build(&|_| record(points(0), scalars(0))),
        ),
        case(
            "scalars 2²⁵⁶ − 1",
            build(&|i| record(points(i), [0xff; 32])),
        ),
        case("scalars r − 1", build(&|i| record(points(i), r_minus_1))),
    ]
}

/// A full-size Bandersnatch scalar with a set bit in every nibble (so no window of
/// four or more bits is zero, at any offset), derived from `seed`, little-endian.
pub fn dense_scalar(seed: u64) -> [u8; 32] {
    let mut out = sample::scalar(seed);
    for b in out.iter_mut() {
        *b |= 0x11;
    }
    // The top byte stays below r's (0x1c…): the value is canonical.
    out[31] = 0x11;
    out
}

/// Random full-size Bandersnatch scalars from `seed`, little-endian.
fn random_scalar(seed: u64) -> [u8; 32] {
    let s = BwFr::from_le_bytes_mod_order(&sample::scalar(seed));
    zkhost_verkle::scalar_to_le(&s)
}

/// Scalars of `n` slots from `f`.
fn scalar_vector(n: usize, f: impl Fn(u64) -> [u8; 32]) -> Vec<u8> {
    (0..n as u64).flat_map(f).collect()
}

/// A verkle commitment of `n` scalars: random full-size scalars (typical), and
/// scalars with no zero window at any width of four bits or more (every table
/// lookup does work).
pub fn verkle_commit(n: usize) -> Vec<Case> {
    vec![
        case(TYPICAL, scalar_vector(n, |i| random_scalar(500 + i))),
        case(
            "no zero window",
            scalar_vector(n, |i| dense_scalar(600 + i)),
        ),
    ]
}

/// The 2-adic order of the square root's input when decoding compressed `bytes`:
/// `m` with `w^t` of order `2^m`, where `w = (1 − a·x²)/(1 − d·x²)` and
/// `p − 1 = t·2³²`. Tonelli–Shanks' work grows with `m`; `None` if `bytes` is not a
/// valid encoding.
pub fn sqrt_order(bytes: &[u8; 32]) -> Option<u32> {
    let x = BwFq::from_be_bytes_mod_order(bytes);
    let x2 = x.square();
    let num = BwFq::one() - BandersnatchConfig::COEFF_A * x2;
    let den = BwFq::one() - BandersnatchConfig::COEFF_D * x2;
    let w = num * den.inverse()?;
    let mut z = w.pow(BwFq::TRACE);
    let mut m = 0;
    while !z.is_one() {
        z.square_in_place();
        m += 1;
        if m > 32 {
            return None;
        }
    }
    Some(m)
}

/// The element `[i]G` for the first `i` in 1..=256 whose compressed form makes the
/// decoding's square root do the most work ([`sqrt_order`] largest), and that `i`.
pub fn slowest_to_decode() -> (u64, Element) {
    let mut best = (1u64, Element::generator(), 0u32);
    let mut p = Element::IDENTITY;
    for i in 1..=256u64 {
        p = p.add(&Element::generator());
        let m = sqrt_order(&p.to_bytes()).unwrap_or(0);
        if m > best.2 {
            best = (i, p, m);
        }
    }
    (best.0, best.1)
}

/// A typical compressed commitment: of 256 random scalars.
fn typical_commitment() -> Element {
    let values: Vec<BwFr> = (0..crs::WIDTH as u64)
        .map(|i| BwFr::from_le_bytes_mod_order(&random_scalar(700 + i)))
        .collect();
    zkhost_verkle::commit(&values).unwrap_or(Element::IDENTITY)
}

/// The commitment-to-field map: a typical commitment, and the one whose decoding's
/// square root does the most work ([`slowest_to_decode`]).
pub fn verkle_to_field() -> Vec<Case> {
    vec![
        case(TYPICAL, typical_commitment().to_bytes().to_vec()),
        case(
            "slowest square root",
            slowest_to_decode().1.to_bytes().to_vec(),
        ),
    ]
}

/// A sparse update of `k` entries (distinct slots): random old and new values on a
/// typical commitment (typical); and deltas with no zero window, on the commitment
/// whose decoding takes the slowest square root.
pub fn verkle_update(k: usize) -> Vec<Case> {
    let entries = |f: &dyn Fn(u64) -> ([u8; 32], [u8; 32])| -> Vec<u8> {
        (0..k.min(crs::WIDTH) as u64)
            .flat_map(|j| {
                let slot = ((j * 37 + 5) % crs::WIDTH as u64) as u8;
                let (old, new) = f(j);
                let mut e = vec![slot];
                e.extend(old);
                e.extend(new);
                e
            })
            .collect()
    };
    let typical = [
        typical_commitment().to_bytes().to_vec(),
        entries(&|j| (random_scalar(800 + j), random_scalar(900 + j))),
    ]
    .concat();
    let slow = [
        slowest_to_decode().1.to_bytes().to_vec(),
        entries(&|j| ([0; 32], dense_scalar(1000 + j))),
    ]
    .concat();
    vec![
        case(TYPICAL, typical),
        case("no zero window, slowest square root", slow),
    ]
}

/// [`verkle_update`]'s cases with the commitment in the uncompressed form (no square
/// root to decode: the "slowest square root" commitment is only a typical one here).
pub fn verkle_update_uncompressed(k: usize) -> Vec<Case> {
    verkle_update(k)
        .into_iter()
        .map(|c| {
            let (head, entries) = c.input.split_at(32);
            let e = Element::from_bytes(head).unwrap_or(Element::IDENTITY);
            Case {
                name: c.name,
                input: [&e.to_uncompressed_be()[..], entries].concat(),
            }
        })
        .collect()
}

/// Tree keys (EIP-6800): a random 32-byte address and tree index (typical: every
/// 16-byte half non-zero, so all five scalars are), and all bytes 0xff (the largest
/// scalars, every window of every half non-zero).
pub fn verkle_tree_key() -> Vec<Case> {
    let mut typical = random_scalar(1100).to_vec();
    typical.extend(random_scalar(1101));
    vec![
        case(TYPICAL, typical),
        case("all bytes 0xff", vec![0xff; 64]),
    ]
}
