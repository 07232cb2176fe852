//! The P-256 base field, integers mod p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1, in Montgomery
//! form (`a·2²⁵⁶ mod p`), always fully reduced: equal elements have equal limbs.
//!
//! p's lowest limb is 2⁶⁴ − 1, so `−p⁻¹ mod 2⁶⁴ = 1` and each reduction row's factor
//! is the limb it clears; the third limb is zero. [`mont_reduce_p`] is the
//! Montgomery reduction with those facts written in (the generic one in
//! [`limbs`](super::limbs) serves the scalar field).

use super::limbs::{self, adc, mac, sub, Limbs};

/// p, least significant limb first.
pub(crate) const P: Limbs = [
    0xffff_ffff_ffff_ffff,
    0x0000_0000_ffff_ffff,
    0x0000_0000_0000_0000,
    0xffff_ffff_0000_0001,
];

/// 2⁵¹² mod p.
const R2: Limbs = limbs::r2_mod(&P);

/// An element of the base field in Montgomery form, `< p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fe(pub(crate) Limbs);

/// The Montgomery reduction modulo p of a 512-bit `t < p·2²⁵⁶`, fully reduced.
#[inline(always)]
const fn mont_reduce_p(t: [u64; 8]) -> Limbs {
    let [t0, t1, t2, t3, t4, t5, t6, t7] = t;
    // Row with factor k = the lowest limb: k + k·(2⁶⁴ − 1) = k·2⁶⁴, so the limb clears
    // and k carries; then k·p₁ (p₁ = 2³² − 1), nothing for p₂ = 0, and k·p₃.
    let (t1, c) = mac(t1, t0, P[1], t0);
    let (t2, c) = adc(t2, 0, c);
    let (t3, c) = mac(t3, t0, P[3], c);
    let (t4, hi) = adc(t4, c, 0);

    let (t2, c) = mac(t2, t1, P[1], t1);
    let (t3, c) = adc(t3, 0, c);
    let (t4, c) = mac(t4, t1, P[3], c);
    let (t5, hi) = adc(t5, c, hi);

    let (t3, c) = mac(t3, t2, P[1], t2);
    let (t4, c) = adc(t4, 0, c);
    let (t5, c) = mac(t5, t2, P[3], c);
    let (t6, hi) = adc(t6, c, hi);

    let (t4, c) = mac(t4, t3, P[1], t3);
    let (t5, c) = adc(t5, 0, c);
    let (t6, c) = mac(t6, t3, P[3], c);
    let (t7, hi) = adc(t7, c, hi);

    let r = [t4, t5, t6, t7];
    let (d, borrow) = sub(&r, &P);
    let keep_r = (borrow & !hi & 1).wrapping_neg();
    limbs::select(&d, &r, keep_r)
}

impl Fe {
    /// Zero.
    pub(crate) const ZERO: Fe = Fe([0; 4]);
    /// One (2²⁵⁶ mod p in Montgomery form).
    pub(crate) const ONE: Fe = Fe::from_limbs(&[1, 0, 0, 0]);

    /// The element with the canonical value `a < p`.
    pub(crate) const fn from_limbs(a: &Limbs) -> Fe {
        Fe(mont_reduce_p(limbs::mul_wide(a, &R2)))
    }

    /// The element with big-endian value `bytes`, or `None` if it is not below p.
    #[inline]
    pub(crate) fn from_be_bytes(bytes: &[u8; 32]) -> Option<Fe> {
        let a = limbs::from_be_bytes(bytes);
        limbs::lt(&a, &P).then(|| Fe::from_limbs(&a))
    }

    /// The canonical value (out of Montgomery form).
    #[cfg(test)]
    pub(crate) fn to_limbs(self) -> Limbs {
        mont_reduce_p([self.0[0], self.0[1], self.0[2], self.0[3], 0, 0, 0, 0])
    }

    /// `self · rhs`.
    #[inline(always)]
    pub(crate) const fn mul(&self, rhs: &Fe) -> Fe {
        Fe(mont_reduce_p(limbs::mul_wide(&self.0, &rhs.0)))
    }

    /// `self²`.
    #[inline(always)]
    pub(crate) const fn square(&self) -> Fe {
        Fe(mont_reduce_p(limbs::square_wide(&self.0)))
    }

