//! zkhost's benchmarks as a library, behind the `zkhost` command line's `bench`,
//! `load`, `soak`, `calibrate` and `calibrate-verkle`: what each host function costs
//! natively, what a contract pays to reach it, what it would cost in pure WebAssembly,
//! and what its gas should be.
//!
//! Every operation and size is timed on each path — `native` (the default backend
//! called directly), `contract` (the `forwarder` contract on a warm instance),
//! `contract-cold` (a fresh instance per call, as a node runs one transaction) and
//! `wasm` (the `wasm-pairing` contract, pure WebAssembly) — and natively on every
//! backend. From the medians come least-squares fits (pairing time = A + B·k), the
//! throughput at today's prices, and a proposed schedule. One Groth16 verification
//! is timed on the same paths ([`groth16`]); the BLS12-381 operations on blst,
//! arkworks and their contract ([`bls12`]).
//!
//! The schedule is priced from the slowest input we could construct for each
//! operation and size ([`worst`]), by two methods: a target throughput, and
//! EIP-1108's (relative to an `ecrecover` timed in the same rounds). Every median
//! carries a 95% bootstrap interval over the rounds ([`measure::Stat`]), every fit
//! its coefficients' intervals and residuals, and the report says whether the
//! machine was busy. `--compare A.json B.json` puts two reports side by side
//! ([`compare`]).

pub mod bls12;
pub mod calibrate;
pub mod compare;
pub mod fit;
pub mod groth16;
pub mod load;
pub mod measure;
pub mod ops;
pub mod plot;
pub mod report;
pub mod soak;
pub mod verkle;
pub mod worst;
pub mod zk;

use std::cell::RefCell;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_gas::HostCosts;
use zkhost_runtime::{Runtime, RuntimeConfig, WarmInstance};
use zkhost_testkit::contracts::{Path, FORWARDER_WASM, GENEROUS_GAS, WASM_PAIRING_WASM};
use zkhost_testkit::sample;

use measure::Budget;
use zkhost_runtime::Prices;

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
    /// Only the section of KZG point evaluation, P256VERIFY, Poseidon, BN254
    /// compression, the signatures and the BLS functions (with `ecrecover`): a few
    /// minutes.
    #[arg(long)]
    pub zk_only: bool,
    /// Measure nothing: compare two reports written by `--json` (time ratios per
    /// row, their spread, and both pricing methods' schedules from each).
    #[arg(long, num_args = 2, value_names = ["A.json", "B.json"])]
    pub compare: Option<Vec<std::path::PathBuf>>,
}

/// One measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The operation (a BN254 host function).
    pub op: Crypto,
    /// Pairs for the pairing check, 1 otherwise.
    pub size: usize,
    /// Where it ran.
    pub path: Path,
    /// The backend (for the contract paths, the runtime's backend).
    pub backend: Backend,
    /// Median time of one call.
    pub median_ns: f64,
    /// That median's 95% interval and rounds.
    pub ci: measure::Stat,
    /// The median time of one call in each round, in round order: ratios between
    /// two rows are taken per round ([`ratio_of_rounds`]), where both saw the same
    /// machine.
    pub rounds_ns: Vec<f64>,
    /// Gas: the schedule's price natively, `gas_used` on the contract paths, the fuel
    /// burned on the wasm path.
    pub gas: u64,
}

/// Everything a run measured and derived.
#[derive(Clone, Debug)]
pub struct Results {
    /// The measurements.
    pub samples: Vec<Sample>,
    /// Time against size (pairs, points) for the pairing check and the MSM, on the
    /// native and warm-contract paths.
    pub fits: Vec<(Crypto, Path, fit::Linear)>,
    /// Target throughput of the proposed schedule (Mgas/s).
    pub target_mgas: f64,
    /// Whether this was a `--quick` run.
    pub quick: bool,
    /// The verkle commitments and updates.
    pub verkle: verkle::VerkleResults,
    /// The BLS12-381 (EIP-2537) operations.
    pub bls12: bls12::Bls12Results,
    /// One Groth16 verification on each path.
    pub groth16: Vec<groth16::Row>,
    /// The constructed worst cases, `ecrecover`, and the prices from them.
    pub worst: worst::WorstResults,
    /// KZG point evaluation, P256VERIFY, Poseidon, BN254 compression, signatures, BLS.
    pub zk: zk::ZkResults,
    /// Interleaved rounds per measurement.
    pub rounds: usize,
    /// The machine's load average during the run.
    pub load: measure::Load,
}

