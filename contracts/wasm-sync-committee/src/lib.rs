//! The pure-WebAssembly path of the sync-committee check: `eth-sync-committee`'s
//! [`Message::Update`] answered as that contract answers it, but with BLS12-381
//! computed inside the contract (arkworks 0.6, `no_std`) and no host crypto: each
//! participating stored point decoded and checked on the curve, their sum, the signing
//! root hashed to G2 (RFC 9380, Ethereum's tag), the signature decompressed with its
//! subgroup check, and the pairing equation. What a chain without BLS host functions
//! pays for the same update.
//!
//! Only `Update` is computed here; the other messages are answered
//! `Invalid { code: 0 }`. A refusal's code is the host's for the same case where the
//! contract can tell it (`BLS_MISMATCH` for a signature that does not verify, the G1
//! and field codes for a stored point that does not decode), else 0.
#![no_std]

extern crate alloc;

use ark_bls12_381::{g2, Bls12_381, Fq, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::hashing::curve_maps::wb::WBMap;
use ark_ec::hashing::map_to_curve_hasher::MapToCurveBasedHasher;
use ark_ec::hashing::HashToCurve;
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::field_hashers::DefaultFieldHasher;
use ark_ff::{BigInteger, PrimeField};
use ark_serialize::CanonicalDeserialize;
use sync_committee::{participants, Answer, Message, COMMITTEE_SIZE, POINT_LEN};
use zkhost_guest::codes;

/// Ethereum's signature tag (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`).
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

type Hasher =
    MapToCurveBasedHasher<G2Projective, DefaultFieldHasher<sha2::Sha256, 128>, WBMap<g2::Config>>;

fn invalid(code: i32) -> Answer {
    Answer::Invalid { code, key: None }
}

/// A 48-byte field element below p, or `None`.
fn fq(bytes: &[u8]) -> Option<Fq> {
    let x = Fq::from_be_bytes_mod_order(bytes);
    (x.into_bigint().to_bytes_be() == bytes).then_some(x)
}

/// An EIP-2537 G1 point: 16 zero bytes and `x`, 16 zero bytes and `y`, on the curve
/// (all zero is infinity). The code of the host's refusal otherwise.
fn point(b: &[u8; POINT_LEN]) -> Result<G1Affine, i32> {
    if b.iter().all(|&x| x == 0) {
        return Ok(G1Affine::identity());
    }
    if b[..16].iter().chain(&b[64..80]).any(|&x| x != 0) {
        return Err(codes::BLS_FIELD_ENCODING);
    }
    let (Some(x), Some(y)) = (fq(&b[16..64]), fq(&b[80..128])) else {
        return Err(codes::BLS_FIELD_ENCODING);
    };
    let p = G1Affine::new_unchecked(x, y);
    if p.is_on_curve() {
        Ok(p)
    } else {
        Err(codes::BLS_G1_NOT_ON_CURVE)
    }
}

fn update(
    keys: &[[u8; POINT_LEN]],
    bits: &[u8; 64],
    root: &[u8; 32],
    signature: &[u8; 96],
) -> Answer {
    if keys.len() != COMMITTEE_SIZE {
        return invalid(0);
    }
    let mut sum = G1Projective::default();
    let mut n = 0usize;
    for i in participants(bits) {
        match point(&keys[i]) {
            Ok(p) => sum += p,
            Err(code) => return invalid(code),
        }
        n += 1;
    }
    if n == 0 {
        return invalid(0);
    }
    // Decompressed with arkworks' checks: flags, x < p, the curve, the subgroup.
    let Ok(sig) = G2Affine::deserialize_compressed(&signature[..]) else {
        return invalid(codes::BLS_G2_ENCODING);
    };
    let sum = sum.into_affine();
    if sum.is_zero() {
        return invalid(codes::BLS_MISMATCH);
    }
    let Ok(h) = Hasher::new(DST).and_then(|h| h.hash(root)) else {
        return invalid(0);
    };
    // e(sum, H(root)) · e(−G1, sig) = 1.
    let product = Bls12_381::multi_pairing([sum, -G1Affine::generator()], [h, sig]);
    if product.0 == <Bls12_381 as Pairing>::TargetField::from(1u8) {
        Answer::Valid
    } else {
        invalid(codes::BLS_MISMATCH)
    }
}

fn handle(message: Message) -> Answer {
    match message {
        Message::Update {
            keys,
            bits,
            signing_root,
            signature,
        } => update(&keys, &bits, &signing_root, &signature),
        _ => invalid(0),
    }
}

zkhost_guest::entry!(handle);
