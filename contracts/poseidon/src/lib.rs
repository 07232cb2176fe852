//! The Poseidon contract: takes a SCALE [`PoseidonMessage`](zkhost_guest::PoseidonMessage),
//! hashes its payload with zkhost's `poseidon` host function and returns the
//! SCALE-encoded [`Response`](zkhost_guest::Response); a refused input gives
//! `Response::Err(0)`.
#![no_std]

use zkhost_guest::{respond, trap};

/// The contract entry point. The variant indices are
/// [`zkhost_guest::PoseidonMessage`]'s.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle_parts(|variant, input| match variant {
        0 => respond(zkhost_guest::poseidon(input)),
        _ => trap(),
    });
}