    /// `self + rhs`.
    #[inline(always)]
    pub(crate) const fn add(&self, rhs: &Fe) -> Fe {
        Fe(limbs::add_mod(&self.0, &rhs.0, &P))
    }

    /// `self − rhs`.
    #[inline(always)]
    pub(crate) const fn sub(&self, rhs: &Fe) -> Fe {
        Fe(limbs::sub_mod(&self.0, &rhs.0, &P))
    }

    /// `2·self`.
    #[inline(always)]
    pub(crate) const fn double(&self) -> Fe {
        self.add(self)
    }

    /// `−self`.
    #[inline(always)]
    pub(crate) const fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// Whether `self == 0`.
    #[inline(always)]
    pub(crate) const fn is_zero(&self) -> bool {
        limbs::is_zero(&self.0)
    }

    /// Whether `self == rhs` (a `const` comparison: the representation is canonical).
    #[inline(always)]
    pub(crate) const fn eq(&self, rhs: &Fe) -> bool {
        limbs::eq(&self.0, &rhs.0)
    }

    /// `self⁻¹` (`0` for `0`), by Fermat: `self^(p−2)`. Only the compile-time table
    /// of the base point uses it; verification never inverts in the base field.
    pub(crate) const fn invert(&self) -> Fe {
        let e = sub(&P, &[2, 0, 0, 0]).0;
        let mut acc = Fe::ONE;
        let mut i = 256;
        while i > 0 {
            i -= 1;
            acc = acc.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                acc = acc.mul(self);
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// An independent reference: `a·b mod m` by schoolbook product and binary long
    /// division (no Montgomery form).
    fn mul_mod_reference(a: &Limbs, b: &Limbs, m: &Limbs) -> Limbs {
        let t = limbs::mul_wide(a, b);
        let mut r = [0u64; 4];
        for i in (0..512).rev() {
            let top = r[3] >> 63;
            r = [
                (r[0] << 1) | ((t[i / 64] >> (i % 64)) & 1),
                (r[1] << 1) | (r[0] >> 63),
                (r[2] << 1) | (r[1] >> 63),
                (r[3] << 1) | (r[2] >> 63),
            ];
            if top == 1 || !limbs::lt(&r, m) {
                r = sub(&r, m).0;
            }
        }
        r
    }

    fn random_below(rng: &mut impl Rng, m: &Limbs) -> Limbs {
        loop {
            let a: Limbs = [rng.gen(), rng.gen(), rng.gen(), rng.gen()];
            if limbs::lt(&a, m) {
                return a;
            }
        }
    }

    #[test]
    fn field_operations_match_a_long_division_reference() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x9256);
        let mut edge = vec![
            [0; 4],
            [1, 0, 0, 0],
            sub(&P, &[1, 0, 0, 0]).0,
            sub(&P, &[2, 0, 0, 0]).0,
            [u64::MAX, u64::MAX, u64::MAX, 0],
            [0, 0, 0, 1 << 63],
        ];
        for _ in 0..2000 {
            edge.push(random_below(&mut rng, &P));
        }
        for w in edge.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (fa, fb) = (Fe::from_limbs(&a), Fe::from_limbs(&b));
            assert_eq!(fa.to_limbs(), a);
            assert_eq!(fa.mul(&fb).to_limbs(), mul_mod_reference(&a, &b, &P));
            assert_eq!(fa.square().to_limbs(), mul_mod_reference(&a, &a, &P));
            let (sum, carry) = limbs::add(&a, &b);
            let sum = if carry == 1 || !limbs::lt(&sum, &P) {
                sub(&sum, &P).0
            } else {
                sum
            };
            assert_eq!(fa.add(&fb).to_limbs(), sum);
            assert_eq!(fa.sub(&fb).add(&fb), fa);
            assert_eq!(fa.neg().add(&fa), Fe::ZERO);
            if !fa.is_zero() {
                assert_eq!(fa.invert().mul(&fa), Fe::ONE);
            }
        }
    }

    #[test]
    fn bytes_at_and_above_p_are_refused() {
        let p = limbs::to_be_bytes(&P);
        assert!(Fe::from_be_bytes(&p).is_none());
        assert!(Fe::from_be_bytes(&[0xff; 32]).is_none());
        let pm1 = limbs::to_be_bytes(&sub(&P, &[1, 0, 0, 0]).0);
        assert_eq!(Fe::from_be_bytes(&pm1), Some(Fe::ONE.neg()));
    }
}
