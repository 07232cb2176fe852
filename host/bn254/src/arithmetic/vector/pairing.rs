//! The Miller loop and the final exponentiation with the Fp12 accumulator in lanes.
//!
//! The same algorithms as [`super::super::pairing`], step for step: the loop over
//! the NAF digits of `6x + 2` with T in homogeneous projective coordinates and the
//! lines of Costello, Lange and Naehrig, folded two at a time
//! ([`vf::mul_034_by_034`] then [`vf::mul_by_01234`]); the final exponentiation
//! by the chain of Fuentes-Castañeda, Knapp and Rodríguez-Henríquez with a
//! width-4 signed window for the powers of x. What moves to lanes is every
//! operation on the accumulator f (squares, line products, cyclotomic squares,
//! Frobenius maps); the lines themselves (G2 arithmetic over Fp2) and the one
//! inversion stay scalar. Lines enter the lanes two at a time, one conversion per
//! pair of lines, which also evaluates them at their G1 points (a factor per lane,
//! [`ifma::from_fp_scaled`]).
//!
//! The results are the scalar ones exactly (field arithmetic is exact, and the
//! lines are computed by the same formulas, so they are the same elements).

use std::sync::OnceLock;

use super::super::fp::Fp;
use super::super::fp12::Fp12;
use super::super::fp2::Fp2;
use super::super::fp6::Fp6;
use super::super::g1::G1Affine;
#[cfg(any(test, feature = "internals"))]
use super::super::g2::G2Affine;
use super::super::pairing::{loop_constants, steps, Line, LineSource, MillerOutput, PairG2, Step};
use super::super::{wnaf, BN_X};
use super::fp12::{self as vf, Fp12Lanes};
use super::{Fp2Lanes, FpLanes};
use zkhost_mont::ifma::{self, Ifma};

/// A line with the factors that evaluate it at its G1 point on the way into lanes:
/// the scale limbs ([`ifma::scale_limbs`]) of `y_P`, `x_P` and 1.
type Pending = (Line, [[u64; 5]; 3]);

/// The lines of `lines` (at most two) into lanes, evaluated at their points: line
/// `i` in lanes `3i..3i + 3`, `(c0·y_P, c1·x_P, c2)`, by one scaled conversion per
/// half.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn evaluate_into_lanes(lines: &[Pending]) -> Fp2Lanes {
    let mut coefficients = [Fp2::ZERO; 8];
    let mut factors = [[0u64; 8]; 5];
    for (i, ((c0, c1, c2), m)) in lines.iter().enumerate() {
        coefficients[3 * i..3 * i + 3].copy_from_slice(&[*c0, *c1, *c2]);
        for (j, limbs) in m.iter().enumerate() {
            for (l, &v) in limbs.iter().enumerate() {
                factors[l][3 * i + j] = v;
            }
        }
    }
    let factors = FpLanes::from_arrays(&factors);
    Fp2Lanes {
        re: ifma::from_fp_scaled(&coefficients.map(|c| c.c0), &factors),
        im: ifma::from_fp_scaled(&coefficients.map(|c| c.c1), &factors),
    }
}

/// `f·Π ℓ` over lines, two at a time, an odd one alone; `f` is `None` for one.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn fold_lines(f: Option<Fp12Lanes>, lines: &[Pending]) -> Option<Fp12Lanes> {
    let mut f = f;
    let mut pairs = lines.chunks_exact(2);
    for two in &mut pairs {
        let x = vf::mul_034_by_034_packed(&evaluate_into_lanes(two));
        f = Some(match f {
            Some(f) => vf::mul_by_01234(&f, &x),
            None => Fp12Lanes(x),
        });
    }
    if let [l] = pairs.remainder() {
        let line = evaluate_into_lanes(core::slice::from_ref(l));
        f = Some(match f {
            Some(f) => vf::mul_by_034(&f, &line),
            // Lanes [l0, l1, l2] into the places of w⁰, w¹ and w³.
            None => {
                let l = line.to_fp2();
                Fp12Lanes::from_fp12(&Fp12::new(
                    Fp6::new(l[0], Fp2::ZERO, Fp2::ZERO),
                    Fp6::new(l[1], l[2], Fp2::ZERO),
                ))
            }
        });
    }
    f
}

/// The lane factors evaluating a pair's lines at its G1 point P: the scale limbs
/// of `y_P`, `x_P` and 1.
fn factors(p: &G1Affine) -> [[u64; 5]; 3] {
    [
        ifma::scale_limbs(&p.y),
        ifma::scale_limbs(&p.x),
        ifma::scale_limbs(&Fp::ONE),
    ]
}

