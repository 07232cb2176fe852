//! The benchmark report: Markdown for people, JSON (schema 2) for tools.

use std::fmt::Write;

use serde_json::{json, Value};

use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_gas::GasSchedule;
use zkhost_testkit::contracts::Path;

use super::measure::{self, Stat};
use super::{fit, Results};
use crate::ops;

/// The JSON schema this version writes (2: intervals, worst cases, both pricing
/// methods; `--compare` also reads 1).
pub const SCHEMA: u64 = 2;

/// A median with its interval as `1.87 µs ±1.2%`, marked `⚠` when the interval is
/// wider than ±5%.
pub fn fmt_stat(s: &Stat) -> String {
    format!(
        "{} ±{:.1}%{}",
        fmt_ns(s.median_ns),
        s.spread() * 100.0,
        if s.is_wide() { " ⚠" } else { "" }
    )
}

/// A ratio with its interval: `1.131 [1.052, 1.204]`.
pub fn fmt_ratio(s: &Stat) -> String {
    if s.lo_ns == s.hi_ns {
        return format!("{:.3}", s.median_ns);
    }
    format!("{:.3} [{:.3}, {:.3}]", s.median_ns, s.lo_ns, s.hi_ns)
}

/// A median's JSON fields: `median_ns`, `ci95_ns`, `rounds`, `wide`.
pub fn stat_json(s: &Stat) -> Value {
    json!({"median_ns": s.median_ns, "ci95_ns": [s.lo_ns, s.hi_ns], "rounds": s.rounds, "wide": s.is_wide()})
}

/// `A ± a + (B ± b)·n, R², largest residual` for Markdown.
pub fn fmt_fit(f: &fit::Linear, unit: &str) -> String {
    format!(
        "{} ± {} + ({} ± {})·{unit}, R² = {:.4}, largest residual {:.1}%",
        fmt_ns(f.a),
        fmt_ns(f.a_ci),
        fmt_ns(f.b),
        fmt_ns(f.b_ci),
        f.r2,
        f.max_residual * 100.0
    )
}

/// Merges `extra`'s fields into the object `v`.
fn with(mut v: Value, extra: Value) -> Value {
    if let (Some(o), Value::Object(e)) = (v.as_object_mut(), extra) {
        o.extend(e);
    }
    v
}

