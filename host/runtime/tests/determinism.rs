//! Determinism, enumerated: for every operation × every backend (and the default
//! choice) × instance kind (fresh runtime, pooled slot reused after a contract that
//! dirtied its memory, warm instance) × repeated runs, the outcome of a call (output
//! or trap, and gas used to the unit) is the same, and equals the native result.
//! The cases are valid, invalid, wrongly sized and out-of-gas inputs through the
//! `precompiles`, `verkle`, `bls12381`, `kzg-p256` and `poseidon` contracts, and direct BN254 host calls
//! through the fuzzing probe.

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
use zkhost_contracts::{
    self as contracts, BLS12381_WASM, KZG_P256_WASM, POSEIDON_WASM, PRECOMPILES_WASM, VERKLE_WASM,
};
use zkhost_runtime::{CodeHash, Outcome, Runtime, RuntimeConfig};
use zkhost_testkit::fuzzing::{probe_input, probe_wasm, PROBE_PAYLOAD};
use zkhost_testkit::{bls12_381, inputs, sample};
use zkhost_verkle as verkle;

/// The BN254 functions, in the ABI's order.
const BN254: [Crypto; 4] = [
    Crypto::AltBn128Add,
    Crypto::AltBn128Mul,
    Crypto::AltBn128Pairing,
    Crypto::AltBn128G1Msm,
];

/// The verkle functions, in the ABI's order.
const VERKLE: [Crypto; 6] = [
    Crypto::VerkleCommit,
    Crypto::VerkleCommitmentToField,
    Crypto::VerkleUpdate,
    Crypto::VerkleTreeKey,
    Crypto::VerkleCommitUncompressed,
    Crypto::VerkleUpdateUncompressed,
];

/// KZG point evaluation, P256VERIFY, Poseidon and BN254 compression, with the index
/// of their forwarding contract in [`Node::codes`].
const LATER: [(Crypto, usize); 7] = [
    (Crypto::KzgPointEvaluation, 5),
    (Crypto::P256Verify, 5),
    (Crypto::Poseidon, 6),
    (Crypto::AltBn128G1Compress, 0),
    (Crypto::AltBn128G1Decompress, 0),
    (Crypto::AltBn128G2Compress, 0),
    (Crypto::AltBn128G2Decompress, 0),
];

