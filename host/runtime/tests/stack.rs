//! The deterministic stack limit holds on this machine: for frames of every shape a
//! contract can make (many parameters, locals or operands live across the call, many
//! results, indirect and mutual recursion, memory accesses), the native stack lasts
//! for at least twice the default budget's frame units, so recursion always ends at
//! the budget, at the same depth and with the same gas on every node. Run under qemu
//! by `.ci/cross`, this is the check for aarch64 and s390x.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use parity_scale_codec::Encode;
use zkhost_abi::Crypto;
use zkhost_runtime::limits::DEFAULT_STACK_BUDGET;
use zkhost_runtime::stack::{self, DEPTH_EXPORT};
use zkhost_runtime::wasmtime::{Engine, Instance, Linker, Module, Store, Trap};
use zkhost_runtime::{engine, DeployError, Limits, Runtime, RuntimeConfig, TrapKind};
use zkhost_testkit::contracts::{self as contracts, groth16 as via, Path};
use zkhost_testkit::frames::{module, Shape, SHAPES, SIZES};
use zkhost_testkit::{fixture, sample};

/// The frame units live when the native stack ran out, with the limit out of the way:
/// how far a budget could go on this machine for this shape.
fn units_at_native_overflow(engine: &Engine, wat: &str) -> u32 {
    let wasm = wat::parse_str(wat).unwrap();
    let limited = stack::limit(&wasm, "call", i32::MAX as u32).unwrap();
    let module = Module::new(engine, &limited).unwrap();
    let mut store = Store::new(engine, ());
    store.set_fuel(u64::MAX).unwrap();
    let instance: Instance = Linker::new(engine)
        .instantiate(&mut store, &module)
        .unwrap();
    let call = instance
        .get_typed_func::<(), ()>(&mut store, "call")
        .unwrap();
    let err = call.call(&mut store, ()).unwrap_err();
    assert_eq!(
        err.downcast_ref::<Trap>(),
        Some(&Trap::StackOverflow),
        "{err:#}"
    );
    let depth = instance.get_global(&mut store, DEPTH_EXPORT).unwrap();
    depth.get(&mut store).i32().unwrap() as u32
}

#[test]
fn the_native_stack_outlasts_twice_the_budget_for_every_frame_shape() {
    let limits = Limits::from_env();
    // The runtime's engine configuration, memory settings included, without the pool.
    let engine = Engine::new(&engine::config_for(&limits)).unwrap();
    let mut worst = (u32::MAX, Shape::Params, 0);
    for shape in SHAPES {
        for n in SIZES {
            let units = units_at_native_overflow(&engine, &module(shape, n));
            let bytes_per_unit = limits.max_wasm_stack as f64 / f64::from(units);
            println!("{shape:?} {n}: {units} units, {bytes_per_unit:.1} bytes per unit");
            if units < worst.0 {
                worst = (units, shape, n);
            }
        }
    }
    println!(
        "{}: fewest units at native overflow {} ({:?}, {}), budget {DEFAULT_STACK_BUDGET}",
        std::env::consts::ARCH,
        worst.0,
        worst.1,
        worst.2
    );
    assert!(
        worst.0 >= 2 * DEFAULT_STACK_BUDGET,
        "the native stack ran out at {} units ({:?}, {}): the budget needs a margin of 2",
        worst.0,
        worst.1,
        worst.2
    );
}

#[test]
fn recursion_of_every_shape_ends_at_the_budget() {
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    for shape in SHAPES {
        for n in SIZES {
            let wasm = wat::parse_str(module(shape, n)).unwrap();
            let code = rt.deploy(&wasm).unwrap();
            let first = rt.call(&code, &[], 1 << 40).unwrap();
            assert_eq!(
                first.trap(),
                Some(TrapKind::StackExhausted),
                "{shape:?} {n}"
            );
            // The same gas at a limit just above it, and out of gas just below.
            let again = rt.call(&code, &[], first.gas_used).unwrap();
            assert_eq!(again, first, "{shape:?} {n}");
            let short = rt.call(&code, &[], first.gas_used - 1).unwrap();
            assert_eq!(short.trap(), Some(TrapKind::OutOfGas), "{shape:?} {n}");
        }
    }
}

#[test]
fn every_bundled_contract_runs_in_a_sixteenth_of_the_budget() {
    // Their deepest calls need well under a thousand units (the pure-wasm pairing
    // the most): the budget bounds hostile recursion, not real contracts.
    let mut limits = Limits::from_env();
    limits.stack_budget = DEFAULT_STACK_BUDGET / 16;
    let rt = Runtime::new(RuntimeConfig {
        limits,
        ..RuntimeConfig::default()
    })
    .unwrap();
    let request = fixture::request().unwrap();
    let pairing = contracts::message(Crypto::AltBn128Pairing, sample::pairing_input(2, 3));
    let cases: [(&str, &[u8], Vec<u8>); 6] = [
        ("forwarder", contracts::FORWARDER_WASM, pairing.clone()),
        ("wasm-pairing", contracts::WASM_PAIRING_WASM, pairing),
        (
            "wasm-pairing, msm",
            contracts::WASM_PAIRING_WASM,
            contracts::message(Crypto::AltBn128G1Msm, sample::msm_input(8, 4)),
        ),
        (
            "pairing-bench",
            contracts::PAIRING_BENCH_WASM,
            (2u32, sample::pairing_input(2, 9)).encode(),
        ),
        (
            "groth16-verifier",
            contracts::GROTH16_VERIFIER_WASM,
            via::message(Path::Contract, &request),
        ),
        (
            "groth16 in pure wasm",
            contracts::WASM_PAIRING_WASM,
            via::message(Path::Wasm, &request),
        ),
    ];
    for (what, wasm, message) in cases {
        let code = rt.deploy(wasm).unwrap();
        let o = rt.call(&code, &message, 1 << 40).unwrap();
        assert!(o.output().is_some(), "{what}: {:?}", o.result);
    }
}

