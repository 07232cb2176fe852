//! `zkhost calibrate-verkle`: time the verkle commitment methods at the model's
//! sizes, fit the cost model, print the crossover, and write it as the data file
//! `zkhost-verkle` reads (`host/verkle/src/costs.txt`, [`CostModel::to_text`]'s format).

use std::process::ExitCode;
use std::time::Instant;

use ark_ed_on_bls12_381_bandersnatch::Fr;
use ark_ff::{BigInt, PrimeField};
use zkhost_verkle as verkle;
use zkhost_verkle::cost::{CostModel, Entry, Method, SIZES};

use crate::fit;
use zkhost_testkit::rng::SplitMix64;

/// The `zkhost calibrate-verkle` command.
pub fn run(reps: usize, write: Option<&std::path::Path>) -> ExitCode {
    let t = verkle::Tables::get();
    println!(
        "tables: built in {:.2} s on {} threads, {} MiB",
        t.build_time.as_secs_f64(),
        rayon::current_num_threads(),
        t.memory_bytes() >> 20
    );
    let (model, raw) = calibrate(reps);
    println!("| method | n | median µs |\n|---|---:|---:|");
    for (m, n, ns) in &raw {
        println!("| {} | {n} | {:.1} |", m.name(), ns / 1e3);
    }
    println!("\n| method | a (µs) | b (µs/scalar) | R² |\n|---|---:|---:|---:|");
    for e in &model.entries {
        println!(
            "| {} | {:.1} | {:.2} | {:.4} |",
            e.method.name(),
            e.a_ns / 1e3,
            e.b_ns / 1e3,
            e.r2
        );
    }
    for parallel in [false, true] {
        let picks: Vec<String> = verkle::cost::SIZES
            .iter()
            .map(|&n| format!("{n}:{}", model.select(n, parallel).name()))
            .collect();
        println!(
            "selection ({}): {}",
            if parallel {
                "parallel allowed"
            } else {
                "one thread"
            },
            picks.join(" ")
        );
    }
    if let Some(path) = write {
        if let Err(e) = std::fs::write(path, model.to_text()) {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}

/// Deterministic pseudo-random canonical scalars (full 253-bit size) for `n` slots.
fn sample_values(n: usize, seed: u64) -> Vec<Fr> {
    let mut rng = SplitMix64::new(seed);
    let mut next = move || rng.next_u64();
    (0..n)
        .map(|i| {
            let limbs = [next(), next(), next(), next() & 0x0cfb_69d4_ca67_5f51];
            let _ = i;
            Fr::from_bigint(BigInt(limbs)).unwrap_or_default()
        })
        .collect()
}

/// Median time in ns of `f` over `reps` runs.
fn median_ns(reps: usize, mut f: impl FnMut()) -> f64 {
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
fn calibrate(reps: usize) -> (CostModel, Vec<(Method, usize, f64)>) {
    let _ = verkle::Tables::get(); // built before timing
    let mut raw = Vec::new();
    let mut entries = Vec::new();
    for m in Method::ALL {
        let mut pts = Vec::new();
        for &n in &SIZES {
            let values = sample_values(n, n as u64);
            let ns = median_ns(reps, || {
                let _ = std::hint::black_box(verkle::commit_with_method(m, &values));
            });
            raw.push((m, n, ns));
            pts.push((n, ns));
        }
        let xy: Vec<(f64, f64)> = pts.iter().map(|&(n, t)| (n as f64, t)).collect();
        let line = fit::linear(&xy).unwrap_or(fit::Linear {
            a: 0.0,
            b: 0.0,
            r2: 0.0,
            a_ci: 0.0,
            b_ci: 0.0,
            max_residual: 0.0,
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
