//! The guest contracts shipped with zkhost (built from `contracts/`, committed in
//! `fixtures/contracts/`) as the host sees them: their code, the [`Path`] an
//! operation takes through them, and how to read their answers.
//!
//! The `forwarder` contract is "the contract path": it runs a [`Message`] (a crypto
//! function and its input) on that host function, whichever it is. `wasm-pairing`
//! answers the same messages for BN254's add, mul, pairing and MSM computing everything
//! in pure WebAssembly, `wasm-poseidon` those for Poseidon. `pairing-bench` repeats a
//! pairing check N times in one call. `groth16-verifier` verifies a Groth16 proof with
//! the host functions ([`groth16`]), `groth16-compressed-verifier` one whose points are
//! compressed. The messages are the contract ABI's ([`zkhost_abi`]), defined once for
//! the host and the guest library.

pub mod groth16;

use std::fmt;
use std::str::FromStr;

use parity_scale_codec::{Decode, Encode};
use zkhost_abi::Crypto;
use zkhost_gas::{GasSchedule, HostCosts};
use zkhost_runtime::{CallError, CodeHash, ExecResult, HostError, Outcome, Runtime, TrapKind};

pub use zkhost_abi::{Message, Response};

/// zkhost's prices with nothing charged per host call or per byte moved and no price for
/// a BN254 operation (the other families keep theirs): a bundled contract's BN254 call
/// on it costs its own instructions alone. Tests derive a call's gas to the unit by
/// running it on these prices and on the real ones.
pub const BN254_AND_HOST_CALLS_FREE: HostCosts = HostCosts {
    precompiles: GasSchedule {
        add: 0,
        mul: 0,
        pairing_base: 0,
        pairing_per_pair: 0,
    },
    ..HostCosts::EIP
};

/// `contracts/forwarder`: runs each [`Message`] on its host function.
pub const FORWARDER_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/forwarder.wasm");
/// `contracts/wasm-pairing`: BN254's add, mul, pairing and MSM (and Groth16) computed in
/// pure WebAssembly.
pub const WASM_PAIRING_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/wasm-pairing.wasm");
/// `contracts/wasm-poseidon`: the same answers as [`FORWARDER_WASM`] to every Poseidon
/// [`Message`], circomlib's Poseidon computed in pure WebAssembly (no host crypto).
pub const WASM_POSEIDON_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/wasm-poseidon.wasm");
/// `contracts/pairing-bench`: a pairing check repeated N times in one call.
pub const PAIRING_BENCH_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/pairing-bench.wasm");
/// `contracts/groth16-verifier`: a Groth16 verifier on the host functions.
pub const GROTH16_VERIFIER_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/groth16-verifier.wasm");

/// `contracts/groth16-compressed-verifier`: the Groth16 verifier for a proof whose
/// points are compressed ([`zkhost_abi::groth16::CompressedRequest`]).
pub const GROTH16_COMPRESSED_VERIFIER_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/groth16-compressed-verifier.wasm");

/// `contracts/eth-sync-committee`: an Ethereum light client's sync-committee check
/// (its messages: [`crate::sync_committee`]).
pub const ETH_SYNC_COMMITTEE_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/eth-sync-committee.wasm");

/// `contracts/wasm-sync-committee`: the same `Update` answers as
/// [`ETH_SYNC_COMMITTEE_WASM`], computed in pure WebAssembly (arkworks in the contract).
pub const WASM_SYNC_COMMITTEE_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/wasm-sync-committee.wasm");

/// Gas enough for any operation of the bundled contracts on inputs up to the runtime's
/// input limit, including the pure-WebAssembly pairing.
pub const GENEROUS_GAS: u64 = 1 << 40;

/// Where an operation is computed: the one notion of "path" the CLI, the benchmark
/// and the tests share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Path {
    /// The library called directly (`zkhost_runtime::compute`: what the host function
    /// computes, without a contract).
    Native,
    /// Through a contract and the host functions, on a warm instance (the CLI makes a
    /// fresh instance per call, which gives the same outputs and gas).
    Contract,
    /// Through a contract and the host functions, a fresh pooled instance per call, as
    /// a node runs one transaction.
    ContractCold,
    /// Computed inside a contract in pure WebAssembly, no host crypto: `wasm-pairing`
    /// (BN254's add, mul, pairing and MSM, and Groth16) or `wasm-poseidon` (Poseidon).
    Wasm,
}

