//! The base field Fp of BN254, `p = 36x⁴ + 36x³ + 24x² + 6x + 1` (254 bits).
//!
//! Elements are four little-endian words in Montgomery form (`a·2²⁵⁶ mod p`), the
//! same words arkworks keeps, always fully reduced (`< p`). Multiplication is
//! [`crate::mont::mul`] (MULX/ADX assembly where the CPU has it, portable Rust
//! elsewhere); Fp2 multiplication uses its two halves apart, the 512-bit products
//! and one reduction per coefficient (lazy reduction, see [`super::fp2`]); addition and subtraction use the two spare top bits of `p` so that no
//! sum overflows 256 bits. Inversion is a binary extended GCD ([`super::inverse`]).

use super::field::Field;
use crate::mont::{self, Modulus};

/// `p`, little-endian words.
pub(crate) const P: [u64; 4] = [
    0x3c20_8c16_d87c_fd47,
    0x9781_6a91_6871_ca8d,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
];

/// The modulus with its Montgomery constant.
pub(crate) const MODULUS: Modulus = Modulus::new(P);

/// `p²`, little-endian words: added to a difference of two 512-bit products of
/// elements, it keeps the difference non-negative and below `2p² < p·2²⁵⁶`, a valid
/// input of [`mont::redc_wide`], without a data-dependent correction.
pub(crate) const P_SQUARED: [u64; 8] = square_words(&P);

/// `a²` on 256-bit words (for constants).
const fn square_words(a: &[u64; 4]) -> [u64; 8] {
    let mut t = [0u64; 8];
    let mut i = 0;
    while i < 4 {
        let mut c: u128 = 0;
        let mut j = 0;
        while j < 4 {
            let x = (a[i] as u128) * (a[j] as u128) + (t[i + j] as u128) + c;
            t[i + j] = x as u64;
            c = x >> 64;
            j += 1;
        }
        t[i + 4] = c as u64;
        i += 1;
    }
    t
}

/// `2⁵¹² mod p`: multiplying by it converts into Montgomery form.
pub(crate) const R2: [u64; 4] = [
    0xf32c_fc5b_538a_fa89,
    0xb5e7_1911_d445_01fb,
    0x47ab_1eff_0a41_7ff6,
    0x06d8_9f71_cab8_351f,
];

/// An element of Fp in Montgomery form, `< p`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fp(pub(crate) [u64; 4]);

/// `a + b` on 256-bit words, with the carry out.
#[inline(always)]
pub(crate) fn add_words(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    let mut out = [0u64; 4];
    let mut carry = false;
    for i in 0..4 {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        out[i] = s;
        carry = c1 | c2;
    }
    (out, carry)
}

/// `a − b` on 256-bit words, with the borrow out.
#[inline(always)]
pub(crate) fn sub_words(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    let mut out = [0u64; 4];
    let mut borrow = false;
    for i in 0..4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        out[i] = d;
        borrow = b1 | b2;
    }
    (out, borrow)
}

/// `t − p` if `t ≥ p`, else `t`, for `t < 2p`.
#[inline(always)]
fn reduce_once(t: [u64; 4]) -> [u64; 4] {
    let (s, borrow) = sub_words(&t, &P);
    // Select without a branch: the comparison is unpredictable on random data.
    let mask = u64::from(borrow).wrapping_neg();
    [
        (t[0] & mask) | (s[0] & !mask),
        (t[1] & mask) | (s[1] & !mask),
        (t[2] & mask) | (s[2] & !mask),
        (t[3] & mask) | (s[3] & !mask),
    ]
}

impl Fp {
    /// Zero.
    pub const ZERO: Fp = Fp([0; 4]);
    /// One (`2²⁵⁶ mod p`).
    pub const ONE: Fp = Fp([
        0xd35d_438d_c58f_0d9d,
        0x0a78_eb28_f5c7_0b3d,
        0x666e_a36f_7879_462c,
        0x0e0a_77c1_9a07_df2f,
    ]);

    /// The element whose canonical value is the little-endian `words`, or `None`
    /// when that value is not below `p`.
    pub fn from_words(words: &[u64; 4]) -> Option<Fp> {
        below_p(words).then(|| Fp(mont::mul(words, &R2, &MODULUS)))
    }

    /// The element whose canonical value is the 32-byte big-endian `bytes`, or
    /// `None` when that value is not below `p` (no reduction).
    pub fn from_be_bytes(bytes: &[u8; 32]) -> Option<Fp> {
        Fp::from_words(&be_words(bytes))
    }

    /// A small integer.
    pub fn from_u64(v: u64) -> Fp {
        Fp(mont::mul(&[v, 0, 0, 0], &R2, &MODULUS))
    }

