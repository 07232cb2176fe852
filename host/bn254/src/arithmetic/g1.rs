//! G1: the points of `y² = x³ + 3` over Fp (cofactor 1), with the affine addition
//! ECADD needs, a GLV scalar multiplication for ECMUL, and the parts the MSM
//! (`crate::msm`, the engine's group) shares: the endomorphism, the GLV split and
//! co-Z odd multiples. There is one G1 in this crate: this one.

use zkhost_mont as mont;
use zkhost_mont::inverse::ratio;
use zkhost_mont::words::{be_words, sub_words, words_be_bytes};

use super::fp::{Fp, FpConfig, MODULUS, R2};
use super::jacobian::Jacobian;
#[cfg(feature = "abi")]
use crate::{encoding, Error};

/// G1 in Jacobian coordinates.
pub type G1Jacobian = Jacobian<Fp>;

/// An affine point of G1 in Montgomery form; `(0, 0)`, which is not on the curve
/// (`0 ≠ 3`), is the identity, as in the Ethereum encoding. No flag: MSM buckets and
/// tables of these stay 64 bytes a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct G1Affine {
    pub(crate) x: Fp,
    pub(crate) y: Fp,
}

/// The curve constant 3 (Montgomery form; the tests check it is `Fp::from_u64(3)`).
pub(crate) const B: Fp = Fp::from_mont([
    0x7a17_caa9_50ad_28d7,
    0x1f6a_c17a_e155_21b9,
    0x334b_ea4e_696b_d284,
    0x2a1f_6744_ce17_9d8e,
]);

/// The word `3·R⁻² mod p`: the curve constant in the scale of the plain-coordinate
/// curve check (see [`G1Input::new`]).
const B_PLAIN: [u64; 4] = [
    0xe22a_a9ce_bba9_97e1,
    0xefe1_e706_9e50_25a2,
    0x2fa2_a82e_82e9_2ead,
    0x2a84_6dad_38ab_a7a8,
];

/// `R³ mod p`: a product with it turns the word `t·R⁻¹` into `t·R`.
const R3: [u64; 4] = [
    0xb1cd_6daf_da15_30df,
    0x62f2_10e6_a728_3db6,
    0xef7f_0b0c_0ada_0afb,
    0x20fd_6e90_2d59_2544,
];

/// A G1 point as the precompiles receive it: checked on the curve, with its
/// coordinates kept as the plain integers of the input.
///
/// ECADD needs no Montgomery form at all: the slope `(y₂ − y₁)/(x₂ − x₁)` is the
/// same ratio of plain integers, one `ratio` (an inversion's price) gives it in
/// Montgomery form, and the sum comes out as plain integers again. Against
/// converting four coordinates in and two out, that saves about five of the sixteen
/// multiplications around the inversion. ECMUL and the pairing take
/// [`G1Input::affine`].
///
/// Below, `mont(a, b) = a·b·R⁻¹ mod p` on words ([`Fp::mul`] on the words as they
/// are) and `redc(a) = a·R⁻¹ mod p` ([`mont::redc`], half a multiplication).
#[derive(Clone, Copy, Debug)]
pub struct G1Input {
    /// x and y, plain integers below p.
    x: [u64; 4],
    y: [u64; 4],
    /// `x²·R⁻¹`, from the curve check; the tangent's slope reuses it.
    xx: [u64; 4],
    infinity: bool,
}

impl G1Input {
    /// The point at infinity.
    pub const INFINITY: G1Input = G1Input {
        x: [0; 4],
        y: [0; 4],
        xx: [0; 4],
        infinity: true,
    };

