//! The stack limit's rewrite changes nothing a module computes: random valid modules
//! (wasm-smith, the accepted features only, exporting a memory, a global and
//! functions of several signatures) run the same before
//! and after `zkhost_runtime::stack::limit` — every exported function's results or
//! trap, then every exported global and every byte of memory — except where fuel or
//! the native stack ran out (the rewrite adds instructions and frame bytes, so those
//! come at other points; the budget is set out of the way here).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use arbitrary::Unstructured;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkhost_runtime::stack::{self, DEPTH_EXPORT};
use zkhost_runtime::wasmtime::{
    Engine, Extern, Instance, Linker, Module, Store, Trap, Val, ValType,
};
use zkhost_runtime::{engine, Limits};

/// Random modules tried per `cargo test`, or `ZKHOST_DIFFERENTIAL_CASES` if fewer (as
/// under qemu, where `.ci/cross` sets 500).
fn modules() -> usize {
    zkhost_testkit::rng::differential_cases(800).min(800)
}

/// A module from `bytes`; `references` allows reference types (wasm-smith then often
/// emits GC types too, which the rewrite refuses like deploy does).
fn smith(bytes: &[u8], references: bool) -> Option<Vec<u8>> {
    let exports = wat::parse_str(
        r#"(module
          (memory (export "memory") 1)
          (global (export "g") (mut i64) (i64.const 0))
          (func (export "call") unreachable)
          (func (export "f") (param i32 i64) (result i64) unreachable)
          (func (export "h") (param f64) (result i32 f64 i64) unreachable))"#,
    )
    .unwrap();
    let config = wasm_smith::Config {
        exports: Some(exports),
        max_imports: 0,
        max_funcs: 30,
        max_instructions: 200,
        max_memory32_bytes: 1 << 20,
        max_table_elements: 1_000,
        min_funcs: 1,
        allow_start_export: false,
        exceptions_enabled: false,
        gc_enabled: false,
        compact_imports_enabled: false,
        memory64_enabled: false,
        relaxed_simd_enabled: false,
        simd_enabled: false,
        tail_call_enabled: false,
        threads_enabled: false,
        wide_arithmetic_enabled: false,
        extended_const_enabled: false,
        custom_page_sizes_enabled: false,
        // The required `memory` export is the one memory.
        max_memories: 0,
        reference_types_enabled: references,
        max_tables: 1,
        ..wasm_smith::Config::default()
    };
    let mut u = Unstructured::new(bytes);
    wasm_smith::Module::new(config, &mut u)
        .ok()
        .map(|m| m.to_bytes())
}

/// A value as something comparable (floats by their bits, references by nullness).
fn key(v: &Val) -> String {
    match v {
        Val::I32(x) => format!("i32 {x}"),
        Val::I64(x) => format!("i64 {x}"),
        Val::F32(x) => format!("f32 {x:#x}"),
        Val::F64(x) => format!("f64 {x:#x}"),
        Val::FuncRef(f) => format!("funcref {}", f.is_some()),
        Val::ExternRef(e) => format!("externref {}", e.is_some()),
        other => format!("{other:?}"),
    }
}

fn zero(t: &ValType) -> Val {
    match t {
        ValType::I32 => Val::I32(0),
        ValType::I64 => Val::I64(0),
        ValType::F32 => Val::F32(0),
        ValType::F64 => Val::F64(0),
        ValType::Ref(r) => Val::null_ref(r.heap_type()),
        ValType::V128 => Val::V128(0u128.into()),
    }
}

/// Fuel or the native stack ran out on one side: the two may part here.
struct Parted;

struct Side {
    store: Store<()>,
    instance: Instance,
}

impl Side {
    fn new(engine: &Engine, wasm: &[u8]) -> Option<Side> {
        let module = Module::new(engine, wasm).unwrap();
        let mut store = Store::new(engine, ());
        store.set_fuel(0).unwrap();
        // Instantiation may trap (a data segment out of bounds): the same on both sides.
        let instance = Linker::new(engine).instantiate(&mut store, &module).ok()?;
        Some(Side { store, instance })
    }

