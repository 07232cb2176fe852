//! SVG plots of the benchmark: time against size per path and per backend; the
//! proposed prices against today's; time per pair and per point with their
//! intervals and the worst-case band.

use std::path::Path as FilePath;

use plotters::prelude::*;
use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_testkit::contracts::Path;

use super::Results;
use crate::ops;

const COLORS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// A line of (size, milliseconds) points with a legend label.
type Series = (String, Vec<(f64, f64)>);

/// Time per call (ms) against size, one line per series, on a log time axis.
fn line_chart(
    file: &FilePath,
    title: &str,
    x_label: &str,
    series: &[Series],
) -> Result<(), String> {
    lines(
        file,
        title,
        x_label,
        "time per call (ms, log scale)",
        series,
        true,
    )
}

/// A chart of (x, y) lines with points and a legend: on a log y axis (times that span
/// orders of magnitude, legend upper left) or a linear one from zero (ratios, legend
/// upper right).
fn lines(
    file: &FilePath,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log_y: bool,
) -> Result<(), String> {
    let points = series.iter().flat_map(|s| s.1.iter());
    let (mut x_max, mut y_min, mut y_max) = (1.0f64, f64::MAX, 0.0f64);
    for &(x, y) in points {
        x_max = x_max.max(x);
        y_min = y_min.min(y);
        y_max = y_max.max(y);
    }
    if y_max <= 0.0 {
        return Ok(());
    }
    let root = SVGBackend::new(file, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(70);
    let x_range = 0.0..x_max * 1.05;
    if log_y {
        let mut chart = builder
            .build_cartesian_2d(x_range, (y_min * 0.7..y_max * 1.4).log_scale())
            .map_err(|e| e.to_string())?;
        draw_series(
            &mut chart,
            x_label,
            y_label,
            series,
            SeriesLabelPosition::UpperLeft,
        )?;
    } else {
        let mut chart = builder
            .build_cartesian_2d(x_range, 0.0..y_max * 1.15)
            .map_err(|e| e.to_string())?;
        draw_series(
            &mut chart,
            x_label,
            y_label,
            series,
            SeriesLabelPosition::UpperRight,
        )?;
    }
    root.present().map_err(|e| e.to_string())
}

/// The mesh, each series as a line with its points, and the legend.
fn draw_series<'a, DB, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    legend: SeriesLabelPosition,
) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(|e| e.to_string())?;
    for (i, (label, pts)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(|e| e.to_string())?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(legend)
        .draw()
        .map_err(|e| e.to_string())
}

fn series(r: &Results, op: Crypto, path: Path, backend: Option<Backend>) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = r
        .samples
        .iter()
        .filter(|s| s.op == op && s.path == path && backend.is_none_or(|b| b == s.backend))
        .map(|s| (s.size as f64, s.median_ns / 1e6))
        .collect();
    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
    pts.dedup_by(|a, b| a.0 == b.0);
    pts
}

/// One series of a [`chart`]: points `(x, y, lo, hi)`.
struct Curve {
    label: String,
    points: Vec<(f64, f64, f64, f64)>,
    /// Draw `lo..hi` as error bars.
    bars: bool,
    /// Fill between this curve and the one before it (a band), instead of a line.
    band_to_previous: bool,
}

fn curve(label: &str, points: Vec<(f64, f64, f64, f64)>) -> Curve {
    Curve {
        label: label.to_string(),
        points,
        bars: false,
        band_to_previous: false,
    }
}

/// A chart on linear axes from zero: lines with optional error bars, and bands.
fn chart(
    file: &FilePath,
    title: &str,
    x_label: &str,
    y_label: &str,
    curves: &[Curve],
) -> Result<(), String> {
    let all = curves.iter().flat_map(|c| c.points.iter());
    let (mut x_max, mut y_max) = (1.0f64, 0.0f64);
    for &(x, y, _, hi) in all {
        x_max = x_max.max(x);
        y_max = y_max.max(y).max(hi);
    }
    if y_max <= 0.0 {
        return Ok(());
    }
    let root = SVGBackend::new(file, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut c = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..x_max * 1.05, 0.0..y_max * 1.15)
        .map_err(|e| e.to_string())?;
    let integers = y_max >= 1000.0;
    c.configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| {
            if integers {
                format!("{y:.0}")
            } else {
                format!("{y:.1}")
            }
        })
        .draw()
        .map_err(|e| e.to_string())?;
    for (i, cv) in curves.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        if cv.band_to_previous {
            let Some(prev) = i.checked_sub(1).and_then(|j| curves.get(j)) else {
                continue;
            };
            let mut outline: Vec<(f64, f64)> = prev.points.iter().map(|p| (p.0, p.1)).collect();
            outline.extend(cv.points.iter().rev().map(|p| (p.0, p.1)));
            c.draw_series(std::iter::once(Polygon::new(
                outline,
                color.mix(0.25).filled(),
            )))
            .map_err(|e| e.to_string())?
            .label(cv.label.clone())
            .legend(move |(x, y)| {
                Rectangle::new([(x, y - 5), (x + 20, y + 5)], color.mix(0.25).filled())
            });
            continue;
        }
        c.draw_series(LineSeries::new(
            cv.points.iter().map(|p| (p.0, p.1)),
            color.stroke_width(2),
        ))
        .map_err(|e| e.to_string())?
        .label(cv.label.clone())
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
        if cv.bars {
            c.draw_series(
                cv.points
                    .iter()
                    .map(|&(x, y, lo, hi)| ErrorBar::new_vertical(x, lo, y, hi, color.filled(), 6)),
            )
            .map_err(|e| e.to_string())?;
        } else {
            c.draw_series(
                cv.points
                    .iter()
                    .map(|p| Circle::new((p.0, p.1), 3, color.filled())),
            )
            .map_err(|e| e.to_string())?;
        }
    }
    c.configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

