//! P-256 points (`y² = x³ − 3x + b` over the base field) and the one product ECDSA
//! verification needs, `u₁·G + u₂·Q`, in variable time (every input of a signature
//! check is public).
//!
//! - Points in the loop are Jacobian (`x = X/Z²`, `y = Y/Z³`; `Z = 0` is the point at
//!   infinity): doubling with `a = −3` (4M + 4S), a general addition (12M + 4S) and
//!   an addition of an affine point (8M + 3S). Each addition checks for equal or
//!   opposite inputs, so the product is exact for every input (`Q = ±G`, `u₁ = ±u₂`, …).
//! - `G` is added from [`G_TABLE`], the odd multiples `G, 3G, …, 127G` in affine
//!   coordinates, computed at compile time (a `static`: no first-call cost); `u₁` is
//!   recoded as a width-8 wNAF, about 29 additions.
//! - `Q`'s odd multiples `Q, 3Q, …, 15Q` are computed per call in Jacobian
//!   coordinates (seven additions, one doubling); `u₂` is a width-5 wNAF, about 43
//!   additions.
//! - One joint double-and-add (Straus–Shamir) shares the ≤ 256 doublings.

use super::field::{Fe, FieldMul};
use super::limbs::Limbs;
use super::table::G_TABLE;

/// The curve's `b`, in Montgomery form.
const B: Fe = Fe::from_limbs(&[
    0x3bce_3c3e_27d2_604b,
    0x651d_06b0_cc53_b0f6,
    0xb3eb_bd55_7698_86bc,
    0x5ac6_35d8_aa3a_93e7,
]);

/// The base point G.
pub(crate) const G: Affine = Affine {
    x: Fe::from_limbs(&[
        0xf4a1_3945_d898_c296,
        0x7703_7d81_2deb_33a0,
        0xf8bc_e6e5_63a4_40f2,
        0x6b17_d1f2_e12c_4247,
    ]),
    y: Fe::from_limbs(&[
        0xcbb6_4068_37bf_51f5,
        0x2bce_3357_6b31_5ece,
        0x8ee7_eb4a_7c0f_9e16,
        0x4fe3_42e2_fe1a_7f9b,
    ]),
};

/// The wNAF width for `u₁` (the base point): digits odd, `|d| < 2⁷`.
const G_WINDOW: u32 = 8;
/// The wNAF width for `u₂` (the public key): digits odd, `|d| < 2⁴`.
const Q_WINDOW: u32 = 5;
/// Number of odd multiples in the base point's table.
pub(crate) const G_TABLE_LEN: usize = 1 << (G_WINDOW - 2);
/// Number of odd multiples of the public key.
const Q_TABLE_LEN: usize = 1 << (Q_WINDOW - 2);

/// A point in affine coordinates (never the point at infinity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Affine {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
}

/// A point in Jacobian coordinates; `z = 0` is the point at infinity.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
    pub(crate) z: Fe,
}

impl Affine {
    /// The point `(x, y)` if it is on the curve.
    #[inline]
    pub(crate) fn on_curve(x: Fe, y: Fe) -> Option<Affine> {
        let three_x = x.double().add(&x);
        let rhs = x.square().mul(&x).sub(&three_x).add(&B);
        y.square().eq(&rhs).then_some(Affine { x, y })
    }

    /// `−self`.
    #[inline(always)]
    const fn neg(&self) -> Affine {
        Affine {
            x: self.x,
            y: self.y.neg(),
        }
    }
}

impl Jacobian {
    /// The point at infinity.
    pub(crate) const INFINITY: Jacobian = Jacobian {
        x: Fe::ONE,
        y: Fe::ONE,
        z: Fe::ZERO,
    };

    /// The affine point `a`.
    #[inline(always)]
    pub(crate) const fn from_affine(a: &Affine) -> Jacobian {
        Jacobian {
            x: a.x,
            y: a.y,
            z: Fe::ONE,
        }
    }

    /// Whether this is the point at infinity.
    #[inline(always)]
    pub(crate) const fn is_infinity(&self) -> bool {
        self.z.is_zero()
    }

