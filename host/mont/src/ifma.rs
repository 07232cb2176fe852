//! Eight independent field elements at once on AVX-512 IFMA: the lane field.
//!
//! [`Lanes<C>`] holds eight elements of the field `C` names, one per 64-bit lane of
//! five `__m512i`: element `k` is `Σ limbᵢ[k]·2⁵²ⁱ`, radix 2⁵². `vpmadd52luq` and
//! `vpmadd52huq` multiply eight pairs of 52-bit limbs per instruction, so one
//! Montgomery product ([`mul`]) makes eight field products with 105 such
//! instructions, where the scalar product of [`crate::mul`] is one dependent MULX
//! chain per element. It pays where a computation has eight (or close to eight)
//! independent products: the extension towers of pairings batch theirs.
//!
//! **Representation.** Values are Montgomery residues with `R = 2²⁶⁰` (five rounds
//! of 52 bits): element `a` is kept as some `x ≡ a·2²⁶⁰ (mod p)`, not necessarily
//! below p. [`Ifma::from_fp`] and [`Ifma::to_fp`] convert exactly from and to the
//! scalar [`Fp`] (Montgomery `2²⁵⁶`, fully reduced), by one lane product with a
//! constant each way and, on the way out, one conditional subtraction: every path
//! through the lanes ends in the same canonical words as the scalar code.
//!
//! **Bounds** (for moduli of 241 to 254 bits, checked at compile time; `p < 2²⁵⁴`
//! leaves six spare bits in 260):
//! - *normalised*: limbs 0–3 in `[0, 2⁵²)`, limb 4 in `[0, 2⁵²)`. The inputs of
//!   [`mul`] must be normalised (IFMA reads only the low 52 bits of a limb) with
//!   values whose product is below `2⁵¹⁹` (both below `2²⁵⁹·⁵`, e.g. sums of up to 16
//!   elements below `2p`); its output is normalised and below `a·b/2²⁶⁰ + p`: below
//!   `2p` for inputs below `2p`, below `4.1p` for inputs below `16p`.
//! - *reduced*: normalised and below `2p`. Elements stored between operations are
//!   reduced; [`from_fp`](Ifma::from_fp), [`mul`] of reduced inputs and [`reduce`]
//!   give reduced outputs.
//! - *signed*: any limbs with `|limbᵢ| < 2⁶²` and a value `V` (possibly negative)
//!   with `|V| < 4096p`: what additions, subtractions and small multiples of
//!   products make before [`reduce`] brings them back (lazy reduction: one
//!   reduction per linear combination instead of one per operation).
//!   [`carry`] normalises a non-negative sum for use as a product input.

use core::arch::x86_64::*;
use core::marker::PhantomData;

use crate::fp::{Fp, MontConfig};
use crate::words::{pow2_mod, reduce_once};

/// The mask of one 52-bit limb.
const MASK52: u64 = (1 << 52) - 1;

/// The offset [`reduce`] adds, `2¹²·p`, so that signed values down to `−4096p` come
/// out non-negative.
const OFFSET_SHIFT: u32 = 12;

/// The constants of the lane field, computed at compile time from the modulus of
/// any [`MontConfig`] (a blanket implementation: every configuration has them).
pub trait LaneConfig: MontConfig {
    /// `p` in five 52-bit limbs.
    const P52: [u64; 5] = {
        let n = bit_length(&Self::P);
        assert!(
            n >= 241 && n <= 254,
            "the lane field is for moduli of 241 to 254 bits"
        );
        limbs52(&Self::P)
    };
    /// `−p⁻¹ mod 2⁵²`, the Montgomery constant of radix 2⁵².
    const N0: u64 = Self::MODULUS.inv & MASK52;
    /// `2²⁶⁴ mod p`: the lane product of a scalar Montgomery word vector (`a·2²⁵⁶`)
    /// by it is `a·2²⁶⁰`, the lane form.
    const INTO: [u64; 5] = limbs52(&pow2_mod(&Self::P, 264));
    /// `2²⁵⁶ mod p`: the lane product of a lane value (`a·2²⁶⁰`) by it is `a·2²⁵⁶`,
    /// the scalar Montgomery form (below `2p`).
    const OUT: [u64; 5] = limbs52(&pow2_mod(&Self::P, 256));
    /// The shift `E` of [`reduce`]'s quotient estimate: `bits(p) − 221`, the largest
    /// for which [`LaneConfig::RECIP`] stays below `2⁵²`.
    const RECIP_SHIFT: u32 = bit_length(&Self::P) - 221;
    /// `⌊2^(272 + E)/p⌋`, below `2⁵²`: [`reduce`] estimates `⌊V/p⌋` as
    /// `⌊(V >> 220)·RECIP / 2^(52 + E)⌋`.
    const RECIP: u64 = reciprocal(&Self::P, 272 + Self::RECIP_SHIFT);
    /// `2¹²·p` in five limbs, limbs 0–3 normalised, limb 4 below `2⁵⁸`.
    const OFFSET: [u64; 5] = {
        let p = &Self::P;
        let s = OFFSET_SHIFT;
        let w = [
            p[0] << s,
            (p[1] << s) | (p[0] >> (64 - s)),
            (p[2] << s) | (p[1] >> (64 - s)),
            (p[3] << s) | (p[2] >> (64 - s)),
        ];
        let mut l = limbs52(&w);
        // The bits of p·2¹² above 256 go on top of limb 4.
        l[4] |= (p[3] >> (64 - s)) << 48;
        l
    };
}

