//! The Wasmtime embedding: deploy contracts, call them with metered host functions.
//!
//! A node creates one [`Runtime`] and shares it between threads. `deploy` validates a
//! module against [Contract ABI v1](abi) and compiles it once (cached by code hash);
//! `call` instantiates it from a pre-linked [`InstancePre`] in a pooled slot, runs
//! `call` with the gas limit as fuel, and returns an [`Outcome`]. [`WarmInstance`]
//! keeps one instance for repeated calls (benchmarks, batched execution).
//!
//! This module and its children handle contract-controlled data, so panicking
//! constructs (unwrap, expect, panic, indexing) and unchecked arithmetic are denied
//! by lint, not just avoided by review.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing,
        clippy::arithmetic_side_effects
    )
)]

pub mod abi;
pub mod engine;
pub mod limits;
pub mod memory;
pub mod outcome;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, RwLock};

use sha2::{Digest, Sha256};
use wasmtime::{
    Engine, ExternType, InstancePre, Linker, Memory, Module, Store, StoreLimits,
    StoreLimitsBuilder, Trap, TypedFunc,
};

use crate::bn254::Backend;
pub use limits::{HostCosts, Limits};
pub use outcome::{ExecResult, HostError, Outcome, TrapKind};

/// The SHA-256 of a module's bytes: how a deployed contract is named.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CodeHash(pub [u8; 32]);

impl CodeHash {
    /// The hash of `wasm`.
    pub fn of(wasm: &[u8]) -> CodeHash {
        CodeHash(Sha256::digest(wasm).into())
    }
}

impl fmt::Display for CodeHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

impl fmt::Debug for CodeHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CodeHash({self})")
    }
}

/// Why `deploy` refused a module. Each names what is wrong.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DeployError {
    /// The module is larger than `Limits::max_code_bytes`.
    #[error("module of {size} bytes exceeds the limit of {limit}")]
    TooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// Not valid WebAssembly, or it uses a feature outside the accepted set.
    #[error("invalid module: {0}")]
    Invalid(String),
    /// A required export is missing or has the wrong type.
    #[error("missing export: {0}")]
    MissingExport(String),
    /// An import that ABI v1 does not provide, or with the wrong type.
    #[error("import not allowed: {0}")]
    ImportNotAllowed(String),
}

/// Why `call` could not run a call at all (as opposed to a call that trapped).
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// No contract with this code hash has been deployed.
    #[error("no contract deployed with code hash {0}")]
    UnknownCode(CodeHash),
    /// The input is larger than `Limits::max_input_bytes` (deterministic).
    #[error("input of {size} bytes exceeds the limit of {limit}")]
    InputTooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// The node could not instantiate (pool exhausted: a node-local limit).
    #[error("instantiation failed: {0}")]
    Instantiate(String),
}

/// A trap raised by a host function. Converted to a [`TrapKind`] in the outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HostTrap {
    /// Not enough gas for the host function's price.
    #[error("out of gas")]
    OutOfGas,
    /// A pointer and length outside guest memory.
    #[error("memory out of bounds")]
    MemoryOutOfBounds,
    /// A deterministic size limit.
    #[error("limit exceeded")]
    LimitExceeded,
    /// A panic inside a host function, caught at the boundary.
    #[error("host function panicked")]
    Panic,
}

/// Configuration of a [`Runtime`].
#[derive(Clone, Debug, Default)]
pub struct RuntimeConfig {
    /// Resource limits.
    pub limits: Limits,
    /// Gas prices of host functions.
    pub costs: HostCosts,
    /// The BN254 backend; `None` uses the fastest measured per operation.
    pub backend: Option<Backend>,
}

/// The data of one call's store.
pub struct CallState {
    input: Vec<u8>,
    output: Vec<u8>,
    memory: Option<Memory>,
    limits: StoreLimits,
    costs: HostCosts,
    backend: Option<Backend>,
    max_output: usize,
    last_host_error: Option<HostError>,
}

/// The WebAssembly runtime a node embeds. `Send + Sync`: share it between threads.
pub struct Runtime {
    engine: Engine,
    linker: Linker<CallState>,
    config: RuntimeConfig,
    contracts: RwLock<HashMap<CodeHash, Arc<InstancePre<CallState>>>>,
}

impl Runtime {
    /// Builds the engine and linker.
    pub fn new(config: RuntimeConfig) -> wasmtime::Result<Runtime> {
        let engine = engine::build(&config.limits)?;
        let linker = abi::linker(&engine)?;
        Ok(Runtime {
            engine,
            linker,
            config,
            contracts: RwLock::new(HashMap::new()),
        })
    }

