//! The guest contracts shipped with zkhost (built from `contracts/`, committed in
//! `fixtures/contracts/`), and the SCALE messages they exchange with the host side.
//!
//! The `precompiles` contract is "the contract path": it forwards a [`Message`] to the
//! matching host function. `wasm-pairing` answers the same messages computing
//! everything in pure WebAssembly. `pairing-bench` repeats a pairing check N times
//! in one call. `verkle` forwards a [`VerkleMessage`] to the verkle host functions.
//! `groth16-verifier` verifies a Groth16 proof with the host functions (see
//! [`crate::groth16`]).

use parity_scale_codec::{Decode, Encode};

use crate::bn254::{self, Op};
use crate::runtime::{CallError, CodeHash, ExecResult, HostError, Outcome, Runtime};
use crate::verkle;

/// `contracts/precompiles`: forwards each message to the host function.
pub const PRECOMPILES_WASM: &[u8] = include_bytes!("../../fixtures/contracts/precompiles.wasm");
/// `contracts/wasm-pairing`: the same operations computed in pure WebAssembly.
pub const WASM_PAIRING_WASM: &[u8] = include_bytes!("../../fixtures/contracts/wasm-pairing.wasm");
/// `contracts/verkle`: forwards each [`VerkleMessage`] to the verkle host functions.
pub const VERKLE_WASM: &[u8] = include_bytes!("../../fixtures/contracts/verkle.wasm");
/// `contracts/pairing-bench`: a pairing check repeated N times in one call.
pub const PAIRING_BENCH_WASM: &[u8] = include_bytes!("../../fixtures/contracts/pairing-bench.wasm");
/// `contracts/groth16-verifier`: a Groth16 verifier on the host functions.
pub const GROTH16_VERIFIER_WASM: &[u8] =
    include_bytes!("../../fixtures/contracts/groth16-verifier.wasm");

/// A request to the `precompiles` and `wasm-pairing` contracts (SCALE, variant order
/// fixed: 0 add, 1 mul, 2 pairing, 3 msm). Each carries the raw precompile input.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Message {
    /// ECADD input.
    Add(Vec<u8>),
    /// ECMUL input.
    Mul(Vec<u8>),
    /// Pairing-check input.
    Pairing(Vec<u8>),
    /// G1 multi-scalar multiplication input.
    Msm(Vec<u8>),
}

impl Message {
    /// The message for a BN254 precompile.
    pub fn for_op(op: Op, input: Vec<u8>) -> Message {
        match op {
            Op::Add => Message::Add(input),
            Op::Mul => Message::Mul(input),
            Op::Pairing => Message::Pairing(input),
            Op::Msm => Message::Msm(input),
        }
    }
}

/// A request to the `verkle` contract (SCALE, variant order fixed: 0 commit,
/// 1 commitment to field, 2 update). Each carries the host function's raw input.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum VerkleMessage {
    /// `verkle_commit` input.
    Commit(Vec<u8>),
    /// `verkle_commitment_to_field` input.
    ToField(Vec<u8>),
    /// `verkle_update` input.
    Update(Vec<u8>),
}

impl VerkleMessage {
    /// The message for a verkle operation.
    pub fn for_op(op: verkle::Op, input: Vec<u8>) -> VerkleMessage {
        match op {
            verkle::Op::Commit => VerkleMessage::Commit(input),
            verkle::Op::ToField => VerkleMessage::ToField(input),
            verkle::Op::Update => VerkleMessage::Update(input),
        }
    }
}

/// Runs a verkle operation on `input` through a deployed `verkle` contract; returns
/// the outcome and the decoded result.
pub fn run_verkle_op(
    runtime: &Runtime,
    code: &CodeHash,
    op: verkle::Op,
    input: &[u8],
    gas_limit: u64,
) -> (Option<Outcome>, Result<Vec<u8>, ViaError>) {
    let message = VerkleMessage::for_op(op, input.to_vec()).encode();
    let outcome = match runtime.call(code, &message, gas_limit) {
        Ok(o) => o,
        Err(e) => return (None, Err(e.into())),
    };
    let result = decode_response(&outcome);
    (Some(outcome), result)
}

