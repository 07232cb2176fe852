//! Integers mod n, the order of the P-256 group, for ECDSA's `u₁ = h·s⁻¹` and
//! `u₂ = r·s⁻¹`. Montgomery products with the generic reduction (n has no special
//! form); the one inversion is Fermat's `s^(n−2)` with a fixed 4-bit window.
//!
//! Only `s` enters Montgomery form: with `s⁻¹` in Montgomery form (`s⁻¹·2²⁵⁶`), the
//! Montgomery product with a plain `h` or `r` gives the plain `h·s⁻¹` or `r·s⁻¹`.

use super::limbs::{self, Limbs};

/// n, least significant limb first.
pub(crate) const N: Limbs = [
    0xf3b9_cac2_fc63_2551,
    0xbce6_faad_a717_9e84,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_0000_0000,
];

/// `−n⁻¹ mod 2⁶⁴`.
const N_INV: u64 = limbs::neg_inv(N[0]);
/// 2⁵¹² mod n.
const R2: Limbs = limbs::r2_mod(&N);
/// n − 2, the exponent of Fermat's inverse.
const N_MINUS_2: Limbs = limbs::sub(&N, &[2, 0, 0, 0]).0;

/// The Montgomery product `a·b·2⁻²⁵⁶ mod n` (`a, b < n`).
#[inline(always)]
fn mont_mul(a: &Limbs, b: &Limbs) -> Limbs {
    limbs::mont_reduce(limbs::mul_wide(a, b), &N, N_INV)
}

/// The Montgomery square `a²·2⁻²⁵⁶ mod n`.
#[inline(always)]
fn mont_square(a: &Limbs) -> Limbs {
    limbs::mont_reduce(limbs::square_wide(a), &N, N_INV)
}

/// The big-endian `bytes` as a scalar if `1 ≤ value ≤ n − 1` (EIP-7951's range for
/// `r` and `s`).
#[inline]
pub(crate) fn nonzero_from_be_bytes(bytes: &[u8; 32]) -> Option<Limbs> {
    let a = limbs::from_be_bytes(bytes);
    (limbs::lt(&a, &N) && !limbs::is_zero(&a)).then_some(a)
}

/// Any 256-bit big-endian value reduced mod n (n > 2²⁵⁵, so one subtraction does).
#[inline]
pub(crate) fn reduce_be_bytes(bytes: &[u8; 32]) -> Limbs {
    let a = limbs::from_be_bytes(bytes);
    let (d, borrow) = limbs::sub(&a, &N);
    if borrow == 1 {
        a
    } else {
        d
    }
}

/// `s⁻¹` in Montgomery form (`s⁻¹·2²⁵⁶ mod n`) for `1 ≤ s < n`.
#[inline(always)]
pub(crate) fn invert_mont(s: &Limbs) -> Limbs {
    let s = mont_mul(s, &R2);
    // s^1 … s^15 in Montgomery form.
    let mut powers = [s; 15];
    powers[1] = mont_square(&s);
    for i in 2..15 {
        powers[i] = mont_mul(&powers[i - 1], &s);
    }
    let mut acc: Option<Limbs> = None;
    for nibble_index in (0..64).rev() {
        let nibble = (N_MINUS_2[nibble_index / 16] >> (4 * (nibble_index % 16))) & 0xf;
        if let Some(a) = acc.as_mut() {
            for _ in 0..4 {
                *a = mont_square(a);
            }
        }
        if nibble != 0 {
            let p = &powers[nibble as usize - 1];
            acc = Some(match acc {
                Some(a) => mont_mul(&a, p),
                None => *p,
            });
        }
    }
    // n − 2 ≠ 0, so some nibble was set.
    acc.unwrap_or([0; 4])
}

/// `a·b_mont·2⁻²⁵⁶ mod n`: with `b_mont` from [`invert_mont`], the plain `a·s⁻¹ mod n`.
#[inline]
pub(crate) fn mul_by_mont(a: &Limbs, b_mont: &Limbs) -> Limbs {
    mont_mul(a, b_mont)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::p256::elliptic_curve::ff::{Field, PrimeField};
    use ::p256::Scalar;
    use rand::{Rng, SeedableRng};

    fn theirs(a: &Limbs) -> Scalar {
        Scalar::from_repr(limbs::to_be_bytes(a).into()).unwrap()
    }

    #[test]
    fn the_constants_are_n_s() {
        assert_eq!(N_INV.wrapping_mul(N[0]), u64::MAX); // −1 mod 2⁶⁴
        assert_eq!(limbs::to_be_bytes(&N), crate::p256::N);
        let minus_one = limbs::sub(&N, &[1, 0, 0, 0]).0;
        assert_eq!(theirs(&minus_one), -Scalar::ONE);
    }

    #[test]
    fn inverses_and_products_match_rustcrypto() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5ca1);
        let mut cases = vec![[1, 0, 0, 0], [2, 0, 0, 0], limbs::sub(&N, &[1, 0, 0, 0]).0];
        for _ in 0..300 {
            let bytes: [u8; 32] = rng.gen();
            cases.push(reduce_be_bytes(&bytes));
        }
        for w in cases.windows(2) {
            let (s, h) = (w[0], w[1]);
            if limbs::is_zero(&s) {
                continue;
            }
            let inv = invert_mont(&s);
            let expected = theirs(&h) * theirs(&s).invert().unwrap();
            assert_eq!(theirs(&mul_by_mont(&h, &inv)), expected);
        }
    }

    #[test]
    fn reduction_and_range_match_rustcrypto() {
        use ::p256::elliptic_curve::ops::Reduce;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let n = limbs::to_be_bytes(&N);
        let mut n_plus_1 = n;
        n_plus_1[31] += 1;
        let mut cases = vec![[0u8; 32], [0xff; 32], n, n_plus_1];
        for _ in 0..300 {
            cases.push(rng.gen());
        }
        for b in cases {
            let r = <Scalar as Reduce<::p256::U256>>::reduce_bytes(&b.into());
            assert_eq!(theirs(&reduce_be_bytes(&b)), r);
            let ok = Option::<Scalar>::from(Scalar::from_repr(b.into()))
                .filter(|s| !bool::from(s.is_zero()));
            assert_eq!(nonzero_from_be_bytes(&b).map(|a| theirs(&a)), ok);
        }
    }
}
