//! The G1 multi-scalar multiplication `Σ kᵢ·Pᵢ` on the Ethereum encodings
//! ([`g1_msm`], the host function `alt_bn128_g1_msm`), and BN254 G1 as a group of
//! the generic engine `zkhost-msm` ([`G1`], [`G1Affine`]).
//!
//! The field is zkhost's own Fp (the backend's: Montgomery multiplication with
//! MULX/ADX where the CPU has it, the binary-GCD inversion). The curve formulas are
//! our own: Jacobian coordinates (`x = X/Z²`, `y = Y/Z³`) with the `a = 0` doubling
//! (2M + 5S), mixed addition (7M + 4S) and addition (11M + 5S) of the
//! Explicit-Formulas Database, with the special cases (equal and opposite points,
//! infinity) handled explicitly so the engine may add anything; batched affine
//! additions (5M + 1S each plus a shared inversion); and the GLV endomorphism
//! `(x, y) ↦ (βx, y)` with our own lattice decomposition.
//!
//! Which algorithm runs is chosen by the engine's cost model from the committed
//! BN254 calibration (`zkhost calibrate`); it changes speed, never the result, and
//! the price is `zkhost-gas`'s, from the length alone.

use zkhost_msm::{CostModel, MsmGroup, Scalar};

pub use zkhost_msm::{set_threads, threads};

use crate::encoding::{self, limbs_le};
use crate::zkhost::fp::Fp;
use crate::zkhost::g1::B;
use crate::Error;

/// Bytes per record of [`g1_msm`] input: a 64-byte G1 point and a 32-byte
/// big-endian scalar.
pub const RECORD_LEN: usize = zkhost_abi::bn254::MSM_RECORD_LEN;

/// The BN254 G1 MSM on Ethereum-encoded input: `k ≥ 1` records of a 64-byte point
/// (EVM encoding, coordinates `< p`, on the curve; zeros for infinity) and a 32-byte
/// big-endian scalar (any 256-bit value, reduced mod r). Returns the 64-byte encoded
/// sum (infinity as 64 zeros). Records are validated in order, so the first bad one
/// names the error; a length that is not a positive multiple of 96 is
/// [`Error::MsmLength`].
pub fn g1_msm(input: &[u8]) -> Result<[u8; 64], Error> {
    let (points, scalars) = decode(input)?;
    Ok(zkhost_msm::msm::<G1>(&points, &scalars).to_evm())
}

/// A calibration installed by the node ([`install_cost_model`]).
static INSTALLED: std::sync::OnceLock<CostModel> = std::sync::OnceLock::new();

/// Replaces the committed BN254 cost model with `model` for this process: a node
/// that calibrated on its own hardware (`zkhost calibrate --json`) installs the
/// result at start-up. It changes which algorithm runs, so speed only: every
/// algorithm gives the same sum, and the price is `zkhost-gas`'s, computed from the
/// input length. At most once per process; a second call returns the model back.
pub fn install_cost_model(model: CostModel) -> Result<(), CostModel> {
    INSTALLED.set(model)
}

/// The cost model in force: the installed one, or the committed calibration.
pub fn cost_model() -> &'static CostModel {
    INSTALLED.get().unwrap_or_else(committed_cost_model)
}

/// The committed calibration (`msm_costs.rs`, from `zkhost calibrate --out`).
pub fn committed_cost_model() -> &'static CostModel {
    crate::msm_costs::model()
}

/// A G1 point in affine coordinates; `(0, 0)` (not on the curve) is infinity, as in
/// the EVM encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct G1Affine {
    x: Fp,
    y: Fp,
}

/// A G1 point in Jacobian coordinates `(X, Y, Z)`; `Z = 0` is infinity.
#[derive(Clone, Copy, Debug)]
pub struct G1 {
    x: Fp,
    y: Fp,
    z: Fp,
}

