//! Inversion in Fp by a binary extended GCD on 64-bit approximations (T. Pornin,
//! "Optimized Binary GCD for Modular Inversion", 2020), in variable time: inputs
//! are public.
//!
//! The plain binary GCD (`a` odd: subtract the smaller from the larger; halve the
//! even one) needs about 2·254 steps on 256-bit numbers. Here 31 steps at a time run
//! on one machine word each for `a` and `b` — their low 31 bits, which are exact,
//! and their top 33 bits, which steer the comparisons — while recording the steps as
//! a 2×2 matrix of small signed factors. The matrix is then applied once to the full
//! numbers and to the Bézout coefficients `u, v` (with `a ≡ u·y`, `b ≡ v·y mod p`
//! throughout; the division by 2³¹ of each step is a Montgomery-style division for
//! `u` and `v`). When `a` reaches zero, `b = 1` and `v = y⁻¹`.
//!
//! Variable time: a run of zeros in `a` is halved away in one pass
//! (`trailing_zeros`), and the loop stops as soon as `a` is zero — at most 17
//! batches on every input the tests tried, the structured worst cases included.

use super::fp::{Fp, MODULUS, P};
use crate::mont;

/// `2⁷⁶⁸ mod p`: turns `(a·R)⁻¹` into the Montgomery form `a⁻¹·R` with one
/// multiplication.
const R3: [u64; 4] = [
    0xb1cd_6daf_da15_30df,
    0x62f2_10e6_a728_3db6,
    0xef7f_0b0c_0ada_0afb,
    0x20fd_6e90_2d59_2544,
];

/// `p⁻¹ mod 2⁶⁴`.
const P_INV: u64 = MODULUS.inv.wrapping_neg();

/// Steps per batch: the factors stay at most 2³¹ in absolute value.
const BATCH: u32 = 31;

/// More batches than any input needs (about 2·254/31 + 1): a guard, not a bound
/// the algorithm relies on.
const MAX_BATCHES: usize = 40;

/// `y⁻¹` for `y ≠ 0`.
pub(crate) fn invert(y: &Fp) -> Option<Fp> {
    if y.is_zero() {
        return None;
    }
    // `y.0` is the Montgomery word `y·R`; its inverse times R³ is `y⁻¹·R`.
    let inv = match invert_words(&y.0) {
        (Some(v), _) => v,
        // Never seen (see `MAX_BATCHES`); if it ever happens, stay correct.
        (None, _) => return y.inverse_fermat(),
    };
    Some(Fp(mont::mul(&inv, &R3, &MODULUS)))
}

/// The number of significant bits.
#[inline(always)]
fn bit_len(x: &[u64; 4]) -> u32 {
    for i in (0..4).rev() {
        if x[i] != 0 {
            return 64 * i as u32 + 64 - x[i].leading_zeros();
        }
    }
    0
}

/// `(x >> s) mod 2⁶⁴` for `s < 256`.
#[inline(always)]
fn shr_word(x: &[u64; 4], s: u32) -> u64 {
    let w = (s / 64) as usize;
    let b = s % 64;
    let lo = x[w] >> b;
    if b == 0 || w == 3 {
        lo
    } else {
        lo | (x[w + 1] << (64 - b))
    }
}

/// `x·f` exactly: one unsigned 64×64 multiplication, corrected on the high word
/// when `f < 0` (the compiler's `i128` product would use three multiplications).
#[inline(always)]
fn mul_signed(x: u64, f: i64) -> i128 {
    let p = u128::from(x) * u128::from(f as u64);
    let fix = x & ((f >> 63) as u64);
    (p as i128).wrapping_sub(i128::from(fix) << 64)
}

/// `x·f + y·g` as a signed 320-bit value (two's complement, five words).
#[inline(always)]
fn linear(x: &[u64; 4], y: &[u64; 4], f: i64, g: i64) -> [u64; 5] {
    let mut t = [0u64; 5];
    let mut carry: i128 = 0;
    for i in 0..4 {
        let acc = mul_signed(x[i], f) + mul_signed(y[i], g) + carry;
        t[i] = acc as u64;
        carry = acc >> 64;
    }
    t[4] = carry as u64;
    t
}

/// The low 256 bits of `t >> 31`.
#[inline(always)]
fn shift_batch(t: &[u64; 5]) -> [u64; 4] {
    let s = BATCH;
    [
        (t[0] >> s) | (t[1] << (64 - s)),
        (t[1] >> s) | (t[2] << (64 - s)),
        (t[2] >> s) | (t[3] << (64 - s)),
        (t[3] >> s) | (t[4] << (64 - s)),
    ]
}

/// `|x·f + y·g| / 2³¹` for non-negative 256-bit `x, y` and the batch factors (the
/// division is exact), and a mask of all ones if the value was negative.
#[inline(always)]
fn combine(x: &[u64; 4], y: &[u64; 4], f: i64, g: i64) -> ([u64; 4], u64) {
    let mut t = linear(x, y, f, g);
    let m = ((t[4] as i64) >> 63) as u64;
    if m != 0 {
        let mut c = 1;
        for w in t.iter_mut() {
            let (s, o) = (!*w).overflowing_add(c);
            *w = s;
            c = u64::from(o);
        }
    }
    (shift_batch(&t), m)
}