impl Results {
    /// The median of one measurement, if taken.
    pub fn time(
        &self,
        op: Crypto,
        size: usize,
        path: Path,
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
            .filter(|s| s.path == Path::Wasm && s.median_ns > 0.0)
            .map(|s| s.gas as f64 / s.median_ns)
            .collect();
        (!rates.is_empty()).then(|| measure::median(&mut rates))
    }

    /// The fit of `op` on `path`, if measured at several sizes.
    pub fn fit(&self, op: Crypto, path: Path) -> Option<fit::Linear> {
        self.fits
            .iter()
            .find(|f| f.0 == op && f.1 == path)
            .map(|f| f.2)
    }

    /// The gas of `op` at `size` at the target throughput from the *typical* input,
    /// three significant figures (the pairing from the fit A + B·k, the MSM from
    /// each size's measurement: its time is not linear in n). The proposed schedule
    /// is [`worst::WorstResults::throughput_gas`]; this is shown beside it.
    pub fn typical_gas(&self, op: Crypto, size: usize) -> Option<u64> {
        let ns = match (op, self.fit(op, Path::Native)) {
            (Crypto::AltBn128Pairing, Some(f)) => f.at(size as f64),
            _ => {
                self.time(op, size, Path::Native, Some(ops::default_backend(op)))?
                    .median_ns
            }
        };
        Some(round3(ns * self.gas_per_ns()))
    }
}

/// The ratio `a / b` of two rows measured in the same rounds: the median over the
/// rounds of each round's ratio, with its 95% bootstrap interval (as a [`measure::Stat`]
/// whose values are ratios). Both rows ran in every round, close together, so a
/// change of the machine's speed between rounds cancels; `None` unless both have the
/// same number of rounds.
pub fn ratio_of_rounds(a: &Sample, b: &Sample) -> Option<measure::Stat> {
    if a.rounds_ns.is_empty() || a.rounds_ns.len() != b.rounds_ns.len() {
        return None;
    }
    let per_round: Vec<f64> = a
        .rounds_ns
        .iter()
        .zip(&b.rounds_ns)
        .map(|(x, y)| x / y)
        .collect();
    Some(measure::Stat::of_rounds(&per_round))
}

/// (size, median) of `op` on `path` on its default backend: what the fits fit.
pub fn fit_points(samples: &[Sample], op: Crypto, path: Path) -> Vec<(f64, f64)> {
    samples
        .iter()
        .filter(|s| s.op == op && s.path == path && s.backend == ops::default_backend(op))
        .map(|s| (s.size as f64, s.median_ns))
        .collect()
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
    bls12_msm_sizes: Vec<usize>,
    bls12_pairing_sizes: Vec<usize>,
    verkle_commit_sizes: Vec<usize>,
    verkle_update_sizes: Vec<usize>,
    pairing_sizes: Vec<usize>,
    msm_sizes: Vec<usize>,
    wasm_pairing_sizes: Vec<usize>,
    backend_pairing_sizes: Vec<usize>,
    rounds: usize,
    budget: Budget,
    slow_budget: Budget,
}

