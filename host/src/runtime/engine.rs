//! The deterministic Wasmtime engine configuration, written in one place.

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

/// Builds the engine: Cranelift only, fuel metering, NaN canonicalization, exactly the
/// [`accepted_features`], a bounded wasm stack and a pooling instance allocator sized
/// from `limits`.
pub fn build(limits: &Limits) -> wasmtime::Result<Engine> {
    let mut config = Config::new();
    config.strategy(Strategy::Cranelift);
    config.consume_fuel(true);
    config.cranelift_nan_canonicalization(true);
    config.wasm_features(WasmFeatures::all(), false);
    config.wasm_features(accepted_features(), true);
    config.max_wasm_stack(limits.max_wasm_stack);

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
