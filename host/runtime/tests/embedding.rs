//! A node's own embedding, without zkhost's policy: a subset of the functions, its own
//! module and memory names, its own engine (no fuel), entry points and meter; the
//! deploy checks as parts; the opt-in stack limit; `last_error`; the error text.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::collections::BTreeSet;

use zkhost_runtime::wasmtime::{Caller, Config, Engine, Extern, Linker, Store};
use zkhost_runtime::Prices;
use zkhost_runtime::{
    add_io_to_linker, add_to_linker, check_determinism, check_module, engine, io_imports,
    last_error, CallIo, Crypto, DeployError, Entry, Family, Functions, GasMeter, HostCallError,
    HostCosts, HostState, HostTrap, LinkOptions, OutOfGas, Runtime, RuntimeConfig, TrapKind,
    ValType,
};
use zkhost_testkit::{bn254, rng, sample};

/// The node's store data: zkhost's state, zkhost's I/O (for the bundled contracts),
/// and the node's own counters.
struct Node {
    zk: HostState,
    io: CallIo,
    gas_left: u64,
    host_gas: u64,
}

fn node_state(gas: u64) -> Node {
    Node {
        zk: HostState::new(HostCosts::ZKHOST, None),
        io: CallIo::new(1 << 20),
        gas_left: gas,
        host_gas: 0,
    }
}

/// A counter in the store data; it knows what is left.
#[derive(Clone)]
struct Counter;

impl GasMeter<Node> for Counter {
    fn charge(&self, caller: &mut Caller<'_, Node>, gas: u64) -> Result<(), OutOfGas> {
        let n = caller.data_mut();
        match n.gas_left.checked_sub(gas) {
            Some(rest) => {
                n.gas_left = rest;
                n.host_gas += gas;
                Ok(())
            }
            None => {
                n.gas_left = 0;
                Err(OutOfGas)
            }
        }
    }

    fn left(&self, caller: &mut Caller<'_, Node>) -> Option<u64> {
        Some(caller.data().gas_left)
    }
}

/// The node's engine: its own config, zkhost's consensus settings, no fuel.
fn node_engine() -> Engine {
    let mut config = Config::new();
    engine::apply(&mut config);
    Engine::new(&config).unwrap()
}

fn linked(engine: &Engine, zk: &LinkOptions) -> Linker<Node> {
    let mut linker = Linker::new(engine);
    add_to_linker(&mut linker, zk, Counter, |n: &mut Node| &mut n.zk).unwrap();
    linker
}

#[test]
fn a_subset_link_refuses_a_contract_importing_another_function_at_deploy() {
    let engine = node_engine();
    let zk = LinkOptions::default()
        .with_module("crypto")
        .with_functions(Functions::BN254);
    let bls = wat::parse_str(
        r#"(module (import "crypto" "bls12381_g1_add" (func (param i32 i32 i32) (result i32)))
            (memory (export "memory") 1))"#,
    )
    .unwrap();
    assert_eq!(
        check_module(&engine, &bls, &zk.rules()).unwrap_err(),
        DeployError::ImportNotAllowed("crypto::bls12381_g1_add".into())
    );
    // last_error was not asked for: refused too, at deploy, not at instantiation.
    let last = wat::parse_str(
        r#"(module (import "crypto" "last_error" (func (result i32))) (memory (export "memory") 1))"#,
    )
    .unwrap();
    assert_eq!(
        check_module(&engine, &last, &zk.rules()).unwrap_err(),
        DeployError::ImportNotAllowed("crypto::last_error".into())
    );
    // zkhost's I/O functions are not linked by add_to_linker, so not allowed either.
    let io = wat::parse_str(
        r#"(module (import "crypto" "input_size" (func (result i32))) (memory (export "memory") 1))"#,
    )
    .unwrap();
    assert!(matches!(
        check_module(&engine, &io, &zk.rules()),
        Err(DeployError::ImportNotAllowed(_))
    ));
    // What is in the subset deploys and instantiates.
    let bn = wat::parse_str(
        r#"(module (import "crypto" "alt_bn128_pairing" (func (param i32 i32 i32) (result i32)))
            (memory (export "memory") 1))"#,
    )
    .unwrap();
    let checked = check_module(&engine, &bn, &zk.rules()).unwrap();
    let mut store = Store::new(&engine, node_state(0));
    linked(&engine, &zk)
        .instantiate(&mut store, &checked.module)
        .unwrap();
}

