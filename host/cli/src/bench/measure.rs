//! Timing: the median time of one call, from samples of batched calls.

use std::time::{Duration, Instant};

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

/// Times every job in `rounds` interleaved rounds and returns each job's median over
/// the rounds. Each round goes once through all of the jobs, so that a slow drift of
/// the machine's load affects every job alike instead of skewing one of them.
/// `budget` sets a job's measuring time, `label` names it on the progress bar (which
/// advances once per measurement), `run` gives the closure to time.
pub fn interleaved<J>(
    jobs: &mut [J],
    rounds: usize,
    progress: &indicatif::ProgressBar,
    budget: impl Fn(&J) -> Budget,
    label: impl Fn(&J) -> String,
    run: impl Fn(&mut J) -> &mut (dyn FnMut() + '_),
) -> Vec<f64> {
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
    times.iter_mut().map(|t| median(t)).collect()
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