    /// `2·self` (`a = −3`: 4M + 4S and 12 additions; `Z₃ = 2YZ` is 0 for infinity).
    #[inline(always)]
    pub(crate) fn double<M: FieldMul>(&self, m: M) -> Jacobian {
        let (x, y, z) = (&self.x, &self.y, &self.z);
        let delta = m.square(z);
        let gamma = m.square(y);
        // α = 3(X − δ)(X + δ) = 3(X² − Z⁴).
        let t = m.mul(&m.sub(x, &delta), &m.add(x, &delta));
        let alpha = m.add(&m.add(&t, &t), &t);
        // 4β = 2·X·2γ, 8γ² = 2·(2γ)².
        let gamma2 = m.add(&gamma, &gamma);
        let beta2 = m.mul(x, &gamma2);
        let beta4 = m.add(&beta2, &beta2);
        let gamma_sq4 = m.square(&gamma2);
        let gamma_sq8 = m.add(&gamma_sq4, &gamma_sq4);
        let x3 = m.sub(&m.square(&alpha), &m.add(&beta4, &beta4));
        let y3 = m.sub(&m.mul(&alpha, &m.sub(&beta4, &x3)), &gamma_sq8);
        let yz = m.mul(y, z);
        let z3 = m.add(&yz, &yz);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + rhs` for any two points (12M + 4S).
    #[inline(always)]
    pub(crate) fn add<M: FieldMul>(&self, rhs: &Jacobian, m: M) -> Jacobian {
        if self.is_infinity() {
            return *rhs;
        }
        if rhs.is_infinity() {
            return *self;
        }
        let z1z1 = m.square(&self.z);
        let z2z2 = m.square(&rhs.z);
        let u1 = m.mul(&self.x, &z2z2);
        let u2 = m.mul(&rhs.x, &z1z1);
        let s1 = m.mul(&m.mul(&self.y, &rhs.z), &z2z2);
        let s2 = m.mul(&m.mul(&rhs.y, &self.z), &z1z1);
        let h = m.sub(&u2, &u1);
        let r = m.sub(&s2, &s1);
        if h.is_zero() {
            return if r.is_zero() {
                self.double(m)
            } else {
                Jacobian::INFINITY
            };
        }
        let hh = m.square(&h);
        let hhh = m.mul(&hh, &h);
        let v = m.mul(&u1, &hh);
        let x3 = m.sub(&m.sub(&m.square(&r), &hhh), &m.add(&v, &v));
        let y3 = m.sub(&m.mul(&r, &m.sub(&v, &x3)), &m.mul(&s1, &hhh));
        let z3 = m.mul(&m.mul(&self.z, &rhs.z), &h);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + rhs` for an affine `rhs` (madd-2004-hmv, 8M + 3S).
    #[inline(always)]
    pub(crate) fn add_affine<M: FieldMul>(&self, rhs: &Affine, m: M) -> Jacobian {
        if self.is_infinity() {
            return Jacobian::from_affine(rhs);
        }
        let z1z1 = m.square(&self.z);
        let u2 = m.mul(&rhs.x, &z1z1);
        let s2 = m.mul(&m.mul(&rhs.y, &self.z), &z1z1);
        let h = m.sub(&u2, &self.x);
        let r = m.sub(&s2, &self.y);
        if h.is_zero() {
            return if r.is_zero() {
                self.double(m)
            } else {
                Jacobian::INFINITY
            };
        }
        let hh = m.square(&h);
        let hhh = m.mul(&hh, &h);
        let v = m.mul(&self.x, &hh);
        let x3 = m.sub(&m.sub(&m.square(&r), &hhh), &m.add(&v, &v));
        let y3 = m.sub(&m.mul(&r, &m.sub(&v, &x3)), &m.mul(&self.y, &hhh));
        let z3 = m.mul(&self.z, &h);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `−self`.
    #[inline(always)]
    fn neg(&self) -> Jacobian {
        Jacobian {
            x: self.x,
            y: self.y.neg(),
            z: self.z,
        }
    }

    /// Whether the affine x-coordinate `X/Z²` equals the canonical `x < p` (false for
    /// the point at infinity), without an inversion: `x·Z² == X`.
    #[inline]
    pub(crate) fn x_equals(&self, x: &Limbs) -> bool {
        !self.is_infinity() && Fe::from_limbs(x).mul(&self.z.square()).eq(&self.x)
    }

    /// The affine point, for tests (one inversion).
    #[cfg(test)]
    pub(crate) fn to_affine(self) -> Option<Affine> {
        if self.is_infinity() {
            return None;
        }
        let zi = self.z.invert();
        let zi2 = zi.square();
        Some(Affine {
            x: self.x.mul(&zi2),
            y: self.y.mul(&zi2.mul(&zi)),
        })
    }
}

/// The width-`w` non-adjacent form of `k < 2²⁵⁶`: `k = Σ dᵢ·2ⁱ` with every nonzero
/// `dᵢ` odd and `|dᵢ| < 2^(w−1)`, at most one nonzero digit in any `w` consecutive.
/// 257 digits suffice.
pub(crate) fn wnaf(k: &Limbs, w: u32) -> [i8; 257] {
    let x = [k[0], k[1], k[2], k[3], 0, 0];
    let width = 1u64 << w;
    let mask = width - 1;
    let mut digits = [0i8; 257];
    let mut pos = 0usize;
    let mut carry = 0u64;
    while pos < 257 {
        let (limb, bit) = (pos / 64, pos % 64);
        let bits = if bit == 0 {
            x[limb]
        } else {
            (x[limb] >> bit) | (x[limb + 1] << (64 - bit))
        };
        let window = carry + (bits & mask);
        if window & 1 == 0 {
            pos += 1;
            continue;
        }
        if window < width / 2 {
            carry = 0;
            digits[pos] = window as i8;
        } else {
            carry = 1;
            digits[pos] = (window as i64 - width as i64) as i8;
        }
        pos += w as usize;
    }
    digits
}

/// `u₁·G + u₂·Q` for `u₁, u₂ < 2²⁵⁶`, with the field products of `m`.
#[inline(always)]
pub(crate) fn mul_base_and_point<M: FieldMul>(
    u1: &Limbs,
    u2: &Limbs,
    q: &Affine,
    m: M,
) -> Jacobian {
    let d1 = wnaf(u1, G_WINDOW);
    let d2 = wnaf(u2, Q_WINDOW);

    let q1 = Jacobian::from_affine(q);
    let q2 = q1.double(m);
    let mut q_table = [q1; Q_TABLE_LEN];
    for i in 1..Q_TABLE_LEN {
        q_table[i] = q_table[i - 1].add(&q2, m);
    }

    let Some(top) = (0..257).rev().find(|&i| d1[i] != 0 || d2[i] != 0) else {
        return Jacobian::INFINITY;
    };
    let mut acc = Jacobian::INFINITY;
    for i in (0..=top).rev() {
        acc = acc.double(m);
        let d = d1[i];
        if d > 0 {
            acc = acc.add_affine(&G_TABLE[(d >> 1) as usize], m);
        } else if d < 0 {
            acc = acc.add_affine(&G_TABLE[((-d) >> 1) as usize].neg(), m);
        }
        let d = d2[i];
        if d > 0 {
            acc = acc.add(&q_table[(d >> 1) as usize], m);
        } else if d < 0 {
            acc = acc.add(&q_table[((-d) >> 1) as usize].neg(), m);
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::super::field::Portable;
    use super::super::limbs;
    use super::*;
    use ::p256::elliptic_curve::ops::{LinearCombination, Reduce};
    use ::p256::elliptic_curve::sec1::ToEncodedPoint;
    use ::p256::{ProjectivePoint, Scalar, U256};
    use rand::{Rng, SeedableRng};

    fn theirs_scalar(k: &Limbs) -> Scalar {
        <Scalar as Reduce<U256>>::reduce_bytes(&limbs::to_be_bytes(k).into())
    }

    /// RustCrypto's affine coordinates of `p`, or `None` at infinity.
    fn theirs_affine(p: &ProjectivePoint) -> Option<(Limbs, Limbs)> {
        let e = p.to_affine().to_encoded_point(false);
        let x: [u8; 32] = e.x()?.as_slice().try_into().ok()?;
        let y: [u8; 32] = e.y()?.as_slice().try_into().ok()?;
        Some((limbs::from_be_bytes(&x), limbs::from_be_bytes(&y)))
    }

    fn ours_affine(p: &Jacobian) -> Option<(Limbs, Limbs)> {
        p.to_affine().map(|a| (a.x.to_limbs(), a.y.to_limbs()))
    }

    #[test]
    fn the_table_holds_the_odd_multiples_of_g() {
        let g = ProjectivePoint::GENERATOR;
        for (i, entry) in G_TABLE.iter().enumerate() {
            let expected = theirs_affine(&(g * Scalar::from(2 * i as u64 + 1))).unwrap();
            assert_eq!((entry.x.to_limbs(), entry.y.to_limbs()), expected, "{i}");
            assert!(Affine::on_curve(entry.x, entry.y).is_some());
        }
    }

    #[test]
    fn wnaf_digits_sum_to_the_scalar() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let mut cases = vec![[0; 4], [1, 0, 0, 0], [u64::MAX; 4], [0, 0, 0, 1 << 63]];
        for _ in 0..500 {
            cases.push([rng.gen(), rng.gen(), rng.gen(), rng.gen()]);
        }
        for k in cases {
            for w in [2, 4, 5, 8] {
                let d = wnaf(&k, w);
                // Σ dᵢ·2ⁱ, evaluated as signed 128-bit chunks would overflow; rebuild
                // with Horner's rule in 5 limbs of two's complement.
                let mut acc = [0u64; 5];
                for &di in d.iter().rev() {
                    let top = acc[4];
                    acc = [
                        acc[0] << 1,
                        (acc[1] << 1) | (acc[0] >> 63),
                        (acc[2] << 1) | (acc[1] >> 63),
                        (acc[3] << 1) | (acc[2] >> 63),
                        (top << 1) | (acc[3] >> 63),
                    ];
                    let add = di as i64 as u64;
                    let ext = if di < 0 { u64::MAX } else { 0 };
                    let mut c = 0u64;
                    for (j, a) in acc.iter_mut().enumerate() {
                        let (s, c1) = limbs::adc(*a, if j == 0 { add } else { ext }, c);
                        *a = s;
                        c = c1;
                    }
                }
                assert_eq!(acc, [k[0], k[1], k[2], k[3], 0], "{k:x?} w={w}");
                assert!(d
                    .iter()
                    .all(|&x| x == 0 || (x % 2 != 0 && i32::from(x).abs() < 1 << (w - 1))));
                for i in 0..257 {
                    if d[i] != 0 {
                        assert!(d[i + 1..(i + w as usize).min(257)].iter().all(|&x| x == 0));
                    }
                }
            }
        }
    }

    #[test]
    fn joint_products_match_rustcrypto() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x51);
        let g = ProjectivePoint::GENERATOR;
        let n_minus_1 = limbs::sub(&super::super::scalar::N, &[1, 0, 0, 0]).0;
        for case in 0..200 {
            let k: Limbs = [rng.gen(), rng.gen(), rng.gen(), rng.gen()];
            // Q = k·G, with special public keys and scalars in the first cases.
            let (qk, u1, u2): (Limbs, Limbs, Limbs) = match case {
                0 => ([1, 0, 0, 0], [5, 0, 0, 0], n_minus_1), // 5G − G
                1 => (
                    [1, 0, 0, 0],
                    [3, 0, 0, 0],
                    limbs::sub(&super::super::scalar::N, &[3, 0, 0, 0]).0,
                ), // infinity
                2 => (n_minus_1, [7, 0, 0, 0], [7, 0, 0, 0]), // 7G − 7G
                3 => ([2, 0, 0, 0], [0; 4], [1, 0, 0, 0]),
                4 => ([1, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]), // G + G
                _ => (
                    k,
                    [rng.gen(), rng.gen(), rng.gen(), rng.gen()],
                    [rng.gen(), rng.gen(), rng.gen(), rng.gen()],
                ),
            };
            let q_theirs = g * theirs_scalar(&qk);
            let (qx, qy) = theirs_affine(&q_theirs).unwrap();
            let q = Affine::on_curve(Fe::from_limbs(&qx), Fe::from_limbs(&qy)).unwrap();
            let ours = mul_base_and_point(&u1, &u2, &q, Portable);
            #[cfg(target_arch = "x86_64")]
            if let Some(adx) = super::super::field::Adx::detect() {
                let fast = mul_base_and_point(&u1, &u2, &q, adx);
                assert_eq!(ours_affine(&fast), ours_affine(&ours), "case {case}");
            }
            let expected =
                ProjectivePoint::lincomb(&g, &theirs_scalar(&u1), &q_theirs, &theirs_scalar(&u2));
            assert_eq!(ours_affine(&ours), theirs_affine(&expected), "case {case}");
        }
    }

    #[test]
    fn points_off_the_curve_are_refused() {
        assert!(Affine::on_curve(G.x, G.y).is_some());
        assert!(Affine::on_curve(G.x, G.y.neg()).is_some());
        assert!(Affine::on_curve(G.x, G.y.add(&Fe::ONE)).is_none());
        assert!(Affine::on_curve(Fe::ZERO, Fe::ZERO).is_none());
    }
}
