//! The BLS-signature vectors of `host/bls12381/vectors/sig` (see its PROVENANCE.md) read
//! as go-ethereum-format vectors ([`crate::vectors`]) of the `bls_*` host functions:
//!
//! - Wycheproof's `bls_sig_g2_basic_verify_test.json` and `…_pop_verify_test.json` →
//!   `bls_verify` (`ciphersuite ‖ key ‖ signature ‖ message`, the group's ciphersuite);
//!   `bls_sig_g2_aggregate_verify_test.json` → `bls_aggregate_verify`;
//!   `bls_hash_to_g2_test.json` → `bls_hash_to_g2`;
//! - RFC 9380's appendix J (`rfc9380_g1_ro.json`, `rfc9380_g2_ro.json`) →
//!   `bls_hash_to_g1/g2`;
//! - Ethereum's consensus tests (`eth/*.json`): `verify`, `fast_aggregate_verify`,
//!   `aggregate_verify` (Ethereum's ciphersuite), `aggregate` → `bls_aggregate_g2`,
//!   `deserialization_G1/G2` → `bls_g1/g2_decompress`, `hash_to_G2` →
//!   `bls_hash_to_g2`.
//!
//! A valid verification expects `0…01`; an invalid one, any refusal (the files name no
//! reason in zkhost's words). An expected point given compressed is decoded by arkworks
//! (`ark-serialize`), not by zkhost, into EIP-2537's encoding. A test no input can
//! express (a key or signature of another length, which would shift into the next
//! field; as many messages as keys not given) is counted in [`Skipped`], and must be
//! invalid.

use std::path::Path;

use serde_json::Value;
use zkhost_abi::Crypto;

use crate::bls12_381;
use crate::vectors::{self, decode_hex, Vector};
use crate::wycheproof::{Skipped, VALID};

/// A file as vectors of its host function.
pub type VectorFile = vectors::VectorFile<Crypto>;

/// The `ExpectedError` of a test that must be refused, for any reason.
pub const INVALID: &str = "bls: invalid";

/// The ciphersuite byte of Ethereum's proof-of-possession suite.
const POP: u8 = 0;

/// The hash-to-curve tag of RFC 9380's G2 test suite, which Ethereum's `hash_to_G2`
/// tests use without writing it in the file.
const QUUX_G2: &str = "QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";

/// The function a file designates, by its name (and, for Ethereum's, its folder).
pub fn classify(path: &Path) -> Option<Crypto> {
    let name = path.file_name()?.to_str()?;
    let in_eth = path.parent()?.file_name()?.to_str()? == "eth";
    Some(match (in_eth, name) {
        (false, "bls_sig_g2_basic_verify_test.json" | "bls_sig_g2_pop_verify_test.json") => {
            Crypto::BlsVerify
        }
        (false, "bls_sig_g2_aggregate_verify_test.json") => Crypto::BlsAggregateVerify,
        (false, "bls_hash_to_g2_test.json" | "rfc9380_g2_ro.json") => Crypto::BlsHashToG2,
        (false, "rfc9380_g1_ro.json") => Crypto::BlsHashToG1,
        (true, "verify.json") => Crypto::BlsVerify,
        (true, "fast_aggregate_verify.json") => Crypto::BlsFastAggregateVerify,
        (true, "aggregate_verify.json") => Crypto::BlsAggregateVerify,
        (true, "aggregate.json") => Crypto::BlsAggregateG2,
        (true, "deserialization_G1.json") => Crypto::BlsG1Decompress,
        (true, "deserialization_G2.json") => Crypto::BlsG2Decompress,
        (true, "hash_to_G2.json") => Crypto::BlsHashToG2,
        _ => return None,
    })
}

/// Every file below `dir` (recursively) that [`classify`] names, sorted by path, with
/// its tests that cannot be expressed.
pub fn discover(dir: &Path) -> Result<Vec<(VectorFile, Skipped)>, String> {
    let paths = vectors::json_files(dir, |p| classify(p).is_some())?;
    paths.iter().map(|p| load(p)).collect()
}

/// One test, as read: its name, its input (`None`: not expressible) and whether it is
/// valid with the expected output.
struct Case {
    name: String,
    input: Option<Vec<u8>>,
    expected: Option<Vec<u8>>,
}

