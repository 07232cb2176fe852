//! G2: the order-r subgroup of the sextic twist `y² = x³ + 3/ξ` over Fp2, with the
//! endomorphism ψ and the subgroup test it makes fast.

use std::sync::OnceLock;

use super::fp::Fp;
use super::fp2::Fp2;
use super::frobenius::frobenius_coefficients;
use super::jacobian::Jacobian;
use super::x_naf;

/// An affine point of the twist (never the identity: the precompile front end
/// handles the all-zero encoding before any point is built).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct G2Affine {
    /// x.
    pub x: Fp2,
    /// y.
    pub y: Fp2,
}

/// The twist in Jacobian coordinates.
pub type G2Jacobian = Jacobian<Fp2>;

/// The twist's constant `b' = 3/ξ`, `ξ = 9 + u`.
pub(crate) fn twist_b() -> &'static Fp2 {
    static B: OnceLock<Fp2> = OnceLock::new();
    B.get_or_init(|| {
        let xi = Fp2::new(Fp::from_u64(9), Fp::ONE);
        let inv = xi.inverse().unwrap_or(Fp2::ZERO);
        inv.mul_fp(&Fp::from_u64(3))
    })
}

impl G2Affine {
    /// The point `(x, y)` if it is on the twist (not checked: the subgroup).
    pub fn new(x: Fp2, y: Fp2) -> Option<G2Affine> {
        let q = G2Affine { x, y };
        q.is_on_curve().then_some(q)
    }

    /// Whether `y² = x³ + b'`.
    pub fn is_on_curve(&self) -> bool {
        self.y.square() == self.x.square() * self.x + *twist_b()
    }

    /// `−self`.
    pub fn neg(&self) -> G2Affine {
        G2Affine {
            x: self.x,
            y: -self.y,
        }
    }

    /// `ψ^k(self)`, the untwist-Frobenius-twist endomorphism applied `k` times
    /// (`k` in 1..=3): `(x^(pᵏ)·ξ^(k(p−1)/3)…, y^(pᵏ)·ξ^(k(p−1)/2)…)`, exactly the
    /// Frobenius coefficients of w² and w³.
    pub fn psi(&self, k: usize) -> G2Affine {
        let g = &frobenius_coefficients()[k];
        G2Affine {
            x: self.x.frobenius(k) * g[2],
            y: self.y.frobenius(k) * g[3],
        }
    }

    /// Whether this point (on the twist) lies in the order-r subgroup.
    ///
    /// Instead of `[r]Q = O` (254 doublings), the test of El Housni, Guillevic and
    /// Piellard for BN curves: `[x+1]Q + ψ([x]Q) + ψ²([x]Q) = ψ³([2x]Q)`, one
    /// 63-bit multiplication. The tests check it against `[r]Q` on random twist
    /// points, on subgroup points and on subgroup points plus a small-order point.
    pub fn is_in_subgroup(&self) -> bool {
        let q = Jacobian::from_affine(self.x, self.y);
        let xq = mul_by_x(self);
        let lhs = xq
            .add(&q)
            .add(&psi_jacobian(&xq, 1))
            .add(&psi_jacobian(&xq, 2));
        let rhs = psi_jacobian(&xq.double(), 3);
        lhs.same_point(&rhs)
    }
}

/// `ψ^k` on Jacobian coordinates: with `x = X/Z²`, `ψ^k(x) = X^(pᵏ)/(Z^(pᵏ))²·γ`,
/// so each coordinate goes through the Frobenius map and X, Y take the factors.
pub(crate) fn psi_jacobian(q: &G2Jacobian, k: usize) -> G2Jacobian {
    let g = &frobenius_coefficients()[k];
    Jacobian {
        x: q.x.frobenius(k) * g[2],
        y: q.y.frobenius(k) * g[3],
        z: q.z.frobenius(k),
    }
}

/// `[x]Q` for the BN parameter x, over its NAF digits.
fn mul_by_x(q: &G2Affine) -> G2Jacobian {
    let neg = q.neg();
    let mut acc = Jacobian::from_affine(q.x, q.y);
    for &d in x_naf().iter().rev().skip(1) {
        acc = acc.double();
        if d == 1 {
            acc = acc.add_affine(&q.x, &q.y);
        } else if d == -1 {
            acc = acc.add_affine(&neg.x, &neg.y);
        }
    }
    acc
}
