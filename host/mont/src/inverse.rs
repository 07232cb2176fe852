//! Inversion and division in a prime field [`crate::Fp`] by a binary extended GCD on 64-bit approximations
//! (T. Pornin, "Optimized Binary GCD for Modular Inversion", 2020), in variable
//! time: inputs are public.
//!
//! The plain binary GCD (`a` odd: subtract the smaller from the larger; halve the
//! even one) needs about 2·254 steps on 256-bit numbers. Here 30 steps at a time run
//! on one machine word each for `a` and `b` — their low 30 bits, which are exact,
//! and their top 34 bits, which steer the comparisons — while recording the steps as
//! a 2×2 matrix of small signed factors. The matrix is then applied once to the full
//! numbers and to the Bézout coefficients `u, v` (with `a ≡ u·y/n`, `b ≡ v·y/n mod
//! p` throughout; the division by 2³⁰ of each batch is a Montgomery-style division
//! for `u` and `v`). When `a` reaches zero, `b = 1` and `v = n/y`: starting `u` at
//! `n` rather than 1 makes the GCD a division at no extra cost.
//!
//! What the measurements led to, beyond the paper's constant-time algorithm:
//!
//! - a run of zeros in `a` is halved away in one pass (`trailing_zeros`, counted
//!   on `a − b` before its absolute value is known and not capped on the loop's
//!   own dependency chain): three to four cycles per pass;
//! - a matrix row packs into one word (30 steps per batch keep the factors below
//!   2³¹), halving the loop's instructions, and the loop is compiled for BMI1/BMI2
//!   where the CPU has them;
//! - the loop stops as soon as `a` is zero;
//! - the numbers shrink as the GCD goes, and each batch works on the words they
//!   still use; once both fit one word the steps are exact and run 62 at a time;
//! - two batches' matrices are multiplied together before they touch `u, v`, which
//!   halves that work.
//!
//! At most 16 batches on every input the tests tried (on BN254's Fp, in
//! `zkhost-bn254`), the structured worst cases included.

use crate::fp::MontConfig;
use crate::words::{add_words, sub_words};

/// Steps per batch on approximations: the factors stay below 2³⁰ in absolute
/// value, so a row of two packs into one word ([`Packed`]).
const BATCH: u32 = 30;

/// Steps per batch once both numbers fit one word (exact, no approximation): the
/// factors reach 2⁶², in two words per row.
const EXACT_BATCH: u32 = 62;

/// More batches than any input needs (about 2·254/30 + 1): a guard, not a bound
/// the algorithm relies on.
const MAX_BATCHES: usize = 40;

/// The Montgomery words of `y⁻¹` from those of `y`, or `None` for zero.
#[inline]
pub(crate) fn invert<C: MontConfig>(y: &[u64; 4]) -> Option<[u64; 4]> {
    // `y` is the Montgomery word `y·R`; `R²/(y·R)` is `y⁻¹·R`, the Montgomery
    // form of the inverse, with no multiplication after the GCD.
    ratio::<C>(&C::R2, y)
}

