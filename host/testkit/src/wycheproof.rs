//! Project Wycheproof's signature-verification vectors for P256VERIFY, secp256k1 verify
//! and Ed25519 verify (`host/sig/vectors/wycheproof`, see its PROVENANCE.md), read as
//! go-ethereum-format vectors ([`crate::vectors`]) of the host functions.
//!
//! Wycheproof tests a verifier on a message, a signature and a key; a host function
//! takes one byte string. Each test becomes that input:
//!
//! - ECDSA (`ecdsa_secp256r1_sha256_test.json` → [`Crypto::P256Verify`],
//!   `ecdsa_secp256k1_sha256_test.json` → [`Crypto::Secp256k1Verify`]): the SHA-256 of the
//!   message, `r` and `s` from the DER signature ([`der_signature`]), then the group's
//!   uncompressed key (P256VERIFY without its `04` prefix);
//! - Ed25519 (`ed25519_test.json` → [`Crypto::Ed25519Verify`]): `key ‖ signature ‖ message`.
//!
//! A `valid` test must give `0…01`, an `invalid` one must be refused: with any reason
//! (check with `strict` false), the reasons being zkhost's and Wycheproof naming none.
//! The one exception is a decision of zkhost's, not of this reader: Ed25519 verification
//! follows ZIP-215, which decodes encodings RFC 8032 refuses. A test whose `R` is the
//! identity encoded with the sign bit set ([`SIGNED_IDENTITY`]), which Wycheproof marks
//! `invalid` for that encoding alone, is read by ZIP-215's verdict instead: `valid` when
//! `ed25519-zebra` accepts it ([`zip215_verdict`]). The exception is found by what the
//! signature is, never by a test's number.
//! Some invalid tests are malformed signatures that no input of the function can carry
//! (a BER or garbled DER encoding has no `(r, s)`; an Ed25519 signature of another length
//! than 64 bytes would shift into the message): they are [`Skipped`], counted and
//! named, not run. A `valid` test that cannot be expressed, and any `acceptable` test
//! (none in these files: an update that brings one must be decided, not guessed), make
//! the reader fail.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use sha2::{Digest, Sha256};
use zkhost_abi::Crypto;

use crate::vectors::{self, Vector};

/// A Wycheproof file as vectors of its host function.
pub type VectorFile = vectors::VectorFile<Crypto>;

/// The output every function here gives for a valid signature, hex: 32 bytes, 1.
pub const VALID: &str = "0000000000000000000000000000000000000000000000000000000000000001";

/// The `ExpectedError` of an `invalid` test (Wycheproof gives no reason: any refusal
/// passes it when checked with `strict` false).
pub const INVALID: &str = "wycheproof: invalid";

/// `R = (0, 1)`, the identity, encoded with the sign bit of `x` set: `y = 1`
/// little-endian with bit 255 set. RFC 8032 §5.1.3 refuses to decode it (`x = 0` with
/// the sign bit set), and Wycheproof marks a test whose `R` it is `invalid` for that
/// reason; ZIP-215 (`zkhost_sig::ed25519`, rule 1) decodes it, as `curve25519-dalek`
/// does, to the identity, and the signature is then valid when the equation holds.
pub const SIGNED_IDENTITY: [u8; 32] = {
    let mut r = [0u8; 32];
    r[0] = 1;
    r[31] = 0x80;
    r
};

/// Why a test whose `R` is [`SIGNED_IDENTITY`] and that ZIP-215 accepts is read as
/// `valid` although Wycheproof marks it `invalid`; its vector's name ends with
/// ` (Wycheproof: invalid; valid under ZIP-215: <this>)`.
pub const ZIP215_REASON: &str = "R is (0, 1) encoded with the sign bit set, which ZIP-215 decodes";