#[test]
fn a_memory_name_mismatch_is_refused_at_deploy_naming_the_memory() {
    let engine = node_engine();
    let zk = LinkOptions::default().with_memory("mem");
    let wasm = wat::parse_str(
        r#"(module (import "zkhost" "alt_bn128_add" (func (param i32 i32 i32) (result i32)))
            (memory (export "memory") 1))"#,
    )
    .unwrap();
    assert_eq!(
        check_module(&engine, &wasm, &zk.rules()).unwrap_err(),
        DeployError::MissingExport("mem (a linear memory)".into())
    );
}

/// The signature of a linked function, as the allow-list spells it.
fn linked_names(engine: &Engine, zk: &LinkOptions) -> BTreeSet<(String, String, String)> {
    let linker = linked(engine, zk);
    let mut store = Store::new(engine, node_state(0));
    let defined: Vec<(String, String, Extern)> = linker
        .iter(&mut store)
        .map(|(module, name, ext)| (module.to_string(), name.to_string(), ext))
        .collect();
    defined
        .into_iter()
        .map(|(module, name, ext)| {
            let Extern::Func(f) = ext else {
                panic!("{module}::{name} is not a function")
            };
            let ty = f.ty(&store);
            let list = |ts: Vec<String>| ts.join(",");
            let sig = format!(
                "{}->{}",
                list(ty.params().map(|t| t.to_string()).collect()),
                list(ty.results().map(|t| t.to_string()).collect())
            );
            (module, name, sig)
        })
        .collect()
}

