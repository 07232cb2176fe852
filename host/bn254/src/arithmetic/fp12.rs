//! Fp12 = Fp6\[w\]/(w² − v), where pairings take their values.
//!
//! As powers of w (`w⁶ = ξ`), `c0 + c1·w` is `Σ aⱼ·wʲ` with `c0 = (a0, a2, a4)` and
//! `c1 = (a1, a3, a5)`; the Frobenius maps and the cyclotomic squaring below are
//! written in those terms.

use super::fp::Fp;
use super::fp2::Fp2;
use super::fp6::Fp6;
use super::frobenius::frobenius_coefficients;

/// `c0 + c1·w`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fp12 {
    /// The constant coefficient.
    pub c0: Fp6,
    /// The coefficient of w.
    pub c1: Fp6,
}

impl Fp12 {
    /// One.
    pub const ONE: Fp12 = Fp12 {
        c0: Fp6::ONE,
        c1: Fp6::ZERO,
    };

    /// `c0 + c1·w`.
    #[inline]
    pub const fn new(c0: Fp6, c1: Fp6) -> Fp12 {
        Fp12 { c0, c1 }
    }

    /// `self + b`.
    #[inline]
    pub fn add(&self, b: &Fp12) -> Fp12 {
        Fp12::new(self.c0 + b.c0, self.c1 + b.c1)
    }

    /// `self − b`.
    #[inline]
    pub fn sub(&self, b: &Fp12) -> Fp12 {
        Fp12::new(self.c0 - b.c0, self.c1 - b.c1)
    }

    /// `−self`.
    #[inline]
    pub fn neg(&self) -> Fp12 {
        Fp12::new(-self.c0, -self.c1)
    }

    /// `c0 − c1·w`, which is `self^(p⁶)`: the inverse of an element of the
    /// cyclotomic subgroup.
    #[inline]
    pub fn conjugate(&self) -> Fp12 {
        Fp12::new(self.c0, -self.c1)
    }

    /// `self·b` by Karatsuba: three Fp6 multiplications.
    #[inline]
    pub fn mul(&self, b: &Fp12) -> Fp12 {
        let v0 = self.c0 * b.c0;
        let v1 = self.c1 * b.c1;
        let c1 = (self.c0 + self.c1) * (b.c0 + b.c1) - v0 - v1;
        Fp12::new(v1.mul_by_v_add(&v0), c1)
    }

    /// `self²` by the complex method: two Fp6 multiplications.
    #[inline]
    pub fn square(&self) -> Fp12 {
        let (a, b) = (self.c0, self.c1);
        let ab = a * b;
        let c0 = (a + b) * (a + b.mul_by_v()) - ab - ab.mul_by_v();
        Fp12::new(c0, ab.double())
    }

    /// `self·(d0 + d3·w + d4·v·w)`, the shape of a line evaluated at a G1 point
    /// (coefficients of w⁰, w¹ and w³): thirteen Fp2 multiplications instead of 18.
    #[inline]
    pub fn mul_by_034(&self, d0: &Fp2, d3: &Fp2, d4: &Fp2) -> Fp12 {
        let (a, b) = (self.c0, self.c1);
        let t0 = a.mul_fp2(d0);
        let t1 = b.mul_by_01(d3, d4);
        let c1 = (a + b).mul_by_01(&(*d0 + *d3), d4) - t0 - t1;
        Fp12::new(t1.mul_by_v_add(&t0), c1)
    }

    /// `self·(x0 + x1·v + x2·v² + (x3 + x4·v)·w)`, the shape of the product of two
    /// lines ([`mul_034_by_034`]): 17 Fp2 multiplications, where multiplying by the
    /// two lines one at a time costs 26.
    #[inline]
    pub fn mul_by_01234(&self, x: &[Fp2; 5]) -> Fp12 {
        let (f0, f1) = (self.c0, self.c1);
        let x0 = Fp6::new(x[0], x[1], x[2]);
        let b = f0 * x0;
        let c = f1.mul_by_01(&x[3], &x[4]);
        let sum = Fp6::new(x[0] + x[3], x[1] + x[4], x[2]);
        let a = (f0 + f1) * sum;
        Fp12::new(c.mul_by_v_add(&b), a - b - c)
    }

    /// `1/self`, or `None` for zero: `(c0 − c1·w) / (c0² − v·c1²)`.
    pub fn inverse(&self) -> Option<Fp12> {
        let t = (self.c0.square() - self.c1.square().mul_by_v()).inverse()?;
        Some(Fp12::new(self.c0 * t, -(self.c1 * t)))
    }

    /// The Frobenius map applied `k` times (`k` in 0..=3).
    #[inline]
    pub fn frobenius(&self, k: usize) -> Fp12 {
        let g = &frobenius_coefficients()[k];
        let b = &self.c1;
        Fp12::new(
            self.c0.frobenius(k),
            Fp6::new(
                b.c0.frobenius(k) * g[1],
                b.c1.frobenius(k) * g[3],
                b.c2.frobenius(k) * g[5],
            ),
        )
    }

