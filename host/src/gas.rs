//! Gas schedules for the BN254 precompiles and the verkle host functions.
//!
//! Prices are a value, not constants scattered through the code: a chain picks a
//! preset (or builds its own) and every path — native, contract, CLI — prices an
//! operation from the same [`GasSchedule`]. Every price depends on the input length
//! alone, so it can be charged before a single byte is decoded.

use crate::bn254::{Op, PAIR_LEN};

/// Prices of the alt_bn128 operations, in gas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GasSchedule {
    /// ECADD (precompile 0x06).
    pub add: u64,
    /// ECMUL (precompile 0x07).
    pub mul: u64,
    /// Fixed part of the pairing check (precompile 0x08).
    pub pairing_base: u64,
    /// Price of each 192-byte pair of the pairing check.
    pub pairing_per_pair: u64,
}

impl GasSchedule {
    /// EIP-1108 (Istanbul) prices, in force on Ethereum since 2019.
    pub const ISTANBUL: GasSchedule = GasSchedule {
        add: 150,
        mul: 6_000,
        pairing_base: 45_000,
        pairing_per_pair: 34_000,
    };

    /// The original EIP-196/197 (Byzantium) prices.
    pub const BYZANTIUM: GasSchedule = GasSchedule {
        add: 500,
        mul: 40_000,
        pairing_base: 100_000,
        pairing_per_pair: 80_000,
    };

    /// The gas of `op` on an input of `input_len` bytes.
    ///
    /// Depends on the length only, never on the content, and is what Ethereum charges
    /// whether or not the input turns out to be valid. The MSM is priced by the EIP-2537
    /// method from the mul price: `k × mul × discount(k) / 1000` for `k = len / 96`. The pairing price counts whole
    /// 192-byte pairs (`floor(len / 192)`), as go-ethereum and revm do. Saturates
    /// rather than overflowing for absurd lengths.
    pub fn gas(&self, op: Op, input_len: usize) -> u64 {
        match op {
            Op::Add => self.add,
            Op::Mul => self.mul,
            Op::Msm => crate::msm::gas(input_len / crate::msm::RECORD_LEN, self.mul),
            Op::Pairing => {
                let pairs = (input_len / PAIR_LEN) as u64;
                self.pairing_per_pair
                    .saturating_mul(pairs)
                    .saturating_add(self.pairing_base)
            }
        }
    }
}

/// Prices of the verkle host functions, in gas. Each is a base plus a price per
/// scalar (commit) or per entry (update), computed from the input length before any
/// work and set for the worst case: every scalar non-zero and full-size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct VerkleGas {
    /// `verkle_commit`: fixed part.
    pub commit_base: u64,
    /// `verkle_commit`: per 32-byte scalar.
    pub commit_per_scalar: u64,
    /// `verkle_update`: fixed part (decoding and encoding the commitment).
    pub update_base: u64,
    /// `verkle_update`: per 65-byte entry.
    pub update_per_entry: u64,
    /// `verkle_commitment_to_field`.
    pub to_field: u64,
}

impl VerkleGas {
    /// zkhost's schedule, derived from `zkhost bench` at 100 Mgas/s (10 ns a gas) on
    /// the reference machine, rounded up; see README.md, "Verkle".
    pub const ZKHOST: VerkleGas = VerkleGas {
        commit_base: 10_000,
        commit_per_scalar: 600,
        update_base: 10_000,
        update_per_entry: 750,
        to_field: 2_000,
    };

    /// The gas of `op` on an input of `input_len` bytes (saturating).
    pub fn gas(&self, op: crate::verkle::Op, input_len: usize) -> u64 {
        use crate::verkle::Op;
        let size = op.size(input_len);
        match op {
            Op::Commit => self
                .commit_per_scalar
                .saturating_mul(size)
                .saturating_add(self.commit_base),
            Op::Update => self
                .update_per_entry
                .saturating_mul(size)
                .saturating_add(self.update_base),
            Op::ToField => self.to_field,
        }
    }
}

impl Default for VerkleGas {
    fn default() -> Self {
        VerkleGas::ZKHOST
    }
}

impl Default for GasSchedule {
    fn default() -> Self {
        GasSchedule::ISTANBUL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eip1108_prices() {
        let s = GasSchedule::ISTANBUL;
        assert_eq!(s.gas(Op::Add, 0), 150);
        assert_eq!(s.gas(Op::Mul, 1000), 6_000);
        assert_eq!(s.gas(Op::Pairing, 0), 45_000);
        assert_eq!(s.gas(Op::Pairing, 191), 45_000);
        assert_eq!(s.gas(Op::Pairing, 192), 79_000);
        assert_eq!(s.gas(Op::Pairing, 385), 113_000);
        assert_eq!(GasSchedule::BYZANTIUM.gas(Op::Pairing, 384), 260_000);
        assert_eq!(s.gas(Op::Pairing, usize::MAX), u64::MAX);
    }
}
