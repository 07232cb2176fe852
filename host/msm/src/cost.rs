//! The ABCD cost model: for every algorithm and window, working memory `A·n + B`
//! bytes and time `C·n + D` nanoseconds for `n` points, fitted by calibration on a
//! machine (`zkhost calibrate`) and committed by each group as a data file in the
//! format of [`CostModel::to_text`].
//! [`CostModel::select`] picks the fastest algorithm whose memory fits a limit.
//!
//! The model only chooses the algorithm: every algorithm gives the same result, and
//! the price of an MSM is not derived from it (it is a constant of `zkhost-gas`).

use std::fmt;
use std::str::FromStr;

use super::{pippenger, strauss, MsmGroup};

/// One MSM algorithm with its window width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    /// Strauss (interleaved wNAF) with NAF width `w` (2 to 8).
    Strauss(u8),
    /// Single-threaded Pippenger with `c`-bit Booth windows (1 to 16).
    Pippenger(u8),
    /// Pippenger with `c`-bit windows on the global rayon pool (1 to 16).
    ParallelPippenger(u8),
}

/// The three algorithm families, for reports and plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// [`Algorithm::Strauss`].
    Strauss,
    /// [`Algorithm::Pippenger`].
    Pippenger,
    /// [`Algorithm::ParallelPippenger`].
    ParallelPippenger,
}

impl Family {
    /// All families.
    pub const ALL: [Family; 3] = [
        Family::Strauss,
        Family::Pippenger,
        Family::ParallelPippenger,
    ];

    /// The name used in reports and in the constants file.
    pub fn name(self) -> &'static str {
        match self {
            Family::Strauss => "strauss",
            Family::Pippenger => "pippenger",
            Family::ParallelPippenger => "parallel",
        }
    }
}

impl Algorithm {
    /// Every algorithm and window the engine offers.
    pub fn all() -> Vec<Algorithm> {
        let mut v: Vec<Algorithm> = strauss::WINDOWS.map(Algorithm::Strauss).collect();
        v.extend(pippenger::WINDOWS.map(Algorithm::Pippenger));
        v.extend(pippenger::WINDOWS.map(Algorithm::ParallelPippenger));
        v
    }

    /// The family.
    pub fn family(self) -> Family {
        match self {
            Algorithm::Strauss(_) => Family::Strauss,
            Algorithm::Pippenger(_) => Family::Pippenger,
            Algorithm::ParallelPippenger(_) => Family::ParallelPippenger,
        }
    }

    /// The window width (NAF width for Strauss, bits per window for Pippenger).
    pub fn window(self) -> u8 {
        match self {
            Algorithm::Strauss(w) | Algorithm::Pippenger(w) | Algorithm::ParallelPippenger(w) => w,
        }
    }

    /// Whether the window is one the engine offers.
    pub fn is_valid(self) -> bool {
        match self {
            Algorithm::Strauss(w) => strauss::WINDOWS.contains(&w),
            Algorithm::Pippenger(c) | Algorithm::ParallelPippenger(c) => {
                pippenger::WINDOWS.contains(&c)
            }
        }
    }

    /// Working memory `(A, B)` in bytes for group `G` (`threads` for the parallel
    /// variant): exact counts of the buffers the implementation allocates.
    pub fn memory_coefficients<G: MsmGroup>(self, threads: usize) -> (f64, f64) {
        let point = std::mem::size_of::<G>();
        match self {
            Algorithm::Strauss(w) => (strauss::memory_per_point::<G>(w as usize) as f64, 0.0),
            Algorithm::Pippenger(c) => (
                pippenger::memory_per_point::<G>() as f64,
                pippenger::memory::<G>(c as usize, 1) as f64,
            ),
            Algorithm::ParallelPippenger(c) => {
                let windows = 256 / c as usize + 1;
                let b = pippenger::memory::<G>(c as usize, threads) + 2 * windows * point;
                (pippenger::memory_per_point::<G>() as f64, b as f64)
            }
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.family().name(), self.window())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let err = || {
            format!(
                "unknown MSM algorithm {s:?} (expected e.g. strauss-4, pippenger-8, parallel-10)"
            )
        };
        let (family, window) = s.rsplit_once('-').ok_or_else(err)?;
        let window: u8 = window.parse().map_err(|_| err())?;
        let a = match family {
            "strauss" => Algorithm::Strauss(window),
            "pippenger" => Algorithm::Pippenger(window),
            "parallel" => Algorithm::ParallelPippenger(window),
            _ => return Err(err()),
        };
        if a.is_valid() {
            Ok(a)
        } else {
            Err(err())
        }
    }
}