/// ZIP-215's verdict on an `ed25519_verify` input (`key ‖ signature ‖ message`) whose
/// signature's `R` is [`SIGNED_IDENTITY`], from `ed25519-zebra` (the ZIP-215 verifier
/// CosmWasm runs, apart from zkhost's code): `Some(true)` when it verifies. `None` for
/// any other input, whose verdict is Wycheproof's.
pub fn zip215_verdict(input: &[u8]) -> Option<bool> {
    let key: [u8; 32] = input.get(..32)?.try_into().ok()?;
    let signature: [u8; 64] = input.get(32..96)?.try_into().ok()?;
    if signature.get(..32)? != SIGNED_IDENTITY {
        return None;
    }
    let message = input.get(96..)?;
    let verdict = ed25519_zebra::VerificationKey::try_from(key)
        .and_then(|vk| vk.verify(&ed25519_zebra::Signature::from(signature), message));
    Some(verdict.is_ok())
}

/// `host/sig/vectors/wycheproof`: Wycheproof's ECDSA P-256 and secp256k1 (SHA-256) and
/// Ed25519 files.
pub fn wycheproof_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sig/vectors/wycheproof")
}

/// The tests of a file that no input of its function can express: all `invalid`, and
/// not run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// Why they cannot be expressed (`not strict DER`, `signature not 64 bytes`).
    pub why: &'static str,
    /// Their `tcId`s, in file order.
    pub tc_ids: Vec<u64>,
}

impl Skipped {
    /// How many tests were skipped.
    pub fn count(&self) -> usize {
        self.tc_ids.len()
    }
}

/// The function a Wycheproof file name designates: exactly the three files above (not,
/// say, `ecdsa_secp256k1_sha256_bitcoin_test.json`, which requires a low `s`, nor the
/// `_p1363` files, whose signatures are not DER).
pub fn classify(path: &Path) -> Option<Crypto> {
    match path.file_name()?.to_str()? {
        "ecdsa_secp256r1_sha256_test.json" => Some(Crypto::P256Verify),
        "ecdsa_secp256k1_sha256_test.json" => Some(Crypto::Secp256k1Verify),
        "ed25519_test.json" => Some(Crypto::Ed25519Verify),
        _ => None,
    }
}

/// Every Wycheproof file below `dir` (recursively) that [`classify`] names, sorted by
/// path, with its skipped tests.
pub fn discover(dir: &Path) -> Result<Vec<(VectorFile, Skipped)>, String> {
    let paths = vectors::json_files(dir, |p| classify(p).is_some())?;
    paths.iter().map(|p| load(p)).collect()
}

/// A Wycheproof verification file (the part read here).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct File {
    test_groups: Vec<Group>,
}

/// A test group: one key, its tests.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Group {
    #[serde(rename = "type")]
    kind: String,
    public_key: PublicKey,
    /// The hash of ECDSA groups.
    #[serde(default)]
    sha: Option<String>,
    tests: Vec<Test>,
}

/// A group's public key: `uncompressed` (`04 ‖ x ‖ y`) for ECDSA, `pk` for EdDSA.
#[derive(Deserialize)]
struct PublicKey {
    curve: String,
    #[serde(default)]
    uncompressed: Option<String>,
    #[serde(default)]
    pk: Option<String>,
}

/// One test.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Test {
    tc_id: u64,
    #[serde(default)]
    comment: String,
    #[serde(default)]
    flags: Vec<String>,
    msg: String,
    sig: String,
    result: String,
}

/// Reads one Wycheproof file ([`classify`] names its function) as vectors: see [`parse`].
pub fn load(path: &Path) -> Result<(VectorFile, Skipped), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(path, &text)
}

