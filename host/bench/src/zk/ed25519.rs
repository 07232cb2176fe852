//! Ed25519's peers: `ed25519-dalek` (`verify`, RFC 8032's cofactorless rule; its
//! `verify_batch`, a different rule) and `ed25519-zebra` (ZIP-215, zkhost's rule, as
//! CosmWasm runs it; one signature or its batch verifier).

use zkhost_abi::Crypto;

use super::{Peer, Prepared};

/// The family's peers, in report order.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "ed25519-dalek",
        library: "ed25519-dalek 2",
        ops: &[Crypto::Ed25519Verify, Crypto::Ed25519BatchVerify],
        prepare: |op, input| {
            Ok(Some(match op {
                Crypto::Ed25519BatchVerify => {
                    Prepared::verdict(input, |a| dalek_batch(a).is_some())
                }
                _ => Prepared::verdict(input, |a| dalek(a).is_some()),
            }))
        },
    },
    Peer {
        name: "ed25519-zebra",
        library: "ed25519-zebra 4",
        ops: &[Crypto::Ed25519Verify, Crypto::Ed25519BatchVerify],
        prepare: |op, input| {
            Ok(Some(match op {
                Crypto::Ed25519BatchVerify => {
                    Prepared::verdict(input, |b| zebra_batch(b).is_some())
                }
                _ => Prepared::verdict(input, |b| zebra(b).is_some()),
            }))
        },
    },
];

/// ed25519-dalek's verification of `key ‖ signature ‖ message`.
fn dalek(a: &[u8]) -> Option<()> {
    use ed25519_dalek::Verifier;
    let key = ed25519_dalek::VerifyingKey::from_bytes(a[..32].try_into().ok()?).ok()?;
    let sig = ed25519_dalek::Signature::from_slice(&a[32..96]).ok()?;
    key.verify(&a[96..], &sig).ok()
}

/// ed25519-zebra's verification of the same.
fn zebra(b: &[u8]) -> Option<()> {
    let key: [u8; 32] = b[..32].try_into().ok()?;
    let sig: [u8; 64] = b[32..96].try_into().ok()?;
    let vk = ed25519_zebra::VerificationKey::try_from(key).ok()?;
    vk.verify(&ed25519_zebra::Signature::from(sig), &b[96..])
        .ok()
}

/// ed25519-dalek's `verify_batch` on a batch input's records.
fn dalek_batch(a: &[u8]) -> Option<()> {
    let records = zkhost_sig::ed25519::records(a).ok()?;
    let mut keys = Vec::with_capacity(records.len());
    let mut sigs = Vec::with_capacity(records.len());
    let mut messages = Vec::with_capacity(records.len());
    for (k, s, m) in records {
        keys.push(ed25519_dalek::VerifyingKey::from_bytes(k.try_into().ok()?).ok()?);
        sigs.push(ed25519_dalek::Signature::from_slice(s).ok()?);
        messages.push(m);
    }
    ed25519_dalek::verify_batch(&messages, &sigs, &keys).ok()
}

/// ed25519-zebra's batch verifier on the same records (a fixed seed for its random
/// coefficients).
fn zebra_batch(b: &[u8]) -> Option<()> {
    use rand_chacha::rand_core::SeedableRng;
    let mut batch = ed25519_zebra::batch::Verifier::new();
    for (k, s, m) in zkhost_sig::ed25519::records(b).ok()? {
        let key: [u8; 32] = k.try_into().ok()?;
        let sig: [u8; 64] = s.try_into().ok()?;
        let key = ed25519_zebra::VerificationKeyBytes::from(key);
        batch.queue((key, ed25519_zebra::Signature::from(sig), &m));
    }
    let rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5eed);
    batch.verify(rng).ok()
}