impl Plan {
    fn new(quick: bool) -> Plan {
        if quick {
            Plan {
                bls12_msm_sizes: vec![1, 8, 64],
                bls12_pairing_sizes: vec![1, 2, 4],
                verkle_commit_sizes: vec![1, 16, 64, 256],
                verkle_update_sizes: vec![1, 256],
                pairing_sizes: vec![1, 2, 4, 6, 8, 10],
                msm_sizes: vec![1, 4, 16, 64],
                wasm_pairing_sizes: vec![1, 2],
                backend_pairing_sizes: vec![1, 2, 4, 10],
                rounds: 3,
                budget: Budget {
                    time: Duration::from_millis(70),
                    min_samples: 3,
                },
                slow_budget: Budget {
                    time: Duration::from_millis(100),
                    min_samples: 2,
                },
            }
        } else {
            Plan {
                bls12_msm_sizes: vec![1, 2, 4, 8, 16, 32, 64, 128],
                bls12_pairing_sizes: vec![1, 2, 4, 8],
                verkle_commit_sizes: vec![1, 2, 4, 8, 16, 32, 64, 128, 256],
                verkle_update_sizes: vec![1, 4, 16, 256],
                pairing_sizes: (1..=10).collect(),
                msm_sizes: vec![1, 2, 4, 8, 16, 32, 64, 128],
                wasm_pairing_sizes: vec![1, 2, 4],
                backend_pairing_sizes: vec![1, 2, 4, 10],
                rounds: 7,
                budget: Budget {
                    time: Duration::from_millis(300),
                    min_samples: 5,
                },
                slow_budget: Budget {
                    time: Duration::from_millis(400),
                    min_samples: 3,
                },
            }
        }
    }
}

fn input_for(op: Crypto, size: usize) -> Vec<u8> {
    match op {
        Crypto::AltBn128Add => sample::add_input(11),
        Crypto::AltBn128Mul => sample::mul_input(12),
        Crypto::AltBn128Pairing => sample::pairing_input(size, 1000),
        Crypto::AltBn128G1Msm => sample::msm_input(size, 2000),
        _ => Vec::new(),
    }
}

struct Contracts {
    runtime: Runtime,
    contract: zkhost_runtime::CodeHash,
    warm: WarmInstance,
    wasm: WarmInstance,
}

impl Contracts {
    fn new() -> Result<Contracts, String> {
        let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
        let contract = runtime.deploy(FORWARDER_WASM).map_err(|e| e.to_string())?;
        let wasm_code = runtime
            .deploy(WASM_PAIRING_WASM)
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
    match zkhost_testkit::contracts::decode_response(&outcome) {
        Ok(_) => Ok(outcome.gas_used),
        Err(e) => Err(format!("benchmark call failed: {e}")),
    }
}

/// A warm instance of `code` that has answered `message` with `expected`, and the gas
/// that call used: a contract path is timed only once it gives the native output.
/// `Err(None)` when it answers otherwise (the caller names the case), `Err(Some(e))`
/// when the runtime fails.
fn warm_answering(
    runtime: &Runtime,
    code: &zkhost_runtime::CodeHash,
    message: &[u8],
    expected: &[u8],
) -> Result<(WarmInstance, u64), Option<String>> {
    let mut warm = runtime.instantiate(code).map_err(|e| Some(e.to_string()))?;
    let outcome = warm
        .call(message, GENEROUS_GAS)
        .map_err(|e| Some(e.to_string()))?;
    match zkhost_testkit::contracts::decode_response(&outcome) {
        Ok(out) if out == expected => Ok((warm, outcome.gas_used)),
        _ => Err(None),
    }
}

/// Checks that `backend` gives the default backend's output for `input`: a
/// comparison of speeds is only meaningful between equal results.
fn same_output(op: Crypto, backend: Backend, input: &[u8]) -> Result<(), String> {
    let ours = zkhost_runtime::compute(op, None, input);
    let theirs = zkhost_runtime::compute(op, Some(backend), input);
    if ours.is_ok() && ours == theirs {
        Ok(())
    } else {
        Err(format!(
            "{backend} and the default backend differ on the {} input",
            op.report_name()
        ))
    }
}

/// One thing to time: what it is, its gas, and how to run it once.
struct Job<'a> {
    op: Crypto,
    size: usize,
    path: Path,
    backend: Backend,
    gas: u64,
    slow: bool,
    run: Box<dyn FnMut() + 'a>,
}