/// `(u·f + v·g)·2⁻³¹ mod p` for `u, v < p`, reduced to `[0, p)`.
#[inline(always)]
fn combine_mod(u: &[u64; 4], v: &[u64; 4], f: i64, g: i64) -> [u64; 4] {
    // t = u·f + v·g, signed, |t| < 2³¹·p.
    let mut t = linear(u, v, f, g);
    // k·p with k ≡ −t·p⁻¹ (mod 2³¹) makes t + k·p divisible by 2³¹.
    let k = t[0].wrapping_mul(P_INV).wrapping_neg() & ((1 << BATCH) - 1);
    let mut c: u128 = 0;
    for i in 0..4 {
        let acc = u128::from(t[i]) + u128::from(k) * u128::from(P[i]) + c;
        t[i] = acc as u64;
        c = acc >> 64;
    }
    t[4] = t[4].wrapping_add(c as u64);
    // (t + k·p) / 2³¹ lies in (−p, 2p); its low 256 bits are its two's complement.
    // Add p if negative, else subtract p if at least p. (Branches measured faster
    // here than masks: the signs are far from random.)
    let r = shift_batch(&t);
    if (t[4] as i64) < 0 {
        super::fp::add_words(&r, &P).0
    } else {
        let (d, borrow) = super::fp::sub_words(&r, &P);
        if borrow {
            r
        } else {
            d
        }
    }
}

/// How many batches of steps inverting `y` takes: the work of an inversion, which
/// the tests bound on the slowest inputs they can construct.
#[cfg(test)]
pub(crate) fn batch_count(y: &Fp) -> usize {
    invert_words(&y.0).1
}

/// `y⁻¹ mod p` for a non-zero `y < p` (plain integers), or `None` if the batches
/// run out; and the number of batches used.
fn invert_words(y: &[u64; 4]) -> (Option<[u64; 4]>, usize) {
    let (mut a, mut b) = (*y, P);
    let (mut u, mut v) = ([1u64, 0, 0, 0], [0u64; 4]);
    for batch in 0..MAX_BATCHES {
        if a == [0; 4] {
            return ((b == [1, 0, 0, 0]).then_some(v), batch);
        }
        // Approximations: exact below 64 bits; else the top 33 bits (of the longer
        // one's length) above the exact low 31 bits.
        let n = bit_len(&[a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]);
        let (mut xa, mut xb) = if n <= 64 {
            (a[0], b[0])
        } else {
            let low = (1u64 << BATCH) - 1;
            (
                (shr_word(&a, n - 33) << BATCH) | (a[0] & low),
                (shr_word(&b, n - 33) << BATCH) | (b[0] & low),
            )
        };
        // The factors, as wrapping two's complement words.
        let (mut f0, mut g0, mut f1, mut g1) = (1u64, 0u64, 0u64, 1u64);
        // Halve `a` while it is even, up to the batch's budget of steps.
        let mut steps = xa.trailing_zeros().min(BATCH);
        xa >>= steps;
        f1 <<= steps;
        g1 <<= steps;
        while steps < BATCH {
            // a is odd: (a, b) ← (|a − b|, min(a, b)), then halve the (even) a
            // as many times as it allows. One pass does the work of 2 steps on
            // average, and the factors follow the same moves.
            // Masks, not branches: the comparison is a coin toss.
            let m = u64::from(xa < xb).wrapping_neg();
            let d = xa.wrapping_sub(xb);
            let diff = (d ^ m).wrapping_sub(m);
            xb ^= (xa ^ xb) & m;
            let t = (f0 ^ f1) & m;
            f0 ^= t;
            f1 ^= t;
            let t = (g0 ^ g1) & m;
            g0 ^= t;
            g1 ^= t;
            f0 = f0.wrapping_sub(f1);
            g0 = g0.wrapping_sub(g1);
            let z = diff.trailing_zeros().min(BATCH - steps);
            xa = diff >> z;
            f1 <<= z;
            g1 <<= z;
            steps += z;
        }
        let (f0, g0, f1, g1) = (f0 as i64, g0 as i64, f1 as i64, g1 as i64);
        let (na, neg_a) = combine(&a, &b, f0, g0);
        let (nb, neg_b) = combine(&a, &b, f1, g1);
        // Negate a row of factors where its result was negated: (f ^ m) − m.
        let flip = |f: i64, m: u64| (f ^ m as i64).wrapping_sub(m as i64);
        let (f0, g0) = (flip(f0, neg_a), flip(g0, neg_a));
        let (f1, g1) = (flip(f1, neg_b), flip(g1, neg_b));
        let nu = combine_mod(&u, &v, f0, g0);
        let nv = combine_mod(&u, &v, f1, g1);
        (a, b, u, v) = (na, nb, nu, nv);
    }
    (None, MAX_BATCHES)
}