/// Reads the Wycheproof JSON `text` of a file named `path` ([`classify`] names its
/// function by the name alone) as vectors: each test's input, `Expected` [`VALID`] for a
/// `valid` test and `ExpectedError` [`INVALID`] for an `invalid` one, no gas (Wycheproof
/// gives none), named `tcId <n>: <comment> [<flags>]`; and the tests no input can
/// express. An Ed25519 test whose `R` is [`SIGNED_IDENTITY`] takes ZIP-215's verdict
/// ([`zip215_verdict`]), and its name says so when that verdict is `valid`
/// ([`ZIP215_REASON`]). Fails on a file whose groups are not the function's (another
/// curve, hash or test type), on an `acceptable` or unknown result, on a `valid` test
/// that cannot be expressed, and on a `valid` test whose `R` is [`SIGNED_IDENTITY`]
/// (RFC 8032 refuses it: such a file must be looked at, not read).
pub fn parse(path: &Path, text: &str) -> Result<(VectorFile, Skipped), String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let op = classify(path).ok_or_else(|| at("not a known Wycheproof file name".into()))?;
    let file: File = serde_json::from_str(text).map_err(|e| at(e.to_string()))?;
    let mut skipped = Skipped {
        why: match op {
            Crypto::Ed25519Verify => "signature not 64 bytes",
            _ => "not strict DER",
        },
        tc_ids: Vec::new(),
    };
    let mut out = Vec::new();
    for group in &file.test_groups {
        let key = group_key(op, group).map_err(at)?;
        for test in &group.tests {
            let wycheproof_valid = match test.result.as_str() {
                "valid" => true,
                "invalid" => false,
                other => {
                    return Err(at(format!(
                        "tcId {}: result {other:?}, which zkhost has not decided (only \
                         valid and invalid are read)",
                        test.tc_id
                    )))
                }
            };
            let input =
                input(op, &key, test).map_err(|e| at(format!("tcId {}: {e}", test.tc_id)))?;
            let Some(input) = input else {
                if wycheproof_valid {
                    return Err(at(format!(
                        "tcId {}: a valid test whose signature is {}",
                        test.tc_id, skipped.why
                    )));
                }
                skipped.tc_ids.push(test.tc_id);
                continue;
            };
            let mut name = name(test);
            let zip215 = match op {
                Crypto::Ed25519Verify => zip215_verdict(&input),
                _ => None,
            };
            let valid = match (wycheproof_valid, zip215) {
                (valid, None) => valid,
                (false, Some(zip215)) => {
                    if zip215 {
                        name.push_str(&format!(
                            " (Wycheproof: invalid; valid under ZIP-215: {ZIP215_REASON})"
                        ));
                    }
                    zip215
                }
                (true, Some(_)) => {
                    return Err(at(format!(
                        "tcId {}: valid, with an R that RFC 8032 refuses to decode (the \
                         identity with the sign bit set)",
                        test.tc_id
                    )))
                }
            };
            out.push(Vector {
                input: hex::encode(input),
                expected: valid.then(|| VALID.to_string()),
                expected_error: (!valid).then(|| INVALID.to_string()),
                name,
                gas: None,
            });
        }
    }
    let file = VectorFile {
        path: path.to_path_buf(),
        op,
        must_fail: false,
        vectors: out,
    };
    Ok((file, skipped))
}

/// A group's key bytes, once its test type, curve and hash are checked to be `op`'s.
fn group_key(op: Crypto, group: &Group) -> Result<Vec<u8>, String> {
    let (kind, curve, sha) = match op {
        Crypto::P256Verify => ("EcdsaVerify", "secp256r1", Some("SHA-256")),
        Crypto::Secp256k1Verify => ("EcdsaVerify", "secp256k1", Some("SHA-256")),
        Crypto::Ed25519Verify => ("EddsaVerify", "edwards25519", None),
        other => return Err(format!("{other:?} has no Wycheproof reader")),
    };
    let found = (
        group.kind.as_str(),
        group.public_key.curve.as_str(),
        group.sha.as_deref(),
    );
    if found != (kind, curve, sha) {
        return Err(format!(
            "a group of {found:?}, expected {:?}",
            (kind, curve, sha)
        ));
    }
    let (key, len) = match op {
        Crypto::Ed25519Verify => (group.public_key.pk.as_deref(), 32),
        _ => (group.public_key.uncompressed.as_deref(), 65),
    };
    let key = vectors::decode_hex(key.ok_or("a group without its public key")?)?;
    if key.len() != len || (len == 65 && key.first() != Some(&4)) {
        return Err(format!(
            "a public key of {} bytes: {}",
            key.len(),
            hex::encode(&key)
        ));
    }
    Ok(key)
}

