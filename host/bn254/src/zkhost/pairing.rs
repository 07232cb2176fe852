//! The optimal ate pairing check: one Miller loop shared by all pairs, then one
//! final exponentiation.
//!
//! The loop runs over the NAF digits of `6x + 2` with the twist point T in
//! homogeneous projective coordinates; each doubling and addition step yields the
//! line through the points, evaluated at the G1 point as a sparse Fp12 element
//! (coefficients of w⁰, w¹ and w³) — the formulas of Costello, Lange and Naehrig
//! (2010) for a D-type twist. The final exponentiation raises to `(p¹² − 1)/r`: the
//! easy part `(p⁶ − 1)(p² + 1)` with one inversion and Frobenius maps, the hard part
//! by the addition chain of Fuentes-Castañeda, Knapp and Rodríguez-Henríquez (2011)
//! with cyclotomic squarings. That chain computes a fixed power of the reduced
//! pairing coprime to r, so "the product is one" is decided exactly.

use std::sync::OnceLock;

use super::fp::Fp;
use super::fp12::Fp12;
use super::fp2::Fp2;
use super::g1::G1Affine;
use super::g2::{twist_b, G2Affine};
use super::{naf, x_naf, BN_X};

/// T in homogeneous projective coordinates `(X/Z, Y/Z)`.
#[derive(Clone, Copy, Debug)]
struct Projective {
    x: Fp2,
    y: Fp2,
    z: Fp2,
}

/// Constants of the loop: `1/2`, `3b'` and the NAF digits of `6x + 2`.
struct LoopConstants {
    two_inv: Fp,
    b3: Fp2,
    digits: Vec<i8>,
}

fn loop_constants() -> &'static LoopConstants {
    static C: OnceLock<LoopConstants> = OnceLock::new();
    C.get_or_init(|| LoopConstants {
        two_inv: Fp::from_u64(2).inverse().unwrap_or(Fp::ZERO),
        b3: twist_b().mul_fp(&Fp::from_u64(3)),
        digits: naf(6 * u128::from(BN_X) + 2),
    })
}

/// A line's three coefficients, before evaluation at a G1 point: the value is
/// `c0·y_P + c1·x_P·w + c2·w³`.
type Line = (Fp2, Fp2, Fp2);

impl Projective {
    /// `T ← 2T`; the tangent at T.
    #[inline]
    fn double(&mut self, c: &LoopConstants) -> Line {
        let a = (self.x * self.y).mul_fp(&c.two_inv);
        let b = self.y.square();
        let cc = self.z.square();
        let e = c.b3 * cc;
        let f = e.double() + e;
        let g = (b + f).mul_fp(&c.two_inv);
        let h = (self.y + self.z).square() - (b + cc);
        let i = e - b;
        let j = self.x.square();
        let e2 = e.square();
        self.x = a * (b - f);
        self.y = g.square() - (e2.double() + e2);
        self.z = b * h;
        (-h, j.double() + j, i)
    }

    /// `T ← T + Q`; the line through T and Q.
    #[inline]
    fn add(&mut self, q: &G2Affine) -> Line {
        let theta = self.y - q.y * self.z;
        let lambda = self.x - q.x * self.z;
        let c = theta.square();
        let d = lambda.square();
        let e = lambda * d;
        let f = self.z * c;
        let g = self.x * d;
        let h = e + f - g.double();
        self.x = lambda * h;
        self.y = theta * (g - h) - e * self.y;
        self.z *= e;
        let j = theta * q.x - lambda * q.y;
        (lambda, -theta, j)
    }
}

/// `f·ℓ(P)`.
#[inline]
fn ell(f: &Fp12, line: &Line, p: &G1Affine) -> Fp12 {
    f.mul_by_034(&line.0.mul_fp(&p.y), &line.1.mul_fp(&p.x), &line.2)
}

/// The Miller loop `Π f_{6x+2,Q}(P)·ℓ_{T,π(Q)}(P)·ℓ_{T,−π²(Q)}(P)` over all pairs,
/// sharing the squarings of f. No point may be the identity.
pub fn miller_loop(pairs: &[(G1Affine, G2Affine)]) -> Fp12 {
    let c = loop_constants();
    let mut ts: Vec<Projective> = pairs
        .iter()
        .map(|(_, q)| Projective {
            x: q.x,
            y: q.y,
            z: Fp2::ONE,
        })
        .collect();
    let mut f = Fp12::ONE;
    // The top digit is 1: T starts at Q.
    for (i, &d) in c.digits.iter().rev().skip(1).enumerate() {
        if i > 0 {
            f = f.square();
        }
        for ((p, _), t) in pairs.iter().zip(ts.iter_mut()) {
            f = ell(&f, &t.double(c), p);
        }
        if d != 0 {
            for ((p, q), t) in pairs.iter().zip(ts.iter_mut()) {
                let line = if d > 0 { t.add(q) } else { t.add(&q.neg()) };
                f = ell(&f, &line, p);
            }
        }
    }
    for ((p, q), t) in pairs.iter().zip(ts.iter_mut()) {
        // The lines through T and π(Q), then −π²(Q): ψ on the twist is π.
        f = ell(&f, &t.add(&q.psi(1)), p);
        f = ell(&f, &t.add(&q.psi(2).neg()), p);
    }
    f
}

/// `f^(−x)` for f in the cyclotomic subgroup (x > 0 for BN254): the power over the
/// NAF digits of x with cyclotomic squarings, then the conjugate.
fn exp_by_neg_x(f: &Fp12) -> Fp12 {
    let f_inv = f.conjugate();
    let mut acc = *f;
    for &d in x_naf().iter().rev().skip(1) {
        acc = acc.cyclotomic_square();
        if d == 1 {
            acc = acc * *f;
        } else if d == -1 {
            acc = acc * f_inv;
        }
    }
    acc.conjugate()
}

/// The final exponentiation (up to a fixed power coprime to r).
pub fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    // Easy part: f^((p⁶ − 1)(p² + 1)); afterwards f is in the cyclotomic subgroup.
    let f = f.conjugate() * f.inverse()?;
    let r = f.frobenius(2) * f;
    // Hard part.
    let y0 = exp_by_neg_x(&r);
    let y1 = y0.cyclotomic_square();
    let y2 = y1.cyclotomic_square();
    let y3 = y2 * y1;
    let y4 = exp_by_neg_x(&y3);
    let y5 = y4.cyclotomic_square();
    let y6 = exp_by_neg_x(&y5);
    let y3 = y3.conjugate();
    let y6 = y6.conjugate();
    let y7 = y6 * y4;
    let y8 = y7 * y3;
    let y9 = y8 * y1;
    let y10 = y8 * y4;
    let y11 = y10 * r;
    let y12 = y9.frobenius(1);
    let y13 = y12 * y11;
    let y14 = y8.frobenius(2) * y13;
    let y15 = (r.conjugate() * y9).frobenius(3);
    Some(y15 * y14)
}

/// Whether `Π e(Pᵢ, Qᵢ) = 1` (no point may be the identity).
pub fn pairing_is_one(pairs: &[(G1Affine, G2Affine)]) -> bool {
    // A zero Miller value cannot occur for valid points; treat it as "not one".
    final_exponentiation(&miller_loop(pairs)).is_some_and(|v| v.is_one())
}
