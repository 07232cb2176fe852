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
use super::fp12::{mul_034_by_034, Fp12};
use super::fp2::Fp2;
use super::fp6::Fp6;
use super::g1::G1Affine;
use super::g2::{twist_b, G2Affine};
use super::{naf, BN_X};

/// T in homogeneous projective coordinates `(X/Z, Y/Z)`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Projective {
    x: Fp2,
    y: Fp2,
    z: Fp2,
}

/// Constants of the loop: `3b'`, the NAF digits of `6x + 2` and the number of
/// lines per pair.
pub(super) struct LoopConstants {
    b3: Fp2,
    digits: Vec<i8>,
    lines: usize,
}

pub(super) fn loop_constants() -> &'static LoopConstants {
    static C: OnceLock<LoopConstants> = OnceLock::new();
    C.get_or_init(|| {
        let mut c = LoopConstants {
            b3: twist_b().mul_fp(&Fp::from_u64(3)),
            digits: naf(6 * u128::from(BN_X) + 2),
            lines: 0,
        };
        c.lines = steps(&c).count();
        c
    })
}

/// A line's three coefficients, before evaluation at a G1 point: the value is
/// `c0·y_P + c1·x_P·w + c2·w³`.
pub(super) type Line = (Fp2, Fp2, Fp2);

impl Projective {
    /// `T ← 2T`; the tangent at T.
    #[inline]
    fn double(&mut self, c: &LoopConstants) -> Line {
        let a = (self.x * self.y).halve();
        let b = self.y.square();
        let cc = self.z.square();
        let e = c.b3 * cc;
        let f = e.double() + e;
        let g = (b + f).halve();
        let h = (self.y + self.z).square() - (b + cc);
        let i = e - b;
        let j = self.x.square();
        let e2 = e.square();
        self.x = a * (b - f);
        self.y = g.square() - (e2.double() + e2);
        self.z = b * h;
        (-h, j.double() + j, i)
    }

    /// The line through T and Q, leaving T as it is: the loop's last step, whose
    /// point nothing uses.
    #[inline]
    fn line_to(&self, q: &G2Affine) -> Line {
        let theta = self.y - q.y * self.z;
        let lambda = self.x - q.x * self.z;
        let j = theta * q.x - lambda * q.y;
        (lambda, -theta, j)
    }

    /// `T ← T + Q`; the line through T and Q (the same as [`Projective::line_to`]).
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

/// `ℓ(P)`: the line evaluated at a G1 point, as the coefficients of w⁰, w¹ and w³.
#[inline]
fn evaluate(line: &Line, p: &G1Affine) -> [Fp2; 3] {
    [line.0.mul_fp(&p.y), line.1.mul_fp(&p.x), line.2]
}

/// `f·Π ℓ` over evaluated lines: two at a time, their product first
/// ([`mul_034_by_034`], then [`Fp12::mul_by_01234`]: 23 Fp2 multiplications per
/// two lines instead of 26), an odd one alone. `f` is `None` for one: the first
/// product is then taken as it is.
fn fold_lines(f: Option<Fp12>, lines: &[[Fp2; 3]]) -> Option<Fp12> {
    let mut f = f;
    let mut pairs = lines.chunks_exact(2);
    for two in &mut pairs {
        let x = mul_034_by_034(&two[0], &two[1]);
        f = Some(match f {
            Some(f) => f.mul_by_01234(&x),
            None => Fp12::new(Fp6::new(x[0], x[1], x[2]), Fp6::new(x[3], x[4], Fp2::ZERO)),
        });
    }
    if let [l] = pairs.remainder() {
        f = Some(match f {
            Some(f) => f.mul_by_034(&l[0], &l[1], &l[2]),
            None => Fp12::new(
                Fp6::new(l[0], Fp2::ZERO, Fp2::ZERO),
                Fp6::new(l[1], l[2], Fp2::ZERO),
            ),
        });
    }
    f
}

/// One step of the loop for one pair, in loop order: what the line comes from.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    /// The tangent at T.
    Double,
    /// The line through T and Q (`true`) or −Q (`false`).
    Add(bool),
    /// The line through T and π(Q).
    Frobenius,
    /// The line through T and −π²(Q).
    Frobenius2,
}

