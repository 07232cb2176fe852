//! What a contract call produces, in the form a node stores: SCALE-encoded.

use parity_scale_codec::{Decode, Encode};

/// Why a call trapped. Every kind is deterministic: the same code, input and gas give
/// the same kind on every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Encode, Decode)]
pub enum TrapKind {
    /// The gas limit was reached (by wasm execution or by a host-function charge).
    OutOfGas,
    /// A wasm load or store, or a host function's pointer and length, fell outside the
    /// contract's linear memory.
    MemoryOutOfBounds,
    /// The contract executed `unreachable` (a Rust panic in the guest).
    Unreachable,
    /// The call stack's deterministic budget was exhausted (see [`crate::stack`]).
    StackExhausted,
    /// A host function failed unexpectedly (a bug caught by the panic barrier).
    HostError,
    /// A deterministic size limit was exceeded (output size).
    LimitExceeded,
    /// Integer division by zero, overflow or an invalid float-to-int conversion.
    IntegerTrap,
    /// An indirect call through a null, out-of-bounds or mistyped table entry.
    BadIndirectCall,
}

impl TrapKind {
    /// A stable lowercase name for reports and the CLI's JSON.
    pub fn name(self) -> &'static str {
        match self {
            TrapKind::OutOfGas => "out of gas",
            TrapKind::MemoryOutOfBounds => "memory out of bounds",
            TrapKind::Unreachable => "unreachable",
            TrapKind::StackExhausted => "stack exhausted",
            TrapKind::HostError => "host error",
            TrapKind::LimitExceeded => "limit exceeded",
            TrapKind::IntegerTrap => "integer trap",
            TrapKind::BadIndirectCall => "bad indirect call",
        }
    }
}

impl std::fmt::Display for TrapKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of a call: the output the contract set, or the trap that ended it.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum ExecResult {
    /// `call` returned; the bytes passed to `output_write` (empty if never called).
    Success(Vec<u8>),
    /// The call trapped; no output.
    Trap(TrapKind),
}

/// A finished call: its result and the gas it used. This is the part a node stores
/// and every node must agree on; it is SCALE-encoded.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct Outcome {
    /// Output or trap.
    pub result: ExecResult,
    /// Gas used, including host-function charges; the whole limit when out of gas.
    pub gas_used: u64,
    /// Diagnostic, not part of consensus: why the last host function that returned 1
    /// refused its input (so tools can print the same reason as the native path).
    #[codec(skip)]
    pub last_host_error: Option<HostError>,
}

/// Why a crypto host function refused its input (it returned 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HostError {
    /// A BN254 function's input.
    #[error("{0}")]
    Bn254(zkhost_bn254::Error),
    /// A verkle function's input.
    #[error("{0}")]
    Verkle(zkhost_verkle::Error),
    /// A BLS12-381 (EIP-2537) function's input.
    #[error("{0}")]
    Bls12(zkhost_bls12381::Error),
    /// A BN254 point compression or decompression input.
    #[error("{0}")]
    Compression(zkhost_bn254::compress::Error),
    /// A KZG point evaluation input (EIP-4844).
    #[error("{0}")]
    Kzg(zkhost_bls12381::kzg::Error),
    /// A P256VERIFY input whose signature is not valid (EIP-7951: the precompile's
    /// empty output, not a failure).
    #[error("{0}")]
    P256(zkhost_sig::p256::Error),
    /// A Poseidon input.
    #[error("{0}")]
    Poseidon(zkhost_poseidon::Error),
    /// A secp256k1 input: for `ecrecover` one that recovers no key (the precompile's
    /// empty output, not a failure); for verification and recovery, a refused input.
    #[error("{0}")]
    Secp256k1(zkhost_sig::secp256k1::Error),
    /// An Ed25519 input that is malformed or whose signature (or batch) does not verify.
    #[error("{0}")]
    Ed25519(zkhost_sig::ed25519::Error),
    /// A BLS-signature input that is malformed, or whose signature does not verify.
    #[error("{0}")]
    Bls(zkhost_bls12381::functions::Error),
}

impl HostError {
    /// The stable code `last_error()` gives a contract for this refusal
    /// ([`zkhost_abi::last_error`]): one per class, so a contract can branch on it.
    pub fn code(self) -> i32 {
        match self {
            HostError::Bn254(e) => e.last_error(),
            HostError::Verkle(e) => e.last_error(),
            HostError::Bls12(e) => e.last_error(),
            HostError::Compression(e) => e.last_error(),
            HostError::Kzg(e) => e.last_error(),
            HostError::P256(e) => e.last_error(),
            HostError::Poseidon(e) => e.last_error(),
            HostError::Secp256k1(e) => e.last_error(),
            HostError::Ed25519(e) => e.last_error(),
            HostError::Bls(e) => e.last_error(),
        }
    }
}

impl Outcome {
    /// The output, if the call succeeded.
    pub fn output(&self) -> Option<&[u8]> {
        match &self.result {
            ExecResult::Success(o) => Some(o),
            ExecResult::Trap(_) => None,
        }
    }

    /// The trap kind, if the call trapped.
    pub fn trap(&self) -> Option<TrapKind> {
        match self.result {
            ExecResult::Trap(t) => Some(t),
            ExecResult::Success(_) => None,
        }
    }
}
