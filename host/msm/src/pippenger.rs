//! Pippenger's bucket method with Booth-encoded signed windows, serial and parallel.
//!
//! A scalar is cut into windows of `c` bits, recoded as signed digits in
//! `[−2^(c−1), 2^(c−1)]` ([`booth_digit`]), so a window needs only `2^(c−1)` buckets
//! (a negative digit adds the negated point: negation is free). Per window every
//! point is added to one bucket, then the buckets are summed with weights by a
//! running sum (`2·2^(c−1)` additions); windows are combined by `c` doublings each.
//! Booth digits depend only on `c + 1` bits of the scalar, so they are computed on
//! the fly in any window order: no digit table. With a GLV endomorphism the input
//! is first rewritten as `2n` points with half-length scalars (half the windows).
//!
//! Buckets are accumulated one of two ways. Narrow windows (`c <` [`AFFINE_FROM`])
//! use projective buckets and mixed additions. Wider windows keep the buckets in
//! affine coordinates and add in batches that share one inversion
//! ([`MsmGroup::batch_add`], about half the cost of a mixed addition); a point
//! whose bucket is already in the current batch waits for the next batch, and only
//! if it collides again (or too many wait, as with adversarially repeated digits)
//! is it added to a projective overflow bucket, so the cost never exceeds the
//! projective method's. The parallel variant hands windows (and, when there are few
//! windows, slices of points) to the global rayon pool.

use rayon::prelude::*;

use super::scalar::{booth_digit, booth_windows, max_bit_len};
use super::{glv_split, MsmGroup, Scalar};

/// The smallest and largest window widths the engine offers.
pub const WINDOWS: std::ops::RangeInclusive<u8> = 1..=16;

/// The narrowest window accumulated with batched affine additions.
pub const AFFINE_FROM: usize = 8;

fn clamp(c: usize) -> usize {
    c.clamp(*WINDOWS.start() as usize, *WINDOWS.end() as usize)
}

/// Pairs per batched affine addition for `buckets` buckets: large enough to
/// amortize the inversion, small enough that collisions stay rare.
fn batch_len(buckets: usize) -> usize {
    (buckets / 4).clamp(32, 512)
}

/// Per-thread working memory for one window.
struct Buckets<G: MsmGroup> {
    /// Projective buckets (narrow windows) or overflow buckets (wide windows).
    proj: Vec<G>,
    /// Affine buckets (wide windows only).
    affine: Vec<G::Affine>,
    /// The batch a bucket is in (wide windows only).
    mark: Vec<u32>,
    /// The pairs of the current batch, and those waiting for the next.
    batch: Vec<(u32, G::Affine)>,
    waiting: Vec<(u32, G::Affine)>,
}

impl<G: MsmGroup> Buckets<G> {
    fn new(c: usize) -> Buckets<G> {
        let n = 1usize << (c - 1);
        let wide = c >= AFFINE_FROM;
        let b = if wide { batch_len(n) } else { 0 };
        Buckets {
            proj: vec![G::identity(); n],
            affine: if wide {
                vec![G::affine_identity(); n]
            } else {
                Vec::new()
            },
            mark: if wide { vec![0; n] } else { Vec::new() },
            batch: Vec::with_capacity(b),
            waiting: Vec::with_capacity(b),
        }
    }

    /// Bytes held for window `c`.
    fn bytes(c: usize) -> usize {
        let n = 1usize << (clamp(c) - 1);
        let point = std::mem::size_of::<G>();
        if clamp(c) >= AFFINE_FROM {
            let affine = std::mem::size_of::<G::Affine>();
            n * (point + affine + 4) + 2 * batch_len(n) * (affine + 8)
        } else {
            n * point
        }
    }
}

/// The weighted sum `Σ d·P` over window `j` of `points`/`scalars`.
fn window_sum<G: MsmGroup>(
    points: &[G::Affine],
    scalars: &[Scalar],
    j: usize,
    c: usize,
    w: &mut Buckets<G>,
) -> G {
    for b in w.proj.iter_mut() {
        *b = G::identity();
    }
    if c < AFFINE_FROM {
        for (p, k) in points.iter().zip(scalars) {
            let d = booth_digit(k, j, c);
            if d > 0 {
                if let Some(b) = w.proj.get_mut(d as usize - 1) {
                    *b = b.add_affine(p);
                }
            } else if d < 0 {
                if let Some(b) = w.proj.get_mut((-d) as usize - 1) {
                    *b = b.add_affine(&G::neg_affine(p));
                }
            }
        }
        return reduce(&w.proj, &[]);
    }
    accumulate_affine(points, scalars, j, c, w);
    reduce(&w.proj, &w.affine)
}

