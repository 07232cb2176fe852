//! An Ethereum light client's sync-committee check, the flow of the consensus
//! specifications' `validate_light_client_update`: a committee of 512 BLS public keys is
//! validated once, when it is set, and each update's aggregate signature over a signing
//! root is checked against the keys its participation bits name.
//!
//! Input: a SCALE [`Message`]. Output: the SCALE [`Answer`]; a message that does not
//! decode is answered [`Answer::BadMessage`] (`zkhost_guest::entry!`).
//!
//! - [`Message::SetCommittee`]: each compressed key through `bls_g1_decompress` (its
//!   subgroup check runs here, once), answered with the 128-byte points for the chain
//!   to store.
//! - [`Message::Update`]: the stored points of the participating keys, with the
//!   signature, through one `bls_fast_aggregate_verify_uncompressed` (the curve checked,
//!   not the subgroup again: these are points `SetCommittee` answered).
//! - [`Message::UpdateCompressed`]: the same from the compressed committee, every
//!   participating key validated in the call (`bls_fast_aggregate_verify`): what a
//!   client pays that does not keep validated keys.
//!
//! Participation bits are SSZ's `Bitvector[512]`: key `i` participates when bit `i % 8`
//! of byte `i / 8` is set. At least one key must participate
//! (`MIN_SYNC_COMMITTEE_PARTICIPANTS`). The signature is Ethereum's
//! (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`) over the 32-byte signing root.
#![no_std]

extern crate alloc;

use alloc::vec::Vec;

pub use sync_committee::{
    participants, Answer, Message, BITS_LEN, COMMITTEE_SIZE, KEY_LEN, POINT_LEN, SIGNATURE_LEN,
};

/// The ciphersuite byte of Ethereum's proof-of-possession suite.
const POP: u8 = 0;

fn refused(key: Option<u32>) -> Answer {
    Answer::Invalid {
        code: zkhost_guest::last_error().map_or(0, |r| r.0),
        key,
    }
}

/// `ciphersuite ‖ signature ‖ n ‖ the participating keys ‖ signing root`.
fn update<const K: usize>(
    keys: &[[u8; K]],
    bits: &[u8; BITS_LEN],
    signing_root: &[u8; 32],
    signature: &[u8; SIGNATURE_LEN],
    verify: fn(&[u8]) -> Result<[u8; 32], zkhost_guest::InvalidInput>,
) -> Answer {
    if keys.len() != COMMITTEE_SIZE {
        return Answer::Invalid { code: 0, key: None };
    }
    let n = participants(bits).count();
    if n == 0 {
        return Answer::Invalid { code: 0, key: None };
    }
    let mut input = Vec::with_capacity(1 + SIGNATURE_LEN + 4 + n * K + 32);
    input.push(POP);
    input.extend_from_slice(signature);
    input.extend_from_slice(&(n as u32).to_be_bytes());
    for i in participants(bits) {
        input.extend_from_slice(&keys[i]);
    }
    input.extend_from_slice(signing_root);
    match verify(&input) {
        Ok(_) => Answer::Valid,
        Err(_) => refused(None),
    }
}

fn handle(message: Message) -> Answer {
    match message {
        Message::SetCommittee { keys } => {
            let mut points = Vec::with_capacity(keys.len());
            for (i, key) in keys.iter().enumerate() {
                match zkhost_guest::bls_g1_decompress(key) {
                    Ok(point) => points.push(point),
                    Err(_) => return refused(Some(i as u32)),
                }
            }
            Answer::Committee(points)
        }
        Message::Update {
            keys,
            bits,
            signing_root,
            signature,
        } => update(
            &keys,
            &bits,
            &signing_root,
            &signature,
            zkhost_guest::bls_fast_aggregate_verify_uncompressed,
        ),
        Message::UpdateCompressed {
            keys,
            bits,
            signing_root,
            signature,
        } => update(
            &keys,
            &bits,
            &signing_root,
            &signature,
            zkhost_guest::bls_fast_aggregate_verify,
        ),
    }
}

zkhost_guest::entry!(handle);
