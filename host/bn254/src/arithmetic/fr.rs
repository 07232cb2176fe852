//! The scalar field Fr of BN254, `r = 36x⁴ + 36x³ + 18x² + 6x + 1` (254 bits), the
//! order of G1 and G2: an instance of zkhost-mont's generic prime field, like
//! [`super::fp::Fp`]. Poseidon hashes over it (`zkhost-poseidon`).

use zkhost_mont::MontConfig;

/// `r`, little-endian words.
pub(crate) const R: [u64; 4] = [
    0x43e1_f593_f000_0001,
    0x2833_e848_79b9_7091,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
];

/// BN254's scalar field for [`zkhost_mont::Fp`]: the modulus; the Montgomery
/// constants follow from it at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FrConfig;

impl MontConfig for FrConfig {
    const P: [u64; 4] = R;
}

/// An element of Fr in Montgomery form, `< r`.
pub type Fr = zkhost_mont::Fp<FrConfig>;
