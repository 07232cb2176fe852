//! The deterministic Wasmtime engine configuration, written in one place: what a
//! node's engine must set for zkhost's contracts to run the same on every node.

use wasmtime::{
    Config, Engine, Instance, InstanceAllocationStrategy, Module, PoolingAllocationConfig, Store,
    Strategy, WasmFeatures,
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

/// Applies zkhost's consensus settings to a node's own `config`, leaving the rest —
/// fuel, stack size, instance allocator, caches, parallel compilation — to the node:
///
/// - **consensus** (every node must have them, or the same call gives different
///   results): Cranelift; NaN canonicalization (a float operation that makes a NaN
///   gives the same bits on every architecture); exactly the [`accepted_features`] on
///   (what zkhost's contracts need; whatever else the engine would accept, the deploy
///   checks refuse, [`crate::check_determinism`]);
/// - **consensus if the node meters with fuel** ([`crate::FuelMeter`], or its own meter
///   counting instructions by fuel as `host/node-example` does): `consume_fuel(true)`,
///   and the same Wasmtime major on every node (what an instruction costs and where
///   fuel is checked decide the gas);
/// - **the node's**: `max_wasm_stack` (a safety net: recursion is bounded by the
///   deterministic stack limit, [`crate::stack`], which a node opts in to), memory
///   reservations and guards, the allocator, compilation settings.
///
/// [`check`] tells which of them an engine lacks.
pub fn apply(config: &mut Config) -> &mut Config {
    config.strategy(Strategy::Cranelift);
    config.cranelift_nan_canonicalization(true);
    config.wasm_features(WasmFeatures::all(), false);
    config.wasm_features(accepted_features(), true)
}

/// The configuration zkhost's own runtime starts from: [`apply`], fuel metering (gas
/// is fuel for instructions, whatever meter the host functions charge), and a wasm
/// stack of `max_wasm_stack` bytes (a node-local safety net: a chain must bound
/// recursion by gas and the stack limit). The instance allocator is the node's choice.
pub fn config(max_wasm_stack: usize) -> Config {
    let mut config = Config::new();
    apply(&mut config)
        .consume_fuel(true)
        .max_wasm_stack(max_wasm_stack);
    config
}

/// A setting of an engine that breaks determinism, as [`check`] finds it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Nondeterminism {
    /// A feature zkhost's contracts use is off (they would not deploy on this node).
    #[error("a feature zkhost's contracts need is off: {0}")]
    MissingFeature(String),
    /// NaN canonicalization is off: a float result's NaN bits depend on the machine.
    #[error("NaN canonicalization is off (Config::cranelift_nan_canonicalization)")]
    NanNotCanonical,
    /// Fuel metering is off, but the node meters instructions with fuel.
    #[error("fuel metering is off (Config::consume_fuel), but the node meters with fuel")]
    NoFuel,
    /// The probe could not run at all (the text says why).
    #[error("the probe could not run: {0}")]
    Probe(String),
}

/// A module that uses the accepted features (bulk memory, reference types,
/// multi-value, saturating conversions, sign extension, mutable globals, floats), and a float operation whose NaN shows
/// whether it is canonicalized: `nan` adds 1 to a NaN with a payload, which hardware
/// propagates (quieted) and canonicalization replaces with `0x7fc00000`.
#[cfg(test)]
const PROBE_WAT: &str = r#"(module
  (memory 1)
  (table 1 funcref)
  (global $g (export "g") (mut i32) (i32.const 0))
  (func (export "nan") (result i32)
    (i32.reinterpret_f32 (f32.add (f32.reinterpret_i32 (i32.const 0x7fa00001)) (f32.const 1))))
  (func (export "features") (result i32 i32)
    (memory.copy (i32.const 0) (i32.const 8) (i32.const 8))
    (drop (table.get 0 (i32.const 0)))
    (i32.trunc_sat_f32_s (f32.const 1e30))
    (i32.extend8_s (i32.const 0x80))))"#;

/// [`PROBE_WAT`] in the binary format (a test checks they are the same module).
const PROBE: &[u8] = &[
    0, 97, 115, 109, 1, 0, 0, 0, 1, 10, 2, 96, 0, 1, 127, 96, 0, 2, 127, 127, 3, 3, 2, 0, 1, 4, 4,
    1, 112, 0, 1, 5, 3, 1, 0, 1, 6, 6, 1, 127, 1, 65, 0, 11, 7, 22, 3, 1, 103, 3, 0, 3, 110, 97,
    110, 0, 0, 8, 102, 101, 97, 116, 117, 114, 101, 115, 0, 1, 10, 47, 2, 16, 0, 65, 129, 128, 128,
    253, 7, 190, 67, 0, 0, 128, 63, 146, 188, 11, 28, 0, 65, 0, 65, 8, 65, 8, 252, 10, 0, 0, 65, 0,
    37, 0, 26, 67, 202, 242, 73, 113, 252, 0, 65, 128, 1, 192, 11, 0, 11, 4, 110, 97, 109, 101, 7,
    4, 1, 0, 1, 103,
];

/// Which of zkhost's consensus settings ([`apply`]) `engine` lacks, found by running
/// a small probe module on it: the accepted features, NaN canonicalization, and with
/// `fuel` (the node meters instructions with fuel) fuel metering. Empty: none.
pub fn check(engine: &Engine, fuel: bool) -> Vec<Nondeterminism> {
    let mut found = Vec::new();
    let module = match Module::new(engine, PROBE) {
        Ok(m) => m,
        Err(e) => return vec![Nondeterminism::MissingFeature(format!("{e:#}"))],
    };
    let mut store = Store::new(engine, ());
    let fuel_on = store.set_fuel(u64::MAX).is_ok();
    if fuel && !fuel_on {
        found.push(Nondeterminism::NoFuel);
    }
    let nan = Instance::new(&mut store, &module, &[])
        .and_then(|i| i.get_typed_func::<(), i32>(&mut store, "nan"))
        .and_then(|f| f.call(&mut store, ()));
    match nan {
        Ok(bits) if bits as u32 == 0x7fc0_0000 => {}
        Ok(_) => found.push(Nondeterminism::NanNotCanonical),
        Err(e) => found.push(Nondeterminism::Probe(format!("{e:#}"))),
    }
    found
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_is_its_text() {
        let bytes = wat::parse_str(PROBE_WAT).unwrap();
        assert_eq!(PROBE, &bytes[..], "{bytes:?}");
    }
}
