//! The BLS12-381 contract: takes a SCALE [`Bls12Message`](zkhost_guest::Bls12Message),
//! runs it on the matching zkhost EIP-2537 host function and returns the
//! SCALE-encoded [`Response`](zkhost_guest::Response). A refused input gives
//! `Response::Err(0)`: the host does not say why.
//!
//! Like `precompiles`, the payload is borrowed from the input
//! ([`zkhost_guest::handle_parts`]) and the response written without decoding and
//! encoding the types.
#![no_std]

use zkhost_guest::{respond, trap};

/// The contract entry point. The variant indices are
/// [`zkhost_guest::Bls12Message`]'s (the EIP-2537 address order).
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle_parts(|variant, input| match variant {
        0 => respond(zkhost_guest::bls12381_g1_add(input)),
        1 => respond(zkhost_guest::bls12381_g1_msm(input)),
        2 => respond(zkhost_guest::bls12381_g2_add(input)),
        3 => respond(zkhost_guest::bls12381_g2_msm(input)),
        4 => respond(zkhost_guest::bls12381_pairing_check(input)),
        5 => respond(zkhost_guest::bls12381_map_fp_to_g1(input)),
        6 => respond(zkhost_guest::bls12381_map_fp2_to_g2(input)),
        _ => trap(),
    });
}
