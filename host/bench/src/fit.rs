//! Least-squares fits of time against size, with the coefficient of determination,
//! 95% intervals of both coefficients and the residuals.

/// `y ≈ a + b·x`, fitted by ordinary least squares, and its R².
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Linear {
    /// Intercept (ns).
    pub a: f64,
    /// Slope (ns per unit of size).
    pub b: f64,
    /// Coefficient of determination: 1 − SS_res / SS_tot.
    pub r2: f64,
    /// Half-width of the 95% interval of `a` (Student's t with n − 2 degrees of
    /// freedom; 0 for two points, where the line is exact).
    pub a_ci: f64,
    /// Half-width of the 95% interval of `b`.
    pub b_ci: f64,
    /// Largest |residual| relative to the fitted value, as a fraction.
    pub max_residual: f64,
}

impl Linear {
    /// The fit's JSON fields (coefficients with their 95% half-widths).
    pub fn json(self) -> serde_json::Value {
        serde_json::json!({"a_ns": self.a, "b_ns": self.b, "r2": self.r2,
            "a_ci95_ns": self.a_ci, "b_ci95_ns": self.b_ci, "max_residual": self.max_residual})
    }
}

/// The 97.5th percentile of Student's t for 1 to 30 degrees of freedom; the normal
/// 1.96 beyond.
const T975: [f64; 30] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042,
];

fn t975(df: usize) -> f64 {
    T975.get(df.wrapping_sub(1)).copied().unwrap_or(1.96)
}

/// Each point's residual `y − (a + b·x)`.
pub fn residuals(f: &Linear, points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    points.iter().map(|&(x, y)| (x, y - f.at(x))).collect()
}

impl Linear {
    /// The fitted value at `x`.
    pub fn at(&self, x: f64) -> f64 {
        self.a + self.b * x
    }
}

/// Fits `y = a + b·x` to the points; `None` for fewer than two distinct x.
pub fn linear(points: &[(f64, f64)]) -> Option<Linear> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx == 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let ss_tot: f64 = points.iter().map(|p| (p.1 - my).powi(2)).sum();
    let ss_res: f64 = points.iter().map(|p| (p.1 - (a + b * p.0)).powi(2)).sum();
    let r2 = if ss_tot == 0.0 {
        1.0
    } else {
        1.0 - ss_res / ss_tot
    };
    let df = points.len() - 2;
    let (a_ci, b_ci) = if df == 0 {
        (0.0, 0.0)
    } else {
        let s2 = ss_res / df as f64;
        let t = t975(df);
        let se_b = (s2 / sxx).sqrt();
        let se_a = (s2 * (1.0 / n + mx * mx / sxx)).sqrt();
        (t * se_a, t * se_b)
    };
    let max_residual = points
        .iter()
        .map(|&(x, y)| {
            let fx = a + b * x;
            if fx.abs() > 0.0 {
                ((y - fx) / fx).abs()
            } else {
                0.0
            }
        })
        .fold(0.0, f64::max);
    Some(Linear {
        a,
        b,
        r2,
        a_ci,
        b_ci,
        max_residual,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_line() {
        let f = linear(&[(1.0, 5.0), (2.0, 7.0), (4.0, 11.0)]).unwrap();
        assert!((f.a - 3.0).abs() < 1e-9 && (f.b - 2.0).abs() < 1e-9 && (f.r2 - 1.0).abs() < 1e-12);
        assert!(f.a_ci < 1e-9 && f.b_ci < 1e-9 && f.max_residual < 1e-12);
    }

    #[test]
    fn intervals_match_the_textbook_formulas() {
        // x = 1..4, y = 5, 9, 7, 11: b = 1.6, a = 4, SS_res = 7.2, s² = 3.6,
        // se(b) = √(3.6/5), se(a) = √(3.6·(1/4 + 6.25/5)), t(2) = 4.303.
        let pts = [(1.0, 5.0), (2.0, 9.0), (3.0, 7.0), (4.0, 11.0)];
        let f = linear(&pts).unwrap();
        assert!((f.b - 1.6).abs() < 1e-9 && (f.a - 4.0).abs() < 1e-9);
        assert!((f.b_ci - 4.303 * (3.6f64 / 5.0).sqrt()).abs() < 1e-9);
        assert!((f.a_ci - 4.303 * (3.6f64 * (0.25 + 6.25 / 5.0)).sqrt()).abs() < 1e-9);
        let r = residuals(&f, &pts);
        assert!((r[1].1 - 1.8).abs() < 1e-9);
        assert!((f.max_residual - 1.8 / 7.2).abs() < 1e-9);
    }

    #[test]
    fn noisy_line_has_lower_r2() {
        let f = linear(&[(1.0, 5.0), (2.0, 9.0), (3.0, 7.0), (4.0, 11.0)]).unwrap();
        assert!(f.r2 < 0.9 && f.r2 > 0.0);
        assert!(linear(&[(1.0, 1.0)]).is_none());
        assert!(linear(&[(1.0, 1.0), (1.0, 2.0)]).is_none());
    }
}
