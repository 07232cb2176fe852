//! Calibration chooses algorithms, never outputs or gas: the same MSM and verkle
//! calls, through the host functions, give the same outputs and use the same gas to
//! the unit under the committed cost models and under perverse ones installed in
//! their place (its own test binary: installing is once per process).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use zkhost_abi::Crypto;
use zkhost_bn254::msm::{committed_cost_model, cost_model, install_cost_model};
use zkhost_msm::{Algorithm, CostEntry, CostModel, DEFAULT_MEMORY_LIMIT};
use zkhost_runtime::{Outcome, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::FORWARDER_WASM;
use zkhost_testkit::sample;
use zkhost_verkle::cost::{CostModel as VerkleModel, Entry, Method};

/// The calls: MSMs of every size the selection distinguishes, verkle commitments
/// of a few scalars and of many.
fn calls() -> Vec<(&'static [u8], Vec<u8>)> {
    let mut calls: Vec<(&'static [u8], Vec<u8>)> = [1usize, 2, 5, 17, 18, 40, 130]
        .iter()
        .map(|&k| {
            let input = sample::msm_input(k, 7 * k as u64);
            (
                FORWARDER_WASM,
                zkhost_testkit::contracts::message(Crypto::AltBn128G1Msm, input),
            )
        })
        .collect();
    for n in [1usize, 3, 100, 256] {
        let scalars: Vec<u8> = (0..n)
            .flat_map(|i| {
                let mut b = [0u8; 32];
                b[..8].copy_from_slice(&(i as u64 + 1).wrapping_mul(0x9e37_79b9).to_le_bytes());
                b
            })
            .collect();
        calls.push((
            FORWARDER_WASM,
            zkhost_testkit::contracts::message(Crypto::VerkleCommit, scalars),
        ));
    }
    calls
}

fn run_all() -> Vec<Outcome> {
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    calls()
        .into_iter()
        .map(|(wasm, message)| {
            let code = rt.deploy(wasm).unwrap();
            let outcome = rt.call(&code, &message, 1 << 40).unwrap();
            assert!(outcome.output().is_some(), "{:?}", outcome.result);
            outcome
        })
        .collect()
}

/// An MSM model that always picks `algorithm`.
fn only(algorithm: Algorithm) -> CostModel {
    CostModel {
        group: "bn254".into(),
        threads: 1,
        note: "a test's perverse calibration".into(),
        entries: vec![CostEntry {
            algorithm,
            a: 0.0,
            b: 0.0,
            c: 1.0,
            d: 0.0,
            r2: 1.0,
            sizes: [1, 1],
        }],
    }
}

#[test]
fn gas_and_outputs_do_not_depend_on_the_calibration() {
    let committed = run_all();

    // The committed model picks Strauss for a few points and Pippenger for many; the
    // installed one picks a narrow Pippenger window for everything, and the verkle
    // model the method the committed one never uses for one scalar.
    let before: Vec<Algorithm> = [1usize, 130]
        .iter()
        .map(|&n| {
            committed_cost_model()
                .select(n, DEFAULT_MEMORY_LIMIT)
                .algorithm
        })
        .collect();
    install_cost_model(only(Algorithm::Pippenger(2))).unwrap();
    assert!(
        install_cost_model(only(Algorithm::Strauss(3))).is_err(),
        "once"
    );
    for (n, was) in [1usize, 130].into_iter().zip(before) {
        let now = cost_model().select(n, DEFAULT_MEMORY_LIMIT).algorithm;
        assert_eq!(now, Algorithm::Pippenger(2));
        assert_ne!(now, was, "the calibration really changed at n = {n}");
    }
    let committed_one = VerkleModel::committed().select(1, false);
    let other = if committed_one == Method::Narrow {
        Method::Wide
    } else {
        Method::Narrow
    };
    VerkleModel::install(VerkleModel {
        note: "a test's perverse calibration".into(),
        entries: vec![Entry {
            method: other,
            a_ns: 0.0,
            b_ns: 1.0,
            r2: 1.0,
            points: Vec::new(),
        }],
    })
    .unwrap();
    assert_eq!(VerkleModel::get().select(1, false), other);

    let perverse = run_all();
    assert_eq!(perverse, committed, "outputs and gas, to the unit");
}
