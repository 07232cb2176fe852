//! SVG plots of the benchmark: time against size per path, and per backend.

use std::path::Path as FilePath;

use plotters::prelude::*;
use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_contracts::Path;

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

fn line_chart(
    file: &FilePath,
    title: &str,
    x_label: &str,
    series: &[Series],
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
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..x_max * 1.05, (y_min * 0.7..y_max * 1.4).log_scale())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("time per call (ms, log scale)")
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
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
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

/// Writes `pairing-paths.svg` (time against pairs on each path),
/// `pairing-backends.svg` (time against pairs on each backend), `msm-paths.svg`
/// (time against points on each path) and `verkle-commit.svg` (time against scalars
/// on each path, with arkworks' MSM) into `dir`.
pub fn write_all(r: &Results, dir: &FilePath) -> Result<(), String> {
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
