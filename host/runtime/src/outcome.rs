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
    Kzg(zkhost_kzg::Error),
    /// A P256VERIFY input whose signature is not valid (EIP-7951: the precompile's
    /// empty output, not a failure).
    #[error("{0}")]
    P256(zkhost_p256::Error),
    /// A Poseidon input.
    #[error("{0}")]
    Poseidon(zkhost_poseidon::Error),
}

impl HostError {
    /// The stable code `last_error()` gives a contract for this refusal
    /// ([`zkhost_abi::last_error`]): one per class, so a contract can branch on it.
    pub fn code(self) -> i32 {
        use zkhost_abi::last_error as c;
        use zkhost_bls12381::Error as Bls12;
        use zkhost_bn254::compress::Error as Compression;
        use zkhost_bn254::Error as Bn254;
        use zkhost_kzg::Error as Kzg;
        use zkhost_p256::Error as P256;
        use zkhost_poseidon::Error as Poseidon;
        use zkhost_verkle::Error as Verkle;
        match self {
            HostError::Bn254(e) => match e {
                Bn254::PairingLength => c::BN254_PAIRING_LENGTH,
                Bn254::G1CoordinateNotInField => c::BN254_G1_COORDINATE_NOT_IN_FIELD,
                Bn254::G2CoordinateNotInField => c::BN254_G2_COORDINATE_NOT_IN_FIELD,
                Bn254::G1NotOnCurve => c::BN254_G1_NOT_ON_CURVE,
                Bn254::G2NotOnCurve => c::BN254_G2_NOT_ON_CURVE,
                Bn254::G2NotInSubgroup => c::BN254_G2_NOT_IN_SUBGROUP,
                Bn254::MsmLength => c::BN254_MSM_LENGTH,
            },
            HostError::Verkle(e) => match e {
                Verkle::EncodingLength(_) => c::VERKLE_ENCODING_LENGTH,
                Verkle::CoordinateNotInField => c::VERKLE_COORDINATE_NOT_IN_FIELD,
                Verkle::NotOnCurve => c::VERKLE_NOT_ON_CURVE,
                Verkle::NotInSubgroup => c::VERKLE_NOT_IN_SUBGROUP,
                Verkle::NotCanonicalRepresentative => c::VERKLE_NOT_CANONICAL_REPRESENTATIVE,
                Verkle::ScalarNotCanonical(_) => c::VERKLE_SCALAR_NOT_CANONICAL,
                Verkle::TooManyScalars(_) => c::VERKLE_TOO_MANY_SCALARS,
                Verkle::InputLength { .. } => c::VERKLE_INPUT_LENGTH,
            },
            HostError::Bls12(e) => match e {
                Bls12::InputLength => c::BLS12_INPUT_LENGTH,
                Bls12::FieldElementTopBytes => c::BLS12_FIELD_ELEMENT_TOP_BYTES,
                Bls12::FieldElementNotInField => c::BLS12_FIELD_ELEMENT_NOT_IN_FIELD,
                Bls12::G1NotOnCurve => c::BLS12_G1_NOT_ON_CURVE,
                Bls12::G2NotOnCurve => c::BLS12_G2_NOT_ON_CURVE,
                Bls12::G1NotInSubgroup => c::BLS12_G1_NOT_IN_SUBGROUP,
                Bls12::G2NotInSubgroup => c::BLS12_G2_NOT_IN_SUBGROUP,
            },
            HostError::Compression(e) => match e {
                Compression::Length => c::BN254_COMPRESSION_LENGTH,
                Compression::Flags => c::BN254_COMPRESSION_FLAGS,
                Compression::CoordinateNotInField => c::BN254_COMPRESSION_COORDINATE_NOT_IN_FIELD,
                Compression::NotOnCurve => c::BN254_COMPRESSION_NOT_ON_CURVE,
                Compression::NotInSubgroup => c::BN254_COMPRESSION_NOT_IN_SUBGROUP,
            },
            HostError::Kzg(e) => match e {
                Kzg::InputLength => c::KZG_INPUT_LENGTH,
                Kzg::VersionedHash => c::KZG_VERSIONED_HASH,
                Kzg::ZNotCanonical => c::KZG_Z_NOT_CANONICAL,
                Kzg::YNotCanonical => c::KZG_Y_NOT_CANONICAL,
                Kzg::CommitmentEncoding => c::KZG_COMMITMENT_ENCODING,
                Kzg::CommitmentNotInSubgroup => c::KZG_COMMITMENT_NOT_IN_SUBGROUP,
                Kzg::ProofEncoding => c::KZG_PROOF_ENCODING,
                Kzg::ProofNotInSubgroup => c::KZG_PROOF_NOT_IN_SUBGROUP,
                Kzg::ProofDoesNotVerify => c::KZG_PROOF_DOES_NOT_VERIFY,
            },
            HostError::P256(e) => match e {
                P256::InputLength => c::P256_INPUT_LENGTH,
                P256::ROutOfRange => c::P256_R_OUT_OF_RANGE,
                P256::SOutOfRange => c::P256_S_OUT_OF_RANGE,
                P256::QxNotInField => c::P256_QX_NOT_IN_FIELD,
                P256::QyNotInField => c::P256_QY_NOT_IN_FIELD,
                P256::NotOnCurve => c::P256_NOT_ON_CURVE,
                P256::RIsInfinity => c::P256_R_IS_INFINITY,
                P256::Mismatch => c::P256_MISMATCH,
            },
            HostError::Poseidon(e) => match e {
                Poseidon::Length => c::POSEIDON_LENGTH,
                Poseidon::InputCount => c::POSEIDON_INPUT_COUNT,
                Poseidon::NotInField => c::POSEIDON_NOT_IN_FIELD,
            },
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
