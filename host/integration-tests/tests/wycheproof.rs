//! Project Wycheproof's P-256, secp256k1 and Ed25519 verification vectors
//! (`host/sig/vectors/wycheproof`, read by `zkhost_testkit::wycheproof`): every `valid`
//! test verifies and every `invalid` one is refused, natively and through the
//! `forwarder` contract with the same answers; every test of each file is run or
//! counted as not expressible; the files are the shared folder's, unchanged.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::path::Path;

use sha2::Digest;
use zkhost_abi::Crypto;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{self, Path as Via, GENEROUS_GAS};
use zkhost_testkit::vectors::decode_hex;
use zkhost_testkit::wycheproof::{self, Skipped, VectorFile};

/// Each file with its function and its counts by Wycheproof's verdict: valid, invalid
/// (run), and skipped (not expressible as an input, all invalid). Of the Ed25519 file's
/// invalid ones, the one whose `R` is `SIGNED_IDENTITY` must verify (ZIP-215).
const FILES: [(&str, Crypto, (usize, usize, usize)); 3] = [
    (
        "ecdsa_secp256k1_sha256_test.json",
        Crypto::Secp256k1Verify,
        (168, 74, 234),
    ),
    (
        "ecdsa_secp256r1_sha256_test.json",
        Crypto::P256Verify,
        (174, 75, 235),
    ),
    ("ed25519_test.json", Crypto::Ed25519Verify, (88, 51, 12)),
];

fn load(name: &str) -> (VectorFile, Skipped) {
    wycheproof::load(&wycheproof::wycheproof_vectors().join(name)).expect(name)
}

