//! Integers mod n, the order of the P-256 group, for ECDSA's `u₁ = h·s⁻¹` and
//! `u₂ = r·s⁻¹`. Montgomery products with the generic reduction (n has no special
//! form); the one inversion is a variable-time binary extended Euclid.
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

/// The Montgomery product `a·b·2⁻²⁵⁶ mod n` (`a, b < n`).
#[inline(always)]
fn mont_mul(a: &Limbs, b: &Limbs) -> Limbs {
    limbs::mont_reduce(limbs::mul_wide(a, b), &N, N_INV)
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
#[inline]
pub(crate) fn invert_mont(s: &Limbs) -> Limbs {
    mont_mul(&invert_vartime(s), &R2)
}

/// `s⁻¹ mod n` for `1 ≤ s < n`, by the binary extended Euclidean algorithm in
/// variable time (`s` is public). Invariants: `x₁·s ≡ u` and `x₂·s ≡ v (mod n)`, from
/// `u = s`, `v = n`; each round strips the factors of two from `u` and `v` (dividing
/// `x₁`, `x₂` by the same power of two mod n) and subtracts the smaller from the larger,
/// until `u = v = gcd(s, n) = 1`. Fermat's `s^(n−2)` (330 dependent products) took
/// 8.7 µs alone on the Xeon of issue 61; this took the verification from 67 to 62 µs.
fn invert_vartime(s: &Limbs) -> Limbs {
    let (mut u, mut v) = (*s, N);
    let (mut x1, mut x2): (Limbs, Limbs) = ([1, 0, 0, 0], [0; 4]);
    // At most 2·256 bits to remove, at least one per round: a bound that keeps the
    // loop total even for a bad `s` (which the callers never pass).
    for _ in 0..600 {
        strip_twos(&mut u, &mut x1);
        strip_twos(&mut v, &mut x2);
        if limbs::eq(&u, &v) {
            break;
        }
        if limbs::lt(&v, &u) {
            u = limbs::sub(&u, &v).0;
            x1 = limbs::sub_mod(&x1, &x2, &N);
        } else {
            v = limbs::sub(&v, &u).0;
            x2 = limbs::sub_mod(&x2, &x1, &N);
        }
    }
    x1
}

/// Divides `u ≠ 0` by its largest power of two 2ᵏ, and `x < n` by the same 2ᵏ mod n.
#[inline(always)]
fn strip_twos(u: &mut Limbs, x: &mut Limbs) {
    loop {
        let k = if u[0] != 0 {
            u[0].trailing_zeros()
        } else if limbs::is_zero(u) {
            return;
        } else {
            63
        };
        if k == 0 {
            return;
        }
        let k = k.min(63);
        *u = [
            (u[0] >> k) | (u[1] << (64 - k)),
            (u[1] >> k) | (u[2] << (64 - k)),
            (u[2] >> k) | (u[3] << (64 - k)),
            u[3] >> k,
        ];
        *x = div_pow2(x, k);
    }
}

/// `x·2⁻ᵏ mod n` for `x < n`, `1 ≤ k ≤ 63`: add the multiple `m·n` (`m < 2ᵏ`) that
/// makes the low `k` bits zero, shift, subtract n once if needed.
#[inline(always)]
fn div_pow2(x: &Limbs, k: u32) -> Limbs {
    let m = x[0].wrapping_mul(N_INV) & ((1u64 << k) - 1);
    let (t0, c) = limbs::mac(x[0], m, N[0], 0);
    let (t1, c) = limbs::mac(x[1], m, N[1], c);
    let (t2, c) = limbs::mac(x[2], m, N[2], c);
    let (t3, t4) = limbs::mac(x[3], m, N[3], c);
    // (x + m·n) / 2ᵏ < n/2ᵏ + n < 2n, with its bit 256 in t4 >> k.
    let r = [
        (t0 >> k) | (t1 << (64 - k)),
        (t1 >> k) | (t2 << (64 - k)),
        (t2 >> k) | (t3 << (64 - k)),
        (t3 >> k) | (t4 << (64 - k)),
    ];
    let top = t4 >> k;
    let (d, borrow) = limbs::sub(&r, &N);
    if top == 0 && borrow == 1 {
        r
    } else {
        d
    }
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
        // Powers of two (many halvings in one step), n − 1, n − 2 and random values.
        let mut cases = vec![
            [1, 0, 0, 0],
            [2, 0, 0, 0],
            [0, 1, 0, 0],
            [0, 0, 1 << 40, 0],
            [0, 0, 0, 1 << 63],
            limbs::sub(&N, &[1, 0, 0, 0]).0,
            limbs::sub(&N, &[2, 0, 0, 0]).0,
        ];
        for _ in 0..3000 {
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