/// The BLS12-381 (EIP-2537) functions, in the ABI's order.
const BLS12: [zkhost_bls12381::Op; 7] = zkhost_bls12381::Op::ALL;

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
    contract: usize, // 0: precompiles, 1: probe
    input: Vec<u8>,
    gas: u64,
    /// The native result (error as its message), for cases through a forwarding
    /// contract with enough gas.
    native: Option<Result<Vec<u8>, String>>,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (index, op) in BN254.into_iter().enumerate() {
        let valid = match op {
            Crypto::AltBn128Add => sample::add_input(1),
            Crypto::AltBn128Mul => sample::mul_input(2),
            Crypto::AltBn128Pairing => sample::pairing_input(2, 3),
            _ => sample::msm_input(5, 4),
        };
        let mut invalid = valid.clone();
        invalid[0] ^= 0x40; // x no longer on the curve, or no longer < p
        let short = valid[..valid.len() - 1].to_vec();
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
            let selector = 4 + index as u8;
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
    // The verkle functions through the `verkle` contract.
    let scalars: Vec<u8> = (1u8..=5)
        .flat_map(|i| {
            let mut b = [0u8; 32];
            b[0] = i;
            b
        })
        .collect();
    let commitment = verkle::commit_bytes(&scalars).unwrap().to_vec();
    let entry = [&[3u8][..], &scalars[..32], &scalars[32..64]].concat();
    let update = [&commitment[..], &entry].concat();
    let uncompressed = verkle::commit_uncompressed_bytes(&scalars).unwrap();
    let update_uncompressed = [&uncompressed[..], &entry].concat();
    for op in VERKLE {
        let valid = match op {
            Crypto::VerkleCommit | Crypto::VerkleCommitUncompressed => scalars.clone(),
            Crypto::VerkleCommitmentToField => commitment.clone(),
            Crypto::VerkleTreeKey => scalars[..64].to_vec(),
            Crypto::VerkleUpdateUncompressed => update_uncompressed.clone(),
            _ => update.clone(),
        };
        let mut invalid = valid.clone();
        invalid[..32].copy_from_slice(&[0xff; 32]); // a scalar or x not below the modulus
        let short = valid[..valid.len() - 1].to_vec();
        for (kind, input) in [("valid", valid), ("invalid", invalid), ("short", short)] {
            let message = contracts::message(op, input.clone());
            for (gas_kind, gas) in [("generous", 100_000_000u64), ("tight", 1_500)] {
                cases.push(Case {
                    what: format!("{} {kind} ({gas_kind}) via contract", op.name()),
                    contract: 3,
                    input: message.clone(),
                    gas,
                    native: (gas_kind == "generous").then(|| native(op, &input)),
                });
            }
        }
    }
    // The BLS12-381 functions through the `bls12381` contract: two records where the
    // input holds records, a coordinate at p for the invalid case.
    let mut rng = inputs::rng(301);
    for op in BLS12 {
        let valid = bls12_381::valid_input(op, 2, &mut rng);
        let mut invalid = valid.clone();
        invalid[..64].copy_from_slice(&bls12_381::p_element());
        let short = valid[..valid.len() - 1].to_vec();
        let crypto = op.host_function();
        for (kind, input) in [("valid", valid), ("invalid", invalid), ("short", short)] {
            let message = contracts::message(crypto, input.clone());
            for (gas_kind, gas) in [("generous", 100_000_000u64), ("tight", 1_500)] {
                cases.push(Case {
                    what: format!("{} {kind} ({gas_kind}) via contract", crypto.name()),
                    contract: 4,
                    input: message.clone(),
                    gas,
                    native: (gas_kind == "generous").then(|| native(crypto, &input)),
                });
            }
        }
    }
    // KZG, P-256, Poseidon and compression through their contracts.
    for (op, contract) in LATER {
        let valid = match op {
            Crypto::KzgPointEvaluation | Crypto::P256Verify => {
                zkhost_testkit::kzg_p256::valid_input(op, 0).unwrap()
            }
            Crypto::Poseidon => sample::poseidon_input(3, 7),
            _ => sample::compression_input(op, 8).unwrap(),
        };
        let mut invalid = valid.clone();
        invalid[..32].copy_from_slice(&[0xff; 32]); // a hash, scalar, element or x out of range
        let short = valid[..valid.len() - 1].to_vec();
        for (kind, input) in [("valid", valid), ("invalid", invalid), ("short", short)] {
            let message = contracts::message(op, input.clone());
            for (gas_kind, gas) in [("generous", 100_000_000u64), ("tight", 1_500)] {
                cases.push(Case {
                    what: format!("{} {kind} ({gas_kind}) via contract", op.name()),
                    contract,
                    input: message.clone(),
                    gas,
                    native: (gas_kind == "generous").then(|| native(op, &input)),
                });
            }
        }
    }
    cases
}

struct Node {
    rt: Runtime,
    codes: [CodeHash; 7],
}

fn node(backend: Option<Backend>) -> Node {
    let rt = Runtime::new(RuntimeConfig {
        backend,
        ..RuntimeConfig::from_env()
    })
    .unwrap();
    let codes = [
        rt.deploy(PRECOMPILES_WASM).unwrap(),
        rt.deploy(&probe_wasm()).unwrap(),
        rt.deploy(&wat::parse_str(DIRTY).unwrap()).unwrap(),
        rt.deploy(VERKLE_WASM).unwrap(),
        rt.deploy(BLS12381_WASM).unwrap(),
        rt.deploy(KZG_P256_WASM).unwrap(),
        rt.deploy(POSEIDON_WASM).unwrap(),
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
    // (BN254 ops × inputs × (2 gas limits + probe) + verkle, BLS12-381 and later ops ×
    // inputs × 2 gas limits) × backends × (fresh + pooled + warm) × runs
    assert_eq!(
        checked,
        (BN254.len() * 3 * 3 + (VERKLE.len() + BLS12.len() + LATER.len()) * 3 * 2)
            * backends.len()
            * 3
            * REPEATS
    );
    eprintln!("{checked} outcomes identical");
}
