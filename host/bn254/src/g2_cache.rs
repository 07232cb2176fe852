//! A bounded, thread-safe cache of prepared G2 points for the pairing check of
//! zkhost's backend.
//!
//! A Groth16 verification sends the same verifying-key G2 points (β, γ, δ) in every
//! call: three of its four pairs. The cache is keyed by a point's exact 128-byte
//! encoding (as the precompile receives it, after the `< p` check) and holds the
//! point's Miller-loop lines ([`crate::arithmetic::pairing::G2Prepared`]). A point found
//! there skips the on-twist and subgroup checks it passed when it was stored, and
//! the G2 arithmetic of the Miller loop. Only points that passed every check and
//! reached a pairing are stored: an invalid point is never cached.
//!
//! Node-local, like a compiled-module cache: outputs and gas are the same with or
//! without it (gas is priced from the input length before any work), and a miss
//! costs a lookup plus keeping the lines the loop computes anyway. At most
//! [`capacity`] points are kept (the oldest stored leaves first); each takes
//! [`ENTRY_BYTES`]. [`set_capacity`]`(0)` turns the cache off.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use crate::arithmetic::pairing::G2Prepared;

/// The cache key: a G2 point's encoding, real and imaginary parts of x, then of y.
pub(crate) type Key = [u8; 128];

/// Points kept unless a node sets otherwise: enough for the verifying keys of a
/// few dozen circuits.
pub const DEFAULT_CAPACITY: usize = 128;

/// Memory of one cached point (about 17 KiB, so 2.1 MiB at [`DEFAULT_CAPACITY`]):
/// its lines (three Fp2 coefficients for each of the 88 lines of the
/// Miller loop's doubling and addition steps), its key and the bookkeeping.
pub const ENTRY_BYTES: usize = 17_280;

static CAPACITY: AtomicUsize = AtomicUsize::new(DEFAULT_CAPACITY);
static PAUSED: AtomicBool = AtomicBool::new(false);
static HITS: AtomicU64 = AtomicU64::new(0);
static MISSES: AtomicU64 = AtomicU64::new(0);
static STORED: AtomicU64 = AtomicU64::new(0);

#[derive(Default)]
struct Cache {
    map: HashMap<Key, Arc<G2Prepared>>,
    /// Keys in the order they were stored: the front leaves first.
    order: VecDeque<Key>,
}

fn cache() -> MutexGuard<'static, Cache> {
    static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Mutex::default);
    // A panic while holding the lock cannot leave the map inconsistent with
    // anything outputs depend on: recover the guard.
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// How many prepared points the cache keeps.
pub fn capacity() -> usize {
    CAPACITY.load(Ordering::Relaxed)
}

/// Sets how many prepared points the cache keeps, for the whole process (0: no
/// cache); points beyond the new bound leave at once. Speed only.
pub fn set_capacity(points: usize) {
    CAPACITY.store(points, Ordering::Relaxed);
    let mut c = cache();
    while c.order.len() > points {
        if let Some(k) = c.order.pop_front() {
            c.map.remove(&k);
        }
    }
}

/// Pauses the cache (`true`) or resumes it, for the whole process: while paused,
/// no lookup finds a point and none is stored, but the points held stay. For
/// benchmarks that time fresh points beside repeated ones.
pub fn pause(paused: bool) {
    PAUSED.store(paused, Ordering::Relaxed);
}

/// Whether the cache is on: a non-zero capacity and not paused.
pub fn is_active() -> bool {
    capacity() > 0 && !PAUSED.load(Ordering::Relaxed)
}

/// Empties the cache (the counters of [`stats`] stay).
pub fn clear() {
    let mut c = cache();
    c.map.clear();
    c.order.clear();
}

/// What the cache has done since the process started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Lookups that found the point.
    pub hits: u64,
    /// Lookups that did not.
    pub misses: u64,
    /// Points stored.
    pub stored: u64,
    /// Points held now.
    pub len: usize,
}

impl Stats {
    /// Whether the cache was looked up or filled between `before` and `self`: a
    /// benchmark that compares backends checks this is false over its rows, so that
    /// none of them times zkhost's cached path against an uncached peer.
    pub fn touched_since(&self, before: &Stats) -> bool {
        (self.hits, self.misses, self.stored) != (before.hits, before.misses, before.stored)
    }
}

/// The counters and the current size.
pub fn stats() -> Stats {
    Stats {
        hits: HITS.load(Ordering::Relaxed),
        misses: MISSES.load(Ordering::Relaxed),
        stored: STORED.load(Ordering::Relaxed),
        len: cache().map.len(),
    }
}

/// The prepared point stored under `key`, if any (and if the cache is on).
pub(crate) fn get(key: &Key) -> Option<Arc<G2Prepared>> {
    if !is_active() {
        return None;
    }
    let found = cache().map.get(key).cloned();
    let counter = if found.is_some() { &HITS } else { &MISSES };
    counter.fetch_add(1, Ordering::Relaxed);
    found
}

/// Stores a validated point's lines under its encoding.
pub(crate) fn put(key: Key, prepared: G2Prepared) {
    let cap = capacity();
    if !is_active() {
        return;
    }
    let mut c = cache();
    if c.map.contains_key(&key) {
        return;
    }
    while c.order.len() >= cap {
        match c.order.pop_front() {
            Some(old) => {
                c.map.remove(&old);
            }
            None => break,
        }
    }
    c.map.insert(key, Arc::new(prepared));
    c.order.push_back(key);
    STORED.fetch_add(1, Ordering::Relaxed);
}