/// Runs `call` of an instrumented module once, with no imports; returns what it
/// wrote at address 0 and the frame-unit count afterwards.
fn run_limited(wat: &str) -> (i64, i32) {
    let engine = Engine::new(&engine::config_for(&Limits::from_env())).unwrap();
    let wasm = wat::parse_str(wat).unwrap();
    let module = Module::new(&engine, stack::limit(&wasm, "call", 1000).unwrap()).unwrap();
    let mut store = Store::new(&engine, ());
    store.set_fuel(1 << 30).unwrap();
    let instance = Linker::new(&engine)
        .instantiate(&mut store, &module)
        .unwrap();
    let call = instance
        .get_typed_func::<(), ()>(&mut store, "call")
        .unwrap();
    call.call(&mut store, ()).unwrap();
    let memory = instance.get_memory(&mut store, "memory").unwrap();
    let mut word = [0u8; 8];
    memory.read(&store, 0, &mut word).unwrap();
    let depth = instance.get_global(&mut store, DEPTH_EXPORT).unwrap();
    (
        i64::from_le_bytes(word),
        depth.get(&mut store).i32().unwrap(),
    )
}

#[test]
fn every_way_out_of_a_function_gives_its_units_back_and_keeps_its_results() {
    // Each helper returns through a different exit; `call` stores what they give.
    let exits = r#"(module (memory (export "memory") 1)
      (type $two (func (param i64) (result i64 i64)))
      (table 1 funcref) (elem (i32.const 0) $pair)
      (func $fall (param i64) (result i64) (i64.add (local.get 0) (i64.const 1)))
      (func $ret (param i64) (result i64)
        (block (br_if 0 (i64.eqz (local.get 0))) (return (i64.const 10)))
        (i64.const 20))
      (func $br (param i64) (result i64) (local.get 0) (br 0))
      (func $br_if (param i64) (result i64)
        (br_if 0 (i64.const 30) (i32.const 1)) (drop) (i64.const 31))
      (func $table (param i32) (result i64)
        (block (result i64) (br_table 0 1 (i64.const 40) (local.get 0)))
        (drop) (i64.const 41))
      (func $pair (type $two) (local.get 0) (i64.const 2) (return))
      (func $deep (param i64) (result i64)
        (if (result i64) (i64.eqz (local.get 0))
          (then (i64.const 100))
          (else (i64.add (i64.const 1) (call $deep (i64.sub (local.get 0) (i64.const 1)))))))
      (func (export "call")
        (local $s i64)
        (local.set $s (call $fall (i64.const 1)))
        (local.set $s (i64.add (local.get $s) (call $ret (i64.const 0))))
        (local.set $s (i64.add (local.get $s) (call $ret (i64.const 1))))
        (local.set $s (i64.add (local.get $s) (call $br (i64.const 7))))
        (local.set $s (i64.add (local.get $s) (call $br_if (i64.const 0))))
        (local.set $s (i64.add (local.get $s) (call $table (i32.const 0))))
        (local.set $s (i64.add (local.get $s) (call $table (i32.const 2))))
        (local.set $s (i64.add (local.get $s)
          (i64.mul (call_indirect (type $two) (i64.const 5) (i32.const 0)))))
        (local.set $s (i64.add (local.get $s) (call $deep (i64.const 5))))
        (i64.store (i32.const 0) (local.get $s))))"#;
    // 2 + 20 + 10 + 7 + 30 + 41 + 40 + 5·2 + 105.
    assert_eq!(run_limited(exits), (265, 0));
}

#[test]
fn a_module_without_globals_or_with_a_reserved_export_name() {
    // No global section, no exports but the required ones: the rewrite adds them.
    let bare = r#"(module (memory (export "memory") 1)
      (func (export "call") (i64.store (i32.const 0) (i64.const 9))))"#;
    assert_eq!(run_limited(bare), (9, 0));
    // Imported and defined globals keep their indices.
    let globals = r#"(module (memory (export "memory") 1)
      (global $a (mut i64) (i64.const 3)) (global $b i64 (i64.const 4))
      (func (export "call")
        (global.set $a (i64.add (global.get $a) (global.get $b)))
        (i64.store (i32.const 0) (global.get $a))))"#;
    assert_eq!(run_limited(globals), (7, 0));
    let taken = format!(
        r#"(module (memory (export "memory") 1) (global (export "{DEPTH_EXPORT}") i32 (i32.const 0))
        (func (export "call")))"#
    );
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let refused = rt.deploy(&wat::parse_str(taken).unwrap());
    assert!(matches!(refused, Err(DeployError::Invalid(m)) if m.contains("reserved")));
}

#[test]
fn the_accounting_adds_sixteen_units_of_gas_to_an_empty_call() {
    // A function costs 1 unit of fuel for itself; the accounting adds the thunk (1
    // for itself, 3 to zero the count and call), the prologue (8) and the epilogue
    // (4). The contract's own `unreachable` is still `unreachable`.
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let empty = r#"(module (memory (export "memory") 1) (func (export "call")))"#;
    let code = rt.deploy(&wat::parse_str(empty).unwrap()).unwrap();
    let o = rt.call(&code, &[], 1000).unwrap();
    assert_eq!((o.output(), o.gas_used), (Some(&[][..]), 17));
    let trap = r#"(module (memory (export "memory") 1) (func (export "call") unreachable))"#;
    let code = rt.deploy(&wat::parse_str(trap).unwrap()).unwrap();
    assert_eq!(
        rt.call(&code, &[], 1000).unwrap().trap(),
        Some(TrapKind::Unreachable)
    );
}
