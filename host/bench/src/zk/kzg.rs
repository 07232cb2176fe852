//! KZG point evaluation's peers (EIP-4844): revm-precompile's point evaluation (its
//! `blst` backend, revm's default build) and c-kzg-4844's `verify_kzg_proof` after the
//! versioned-hash check, as a client runs it.

use zkhost_abi::Crypto;

use super::{Peer, Prepared};

/// The family's peers, in report order.
pub const PEERS: &[Peer] = &[
    Peer {
        name: "revm-precompile",
        library: "revm-precompile 43",
        ops: &[Crypto::KzgPointEvaluation],
        prepare: |op, input| super::revm(op, input, revm_precompile::kzg_point_evaluation::run),
    },
    Peer {
        name: "c-kzg",
        library: "c-kzg 2",
        ops: &[Crypto::KzgPointEvaluation],
        prepare: |_, input| Ok(Some(Prepared::verdict(input, ckzg_point_evaluation))),
    },
];

/// c-kzg's point evaluation on a precompile input: the versioned hash, then
/// `verify_kzg_proof`.
fn ckzg_point_evaluation(input: &[u8]) -> bool {
    let settings = c_kzg::ethereum_kzg_settings(0);
    if input.len() != 192 || input[..32] != zkhost_bls12381::kzg::versioned_hash(&input[96..144]) {
        return false;
    }
    let b32 = |at: usize| c_kzg::Bytes32::from_bytes(&input[at..at + 32]);
    let b48 = |at: usize| c_kzg::Bytes48::from_bytes(&input[at..at + 48]);
    match (b32(32), b32(64), b48(96), b48(144)) {
        (Ok(z), Ok(y), Ok(c), Ok(p)) => {
            matches!(settings.verify_kzg_proof(&c, &z, &y, &p), Ok(true))
        }
        _ => false,
    }
}