/// Writes a Markdown report to `path`, or to stdout when there is none (every
/// command's `--markdown FILE`).
pub fn write_markdown(path: Option<&std::path::Path>, text: &str) -> std::io::Result<()> {
    match path {
        Some(p) => std::fs::write(p, text),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// A duration in ns, in the unit that reads best.
pub fn fmt_ns(ns: f64) -> String {
    if ns < 0.0 {
        // A difference of two medians can be negative (noise): same units, a sign.
        return format!("−{}", fmt_ns(-ns));
    }
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

fn sizes(r: &Results, op: Crypto) -> Vec<usize> {
    let mut v: Vec<usize> = r
        .samples
        .iter()
        .filter(|s| s.op == op)
        .map(|s| s.size)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The machine the run was on: the CPU exactly as `/proc/cpuinfo` names it (vendor,
/// family, model, stepping, clock when the report was written), since ratios move
/// from one CPU kind to another.
pub fn machine() -> Value {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = CpuId::parse(&cpuinfo);
    json!({
        "cpu": cpu.model_name.clone().unwrap_or_else(|| "unknown".into()),
        "cpu_description": cpu.describe(),
        "cpu_id": cpu,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "os": std::env::consts::OS,
        "arch": std::env::consts::ARCH,
        "zkhost": env!("CARGO_PKG_VERSION"),
    })
}

/// The first processor's identification in `/proc/cpuinfo` (x86 field names).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct CpuId {
    /// `vendor_id`.
    pub vendor: Option<String>,
    /// `cpu family`.
    pub family: Option<u32>,
    /// `model`.
    pub model: Option<u32>,
    /// `stepping`.
    pub stepping: Option<u32>,
    /// `model name`.
    pub model_name: Option<String>,
    /// `cpu MHz` at the moment it was read.
    pub mhz: Option<f64>,
}

impl CpuId {
    /// The fields of the first processor block of `/proc/cpuinfo`'s text.
    pub fn parse(cpuinfo: &str) -> CpuId {
        let field = |name: &str| {
            cpuinfo
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .find_map(|l| {
                    let (k, v) = l.split_once(':')?;
                    (k.trim() == name).then(|| v.trim().to_string())
                })
        };
        CpuId {
            vendor: field("vendor_id"),
            family: field("cpu family").and_then(|v| v.parse().ok()),
            model: field("model").and_then(|v| v.parse().ok()),
            stepping: field("stepping").and_then(|v| v.parse().ok()),
            model_name: field("model name"),
            mhz: field("cpu MHz").and_then(|v| v.parse().ok()),
        }
    }

    /// One line for a report: "AMD EPYC (AuthenticAMD family 25 model 17 stepping 1,
    /// 2650 MHz)".
    pub fn describe(&self) -> String {
        let num = |v: Option<u32>| v.map_or("?".to_string(), |v| v.to_string());
        format!(
            "{} ({} family {} model {} stepping {}{})",
            self.model_name.as_deref().unwrap_or("unknown CPU"),
            self.vendor.as_deref().unwrap_or("?"),
            num(self.family),
            num(self.model),
            num(self.stepping),
            self.mhz.map_or(String::new(), |m| format!(", {m:.0} MHz"))
        )
    }
}

/// The JSON document: `{"schema": 2, "machine", "run", "results", "fits",
/// "worst_cases", "schedule"}`. Every median has `ci95_ns` (its 95% bootstrap
/// interval over `rounds`) and `wide` (the interval is wider than ±5%).
pub fn json(r: &Results) -> Value {
    let mut results: Vec<Value> = r
        .samples
        .iter()
        .map(|s| {
            with(json!({"op": s.op.report_name(), "size": s.size, "path": s.path.name(), "backend": s.backend.name(),
                   "gas": s.gas, "rounds_ns": s.rounds_ns}), stat_json(&s.ci))
        })
        .collect();
    results.extend(r.verkle.json_results());
    results.extend(r.bls12.json_results());
    results.extend(r.zk.json_results());
    // One Groth16 verification; size = the number of public inputs.
    results.extend(r.groth16.iter().map(|g| {
        with(json!({"op": super::groth16::OP, "size": g.inputs, "path": g.path.name(), "backend": g.backend,
               "gas": g.gas}), stat_json(&g.ci))
    }));
    if let Some(e) = &r.worst.ecrecover {
        results.push(with(
            json!({"op": "ecrecover", "size": 1, "path": "native", "backend": "secp256k1", "gas": zkhost_gas::SigGas::ZKHOST.ecrecover}),
            stat_json(e),
        ));
    }
    let mut fits: Vec<Value> = r
        .fits
        .iter()
        .filter(|(_, path, _)| *path == Path::Native)
        .map(|(op, path, f)| {
            let residuals = fit::residuals(f, &super::fit_points(&r.samples, *op, *path));
            with(
                json!({"op": op.report_name(), "input": "typical", "residuals_ns": residuals}),
                f.json(),
            )
        })
        .collect();
    if let Some(f) = r.worst.pairing_fit {
        fits.push(with(
            json!({"op": Crypto::AltBn128Pairing.report_name(), "input": "worst"}),
            f.json(),
        ));
    }
    fits.extend(r.verkle.json_fits());
    fits.extend(r.bls12.json_fits());
    let schedule: Vec<Value> = schedule_rows(r)
        .into_iter()
        .map(|row| {
            json!({"op": row.op.report_name(), "size": row.size, "zkhost_gas": row.today,
                   "eip1108_gas": row.eip1108, "typical_ns": row.typical_ns, "worst_ns": row.worst_ns,
                   "worst_case": row.worst_case, "proposed_gas": row.throughput,
                   "proposed_ecrecover_gas": row.ecrecover, "typical_priced_gas": row.typical_priced})
        })
        .collect();
    let m = machine();
    let busy = r.load.busy(m["cores"].as_u64().unwrap_or(1) as usize);
    json!({"schema": SCHEMA, "machine": m,
           "run": {"quick": r.quick, "rounds": r.rounds, "target_mgas": r.target_mgas,
                   "load": r.load, "busy": busy,
                   "ecrecover_gas_per_ns": r.worst.ecrecover_gas_per_ns()},
           "results": results, "fits": fits, "worst_cases": r.worst.json(), "schedule": schedule,
           "verkle_methods": r.verkle.methods.iter().map(|m| with(
               json!({"nonzero": m.nonzero, "spread": m.spread, "method": m.method}), stat_json(&m.ci))
           ).collect::<Vec<_>>()})
}

/// One row of the proposed schedule.
pub struct ScheduleRow {
    /// The host function.
    pub op: Crypto,
    /// Its size.
    pub size: usize,
    /// zkhost's price today (`zkhost-gas`).
    pub today: u64,
    /// EIP-1108's price, for the three precompiles.
    pub eip1108: Option<u64>,
    /// The typical input's median.
    pub typical_ns: f64,
    /// The slowest case's median.
    pub worst_ns: f64,
    /// Its name.
    pub worst_case: &'static str,
    /// Proposed: the worst case at the target throughput.
    pub throughput: u64,
    /// Proposed: the worst case by EIP-1108's method (`3000 × t / t(ecrecover)`).
    pub ecrecover: Option<u64>,
    /// The typical input at the target throughput (what earlier reports proposed).
    pub typical_priced: Option<u64>,
}

/// The schedule, one row per operation and size of the worst-case measurements.
pub fn schedule_rows(r: &Results) -> Vec<ScheduleRow> {
    let g = r.gas_per_ns();
    r.worst
        .keys()
        .into_iter()
        .filter_map(|(op, size)| {
            let typical = r.worst.typical(op, size)?;
            let worst = r.worst.worst(op, size)?;
            let typical_priced = if ops::BN254.contains(&op) {
                r.typical_gas(op, size)
            } else {
                Some(super::round3(typical.stat.median_ns * g))
            };
            Some(ScheduleRow {
                op,
                size,
                today: typical.gas,
                eip1108: ops::precompile(op).map(|_| typical.gas),
                typical_ns: typical.stat.median_ns,
                worst_ns: r.worst.worst_ns(op, size)?,
                worst_case: worst.case,
                throughput: r.worst.throughput_gas(op, size, g)?,
                ecrecover: r.worst.ecrecover_gas(op, size),
                typical_priced,
            })
        })
        .collect()
}

/// The Markdown report.
pub fn markdown(r: &Results) -> String {
    let mut o = String::new();
    let m = machine();
    let cores = m["cores"].as_u64().unwrap_or(1) as usize;
    let _ = writeln!(o, "# zkhost gas-cost benchmark\n");
    if let Some(steal) = r.load.steal.filter(|&s| s > measure::STEAL_WARNING) {
        let _ = writeln!(
            o,
            "**Steal time was {:.1}% of CPU time during this run** (above {:.0}%): the \
             hypervisor ran other guests on these cores, so times and even same-run ratios \
             may be disturbed. Rerun on a quiet machine before quoting them.\n",
            steal * 100.0,
            measure::STEAL_WARNING * 100.0
        );
    }
    let _ = writeln!(
        o,
        "Machine: {} ({} cores, {}/{}). Run: {}, {} interleaved rounds per measurement.\n",
        m["cpu_description"].as_str().unwrap_or("?"),
        m["cores"],
        m["os"].as_str().unwrap_or("?"),
        m["arch"].as_str().unwrap_or("?"),
        if r.quick { "--quick" } else { "full" },
        r.rounds
    );
    let _ = writeln!(
        o,
        "Times are medians of one call over the rounds, each with its 95% bootstrap interval \
         over the rounds as ±(the larger side, % of the median); ⚠ marks an interval wider than ±5%. \
         Load average during the run: mean {:.2}, max {:.2} ({} samples); steal {}{}.\n",
        r.load.mean,
        r.load.max,
        r.load.samples,
        r.load
            .steal
            .map_or("not recorded".to_string(), |s| format!("{:.1}%", s * 100.0)),
        if r.load.busy(cores) {
            format!(
                ": **the machine was busy** (load above its {cores} cores); \
                 treat ratios as more reliable than absolute times"
            )
        } else {
            String::new()
        }
    );

    let _ = writeln!(
        o,
        "## Paths: native, contract, cold contract, pure WebAssembly\n"
    );
    let _ = writeln!(
        o,
        "| op | size | native | contract | contract-cold | wasm | contract/native | cold − native | wasm/native | gas (contract) | fuel (wasm) |"
    );
    let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for op in ops::BN254 {
        for size in sizes(r, op) {
            let d = ops::default_backend(op);
            let get = |p: Path| r.time(op, size, p, if p == Path::Wasm { None } else { Some(d) });
            let (Some(n), Some(c), Some(cold)) = (
                get(Path::Native),
                get(Path::Contract),
                get(Path::ContractCold),
            ) else {
                continue;
            };
            let w = get(Path::Wasm);
            let _ = writeln!(
                o,
                "| {} | {size} | {} | {} | {} | {} | {:.3} | {} | {} | {} | {} |",
                op.report_name(),
                fmt_stat(&n.ci),
                fmt_stat(&c.ci),
                fmt_stat(&cold.ci),
                w.map_or("—".into(), |w| fmt_stat(&w.ci)),
                c.median_ns / n.median_ns,
                fmt_ns(cold.median_ns - n.median_ns),
                w.map_or("—".into(), |w| format!(
                    "{:.1}",
                    w.median_ns / n.median_ns
                )),
                c.gas,
                w.map_or("—".into(), |w| w.gas.to_string()),
            );
        }
    }

    groth16_section(&mut o, r);

    let _ = writeln!(
        o,
        "\n## Backends (native, ratio = substrate-bn time / backend time)\n"
    );
    let _ = writeln!(
        o,
        "| op | size | {} |",
        Backend::ALL
            .iter()
            .map(|b| b.name())
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(o, "|---|---:|{}", "---:|".repeat(Backend::ALL.len()));
    for op in ops::BN254 {
        for size in sizes(r, op) {
            let times: Vec<Option<&super::Sample>> = Backend::ALL
                .iter()
                .map(|&b| r.time(op, size, Path::Native, Some(b)))
                .collect();
            let Some(reference) = times[0].map(|s| s.median_ns) else {
                continue;
            };
            if times.iter().any(Option::is_none) {
                continue;
            }
            let cells: Vec<String> = times
                .iter()
                .flatten()
                .map(|t| format!("{} ({:.2}×)", fmt_stat(&t.ci), reference / t.median_ns))
                .collect();
            let _ = writeln!(
                o,
                "| {} | {size} | {} |",
                op.report_name(),
                cells.join(" | ")
            );
        }
    }

    mcl_section(&mut o, r);

    let _ = writeln!(o, "\n## Fits\n");
    let _ = writeln!(
        o,
        "Least squares over the medians, each coefficient with its 95% interval (Student's t); \
         the largest residual is relative to the fitted value.\n"
    );
    let eip = GasSchedule::ISTANBUL;
    for (op, path, f) in &r.fits {
        let why = match (f.r2 < 0.99, op) {
            (false, _) => "",
            (true, Crypto::AltBn128G1Msm) => {
                " (below 0.99: MSM time is not linear in n, since the algorithm changes with n; \
                 its prices come from each size's measurement, not from this fit)"
            }
            (true, _) => {
                " (below 0.99: the machine was noisy during the run; rerun on a quiet one)"
            }
        };
        let _ = writeln!(
            o,
            "- {}, {}, typical input: time = {}{why}",
            op.report_name(),
            path.name(),
            fmt_fit(f, "n"),
        );
    }
    if let Some(f) = r.worst.pairing_fit {
        let _ = writeln!(
            o,
            "- {}, native, slowest case at each k: time = {}",
            Crypto::AltBn128Pairing.report_name(),
            fmt_fit(&f, "k")
        );
    }
    if let Some(f) = r.fit(Crypto::AltBn128Pairing, Path::Native) {
        let _ = writeln!(
            o,
            "- EIP-1108 prices the pairing as {} + {}·k gas: base/per-pair = {:.2}; measured A/B = {:.2}.",
            eip.pairing_base,
            eip.pairing_per_pair,
            eip.pairing_base as f64 / eip.pairing_per_pair as f64,
            f.a / f.b
        );
    }

    worst_section(&mut o, r);
    schedule_section(&mut o, r);

    if let Some(fuel) = r.fuel_per_ns() {
        let _ = writeln!(
            o,
            "\nWasm execution: the pure-WebAssembly path burns {fuel:.2} fuel per ns, so at {} Mgas/s one unit of fuel should cost {:.4} gas \
             (today 1 gas = 1 fuel): contract code and host functions on the same clock.",
            r.target_mgas,
            r.gas_per_ns() / fuel
        );
    }

    r.verkle.markdown(&mut o);
    r.bls12.markdown(&mut o);
    r.zk.markdown(&mut o);

    let _ = writeln!(o, "\n## Targets\n");
    let ratio = |op: Crypto, size: usize| {
        let d = Some(ops::default_backend(op));
        Some(
            r.time(op, size, Path::Contract, d)?.median_ns
                / r.time(op, size, Path::Native, d)?.median_ns,
        )
    };
    if let Some(x) = ratio(Crypto::AltBn128Pairing, 2) {
        let _ = writeln!(
            o,
            "- pairing ×2 through a warm contract: {:+.2}% of native (target within 2%)",
            (x - 1.0) * 100.0
        );
    }
    if let Some(x) = ratio(Crypto::AltBn128Add, 1) {
        let _ = writeln!(
            o,
            "- add through a warm contract: {:+.1}% of native (target within 10%)",
            (x - 1.0) * 100.0
        );
    }
    let d = Some(ops::default_backend(Crypto::AltBn128Add));
    if let (Some(c), Some(n)) = (
        r.time(Crypto::AltBn128Add, 1, Path::ContractCold, d),
        r.time(Crypto::AltBn128Add, 1, Path::Native, d),
    ) {
        let _ = writeln!(
            o,
            "- a cold call adds {} to native add (target under 10 µs)",
            fmt_ns(c.median_ns - n.median_ns)
        );
    }
    o
}

/// zkhost against mcl, when the benchmark was built with the `mcl` feature: every
/// operation and size both were timed at in this run (the same inputs, outputs
/// checked equal first, the G2 cache paused), single-threaded both. The ratio is the
/// median over the rounds of each round's ratio, with its 95% interval: the two rows
/// run back to back in every round, so the machine's drift between rounds cancels.
fn mcl_section(o: &mut String, r: &Results) {
    let Some(&mcl) = Backend::ALL.iter().find(|b| b.name() == "mcl") else {
        return;
    };
    let _ = writeln!(
        o,
        "\n## zkhost against mcl (this run, native, single thread; below 1: zkhost faster)\n"
    );
    let _ = writeln!(
        o,
        "`zkhost / mcl` is the median of the per-round ratios with its 95% bootstrap \
         interval over the {} rounds; *ahead* only where the whole interval is below 1.\n",
        r.rounds
    );
    let _ = writeln!(
        o,
        "| op | size | zkhost | mcl | zkhost / mcl | 95% interval | |"
    );
    let _ = writeln!(o, "|---|---:|---:|---:|---:|---|---|");
    for op in ops::BN254 {
        for size in sizes(r, op) {
            let ours = r.time(op, size, Path::Native, Some(ops::default_backend(op)));
            let theirs = r.time(op, size, Path::Native, Some(mcl));
            if let (Some(a), Some(b)) = (ours, theirs) {
                let Some(ratio) = super::ratio_of_rounds(a, b) else {
                    continue;
                };
                let verdict = if ratio.hi_ns < 1.0 {
                    "ahead"
                } else if ratio.lo_ns > 1.0 {
                    "behind"
                } else {
                    "within noise"
                };
                let _ = writeln!(
                    o,
                    "| {} | {size} | {} | {} | {:.2} | {:.2}–{:.2} | {verdict} |",
                    op.report_name(),
                    fmt_stat(&a.ci),
                    fmt_stat(&b.ci),
                    ratio.median_ns,
                    ratio.lo_ns,
                    ratio.hi_ns,
                );
            }
        }
    }
}

/// The worst-case table: per operation and size the typical input, the slowest
/// constructed case and their ratio; then every case of the single-size operations
/// and of the largest size of the others.
fn worst_section(o: &mut String, r: &Results) {
    if r.worst.samples.is_empty() {
        return;
    }
    let _ = writeln!(o, "\n## Worst cases\n");
    let _ = writeln!(
        o,
        "Every input we could construct to be slow, timed natively on the default backend \
         in the same interleaved rounds as the typical input (`zkhost_testkit::worst`, whose \
         tests check each is valid and gives the expected output). Every case of a size has \
         the typical input's length, so its price. The proposed prices below come from the \
         slowest case.\n"
    );
    let _ = writeln!(
        o,
        "`worst/typical` is the median over the rounds of the case's time over the typical \
         input's in the same round (they run next to each other, so the machine's drift \
         cancels), with its 95% interval; *within noise* means that interval contains 1. \
         The slowest case is the one with the largest ratio, and its priced time is the \
         typical median times that ratio.\n"
    );
    let _ = writeln!(
        o,
        "| op | size | typical | slowest case | its time | worst/typical | |"
    );
    let _ = writeln!(o, "|---|---:|---:|---|---:|---:|---|");
    for (op, size) in r.worst.keys() {
        let (Some(t), Some(w)) = (r.worst.typical(op, size), r.worst.worst(op, size)) else {
            continue;
        };
        let _ = writeln!(
            o,
            "| {} | {size}{} | {} | {} | {} | {} | {} |",
            op.report_name(),
            if op == Crypto::AltBn128G1Msm
                && r.worst
                    .msm_boundaries
                    .iter()
                    .any(|&b| b == size || b == size + 1)
            {
                " (boundary)"
            } else {
                ""
            },
            fmt_stat(&t.stat),
            w.case,
            fmt_stat(&w.stat),
            fmt_ratio(&w.vs_typical),
            if w.case == zkhost_testkit::worst::TYPICAL {
                ""
            } else if w.vs_typical.lo_ns > 1.0 {
                "slower"
            } else {
                "within noise"
            }
        );
    }
    if !r.worst.msm_boundaries.is_empty() {
        let _ = writeln!(
            o,
            "\nMSM sizes marked *boundary* are where the cost model's choice of algorithm or window \
             changes (at n = {}), each measured with the size before it.",
            r.worst
                .msm_boundaries
                .iter()
                .map(|b| b.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(o, "\n### Every case\n");
    let _ = writeln!(o, "| op | size | case | time | ×typical |");
    let _ = writeln!(o, "|---|---:|---|---:|---:|");
    let keys = r.worst.keys();
    for (op, size) in &keys {
        let largest = keys
            .iter()
            .filter(|(o2, _)| o2 == op)
            .map(|k| k.1)
            .max()
            .unwrap_or(*size);
        if *size != largest {
            continue;
        }
        for c in r.worst.cases(*op, *size) {
            let _ = writeln!(
                o,
                "| {} | {size} | {} | {} | {} |",
                op.report_name(),
                c.case,
                fmt_stat(&c.stat),
                fmt_ratio(&c.vs_typical)
            );
        }
    }
}

/// The proposed schedule by both methods, from the worst cases.
fn schedule_section(o: &mut String, r: &Results) {
    let rows = schedule_rows(r);
    if rows.is_empty() {
        return;
    }
    let g = r.gas_per_ns();
    let _ = writeln!(o, "\n## Proposed schedule, from the worst case\n");
    let ec = r.worst.ecrecover;
    let _ = writeln!(
        o,
        "Two methods, both from the slowest case of each operation and size. *Throughput*: \
         {} Mgas/s, so {g:.3} gas per ns of this machine. *ecrecover* (EIP-1108's method): \
         `3000 × t(op) / t(ecrecover)`, with `ecrecover` (secp256k1 key recovery and the keccak \
         of the key, as revm computes it) timed just before every operation and size in every \
         round, and each price from the per-round ratio to that neighbour: {}, so {} gas per ns here. \
         *Typical-priced* is the throughput method on the typical input, what earlier reports \
         proposed.\n",
        r.target_mgas,
        ec.map_or("not measured".into(), |e| fmt_stat(&e)),
        r.worst
            .ecrecover_gas_per_ns()
            .map_or("–".into(), |x| format!("{x:.3}"))
    );
    let _ = writeln!(
        o,
        "| op | size | zkhost gas today | typical | worst | Mgas/s at today's gas (worst) | proposed: throughput | proposed: ecrecover | typical-priced |"
    );
    let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in &rows {
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} | {} ({}) | {:.1} | {} | {} | {} |",
            row.op.report_name(),
            row.size,
            row.today,
            r.worst
                .typical(row.op, row.size)
                .map_or_else(|| fmt_ns(row.typical_ns), |t| fmt_stat(&t.stat)),
            fmt_ns(row.worst_ns),
            r.worst.worst(row.op, row.size).map_or_else(
                || row.worst_case.to_string(),
                |w| format!("{}, ×{}", w.case, fmt_ratio(&w.vs_typical))
            ),
            row.today as f64 / row.worst_ns * 1000.0,
            row.throughput,
            row.ecrecover.map_or("–".into(), |g| g.to_string()),
            row.typical_priced.map_or("–".into(), |g| g.to_string()),
        );
    }
    let _ = writeln!(
        o,
        "\nEIP-1108 has no MSM price: zkhost's is k × 6000 × discount(k) / 1000, the EIP-2537 \
         method with EIP-1108's mul price and the calibrated discount table. Verkle prices are \
         zkhost's own (`zkhost-gas`)."
    );
    if let Some(f) = r.worst.pairing_fit {
        let rel = |x: Option<f64>| {
            x.map_or("–".into(), |x| {
                super::round3(super::worst::ECRECOVER_GAS * x).to_string()
            })
        };
        let fe = r.worst.pairing_fit_ecrecover;
        let _ = writeln!(
            o,
            "\nProposed pairing price, from the fit over the slowest case at each k: {} + {}·k gas \
             (throughput), {} + {}·k gas (ecrecover); EIP-1108: 45000 + 34000·k.",
            super::round3(f.a * g),
            super::round3(f.b * g),
            rel(fe.map(|f| f.a)),
            rel(fe.map(|f| f.b)),
        );
    }
    let _ = writeln!(
        o,
        "\nWhich method to trust: the throughput price carries this machine's absolute speed, so \
         it moves with every change of CPU, clock and load; the ecrecover price is a ratio of two \
         times taken in the same rounds on the same machine, so a uniformly faster or busier \
         machine cancels out, and what remains is how differently the two kinds of code \
         (BN254/Banderwagon field arithmetic against secp256k1's) gain from a CPU. That is the \
         more stable method across machines; `zkhost bench --compare A.json B.json` measures \
         both spreads (benches/report/compare.md)."
    );
}

/// One Groth16 verification on each path.
fn groth16_section(o: &mut String, r: &Results) {
    let Some(native) = r.groth16.iter().find(|g| g.path == Path::Native) else {
        return;
    };
    let _ = writeln!(
        o,
        "\n## Groth16 verification ({} public inputs: MSM of {} points + ECADD + 4-pair pairing)\n",
        native.inputs, native.inputs
    );
    let _ = writeln!(o, "| path | backend | time | ×native | gas |");
    let _ = writeln!(o, "|---|---|---:|---:|---:|");
    for g in &r.groth16 {
        let _ = writeln!(
            o,
            "| {} | {} | {} | {:.2} | {} |",
            g.path.name(),
            g.backend,
            fmt_stat(&g.ci),
            g.median_ns / native.median_ns,
            g.gas
        );
    }
    let _ = writeln!(
        o,
        "\nNative gas: the precompiles' prices at EIP-1108; contract: `gas_used` of the \
         `groth16-verifier` call (those prices, the host calls' base and bytes, the \
         contract's own instructions); wasm: fuel burned by `wasm-pairing` computing it all. \
         Every row runs with the cache of prepared G2 points off but `G2 cache warm` (the \
         verifying key's β, γ, δ found, as for a node verifying proofs of one circuit) and \
         `G2 cache cold` (emptied before each call: every point misses and is stored)."
    );
}

#[cfg(test)]
mod tests {
    use super::{fmt_ns, CpuId};

    #[test]
    fn the_cpu_is_named_exactly() {
        let text = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\n\
                    model\t\t: 17\nmodel name\t: AMD EPYC 9R14\nstepping\t: 1\n\
                    cpu MHz\t\t: 2596.138\n\nprocessor\t: 1\nvendor_id\t: Other\n";
        let cpu = CpuId::parse(text);
        assert_eq!(cpu.vendor.as_deref(), Some("AuthenticAMD"));
        assert_eq!(
            (cpu.family, cpu.model, cpu.stepping),
            (Some(25), Some(17), Some(1))
        );
        assert_eq!(cpu.model_name.as_deref(), Some("AMD EPYC 9R14"));
        assert_eq!(
            cpu.describe(),
            "AMD EPYC 9R14 (AuthenticAMD family 25 model 17 stepping 1, 2596 MHz)"
        );
        // Fields missing (another architecture's cpuinfo): still one line.
        assert_eq!(
            CpuId::parse("processor : 0\n").describe(),
            "unknown CPU (? family ? model ? stepping ?)"
        );
    }

    #[test]
    fn times_have_units_and_negative_differences_a_sign() {
        assert_eq!(fmt_ns(12.0), "12 ns");
        assert_eq!(fmt_ns(1500.0), "1.5 µs");
        assert_eq!(fmt_ns(2.5e6), "2.50 ms");
        assert_eq!(fmt_ns(-11_537.0), "−11.5 µs");
    }
}