/// How much faster (as a factor of time) the parallel variant must be predicted to
/// be before [`CostModel::select`] prefers it: 0.9, i.e. 10% faster. Parallel work
/// hands off to other threads, and on a shared machine its time varies much more
/// than single-threaded work; below a clear gain the steadier choice is better.
pub const PARALLEL_GAIN: f64 = 0.9;

/// The fitted costs of one algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CostEntry {
    /// The algorithm and window.
    pub algorithm: Algorithm,
    /// Memory per point, bytes.
    pub a: f64,
    /// Fixed memory, bytes.
    pub b: f64,
    /// Time per point, nanoseconds.
    pub c: f64,
    /// Fixed time, nanoseconds.
    pub d: f64,
    /// Coefficient of determination of the time fit (1 when not fitted).
    pub r2: f64,
    /// The smallest and largest calibrated sizes.
    pub sizes: [usize; 2],
}

impl CostEntry {
    /// Predicted time for `n` points, nanoseconds.
    pub fn time_ns(&self, n: usize) -> f64 {
        self.c * n as f64 + self.d
    }

    /// Predicted working memory for `n` points, bytes.
    pub fn memory(&self, n: usize) -> f64 {
        self.a * n as f64 + self.b
    }
}

/// What [`CostModel::select`] picked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The algorithm to run.
    pub algorithm: Algorithm,
    /// Its predicted time, nanoseconds.
    pub time_ns: f64,
    /// Its predicted working memory, bytes.
    pub memory: f64,
}

/// Costs of every algorithm for one group.
#[derive(Clone, Debug, PartialEq)]
pub struct CostModel {
    /// The group (`bn254`).
    pub group: String,
    /// Threads of the rayon pool the parallel entries were measured with.
    pub threads: usize,
    /// Where and how the constants were measured.
    pub note: String,
    /// One entry per algorithm and window.
    pub entries: Vec<CostEntry>,
}

impl CostModel {
    /// The fastest entry whose memory for `n` points is at most `memory_limit`
    /// bytes; if none fits, the one that needs the least memory. A parallel entry
    /// is chosen only if it is predicted at least [`PARALLEL_GAIN`] faster than the
    /// best single-threaded one.
    pub fn select(&self, n: usize, memory_limit: usize) -> Choice {
        let serial =
            self.select_where(n, memory_limit, |a| a.family() != Family::ParallelPippenger);
        let parallel =
            self.select_where(n, memory_limit, |a| a.family() == Family::ParallelPippenger);
        let fits = |c: &Choice| c.memory <= memory_limit as f64;
        if fits(&parallel) && (!fits(&serial) || parallel.time_ns < PARALLEL_GAIN * serial.time_ns)
        {
            parallel
        } else {
            serial
        }
    }

    /// [`select`](Self::select) for a call allowed `threads` threads: with one, the
    /// fastest single-threaded algorithm; with more, parallel ones compete too.
    pub fn select_for(&self, n: usize, memory_limit: usize, threads: usize) -> Choice {
        if threads > 1 {
            self.select(n, memory_limit)
        } else {
            self.select_where(n, memory_limit, |a| a.family() != Family::ParallelPippenger)
        }
    }

    /// [`select`](Self::select) among the algorithms `allowed` accepts (for
    /// example only single-threaded ones).
    pub fn select_where(
        &self,
        n: usize,
        memory_limit: usize,
        allowed: impl Fn(Algorithm) -> bool,
    ) -> Choice {
        let limit = memory_limit as f64;
        let mut best: Option<(f64, &CostEntry)> = None;
        let mut smallest: Option<(f64, &CostEntry)> = None;
        for e in self.entries.iter().filter(|e| allowed(e.algorithm)) {
            let mem = e.memory(n);
            if smallest.is_none_or(|(m, _)| mem < m) {
                smallest = Some((mem, e));
            }
            if mem <= limit {
                let t = e.time_ns(n);
                if best.is_none_or(|(bt, _)| t < bt) {
                    best = Some((t, e));
                }
            }
        }
        match best.or(smallest) {
            Some((_, e)) => Choice {
                algorithm: e.algorithm,
                time_ns: e.time_ns(n),
                memory: e.memory(n),
            },
            // An empty model: Pippenger with a textbook window.
            None => Choice {
                algorithm: Algorithm::Pippenger(textbook_window(n)),
                time_ns: f64::NAN,
                memory: 0.0,
            },
        }
    }