/// The function's input for `test` under the group's `key`, or `None` when its
/// signature cannot be placed in one.
fn input(op: Crypto, key: &[u8], test: &Test) -> Result<Option<Vec<u8>>, String> {
    let msg = vectors::decode_hex(&test.msg)?;
    let sig = vectors::decode_hex(&test.sig)?;
    if op == Crypto::Ed25519Verify {
        if sig.len() != 64 {
            return Ok(None);
        }
        return Ok(Some([key, &sig[..], &msg[..]].concat()));
    }
    let Some((r, s)) = der_signature(&sig) else {
        return Ok(None);
    };
    let hash = Sha256::digest(&msg);
    // P256VERIFY takes the coordinates alone, secp256k1 verify the SEC1 encoding.
    let key = match op {
        Crypto::P256Verify => key.get(1..).unwrap_or_default(),
        _ => key,
    };
    Ok(Some([&hash[..], &r[..], &s[..], key].concat()))
}

/// `tcId <n>: <comment> [<flags>]` (without the parts a test leaves empty).
fn name(test: &Test) -> String {
    let mut name = format!("tcId {}", test.tc_id);
    if !test.comment.is_empty() {
        name.push_str(": ");
        name.push_str(&test.comment);
    }
    if !test.flags.is_empty() {
        name.push_str(&format!(" [{}]", test.flags.join(", ")));
    }
    name
}

/// `r` and `s`, 32 bytes big-endian each, of an ECDSA signature in strict DER:
/// `SEQUENCE { INTEGER r, INTEGER s }` and nothing after it, each length in its minimal
/// definite form (short below 128, long form only from 128 on and without leading zero
/// bytes), each INTEGER minimal two's complement (a leading zero byte only before a byte
/// whose top bit is set), not negative and below 2^256. Zero is accepted (the functions
/// refuse it). `None` for anything else: BER's alternatives, other tags, missing or extra
/// bytes, values no 32 bytes hold.
pub fn der_signature(der: &[u8]) -> Option<([u8; 32], [u8; 32])> {
    let (body, rest) = der_element(der, 0x30)?;
    if !rest.is_empty() {
        return None;
    }
    let (r, body) = der_element(body, 0x02)?;
    let (s, body) = der_element(body, 0x02)?;
    if !body.is_empty() {
        return None;
    }
    Some((der_uint256(r)?, der_uint256(s)?))
}

/// An element of tag `tag` at the start of `bytes`: its contents and the bytes after it.
fn der_element(bytes: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    let (&found, rest) = bytes.split_first()?;
    if found != tag {
        return None;
    }
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        // Long form: 0x80 | n, then the length in n bytes big-endian. 0x80 alone is BER's
        // indefinite form; a leading zero byte or a length below 128 is not minimal.
        let n = usize::from(first & 0x7f);
        if n == 0 || n > std::mem::size_of::<usize>() {
            return None;
        }
        let (digits, rest) = rest.split_at_checked(n)?;
        if digits.first() == Some(&0) {
            return None;
        }
        let len = digits
            .iter()
            .fold(0usize, |len, &d| (len << 8) | usize::from(d));
        if len < 0x80 {
            return None;
        }
        (len, rest)
    };
    rest.split_at_checked(len)
}

