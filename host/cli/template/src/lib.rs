//! {{name}}: a zkhost contract.
//!
//! It takes a SCALE-encoded [`Message`] and answers the SCALE encoding of
//! `Result<Vec<u8>, Error>`. Build it with `zkhost build` (the module lands in
//! `out/{{crate}}.wasm`), build and test it with `zkhost test`, call it with `zkhost
//! call`.
#![no_std]

extern crate alloc;

use alloc::vec::Vec;
use codec::{Decode, Encode};
use zkhost_guest::{BadMessage, InvalidInput};

/// What the contract can be asked.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Message {
    /// circomlib's Poseidon hash of 1 to 16 elements of BN254's scalar field, each 32
    /// bytes big-endian: the 32-byte hash.
    Hash(Vec<[u8; 32]>),
    /// `scalar · point` on BN254's G1 (EIP-196's ECMUL): the 64-byte point.
    Mul {
        /// `x ‖ y`, 32 bytes big-endian each.
        point: [u8; 64],
        /// 32 bytes big-endian.
        scalar: [u8; 32],
    },
}

/// Why the contract refused a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Error {
    /// The input did not decode as a [`Message`].
    BadMessage,
    /// A host function refused its input: its `last_error` code
    /// (`zkhost_guest::codes`; 4 is a G1 point not on the curve).
    Refused(i32),
}

impl From<BadMessage> for Error {
    fn from(_: BadMessage) -> Error {
        Error::BadMessage
    }
}

/// The contract's handler: one message in, one answer out.
pub fn handle(message: Message) -> Result<Vec<u8>, Error> {
    match message {
        Message::Hash(elements) => zkhost_guest::poseidon(&elements.concat())
            .map(|hash| hash.to_vec())
            .map_err(refused),
        Message::Mul { point, scalar } => {
            let mut input = [0u8; 96];
            input[..64].copy_from_slice(&point);
            input[64..].copy_from_slice(&scalar);
            zkhost_guest::alt_bn128_mul(&input)
                .map(|product| product.to_vec())
                .map_err(refused)
        }
    }
}

/// The host's reason for the refusal that just happened.
fn refused(_: InvalidInput) -> Error {
    Error::Refused(zkhost_guest::last_error().map_or(0, |refusal| refusal.0))
}

// The exported `call` (on wasm32): decodes the input, calls `handle`, encodes the
// answer, and releases the call's heap.
zkhost_guest::entry!(handle);
