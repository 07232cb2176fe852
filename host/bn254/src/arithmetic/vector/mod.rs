//! BN254's tower on AVX-512 IFMA lanes: the independent base-field products of each
//! tower operation computed eight at a time (issue 60).
//!
//! The base field is zkhost-mont's lane field ([`zkhost_mont::ifma`]: eight
//! elements per five `__m512i` of 52-bit limbs, Montgomery `R = 2²⁶⁰`). On it:
//!
//! - [`Fp2Lanes`]: eight Fp2 elements, a lane vector of real parts and one of
//!   imaginary parts, so that Fp2 arithmetic is lane by lane: a Karatsuba product
//!   is three lane products and no permutation;
//! - [`fp12::Fp12Lanes`]: one Fp12 element as six Fp2 lanes (lanes 6 and 7 idle),
//!   kept in that layout from operation to operation. Each operation gathers the
//!   operands of its Fp2 products into full eight-lane batches (the private `plan` module),
//!   multiplies, and combines the products with the same formulas as the scalar
//!   code, reducing once at the end (lazy reduction);
//! - [`pairing`]: the Miller loop and the final exponentiation with the
//!   accumulator in lanes (lines and the one inversion scalar).
//!
//! `examples/vector_parts.rs` times each against the scalar code. On an Intel
//! Xeon (family 6 model 207), thread CPU time, three sittings at 1b8e607: Fp12
//! product 0.31–0.41 of the scalar time, cyclotomic square 0.34–0.42, Miller loop
//! 0.55–0.64 at 1–4 pairs (bounded by the scalar line computation, about half of
//! its lane time), final exponentiation 0.43, pairing check 0.50–0.57.
//!
//! Every operation gives the same field element as the scalar one; converted back
//! ([`Fp2Lanes::to_fp2`], [`fp12::Fp12Lanes::to_fp12`]) the words are identical.
//! Values between operations are *reduced* in the sense of the lane field (below
//! `2p`, normalised limbs), never canonical: only the conversion back is.
//!
//! Everything here needs AVX-512F, VL and IFMA: the functions are
//! `#[target_feature]` (unsafe to call elsewhere), reached safely through a
//! [`zkhost_mont::ifma::Ifma`] token.

use core::arch::x86_64::*;

use zkhost_mont::ifma::{self, LaneConfig, Lanes};

use super::fp::{Fp, FpConfig};
use super::fp2::Fp2;

pub mod fp12;
pub mod pairing;
mod plan;

#[cfg(test)]
mod tests;

/// Eight base-field elements in lanes.
pub type FpLanes = Lanes<FpConfig>;

/// Eight Fp2 elements: lane `k` is `re[k] + im[k]·u`.
#[derive(Clone, Copy, Debug)]
pub struct Fp2Lanes {
    /// The real parts.
    pub re: FpLanes,
    /// The imaginary parts.
    pub im: FpLanes,
}

impl Fp2Lanes {
    /// Zero in every lane (no instruction needs AVX-512 to build it).
    #[inline(always)]
    pub fn zero() -> Fp2Lanes {
        let z = [[0u64; 8]; 5];
        Fp2Lanes {
            re: Lanes::from_arrays(&z),
            im: Lanes::from_arrays(&z),
        }
    }

    /// The ten limb vectors, real parts first.
    #[inline(always)]
    pub(crate) fn limbs(&self) -> [__m512i; 10] {
        let (r, i) = (&self.re.limbs, &self.im.limbs);
        [r[0], r[1], r[2], r[3], r[4], i[0], i[1], i[2], i[3], i[4]]
    }

    /// The inverse of [`Fp2Lanes::limbs`].
    #[inline(always)]
    pub(crate) fn from_limbs(l: &[__m512i; 10]) -> Fp2Lanes {
        Fp2Lanes {
            re: Lanes::new([l[0], l[1], l[2], l[3], l[4]]),
            im: Lanes::new([l[5], l[6], l[7], l[8], l[9]]),
        }
    }