/// Boxes a measured closure.
fn boxed<'a>(f: impl FnMut() + 'a) -> Box<dyn FnMut() + 'a> {
    Box::new(f)
}

/// Measures every operation on every path; `progress` is advanced once per measurement.
///
/// Every measurement is taken in several rounds, each round going once through all
/// of them, and the median of the rounds is kept: a slow drift of the machine's load
/// then affects every path and size alike instead of skewing one of them.
pub fn measure_all(
    quick: bool,
    target_mgas: f64,
    progress: &ProgressBar,
) -> Result<Results, String> {
    let plan = Plan::new(quick);
    // The benchmark's inputs repeat, so a warm cache of prepared G2 points would time
    // the pairing of points seen before: a price must hold for fresh points. Off for
    // every measurement but the Groth16 rows that say otherwise.
    zkhost_bn254::g2_cache::pause(true);
    let load = measure::LoadMonitor::start();
    let c = Contracts::new()?;
    let warm = RefCell::new(c.warm);
    let wasm = RefCell::new(c.wasm);
    let (runtime, contract) = (&c.runtime, &c.contract);
    let costs = HostCosts::ZKHOST;

    let mut cases: Vec<(Crypto, usize, bool)> = vec![
        (Crypto::AltBn128Add, 1, true),
        (Crypto::AltBn128Mul, 1, true),
    ];
    for &k in &plan.pairing_sizes {
        cases.push((
            Crypto::AltBn128Pairing,
            k,
            plan.wasm_pairing_sizes.contains(&k),
        ));
    }
    for &k in &plan.msm_sizes {
        cases.push((Crypto::AltBn128G1Msm, k, k <= 4));
    }
    let mut jobs: Vec<Job> = Vec::new();
    for (op, size, with_wasm) in cases {
        let input = input_for(op, size);
        let message = zkhost_testkit::contracts::message(op, input.clone());
        let backend = ops::default_backend(op);
        let slow = op == Crypto::AltBn128Pairing;
        let native_gas = costs.op_gas(op, input.len());
        let gas = checked(&mut warm.borrow_mut(), &message)?;
        let job = |path, backend, gas, slow, run| Job {
            op,
            size,
            path,
            backend,
            gas,
            slow,
            run,
        };
        let i = input.clone();
        jobs.push(job(
            Path::Native,
            backend,
            native_gas,
            slow,
            boxed(move || {
                let _ = std::hint::black_box(zkhost_runtime::compute(op, Some(backend), &i));
            }),
        ));
        let (m, w) = (message.clone(), &warm);
        jobs.push(job(
            Path::Contract,
            backend,
            gas,
            slow,
            boxed(move || {
                let _ = std::hint::black_box(w.borrow_mut().call(&m, GENEROUS_GAS));
            }),
        ));
        let m = message.clone();
        jobs.push(job(
            Path::ContractCold,
            backend,
            gas,
            slow,
            boxed(move || {
                let _ = std::hint::black_box(runtime.call(contract, &m, GENEROUS_GAS));
            }),
        ));
        if with_wasm {
            let fuel = checked(&mut wasm.borrow_mut(), &message)?;
            let w = &wasm;
            jobs.push(job(
                Path::Wasm,
                Backend::SUBSTRATE_BN,
                fuel,
                true,
                boxed(move || {
                    let _ = std::hint::black_box(w.borrow_mut().call(&message, GENEROUS_GAS));
                }),
            ));
        }
    }
    // Backends side by side, natively (the default backend's figure is the one above).
    let mut backend_cases = vec![(Crypto::AltBn128Add, 1), (Crypto::AltBn128Mul, 1)];
    backend_cases.extend(
        plan.backend_pairing_sizes
            .iter()
            .map(|&k| (Crypto::AltBn128Pairing, k)),
    );
    for (op, size) in backend_cases {
        // Reversed: zkhost's two paths (lanes, scalar) and then the comparator (mcl, when
        // built) come first, beside the default backend's figure.
        for &backend in Backend::ALL.iter().rev() {
            if backend == ops::default_backend(op)
                && (op != Crypto::AltBn128Pairing || plan.pairing_sizes.contains(&size))
            {
                continue;
            }
            let input = input_for(op, size);
            let gas = costs.op_gas(op, input.len());
            same_output(op, backend, &input)?;
            jobs.push(Job {
                op,
                size,
                path: Path::Native,
                backend,
                gas,
                slow: op == Crypto::AltBn128Pairing,
                run: boxed(move || {
                    let _ =
                        std::hint::black_box(zkhost_runtime::compute(op, Some(backend), &input));
                }),
            });
        }
    }

    // mcl's MSM (`mulVec`) beside zkhost's, single-threaded both.
    #[cfg(feature = "mcl")]
    for &n in &plan.msm_sizes {
        let op = Crypto::AltBn128G1Msm;
        let input = input_for(op, n);
        let ours = zkhost_bn254::msm::g1_msm(&input);
        if ours.is_err() || ours != zkhost_bn254::mcl::g1_msm(&input) {
            return Err(format!("mcl's MSM differs from zkhost's at n = {n}"));
        }
        jobs.push(Job {
            op,
            size: n,
            path: Path::Native,
            backend: Backend::MCL,
            gas: costs.op_gas(op, input.len()),
            slow: false,
            run: boxed(move || {
                let _ = std::hint::black_box(zkhost_bn254::mcl::g1_msm(&input));
            }),
        });
    }

    // Rows of the same operation and size next to each other, the native ones first
    // (the default backend, then the others: mcl first), so that within a round the
    // backends compared per round ([`ratio_of_rounds`]) run back to back.
    let first: Vec<(Crypto, usize)> = jobs.iter().map(|j| (j.op, j.size)).collect();
    let rank = |j: &Job| {
        (
            first.iter().position(|&k| k == (j.op, j.size)),
            j.path != Path::Native,
        )
    };
    jobs.sort_by_key(rank);
    // The comparisons must not time zkhost's cached path: the cache is paused above;
    // its counters must not move while these rows run.
    let cache_before = zkhost_bn254::g2_cache::stats();
    progress.set_length(0);
    let rounds = measure::interleaved_rounds(
        &mut jobs,
        plan.rounds,
        progress,
        |j| {
            if j.slow {
                plan.slow_budget
            } else {
                plan.budget
            }
        },
        |j| {
            format!(
                "{} x{} {} {}",
                j.op.report_name(),
                j.size,
                j.path.name(),
                j.backend
            )
        },
        |j| &mut *j.run,
    );
    if zkhost_bn254::g2_cache::stats().touched_since(&cache_before) {
        return Err("the G2 cache was used while backends were compared".into());
    }
    // The instances must still answer correctly after thousands of calls.
    for job in jobs.iter().filter(|j| j.path == Path::Contract) {
        let message = zkhost_testkit::contracts::message(job.op, input_for(job.op, job.size));
        checked(&mut warm.borrow_mut(), &message)?;
    }
    let samples: Vec<Sample> = jobs
        .iter()
        .zip(rounds)
        .map(|(j, rounds_ns)| {
            let ci = measure::Stat::of_rounds(&rounds_ns);
            Sample {
                op: j.op,
                size: j.size,
                path: j.path,
                backend: j.backend,
                median_ns: ci.median_ns,
                ci,
                rounds_ns,
                gas: j.gas,
            }
        })
        .collect();

    let groth16 = groth16::measure(plan.rounds, plan.slow_budget, progress)?;

    let mut fits = Vec::new();
    for op in [Crypto::AltBn128Pairing, Crypto::AltBn128G1Msm] {
        for path in [Path::Native, Path::Contract] {
            if let Some(f) = fit::linear(&fit_points(&samples, op, path)) {
                fits.push((op, path, f));
            }
        }
    }
    let verkle = verkle::measure(
        &plan.verkle_commit_sizes,
        &plan.verkle_update_sizes,
        plan.rounds,
        plan.budget,
        progress,
    )?;
    let bls12 = bls12::measure(
        &bls12::Sizes {
            msm: &plan.bls12_msm_sizes,
            pairing: &plan.bls12_pairing_sizes,
        },
        plan.rounds,
        plan.budget,
        progress,
    )?;
    let worst = worst::measure(
        &worst::WorstPlan {
            pairing_sizes: &plan.pairing_sizes,
            msm_sizes: &plan.msm_sizes,
            commit_sizes: &plan.verkle_commit_sizes,
            update_sizes: &plan.verkle_update_sizes,
            rounds: plan.rounds,
            budget: Budget {
                time: plan.budget.time / 2,
                min_samples: 3,
            },
        },
        progress,
    )?;
    let zk = zk::measure(quick, plan.rounds, plan.budget, progress)?;
    Ok(Results {
        samples,
        fits,
        target_mgas,
        quick,
        verkle,
        bls12,
        groth16,
        worst,
        zk,
        rounds: plan.rounds,
        load: load.finish(),
    })
}

