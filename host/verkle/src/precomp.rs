//! Fixed-base precomputation for the CRS, and the commitment methods that use it.
//!
//! The basis never changes, so every multiple a commitment needs can be looked up
//! instead of computed. Three tables, for three regimes:
//!
//! - **head**: for the first five basis points (the five of every EIP-6800 tree key,
//!   and the slots a leaf's header fills) and each of 17 windows of 15 bits, the
//!   multiples `k·2^(15j)·Gᵢ` for `k = 1..2^14`, in prepared twisted Edwards form.
//!   A scalar is 17 signed digits: at most 17 mixed additions and no doubling (a
//!   tree key's 128-bit halves take 9 each). 5 × 17 × 2^14 × 96 B = 127.5 MiB.
//! - **narrow** (go-ipa's layout with wider windows): for the other 251 points and
//!   each of 29 windows of 9 bits, the multiples `k·2^(9j)·Gᵢ` for `k = 1..256`,
//!   prepared. A scalar is 29 signed digits, at most 29 mixed additions and no
//!   doubling: the method for one scalar or a few (a tree update touches one slot).
//!   251 × 29 × 256 × 96 B = 171 MiB.
//! - **wide**: for every basis point the multiples `k·Gᵢ` for `k = 1..2^12`, in
//!   affine Weierstrass form. A scalar is recoded into 20 signed 13-bit digits;
//!   all points' digits of window `j` are summed together (one lookup and one
//!   batched affine addition each, about 6 multiplications), and the 20 window
//!   sums are combined by Horner's rule: 247 doublings shared by every scalar.
//!   A full commitment is 256 × 20 = 5,120 cheap additions, against about 7,360
//!   mixed ones through the other two. 256 × 2^12 × 64 B = 64 MiB.
//!
//! The split of memory is the budget (384 MiB in all, about 362 used): wide
//! windows where the tree keys and the hottest slots are, a leaner narrow table for
//! the rest, and a wide table one bit narrower than it could be (a full commitment
//! takes 5% more additions for half the memory).
//!
//! All are built once per process, in parallel on the rayon pool, on first use.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use ark_ed_on_bls12_381_bandersnatch::Fq;
use ark_ff::{AdditiveGroup, Field};
use rayon::prelude::*;

use super::crs::{basis, WIDTH};
use super::element::{Element, Prepared};
use super::sw::{self, Sw};

/// Basis points with a table of their own (a tree key's five).
pub const HEAD_POINTS: usize = 5;
/// Bits per window of the head table.
pub const HEAD_BITS: u32 = 15;
/// Windows per scalar in the head table (255 bits ≥ 253 + a carry).
pub const HEAD_WINDOWS: usize = windows(HEAD_BITS);

/// Bits per window of the narrow table.
pub const NARROW_BITS: u32 = 9;
/// Windows per scalar in the narrow table (261 bits ≥ 253 + a carry).
pub const NARROW_WINDOWS: usize = windows(NARROW_BITS);

/// Bits per window of the wide table.
pub const WIDE_BITS: u32 = 13;
/// Windows per scalar in the wide table (260 bits ≥ 253 + a carry).
pub const WIDE_WINDOWS: usize = windows(WIDE_BITS);
const WIDE_ENTRIES: usize = 1 << (WIDE_BITS - 1);

/// One term's lookups, room for the longest recoding.
type Lookups<'a> = [Option<(&'a Prepared, bool)>; NARROW_WINDOWS];
const _: () = assert!(HEAD_WINDOWS <= NARROW_WINDOWS);

/// Bits of the largest scalar (Bandersnatch's group order `r` has 253).
const SCALAR_BITS: u32 = 253;

/// Signed digits of `w` bits needed for any scalar: one bit more than the scalar
/// for the last carry.
const fn windows(w: u32) -> usize {
    (SCALAR_BITS + 1).div_ceil(w) as usize
}

/// A scalar below `r` as four little-endian limbs.
pub(crate) type Limbs = [u64; 4];

/// Signed base-`2^w` digits of `s` in `[−2^(w−1), 2^(w−1)]`, least significant
/// first. `N·w` must exceed the bit length of `s` by one (room for the carry).
pub(crate) fn signed_digits<const N: usize>(s: &Limbs, w: u32) -> [i32; N] {
    let mut out = [0i32; N];
    let mask = (1u64 << w) - 1;
    let half = 1u64 << (w - 1);
    let mut carry = 0u64;
    for (j, d) in out.iter_mut().enumerate() {
        let bit = j * w as usize;
        let limb = bit / 64;
        let shift = bit % 64;
        let mut v = s.get(limb).map_or(0, |l| l >> shift);
        if shift + w as usize > 64 {
            v |= s.get(limb + 1).map_or(0, |l| l << (64 - shift));
        }
        let v = (v & mask) + carry;
        if v > half {
            *d = v as i32 - (1i32 << w);
            carry = 1;
        } else {
            *d = v as i32;
            carry = 0;
        }
    }
    out
}