#[test]
fn the_allow_list_is_exactly_what_was_linked() {
    let engine = node_engine();
    let t = |v: &[ValType]| {
        v.iter()
            .map(|t| match t {
                ValType::I32 => "i32",
                ValType::I64 => "i64",
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    for functions in [
        Functions::ALL,
        Functions::NONE,
        Functions::LAST_ERROR,
        Functions::BN254,
        Functions::GROTH16.with_last_error(),
        Functions::BLS12_381,
        Functions::VERKLE | Functions::one(Crypto::AltBn128Add),
    ] {
        let zk = LinkOptions::default()
            .with_module("crypto")
            .with_functions(functions);
        let allowed: BTreeSet<_> = zk
            .imports()
            .iter()
            .map(|i| {
                let sig = format!("{}->{}", t(i.params), t(i.results));
                (i.module.to_string(), i.name.to_string(), sig)
            })
            .collect();
        assert_eq!(allowed.len(), zk.imports().len(), "no duplicates");
        assert_eq!(allowed, linked_names(&engine, &zk), "{functions:?}");
    }
    // The families, counted from the ABI's table.
    assert_eq!(Functions::ALL.crypto().count(), Crypto::ALL.len());
    assert_eq!(Functions::BN254.crypto().count(), 8);
    assert_eq!(Functions::BLS12_381.crypto().count(), 7);
    assert_eq!(Functions::VERKLE.crypto().count(), 6);
    assert_eq!(Functions::KZG.crypto().count(), 1);
    assert_eq!(Functions::P256.crypto().count(), 1);
    assert_eq!(Functions::POSEIDON.crypto().count(), 1);
    assert_eq!(Functions::SECP256K1.crypto().count(), 3);
    assert_eq!(Functions::ED25519.crypto().count(), 2);
    let families = Functions::BN254
        | Functions::BLS12_381
        | Functions::VERKLE
        | Functions::KZG
        | Functions::P256
        | Functions::POSEIDON
        | Functions::SECP256K1
        | Functions::ED25519
        | Functions::BLS_SIGNATURES;
    assert_eq!(families.with_last_error(), Functions::ALL);
    // Each family is the functions whose import names carry its prefix.
    for (family, prefix) in [
        (Family::Bn254, "alt_bn128_"),
        (Family::Bls12381, "bls12381_"),
        (Family::Verkle, "verkle_"),
        (Family::Kzg, "kzg_"),
        (Family::P256, "p256_"),
        (Family::Poseidon, "poseidon"),
        (Family::Secp256k1, "secp256k1_"),
        (Family::Ed25519, "ed25519_"),
        (Family::BlsSignatures, "bls_"),
    ] {
        let named: Vec<Crypto> = Crypto::ALL
            .into_iter()
            .filter(|op| op.name().starts_with(prefix))
            .collect();
        let set: Vec<Crypto> = Functions::family(family).crypto().collect();
        assert_eq!(set, named, "{family:?}");
    }
    assert_eq!(
        Family::ALL
            .map(|f| Functions::family(f).crypto().count())
            .iter()
            .sum::<usize>(),
        Crypto::ALL.len(),
        "the families partition the crypto functions"
    );
    assert_eq!(io_imports("zkhost").len(), 4);
}

/// The bundled contracts' calls, each a (contract, operation, input).
fn bundled_calls() -> Vec<(&'static [u8], Crypto, Vec<u8>)> {
    use zkhost_testkit::contracts as c;
    let mut rng = rng::rng(35);
    let bls_g1 =
        zkhost_testkit::bls12_381::g1_bytes(&zkhost_testkit::bls12_381::random_g1(&mut rng));
    let scalars: Vec<u8> = (1u8..=5)
        .flat_map(|i| [[i; 1], [0; 1]].concat().repeat(16))
        .collect();
    vec![
        (c::FORWARDER_WASM, Crypto::AltBn128Add, sample::add_input(1)),
        (c::FORWARDER_WASM, Crypto::AltBn128Mul, sample::mul_input(2)),
        (
            c::FORWARDER_WASM,
            Crypto::AltBn128Pairing,
            sample::pairing_input(2, 3),
        ),
        (
            c::FORWARDER_WASM,
            Crypto::AltBn128G1Msm,
            sample::msm_input(3, 4),
        ),
        (c::FORWARDER_WASM, Crypto::AltBn128Add, vec![0xff; 128]),
        (
            c::FORWARDER_WASM,
            Crypto::Bls12G1Add,
            [bls_g1.clone(), bls_g1.clone()].concat(),
        ),
        (
            c::FORWARDER_WASM,
            Crypto::Bls12G1Msm,
            [bls_g1, vec![7; 32]].concat(),
        ),
        (c::FORWARDER_WASM, Crypto::VerkleCommit, scalars),
        (c::FORWARDER_WASM, Crypto::VerkleTreeKey, vec![9; 64]),
        (
            c::WASM_PAIRING_WASM,
            Crypto::AltBn128Pairing,
            sample::pairing_input(1, 5),
        ),
    ]
}

#[test]
fn a_node_without_fuel_or_instrumentation_runs_the_bundled_contracts_alike() {
    // The node's engine has no fuel: instructions are the node's business (it might
    // meter them its own way); host functions charge its counter.
    let engine = node_engine();
    let zk = LinkOptions::default();
    let mut linker = linked(&engine, &zk);
    add_io_to_linker(
        &mut linker,
        &zk,
        HostCosts::ZKHOST,
        Counter,
        |n: &mut Node| &mut n.io,
    )
    .unwrap();
    let mut rules = zk.rules();
    rules.imports.extend(io_imports(&zk.module));
    rules.entries.push(Entry::CALL);
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let costs = HostCosts::ZKHOST;
    for (wasm, op, input) in bundled_calls() {
        let message = zkhost_testkit::contracts::message(op, input.clone());
        let checked = check_module(&engine, wasm, &rules).unwrap();
        assert_eq!(checked.stack_budget, None);
        let mut store = Store::new(&engine, node_state(u64::MAX));
        store.data_mut().io.start(&message);
        let instance = linker.instantiate(&mut store, &checked.module).unwrap();
        let call = instance
            .get_typed_func::<(), ()>(&mut store, "call")
            .unwrap();
        call.call(&mut store, ()).unwrap();
        let ours = store.data_mut().io.take_output();
        // zkhost's own Runtime (fuel, instrumentation): the same output.
        let code = rt.deploy(wasm).unwrap();
        let theirs = rt.call(&code, &message, 1 << 40).unwrap();
        assert_eq!(theirs.output(), Some(&ours[..]), "{op:?}");
        // The host gas, from the published prices: input_size, input_read of the
        // message, the crypto call (the pure-wasm contract makes none), output_write.
        let crypto = if wasm == zkhost_testkit::contracts::WASM_PAIRING_WASM {
            0
        } else {
            costs.crypto_call(op, input.len())
        };
        let expected = costs.call(0, 0)
            + costs.call(message.len() as u64, 0)
            + crypto
            + costs.call(ours.len() as u64, 0);
        assert_eq!(store.data().host_gas, expected, "{op:?}");
        // And the Runtime's gas is that plus its instructions.
        assert!(theirs.gas_used > expected, "{op:?}");
    }
}

/// Entry points with parameters, recursion on demand: `execute(n)` recurses `n`
/// deep and returns `n + 1`; `fail` executes `unreachable`.
const ENTRIES: &str = r#"(module
  (memory (export "memory") 1)
  (func $down (param $n i32) (result i32)
    (if (result i32) (i32.eqz (local.get $n)) (then (i32.const 0))
      (else (i32.add (call $down (i32.sub (local.get $n) (i32.const 1))) (i32.const 1)))))
  (func (export "execute") (param $n i32) (result i32)
    (i32.add (call $down (local.get $n)) (i32.const 1)))
  (func (export "fail") unreachable))"#;

#[test]
fn the_stack_limit_is_opt_in_and_its_trap_is_its_own_kind() {
    let engine = node_engine();
    let zk = LinkOptions::default();
    let linker = linked(&engine, &zk);
    let wasm = wat::parse_str(ENTRIES).unwrap();
    let entries = vec![
        Entry::new("execute", &[ValType::I32], &[ValType::I32]),
        Entry::new("fail", &[], &[]),
    ];
    let mut rules = zk.rules();
    rules.entries = entries.clone();
    // Without the opt-in, the module is compiled as it is: no depth export.
    let plain = check_module(&engine, &wasm, &rules).unwrap();
    assert!(plain
        .module
        .get_export(zkhost_runtime::stack::DEPTH_EXPORT)
        .is_none());
    rules.stack_budget = Some(4_096);
    let limited = check_module(&engine, &wasm, &rules).unwrap();
    assert!(limited
        .module
        .get_export(zkhost_runtime::stack::DEPTH_EXPORT)
        .is_some());

    let mut store = Store::new(&engine, node_state(0));
    let instance = linker.instantiate(&mut store, &limited.module).unwrap();
    let execute = instance
        .get_typed_func::<i32, i32>(&mut store, "execute")
        .unwrap();
    // The thunk passes the argument on and the result back.
    assert_eq!(execute.call(&mut store, 10).unwrap(), 11);
    // Deep: the budget's trap, classified as such with no budget repeated.
    let deep = execute.call(&mut store, 100_000).unwrap_err();
    assert_eq!(zkhost_runtime::trap_kind(&deep), TrapKind::Unreachable);
    assert_eq!(
        limited.trap_kind(&deep, &mut store, &instance),
        TrapKind::StackExhausted
    );
    // The entry's thunk zeroed the count: the same instance runs again.
    assert_eq!(execute.call(&mut store, 10).unwrap(), 11);
    let fail = instance
        .get_typed_func::<(), ()>(&mut store, "fail")
        .unwrap();
    let own = fail.call(&mut store, ()).unwrap_err();
    assert_eq!(
        limited.trap_kind(&own, &mut store, &instance),
        TrapKind::Unreachable
    );
    // A wrong signature is refused, naming the entry and its type.
    rules.entries = vec![Entry::new("execute", &[ValType::I64], &[ValType::I32])];
    assert_eq!(
        check_module(&engine, &wasm, &rules).unwrap_err(),
        DeployError::MissingExport("execute (must be a function [i64] -> [i32])".into())
    );
}

#[test]
fn determinism_is_checked_without_instrumentation_too() {
    let engine = node_engine();
    let zk = LinkOptions::default();
    // SIMD is off in zkhost's features: refused whether or not the node instruments.
    let simd = wat::parse_str(
        r#"(module (memory (export "memory") 1)
            (func (export "f") (result i32) (i32x4.extract_lane 0 (v128.const i32x4 1 2 3 4))))"#,
    )
    .unwrap();
    assert!(matches!(
        check_module(&engine, &simd, &zk.rules()),
        Err(DeployError::Invalid(_))
    ));
    assert!(check_determinism(&simd, 1 << 20, 100).is_err());
    let start =
        wat::parse_str(r#"(module (memory (export "memory") 1) (func $s) (start $s))"#).unwrap();
    assert_eq!(
        check_determinism(&start, 1 << 20, 100),
        Err(DeployError::Invalid(
            "a start function is not allowed".into()
        ))
    );
    let ok = wat::parse_str(ENTRIES).unwrap();
    assert_eq!(check_determinism(&ok, 1 << 20, 100), Ok(()));
    assert!(matches!(
        check_determinism(&ok, 10, 100),
        Err(DeployError::TooLarge { .. })
    ));
}

#[test]
fn the_engine_check_names_what_breaks_determinism() {
    assert_eq!(engine::check(&node_engine(), false), vec![]);
    // The node chose fuel but left it off.
    assert_eq!(
        engine::check(&node_engine(), true),
        vec![engine::Nondeterminism::NoFuel]
    );
    // zkhost's own configuration passes with fuel.
    let own = Engine::new(&engine::config(512 << 10)).unwrap();
    assert_eq!(engine::check(&own, true), vec![]);
    // NaN canonicalization off: a NaN's payload shows through.
    let mut config = Config::new();
    engine::apply(&mut config).cranelift_nan_canonicalization(false);
    assert_eq!(
        engine::check(&Engine::new(&config).unwrap(), false),
        vec![engine::Nondeterminism::NanNotCanonical]
    );
    // A feature zkhost's contracts need turned off.
    let mut config = Config::new();
    engine::apply(&mut config).wasm_bulk_memory(false);
    let found = engine::check(&Engine::new(&config).unwrap(), false);
    assert!(
        matches!(
            found.as_slice(),
            [engine::Nondeterminism::MissingFeature(_)]
        ),
        "{found:?}"
    );
}

/// Runs `op` on `input` in a contract that returns `last_error()` after the call (or
/// 100 + the call's status if it returned 0), through zkhost's own `Runtime`.
fn last_error_of(
    rt: &Runtime,
    op: Crypto,
    input: &[u8],
) -> (i32, Option<zkhost_runtime::HostError>) {
    let wat = format!(
        r#"(module
      (import "zkhost" "input_size" (func $size (result i32)))
      (import "zkhost" "input_read" (func $read (param i32)))
      (import "zkhost" "output_write" (func $write (param i32 i32)))
      (import "zkhost" "{name}" (func $op (param i32 i32 i32) (result i32)))
      (import "zkhost" "last_error" (func $last (result i32)))
      (memory (export "memory") 2)
      (func (export "call")
        (call $read (i32.const 1024))
        (i32.store (i32.const 0)
          (if (result i32) (call $op (i32.const 1024) (call $size) (i32.const 65536))
            (then (call $last)) (else (i32.const 100))))
        (call $write (i32.const 0) (i32.const 4))))"#,
        name = op.name()
    );
    let code = rt.deploy(&wat::parse_str(wat).unwrap()).unwrap();
    let o = rt.call(&code, input, 100_000_000).unwrap();
    let out = o.output().expect("returns");
    (
        i32::from_le_bytes(out.try_into().unwrap()),
        o.last_host_error,
    )
}

#[test]
fn last_error_gives_a_stable_code_for_every_refusal_class() {
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let mut rng = rng::rng(350);
    let g1 = sample::g1(1);
    let g2 = sample::g2(2);
    let p = bn254::p_bytes();
    let off_curve = bn254::g1_off_curve(&mut rng);
    let outside = bn254::g2_bytes(&bn254::twist_point_outside_subgroup(&mut rng));
    let mut g2_off = g2.clone();
    g2_off[127] ^= 1;
    let bls_outside = zkhost_testkit::bls12_381::g1_bytes(
        &zkhost_testkit::bls12_381::g1_outside_subgroup(&mut rng),
    );
    let cases: Vec<(Crypto, Vec<u8>, i32)> = vec![
        (
            Crypto::AltBn128Pairing,
            vec![0; 191],
            last_error::BN254_PAIRING_LENGTH,
        ),
        (
            Crypto::AltBn128Add,
            [p.clone(), vec![0; 96]].concat(),
            last_error::BN254_G1_COORDINATE_NOT_IN_FIELD,
        ),
        (
            Crypto::AltBn128Pairing,
            [g1.clone(), p.clone(), vec![0; 96]].concat(),
            last_error::BN254_G2_COORDINATE_NOT_IN_FIELD,
        ),
        (
            Crypto::AltBn128Add,
            [off_curve, vec![0; 64]].concat(),
            last_error::BN254_G1_NOT_ON_CURVE,
        ),
        (
            Crypto::AltBn128Pairing,
            [g1.clone(), g2_off].concat(),
            last_error::BN254_G2_NOT_ON_CURVE,
        ),
        (
            Crypto::AltBn128Pairing,
            [g1.clone(), outside].concat(),
            last_error::BN254_G2_NOT_IN_SUBGROUP,
        ),
        (
            Crypto::AltBn128G1Msm,
            vec![0; 95],
            last_error::BN254_MSM_LENGTH,
        ),
        (
            Crypto::VerkleCommitmentToField,
            vec![0; 31],
            last_error::VERKLE_ENCODING_LENGTH,
        ),
        (
            Crypto::VerkleCommit,
            vec![0xff; 32],
            last_error::VERKLE_SCALAR_NOT_CANONICAL,
        ),
        (
            Crypto::VerkleCommit,
            vec![0; 257 * 32],
            last_error::VERKLE_TOO_MANY_SCALARS,
        ),
        (
            Crypto::VerkleCommit,
            vec![0; 33],
            last_error::VERKLE_INPUT_LENGTH,
        ),
        (
            Crypto::Bls12G1Add,
            vec![0; 255],
            last_error::BLS12_INPUT_LENGTH,
        ),
        (
            Crypto::Bls12G1Add,
            [vec![1], vec![0; 255]].concat(),
            last_error::BLS12_FIELD_ELEMENT_TOP_BYTES,
        ),
        (
            Crypto::Bls12G1Add,
            [vec![0; 16], vec![0xff; 48], vec![0; 192]].concat(),
            last_error::BLS12_FIELD_ELEMENT_NOT_IN_FIELD,
        ),
        (
            Crypto::Bls12G1Add,
            [vec![0; 127], vec![1], vec![0; 128]].concat(),
            last_error::BLS12_G1_NOT_ON_CURVE,
        ),
        (
            Crypto::Bls12G2Add,
            [vec![0; 255], vec![1], vec![0; 256]].concat(),
            last_error::BLS12_G2_NOT_ON_CURVE,
        ),
        (
            Crypto::Bls12G1Msm,
            [bls_outside, vec![1; 32]].concat(),
            last_error::BLS12_G1_NOT_IN_SUBGROUP,
        ),
    ];
    for (op, input, code) in &cases {
        let (got, reason) = last_error_of(&rt, *op, input);
        assert_eq!(got, *code, "{op:?}: {reason:?}");
        assert_eq!(reason.map(|r| r.code()), Some(*code), "{op:?}");
    }
    // No refusal: the call returned 0, and last_error would say NONE.
    assert_eq!(
        last_error_of(&rt, Crypto::AltBn128Add, &sample::add_input(3)).0,
        100
    );
    // The code mapping is one to one over every class the hosts define.
    let mut all: Vec<i32> = zkhost_bn254::Error::ALL
        .map(|e| e.last_error())
        .into_iter()
        .chain(zkhost_bls12381::Error::ALL.map(|e| e.last_error()))
        .collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 14);
}

