//! Every crypto host function bound to its implementation and its price, by name.
//!
//! zkhost-abi's table ([`zkhost_abi::foreach_crypto_function!`]) declares each
//! function: its import name, lengths and refusal. This module binds each row, as
//! wasmtime binds its builtin table, to a [`Binding`] of the same name in the file
//! of its family: what it computes (on the [`Backends`] asked for) and what it
//! charges (from the input's length, and from its content where a header declares a
//! count). [`binding`] is made from the table, so a row without a binding does not
//! compile, and the runtime's dispatch ([`compute_on`]) and its gas ([`Prices`])
//! are read from [`binding`]: adding a function is its row, its binding (the
//! implementation's call with its price beside it), its vectors, its test and its
//! prose.

// The bindings are named as the table's rows, which are the functions' import names.
#![allow(non_upper_case_globals)]

mod bls;
mod bls12;
mod bn254;
mod ed25519;
mod kzg;
mod p256;
mod poseidon;
mod secp256k1;
mod verkle;

use zkhost_abi::Crypto;
use zkhost_gas::HostCosts;

use crate::outcome::HostError;

/// The backends [`compute_on`] runs a function on, for the families that have more
/// than one. The default is the host functions' own choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backends {
    /// BN254's add, mul, pairing, MSM and compression (`None`: the fastest measured
    /// per operation).
    pub bn254: Option<zkhost_bn254::Backend>,
    /// BLS12-381's EIP-2537 operations.
    pub bls12: zkhost_bls12381::Backend,
}

/// One crypto host function's implementation and price.
#[derive(Clone, Copy)]
pub struct Binding {
    /// The output of an accepted input, or why it is refused.
    pub compute: fn(Backends, &[u8]) -> Result<Vec<u8>, HostError>,
    /// The operation's own price for an input of this length (not counting the host
    /// call and the bytes moved), charged before the input is read.
    pub price: fn(&HostCosts, usize) -> u64,
    /// The part of the price only the input's content tells (the records or keys a
    /// header declares), charged once the input is in bounds, before any work.
    pub content_price: fn(&HostCosts, &[u8]) -> u64,
}

/// No part of the price depends on the content: the [`Binding::content_price`] of
/// every function priced by its length alone.
fn by_length_alone(_: &HostCosts, _: &[u8]) -> u64 {
    0
}

/// Expands the table into [`binding`], naming each row's binding.
macro_rules! bindings {
    ($(
        $(#[$doc:meta])*
        $name:ident: $variant:ident, $family:ident, [$($input:expr)?], $len:expr, $report:literal,
            $refusal:ident;
    )*) => {
        /// The binding of `op`: the one named as its row.
        pub const fn binding(op: Crypto) -> &'static Binding {
            match op {
                $(Crypto::$variant => &bound::$name,)*
            }
        }

        /// The bindings by name, each from its family's file.
        mod bound {
            $(pub(super) use super::$family::$name;)*
        }
    };
}

// The families' files, by the table's family names.
#[allow(non_snake_case, unused_imports)]
mod family_names {
    pub(super) use super::bls as BlsSignatures;
    pub(super) use super::bls12 as Bls12381;
    pub(super) use super::bn254 as Bn254;
    pub(super) use super::ed25519 as Ed25519;
    pub(super) use super::kzg as Kzg;
    pub(super) use super::p256 as P256;
    pub(super) use super::poseidon as Poseidon;
    pub(super) use super::secp256k1 as Secp256k1;
    pub(super) use super::verkle as Verkle;
}
#[allow(unused_imports)]
use family_names::*;

zkhost_abi::foreach_crypto_function!(bindings);

/// What a crypto function computes from its input bytes, exactly as the host
/// function does (the same front end, backend choice and errors), without a runtime:
/// the output, or why the input is refused.
pub fn compute(
    op: Crypto,
    backend: Option<zkhost_bn254::Backend>,
    input: &[u8],
) -> Result<Vec<u8>, HostError> {
    compute_on(
        op,
        Backends {
            bn254: backend,
            ..Backends::default()
        },
        input,
    )
}

/// [`compute`] on the given backends: the one dispatch from a [`Crypto`] function to
/// its crypto crate, through its [`Binding`]. The tests' models call it with
/// backends other than the host's (their expectation then comes from a second
/// implementation).
pub fn compute_on(op: Crypto, backends: Backends, input: &[u8]) -> Result<Vec<u8>, HostError> {
    (binding(op).compute)(backends, input)
}

/// The prices of the crypto functions under a schedule, from their bindings.
pub trait Prices {
    /// The operation's own price for a crypto function on `input_len` bytes (not
    /// counting the host call and the bytes).
    fn op_gas(&self, op: Crypto, input_len: usize) -> u64;
    /// The part of a crypto function's price that only its input's content tells,
    /// charged once the input is in bounds, before any work (a batch's records, the
    /// keys a header declares; 0 for a function the length alone prices).
    fn content_gas(&self, op: Crypto, input: &[u8]) -> u64;
    /// Everything a crypto function charges before it reads a byte:
    /// `host_call + per_byte·input_len + op_gas`.
    fn crypto_call(&self, op: Crypto, input_len: usize) -> u64;
    /// The whole price of a crypto function on `input`: [`Prices::crypto_call`] and
    /// [`Prices::content_gas`].
    fn crypto_call_on(&self, op: Crypto, input: &[u8]) -> u64;
}

impl Prices for HostCosts {
    fn op_gas(&self, op: Crypto, input_len: usize) -> u64 {
        (binding(op).price)(self, input_len)
    }

    fn content_gas(&self, op: Crypto, input: &[u8]) -> u64 {
        (binding(op).content_price)(self, input)
    }

