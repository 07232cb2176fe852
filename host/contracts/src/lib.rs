//! The guest contracts shipped with zkhost (built from `contracts/`, committed in
//! `fixtures/contracts/`) as the host sees them: their code, the [`Path`] an
//! operation takes through them, and how to read their answers.
//!
//! The `precompiles` contract is "the contract path": it forwards a [`Message`] to the
//! matching host function. `wasm-pairing` answers the same messages computing
//! everything in pure WebAssembly. `pairing-bench` repeats a pairing check N times
//! in one call. `verkle` forwards a [`VerkleMessage`] to the verkle host functions,
//! `bls12381` a [`Bls12Message`] to the BLS12-381 (EIP-2537) ones, `kzg-p256` a
//! [`KzgP256Message`] to KZG point evaluation or P256VERIFY, `poseidon` a
//! [`PoseidonMessage`] to Poseidon.
//! `groth16-verifier` verifies a Groth16 proof with the host functions ([`groth16`]),
//! `groth16-compressed-verifier` one whose points are compressed.
//! The messages are the contract ABI's ([`zkhost_abi`]), defined once for the host
//! and the guest library.

pub mod groth16;

use std::fmt;
use std::str::FromStr;

use parity_scale_codec::{Decode, Encode};
use zkhost_abi::{Crypto, Family};
use zkhost_runtime::{CallError, CodeHash, ExecResult, HostError, Outcome, Runtime, TrapKind};

pub use zkhost_abi::{
    Bls12Message, KzgP256Message, Message, PoseidonMessage, Response, VerkleMessage,
};

/// `contracts/precompiles`: forwards each message to the host function.
pub const PRECOMPILES_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/precompiles.wasm");
/// `contracts/wasm-pairing`: the same operations computed in pure WebAssembly.
pub const WASM_PAIRING_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/wasm-pairing.wasm");
/// `contracts/wasm-poseidon`: the same answers as [`POSEIDON_WASM`] to every
/// [`PoseidonMessage`], circomlib's Poseidon computed in pure WebAssembly (no host crypto).
pub const WASM_POSEIDON_WASM: &[u8] =
    include_bytes!("../../../fixtures/contracts/wasm-poseidon.wasm");
/// `contracts/bls12381`: forwards each [`Bls12Message`] to the BLS12-381 host functions.
pub const BLS12381_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/bls12381.wasm");
/// `contracts/kzg-p256`: forwards each [`KzgP256Message`] to KZG point evaluation or
/// P256VERIFY.
pub const KZG_P256_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/kzg-p256.wasm");
/// `contracts/poseidon`: forwards each [`PoseidonMessage`] to Poseidon.
pub const POSEIDON_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/poseidon.wasm");
/// `contracts/verkle`: forwards each [`VerkleMessage`] to the verkle host functions.
pub const VERKLE_WASM: &[u8] = include_bytes!("../../../fixtures/contracts/verkle.wasm");
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

    /// The contract that computes `op` on this path: the forwarder of its family
    /// (`precompiles`, `verkle`, `bls12381`, `kzg-p256`, `poseidon`) on the contract
    /// paths; on the wasm path `wasm-pairing` for BN254's add, mul, pairing and MSM and
    /// `wasm-poseidon` for Poseidon; `None` natively, and for every other function in
    /// pure WebAssembly (there is no such contract).
    pub fn contract(self, op: Crypto) -> Option<&'static [u8]> {
        let forwarder = match op.family() {
            Family::Bn254 => PRECOMPILES_WASM,
            Family::Verkle => VERKLE_WASM,
            Family::Bls12381 => BLS12381_WASM,
            Family::Kzg | Family::P256 => KZG_P256_WASM,
            Family::Poseidon => POSEIDON_WASM,
        };
        let in_wasm = match op {
            Crypto::AltBn128Add
            | Crypto::AltBn128Mul
            | Crypto::AltBn128Pairing
            | Crypto::AltBn128G1Msm => Some(WASM_PAIRING_WASM),
            Crypto::Poseidon => Some(WASM_POSEIDON_WASM),
            _ => None,
        };
        match self {
            Path::Native => None,
            Path::Contract | Path::ContractCold => Some(forwarder),
            Path::Wasm => in_wasm,
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

/// The SCALE message that asks a bundled contract for `op` on `input`: a [`Message`]
/// for the BN254 functions, a [`VerkleMessage`] for the verkle ones, a
/// [`Bls12Message`] for the BLS12-381 ones, a [`KzgP256Message`] for KZG and P-256, a
/// [`PoseidonMessage`] for Poseidon.
pub fn message(op: Crypto, input: Vec<u8>) -> Vec<u8> {
    match op {
        Crypto::AltBn128Add => Message::Add(input).encode(),
        Crypto::AltBn128Mul => Message::Mul(input).encode(),
        Crypto::AltBn128Pairing => Message::Pairing(input).encode(),
        Crypto::AltBn128G1Msm => Message::Msm(input).encode(),
        Crypto::VerkleCommit => VerkleMessage::Commit(input).encode(),
        Crypto::VerkleCommitmentToField => VerkleMessage::ToField(input).encode(),
        Crypto::VerkleUpdate => VerkleMessage::Update(input).encode(),
        Crypto::Bls12G1Add => Bls12Message::G1Add(input).encode(),
        Crypto::Bls12G1Msm => Bls12Message::G1Msm(input).encode(),
        Crypto::Bls12G2Add => Bls12Message::G2Add(input).encode(),
        Crypto::Bls12G2Msm => Bls12Message::G2Msm(input).encode(),
        Crypto::Bls12PairingCheck => Bls12Message::PairingCheck(input).encode(),
        Crypto::Bls12MapFpToG1 => Bls12Message::MapFpToG1(input).encode(),
        Crypto::Bls12MapFp2ToG2 => Bls12Message::MapFp2ToG2(input).encode(),
        Crypto::VerkleTreeKey => VerkleMessage::TreeKey(input).encode(),
        Crypto::VerkleCommitUncompressed => VerkleMessage::CommitUncompressed(input).encode(),
        Crypto::VerkleUpdateUncompressed => VerkleMessage::UpdateUncompressed(input).encode(),
        Crypto::KzgPointEvaluation => KzgP256Message::PointEvaluation(input).encode(),
        Crypto::P256Verify => KzgP256Message::P256Verify(input).encode(),
        Crypto::Poseidon => PoseidonMessage::Hash(input).encode(),
        Crypto::AltBn128G1Compress => Message::G1Compress(input).encode(),
        Crypto::AltBn128G1Decompress => Message::G1Decompress(input).encode(),
        Crypto::AltBn128G2Compress => Message::G2Compress(input).encode(),
        Crypto::AltBn128G2Decompress => Message::G2Decompress(input).encode(),
    }
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

/// Interprets an outcome of the `precompiles`, `verkle`, `bls12381` or `wasm-pairing` contract:
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
            .map(ViaError::Invalid)
            .unwrap_or(ViaError::InvalidUnknown)),
        Response::Err(code) => Err(zkhost_bn254::Error::from_code(code)
            .map(|e| ViaError::Invalid(HostError::Bn254(e)))
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
            // The payload is the raw input, behind the variant byte and the length.
            assert!(message(op, vec![7]).ends_with(&[4, 7]), "{op:?}");
        }
        for p in Path::ALL {
            assert_eq!(p.name().parse::<Path>(), Ok(p));
        }
        assert!("warm".parse::<Path>().is_err());
    }
}