/// The precomputed tables, with what building them cost.
pub struct Tables {
    head: Windowed<HEAD_BITS, HEAD_WINDOWS>,
    narrow: Windowed<NARROW_BITS, NARROW_WINDOWS>,
    wide: Vec<Sw>,
    /// Wall-clock time to build all tables (on the rayon pool).
    pub build_time: Duration,
    /// Of which the head and narrow tables.
    pub narrow_time: Duration,
}

/// Multiples `k·2^(BITS·j)·P`, `k = 1..=2^(BITS−1)`, of some points `P` for each
/// window `j < WINDOWS`, prepared for mixed addition: a scalar on one of the points
/// is `WINDOWS` signed digits and costs one addition per non-zero digit.
struct Windowed<const BITS: u32, const WINDOWS: usize> {
    /// Point-major, then window, then `k − 1`.
    entries: Vec<Prepared>,
}

impl<const BITS: u32, const WINDOWS: usize> Windowed<BITS, WINDOWS> {
    /// Entries per window.
    const ENTRIES: usize = 1 << (BITS - 1);

    /// The table of `points`, built on the rayon pool: first every window's base
    /// `2^(BITS·j)·P` (a few hundred doublings per point), then the windows, each
    /// a run of additions and one shared inversion, as independent tasks.
    fn build(points: &[Element]) -> Self {
        let bases: Vec<Element> = points
            .par_iter()
            .flat_map_iter(|p| {
                let mut base = *p;
                (0..WINDOWS).map(move |_| {
                    let this = base;
                    for _ in 0..BITS {
                        base = base.double();
                    }
                    this
                })
            })
            .collect();
        let zero = Prepared {
            x: Fq::ZERO,
            y: Fq::ONE,
            dxy: Fq::ZERO,
        };
        let mut entries: Vec<Prepared> = Vec::with_capacity(bases.len() * Self::ENTRIES);
        advise_huge_pages(&entries);
        entries.resize(bases.len() * Self::ENTRIES, zero);
        entries
            .par_chunks_mut(Self::ENTRIES)
            .zip(bases.par_iter())
            .for_each(|(window, base)| {
                let pts = multiples(base, Self::ENTRIES);
                for (slot, (x, y)) in window.iter_mut().zip(normalize(&pts)) {
                    *slot = Prepared {
                        x,
                        y,
                        dxy: super::element::D * x * y,
                    };
                }
            });
        Windowed { entries }
    }

    /// `k·2^(BITS·window)·P` for the table's `point`-th point, `None` outside
    /// `1 ≤ k ≤ 2^(BITS−1)`, `window < WINDOWS` and the table's points.
    fn entry(&self, point: usize, window: usize, k: usize) -> Option<&Prepared> {
        if window >= WINDOWS || k == 0 || k > Self::ENTRIES {
            return None;
        }
        self.entries
            .get((point * WINDOWS + window) * Self::ENTRIES + k - 1)
    }

    /// The entries `s·P` needs, one per non-zero signed digit of `s`, each with
    /// whether to negate it, written to the front of `out` and prefetched.
    fn lookups<'a>(&'a self, point: usize, s: &Limbs, out: &mut Lookups<'a>) {
        let digits = signed_digits::<WINDOWS>(s, BITS);
        for ((j, &d), o) in digits.iter().enumerate().zip(out.iter_mut()) {
            if d != 0 {
                let e = self.entry(point, j, d.unsigned_abs() as usize);
                prefetch(e);
                *o = e.map(|e| (e, d < 0));
            }
        }
    }

    /// Bytes held.
    fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Prepared>()
    }
}

/// Asks the kernel to back a large table with transparent huge pages (fewer TLB
/// misses on random lookups). Advisory: failure is ignored.
fn advise_huge_pages<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        let bytes = v.capacity() * std::mem::size_of::<T>();
        let start = v.as_ptr() as usize;
        let aligned = (start + 4095) & !4095;
        if bytes > (aligned - start) {
            let len = (bytes - (aligned - start)) & !4095;
            // SAFETY: the range lies inside the vector's allocation; MADV_HUGEPAGE
            // only changes how the kernel backs it, never its contents.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
}

