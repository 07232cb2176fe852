//! Whether a base-field element is a square, by the binary Jacobi-symbol algorithm
//! on plain integers instead of Euler's criterion.
//!
//! Euler's criterion `v^((p−1)/2)` is about 255 squarings and 128 multiplications;
//! every decoding of a Banderwagon element needs one such test (the subgroup check:
//! `1 − a·x²` must be a square). The Jacobi symbol `(v/p)` equals the Legendre
//! symbol for the prime `p` and needs only shifts and subtractions of 256-bit
//! integers: strip the factors of two of `v` (each flips the sign when
//! `p ≡ 3, 5 mod 8`), swap by quadratic reciprocity when `v < p` (a flip when both
//! are `3 mod 4`), subtract, until `v = 0`. Variable time: inputs are public.

use ark_ed_on_bls12_381_bandersnatch::Fq;
use ark_ff::PrimeField;

use crate::mont::words::{below, shr_words, sub_words};

/// The Jacobi symbol `(a/n)` of plain integers, `n` odd and `a < n`: 1, −1 or 0.
pub(crate) fn jacobi(a: &[u64; 4], n: &[u64; 4]) -> i32 {
    let (mut a, mut n) = (*a, *n);
    let mut t = 1i32;
    loop {
        if a == [0; 4] {
            return if n == [1, 0, 0, 0] { t } else { 0 };
        }
        // Strip the factors of two: (2/n) = −1 iff n ≡ 3, 5 mod 8.
        while a[0] == 0 {
            // 64 factors of two: an even count, no sign change.
            a = [a[1], a[2], a[3], 0];
        }
        let z = a[0].trailing_zeros();
        a = shr_words(&a, z);
        if z & 1 == 1 && matches!(n[0] & 7, 3 | 5) {
            t = -t;
        }
        // Both odd now. Reciprocity: (a/n) = (n/a), negated iff both ≡ 3 mod 4.
        if below(&a, &n) {
            std::mem::swap(&mut a, &mut n);
            if a[0] & 3 == 3 && n[0] & 3 == 3 {
                t = -t;
            }
        }
        // (a/n) = ((a − n)/n); a − n is even.
        a = sub_words(&a, &n).0;
    }
}

/// Whether `v` is a non-zero square of the base field.
pub(crate) fn is_nonzero_square(v: &Fq) -> bool {
    jacobi(&v.into_bigint().0, &<Fq as PrimeField>::MODULUS.0) == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{Field, LegendreSymbol, UniformRand, Zero};
    use rand::SeedableRng;

    #[test]
    fn agrees_with_eulers_criterion() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(41);
        let mut squares = 0;
        let mut values: Vec<Fq> = (0..2000).map(|_| Fq::rand(&mut rng)).collect();
        values.extend([Fq::zero(), Fq::from(1u64), -Fq::from(1u64), Fq::from(2u64)]);
        values.extend((1..64u64).map(|k| Fq::from(1u64 << k.min(63))));
        for v in values {
            let euler = v.legendre();
            assert_eq!(
                is_nonzero_square(&v),
                euler == LegendreSymbol::QuadraticResidue,
                "{v}"
            );
            squares += usize::from(euler == LegendreSymbol::QuadraticResidue);
            // Every square of a non-zero element is one.
            if !v.is_zero() {
                assert!(is_nonzero_square(&v.square()));
            }
        }
        assert!(squares > 900, "{squares}");
    }
}
