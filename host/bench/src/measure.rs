//! Timing: the median time of one call, from samples of batched calls.

use std::time::{Duration, Instant};
use zkhost_testkit::rng::SplitMix64;

/// How long to measure one thing.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Total time spent measuring (after warm-up).
    pub time: Duration,
    /// Fewest samples, even if that exceeds `time`.
    pub min_samples: usize,
}

/// The median nanoseconds of one call of `f`. Each sample times a batch of calls long
/// enough (≥ ~200 µs) for the clock's resolution not to matter; samples are taken until
/// the budget is spent, and the median of their per-call times is returned, which is
/// robust to the noise of a shared machine.
pub fn median_ns(budget: Budget, mut f: impl FnMut()) -> f64 {
    // Warm-up, and an estimate of one call.
    let start = Instant::now();
    f();
    let one = start.elapsed().max(Duration::from_nanos(20));
    let batch = (Duration::from_micros(200).as_nanos() / one.as_nanos()).clamp(1, 1_000_000) as u32;
    let mut samples = Vec::new();
    let begin = Instant::now();
    while samples.len() < budget.min_samples
        || (begin.elapsed() < budget.time && samples.len() < 10_000)
    {
        let t = Instant::now();
        for _ in 0..batch {
            f();
        }
        samples.push(t.elapsed().as_nanos() as f64 / f64::from(batch));
    }
    median(&mut samples)
}

/// A median with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Stat {
    /// The median over the rounds of each round's median time of one call.
    pub median_ns: f64,
    /// Lower end of the 95% bootstrap interval of that median.
    pub lo_ns: f64,
    /// Upper end of the 95% bootstrap interval.
    pub hi_ns: f64,
    /// Rounds the interval is resampled from.
    pub rounds: usize,
}

impl Stat {
    /// The median and its interval over `rounds`, one value per round:
    /// [`bootstrap`] of the median.
    pub fn of_rounds(rounds: &[f64]) -> Stat {
        let (lo_ns, hi_ns) = bootstrap(rounds);
        Stat {
            median_ns: median(&mut rounds.to_vec()),
            lo_ns,
            hi_ns,
            rounds: rounds.len(),
        }
    }

    /// The interval's half-width relative to the median (the larger side), as a
    /// fraction: 0.05 is ±5%.
    pub fn spread(&self) -> f64 {
        if self.median_ns <= 0.0 {
            return 0.0;
        }
        ((self.hi_ns - self.median_ns).max(self.median_ns - self.lo_ns)) / self.median_ns
    }

    /// Whether the interval is wider than ±5% of the median: the report marks it.
    pub fn is_wide(&self) -> bool {
        self.spread() > WIDE
    }
}

/// Intervals wider than this fraction of the median are marked in the report.
pub const WIDE: f64 = 0.05;

/// Resamples drawn by [`bootstrap`].
const RESAMPLES: usize = 2000;

/// The 95% percentile-bootstrap interval of the median of `values`: `RESAMPLES`
/// resamples with replacement, the median of each, their 2.5th and 97.5th
/// percentiles. The generator is seeded by a constant, so the same measurements
/// always give the same interval.
pub fn bootstrap(values: &[f64]) -> (f64, f64) {
    match values.len() {
        0 => return (0.0, 0.0),
        1 => return (values[0], values[0]),
        _ => {}
    }
    let mut rng = SplitMix64::new(0x5eed_0fb0_0757_a9c3);
    let mut next = move || rng.next_u64();
    let n = values.len();
    let mut draw = vec![0.0; n];
    let mut medians: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            for d in draw.iter_mut() {
                *d = values[(next() % n as u64) as usize];
            }
            median(&mut draw)
        })
        .collect();
    medians.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| medians[((q * (RESAMPLES - 1) as f64).round() as usize).min(RESAMPLES - 1)];
    (at(0.025), at(0.975))
}

/// Times every job in `rounds` interleaved rounds and returns each job's median over
/// the rounds with its interval ([`interleaved_rounds`]).
pub fn interleaved<J>(
    jobs: &mut [J],
    rounds: usize,
    progress: &indicatif::ProgressBar,
    budget: impl Fn(&J) -> Budget,
    label: impl Fn(&J) -> String,
    run: impl Fn(&mut J) -> &mut (dyn FnMut() + '_),
) -> Vec<Stat> {
    interleaved_rounds(jobs, rounds, progress, budget, label, run)
        .iter()
        .map(|t| Stat::of_rounds(t))
        .collect()
}

/// Times every job in `rounds` interleaved rounds and returns each job's median
/// time of one call in every round. Each round goes once through all of the jobs,
/// so that a slow drift of the machine's load affects every job alike instead of
/// skewing one of them, and jobs next to each other in the list are timed close
/// together (ratios of neighbours per round are the most robust figures).
/// `budget` sets a job's measuring time, `label` names it on the progress bar
/// (which advances once per measurement), `run` gives the closure to time.
pub fn interleaved_rounds<J>(
    jobs: &mut [J],
    rounds: usize,
    progress: &indicatif::ProgressBar,
    budget: impl Fn(&J) -> Budget,
    label: impl Fn(&J) -> String,
    run: impl Fn(&mut J) -> &mut (dyn FnMut() + '_),
) -> Vec<Vec<f64>> {
    progress.inc_length((jobs.len() * rounds) as u64);
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); jobs.len()];
    for round in 0..rounds {
        for (job, t) in jobs.iter_mut().zip(times.iter_mut()) {
            progress.set_message(format!("round {}: {}", round + 1, label(job)));
            let b = budget(job);
            t.push(median_ns(b, run(job)));
            progress.inc(1);
        }
    }
    times
}

