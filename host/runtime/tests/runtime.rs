//! The Wasmtime runtime: every vector through the contract and pure-wasm paths, exact
//! gas, bounds checks, deploy-time refusals, determinism of fresh and pooled instances.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use zkhost_abi::Crypto;
use zkhost_bn254 as bn254;
use zkhost_runtime::Prices;
use zkhost_runtime::{CodeHash, DeployError, HostCosts, Runtime, RuntimeConfig, TrapKind};
use zkhost_testkit::contracts::{self as contracts, Path};
use zkhost_testkit::probe::{call_input, deploy_wat, dump_input, min_gas, probe};
use zkhost_testkit::{self as testkit, rng, sample, vectors};

const ADD: Crypto = Crypto::AltBn128Add;
const MUL: Crypto = Crypto::AltBn128Mul;
const PAIRING: Crypto = Crypto::AltBn128Pairing;
const MSM: Crypto = Crypto::AltBn128G1Msm;

fn runtime() -> Runtime {
    Runtime::new(RuntimeConfig::from_env()).expect("engine")
}

/// The BN254 function natively, from `zkhost-bn254` directly.
fn native(op: Crypto, input: &[u8]) -> Result<Vec<u8>, bn254::Error> {
    match op {
        ADD => bn254::run(bn254::Op::Add, input),
        MUL => bn254::run(bn254::Op::Mul, input),
        PAIRING => bn254::run(bn254::Op::Pairing, input),
        _ => bn254::msm::g1_msm(input).map(|o| o.to_vec()),
    }
}

fn probe_for(rt: &Runtime, op: Crypto) -> CodeHash {
    deploy_wat(rt, &probe(op.name())).expect("probe deploys")
}

#[test]
fn runtime_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Runtime>();
}

#[test]
fn every_vector_through_the_contract_and_wasm_paths_matches_native() {
    let rt = runtime();
    let dir = zkhost_testkit::bn254_vectors();
    for via in [Path::Contract, Path::Wasm] {
        let code = rt
            .deploy(via.contract(ADD).unwrap())
            .expect("bundled contract deploys");
        for file in vectors::discover(&dir).expect("vectors") {
            for v in &file.vectors {
                let input = vectors::decode_hex(&v.input).expect("hex");
                let native = bn254::run(file.op, &input);
                let (_, result) = contracts::run(
                    &rt,
                    &code,
                    file.op.host_function(),
                    &input,
                    contracts::GENEROUS_GAS,
                );
                let result = result.map_err(|e| e.to_string());
                assert_eq!(
                    result,
                    native.map_err(|e| e.to_string()),
                    "{via:?} {}: {}",
                    file.path.display(),
                    v.name
                );
            }
        }
    }
}

#[test]
fn host_functions_charge_exactly_their_price() {
    let rt = runtime();
    let costs = HostCosts::default();
    let price = |op: Crypto, len: i32| costs.crypto_call(op, len as usize);
    // Probes run the same instructions, so the difference in minimal gas between two
    // (function, length) cases is exactly the difference in their prices.
    let cases = [
        (ADD, 128),
        (ADD, 0),
        (MUL, 96),
        (MUL, 300),
        (PAIRING, 0),
        (PAIRING, 192),
        (PAIRING, 385),
        (MSM, 96),
        (MSM, 960),
        (MSM, 100),
    ];
    let payload = vec![0u8; 400];
    let mins: Vec<u64> = cases
        .iter()
        .map(|&(op, len)| {
            min_gas(
                &rt,
                &probe_for(&rt, op),
                &call_input(16, len, 1024, &payload),
            )
        })
        .collect();
    for (i, &(op, len)) in cases.iter().enumerate() {
        let (op0, len0) = cases[0];
        assert_eq!(
            mins[i] as i64 - mins[0] as i64,
            price(op, len) as i64 - price(op0, len0) as i64,
            "{} with {len} bytes",
            op.name()
        );
    }
    // The absolute price is inside the total; the rest is the probe's few
    // instructions and its input_read and output_write calls.
    let rest = mins[0] - price(ADD, 128);
    let io = costs.call(call_input(16, 128, 1024, &payload).len() as u64, 0) + costs.call(4, 0);
    assert!(rest > io && rest < io + 50, "rest {rest}, io {io}");
    assert_eq!(price(PAIRING, 192), 100 + 192 + 79_000);
}