/// Reads one file ([`classify`] names its function).
pub fn load(path: &Path) -> Result<(VectorFile, Skipped), String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let op = classify(path).ok_or_else(|| at("not a known BLS vector file".into()))?;
    let text = std::fs::read_to_string(path).map_err(|e| at(e.to_string()))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| at(e.to_string()))?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let cases = if json.get("testGroups").is_some() {
        wycheproof(op, &json)
    } else if json.get("vectors").is_some() {
        rfc9380(op, &json)
    } else {
        eth(op, name, &json)
    }
    .map_err(at)?;
    let mut skipped = Skipped {
        why: "a key or signature of another length, or unequal key and message counts",
        tc_ids: Vec::new(),
    };
    let mut out = Vec::new();
    for (i, case) in cases.into_iter().enumerate() {
        let Some(input) = case.input else {
            if case.expected.is_some() {
                return Err(at(format!(
                    "{}: a valid test that cannot be expressed",
                    case.name
                )));
            }
            skipped.tc_ids.push(i as u64);
            continue;
        };
        out.push(Vector {
            input: hex::encode(input),
            expected_error: case.expected.is_none().then(|| INVALID.to_string()),
            expected: case.expected.map(hex::encode),
            name: case.name,
            gas: None,
        });
    }
    let file = VectorFile {
        path: path.to_path_buf(),
        op,
        must_fail: false,
        vectors: out,
    };
    Ok((file, skipped))
}

fn hex_field(v: &Value, field: &str) -> Result<Vec<u8>, String> {
    decode_hex(v[field].as_str().ok_or_else(|| format!("no {field}"))?)
}

fn hex_list(v: &Value) -> Result<Vec<Vec<u8>>, String> {
    v.as_array()
        .ok_or("not a list")?
        .iter()
        .map(|x| decode_hex(x.as_str().ok_or("not a string")?))
        .collect()
}

fn valid_output() -> Vec<u8> {
    decode_hex(VALID).unwrap_or_default()
}

/// `ciphersuite ‖ key ‖ signature ‖ message`, when key and signature have their lengths.
fn verify_input(cs: u8, pk: &[u8], sig: &[u8], msg: &[u8]) -> Option<Vec<u8>> {
    (pk.len() == 48 && sig.len() == 96).then(|| [&[cs][..], pk, sig, msg].concat())
}

/// `ciphersuite ‖ signature ‖ (key ‖ length ‖ message)…`.
fn aggregate_verify_input(
    cs: u8,
    pks: &[Vec<u8>],
    msgs: &[Vec<u8>],
    sig: &[u8],
) -> Option<Vec<u8>> {
    if sig.len() != 96 || pks.len() != msgs.len() || pks.iter().any(|k| k.len() != 48) {
        return None;
    }
    let mut out = [&[cs][..], sig].concat();
    for (pk, msg) in pks.iter().zip(msgs) {
        out.extend_from_slice(pk);
        out.extend_from_slice(&u32::try_from(msg.len()).ok()?.to_be_bytes());
        out.extend_from_slice(msg);
    }
    Some(out)
}

/// `dst length ‖ dst ‖ message`.
fn hash_input(dst: &[u8], msg: &[u8]) -> Option<Vec<u8>> {
    Some([&[u8::try_from(dst.len()).ok()?][..], dst, msg].concat())
}

fn wycheproof(op: Crypto, json: &Value) -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for group in json["testGroups"].as_array().ok_or("no testGroups")? {
        let cs = match group["ciphersuite"].as_str() {
            Some("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_") => Some(0u8),
            Some("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_") => Some(1u8),
            Some(other) => return Err(format!("ciphersuite {other}")),
            None => None,
        };
        for t in group["tests"].as_array().ok_or("no tests")? {
            let valid = match t["result"].as_str() {
                Some("valid") => true,
                Some("invalid") => false,
                other => return Err(format!("tcId {}: result {other:?}", t["tcId"])),
            };
            let name = format!(
                "tcId {}: {}",
                t["tcId"],
                t["comment"].as_str().unwrap_or_default()
            );
            let (input, expected) = match op {
                Crypto::BlsVerify => {
                    let pk = hex_field(&group["publicKey"], "pk")?;
                    let input = verify_input(
                        cs.ok_or("no ciphersuite")?,
                        &pk,
                        &hex_field(t, "sig")?,
                        &hex_field(t, "msg")?,
                    );
                    (input, valid.then(valid_output))
                }
                Crypto::BlsAggregateVerify => {
                    let input = aggregate_verify_input(
                        cs.ok_or("no ciphersuite")?,
                        &hex_list(&t["pubkeys"])?,
                        &hex_list(&t["messages"])?,
                        &hex_field(t, "sig")?,
                    );
                    (input, valid.then(valid_output))
                }
                Crypto::BlsHashToG2 => {
                    let dst = group["dst"].as_str().ok_or("no dst")?.as_bytes();
                    let expected =
                        bls12_381::g2_bytes(&bls12_381::g2_decompress(&hex_field(t, "expected")?)?);
                    (
                        hash_input(dst, &hex_field(t, "msg")?),
                        valid.then_some(expected),
                    )
                }
                other => return Err(format!("{other:?} has no Wycheproof reader")),
            };
            out.push(Case {
                name,
                input,
                expected,
            });
        }
    }
    Ok(out)
}

