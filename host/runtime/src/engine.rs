//! The deterministic Wasmtime engine configuration, written in one place: what a
//! node's engine must set for zkhost's contracts to run the same on every node.

use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, Strategy, WasmFeatures,
};

use super::limits::Limits;

/// The WebAssembly features a contract may use, and only these.
///
/// They are what Rust 1.95's `wasm32-unknown-unknown` target may emit (LLVM's default
/// target features): the MVP plus mutable globals, sign extension, non-trapping
/// float-to-int conversions, bulk memory, multi-value and reference types (which, for
/// such code, only change the encoding of `call_indirect`'s table index). The bundled
/// contracts use only bulk memory today. Floats are allowed, made
/// deterministic by NaN canonicalization. Threads, SIMD, relaxed SIMD, memory64,
/// multi-memory, GC, function references, exceptions, tail calls and the other
/// proposals are refused at deploy, by validation.
pub fn accepted_features() -> WasmFeatures {
    WasmFeatures::MUTABLE_GLOBAL
        | WasmFeatures::SATURATING_FLOAT_TO_INT
        | WasmFeatures::SIGN_EXTENSION
        | WasmFeatures::BULK_MEMORY
        | WasmFeatures::MULTI_VALUE
        | WasmFeatures::REFERENCE_TYPES
        | WasmFeatures::FLOATS
}

/// The configuration a node's engine starts from: Cranelift, fuel metering (gas is
/// fuel for instructions, whatever meter the host functions charge), NaN
/// canonicalization (floats are deterministic), exactly the [`accepted_features`],
/// and a wasm stack of `max_wasm_stack` bytes (a node-local safety net: a chain must
/// bound recursion by gas). The instance allocator is the node's choice.
pub fn config(max_wasm_stack: usize) -> Config {
    let mut config = Config::new();
    config.strategy(Strategy::Cranelift);
    config.consume_fuel(true);
    config.cranelift_nan_canonicalization(true);
    config.wasm_features(WasmFeatures::all(), false);
    config.wasm_features(accepted_features(), true);
    config.max_wasm_stack(max_wasm_stack);
    config
}

/// [`config`] for `limits`: their stack and, with [`Limits::compact_memory`], small
/// memory reservations. The instance allocator is still the caller's.
pub fn config_for(limits: &Limits) -> Config {
    let mut config = config(limits.max_wasm_stack);
    if limits.compact_memory {
        let max = limits.max_memory_bytes as u64;
        config.memory_reservation(max);
        config.memory_reservation_for_growth(0);
        config.memory_guard_size(64 << 10);
    }
    config
}

/// zkhost's [`crate::Runtime`] engine: [`config_for`] with a pooling instance
/// allocator sized from `limits`.
pub fn build(limits: &Limits) -> wasmtime::Result<Engine> {
    let mut config = config_for(limits);
    let mut pool = PoolingAllocationConfig::default();
    pool.total_core_instances(limits.max_instances);
    pool.total_memories(limits.max_instances);
    pool.total_tables(limits.max_instances);
    pool.max_memories_per_module(1);
    pool.max_tables_per_module(1);
    pool.max_memory_size(limits.max_memory_bytes);
    pool.table_elements(10_000);
    pool.linear_memory_keep_resident(limits.memory_keep_resident);
    config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    Engine::new(&config)
}

/// [`accepted_features`] for this crate's own `wasmparser` (the validator
/// [`crate::check_module`] and the fuzz harnesses run), which may be another version
/// than Wasmtime's.
pub fn accepted_parser_features() -> wasmparser::WasmFeatures {
    use wasmparser::WasmFeatures as F;
    F::MUTABLE_GLOBAL
        | F::SATURATING_FLOAT_TO_INT
        | F::SIGN_EXTENSION
        | F::BULK_MEMORY
        | F::MULTI_VALUE
        | F::REFERENCE_TYPES
        | F::FLOATS
}