/// Wide-window accumulation: affine buckets, batched additions, deferral of
/// collisions, projective overflow.
fn accumulate_affine<G: MsmGroup>(
    points: &[G::Affine],
    scalars: &[Scalar],
    j: usize,
    c: usize,
    w: &mut Buckets<G>,
) {
    let cap = batch_len(w.affine.len());
    for b in w.affine.iter_mut() {
        *b = G::affine_identity();
    }
    for m in w.mark.iter_mut() {
        *m = 0;
    }
    w.batch.clear();
    w.waiting.clear();
    let mut epoch = 1u32;

    // Places (i, q): directly into an empty bucket, into the batch, or waiting.
    // `retry` marks a pair that already waited once: it overflows instead.
    fn place<G: MsmGroup>(w: &mut Buckets<G>, epoch: u32, i: u32, q: G::Affine, retry: bool) {
        let idx = i as usize;
        let (Some(m), Some(b)) = (w.mark.get(idx).copied(), w.affine.get_mut(idx)) else {
            return;
        };
        if m == epoch {
            if retry || w.waiting.len() >= w.batch.capacity() {
                if let Some(o) = w.proj.get_mut(idx) {
                    *o = o.add_affine(&q);
                }
            } else {
                w.waiting.push((i, q));
            }
        } else if G::affine_is_identity(b) {
            *b = q;
        } else {
            if let Some(m) = w.mark.get_mut(idx) {
                *m = epoch;
            }
            w.batch.push((i, q));
        }
    }

    fn flush<G: MsmGroup>(w: &mut Buckets<G>, epoch: &mut u32) {
        G::batch_add(&mut w.affine, &w.batch);
        w.batch.clear();
        *epoch += 1;
        let waiting = std::mem::take(&mut w.waiting);
        for &(i, q) in &waiting {
            place(w, *epoch, i, q, true);
        }
        w.waiting = waiting;
        w.waiting.clear();
    }

    for (p, k) in points.iter().zip(scalars) {
        let d = booth_digit(k, j, c);
        if d == 0 {
            continue;
        }
        let (i, q) = if d > 0 {
            (d as u32 - 1, *p)
        } else {
            ((-d) as u32 - 1, G::neg_affine(p))
        };
        place(w, epoch, i, q, false);
        if w.batch.len() >= cap {
            flush(w, &mut epoch);
        }
    }
    while !w.batch.is_empty() || !w.waiting.is_empty() {
        flush(w, &mut epoch);
    }
}

/// `Σ (i + 1)·B_i` by a running sum from the top bucket down (`Σ_i Σ_{m ≥ i} B_m`),
/// where bucket i is `proj[i]` plus `affine[i]` (if given). A run of `g` empty
/// buckets adds `g·running` by double-and-add instead of `g` additions, so sparse
/// buckets (few points, wide windows) cost little.
fn reduce<G: MsmGroup>(proj: &[G], affine: &[G::Affine]) -> G {
    let mut running = G::identity();
    let mut sum = G::identity();
    let mut gap = 0usize;
    for (i, b) in proj.iter().enumerate().rev() {
        let a = affine.get(i).filter(|a| !G::affine_is_identity(a));
        if b.is_identity() && a.is_none() {
            gap += 1;
            continue;
        }
        if gap > 0 && !running.is_identity() {
            sum = sum.add(&times(&running, gap));
        }
        gap = 0;
        if !b.is_identity() {
            running = running.add(b);
        }
        if let Some(a) = a {
            running = running.add_affine(a);
        }
        sum = sum.add(&running);
    }
    if gap > 0 && !running.is_identity() {
        sum = sum.add(&times(&running, gap));
    }
    sum
}