/// The file's own `numberOfTests` and its count of `valid` results.
fn declared(path: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(path).expect("vector file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let total = json["numberOfTests"].as_u64().expect("numberOfTests") as usize;
    let valid = json["testGroups"]
        .as_array()
        .expect("testGroups")
        .iter()
        .flat_map(|g| g["tests"].as_array().expect("tests"))
        .filter(|t| t["result"] == "valid")
        .count();
    (total, valid)
}

/// Whether `v` is an `ed25519_verify` input whose signature's `R` is the identity with
/// the sign bit set.
fn signed_identity_r(op: Crypto, v: &zkhost_testkit::vectors::Vector) -> bool {
    op == Crypto::Ed25519Verify
        && decode_hex(&v.input).unwrap()[32..64] == wycheproof::SIGNED_IDENTITY
}

fn native(op: Crypto, input: &[u8]) -> Result<Vec<u8>, String> {
    zkhost_runtime::compute(op, None, input).map_err(|e| e.to_string())
}

#[test]
fn wycheproof_files_are_the_shared_ones_unchanged() {
    let dir = wycheproof::wycheproof_vectors();
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).expect("sums");
    assert_eq!(sums.lines().count(), FILES.len());
    for line in sums.lines() {
        let (hash, name) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(dir.join(name)).expect("vector file");
        assert_eq!(hex::encode(sha2::Sha256::digest(&bytes)), hash, "{name}");
    }
    let found: Vec<_> = wycheproof::discover(&dir)
        .expect("discover")
        .into_iter()
        .map(|(f, _)| (f.path.file_name().unwrap().to_owned(), f.op))
        .collect();
    let mut expected: Vec<_> = FILES.iter().map(|(n, op, _)| (n.into(), *op)).collect();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn every_wycheproof_test_is_run_or_counted_as_not_expressible() {
    for (name, op, counts) in FILES {
        let (file, skipped) = load(name);
        assert_eq!(file.op, op, "{name}");
        let must_verify = file.vectors.iter().filter(|v| v.expected.is_some()).count();
        let must_refuse = file
            .vectors
            .iter()
            .filter(|v| v.expected_error.is_some())
            .count();
        assert_eq!(must_verify + must_refuse, file.vectors.len(), "{name}");
        // Wycheproof's verdict: ZIP-215's exceptions, found by their R, are its invalid
        // tests; the committed Ed25519 file has one.
        let zip215 = file
            .vectors
            .iter()
            .filter(|v| v.expected.is_some() && signed_identity_r(op, v))
            .count();
        let expected_zip215 = usize::from(op == Crypto::Ed25519Verify);
        assert_eq!(zip215, expected_zip215, "{name}: ZIP-215's exceptions");
        let (valid, invalid) = (must_verify - zip215, must_refuse + zip215);
        // Printed with --nocapture.
        println!(
            "{name}: {valid} valid, {invalid} invalid (of which {zip215} valid under \
             ZIP-215), {} skipped ({}): tcId {:?}",
            skipped.count(),
            skipped.why,
            skipped.tc_ids
        );
        assert_eq!((valid, invalid, skipped.count()), counts, "{name}");
        let (total, declared_valid) = declared(&file.path);
        assert_eq!(valid + invalid + skipped.count(), total, "{name}");
        assert_eq!(valid, declared_valid, "{name}: a valid test skipped");
    }
}

#[test]
fn every_wycheproof_vector_natively() {
    let mut failed = Vec::new();
    for (name, _, _) in FILES {
        let (file, _) = load(name);
        // Wycheproof names no refusal reasons and gives no gas.
        for f in file.check_priced(|_, _| 0, false, native) {
            let v = file.vectors.iter().find(|v| v.name == f.name).unwrap();
            failed.push(format!("{name} {f}\n    input {}", v.input));
        }
    }
    assert!(
        failed.is_empty(),
        "{} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Whether the committed `forwarder` imports `op`'s host function: its dispatch is
/// generated from the ABI table when it is built, so a module built before a function
/// joined the table traps on that function's messages.
fn forwarder_imports(op: Crypto) -> bool {
    wasmparser::Parser::new(0)
        .parse_all(contracts::FORWARDER_WASM)
        .any(|payload| match payload {
            Ok(wasmparser::Payload::ImportSection(imports)) => imports
                .into_imports()
                .any(|i| i.is_ok_and(|i| i.name == op.name())),
            _ => false,
        })
}

#[test]
fn every_wycheproof_vector_through_the_forwarder_matches_native() {
    let missing: Vec<_> = FILES
        .iter()
        .filter(|(_, op, _)| !forwarder_imports(*op))
        .map(|(_, op, _)| op.name())
        .collect();
    assert!(
        missing.is_empty(),
        "fixtures/contracts/forwarder.wasm does not import {missing:?}: it was built before \
         they joined the ABI table; rebuild it (contracts/build.sh)"
    );
    let rt = Runtime::new(RuntimeConfig::from_env()).expect("engine");
    let mut runs = 0;
    for (name, op, _) in FILES {
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
    }
    assert_eq!(runs, 168 + 74 + 174 + 75 + 88 + 51);
}

/// The ZIP-215 exception is found by the signature's `R`, not by a test number: a
/// Wycheproof-format Ed25519 file whose cases differ from the committed one's is read
/// right. Built from the committed file's `R = SIGNED_IDENTITY` case (tcId 151 there):
/// that case under tcId 1 (valid under ZIP-215), the same signature with one bit of `s`
/// flipped under tcId 151 (`R` unchanged, the equation fails), and with one bit of `R`
/// flipped under tcId 152 (`R` becomes a point of order 4, the equation fails). The
/// verdicts expected are the construction's; zkhost must give them, and no case of
/// the file may be reported as a mismatch.
#[test]
fn an_ed25519_file_with_other_cases_is_read_by_what_r_is() {
    let dir = wycheproof::wycheproof_vectors();
    let text = std::fs::read_to_string(dir.join("ed25519_test.json")).expect("vector file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json");
    let signed_identity = hex::encode(wycheproof::SIGNED_IDENTITY);
    let (group, case) = json["testGroups"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|g| {
            let tests = g["tests"].as_array().unwrap();
            let case = tests
                .iter()
                .find(|t| t["sig"].as_str().unwrap().starts_with(&signed_identity))?;
            Some((g, case))
        })
        .expect("the committed file has a case whose R is the signed identity");
    let with = |tc_id: u64, flip_byte: usize| {
        let mut sig = hex::decode(case["sig"].as_str().unwrap()).unwrap();
        if flip_byte < sig.len() {
            sig[flip_byte] ^= 1;
        }
        let mut t = case.clone();
        t["tcId"] = tc_id.into();
        t["sig"] = hex::encode(sig).into();
        t
    };
    let mut group = group.clone();
    // tcId 1: the case unchanged; 151: bit 0 of s flipped; 152: bit 0 of R flipped.
    group["tests"] = serde_json::json!([with(1, 64), with(151, 32), with(152, 0)]);
    let mut other = json.clone();
    other["testGroups"] = serde_json::json!([group]);
    other["numberOfTests"] = 3.into();

    let path = dir.join("other/ed25519_test.json");
    let (file, skipped) = wycheproof::parse(&path, &other.to_string()).expect("parse");
    assert_eq!(skipped.count(), 0);
    let verdicts: Vec<_> = file
        .vectors
        .iter()
        .map(|v| {
            let tc_id = v.name.split(':').next().unwrap().to_string();
            (tc_id, v.expected.is_some(), signed_identity_r(file.op, v))
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("tcId 1".to_string(), true, true),
            ("tcId 151".to_string(), false, true),
            ("tcId 152".to_string(), false, false),
        ]
    );
    assert!(file.vectors[0].name.ends_with(&format!(
        "valid under ZIP-215: {})",
        wycheproof::ZIP215_REASON
    )));
    assert!(!file.vectors[1].name.contains("ZIP-215"));
    let failures = file.check_priced(|_, _| 0, false, native);
    let failures: Vec<_> = failures.iter().map(|f| f.to_string()).collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
