//! A prime field over a 4-word modulus, generic over a configuration that names the
//! modulus: [`Fp<C>`] for a [`MontConfig`] `C`, in the way arkworks has
//! `Fp<MontBackend<Config>>`. A configuration gives `p` only; the Montgomery
//! constants (`−p⁻¹ mod 2⁶⁴`, `2²⁵⁶ mod p`, `2⁵¹² mod p`, `p²`) and the tables of
//! [`Fp::linear`] are computed from it at compile time, once per field.
//!
//! Elements are four little-endian words in Montgomery form (`a·2²⁵⁶ mod p`), the
//! same words arkworks keeps, always fully reduced (`< p`). Every operation is
//! generic code monomorphised for its field, with the modulus a compile-time
//! constant: multiplication is [`crate::mul`] (MULX/ADX assembly where the CPU has
//! it, portable Rust elsewhere), addition and subtraction are short x86-64
//! assembly chains (portable Rust elsewhere), and inversion is the binary GCD of
//! [`crate::inverse`]. Constant time is not a goal: all inputs are public.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use crate::field::Field;
use crate::words::{
    add_words, be_words, below, masked, pow2_mod, reduce_once, square_words, sub_words,
    words_be_bytes,
};
use crate::Modulus;

/// A prime field's modulus, from which everything else is computed. `p` must be odd
/// and below `2²⁵⁵ − 2¹⁹²` (a spare top bit: [`Modulus::new`] checks it when the
/// field is first used).
pub trait MontConfig: 'static + Sized {
    /// `p`, little-endian words.
    const P: [u64; 4];
    /// `p` with its Montgomery constant `−p⁻¹ mod 2⁶⁴`.
    const MODULUS: Modulus = Modulus::new(Self::P);
    /// One in Montgomery form, `2²⁵⁶ mod p`.
    const ONE: [u64; 4] = pow2_mod(&Self::P, 256);
    /// `2⁵¹² mod p`: a multiplication by it converts into Montgomery form.
    const R2: [u64; 4] = pow2_mod(&Self::P, 512);
    /// `p²`, eight words: added to a difference of two 512-bit products of elements,
    /// it keeps the difference non-negative and below `2p² < p·2²⁵⁶`, a valid input
    /// of [`crate::redc_wide`], without a data-dependent correction.
    const P_SQUARED: [u64; 8] = square_words(&Self::P);
    /// The multiples `k·p` for `k` in 0..64, five words each ([`Fp::linear`]).
    const MULTIPLES: [[u64; 5]; 64] = multiples(&Self::P);
    /// For each `h < 1024`, the largest `k` with `k·p ≤ h·2²⁵⁰` ([`Fp::linear`]).
    const QUOTIENTS: [u8; 1024] = quotients(&Self::P, &Self::MULTIPLES);
}

/// An element of the field `C` names, in Montgomery form, `< p`.
pub struct Fp<C>(
    /// The Montgomery words `a·2²⁵⁶ mod p`, little-endian, below p. Code that writes
    /// them directly (the lazy reductions of extension fields) keeps them below p.
    pub [u64; 4],
    PhantomData<fn() -> C>,
);

// By hand rather than derived: a derive would ask the same of `C`, a marker type.
impl<C> Clone for Fp<C> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Fp<C> {}
impl<C> PartialEq for Fp<C> {
    #[inline(always)]
    fn eq(&self, b: &Self) -> bool {
        self.0 == b.0
    }
}
impl<C> Eq for Fp<C> {}
impl<C> Hash for Fp<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}
impl<C> Default for Fp<C> {
    fn default() -> Self {
        Fp([0; 4], PhantomData)
    }
}
impl<C> fmt::Debug for Fp<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Fp").field(&self.0).finish()
    }
}

impl<C: MontConfig> Fp<C> {
    /// Zero.
    pub const ZERO: Self = Fp([0; 4], PhantomData);
    /// One (`2²⁵⁶ mod p`).
    pub const ONE: Self = Fp(C::ONE, PhantomData);

    /// The element whose Montgomery words are `w` (which must be below p).
    #[inline(always)]
    pub const fn from_mont(w: [u64; 4]) -> Self {
        Fp(w, PhantomData)
    }

    /// The element whose canonical value is the little-endian `words`, or `None`
    /// when that value is not below `p` (no reduction).
    #[inline]
    pub fn from_words(words: &[u64; 4]) -> Option<Self> {
        below(words, &C::P).then(|| Self::from_mont(crate::mul(words, &C::R2, &C::MODULUS)))
    }

