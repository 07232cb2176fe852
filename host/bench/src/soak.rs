//! `zkhost soak`: a mixed workload on 1, 2 and 8 threads (8 on purpose more than the
//! cores) for minutes, through zkhost's [`Runtime`] and through a node that embeds
//! the host functions in its own linker (`zkhost-node-example`), checking
//! continuously what a node operator must be able to rely on:
//!
//! - every outcome (output or trap, gas to the unit) equals the outcome the same
//!   input had when run alone on one thread before the soak;
//! - resident memory after the warm-up stays within a stated bound of its peak
//!   during the warm-up (a leak grows without bound);
//! - no call errors or panics;
//! - an exhausted instance pool is a clean [`CallError::Instantiate`] (node-local),
//!   and the runtime serves every call again once the load drops.
//!
//! The workload: every host function (BN254, verkle, BLS12-381) with valid inputs and
//! invalid ones, each call at the exact gas it needs and one unit below (out of gas),
//! a trapping call (a pointer out of bounds), warm instances and fresh ones, the
//! Groth16 verifier contract, the node's verifier contract, and deploys of new
//! modules while the other threads call. The verkle fixed-base tables are in use from the first verkle call.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parity_scale_codec::Encode;
use zkhost_abi::Crypto;
use zkhost_gas::HostCosts;
use zkhost_node_example::{Address, Node, Receipt};
use zkhost_runtime::{CallError, CodeHash, Limits, Outcome, Runtime, RuntimeConfig, WarmInstance};
use zkhost_testkit::contracts::{
    groth16 as via, Path, FORWARDER_WASM, GROTH16_COMPRESSED_VERIFIER_WASM,
};
use zkhost_testkit::{fixture, probe, sample};

/// Options of `zkhost soak`.
#[derive(Clone, Debug, clap::Args)]
pub struct SoakArgs {
    /// Minutes per thread count.
    #[arg(long, default_value_t = 1.0)]
    pub minutes: f64,
    /// Thread counts, comma-separated, one phase each.
    #[arg(long, value_delimiter = ',', default_values_t = vec![1, 2, 8])]
    pub threads: Vec<usize>,
    /// How far resident memory may rise after the warm-up above its warm-up peak, MiB.
    #[arg(long, default_value_t = 64)]
    pub rss_growth_mib: u64,
    /// Write the resident-memory curve as an SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the Markdown report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
}

/// The node's block gas: far more than a soak spends per node (each thread's node is
/// replaced before it runs low).
const NODE_BLOCK_GAS: u64 = 1 << 50;

/// Gas of the calls that are not at a boundary.
const GAS: u64 = 1 << 32;

/// Distinct modules deployed during a phase (each compiled once; later deploys of
/// the same bytes are the cache's).
const DEPLOY_VARIANTS: u64 = 24;

/// Where one workload item runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// A thread's warm instance of contract `i`.
    Warm(usize),
    /// A fresh pooled instance of contract `i` per call.
    Fresh(usize),
    /// The thread's node, its verifier contract.
    Node,
    /// Deploy module variant `n` (rotating) and call it once, fresh.
    Deploy,
}

/// What a call must give.
#[derive(Clone, Debug, PartialEq)]
enum Expected {
    Runtime(Outcome),
    Node(Receipt),
}

/// One call of the workload and its outcome run alone.
#[derive(Clone, Debug)]
struct Item {
    /// The host function or contract, for the per-function table.
    label: String,
    target: Target,
    input: Vec<u8>,
    gas: u64,
    expected: Expected,
}

/// A log-scale latency histogram (5% buckets), cheap to fill and merge.
#[derive(Clone, Debug, Default)]
struct Histogram {
    buckets: BTreeMap<u32, u64>,
    count: u64,
    gas: u128,
}

impl Histogram {
    fn record(&mut self, ns: u64, gas: u64) {
        let b = ((ns.max(1) as f64).ln() / 1.05f64.ln()) as u32;
        *self.buckets.entry(b).or_insert(0) += 1;
        self.count += 1;
        self.gas += u128::from(gas);
    }

    fn merge(&mut self, other: &Histogram) {
        for (b, n) in &other.buckets {
            *self.buckets.entry(*b).or_insert(0) += n;
        }
        self.count += other.count;
        self.gas += other.gas;
    }

    /// The `q` quantile, ns (the bucket's upper edge).
    fn quantile(&self, q: f64) -> f64 {
        let target = (q * self.count as f64).ceil() as u64;
        let mut seen = 0;
        for (b, n) in &self.buckets {
            seen += n;
            if seen >= target.max(1) {
                return 1.05f64.powi(*b as i32 + 1);
            }
        }
        0.0
    }
}