    /// Eight scalar elements into lanes (reduced).
    ///
    /// # Safety
    ///
    /// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    pub fn from_fp2(x: &[Fp2; 8]) -> Fp2Lanes {
        Fp2Lanes {
            re: ifma::from_fp(&x.map(|e| e.c0)),
            im: ifma::from_fp(&x.map(|e| e.c1)),
        }
    }

    /// The eight elements, fully reduced: the scalar code's words exactly.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    pub fn to_fp2(&self) -> [Fp2; 8] {
        let (re, im): ([Fp; 8], [Fp; 8]) = (ifma::to_fp(&self.re), ifma::to_fp(&self.im));
        core::array::from_fn(|k| Fp2::new(re[k], im[k]))
    }
}

/// Both halves through one lane-field function.
#[inline(always)]
fn each(a: &Fp2Lanes, f: impl Fn(&FpLanes) -> FpLanes) -> Fp2Lanes {
    Fp2Lanes {
        re: f(&a.re),
        im: f(&a.im),
    }
}

/// `a + b`, limb by limb: a signed value for a later reduction.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn add(a: &Fp2Lanes, b: &Fp2Lanes) -> Fp2Lanes {
    Fp2Lanes {
        re: ifma::add(&a.re, &b.re),
        im: ifma::add(&a.im, &b.im),
    }
}

/// `a − b`, limb by limb (signed).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn sub(a: &Fp2Lanes, b: &Fp2Lanes) -> Fp2Lanes {
    Fp2Lanes {
        re: ifma::sub(&a.re, &b.re),
        im: ifma::sub(&a.im, &b.im),
    }
}

/// A signed value back to a reduced one ([`ifma::reduce`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub(crate) fn reduce(a: &Fp2Lanes) -> Fp2Lanes {
    each(a, |x| ifma::reduce(x))
}

/// A non-negative sum normalised for a product ([`ifma::carry`]).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub(crate) fn carry(a: &Fp2Lanes) -> Fp2Lanes {
    each(a, |x| ifma::carry(x))
}

/// `ξ·a = (9a₀ − a₁) + (a₀ + 9a₁)u`, limb by limb (signed).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub(crate) fn mul_xi_signed(a: &Fp2Lanes) -> Fp2Lanes {
    let nine = |x: &FpLanes| ifma::add(&ifma::shl::<3, FpConfig>(x), x);
    Fp2Lanes {
        re: ifma::sub(&nine(&a.re), &a.im),
        im: ifma::add(&nine(&a.im), &a.re),
    }
}

/// Eight Fp2 products by Karatsuba, left signed: `v₀ = a₀b₀`, `v₁ = a₁b₁`,
/// `s = (a₀ + a₁)(b₀ + b₁)`, then `v₀ − v₁` and `s − v₀ − v₁`: three lane products.
/// Inputs normalised with components below `8p` (sums of up to four reduced
/// elements): the products are below `1.8p` and `4.1p`, the outputs within
/// `±4.1p`, limbs within `±2⁵³`.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub(crate) fn mul_signed(a: &Fp2Lanes, b: &Fp2Lanes) -> Fp2Lanes {
    let v0 = ifma::mul(&a.re, &b.re);
    let v1 = ifma::mul(&a.im, &b.im);
    let s = ifma::mul(
        &ifma::carry(&ifma::add(&a.re, &a.im)),
        &ifma::carry(&ifma::add(&b.re, &b.im)),
    );
    Fp2Lanes {
        re: ifma::sub(&v0, &v1),
        im: ifma::sub(&ifma::sub(&s, &v0), &v1),
    }
}

/// Eight Fp2 products, reduced.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul(a: &Fp2Lanes, b: &Fp2Lanes) -> Fp2Lanes {
    reduce(&mul_signed(a, b))
}