    /// The point with plain coordinates `x, y < p` (the caller checks the range),
    /// if it satisfies `y² = x³ + 3`: checked as `redc(mont(y, y)) = mont(mont(x,
    /// x), x) + 3·R⁻²`, the equation times `R⁻²`, in three multiplications and a
    /// half.
    pub fn new(x: &[u64; 4], y: &[u64; 4]) -> Option<G1Input> {
        let xx = Fp::from_mont(*x).square();
        let x3 = xx.mul(&Fp::from_mont(*x));
        let y2 = mont::redc(&Fp::from_mont(*y).square().0, &MODULUS);
        (y2 == x3.add(&Fp::from_mont(B_PLAIN)).0).then_some(G1Input {
            x: *x,
            y: *y,
            xx: xx.0,
            infinity: false,
        })
    }

    /// The point in Montgomery form.
    pub fn affine(&self) -> G1Affine {
        if self.infinity {
            return G1Affine::INFINITY;
        }
        G1Affine {
            x: Fp::from_mont(self.x).mul(&Fp::from_mont(R2)),
            y: Fp::from_mont(self.y).mul(&Fp::from_mont(R2)),
        }
    }

    /// `self + q`, in the Ethereum encoding.
    pub fn add(&self, q: &G1Input) -> [u8; 64] {
        let encode = |x: &[u64; 4], y: &[u64; 4]| {
            let mut out = [0u8; 64];
            out[..32].copy_from_slice(&words_be_bytes(x));
            out[32..].copy_from_slice(&words_be_bytes(y));
            out
        };
        if self.infinity {
            return if q.infinity {
                [0; 64]
            } else {
                encode(&q.x, &q.y)
            };
        }
        if q.infinity {
            return encode(&self.x, &self.y);
        }
        // The slope in Montgomery form, λ·R = n/d for plain d: n = (y₂ − y₁)·R =
        // mont(y₂ − y₁, R²), or 3x²·R = mont(3·x²·R⁻¹, R³) for the tangent.
        let (n, d) = if self.x == q.x {
            if self.y != q.y {
                // q = −self (y = 0 never occurs: x³ = −3 has no root in Fp).
                return [0; 64];
            }
            let xx = Fp::from_mont(self.xx);
            (
                xx.double().add(&xx).mul(&Fp::from_mont(R3)),
                Fp::from_mont(self.y).double(),
            )
        } else {
            let dy = Fp::from_mont(q.y)
                .sub(&Fp::from_mont(self.y))
                .mul(&Fp::from_mont(R2));
            (dy, Fp::from_mont(q.x).sub(&Fp::from_mont(self.x)))
        };
        let Some(lambda) = ratio::<FpConfig>(&n.0, &d.0) else {
            // d = 0 only for y = 0, which no curve point has.
            return [0; 64];
        };
        let lambda = Fp::from_mont(lambda);
        // x₃ = λ² − x₁ − x₂, with λ² = redc(mont(λ·R, λ·R)) plain.
        let l2 = Fp::from_mont(mont::redc(&lambda.square().0, &MODULUS));
        let x3 = l2.sub(&Fp::from_mont(self.x)).sub(&Fp::from_mont(q.x));
        // y₃ = mont(λ·R, x₁ − x₃) − y₁, all plain.
        let y3 = lambda
            .mul(&Fp::from_mont(self.x).sub(&x3))
            .sub(&Fp::from_mont(self.y));
        encode(&x3.0, &y3.0)
    }
}

impl G1Affine {
    /// The point at infinity.
    pub const INFINITY: G1Affine = G1Affine {
        x: Fp::ZERO,
        y: Fp::ZERO,
    };

    /// The standard generator `(1, 2)`.
    pub fn generator() -> G1Affine {
        G1Affine {
            x: Fp::ONE,
            y: Fp::ONE.double(),
        }
    }

    /// The point `(x, y)` if it satisfies `y² = x³ + 3`.
    #[cfg(any(test, feature = "internals"))]
    pub fn new(x: Fp, y: Fp) -> Option<G1Affine> {
        let p = G1Affine { x, y };
        (!p.is_infinity() && p.is_on_curve()).then_some(p)
    }