impl<C: MontConfig> LaneConfig for C {}

/// The number of significant bits of a 4-word value.
const fn bit_length(w: &[u64; 4]) -> u32 {
    let mut i = 4;
    while i > 0 {
        i -= 1;
        if w[i] != 0 {
            return 64 * i as u32 + 64 - w[i].leading_zeros();
        }
    }
    0
}

/// A 256-bit value in five 52-bit limbs (limb 4 takes the top 48 bits).
const fn limbs52(w: &[u64; 4]) -> [u64; 5] {
    [
        w[0] & MASK52,
        ((w[0] >> 52) | (w[1] << 12)) & MASK52,
        ((w[1] >> 40) | (w[2] << 24)) & MASK52,
        ((w[2] >> 28) | (w[3] << 36)) & MASK52,
        w[3] >> 16,
    ]
}

/// Five 52-bit limbs (value below `2²⁵⁶`) as four words.
#[inline(always)]
fn words64(l: &[u64; 5]) -> [u64; 4] {
    [
        l[0] | (l[1] << 52),
        (l[1] >> 12) | (l[2] << 40),
        (l[2] >> 24) | (l[3] << 28),
        (l[3] >> 36) | (l[4] << 16),
    ]
}

/// `⌊2ᵏ/p⌋` for a quotient below `2⁶⁴` (`k ≤ 320`), bit by bit at compile time.
const fn reciprocal(p: &[u64; 4], k: u32) -> u64 {
    let mut q: u64 = 0;
    let mut bit = 64;
    while bit > 0 {
        bit -= 1;
        let t = q | (1 << bit);
        // t·p as six words, compared with 2ᵏ.
        let mut prod = [0u64; 6];
        let mut carry: u128 = 0;
        let mut i = 0;
        while i < 4 {
            let v = (t as u128) * (p[i] as u128) + carry;
            prod[i] = v as u64;
            carry = v >> 64;
            i += 1;
        }
        prod[4] = carry as u64;
        // 2ᵏ: word k/64, bit k%64.
        let (kw, kb) = ((k / 64) as usize, k % 64);
        let mut le = true; // prod ≤ 2ᵏ
        let mut j = 6;
        while j > 0 {
            j -= 1;
            let pw = if j == kw { 1u64 << kb } else { 0 };
            if prod[j] != pw {
                le = prod[j] < pw;
                break;
            }
        }
        if le {
            q = t;
        }
    }
    q
}

/// Eight elements of the field `C`, one per lane, in radix 2⁵² (see the module
/// documentation for the representation and the bounds each operation keeps).
pub struct Lanes<C> {
    /// The limbs, least significant first; lane `k` of each is element `k`'s.
    pub limbs: [__m512i; 5],
    _field: PhantomData<fn() -> C>,
}

impl<C> Clone for Lanes<C> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Lanes<C> {}

impl<C> core::fmt::Debug for Lanes<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Lanes")
            .field("limbs", &self.to_arrays())
            .finish()
    }
}

impl<C> Lanes<C> {
    /// The lanes whose limbs are `limbs`.
    #[inline(always)]
    pub const fn new(limbs: [__m512i; 5]) -> Self {
        Lanes {
            limbs,
            _field: PhantomData,
        }
    }