/// The steps of the loop for one pair, in order (the same for every point).
pub(super) fn steps(c: &LoopConstants) -> impl Iterator<Item = Step> + '_ {
    // The top digit is 1: T starts at Q.
    c.digits
        .iter()
        .rev()
        .skip(1)
        .flat_map(|&d| {
            let add = (d != 0).then_some(Step::Add(d > 0));
            std::iter::once(Step::Double).chain(add)
        })
        .chain([Step::Frobenius, Step::Frobenius2])
}

/// A G2 point with the coefficients of every line the Miller loop evaluates for
/// it, in loop order: a pairing with this point then needs no G2 arithmetic, only
/// the evaluation of each line at its G1 point. Built by [`G2Prepared::new`] from a
/// validated point; what the cache of prepared points holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G2Prepared {
    pub(super) lines: Vec<Line>,
}

// Outside the tests and the `internals` API, points are prepared by the loop itself.
#[cfg(any(test, feature = "internals"))]
impl G2Prepared {
    /// The lines for `q` (on the twist, in the subgroup, not the identity).
    pub fn new(q: &G2Affine) -> G2Prepared {
        let c = loop_constants();
        let mut source = LineSource::live(q, true);
        for step in steps(c) {
            source.line(step, c);
        }
        match source {
            LineSource::Live { record, .. } => G2Prepared {
                lines: record.unwrap_or_default(),
            },
            LineSource::Prepared { .. } => G2Prepared { lines: Vec::new() },
        }
    }

    /// Bytes of memory this point's lines occupy.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<G2Prepared>() + self.lines.capacity() * std::mem::size_of::<Line>()
    }
}

/// Where one pair's lines come from during the loop.
// One per pair of a call, by value: boxing the large variant would allocate per
// pair on the path every miss takes.
#[allow(clippy::large_enum_variant)]
pub(super) enum LineSource<'a> {
    /// Computed as the loop goes from T and Q, and recorded if `record` is set.
    Live {
        t: Projective,
        q: G2Affine,
        record: Option<Vec<Line>>,
    },
    /// Read back from a prepared point.
    Prepared { lines: &'a [Line], next: usize },
}

impl<'a> LineSource<'a> {
    pub(super) fn live(q: &G2Affine, record: bool) -> LineSource<'a> {
        LineSource::Live {
            t: Projective {
                x: q.x,
                y: q.y,
                z: Fp2::ONE,
            },
            q: *q,
            record: record.then(|| Vec::with_capacity(loop_constants().lines)),
        }
    }

    /// The line of `step`.
    #[inline]
    pub(super) fn line(&mut self, step: Step, c: &LoopConstants) -> Line {
        match self {
            LineSource::Live { t, q, record } => {
                let line = match step {
                    Step::Double => t.double(c),
                    Step::Add(true) => t.add(q),
                    Step::Add(false) => t.add(&q.neg()),
                    // ψ on the twist is π.
                    Step::Frobenius => t.add(&q.psi(1)),
                    // The last step: T is not needed after it.
                    Step::Frobenius2 => t.line_to(&q.psi(2).neg()),
                };
                if let Some(r) = record {
                    r.push(line);
                }
                line
            }
            LineSource::Prepared { lines, next } => {
                // A prepared point has one line per step (both come from `steps`);
                // past the end would be a bug, and yields a line that makes the
                // check false rather than a panic.
                let line = lines
                    .get(*next)
                    .copied()
                    .unwrap_or((Fp2::ZERO, Fp2::ZERO, Fp2::ZERO));
                *next += 1;
                line
            }
        }
    }
}

/// The second half of a pair for [`miller_loop_mixed`]: a point whose lines are
/// computed (and recorded, with `record`), or a prepared one.
#[derive(Clone, Copy, Debug)]
pub enum PairG2<'a> {
    /// A validated point; with `record`, its lines are returned for the cache.
    Point {
        /// The point.
        q: &'a G2Affine,
        /// Whether to keep its lines.
        record: bool,
    },
    /// A prepared point.
    Prepared(&'a G2Prepared),
}