/// `n·d⁻¹ mod p` on plain integers `n, d < p`, or `None` when `d = 0`: a division
/// for the price of an inversion, since the GCD's Bézout coefficient can start at
/// `n` instead of 1.
pub fn ratio<C: MontConfig>(n: &[u64; 4], d: &[u64; 4]) -> Option<[u64; 4]> {
    if *d == [0; 4] {
        return None;
    }
    match invert_words::<C>(n, d) {
        (Some(v), _) => Some(v),
        // Never seen (see `MAX_BATCHES`); if it ever happens, stay correct.
        (None, _) => {
            let inv = crate::Fp::<C>::from_mont(*d).inverse_fermat()?;
            // Fp(d)⁻¹ has the word d⁻¹·R²; times n, over R, is n·d⁻¹·R; once
            // more over R with 1 gives n·d⁻¹.
            let t = crate::mul(&inv.0, n, &C::MODULUS);
            Some(crate::mul(&t, &[1, 0, 0, 0], &C::MODULUS))
        }
    }
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

/// The low 256 bits of `t >> s`, `0 < s < 64`.
#[inline(always)]
fn shift_right(t: &[u64; 5], s: u32) -> [u64; 4] {
    [
        (t[0] >> s) | (t[1] << (64 - s)),
        (t[1] >> s) | (t[2] << (64 - s)),
        (t[2] >> s) | (t[3] << (64 - s)),
        (t[3] >> s) | (t[4] << (64 - s)),
    ]
}

/// `|x·f + y·g| / 2³⁰` for non-negative `x, y` below `2^(64·L)` and the batch
/// factors (the division is exact, and the result is below `2^(64·L)` too), and a
/// mask of all ones if the value was negative. Only the low `L` words are read.
#[inline(always)]
fn combine<const L: usize>(x: &[u64; 4], y: &[u64; 4], f: i64, g: i64) -> ([u64; 4], u64) {
    let mut t = [0u64; 5];
    let mut carry: i128 = 0;
    for i in 0..L {
        let acc = mul_signed(x[i], f) + mul_signed(y[i], g) + carry;
        t[i] = acc as u64;
        carry = acc >> 64;
    }
    t[L] = carry as u64;
    let m = ((t[L] as i64) >> 63) as u64;
    if m != 0 {
        let mut c = 1;
        for w in t.iter_mut().take(L + 1) {
            let (s, o) = (!*w).overflowing_add(c);
            *w = s;
            c = u64::from(o);
        }
    }
    let mut r = [0u64; 4];
    for i in 0..L {
        r[i] = (t[i] >> BATCH) | (t[i + 1] << (64 - BATCH));
    }
    (r, m)
}

/// `(u·f + v·g)·2⁻ˢ mod p` for `u, v < p` and `|f| + |g| ≤ 2ˢ`, `s < 64`, reduced
/// to `[0, p)`.
#[inline(always)]
fn combine_mod<C: MontConfig>(u: &[u64; 4], v: &[u64; 4], f: i64, g: i64, s: u32) -> [u64; 4] {
    // t = u·f + v·g, signed, |t| ≤ 2ˢ·p.
    let mut t = linear(u, v, f, g);
    // k·p with k ≡ −t·p⁻¹ (mod 2ˢ) makes t + k·p divisible by 2ˢ.
    // p⁻¹ mod 2⁶⁴ is the negated Montgomery constant.
    let k = t[0]
        .wrapping_mul(C::MODULUS.inv.wrapping_neg())
        .wrapping_neg()
        & ((1 << s) - 1);
    let mut c: u128 = 0;
    let p = C::P;
    #[allow(clippy::needless_range_loop)]
    for i in 0..4 {
        let acc = u128::from(t[i]) + u128::from(k) * u128::from(p[i]) + c;
        t[i] = acc as u64;
        c = acc >> 64;
    }
    t[4] = t[4].wrapping_add(c as u64);
    // (t + k·p) / 2ˢ lies in (−p, 2p); its low 256 bits are its two's complement.
    // Add p if negative, else subtract p if at least p. (Branches measured faster
    // here than masks: the signs are far from random.)
    let r = shift_right(&t, s);
    if (t[4] as i64) < 0 {
        add_words(&r, &C::P).0
    } else {
        let (d, borrow) = sub_words(&r, &C::P);
        if borrow {
            r
        } else {
            d
        }
    }
}

/// How many batches of steps inverting the element with Montgomery words `y`
/// takes: the work of an inversion, which the tests bound on the slowest inputs
/// they can construct.
pub fn batch_count<C: MontConfig>(y: &[u64; 4]) -> usize {
    invert_words::<C>(&C::R2, y).1
}

/// One row of a batch's matrix, `(f, g)` with `2^steps·x' = f·a + g·b` for `x'`
/// the row's number after the steps: the operations the steps apply to it.
trait Row: Copy {
    /// `(1, 0)`: a's row at the start.
    const A: Self;
    /// `(0, 1)`: b's row at the start.
    const B: Self;
    /// `self` where the mask is all ones, else `other`.
    fn select(self, other: Self, mask: u64) -> Self;
    /// `self − other`.
    fn sub(self, other: Self) -> Self;
    /// `self·2^z`.
    fn shl(self, z: u32) -> Self;
    /// `(f, g)`.
    fn factors(self) -> (i64, i64);
}

/// A row as two wrapping words: factors up to 2⁶², for the exact batches.
#[derive(Clone, Copy)]
struct Wide(u64, u64);

impl Row for Wide {
    const A: Self = Wide(1, 0);
    const B: Self = Wide(0, 1);
    #[inline(always)]
    fn select(self, other: Self, mask: u64) -> Self {
        Wide(
            other.0 ^ ((self.0 ^ other.0) & mask),
            other.1 ^ ((self.1 ^ other.1) & mask),
        )
    }
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Wide(self.0.wrapping_sub(other.0), self.1.wrapping_sub(other.1))
    }
    #[inline(always)]
    fn shl(self, z: u32) -> Self {
        Wide(self.0 << z, self.1 << z)
    }
    #[inline(always)]
    fn factors(self) -> (i64, i64) {
        (self.0 as i64, self.1 as i64)
    }
}

