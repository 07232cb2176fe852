//! Signature helpers: the inputs of the signature host functions, packed from typed
//! parts, so that a contract never writes a count, a length or a ciphersuite byte by
//! hand.
//!
//! - [`ecrecover`]: the EVM's `ecrecover` from `hash`, `v`, `r`, `s` to the 20-byte
//!   address;
//! - [`Ed25519Batch`]: the records of `ed25519_batch_verify`;
//! - [`fast_aggregate_input`] / [`fast_aggregate_verify`]: `FastAggregateVerify`'s
//!   input, with compressed (48-byte) or EIP-2537 (128-byte) keys;
//! - [`AggregateVerify`]: the records of `bls_aggregate_verify`;
//! - [`Ciphersuite`]: the BLS ciphersuite byte, by name.
//!
//! The layouts are those of `zkhost_abi` ([`zkhost_abi::ed25519`], [`zkhost_abi::bls`],
//! [`zkhost_abi::secp256k1`]) and of the book's Contract ABI chapter. A verification
//! that does not pass is `Err(InvalidInput)`, whatever the reason:
//! [`last_error`](crate::last_error) tells a signature that does not verify
//! ([`RefusalClass::DoesNotVerify`](crate::RefusalClass::DoesNotVerify)) from an input
//! that is malformed.

use alloc::vec::Vec;

use zkhost_abi::{bls, ed25519, secp256k1};

use crate::InvalidInput;

/// A BLS ciphersuite (min-pk: keys in G1, signatures in G2), as the one byte the
/// `bls_*` verification functions take first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Ciphersuite {
    /// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`, proof of possession: Ethereum's
    /// consensus layer (sync committees, attestations). The only one
    /// `bls_fast_aggregate_verify` accepts.
    ProofOfPossession = bls::CIPHERSUITE_POP,
    /// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_`, the basic scheme:
    /// `AggregateVerify` then refuses a repeated message.
    Basic = bls::CIPHERSUITE_BASIC,
}

impl Ciphersuite {
    /// Its byte in an input.
    pub const fn id(self) -> u8 {
        self as u8
    }

    /// Its domain-separation tag (also its name).
    pub const fn dst(self) -> &'static [u8] {
        match self {
            Ciphersuite::ProofOfPossession => bls::POP_DST,
            Ciphersuite::Basic => bls::BASIC_DST,
        }
    }
}

/// The EVM's `ecrecover` (precompile 0x01): the address (the last 20 bytes of the
/// Keccak-256 of the public key) that signed `hash` with `(v, r, s)`, or `None` when no
/// key recovers (`r` or `s` out of range, no point with that `r`: the precompile's
/// empty output; [`last_error`](crate::last_error) says which).
///
/// `v` is one byte: 27 or 28 as Ethereum transactions and `eth_sign` give it, or the
/// recovery id 0 or 1 as most signing libraries do (read as 27 and 28). Any other
/// value is refused as the precompile refuses it (`codes::SECP256K1_V_INVALID`); an
/// EIP-155 `v` (`chain_id · 2 + 35 + id`) must be brought back to the id first.
pub fn ecrecover(hash: &[u8; 32], v: u8, r: &[u8; 32], s: &[u8; 32]) -> Option<[u8; 20]> {
    let word = crate::secp256k1_ecrecover(&ecrecover_input(hash, v, r, s)).ok()?;
    let mut address = [0u8; 20];
    address.copy_from_slice(&word[12..]);
    Some(address)
}

/// The 128-byte input of `secp256k1_ecrecover`: `hash ‖ v ‖ r ‖ s`, `v` as a
/// big-endian 32-byte word (a recovery id 0 or 1 written as 27 or 28; see
/// [`ecrecover`]).
pub fn ecrecover_input(
    hash: &[u8; 32],
    v: u8,
    r: &[u8; 32],
    s: &[u8; 32],
) -> [u8; secp256k1::ECRECOVER_INPUT_LEN] {
    let mut input = [0u8; secp256k1::ECRECOVER_INPUT_LEN];
    input[..32].copy_from_slice(hash);
    input[63] = match v {
        0 | 1 => v + 27,
        _ => v,
    };
    input[64..96].copy_from_slice(r);
    input[96..].copy_from_slice(s);
    input
}

/// A message's length as the 4 big-endian bytes a record holds. A contract's memory
/// is below 4 GiB, so every slice it holds fits.
fn be_len(len: usize) -> [u8; 4] {
    u32::try_from(len).unwrap_or(u32::MAX).to_be_bytes()
}