/// The group order r as little-endian limbs (scalars are reduced mod r).
pub const ORDER: Scalar = [
    0x43e1f593f0000001,
    0x2833e84879b97091,
    0xb85045b68181585d,
    0x30644e72e131a029,
];

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

    /// Parses the 64-byte EVM encoding with the precompiles' rules: both coordinates
    /// `< p` ([`encoding::g1`]), then the curve equation `y² = x³ + 3`; all zeros is
    /// infinity.
    pub fn from_evm(bytes: &[u8; 64]) -> Result<G1Affine, Error> {
        let c = encoding::g1(bytes)?;
        if c.is_infinity() {
            return Ok(G1Affine::INFINITY);
        }
        let e = Error::G1CoordinateNotInField;
        let x = Fp::from_be_bytes(&c.x).ok_or(e)?;
        let y = Fp::from_be_bytes(&c.y).ok_or(e)?;
        if y.square() != x.square() * x + B {
            return Err(Error::G1NotOnCurve);
        }
        Ok(G1Affine { x, y })
    }

    /// The 64-byte EVM encoding (infinity is 64 zero bytes).
    pub fn to_evm(&self) -> [u8; 64] {
        encoding::g1_output(&self.x.to_be_bytes(), &self.y.to_be_bytes())
    }

    /// Whether this is the point at infinity.
    pub fn is_infinity(&self) -> bool {
        self.x.is_zero() && self.y.is_zero()
    }
}

impl G1 {
    /// This point in affine coordinates (one inversion).
    pub fn to_affine(&self) -> G1Affine {
        let mut out = [G1Affine::INFINITY];
        <G1 as MsmGroup>::batch_normalize(std::slice::from_ref(self), &mut out);
        out[0]
    }

    /// The 64-byte EVM encoding of this point.
    pub fn to_evm(&self) -> [u8; 64] {
        self.to_affine().to_evm()
    }

    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.z.is_zero()
    }
}

impl PartialEq for G1 {
    /// Equality as points (`X₁Z₂² = X₂Z₁²` and `Y₁Z₂³ = Y₂Z₁³`), not as triples.
    fn eq(&self, other: &G1) -> bool {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => true,
            (false, false) => {
                let z1z1 = self.z.square();
                let z2z2 = other.z.square();
                self.x * z2z2 == other.x * z1z1
                    && self.y * z2z2 * other.z == other.y * z1z1 * self.z
            }
            _ => false,
        }
    }
}

impl Eq for G1 {}

impl MsmGroup for G1 {
    type Affine = G1Affine;

    const NAME: &'static str = "bn254";

    #[inline(always)]
    fn identity() -> G1 {
        G1 {
            x: Fp::ONE,
            y: Fp::ONE,
            z: Fp::ZERO,
        }
    }

    #[inline(always)]
    fn is_identity(&self) -> bool {
        self.is_zero()
    }

    #[inline(always)]
    fn affine_identity() -> G1Affine {
        G1Affine::INFINITY
    }

    #[inline(always)]
    fn affine_is_identity(p: &G1Affine) -> bool {
        p.is_infinity()
    }

    #[inline(always)]
    fn from_affine(p: &G1Affine) -> G1 {
        if p.is_infinity() {
            G1::identity()
        } else {
            G1 {
                x: p.x,
                y: p.y,
                z: Fp::ONE,
            }
        }
    }