/// A row packed into one word, `f + g·2³²` (wrapping), for factors below 2³¹ in
/// absolute value: the steps are linear, so they act on the packed word as on
/// the pair, with half the instructions in the inner loop.
#[derive(Clone, Copy)]
struct Packed(u64);

impl Row for Packed {
    const A: Self = Packed(1);
    const B: Self = Packed(1 << 32);
    #[inline(always)]
    fn select(self, other: Self, mask: u64) -> Self {
        Packed(other.0 ^ ((self.0 ^ other.0) & mask))
    }
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Packed(self.0.wrapping_sub(other.0))
    }
    #[inline(always)]
    fn shl(self, z: u32) -> Self {
        Packed(self.0 << z)
    }
    #[inline(always)]
    fn factors(self) -> (i64, i64) {
        // The low half is f as a signed 32-bit value; what remains is g·2³².
        let f = i64::from(self.0 as u32 as i32);
        (f, (self.0.wrapping_sub(f as u64) as i64) >> 32)
    }
}

/// The result of a batch: `a` and `b` after it (meaningful when exact) and the
/// matrix rows that made them.
struct Steps {
    a: u64,
    b: u64,
    f0: i64,
    g0: i64,
    f1: i64,
    g1: i64,
}

/// `budget` steps of the binary GCD on the words `xa`, `xb` (`xb` odd): while `a`
/// is even halve it, else `(a, b) ← (|a − b|, min(a, b))`; recorded as a matrix
/// whose row sums stay below `2^budget` (`budget < 64`).
#[inline(always)]
fn steps<R: Row>(mut xa: u64, mut xb: u64, budget: u32) -> Steps {
    let (mut ra, mut rb) = (R::A, R::B);
    // Halve `a` while it is even, up to the budget.
    let mut steps = xa.trailing_zeros().min(budget);
    xa >>= steps;
    rb = rb.shl(steps);
    // `a` after the steps, exactly: the loop's own `xa` may be halved past the
    // budget on the last pass (see below).
    let mut last = xa;
    while steps < budget {
        // a is odd: (a, b) ← (|a − b|, min(a, b)), then halve the (even) a as many
        // times as it allows. One pass does the work of 2 steps on average, and
        // the rows follow the same moves. Selects, not branches: the comparison
        // is a coin toss.
        let lt = xa < xb;
        let m = u64::from(lt).wrapping_neg();
        let (d, nd) = (xa.wrapping_sub(xb), xb.wrapping_sub(xa));
        let diff = if lt { nd } else { d };
        xb = if lt { xa } else { xb };
        (ra, rb) = (rb.select(ra, m), ra.select(rb, m));
        ra = ra.sub(rb);
        // The dependency chain from one pass to the next is only a − b, its
        // trailing zeros (the same for ±d) and the shift: the count is not
        // capped at the budget there, since a pass that overshoots is the last;
        // the rows and `last` take the capped count.
        let z = d.trailing_zeros();
        let zc = z.min(budget - steps);
        last = diff >> zc;
        xa = diff.wrapping_shr(z);
        rb = rb.shl(zc);
        steps += z;
    }
    let ((f0, g0), (f1, g1)) = (ra.factors(), rb.factors());
    Steps {
        a: last,
        b: xb,
        f0,
        g0,
        f1,
        g1,
    }
}

/// `n·y⁻¹ mod p` for `n < p` and a non-zero `y < p` (plain integers), or `None` if
/// the batches run out; and the number of batches used.
fn invert_words<C: MontConfig>(n: &[u64; 4], y: &[u64; 4]) -> (Option<[u64; 4]>, usize) {
    #[cfg(target_arch = "x86_64")]
    if has_bmi() {
        // SAFETY: the CPU has BMI1 and BMI2 (checked just above).
        return unsafe { invert_words_bmi::<C>(n, y) };
    }
    invert_words_impl::<C>(n, y)
}

/// Whether the CPU has BMI1 and BMI2 (`tzcnt`, `shlx`, `shrx`): the inner loop,
/// which is bound by its instruction count as much as by its dependency chain,
/// runs faster compiled for them. Follows [`crate::has_adx`], which checks
/// BMI2 and honours `ZKHOST_PORTABLE_FIELD`, so the portable test runs the baseline
/// build of this code.
#[cfg(target_arch = "x86_64")]
fn has_bmi() -> bool {
    crate::has_adx() && std::is_x86_feature_detected!("bmi1")
}