/// A DER INTEGER's contents as a non-negative value below 2^256, 32 bytes big-endian.
fn der_uint256(contents: &[u8]) -> Option<[u8; 32]> {
    let (&first, tail) = contents.split_first()?;
    if first & 0x80 != 0 {
        return None; // negative
    }
    let magnitude = match tail.first() {
        // The sign byte: minimal only before a byte whose top bit is set.
        Some(&next) if first == 0 => {
            if next & 0x80 == 0 {
                return None;
            }
            tail
        }
        _ => contents,
    };
    let mut out = [0u8; 32];
    let start = out.len().checked_sub(magnitude.len())?;
    out.get_mut(start..)?.copy_from_slice(magnitude);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn der(hex: &str) -> Option<([u8; 32], [u8; 32])> {
        der_signature(&hex::decode(hex).unwrap())
    }

    fn word(tail: &[u8]) -> [u8; 32] {
        let mut w = [0u8; 32];
        w[32 - tail.len()..].copy_from_slice(tail);
        w
    }

    #[test]
    fn der_reads_minimal_encodings() {
        assert_eq!(der("3006020101020102"), Some((word(&[1]), word(&[2]))));
        // Zero is a valid INTEGER (the function refuses it, not the parser).
        assert_eq!(der("3006020100020100"), Some((word(&[]), word(&[]))));
        // A leading zero where the top bit is set: needed, so accepted.
        assert_eq!(
            der("300802020080020201ff"),
            Some((word(&[0x80]), word(&[1, 0xff])))
        );
        // 32 bytes with the top bit set take 33 with the sign byte: 2^256 − 1 fits.
        let max = format!("3046022100{}022100{}", "ff".repeat(32), "ff".repeat(32));
        assert_eq!(der(&max), Some(([0xff; 32], [0xff; 32])));
    }

    #[test]
    fn der_refuses_what_is_not_strict() {
        for (why, hex) in [
            ("leading zero not needed", "30070202007f020102"),
            ("two leading zeros", "3008020300008002 0102"),
            ("negative", "3006020180020102"),
            ("negative, minimal but 0xff prefix", "30070202ff80020102"),
            ("long-form length for a short length", "308106020101020102"),
            ("long-form INTEGER length", "30070281010102 0102"),
            ("indefinite length", "3080020101020102 0000"),
            ("trailing garbage after the SEQUENCE", "300602010102010200"),
            ("garbage inside the SEQUENCE", "3007020101020102 00"),
            ("SEQUENCE length past the end", "3007020101020102"),
            ("INTEGER length past the end", "3006020101020202"),
            ("empty INTEGER", "30050200020102"),
            ("one INTEGER", "3003020101"),
            ("three INTEGERs", "3009020101020102020103"),
            ("wrong outer tag", "3106020101020102"),
            ("wrong inner tag", "3006030101020102"),
            ("empty input", ""),
        ] {
            assert_eq!(der(&unspaced(hex)), None, "{why}: {hex}");
        }
        // 2^256 needs 33 magnitude bytes.
        let big = format!("3026022101{}020101", "00".repeat(32));
        assert_eq!(der(&big), None, "2^256");
    }

    /// Some encodings above are spaced for reading.
    fn unspaced(hex: &str) -> String {
        hex.replace(' ', "")
    }

    #[test]
    fn der_long_form_lengths_from_128() {
        let content = vec![7u8; 200];
        let mut bytes = vec![0x04, 0x81, 200];
        bytes.extend(&content);
        bytes.push(9);
        assert_eq!(der_element(&bytes, 0x04), Some((&content[..], &[9u8][..])));
        // The same length with a leading zero byte is not minimal.
        let mut padded = vec![0x04, 0x82, 0, 200];
        padded.extend(&content);
        assert_eq!(der_element(&padded, 0x04), None);
    }

    #[test]
    fn classify_names_the_three_files() {
        let dir = wycheproof_vectors();
        for (name, op) in [
            ("ecdsa_secp256r1_sha256_test.json", Some(Crypto::P256Verify)),
            (
                "ecdsa_secp256k1_sha256_test.json",
                Some(Crypto::Secp256k1Verify),
            ),
            ("ed25519_test.json", Some(Crypto::Ed25519Verify)),
            ("ecdsa_secp256k1_sha256_bitcoin_test.json", None),
            ("ecdsa_secp256r1_sha256_p1363_test.json", None),
            ("p256Verify.json", None),
        ] {
            assert_eq!(classify(&dir.join(name)), op, "{name}");
        }
    }
}