    /// The configuration.
    pub fn config(&self) -> &RuntimeConfig {
        &self.config
    }

    /// Validates, compiles and links a module; returns its code hash. Deploying the
    /// same bytes again returns the cached contract without recompiling.
    pub fn deploy(&self, wasm: &[u8]) -> Result<CodeHash, DeployError> {
        let limit = self.config.limits.max_code_bytes;
        if wasm.len() > limit {
            return Err(DeployError::TooLarge {
                size: wasm.len(),
                limit,
            });
        }
        let hash = CodeHash::of(wasm);
        if self.read_contracts().contains_key(&hash) {
            return Ok(hash);
        }
        let module =
            Module::new(&self.engine, wasm).map_err(|e| DeployError::Invalid(format!("{e:#}")))?;
        check_structure(wasm, self.config.limits.max_functions)?;
        check_interface(&module)?;
        let pre = self
            .linker
            .instantiate_pre(&module)
            .map_err(|e| DeployError::ImportNotAllowed(format!("{e:#}")))?;
        // Instantiate once, running no code: a memory larger than the cap or a data
        // segment outside memory is refused here, once, not at every call.
        self.new_instance(&pre)
            .map_err(|e| DeployError::Invalid(e.to_string()))?;
        self.contracts
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(hash, Arc::new(pre));
        Ok(hash)
    }

    fn read_contracts(
        &self,
    ) -> std::sync::RwLockReadGuard<'_, HashMap<CodeHash, Arc<InstancePre<CallState>>>> {
        // A poisoned lock only means another thread panicked while holding it; the
        // map itself is always consistent (single insert).
        self.contracts.read().unwrap_or_else(|p| p.into_inner())
    }

    fn contract(&self, code: &CodeHash) -> Result<Arc<InstancePre<CallState>>, CallError> {
        self.read_contracts()
            .get(code)
            .cloned()
            .ok_or(CallError::UnknownCode(*code))
    }

    /// Calls a deployed contract once, in a fresh instance, with `gas_limit` gas.
    pub fn call(
        &self,
        code: &CodeHash,
        input: &[u8],
        gas_limit: u64,
    ) -> Result<Outcome, CallError> {
        let mut instance = self.instantiate(code)?;
        instance.call(input, gas_limit)
    }

    /// Instantiates a deployed contract for repeated calls.
    pub fn instantiate(&self, code: &CodeHash) -> Result<WarmInstance, CallError> {
        self.new_instance(&*self.contract(code)?)
    }

    fn new_instance(&self, pre: &InstancePre<CallState>) -> Result<WarmInstance, CallError> {
        let state = CallState {
            input: Vec::new(),
            output: Vec::new(),
            memory: None,
            limits: StoreLimitsBuilder::new()
                .memory_size(self.config.limits.max_memory_bytes)
                .instances(1)
                .memories(1)
                .tables(1)
                .build(),
            costs: self.config.costs,
            backend: self.config.backend,
            max_output: self.config.limits.max_output_bytes,
            last_host_error: None,
        };
        let mut store = Store::new(&self.engine, state);
        store.limiter(|s| &mut s.limits);
        let _ = store.set_fuel(0);
        // Instantiation runs no contract code (a start function is refused at deploy),
        // so it needs no fuel.
        let instance = pre
            .instantiate(&mut store)
            .map_err(|e| CallError::Instantiate(format!("{e:#}")))?;
        let memory = instance.get_memory(&mut store, "memory");
        store.data_mut().memory = memory;
        let entry = instance
            .get_typed_func::<(), ()>(&mut store, "call")
            .map_err(|e| CallError::Instantiate(format!("{e:#}")))?;
        Ok(WarmInstance {
            store,
            entry,
            max_input: self.config.limits.max_input_bytes,
        })
    }
}

/// One instantiated contract, reusable for many calls. Its linear memory persists
/// between calls (as a contract's would within one transaction).
pub struct WarmInstance {
    store: Store<CallState>,
    entry: TypedFunc<(), ()>,
    max_input: usize,
}

