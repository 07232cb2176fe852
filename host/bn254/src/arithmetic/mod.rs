//! BN254's arithmetic, written here for the three precompiles (zkhost's own
//! backend, [`crate::Backend::ZKHOST`]): its two prime fields, the extension tower,
//! the groups G1 and G2 and the pairing, in Rust with x86-64 assembly for the field
//! operations (zkhost-mont's, chosen at run time; portable code elsewhere). Named as
//! RustCrypto's curve crates name theirs (`p256::arithmetic`).
//!
//! - `fp`, `fr`: the base and scalar fields, instances of [`zkhost_mont::Fp`]
//!   (whose binary-GCD inversion and word helpers they use);
//! - `fp2`, `fp6`, `fp12`: the tower Fp ⊂ Fp2 ⊂ Fp6 ⊂ Fp12 with
//!   `u² = −1`, `v³ = 9 + u`, `w² = v` — the same as arkworks', so the tests compare
//!   element by element; `frobenius`: the constants of its Frobenius maps;
//! - `jacobian`, `g1`, `g2`: curve arithmetic over any [`zkhost_mont::Field`], GLV
//!   for G1 multiplication, the ψ-based subgroup test for G2;
//! - `pairing`: the shared Miller loop and the final exponentiation.
//!
//! Nothing here is constant time: every input of a precompile is public.

/// `+`, `−`, `·` and unary `−` by value, through a type's inherent `add`, `sub`,
/// `mul` and `neg` (all extension-field types here are small `Copy` values; the
/// prime fields have theirs from zkhost-mont).
macro_rules! impl_ops {
    ($t:ty) => {
        impl core::ops::Add for $t {
            type Output = $t;
            #[inline(always)]
            fn add(self, b: $t) -> $t {
                <$t>::add(&self, &b)
            }
        }
        impl core::ops::Sub for $t {
            type Output = $t;
            #[inline(always)]
            fn sub(self, b: $t) -> $t {
                <$t>::sub(&self, &b)
            }
        }
        impl core::ops::Mul for $t {
            type Output = $t;
            #[inline(always)]
            fn mul(self, b: $t) -> $t {
                <$t>::mul(&self, &b)
            }
        }
        impl core::ops::Neg for $t {
            type Output = $t;
            #[inline(always)]
            fn neg(self) -> $t {
                <$t>::neg(&self)
            }
        }
    };
}

#[cfg(feature = "abi")]
mod engine;
pub mod fp;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod fr;
pub mod frobenius;
pub mod g1;
pub mod g2;
pub mod jacobian;
pub mod pairing;
// The pairing check of zkhost's backend uses the Miller loop and final
// exponentiation; the rest (lane operations the tests and examples time alone) is
// for the tests and the `internals` API (where clippy, seeing the lane types
// exported, accepts their `to_fp2(&self)`).
#[cfg(target_arch = "x86_64")]
#[cfg_attr(
    not(feature = "internals"),
    allow(dead_code, clippy::wrong_self_convention)
)]
pub mod vector;

#[cfg(test)]
mod tests;

/// The BN parameter x: `p` and `r` are polynomials in it; the Miller loop runs over
/// `6x + 2`.
pub const BN_X: u64 = 4_965_661_367_192_848_881;

/// The NAF digits of [`BN_X`], computed once (the G2 subgroup test multiplies by x).
pub(crate) fn x_naf() -> &'static [i8] {
    static DIGITS: std::sync::OnceLock<Vec<i8>> = std::sync::OnceLock::new();
    DIGITS.get_or_init(|| naf(u128::from(BN_X)))
}

/// The non-adjacent form of `k`: digits in {−1, 0, 1}, least significant first, no
/// two adjacent non-zero.
pub(crate) fn naf(k: u128) -> Vec<i8> {
    wnaf(k, 2)
}

/// The width-`w` NAF of `k` (`2 ≤ w ≤ 7`): digits odd and below `2^(w−1)` in absolute
/// value, or zero, least significant first; of any `w` consecutive digits at most one
/// is non-zero.
pub(crate) fn wnaf(mut k: u128, w: u32) -> Vec<i8> {
    let mut digits = Vec::with_capacity(130);
    let (modulus, half) = (1i32 << w, 1i32 << (w - 1));
    while k != 0 {
        if k & 1 == 1 {
            // k mod 2^w, taken into (−2^(w−1), 2^(w−1)): k − d is then divisible
            // by 2^w (and never negative: d ≤ k when d > 0).
            let mut d = (k % modulus as u128) as i32;
            if d >= half {
                d -= modulus;
            }
            digits.push(d as i8);
            k = if d > 0 {
                k - d as u128
            } else {
                k + (-d) as u128
            };
        } else {
            digits.push(0);
        }
        k >>= 1;
    }
    digits
}
