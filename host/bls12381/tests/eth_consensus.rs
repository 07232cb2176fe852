//! Ethereum's consensus BLS tests (ethereum/bls12-381-tests, generated with py_ecc,
//! `vectors/sig/eth/`; provenance in `vectors/sig/PROVENANCE.md`): every case of
//! verify, aggregate, fast_aggregate_verify, aggregate_verify, deserialization of G1
//! and G2, hash to G2, and sign (checked as: the published signature verifies under
//! the key's public key).

use serde_json::Value;
use zkhost_bls12381::compressed::{self, G1_COMPRESSED_LEN, G2_COMPRESSED_LEN};
use zkhost_bls12381::hash_to_curve::hash_to_g2;
use zkhost_bls12381::signatures::{aggregate_verify, fast_aggregate_verify, verify, Ciphersuite};

/// Ethereum's ciphersuite.
const POP: Ciphersuite = Ciphersuite::ProofOfPossession;

fn cases(handler: &str) -> Vec<Value> {
    let path = format!(
        "{}/vectors/sig/eth/{handler}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(v["handler"], handler);
    v["cases"].as_array().expect("cases").clone()
}

fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().expect("a hex string");
    hex::decode(s.strip_prefix("0x").unwrap_or(s)).expect("hex")
}

/// A key or signature of another length cannot be passed: it is invalid.
fn fixed<const N: usize>(v: &Value) -> Option<[u8; N]> {
    bytes(v).try_into().ok()
}

fn list<const N: usize>(v: &Value) -> Option<Vec<[u8; N]>> {
    v.as_array().expect("a list").iter().map(fixed).collect()
}

#[test]
fn verify_cases() {
    let cases = cases("verify");
    assert_eq!(cases.len(), 29);
    for c in cases {
        let i = &c["input"];
        let got = match (fixed(&i["pubkey"]), fixed(&i["signature"])) {
            (Some(pk), Some(sig)) => verify(POP, &pk, &bytes(&i["message"]), &sig) == Ok(true),
            _ => false,
        };
        assert_eq!(Value::Bool(got), c["output"], "{}", c["name"]);
    }
}

#[test]
fn aggregate_cases() {
    let cases = cases("aggregate");
    assert_eq!(cases.len(), 6);
    for c in cases {
        let sigs: Vec<u8> = c["input"]
            .as_array()
            .expect("signatures")
            .iter()
            .flat_map(bytes)
            .collect();
        let got = compressed::g2_aggregate(&sigs)
            .ok()
            .map(|s| format!("0x{}", hex::encode(s)));
        assert_eq!(
            got.map(Value::String).unwrap_or(Value::Null),
            c["output"],
            "{}",
            c["name"]
        );
    }
}

#[test]
fn fast_aggregate_verify_cases() {
    let cases = cases("fast_aggregate_verify");
    assert_eq!(cases.len(), 12);
    for c in cases {
        let i = &c["input"];
        let got = match (list(&i["pubkeys"]), fixed(&i["signature"])) {
            (Some(pks), Some(sig)) => {
                fast_aggregate_verify(POP, &pks, &bytes(&i["message"]), &sig) == Ok(true)
            }
            _ => false,
        };
        assert_eq!(Value::Bool(got), c["output"], "{}", c["name"]);
    }
}

#[test]
fn aggregate_verify_cases() {
    let cases = cases("aggregate_verify");
    assert_eq!(cases.len(), 5);
    for c in cases {
        let i = &c["input"];
        let msgs: Vec<Vec<u8>> = i["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .map(bytes)
            .collect();
        let msgs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
        let got = match (list(&i["pubkeys"]), fixed(&i["signature"])) {
            (Some(pks), Some(sig)) => aggregate_verify(POP, &pks, &msgs, &sig) == Ok(true),
            _ => false,
        };
        assert_eq!(Value::Bool(got), c["output"], "{}", c["name"]);
    }
}

/// `true` means: a correct compressed encoding of a point of the subgroup (infinity
/// included, which is not a valid public key but deserializes).
#[test]
fn deserialization_cases() {
    let g1 = cases("deserialization_G1");
    assert_eq!(g1.len(), 16);
    for c in g1 {
        let got = fixed::<G1_COMPRESSED_LEN>(&c["input"]["pubkey"])
            .is_some_and(|p| compressed::g1_decompress(&p).is_ok());
        assert_eq!(Value::Bool(got), c["output"], "G1 {}", c["name"]);
    }
    let g2 = cases("deserialization_G2");
    assert_eq!(g2.len(), 18);
    for c in g2 {
        let got = fixed::<G2_COMPRESSED_LEN>(&c["input"]["signature"])
            .is_some_and(|q| compressed::g2_decompress(&q).is_ok());
        assert_eq!(Value::Bool(got), c["output"], "G2 {}", c["name"]);
    }
}

/// The tag is RFC 9380's test suite's (the generator's, not written in the file);
/// coordinates are `0x<c0>,0x<c1>`.
#[test]
fn hash_to_g2_cases() {
    let dst = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
    let cases = cases("hash_to_G2");
    assert_eq!(cases.len(), 4);
    for c in cases {
        let msg = c["input"]["msg"].as_str().expect("msg");
        let mut expected = Vec::new();
        for coordinate in ["x", "y"] {
            for part in c["output"][coordinate].as_str().expect("c0,c1").split(',') {
                expected.extend([0u8; 16]);
                expected.extend(bytes(&Value::String(part.to_string())));
            }
        }
        assert_eq!(
            hash_to_g2(msg.as_bytes(), dst)
                .expect("a valid tag")
                .to_vec(),
            expected,
            "{}",
            c["name"]
        );
    }
}

/// zkhost does not sign; each published signature must verify under its key's public
/// key (blst derives it), and the zero key (no signature) has none.
#[test]
fn sign_cases_verify() {
    let cases = cases("sign");
    assert_eq!(cases.len(), 10);
    for c in cases {
        let i = &c["input"];
        if c["output"].is_null() {
            assert!(blst::min_pk::SecretKey::from_bytes(&bytes(&i["privkey"])).is_err());
            continue;
        }
        let sig = fixed::<G2_COMPRESSED_LEN>(&c["output"]).expect("96 bytes");
        let sk = blst::min_pk::SecretKey::from_bytes(&bytes(&i["privkey"])).expect("a key");
        let pk = sk.sk_to_pk().compress();
        assert_eq!(
            verify(POP, &pk, &bytes(&i["message"]), &sig),
            Ok(true),
            "{}",
            c["name"]
        );
    }
}