    /// The limbs as arrays, `[limb][lane]` (no field arithmetic: for inspection and
    /// conversion).
    #[inline]
    pub fn to_arrays(&self) -> [[u64; 8]; 5] {
        let mut out = [[0u64; 8]; 5];
        for (o, l) in out.iter_mut().zip(&self.limbs) {
            // SAFETY: `o` is 64 bytes, as many as one `__m512i`; the unaligned
            // store needs no alignment. `__m512i` is a plain 64-byte value whose
            // bits are 8 u64 lanes, lane k at bytes 8k..8k+8 (little endian).
            *o = unsafe { core::mem::transmute::<__m512i, [u64; 8]>(*l) };
        }
        out
    }

    /// The lanes whose limbs are the arrays `[limb][lane]`.
    #[inline]
    pub fn from_arrays(a: &[[u64; 8]; 5]) -> Self {
        // SAFETY: `[u64; 8]` and `__m512i` have the same size and every bit
        // pattern is valid for both.
        Lanes::new(a.map(|l| unsafe { core::mem::transmute::<[u64; 8], __m512i>(l) }))
    }
}

/// Proof that this CPU has AVX-512F, AVX-512VL and AVX-512 IFMA: the only way to
/// reach the lane arithmetic from safe code. Obtained from [`Ifma::detect`].
#[derive(Clone, Copy, Debug)]
pub struct Ifma {
    _private: (),
}

/// Setting this environment variable (to anything) makes [`Ifma::detect`] answer
/// `None` on every CPU, so that code with a lane path can be run on its scalar path
/// on an IFMA machine.
pub const NO_IFMA_ENV: &str = "ZKHOST_NO_IFMA";

impl Ifma {
    /// The token where the CPU has the features (and [`NO_IFMA_ENV`] is not set),
    /// else `None`. Detected once.
    pub fn detect() -> Option<Ifma> {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        let has = *HAS.get_or_init(|| {
            std::env::var_os(NO_IFMA_ENV).is_none()
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512ifma")
        });
        has.then_some(Ifma { _private: () })
    }

    /// Eight scalar elements into lanes (reduced): exact.
    #[inline]
    pub fn from_fp<C: MontConfig>(self, x: &[Fp<C>; 8]) -> Lanes<C> {
        // SAFETY: the token exists only where the CPU has the features.
        unsafe { from_fp(x) }
    }

    /// The eight lane elements as scalar elements, fully reduced: exact.
    #[inline]
    pub fn to_fp<C: MontConfig>(self, x: &Lanes<C>) -> [Fp<C>; 8] {
        // SAFETY: the token exists only where the CPU has the features.
        unsafe { to_fp(x) }
    }

    /// The lane product ([`mul`]).
    #[inline]
    pub fn mul<C: MontConfig>(self, a: &Lanes<C>, b: &Lanes<C>) -> Lanes<C> {
        // SAFETY: the token exists only where the CPU has the features.
        unsafe { mul(a, b) }
    }
}

/// The lane limbs of a scalar element, computed without AVX-512: `a·2²⁶⁰ mod p`
/// (the scalar product of `a·2²⁵⁶` by `16·2²⁵⁶`), canonical, in 52-bit limbs. For
/// constants built before or outside lane code.
pub fn lane_limbs<C: MontConfig>(x: &Fp<C>) -> [u64; 5] {
    limbs52(&x.mul(&Fp::from_u64(16)).0)
}

/// A vector with every lane `v`.
#[inline(always)]
fn splat(v: u64) -> __m512i {
    // SAFETY: no memory access; AVX-512F is enabled wherever the lane code is
    // inlined (every caller is a `target_feature` function).
    unsafe { _mm512_set1_epi64(v as i64) }
}

/// Eight scalar elements into lanes: their Montgomery words (`a·2²⁵⁶`, below p)
/// split into 52-bit limbs, then one lane product by `2²⁶⁴ mod p`. Reduced output
/// (below `p + p²/2²⁶⁰`).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn from_fp<C: MontConfig>(x: &[Fp<C>; 8]) -> Lanes<C> {
    let mut a = [[0u64; 8]; 5];
    for (k, e) in x.iter().enumerate() {
        let l = limbs52(&e.0);
        for i in 0..5 {
            a[i][k] = l[i];
        }
    }
    mul(&Lanes::from_arrays(&a), &constant(&C::INTO))
}

