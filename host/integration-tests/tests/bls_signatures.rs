//! The BLS-signature vectors (`host/bls12381/vectors/sig`, read by
//! `zkhost_testkit::bls_signatures`): Wycheproof's, RFC 9380's and Ethereum's consensus
//! tests through the `bls_*` host functions, natively and through the `forwarder`
//! contract with the same answers; every test run or counted as not expressible; the
//! files as their SHA256SUMS says.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::path::PathBuf;

use sha2::Digest;
use zkhost_abi::Crypto;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::bls_signatures::{self, VectorFile};
use zkhost_testkit::contracts::{self, Path as Via, GENEROUS_GAS};
use zkhost_testkit::vectors::decode_hex;
use zkhost_testkit::wycheproof::Skipped;

/// Each file with its function and its counts: must verify (or hash), must be refused
/// (run), and not expressible (all invalid).
const FILES: [(&str, Crypto, (usize, usize, usize)); 13] = [
    ("bls_hash_to_g2_test.json", Crypto::BlsHashToG2, (34, 0, 0)),
    (
        "bls_sig_g2_aggregate_verify_test.json",
        Crypto::BlsAggregateVerify,
        (6, 10, 3),
    ),
    (
        "bls_sig_g2_basic_verify_test.json",
        Crypto::BlsVerify,
        (29, 49, 10),
    ),
    (
        "bls_sig_g2_pop_verify_test.json",
        Crypto::BlsVerify,
        (13, 12, 1),
    ),
    ("eth/aggregate.json", Crypto::BlsAggregateG2, (5, 1, 0)),
    (
        "eth/aggregate_verify.json",
        Crypto::BlsAggregateVerify,
        (1, 3, 1),
    ),
    (
        "eth/deserialization_G1.json",
        Crypto::BlsG1Decompress,
        (2, 14, 0),
    ),
    (
        "eth/deserialization_G2.json",
        Crypto::BlsG2Decompress,
        (2, 16, 0),
    ),
    (
        "eth/fast_aggregate_verify.json",
        Crypto::BlsFastAggregateVerify,
        (3, 9, 0),
    ),
    ("eth/hash_to_G2.json", Crypto::BlsHashToG2, (4, 0, 0)),
    ("eth/verify.json", Crypto::BlsVerify, (10, 19, 0)),
    ("rfc9380_g1_ro.json", Crypto::BlsHashToG1, (5, 0, 0)),
    ("rfc9380_g2_ro.json", Crypto::BlsHashToG2, (5, 0, 0)),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bls12381/vectors/sig")
}

fn load(name: &str) -> (VectorFile, Skipped) {
    bls_signatures::load(&dir().join(name)).expect(name)
}

fn native(op: Crypto, input: &[u8]) -> Result<Vec<u8>, String> {
    zkhost_runtime::compute(op, None, input).map_err(|e| e.to_string())
}

#[test]
fn files_match_their_sums_and_are_all_read() {
    let sums = std::fs::read_to_string(dir().join("SHA256SUMS")).expect("sums");
    for line in sums.lines() {
        let (hash, name) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(dir().join(name)).expect("vector file");
        assert_eq!(hex::encode(sha2::Sha256::digest(&bytes)), hash, "{name}");
    }
    let found: Vec<_> = bls_signatures::discover(&dir())
        .expect("discover")
        .into_iter()
        .map(|(f, _)| {
            f.path
                .strip_prefix(dir())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut expected: Vec<String> = FILES.iter().map(|(n, _, _)| n.to_string()).collect();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn every_test_is_run_or_counted() {
    for (name, op, counts) in FILES {
        let (file, skipped) = load(name);
        assert_eq!(file.op, op, "{name}");
        let ok = file.vectors.iter().filter(|v| v.expected.is_some()).count();
        let refused = file
            .vectors
            .iter()
            .filter(|v| v.expected_error.is_some())
            .count();
        assert_eq!((ok, refused, skipped.count()), counts, "{name}");
    }
}

#[test]
fn every_vector_natively() {
    let mut failed = Vec::new();
    for (name, _, _) in FILES {
        let (file, _) = load(name);
        for f in file.check_priced(|_, _| 0, false, native) {
            failed.push(format!("{name} {f}"));
        }
    }
    assert!(
        failed.is_empty(),
        "{} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn every_vector_through_the_forwarder_matches_native() {
    let rt = Runtime::new(RuntimeConfig::from_env()).expect("engine");
    let mut runs = 0;
    for (name, op, (ok, refused, _)) in FILES {
        let forwarder = Via::Contract.contract(op).expect("a contract path");
        let code = rt.deploy(forwarder).expect("the forwarder deploys");
        let (file, _) = load(name);
        for v in &file.vectors {
            let input = decode_hex(&v.input).unwrap();
            let (outcome, result) = contracts::run(&rt, &code, op, &input, GENEROUS_GAS);
            assert!(outcome.is_some(), "{name} {}: the call is made", v.name);
            assert_eq!(
                result.map_err(|e| e.to_string()),
                native(op, &input),
                "{name} {}",
                v.name
            );
            runs += 1;
        }
        assert_eq!(file.vectors.len(), ok + refused);
    }
    assert_eq!(runs, 252);
}
