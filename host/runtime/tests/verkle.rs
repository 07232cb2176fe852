//! The verkle host functions through the runtime: the `forwarder` contract against the
//! native byte functions, exact prices charged before any work, refusals and bad
//! pointers that write nothing.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use ark_ed_on_bls12_381_bandersnatch::Fr;
use ark_ff::UniformRand;
use zkhost_abi::Crypto;
use zkhost_runtime::Prices;
use zkhost_runtime::{HostCosts, HostError, Runtime, RuntimeConfig, TrapKind};
use zkhost_testkit::contracts::ViaError;
use zkhost_testkit::probe::{call_input, deploy_wat, dump_input, min_gas, probe};
use zkhost_testkit::rng::rng;
use zkhost_verkle::{self as verkle, Op};

fn le_bytes(values: &[Fr]) -> Vec<u8> {
    values.iter().flat_map(verkle::scalar_to_le).collect()
}

/// The host function of a verkle operation.
fn function(op: Op) -> Crypto {
    op.host_function()
}

fn runtime() -> Runtime {
    Runtime::new(RuntimeConfig::from_env()).expect("engine")
}

#[test]
fn the_contract_path_matches_native() {
    let rt = runtime();
    let code = rt
        .deploy(zkhost_testkit::contracts::FORWARDER_WASM)
        .unwrap();
    let mut rng = rng(43);
    let values: Vec<Fr> = (0..256).map(|_| Fr::rand(&mut rng)).collect();
    let c = verkle::commit(&values).unwrap();
    let cases: Vec<(Op, Vec<u8>)> = vec![
        (Op::Commit, le_bytes(&values)),
        (Op::Commit, le_bytes(&values[..3])),
        (Op::Commit, vec![]),
        (Op::Commit, vec![0xff; 32]),
        (Op::Commit, vec![0; 31]),
        (Op::ToField, c.to_bytes().to_vec()),
        (Op::ToField, vec![0xff; 32]),
        (Op::ToField, vec![0; 64]),
        (
            Op::Update,
            verkle::encode_update(&c, &[(200, values[200], Fr::from(9u64))]),
        ),
        (Op::Update, vec![0; 32 + 65]),
        (Op::Update, vec![0; 40]),
        (Op::TreeKey, vec![0; 64]),
        (Op::TreeKey, le_bytes(&values[..2])),
        (Op::TreeKey, vec![0; 63]),
        (Op::CommitUncompressed, le_bytes(&values[..7])),
        (Op::CommitUncompressed, vec![0xff; 32]),
        (
            Op::UpdateUncompressed,
            verkle::encode_update_uncompressed(&c, &[(0, values[0], Fr::from(1u64))]),
        ),
        (Op::UpdateUncompressed, vec![0; 64 + 65]),
        (
            Op::UpdateUncompressed,
            c.to_uncompressed_be()[..63].to_vec(),
        ),
    ];
    for (op, input) in cases {
        let native = op.run(&input);
        let (outcome, via) =
            zkhost_testkit::contracts::run(&rt, &code, function(op), &input, 100_000_000);
        let outcome = outcome.unwrap();
        match native {
            Ok(out) => assert_eq!(via.unwrap(), out.to_vec(), "{}", op.name()),
            Err(e) => match via {
                Err(ViaError::Invalid(got)) => {
                    assert_eq!(got, HostError::new(e.last_error(), e))
                }
                other => panic!("{}: expected {e:?}, got {other:?}", op.name()),
            },
        }
        assert!(outcome.gas_used > 0);
    }
}

#[test]
fn host_functions_charge_exactly_their_price_before_work() {
    let rt = runtime();
    let costs = HostCosts::default();
    let price = |op: Op, len: usize| costs.crypto_call(function(op), len);
    let payload = vec![0u8; 64 + 256 * 65];
    let cases = [
        (Op::Commit, 0usize),
        (Op::Commit, 32),
        (Op::Commit, 256 * 32),
        (Op::Commit, 33), // invalid: still charged for one scalar and 33 bytes
        (Op::ToField, 32),
        (Op::ToField, 7),
        (Op::Update, 32),
        (Op::Update, 32 + 65),
        (Op::Update, 32 + 256 * 65),
        (Op::TreeKey, 64),
        (Op::TreeKey, 65),
        (Op::CommitUncompressed, 64),
        (Op::UpdateUncompressed, 64),
        (Op::UpdateUncompressed, 64 + 256 * 65),
    ];
    let mins: Vec<u64> = cases
        .iter()
        .map(|&(op, len)| {
            let code = deploy_wat(&rt, &probe(function(op).name())).unwrap();
            min_gas(
                &rt,
                &code,
                &call_input(16, len as i32, 40_000, &payload[..len]),
            )
        })
        .collect();
    // The probe's own instructions are the same for every case; input_read is
    // charged per byte of the call input, which grows with the payload.
    for (i, &(op, len)) in cases.iter().enumerate() {
        let (op0, len0) = cases[0];
        assert_eq!(
            mins[i] as i64 - mins[0] as i64,
            price(op, len) as i64 - price(op0, len0) as i64
                + (len as i64 - len0 as i64) * costs.per_byte as i64,
            "{} with {len} bytes",
            op.name()
        );
    }
    let g = &costs.verkle;
    assert_eq!(
        price(Op::Commit, 256 * 32),
        100 + 8192 + g.commit_base + 256 * g.commit_per_scalar
    );
    assert_eq!(
        price(Op::Update, 32 + 65),
        100 + 97 + g.update_base + g.update_per_entry
    );
    assert_eq!(price(Op::TreeKey, 64), 100 + 64 + g.tree_key);
    assert_eq!(
        price(Op::CommitUncompressed, 64),
        price(Op::Commit, 64),
        "the same work and encoding cost"
    );
    assert_eq!(
        price(Op::UpdateUncompressed, 64 + 65),
        100 + 129 + g.update_uncompressed_base + g.update_per_entry
    );
}

#[test]
fn invalid_input_and_bad_pointers_write_nothing() {
    let rt = runtime();
    let page = 65_536i32;
    for op in Op::ALL {
        let code = deploy_wat(&rt, &probe(function(op).name())).unwrap();
        let mut warm = rt.instantiate(&code).unwrap();
        let bad = vec![0xffu8; 32 + 65];
        let out = warm
            .call(&call_input(16, bad.len() as i32, 4096, &bad), 10_000_000)
            .unwrap();
        assert_eq!(out.output(), Some(&1i32.to_le_bytes()[..]), "{}", op.name());
        assert_eq!(
            out.last_host_error.and_then(|e| e.family()),
            Some(zkhost_abi::Family::Verkle)
        );
        assert_eq!(
            warm.call(&dump_input(4096), 1_000_000).unwrap().output(),
            Some(&[0u8; 64][..])
        );
        for (what, input) in [
            ("input past the end", call_input(page - 10, 64, 1024, &[])),
            ("ptr + len overflows", call_input(-1, 2, 1024, &[])),
            ("length 2^31 - 1", call_input(16, i32::MAX, 1024, &[])),
            ("output at the last byte", call_input(16, 0, page - 1, &[])),
        ] {
            let out = rt.call(&code, &input, u64::MAX / 2).unwrap();
            assert_eq!(
                out.trap(),
                Some(TrapKind::MemoryOutOfBounds),
                "{} {what}",
                op.name()
            );
        }
        // Exactly at the end is in bounds.
        let out = rt
            .call(
                &code,
                &call_input(16, 0, page - op.output_len() as i32, &[]),
                10_000_000,
            )
            .unwrap();
        assert!(out.output().is_some(), "{}", op.name());
    }
}