/// `x[k]·m[k]` into lanes, for factors prepared by [`scale_limbs`]: the
/// conversion of [`from_fp`] with a factor per lane in place of its constant, so
/// that a product by scalars on the way into lanes costs nothing. Reduced output.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn from_fp_scaled<C: MontConfig>(x: &[Fp<C>; 8], m: &Lanes<C>) -> Lanes<C> {
    let mut a = [[0u64; 8]; 5];
    for (k, e) in x.iter().enumerate() {
        let l = limbs52(&e.0);
        for i in 0..5 {
            a[i][k] = l[i];
        }
    }
    mul(&Lanes::from_arrays(&a), m)
}

/// The limbs of the factor `m` for [`from_fp_scaled`]: `m·2²⁶⁴ mod p` (the lane
/// product of `a·2²⁵⁶` by it is `a·m·2²⁶⁰`, the lane form of `a·m`), computed by
/// scalar code.
pub fn scale_limbs<C: MontConfig>(m: &Fp<C>) -> [u64; 5] {
    limbs52(&m.mul(&Fp::from_u64(256)).0)
}

/// The eight lane elements as scalar elements: one lane product by `2²⁵⁶ mod p`
/// (giving `a·2²⁵⁶`, below `2p`), then per lane a conditional subtraction of p.
/// Exact for any normalised input below `2²⁵⁹`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn to_fp<C: MontConfig>(x: &Lanes<C>) -> [Fp<C>; 8] {
    let y = mul(x, &constant(&C::OUT)).to_arrays();
    core::array::from_fn(|k| {
        let w = words64(&[y[0][k], y[1][k], y[2][k], y[3][k], y[4][k]]);
        Fp::from_mont(reduce_once(&w, &C::P))
    })
}

/// The same constant in every lane.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn constant<C>(l: &[u64; 5]) -> Lanes<C> {
    Lanes::new(l.map(splat))
}

/// Zero in every lane.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn zero<C>() -> Lanes<C> {
    Lanes::new([_mm512_setzero_si512(); 5])
}

/// `a·b·2⁻²⁶⁰ mod p` lane by lane: the 10-limb product (columns left unnormalised,
/// each below `2⁵⁷`), then five Montgomery rounds, each clearing one low limb with
/// a multiple of p and carrying it into the next, then one carry pass over the top
/// five limbs. Inputs normalised with `a·b < 2⁵¹⁹`; output normalised, below
/// `a·b/2²⁶⁰ + p`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul<C: MontConfig>(a: &Lanes<C>, b: &Lanes<C>) -> Lanes<C> {
    let (a, b) = (&a.limbs, &b.limbs);
    let z = _mm512_setzero_si512();
    let mut t = [z; 10];
    for i in 0..5 {
        for j in 0..5 {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[i], b[j]);
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a[i], b[j]);
        }
    }
    redc(t)
}

/// `a²` lane by lane: [`mul`] with the cross products computed once and doubled
/// (15 limb products instead of 25). Same bounds as [`mul`].
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn square<C: MontConfig>(a: &Lanes<C>) -> Lanes<C> {
    let a = &a.limbs;
    let z = _mm512_setzero_si512();
    let mut t = [z; 10];
    for i in 0..5 {
        for j in i + 1..5 {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[i], a[j]);
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a[i], a[j]);
        }
    }
    for c in t.iter_mut() {
        *c = _mm512_add_epi64(*c, *c);
    }
    for i in 0..5 {
        t[2 * i] = _mm512_madd52lo_epu64(t[2 * i], a[i], a[i]);
        t[2 * i + 1] = _mm512_madd52hi_epu64(t[2 * i + 1], a[i], a[i]);
    }
    redc(t)
}

/// Montgomery reduction of ten unnormalised columns (each below `2⁵⁸`, value below
/// `2⁵¹⁹`): `t·2⁻²⁶⁰ mod p`, normalised, below `t/2²⁶⁰ + p`.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
fn redc<C: MontConfig>(mut t: [__m512i; 10]) -> Lanes<C> {
    let z = _mm512_setzero_si512();
    let p = C::P52.map(splat);
    let n0 = splat(C::N0);
    for i in 0..5 {
        // m = t·(−p⁻¹) mod 2⁵² makes the low limb of t + m·p zero; IFMA reads the
        // low 52 bits of the unnormalised column, all that m depends on.
        let m = _mm512_madd52lo_epu64(z, t[i], n0);
        for j in 0..5 {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], m, p[j]);
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], m, p[j]);
        }
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64::<52>(t[i]));
    }
    let mask = splat(MASK52);
    for i in 5..9 {
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64::<52>(t[i]));
        t[i] = _mm512_and_si512(t[i], mask);
    }
    Lanes::new([t[5], t[6], t[7], t[8], t[9]])
}