/// The Miller loop `Π f_{6x+2,Q}(P)·ℓ_{T,π(Q)}(P)·ℓ_{T,−π²(Q)}(P)` over all pairs,
/// sharing the squarings of f. No point may be the identity.
#[cfg(any(test, feature = "internals"))]
pub fn miller_loop(pairs: &[(G1Affine, G2Affine)]) -> Fp12 {
    let pairs: Vec<(G1Affine, PairG2<'_>)> = pairs
        .iter()
        .map(|(p, q)| (*p, PairG2::Point { q, record: false }))
        .collect();
    miller_loop_mixed(&pairs).f
}

/// What [`miller_loop_mixed`] returns.
#[derive(Debug)]
pub struct MillerOutput {
    /// The Miller value.
    pub f: Fp12,
    /// For each pair given as a point with `record`, its prepared form (`None` for
    /// the others).
    pub prepared: Vec<Option<G2Prepared>>,
    /// Whether every point given as a point (not prepared) lies in G2, read off
    /// the loop's last value of T: after the loop T is \[6x+2\]Q + ψ(Q), and
    /// Q lies in G2 exactly when T + ψ³(Q) = ψ²(Q).
    pub in_subgroup: bool,
}

/// [`miller_loop`] over pairs whose G2 points may be prepared: the same value,
/// with the lines of prepared points read instead of computed. Points given as
/// points need only be on the twist: the loop also decides whether they lie in G2
/// ([`MillerOutput::in_subgroup`]); its value is meaningless when one does not.
pub fn miller_loop_mixed(pairs: &[(G1Affine, PairG2<'_>)]) -> MillerOutput {
    let c = loop_constants();
    let mut sources: Vec<LineSource<'_>> = pairs
        .iter()
        .map(|(_, q)| match q {
            PairG2::Point { q, record } => LineSource::live(q, *record),
            PairG2::Prepared(prep) => LineSource::Prepared {
                lines: &prep.lines,
                next: 0,
            },
        })
        .collect();
    // f (None while it is one) is squared once per bit of 6x + 2, before its
    // doubling lines; the lines of one bit (every pair's tangent, and its addition
    // line when the digit is not zero; the two Frobenius lines join the last bit)
    // are gathered and multiplied into f together.
    let mut f: Option<Fp12> = None;
    let mut lines: Vec<[Fp2; 3]> = Vec::with_capacity(4 * pairs.len());
    for step in steps(c) {
        if matches!(step, Step::Double) {
            f = fold_lines(f, &lines).map(|f| f.square());
            lines.clear();
        }
        for ((p, _), source) in pairs.iter().zip(sources.iter_mut()) {
            lines.push(evaluate(&source.line(step, c), p));
        }
    }
    MillerOutput::finish(fold_lines(f, &lines).unwrap_or(Fp12::ONE), sources)
}

impl MillerOutput {
    /// The loop's output from its value `f` and its line sources once every step has
    /// run: whether each live Q lies in G2 (decided from its last T), and the prepared
    /// form of each that recorded its lines. Both towers' loops end here.
    pub(super) fn finish(f: Fp12, sources: Vec<LineSource<'_>>) -> MillerOutput {
        let in_subgroup = sources.iter().all(|s| match s {
            LineSource::Live { t, q, .. } => in_subgroup_after_loop(t, q),
            LineSource::Prepared { .. } => true,
        });
        let prepared = sources
            .into_iter()
            .map(|s| match s {
                LineSource::Live {
                    record: Some(lines),
                    ..
                } => Some(G2Prepared { lines }),
                _ => None,
            })
            .collect();
        MillerOutput {
            f,
            prepared,
            in_subgroup,
        }
    }
}

/// Whether Q (on the twist) lies in G2, given the loop's last value of T,
/// `[6x+2]Q + ψ(Q)`: the test is `[6x+2]Q + ψ(Q) + ψ³(Q) = ψ²(Q)`, which costs
/// one addition where a separate subgroup test costs a 63-bit multiplication.
///
/// Why it decides membership: ψ satisfies `ψ² − tψ + p = 0` on the twist (t the
/// trace, `6x² + 1`), so `φ = [6x+2] + ψ − ψ² + ψ³` is `a + bψ` with
/// `a = 6x + 2 + p − tp` and `b = 1 − t + t² − p`. On G2, ψ is `[p]` and
/// `6x + 2 + p − p² + p³ ≡ 0 (mod r)` (the relation the optimal ate loop rests on),
/// so φ kills G2. φ's kernel has `N = a² + abt + b²p` points and the twist's group
/// `r·(2p − r)`; `gcd(N, r(2p − r)) = r` (computed once, recorded in the tests), so
/// the points of the twist φ kills are exactly G2 — the argument of El Housni,
/// Guillevic and Piellard for [`G2Affine::is_in_subgroup`].
///
/// The loop's formulas are exact unless T meets ±Q or a point of order two; each of
/// those gives `Z = 0`, which stays zero to the end (every later Z is a multiple of
/// the one before) and is rejected, as is T + ψ³(Q) at infinity: for Q in G2 neither
/// happens, since `6x + 2 + p` and `p²` are not multiples of r.
pub(super) fn in_subgroup_after_loop(t: &Projective, q: &G2Affine) -> bool {
    if t.z.is_zero() {
        return false;
    }
    let mut l = *t;
    l.add(&q.psi(3));
    let q2 = q.psi(2);
    !l.z.is_zero() && l.x == q2.x * l.z && l.y == q2.y * l.z
}

/// The width of the signed-window exponentiation by x: with digits ±1, ±3, ±5, ±7 the
/// 63-bit x has 14 non-zero digits, so `f^x` costs 63 cyclotomic squarings and 16
/// multiplications (3 for the table), against 23 multiplications by the plain NAF.
const X_WINDOW: u32 = 4;

/// The width-[`X_WINDOW`] NAF digits of x, most significant first.
fn x_wnaf() -> &'static [i8] {
    static DIGITS: OnceLock<Vec<i8>> = OnceLock::new();
    DIGITS.get_or_init(|| {
        let mut d = super::wnaf(u128::from(BN_X), X_WINDOW);
        d.reverse();
        d
    })
}

/// `f^(−x)` for f in the cyclotomic subgroup (x > 0 for BN254): a signed-window
/// power over the odd powers `f, f³, f⁵, f⁷` (a negative digit multiplies by the
/// conjugate, which is the inverse there), with cyclotomic squarings, then the
/// conjugate.
fn exp_by_neg_x(f: &Fp12) -> Fp12 {
    const ODD: usize = 1 << (X_WINDOW - 2);
    let f2 = f.cyclotomic_square();
    let mut odd = [*f; ODD];
    for i in 1..ODD {
        odd[i] = odd[i - 1] * f2;
    }
    let digits = x_wnaf();
    // The top digit of a NAF is positive.
    let mut acc = odd[usize::from(digits[0].unsigned_abs() / 2)];
    for &d in &digits[1..] {
        acc = acc.cyclotomic_square();
        let power = &odd[usize::from(d.unsigned_abs() / 2)];
        if d > 0 {
            acc = acc * *power;
        } else if d < 0 {
            acc = acc * power.conjugate();
        }
    }
    acc.conjugate()
}

/// The final exponentiation (up to a fixed power coprime to r). The check itself
/// only needs [`is_one`]; this is for tests and the `internals` benches.
#[cfg(any(test, feature = "internals"))]
pub fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    let (a, b) = final_exponentiation_factors(f)?;
    Some(a * b)
}

/// The final exponentiation as two factors whose product it is, both in the
/// cyclotomic subgroup: the check "the product is one" is then "the second is the
/// conjugate (the inverse) of the first", a comparison instead of the last
/// multiplication.
fn final_exponentiation_factors(f: &Fp12) -> Option<(Fp12, Fp12)> {
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
    Some((y15, y14))
}

/// Whether `Π e(Pᵢ, Qᵢ) = 1` (no point may be the identity).
#[cfg(any(test, feature = "internals"))]
pub fn pairing_is_one(pairs: &[(G1Affine, G2Affine)]) -> bool {
    is_one(&miller_loop(pairs))
}

/// Whether a Miller value's final exponentiation is one. A zero Miller value cannot
/// occur for valid points; it counts as "not one".
pub fn is_one(f: &Fp12) -> bool {
    final_exponentiation_factors(f).is_some_and(|(a, b)| b == a.conjugate())
}