#[test]
fn out_of_gas_in_a_host_function_writes_nothing() {
    let rt = runtime();
    let code = probe_for(&rt, ADD);
    let g = testkit::bn254::g1_bytes(&testkit::bn254::random_g1(&mut rng::rng(9)));
    let payload = [g.clone(), g].concat();
    let input = call_input(16, 128, 4096, &payload);
    let need = min_gas(&rt, &code, &input);
    // Short of the add's price (the output_write after it costs 104, and the
    // instructions in between fewer than 20): the trap comes from the add itself.
    let short = need - HostCosts::default().call(4, 0) - 20;

    let mut warm = rt.instantiate(&code).unwrap();
    assert_eq!(
        warm.call(&input, short).unwrap().trap(),
        Some(TrapKind::OutOfGas)
    );
    assert_eq!(
        warm.call(&dump_input(4096), 1_000_000).unwrap().output(),
        Some(&[0u8; 64][..]),
        "nothing written"
    );
    assert_eq!(
        warm.call(&input, need).unwrap().output(),
        Some(&0i32.to_le_bytes()[..])
    );
    let written = warm.call(&dump_input(4096), 1_000_000).unwrap();
    assert_eq!(
        written.output().unwrap(),
        &native(ADD, &payload).unwrap()[..]
    );
}

#[test]
fn invalid_input_returns_one_and_writes_nothing() {
    let rt = runtime();
    for (op, payload) in [
        (ADD, vec![0xffu8; 128]),
        (MUL, vec![0xff; 96]),
        (PAIRING, vec![0x01; 192]),
    ] {
        let code = probe_for(&rt, op);
        let mut warm = rt.instantiate(&code).unwrap();
        let out = warm
            .call(
                &call_input(16, payload.len() as i32, 4096, &payload),
                10_000_000,
            )
            .unwrap();
        assert_eq!(out.output(), Some(&1i32.to_le_bytes()[..]), "{}", op.name());
        assert!(out.last_host_error.is_some());
        assert_eq!(
            warm.call(&dump_input(4096), 1_000_000).unwrap().output(),
            Some(&[0u8; 64][..])
        );
    }
}

#[test]
fn bad_pointers_and_lengths_trap_cleanly() {
    let rt = runtime();
    let page = 65_536i32;
    let gas = u64::MAX / 2;
    let cases = [
        (
            "input past the end",
            ADD,
            call_input(page - 10, 128, 1024, &[]),
        ),
        ("ptr + len overflows", ADD, call_input(-1, 2, 1024, &[])),
        ("negative length", MUL, call_input(16, -1, 1024, &[])),
        ("in_len 2^31-1", ADD, call_input(16, i32::MAX, 1024, &[])),
        (
            "pairing in_len 2^31-1",
            PAIRING,
            call_input(0, i32::MAX, 1024, &[]),
        ),
        (
            "output at the last byte",
            ADD,
            call_input(16, 128, page - 1, &[0u8; 128]),
        ),
        (
            "output pointer negative",
            MUL,
            call_input(16, 96, -64, &[0u8; 96]),
        ),
        (
            "pairing output at the last byte",
            PAIRING,
            call_input(16, 0, page - 31, &[]),
        ),
    ];
    for (what, op, input) in cases {
        let out = rt.call(&probe_for(&rt, op), &input, gas).unwrap();
        assert_eq!(out.trap(), Some(TrapKind::MemoryOutOfBounds), "{what}");
    }
    // Exactly at the end is in bounds.
    let out = rt
        .call(
            &probe_for(&rt, PAIRING),
            &call_input(16, 0, page - 32, &[]),
            gas,
        )
        .unwrap();
    assert!(out.output().is_some());
    // With an ordinary gas limit, the price of 2^31-1 bytes is refused before any
    // memory is touched.
    let out = rt
        .call(
            &probe_for(&rt, PAIRING),
            &call_input(0, i32::MAX, 1024, &[]),
            10_000_000,
        )
        .unwrap();
    assert_eq!(out.trap(), Some(TrapKind::OutOfGas));
    assert_eq!(out.gas_used, 10_000_000);
}

