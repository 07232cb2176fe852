//! The cost model that picks a commitment method from the number of non-zero
//! scalars. For each [`Method`], a calibration run (`zkhost calibrate-verkle`)
//! measures the median time at [`SIZES`] and the model predicts by linear
//! interpolation between them (the narrow method is not linear: past a few dozen
//! scalars its lookups leave the caches); a least-squares line `a + b·n` with R² is
//! kept beside them for reports. The result is committed as Rust constants
//! (`costs.rs` next to this file). A hand-set crossover would be wrong on the next
//! machine; a calibration run gives the crossover for that machine. The choice
//! changes speed only: every method gives the same commitment.

use std::sync::OnceLock;

/// A commitment method over the precomputed tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The head and narrow tables: up to 17 mixed additions per scalar on the
    /// first five points, 29 on the others, no doubling.
    Narrow,
    /// The wide table: batched affine sums per window and 247 shared doublings.
    Wide,
    /// [`Method::Wide`] with the windows split over two rayon tasks.
    WideParallel,
}

impl Method {
    /// Every method.
    pub const ALL: [Method; 3] = [Method::Narrow, Method::Wide, Method::WideParallel];

    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Method::Narrow => "narrow",
            Method::Wide => "wide",
            Method::WideParallel => "wide-parallel",
        }
    }

    /// The method of a name.
    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// One method's fitted time.
#[derive(Clone, Debug, PartialEq)]
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
#[derive(Clone, Debug, PartialEq)]
pub struct CostModel {
    /// How and where the constants were measured.
    pub note: String,
    /// One entry per method.
    pub entries: Vec<Entry>,
}

/// A calibration installed by the node ([`CostModel::install`]).
static INSTALLED: OnceLock<CostModel> = OnceLock::new();

impl CostModel {
    /// The model in force: the one a node installed, or the committed one.
    pub fn get() -> &'static CostModel {
        INSTALLED.get().unwrap_or_else(CostModel::committed)
    }

    /// Replaces the committed model with `model` for this process (a node that
    /// calibrated on its own hardware installs the result at start-up). It changes
    /// which method runs, so speed only: every method gives the same commitment, and
    /// the price is `zkhost-gas`'s. At most once per process; a second call returns
    /// the model back.
    pub fn install(model: CostModel) -> Result<(), CostModel> {
        INSTALLED.set(model)
    }

    /// The committed model (`costs.rs`, from `zkhost calibrate-verkle`).
    pub fn committed() -> &'static CostModel {
        static MODEL: OnceLock<CostModel> = OnceLock::new();
        MODEL.get_or_init(|| CostModel {
            note: super::costs::NOTE.into(),
            entries: super::costs::ENTRIES
                .iter()
                .map(|&(name, a_ns, b_ns, r2, points)| Entry {
                    method: Method::from_name(name).expect("costs.rs names methods by name()"),
                    a_ns,
                    b_ns,
                    r2,
                    points: points.to_vec(),
                })
                .collect(),
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

/// Sizes a calibration measures (`zkhost calibrate-verkle`).
pub const SIZES: [usize; 10] = [1, 2, 4, 8, 16, 32, 64, 96, 128, 256];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_model_covers_every_method() {
        let m = CostModel::get();
        for method in Method::ALL {
            assert!(m.predict(method, 1).is_some(), "{method:?}");
        }
        // One scalar is a narrow job and a full vector a wide one, on any sane
        // calibration.
        assert_eq!(m.select(1, true), Method::Narrow);
        assert_ne!(m.select(256, false), Method::Narrow);
    }
}
