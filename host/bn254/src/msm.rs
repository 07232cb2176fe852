//! The G1 multi-scalar multiplication `Σ kᵢ·Pᵢ` on the Ethereum encodings
//! ([`g1_msm`], the host function `alt_bn128_g1_msm`), and BN254 G1 as a group of
//! the generic engine `zkhost-msm` ([`G1`], [`G1Affine`]).
//!
//! The group is the zkhost backend's own G1, the one ECMUL and the pairing use: its
//! field (Montgomery multiplication with MULX/ADX where the CPU has it, the
//! binary-GCD inversion), its Jacobian formulas (the `a = 0` doubling 2M + 5S, mixed
//! addition 7M + 4S, addition 11M + 5S of the Explicit-Formulas Database, with the
//! equal, opposite and infinity cases handled so the engine may add anything), its
//! co-Z odd multiples, its endomorphism `(x, y) ↦ (βx, y)` and its GLV split. What
//! only the MSM needs is here: batched affine additions for Pippenger's buckets
//! (5M + 1S each plus one shared inversion) and batch normalization.
//!
//! Which algorithm runs is chosen by the engine's cost model from the committed
//! BN254 calibration (`zkhost calibrate`); it changes speed, never the result, and
//! the price is `zkhost-gas`'s, from the length alone.

use zkhost_msm::{CostModel, MsmGroup, Scalar};

pub use zkhost_msm::{set_threads, threads};

use crate::arithmetic::fp::Fp;
use crate::arithmetic::g1::{self, G1Jacobian};
use crate::encoding::limbs_le;
use crate::Error;

pub use crate::arithmetic::g1::G1Affine;

/// A G1 point in Jacobian coordinates `(X, Y, Z)` (`x = X/Z²`, `y = Y/Z³`; `Z = 0`
/// is infinity): the backend's [`G1Jacobian`].
pub type G1 = G1Jacobian;

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

/// The committed calibration, parsed once: `msm_costs.txt` beside this file, written
/// by `zkhost calibrate --out` in [`CostModel::to_text`]'s format (a test checks that
/// it parses and has an entry for every algorithm).
pub fn committed_cost_model() -> &'static CostModel {
    static MODEL: std::sync::OnceLock<CostModel> = std::sync::OnceLock::new();
    MODEL.get_or_init(|| {
        CostModel::from_text(COMMITTED_COSTS).expect("msm_costs.txt parses (tested below)")
    })
}

/// The committed calibration's text (`msm_costs.txt`).
pub const COMMITTED_COSTS: &str = include_str!("msm_costs.txt");

/// The group order r as little-endian limbs (scalars are reduced mod r).
pub const ORDER: Scalar = g1::R;

impl MsmGroup for G1 {
    type Affine = G1Affine;

    const NAME: &'static str = "bn254";

    #[inline(always)]
    fn identity() -> G1 {
        G1::INFINITY
    }

