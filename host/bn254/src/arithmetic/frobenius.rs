//! The constants of the tower's Frobenius maps, for Fp6 and Fp12 (and G2's ψ):
//! powers of the non-residue ξ, computed once. Apart from both towers so that
//! neither imports the other.

use std::sync::OnceLock;

use zkhost_mont::words::{div_small, sub_words};
use zkhost_mont::Field;

use super::fp::{Fp, P};
use super::fp2::Fp2;

/// `ξ^(j(pᵏ−1)/6)` for `k` in 0..=3 (rows) and `j` in 0..6 (columns): the factor
/// the k-th Frobenius map puts on the coefficient of `wʲ`. Computed once.
pub(crate) fn frobenius_coefficients() -> &'static [[Fp2; 6]; 4] {
    static COEFFS: OnceLock<[[Fp2; 6]; 4]> = OnceLock::new();
    COEFFS.get_or_init(|| {
        let xi = Fp2::new(Fp::from_u64(9), Fp::ONE);
        // (p − 1)/6, exact since p ≡ 1 (mod 6).
        let e = div_small(&sub_words(&P, &[1, 0, 0, 0]).0, 6);
        let g1 = xi.pow(&e);
        let mut out = [[Fp2::ONE; 6]; 4];
        for j in 1..6 {
            let g1j = out[1][j - 1] * g1;
            out[1][j] = g1j;
            // (p² − 1)/6 = (p − 1)/6·(p + 1); (p³ − 1)/6 = (p − 1)/6·(p² + p + 1);
            // raising to p conjugates.
            out[2][j] = g1j * g1j.conjugate();
            out[3][j] = out[2][j] * g1j;
        }
        out
    })
}