    /// The element whose canonical value is the 32-byte big-endian `bytes`, or
    /// `None` when that value is not below `p` (no reduction).
    #[inline]
    pub fn from_be_bytes(bytes: &[u8; 32]) -> Option<Self> {
        Self::from_words(&be_words(bytes))
    }

    /// A small integer.
    #[inline]
    pub fn from_u64(v: u64) -> Self {
        Self::from_mont(crate::mul(&[v, 0, 0, 0], &C::R2, &C::MODULUS))
    }

    /// The canonical value, little-endian words.
    #[inline]
    pub fn to_words(self) -> [u64; 4] {
        crate::redc(&self.0, &C::MODULUS)
    }

    /// The canonical value, 32 bytes big-endian.
    #[inline]
    pub fn to_be_bytes(self) -> [u8; 32] {
        words_be_bytes(&self.to_words())
    }

    /// Whether this is zero.
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.0 == [0; 4]
    }

    /// `self + b`.
    #[inline(always)]
    pub fn add(&self, b: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        return Self::from_mont(add_asm(&self.0, &b.0, &C::P));
        #[cfg(not(target_arch = "x86_64"))]
        return Self::from_mont(add_portable(&self.0, &b.0, &C::P));
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> Self {
        self.add(self)
    }

    /// `self − b`.
    #[inline(always)]
    pub fn sub(&self, b: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        return Self::from_mont(sub_asm(&self.0, &b.0, &C::P));
        #[cfg(not(target_arch = "x86_64"))]
        return Self::from_mont(sub_portable(&self.0, &b.0, &C::P));
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Self::ZERO.sub(self)
    }

    /// `self·b`.
    #[inline(always)]
    pub fn mul(&self, b: &Self) -> Self {
        Self::from_mont(crate::mul(&self.0, &b.0, &C::MODULUS))
    }

    /// `self²`.
    #[inline(always)]
    pub fn square(&self) -> Self {
        self.mul(self)
    }

    /// `(self + b)·(c + d)`, the two sums left unreduced (below 2p, which the
    /// multiplication accepts where `4p < 2²⁵⁶`): two conditional subtractions
    /// fewer than `self.add(b).mul(&c.add(d))`, for Karatsuba's middle products.
    #[inline(always)]
    pub fn sum_mul(&self, b: &Self, c: &Self, d: &Self) -> Self {
        const { assert!(C::P[3] >> 62 == 0, "sums below 2p need 4p < 2²⁵⁶") };
        let x = add_words(&self.0, &b.0).0;
        let y = add_words(&c.0, &d.0).0;
        Self::from_mont(crate::mul(&x, &y, &C::MODULUS))
    }

    /// `(self + b)·c`, the sum unreduced (see [`Fp::sum_mul`]).
    #[inline(always)]
    pub fn sum_mul_by(&self, b: &Self, c: &Self) -> Self {
        const { assert!(C::P[3] >> 62 == 0, "sums below 2p need 4p < 2²⁵⁶") };
        let x = add_words(&self.0, &b.0).0;
        Self::from_mont(crate::mul(&x, &c.0, &C::MODULUS))
    }

    /// `self/2`: `self` when even, else `self + p` (below `2²⁵⁶`), shifted right one
    /// bit — a multiple of p added to an even total, so the halving is exact. It is
    /// the same on Montgomery words as on values (halving is linear), and replaces a
    /// multiplication by `1/2`.
    #[inline(always)]
    pub fn halve(&self) -> Self {
        let a = &self.0;
        let mask = (a[0] & 1).wrapping_neg();
        let (t, _) = add_words(a, &masked(&C::P, mask));
        Self::from_mont([
            (t[0] >> 1) | (t[1] << 63),
            (t[1] >> 1) | (t[2] << 63),
            (t[2] >> 1) | (t[3] << 63),
            t[3] >> 1,
        ])
    }

    /// `Σ kᵢ·xᵢ` for small factors with `Σ kᵢ < 64`: the five-word sum (below
    /// `64p`) reduced once, by a table lookup on its top bits and one conditional
    /// subtraction, where a chain of modular additions reduces after every step.
    /// An `xᵢ` may be p itself, so that a negated term can enter as
    /// [`Fp::neg_unreduced`]. For moduli of 251 to 254 bits.
    #[inline(always)]
    pub fn linear<const N: usize>(terms: [(&Self, u64); N]) -> Self {
        debug_assert!(terms.iter().map(|t| t.1).sum::<u64>() < 64);
        let mut t = [0u64; 5];
        let mut carry: u128 = 0;
        for (i, word) in t.iter_mut().take(4).enumerate() {
            // Below 64·2⁶⁴: no overflow.
            let mut v = carry;
            for (x, k) in &terms {
                v += u128::from(x.0[i]) * u128::from(*k);
            }
            *word = v as u64;
            carry = v >> 64;
        }
        t[4] = carry as u64;
        Self::from_mont(reduce_small::<C>(&t))
    }

    /// `p − self` as words, not reduced: p for zero. For [`Fp::linear`], which
    /// takes values up to p.
    #[inline(always)]
    pub fn neg_unreduced(&self) -> Self {
        Self::from_mont(sub_words(&C::P, &self.0).0)
    }

    /// `1/self`, or `None` for zero: the binary GCD of [`crate::inverse`].
    #[inline]
    pub fn inverse(&self) -> Option<Self> {
        crate::inverse::invert::<C>(&self.0).map(Self::from_mont)
    }

    /// `1/self` by Fermat's little theorem, `self^(p−2)`: the slow, obviously
    /// correct inversion the fast one is tested against.
    pub fn inverse_fermat(&self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        let e = sub_words(&C::P, &[2, 0, 0, 0]).0;
        Some(Field::pow(self, &e))
    }
}

