//! zkhost's G1 MSM against mcl's `mulVec` at every size of issue 45's target, 1 to
//! 4096 points (`zkhost bench --features mcl` stops at 128), from the same bytes to
//! the same bytes, one thread each:
//!
//! ```text
//! cargo run --release -p zkhost-bn254 --features mcl --example msm_mcl > REPORT.md
//! ```
//!
//! Both sides get the benchmark's inputs (`zkhost_testkit::sample::msm_input`, full
//! scalars below r), their outputs are checked equal first, then each of `ROUNDS`
//! rounds (default 7) times zkhost and mcl back to back at every size, each for at
//! least `ROUND_MS` milliseconds (default 200). Printed: a Markdown report with the
//! CPU, the load average before and after, and per size the medians and the median
//! (with the range) of the per-round ratios zkhost / mcl.

use std::hint::black_box;
use std::time::{Duration, Instant};

use zkhost_bn254::{mcl, msm};
use zkhost_testkit::sample;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `vendor family F model M stepping S, name, MHz` from the first CPU of
/// `/proc/cpuinfo`, or what of it this system has.
fn cpu() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .take_while(|l| !l.trim().is_empty())
            .find(|l| l.split(':').next().map(str::trim) == Some(key))
            .and_then(|l| l.split_once(':'))
            .map_or("?".to_string(), |(_, v)| v.trim().to_string())
    };
    format!(
        "{} family {} model {} stepping {}, {}, {} MHz",
        field("vendor_id"),
        field("cpu family"),
        field("model"),
        field("stepping"),
        field("model name"),
        field("cpu MHz")
    )
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

/// Nanoseconds per call of `f` over a batch of `n` calls.
fn per_call(n: u64, f: &dyn Fn()) -> f64 {
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds = env_or("ROUNDS", 7).max(1) as usize;
    let round = Duration::from_millis(env_or("ROUND_MS", 200));
    let inputs: Vec<Vec<u8>> = sample::MSM_PEER_SIZES
        .iter()
        .map(|&n| sample::msm_input(n, 2000))
        .collect();
    for (n, input) in sample::MSM_PEER_SIZES.iter().zip(&inputs) {
        let ours = msm::g1_msm(input);
        assert!(
            ours.is_ok() && ours == mcl::g1_msm(input),
            "mcl's MSM differs from zkhost's at {n} points"
        );
    }
    // Batch sizes from a second call (the first warms the caches).
    let batches: Vec<u64> = inputs
        .iter()
        .map(|input| {
            let _ = msm::g1_msm(input);
            let t = Instant::now();
            let _ = black_box(msm::g1_msm(black_box(input)));
            (round.as_nanos() / t.elapsed().as_nanos().max(1)).max(1) as u64
        })
        .collect();
    let load_before = loadavg();
    let mut ours = vec![Vec::new(); sample::MSM_PEER_SIZES.len()];
    let mut theirs = vec![Vec::new(); sample::MSM_PEER_SIZES.len()];
    for _ in 0..rounds {
        for (i, input) in inputs.iter().enumerate() {
            ours[i].push(per_call(batches[i], &|| {
                let _ = black_box(msm::g1_msm(black_box(input)));
            }));
            theirs[i].push(per_call(batches[i], &|| {
                let _ = black_box(mcl::g1_msm(black_box(input)));
            }));
        }
    }
    println!("# zkhost's G1 MSM against mcl's mulVec, 1 to 4096 points\n");
    println!(
        "`cargo run --release -p zkhost-bn254 --features mcl --example msm_mcl`: the \
         inputs of `zkhost bench` (`sample::msm_input(n, 2000)`), outputs checked equal, \
         then {rounds} rounds, each timing zkhost's `msm::g1_msm` and mcl's `mulVec` \
         (`mcl::g1_msm`, the same decoding and checks) back to back at every size for at \
         least {} ms each, one thread.\n",
        round.as_millis()
    );
    println!(
        "CPU: {}. Load average before / after: {load_before} / {}.\n",
        cpu(),
        loadavg()
    );
    println!("| points | zkhost | mcl | zkhost / mcl | range over the rounds |");
    println!("|---:|---:|---:|---:|---|");
    for (i, n) in sample::MSM_PEER_SIZES.iter().enumerate() {
        let mut ratios: Vec<f64> = ours[i].iter().zip(&theirs[i]).map(|(a, b)| a / b).collect();
        let (lo, hi) = ratios
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
        println!(
            "| {n} | {:.1} µs | {:.1} µs | {:.2} | {lo:.2}–{hi:.2} |",
            median(&mut ours[i].clone()) / 1e3,
            median(&mut theirs[i].clone()) / 1e3,
            median(&mut ratios),
        );
    }
}
