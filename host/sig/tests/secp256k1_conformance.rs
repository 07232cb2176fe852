//! ecrecover (`zkhost_sig::secp256k1`): go-ethereum's vectors (`vectors/secp256k1/`, see
//! PROVENANCE.md) at the EVM's price, and the signers of signatures made with RustCrypto's
//! `k256` (another implementation than the libsecp256k1 this crate recovers with),
//! recovered with low and high `s`, and refused where the EVM refuses.

use std::path::PathBuf;

use k256::ecdsa::SigningKey;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;
use sha2::Digest;
use sha3::Keccak256;
use zkhost_gas::SigGas;
use zkhost_sig::secp256k1::{ecrecover, Error, N};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors/secp256k1")
}

#[test]
fn every_geth_vector_gives_its_output_at_the_evm_price() {
    let sums = std::fs::read_to_string(dir().join("SHA256SUMS")).expect("sums");
    for line in sums.lines() {
        let (hash, name) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(dir().join(name)).expect("vector file");
        assert_eq!(hex::encode(sha2::Sha256::digest(&bytes)), hash, "{name}");
    }
    let text = std::fs::read_to_string(dir().join("ecRecover.json")).expect("vector file");
    let json: Vec<Value> = serde_json::from_str(&text).expect("json");
    assert_eq!(json.len(), 5);
    for v in &json {
        let name = v["Name"].as_str().expect("Name");
        let input = hex::decode(v["Input"].as_str().expect("Input")).expect("hex");
        let expected = hex::decode(v["Expected"].as_str().expect("Expected")).expect("hex");
        assert_eq!(v["Gas"].as_u64(), Some(SigGas::ZKHOST.ecrecover), "{name}");
        let got = ecrecover(&input).map(|a| a.to_vec()).unwrap_or_default();
        assert_eq!(hex::encode(got), hex::encode(&expected), "{name}");
        if name.starts_with("InvalidHighV") {
            assert_eq!(ecrecover(&input), Err(Error::InvalidV), "{name}");
        }
    }
}

/// The address word of a `k256` key, computed here: 12 zero bytes and the last 20 of
/// Keccak-256 of `x ‖ y`.
fn address_of(key: &SigningKey) -> [u8; 32] {
    let point = key.verifying_key().to_encoded_point(false);
    let hash = <Keccak256 as sha3::Digest>::digest(&point.as_bytes()[1..]);
    let mut out = [0u8; 32];
    out[12..].copy_from_slice(&hash[12..]);
    out
}

/// `n − s`, big-endian (s < n).
fn negate(s: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut borrow = 0u16;
    for i in (0..32).rev() {
        let d = u16::from(N[i])
            .wrapping_sub(u16::from(s[i]))
            .wrapping_sub(borrow);
        borrow = u16::from(u16::from(N[i]) < u16::from(s[i]) + borrow);
        out[i] = d as u8;
    }
    out
}

#[test]
fn the_signer_of_k256_signatures_is_recovered_with_low_and_high_s() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x5ec9);
    for _ in 0..200 {
        let mut secret = [0u8; 32];
        rng.fill_bytes(&mut secret);
        let Ok(key) = SigningKey::from_bytes(&secret.into()) else {
            continue;
        };
        let mut hash = [0u8; 32];
        rng.fill_bytes(&mut hash);
        let (signature, recovery) = key.sign_prehash_recoverable(&hash).expect("signs");
        let rs = signature.to_bytes();
        let mut input = [0u8; 128];
        input[..32].copy_from_slice(&hash);
        input[63] = 27 + recovery.to_byte();
        input[64..].copy_from_slice(&rs);
        let address = address_of(&key);
        assert_eq!(ecrecover(&input), Ok(address));
        // The same signature with s → n − s and the other recovery id: the same key
        // (the precompile accepts a high s).
        let mut high = input;
        high[96..].copy_from_slice(&negate(&rs[32..]));
        high[63] ^= 27 ^ 28;
        assert_eq!(ecrecover(&high), Ok(address));
        // The other recovery id alone: another key, or none.
        let mut other = input;
        other[63] ^= 27 ^ 28;
        assert_ne!(ecrecover(&other), Ok(address));
        // Another hash: another key.
        let mut rehashed = input;
        rehashed[0] ^= 1;
        assert_ne!(ecrecover(&rehashed), Ok(address));
        // Short inputs are zero-padded, so cutting the trailing zero bytes of s is the
        // same input; surplus bytes are ignored.
        let mut long = input.to_vec();
        long.extend_from_slice(&[0xab; 7]);
        assert_eq!(ecrecover(&long), Ok(address));
    }
}

#[test]
fn v_r_and_s_are_checked_in_order() {
    let mut input = [0u8; 128];
    input[63] = 27;
    input[95] = 1;
    input[127] = 1;
    // v first, whatever r and s are.
    for v in [0u8, 1, 26, 29, 255] {
        let mut i = input;
        i[63] = v;
        i[64..96].fill(0);
        assert_eq!(ecrecover(&i), Err(Error::InvalidV));
    }
    let mut high_v = input;
    high_v[32] = 1;
    assert_eq!(ecrecover(&high_v), Err(Error::InvalidV));
    // Then r, then s: 0 and n are out of range, n − 1 is in.
    for bad in [[0u8; 32], N, [0xff; 32]] {
        let mut r = input;
        r[64..96].copy_from_slice(&bad);
        r[96..].fill(0);
        assert_eq!(ecrecover(&r), Err(Error::ROutOfRange));
        let mut s = input;
        s[96..].copy_from_slice(&bad);
        assert_eq!(ecrecover(&s), Err(Error::SOutOfRange));
    }
    // The empty input is v = 0.
    assert_eq!(ecrecover(&[]), Err(Error::InvalidV));
}
