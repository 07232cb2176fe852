//! The EVM's `ecrecover` (precompile 0x01) over secp256k1, exactly as go-ethereum and
//! revm compute it, on libsecp256k1 (Bitcoin Core's library, through the `secp256k1`
//! crate): the library every major client's ecrecover runs on, faster than
//! RustCrypto's `k256`.
//!
//! The input is read as 128 bytes `hash ‖ v ‖ r ‖ s` (32 bytes each, big-endian): a
//! shorter input is right-padded with zeros, bytes past 128 are ignored. Then, in this
//! order:
//!
//! 1. `v` must be the 32-byte word 27 or 28 (any other bit set refuses it);
//! 2. `r` and `s` must be in `[1, n)`; a high `s` is accepted (the low-S rule of EIP-2
//!    is for transactions, not for the precompile);
//! 3. the public key is recovered with recovery id `v − 27`; none recovers when `r` is
//!    not the x-coordinate of a curve point or the key would be the point at infinity.
//!
//! The output is the key's Ethereum address as a 32-byte word: 12 zero bytes, then the
//! last 20 bytes of the Keccak-256 of the 64-byte uncompressed key. A refused input is
//! the precompile's empty output (the call itself succeeds and costs its price).
//!
//! Two functions beyond the EVM, with CosmWasm's semantics (`secp256k1_verify` and
//! `secp256k1_recover_pubkey` of `cosmwasm-crypto`):
//!
//! - [`verify`] of `hash ‖ r ‖ s ‖ key`, the key compressed (`02`/`03 ‖ x`, 33 bytes) or
//!   uncompressed (`04 ‖ x ‖ y`, 65 bytes);
//! - [`recover_pubkey`] of `hash ‖ r ‖ s ‖ recovery_id` (the id one byte, 0 or 1): the
//!   65-byte uncompressed key.
//!
//! **Low-S policy:** none. Like ecrecover (and CosmWasm, which normalises `s` before
//! `k256`'s verifier), a signature with `s > n/2` verifies and recovers: `(r, s)` and
//! `(r, n − s)` are the same signature to both functions. A contract that needs a
//! unique encoding (transactions, EIP-2) checks `s ≤ n/2` itself. Recovery ids 2 and 3
//! (`r + n` as the x-coordinate, probability about 2⁻¹²⁷) are refused, as in CosmWasm
//! and the EVM.

use std::sync::OnceLock;

use secp256k1::ecdsa::{RecoverableSignature, RecoveryId, Signature};
use secp256k1::{Message, PublicKey, Secp256k1, VerifyOnly};
use sha3::{Digest, Keccak256};

pub use zkhost_abi::secp256k1::{
    ECRECOVER_INPUT_LEN as INPUT_LEN, ECRECOVER_OUTPUT_LEN as OUTPUT_LEN, RECOVER_INPUT_LEN,
    RECOVER_OUTPUT_LEN, VERIFY_COMPRESSED_INPUT_LEN, VERIFY_OUTPUT_LEN,
    VERIFY_UNCOMPRESSED_INPUT_LEN,
};

/// What [`verify`] writes for a valid signature: 32 bytes, big-endian 1.
pub const VALID: [u8; VERIFY_OUTPUT_LEN] = {
    let mut v = [0u8; VERIFY_OUTPUT_LEN];
    v[VERIFY_OUTPUT_LEN - 1] = 1;
    v
};

/// The field modulus p of secp256k1, big-endian.
pub const P: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f,
];

/// The group order n of secp256k1, big-endian.
pub const N: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
];