#[test]
fn deploy_refuses_what_abi_v1_does_not_allow() {
    let rt = runtime();
    let unknown_import = r#"(module (import "env" "foo" (func)) (memory (export "memory") 1) (func (export "call")))"#;
    assert_eq!(
        deploy_wat(&rt, unknown_import),
        Err(DeployError::ImportNotAllowed("env::foo".into()))
    );
    let wrong_type = r#"(module (import "zkhost" "gas_left" (func (result i32))) (memory (export "memory") 1) (func (export "call")))"#;
    assert!(
        matches!(deploy_wat(&rt, wrong_type), Err(DeployError::ImportNotAllowed(m)) if m.contains("gas_left"))
    );
    let no_call = r#"(module (memory (export "memory") 1) (func (export "run")))"#;
    assert_eq!(
        deploy_wat(&rt, no_call),
        Err(DeployError::MissingExport("call".into()))
    );
    let call_with_params =
        r#"(module (memory (export "memory") 1) (func (export "call") (param i32)))"#;
    assert!(matches!(
        deploy_wat(&rt, call_with_params),
        Err(DeployError::MissingExport(_))
    ));
    let no_memory = r#"(module (func (export "call")))"#;
    assert!(
        matches!(deploy_wat(&rt, no_memory), Err(DeployError::MissingExport(m)) if m.contains("memory"))
    );
    let simd = r#"(module (memory (export "memory") 1)
        (func (export "call") (drop (i32x4.splat (i32.const 1)))))"#;
    assert!(
        matches!(deploy_wat(&rt, simd), Err(DeployError::Invalid(m)) if m.to_lowercase().contains("simd"))
    );
    let threads = r#"(module (memory (export "memory") 1 1 shared) (func (export "call")))"#;
    assert!(
        matches!(deploy_wat(&rt, threads), Err(DeployError::Invalid(m)) if m.contains("thread"))
    );
    let start =
        r#"(module (memory (export "memory") 1) (func $s) (start $s) (func (export "call")))"#;
    assert!(matches!(deploy_wat(&rt, start), Err(DeployError::Invalid(m)) if m.contains("start")));
    let tail_call = r#"(module (memory (export "memory") 1) (func $f) (func (export "call") (return_call $f)))"#;
    assert!(matches!(
        deploy_wat(&rt, tail_call),
        Err(DeployError::Invalid(_))
    ));
    assert!(matches!(
        rt.deploy(b"not wasm"),
        Err(DeployError::Invalid(_))
    ));
}

#[test]
fn nan_results_are_canonical() {
    // 0/0 on x86-64 produces the negative "default NaN" 0xfff8...; canonicalization
    // turns every NaN result into the positive canonical NaN, on every machine.
    let rt = runtime();
    let wat = r#"(module
      (import "zkhost" "output_write" (func $out (param i32 i32)))
      (memory (export "memory") 1)
      (func (export "call")
        (i64.store (i32.const 0) (i64.reinterpret_f64 (f64.div (f64.const 0) (f64.const 0))))
        (i32.store (i32.const 8) (i32.reinterpret_f32 (f32.sqrt (f32.const -1))))
        (call $out (i32.const 0) (i32.const 12))))"#;
    let code = deploy_wat(&rt, wat).unwrap();
    let out = rt.call(&code, &[], 1_000).unwrap();
    let bytes = out.output().expect("success");
    assert_eq!(
        u64::from_le_bytes(bytes[..8].try_into().unwrap()),
        0x7ff8_0000_0000_0000
    );
    assert_eq!(
        u32::from_le_bytes(bytes[8..].try_into().unwrap()),
        0x7fc0_0000
    );
}

