//! `zkhost bench`: what each host function costs natively, what a contract pays to
//! reach it, what it would cost in pure WebAssembly, and what its gas should be.
//!
//! Every operation and size is timed on each path — `native` (the default backend
//! called directly), `contract` (the `precompiles` contract on a warm instance),
//! `contract-cold` (a fresh instance per call, as a node runs one transaction) and
//! `wasm` (the `wasm-pairing` contract, pure WebAssembly) — and natively on every
//! backend. From the medians come least-squares fits (pairing time = A + B·k), the
//! throughput at today's prices, and a proposed schedule at a target throughput.

pub mod fit;
pub mod measure;
pub mod plot;
pub mod report;

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use parity_scale_codec::Encode;

use crate::bn254::{sample, Backend, Op};
use crate::contracts::{Message, Via, GENEROUS_GAS};
use crate::gas::GasSchedule;
use crate::runtime::{Runtime, RuntimeConfig, WarmInstance};
use measure::Budget;

/// Options of `zkhost bench`.
#[derive(Clone, Debug, clap::Args)]
pub struct BenchArgs {
    /// Fewer sizes and shorter measurements: under a minute.
    #[arg(long)]
    pub quick: bool,
    /// Throughput the proposed schedule targets, in Mgas/s.
    #[arg(long, default_value_t = 100.0)]
    pub target_mgas: f64,
    /// Write the Markdown report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<std::path::PathBuf>,
    /// Write the results as JSON (schema 1) to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<std::path::PathBuf>,
    /// Write SVG plots into DIR.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<std::path::PathBuf>,
}

/// Where an operation ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathKind {
    /// The backend called directly.
    Native,
    /// Through the `precompiles` contract on a warm instance.
    Contract,
    /// Through the `precompiles` contract, a fresh instance per call.
    ContractCold,
    /// Computed inside the `wasm-pairing` contract.
    Wasm,
}

impl PathKind {
    /// The name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            PathKind::Native => "native",
            PathKind::Contract => "contract",
            PathKind::ContractCold => "contract-cold",
            PathKind::Wasm => "wasm",
        }
    }
}

/// One measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The operation.
    pub op: Op,
    /// Pairs for the pairing check, 1 otherwise.
    pub size: usize,
    /// Where it ran.
    pub path: PathKind,
    /// The backend (for the contract paths, the runtime's backend).
    pub backend: Backend,
    /// Median time of one call.
    pub median_ns: f64,
    /// Gas: the schedule's price natively, `gas_used` on the contract paths, the fuel
    /// burned on the wasm path.
    pub gas: u64,
}

/// Everything a run measured and derived.
#[derive(Clone, Debug)]
pub struct Results {
    /// The measurements.
    pub samples: Vec<Sample>,
    /// Pairing time against pairs, native default backend.
    pub pairing_fit: Option<fit::Linear>,
    /// Pairing time against pairs, warm contract.
    pub pairing_contract_fit: Option<fit::Linear>,
    /// Target throughput of the proposed schedule (Mgas/s).
    pub target_mgas: f64,
    /// Whether this was a `--quick` run.
    pub quick: bool,
}

impl Results {
    /// The median of one measurement, if taken.
    pub fn time(
        &self,
        op: Op,
        size: usize,
        path: PathKind,
        backend: Option<Backend>,
    ) -> Option<&Sample> {
        self.samples.iter().find(|s| {
            s.op == op && s.size == size && s.path == path && backend.is_none_or(|b| b == s.backend)
        })
    }

    /// Gas per nanosecond at the target throughput.
    pub fn gas_per_ns(&self) -> f64 {
        self.target_mgas / 1000.0
    }

    /// Fuel the pure-wasm path burns per nanosecond (the speed of wasm execution), the
    /// median over the wasm measurements.
    pub fn fuel_per_ns(&self) -> Option<f64> {
        let mut rates: Vec<f64> = self
            .samples
            .iter()
            .filter(|s| s.path == PathKind::Wasm && s.median_ns > 0.0)
            .map(|s| s.gas as f64 / s.median_ns)
            .collect();
        (!rates.is_empty()).then(|| measure::median(&mut rates))
    }

    /// The proposed gas of `op` at `size`, at the target throughput, rounded to three
    /// significant figures. The pairing price comes from the fit (A + B·k).
    pub fn proposed_gas(&self, op: Op, size: usize) -> Option<u64> {
        let ns = match (op, self.pairing_fit) {
            (Op::Pairing, Some(f)) => f.at(size as f64),
            _ => {
                self.time(op, size, PathKind::Native, Some(Backend::default_for(op)))?
                    .median_ns
            }
        };
        Some(round3(ns * self.gas_per_ns()))
    }
}

