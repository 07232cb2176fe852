//! Least-squares fits of time against size, with the coefficient of determination.

/// `y ≈ a + b·x`, fitted by ordinary least squares, and its R².
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Linear {
    /// Intercept (ns).
    pub a: f64,
    /// Slope (ns per unit of size).
    pub b: f64,
    /// Coefficient of determination: 1 − SS_res / SS_tot.
    pub r2: f64,
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
    Some(Linear { a, b, r2 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_line() {
        let f = linear(&[(1.0, 5.0), (2.0, 7.0), (4.0, 11.0)]).unwrap();
        assert!((f.a - 3.0).abs() < 1e-9 && (f.b - 2.0).abs() < 1e-9 && (f.r2 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn noisy_line_has_lower_r2() {
        let f = linear(&[(1.0, 5.0), (2.0, 9.0), (3.0, 7.0), (4.0, 11.0)]).unwrap();
        assert!(f.r2 < 0.9 && f.r2 > 0.0);
        assert!(linear(&[(1.0, 1.0)]).is_none());
        assert!(linear(&[(1.0, 1.0), (1.0, 2.0)]).is_none());
    }
}
