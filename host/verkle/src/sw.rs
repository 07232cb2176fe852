//! The short Weierstrass model of Bandersnatch, used for one thing: summing many
//! affine points with batched inversions.
//!
//! An affine Weierstrass addition costs an inversion, two multiplications and a
//! squaring; sharing the inversion across a whole batch (Montgomery's trick, three
//! multiplications per element) makes it about 6 multiplications, against 8 for
//! the best mixed twisted Edwards addition. The wide fixed-base tables are stored
//! in this model and their lookups summed here; results go back to twisted Edwards.
//!
//! The maps go through the Montgomery form `B·v² = u³ + A·u² + u` with
//! `A = 2(a+d)/(a−d)`, `B = 4/(a−d)`: `u = (1+y)/(1−y)`, `v = u/x`, then
//! `X = (3u + A)/(3B)`, `Y = v/B` on `Y² = X³ + a'·X + b'`, `a' = (3 − A²)/(3B²)`.

use std::sync::OnceLock;

use ark_ed_on_bls12_381_bandersnatch::Fq;
use ark_ff::{AdditiveGroup, Field, Zero};

use super::element::{fmul, Element, D};

/// An affine Weierstrass point (never the point at infinity: that is `None` where
/// it can occur).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(C)]
pub(crate) struct Sw {
    pub(crate) x: Fq,
    pub(crate) y: Fq,
}

impl Sw {
    #[inline(always)]
    pub(crate) fn neg(&self) -> Sw {
        Sw {
            x: self.x,
            y: -self.y,
        }
    }
}

/// Constants of the maps.
struct Consts {
    /// `1/B`.
    inv_b: Fq,
    /// `A/(3B)`.
    a_3b: Fq,
    /// `B`.
    b: Fq,
    /// `A/3`.
    a_3: Fq,
    /// The Weierstrass coefficient `a'`.
    sw_a: Fq,
}

fn consts() -> &'static Consts {
    static C: OnceLock<Consts> = OnceLock::new();
    C.get_or_init(|| {
        let a = -Fq::from(5u64);
        let amd_inv = (a - D).inverse().unwrap_or(Fq::ZERO);
        let mont_a = (a + D).double() * amd_inv;
        let mont_b = Fq::from(4u64) * amd_inv;
        let three = Fq::from(3u64);
        let inv_b = mont_b.inverse().unwrap_or(Fq::ZERO);
        let inv_3 = three.inverse().unwrap_or(Fq::ZERO);
        Consts {
            inv_b,
            a_3b: mont_a * inv_3 * inv_b,
            b: mont_b,
            a_3: mont_a * inv_3,
            sw_a: (three - mont_a.square()) * inv_3 * inv_b.square(),
        }
    })
}

/// Writes `1/v` over every element of `values` in place (Montgomery's trick: one
/// inversion, three multiplications each). Zeros are left as zero.
pub(crate) fn batch_invert(values: &mut [Fq], scratch: &mut Vec<Fq>) {
    scratch.clear();
    let mut acc = Fq::ONE;
    for v in values.iter() {
        scratch.push(acc);
        if !v.is_zero() {
            acc = fmul(acc, *v);
        }
    }
    let mut inv = acc.inverse().unwrap_or(Fq::ZERO);
    for (v, prefix) in values.iter_mut().zip(scratch.iter()).rev() {
        if v.is_zero() {
            continue;
        }
        let vi = fmul(inv, *prefix);
        inv = fmul(inv, *v);
        *v = vi;
    }
}

/// Twisted Edwards affine points (`x ≠ 0`, so neither the identity nor `(0, −1)`)
/// to Weierstrass, sharing one inversion.
pub(crate) fn from_edwards(points: &[(Fq, Fq)], out: &mut Vec<Sw>) {
    let c = consts();
    let mut w: Vec<Fq> = points.iter().map(|(x, y)| (Fq::ONE - y) * x).collect();
    let mut scratch = Vec::with_capacity(w.len());
    batch_invert(&mut w, &mut scratch);
    out.clear();
    out.extend(points.iter().zip(w.iter()).map(|((x, y), winv)| {
        let opy = Fq::ONE + y;
        let v = opy * winv;
        let u = v * x;
        Sw {
            x: u * c.inv_b + c.a_3b,
            y: v * c.inv_b,
        }
    }));
}

/// Weierstrass points (or infinity) back to twisted Edwards elements, sharing one
/// inversion.
pub(crate) fn to_edwards(points: &[Option<Sw>]) -> Vec<Element> {
    let c = consts();
    let uv: Vec<Option<(Fq, Fq)>> = points
        .iter()
        .map(|p| p.map(|p| (c.b * p.x - c.a_3, c.b * p.y)))
        .collect();
    // x = u/v, y = (u−1)/(u+1): invert v·(u+1).
    let mut den: Vec<Fq> = uv
        .iter()
        .map(|p| match p {
            Some((u, v)) => *v * (*u + Fq::ONE),
            None => Fq::ZERO,
        })
        .collect();
    let mut scratch = Vec::with_capacity(den.len());
    batch_invert(&mut den, &mut scratch);
    uv.iter()
        .zip(den.iter())
        .map(|(p, inv)| match p {
            None => Element::IDENTITY,
            Some((u, v)) if inv.is_zero() => {
                // v = 0: a 2-torsion point. In 2E the only one is (0, −1), whose
                // Montgomery image is u = 0; it is the identity element.
                debug_assert!(u.is_zero(), "{v}");
                Element::IDENTITY
            }
            Some((u, v)) => {
                let x = *u * (*u + Fq::ONE) * inv;
                let y = (*u - Fq::ONE) * *v * inv;
                Element::from_affine(x, y)
            }
        })
        .collect()
}

