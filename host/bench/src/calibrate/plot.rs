//! The calibration plot: time per point against n (both axes logarithmic), one
//! series per algorithm family, the selection and arkworks, as SVG (plotters' SVG
//! backend only, so no font or bitmap libraries are involved).

use std::path::Path;

use plotters::prelude::*;

/// One series of (n, nanoseconds per point).
pub(crate) struct Series {
    /// Legend label.
    pub name: String,
    /// Points, increasing n.
    pub points: Vec<(f64, f64)>,
    /// Draw as a line (fitted/selected) or as markers (measured).
    pub line: bool,
    /// Palette index; a line and its markers share it.
    pub color: usize,
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x55, 0x55, 0x55),
];

/// Writes `series` to `path` as an SVG chart titled `title`.
pub(crate) fn write_svg(path: &Path, title: &str, series: &[Series]) -> Result<(), String> {
    let all = series.iter().flat_map(|s| s.points.iter());
    let (mut x_max, mut y_min, mut y_max) = (2.0f64, f64::MAX, f64::MIN);
    for &(x, y) in all {
        x_max = x_max.max(x);
        y_min = y_min.min(y);
        y_max = y_max.max(y);
    }
    if y_min > y_max || y_min <= 0.0 {
        return Err("nothing to plot".into());
    }
    let root = SVGBackend::new(path, (1000, 640)).into_drawing_area();
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (1.0f64..x_max * 1.1).log_scale(),
            (y_min / 1.3 / 1000.0..y_max * 1.3 / 1000.0).log_scale(),
        )
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("n (points)")
        .y_desc("time per point (µs)")
        .x_label_formatter(&|x| format!("{}", x.round() as u64))
        .y_label_formatter(&|y| {
            if *y >= 10.0 {
                format!("{y:.0}")
            } else {
                format!("{y:.1}")
            }
        })
        .draw()
        .map_err(|e| err(&e))?;
    for s in series {
        let color = PALETTE[s.color % PALETTE.len()];
        let pts: Vec<(f64, f64)> = s.points.iter().map(|&(x, y)| (x, y / 1000.0)).collect();
        if s.line {
            chart
                .draw_series(LineSeries::new(pts, color.stroke_width(2)))
                .map_err(|e| err(&e))?
                .label(s.name.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        } else {
            chart
                .draw_series(pts.into_iter().map(|p| Circle::new(p, 3, color.filled())))
                .map_err(|e| err(&e))?
                .label(s.name.clone())
                .legend(move |(x, y)| Circle::new((x + 10, y), 3, color.filled()));
        }
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))?;
    Ok(())
}
