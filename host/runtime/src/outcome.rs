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

/// Why a crypto host function refused its input (it returned 1): the stable code
/// `last_error()` gives a contract ([`zkhost_abi::last_error`], one per class of
/// refusal, so a contract can branch on it) and the refusing crate's reason, as its
/// error type prints it. One type for every family: the family is the code's
/// ([`zkhost_abi::last_error::family`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{reason}")]
pub struct HostError {
    code: i32,
    reason: String,
}

impl HostError {
    /// A refusal with `last_error` code `code`, for the reason `reason` prints.
    pub fn new(code: i32, reason: impl std::fmt::Display) -> HostError {
        HostError {
            code,
            reason: reason.to_string(),
        }
    }

    /// The stable code `last_error()` gives a contract for this refusal.
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The refusing crate's reason (its error type's message).
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// The family whose function refused ([`zkhost_abi::last_error::family`]).
    pub fn family(&self) -> Option<zkhost_abi::Family> {
        zkhost_abi::last_error::family(self.code)
    }

    /// The kind of problem ([`zkhost_abi::last_error::class`]).
    pub fn class(&self) -> zkhost_abi::RefusalClass {
        zkhost_abi::last_error::class(self.code)
    }
}

/// One host call's charge, as [`crate::Runtime::call_recorded`] records it: a
/// diagnostic for tools and tests (which host function cost what), not part of
/// consensus and not recorded by a plain [`crate::Runtime::call`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostCharge {
    /// The function's import name (`input_read`, `alt_bn128_add`, `last_error`, ...).
    pub function: &'static str,
    /// The gas it charged: `host_call + per_byte·bytes moved + the operation's price`
    /// (with a record count's part for the functions that have one).
    pub gas: u64,
    /// The gas left after the charge (the calls' order: it only decreases).
    pub left: u64,
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