/// The sum of two affine points with its own inversion (the rare cases of the
/// batch: equal or opposite operands).
fn add_slow(p: &Sw, q: &Sw) -> Option<Sw> {
    let lambda = if p.x == q.x {
        if p.y != q.y || p.y.is_zero() {
            return None; // p = −q
        }
        (p.x.square() * Fq::from(3u64) + consts().sw_a) * p.y.double().inverse()?
    } else {
        (q.y - p.y) * (q.x - p.x).inverse()?
    };
    let x = lambda.square() - p.x - q.x;
    Some(Sw {
        x,
        y: lambda * (p.x - x) - p.y,
    })
}

/// Reusable buffers for [`sum_groups`].
#[derive(Default)]
pub(crate) struct Scratch {
    next: Vec<Sw>,
    den: Vec<Fq>,
    prefix: Vec<Fq>,
    lens: Vec<u32>,
}

/// Sums consecutive groups of `points` (group `g` has `lens[g]` points) by a tree
/// of batched affine additions, one inversion per level. Returns each group's sum,
/// `None` for the point at infinity. `points` is consumed as working space.
pub(crate) fn sum_groups(
    points: &mut Vec<Sw>,
    lens: &[u32],
    scratch: &mut Scratch,
) -> Vec<Option<Sw>> {
    let mut cur_lens: Vec<u32> = lens.to_vec();
    loop {
        if cur_lens.iter().all(|&l| l <= 1) {
            break;
        }
        // Denominators x₂ − x₁ of every pair, group by group.
        scratch.den.clear();
        let mut off = 0usize;
        for &l in &cur_lens {
            let l = l as usize;
            for k in 0..l / 2 {
                let p = &points[off + 2 * k];
                let q = &points[off + 2 * k + 1];
                scratch.den.push(q.x - p.x);
            }
            off += l;
        }
        batch_invert(&mut scratch.den, &mut scratch.prefix);
        scratch.next.clear();
        scratch.lens.clear();
        let mut off = 0usize;
        let mut pair = 0usize;
        for &l in &cur_lens {
            let l = l as usize;
            let start = scratch.next.len();
            for k in 0..l / 2 {
                let p = points[off + 2 * k];
                let q = points[off + 2 * k + 1];
                let inv = scratch.den[pair];
                pair += 1;
                if inv.is_zero() {
                    if let Some(s) = add_slow(&p, &q) {
                        scratch.next.push(s);
                    }
                    continue;
                }
                let lambda = fmul(q.y - p.y, inv);
                let x = fmul(lambda, lambda) - p.x - q.x;
                scratch.next.push(Sw {
                    x,
                    y: fmul(lambda, p.x - x) - p.y,
                });
            }
            if l % 2 == 1 {
                scratch.next.push(points[off + l - 1]);
            }
            scratch.lens.push((scratch.next.len() - start) as u32);
            off += l;
        }
        std::mem::swap(points, &mut scratch.next);
        std::mem::swap(&mut cur_lens, &mut scratch.lens);
    }
    let mut out = Vec::with_capacity(cur_lens.len());
    let mut off = 0usize;
    for &l in &cur_lens {
        out.push(if l == 1 { Some(points[off]) } else { None });
        off += l as usize;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ed_on_bls12_381_bandersnatch::Fr;
    use ark_ff::UniformRand;
    use rand::SeedableRng;

    #[test]
    fn maps_round_trip_and_batched_sums_match_edwards() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let g = Element::generator();
        let pts: Vec<Element> = (0..37).map(|_| g.mul(&Fr::rand(&mut rng))).collect();
        let aff: Vec<(Fq, Fq)> = pts.iter().map(|p| p.to_affine()).collect();
        let mut sw = Vec::new();
        from_edwards(&aff, &mut sw);
        // On the curve Y² = X³ + a'X + b' for one b': all points agree on b'.
        let a = consts().sw_a;
        let b0 = sw[0].y.square() - sw[0].x.square() * sw[0].x - a * sw[0].x;
        for p in &sw {
            assert_eq!(p.y.square() - p.x.square() * p.x - a * p.x, b0);
        }
        let back = to_edwards(&sw.iter().map(|p| Some(*p)).collect::<Vec<_>>());
        assert_eq!(back, pts);

        // Groups of sizes 0..8 plus duplicates and opposites, against Edwards sums.
        let mut points = Vec::new();
        let mut lens = Vec::new();
        let mut expected = Vec::new();
        let mut i = 0;
        for len in 0..9usize {
            let mut e = Element::IDENTITY;
            for _ in 0..len {
                points.push(sw[i % sw.len()]);
                e = e.add(&pts[i % pts.len()]);
                i += 1;
            }
            lens.push(len as u32);
            expected.push(e);
        }
        // p + p, p + (−p), p + p + (−p).
        points.extend([sw[0], sw[0], sw[1], sw[1].neg(), sw[2], sw[2], sw[2].neg()]);
        lens.extend([2, 2, 3]);
        expected.extend([pts[0].double(), Element::IDENTITY, pts[2]]);
        let sums = sum_groups(&mut points, &lens, &mut Scratch::default());
        assert_eq!(to_edwards(&sums), expected);
    }
}