/// What one phase (one thread count) measured.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Threads calling at once.
    pub threads: usize,
    /// Wall time.
    pub seconds: f64,
    /// Per label: calls, gas, latency.
    stats: BTreeMap<String, Histogram>,
    /// Outcomes that differed from the single-threaded one, and call errors.
    pub failures: Vec<String>,
}

impl Phase {
    /// Calls of the phase.
    pub fn calls(&self) -> u64 {
        self.stats.values().map(|h| h.count).sum()
    }
}

/// Everything a soak found.
#[derive(Clone, Debug)]
pub struct Soak {
    /// One per thread count.
    pub phases: Vec<Phase>,
    /// (seconds since start, resident bytes, threads of the phase).
    pub rss: Vec<(f64, u64, usize)>,
    /// The resident-memory verdict.
    pub rss_check: Result<String, String>,
    /// The exhausted-pool check.
    pub pool_check: Result<String, String>,
}

impl Soak {
    /// Whether every check passed.
    pub fn clean(&self) -> bool {
        self.phases.iter().all(|p| p.failures.is_empty())
            && self.rss_check.is_ok()
            && self.pool_check.is_ok()
    }
}

/// Resident memory of this process, bytes (Linux; 0 elsewhere).
fn rss_bytes() -> u64 {
    let pages = std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .unwrap_or(0);
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages * u64::try_from(page).unwrap_or(4096)
}

/// A module that is the same program for every `n` but has its own bytes (a data
/// segment holding `n`), so each variant is a new deploy.
fn deploy_variant(n: u64) -> Vec<u8> {
    let wat = format!(
        r#"(module
  (import "zkhost" "output_write" (func $output_write (param i32 i32)))
  (memory (export "memory") 1 1)
  (data (i32.const 100) "{}")
  (func (export "call")
    (i32.store (i32.const 0) (i32.const 7))
    (call $output_write (i32.const 0) (i32.const 4))))"#,
        n.to_le_bytes()
            .iter()
            .map(|b| format!("\\{b:02x}"))
            .collect::<String>()
    );
    wat::parse_str(wat).unwrap_or_default()
}

/// The contracts every thread calls, deployed once.
struct Deployed {
    runtime: Runtime,
    codes: Vec<CodeHash>,
    node_verifier: &'static [u8],
}

fn deploy_all() -> Result<Deployed, String> {
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let probe_wasm = wat::parse_str(probe::probe(zkhost_abi::Crypto::AltBn128Add.name()))
        .map_err(|e| e.to_string())?;
    let groth16 = via::contract(Path::Contract).ok_or("no Groth16 contract")?;
    let mut codes = Vec::new();
    for wasm in [
        FORWARDER_WASM,
        groth16,
        &probe_wasm,
        GROTH16_COMPRESSED_VERIFIER_WASM,
    ] {
        codes.push(runtime.deploy(wasm).map_err(|e| e.to_string())?);
    }
    Ok(Deployed {
        runtime,
        codes,
        node_verifier: NODE_VERIFIER_WASM,
    })
}

/// `contracts/node-verifier`, the node's Groth16 contract, built into `fixtures/contracts`.
const NODE_VERIFIER_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/node-verifier.wasm");

/// Index of each contract in [`Deployed::codes`].
const FORWARDER: usize = 0;
const GROTH16: usize = 1;
const PROBE: usize = 2;
const GROTH16_COMPRESSED: usize = 3;

/// Every host function's valid sample and its first edge the function refuses
/// ([`sample::edges`]: a value out of range, or a length it does not take).
fn function_inputs() -> Vec<(Crypto, Vec<u8>, Vec<u8>)> {
    Crypto::ALL
        .into_iter()
        .filter_map(|op| {
            let good = sample::sample(op, 3);
            let (_, bad) = sample::edges(op, 3)
                .into_iter()
                .find(|(_, input)| zkhost_runtime::compute(op, None, input).is_err())?;
            Some((op, good, bad))
        })
        .collect()
}

