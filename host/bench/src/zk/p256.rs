//! P256VERIFY's peers (EIP-7951): revm-precompile's P256VERIFY (RustCrypto's `p256`
//! behind revm's precompile function and gas), RustCrypto's `p256` called directly
//! (`VerifyingKey::verify_prehash`), and AWS-LC (aws-lc-rs's `verify_digest` with
//! `Digest::import_less_safe`, the key parsed per call, as the precompile must), as
//! `zkhost-sig`'s `p256_peers` example and test run them.

use p256::ecdsa::signature::hazmat::PrehashVerifier;
use zkhost_abi::Crypto;

use super::{Peer, Prepared};

/// The family's peers, in report order.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "revm-precompile",
        library: "revm-precompile 43",
        ops: &[Crypto::P256Verify],
        prepare: |op, input| super::revm(op, input, revm_precompile::secp256r1::p256_verify_osaka),
    },
    Peer {
        name: "p256",
        library: "p256 0.13",
        ops: &[Crypto::P256Verify],
        prepare: |_, input| Ok(Some(Prepared::verdict(input, rustcrypto))),
    },
    Peer {
        name: "aws-lc-rs",
        library: "aws-lc-rs 1",
        ops: &[Crypto::P256Verify],
        prepare: |_, input| Ok(Some(Prepared::verdict(input, aws_lc))),
    },
];

/// RustCrypto's verdict on a P256VERIFY input: the signature's scalars, the key's SEC1
/// decoding (on the curve, coordinates below p), then the prehash verification.
fn rustcrypto(input: &[u8]) -> bool {
    use p256::ecdsa::{Signature, VerifyingKey};
    use p256::{EncodedPoint, FieldBytes};
    if input.len() != 160 {
        return false;
    }
    let bytes = |i: usize| *FieldBytes::from_slice(&input[32 * i..32 * (i + 1)]);
    let Ok(sig) = Signature::from_scalars(bytes(1), bytes(2)) else {
        return false;
    };
    let point = EncodedPoint::from_affine_coordinates(&bytes(3), &bytes(4), false);
    VerifyingKey::from_encoded_point(&point)
        .is_ok_and(|key| key.verify_prehash(&input[..32], &sig).is_ok())
}

/// AWS-LC's verdict on the same digest, `r ‖ s` and uncompressed key.
fn aws_lc(input: &[u8]) -> bool {
    use aws_lc_rs::digest::{Digest, SHA256};
    use aws_lc_rs::signature::{UnparsedPublicKey, ECDSA_P256_SHA256_FIXED};
    if input.len() != 160 {
        return false;
    }
    let key = [&[0x04u8][..], &input[96..]].concat();
    let Ok(digest) = Digest::import_less_safe(&input[..32], &SHA256) else {
        return false;
    };
    UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &key)
        .verify_digest(&digest, &input[32..96])
        .is_ok()
}