impl WarmInstance {
    /// Runs `call` with `input` and `gas_limit` gas.
    pub fn call(&mut self, input: &[u8], gas_limit: u64) -> Result<Outcome, CallError> {
        if input.len() > self.max_input {
            return Err(CallError::InputTooLarge {
                size: input.len(),
                limit: self.max_input,
            });
        }
        let state = self.store.data_mut();
        state.input.clear();
        state.input.extend_from_slice(input);
        state.output.clear();
        state.last_host_error = None;
        // Setting fuel only fails if fuel metering is off, which the engine never is.
        let _ = self.store.set_fuel(gas_limit);
        let result = self.entry.call(&mut self.store, ());
        let left = self.store.get_fuel().unwrap_or(0);
        let result = match result {
            Ok(()) => ExecResult::Success(std::mem::take(&mut self.store.data_mut().output)),
            Err(e) => ExecResult::Trap(trap_kind(&e)),
        };
        let gas_used = match result {
            ExecResult::Trap(TrapKind::OutOfGas) => gas_limit,
            _ => gas_limit.saturating_sub(left),
        };
        Ok(Outcome {
            result,
            gas_used,
            last_host_error: self.store.data().last_host_error,
        })
    }
}

/// Classifies the error that ended a call.
fn trap_kind(e: &wasmtime::Error) -> TrapKind {
    if let Some(t) = e.downcast_ref::<HostTrap>() {
        return match t {
            HostTrap::OutOfGas => TrapKind::OutOfGas,
            HostTrap::MemoryOutOfBounds => TrapKind::MemoryOutOfBounds,
            HostTrap::LimitExceeded => TrapKind::LimitExceeded,
            HostTrap::Panic => TrapKind::HostError,
        };
    }
    match e.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => TrapKind::OutOfGas,
        Some(Trap::MemoryOutOfBounds) => TrapKind::MemoryOutOfBounds,
        Some(Trap::UnreachableCodeReached) => TrapKind::Unreachable,
        Some(Trap::StackOverflow) => TrapKind::StackExhausted,
        Some(
            Trap::IntegerDivisionByZero | Trap::IntegerOverflow | Trap::BadConversionToInteger,
        ) => TrapKind::IntegerTrap,
        Some(Trap::IndirectCallToNull | Trap::BadSignature | Trap::TableOutOfBounds) => {
            TrapKind::BadIndirectCall
        }
        _ => TrapKind::HostError,
    }
}

/// Structural limits checked before compiling: no start function (contract code runs
/// only inside a metered `call`), and at most `max_functions` functions (compile time
/// and code size grow with them; deterministic).
fn check_structure(wasm: &[u8], max_functions: u32) -> Result<(), DeployError> {
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        match payload {
            Ok(wasmparser::Payload::StartSection { .. }) => {
                return Err(DeployError::Invalid(
                    "a start function is not allowed".into(),
                ))
            }
            Ok(wasmparser::Payload::FunctionSection(f)) if f.count() > max_functions => {
                return Err(DeployError::Invalid(format!(
                    "{} functions exceed the limit of {max_functions}",
                    f.count()
                )))
            }
            Ok(_) => {}
            Err(e) => return Err(DeployError::Invalid(e.to_string())),
        }
    }
    Ok(())
}

/// Checks the exports and imports against ABI v1, naming the first problem.
fn check_interface(module: &Module) -> Result<(), DeployError> {
    match module.get_export("memory") {
        Some(ExternType::Memory(_)) => {}
        _ => {
            return Err(DeployError::MissingExport(
                "memory (a linear memory)".into(),
            ))
        }
    }
    match module.get_export("call") {
        Some(ExternType::Func(f)) if f.params().len() == 0 && f.results().len() == 0 => {}
        Some(_) => {
            return Err(DeployError::MissingExport(
                "call (must be a function [] -> [])".into(),
            ))
        }
        None => return Err(DeployError::MissingExport("call".into())),
    }
    for import in module.imports() {
        let name = format!("{}::{}", import.module(), import.name());
        let allowed = abi::FUNCTIONS
            .iter()
            .find(|(n, _, _)| import.module() == abi::MODULE && *n == import.name());
        let Some((_, params, results)) = allowed else {
            return Err(DeployError::ImportNotAllowed(name));
        };
        let ok = match import.ty() {
            ExternType::Func(f) => {
                f.params()
                    .map(|t| t.to_string())
                    .eq(params.iter().map(|t| t.to_string()))
                    && f.results()
                        .map(|t| t.to_string())
                        .eq(results.iter().map(|t| t.to_string()))
            }
            _ => false,
        };
        if !ok {
            return Err(DeployError::ImportNotAllowed(format!(
                "{name} (wrong type)"
            )));
        }
    }
    Ok(())
}