    fn crypto_call(&self, op: Crypto, input_len: usize) -> u64 {
        self.call(
            u64::try_from(input_len).unwrap_or(u64::MAX),
            self.op_gas(op, input_len),
        )
    }

    fn crypto_call_on(&self, op: Crypto, input: &[u8]) -> u64 {
        self.crypto_call(op, input.len())
            .saturating_add(self.content_gas(op, input))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zkhost_gas::SigGas;

    #[test]
    fn every_row_is_bound_in_its_place() {
        // The table's order is the bindings' order: a binding moved to another row
        // would price or compute another function. Each function's price is what its
        // family's schedule says for it (spot checks of each kind of rule).
        let c = HostCosts::ZKHOST;
        assert_eq!(c.op_gas(Crypto::AltBn128Mul, 96), c.precompiles.mul);
        assert_eq!(c.op_gas(Crypto::P256Verify, 160), c.kzg_p256.p256_verify);
        assert_eq!(
            c.op_gas(Crypto::KzgPointEvaluation, 192),
            c.kzg_p256.point_evaluation
        );
        assert_eq!(c.op_gas(Crypto::BlsG2Compress, 256), c.bls.g2_compress);
        assert_eq!(
            c.op_gas(Crypto::BlsAggregateG2, 3 * 96),
            3 * c.bls.aggregate_g2_per_point
        );
        assert_eq!(
            c.op_gas(Crypto::BlsHashToG2, 65),
            c.bls.hash_to_g2 + 3 * c.bls.per_word
        );
        assert_eq!(
            c.op_gas(Crypto::Secp256k1RecoverPubkey, 97),
            c.sig.secp256k1_recover
        );
    }

    #[test]
    fn content_prices_count_what_a_header_declares() {
        let (costs, g) = (HostCosts::ZKHOST, SigGas::ZKHOST);
        // An Ed25519 batch: two records (messages of 0 and 5 bytes), 205 bytes.
        let mut batch = [0u8; 205];
        batch[196..200].copy_from_slice(&5u32.to_be_bytes());
        batch[200..].fill(1);
        let length_part = g.ed25519_batch_base + 7 * g.ed25519_per_word;
        assert_eq!(
            costs.op_gas(Crypto::Ed25519BatchVerify, batch.len()),
            length_part
        );
        assert_eq!(
            costs.content_gas(Crypto::Ed25519BatchVerify, &batch),
            2 * g.ed25519_batch_per_record
        );
        assert_eq!(
            costs.crypto_call_on(Crypto::Ed25519BatchVerify, &batch),
            costs.host_call + batch.len() as u64 + length_part + 2 * g.ed25519_batch_per_record
        );
        // Cut short: no per-record part; a function priced by length: none either.
        assert_eq!(
            costs.content_gas(Crypto::Ed25519BatchVerify, &batch[..150]),
            0
        );
        assert_eq!(costs.content_gas(Crypto::Ed25519Verify, &batch), 0);
        assert_eq!(costs.content_gas(Crypto::AltBn128Pairing, &[]), 0);
        // A fast-aggregate check declaring 2 keys that the input holds, then 3 it
        // does not: the keys are charged only when they are there.
        let mut fast = vec![0u8; zkhost_abi::bls::FAST_AGGREGATE_HEADER_LEN + 2 * 48];
        fast[97..101].copy_from_slice(&2u32.to_be_bytes());
        assert_eq!(
            costs.content_gas(Crypto::BlsFastAggregateVerify, &fast),
            2 * costs.bls.fast_aggregate_per_key
        );
        fast[97..101].copy_from_slice(&3u32.to_be_bytes());
        assert_eq!(costs.content_gas(Crypto::BlsFastAggregateVerify, &fast), 0);
    }

    #[test]
    fn crypto_calls_add_the_host_call_and_the_bytes() {
        let c = HostCosts::ZKHOST;
        assert_eq!(c.crypto_call(Crypto::AltBn128Add, 128), 100 + 128 + 150);
        assert_eq!(
            c.crypto_call(Crypto::AltBn128Pairing, 384),
            100 + 384 + 113_000
        );
        assert_eq!(
            c.crypto_call(Crypto::VerkleCommitmentToField, 32),
            100 + 32 + 2_000
        );
        assert_eq!(c.crypto_call(Crypto::AltBn128G1Msm, usize::MAX), u64::MAX);
        assert_eq!(
            c.crypto_call(Crypto::Bls12PairingCheck, 768),
            100 + 768 + 37_700 + 2 * 32_600
        );
        assert_eq!(c.crypto_call(Crypto::Bls12G1Msm, 160), 100 + 160 + 12_000);
        assert_eq!(
            c.crypto_call(Crypto::Bls12MapFp2ToG2, 128),
            100 + 128 + 23_800
        );
    }

    #[test]
    fn the_eip_preset_adds_nothing_to_the_eip_prices() {
        let (z, e) = (HostCosts::ZKHOST, HostCosts::EIP);
        assert_eq!(z.crypto_call(Crypto::AltBn128Pairing, 384), 113_484);
        assert_eq!(e.crypto_call(Crypto::AltBn128Pairing, 384), 113_000);
        assert_eq!(e.crypto_call(Crypto::AltBn128Add, 128), 150);
        assert_eq!(e.crypto_call(Crypto::Bls12G1Add, 256), 375);
        for op in Crypto::ALL {
            assert_eq!(e.crypto_call(op, 192), e.op_gas(op, 192), "{op:?}");
            assert_eq!(e.op_gas(op, 192), z.op_gas(op, 192), "{op:?}");
        }
    }
}
