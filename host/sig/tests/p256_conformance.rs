//! Every P256VERIFY vector of go-ethereum (`vectors/p256/`, see PROVENANCE.md): the output
//! bytes (`0…01` or empty) at EIP-7951's price, and which check refuses each invalid one.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;
use sha2::Digest;
use zkhost_gas::KzgP256Gas;
use zkhost_sig::p256::{output, verify, Error, VALID};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors/p256")
}

struct Case {
    name: String,
    input: Vec<u8>,
    expected: Vec<u8>,
    gas: u64,
}

fn load() -> Vec<Case> {
    let text = std::fs::read_to_string(dir().join("p256Verify.json")).expect("vector file");
    let json: Vec<Value> = serde_json::from_str(&text).expect("json");
    json.iter()
        .map(|v| Case {
            name: v["Name"].as_str().expect("Name").to_string(),
            input: hex::decode(v["Input"].as_str().expect("Input")).expect("hex"),
            expected: hex::decode(v["Expected"].as_str().expect("Expected")).expect("hex"),
            gas: v["Gas"].as_u64().expect("Gas"),
        })
        .collect()
}

#[test]
fn the_vector_set_is_complete_and_unchanged() {
    let cases = load();
    assert_eq!(cases.len(), 782);
    assert_eq!(cases.iter().filter(|c| c.expected == VALID).count(), 567);
    assert_eq!(cases.iter().filter(|c| c.expected.is_empty()).count(), 215);
    let sums = std::fs::read_to_string(dir().join("SHA256SUMS")).expect("sums");
    assert_eq!(sums.lines().count(), 1);
    for line in sums.lines() {
        let (hash, name) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(dir().join(name)).expect("vector file");
        assert_eq!(hex::encode(sha2::Sha256::digest(&bytes)), hash, "{name}");
    }
}

#[test]
fn every_vector_gives_its_output_at_the_eip_price() {
    let mut refusals = BTreeMap::<String, usize>::new();
    let mut wrong = Vec::new();
    for case in load() {
        assert_eq!(case.gas, KzgP256Gas::OSAKA.p256_verify, "{}", case.name);
        if output(&case.input) != case.expected.as_slice() {
            wrong.push(format!("{}: {:?}", case.name, verify(&case.input)));
        }
        if let Err(e) = verify(&case.input) {
            *refusals.entry(format!("{e:?}")).or_default() += 1;
        }
    }
    assert!(wrong.is_empty(), "{} wrong: {wrong:#?}", wrong.len());
    // The refusal classes the vectors exercise (printed with --nocapture).
    println!("refusals by class: {refusals:?}");
    assert_eq!(refusals.values().sum::<usize>(), 215);
    for class in [
        Error::ROutOfRange,
        Error::SOutOfRange,
        Error::NotOnCurve,
        Error::Mismatch,
    ] {
        assert!(
            refusals.contains_key(&format!("{class:?}")),
            "{class:?}: {refusals:?}"
        );
    }
}

#[test]
fn a_wrong_expectation_is_caught() {
    let mut case = load().remove(0);
    assert_eq!(output(&case.input), VALID);
    case.input[0] ^= 1;
    assert_eq!(verify(&case.input), Err(Error::Mismatch));
    assert!(output(&case.input).is_empty());
}