/// The workload, each item's outcome computed alone on this thread.
fn workload(d: &Deployed) -> Result<Vec<Item>, String> {
    let mut calls: Vec<(String, usize, Vec<u8>)> = Vec::new();
    for (op, good, bad) in function_inputs() {
        let name = op.report_name();
        let contract = FORWARDER;
        calls.push((
            name.to_string(),
            contract,
            zkhost_testkit::contracts::message(op, good),
        ));
        calls.push((
            format!("{name} (invalid)"),
            contract,
            zkhost_testkit::contracts::message(op, bad),
        ));
    }
    let request = fixture::request().map_err(|e| e.to_string())?;
    calls.push((
        "groth16-verifier".into(),
        GROTH16,
        via::message(Path::Contract, &request),
    ));
    let compressed = via::compressed_request(&request).map_err(|e| e.to_string())?;
    calls.push((
        "groth16-compressed-verifier".into(),
        GROTH16_COMPRESSED,
        compressed.encode(),
    ));
    // A pointer far out of bounds: the host function traps the call.
    calls.push((
        "trap (pointer out of bounds)".into(),
        PROBE,
        probe::call_input(0x7fff_0000, 128, 0, &[]),
    ));

    let mut items = Vec::new();
    for (label, contract, input) in calls {
        let code = &d.codes[contract];
        let alone = d
            .runtime
            .call(code, &input, GAS)
            .map_err(|e| e.to_string())?;
        let exact = alone.gas_used;
        for target in [Target::Warm(contract), Target::Fresh(contract)] {
            items.push(Item {
                label: label.clone(),
                target,
                input: input.clone(),
                gas: GAS,
                expected: Expected::Runtime(alone.clone()),
            });
        }
        // The boundary: exactly enough, and one unit short.
        for limit in [exact, exact.saturating_sub(1)] {
            let outcome = d
                .runtime
                .call(code, &input, limit)
                .map_err(|e| e.to_string())?;
            items.push(Item {
                label: format!(
                    "{label} (gas limit {})",
                    if limit == exact {
                        "= used"
                    } else {
                        "= used − 1"
                    }
                ),
                target: Target::Fresh(contract),
                input: input.clone(),
                gas: limit,
                expected: Expected::Runtime(outcome),
            });
        }
    }
    // The node's verifier.
    let mut node = Node::new(NODE_BLOCK_GAS, HostCosts::ZKHOST).map_err(|e| format!("{e:#}"))?;
    let verifier = node.deploy(d.node_verifier).map_err(|e| e.to_string())?;
    let input = request.encode();
    let receipt = node
        .call(verifier, &input, 10_000_000)
        .map_err(|e| format!("{e:?}"))?;
    items.push(Item {
        label: "node: groth16 verifier".into(),
        target: Target::Node,
        input,
        gas: 10_000_000,
        expected: Expected::Node(receipt),
    });
    // Deploys: every variant runs the same instructions.
    let code = d
        .runtime
        .deploy(&deploy_variant(u64::MAX))
        .map_err(|e| e.to_string())?;
    let outcome = d.runtime.call(&code, &[], GAS).map_err(|e| e.to_string())?;
    items.push(Item {
        label: "deploy a new module, then call it".into(),
        target: Target::Deploy,
        input: Vec::new(),
        gas: GAS,
        expected: Expected::Runtime(outcome),
    });
    Ok(items)
}