    /// `(x, y)` in Montgomery form (`(0, 0)` for the identity).
    #[cfg(any(test, feature = "internals"))]
    pub fn coordinates(&self) -> (Fp, Fp) {
        (self.x, self.y)
    }

    /// Parses the 64-byte EVM encoding with the precompiles' rules: both coordinates
    /// `< p` ([`encoding::g1`]), then the curve equation `y² = x³ + 3`; all zeros is
    /// infinity. With the `abi` feature (the precompiles' front end).
    #[cfg(feature = "abi")]
    pub fn from_evm(bytes: &[u8; 64]) -> Result<G1Affine, Error> {
        let c = encoding::g1(bytes)?;
        if c.is_infinity() {
            return Ok(G1Affine::INFINITY);
        }
        let e = Error::G1CoordinateNotInField;
        let x = Fp::from_be_bytes(&c.x).ok_or(e)?;
        let y = Fp::from_be_bytes(&c.y).ok_or(e)?;
        let p = G1Affine { x, y };
        if !p.is_on_curve() {
            return Err(Error::G1NotOnCurve);
        }
        Ok(p)
    }

    /// Whether `y² = x³ + 3` (the identity counts as on the curve).
    pub(crate) fn is_on_curve(&self) -> bool {
        self.is_infinity() || self.y.square() == self.x.square().mul(&self.x).add(&B)
    }

    /// Whether this is the point at infinity.
    #[inline(always)]
    pub fn is_infinity(&self) -> bool {
        self.x.is_zero() && self.y.is_zero()
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> G1Affine {
        G1Affine {
            x: self.x,
            y: self.y.neg(),
        }
    }

    /// The Ethereum encoding: x and y big-endian, or 64 zero bytes for infinity
    /// (which is `(0, 0)` already).
    pub fn to_evm(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        out[..32].copy_from_slice(&self.x.to_be_bytes());
        out[32..].copy_from_slice(&self.y.to_be_bytes());
        out
    }

    /// `k·self` for a 256-bit big-endian `k`, by GLV: `k ≡ k1 + k2·λ (mod r)` with
    /// 127-bit halves, and `λ·(x, y) = (β·x, y)`; both halves share one chain of
    /// doublings over width-5 NAF digits.
    pub fn mul(&self, k: &[u8; 32]) -> G1Affine {
        if self.is_infinity() {
            return *self;
        }
        let k = reduce_scalar(be_words(k));
        let (k1, k2) = glv_split(&k);
        let (neg1, neg2) = (k1 < 0, k2 < 0);
        let p1 = if neg1 { self.neg() } else { *self };
        let t1 = odd_multiples(&p1);
        // The second half's table is λ times the first's (φ commutes with the
        // multiples), negated when the halves' signs differ.
        let t2: [G1Affine; TABLE] = core::array::from_fn(|i| {
            let e = t1[i].endomorphism();
            if neg1 != neg2 {
                e.neg()
            } else {
                e
            }
        });
        let (d1, n1) = wnaf(k1.unsigned_abs());
        let (d2, n2) = wnaf(k2.unsigned_abs());
        let mut acc = G1Jacobian::INFINITY;
        for i in (0..n1.max(n2)).rev() {
            acc = acc.double();
            for (d, table) in [(d1[i], &t1), (d2[i], &t2)] {
                if d > 0 {
                    let t = &table[(d / 2) as usize];
                    acc = acc.add_affine(&t.x, &t.y);
                } else if d < 0 {
                    let t = &table[(-d / 2) as usize];
                    acc = acc.add_affine(&t.x, &t.y.neg());
                }
            }
        }
        acc.to_affine()
    }

    /// `φ(x, y) = (β·x, y)`, which is `[λ]` on G1 (the identity maps to itself).
    #[inline(always)]
    pub(crate) fn endomorphism(&self) -> G1Affine {
        G1Affine {
            x: self.x.mul(&BETA),
            ..*self
        }
    }
}

impl G1Jacobian {
    /// This point in affine coordinates (one inversion; the identity is
    /// [`G1Affine::INFINITY`]).
    pub fn to_affine(self) -> G1Affine {
        match self.coords() {
            Some((x, y)) => G1Affine { x, y },
            None => G1Affine::INFINITY,
        }
    }

