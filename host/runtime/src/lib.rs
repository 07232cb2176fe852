#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! zkhost in Wasmtime: the crypto host functions for a node's own `Linker<T>`, the
//! pieces of a deterministic embedding, and a deploy/call runtime built on them.
//!
//! For a node with its own runtime (see `examples/embed.rs`, the book's "Embedding
//! in your node", `docs/src/embedding.md`):
//!
//! - [`add_to_linker`] adds the crypto host functions the node picks ([`Functions`],
//!   [`LinkOptions`]: import module, memory export, which functions) to the node's
//!   linker, generic over its store data, charging the node's [`GasMeter`]
//!   ([`FuelMeter`] charges Wasmtime fuel); [`LinkOptions::imports`] is exactly what
//!   it linked;
//! - [`engine::apply`] puts zkhost's consensus settings on the node's own `Config`, and
//!   [`engine::check`] says which an engine lacks;
//! - [`check_module`] runs the deploy checks with [`ModuleRules`] (from
//!   [`LinkOptions::rules`]), or a node runs the parts it wants ([`check_determinism`],
//!   [`check_memory`], [`check_entries`], [`check_imports`]); the deterministic stack
//!   limit is opt-in;
//! - [`trap_kind`] classifies a call's error ([`HostCallError`] names the function);
//! - [`add_io_to_linker`] adds zkhost's own I/O functions, if the node wants them.
//!
//! This crate re-exports what a node needs to name functions and prices
//! ([`Crypto`], [`Function`], [`ValType`], [`last_error`], [`HostCosts`]) and
//! Wasmtime itself, so it is a node's one zkhost dependency.
//!
//! [`Runtime`] is zkhost's own: one per node, shared between threads. `deploy`
//! validates a module against [Contract ABI v1](zkhost_abi) and compiles it once
//! (cached by code hash); `call` instantiates it from a pre-linked [`InstancePre`] in
//! a pooled slot, runs `call` with the gas limit as fuel, and returns an
//! [`Outcome`]. [`WarmInstance`] keeps one instance for repeated calls.
//!
//! This crate needs Wasmtime 48 (re-exported as [`wasmtime`]): fuel accounting — what
//! one instruction costs, where fuel is checked — is part of the gas a call uses, so
//! a node and zkhost must agree on the major version. Everything here handles
//! contract-controlled data, so panicking constructs and unchecked arithmetic are
//! denied by lint (`[lints]` in this crate's manifest).

pub mod check;
pub mod deploy;
pub mod engine;
pub mod functions;
pub mod host;
pub mod io;
pub mod limits;
pub mod memory;
pub mod meter;
pub mod outcome;
pub mod stack;
pub mod trap;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, RwLock};

pub use check::{
    abi_imports, check_determinism, check_entries, check_imports, check_memory, check_module,
    CheckedModule, DeployError, Entry, Import, ModuleRules,
};
pub use functions::{binding, compute, compute_on, Backends, Binding, Prices};
pub use host::{add_to_linker, precompile_output, Functions, HostState, LinkOptions, MemoryExport};
pub use io::{add_io_to_linker, io_imports, CallIo};
pub use limits::{Limits, DEFAULT_STACK_BUDGET};
pub use meter::{FuelMeter, GasMeter, OutOfGas};
pub use outcome::{ExecResult, HostCharge, HostError, Outcome, TrapKind};
use sha2::{Digest, Sha256};
pub use trap::{HostCallError, HostTrap};
pub use wasmtime;
use wasmtime::{
    Engine, InstancePre, Linker, Store, StoreLimits, StoreLimitsBuilder, Trap, TypedFunc,
};
// What a node needs to name functions, signatures and prices, so that this crate is
// its one zkhost dependency.
pub use zkhost_abi::{last_error, Crypto, Family, Function, Io, ValType};
pub use zkhost_bn254::Backend;
pub use zkhost_gas::HostCosts;

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

impl RuntimeConfig {
    /// The defaults, with the node-local limits [`Limits::from_env`] reads.
    pub fn from_env() -> RuntimeConfig {
        RuntimeConfig {
            limits: Limits::from_env(),
            ..RuntimeConfig::default()
        }
    }
}

