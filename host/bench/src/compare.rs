//! `zkhost bench --compare A.json B.json`: two reports side by side. For each row
//! both reports measured natively (and each worst case), the time ratio B/A; the
//! spread of those ratios; and both pricing methods' schedules from each report,
//! with how far each method's prices moved. A schedule that holds on another
//! machine is one whose prices move little when the machine changes.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// One report as read back.
#[derive(Clone, Debug)]
pub struct Report {
    /// Where it was read from (for the heading).
    pub name: String,
    /// `machine.cpu`.
    pub cpu: String,
    /// `schema`.
    pub schema: u64,
    /// Native medians by `op / size / backend` (worst cases as `op / size / case`).
    pub times: BTreeMap<String, f64>,
    /// Proposed prices by `op / size`: (throughput, ecrecover method).
    pub schedule: BTreeMap<String, (Option<f64>, Option<f64>)>,
    /// The load average's maximum during the run, if recorded.
    pub load_max: Option<f64>,
}

/// Reads a report written by `zkhost bench --json` (schema 1 or 2).
pub fn read(path: &Path) -> Result<Report, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&path.display().to_string(), &v)
}

/// A report from its JSON document.
pub fn parse(name: &str, v: &Value) -> Result<Report, String> {
    let schema = v["schema"].as_u64().ok_or(format!("{name}: no schema"))?;
    if !(1..=super::report::SCHEMA).contains(&schema) {
        return Err(format!(
            "{name}: schema {schema} is not one this zkhost reads"
        ));
    }
    let mut times = BTreeMap::new();
    for row in v["results"].as_array().into_iter().flatten() {
        if row["path"].as_str() != Some("native") {
            continue;
        }
        let (Some(op), Some(size), Some(backend), Some(t)) = (
            row["op"].as_str(),
            row["size"].as_u64(),
            row["backend"].as_str(),
            row["median_ns"].as_f64(),
        ) else {
            continue;
        };
        times.insert(format!("{op} / {size} / {backend}"), t);
    }
    for row in v["worst_cases"]["cases"].as_array().into_iter().flatten() {
        let (Some(op), Some(size), Some(case), Some(t)) = (
            row["op"].as_str(),
            row["size"].as_u64(),
            row["case"].as_str(),
            row["median_ns"].as_f64(),
        ) else {
            continue;
        };
        if case != zkhost_testkit::worst::TYPICAL {
            times.insert(format!("{op} / {size} / worst: {case}"), t);
        }
    }
    let mut schedule = BTreeMap::new();
    for row in v["schedule"].as_array().into_iter().flatten() {
        let (Some(op), Some(size)) = (row["op"].as_str(), row["size"].as_u64()) else {
            continue;
        };
        schedule.insert(
            format!("{op} / {size}"),
            (
                row["proposed_gas"].as_f64(),
                row["proposed_ecrecover_gas"].as_f64(),
            ),
        );
    }
    Ok(Report {
        name: name.to_string(),
        cpu: v["machine"]["cpu"].as_str().unwrap_or("?").to_string(),
        schema,
        times,
        schedule,
        load_max: v["run"]["load"]["max"].as_f64(),
    })
}

/// Summary of a set of ratios.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// How many.
    pub n: usize,
    /// Geometric mean.
    pub geomean: f64,
    /// Smallest.
    pub min: f64,
    /// Largest.
    pub max: f64,
    /// Median of |ratio − 1|: how far a typical row moved.
    pub median_change: f64,
    /// Geometric standard deviation around the geometric mean (1 = all equal):
    /// what is left after a uniform change of speed.
    pub geo_sd: f64,
}

/// The spread of `ratios` (all positive); `None` for none.
pub fn spread(ratios: &[f64]) -> Option<Spread> {
    if ratios.is_empty() {
        return None;
    }
    let n = ratios.len() as f64;
    let logs: Vec<f64> = ratios.iter().map(|r| r.ln()).collect();
    let mean = logs.iter().sum::<f64>() / n;
    let var = logs.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / n;
    let mut changes: Vec<f64> = ratios.iter().map(|r| (r - 1.0).abs()).collect();
    Some(Spread {
        n: ratios.len(),
        geomean: mean.exp(),
        min: ratios.iter().copied().fold(f64::MAX, f64::min),
        max: ratios.iter().copied().fold(0.0, f64::max),
        median_change: super::measure::median(&mut changes),
        geo_sd: var.sqrt().exp(),
    })
}