/// The machine's load while the benchmark ran: the 1-minute load average sampled
/// every few seconds by a thread of its own (Linux; none elsewhere).
pub struct LoadMonitor {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<Vec<f64>>>,
    /// The CPU time counters when the run started.
    cpu_start: Option<CpuTimes>,
}

/// The load averages a run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Load {
    /// Mean of the samples.
    pub mean: f64,
    /// Largest sample.
    pub max: f64,
    /// Samples taken.
    pub samples: usize,
    /// The share of CPU time the hypervisor gave to other guests while the run
    /// wanted it (`steal` over all time in `/proc/stat`, 0 to 1); `None` where not
    /// recorded (not Linux, or a report from before it was).
    #[serde(default)]
    pub steal: Option<f64>,
}

/// Steal above this share of CPU time makes a report say at its top that its times,
/// and so possibly its ratios, were disturbed.
pub const STEAL_WARNING: f64 = 0.03;

/// The all-CPU counters of `/proc/stat`'s first line, in clock ticks: everything,
/// and the steal among it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuTimes {
    /// user + nice + system + idle + iowait + irq + softirq + steal.
    pub total: u64,
    /// steal.
    pub steal: u64,
}

impl CpuTimes {
    /// The counters now (Linux; `None` elsewhere or if unreadable).
    pub fn now() -> Option<CpuTimes> {
        CpuTimes::parse(&std::fs::read_to_string("/proc/stat").ok()?)
    }

    /// The counters from the text of `/proc/stat`.
    pub fn parse(stat: &str) -> Option<CpuTimes> {
        let line = stat.lines().find(|l| l.starts_with("cpu "))?;
        let v: Vec<u64> = line
            .split_whitespace()
            .skip(1)
            .take(8)
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        (v.len() == 8).then(|| CpuTimes {
            total: v.iter().sum(),
            steal: v[7],
        })
    }

    /// The share of the time between `self` and `later` that was stolen.
    pub fn steal_since(&self, later: &CpuTimes) -> Option<f64> {
        let total = later.total.checked_sub(self.total)?;
        let steal = later.steal.checked_sub(self.steal)?;
        (total > 0).then(|| steal as f64 / total as f64)
    }
}

impl Load {
    /// Whether the machine was busy: the load average over the run (the mean of
    /// the samples) exceeded the core count. The benchmark's own thread counts as
    /// one, and its parallel measurements briefly as two, so the maximum alone
    /// would call every run busy.
    pub fn busy(&self, cores: usize) -> bool {
        self.mean > cores as f64
    }
}

fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

impl LoadMonitor {
    /// Starts sampling.
    pub fn start() -> LoadMonitor {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut samples = Vec::new();
            let mut since = Instant::now() - Duration::from_secs(10);
            while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                if since.elapsed() >= Duration::from_secs(5) {
                    samples.extend(load_average());
                    since = Instant::now();
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            samples.extend(load_average());
            samples
        });
        LoadMonitor {
            stop,
            thread: Some(thread),
            cpu_start: CpuTimes::now(),
        }
    }

    /// Stops sampling and summarises.
    pub fn finish(mut self) -> Load {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let samples = self
            .thread
            .take()
            .and_then(|t| t.join().ok())
            .unwrap_or_default();
        let steal = self
            .cpu_start
            .zip(CpuTimes::now())
            .and_then(|(a, b)| a.steal_since(&b));
        if samples.is_empty() {
            return Load {
                steal,
                ..Load::default()
            };
        }
        Load {
            mean: samples.iter().sum::<f64>() / samples.len() as f64,
            max: samples.iter().copied().fold(0.0, f64::max),
            samples: samples.len(),
            steal,
        }
    }
}

/// The median of `values` (sorted in place); 0 for none.
pub fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(|a, b| a.total_cmp(b));
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(median(&mut []), 0.0);
    }

    #[test]
    fn bootstrap_interval_brackets_the_median_and_is_reproducible() {
        let rounds = [10.0, 11.0, 9.5, 10.2, 30.0, 10.1, 9.9];
        let s = Stat::of_rounds(&rounds);
        assert_eq!(s.median_ns, 10.1);
        assert!(s.lo_ns <= s.median_ns && s.median_ns <= s.hi_ns);
        // The outlier round (30) cannot be the median of a typical resample.
        assert!(s.hi_ns < 30.0 && s.lo_ns >= 9.5);
        assert_eq!(Stat::of_rounds(&rounds), s);
        // Identical rounds: a zero-width interval, not marked.
        let flat = Stat::of_rounds(&[5.0; 5]);
        assert_eq!((flat.lo_ns, flat.hi_ns), (5.0, 5.0));
        assert!(!flat.is_wide());
        // Rounds 20% apart: marked.
        assert!(Stat::of_rounds(&[8.0, 10.0, 12.0, 8.0, 12.0]).is_wide());
    }

    #[test]
    fn steal_from_proc_stat() {
        let a = CpuTimes::parse("cpu  100 0 50 800 10 0 5 35 0 0\ncpu0 1 2 3\n").expect("parsed");
        assert_eq!((a.total, a.steal), (1000, 35));
        let b = CpuTimes::parse("cpu  150 0 60 1700 10 0 5 75 0 0\n").expect("parsed");
        assert_eq!(a.steal_since(&b), Some(0.04));
        assert_eq!(b.steal_since(&a), None);
        assert_eq!(a.steal_since(&a), None);
        assert_eq!(CpuTimes::parse("cpu  1 2 3\n"), None);
        assert_eq!(CpuTimes::parse("intr 5\n"), None);
    }

    #[test]
    fn measures_something() {
        let mut n = 0u64;
        let t = median_ns(
            Budget {
                time: Duration::from_millis(5),
                min_samples: 3,
            },
            || n = std::hint::black_box(n.wrapping_add(1)),
        );
        assert!(t > 0.0 && n > 0);
    }
}