/// The input of `ed25519_batch_verify`: one `key (32) ‖ signature (64) ‖ message
/// length (4, big-endian) ‖ message` record per [`Ed25519Batch::push`]. An empty batch
/// verifies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ed25519Batch {
    bytes: Vec<u8>,
    len: usize,
}

impl Ed25519Batch {
    /// An empty batch.
    pub fn new() -> Ed25519Batch {
        Ed25519Batch::default()
    }

    /// Adds the signature `signature` (`R ‖ s`) of `message` by `key`.
    pub fn push(&mut self, key: &[u8; 32], signature: &[u8; 64], message: &[u8]) -> &mut Self {
        self.bytes
            .reserve(ed25519::BATCH_RECORD_HEADER_LEN + message.len());
        self.bytes.extend_from_slice(key);
        self.bytes.extend_from_slice(signature);
        self.bytes.extend_from_slice(&be_len(message.len()));
        self.bytes.extend_from_slice(message);
        self.len += 1;
        self
    }

    /// The number of records.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The input, as the host function takes it.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Verifies every record (`ed25519_batch_verify`, ZIP-215's rule, each as if alone):
    /// `Ok(())` if all are valid.
    pub fn verify(&self) -> Result<(), InvalidInput> {
        crate::ed25519_batch_verify(&self.bytes).map(|_| ())
    }
}

/// The input of `bls_fast_aggregate_verify` (`K` = 48, compressed keys) or
/// `bls_fast_aggregate_verify_uncompressed` (`K` = 128, EIP-2537 points):
/// `ciphersuite (1) ‖ signature (96) ‖ n (4, big-endian) ‖ n keys ‖ message`.
pub fn fast_aggregate_input<const K: usize>(
    ciphersuite: Ciphersuite,
    signature: &[u8; 96],
    keys: &[[u8; K]],
    message: &[u8],
) -> Vec<u8> {
    let mut input =
        Vec::with_capacity(bls::FAST_AGGREGATE_HEADER_LEN + keys.len() * K + message.len());
    input.push(ciphersuite.id());
    input.extend_from_slice(signature);
    input.extend_from_slice(&be_len(keys.len()));
    for key in keys {
        input.extend_from_slice(key);
    }
    input.extend_from_slice(message);
    input
}

/// `FastAggregateVerify` of one message signed by every key in `keys` (compressed, 48
/// bytes each; each validated), as the sync committees of Ethereum's consensus layer
/// sign: `Ok(())` if `signature` is their aggregate signature of `message`.
/// [`fast_aggregate_input`] and `zkhost_guest::bls_fast_aggregate_verify_uncompressed`
/// take keys already validated and stored as EIP-2537 points.
pub fn fast_aggregate_verify(
    ciphersuite: Ciphersuite,
    signature: &[u8; 96],
    keys: &[[u8; 48]],
    message: &[u8],
) -> Result<(), InvalidInput> {
    let input = fast_aggregate_input(ciphersuite, signature, keys, message);
    crate::bls_fast_aggregate_verify(&input).map(|_| ())
}

/// The input of `bls_aggregate_verify`: `ciphersuite (1) ‖ signature (96)`, then one
/// `key (48) ‖ message length (4, big-endian) ‖ message` record per
/// [`AggregateVerify::push`] (at least one is needed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AggregateVerify {
    bytes: Vec<u8>,
}

impl AggregateVerify {
    /// The header: the ciphersuite and the aggregate signature.
    pub fn new(ciphersuite: Ciphersuite, signature: &[u8; 96]) -> AggregateVerify {
        let mut bytes = Vec::with_capacity(bls::AGGREGATE_HEADER_LEN);
        bytes.push(ciphersuite.id());
        bytes.extend_from_slice(signature);
        AggregateVerify { bytes }
    }

    /// Adds `message`, signed by `key` (compressed).
    pub fn push(&mut self, key: &[u8; 48], message: &[u8]) -> &mut Self {
        self.bytes.reserve(bls::RECORD_HEADER_LEN + message.len());
        self.bytes.extend_from_slice(key);
        self.bytes.extend_from_slice(&be_len(message.len()));
        self.bytes.extend_from_slice(message);
        self
    }