/// `a + b`, limb by limb, no carry (signed or, for a product input, followed by
/// [`carry`]).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn add<C>(a: &Lanes<C>, b: &Lanes<C>) -> Lanes<C> {
    Lanes::new(core::array::from_fn(|i| {
        _mm512_add_epi64(a.limbs[i], b.limbs[i])
    }))
}

/// `a − b`, limb by limb, no borrow: a signed value for [`reduce`].
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn sub<C>(a: &Lanes<C>, b: &Lanes<C>) -> Lanes<C> {
    Lanes::new(core::array::from_fn(|i| {
        _mm512_sub_epi64(a.limbs[i], b.limbs[i])
    }))
}

/// `2ᵏ·a`, limb by limb (signed).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn shl<const K: u32, C>(a: &Lanes<C>) -> Lanes<C> {
    Lanes::new(core::array::from_fn(|i| _mm512_slli_epi64::<K>(a.limbs[i])))
}

/// `a + 2p − b` for reduced `b`, normalised: non-negative, a product input (below
/// `a + 2p`).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn sub_normalised<C: MontConfig>(a: &Lanes<C>, b: &Lanes<C>) -> Lanes<C> {
    let two_p = C::P52.map(|l| splat(2 * l));
    let mut l: [__m512i; 5] = core::array::from_fn(|i| {
        _mm512_sub_epi64(_mm512_add_epi64(a.limbs[i], two_p[i]), b.limbs[i])
    });
    carry_signed(&mut l);
    Lanes::new(l)
}

/// A non-negative value with limbs below `2⁶³`, normalised (unsigned carries): a
/// sum of reduced elements made ready for [`mul`].
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn carry<C>(a: &Lanes<C>) -> Lanes<C> {
    let mask = splat(MASK52);
    let mut l = a.limbs;
    for i in 0..4 {
        l[i + 1] = _mm512_add_epi64(l[i + 1], _mm512_srli_epi64::<52>(l[i]));
        l[i] = _mm512_and_si512(l[i], mask);
    }
    Lanes::new(l)
}

/// Carries with arithmetic shifts: limbs 0–3 into `[0, 2⁵²)`, limb 4 the rest
/// (signed).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
fn carry_signed(l: &mut [__m512i; 5]) {
    let mask = splat(MASK52);
    for i in 0..4 {
        l[i + 1] = _mm512_add_epi64(l[i + 1], _mm512_srai_epi64::<52>(l[i]));
        l[i] = _mm512_and_si512(l[i], mask);
    }
}

/// A signed value (`|V| < 4096p`, limbs below `2⁶²` in absolute value) brought
/// back to a reduced one congruent to it: add `4096p` (now `0 ≤ V' < 8192p <
/// 2²⁶⁷`), carry, estimate `q = ⌊V'/p⌋` from the top 47 bits by one IFMA product
/// with [`LaneConfig::RECIP`] (never above it, at most one below), subtract `q·p`.
/// The result is below `p + 2²²¹`, normalised.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn reduce<C: MontConfig>(a: &Lanes<C>) -> Lanes<C> {
    let z = _mm512_setzero_si512();
    let offset = C::OFFSET.map(splat);
    let mut l: [__m512i; 5] = core::array::from_fn(|i| _mm512_add_epi64(a.limbs[i], offset[i]));
    carry_signed(&mut l);
    // V' < 2²⁶⁷: limb 4 below 2⁵⁹, its top part (V' >> 220) below 2⁴⁷.
    let top = _mm512_srli_epi64::<12>(l[4]);
    let q = _mm512_madd52hi_epu64(z, top, splat(C::RECIP));
    let q = _mm512_srlv_epi64(q, splat(u64::from(C::RECIP_SHIFT)));
    let p = C::P52.map(splat);
    for j in 0..5 {
        l[j] = _mm512_sub_epi64(l[j], _mm512_madd52lo_epu64(z, q, p[j]));
        let hi = _mm512_madd52hi_epu64(z, q, p[j]);
        if j < 4 {
            l[j + 1] = _mm512_sub_epi64(l[j + 1], hi);
        } else {
            // Above limb 4: its weight is 2²⁶⁰, 2⁵² in limb 4's units; the true
            // result is below 2²⁵⁵, so the wrap of limb 4 modulo 2⁶⁴ is harmless.
            l[4] = _mm512_sub_epi64(l[4], _mm512_slli_epi64::<52>(hi));
        }
    }
    carry_signed(&mut l);
    Lanes::new(l)
}