    /// `dbl-2009-l` (a = 0): 2M + 5S. G1 has prime order, so no point has Y = 0,
    /// and infinity (Z = 0) maps to Z₃ = 0.
    #[inline]
    fn double(&self) -> G1 {
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = ((self.x + b).square() - a - c).double();
        let e = a.double() + a;
        let f = e.square();
        let x3 = f - d.double();
        let y3 = e * (d - x3) - c.double().double().double();
        let z3 = (self.y * self.z).double();
        G1 {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `add-2007-bl`: 11M + 5S, with the equal/opposite/infinity cases.
    #[inline]
    fn add(&self, other: &G1) -> G1 {
        if self.is_zero() {
            return *other;
        }
        if other.is_zero() {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = other.z.square();
        let u1 = self.x * z2z2;
        let u2 = other.x * z1z1;
        let s1 = self.y * other.z * z2z2;
        let s2 = other.y * self.z * z1z1;
        let h = u2 - u1;
        let rr = s2 - s1;
        if h.is_zero() {
            return if rr.is_zero() {
                self.double()
            } else {
                G1::identity()
            };
        }
        let i = h.double().square();
        let j = h * i;
        let r = rr.double();
        let v = u1 * i;
        let x3 = r.square() - j - v.double();
        let y3 = r * (v - x3) - (s1 * j).double();
        let z3 = ((self.z + other.z).square() - z1z1 - z2z2) * h;
        G1 {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `madd-2007-bl`: 7M + 4S, with the equal/opposite/infinity cases.
    #[inline]
    fn add_affine(&self, q: &G1Affine) -> G1 {
        if q.is_infinity() {
            return *self;
        }
        if self.is_zero() {
            return G1 {
                x: q.x,
                y: q.y,
                z: Fp::ONE,
            };
        }
        let z1z1 = self.z.square();
        let u2 = q.x * z1z1;
        let s2 = q.y * self.z * z1z1;
        let h = u2 - self.x;
        let rr = s2 - self.y;
        if h.is_zero() {
            return if rr.is_zero() {
                self.double()
            } else {
                G1::identity()
            };
        }
        let hh = h.square();
        let i = hh.double().double();
        let j = h * i;
        let r = rr.double();
        let v = self.x * i;
        let x3 = r.square() - j - v.double();
        let y3 = r * (v - x3) - (self.y * j).double();
        let z3 = (self.z + h).square() - z1z1 - hh;
        G1 {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    #[inline(always)]
    fn neg(&self) -> G1 {
        G1 {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }

    #[inline(always)]
    fn neg_affine(p: &G1Affine) -> G1Affine {
        G1Affine { x: p.x, y: -p.y }
    }

    /// Montgomery's trick: one inversion and about 7 multiplications per point. The
    /// prefix products live in `out` until they are overwritten, so nothing is
    /// allocated.
    fn batch_normalize(points: &[G1], out: &mut [G1Affine]) {
        let n = points.len().min(out.len());
        let mut acc = Fp::ONE;
        for (p, o) in points[..n].iter().zip(out[..n].iter_mut()) {
            o.x = acc;
            if !p.is_zero() {
                acc = acc * p.z;
            }
        }
        // acc is a product of non-zero elements, so it is invertible.
        let mut inv = acc.inverse().unwrap_or(Fp::ZERO);
        for (p, o) in points[..n].iter().zip(out[..n].iter_mut()).rev() {
            if p.is_zero() {
                *o = G1Affine::INFINITY;
                continue;
            }
            let zinv = inv * o.x;
            inv = inv * p.z;
            let zinv2 = zinv.square();
            o.x = p.x * zinv2;
            o.y = p.y * zinv2 * zinv;
        }
    }

    fn cost_model() -> &'static CostModel {
        cost_model()
    }

    /// Co-Z formulas (Meloni; Longa–Miri for odd multiples): one doubling that
    /// also returns `p` with the same Z (1M + 5S), then `(cur + 2p, 2p)` with a
    /// common Z per step (5M + 2S) instead of a full addition (11M + 5S). Points of
    /// G1 have odd prime order, so no step meets equal or opposite x coordinates.
    fn odd_multiples(p: &G1Affine, out: &mut [G1]) {
        if p.is_infinity() {
            for o in out.iter_mut() {
                *o = G1::identity();
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
        let mut d = G1 {
            x: x2,
            y: m * (s - x2) - y8,
            z,
        };
        let mut cur = G1 { x: s, y: y8, z };
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
            d = G1 { x: b, y: e, z: z3 };
            cur = G1 {
                x: x3,
                y: y3,
                z: z3,
            };
            *o = cur;
        }
    }

    /// Affine additions sharing one inversion: per pair the denominator `x₂ − x₁`
    /// (or `2y` to double), prefix products, one inversion, then `λ`, `x₃ = λ² − x₁
    /// − x₂`, `y₃ = λ(x₁ − x₃) − y₁`: 5M + 1S per pair. Pairs with infinity or
    /// opposite points need no inversion and take the denominator 1.
    fn batch_add(buckets: &mut [G1Affine], pairs: &[(u32, G1Affine)]) {
        let mut prefix: Vec<Fp> = Vec::with_capacity(pairs.len());
        let mut acc = Fp::ONE;
        for (i, q) in pairs {
            prefix.push(acc);
            if let Some(b) = buckets.get(*i as usize) {
                if let Pair::Add(d) | Pair::Double(d) = classify(b, q) {
                    acc = acc * d;
                }
            }
        }
        let mut inv = acc.inverse().unwrap_or(Fp::ZERO);
        for ((i, q), before) in pairs.iter().zip(prefix).rev() {
            let Some(b) = buckets.get_mut(*i as usize) else {
                continue;
            };
            match classify(b, q) {
                Pair::Add(d) => {
                    let d_inv = inv * before;
                    inv = inv * d;
                    let lambda = (q.y - b.y) * d_inv;
                    let x3 = lambda.square() - b.x - q.x;
                    b.y = lambda * (b.x - x3) - b.y;
                    b.x = x3;
                }
                Pair::Double(d) => {
                    let d_inv = inv * before;
                    inv = inv * d;
                    let xx = b.x.square();
                    let lambda = (xx.double() + xx) * d_inv;
                    let x3 = lambda.square() - b.x.double();
                    b.y = lambda * (b.x - x3) - b.y;
                    b.x = x3;
                }
                Pair::Left => {}
                Pair::Right => *b = *q,
                Pair::Infinity => *b = G1Affine::INFINITY,
            }
        }
    }

    const GLV: bool = true;

    /// `φ(x, y) = (βx, y)` with β a cube root of unity in Fp: `φ(P) = λ·P`.
    #[inline]
    fn endomorphism(p: &G1Affine) -> G1Affine {
        G1Affine {
            x: p.x * BETA,
            y: p.y,
        }
    }

    #[inline]
    fn decompose(k: &Scalar) -> Option<[(u128, bool); 2]> {
        Some(glv_decompose(k))
    }
}

/// β, the cube root of unity in Fp with `(βx, y) = λ·(x, y)` on G1, in Montgomery
/// form (its value is `0x30644e72e131a0295e6dd9e7e0acccb0c28f069fbb966e3de4bd44e5607cfd48`;
/// a test checks it).
const BETA: Fp = Fp([
    0x3350_c88e_13e8_0b9c,
    0x7dce_557c_db5e_56b9,
    0x6001_b4b8_b615_564a,
    0x2682_e617_0202_17e0,
]);

/// λ, a cube root of unity mod r (for tests and documentation).
pub const LAMBDA: Scalar = [
    0xb8ca0b2d36636f23,
    0xcc37a73fec2bc5e9,
    0x048b6e193fd84104,
    0x30644e72e131a029,
];

/// A short basis of the lattice `{(a, b) : a + b·λ ≡ 0 (mod r)}` (Gauss-reduced
/// with the extended Euclidean algorithm, as in the GLV paper): `v₁ = (A1, −B1)`,
/// `v₂ = (A2, B2)`, with determinant r.
const A1: u128 = 0x6f4d8248eeb859fc8211bbeb7d4f1128;
const B1: u128 = 0x89d3256894d213e3;
const A2: u128 = 0x89d3256894d213e3;
const B2: u128 = 0x6f4d8248eeb859fd0be4e1541221250b;
/// `round(2^256·B2 / r)` and `round(2^256·B1 / r)`, for Babai rounding.
const G1_ROUND: Scalar = [0x5398fd0300ff6565, 0x4ccef014a773d2d2, 0x2, 0];
const G2_ROUND: Scalar = [0xd91d232ec7e0b3d7, 0x2, 0, 0];

/// `k ≡ k₁ + k₂·λ (mod r)` with `|k₁|, |k₂| < 2^128`, returned as (magnitude,
/// negative): `c₁ = ⌊k·B2/r⌉`, `c₂ = ⌊k·B1/r⌉` (by the precomputed rounded
/// reciprocals), `k₁ = k − c₁·A1 − c₂·A2`, `k₂ = c₁·B1 − c₂·B2`.
fn glv_decompose(k: &Scalar) -> [(u128, bool); 2] {
    use zkhost_msm::scalar::{mul_high, mul_u128, neg, sub};
    let k = zkhost_msm::scalar::reduce(*k, &ORDER);
    let c1 = mul_high(&k, &G1_ROUND);
    let c2 = mul_high(&k, &G2_ROUND);
    let k1 = sub(&sub(&k, &mul_u128(c1, A1)), &mul_u128(c2, A2));
    let k2 = sub(&mul_u128(c1, B1), &mul_u128(c2, B2));
    let signed = |v: Scalar| -> (u128, bool) {
        if v[3] >> 63 == 1 {
            let m = neg(&v);
            (m[0] as u128 | (m[1] as u128) << 64, true)
        } else {
            (v[0] as u128 | (v[1] as u128) << 64, false)
        }
    };
    [signed(k1), signed(k2)]
}

/// How an affine pair `b + q` is computed.
enum Pair {
    /// Distinct x: the denominator `x_q − x_b`.
    Add(Fp),
    /// Equal points: the denominator `2y`.
    Double(Fp),
    /// `q` is infinity: the sum is `b`.
    Left,
    /// `b` is infinity: the sum is `q`.
    Right,
    /// Opposite points: the sum is infinity.
    Infinity,
}

#[inline(always)]
fn classify(b: &G1Affine, q: &G1Affine) -> Pair {
    if q.is_infinity() {
        Pair::Left
    } else if b.is_infinity() {
        Pair::Right
    } else if b.x != q.x {
        Pair::Add(q.x - b.x)
    } else if b.y == q.y {
        Pair::Double(b.y.double())
    } else {
        Pair::Infinity
    }
}

/// Splits Ethereum MSM input into validated points and reduced scalars, skipping
/// records that contribute nothing (infinity or a zero scalar) after validating them.
pub fn decode(input: &[u8]) -> Result<(Vec<G1Affine>, Vec<Scalar>), Error> {
    if input.is_empty() || input.len() % RECORD_LEN != 0 {
        return Err(Error::MsmLength);
    }
    let k = input.len() / RECORD_LEN;
    let mut points = Vec::with_capacity(k);
    let mut scalars = Vec::with_capacity(k);
    for record in input.chunks_exact(RECORD_LEN) {
        let (p, s) = record.split_at(64);
        let (Ok(p), Ok(s)) = (<&[u8; 64]>::try_from(p), <&[u8; 32]>::try_from(s)) else {
            return Err(Error::MsmLength);
        };
        let p = G1Affine::from_evm(p)?;
        let s = zkhost_msm::scalar::reduce(limbs_le(s), &ORDER);
        if !p.is_infinity() && s != [0; 4] {
            points.push(p);
            scalars.push(s);
        }
    }
    Ok((points, scalars))
}

#[cfg(test)]
mod tests {
    use super::*;
    use zkhost_msm::strauss::strauss_plain;

    fn generator() -> G1Affine {
        G1Affine::generator()
    }

    /// `[k]G` by the zkhost backend's ECMUL, decoded.
    fn backend_mul(k: u64) -> G1Affine {
        let mut input = [0u8; 96];
        input[31] = 1;
        input[63] = 2;
        input[88..].copy_from_slice(&k.to_be_bytes());
        let out = crate::Backend::Zkhost.ecmul(&input).unwrap();
        G1Affine::from_evm(&out).unwrap()
    }

    #[test]
    fn formulas_agree() {
        let g = G1::from_affine(&generator());
        let g2 = g.double();
        let g3 = g2.add_affine(&generator());
        assert_eq!(g3, g.add(&g2));
        assert_eq!(g3, g2.add(&g));
        assert_eq!(g.add(&g), g2);
        assert_eq!(g.add_affine(&generator()), g2);
        assert!(g.add(&g.neg()).is_identity());
        assert!(g.add_affine(&G1::neg_affine(&generator())).is_identity());
        let g4 = g2.double();
        assert_eq!(g4, g3.add(&g));
        // Against the backend's own scalar multiplication.
        assert_eq!(g4.to_affine(), backend_mul(4));
        assert_eq!(g3.to_affine(), backend_mul(3));
    }

    #[test]
    fn beta_is_the_cube_root_of_unity_it_says() {
        let value = encoding::reversed(&[
            0x48, 0xfd, 0x7c, 0x60, 0xe5, 0x44, 0xbd, 0xe4, 0x3d, 0x6e, 0x96, 0xbb, 0x9f, 0x06,
            0x8f, 0xc2, 0xb0, 0xcc, 0xac, 0xe0, 0xe7, 0xd9, 0x6d, 0x5e, 0x29, 0xa0, 0x31, 0xe1,
            0x72, 0x4e, 0x64, 0x30,
        ]);
        assert_eq!(Fp::from_be_bytes(&value), Some(BETA));
        assert_eq!(BETA * BETA * BETA, Fp::ONE);
        assert_ne!(BETA, Fp::ONE);
    }

    #[test]
    fn glv_decomposition() {
        let g = generator();
        let lg = strauss_plain::<G1>(&[g], &[LAMBDA], 4);
        assert_eq!(lg.to_affine(), G1::endomorphism(&g));
        let mut x = 0x9e3779b97f4a7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut r_minus = ORDER;
        r_minus[0] -= 1;
        let mut cases = vec![[0; 4], [1, 0, 0, 0], r_minus, ORDER, [u64::MAX; 4]];
        for _ in 0..64 {
            cases.push([next(), next(), next(), next()]);
        }
        for k in cases {
            let [(m1, n1), (m2, n2)] = glv_decompose(&k);
            assert!(m1 >> 127 == 0 && m2 >> 127 == 0);
            let s = |m: u128| [m as u64, (m >> 64) as u64, 0, 0];
            let p1 = G1::from_affine(&if n1 { G1::neg_affine(&g) } else { g });
            let e = G1::endomorphism(&g);
            let p2 = if n2 { G1::neg_affine(&e) } else { e };
            let lhs = strauss_plain::<G1>(&[g], &[k], 4);
            let a = strauss_plain::<G1>(&[p1.to_affine()], &[s(m1)], 4);
            let b = strauss_plain::<G1>(&[p2], &[s(m2)], 4);
            assert_eq!(lhs, a.add(&b), "k = {k:x?}");
        }
    }

    #[test]
    fn co_z_odd_multiples() {
        let g = generator();
        let mut out = [G1::identity(); 40];
        G1::odd_multiples(&g, &mut out);
        let g1 = G1::from_affine(&g);
        let g2 = g1.double();
        let mut cur = g1;
        for o in out {
            cur = cur.add(&g2);
            assert_eq!(o, cur);
        }
        G1::odd_multiples(&G1Affine::INFINITY, &mut out);
        assert!(out.iter().all(|o| o.is_identity()));
    }

    #[test]
    fn order_matches_encoding() {
        assert_eq!(ORDER, limbs_le(&encoding::GROUP_ORDER));
    }
}
