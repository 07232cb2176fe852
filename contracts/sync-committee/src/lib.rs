//! The messages of the sync-committee contracts (`eth-sync-committee`, on the host
//! functions, and `wasm-sync-committee`, in pure WebAssembly): one declaration for both,
//! in a crate without an entry point so that each contract can link it.
#![no_std]

extern crate alloc;

use alloc::vec::Vec;

use codec::{Decode, Encode};

/// Keys in a sync committee (`SYNC_COMMITTEE_SIZE`).
pub const COMMITTEE_SIZE: usize = 512;
/// Bytes of the participation bits.
pub const BITS_LEN: usize = COMMITTEE_SIZE / 8;
/// A compressed public key.
pub const KEY_LEN: usize = 48;
/// A validated key as stored: EIP-2537's 128-byte G1 point.
pub const POINT_LEN: usize = 128;
/// A compressed signature.
pub const SIGNATURE_LEN: usize = 96;

/// A request.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Message {
    /// Validate a committee's compressed keys (512 of them; any count is accepted).
    SetCommittee {
        /// The keys, in committee order.
        keys: Vec<[u8; KEY_LEN]>,
    },
    /// Check an update against the points `SetCommittee` answered.
    Update {
        /// The committee's stored points, in committee order.
        keys: Vec<[u8; POINT_LEN]>,
        /// The participation bits.
        bits: [u8; BITS_LEN],
        /// The signed root.
        signing_root: [u8; 32],
        /// The aggregate signature, compressed.
        signature: [u8; SIGNATURE_LEN],
    },
    /// Check an update against the compressed committee, each participating key
    /// validated in the call.
    UpdateCompressed {
        /// The committee's compressed keys, in committee order.
        keys: Vec<[u8; KEY_LEN]>,
        /// The participation bits.
        bits: [u8; BITS_LEN],
        /// The signed root.
        signing_root: [u8; 32],
        /// The aggregate signature, compressed.
        signature: [u8; SIGNATURE_LEN],
    },
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Answer {
    /// `SetCommittee`: every key valid; their points, in order.
    Committee(Vec<[u8; POINT_LEN]>),
    /// The signature verifies.
    Valid,
    /// Refused: the host's `last_error` code (`BLS_MISMATCH`, 140, for a signature
    /// that does not verify; for `SetCommittee` the first invalid key's), and the
    /// index of the key it concerns when one does.
    Invalid {
        /// The host's refusal code; 0 when no host function ran (no participant, a
        /// key count that is not the committee's).
        code: i32,
        /// The key a refusal of `SetCommittee` concerns.
        key: Option<u32>,
    },
    /// The message did not decode.
    BadMessage,
}

impl From<zkhost_guest::BadMessage> for Answer {
    fn from(_: zkhost_guest::BadMessage) -> Answer {
        Answer::BadMessage
    }
}

/// The committee indices whose bit is set, in order.
pub fn participants(bits: &[u8; BITS_LEN]) -> impl Iterator<Item = usize> + '_ {
    (0..COMMITTEE_SIZE).filter(move |i| bits[i / 8] >> (i % 8) & 1 == 1)
}
