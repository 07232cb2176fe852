//! The benchmark report: Markdown for people, JSON (schema 1) for tools.

use std::fmt::Write;

use serde_json::{json, Value};

use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_contracts::Path;
use zkhost_gas::{GasSchedule, HostCosts};

use super::Results;
use crate::ops;

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

/// The machine the run was on.
pub fn machine() -> Value {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    json!({
        "cpu": cpu,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "os": std::env::consts::OS,
        "arch": std::env::consts::ARCH,
        "zkhost": env!("CARGO_PKG_VERSION"),
    })
}

/// The JSON document: `{"schema": 1, "machine", "results", "fits", "schedule"}`.
pub fn json(r: &Results) -> Value {
    let mut results: Vec<Value> = r
        .samples
        .iter()
        .map(|s| {
            json!({"op": ops::name(s.op), "size": s.size, "path": s.path.name(), "backend": s.backend.name(),
                   "median_ns": s.median_ns, "gas": s.gas})
        })
        .collect();
    results.extend(r.verkle.json_results());
    // One Groth16 verification; size = the number of public inputs.
    results.extend(r.groth16.iter().map(|g| {
        json!({"op": super::groth16::OP, "size": g.inputs, "path": g.path.name(), "backend": g.backend,
               "median_ns": g.median_ns, "gas": g.gas})
    }));
    let mut fits: Vec<Value> = r
        .fits
        .iter()
        .filter(|(_, path, _)| *path == Path::Native)
        .map(|(op, _, f)| json!({"op": ops::name(*op), "a_ns": f.a, "b_ns": f.b, "r2": f.r2}))
        .collect();
    fits.extend(r.verkle.json_fits());
    let mut schedule: Vec<Value> = schedule_rows(r)
        .into_iter()
        .map(|(op, size, eip, proposed)| {
            json!({"op": ops::name(op), "size": size, "eip1108_gas": eip, "proposed_gas": proposed})
        })
        .collect();
    schedule.extend(r.verkle.json_schedule(r.gas_per_ns()));
    json!({"schema": 1, "machine": machine(), "results": results, "fits": fits, "schedule": schedule})
}

/// (op, size, EIP-1108 gas, proposed gas) for every native measurement.
fn schedule_rows(r: &Results) -> Vec<(Crypto, usize, u64, u64)> {
    let mut rows = Vec::new();
    for op in ops::BN254 {
        for size in sizes(r, op) {
            let len = match op {
                Crypto::AltBn128Pairing => 192 * size,
                Crypto::AltBn128G1Msm => zkhost_bn254::msm::RECORD_LEN * size,
                _ => 0,
            };
            if let Some(p) = r.proposed_gas(op, size) {
                rows.push((op, size, HostCosts::ZKHOST.op_gas(op, len), p));
            }
        }
    }
    rows
}

/// The Markdown report.
pub fn markdown(r: &Results) -> String {
    let mut o = String::new();
    let m = machine();
    let _ = writeln!(o, "# zkhost gas-cost benchmark\n");
    let _ = writeln!(
        o,
        "Machine: {} ({} cores, {}/{}). Run: {}. Times are medians of one call.\n",
        m["cpu"].as_str().unwrap_or("?"),
        m["cores"],
        m["os"].as_str().unwrap_or("?"),
        m["arch"].as_str().unwrap_or("?"),
        if r.quick { "--quick" } else { "full" }
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
                ops::name(op),
                fmt_ns(n.median_ns),
                fmt_ns(c.median_ns),
                fmt_ns(cold.median_ns),
                w.map_or("—".into(), |w| fmt_ns(w.median_ns)),
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
            let times: Vec<Option<f64>> = Backend::ALL
                .iter()
                .map(|&b| r.time(op, size, Path::Native, Some(b)).map(|s| s.median_ns))
                .collect();
            let Some(reference) = times[0] else { continue };
            if times.iter().any(Option::is_none) {
                continue;
            }
            let cells: Vec<String> = times
                .iter()
                .flatten()
                .map(|t| format!("{} ({:.2}×)", fmt_ns(*t), reference / t))
                .collect();
            let _ = writeln!(o, "| {} | {size} | {} |", ops::name(op), cells.join(" | "));
        }
    }

    let _ = writeln!(o, "\n## Fits\n");
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
            "- {}, {}: time = {} + {}·n, R² = {:.4}{why}",
            ops::name(*op),
            path.name(),
            fmt_ns(f.a),
            fmt_ns(f.b),
            f.r2,
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

    let _ = writeln!(
        o,
        "\n## Throughput at today's prices and a proposed schedule ({} Mgas/s)\n",
        r.target_mgas
    );
    let _ = writeln!(
        o,
        "| op | size | native time | EIP-1108 gas | Mgas/s at EIP-1108 | proposed gas |"
    );
    let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|");
    for (op, size, eip_gas, proposed) in schedule_rows(r) {
        let Some(n) = r.time(op, size, Path::Native, Some(ops::default_backend(op))) else {
            continue;
        };
        let _ = writeln!(
            o,
            "| {} | {size} | {} | {eip_gas} | {:.1} | {proposed} |",
            ops::name(op),
            fmt_ns(n.median_ns),
            eip_gas as f64 / n.median_ns * 1000.0
        );
    }
    if r.samples.iter().any(|s| s.op == Crypto::AltBn128G1Msm) {
        let _ = writeln!(
            o,
            "\nEIP-1108 has no MSM price: its column shows k × 6000 × discount(k) / 1000, the \
             EIP-2537 method with EIP-1108's mul price and the calibrated discount table."
        );
    }
    if let Some(f) = r.fit(Crypto::AltBn128Pairing, Path::Native) {
        let g = r.gas_per_ns();
        let _ = writeln!(
            o,
            "\nProposed pairing price: {} + {}·k gas (from the fit). A schedule at {} Mgas/s charges {:.3} gas per ns.",
            super::round3(f.a * g),
            super::round3(f.b * g),
            r.target_mgas,
            g
        );
    }
    if let Some(fuel) = r.fuel_per_ns() {
        let _ = writeln!(
            o,
            "\nWasm execution: the pure-WebAssembly path burns {fuel:.2} fuel per ns, so at {} Mgas/s one unit of fuel should cost {:.4} gas \
             (today 1 gas = 1 fuel): contract code and host functions on the same clock.",
            r.target_mgas,
            r.gas_per_ns() / fuel
        );
    }

    r.verkle.markdown(&mut o, r.gas_per_ns());

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
    let _ = writeln!(o, "| path | time | ×native | gas |");
    let _ = writeln!(o, "|---|---:|---:|---:|");
    for g in &r.groth16 {
        let _ = writeln!(
            o,
            "| {} | {} | {:.2} | {} |",
            g.path.name(),
            fmt_ns(g.median_ns),
            g.median_ns / native.median_ns,
            g.gas
        );
    }
    let _ = writeln!(
        o,
        "\nNative gas: the precompiles' prices at EIP-1108; contract: `gas_used` of the \
         `groth16-verifier` call (those prices, the host calls' base and bytes, the \
         contract's own instructions); wasm: fuel burned by `wasm-pairing` computing it all."
    );
}

#[cfg(test)]
mod tests {
    use super::fmt_ns;

    #[test]
    fn times_have_units_and_negative_differences_a_sign() {
        assert_eq!(fmt_ns(12.0), "12 ns");
        assert_eq!(fmt_ns(1500.0), "1.5 µs");
        assert_eq!(fmt_ns(2.5e6), "2.50 ms");
        assert_eq!(fmt_ns(-11_537.0), "−11.5 µs");
    }
}