/// `(key, a, b, b / a)` for every key both maps have with positive values.
pub fn ratios(
    a: &BTreeMap<String, f64>,
    b: &BTreeMap<String, f64>,
) -> Vec<(String, f64, f64, f64)> {
    a.iter()
        .filter_map(|(k, &x)| {
            let y = *b.get(k)?;
            (x > 0.0 && y > 0.0).then(|| (k.clone(), x, y, y / x))
        })
        .collect()
}

/// The schedule of one method (0: throughput, 1: ecrecover) as a map.
fn method(r: &Report, which: usize) -> BTreeMap<String, f64> {
    r.schedule
        .iter()
        .filter_map(|(k, v)| Some((k.clone(), if which == 0 { v.0? } else { v.1? })))
        .collect()
}

fn fmt_spread(s: &Option<Spread>) -> String {
    match s {
        None => "no common rows".into(),
        Some(s) => format!(
            "{} rows; geometric mean {:.3}, min {:.3}, max {:.3}, median change {:.1}%, geometric SD {:.3}",
            s.n,
            s.geomean,
            s.min,
            s.max,
            s.median_change * 100.0,
            s.geo_sd
        ),
    }
}

/// The comparison as Markdown.
pub fn markdown(a: &Report, b: &Report) -> String {
    let mut o = String::new();
    let fmt = super::report::fmt_ns;
    let _ = writeln!(o, "# Two zkhost benchmark reports compared\n");
    for (tag, r) in [("A", a), ("B", b)] {
        let _ = writeln!(
            o,
            "- {tag}: `{}` (schema {}), {}{}",
            r.name,
            r.schema,
            r.cpu,
            r.load_max
                .map_or(String::new(), |l| format!(", load average max {l:.2}"))
        );
    }
    let time_ratios = ratios(&a.times, &b.times);
    let time_spread = spread(&time_ratios.iter().map(|r| r.3).collect::<Vec<_>>());
    let _ = writeln!(
        o,
        "\n## Time ratios B/A (native medians, every backend, and the worst cases)\n"
    );
    let _ = writeln!(o, "Spread: {}.\n", fmt_spread(&time_spread));
    let _ = writeln!(o, "| row | A | B | B/A |");
    let _ = writeln!(o, "|---|---:|---:|---:|");
    for (k, x, y, ratio) in &time_ratios {
        let _ = writeln!(o, "| {k} | {} | {} | {ratio:.3} |", fmt(*x), fmt(*y));
    }

    let methods = [(0, "throughput"), (1, "ecrecover (EIP-1108's method)")];
    let schedules: Vec<Vec<(String, f64, f64, f64)>> = methods
        .iter()
        .map(|(w, _)| ratios(&method(a, *w), &method(b, *w)))
        .collect();
    let spreads: Vec<Option<Spread>> = schedules
        .iter()
        .map(|rows| spread(&rows.iter().map(|r| r.3).collect::<Vec<_>>()))
        .collect();
    let _ = writeln!(o, "\n## Proposed schedules from each report\n");
    let _ = writeln!(
        o,
        "| op / size | throughput A | throughput B | B/A | ecrecover A | ecrecover B | B/A |"
    );
    let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|");
    let keys: Vec<&String> = a
        .schedule
        .keys()
        .filter(|k| b.schedule.contains_key(*k))
        .collect();
    for k in keys {
        let cell = |m: usize| {
            schedules[m]
                .iter()
                .find(|r| &r.0 == k)
                .map_or("– | – | –".into(), |r| {
                    format!("{} | {} | {:.3}", r.1, r.2, r.3)
                })
        };
        let _ = writeln!(o, "| {k} | {} | {} |", cell(0), cell(1));
    }
    let _ = writeln!(o);
    for ((_, name), s) in methods.iter().zip(&spreads) {
        let _ = writeln!(o, "- {name}: {}", fmt_spread(s));
    }
    let _ = writeln!(o, "\n{}", verdict(&spreads[0], &spreads[1]));
    o
}