    /// The 64-byte EVM encoding of this point.
    pub fn to_evm(self) -> [u8; 64] {
        self.to_affine().to_evm()
    }
}

impl PartialEq for G1Jacobian {
    /// Equality as points ([`Jacobian::same_point`]), not as triples.
    fn eq(&self, other: &G1Jacobian) -> bool {
        self.same_point(other)
    }
}

impl Eq for G1Jacobian {}

/// A cube root of unity in Fp (Montgomery form), paired with [`LAMBDA`].
const BETA: Fp = Fp::from_mont([
    0x7193_0c11_d782_e155,
    0xa6bb_947c_ffbe_3323,
    0xaa30_3344_d474_1444,
    0x2c3b_3f0d_2659_4943,
]);

/// `λ = 36x³ + 18x² + 6x + 1`, a cube root of unity mod r with `[λ]P = φ(P)`.
#[cfg(test)]
pub(crate) const LAMBDA: [u64; 4] = [
    0x8b17_ea66_b99c_90dd,
    0x5bfc_4108_8d8d_aaa7,
    0xb3c4_d79d_41a9_1758,
    0,
];

/// The group order r, little-endian words: Fr's modulus.
pub(crate) const R: [u64; 4] = super::fr::R;

/// `k mod r` (k < 2²⁵⁶ < 6r: at most five subtractions).
pub(crate) fn reduce_scalar(mut k: [u64; 4]) -> [u64; 4] {
    loop {
        let (d, borrow) = sub_words(&k, &R);
        if borrow {
            return k;
        }
        k = d;
    }
}

/// The reduced lattice basis of `{(a, b) : a + b·λ ≡ 0 (mod r)}`:
/// `v1 = (A1, −B1)`, `v2 = (A2, B2)`, each coordinate below 2¹²⁷.
const A1: u128 = 0x89d3_2568_94d2_13e3;
const B1: u128 = 0x6f4d_8248_eeb8_59fc_8211_bbeb_7d4f_1128;
const A2: u128 = 0x6f4d_8248_eeb8_59fd_0be4_e154_1221_250b;
const B2: u128 = 0x89d3_2568_94d2_13e3;
/// `round(B2·2²⁵⁶/r)` and `round(B1·2²⁵⁶/r)`, little-endian words.
const G1: [u64; 3] = [0xd91d_232e_c7e0_b3d7, 0x2, 0];
const G2: [u64; 3] = [0x7a7b_d9d4_391e_b18e, 0x4cce_f014_a773_d2cf, 0x2];

/// `⌊k·g / 2²⁵⁶⌋` (below 2¹²⁸ for the constants above).
fn mul_shift(k: &[u64; 4], g: &[u64; 3]) -> u128 {
    let mut t = [0u64; 7];
    for (i, &ki) in k.iter().enumerate() {
        let mut carry: u128 = 0;
        for (j, &gj) in g.iter().enumerate() {
            let acc = u128::from(ki) * u128::from(gj) + u128::from(t[i + j]) + carry;
            t[i + j] = acc as u64;
            carry = acc >> 64;
        }
        t[i + 3] = carry as u64;
    }
    u128::from(t[4]) | (u128::from(t[5]) << 64)
}

/// `(k1, k2)` with `k ≡ k1 + k2·λ (mod r)` and `|k1|, |k2| < 2¹²⁷`, by rounding `k`
/// onto the lattice basis. The wrapping arithmetic is exact because the true
/// values fit in an `i128`.
pub(crate) fn glv_split(k: &[u64; 4]) -> (i128, i128) {
    let c1 = mul_shift(k, &G1);
    let c2 = mul_shift(k, &G2);
    let k_low = u128::from(k[0]) | (u128::from(k[1]) << 64);
    let k1 = k_low
        .wrapping_sub(c1.wrapping_mul(A1))
        .wrapping_sub(c2.wrapping_mul(A2));
    let k2 = c1.wrapping_mul(B1).wrapping_sub(c2.wrapping_mul(B2));
    (k1 as i128, k2 as i128)
}

/// Entries of the table of odd multiples (width 5: P, 3P, …, 15P).
const TABLE: usize = 8;
/// The NAF window width.
const WINDOW: u32 = 5;

/// Most NAF digits of a 127-bit value (one more than its length).
const MAX_DIGITS: usize = 129;

/// Width-5 NAF of `k < 2¹²⁷`: digits odd and in −15..=15, least significant first,
/// at most one non-zero in any five consecutive; and the number of digits.
fn wnaf(mut k: u128) -> ([i8; MAX_DIGITS], usize) {
    let mut digits = [0i8; MAX_DIGITS];
    let mut n = 0;
    let half = 1i32 << (WINDOW - 1);
    while k != 0 {
        if k & 1 == 1 {
            let mut d = (k & ((1 << WINDOW) - 1)) as i32;
            if d >= half {
                d -= 1 << WINDOW;
            }
            digits[n] = d as i8;
            // k − d: now divisible by 2⁵ (never negative: d ≤ k when d > 0).
            k = if d > 0 {
                k - d as u128
            } else {
                k + (-d) as u128
            };
        }
        n += 1;
        k >>= 1;
    }
    (digits, n)
}

/// `[P, 3P, 5P, …, 15P]` in affine coordinates: co-Z multiples, one shared inversion.
fn odd_multiples(p: &G1Affine) -> [G1Affine; TABLE] {
    let mut jac = [G1Jacobian::from_affine(p.x, p.y); TABLE];
    odd_multiples_co_z(p, &mut jac[1..]);
    Jacobian::batch_to_affine(&jac).map(|(x, y)| G1Affine { x, y })
}

/// Writes `3p, 5p, …, (2·out.len() + 1)·p` to `out` by co-Z formulas (Meloni;
/// Longa–Miri for odd multiples): one doubling that also returns `p` with the same Z
/// (1M + 5S), then `(cur + 2p, 2p)` with a common Z per step (5M + 2S) instead of a
/// full addition (11M + 5S). Points of G1 have odd prime order, so no step meets
/// equal or opposite x coordinates. The identity gives identities.
pub(crate) fn odd_multiples_co_z(p: &G1Affine, out: &mut [G1Jacobian]) {
    if p.is_infinity() {
        for o in out.iter_mut() {
            *o = G1Jacobian::INFINITY;
        }
        return;
    }
    // 2P and P sharing Z = 2y.
    let xx = p.x.square();
    let yy = p.y.square();
    let yyyy = yy.square();
    let s = ((p.x + yy).square() - xx - yyyy).double();
    let m = xx.double() + xx;
    let x2 = m.square() - s.double();
    let y8 = yyyy.double().double().double();
    let z = p.y.double();
    let mut d = Jacobian {
        x: x2,
        y: m * (s - x2) - y8,
        z,
    };
    let mut cur = Jacobian { x: s, y: y8, z };
    for o in out.iter_mut() {
        // ZADDU(d, cur): cur ← d + cur, d ← d, both on the new common Z.
        let h = cur.x - d.x;
        let a = h.square();
        let b = d.x * a;
        let c = cur.x * a;
        let r = cur.y - d.y;
        let x3 = r.square() - b - c;
        let e = d.y * (c - b);
        let y3 = r * (b - x3) - e;
        let z3 = d.z * h;
        d = Jacobian { x: b, y: e, z: z3 };
        cur = Jacobian {
            x: x3,
            y: y3,
            z: z3,
        };
        *o = cur;
    }
}