/// The data of one call's store: the host functions' state, the call's I/O and
/// the store's resource limits.
struct CallState {
    host: HostState,
    io: CallIo,
    limits: StoreLimits,
}

/// The WebAssembly runtime a node embeds. `Send + Sync`: share it between threads.
pub struct Runtime {
    engine: Engine,
    linker: Linker<CallState>,
    config: RuntimeConfig,
    contracts: RwLock<HashMap<CodeHash, Arc<InstancePre<CallState>>>>,
}

impl Runtime {
    /// Builds the engine and links ABI v1: the crypto functions and the I/O
    /// functions, all charging fuel.
    pub fn new(config: RuntimeConfig) -> wasmtime::Result<Runtime> {
        let engine = engine::build(&config.limits)?;
        let mut linker = Linker::new(&engine);
        let options = LinkOptions::default();
        add_to_linker(&mut linker, &options, FuelMeter, |s: &mut CallState| {
            &mut s.host
        })?;
        add_io_to_linker(
            &mut linker,
            &options,
            config.costs,
            FuelMeter,
            |s: &mut CallState| &mut s.io,
        )?;
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
        let rules = ModuleRules {
            max_code_bytes: limit,
            max_functions: self.config.limits.max_functions,
            memory: LinkOptions::DEFAULT_MEMORY,
            imports: abi_imports(zkhost_abi::MODULE),
            entries: vec![Entry::CALL],
            stack_budget: Some(self.config.limits.stack_budget),
        };
        let module = check_module(&self.engine, wasm, &rules)?.module;
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

    /// [`Runtime::call`], recording each host function's charge: the outcome (the
    /// same, to the unit of gas), and the charges in the order of the calls. The gas
    /// of the contract's own instructions is the outcome's `gas_used` less their sum
    /// (on out of gas, also the charge that did not fit).
    pub fn call_recorded(
        &self,
        code: &CodeHash,
        input: &[u8],
        gas_limit: u64,
    ) -> Result<(Outcome, Vec<HostCharge>), CallError> {
        let mut instance = self.instantiate(code)?;
        let state = instance.store.data_mut();
        state.host.record_charges(true);
        state.io.record_charges(true);
        let outcome = instance.call(input, gas_limit)?;
        let state = instance.store.data_mut();
        let mut charges = state.host.take_charges();
        charges.extend(state.io.take_charges());
        // Gas left only decreases (every charge is at least the host-call price).
        charges.sort_by_key(|c| std::cmp::Reverse(c.left));
        Ok((outcome, charges))
    }

    /// Instantiates a deployed contract for repeated calls.
    pub fn instantiate(&self, code: &CodeHash) -> Result<WarmInstance, CallError> {
        self.new_instance(&*self.contract(code)?)
    }

    fn new_instance(&self, pre: &InstancePre<CallState>) -> Result<WarmInstance, CallError> {
        let limits = &self.config.limits;
        let state = CallState {
            host: HostState::new(self.config.costs, self.config.backend),
            io: CallIo::new(limits.max_output_bytes),
            limits: StoreLimitsBuilder::new()
                .memory_size(limits.max_memory_bytes)
                .instances(1)
                .memories(1)
                .tables(1)
                .build(),
        };
        let mut store = Store::new(&self.engine, state);
        store.limiter(|s| &mut s.limits);
        let _ = store.set_fuel(0);
        // Instantiation runs no contract code (a start function is refused at deploy),
        // so it needs no fuel.
        let instance = pre
            .instantiate(&mut store)
            .map_err(|e| CallError::Instantiate(format!("{e:#}")))?;
        let entry = instance
            .get_typed_func::<(), ()>(&mut store, "call")
            .map_err(|e| CallError::Instantiate(format!("{e:#}")))?;
        // The store holds this one instance: its host functions can keep its memory
        // rather than look it up on every call.
        if let Some(memory) = instance.get_memory(&mut store, LinkOptions::DEFAULT_MEMORY) {
            let bound = MemoryExport::bound(memory);
            let state = store.data_mut();
            state.host.set_memory_export(bound);
            state.io.set_memory_export(bound);
        }
        let depth = instance.get_global(&mut store, stack::DEPTH_EXPORT);
        Ok(WarmInstance {
            store,
            entry,
            depth,
            stack_budget: limits.stack_budget,
            max_input: limits.max_input_bytes,
        })
    }
}

/// One instantiated contract, reusable for many calls. Its linear memory persists
/// between calls (as a contract's would within one transaction).
pub struct WarmInstance {
    store: Store<CallState>,
    entry: TypedFunc<(), ()>,
    /// The frame-unit count of [`stack::limit`], to tell its trap from the contract's.
    depth: Option<wasmtime::Global>,
    stack_budget: u32,
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
        state.io.start(input);
        state.host.take_last_error();
        // Setting fuel only fails if fuel metering is off, which the engine never is.
        let _ = self.store.set_fuel(FuelMeter::fuel(gas_limit));
        let result = self.entry.call(&mut self.store, ());
        let left = self.store.get_fuel().unwrap_or(0);
        // Work past the limit is out of gas however the call ended (the meter's rule).
        let (result, gas_used) = match (FuelMeter::used(gas_limit, left), result) {
            (None, _) => (ExecResult::Trap(TrapKind::OutOfGas), gas_limit),
            (Some(_), Err(e)) if trap_kind(&e) == TrapKind::OutOfGas => {
                (ExecResult::Trap(TrapKind::OutOfGas), gas_limit)
            }
            (Some(used), Err(e)) => {
                let mut kind = trap_kind(&e);
                let count = self.depth.and_then(|g| g.get(&mut self.store).i32());
                if kind == TrapKind::Unreachable
                    && count.is_some_and(|c| stack::over_budget(c, self.stack_budget))
                {
                    kind = TrapKind::StackExhausted;
                }
                (ExecResult::Trap(kind), used)
            }
            (Some(used), Ok(())) => (
                ExecResult::Success(self.store.data_mut().io.take_output()),
                used,
            ),
        };
        Ok(Outcome {
            result,
            gas_used,
            last_host_error: self.store.data().host.last_error().cloned(),
        })
    }
}

