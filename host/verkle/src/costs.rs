//! The committed verkle cost model (`zkhost calibrate-verkle --write`): it chooses the
//! commitment method, nothing else. Generated: edit by recalibrating, not by hand.
//! Data only: methods by their report names (`cost::Method::name`).

/// How and where the constants were measured.
pub(crate) const NOTE: &str = "calibrated by `zkhost calibrate-verkle` (2 rayon threads); medians in ns at n non-zero scalars, fit a + b*n";

/// Per method name: the fitted line `a + b·n` (ns), its R², and the measured
/// medians `(n, ns)` that predictions interpolate.
#[allow(clippy::type_complexity)]
pub(crate) const ENTRIES: &[(&str, f64, f64, f64, &[(usize, f64)])] = &[
    (
        "narrow",
        -42955.71070640191,
        5706.183042939076,
        0.9883514349423023,
        &[(1, 2373.0), (2, 4797.0), (4, 9694.0), (8, 24477.0), (16, 56244.0), (32, 119388.0), (64, 268400.0), (96, 448990.0), (128, 606665.0), (256, 1493068.0)],
    ),
    (
        "wide",
        61975.929950579186,
        3861.037397848778,
        0.998344567069884,
        &[(1, 70555.0), (2, 77786.0), (4, 87621.0), (8, 104946.0), (16, 111716.0), (32, 167791.0), (64, 285996.0), (96, 442530.0), (128, 563120.0), (256, 1051348.0)],
    ),
    (
        "wide-parallel",
        144426.55400898046,
        4731.911795568691,
        0.9960910483469922,
        &[(1, 147370.0), (2, 131336.0), (4, 163274.0), (8, 181771.0), (16, 211485.0), (32, 308931.0), (64, 448359.0), (96, 583551.0), (128, 810194.0), (256, 1330265.0)],
    ),
];