    /// `self²` for an element of the cyclotomic subgroup (norm one over Fp6, as
    /// every value after the easy part of the final exponentiation), by Granger and
    /// Scott's formula: with `A = a0 + a3·t`, `B = a1 + a4·t`, `C = a2 + a5·t` in
    /// Fp4 = Fp2[t]/(t² − ξ), `t = w³`, the square is
    /// `(3A² − 2Ā) + (3t·C² + 2B̄)·w + (3B² − 2C̄)·w²`: nine Fp2 squarings.
    ///
    /// The squarings are taken apart (`x²`, `y²`, `(x + y)²` for each Fp4
    /// coefficient, [`Fp4Squares`]) and each output coefficient is one
    /// [`Fp::linear`] of them, reduced once.
    pub fn cyclotomic_square(&self) -> Fp12 {
        let (a0, a2, a4) = (self.c0.c0, self.c0.c1, self.c0.c2);
        let (a1, a3, a5) = (self.c1.c0, self.c1.c1, self.c1.c2);
        let a = Fp4Squares::new(&a0, &a3);
        let b = Fp4Squares::new(&a1, &a4);
        let c = Fp4Squares::new(&a2, &a5);
        // t·C² = ξ·C²_im + C²_re·t.
        let n0 = a.three_real_minus_two(&a0);
        let n3 = a.three_imaginary_plus_two(&a3);
        let n1 = three_xi_plus_two(&c.imaginary(), &a1);
        let n4 = c.three_real_minus_two(&a4);
        let n2 = b.three_real_minus_two(&a2);
        let n5 = b.three_imaginary_plus_two(&a5);
        Fp12::new(Fp6::new(n0, n2, n4), Fp6::new(n1, n3, n5))
    }
}

/// The product of two lines in the sparse form of [`Fp12::mul_by_034`],
/// `(c0 + c3·w + c4·w³)(d0 + d3·w + d4·w³)`, as the five coefficients
/// `[w⁰, w², w⁴, w¹, w³]` that [`Fp12::mul_by_01234`] takes (`w⁵`'s is zero): six Fp2
/// multiplications by Karatsuba on each pair of terms. With `w² = v`, `v³ = ξ`:
/// `c0d0 + ξ·c4d4`, `c3d3`, `c3d4 + c4d3`, `c0d3 + c3d0`, `c0d4 + c4d0`.
#[inline]
pub fn mul_034_by_034(c: &[Fp2; 3], d: &[Fp2; 3]) -> [Fp2; 5] {
    let [c0, c3, c4] = *c;
    let [d0, d3, d4] = *d;
    let x0 = c0 * d0;
    let x3 = c3 * d3;
    let x4 = c4 * d4;
    let x34 = (c3 + c4) * (d3 + d4) - x3 - x4;
    let x03 = (c0 + c3) * (d0 + d3) - x0 - x3;
    let x04 = (c0 + c4) * (d0 + d4) - x0 - x4;
    [x4.mul_by_xi_add(&x0), x3, x34, x03, x04]
}

/// The squarings behind `(x + y·t)² = (x² + ξy²) + ((x + y)² − x² − y²)·t` in
/// Fp4 = Fp2[t]/(t² − ξ), kept apart so that the combinations the cyclotomic
/// squaring makes of them reduce once.
struct Fp4Squares {
    x2: Fp2,
    y2: Fp2,
    s2: Fp2,
}

impl Fp4Squares {
    #[inline(always)]
    fn new(x: &Fp2, y: &Fp2) -> Fp4Squares {
        Fp4Squares {
            x2: x.square(),
            y2: y.square(),
            s2: (*x + *y).square(),
        }
    }

    /// `3(x² + ξy²) − 2z`: with `ξ = 9 + u`, `3x²₀ + 27y²₀ − 3y²₁ − 2z₀` and
    /// `3x²₁ + 3y²₀ + 27y²₁ − 2z₁` (factors summing to 35).
    #[inline(always)]
    fn three_real_minus_two(&self, z: &Fp2) -> Fp2 {
        let (x2, y2) = (&self.x2, &self.y2);
        Fp2::new(
            Fp::linear([
                (&x2.c0, 3),
                (&y2.c0, 27),
                (&y2.c1.neg_unreduced(), 3),
                (&z.c0.neg_unreduced(), 2),
            ]),
            Fp::linear([
                (&x2.c1, 3),
                (&y2.c0, 3),
                (&y2.c1, 27),
                (&z.c1.neg_unreduced(), 2),
            ]),
        )
    }

    /// `3((x + y)² − x² − y²) + 2z` (factors summing to 11).
    #[inline(always)]
    fn three_imaginary_plus_two(&self, z: &Fp2) -> Fp2 {
        #[inline(always)]
        fn part(s: &Fp, x: &Fp, y: &Fp, z: &Fp) -> Fp {
            Fp::linear([
                (s, 3),
                (&x.neg_unreduced(), 3),
                (&y.neg_unreduced(), 3),
                (z, 2),
            ])
        }
        Fp2::new(
            part(&self.s2.c0, &self.x2.c0, &self.y2.c0, &z.c0),
            part(&self.s2.c1, &self.x2.c1, &self.y2.c1, &z.c1),
        )
    }

    /// `(x + y)² − x² − y² = 2xy`.
    #[inline(always)]
    fn imaginary(&self) -> Fp2 {
        #[inline(always)]
        fn part(s: &Fp, x: &Fp, y: &Fp) -> Fp {
            Fp::linear([(s, 1), (&x.neg_unreduced(), 1), (&y.neg_unreduced(), 1)])
        }
        Fp2::new(
            part(&self.s2.c0, &self.x2.c0, &self.y2.c0),
            part(&self.s2.c1, &self.x2.c1, &self.y2.c1),
        )
    }
}

/// `3ξ·i + 2z`: `27i₀ − 3i₁ + 2z₀` and `3i₀ + 27i₁ + 2z₁` (factors summing to 32).
#[inline(always)]
fn three_xi_plus_two(i: &Fp2, z: &Fp2) -> Fp2 {
    Fp2::new(
        Fp::linear([(&i.c0, 27), (&i.c1.neg_unreduced(), 3), (&z.c0, 2)]),
        Fp::linear([(&i.c0, 3), (&i.c1, 27), (&z.c1, 2)]),
    )
}

impl_ops!(Fp12);
