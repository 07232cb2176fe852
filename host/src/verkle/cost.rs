//! The cost model that picks a commitment method from the number of non-zero
//! scalars. For each [`Method`], [`calibrate`] measures the median time at
//! [`SIZES`] on the reference machine and the model predicts by linear
//! interpolation between them (the narrow method is not linear: past a few dozen
//! scalars its lookups leave the caches); a least-squares line `a + b·n` with R² is
//! kept beside them for reports. The result is committed as `costs.json` next to
//! this file. A hand-set crossover would be wrong on the next machine; a
//! calibration run gives the crossover for that machine.

use std::sync::OnceLock;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::precomp::{Limbs, Tables};

/// A commitment method over the precomputed tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The narrow table: up to 26 mixed additions per scalar, no doubling.
    Narrow,
    /// The wide table: batched affine sums per window and 252 shared doublings.
    Wide,
    /// [`Method::Wide`] with the windows split over two rayon tasks.
    WideParallel,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Narrow, Method::Wide, Method::WideParallel];

    /// The name in reports and in `costs.json`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Narrow => "narrow",
            Method::Wide => "wide",
            Method::WideParallel => "wide-parallel",
        }
    }
}

/// One method's fitted time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The method.
    pub method: Method,
    /// Fixed time, ns.
    pub a_ns: f64,
    /// Time per non-zero scalar, ns.
    pub b_ns: f64,
    /// Coefficient of determination of the fit.
    pub r2: f64,
    /// The measured medians `(n, ns)`, by increasing `n`, that predictions
    /// interpolate.
    pub points: Vec<(usize, f64)>,
}

impl Entry {
    /// Predicted time for `n` scalars: interpolation between the measured points,
    /// extended by the last segment's slope; the fitted line if there are none.
    pub fn predict(&self, n: usize) -> f64 {
        let x = n as f64;
        let pts = &self.points;
        if pts.len() < 2 {
            return self.a_ns + self.b_ns * x;
        }
        let seg = pts
            .windows(2)
            .find(|w| n <= w[1].0)
            .unwrap_or(&pts[pts.len() - 2..]);
        let ((x0, y0), (x1, y1)) = ((seg[0].0 as f64, seg[0].1), (seg[1].0 as f64, seg[1].1));
        if x1 <= x0 {
            return y0;
        }
        (y0 + (y1 - y0) * (x - x0) / (x1 - x0)).max(0.0)
    }
}

/// The fitted times of every method.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostModel {
    /// How and where the constants were measured.
    pub note: String,
    /// One entry per method.
    pub entries: Vec<Entry>,
}

const COMMITTED: &str = include_str!("costs.json");

impl CostModel {
    /// The committed model (falls back to a conservative one if the file were
    /// unreadable, which a unit test rules out).
    pub fn get() -> &'static CostModel {
        static MODEL: OnceLock<CostModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            serde_json::from_str(COMMITTED).unwrap_or_else(|_| CostModel {
                note: "fallback".into(),
                entries: vec![Entry {
                    method: Method::Narrow,
                    a_ns: 0.0,
                    b_ns: 1.0,
                    r2: 0.0,
                    points: Vec::new(),
                }],
            })
        })
    }

    /// Predicted time of `method` for `n` non-zero scalars, if it is in the model.
    pub fn predict(&self, method: Method, n: usize) -> Option<f64> {
        self.entries
            .iter()
            .find(|e| e.method == method)
            .map(|e| e.predict(n))
    }

    /// The fastest method for `n` non-zero scalars (`parallel` allows
    /// [`Method::WideParallel`]).
    pub fn select(&self, n: usize, parallel: bool) -> Method {
        let mut best = (Method::Narrow, f64::INFINITY);
        for e in &self.entries {
            if e.method == Method::WideParallel && !parallel {
                continue;
            }
            let t = e.predict(n);
            if t < best.1 {
                best = (e.method, t);
            }
        }
        best.0
    }

    /// The smallest `n` from which `method` is chosen over every other allowed one.
    pub fn crossover(&self, method: Method, parallel: bool) -> Option<usize> {
        (1..=super::WIDTH).find(|&n| self.select(n, parallel) == method)
    }
}

/// Sizes measured by [`calibrate`].
pub const SIZES: [usize; 10] = [1, 2, 4, 8, 16, 32, 64, 96, 128, 256];

/// Deterministic pseudo-random canonical scalars (full 253-bit size) for `n` slots.
pub(crate) fn sample_terms(n: usize, seed: u64) -> Vec<(u8, Limbs)> {
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..n)
        .map(|i| {
            let limbs = [next(), next(), next(), next() & 0x0cfb_69d4_ca67_5f51];
            (i as u8, limbs)
        })
        .collect()
}

/// Median time in ns of `f` over `reps` runs.
pub(crate) fn median_ns(reps: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..reps.max(1))
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_nanos() as f64
        })
        .collect();
    t.sort_by(|a, b| a.total_cmp(b));
    t[t.len() / 2]
}

/// Measures every method at [`SIZES`] (medians of `reps` runs) and fits the model.
/// Returns the model and the raw points `(method, n, ns)`.
pub fn calibrate(reps: usize) -> (CostModel, Vec<(Method, usize, f64)>) {
    let _ = Tables::get(); // built before timing
    let mut raw = Vec::new();
    let mut entries = Vec::new();
    for m in Method::ALL {
        let mut pts = Vec::new();
        for &n in &SIZES {
            let terms = sample_terms(n, n as u64);
            let ns = median_ns(reps, || {
                std::hint::black_box(super::commit_with(m, &terms));
            });
            raw.push((m, n, ns));
            pts.push((n, ns));
        }
        let xy: Vec<(f64, f64)> = pts.iter().map(|&(n, t)| (n as f64, t)).collect();
        let line = crate::bench::fit::linear(&xy).unwrap_or(crate::bench::fit::Linear {
            a: 0.0,
            b: 0.0,
            r2: 0.0,
        });
        entries.push(Entry {
            method: m,
            a_ns: line.a,
            b_ns: line.b,
            r2: line.r2,
            points: pts,
        });
    }
    let model = CostModel {
        note: format!(
            "calibrated by `zkhost calibrate-verkle` ({} rayon threads); medians in ns at n non-zero scalars, fit a + b*n",
            rayon::current_num_threads()
        ),
        entries,
    };
    (model, raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_model_parses_and_covers_every_method() {
        let m: CostModel = serde_json::from_str(COMMITTED).unwrap();
        for method in Method::ALL {
            assert!(m.predict(method, 1).is_some(), "{method:?}");
        }
        // One scalar is a narrow job and a full vector a wide one, on any sane
        // calibration.
        assert_eq!(m.select(1, true), Method::Narrow);
        assert_ne!(m.select(256, false), Method::Narrow);
    }
}