/// The `zkhost bench` command.
pub fn run(args: &BenchArgs) -> std::process::ExitCode {
    if let Some(files) = &args.compare {
        return compare::run(files, args.markdown.as_deref());
    }
    let progress = ProgressBar::new(0);
    progress.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    if args.zk_only {
        return zk::run_only(args, &progress);
    }
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
        report::write_markdown(args.markdown.as_deref(), &markdown)?;
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

    fn sample(rounds_ns: &[f64]) -> Sample {
        let ci = measure::Stat::of_rounds(rounds_ns);
        Sample {
            op: Crypto::AltBn128Pairing,
            size: 1,
            path: Path::Native,
            backend: Backend::ZKHOST,
            median_ns: ci.median_ns,
            ci,
            rounds_ns: rounds_ns.to_vec(),
            gas: 0,
        }
    }

    /// Per-round ratios cancel a drift of the machine that the ratio of the two
    /// medians does not: here the machine slows down by half in some rounds while
    /// a is always 0.8 of b.
    #[test]
    fn ratios_are_taken_per_round() {
        let b = [100.0, 150.0, 100.0, 150.0, 150.0, 100.0, 150.0];
        let a: Vec<f64> = b.iter().map(|x| x * 0.8).collect();
        let r = ratio_of_rounds(&sample(&a), &sample(&b)).expect("same rounds");
        assert!((r.median_ns - 0.8).abs() < 1e-12);
        assert!((r.lo_ns - 0.8).abs() < 1e-12 && (r.hi_ns - 0.8).abs() < 1e-12);
        // Drift against a: b slow in the rounds where a is fast.
        let a2 = [80.0, 80.0, 120.0, 120.0, 120.0, 80.0, 120.0];
        let b2 = [150.0, 100.0, 150.0, 150.0, 150.0, 100.0, 150.0];
        let r2 = ratio_of_rounds(&sample(&a2), &sample(&b2)).expect("same rounds");
        assert!(r2.lo_ns <= r2.median_ns && r2.median_ns <= r2.hi_ns);
        assert_eq!(ratio_of_rounds(&sample(&a2), &sample(&b2[..5])), None);
    }

    #[test]
    fn rounding() {
        assert_eq!(round3(0.2), 1);
        assert_eq!(round3(7.4), 7);
        assert_eq!(round3(123.4), 123);
        assert_eq!(round3(12_345.0), 12_300);
        assert_eq!(round3(45_678.0), 45_700);
    }
}