/// Eight Fp2 squares, reduced without a reduction: `(a₀ + a₁)(a₀ − a₁ + 4p)` and
/// `(2a₀)·a₁`, two lane products of non-negative inputs below `8p`. Inputs
/// normalised with components below `4p` (reduced elements, or sums of two, as the
/// cyclotomic square's `x + y`): the outputs are below `1.8p`, reduced.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn square(a: &Fp2Lanes) -> Fp2Lanes {
    // a₀ + 4p − a₁ = (a₀ + 2p) + 2p − a₁: non-negative for a₁ below 4p.
    let two_p = ifma::constant::<FpConfig>(&FpConfig::P52.map(|l| 2 * l));
    Fp2Lanes {
        re: ifma::mul(
            &ifma::carry(&ifma::add(&a.re, &a.im)),
            &ifma::sub_normalised(&ifma::add(&a.re, &two_p), &a.im),
        ),
        im: ifma::mul(&ifma::carry(&ifma::add(&a.re, &a.re)), &a.im),
    }
}

/// The permutation indices of [`mul_narrow_signed`]: for each of the two batches,
/// where each lane's operand comes from (`vpermt2q` over real, imaginary) and
/// which lanes add the imaginary part (the Karatsuba sums).
const NARROW: ([[u64; 8]; 2], [u8; 2]) = {
    let mut index = [[0u64; 8]; 2];
    let mut sums = [0u8; 2];
    let mut o = 0;
    while o < 15 {
        let (i, kind) = ((o / 3) as u64, o % 3);
        let (j, lane) = (o / 8, o % 8);
        index[j][lane] = if kind == 1 { 8 + i } else { i };
        if kind == 2 {
            sums[j] |= 1 << lane;
        }
        o += 1;
    }
    (index, sums)
};

/// The Fp2 products of lanes `0..n` (`n ≤ 5`) with their `3n` base-field products
/// spread over one lane product (`n ≤ 2`) or two, where [`mul_signed`] takes three
/// whatever `n`: for the products left over when a tower operation's count is not
/// a multiple of eight. Signed output in lanes `0..n`, zero above; the bounds of
/// [`mul_signed`].
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub(crate) fn mul_narrow_signed(a: &Fp2Lanes, b: &Fp2Lanes, n: usize) -> Fp2Lanes {
    debug_assert!(n <= 5);
    let batches = if n <= 2 { 1 } else { 2 };
    let live = if 3 * n >= 16 {
        0xffff
    } else {
        (1u32 << (3 * n)) - 1
    };
    // The operands of batch j: lane l holds re, im or re + im of product (8j + l)/3.
    let operands = |x: &Fp2Lanes, j: usize| -> FpLanes {
        // SAFETY: the indices are 16-lane indices; `[u64; 8]` and `__m512i` have
        // the same size and every bit pattern is valid for both.
        let index = unsafe { core::mem::transmute::<[u64; 8], __m512i>(NARROW.0[j]) };
        let keep = (live >> (8 * j)) as u8;
        let sums = NARROW.1[j] & keep;
        let l = core::array::from_fn(|i| {
            let t = _mm512_maskz_permutex2var_epi64(keep, x.re.limbs[i], index, x.im.limbs[i]);
            let s = _mm512_maskz_permutexvar_epi64(sums, index, x.im.limbs[i]);
            _mm512_add_epi64(t, s)
        });
        ifma::carry(&Lanes::new(l))
    };
    let p0 = ifma::mul(&operands(a, 0), &operands(b, 0));
    let p1 = if batches == 2 {
        ifma::mul(&operands(a, 1), &operands(b, 1))
    } else {
        p0
    };
    // Gather v₀ (product 3i), v₁ (3i + 1) and s (3i + 2) of lane i from the two
    // batches.
    let out = (1u32 << n) as u8 - 1;
    let gather = |first: u64| -> FpLanes {
        let index: [u64; 8] = core::array::from_fn(|i| (3 * i as u64 + first) & 15);
        // SAFETY: as above.
        let index = unsafe { core::mem::transmute::<[u64; 8], __m512i>(index) };
        Lanes::new(core::array::from_fn(|i| {
            _mm512_maskz_permutex2var_epi64(out, p0.limbs[i], index, p1.limbs[i])
        }))
    };
    let (v0, v1, s) = (gather(0), gather(1), gather(2));
    Fp2Lanes {
        re: ifma::sub(&v0, &v1),
        im: ifma::sub(&ifma::sub(&s, &v0), &v1),
    }
}