    fn call(&mut self, name: &str) -> Result<String, Parted> {
        let f = self.instance.get_func(&mut self.store, name).unwrap();
        let ty = f.ty(&self.store);
        let params: Vec<Val> = ty.params().map(|t| zero(&t)).collect();
        let mut results: Vec<Val> = ty.results().map(|t| zero(&t)).collect();
        self.store.set_fuel(100_000).unwrap();
        match f.call(&mut self.store, &params, &mut results) {
            Ok(()) => Ok(results.iter().map(key).collect::<Vec<_>>().join(", ")),
            Err(e) => match e.downcast_ref::<Trap>() {
                Some(Trap::OutOfFuel | Trap::StackOverflow) => Err(Parted),
                Some(t) => Ok(format!("trap {t:?}")),
                None => Ok(format!("error {e:#}")),
            },
        }
    }

    /// Every exported global and memory, as text.
    fn state(&mut self, names: &[String]) -> String {
        let mut s = String::new();
        for name in names {
            match self.instance.get_export(&mut self.store, name) {
                Some(Extern::Global(g)) => {
                    s += &format!("{name}={} ", key(&g.get(&mut self.store)))
                }
                Some(Extern::Memory(m)) => {
                    let data = m.data(&self.store);
                    let sum = data.iter().enumerate().fold(0u64, |h, (i, b)| {
                        h.wrapping_mul(31).wrapping_add(u64::from(*b) ^ i as u64)
                    });
                    s += &format!("{name}:{}:{sum:x} ", data.len());
                }
                _ => {}
            }
        }
        s
    }
}

#[test]
fn the_rewrite_changes_nothing_a_random_module_computes() {
    // The runtime's settings (compact memory under emulation: qemu-user keeps every
    // reserved page, and 4 GiB per instance soon fills the machine).
    let engine = Engine::new(&engine::config_for(&Limits::from_env())).unwrap();
    let modules = modules();
    let mut rng = ChaCha20Rng::seed_from_u64(0x5741_434b);
    let (mut compared, mut calls, mut parted) = (0, 0, 0);
    for i in 0..modules {
        let mut bytes = vec![0u8; 4096];
        rng.fill_bytes(&mut bytes);
        let Some(wasm) = smith(&bytes, i % 2 == 0) else {
            continue;
        };
        // The rewrite validates with the accepted features; anything else is refused.
        let Ok(limited) = stack::limit(&wasm, "call", i32::MAX as u32) else {
            continue;
        };
        let (Some(mut a), Some(mut b)) = (Side::new(&engine, &wasm), Side::new(&engine, &limited))
        else {
            assert!(Side::new(&engine, &wasm).is_none() && Side::new(&engine, &limited).is_none());
            continue;
        };
        let module = Module::new(&engine, &wasm).unwrap();
        let names: Vec<String> = module.exports().map(|e| e.name().to_string()).collect();
        let functions: Vec<&String> = names
            .iter()
            .filter(|n| module.get_export(n).is_some_and(|t| t.func().is_some()))
            .collect();
        compared += 1;
        for name in functions {
            match (a.call(name), b.call(name)) {
                (Ok(x), Ok(y)) => {
                    assert_eq!(x, y, "{name} of module {}", hex(&wasm));
                    assert_eq!(a.state(&names), b.state(&names), "state after {name}");
                    calls += 1;
                }
                _ => {
                    parted += 1;
                    break;
                }
            }
        }
        assert!(!names.iter().any(|n| n == DEPTH_EXPORT));
    }
    println!("{compared} modules, {calls} calls compared, {parted} parted by fuel or stack");
    assert!(
        compared > modules / 8 && calls > modules / 2,
        "too few comparisons: {compared}, {calls}"
    );
}

fn hex(wasm: &[u8]) -> String {
    wasm.iter().map(|b| format!("{b:02x}")).collect()
}