    /// The canonical value, little-endian words.
    pub fn to_words(self) -> [u64; 4] {
        mont::redc(&self.0, &MODULUS)
    }

    /// The canonical value, 32 bytes big-endian.
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
    pub fn add(&self, b: &Fp) -> Fp {
        #[cfg(target_arch = "x86_64")]
        return Fp(add_asm(&self.0, &b.0));
        #[cfg(not(target_arch = "x86_64"))]
        return Fp(add_portable(&self.0, &b.0));
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> Fp {
        self.add(self)
    }

    /// `self − b`.
    #[inline(always)]
    pub fn sub(&self, b: &Fp) -> Fp {
        #[cfg(target_arch = "x86_64")]
        return Fp(sub_asm(&self.0, &b.0));
        #[cfg(not(target_arch = "x86_64"))]
        return Fp(sub_portable(&self.0, &b.0));
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Fp {
        Fp::ZERO.sub(self)
    }

    /// `(self + b)·(c + d)`, the two sums left unreduced (below 2p, which the
    /// multiplication accepts): two conditional subtractions fewer than
    /// `self.add(b).mul(&c.add(d))`, for Karatsuba's middle products.
    #[inline(always)]
    pub fn sum_mul(&self, b: &Fp, c: &Fp, d: &Fp) -> Fp {
        let x = add_words(&self.0, &b.0).0;
        let y = add_words(&c.0, &d.0).0;
        Fp(mont::mul(&x, &y, &MODULUS))
    }

    /// `(self + b)·c`, the sum unreduced (see [`Fp::sum_mul`]).
    #[inline(always)]
    pub fn sum_mul_by(&self, b: &Fp, c: &Fp) -> Fp {
        let x = add_words(&self.0, &b.0).0;
        Fp(mont::mul(&x, &c.0, &MODULUS))
    }

    /// `self/2`: `self` when even, else `self + p` (below `2²⁵⁵`), shifted right one
    /// bit — a multiple of p added to an even total, so the halving is exact. It is
    /// the same on Montgomery words as on values (halving is linear), and replaces a
    /// multiplication by `1/2`.
    #[inline(always)]
    pub fn halve(&self) -> Fp {
        let a = &self.0;
        let mask = (a[0] & 1).wrapping_neg();
        let (t, _) = add_words(a, &[P[0] & mask, P[1] & mask, P[2] & mask, P[3] & mask]);
        Fp([
            (t[0] >> 1) | (t[1] << 63),
            (t[1] >> 1) | (t[2] << 63),
            (t[2] >> 1) | (t[3] << 63),
            t[3] >> 1,
        ])
    }

    /// `Σ kᵢ·xᵢ` for small factors with `Σ kᵢ < 64`: the five-word sum (below
    /// `64p`) reduced once by [`reduce_small`], where a chain of modular additions
    /// reduces after every step. An `xᵢ` may be p itself, so that a negated term
    /// can enter as [`Fp::neg_unreduced`].
    #[inline(always)]
    pub fn linear<const N: usize>(terms: [(&Fp, u64); N]) -> Fp {
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
        Fp(reduce_small(&t))
    }

    /// `p − self` as words, not reduced: p for zero. For [`Fp::linear`], which
    /// takes values up to p.
    #[inline(always)]
    pub fn neg_unreduced(&self) -> Fp {
        Fp(sub_words(&P, &self.0).0)
    }

    /// `self·b`.
    #[inline(always)]
    pub fn mul(&self, b: &Fp) -> Fp {
        Fp(mont::mul(&self.0, &b.0, &MODULUS))
    }

    /// `self²`.
    #[inline(always)]
    pub fn square(&self) -> Fp {
        self.mul(self)
    }

    /// `1/self`, or `None` for zero.
    pub fn inverse(&self) -> Option<Fp> {
        super::inverse::invert(self)
    }

    /// `1/self` by Fermat's little theorem, `self^(p−2)`: the slow, obviously
    /// correct inversion the fast one is tested against.
    pub fn inverse_fermat(&self) -> Option<Fp> {
        if self.is_zero() {
            return None;
        }
        let mut e = P;
        e[0] -= 2;
        Some(self.pow(&e))
    }
}

/// `a + b mod p` for `a, b < p`, in plain Rust.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn add_portable(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    // Both are < p < 2²⁵⁴: the sum fits 256 bits.
    reduce_once(add_words(a, b).0)
}

/// `a − b mod p` for `a, b < p`, in plain Rust.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn sub_portable(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (d, borrow) = sub_words(a, b);
    let mask = u64::from(borrow).wrapping_neg();
    let corr = [P[0] & mask, P[1] & mask, P[2] & mask, P[3] & mask];
    add_words(&d, &corr).0
}