/// Rounds to three significant figures (at least 1).
pub fn round3(x: f64) -> u64 {
    if x <= 1.0 {
        return 1;
    }
    let digits = x.log10().floor() as i32;
    let unit = 10f64.powi((digits - 2).max(0));
    ((x / unit).round() * unit) as u64
}

struct Plan {
    pairing_sizes: Vec<usize>,
    wasm_pairing_sizes: Vec<usize>,
    backend_pairing_sizes: Vec<usize>,
    budget: Budget,
    slow_budget: Budget,
}

impl Plan {
    fn new(quick: bool) -> Plan {
        if quick {
            Plan {
                pairing_sizes: vec![1, 2, 4, 6, 8, 10],
                wasm_pairing_sizes: vec![1, 2],
                backend_pairing_sizes: vec![1, 2, 4, 10],
                budget: Budget {
                    time: Duration::from_millis(200),
                    min_samples: 5,
                },
                slow_budget: Budget {
                    time: Duration::from_millis(300),
                    min_samples: 3,
                },
            }
        } else {
            Plan {
                pairing_sizes: (1..=10).collect(),
                wasm_pairing_sizes: vec![1, 2, 4],
                backend_pairing_sizes: vec![1, 2, 4, 10],
                budget: Budget {
                    time: Duration::from_millis(1500),
                    min_samples: 11,
                },
                slow_budget: Budget {
                    time: Duration::from_secs(2),
                    min_samples: 5,
                },
            }
        }
    }

    fn steps(&self) -> u64 {
        let per_op = 4 + Backend::ALL.len();
        (2 * per_op
            + self.pairing_sizes.len() * 3
            + self.wasm_pairing_sizes.len()
            + self.backend_pairing_sizes.len() * Backend::ALL.len()) as u64
    }
}

fn input_for(op: Op, size: usize) -> Vec<u8> {
    match op {
        Op::Add => sample::add_input(11),
        Op::Mul => sample::mul_input(12),
        Op::Pairing => sample::pairing_input(size, 1000),
    }
}

struct Contracts {
    runtime: Runtime,
    contract: crate::runtime::CodeHash,
    warm: WarmInstance,
    wasm: WarmInstance,
}

impl Contracts {
    fn new() -> Result<Contracts, String> {
        let runtime = Runtime::new(RuntimeConfig::default()).map_err(|e| format!("{e:#}"))?;
        let contract = runtime
            .deploy(Via::Contract.wasm())
            .map_err(|e| e.to_string())?;
        let wasm_code = runtime
            .deploy(Via::Wasm.wasm())
            .map_err(|e| e.to_string())?;
        let warm = runtime.instantiate(&contract).map_err(|e| e.to_string())?;
        let wasm = runtime.instantiate(&wasm_code).map_err(|e| e.to_string())?;
        Ok(Contracts {
            runtime,
            contract,
            warm,
            wasm,
        })
    }
}

/// Calls a warm instance once and checks it returned an output: a measurement of a
/// trapping call would be meaningless. Returns the gas it used.
fn checked(instance: &mut WarmInstance, message: &[u8]) -> Result<u64, String> {
    let outcome = instance
        .call(message, GENEROUS_GAS)
        .map_err(|e| e.to_string())?;
    match crate::contracts::decode_response(&outcome) {
        Ok(_) => Ok(outcome.gas_used),
        Err(e) => Err(format!("benchmark call failed: {e}")),
    }
}

