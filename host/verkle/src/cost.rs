//! The cost model that picks a commitment method from the number of non-zero
//! scalars. For each [`Method`], a calibration run (`zkhost calibrate-verkle`)
//! measures the median time at [`SIZES`] and the model predicts by linear
//! interpolation between them (the narrow method is not linear: past a few dozen
//! scalars its lookups leave the caches); a least-squares line `a + b·n` with R² is
//! kept beside them for reports. The result is committed as data (`costs.txt` next
//! to this file, in [`CostModel::to_text`]'s format). A hand-set crossover would be wrong on the next
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

/// The committed calibration's text (`costs.txt`).
const COMMITTED: &str = include_str!("costs.txt");

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

    /// The committed model, parsed once: `costs.txt` beside this file, written by
    /// `zkhost calibrate-verkle --write` (a test checks that it parses and has every
    /// method).
    pub fn committed() -> &'static CostModel {
        static MODEL: OnceLock<CostModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            CostModel::from_text(COMMITTED).expect("costs.txt parses (tested below)")
        })
    }

    /// The model as the data file committed and read back with
    /// [`CostModel::from_text`]: `#` comment lines, a `note` line, then one line per
    /// method: its [`Method::name`], `a`, `b` and R², then the measured medians as
    /// `n:ns`. Numbers are written in Rust's shortest form that parses back to the same
    /// `f64`, so a model survives the round trip exactly.
    pub fn to_text(&self) -> String {
        let mut s = String::from(
            "# A verkle cost model (zkhost_verkle::cost::CostModel): it chooses the commitment method,\n\
             # nothing else. Written by `zkhost calibrate-verkle --write`: edit by recalibrating, not by hand.\n",
        );
        s += &format!("note {}\n", self.note);
        s += "# method, the fitted line a + b·n (ns) and its R², then the measured medians n:ns that predictions interpolate\n";
        for e in &self.entries {
            s += &format!("{} {:?} {:?} {:?}", e.method.name(), e.a_ns, e.b_ns, e.r2);
            for (n, ns) in &e.points {
                s += &format!(" {n}:{ns:?}");
            }
            s += "\n";
        }
        s
    }

    /// A model written by [`CostModel::to_text`]; the error names the line.
    pub fn from_text(text: &str) -> Result<CostModel, String> {
        let mut model = CostModel {
            note: String::new(),
            entries: Vec::new(),
        };
        for (i, line) in text.lines().enumerate() {
            let err = |what: String| format!("line {}: {what}", i + 1);
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            if key == "note" {
                model.note = rest.to_string();
                continue;
            }
            let method =
                Method::from_name(key).ok_or_else(|| err(format!("unknown method {key:?}")))?;
            let num = |x: &str| x.parse::<f64>().map_err(|e| err(format!("{x:?}: {e}")));
            let mut fields = rest.split(' ');
            let mut next = || {
                fields
                    .next()
                    .ok_or_else(|| err(format!("{key}: a, b and r2 expected")))
            };
            let (a_ns, b_ns, r2) = (num(next()?)?, num(next()?)?, num(next()?)?);
            let points = fields
                .map(|p| {
                    let (n, ns) = p
                        .split_once(':')
                        .ok_or_else(|| err(format!("{p:?}: n:ns expected")))?;
                    Ok((n.parse().map_err(|e| err(format!("{n:?}: {e}")))?, num(ns)?))
                })
                .collect::<Result<Vec<(usize, f64)>, String>>()?;
            model.entries.push(Entry {
                method,
                a_ns,
                b_ns,
                r2,
                points,
            });
        }
        Ok(model)
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
    fn the_committed_costs_parse_and_are_complete() {
        let model = CostModel::committed();
        let methods: Vec<Method> = model.entries.iter().map(|e| e.method).collect();
        assert_eq!(methods, Method::ALL, "one entry per method, in order");
        assert!(model.entries.iter().all(|e| e.points.len() == SIZES.len()));
        // The file is exactly what the writer makes of it: nothing but the format.
        assert_eq!(model.to_text(), COMMITTED);
        assert!(CostModel::from_text("narrow 1 2\n").is_err());
        assert!(CostModel::from_text("slow 1 2 3\n").is_err());
    }

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
