//! Determinism, enumerated: for every operation × every backend (and the default
//! choice) × instance kind (fresh runtime, pooled slot reused after a contract that
//! dirtied its memory, warm instance) × repeated runs, the outcome of a call (output
//! or trap, and gas used to the unit) is the same, and equals the native result.
//! The cases are every function's sample, invalid, short and out-of-gas inputs
//! (`zkhost_testkit::sample`) through the `forwarder` contract, and the same straight
//! to the host function through the fuzzing probe.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_runtime::{CodeHash, Outcome, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{self as contracts, FORWARDER_WASM};
use zkhost_testkit::fuzzing::{probe_input, probe_wasm, PROBE_PAYLOAD};
use zkhost_testkit::sample;

/// What the function computes natively: the host's own dispatch, without a runtime.
fn native(op: Crypto, input: &[u8]) -> Result<Vec<u8>, String> {
    zkhost_runtime::compute(op, None, input).map_err(|e| e.to_string())
}

const REPEATS: usize = 3;

/// A contract that grows its memory and fills all of it with 0xAA: whatever slot it
/// used is dirty when the pool hands it to the next call.
const DIRTY: &str = r#"(module
  (memory (export "memory") 1 4)
  (func (export "call")
    (drop (memory.grow (i32.const 3)))
    (memory.fill (i32.const 0) (i32.const 0xaa) (i32.const 262144))))"#;

struct Case {
    what: String,
    contract: usize, // 0: forwarder, 1: probe
    input: Vec<u8>,
    gas: u64,
    /// The native result (error as its message), for cases through a forwarding
    /// contract with enough gas.
    native: Option<Result<Vec<u8>, String>>,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for op in Crypto::ALL {
        let [(_, invalid), (_, short), ..] = sample::edges(op, 4);
        let valid = sample::sample(op, 4);
        for (kind, input) in [("valid", valid), ("invalid", invalid), ("short", short)] {
            let message = contracts::message(op, input.clone());
            for (gas_kind, gas) in [("generous", 100_000_000u64), ("tight", 1_500)] {
                cases.push(Case {
                    what: format!("{} {kind} ({gas_kind}) via contract", op.name()),
                    contract: 0,
                    input: message.clone(),
                    gas,
                    native: (gas_kind == "generous").then(|| native(op, &input)),
                });
            }
            // Straight to the host function, exact gas checked by the probe.
            let selector = 4 + op.index();
            let len = input.len() as i32;
            cases.push(Case {
                what: format!("{} {kind} via probe", op.name()),
                contract: 1,
                input: probe_input(selector, 0, [PROBE_PAYLOAD, len, 4096], &input),
                gas: 100_000_000,
                native: None,
            });
        }
    }
    cases
}

struct Node {
    rt: Runtime,
    codes: [CodeHash; 3],
}

fn node(backend: Option<Backend>) -> Node {
    let rt = Runtime::new(RuntimeConfig {
        backend,
        ..RuntimeConfig::from_env()
    })
    .unwrap();
    let codes = [
        rt.deploy(FORWARDER_WASM).unwrap(),
        rt.deploy(&probe_wasm()).unwrap(),
        rt.deploy(&wat::parse_str(DIRTY).unwrap()).unwrap(),
    ];
    Node { rt, codes }
}

#[test]
fn outcomes_are_identical_across_runs_instances_and_backends() {
    let cases = cases();
    let backends: Vec<Option<Backend>> = std::iter::once(None)
        .chain(Backend::ALL.iter().copied().map(Some))
        .collect();
    let mut reference: Vec<Option<Outcome>> = vec![None; cases.len()];
    let mut checked = 0usize;
    for backend in &backends {
        let name = backend.map_or("default", |b| b.name());
        let pooled = node(*backend);
        for (i, case) in cases.iter().enumerate() {
            let mut seen: Vec<(String, Outcome)> = Vec::new();
            for run in 0..REPEATS {
                // Fresh: a new runtime, its pool never used.
                let fresh = node(*backend);
                let code = fresh.codes[case.contract];
                seen.push((
                    format!("fresh #{run}"),
                    fresh.rt.call(&code, &case.input, case.gas).unwrap(),
                ));
                // Pooled: a slot just dirtied by another contract.
                let code = pooled.codes[case.contract];
                let dirty = pooled.rt.call(&pooled.codes[2], &[], 10_000_000).unwrap();
                assert!(dirty.output().is_some(), "{:?}", dirty.result);
                seen.push((
                    format!("pooled #{run}"),
                    pooled.rt.call(&code, &case.input, case.gas).unwrap(),
                ));
            }
            // Warm: one instance, called repeatedly.
            let mut warm = pooled.rt.instantiate(&pooled.codes[case.contract]).unwrap();
            for run in 0..REPEATS {
                seen.push((
                    format!("warm #{run}"),
                    warm.call(&case.input, case.gas).unwrap(),
                ));
            }
            let first = reference[i]
                .get_or_insert_with(|| seen[0].1.clone())
                .clone();
            for (how, outcome) in &seen {
                assert_eq!(
                    outcome, &first,
                    "{}: {name} backend, {how} differs from the reference",
                    case.what
                );
                assert_eq!(outcome.last_host_error, first.last_host_error);
                checked += 1;
            }
            if let Some(native) = &case.native {
                let via = contracts::decode_response(&first).map_err(|e| e.to_string());
                assert_eq!(
                    via,
                    native.clone(),
                    "{}: the contract's answer is the native one",
                    case.what
                );
            }
        }
    }
    // functions × inputs × (2 gas limits + probe) × backends × (fresh + pooled + warm)
    // × runs
    assert_eq!(
        checked,
        Crypto::ALL.len() * 3 * 3 * backends.len() * 3 * REPEATS
    );
    eprintln!("{checked} outcomes identical");
}