/// Measures every operation on every path; `progress` is advanced once per measurement.
pub fn measure_all(
    quick: bool,
    target_mgas: f64,
    progress: &ProgressBar,
) -> Result<Results, String> {
    let plan = Plan::new(quick);
    progress.set_length(plan.steps());
    let mut c = Contracts::new()?;
    let schedule = GasSchedule::ISTANBUL;
    let mut samples = Vec::new();
    let mut cases: Vec<(Op, usize, bool)> = vec![(Op::Add, 1, true), (Op::Mul, 1, true)];
    for &k in &plan.pairing_sizes {
        cases.push((Op::Pairing, k, plan.wasm_pairing_sizes.contains(&k)));
    }
    for (op, size, with_wasm) in cases {
        let input = input_for(op, size);
        let message = Message::for_op(op, input.clone()).encode();
        let backend = Backend::default_for(op);
        let budget = if op == Op::Pairing {
            plan.slow_budget
        } else {
            plan.budget
        };
        progress.set_message(format!("{op} x{size}"));

        let native = measure::median_ns(budget, || {
            let _ = std::hint::black_box(backend.run(op, &input));
        });
        samples.push(Sample {
            op,
            size,
            path: PathKind::Native,
            backend,
            median_ns: native,
            gas: schedule.gas(op, input.len()),
        });
        progress.inc(1);

        let gas = checked(&mut c.warm, &message)?;
        let warm = measure::median_ns(budget, || {
            let _ = std::hint::black_box(c.warm.call(&message, GENEROUS_GAS));
        });
        samples.push(Sample {
            op,
            size,
            path: PathKind::Contract,
            backend,
            median_ns: warm,
            gas,
        });
        // The instance must still answer correctly after thousands of calls.
        checked(&mut c.warm, &message)?;
        progress.inc(1);

        let cold = measure::median_ns(budget, || {
            let _ = std::hint::black_box(c.runtime.call(&c.contract, &message, GENEROUS_GAS));
        });
        samples.push(Sample {
            op,
            size,
            path: PathKind::ContractCold,
            backend,
            median_ns: cold,
            gas,
        });
        progress.inc(1);

        if with_wasm {
            let fuel = checked(&mut c.wasm, &message)?;
            let t = measure::median_ns(plan.slow_budget, || {
                let _ = std::hint::black_box(c.wasm.call(&message, GENEROUS_GAS));
            });
            samples.push(Sample {
                op,
                size,
                path: PathKind::Wasm,
                backend: Backend::SubstrateBn,
                median_ns: t,
                gas: fuel,
            });
            checked(&mut c.wasm, &message)?;
            progress.inc(1);
        }
    }

    // Backends side by side, natively.
    let mut backend_cases = vec![(Op::Add, 1), (Op::Mul, 1)];
    backend_cases.extend(plan.backend_pairing_sizes.iter().map(|&k| (Op::Pairing, k)));
    for (op, size) in backend_cases {
        let input = input_for(op, size);
        let budget = if op == Op::Pairing {
            plan.slow_budget
        } else {
            plan.budget
        };
        for backend in Backend::ALL {
            progress.inc(1);
            let measured = samples.iter().any(|s: &Sample| {
                s.op == op && s.size == size && s.path == PathKind::Native && s.backend == backend
            });
            if measured {
                continue;
            }
            progress.set_message(format!("{op} x{size} on {backend}"));
            let t = measure::median_ns(budget, || {
                let _ = std::hint::black_box(backend.run(op, &input));
            });
            samples.push(Sample {
                op,
                size,
                path: PathKind::Native,
                backend,
                median_ns: t,
                gas: schedule.gas(op, input.len()),
            });
        }
    }

    let pairing_points = |path: PathKind| -> Vec<(f64, f64)> {
        samples
            .iter()
            .filter(|s| {
                s.op == Op::Pairing
                    && s.path == path
                    && s.backend == Backend::default_for(Op::Pairing)
            })
            .filter(|s| plan.pairing_sizes.contains(&s.size))
            .map(|s| (s.size as f64, s.median_ns))
            .collect()
    };
    let pairing_fit = fit::linear(&pairing_points(PathKind::Native));
    let pairing_contract_fit = fit::linear(&pairing_points(PathKind::Contract));
    Ok(Results {
        samples,
        pairing_fit,
        pairing_contract_fit,
        target_mgas,
        quick,
    })
}

/// The `zkhost bench` command.
pub fn run(args: &BenchArgs) -> std::process::ExitCode {
    let progress = ProgressBar::new(0);
    progress.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let results = match measure_all(args.quick, args.target_mgas, &progress) {
        Ok(r) => r,
        Err(e) => {
            progress.finish_and_clear();
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    progress.finish_and_clear();
    let markdown = report::markdown(&results);
    let written = (|| -> std::io::Result<()> {
        match &args.markdown {
            Some(path) => std::fs::write(path, &markdown)?,
            None => print!("{markdown}"),
        }
        if let Some(path) = &args.json {
            std::fs::write(
                path,
                serde_json::to_string_pretty(&report::json(&results))? + "\n",
            )?;
        }
        if let Some(dir) = &args.svg {
            std::fs::create_dir_all(dir)?;
            plot::write_all(&results, dir).map_err(std::io::Error::other)?;
        }
        Ok(())
    })();
    match written {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding() {
        assert_eq!(round3(0.2), 1);
        assert_eq!(round3(7.4), 7);
        assert_eq!(round3(123.4), 123);
        assert_eq!(round3(12_345.0), 12_300);
        assert_eq!(round3(45_678.0), 45_700);
    }
}
