//! What generic code needs of a field: curve formulas written once run over a prime
//! field [`crate::Fp`] and over its extensions (BN254's twist is over Fp2), and
//! exponentiation serves them all.

/// The field operations curve formulas and exponentiation need.
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
    /// constants, parameter generation and the slow reference paths of the tests).
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