/// Hints the CPU to start loading a table entry (no effect where unsupported).
#[inline(always)]
fn prefetch<T>(entry: Option<&T>) {
    #[cfg(target_arch = "x86_64")]
    if let Some(e) = entry {
        // SAFETY: prefetching is a hint; it never faults and the pointer is valid.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = e as *const T as *const i8;
            _mm_prefetch(p, _MM_HINT_T0);
            _mm_prefetch(p.wrapping_add(64), _MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = entry;
}

/// Writes the affine forms of `pts` (one shared inversion).
fn normalize(pts: &[Element]) -> Vec<(Fq, Fq)> {
    let mut zs: Vec<Fq> = pts.iter().map(|p| p.z).collect();
    let mut scratch = Vec::with_capacity(zs.len());
    sw::batch_invert(&mut zs, &mut scratch);
    pts.iter()
        .zip(zs.iter())
        .map(|(p, zi)| (p.x * zi, p.y * zi))
        .collect()
}

/// `k·base` for `k = 1..=out.len()`, as extended points.
fn multiples(base: &Element, n: usize) -> Vec<Element> {
    let q = base.prepare();
    let mut out = Vec::with_capacity(n);
    let mut cur = *base;
    for _ in 0..n {
        out.push(cur);
        cur = cur.add_prepared(&q);
    }
    out
}

/// Fills `out` (`WIDE_ENTRIES` per point, point-major) with `k·Gᵢ`, `k = 1..=2^12`,
/// for the points `gs`.
fn wide_multiples(gs: &[Element], out: &mut [Sw]) {
    // k = 1 and k = 2 through twisted Edwards (a doubling is a special case of the
    // affine formula); from k = 3 on, xₖ₋₁ ≠ x₁ since (k−1)·G ≠ ±G below r.
    let mut first = Vec::with_capacity(2 * gs.len());
    for gi in gs {
        first.push(*gi);
        first.push(gi.double());
    }
    let mut sw1 = Vec::new();
    sw::from_edwards(&normalize(&first), &mut sw1);
    for (i, pair) in sw1.chunks_exact(2).enumerate() {
        out[i * WIDE_ENTRIES] = pair[0];
        out[i * WIDE_ENTRIES + 1] = pair[1];
    }
    let mut den = vec![Fq::ZERO; gs.len()];
    let mut scratch = Vec::with_capacity(gs.len());
    for k in 2..WIDE_ENTRIES {
        for (i, d) in den.iter_mut().enumerate() {
            *d = out[i * WIDE_ENTRIES + k - 1].x - out[i * WIDE_ENTRIES].x;
        }
        sw::batch_invert(&mut den, &mut scratch);
        for (i, inv) in den.iter().enumerate() {
            let p = out[i * WIDE_ENTRIES + k - 1];
            let q = out[i * WIDE_ENTRIES];
            let lambda = (p.y - q.y) * inv;
            let x = lambda.square() - p.x - q.x;
            out[i * WIDE_ENTRIES + k] = Sw {
                x,
                y: lambda * (q.x - x) - q.y,
            };
        }
    }
}

impl Tables {
    /// Builds both tables for the CRS basis, in parallel on a pool of its own, from
    /// a thread of its own. A rayon worker waiting for a result runs other queued
    /// tasks meanwhile; if one of them needed the tables, it would wait on the
    /// initialisation its own thread is inside. A plain thread's `join` only blocks.
    pub fn build() -> Tables {
        let threads = rayon::current_num_threads();
        std::thread::spawn(move || {
            match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                Ok(pool) => pool.install(Tables::build_here),
                Err(_) => Tables::build_here(),
            }
        })
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }

    fn build_here() -> Tables {
        let start = Instant::now();
        let g = basis();
        let head = Windowed::build(&g[..HEAD_POINTS]);
        let narrow = Windowed::build(&g[HEAD_POINTS..]);
        let narrow_time = start.elapsed();

        let mut wide: Vec<Sw> = Vec::with_capacity(WIDTH * WIDE_ENTRIES);
        advise_huge_pages(&wide);
        wide.resize(WIDTH * WIDE_ENTRIES, Sw::default());
        // The wide table in lockstep over groups of points: step k adds Gᵢ to
        // (k−1)·Gᵢ for every point of the group in affine Weierstrass coordinates,
        // sharing one inversion per step (about 6 multiplications an entry).
        let group = WIDTH
            .div_ceil(rayon::current_num_threads().max(1))
            .clamp(16, WIDTH);
        wide.par_chunks_mut(WIDE_ENTRIES * group)
            .zip(g.par_chunks(group))
            .for_each(|(chunk, gs)| wide_multiples(gs, chunk));
        Tables {
            head,
            narrow,
            wide,
            build_time: start.elapsed(),
            narrow_time,
        }
    }

    /// The tables of this process, built on first use.
    pub fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::build)
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.head.bytes() + self.narrow.bytes() + self.wide.len() * std::mem::size_of::<Sw>()
    }

    /// `Σ sᵢ·G_idx(i)` with the head and narrow tables: at most 17 mixed additions
    /// per scalar on the first five points, 29 on the others.
    pub(crate) fn commit_narrow(&self, terms: &[(u8, Limbs)]) -> Element {
        self.add_narrow(None, terms)
    }

    /// A term's lookups: in the head table for the first five points, else in the
    /// narrow one.
    fn lookups(&self, idx: u8, s: &Limbs) -> Lookups<'_> {
        let mut out = [None; NARROW_WINDOWS];
        let i = idx as usize;
        match i.checked_sub(HEAD_POINTS) {
            None => self.head.lookups(i, s, &mut out),
            Some(n) => self.narrow.lookups(n, s, &mut out),
        }
        out
    }

    /// `acc + Σ sᵢ·G_idx(i)` with the head and narrow tables (what a sparse update
    /// needs: the old commitment is the starting point, no final addition). Each
    /// term's entries are looked up (and prefetched) before the previous term's
    /// additions, so cache misses overlap with arithmetic.
    pub(crate) fn add_narrow(&self, acc: Option<Element>, terms: &[(u8, Limbs)]) -> Element {
        let mut acc = acc;
        let mut next = terms.first().map(|(i, s)| self.lookups(*i, s));
        for t in 1..=terms.len() {
            let Some(lookups) = next else { break };
            next = terms.get(t).map(|(i, s)| self.lookups(*i, s));
            for (e, negate) in lookups.iter().flatten() {
                let q = if *negate { e.neg() } else { **e };
                acc = Some(match acc {
                    Some(c) => c.add_prepared(&q),
                    None => Element::from_prepared(&q),
                });
            }
        }
        acc.unwrap_or(Element::IDENTITY)
    }

    /// The sums of the wide-table lookups of windows `windows` (one group each).
    fn wide_window_sums(
        &self,
        digits: &[[i32; WIDE_WINDOWS]],
        terms: &[(u8, Limbs)],
        windows: std::ops::Range<usize>,
    ) -> Vec<Option<Sw>> {
        let mut points = Vec::with_capacity(terms.len() * windows.len());
        let mut lens = Vec::with_capacity(windows.len());
        for j in windows {
            let before = points.len();
            for (ds, (idx, _)) in digits.iter().zip(terms) {
                let d = ds[j];
                if d != 0 {
                    let at = *idx as usize * WIDE_ENTRIES + d.unsigned_abs() as usize - 1;
                    prefetch(self.wide.get(at));
                }
            }
            for (ds, (idx, _)) in digits.iter().zip(terms) {
                let d = ds[j];
                if d == 0 {
                    continue;
                }
                let at = *idx as usize * WIDE_ENTRIES + d.unsigned_abs() as usize - 1;
                if let Some(e) = self.wide.get(at) {
                    points.push(if d < 0 { e.neg() } else { *e });
                }
            }
            lens.push((points.len() - before) as u32);
        }
        sw::sum_groups(&mut points, &lens, &mut sw::Scratch::default())
    }

    /// Horner's rule over the window sums, most significant first.
    fn horner(sums: &[Option<Sw>]) -> Element {
        let windows = sw::to_edwards(sums);
        let mut acc = Element::IDENTITY;
        for (j, w) in windows.iter().enumerate().rev() {
            if j + 1 < WIDE_WINDOWS {
                for _ in 0..WIDE_BITS {
                    acc = acc.double();
                }
            }
            acc = acc.add(w);
        }
        acc
    }

    /// `Σ sᵢ·G_idx(i)` with the wide table on the calling thread.
    pub(crate) fn commit_wide(&self, terms: &[(u8, Limbs)]) -> Element {
        let digits: Vec<[i32; WIDE_WINDOWS]> = terms
            .iter()
            .map(|(_, s)| signed_digits::<WIDE_WINDOWS>(s, WIDE_BITS))
            .collect();
        let sums = self.wide_window_sums(&digits, terms, 0..WIDE_WINDOWS);
        Self::horner(&sums)
    }

    /// [`commit_wide`](Self::commit_wide) with the windows split over two rayon
    /// tasks.
    pub(crate) fn commit_wide_parallel(&self, terms: &[(u8, Limbs)]) -> Element {
        let digits: Vec<[i32; WIDE_WINDOWS]> = terms
            .iter()
            .map(|(_, s)| signed_digits::<WIDE_WINDOWS>(s, WIDE_BITS))
            .collect();
        let mid = WIDE_WINDOWS / 2;
        let (mut lo, hi) = rayon::join(
            || self.wide_window_sums(&digits, terms, 0..mid),
            || self.wide_window_sums(&digits, terms, mid..WIDE_WINDOWS),
        );
        lo.extend(hi);
        Self::horner(&lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_entries_are_the_multiples_they_claim() {
        use ark_ed_on_bls12_381_bandersnatch::Fr;
        let t = Tables::get();
        for i in [0usize, 1, 4, 5, 6, 128, 255] {
            let gi = basis()[i];
            let last = WIDE_ENTRIES as u64;
            for k in [1u64, 2, 3, 77, last - 1, last] {
                let e = t.wide[i * WIDE_ENTRIES + k as usize - 1];
                let back = sw::to_edwards(&[Some(e)])[0];
                assert_eq!(back, gi.mul(&Fr::from(k)), "wide i={i} k={k}");
            }
            let windowed = |j: usize, k: u64| -> (Option<&Prepared>, u32) {
                match i.checked_sub(HEAD_POINTS) {
                    None => (t.head.entry(i, j, k as usize), HEAD_BITS),
                    Some(n) => (t.narrow.entry(n, j, k as usize), NARROW_BITS),
                }
            };
            let (top, last) = if i < HEAD_POINTS {
                (HEAD_WINDOWS - 1, 1u64 << (HEAD_BITS - 1))
            } else {
                (NARROW_WINDOWS - 1, 1u64 << (NARROW_BITS - 1))
            };
            for (j, k) in [(0usize, 1u64), (0, last), (5, 3), (top, last), (top, 1)] {
                let (e, bits) = windowed(j, k);
                let e = e.expect("entry in range");
                let expected =
                    gi.mul(&(Fr::from(k) * Fr::from(2u64).pow([u64::from(bits) * j as u64])));
                assert_eq!(
                    Element::from_affine(e.x, e.y),
                    expected,
                    "i={i} j={j} k={k}"
                );
                assert_eq!(e.dxy, super::super::element::D * e.x * e.y);
            }
            assert!(windowed(0, 0).0.is_none());
            assert!(windowed(0, last + 1).0.is_none());
            assert!(windowed(top + 1, 1).0.is_none());
        }
    }

    #[test]
    fn signed_digits_reconstruct_the_scalar() {
        let cases: [Limbs; 4] = [
            [0, 0, 0, 0],
            [u64::MAX, u64::MAX, u64::MAX, (1 << 61) - 1],
            [0x8080_8080_8080_8080, 0x7fff_8000_7fff_8000, 1, 1 << 60],
            [12345, 0, u64::MAX, 0x1cfb69d4ca675f52],
        ];
        for s in cases {
            for (w, digits) in [
                (
                    NARROW_BITS,
                    signed_digits::<NARROW_WINDOWS>(&s, NARROW_BITS).to_vec(),
                ),
                (
                    WIDE_BITS,
                    signed_digits::<WIDE_WINDOWS>(&s, WIDE_BITS).to_vec(),
                ),
                (
                    HEAD_BITS,
                    signed_digits::<HEAD_WINDOWS>(&s, HEAD_BITS).to_vec(),
                ),
            ] {
                // Σ dⱼ·2^(wj) over i128 chunks: rebuild as a big integer in base 2^64.
                let mut acc = [0i128; 5];
                for (j, &d) in digits.iter().enumerate() {
                    assert!(d.unsigned_abs() <= 1 << (w - 1));
                    let bit = j * w as usize;
                    let v = (d as i128) << (bit % 64);
                    acc[bit / 64] += v;
                }
                let mut out = [0u64; 4];
                let mut carry: i128 = 0;
                for (k, o) in out.iter_mut().enumerate() {
                    let v = acc[k] + carry;
                    *o = v as u64;
                    carry = v >> 64;
                }
                assert_eq!(out, s, "w = {w}");
                assert_eq!(acc[4] + carry, 0);
            }
        }
    }
}