/// One thread's loop: items in rotation (each thread from its own offset) until
/// `stop`; returns its histograms and failures.
fn worker(
    d: &Deployed,
    items: &[Item],
    thread: usize,
    stop: &AtomicBool,
) -> (BTreeMap<String, Histogram>, Vec<String>) {
    let mut stats: BTreeMap<String, Histogram> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut warm: BTreeMap<usize, WarmInstance> = BTreeMap::new();
    let mut node: Option<(Node, Address)> = None;
    let mut i = thread * 7;
    let mut deploys = thread as u64;
    while !stop.load(Ordering::Relaxed) {
        let item = &items[i % items.len()];
        i += 1;
        let start = Instant::now();
        let got: Result<Expected, String> = match item.target {
            Target::Warm(c) => {
                let w = match warm.entry(c) {
                    std::collections::btree_map::Entry::Occupied(o) => Ok(o.into_mut()),
                    std::collections::btree_map::Entry::Vacant(v) => d
                        .runtime
                        .instantiate(&d.codes[c])
                        .map(|w| v.insert(w))
                        .map_err(|e| e.to_string()),
                };
                w.and_then(|w| w.call(&item.input, item.gas).map_err(|e| e.to_string()))
                    .map(Expected::Runtime)
            }
            Target::Fresh(c) => d
                .runtime
                .call(&d.codes[c], &item.input, item.gas)
                .map(Expected::Runtime)
                .map_err(|e| e.to_string()),
            Target::Node => {
                if node.is_none() {
                    node = Node::new(NODE_BLOCK_GAS, HostCosts::ZKHOST)
                        .ok()
                        .and_then(|mut n| n.deploy(d.node_verifier).ok().map(|a| (n, a)));
                }
                match node.as_mut() {
                    Some((n, a)) => n
                        .call(*a, &item.input, item.gas)
                        .map(Expected::Node)
                        .map_err(|e| format!("{e:?}")),
                    None => Err("the node could not start".into()),
                }
            }
            Target::Deploy => {
                deploys += 1;
                d.runtime
                    .deploy(&deploy_variant(deploys % DEPLOY_VARIANTS))
                    .map_err(|e| e.to_string())
                    .and_then(|code| {
                        d.runtime
                            .call(&code, &item.input, item.gas)
                            .map_err(|e| e.to_string())
                    })
                    .map(Expected::Runtime)
            }
        };
        let ns = start.elapsed().as_nanos() as u64;
        match got {
            Ok(outcome) if outcome == item.expected => {
                let gas = match &outcome {
                    Expected::Runtime(o) => o.gas_used,
                    Expected::Node(r) => r.gas_used,
                };
                stats.entry(item.label.clone()).or_default().record(ns, gas);
            }
            Ok(outcome) => failures.push(format!(
                "{} on thread {thread}: {outcome:?}, alone it was {:?}",
                item.label, item.expected
            )),
            Err(e) => failures.push(format!("{} on thread {thread}: {e}", item.label)),
        }
        if failures.len() > 20 {
            break;
        }
    }
    (stats, failures)
}

/// Runs one phase of `threads` threads for `duration`.
fn phase(d: &Deployed, items: &[Item], threads: usize, duration: Duration) -> Phase {
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let stop = &stop;
                s.spawn(move || {
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        worker(d, items, t, stop)
                    }))
                })
            })
            .collect();
        std::thread::sleep(duration);
        stop.store(true, Ordering::Relaxed);
        handles.into_iter().map(|h| h.join()).collect()
    });
    let mut stats: BTreeMap<String, Histogram> = BTreeMap::new();
    let mut failures = Vec::new();
    for r in results {
        match r {
            Ok(Ok((s, f))) => {
                for (k, h) in s {
                    stats.entry(k).or_default().merge(&h);
                }
                failures.extend(f);
            }
            _ => failures.push("a thread panicked".into()),
        }
    }
    Phase {
        threads,
        seconds: start.elapsed().as_secs_f64(),
        stats,
        failures,
    }
}

/// The exhausted pool: a runtime of 4 slots, 8 threads each holding an instance.
/// Exactly 4 get one; the others get [`CallError::Instantiate`]; once all are
/// dropped, every thread instantiates and calls successfully.
pub fn pool_check() -> Result<String, String> {
    let limits = Limits {
        max_instances: 4,
        ..Limits::default()
    };
    let rt = Runtime::new(RuntimeConfig {
        limits,
        ..RuntimeConfig::from_env()
    })
    .map_err(|e| format!("{e:#}"))?;
    let code = rt.deploy(FORWARDER_WASM).map_err(|e| e.to_string())?;
    let message = zkhost_testkit::contracts::message(Crypto::AltBn128Add, sample::add_input(3));
    let expected = rt.call(&code, &message, GAS).map_err(|e| e.to_string())?;
    let barrier = std::sync::Barrier::new(8);
    let held: Vec<Result<(), String>> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..8)
            .map(|_| {
                s.spawn(|| {
                    let r = rt.instantiate(&code);
                    barrier.wait(); // everyone tries while the others hold theirs
                    let out = match &r {
                        Ok(_) => Ok(()),
                        Err(CallError::Instantiate(e)) => Err(e.clone()),
                        Err(e) => Err(format!("unexpected error: {e}")),
                    };
                    barrier.wait();
                    drop(r);
                    out
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().unwrap_or(Err("panicked".into())))
            .collect()
    });
    let ok = held.iter().filter(|r| r.is_ok()).count();
    if ok != 4
        || held
            .iter()
            .any(|r| r.as_ref().is_err_and(|e| e.starts_with("unexpected")))
    {
        return Err(format!("4 slots, 8 threads: {ok} instantiated ({held:?})"));
    }
    let refusal = held
        .iter()
        .find_map(|r| r.clone().err())
        .unwrap_or_default();
    // Load dropped to what the pool holds (4 callers at a time: 8 concurrent callers
    // on 4 slots are refused by design, whenever more than 4 calls overlap): every
    // call is served again, and all 4 slots can be held at once again, so none leaked.
    let again: Vec<bool> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    (0..8).all(|_| rt.call(&code, &message, GAS).ok().as_ref() == Some(&expected))
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap_or(false)).collect()
    });
    let refilled: Vec<_> = (0..4).map(|_| rt.instantiate(&code)).collect();
    let all_slots = refilled.iter().all(Result::is_ok);
    drop(refilled);
    if again.iter().all(|&b| b) && all_slots {
        Ok(format!(
            "4 slots and 8 threads holding instances: 4 instantiated, 4 refused with \
             CallError::Instantiate (\"{}\"); after they were dropped, 4 threads × 8 calls \
             all succeeded with the same outcome and all 4 slots could be held again",
            refusal.lines().next().unwrap_or("")
        ))
    } else if !all_slots {
        Err(
            "after the pool was exhausted, not all 4 slots could be held again: a slot leaked"
                .into(),
        )
    } else {
        Err("the runtime did not recover after the pool was exhausted".into())
    }
}

