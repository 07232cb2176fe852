//! Fp6 = Fp2\[v\]/(v³ − ξ), `ξ = 9 + u`.

use super::fp2::Fp2;
use super::frobenius::frobenius_coefficients;

/// `c0 + c1·v + c2·v²`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fp6 {
    /// The constant coefficient.
    pub c0: Fp2,
    /// The coefficient of v.
    pub c1: Fp2,
    /// The coefficient of v².
    pub c2: Fp2,
}

impl Fp6 {
    /// Zero.
    pub const ZERO: Fp6 = Fp6 {
        c0: Fp2::ZERO,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };
    /// One.
    pub const ONE: Fp6 = Fp6 {
        c0: Fp2::ONE,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };

    /// `c0 + c1·v + c2·v²`.
    #[inline]
    pub const fn new(c0: Fp2, c1: Fp2, c2: Fp2) -> Fp6 {
        Fp6 { c0, c1, c2 }
    }

    /// `self + b`.
    #[inline]
    pub fn add(&self, b: &Fp6) -> Fp6 {
        Fp6::new(self.c0 + b.c0, self.c1 + b.c1, self.c2 + b.c2)
    }

    /// `self − b`.
    #[inline]
    pub fn sub(&self, b: &Fp6) -> Fp6 {
        Fp6::new(self.c0 - b.c0, self.c1 - b.c1, self.c2 - b.c2)
    }

    /// `2·self`.
    #[inline]
    pub fn double(&self) -> Fp6 {
        Fp6::new(self.c0.double(), self.c1.double(), self.c2.double())
    }

    /// `−self`.
    #[inline]
    pub fn neg(&self) -> Fp6 {
        Fp6::new(-self.c0, -self.c1, -self.c2)
    }

    /// `self·v`: `ξ·c2 + c0·v + c1·v²`.
    #[inline]
    pub fn mul_by_v(&self) -> Fp6 {
        Fp6::new(self.c2.mul_by_xi(), self.c0, self.c1)
    }

    /// `self·v + y`: the product's constant coefficient by [`Fp2::mul_by_xi_add`].
    #[inline]
    pub fn mul_by_v_add(&self, y: &Fp6) -> Fp6 {
        Fp6::new(self.c2.mul_by_xi_add(&y.c0), self.c0 + y.c1, self.c1 + y.c2)
    }

    /// `self·s` for `s` in Fp2.
    #[inline]
    pub fn mul_fp2(&self, s: &Fp2) -> Fp6 {
        Fp6::new(self.c0 * *s, self.c1 * *s, self.c2 * *s)
    }

    /// `self·b` by Karatsuba over three coefficients: six Fp2 multiplications.
    #[inline]
    pub fn mul(&self, b: &Fp6) -> Fp6 {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let v0 = a0 * b.c0;
        let v1 = a1 * b.c1;
        let v2 = a2 * b.c2;
        let c0 = ((a1 + a2) * (b.c1 + b.c2) - v1 - v2).mul_by_xi_add(&v0);
        let c1 = v2.mul_by_xi_add(&((a0 + a1) * (b.c0 + b.c1) - v0 - v1));
        let c2 = (a0 + a2) * (b.c0 + b.c2) - v0 - v2 + v1;
        Fp6::new(c0, c1, c2)
    }

    /// `self·(b0 + b1·v)`: five Fp2 multiplications (the sparse factor of a line).
    #[inline]
    pub fn mul_by_01(&self, b0: &Fp2, b1: &Fp2) -> Fp6 {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let v0 = a0 * *b0;
        let v1 = a1 * *b1;
        let c0 = ((a1 + a2) * *b1 - v1).mul_by_xi_add(&v0);
        let c1 = (a0 + a1) * (*b0 + *b1) - v0 - v1;
        let c2 = (a0 + a2) * *b0 - v0 + v1;
        Fp6::new(c0, c1, c2)
    }

    /// `self²` by Chung and Hasan's SQR2: two squarings and three multiplications
    /// in Fp2.
    #[inline]
    pub fn square(&self) -> Fp6 {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let s0 = a0.square();
        let s1 = (a0 * a1).double();
        let s2 = (a0 - a1 + a2).square();
        let s3 = (a1 * a2).double();
        let s4 = a2.square();
        Fp6::new(
            s3.mul_by_xi_add(&s0),
            s4.mul_by_xi_add(&s1),
            s1 + s2 + s3 - s0 - s4,
        )
    }

    /// `1/self`, or `None` for zero.
    pub fn inverse(&self) -> Option<Fp6> {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let c0 = a0.square() - (a1 * a2).mul_by_xi();
        let c1 = a2.square().mul_by_xi() - a0 * a1;
        let c2 = a1.square() - a0 * a2;
        let t = a0 * c0 + (a2 * c1 + a1 * c2).mul_by_xi();
        let t = t.inverse()?;
        Some(Fp6::new(c0 * t, c1 * t, c2 * t))
    }

    /// The Frobenius map applied `k` times (`k` in 0..=3). Seen in Fp12 as
    /// `Σ cᵢ·w²ⁱ`, each coefficient of `wʲ` is mapped and multiplied by `ξ^(j(pᵏ−1)/6)`.
    #[inline]
    pub fn frobenius(&self, k: usize) -> Fp6 {
        let g = &frobenius_coefficients()[k];
        Fp6::new(
            self.c0.frobenius(k),
            self.c1.frobenius(k) * g[2],
            self.c2.frobenius(k) * g[4],
        )
    }
}

impl_ops!(Fp6);
