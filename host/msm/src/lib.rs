#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! Multi-scalar multiplication `Σ kᵢ·Pᵢ`, generic over the group.
//!
//! The engine needs only a few group operations, listed by [`MsmGroup`]; BN254 G1
//! implements it in `zkhost-bn254` (`zkhost_bn254::msm::G1`). This crate knows no
//! curve. Three algorithms, each with a window parameter:
//!
//! - [`strauss::strauss`]: interleaved width-w NAF with per-point tables of odd
//!   multiples: no fixed cost beyond the scalar's doublings, best for a few points;
//! - [`pippenger::pippenger`]: buckets over Booth-encoded signed windows (half the
//!   buckets of the unsigned method), windows of 1 to 16 bits, wide windows
//!   accumulated in affine coordinates with batched inversions;
//! - [`pippenger::parallel_pippenger`]: the same on the current rayon pool ([`msm`]
//!   uses it only when a node allows more than one thread, [`set_threads`]).
//!
//! A group with a GLV endomorphism (BN254 G1 has one) gets every scalar split into
//! two halves first, which halves the doublings (Strauss) or the windows
//! (Pippenger).
//!
//! Which algorithm runs is decided by the ABCD [`cost`] model (`A·n + B` bytes,
//! `C·n + D` nanoseconds per algorithm and window), which each group commits from a
//! calibration run (`zkhost calibrate`). The choice changes speed only: every
//! algorithm gives the same sum.

pub mod cost;
pub mod pippenger;
pub mod scalar;
pub mod strauss;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

pub use cost::{Algorithm, Choice, CostEntry, CostModel, Family};

/// A scalar: 256 bits as four little-endian 64-bit limbs. Any value is accepted;
/// scalars reduced below the group order are cheaper (fewer windows).
pub type Scalar = [u64; 4];

/// The working-memory limit [`msm`] selects under: 256 MiB.
pub const DEFAULT_MEMORY_LIMIT: usize = 256 << 20;

/// What the MSM engine needs from a group: projective points (`Self`) with
/// addition, doubling and negation, affine points for inputs and tables (mixed
/// addition, free negation), batch normalization (one inversion for many points)
/// and a cost model. Every operation must handle the identity and equal or opposite
/// operands. Two capabilities are optional, with defaults: batched affine addition
/// ([`batch_add`](Self::batch_add), for wide Pippenger windows) and a GLV
/// endomorphism ([`GLV`](Self::GLV)). Scalars are [`Scalar`]s: 256-bit
/// little-endian limbs.
pub trait MsmGroup: Copy + Send + Sync + 'static {
    /// Affine points: the inputs and precomputed tables.
    type Affine: Copy + Send + Sync + 'static;

    /// The group's name in the constants file and reports.
    const NAME: &'static str;

    /// The identity element.
    fn identity() -> Self;
    /// Whether `self` is the identity.
    fn is_identity(&self) -> bool;
    /// The identity in affine form.
    fn affine_identity() -> Self::Affine;
    /// Whether an affine point is the identity.
    fn affine_is_identity(p: &Self::Affine) -> bool;
    /// An affine point as a projective one.
    fn from_affine(p: &Self::Affine) -> Self;
    /// `self + other`.
    fn add(&self, other: &Self) -> Self;
    /// `self + q` for an affine `q` (mixed addition, cheaper than [`add`](Self::add)).
    fn add_affine(&self, q: &Self::Affine) -> Self;
    /// `2·self`.
    fn double(&self) -> Self;
    /// `−self`.
    fn neg(&self) -> Self;
    /// `−p` for an affine `p`.
    fn neg_affine(p: &Self::Affine) -> Self::Affine;
    /// Writes the affine form of `points[i]` to `out[i]` (over the shorter length),
    /// sharing one field inversion.
    fn batch_normalize(points: &[Self], out: &mut [Self::Affine]);
    /// The calibrated cost model of this group.
    fn cost_model() -> &'static CostModel;

    /// Writes the odd multiples `3p, 5p, …, (2·out.len() + 1)·p` to `out` (Strauss's
    /// tables). The default doubles once and adds; a group may override it with
    /// cheaper formulas (BN254 uses co-Z additions).
    fn odd_multiples(p: &Self::Affine, out: &mut [Self]) {
        let p1 = Self::from_affine(p);
        let p2 = p1.double();
        let mut cur = p1;
        for o in out.iter_mut() {
            cur = cur.add(&p2);
            *o = cur;
        }
    }

    /// `buckets[i] = buckets[i] + q` for every `(i, q)` in `pairs` (the `i`
    /// distinct and in range), in affine coordinates. An implementation should
    /// share one field inversion over the batch (Montgomery's trick), which makes an
    /// addition about half the cost of a mixed one; the default adds one pair at a
    /// time through projective coordinates.
    fn batch_add(buckets: &mut [Self::Affine], pairs: &[(u32, Self::Affine)]) {
        for (i, q) in pairs {
            if let Some(b) = buckets.get_mut(*i as usize) {
                let sum = Self::from_affine(b).add_affine(q);
                Self::batch_normalize(std::slice::from_ref(&sum), std::slice::from_mut(b));
            }
        }
    }

    /// Whether the group has a GLV endomorphism: [`endomorphism`](Self::endomorphism)
    /// and [`decompose`](Self::decompose) are then used to halve scalar lengths
    /// (half the doublings for Strauss, half the windows for Pippenger).
    const GLV: bool = false;
    /// `φ(p) = λ·p`, an endomorphism cheaper than a scalar multiplication.
    fn endomorphism(p: &Self::Affine) -> Self::Affine {
        *p
    }
    /// Splits `k` into `(m₁, neg₁), (m₂, neg₂)` with `k·P = ±m₁·P ± m₂·φ(P)` (minus
    /// where `neg`), both halves about half as long as the group order; `None` if the
    /// group has no endomorphism.
    fn decompose(k: &Scalar) -> Option<[(u128, bool); 2]> {
        let _ = k;
        None
    }
}

