//! The committed verkle cost model (`zkhost calibrate-verkle --write`): it chooses the
//! commitment method, nothing else. Generated: edit by recalibrating, not by hand.

use super::cost::Method;

/// How and where the constants were measured.
pub(crate) const NOTE: &str = "calibrated by `zkhost calibrate-verkle` (2 rayon threads); medians in ns at n non-zero scalars, fit a + b*n";

/// Per method: the fitted line `a + b·n` (ns), its R², and the measured medians
/// `(n, ns)` that predictions interpolate.
#[allow(clippy::type_complexity)]
pub(crate) const ENTRIES: &[(Method, f64, f64, f64, &[(usize, f64)])] = &[
    (
        Method::Narrow,
        -22183.214077831537,
        4851.590017756697,
        0.991462838940116,
        &[(1, 4026.0), (2, 8002.0), (4, 16264.0), (8, 32959.0), (16, 64966.0), (32, 129592.0), (64, 262839.0), (96, 396217.0), (128, 532138.0), (256, 1276080.0)],
    ),
    (
        Method::Wide,
        33833.90374396884,
        3865.647384778108,
        0.996520358825584,
        &[(1, 50274.0), (2, 55573.0), (4, 62643.0), (8, 75783.0), (16, 97354.0), (32, 140488.0), (64, 269459.0), (96, 383168.0), (128, 499730.0), (256, 1050315.0)],
    ),
    (
        Method::WideParallel,
        132915.79263490322,
        1673.4185727363556,
        0.849765450010374,
        &[(1, 83444.0), (2, 92998.0), (4, 104935.0), (8, 130964.0), (16, 157794.0), (32, 203351.0), (64, 297621.0), (96, 358010.0), (128, 439881.0), (256, 475925.0)],
    ),
];