    #[inline(always)]
    fn is_identity(&self) -> bool {
        self.is_infinity()
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
            G1::INFINITY
        } else {
            G1::from_affine(p.x, p.y)
        }
    }

    #[inline]
    fn double(&self) -> G1 {
        G1::double(self)
    }

    #[inline]
    fn add(&self, other: &G1) -> G1 {
        G1::add(self, other)
    }

    #[inline]
    fn add_affine(&self, q: &G1Affine) -> G1 {
        if q.is_infinity() {
            return *self;
        }
        G1::add_affine(self, &q.x, &q.y)
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
        p.neg()
    }

    /// Montgomery's trick: one inversion and about 7 multiplications per point. The
    /// prefix products live in `out` until they are overwritten, so nothing is
    /// allocated.
    fn batch_normalize(points: &[G1], out: &mut [G1Affine]) {
        let n = points.len().min(out.len());
        let mut acc = Fp::ONE;
        for (p, o) in points[..n].iter().zip(out[..n].iter_mut()) {
            o.x = acc;
            if !p.is_infinity() {
                acc = acc * p.z;
            }
        }
        // acc is a product of non-zero elements, so it is invertible.
        let mut inv = acc.inverse().unwrap_or(Fp::ZERO);
        for (p, o) in points[..n].iter().zip(out[..n].iter_mut()).rev() {
            if p.is_infinity() {
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

    /// The backend's co-Z odd multiples.
    fn odd_multiples(p: &G1Affine, out: &mut [G1]) {
        g1::odd_multiples_co_z(p, out);
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

    /// The backend's `φ(x, y) = (βx, y) = λ·(x, y)`.
    #[inline]
    fn endomorphism(p: &G1Affine) -> G1Affine {
        p.endomorphism()
    }

    /// The backend's GLV split of `k mod r` (halves below 2¹²⁷), as magnitude and
    /// sign.
    #[inline]
    fn decompose(k: &Scalar) -> Option<[(u128, bool); 2]> {
        let (k1, k2) = g1::glv_split(&g1::reduce_scalar(*k));
        Some([(k1.unsigned_abs(), k1 < 0), (k2.unsigned_abs(), k2 < 0)])
    }
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
    if input.is_empty() || !input.len().is_multiple_of(RECORD_LEN) {
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

    #[test]
    fn the_committed_costs_parse_and_are_complete() {
        let model = committed_cost_model();
        assert_eq!(model.group, "bn254");
        let algorithms: Vec<zkhost_msm::Algorithm> =
            model.entries.iter().map(|e| e.algorithm).collect();
        assert_eq!(
            algorithms,
            zkhost_msm::Algorithm::all(),
            "one entry per algorithm, in order"
        );
        // The file is exactly what the writer makes of it: nothing but the format.
        assert_eq!(model.to_text(), COMMITTED_COSTS);
    }

    fn generator() -> G1Affine {
        G1Affine::generator()
    }

    /// `[k]G` by the zkhost backend's ECMUL, decoded.
    fn backend_mul(k: u64) -> G1Affine {
        let mut input = [0u8; 96];
        input[31] = 1;
        input[63] = 2;
        input[88..].copy_from_slice(&k.to_be_bytes());
        let out = crate::Backend::ZKHOST.ecmul(&input).unwrap();
        G1Affine::from_evm(&out).unwrap()
    }

    #[test]
    fn formulas_agree() {
        let id = <G1 as MsmGroup>::identity;
        let g = <G1 as MsmGroup>::from_affine(&generator());
        let g2 = MsmGroup::double(&g);
        let g3 = MsmGroup::add_affine(&g2, &generator());
        assert_eq!(g3, MsmGroup::add(&g, &g2));
        assert_eq!(g3, MsmGroup::add(&g2, &g));
        assert_eq!(MsmGroup::add(&g, &g), g2);
        assert_eq!(MsmGroup::add_affine(&g, &generator()), g2);
        assert!(MsmGroup::add(&g, &MsmGroup::neg(&g)).is_identity());
        assert!(MsmGroup::add_affine(&g, &G1::neg_affine(&generator())).is_identity());
        assert_eq!(MsmGroup::add_affine(&g, &G1Affine::INFINITY), g);
        assert_eq!(MsmGroup::add_affine(&id(), &generator()), g);
        assert!(MsmGroup::double(&id()).is_identity());
        let g4 = MsmGroup::double(&g2);
        assert_eq!(g4, MsmGroup::add(&g3, &g));
        // Against the backend's own scalar multiplication.
        assert_eq!(g4.to_affine(), backend_mul(4));
        assert_eq!(g3.to_affine(), backend_mul(3));
    }

    #[test]
    fn batch_normalize_keeps_infinity() {
        let g = <G1 as MsmGroup>::from_affine(&generator());
        let pts = [g, G1::INFINITY, MsmGroup::double(&g)];
        let mut out = [G1Affine::generator(); 3];
        G1::batch_normalize(&pts, &mut out);
        assert_eq!(out, [generator(), G1Affine::INFINITY, backend_mul(2)]);
    }

    #[test]
    fn glv_decomposition() {
        let g = generator();
        let lg = strauss_plain::<G1>(&[g], &[g1::LAMBDA], 4);
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
            let Some([(m1, n1), (m2, n2)]) = G1::decompose(&k) else {
                panic!("BN254 has an endomorphism");
            };
            assert!(m1 >> 127 == 0 && m2 >> 127 == 0);
            let s = |m: u128| [m as u64, (m >> 64) as u64, 0, 0];
            let p1 = if n1 { g.neg() } else { g };
            let e = G1::endomorphism(&g);
            let p2 = if n2 { e.neg() } else { e };
            let lhs = strauss_plain::<G1>(&[g], &[k], 4);
            let a = strauss_plain::<G1>(&[p1], &[s(m1)], 4);
            let b = strauss_plain::<G1>(&[p2], &[s(m2)], 4);
            assert_eq!(lhs, MsmGroup::add(&a, &b), "k = {k:x?}");
        }
    }

    #[test]
    fn co_z_odd_multiples() {
        let g = generator();
        let mut out = [G1::INFINITY; 40];
        G1::odd_multiples(&g, &mut out);
        let g1 = <G1 as MsmGroup>::from_affine(&g);
        let g2 = MsmGroup::double(&g1);
        let mut cur = g1;
        for o in out {
            cur = MsmGroup::add(&cur, &g2);
            assert_eq!(o, cur);
        }
        G1::odd_multiples(&G1Affine::INFINITY, &mut out);
        assert!(out.iter().all(|o| o.is_identity()));
    }

    #[test]
    fn order_matches_encoding() {
        assert_eq!(ORDER, limbs_le(&crate::encoding::GROUP_ORDER));
    }

    #[test]
    fn evm_round_trip_and_rejections() {
        let g = generator();
        assert_eq!(G1Affine::from_evm(&g.to_evm()), Ok(g));
        assert_eq!(G1Affine::from_evm(&[0; 64]), Ok(G1Affine::INFINITY));
        assert_eq!(G1Affine::INFINITY.to_evm(), [0; 64]);
        let mut off = g.to_evm();
        off[63] = 3;
        assert_eq!(G1Affine::from_evm(&off), Err(Error::G1NotOnCurve));
    }
}