/// The GLV form of an MSM: `2n` points `±P, ±φ(P)` and their half-length scalars;
/// `None` for groups without an endomorphism. With `parallel`, large inputs are
/// split on the global rayon pool.
fn glv_split<G: MsmGroup>(
    points: &[G::Affine],
    scalars: &[Scalar],
    parallel: bool,
) -> Option<(Vec<G::Affine>, Vec<Scalar>)> {
    use rayon::prelude::*;

    if !G::GLV {
        return None;
    }
    let n = points.len().min(scalars.len());
    let (points, scalars) = (&points[..n], &scalars[..n]);
    let mut p2 = vec![G::affine_identity(); 2 * n];
    let mut s2 = vec![[0u64; 4]; 2 * n];
    let split = |p_out: &mut [G::Affine], s_out: &mut [Scalar], p: &[G::Affine], s: &[Scalar]| {
        for (((po, so), p), k) in p_out
            .chunks_exact_mut(2)
            .zip(s_out.chunks_exact_mut(2))
            .zip(p)
            .zip(s)
        {
            let [(m1, neg1), (m2, neg2)] = G::decompose(k)?;
            let e = G::endomorphism(p);
            po[0] = if neg1 { G::neg_affine(p) } else { *p };
            po[1] = if neg2 { G::neg_affine(&e) } else { e };
            so[0] = [m1 as u64, (m1 >> 64) as u64, 0, 0];
            so[1] = [m2 as u64, (m2 >> 64) as u64, 0, 0];
        }
        Some(())
    };
    const CHUNK: usize = 512;
    if parallel && n >= 2 * CHUNK {
        p2.par_chunks_mut(2 * CHUNK)
            .zip(s2.par_chunks_mut(2 * CHUNK))
            .zip(points.par_chunks(CHUNK).zip(scalars.par_chunks(CHUNK)))
            .try_for_each(|((po, so), (p, s))| split(po, so, p, s))?;
    } else {
        split(&mut p2, &mut s2, points, scalars)?;
    }
    Some((p2, s2))
}

/// Threads one [`msm`] call may use ([`set_threads`]); 1 until a node says more.
static THREADS: AtomicUsize = AtomicUsize::new(1);

/// Sets how many threads one [`msm`] call may use, for the whole process (0 counts
/// as 1). The default is one: a host call runs beside other transactions, the
/// node's networking and its other work, and a parallel MSM that finds the other
/// cores busy is slower than the single-threaded one. A node that runs host calls
/// on otherwise idle cores may allow more; the cost model then also considers the
/// parallel algorithm, run on a pool of exactly that many threads. Speed only: every
/// algorithm gives the same sum, and gas is priced from the input length.
pub fn set_threads(threads: usize) {
    THREADS.store(threads.max(1), Ordering::Relaxed);
}

/// Threads one [`msm`] call may use (see [`set_threads`]).
pub fn threads() -> usize {
    THREADS.load(Ordering::Relaxed)
}

/// A rayon pool of `threads` threads, built once per count and kept; `None` if the
/// threads cannot be started (the caller then stays on one thread).
fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    static POOL: Mutex<Option<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(None);
    let mut slot = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((n, pool)) = slot.as_ref() {
        if *n == threads {
            return Some(pool.clone());
        }
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("zkhost-msm-{i}"))
            .build()
            .ok()?,
    );
    *slot = Some((threads, pool.clone()));
    Some(pool)
}

/// `Σ scalars[i]·points[i]` (over the shorter of the two slices) with the algorithm
/// the group's cost model selects under [`DEFAULT_MEMORY_LIMIT`] for the threads
/// allowed by [`set_threads`] (one by default: single-threaded algorithms only).
pub fn msm<G: MsmGroup>(points: &[G::Affine], scalars: &[Scalar]) -> G {
    let n = points.len().min(scalars.len());
    if n == 0 {
        return G::identity();
    }
    let threads = threads();
    let choice = G::cost_model().select_for(n, DEFAULT_MEMORY_LIMIT, threads);
    if choice.algorithm.family() == Family::ParallelPippenger {
        if let Some(pool) = pool(threads) {
            return pool.install(|| run(choice.algorithm, points, scalars));
        }
        let serial = G::cost_model().select_for(n, DEFAULT_MEMORY_LIMIT, 1);
        return run(serial.algorithm, points, scalars);
    }
    run(choice.algorithm, points, scalars)
}

/// `Σ scalars[i]·points[i]` with a given algorithm (windows out of range are
/// clamped).
pub fn run<G: MsmGroup>(algorithm: Algorithm, points: &[G::Affine], scalars: &[Scalar]) -> G {
    match algorithm {
        Algorithm::Strauss(w) => strauss::strauss(points, scalars, w as usize),
        Algorithm::Pippenger(c) => pippenger::pippenger(points, scalars, c as usize),
        Algorithm::ParallelPippenger(c) => {
            pippenger::parallel_pippenger(points, scalars, c as usize)
        }
    }
}
