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

use std::sync::OnceLock;

use secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
use secp256k1::{Message, Secp256k1, VerifyOnly};
use sha3::{Digest, Keccak256};

pub use zkhost_abi::secp256k1::{
    ECRECOVER_INPUT_LEN as INPUT_LEN, ECRECOVER_OUTPUT_LEN as OUTPUT_LEN,
};

/// The group order n of secp256k1, big-endian.
pub const N: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
];

/// Why `ecrecover` gives no address. Each is the precompile's empty output.
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
    let mut r = [0u8; 32];
    let mut s = [0u8; 32];
    r.copy_from_slice(&sig[..32]);
    s.copy_from_slice(&sig[32..]);
    if !in_scalar_range(&r) {
        return Err(Error::ROutOfRange);
    }
    if !in_scalar_range(&s) {
        return Err(Error::SOutOfRange);
    }
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
        ] {
            assert_eq!(
                zkhost_abi::last_error::family(e.last_error()),
                Some(zkhost_abi::Family::Secp256k1)
            );
        }
    }
}