/// [`add_portable`] in x86-64 assembly: an `add`/`adc` chain, a `sub`/`sbb` chain
/// for the sum minus p, and `cmov`s — twenty instructions where the compiler emits
/// about thirty (with its constants built in registers). Additions and subtractions
/// are about a third of the time of an Fp6 multiplication. Baseline x86-64: no CPU
/// feature to detect.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn add_asm(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: reads four words from each of `a`, `b` and `P`; writes only the
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
            p = in(reg) P.as_ptr(),
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

/// [`sub_portable`] in x86-64 assembly: a `sub`/`sbb` chain, then p masked by the
/// borrow added back with an `add`/`adc` chain.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn sub_asm(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
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
            p = in(reg) P.as_ptr(),
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
const MULTIPLES: [[u64; 5]; 64] = {
    let mut m = [[0u64; 5]; 64];
    let mut k = 1;
    while k < 64 {
        let mut carry = 0u64;
        let mut i = 0;
        while i < 4 {
            let (x, c1) = m[k - 1][i].overflowing_add(P[i]);
            let (x, c2) = x.overflowing_add(carry);
            m[k][i] = x;
            carry = (c1 as u64) + (c2 as u64);
            i += 1;
        }
        m[k][4] = m[k - 1][4] + carry;
        k += 1;
    }
    m
};

/// For each `h < 1024`, the largest `k` with `k·p ≤ h·2²⁵⁰`: a value `t` whose top
/// bits `t >> 250` are h has `⌊t/p⌋` equal to k or k + 1, as `2²⁵⁰ < p`.
const QUOTIENTS: [u8; 1024] = {
    let mut q = [0u8; 1024];
    let mut h = 0;
    while h < 1024 {
        // h·2²⁵⁰ as five words: bits 250.. are h.
        let v = [0u64, 0, 0, (h as u64) << 58, (h as u64) >> 6];
        let mut k = 0;
        while k + 1 < 64 && !greater(&MULTIPLES[k + 1], &v) {
            k += 1;
        }
        q[h] = k as u8;
        h += 1;
    }
    q
};

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
/// ([`QUOTIENTS`]), below 2p, then one conditional subtraction. A table lookup on
/// the value: fine here, where every input is public.
#[inline(always)]
pub(crate) fn reduce_small(t: &[u64; 5]) -> [u64; 4] {
    // Below 64p < 2²⁶⁰: h < 2¹⁰.
    let h = (((t[4] << 6) | (t[3] >> 58)) & 1023) as usize;
    let kp = &MULTIPLES[usize::from(QUOTIENTS[h])];
    let (r, _) = sub_words(&[t[0], t[1], t[2], t[3]], &[kp[0], kp[1], kp[2], kp[3]]);
    // Below 2p < 2²⁵⁶: the fifth word of the difference is zero.
    reduce_once(r)
}

/// Whether the little-endian `words` are a canonical value, below p (`w − p`
/// borrows exactly then).
pub(crate) fn below_p(words: &[u64; 4]) -> bool {
    sub_words(words, &P).1
}

/// 32 big-endian bytes as little-endian words.
pub(crate) fn be_words(bytes: &[u8; 32]) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (i, word) in w.iter_mut().enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[24 - 8 * i..32 - 8 * i]);
        *word = u64::from_be_bytes(b);
    }
    w
}

/// Little-endian words as 32 big-endian bytes.
pub(crate) fn words_be_bytes(w: &[u64; 4]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, word) in w.iter().enumerate() {
        out[24 - 8 * i..32 - 8 * i].copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// `+`, `−`, `·` and unary `−` by value, through a type's inherent `add`, `sub`, `mul`
/// and `neg` (all field types here are small `Copy` values).
macro_rules! impl_ops {
    ($t:ty) => {
        impl core::ops::Add for $t {
            type Output = $t;
            #[inline(always)]
            fn add(self, b: $t) -> $t {
                <$t>::add(&self, &b)
            }
        }
        impl core::ops::Sub for $t {
            type Output = $t;
            #[inline(always)]
            fn sub(self, b: $t) -> $t {
                <$t>::sub(&self, &b)
            }
        }
        impl core::ops::Mul for $t {
            type Output = $t;
            #[inline(always)]
            fn mul(self, b: $t) -> $t {
                <$t>::mul(&self, &b)
            }
        }
        impl core::ops::Neg for $t {
            type Output = $t;
            #[inline(always)]
            fn neg(self) -> $t {
                <$t>::neg(&self)
            }
        }
    };
}
pub(crate) use impl_ops;

impl_ops!(Fp);