/// `−a`, limb by limb: a signed value ([`reduce`] or a later sum takes it back).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA ([`Ifma::detect`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn neg<C>(a: &Lanes<C>) -> Lanes<C> {
    let z = _mm512_setzero_si512();
    Lanes::new(core::array::from_fn(|i| _mm512_sub_epi64(z, a.limbs[i])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::sub_words;
    use rand::{Rng, SeedableRng};

    /// BN254's base field.
    struct Bn254Fq;
    impl MontConfig for Bn254Fq {
        const P: [u64; 4] = [
            0x3c20_8c16_d87c_fd47,
            0x9781_6a91_6871_ca8d,
            0xb850_45b6_8181_585d,
            0x3064_4e72_e131_a029,
        ];
    }
    /// BN254's scalar field: a second modulus, for the genericity.
    struct Bn254Fr;
    impl MontConfig for Bn254Fr {
        const P: [u64; 4] = [
            0x43e1_f593_f000_0001,
            0x2833_e848_79b9_7091,
            0xb850_45b6_8181_585d,
            0x3064_4e72_e131_a029,
        ];
    }
    /// A 241-bit prime, the smallest size the lane field takes (2²⁴⁰ + 115, prime).
    struct Small;
    impl MontConfig for Small {
        const P: [u64; 4] = [115, 0, 0, 1 << 48];
    }

    fn random<C: MontConfig>(rng: &mut impl Rng) -> Fp<C> {
        loop {
            let w = [
                rng.gen(),
                rng.gen(),
                rng.gen(),
                rng.gen::<u64>() >> C::P[3].leading_zeros(),
            ];
            if let Some(x) = Fp::from_words(&w) {
                return x;
            }
        }
    }

    /// The edges: 0, 1, 2, −1, −2, and the elements whose Montgomery words are
    /// 0…01, p − 1 and the largest multiple of 2⁵² below p (limb patterns).
    fn edges<C: MontConfig>() -> Vec<Fp<C>> {
        let one = Fp::<C>::ONE;
        let two = one.add(&one);
        let mut big = sub_words(&C::P, &[1, 0, 0, 0]).0;
        let top = big;
        big[0] &= !MASK52;
        vec![
            Fp::ZERO,
            one,
            two,
            one.neg(),
            two.neg(),
            Fp::from_mont([1, 0, 0, 0]),
            Fp::from_mont(top),
            Fp::from_mont(big),
        ]
    }

    /// Sets of eight inputs: the edges against each other, then random ones.
    fn batches<C: MontConfig>(seed: u64, n: usize) -> Vec<[Fp<C>; 8]> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let e = edges::<C>();
        let mut out: Vec<[Fp<C>; 8]> = (0..e.len())
            .map(|r| core::array::from_fn(|k| e[(k + r) % e.len()]))
            .collect();
        out.extend((0..n).map(|_| core::array::from_fn(|_| random::<C>(&mut rng))));
        out
    }

    /// `x + k·p` lane by lane (normalised): the same element, a larger representative.
    fn lift<C: MontConfig>(x: &Lanes<C>, k: u64) -> Lanes<C> {
        // SAFETY: called only after detection.
        unsafe {
            let kp = constant::<C>(&C::P52.map(|l| k * l));
            carry(&add(x, &kp))
        }
    }

    fn products<C: MontConfig>(seed: u64) {
        let Some(t) = Ifma::detect() else {
            eprintln!("skipped: this CPU has no AVX-512 IFMA");
            return;
        };
        let all = batches::<C>(seed, 2000);
        for (i, a) in all.iter().enumerate() {
            let b = &all[(i * 7 + 3) % all.len()];
            let (la, lb) = (t.from_fp(a), t.from_fp(b));
            assert_eq!(&t.to_fp(&la), a, "round trip");
            let want: [Fp<C>; 8] = core::array::from_fn(|k| a[k].mul(&b[k]));
            assert_eq!(t.to_fp(&t.mul(&la, &lb)), want, "product");
            // SAFETY: the token says the CPU has the features.
            let sq = unsafe { square(&la) };
            assert_eq!(t.to_fp(&sq), a.map(|x| x.square()), "square");
            // Representatives up to 15p more (sums of up to 16 elements below p
            // and the like) give the same product, and below 2²⁵⁹ the largest.
            for (ka, kb) in [(1, 0), (15, 15), (0, 30), (31, 31)] {
                let p = t.mul(&lift(&la, ka), &lift(&lb, kb));
                assert_eq!(t.to_fp(&p), want, "product of lifted inputs {ka}, {kb}");
            }
            // Signed combinations: 8a − 300b + ab, reduced.
            let (eight, c300) = (Fp::<C>::from_u64(8), Fp::<C>::from_u64(300));
            let want: [Fp<C>; 8] = core::array::from_fn(|k| {
                a[k].mul(&eight).sub(&b[k].mul(&c300)).add(&a[k].mul(&b[k]))
            });
            // SAFETY: the token says the CPU has the features.
            let got = unsafe {
                let ab = mul(&la, &lb);
                let v = sub(&add(&shl::<3, C>(&la), &ab), &shl::<8, C>(&lb));
                let v = sub(&v, &add(&shl::<5, C>(&lb), &shl::<3, C>(&lb)));
                reduce(&sub(&v, &shl::<2, C>(&lb)))
            };
            assert_eq!(t.to_fp(&got), want, "reduced combination");
            // Near the extremes reduce accepts (±4096p): ±1024·(x + p), x < 2p.
            // SAFETY: the token says the CPU has the features.
            let (lo, hi) = unsafe {
                let x = lift(&la, 1);
                let big = shl::<10, C>(&x);
                (reduce(&neg(&big)), reduce(&big))
            };
            let f = Fp::<C>::from_u64(1024);
            assert_eq!(t.to_fp(&hi), a.map(|x| x.mul(&f)), "large positive");
            assert_eq!(t.to_fp(&lo), a.map(|x| x.mul(&f).neg()), "large negative");
            // sub_normalised: a + 2p − b.
            // SAFETY: the token says the CPU has the features.
            let d = unsafe { sub_normalised(&la, &lb) };
            let want: [Fp<C>; 8] = core::array::from_fn(|k| a[k].sub(&b[k]));
            assert_eq!(t.to_fp(&d), want, "difference");
            // The scalar conversion gives a representative of the same lanes.
            let mut limbs = [[0u64; 8]; 5];
            for (k, x) in a.iter().enumerate() {
                for (i, l) in lane_limbs(x).into_iter().enumerate() {
                    limbs[i][k] = l;
                }
            }
            assert_eq!(&t.to_fp(&Lanes::from_arrays(&limbs)), a, "lane_limbs");
            // Scaled conversion: a·b on the way in.
            let mut factors = [[0u64; 8]; 5];
            for (k, x) in b.iter().enumerate() {
                for (i, l) in scale_limbs(x).into_iter().enumerate() {
                    factors[i][k] = l;
                }
            }
            // SAFETY: the token says the CPU has the features.
            let scaled = unsafe { from_fp_scaled(a, &Lanes::from_arrays(&factors)) };
            let want: [Fp<C>; 8] = core::array::from_fn(|k| a[k].mul(&b[k]));
            assert_eq!(t.to_fp(&scaled), want, "scaled conversion");
        }
    }

    #[test]
    fn bn254_base_field() {
        products::<Bn254Fq>(1);
    }

    #[test]
    fn bn254_scalar_field() {
        products::<Bn254Fr>(2);
    }

    #[test]
    fn smallest_modulus() {
        products::<Small>(3);
    }

    #[test]
    fn constants() {
        assert_eq!(words64(&Bn254Fq::P52), Bn254Fq::P);
        assert_eq!(Bn254Fq::RECIP_SHIFT, 33);
        assert_eq!(reciprocal(&[7, 0, 0, 0], 6), 9);
        assert_eq!(reciprocal(&[1, 0, 0, 0], 63), 1 << 63);
        assert_eq!(
            Bn254Fq::N0.wrapping_mul(Bn254Fq::P[0]) & MASK52,
            MASK52,
            "N0 = −p⁻¹ mod 2⁵²"
        );
    }
}
