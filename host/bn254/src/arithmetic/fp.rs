//! The base field Fp of BN254, `p = 36x⁴ + 36x³ + 24x² + 6x + 1` (254 bits): an
//! instance of zkhost-mont's generic prime field, [`zkhost_mont::Fp`].
//!
//! Elements are four little-endian words in Montgomery form (`a·2²⁵⁶ mod p`), the
//! same words arkworks keeps, always fully reduced (`< p`). Multiplication is
//! [`zkhost_mont::mul`] (MULX/ADX assembly where the CPU has it, portable Rust
//! elsewhere); Fp2 multiplication uses its two halves apart, the 512-bit products
//! and one reduction per coefficient (lazy reduction, see [`super::fp2`]); addition
//! and subtraction use the two spare top bits of `p` so that no sum overflows 256
//! bits. Inversion is zkhost-mont's binary extended GCD ([`zkhost_mont::inverse`]).

use zkhost_mont::{Modulus, MontConfig};

/// `p`, little-endian words.
pub(crate) const P: [u64; 4] = [
    0x3c20_8c16_d87c_fd47,
    0x9781_6a91_6871_ca8d,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
];

/// BN254's base field for [`zkhost_mont::Fp`]: the modulus; the Montgomery
/// constants follow from it at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FpConfig;

impl MontConfig for FpConfig {
    const P: [u64; 4] = P;
}

/// An element of Fp in Montgomery form, `< p`.
pub type Fp = zkhost_mont::Fp<FpConfig>;

/// The modulus with its Montgomery constant.
pub(crate) const MODULUS: Modulus = FpConfig::MODULUS;

/// `p²`, eight words ([`MontConfig::P_SQUARED`]).
pub(crate) const P_SQUARED: [u64; 8] = FpConfig::P_SQUARED;

/// `2⁵¹² mod p`: multiplying by it converts into Montgomery form.
pub(crate) const R2: [u64; 4] = FpConfig::R2;
