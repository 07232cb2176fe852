//! The secp256k1 functions' peers: revm-precompile's `ecrecover` (RustCrypto's `k256`
//! in this build, without revm's `secp256k1` feature: libsecp256k1's own recovery is
//! the section's `ecrecover` anchor row), and for verification and key recovery
//! libsecp256k1 (the `secp256k1` crate) and RustCrypto's `k256`, with CosmWasm's
//! semantics (`s` normalised before the peer verifies).

use zkhost_abi::Crypto;

use super::{Peer, Prepared};

/// The family's peers, in report order.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "revm-precompile",
        library: "revm-precompile 43",
        ops: &[Crypto::Secp256k1Ecrecover],
        prepare: |op, input| super::revm(op, input, revm_precompile::secp256k1::ec_recover_run),
    },
    Peer {
        name: "libsecp256k1",
        library: "secp256k1 0.31",
        ops: &[Crypto::Secp256k1Verify, Crypto::Secp256k1RecoverPubkey],
        prepare: |op, input| {
            Ok(Some(match op {
                Crypto::Secp256k1RecoverPubkey => Prepared::output(input, libsecp_recover),
                _ => Prepared::verdict(input, |a| libsecp_verify(a).is_some()),
            }))
        },
    },
    Peer {
        name: "k256",
        library: "k256 0.13",
        ops: &[Crypto::Secp256k1Verify, Crypto::Secp256k1RecoverPubkey],
        prepare: |op, input| {
            Ok(Some(match op {
                Crypto::Secp256k1RecoverPubkey => Prepared::output(input, k256_recover),
                _ => Prepared::verdict(input, |a| k256_verify(a).is_some()),
            }))
        },
    },
];

/// One libsecp256k1 context for the peers (as zkhost keeps one).
fn libsecp() -> &'static secp256k1::Secp256k1<secp256k1::All> {
    static CONTEXT: std::sync::OnceLock<secp256k1::Secp256k1<secp256k1::All>> =
        std::sync::OnceLock::new();
    CONTEXT.get_or_init(secp256k1::Secp256k1::new)
}

/// libsecp256k1's verification of `hash ‖ r ‖ s ‖ key`, `s` normalised first.
fn libsecp_verify(a: &[u8]) -> Option<()> {
    use secp256k1::{ecdsa::Signature, Message, PublicKey};
    let key = PublicKey::from_slice(&a[96..]).ok()?;
    let mut sig = Signature::from_compact(&a[32..96]).ok()?;
    sig.normalize_s();
    let hash: [u8; 32] = a[..32].try_into().ok()?;
    libsecp()
        .verify_ecdsa(Message::from_digest(hash), &sig, &key)
        .ok()
}

/// RustCrypto's verification of the same, `s` normalised first.
fn k256_verify(b: &[u8]) -> Option<()> {
    use k256::ecdsa::signature::hazmat::PrehashVerifier;
    let key = k256::ecdsa::VerifyingKey::from_sec1_bytes(&b[96..]).ok()?;
    let sig = k256::ecdsa::Signature::from_slice(&b[32..96]).ok()?;
    let sig = sig.normalize_s().unwrap_or(sig);
    key.verify_prehash(&b[..32], &sig).ok()
}

/// libsecp256k1's recovery from `hash ‖ r ‖ s ‖ v`: the uncompressed key.
fn libsecp_recover(a: &[u8]) -> Option<Vec<u8>> {
    use secp256k1::ecdsa::{RecoverableSignature, RecoveryId};
    use secp256k1::Message;
    let id = RecoveryId::try_from(i32::from(a[96])).ok()?;
    let sig = RecoverableSignature::from_compact(&a[32..96], id).ok()?;
    let hash: [u8; 32] = a[..32].try_into().ok()?;
    let key = libsecp()
        .recover_ecdsa(Message::from_digest(hash), &sig)
        .ok()?;
    Some(key.serialize_uncompressed().to_vec())
}

/// RustCrypto's recovery of the same.
fn k256_recover(b: &[u8]) -> Option<Vec<u8>> {
    use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
    let sig = Signature::from_slice(&b[32..96]).ok()?;
    let id = RecoveryId::from_byte(b[96])?;
    let key = VerifyingKey::recover_from_prehash(&b[..32], &sig, id).ok()?;
    Some(key.to_encoded_point(false).as_bytes().to_vec())
}