#[test]
fn a_host_call_error_says_which_function_what_it_needed_and_what_was_left() {
    let engine = node_engine();
    let zk = LinkOptions::default();
    let linker = linked(&engine, &zk);
    let wasm = wat::parse_str(
        r#"(module (import "zkhost" "alt_bn128_mul" (func $mul (param i32 i32 i32) (result i32)))
            (memory (export "memory") 1)
            (func (export "mul") (param i32 i32 i32) (result i32)
              (call $mul (local.get 0) (local.get 1) (local.get 2))))"#,
    )
    .unwrap();
    let checked = check_module(&engine, &wasm, &zk.rules()).unwrap();
    let price = HostCosts::ZKHOST.crypto_call(Crypto::AltBn128Mul, 96);
    let mut store = Store::new(&engine, node_state(price - 1));
    let instance = linker.instantiate(&mut store, &checked.module).unwrap();
    let mul = instance
        .get_typed_func::<(i32, i32, i32), i32>(&mut store, "mul")
        .unwrap();
    let e = mul.call(&mut store, (0, 96, 128)).unwrap_err();
    assert_eq!(zkhost_runtime::trap_kind(&e), TrapKind::OutOfGas);
    let c = e.downcast_ref::<HostCallError>().expect("a HostCallError");
    assert_eq!(c.function, "alt_bn128_mul");
    assert_eq!((c.needed, c.left), (Some(price), Some(price - 1)));
    assert!(
        format!("{e:#}").contains(&format!(
            "alt_bn128_mul: out of gas: needed {price} gas, {} left",
            price - 1
        )),
        "{e:#}"
    );
    // Out of bounds names the function too.
    let mut store = Store::new(&engine, node_state(u64::MAX));
    let instance = linker.instantiate(&mut store, &checked.module).unwrap();
    let mul = instance
        .get_typed_func::<(i32, i32, i32), i32>(&mut store, "mul")
        .unwrap();
    let e = mul.call(&mut store, (65_500, 96, 0)).unwrap_err();
    assert_eq!(zkhost_runtime::trap_kind(&e), TrapKind::MemoryOutOfBounds);
    assert_eq!(
        e.downcast_ref::<HostCallError>().map(|c| c.trap),
        Some(HostTrap::MemoryOutOfBounds)
    );
    assert!(format!("{e:#}").contains("alt_bn128_mul: memory out of bounds"));
}

#[test]
fn the_books_snippet_is_the_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let chapter = std::fs::read_to_string(root.join("../../docs/src/embedding.md")).unwrap();
    let example = std::fs::read_to_string(root.join("examples/embed.rs")).unwrap();
    let snippet = chapter
        .split("```rust,ignore\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a rust snippet in docs/src/embedding.md");
    // The example's `use` lines of this crate, a blank line, then its marked region
    // unindented by one level.
    let uses = example
        .lines()
        .filter(|l| l.starts_with("use zkhost_runtime"));
    let region = example
        .split("// --- the book's snippet, from here ---\n")
        .nth(1)
        .and_then(|s| s.split("    // --- to here ---").next())
        .expect("the marked region");
    let body = region.lines().map(|l| l.strip_prefix("    ").unwrap_or(l));
    let expected: Vec<&str> = uses.chain([""]).chain(body).collect();
    assert_eq!(snippet.lines().collect::<Vec<_>>(), expected);
}