/// Which method's prices moved less between the two reports, and why.
pub fn verdict(throughput: &Option<Spread>, ecrecover: &Option<Spread>) -> String {
    match (throughput, ecrecover) {
        (Some(t), Some(e)) => {
            let (more, less, m, l) = if e.median_change <= t.median_change {
                ("the ecrecover method", "the throughput method", e, t)
            } else {
                ("the throughput method", "the ecrecover method", t, e)
            };
            format!(
                "More stable here: **{more}** (median price change {:.1}% against {:.1}% for {less}). \
                 The throughput price moves with the machine's absolute speed (its geometric mean B/A, \
                 {:.3}, is the uniform change between the two runs); the ecrecover price divides that \
                 out, leaving only how differently the operations and `ecrecover` changed (geometric \
                 SD {:.3} against {:.3}).",
                m.median_change * 100.0,
                l.median_change * 100.0,
                t.geomean,
                e.geo_sd,
                t.geo_sd
            )
        }
        _ => "One of the reports has no ecrecover prices (schema 1): only the time ratios compare."
            .into(),
    }
}

/// The command: reads both, writes the Markdown to `out` or stdout.
pub fn run(files: &[PathBuf], out: Option<&Path>) -> std::process::ExitCode {
    let [a, b] = files else {
        eprintln!("error: --compare takes two reports");
        return std::process::ExitCode::from(2);
    };
    let (a, b) = match (read(a), read(b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    match super::report::write_markdown(out, &markdown(&a, &b)) {
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

    fn committed(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../benches/report")
            .join(name)
    }

    #[test]
    fn spreads() {
        let s = spread(&[2.0, 2.0, 2.0]).unwrap();
        assert!((s.geomean - 2.0).abs() < 1e-12 && (s.geo_sd - 1.0).abs() < 1e-12);
        assert!((s.median_change - 1.0).abs() < 1e-12);
        let s = spread(&[0.5, 2.0]).unwrap();
        assert!((s.geomean - 1.0).abs() < 1e-12 && s.min == 0.5 && s.max == 2.0);
        assert!(spread(&[]).is_none());
    }

    /// The committed reports: each ratio is B's median over A's as the files hold
    /// them; a report compared with itself moves nothing.
    #[test]
    fn the_committed_reports_compare() {
        let (pa, pb) = (committed("bench.json"), committed("run-b.json"));
        let (a, b) = (read(&pa).unwrap(), read(&pb).unwrap());
        assert_eq!((a.schema, b.schema), (2, 2));
        let raw: Value = serde_json::from_str(&std::fs::read_to_string(&pb).unwrap()).unwrap();
        let rows = ratios(&a.times, &b.times);
        assert!(rows.len() > 50, "{} common rows", rows.len());
        for (k, x, y, r) in &rows {
            assert_eq!(*x, a.times[k]);
            assert!((r - y / x).abs() < 1e-12);
        }
        // One row checked against the raw JSON: native ECADD on zkhost.
        let add = raw["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["op"] == "bn254-add" && r["path"] == "native" && r["backend"] == "zkhost")
            .unwrap();
        assert_eq!(
            b.times["bn254-add / 1 / zkhost"],
            add["median_ns"].as_f64().unwrap()
        );
        // Both methods priced every row of both schedules.
        for r in [&a, &b] {
            assert!(r.schedule.len() > 20);
            assert!(r.schedule.values().all(|(t, e)| t.is_some() && e.is_some()));
        }
        let text = markdown(&a, &b);
        assert!(text.contains("More stable here"));
        let same = ratios(&a.times, &a.times);
        let s = spread(&same.iter().map(|r| r.3).collect::<Vec<_>>()).unwrap();
        assert_eq!((s.min, s.max, s.median_change), (1.0, 1.0, 0.0));
    }
}