impl<C: MontConfig> Field for Fp<C> {
    const ZERO: Self = Fp::<C>::ZERO;
    const ONE: Self = Fp::<C>::ONE;
    #[inline(always)]
    fn add(&self, b: &Self) -> Self {
        Fp::add(self, b)
    }
    #[inline(always)]
    fn sub(&self, b: &Self) -> Self {
        Fp::sub(self, b)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp::double(self)
    }
    #[inline(always)]
    fn mul(&self, b: &Self) -> Self {
        Fp::mul(self, b)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp::square(self)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Fp::is_zero(self)
    }
    #[inline(always)]
    fn inverse(&self) -> Option<Self> {
        Fp::inverse(self)
    }
}

impl<C: MontConfig> core::ops::Add for Fp<C> {
    type Output = Self;
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        Fp::add(&self, &b)
    }
}
impl<C: MontConfig> core::ops::Sub for Fp<C> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        Fp::sub(&self, &b)
    }
}
impl<C: MontConfig> core::ops::Mul for Fp<C> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, b: Self) -> Self {
        Fp::mul(&self, &b)
    }
}
impl<C: MontConfig> core::ops::Neg for Fp<C> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Fp::neg(&self)
    }
}

/// `a + b mod p` for `a, b < p`, in plain Rust (other targets' [`Fp::add`]).
#[inline(always)]
pub fn add_portable(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4]) -> [u64; 4] {
    // Both are < p < 2²⁵⁵: the sum fits 256 bits.
    reduce_once(&add_words(a, b).0, p)
}

/// `a − b mod p` for `a, b < p`, in plain Rust (other targets' [`Fp::sub`]).
#[inline(always)]
pub fn sub_portable(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4]) -> [u64; 4] {
    let (d, borrow) = sub_words(a, b);
    add_words(&d, &masked(p, u64::from(borrow).wrapping_neg())).0
}