    /// The entry for `algorithm`, if the model has one.
    pub fn entry(&self, algorithm: Algorithm) -> Option<&CostEntry> {
        self.entries.iter().find(|e| e.algorithm == algorithm)
    }

    /// The model as the data file a group commits and reads back with
    /// [`CostModel::from_text`]: `#` comment lines, then `group`, `threads` and `note`
    /// lines, then one line per entry, `algorithm a b c d r2 smallest-n largest-n`.
    /// Numbers are written in Rust's shortest form that parses back to the same `f64`,
    /// so a model survives the round trip exactly (and chooses exactly as before).
    pub fn to_text(&self) -> String {
        let mut s = String::from(
            "# An MSM cost model (zkhost_msm::CostModel): it chooses the algorithm, nothing else.\n\
             # Written by `zkhost calibrate --out`: edit by recalibrating, not by hand.\n",
        );
        s += &format!(
            "group {}\nthreads {}\nnote {}\n",
            self.group, self.threads, self.note
        );
        s += "# algorithm, memory a·n + b bytes, time c·n + d ns, R² of the time fit, sizes fitted\n\
              # algorithm a b c d r2 smallest-n largest-n\n";
        for e in &self.entries {
            s += &format!(
                "{} {:?} {:?} {:?} {:?} {:?} {} {}\n",
                e.algorithm, e.a, e.b, e.c, e.d, e.r2, e.sizes[0], e.sizes[1]
            );
        }
        s
    }

    /// A model written by [`CostModel::to_text`]; the error names the line.
    pub fn from_text(text: &str) -> Result<CostModel, String> {
        let mut model = CostModel {
            group: String::new(),
            threads: 0,
            note: String::new(),
            entries: Vec::new(),
        };
        for (i, line) in text.lines().enumerate() {
            let err = |what: String| format!("line {}: {what}", i + 1);
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "group" => model.group = rest.to_string(),
                "note" => model.note = rest.to_string(),
                "threads" => {
                    model.threads = rest.parse().map_err(|e| err(format!("threads: {e}")))?
                }
                _ => {
                    let algorithm: Algorithm = key.parse().map_err(err)?;
                    let fields: Vec<&str> = rest.split(' ').collect();
                    let [a, b, c, d, r2, lo, hi] = fields[..] else {
                        return Err(err(format!("{key}: 7 numbers expected")));
                    };
                    let num = |x: &str| x.parse::<f64>().map_err(|e| err(format!("{x:?}: {e}")));
                    let size = |x: &str| x.parse::<usize>().map_err(|e| err(format!("{x:?}: {e}")));
                    model.entries.push(CostEntry {
                        algorithm,
                        a: num(a)?,
                        b: num(b)?,
                        c: num(c)?,
                        d: num(d)?,
                        r2: num(r2)?,
                        sizes: [size(lo)?, size(hi)?],
                    });
                }
            }
        }
        if model.group.is_empty() || model.threads == 0 {
            return Err("no group or no threads line".into());
        }
        Ok(model)
    }
}

/// `⌈log2 n⌉ − 2`-ish: a window for when no model is available.
fn textbook_window(n: usize) -> u8 {
    let lg = usize::BITS - n.max(1).leading_zeros();
    (lg.saturating_sub(2)).clamp(1, 16) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for a in Algorithm::all() {
            assert_eq!(a.to_string().parse::<Algorithm>(), Ok(a));
        }
        assert!("pippenger-17".parse::<Algorithm>().is_err());
        assert!("strauss-1".parse::<Algorithm>().is_err());
    }

    #[test]
    fn text_round_trips_exactly() {
        let model = CostModel {
            group: "g".into(),
            threads: 3,
            note: "a note; with `ticks`".into(),
            entries: vec![CostEntry {
                algorithm: Algorithm::Pippenger(7),
                a: 0.1 + 0.2,
                b: 1e300,
                c: f64::MIN_POSITIVE,
                d: 12345.678901234567,
                r2: 1.0,
                sizes: [3, 56],
            }],
        };
        assert_eq!(CostModel::from_text(&model.to_text()), Ok(model));
        assert!(CostModel::from_text("group g\nthreads 1\npippenger-7 1 2 3\n").is_err());
        assert!(CostModel::from_text("threads 1\n").is_err());
    }
}