/// Points of one schedule column against size, per unit of size if `per`.
fn price_points(
    rows: &[super::report::ScheduleRow],
    op: Crypto,
    per: bool,
    value: impl Fn(&super::report::ScheduleRow) -> Option<u64>,
) -> Vec<(f64, f64, f64, f64)> {
    rows.iter()
        .filter(|r| r.op == op)
        .filter_map(|r| {
            let v = value(r)? as f64 / if per { r.size as f64 } else { 1.0 };
            Some((r.size as f64, v, v, v))
        })
        .collect()
}

/// `pairing-price.svg` and `msm-price.svg` (what the price should be: today's
/// against both proposed methods), `pairing-per-pair.svg` and `msm-per-point.svg`
/// (time per unit with intervals, and the band up to the worst case).
fn write_pricing(r: &Results, dir: &FilePath) -> Result<(), String> {
    let rows = super::report::schedule_rows(r);
    for (op, file, title, x, per) in [
        (
            Crypto::AltBn128Pairing,
            "pairing-price.svg",
            "BN254 pairing check: today's price against the proposed ones",
            "pairs (k)",
            false,
        ),
        (
            Crypto::AltBn128G1Msm,
            "msm-price.svg",
            "BN254 G1 MSM: price per point, today's against the proposed ones",
            "points (n)",
            true,
        ),
    ] {
        let today = if op == Crypto::AltBn128Pairing {
            "EIP-1108 (today)"
        } else {
            "today: 6000 × discount(n) / 1000 per point"
        };
        let curves = vec![
            curve(today, price_points(&rows, op, per, |r| Some(r.today))),
            curve(
                &format!("proposed: {} Mgas/s, worst case", r.target_mgas),
                price_points(&rows, op, per, |r| Some(r.throughput)),
            ),
            curve(
                "proposed: 3000 × t / t(ecrecover), worst case",
                price_points(&rows, op, per, |r| r.ecrecover),
            ),
        ];
        let y = if per { "gas per point" } else { "gas" };
        chart(&dir.join(file), title, x, y, &curves)?;
    }
    for (op, file, title, x, y) in [
        (
            Crypto::AltBn128Pairing,
            "pairing-per-pair.svg",
            "BN254 pairing check: time per pair (95% intervals; band up to the worst case)",
            "pairs (k)",
            "µs per pair",
        ),
        (
            Crypto::AltBn128G1Msm,
            "msm-per-point.svg",
            "BN254 G1 MSM: time per point (95% intervals; band up to the worst case)",
            "points (n)",
            "µs per point",
        ),
    ] {
        let keys: Vec<usize> = r
            .worst
            .keys()
            .into_iter()
            .filter(|k| k.0 == op)
            .map(|k| k.1)
            .collect();
        let per = |size: usize, s: &super::measure::Stat| {
            let d = size as f64 * 1e3;
            (size as f64, s.median_ns / d, s.lo_ns / d, s.hi_ns / d)
        };
        let typical: Vec<_> = keys
            .iter()
            .filter_map(|&k| Some(per(k, &r.worst.typical(op, k)?.stat)))
            .collect();
        let worst: Vec<_> = keys
            .iter()
            .filter_map(|&k| {
                let ns = r.worst.worst_ns(op, k)? / (k as f64 * 1e3);
                Some((k as f64, ns, ns, ns))
            })
            .collect();
        let mut t = curve("typical input (median, 95% interval)", typical);
        t.bars = true;
        let mut w = curve("up to the slowest constructed case", worst);
        w.band_to_previous = true;
        chart(&dir.join(file), title, x, y, &[t, w])?;
    }
    Ok(())
}