    /// The input, as the host function takes it.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// `AggregateVerify`: `Ok(())` if the signature is the aggregate of every record's
    /// signature.
    pub fn verify(&self) -> Result<(), InvalidInput> {
        crate::bls_aggregate_verify(&self.bytes).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ciphersuites_are_the_abi_bytes_and_tags() {
        assert_eq!(Ciphersuite::ProofOfPossession.id(), 0);
        assert_eq!(Ciphersuite::Basic.id(), 1);
        assert!(Ciphersuite::ProofOfPossession.dst().ends_with(b"_POP_"));
        assert!(Ciphersuite::Basic.dst().ends_with(b"_NUL_"));
    }

    #[test]
    fn ecrecover_input_is_hash_v_word_r_s() {
        let (hash, r, s) = ([1u8; 32], [2u8; 32], [3u8; 32]);
        for (v, byte) in [(27, 27), (28, 28), (0, 27), (1, 28), (29, 29), (37, 37)] {
            let input = ecrecover_input(&hash, v, &r, &s);
            assert_eq!(input.len(), secp256k1::ECRECOVER_INPUT_LEN);
            assert_eq!(input[..32], hash);
            // v: a 32-byte big-endian word.
            assert_eq!(input[32..63], [0; 31]);
            assert_eq!(input[63], byte, "v = {v}");
            assert_eq!(input[64..96], r);
            assert_eq!(input[96..], s);
        }
    }

    #[test]
    fn an_ed25519_batch_is_its_records() {
        let mut batch = Ed25519Batch::new();
        assert!(batch.is_empty());
        assert_eq!(batch.as_bytes(), &[] as &[u8]);
        batch
            .push(&[0xaa; 32], &[0xbb; 64], b"")
            .push(&[0xcc; 32], &[0xdd; 64], b"hello");
        assert_eq!(batch.len(), 2);
        let bytes = batch.as_bytes();
        // key 32 ‖ signature 64 ‖ length 4 big-endian ‖ message, twice.
        assert_eq!(bytes.len(), 2 * ed25519::BATCH_RECORD_HEADER_LEN + 5);
        assert_eq!(bytes[..32], [0xaa; 32]);
        assert_eq!(bytes[32..96], [0xbb; 64]);
        assert_eq!(bytes[96..100], [0, 0, 0, 0]);
        assert_eq!(bytes[100..132], [0xcc; 32]);
        assert_eq!(bytes[132..196], [0xdd; 64]);
        assert_eq!(bytes[196..200], [0, 0, 0, 5]);
        assert_eq!(&bytes[200..], b"hello");
        // The host's own reading of the layout counts the same records.
        assert_eq!(ed25519::record_count(bytes), Some(2));
    }

    #[test]
    fn a_fast_aggregate_input_is_header_keys_message() {
        let keys = [[1u8; 48], [2u8; 48], [3u8; 48]];
        let input = fast_aggregate_input(Ciphersuite::ProofOfPossession, &[9; 96], &keys, b"root");
        assert_eq!(input.len(), bls::FAST_AGGREGATE_HEADER_LEN + 3 * 48 + 4);
        assert_eq!(input[0], bls::CIPHERSUITE_POP);
        assert_eq!(input[1..97], [9; 96]);
        assert_eq!(input[97..101], [0, 0, 0, 3]);
        assert_eq!(input[101..149], [1; 48]);
        assert_eq!(input[197..245], [3; 48]);
        assert_eq!(&input[245..], b"root");
        assert_eq!(bls::fast_aggregate_key_count(&input, 48), Some(3));

        // EIP-2537 keys for the uncompressed form: 128 bytes each.
        let keys = [[7u8; 128]; 2];
        let input = fast_aggregate_input(Ciphersuite::ProofOfPossession, &[9; 96], &keys, b"");
        assert_eq!(input.len(), bls::FAST_AGGREGATE_HEADER_LEN + 2 * 128);
        assert_eq!(input[97..101], [0, 0, 0, 2]);
        assert_eq!(bls::fast_aggregate_key_count(&input, 128), Some(2));
    }

    #[test]
    fn an_aggregate_verify_input_is_header_and_records() {
        let mut aggregate = AggregateVerify::new(Ciphersuite::Basic, &[5; 96]);
        assert_eq!(aggregate.as_bytes().len(), bls::AGGREGATE_HEADER_LEN);
        aggregate.push(&[1; 48], b"a").push(&[2; 48], b"bc");
        let bytes = aggregate.as_bytes();
        assert_eq!(bytes[0], bls::CIPHERSUITE_BASIC);
        assert_eq!(bytes[1..97], [5; 96]);
        assert_eq!(bytes[97..145], [1; 48]);
        assert_eq!(bytes[145..149], [0, 0, 0, 1]);
        assert_eq!(bytes[149], b'a');
        assert_eq!(bytes[150..198], [2; 48]);
        assert_eq!(bytes[198..202], [0, 0, 0, 2]);
        assert_eq!(&bytes[202..], b"bc");
        assert_eq!(bls::aggregate_record_count(bytes), Some(2));
    }
}
