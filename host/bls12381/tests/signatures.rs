//! BLS signatures, hash-to-curve and compressed points against published vectors:
//! Wycheproof's BLS files (verify in both ciphersuites, aggregate verify, hash to G2)
//! and RFC 9380's appendix J (hash to G1 and G2). Provenance:
//! `vectors/sig/PROVENANCE.md`.

use serde_json::Value;
use zkhost_bls12381::compressed::{self, G1_COMPRESSED_LEN, G2_COMPRESSED_LEN};
use zkhost_bls12381::hash_to_curve::{self, hash_to_g1, hash_to_g2};
use zkhost_bls12381::signatures::{self, aggregate_verify, verify, Ciphersuite};

fn json(name: &str) -> Value {
    let path = format!("{}/vectors/sig/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("a hex string")).expect("hex")
}

/// A key or signature of the wrong length cannot be passed at all: it is invalid.
fn fixed<const N: usize>(v: &Value) -> Option<[u8; N]> {
    bytes(v).try_into().ok()
}

/// Every Wycheproof `valid` case verifies and every `invalid` one does not (an error
/// or `false`); the file has no `acceptable` case. Returns (valid, invalid) counts.
fn wycheproof_verify(file: &str) -> (usize, usize) {
    let v = json(file);
    let (mut valid, mut invalid) = (0, 0);
    for group in v["testGroups"].as_array().expect("groups") {
        let cs = Ciphersuite::from_name(group["ciphersuite"].as_str().expect("ciphersuite"))
            .expect("a ciphersuite zkhost has");
        let pk = fixed::<G1_COMPRESSED_LEN>(&group["publicKey"]["pk"]);
        for t in group["tests"].as_array().expect("tests") {
            let msg = bytes(&t["msg"]);
            let sig = fixed::<G2_COMPRESSED_LEN>(&t["sig"]);
            let got = match (pk, sig) {
                (Some(pk), Some(sig)) => verify(cs, &pk, &msg, &sig),
                _ => Ok(false),
            };
            let id = &t["tcId"];
            match t["result"].as_str() {
                Some("valid") => {
                    assert_eq!(got, Ok(true), "{file} tcId {id}: {}", t["comment"]);
                    valid += 1;
                }
                Some("invalid") => {
                    assert_ne!(got, Ok(true), "{file} tcId {id}: {}", t["comment"]);
                    invalid += 1;
                }
                other => panic!("{file} tcId {id}: result {other:?}"),
            }
        }
    }
    (valid, invalid)
}

#[test]
fn wycheproof_basic_verify() {
    let (valid, invalid) = wycheproof_verify("bls_sig_g2_basic_verify_test.json");
    assert!(valid > 0 && invalid > 0);
    assert_eq!(valid + invalid, 88);
}

#[test]
fn wycheproof_pop_verify() {
    let (valid, invalid) = wycheproof_verify("bls_sig_g2_pop_verify_test.json");
    assert!(valid > 0 && invalid > 0);
    assert_eq!(valid + invalid, 26);
}

#[test]
fn wycheproof_aggregate_verify() {
    let file = "bls_sig_g2_aggregate_verify_test.json";
    let v = json(file);
    let (mut valid, mut invalid) = (0, 0);
    for group in v["testGroups"].as_array().expect("groups") {
        let cs = Ciphersuite::from_name(group["ciphersuite"].as_str().expect("ciphersuite"))
            .expect("a ciphersuite zkhost has");
        for t in group["tests"].as_array().expect("tests") {
            let pks: Option<Vec<[u8; G1_COMPRESSED_LEN]>> = t["pubkeys"]
                .as_array()
                .expect("pubkeys")
                .iter()
                .map(fixed)
                .collect();
            let msgs: Vec<Vec<u8>> = t["messages"]
                .as_array()
                .expect("messages")
                .iter()
                .map(bytes)
                .collect();
            let msgs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
            let sig = fixed::<G2_COMPRESSED_LEN>(&t["sig"]);
            let got = match (pks, sig) {
                (Some(pks), Some(sig)) => aggregate_verify(cs, &pks, &msgs, &sig),
                _ => Ok(false),
            };
            let id = &t["tcId"];
            match t["result"].as_str() {
                Some("valid") => {
                    assert_eq!(got, Ok(true), "{file} tcId {id}: {}", t["comment"]);
                    valid += 1;
                }
                Some("invalid") => {
                    assert_ne!(got, Ok(true), "{file} tcId {id}: {}", t["comment"]);
                    invalid += 1;
                }
                other => panic!("{file} tcId {id}: result {other:?}"),
            }
        }
    }
    assert!(valid > 0 && invalid > 0);
    assert_eq!(valid + invalid, 19);
}

#[test]
fn wycheproof_hash_to_g2() {
    let v = json("bls_hash_to_g2_test.json");
    let mut n = 0;
    for group in v["testGroups"].as_array().expect("groups") {
        let dst = group["dst"].as_str().expect("dst").as_bytes();
        for t in group["tests"].as_array().expect("tests") {
            assert_eq!(t["result"], "valid");
            let q = hash_to_g2(&bytes(&t["msg"]), dst).expect("a valid tag");
            let compressed = compressed::g2_compress(&q).expect("a curve point");
            assert_eq!(
                compressed.to_vec(),
                bytes(&t["expected"]),
                "tcId {}",
                t["tcId"]
            );
            // The compressed form decodes back to the same point (it is in G2).
            assert_eq!(compressed::g2_decompress(&compressed), Ok(q));
            n += 1;
        }
    }
    assert_eq!(n, 34);
}

/// A field element of the RFC's vectors (48 bytes) in EIP-2537's padding (64 bytes).
fn padded(v: &Value) -> Vec<u8> {
    let mut out = vec![0u8; 16];
    out.extend(bytes(v));
    assert_eq!(out.len(), 64);
    out
}

#[test]
fn rfc9380_hash_to_g1() {
    let v = json("rfc9380_g1_ro.json");
    let dst = v["dst"].as_str().expect("dst").as_bytes();
    let vectors = v["vectors"].as_array().expect("vectors");
    assert_eq!(vectors.len(), 5);
    for t in vectors {
        let msg = t["msg"].as_str().expect("msg").as_bytes();
        let expected = [padded(&t["x"]), padded(&t["y"])].concat();
        assert_eq!(
            hash_to_g1(msg, dst).expect("a valid tag").to_vec(),
            expected,
            "msg {msg:?}"
        );
    }
}

#[test]
fn rfc9380_hash_to_g2() {
    let v = json("rfc9380_g2_ro.json");
    let dst = v["dst"].as_str().expect("dst").as_bytes();
    let vectors = v["vectors"].as_array().expect("vectors");
    assert_eq!(vectors.len(), 5);
    for t in vectors {
        let msg = t["msg"].as_str().expect("msg").as_bytes();
        let expected = [
            padded(&t["x"][0]),
            padded(&t["x"][1]),
            padded(&t["y"][0]),
            padded(&t["y"][1]),
        ]
        .concat();
        assert_eq!(
            hash_to_g2(msg, dst).expect("a valid tag").to_vec(),
            expected,
            "msg {msg:?}"
        );
    }
}

#[test]
fn dst_lengths() {
    for len in [0, 256, 1000] {
        let dst = vec![b'D'; len];
        assert_eq!(hash_to_g1(b"m", &dst), Err(hash_to_curve::Error::DstLength));
        assert_eq!(hash_to_g2(b"m", &dst), Err(hash_to_curve::Error::DstLength));
    }
    for len in [1, 255] {
        let dst = vec![b'D'; len];
        assert!(hash_to_g1(b"m", &dst).is_ok());
        assert!(hash_to_g2(b"m", &dst).is_ok());
    }
}

#[test]
fn ciphersuite_rules() {
    // The basic scheme has no FastAggregateVerify, and refuses repeated messages.
    let pk = [0u8; 48];
    let sig = [0u8; 96];
    assert_eq!(
        signatures::fast_aggregate_verify(Ciphersuite::Basic, &[pk], b"m", &sig),
        Err(signatures::Error::NotInCiphersuite)
    );
    for cs in Ciphersuite::ALL {
        assert_eq!(Ciphersuite::from_id(cs.id()), Some(cs));
        assert_eq!(
            Ciphersuite::from_name(std::str::from_utf8(cs.dst()).unwrap()),
            Some(cs)
        );
    }
    assert_eq!(Ciphersuite::from_id(2), None);
}