/// Runs the soak: each thread count of `threads` for `per_phase`, the pool check,
/// and the resident-memory check (warm-up: the first phase's first quarter).
pub fn soak(threads: &[usize], per_phase: Duration, rss_growth: u64) -> Result<Soak, String> {
    let d = deploy_all()?;
    let items = workload(&d)?;
    let t0 = Instant::now();
    let rss: Arc<Mutex<Vec<(f64, u64, usize)>>> = Arc::new(Mutex::new(Vec::new()));
    let current = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (rss, current, done) = (rss.clone(), current.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if let Ok(mut v) = rss.lock() {
                    v.push((
                        t0.elapsed().as_secs_f64(),
                        rss_bytes(),
                        current.load(Ordering::Relaxed),
                    ));
                }
                std::thread::sleep(Duration::from_millis(250));
            }
        })
    };
    let mut phases = Vec::new();
    for &n in threads {
        current.store(n, Ordering::Relaxed);
        phases.push(phase(&d, &items, n.max(1), per_phase));
    }
    done.store(true, Ordering::Relaxed);
    let _ = sampler.join();
    let rss = rss.lock().map(|v| v.clone()).unwrap_or_default();
    let warmup = per_phase.as_secs_f64() / 4.0;
    let peak_warm = rss
        .iter()
        .filter(|s| s.0 <= warmup)
        .map(|s| s.1)
        .max()
        .unwrap_or(0);
    let peak_after = rss
        .iter()
        .filter(|s| s.0 > warmup)
        .map(|s| s.1)
        .max()
        .unwrap_or(0);
    let mib = |b: u64| b as f64 / f64::from(1u32 << 20);
    let rss_check = if peak_after <= peak_warm + rss_growth {
        Ok(format!(
            "resident memory peaked at {:.0} MiB during the warm-up (first {warmup:.0} s) and at {:.0} MiB after it (bound: warm-up peak + {:.0} MiB)",
            mib(peak_warm),
            mib(peak_after),
            mib(rss_growth)
        ))
    } else {
        Err(format!(
            "resident memory grew from {:.0} MiB (warm-up peak) to {:.0} MiB, over the bound of +{:.0} MiB",
            mib(peak_warm),
            mib(peak_after),
            mib(rss_growth)
        ))
    };
    Ok(Soak {
        phases,
        rss,
        rss_check,
        pool_check: pool_check(),
    })
}