/// Why a secp256k1 function refuses its input. For `ecrecover` each is the
/// precompile's empty output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// `v` is not the 32-byte word 27 or 28.
    #[error("ecrecover: v is not 27 or 28")]
    InvalidV,
    /// `r` is 0 or not below the group order.
    #[error("ecrecover: r is 0 or not below the group order")]
    ROutOfRange,
    /// `s` is 0 or not below the group order.
    #[error("ecrecover: s is 0 or not below the group order")]
    SOutOfRange,
    /// No public key recovers from the signature.
    #[error("ecrecover: no public key recovers from this signature")]
    NoKey,
    /// The input's length is not the function's (`verify`: 129 or 161; `recover_pubkey`:
    /// 97).
    #[error("secp256k1: the input length is not the function's")]
    InputLength,
    /// The key is not `02`/`03 ‖ x` (33 bytes) or `04 ‖ x ‖ y` (65 bytes) with
    /// coordinates below p.
    #[error("secp256k1: the public key's encoding is not valid")]
    KeyEncoding,
    /// The key is not a point of the curve.
    #[error("secp256k1: the public key is not on the curve")]
    KeyNotOnCurve,
    /// The signature does not verify.
    #[error("secp256k1: the signature does not verify")]
    Mismatch,
    /// The recovery id is not 0 or 1.
    #[error("secp256k1: the recovery id is not 0 or 1")]
    RecoveryId,
}

impl Error {
    /// Its stable `last_error` code (`zkhost_abi::last_error`).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as code;
        match self {
            Error::InvalidV => code::SECP256K1_V_INVALID,
            Error::ROutOfRange => code::SECP256K1_R_OUT_OF_RANGE,
            Error::SOutOfRange => code::SECP256K1_S_OUT_OF_RANGE,
            Error::NoKey => code::SECP256K1_NO_KEY,
            Error::InputLength => code::SECP256K1_INPUT_LENGTH,
            Error::KeyEncoding => code::SECP256K1_KEY_ENCODING,
            Error::KeyNotOnCurve => code::SECP256K1_KEY_NOT_ON_CURVE,
            Error::Mismatch => code::SECP256K1_MISMATCH,
            Error::RecoveryId => code::SECP256K1_RECOVERY_ID,
        }
    }
}

/// Whether a 32-byte big-endian value is in `[1, n)`.
fn in_scalar_range(x: &[u8; 32]) -> bool {
    x.iter().any(|&b| b != 0) && *x < N
}

/// One verification context for the process: creating one costs more than a recovery.
fn context() -> &'static Secp256k1<VerifyOnly> {
    static CONTEXT: OnceLock<Secp256k1<VerifyOnly>> = OnceLock::new();
    CONTEXT.get_or_init(Secp256k1::verification_only)
}

/// `ecrecover` on the precompile's raw input: the 32-byte address word, or why there is
/// none (see the module documentation for the order of the checks).
pub fn ecrecover(input: &[u8]) -> Result<[u8; OUTPUT_LEN], Error> {
    let mut padded = [0u8; INPUT_LEN];
    let n = input.len().min(INPUT_LEN);
    padded[..n].copy_from_slice(&input[..n]);
    let (hash, rest) = padded.split_at(32);
    let (v, sig) = rest.split_at(32);
    let recovery = match v.split_last() {
        Some((&27, high)) if high.iter().all(|&b| b == 0) => RecoveryId::Zero,
        Some((&28, high)) if high.iter().all(|&b| b == 0) => RecoveryId::One,
        _ => return Err(Error::InvalidV),
    };
    scalars(sig)?;
    let mut digest = [0u8; 32];
    digest.copy_from_slice(hash);
    // r and s are in range, so the compact form parses; a failure is the library's
    // "no key" all the same.
    let signature = RecoverableSignature::from_compact(sig, recovery).map_err(|_| Error::NoKey)?;
    let key = context()
        .recover_ecdsa(Message::from_digest(digest), &signature)
        .map_err(|_| Error::NoKey)?;
    Ok(address_word(&key.serialize_uncompressed()))
}

/// `r ‖ s` as 32-byte words, each checked to be in `[1, n)`.
fn scalars(sig: &[u8]) -> Result<([u8; 32], [u8; 32]), Error> {
    let mut r = [0u8; 32];
    let mut s = [0u8; 32];
    r.copy_from_slice(&sig[..32]);
    s.copy_from_slice(&sig[32..64]);
    if !in_scalar_range(&r) {
        return Err(Error::ROutOfRange);
    }
    if !in_scalar_range(&s) {
        return Err(Error::SOutOfRange);
    }
    Ok((r, s))
}