/// Classifies the error that ended a call — a node's own call of a contract as much
/// as zkhost's —: a [`HostCallError`] or [`HostTrap`] of a host function (zkhost's or
/// the node's own), or a Wasmtime [`Trap`]. Every kind is deterministic. Out of gas
/// from Wasmtime fuel is [`TrapKind::OutOfGas`] too; a node with its own meter also
/// checks its counter after the call (work past the limit is out of gas however the
/// call ended). A trap of the deterministic stack limit is `unreachable` to Wasmtime:
/// [`CheckedModule::trap_kind`] tells it apart.
pub fn trap_kind(e: &wasmtime::Error) -> TrapKind {
    let host = e
        .downcast_ref::<HostCallError>()
        .map(|c| c.trap)
        .or_else(|| e.downcast_ref::<HostTrap>().copied());
    if let Some(t) = host {
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

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use crate::host::tests::panic_next;

    /// Forwards `input[1..]` to the crypto function selected by `input[0]` (0 add,
    /// 1 mul, 2 pairing, 3 MSM) and outputs the 64 bytes it writes to (zeroed first).
    const FORWARD: &str = r#"(module
      (import "zkhost" "input_size" (func $size (result i32)))
      (import "zkhost" "input_read" (func $read (param i32)))
      (import "zkhost" "output_write" (func $write (param i32 i32)))
      (import "zkhost" "alt_bn128_add" (func $add (param i32 i32 i32) (result i32)))
      (import "zkhost" "alt_bn128_mul" (func $mul (param i32 i32 i32) (result i32)))
      (import "zkhost" "alt_bn128_pairing" (func $pairing (param i32 i32 i32) (result i32)))
      (import "zkhost" "alt_bn128_g1_msm" (func $msm (param i32 i32 i32) (result i32)))
      (memory (export "memory") 1)
      (func (export "call") (local $n i32)
        (local.set $n (i32.sub (call $size) (i32.const 1)))
        (call $read (i32.const 0))
        (memory.fill (i32.const 4096) (i32.const 0) (i32.const 64))
        (block $msm (block $pairing (block $mul (block $add
          (br_table $add $mul $pairing $msm (i32.load8_u (i32.const 0))))
          (drop (call $add (i32.const 1) (local.get $n) (i32.const 4096)))
          (br $msm))
          (drop (call $mul (i32.const 1) (local.get $n) (i32.const 4096)))
          (br $msm))
          (drop (call $pairing (i32.const 1) (local.get $n) (i32.const 4096)))
          (br $msm))
        (if (i32.eq (i32.load8_u (i32.const 0)) (i32.const 3))
          (then (drop (call $msm (i32.const 1) (local.get $n) (i32.const 4096)))))
        (call $write (i32.const 4096) (i32.const 64))))"#;

    /// The generator of G2 in the Ethereum encoding (x_imag, x_real, y_imag, y_real).
    const G2_GENERATOR: &str = concat!(
        "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
        "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
        "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
        "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
    );

    #[test]
    fn a_panic_in_a_host_function_traps_that_call_only() {
        let rt = Runtime::new(RuntimeConfig::default()).unwrap();
        let code = rt.deploy(&wat::parse_str(FORWARD).unwrap()).unwrap();
        // The generator G = (1, 2) of G1, and G2's generator (Ethereum encodings).
        let mut g = [0u8; 64];
        g[31] = 1;
        g[63] = 2;
        let g2 = hex::decode(G2_GENERATOR).unwrap();
        let mut scalar = [0u8; 32];
        scalar[31] = 5;
        let messages: Vec<Vec<u8>> = [
            [&[0u8][..], &g, &g].concat(),
            [&[1u8][..], &g, &scalar].concat(),
            [&[2u8][..], &g, &g2].concat(),
            [&[3u8][..], &g, &scalar, &g, &scalar].concat(),
        ]
        .to_vec();
        let gas = 10_000_000;
        let normal: Vec<_> = messages
            .iter()
            .map(|m| rt.call(&code, m, gas).unwrap())
            .collect();
        assert!(normal.iter().all(|o| o.output().is_some()));

        // Other threads call all along; none of their calls is affected.
        let stop = std::sync::atomic::AtomicBool::new(false);
        /// Stops the other threads however this thread leaves the scope.
        struct Stop<'a>(&'a std::sync::atomic::AtomicBool);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                self.0.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
        std::thread::scope(|s| {
            let stop_guard = Stop(&stop);
            let others: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut n = 0;
                        while !stop.load(std::sync::atomic::Ordering::Relaxed) || n < 10 {
                            for (m, expected) in messages.iter().zip(&normal) {
                                assert_eq!(&rt.call(&code, m, gas).unwrap(), expected);
                            }
                            n += 1;
                        }
                    })
                })
                .collect();
            let mut warm = rt.instantiate(&code).unwrap();
            for (m, expected) in messages.iter().zip(&normal) {
                for _ in 0..3 {
                    // A fresh instance: the call that panics traps with `host error`,
                    // having paid for the host call (charged before the work).
                    panic_next();
                    let hit = rt.call(&code, m, gas).unwrap();
                    assert_eq!(hit.trap(), Some(TrapKind::HostError));
                    assert!(hit.gas_used > 0 && hit.gas_used < gas);
                    assert!(hit.last_host_error.is_none());
                    // The next call on the same runtime is as before.
                    assert_eq!(&rt.call(&code, m, gas).unwrap(), expected);
                    // A warm instance survives its own host error and answers the
                    // next call alike. (Its gas may differ by a few units: a warm
                    // instance keeps the guest's memory as the trap left it, its
                    // allocator's state included, after any trap.)
                    panic_next();
                    assert_eq!(warm.call(m, gas).unwrap().trap(), Some(TrapKind::HostError));
                    assert_eq!(warm.call(m, gas).unwrap().result, expected.result);
                }
            }
            drop(stop_guard);
            for t in others {
                t.join().expect("the other threads saw no difference");
            }
        });
    }
}