fn rfc9380(op: Crypto, json: &Value) -> Result<Vec<Case>, String> {
    let dst = json["dst"].as_str().ok_or("no dst")?.as_bytes();
    let pad = |v: &Value| -> Result<Vec<u8>, String> {
        let mut out = vec![0u8; 16];
        out.extend(decode_hex(v.as_str().ok_or("not a string")?)?);
        Ok(out)
    };
    let mut out = Vec::new();
    for v in json["vectors"].as_array().ok_or("no vectors")? {
        let msg = v["msg"].as_str().ok_or("no msg")?.as_bytes();
        let expected = match op {
            Crypto::BlsHashToG1 => [pad(&v["x"])?, pad(&v["y"])?].concat(),
            _ => [
                pad(&v["x"][0])?,
                pad(&v["x"][1])?,
                pad(&v["y"][0])?,
                pad(&v["y"][1])?,
            ]
            .concat(),
        };
        let name = format!(
            "msg {:?}",
            String::from_utf8_lossy(&msg[..msg.len().min(12)])
        );
        out.push(Case {
            name,
            input: hash_input(dst, msg),
            expected: Some(expected),
        });
    }
    Ok(out)
}

fn eth(op: Crypto, file: &str, json: &Value) -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for c in json["cases"]
        .as_array()
        .ok_or(format!("{file}: no cases"))?
    {
        let name = c["name"].as_str().unwrap_or_default().to_string();
        let i = &c["input"];
        let truth = c["output"].as_bool();
        let (input, expected) = match op {
            Crypto::BlsVerify => (
                verify_input(
                    POP,
                    &hex_field(i, "pubkey")?,
                    &hex_field(i, "signature")?,
                    &hex_field(i, "message")?,
                ),
                (truth == Some(true)).then(valid_output),
            ),
            Crypto::BlsFastAggregateVerify => {
                let pks = hex_list(&i["pubkeys"])?;
                let sig = hex_field(i, "signature")?;
                let input = (sig.len() == 96 && pks.iter().all(|k| k.len() == 48)).then(|| {
                    let n = (pks.len() as u32).to_be_bytes();
                    [
                        &[POP][..],
                        &sig,
                        &n,
                        &pks.concat(),
                        &hex_field(i, "message").unwrap_or_default(),
                    ]
                    .concat()
                });
                (input, (truth == Some(true)).then(valid_output))
            }
            Crypto::BlsAggregateVerify => (
                aggregate_verify_input(
                    POP,
                    &hex_list(&i["pubkeys"])?,
                    &hex_list(&i["messages"])?,
                    &hex_field(i, "signature")?,
                ),
                (truth == Some(true)).then(valid_output),
            ),
            Crypto::BlsAggregateG2 => {
                let sigs = hex_list(i)?;
                let input = sigs.iter().all(|s| s.len() == 96).then(|| sigs.concat());
                let expected = match c["output"].as_str() {
                    Some(s) => Some(decode_hex(s)?),
                    None => None,
                };
                (input, expected)
            }
            Crypto::BlsG1Decompress => {
                let pk = hex_field(i, "pubkey")?;
                let expected = if truth == Some(true) {
                    Some(bls12_381::g1_bytes(&bls12_381::g1_decompress(&pk)?))
                } else {
                    None
                };
                (Some(pk), expected)
            }
            Crypto::BlsG2Decompress => {
                let sig = hex_field(i, "signature")?;
                let expected = if truth == Some(true) {
                    Some(bls12_381::g2_bytes(&bls12_381::g2_decompress(&sig)?))
                } else {
                    None
                };
                (Some(sig), expected)
            }
            Crypto::BlsHashToG2 => {
                let msg = i["msg"].as_str().ok_or("no msg")?.as_bytes();
                let mut expected = Vec::new();
                for coordinate in ["x", "y"] {
                    for part in c["output"][coordinate]
                        .as_str()
                        .ok_or("no output")?
                        .split(',')
                    {
                        expected.extend([0u8; 16]);
                        expected.extend(decode_hex(part)?);
                    }
                }
                (hash_input(QUUX_G2.as_bytes(), msg), Some(expected))
            }
            other => return Err(format!("{other:?} has no reader of Ethereum's tests")),
        };
        out.push(Case {
            name,
            input,
            expected,
        });
    }
    Ok(out)
}
