//! `zkhost load`: how many contract calls a node completes per second on 1, 2, …
//! threads sharing one [`Runtime`], each call in a fresh pooled instance (as a node
//! runs one transaction), for the `forwarder` contract doing an ECADD and for the
//! `pairing-bench` contract doing one 2-pair pairing check. Every call's outcome is
//! checked against the first one.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use parity_scale_codec::Encode;
use zkhost_abi::Crypto;
use zkhost_runtime::{CodeHash, Outcome, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{Message, FORWARDER_WASM, PAIRING_BENCH_WASM};
use zkhost_testkit::sample;

/// Options of `zkhost load`.
#[derive(Clone, Debug, clap::Args)]
pub struct LoadArgs {
    /// Seconds per measurement.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
    /// Thread counts to measure, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = vec![1, 2])]
    pub threads: Vec<usize>,
}

/// One measurement: a contract call repeated on `threads` threads.
#[derive(Clone, Debug, PartialEq)]
pub struct Load {
    /// What was called.
    pub workload: &'static str,
    /// Threads calling at once.
    pub threads: usize,
    /// Calls completed.
    pub calls: u64,
    /// Wall time.
    pub seconds: f64,
    /// Gas each call used.
    pub gas_per_call: u64,
}

impl Load {
    /// Calls per second, all threads together.
    pub fn calls_per_second(&self) -> f64 {
        self.calls as f64 / self.seconds
    }
}

/// Calls `code` with `input` on `threads` threads for `duration`; every outcome must
/// equal `expected`.
pub fn measure(
    rt: &Runtime,
    code: &CodeHash,
    input: &[u8],
    gas: u64,
    expected: &Outcome,
    threads: usize,
    duration: Duration,
) -> Result<(u64, f64), String> {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let counts: Vec<Result<u64, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut n = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        let o = rt.call(code, input, gas).map_err(|e| e.to_string())?;
                        if &o != expected {
                            return Err(format!("outcome changed under load: {o:?}"));
                        }
                        n += 1;
                    }
                    Ok(n)
                })
            })
            .collect();
        std::thread::sleep(duration);
        stop.store(true, Ordering::Relaxed);
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a thread panicked".into())))
            .collect()
    });
    let seconds = start.elapsed().as_secs_f64();
    let mut calls = 0;
    for c in counts {
        calls += c?;
    }
    Ok((calls, seconds))
}

/// Measures both workloads at every thread count.
pub fn measure_all(args: &LoadArgs) -> Result<Vec<Load>, String> {
    let rt = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let forwarder = rt.deploy(FORWARDER_WASM).map_err(|e| e.to_string())?;
    let bench = rt.deploy(PAIRING_BENCH_WASM).map_err(|e| e.to_string())?;
    let workloads: [(&'static str, CodeHash, Vec<u8>, u64); 2] = [
        (
            "add (forwarder, ECADD)",
            forwarder,
            Message::new(Crypto::AltBn128Add, sample::add_input(1)).encode(),
            1_000_000,
        ),
        (
            "pairing (pairing-bench, 2 pairs)",
            bench,
            (1u32, sample::pairing_input(2, 7)).encode(),
            10_000_000,
        ),
    ];
    let duration = Duration::from_secs_f64(args.seconds.max(0.01));
    let mut results = Vec::new();
    for (workload, code, input, gas) in &workloads {
        let expected = rt.call(code, input, *gas).map_err(|e| e.to_string())?;
        if expected.output().is_none() {
            return Err(format!("{workload}: {:?}", expected.result));
        }
        for &threads in &args.threads {
            let (calls, seconds) =
                measure(&rt, code, input, *gas, &expected, threads.max(1), duration)?;
            results.push(Load {
                workload,
                threads: threads.max(1),
                calls,
                seconds,
                gas_per_call: expected.gas_used,
            });
        }
    }
    Ok(results)
}

/// The results as a Markdown table.
pub fn markdown(results: &[Load]) -> String {
    let mut s = String::from(
        "| workload | threads | calls | seconds | calls/s | calls/s per thread | gas/call | Mgas/s |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for r in results {
        let cps = r.calls_per_second();
        s.push_str(&format!(
            "| {} | {} | {} | {:.2} | {:.0} | {:.0} | {} | {:.1} |\n",
            r.workload,
            r.threads,
            r.calls,
            r.seconds,
            cps,
            cps / r.threads as f64,
            r.gas_per_call,
            cps * r.gas_per_call as f64 / 1e6
        ));
    }
    s
}

/// `zkhost load`.
pub fn run(args: &LoadArgs) -> ExitCode {
    match measure_all(args) {
        Ok(results) => {
            print!("{}", markdown(&results));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