impl Path {
    /// Every path.
    pub const ALL: [Path; 4] = [Path::Native, Path::Contract, Path::ContractCold, Path::Wasm];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Path::Native => "native",
            Path::Contract => "contract",
            Path::ContractCold => "contract-cold",
            Path::Wasm => "wasm",
        }
    }

    /// The contract that computes `op` on this path: `forwarder` on the contract paths;
    /// on the wasm path `wasm-pairing` for BN254's add, mul, pairing and MSM and
    /// `wasm-poseidon` for Poseidon; `None` natively, and for every other function in
    /// pure WebAssembly (there is no such contract).
    pub fn contract(self, op: Crypto) -> Option<&'static [u8]> {
        match self {
            Path::Native => None,
            Path::Contract | Path::ContractCold => Some(FORWARDER_WASM),
            Path::Wasm => match op {
                Crypto::AltBn128Add
                | Crypto::AltBn128Mul
                | Crypto::AltBn128Pairing
                | Crypto::AltBn128G1Msm => Some(WASM_PAIRING_WASM),
                Crypto::Poseidon => Some(WASM_POSEIDON_WASM),
                _ => None,
            },
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Path {
    type Err = String;
    fn from_str(s: &str) -> Result<Path, String> {
        Path::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                format!("unknown path {s:?} (expected native, contract, contract-cold or wasm)")
            })
    }
}

/// The SCALE [`Message`] that asks a bundled contract for `op` on `input`.
pub fn message(op: Crypto, input: Vec<u8>) -> Vec<u8> {
    Message::new(op, input).encode()
}

/// Why an operation run through a contract did not produce an output.
#[derive(Debug, thiserror::Error)]
pub enum ViaError {
    /// The input was refused, with the same reason the native path gives.
    #[error("{0}")]
    Invalid(HostError),
    /// The host function refused the input but gave no reason (cannot happen with the
    /// bundled contracts).
    #[error("invalid input")]
    InvalidUnknown,
    /// The call trapped.
    #[error("contract trapped: {0}")]
    Trap(TrapKind),
    /// The output was not a SCALE `Response`.
    #[error("malformed contract response")]
    Malformed,
    /// The call could not be made.
    #[error(transparent)]
    Call(#[from] CallError),
}

/// Runs `op` on `input` through a deployed contract of [`Path::contract`] (the
/// caller deploys the right one); returns the outcome and the decoded result.
pub fn run(
    runtime: &Runtime,
    code: &CodeHash,
    op: Crypto,
    input: &[u8],
    gas_limit: u64,
) -> (Option<Outcome>, Result<Vec<u8>, ViaError>) {
    let outcome = match runtime.call(code, &message(op, input.to_vec()), gas_limit) {
        Ok(o) => o,
        Err(e) => return (None, Err(e.into())),
    };
    let result = decode_response(&outcome);
    (Some(outcome), result)
}

/// Interprets an outcome of the `forwarder`, `wasm-pairing` or `wasm-poseidon` contract:
/// `Response::Err(0)` takes its reason from the outcome's diagnostic, the other codes
/// are [`zkhost_bn254::Error::code`]s.
pub fn decode_response(outcome: &Outcome) -> Result<Vec<u8>, ViaError> {
    let output = match &outcome.result {
        ExecResult::Success(o) => o,
        ExecResult::Trap(t) => return Err(ViaError::Trap(*t)),
    };
    match Response::decode(&mut &output[..]).map_err(|_| ViaError::Malformed)? {
        Response::Ok(bytes) => Ok(bytes),
        Response::Err(zkhost_abi::err::INVALID) => Err(outcome
            .last_host_error
            .clone()
            .map(ViaError::Invalid)
            .unwrap_or(ViaError::InvalidUnknown)),
        Response::Err(code) => Err(zkhost_bn254::Error::from_code(code)
            .map(|e| ViaError::Invalid(HostError::new(e.last_error(), e)))
            .unwrap_or(ViaError::Malformed)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_a_contract_path_and_a_message() {
        for op in Crypto::ALL {
            assert!(Path::Contract.contract(op).is_some(), "{op:?}");
            assert_eq!(Path::Native.contract(op), None);
            // The payload is the raw input, behind the index byte and the length.
            assert_eq!(message(op, vec![7]), [op.index(), 4, 7], "{op:?}");
        }
        for p in Path::ALL {
            assert_eq!(p.name().parse::<Path>(), Ok(p));
        }
        assert!("warm".parse::<Path>().is_err());
    }
}