/// `g·p` for `g ≥ 1` by left-to-right double-and-add.
fn times<G: MsmGroup>(p: &G, g: usize) -> G {
    let mut acc = *p;
    for bit in (0..usize::BITS - 1 - g.leading_zeros()).rev() {
        acc = acc.double();
        if (g >> bit) & 1 == 1 {
            acc = acc.add(p);
        }
    }
    acc
}

/// `acc·2^c + s`.
#[inline]
fn shift_add<G: MsmGroup>(mut acc: G, s: &G, c: usize) -> G {
    if !acc.is_identity() {
        for _ in 0..c {
            acc = acc.double();
        }
    }
    acc.add(s)
}

/// `Σ scalars[i]·points[i]` by Pippenger's method with `c`-bit windows (clamped to
/// [`WINDOWS`]), on this thread, using the group's endomorphism if it has one.
pub fn pippenger<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar], c: usize) -> G {
    match glv_split::<G>(points, scalars, false) {
        Some((p2, s2)) => pippenger_plain(&p2, &s2, c),
        None => pippenger_plain(points, scalars, c),
    }
}

/// [`pippenger`] without the endomorphism.
pub fn pippenger_plain<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar], c: usize) -> G {
    let c = clamp(c);
    let n = points.len().min(scalars.len());
    let (points, scalars) = (&points[..n], &scalars[..n]);
    let windows = booth_windows(max_bit_len(scalars), c);
    if windows == 0 {
        return G::identity();
    }
    let mut w = Buckets::<G>::new(c);
    let mut acc = G::identity();
    for j in (0..windows).rev() {
        let s = window_sum(points, scalars, j, c, &mut w);
        acc = shift_add(acc, &s, c);
    }
    acc
}

/// How many slices of points the parallel variant cuts the input into: one, unless
/// there are fewer windows than twice the threads.
fn slices(windows: usize, threads: usize, n: usize, c: usize) -> usize {
    if windows == 0 || windows >= 2 * threads {
        return 1;
    }
    // Each slice costs a bucket reduction; keep slices much larger than the buckets.
    let wanted = (2 * threads).div_ceil(windows);
    wanted.min((n >> c).max(1))
}

/// `Σ scalars[i]·points[i]` by Pippenger's method with `c`-bit windows, the windows
/// (and slices of points, when windows are few) spread over the global rayon pool.
pub fn parallel_pippenger<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar], c: usize) -> G {
    match glv_split::<G>(points, scalars, true) {
        Some((p2, s2)) => parallel_plain(&p2, &s2, c),
        None => parallel_plain(points, scalars, c),
    }
}

/// [`parallel_pippenger`] without the endomorphism.
pub fn parallel_plain<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar], c: usize) -> G {
    let c = clamp(c);
    let n = points.len().min(scalars.len());
    let (points, scalars) = (&points[..n], &scalars[..n]);
    let windows = booth_windows(max_bit_len(scalars), c);
    if windows == 0 {
        return G::identity();
    }
    let s = slices(windows, rayon::current_num_threads(), n, c);
    let chunk = n.div_ceil(s).max(1);
    let sums: Vec<G> = (0..windows * s)
        .into_par_iter()
        .map_init(
            || Buckets::<G>::new(c),
            |w, task| {
                let (j, q) = (task / s, task % s);
                let lo = (q * chunk).min(n);
                let hi = ((q + 1) * chunk).min(n);
                window_sum(&points[lo..hi], &scalars[lo..hi], j, c, w)
            },
        )
        .collect();
    let mut acc = G::identity();
    for j in (0..windows).rev() {
        let mut s_j = G::identity();
        for part in &sums[j * s..(j + 1) * s] {
            s_j = s_j.add(part);
        }
        acc = shift_add(acc, &s_j, c);
    }
    acc
}

/// Bytes of working memory (the buckets, per thread) for window `c`.
pub fn memory<G: MsmGroup>(c: usize, threads: usize) -> usize {
    threads.max(1) * Buckets::<G>::bytes(c)
}

/// Bytes of working memory per point: the GLV copies of points and scalars.
pub fn memory_per_point<G: MsmGroup>() -> usize {
    if G::GLV {
        2 * (std::mem::size_of::<G::Affine>() + std::mem::size_of::<Scalar>())
    } else {
        0
    }
}