/// The Miller loop `Π f_{6x+2,Q}(P)·ℓ_{T,π(Q)}(P)·ℓ_{T,−π²(Q)}(P)` over all pairs
/// (no point the identity, the G2 points validated), f in lanes: the value of
/// the scalar `pairing::miller_loop`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[cfg(any(test, feature = "internals"))]
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn miller_loop(pairs: &[(G1Affine, G2Affine)]) -> Fp12 {
    let pairs: Vec<(G1Affine, PairG2<'_>)> = pairs
        .iter()
        .map(|(p, q)| (*p, PairG2::Point { q, record: false }))
        .collect();
    miller_loop_mixed(&pairs).f
}

/// The scalar [`miller_loop_mixed`](super::super::pairing::miller_loop_mixed) with
/// f in lanes: the same lines (computed by the scalar G2 code from T and Q, and
/// recorded, or read from a prepared point), the same subgroup decision from the
/// loop's last T, the same prepared points, and the same Miller value, word for
/// word.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn miller_loop_mixed(pairs: &[(G1Affine, PairG2<'_>)]) -> MillerOutput {
    let c = loop_constants();
    let mut sources: Vec<LineSource<'_>> = pairs
        .iter()
        .map(|(_, q)| match q {
            PairG2::Point { q, record } => LineSource::live(q, *record),
            PairG2::Prepared(prep) => LineSource::Prepared {
                lines: &prep.lines,
                next: 0,
            },
        })
        .collect();
    let factors: Vec<[[u64; 5]; 3]> = pairs.iter().map(|(p, _)| factors(p)).collect();
    let mut f: Option<Fp12Lanes> = None;
    let mut lines: Vec<Pending> = Vec::with_capacity(4 * pairs.len());
    for step in steps(c) {
        if matches!(step, Step::Double) {
            f = fold_lines(f, &lines).map(|f| vf::square(&f));
            lines.clear();
        }
        for (source, m) in sources.iter_mut().zip(&factors) {
            lines.push((source.line(step, c), *m));
        }
    }
    let f = fold_lines(f, &lines).map_or(Fp12::ONE, |f| f.to_fp12());
    MillerOutput::finish(f, sources)
}

/// The width of the signed window for the powers of x (as the scalar code).
const X_WINDOW: u32 = 4;

/// The width-[`X_WINDOW`] NAF digits of x, most significant first.
fn x_wnaf() -> &'static [i8] {
    static DIGITS: OnceLock<Vec<i8>> = OnceLock::new();
    DIGITS.get_or_init(|| {
        let mut d = wnaf(u128::from(BN_X), X_WINDOW);
        d.reverse();
        d
    })
}

/// `f^(−x)` for f in the cyclotomic subgroup: the scalar `exp_by_neg_x` on lanes.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn exp_by_neg_x(f: &Fp12Lanes) -> Fp12Lanes {
    const ODD: usize = 1 << (X_WINDOW - 2);
    let f2 = vf::cyclotomic_square(f);
    let mut odd = [*f; ODD];
    for i in 1..ODD {
        odd[i] = vf::mul(&odd[i - 1], &f2);
    }
    let conj = odd.map(|x| vf::conjugate(&x));
    let digits = x_wnaf();
    let mut acc = odd[usize::from(digits[0].unsigned_abs() / 2)];
    for &d in &digits[1..] {
        acc = vf::cyclotomic_square(&acc);
        let i = usize::from(d.unsigned_abs() / 2);
        if d > 0 {
            acc = vf::mul(&acc, &odd[i]);
        } else if d < 0 {
            acc = vf::mul(&acc, &conj[i]);
        }
    }
    vf::conjugate(&acc)
}

/// The final exponentiation as two factors whose product it is (the scalar
/// `final_exponentiation_factors` on lanes; the inversion of the easy part is
/// scalar).
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
fn final_exponentiation_factors(f: &Fp12) -> Option<(Fp12Lanes, Fp12Lanes)> {
    let inverse = Fp12Lanes::from_fp12(&f.inverse()?);
    let f = Fp12Lanes::from_fp12(f);
    // Easy part: f^((p⁶ − 1)(p² + 1)).
    let f = vf::mul(&vf::conjugate(&f), &inverse);
    let r = vf::mul(&vf::frobenius(&f, 2), &f);
    // Hard part.
    let y0 = exp_by_neg_x(&r);
    let y1 = vf::cyclotomic_square(&y0);
    let y2 = vf::cyclotomic_square(&y1);
    let y3 = vf::mul(&y2, &y1);
    let y4 = exp_by_neg_x(&y3);
    let y5 = vf::cyclotomic_square(&y4);
    let y6 = exp_by_neg_x(&y5);
    let y3 = vf::conjugate(&y3);
    let y6 = vf::conjugate(&y6);
    let y7 = vf::mul(&y6, &y4);
    let y8 = vf::mul(&y7, &y3);
    let y9 = vf::mul(&y8, &y1);
    let y10 = vf::mul(&y8, &y4);
    let y11 = vf::mul(&y10, &r);
    let y12 = vf::frobenius(&y9, 1);
    let y13 = vf::mul(&y12, &y11);
    let y14 = vf::mul(&vf::frobenius(&y8, 2), &y13);
    let y15 = vf::frobenius(&vf::mul(&vf::conjugate(&r), &y9), 3);
    Some((y15, y14))
}

/// The final exponentiation (up to the same fixed power as the scalar one), or
/// `None` for zero: the value of the scalar `pairing::final_exponentiation`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    let (a, b) = final_exponentiation_factors(f)?;
    Some(vf::mul(&a, &b).to_fp12())
}

/// Whether a Miller value's final exponentiation is one (a zero Miller value
/// counts as "not one"), as the scalar `pairing::is_one`: the second factor
/// compared with the conjugate of the first, in canonical words.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
pub fn is_one(f: &Fp12) -> bool {
    final_exponentiation_factors(f).is_some_and(|(a, b)| b.to_fp12() == vf::conjugate(&a).to_fp12())
}

/// [`miller_loop_mixed`] for the holder of a token: safe, the token proving the
/// CPU's features.
pub(crate) fn miller_loop_mixed_on(_: Ifma, pairs: &[(G1Affine, PairG2<'_>)]) -> MillerOutput {
    // SAFETY: an `Ifma` token exists only where the CPU has AVX-512F, VL and IFMA.
    unsafe { miller_loop_mixed(pairs) }
}

/// [`is_one`] for the holder of a token: safe, the token proving the CPU's
/// features.
pub(crate) fn is_one_on(_: Ifma, f: &Fp12) -> bool {
    // SAFETY: an `Ifma` token exists only where the CPU has AVX-512F, VL and IFMA.
    unsafe { is_one(f) }
}
