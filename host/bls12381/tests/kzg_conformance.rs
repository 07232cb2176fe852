//! Every point-evaluation vector (`vectors/`, see PROVENANCE.md): go-ethereum's and the
//! c-kzg-4844 `verify_kzg_proof` cases converted to the precompile's input. Valid cases
//! give the exact output at EIP-4844's price; failing cases fail for the reason class
//! their name gives.

use std::path::PathBuf;

use serde_json::Value;
use sha2::Digest;
use zkhost_bls12381::kzg::{point_evaluation, Error, OUTPUT};
use zkhost_gas::KzgP256Gas;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors/kzg")
}

struct Case {
    name: String,
    input: Vec<u8>,
    expected: Option<(Vec<u8>, u64)>,
    error: Option<String>,
}

fn load(file: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(dir().join(file)).expect("vector file");
    let json: Vec<Value> = serde_json::from_str(&text).expect("json");
    json.iter()
        .map(|v| Case {
            name: v["Name"].as_str().expect("Name").to_string(),
            input: hex::decode(v["Input"].as_str().expect("Input")).expect("hex"),
            expected: v.get("Expected").map(|e| {
                (
                    hex::decode(e.as_str().expect("Expected")).expect("hex"),
                    v["Gas"].as_u64().expect("Gas"),
                )
            }),
            error: v
                .get("ExpectedError")
                .map(|e| e.as_str().expect("ExpectedError").to_string()),
        })
        .collect()
}

const VALID_FILES: [&str; 2] = ["pointEvaluation.json", "pointEvaluation-ckzg.json"];
const FAIL_FILE: &str = "fail-pointEvaluation-ckzg.json";

#[test]
fn the_vector_set_is_complete_and_unchanged() {
    assert_eq!(load(VALID_FILES[0]).len(), 1);
    assert_eq!(load(VALID_FILES[1]).len(), 54);
    assert_eq!(load(FAIL_FILE).len(), 68);
    let sums = std::fs::read_to_string(dir().join("SHA256SUMS")).expect("sums");
    assert_eq!(sums.lines().count(), 3);
    for line in sums.lines() {
        let (hash, name) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(dir().join(name)).expect("vector file");
        assert_eq!(hex::encode(sha2::Sha256::digest(&bytes)), hash, "{name}");
    }
}

#[test]
fn every_valid_vector_gives_the_output_at_the_eip_price() {
    let mut n = 0;
    for file in VALID_FILES {
        for case in load(file) {
            let (expected, gas) = case.expected.expect("a valid case");
            assert_eq!(expected, OUTPUT, "{}", case.name);
            assert_eq!(gas, KzgP256Gas::OSAKA.point_evaluation, "{}", case.name);
            assert_eq!(point_evaluation(&case.input), Ok(OUTPUT), "{}", case.name);
            n += 1;
        }
    }
    assert_eq!(n, 55);
}

/// The errors a failing case may give, from its name (the c-kzg case name says which
/// input is invalid; a `z` or `y` of the wrong length makes the input's length wrong).
fn allowed(case: &Case) -> Vec<Error> {
    let reason = case.error.as_deref().expect("a failing case");
    if reason == "proof does not verify" {
        return vec![Error::ProofDoesNotVerify];
    }
    let which = reason
        .strip_prefix("invalid input (invalid_")
        .and_then(|r| r.split('_').next())
        .expect("an invalid-input case");
    match which {
        "commitment" => vec![
            Error::InputLength,
            Error::CommitmentEncoding,
            Error::CommitmentNotInSubgroup,
        ],
        "proof" => vec![
            Error::InputLength,
            Error::ProofEncoding,
            Error::ProofNotInSubgroup,
        ],
        "z" => vec![Error::InputLength, Error::ZNotCanonical],
        "y" => vec![Error::InputLength, Error::YNotCanonical],
        other => panic!("unknown case class {other} in {}", case.name),
    }
}

#[test]
fn every_failing_vector_fails_for_its_reason() {
    let mut by_error = std::collections::BTreeMap::<String, usize>::new();
    for case in load(FAIL_FILE) {
        let got = point_evaluation(&case.input).expect_err(&case.name);
        assert!(
            allowed(&case).contains(&got),
            "{}: {got:?}, expected one of {:?}",
            case.name,
            allowed(&case)
        );
        *by_error.entry(format!("{got:?}")).or_default() += 1;
    }
    // Eight inputs have the wrong length; the other invalid inputs are refused by the
    // check of the input they name; the rest reach the pairing.
    assert_eq!(by_error.get("InputLength"), Some(&8), "{by_error:?}");
    assert_eq!(
        by_error.get("ProofDoesNotVerify"),
        Some(&48),
        "{by_error:?}"
    );
    assert_eq!(by_error.values().sum::<usize>(), 68);
}

#[test]
fn a_wrong_expectation_is_caught() {
    // The runner can fail: the valid vector with y changed is refused, at the pairing.
    let mut case = load(VALID_FILES[0]).remove(0);
    case.input[95] ^= 1;
    assert_eq!(
        point_evaluation(&case.input),
        Err(Error::ProofDoesNotVerify)
    );
}