#[test]
fn fresh_and_pooled_instances_use_the_same_gas() {
    let rt = runtime();
    let code = rt.deploy(contracts::FORWARDER_WASM).unwrap();
    let mut rng = rng::rng(11);
    let message = contracts::message(PAIRING, testkit::bn254::pairs(&mut rng, 2));
    let first = rt.call(&code, &message, 10_000_000).unwrap();
    let second = rt.call(&code, &message, 10_000_000).unwrap();
    let mut warm = rt.instantiate(&code).unwrap();
    let third = warm.call(&message, 10_000_000).unwrap();
    let fourth = warm.call(&message, 10_000_000).unwrap();
    assert!(first.output().is_some());
    for o in [&second, &third, &fourth] {
        assert_eq!(o, &first);
    }
    // Deploying the same code again hits the cache and names the same contract.
    assert_eq!(rt.deploy(contracts::FORWARDER_WASM).unwrap(), code);
}

#[test]
fn outcomes_round_trip_through_scale() {
    use parity_scale_codec::{Decode, Encode};
    let rt = runtime();
    let code = rt.deploy(contracts::FORWARDER_WASM).unwrap();
    for gas in [10u64, 10_000_000] {
        let message = contracts::Message::new(Crypto::AltBn128Add, vec![0; 128]).encode();
        let outcome = rt.call(&code, &message, gas).unwrap();
        let decoded = zkhost_runtime::Outcome::decode(&mut &outcome.encode()[..]).unwrap();
        assert_eq!(decoded.result, outcome.result);
        assert_eq!(decoded.gas_used, outcome.gas_used);
    }
}

#[test]
fn pairing_bench_repeats_the_check() {
    use parity_scale_codec::Encode;
    let rt = runtime();
    let code = rt.deploy(contracts::PAIRING_BENCH_WASM).unwrap();
    let input = testkit::bn254::pairs(&mut rng::rng(12), 2);
    let one = rt
        .call(&code, &(1u32, input.clone()).encode(), 100_000_000)
        .unwrap();
    let five = rt
        .call(&code, &(5u32, input.clone()).encode(), 100_000_000)
        .unwrap();
    assert_eq!(one.output(), five.output());
    let per_check = HostCosts::default().crypto_call(PAIRING, 384);
    // Four more checks cost four more prices, plus the loop's few instructions.
    let extra = five.gas_used - one.gas_used;
    assert!(
        extra >= 4 * per_check && extra < 4 * per_check + 400,
        "extra {extra}"
    );
}

#[test]
fn a_warm_instance_survives_many_calls() {
    // The guest heap is released after each call: memory must not grow call after
    // call until the cap (a bug that once made warm instances trap after ~250 calls).
    let rt = runtime();
    let code = rt.deploy(contracts::FORWARDER_WASM).unwrap();
    let mut warm = rt.instantiate(&code).unwrap();
    let message = contracts::message(ADD, sample::add_input(5));
    let expected = native(ADD, &sample::add_input(5)).unwrap();
    let first = warm.call(&message, 1_000_000).unwrap();
    for _ in 0..3_000 {
        assert_eq!(warm.call(&message, 1_000_000).unwrap(), first);
    }
    assert_eq!(contracts::decode_response(&first).unwrap(), expected);
}

#[test]
fn msm_through_the_contract_and_wasm_paths_matches_native() {
    let rt = runtime();
    let mut cases: Vec<Vec<u8>> = [1usize, 2, 3, 17]
        .iter()
        .map(|&k| sample::msm_input(k, k as u64))
        .collect();
    cases.push(Vec::new());
    cases.push(vec![0; 95]);
    cases.push([sample::mul_input(1), vec![0xff; 96]].concat());
    for via in [Path::Contract, Path::Wasm] {
        let code = rt.deploy(via.contract(MSM).unwrap()).unwrap();
        for input in &cases {
            let native = native(MSM, input).map_err(|e| e.to_string());
            let (_, got) = contracts::run(&rt, &code, MSM, input, contracts::GENEROUS_GAS);
            assert_eq!(
                got.map_err(|e| e.to_string()),
                native,
                "{via:?}, {} bytes",
                input.len()
            );
        }
    }
}