/// A contract's answer: the operation's output, or an error code (0 = the host
/// function returned 1, reason in the outcome's diagnostic; 1–6 = [`bn254::Error::code`]).
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Response {
    /// The operation's output bytes.
    Ok(Vec<u8>),
    /// The operation refused its input.
    Err(u8),
}

/// Which contract computes an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// `precompiles`: the host functions, through a contract.
    Contract,
    /// `wasm-pairing`: pure WebAssembly, no host crypto.
    Wasm,
}

impl Via {
    /// The contract's code.
    pub fn wasm(self) -> &'static [u8] {
        match self {
            Via::Contract => PRECOMPILES_WASM,
            Via::Wasm => WASM_PAIRING_WASM,
        }
    }
}

/// Gas enough for any operation of the bundled contracts on inputs up to the runtime's
/// input limit, including the pure-WebAssembly pairing.
pub const GENEROUS_GAS: u64 = 1 << 40;

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
    Trap(crate::runtime::TrapKind),
    /// The output was not a SCALE `Response`.
    #[error("malformed contract response")]
    Malformed,
    /// The call could not be made.
    #[error(transparent)]
    Call(#[from] CallError),
}

/// Runs `op` on `input` through a deployed `precompiles` or `wasm-pairing` contract;
/// returns the outcome and the decoded result.
pub fn run_op(
    runtime: &Runtime,
    code: &CodeHash,
    op: Op,
    input: &[u8],
    gas_limit: u64,
) -> (Option<Outcome>, Result<Vec<u8>, ViaError>) {
    let message = Message::for_op(op, input.to_vec()).encode();
    let outcome = match runtime.call(code, &message, gas_limit) {
        Ok(o) => o,
        Err(e) => return (None, Err(e.into())),
    };
    let result = decode_response(&outcome);
    (Some(outcome), result)
}

/// Interprets an outcome of the `precompiles` or `wasm-pairing` contract.
pub fn decode_response(outcome: &Outcome) -> Result<Vec<u8>, ViaError> {
    let output = match &outcome.result {
        ExecResult::Success(o) => o,
        ExecResult::Trap(t) => return Err(ViaError::Trap(*t)),
    };
    match Response::decode(&mut &output[..]).map_err(|_| ViaError::Malformed)? {
        Response::Ok(bytes) => Ok(bytes),
        Response::Err(0) => Err(outcome
            .last_host_error
            .map(ViaError::Invalid)
            .unwrap_or(ViaError::InvalidUnknown)),
        Response::Err(code) => Err(bn254::Error::from_code(code)
            .map(|e| ViaError::Invalid(HostError::Bn254(e)))
            .unwrap_or(ViaError::Malformed)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wire format is defined twice, here and in `contracts/zkhost-guest` (a
    /// `no_std` crate of another workspace); both pin the same bytes.
    #[test]
    fn the_wire_format_matches_the_guest_crate() {
        assert_eq!(Message::Add(vec![1, 2]).encode(), [0, 8, 1, 2]);
        assert_eq!(Message::Mul(vec![]).encode(), [1, 0]);
        assert_eq!(Message::Pairing(vec![7]).encode(), [2, 4, 7]);
        assert_eq!(Message::Msm(vec![1, 2]).encode(), [3, 8, 1, 2]);
        assert_eq!(Response::Ok(vec![9]).encode(), [0, 4, 9]);
        assert_eq!(VerkleMessage::Commit(vec![1]).encode(), [0, 4, 1]);
        assert_eq!(VerkleMessage::Update(vec![]).encode(), [2, 0]);
        assert_eq!(Response::Err(6).encode(), [1, 6]);
    }
}