/// Writes the BLS12-381 plots: `bls12-msm-discount.svg` (the measured MSM discount
/// against EIP-2537's tables), and time against k on each backend, revm-precompile
/// and the contract for `bls12-pairing.svg`, `bls12-g1msm.svg` and `bls12-g2msm.svg`.
fn write_bls12(r: &Results, dir: &FilePath) -> Result<(), String> {
    use zkhost_bls12381::Op;
    lines(
        &dir.join("bls12-msm-discount.svg"),
        "BLS12-381 MSM discount: measured on blst vs EIP-2537's tables",
        "points (k)",
        "time of k points / k single multiplications (thousandths)",
        &r.bls12.discount_series(),
        false,
    )?;
    for (op, file, title, x) in [
        (
            Op::Pairing,
            "bls12-pairing.svg",
            "BLS12-381 pairing check: time per call",
            "pairs",
        ),
        (
            Op::G1Msm,
            "bls12-g1msm.svg",
            "BLS12-381 G1MSM: time per call",
            "points",
        ),
        (
            Op::G2Msm,
            "bls12-g2msm.svg",
            "BLS12-381 G2MSM: time per call",
            "points",
        ),
    ] {
        line_chart(&dir.join(file), title, x, &r.bls12.series(op))?;
    }
    Ok(())
}

/// Writes `pairing-price.svg`, `msm-price.svg`, `pairing-per-pair.svg` and
/// `msm-per-point.svg` (`write_pricing`), `pairing-paths.svg` (time against pairs on each path),
/// `pairing-backends.svg` (time against pairs on each backend), `msm-paths.svg`
/// (time against points on each path) and `verkle-commit.svg` (time against scalars
/// on each path, with arkworks' MSM) into `dir`, and the BLS12-381 plots
/// (`write_bls12`).
pub fn write_all(r: &Results, dir: &FilePath) -> Result<(), String> {
    write_pricing(r, dir)?;
    write_bls12(r, dir)?;
    let msm_default = Some(ops::default_backend(Crypto::AltBn128G1Msm));
    let msm: Vec<Series> = [Path::Native, Path::Contract, Path::ContractCold, Path::Wasm]
        .into_iter()
        .map(|p| {
            let b = if p == Path::Wasm { None } else { msm_default };
            (p.name().to_string(), series(r, Crypto::AltBn128G1Msm, p, b))
        })
        .filter(|s| !s.1.is_empty())
        .collect();
    line_chart(
        &dir.join("msm-paths.svg"),
        "BN254 G1 MSM: time per call by path",
        "points",
        &msm,
    )?;
    line_chart(
        &dir.join("verkle-commit.svg"),
        "Verkle commitment: time per call by path",
        "non-zero scalars",
        &r.verkle.series(),
    )?;
    let d = Some(ops::default_backend(Crypto::AltBn128Pairing));
    let paths: Vec<Series> = [Path::Native, Path::Contract, Path::ContractCold, Path::Wasm]
        .into_iter()
        .map(|p| {
            (
                p.name().to_string(),
                series(
                    r,
                    Crypto::AltBn128Pairing,
                    p,
                    if p == Path::Wasm { None } else { d },
                ),
            )
        })
        .filter(|s| !s.1.is_empty())
        .collect();
    line_chart(
        &dir.join("pairing-paths.svg"),
        "BN254 pairing check: time per call by path",
        "pairs",
        &paths,
    )?;
    let backends: Vec<Series> = Backend::ALL
        .iter()
        .map(|&b| {
            (
                b.name().to_string(),
                series(r, Crypto::AltBn128Pairing, Path::Native, Some(b)),
            )
        })
        .collect();
    line_chart(
        &dir.join("pairing-backends.svg"),
        "BN254 pairing check: time per call by backend",
        "pairs",
        &backends,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(log_y: bool, series: &[Series]) -> Option<String> {
        let file = std::env::temp_dir().join(format!(
            "zkhost-plot-{}-{log_y}-{}.svg",
            std::process::id(),
            series.len()
        ));
        let _ = std::fs::remove_file(&file);
        lines(&file, "the title", "k", "the y axis", series, log_y).unwrap();
        let text = std::fs::read_to_string(&file).ok();
        let _ = std::fs::remove_file(&file);
        text
    }

    #[test]
    fn both_axes_draw_every_series_with_its_legend() {
        let series: Vec<Series> = vec![
            (
                "measured".into(),
                vec![(1.0, 1000.0), (8.0, 743.0), (128.0, 571.0)],
            ),
            (
                "table".into(),
                vec![(1.0, 1000.0), (8.0, 728.0), (128.0, 519.0)],
            ),
        ];
        for log_y in [false, true] {
            let svg = chart(log_y, &series).expect("an SVG is written");
            for label in ["the title", "the y axis", "measured", "table"] {
                assert!(svg.contains(label), "{label} missing (log_y = {log_y})");
            }
            // One polyline per series, beside the legend's paths.
            assert!(
                svg.matches("<polyline").count() >= series.len(),
                "log_y = {log_y}"
            );
        }
    }

    #[test]
    fn nothing_to_draw_writes_nothing() {
        assert_eq!(chart(false, &[]), None);
        assert_eq!(chart(true, &[("empty".into(), Vec::new())]), None);
    }
}
