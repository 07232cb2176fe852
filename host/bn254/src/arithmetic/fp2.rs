//! Fp2 = Fp\[u\]/(u² + 1), the field of the twist's coordinates.

use zkhost_mont::words::add_words;
use zkhost_mont::{self as mont, Field};

use super::fp::{Fp, MODULUS, P_SQUARED};

/// `c0 + c1·u`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fp2 {
    /// The real part.
    pub c0: Fp,
    /// The imaginary part (the coefficient of u).
    pub c1: Fp,
}

impl Fp2 {
    /// Zero.
    pub const ZERO: Fp2 = Fp2 {
        c0: Fp::ZERO,
        c1: Fp::ZERO,
    };
    /// One.
    pub const ONE: Fp2 = Fp2 {
        c0: Fp::ONE,
        c1: Fp::ZERO,
    };

    /// `c0 + c1·u`.
    #[inline(always)]
    pub const fn new(c0: Fp, c1: Fp) -> Fp2 {
        Fp2 { c0, c1 }
    }

    /// Whether this is zero.
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }

    /// `self + b`.
    #[inline(always)]
    pub fn add(&self, b: &Fp2) -> Fp2 {
        Fp2::new(self.c0.add(&b.c0), self.c1.add(&b.c1))
    }

    /// `self − b`.
    #[inline(always)]
    pub fn sub(&self, b: &Fp2) -> Fp2 {
        Fp2::new(self.c0.sub(&b.c0), self.c1.sub(&b.c1))
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> Fp2 {
        Fp2::new(self.c0.double(), self.c1.double())
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Fp2 {
        Fp2::new(self.c0.neg(), self.c1.neg())
    }

    /// The conjugate `c0 − c1·u`, which is also the Frobenius map `x ↦ xᵖ`.
    #[inline(always)]
    pub fn conjugate(&self) -> Fp2 {
        Fp2::new(self.c0, self.c1.neg())
    }

    /// `self·b` by Karatsuba with lazy reduction: three 512-bit products
    /// `v0 = a0·b0`, `v1 = a1·b1`, `s = (a0 + a1)(b0 + b1)`, combined unreduced —
    /// `v0 + p² − v1` (p² keeps it non-negative) and `s − v0 − v1 = a0·b1 + a1·b0`
    /// (never negative), both below `2p² < p·2²⁵⁶` — then two Montgomery
    /// reductions, one fewer than three full multiplications. The sums `a0 + a1`,
    /// `b0 + b1` are left below `2p`: `s < 4p² < p·2²⁵⁶` as `4p < 2²⁵⁶`.
    #[inline(always)]
    pub fn mul(&self, b: &Fp2) -> Fp2 {
        let v0 = mont::mul_wide(&self.c0.0, &b.c0.0);
        let v1 = mont::mul_wide(&self.c1.0, &b.c1.0);
        let s = mont::mul_wide(
            &add_words(&self.c0.0, &self.c1.0).0,
            &add_words(&b.c0.0, &b.c1.0).0,
        );
        let re = mont::sub_512(&mont::add_512(&v0, &P_SQUARED).0, &v1).0;
        let im = mont::sub_512(&mont::sub_512(&s, &v0).0, &v1).0;
        Fp2::new(
            Fp::from_mont(mont::redc_wide(&re, &MODULUS)),
            Fp::from_mont(mont::redc_wide(&im, &MODULUS)),
        )
    }

    /// `self²` with two base-field multiplications: `(c0 + c1)(c0 − c1) + 2·c0·c1·u`.
    /// The difference enters as `c0 + (p − c1)`, like the sums left unreduced
    /// (below 2p, see [`Fp::sum_mul`]): no modular subtraction.
    #[inline(always)]
    pub fn square(&self) -> Fp2 {
        let re = self
            .c0
            .sum_mul(&self.c1, &self.c0, &self.c1.neg_unreduced());
        let im = self.c0.sum_mul_by(&self.c0, &self.c1);
        Fp2::new(re, im)
    }

    /// `self/2`, coefficient by coefficient ([`Fp::halve`]).
    #[inline(always)]
    pub fn halve(&self) -> Fp2 {
        Fp2::new(self.c0.halve(), self.c1.halve())
    }

    /// `self·s` for `s` in Fp.
    #[inline(always)]
    pub fn mul_fp(&self, s: &Fp) -> Fp2 {
        Fp2::new(self.c0.mul(s), self.c1.mul(s))
    }

    /// `self·ξ` with `ξ = 9 + u`, the non-residue the tower is built on:
    /// `(9·c0 − c1) + (c0 + 9·c1)·u`, each coefficient one
    /// [`Fp::linear`] (no multiplication).
    #[inline(always)]
    pub fn mul_by_xi(&self) -> Fp2 {
        Fp2::new(
            Fp::linear([(&self.c0, 9), (&self.c1.neg_unreduced(), 1)]),
            Fp::linear([(&self.c1, 9), (&self.c0, 1)]),
        )
    }

    /// `self·ξ + y`, each coefficient one [`Fp::linear`]: half the reductions of
    /// `self.mul_by_xi() + y`, the step that closes most products in the tower.
    #[inline(always)]
    pub fn mul_by_xi_add(&self, y: &Fp2) -> Fp2 {
        Fp2::new(
            Fp::linear([(&self.c0, 9), (&self.c1.neg_unreduced(), 1), (&y.c0, 1)]),
            Fp::linear([(&self.c1, 9), (&self.c0, 1), (&y.c1, 1)]),
        )
    }

    /// `1/self`, or `None` for zero: `conj(self) / (c0² + c1²)`.
    pub fn inverse(&self) -> Option<Fp2> {
        let norm = self.c0.square().add(&self.c1.square());
        let t = norm.inverse()?;
        Some(Fp2::new(self.c0.mul(&t), self.c1.mul(&t).neg()))
    }

    /// The Frobenius map applied `k` times: the conjugate when `k` is odd.
    #[inline(always)]
    pub fn frobenius(&self, k: usize) -> Fp2 {
        if k % 2 == 1 {
            self.conjugate()
        } else {
            *self
        }
    }
}

impl_ops!(Fp2);

impl Field for Fp2 {
    const ZERO: Self = Fp2::ZERO;
    const ONE: Self = Fp2::ONE;
    #[inline(always)]
    fn add(&self, b: &Self) -> Self {
        Fp2::add(self, b)
    }
    #[inline(always)]
    fn sub(&self, b: &Self) -> Self {
        Fp2::sub(self, b)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp2::double(self)
    }
    #[inline(always)]
    fn mul(&self, b: &Self) -> Self {
        Fp2::mul(self, b)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp2::square(self)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Fp2::is_zero(self)
    }
    #[inline(always)]
    fn inverse(&self) -> Option<Self> {
        Fp2::inverse(self)
    }
}

impl core::ops::MulAssign for Fp2 {
    #[inline(always)]
    fn mul_assign(&mut self, b: Fp2) {
        *self = *self * b;
    }
}