/// [`invert_words`] compiled for BMI1 and BMI2.
///
/// # Safety
/// The CPU must have BMI1 and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2")]
unsafe fn invert_words_bmi<C: MontConfig>(n: &[u64; 4], y: &[u64; 4]) -> (Option<[u64; 4]>, usize) {
    invert_words_impl::<C>(n, y)
}

#[inline(always)]
fn invert_words_impl<C: MontConfig>(n: &[u64; 4], y: &[u64; 4]) -> (Option<[u64; 4]>, usize) {
    // a ≡ u·y/n and b ≡ v·y/n throughout: at the end b = 1 and v = n/y.
    let (mut a, mut b) = (*y, C::P);
    let (mut u, mut v) = (*n, [0u64; 4]);
    // The factors of an odd-numbered batch, not yet applied to `u, v`: they are
    // applied together with the next batch's, as one matrix of 60-bit factors,
    // which halves the work on `u, v`.
    let mut pending: Option<[i64; 4]> = None;
    for batch in 0..MAX_BATCHES {
        if a[0] | a[1] | a[2] | a[3] == 0 {
            if let Some([_, _, f1, g1]) = pending {
                v = combine_mod::<C>(&u, &v, f1, g1, BATCH);
            }
            return ((b == [1, 0, 0, 0]).then_some(v), batch);
        }
        let n = bit_len(&[a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]);
        if n <= 64 {
            // One word each: the steps are exact, so they need no approximation,
            // leave `a` and `b` as they are, and can run 62 at a time.
            let m = steps::<Wide>(a[0], b[0], EXACT_BATCH);
            (a, b) = ([m.a, 0, 0, 0], [m.b, 0, 0, 0]);
            if let Some([f0, g0, f1, g1]) = pending.take() {
                (u, v) = (
                    combine_mod::<C>(&u, &v, f0, g0, BATCH),
                    combine_mod::<C>(&u, &v, f1, g1, BATCH),
                );
            }
            let (f0, g0, f1, g1) = (m.f0, m.g0, m.f1, m.g1);
            (u, v) = (
                combine_mod::<C>(&u, &v, f0, g0, EXACT_BATCH),
                combine_mod::<C>(&u, &v, f1, g1, EXACT_BATCH),
            );
            continue;
        }
        // Approximations: the top 34 bits (of the longer one's length) above the
        // exact low 30 bits.
        let low = (1u64 << BATCH) - 1;
        let m = steps::<Packed>(
            (shr_word(&a, n - (64 - BATCH)) << BATCH) | (a[0] & low),
            (shr_word(&b, n - (64 - BATCH)) << BATCH) | (b[0] & low),
            BATCH,
        );
        let (f0, g0, f1, g1) = (m.f0, m.g0, m.f1, m.g1);
        // Only the words the numbers still use: they shrink as the GCD goes.
        let ((na, neg_a), (nb, neg_b)) = match n.div_ceil(64) {
            2 => (combine::<2>(&a, &b, f0, g0), combine::<2>(&a, &b, f1, g1)),
            3 => (combine::<3>(&a, &b, f0, g0), combine::<3>(&a, &b, f1, g1)),
            _ => (combine::<4>(&a, &b, f0, g0), combine::<4>(&a, &b, f1, g1)),
        };
        // Negate a row of factors where its result was negated: (f ^ m) − m.
        let flip = |f: i64, m: u64| (f ^ m as i64).wrapping_sub(m as i64);
        let (f0, g0) = (flip(f0, neg_a), flip(g0, neg_a));
        let (f1, g1) = (flip(f1, neg_b), flip(g1, neg_b));
        (a, b) = (na, nb);
        match pending.take() {
            None => pending = Some([f0, g0, f1, g1]),
            Some([e0, h0, e1, h1]) => {
                // This batch's matrix times the pending one; row sums stay within
                // 2³⁰·2³⁰, so the products fit.
                let (c0, d0) = (f0 * e0 + g0 * e1, f0 * h0 + g0 * h1);
                let (c1, d1) = (f1 * e0 + g1 * e1, f1 * h0 + g1 * h1);
                let nu = combine_mod::<C>(&u, &v, c0, d0, 2 * BATCH);
                let nv = combine_mod::<C>(&u, &v, c1, d1, 2 * BATCH);
                (u, v) = (nu, nv);
            }
        }
    }
    (None, MAX_BATCHES)
}