/// The soak's report.
pub fn markdown(s: &Soak) -> String {
    use std::fmt::Write;
    let fmt = crate::report::fmt_ns;
    let mut o = String::new();
    let _ = writeln!(o, "# zkhost soak\n");
    for p in &s.phases {
        let gas: u128 = p.stats.values().map(|h| h.gas).sum();
        let _ = writeln!(
            o,
            "## {} thread{}: {:.0} s, {} calls ({:.0} calls/s, {:.1} Mgas/s), {} failures\n",
            p.threads,
            if p.threads == 1 { "" } else { "s" },
            p.seconds,
            p.calls(),
            p.calls() as f64 / p.seconds,
            gas as f64 / p.seconds / 1e6,
            p.failures.len()
        );
        // One row per host function or contract: valid, invalid and boundary calls
        // together (the JSON-free report keeps it readable).
        let mut rows: BTreeMap<&str, Histogram> = BTreeMap::new();
        for (label, h) in &p.stats {
            let base = label.split(" (").next().unwrap_or(label);
            rows.entry(base).or_default().merge(h);
        }
        let _ = writeln!(
            o,
            "| host function or call | calls (valid, invalid, at and below the gas boundary, warm and fresh) | calls/s | Mgas/s | p50 | p99 |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|");
        for (label, h) in &rows {
            let _ = writeln!(
                o,
                "| {label} | {} | {:.0} | {:.2} | {} | {} |",
                h.count,
                h.count as f64 / p.seconds,
                h.gas as f64 / p.seconds / 1e6,
                fmt(h.quantile(0.5)),
                fmt(h.quantile(0.99))
            );
        }
        for f in p.failures.iter().take(10) {
            let _ = writeln!(o, "\n- FAILURE: {f}");
        }
        let _ = writeln!(o);
    }
    let verdict = |r: &Result<String, String>| match r {
        Ok(m) => format!("ok: {m}"),
        Err(m) => format!("FAILED: {m}"),
    };
    let _ = writeln!(o, "- Memory: {}", verdict(&s.rss_check));
    let _ = writeln!(o, "- Pool: {}", verdict(&s.pool_check));
    let _ = writeln!(
        o,
        "- Outcomes: {}",
        if s.phases.iter().all(|p| p.failures.is_empty()) {
            "every call equal to its single-threaded outcome (output or trap, gas to the unit)"
        } else {
            "FAILED: see the failures above"
        }
    );
    o
}

/// The resident-memory curve as an SVG.
fn plot_rss(s: &Soak, file: &std::path::Path) -> Result<(), String> {
    use plotters::prelude::*;
    let max_t = s.rss.last().map_or(1.0, |r| r.0).max(1.0);
    let max_m = s.rss.iter().map(|r| r.1).max().unwrap_or(1) as f64 / f64::from(1u32 << 20);
    let root = SVGBackend::new(file, (800, 450)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut c = ChartBuilder::on(&root)
        .caption("zkhost soak: resident memory over time", ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..max_t * 1.02, 0.0..max_m * 1.2)
        .map_err(|e| e.to_string())?;
    c.configure_mesh()
        .x_desc("seconds since start")
        .y_desc("resident memory (MiB)")
        .draw()
        .map_err(|e| e.to_string())?;
    let colors = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
    ];
    for (i, p) in s.phases.iter().enumerate() {
        let color = colors[i % colors.len()];
        let pts: Vec<(f64, f64)> = s
            .rss
            .iter()
            .filter(|r| r.2 == p.threads)
            .map(|r| (r.0, r.1 as f64 / f64::from(1u32 << 20)))
            .collect();
        c.draw_series(LineSeries::new(pts, color.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(format!(
                "{} thread{}",
                p.threads,
                if p.threads == 1 { "" } else { "s" }
            ))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    c.configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::LowerRight)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

/// The `zkhost soak` command.
pub fn run(args: &SoakArgs) -> ExitCode {
    let per_phase = Duration::from_secs_f64((args.minutes * 60.0).max(1.0));
    let s = match soak(&args.threads, per_phase, args.rss_growth_mib << 20) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let text = markdown(&s);
    let written = (|| -> Result<(), String> {
        crate::report::write_markdown(args.markdown.as_deref(), &text)
            .map_err(|e| e.to_string())?;
        if let Some(p) = &args.svg {
            plot_rss(&s, p)?;
        }
        Ok(())
    })();
    if let Err(e) = written {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if s.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The soak's short form: 10 s each on 1, 2 and 8 threads, every check on.
    #[test]
    fn a_thirty_second_soak_is_clean() {
        let s = soak(&[1, 2, 8], Duration::from_secs(10), 64 << 20).unwrap();
        let report = markdown(&s);
        assert!(s.clean(), "{report}");
        for p in &s.phases {
            assert!(p.calls() > 0);
            // Every kind of call ran in every phase.
            assert!(p.stats.keys().any(|k| k.contains("(invalid)")), "{report}");
            assert!(p.stats.keys().any(|k| k.contains("= used − 1")), "{report}");
            assert!(p.stats.keys().any(|k| k.starts_with("node:")), "{report}");
            assert!(p.stats.keys().any(|k| k.starts_with("deploy")), "{report}");
        }
    }

    #[test]
    fn histogram_quantiles() {
        let mut h = Histogram::default();
        for ns in 1..=1000u64 {
            h.record(ns * 1000, 1);
        }
        let p50 = h.quantile(0.5);
        assert!((450_000.0..560_000.0).contains(&p50), "{p50}");
        assert!(h.quantile(0.99) >= 990_000.0);
    }
}