/// ECDSA verification of `hash ‖ r ‖ s ‖ key` (129 bytes with a compressed key, 161
/// with an uncompressed one). Checks, in order: the length; `r` and `s` in `[1, n)`;
/// the key's prefix and coordinates below p; the key on the curve; the signature.
/// A high `s` verifies (see the module documentation).
pub fn verify(input: &[u8]) -> Result<(), Error> {
    if input.len() != VERIFY_COMPRESSED_INPUT_LEN && input.len() != VERIFY_UNCOMPRESSED_INPUT_LEN {
        return Err(Error::InputLength);
    }
    let (hash, rest) = input.split_at(32);
    let (sig, key) = rest.split_at(64);
    scalars(sig)?;
    let coordinates_in_field = key[1..].chunks(32).all(|c| c < &P[..]);
    let prefix_ok = match key.len() {
        33 => matches!(key[0], 0x02 | 0x03),
        _ => key[0] == 0x04,
    };
    if !prefix_ok || !coordinates_in_field {
        return Err(Error::KeyEncoding);
    }
    // The prefix and the coordinates are valid: the library's only remaining reason to
    // refuse the key is that it is not on the curve.
    let key = PublicKey::from_slice(key).map_err(|_| Error::KeyNotOnCurve)?;
    let mut signature = Signature::from_compact(sig).map_err(|_| Error::Mismatch)?;
    // libsecp256k1's verifier accepts only low `s`; (r, n − s) is the same signature.
    signature.normalize_s();
    let mut digest = [0u8; 32];
    digest.copy_from_slice(hash);
    context()
        .verify_ecdsa(Message::from_digest(digest), &signature, &key)
        .map_err(|_| Error::Mismatch)
}

/// The uncompressed public key (`04 ‖ x ‖ y`) of `hash ‖ r ‖ s ‖ recovery_id` (97
/// bytes). Checks, in order: the length; the id is 0 or 1; `r` and `s` in `[1, n)`;
/// a key recovers. A high `s` recovers the same key as ecrecover would.
pub fn recover_pubkey(input: &[u8]) -> Result<[u8; RECOVER_OUTPUT_LEN], Error> {
    if input.len() != RECOVER_INPUT_LEN {
        return Err(Error::InputLength);
    }
    let (hash, rest) = input.split_at(32);
    let (sig, id) = rest.split_at(64);
    let recovery = match id {
        [0] => RecoveryId::Zero,
        [1] => RecoveryId::One,
        _ => return Err(Error::RecoveryId),
    };
    scalars(sig)?;
    let signature = RecoverableSignature::from_compact(sig, recovery).map_err(|_| Error::NoKey)?;
    let mut digest = [0u8; 32];
    digest.copy_from_slice(hash);
    let key = context()
        .recover_ecdsa(Message::from_digest(digest), &signature)
        .map_err(|_| Error::NoKey)?;
    Ok(key.serialize_uncompressed())
}

/// The address word of an uncompressed key (`04 ‖ x ‖ y`): 12 zero bytes, then the
/// last 20 bytes of Keccak-256 of `x ‖ y`.
pub fn address_word(uncompressed: &[u8; 65]) -> [u8; OUTPUT_LEN] {
    let hash = Keccak256::digest(&uncompressed[1..]);
    let mut out = [0u8; OUTPUT_LEN];
    out[12..].copy_from_slice(&hash[12..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_one_to_n_minus_one() {
        let mut n_minus_1 = N;
        n_minus_1[31] -= 1;
        let mut one = [0u8; 32];
        one[31] = 1;
        assert!(in_scalar_range(&one) && in_scalar_range(&n_minus_1));
        assert!(
            !in_scalar_range(&[0; 32]) && !in_scalar_range(&N) && !in_scalar_range(&[0xff; 32])
        );
    }

    #[test]
    fn every_error_has_its_code_in_the_family_range() {
        for e in [
            Error::InvalidV,
            Error::ROutOfRange,
            Error::SOutOfRange,
            Error::NoKey,
            Error::InputLength,
            Error::KeyEncoding,
            Error::KeyNotOnCurve,
            Error::Mismatch,
            Error::RecoveryId,
        ] {
            assert_eq!(
                zkhost_abi::last_error::family(e.last_error()),
                Some(zkhost_abi::Family::Secp256k1)
            );
        }
    }
}