/// `a + b mod p` for `a, b < p < 2²⁵⁵` in x86-64 assembly: an `add`/`adc` chain, a
/// `sub`/`sbb` chain for the sum minus p, and `cmov`s — twenty instructions where
/// the compiler emits about thirty (with its constants built in registers).
/// Additions and subtractions are about a third of the time of an Fp6
/// multiplication of BN254. Baseline x86-64: no CPU feature to detect.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn add_asm(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: reads four words from each of `a`, `b` and `p`; writes only the
    // declared registers; no stack use.
    unsafe {
        core::arch::asm!(
            "mov {r0}, [{a}]",
            "add {r0}, [{b}]",
            "mov {r1}, [{a} + 8]",
            "adc {r1}, [{b} + 8]",
            "mov {r2}, [{a} + 16]",
            "adc {r2}, [{b} + 16]",
            "mov {r3}, [{a} + 24]",
            "adc {r3}, [{b} + 24]",
            "mov {s0}, {r0}",
            "sub {s0}, [{p}]",
            "mov {s1}, {r1}",
            "sbb {s1}, [{p} + 8]",
            "mov {s2}, {r2}",
            "sbb {s2}, [{p} + 16]",
            "mov {s3}, {r3}",
            "sbb {s3}, [{p} + 24]",
            // No borrow: the sum was at least p, keep the difference.
            "cmovnc {r0}, {s0}",
            "cmovnc {r1}, {s1}",
            "cmovnc {r2}, {s2}",
            "cmovnc {r3}, {s3}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
            r0 = out(reg) r0,
            r1 = out(reg) r1,
            r2 = out(reg) r2,
            r3 = out(reg) r3,
            s0 = out(reg) _,
            s1 = out(reg) _,
            s2 = out(reg) _,
            s3 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// `a − b mod p` in x86-64 assembly: a `sub`/`sbb` chain, then p masked by the
/// borrow added back with an `add`/`adc` chain.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn sub_asm(a: &[u64; 4], b: &[u64; 4], p: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: as in `add_asm`.
    unsafe {
        core::arch::asm!(
            "mov {r0}, [{a}]",
            "sub {r0}, [{b}]",
            "mov {r1}, [{a} + 8]",
            "sbb {r1}, [{b} + 8]",
            "mov {r2}, [{a} + 16]",
            "sbb {r2}, [{b} + 16]",
            "mov {r3}, [{a} + 24]",
            "sbb {r3}, [{b} + 24]",
            // m = −borrow: all ones when a < b.
            "sbb {m}, {m}",
            "mov {s0}, [{p}]",
            "and {s0}, {m}",
            "mov {s1}, [{p} + 8]",
            "and {s1}, {m}",
            "mov {s2}, [{p} + 16]",
            "and {s2}, {m}",
            "and {m}, [{p} + 24]",
            "add {r0}, {s0}",
            "adc {r1}, {s1}",
            "adc {r2}, {s2}",
            "adc {r3}, {m}",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            p = in(reg) p.as_ptr(),
            r0 = out(reg) r0,
            r1 = out(reg) r1,
            r2 = out(reg) r2,
            r3 = out(reg) r3,
            s0 = out(reg) _,
            s1 = out(reg) _,
            s2 = out(reg) _,
            m = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// The multiples `k·p` for `k` in 0..64, five words each.
const fn multiples(p: &[u64; 4]) -> [[u64; 5]; 64] {
    let mut m = [[0u64; 5]; 64];
    let mut k = 1;
    while k < 64 {
        let mut carry = 0u64;
        let mut i = 0;
        while i < 4 {
            let (x, c1) = m[k - 1][i].overflowing_add(p[i]);
            let (x, c2) = x.overflowing_add(carry);
            m[k][i] = x;
            carry = (c1 as u64) + (c2 as u64);
            i += 1;
        }
        m[k][4] = m[k - 1][4] + carry;
        k += 1;
    }
    m
}

/// For each `h < 1024`, the largest `k` with `k·p ≤ h·2²⁵⁰`: a value `t` whose top
/// bits `t >> 250` are h has `⌊t/p⌋` equal to k or k + 1, as `2²⁵⁰ < p`.
const fn quotients(p: &[u64; 4], multiples: &[[u64; 5]; 64]) -> [u8; 1024] {
    // 2²⁵⁰ ≤ p (so the quotient of a bucket is k or k + 1) and 4p < 2²⁵⁶ (so 64p
    // fits the ten bits of h).
    assert!(
        p[3] >> 58 != 0 && p[3] >> 62 == 0,
        "linear needs 2²⁵⁰ ≤ p < 2²⁵⁴"
    );
    let mut q = [0u8; 1024];
    let mut h = 0;
    while h < 1024 {
        // h·2²⁵⁰ as five words: bits 250.. are h.
        let v = [0u64, 0, 0, (h as u64) << 58, (h as u64) >> 6];
        let mut k = 0;
        while k + 1 < 64 && !greater(&multiples[k + 1], &v) {
            k += 1;
        }
        q[h] = k as u8;
        h += 1;
    }
    q
}

/// Whether `a > b` on five words.
const fn greater(a: &[u64; 5], b: &[u64; 5]) -> bool {
    let mut i = 5;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    false
}

/// `t mod p` for a five-word `t < 64p`: `t − k·p` for the k that t's top bits give
/// ([`MontConfig::QUOTIENTS`]), below 2p, then one conditional subtraction. A table
/// lookup on the value: fine here, where every input is public.
#[inline(always)]
pub fn reduce_small<C: MontConfig>(t: &[u64; 5]) -> [u64; 4] {
    // Below 64p < 2²⁶⁰: h < 2¹⁰.
    let h = (((t[4] << 6) | (t[3] >> 58)) & 1023) as usize;
    let kp = &C::MULTIPLES[usize::from(C::QUOTIENTS[h])];
    let (r, _) = sub_words(&[t[0], t[1], t[2], t[3]], &[kp[0], kp[1], kp[2], kp[3]]);
    // Below 2p < 2²⁵⁶: the fifth word of the difference is zero.
    reduce_once(&r, &C::P)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{BigInteger, PrimeField};
    use rand::SeedableRng;

    struct Bn254Fq;
    impl MontConfig for Bn254Fq {
        const P: [u64; 4] = <ark_bn254::Fq as PrimeField>::MODULUS.0;
    }
    struct Bn254Fr;
    impl MontConfig for Bn254Fr {
        const P: [u64; 4] = <ark_bn254::Fr as PrimeField>::MODULUS.0;
    }
    struct BandersnatchFq;
    impl MontConfig for BandersnatchFq {
        const P: [u64; 4] = <ark_ed_on_bls12_381_bandersnatch::Fq as PrimeField>::MODULUS.0;
    }

    /// Every operation against arkworks on the same Montgomery words: random
    /// elements and the edges (0, 1, −1, −2).
    fn agrees<C: MontConfig, A: PrimeField<BigInt = ark_ff::BigInt<4>>>() {
        let mine = |a: A| {
            Fp::<C>::from_be_bytes(&a.into_bigint().to_bytes_be().try_into().unwrap()).unwrap()
        };
        let theirs = |x: Fp<C>| A::from_be_bytes_mod_order(&x.to_be_bytes());
        assert_eq!(Fp::<C>::ONE, mine(A::ONE));
        // 2⁵¹² mod p is the Montgomery form of 2²⁵⁶.
        assert_eq!(theirs(Fp::from_mont(C::R2)), A::from(2u64).pow([256]));
        let mut rng = rand::rngs::StdRng::seed_from_u64(49);
        let mut xs = vec![A::ZERO, A::ONE, -A::ONE, -A::from(2u64)];
        xs.extend((0..2000).map(|_| A::rand(&mut rng)));
        for w in xs.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (x, y) = (mine(a), mine(b));
            assert_eq!(theirs(x), a, "round trip");
            assert_eq!(theirs(x.add(&y)), a + b);
            assert_eq!(theirs(x.sub(&y)), a - b);
            assert_eq!(theirs(x.mul(&y)), a * b);
            assert_eq!(theirs(x.neg()), -a);
            assert_eq!(theirs(x.double()), a.double());
            assert_eq!(theirs(x.halve().double()), a);
            assert_eq!(x.inverse(), x.inverse_fermat());
            assert_eq!(x.inverse().map(theirs), a.inverse());
            assert_eq!(add_portable(&x.0, &y.0, &C::P), x.add(&y).0);
            assert_eq!(sub_portable(&x.0, &y.0, &C::P), x.sub(&y).0);
        }
        assert_eq!(Fp::<C>::ZERO.neg_unreduced().0, C::P);
        assert_eq!(Fp::<C>::from_words(&C::P), None, "p itself is refused");
        assert_eq!(Fp::<C>::from_u64(1), Fp::<C>::ONE);
        assert_eq!(Fp::<C>::from_u64(7).to_words(), [7, 0, 0, 0]);
    }

    /// The operations that need `4p < 2²⁵⁶` (and `2²⁵⁰ ≤ p` for [`Fp::linear`]).
    fn small_modulus_agrees<C: MontConfig, A: PrimeField<BigInt = ark_ff::BigInt<4>>>() {
        let mine = |a: A| {
            Fp::<C>::from_be_bytes(&a.into_bigint().to_bytes_be().try_into().unwrap()).unwrap()
        };
        let theirs = |x: Fp<C>| A::from_be_bytes_mod_order(&x.to_be_bytes());
        let mut rng = rand::rngs::StdRng::seed_from_u64(50);
        let mut xs = vec![A::ZERO, A::ONE, -A::ONE, -A::from(2u64)];
        xs.extend((0..2000).map(|_| A::rand(&mut rng)));
        for w in xs.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (x, y) = (mine(a), mine(b));
            assert_eq!(theirs(x.sum_mul(&y, &y, &x)), (a + b) * (b + a));
            assert_eq!(theirs(x.sum_mul_by(&y, &y)), (a + b) * b);
            let l = Fp::linear([(&x, 9), (&y.neg_unreduced(), 1), (&y, 53)]);
            assert_eq!(theirs(l), a * A::from(9u64) + b * A::from(52u64));
            // The largest sum the table takes: 63·(p − 1).
            let big = Fp::linear([(&Fp::<C>::ZERO.neg_unreduced(), 62), (&x, 1)]);
            assert_eq!(theirs(big), a);
        }
    }

    #[test]
    fn fields_agree_with_arkworks() {
        agrees::<Bn254Fq, ark_bn254::Fq>();
        agrees::<Bn254Fr, ark_bn254::Fr>();
        agrees::<BandersnatchFq, ark_ed_on_bls12_381_bandersnatch::Fq>();
        small_modulus_agrees::<Bn254Fq, ark_bn254::Fq>();
        small_modulus_agrees::<Bn254Fr, ark_bn254::Fr>();
    }
}
