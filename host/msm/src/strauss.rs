//! Strauss's algorithm (interleaved width-w NAF) for small inputs.
//!
//! Each point gets a table of its odd multiples `P, 3P, …, (2^(w−1)−1)P`, normalized
//! to affine coordinates with one shared inversion so that every addition in the
//! main loop is a mixed one; each scalar is recoded in width-w NAF; then a single
//! accumulator is doubled once per bit and receives the non-zero digits of every
//! scalar. With a GLV endomorphism each scalar is split into two halves and the
//! table of `φ(P)` is derived from that of `P` entry by entry, so the doublings
//! halve. The cost is about `bits` doublings plus `n·bits/(w+1)` mixed additions
//! plus `n·2^(w−2)` table additions, with no per-call setup beyond a few buffers,
//! which is what makes it the right choice for a handful of points.

use super::scalar::wnaf_into;
use super::{MsmGroup, Scalar};

/// Digit rows per scalar: a 256-bit scalar has a NAF of at most 257 digits.
const DIGITS: usize = 257;

/// The smallest and largest NAF widths the engine offers.
pub const WINDOWS: std::ops::RangeInclusive<u8> = 2..=8;

fn clamp(w: usize) -> usize {
    w.clamp(*WINDOWS.start() as usize, *WINDOWS.end() as usize)
}

/// `Σ scalars[i]·points[i]` by Strauss's method with NAF width `w` (clamped to
/// [`WINDOWS`]), using the group's endomorphism if it has one; the shorter of the
/// two slices sets `n`.
pub fn strauss<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar], w: usize) -> G {
    let n = points.len().min(scalars.len());
    if G::GLV {
        let rows: Option<Vec<(Scalar, bool)>> = scalars[..n]
            .iter()
            .map(|k| {
                let [(m1, n1), (m2, n2)] = G::decompose(k)?;
                Some([(limbs(m1), n1), (limbs(m2), n2)])
            })
            .collect::<Option<Vec<_>>>()
            .map(|v| v.into_iter().flatten().collect());
        if let Some(rows) = rows {
            return interleaved::<G>(&points[..n], &rows, true, clamp(w));
        }
    }
    strauss_plain(points, scalars, w)
}

/// [`strauss`] without the endomorphism.
pub fn strauss_plain<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar], w: usize) -> G {
    let n = points.len().min(scalars.len());
    let rows: Vec<(Scalar, bool)> = scalars[..n].iter().map(|k| (*k, false)).collect();
    interleaved::<G>(&points[..n], &rows, false, clamp(w))
}

fn limbs(m: u128) -> Scalar {
    [m as u64, (m >> 64) as u64, 0, 0]
}

/// The interleaved loop over `rows` (one per point, or two with `glv`: the point
/// and its endomorphism image), each a scalar and whether to negate its point.
fn interleaved<G: MsmGroup>(
    points: &[G::Affine],
    rows: &[(Scalar, bool)],
    glv: bool,
    w: usize,
) -> G {
    let n = points.len();
    if n == 0 {
        return G::identity();
    }
    let t = 1usize << (w - 2);
    let per = if glv { 2 } else { 1 };
    let r = rows.len().min(n * per);

    // Odd multiples, projective first; the first column is the input itself and
    // needs no normalization. With glv, row 2i + 1 is φ of row 2i.
    let mut table: Vec<G::Affine> = Vec::with_capacity(r * t);
    let mut norm = Vec::new();
    if t > 1 {
        let mut proj: Vec<G> = vec![G::identity(); n * (t - 1)];
        for (p, row) in points.iter().zip(proj.chunks_exact_mut(t - 1)) {
            G::odd_multiples(p, row);
        }
        norm = vec![G::affine_identity(); proj.len()];
        G::batch_normalize(&proj, &mut norm);
    }
    for (i, p) in points.iter().enumerate() {
        let row = norm.get(i * (t - 1)..(i + 1) * (t - 1)).unwrap_or(&[]);
        table.push(*p);
        table.extend_from_slice(row);
        if glv {
            table.push(G::endomorphism(p));
            table.extend(row.iter().map(G::endomorphism));
        }
    }

    // Digits, position-major so the main loop reads them in order.
    let mut digits = vec![0i8; DIGITS * r];
    let mut naf = [0i8; DIGITS];
    let mut top = 0usize;
    for (i, (k, negate)) in rows[..r].iter().enumerate() {
        let len = wnaf_into(k, w, &mut naf);
        top = top.max(len);
        for (pos, &d) in naf[..len].iter().enumerate() {
            if d != 0 {
                if let Some(slot) = digits.get_mut(pos * r + i) {
                    *slot = if *negate { -d } else { d };
                }
            }
        }
    }

    let mut acc = G::identity();
    for pos in (0..top).rev() {
        if !acc.is_identity() {
            acc = acc.double();
        }
        let row = &digits[pos * r..(pos + 1) * r];
        for (i, &d) in row.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let idx = i * t + (d.unsigned_abs() as usize >> 1);
            if let Some(e) = table.get(idx) {
                acc = if d > 0 {
                    acc.add_affine(e)
                } else {
                    acc.add_affine(&G::neg_affine(e))
                };
            }
        }
    }
    acc
}

/// Bytes of working memory per point for width `w`: the affine and projective
/// tables and the digit rows (twice the rows, and the φ tables, with GLV).
pub fn memory_per_point<G: MsmGroup>(w: usize) -> usize {
    let t = 1usize << (clamp(w) - 2);
    let per = if G::GLV { 2 } else { 1 };
    let affine = std::mem::size_of::<G::Affine>();
    per * (t * affine + DIGITS + 40) + (t - 1) * (affine + std::mem::size_of::<G>())
}
