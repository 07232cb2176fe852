//! What the generic code needs of a field: the curve formulas of [`super::jacobian`]
//! run over Fp (G1) and Fp2 (the twist), and exponentiation serves both.

use super::fp::Fp;
use super::fp2::Fp2;

/// The field operations the curve formulas (and exponentiation) need, for Fp and
/// Fp2.
pub trait Field: Copy + PartialEq {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// `self + b`.
    fn add(&self, b: &Self) -> Self;
    /// `self − b`.
    fn sub(&self, b: &Self) -> Self;
    /// `2·self`.
    fn double(&self) -> Self;
    /// `self·b`.
    fn mul(&self, b: &Self) -> Self;
    /// `self²`.
    fn square(&self) -> Self;
    /// Whether this is zero.
    fn is_zero(&self) -> bool;
    /// `1/self`, or `None` for zero.
    fn inverse(&self) -> Option<Self>;

    /// `self^e` for a little-endian exponent, by square and multiply (for
    /// constants and the slow reference paths of the tests).
    fn pow(&self, e: &[u64]) -> Self {
        let mut acc = Self::ONE;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                acc = acc.square();
                if (word >> bit) & 1 == 1 {
                    acc = acc.mul(self);
                }
            }
        }
        acc
    }
}

macro_rules! field {
    ($t:ty) => {
        impl Field for $t {
            const ZERO: Self = <$t>::ZERO;
            const ONE: Self = <$t>::ONE;
            #[inline(always)]
            fn add(&self, b: &Self) -> Self {
                <$t>::add(self, b)
            }
            #[inline(always)]
            fn sub(&self, b: &Self) -> Self {
                <$t>::sub(self, b)
            }
            #[inline(always)]
            fn double(&self) -> Self {
                <$t>::double(self)
            }
            #[inline(always)]
            fn mul(&self, b: &Self) -> Self {
                <$t>::mul(self, b)
            }
            #[inline(always)]
            fn square(&self) -> Self {
                <$t>::square(self)
            }
            #[inline(always)]
            fn is_zero(&self) -> bool {
                <$t>::is_zero(self)
            }
            #[inline(always)]
            fn inverse(&self) -> Option<Self> {
                <$t>::inverse(self)
            }
        }
    };
}
field!(Fp);
field!(Fp2);
