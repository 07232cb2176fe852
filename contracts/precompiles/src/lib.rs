//! The contract path: takes a SCALE [`Message`](zkhost_guest::Message), runs it on
//! the matching zkhost host function and returns the SCALE-encoded
//! [`Response`](zkhost_guest::Response). A refused input gives `Response::Err(0)`: the
//! host does not say why.
//!
//! The payload is borrowed from the input and the response built on the stack
//! ([`zkhost_guest::handle_parts`], [`zkhost_guest::respond`]): the same bytes in and
//! out as decoding and encoding the types, with fewer instructions per call, which
//! is what a contract pays on top of the host function.
#![no_std]

use zkhost_guest::{respond, trap};

/// The contract entry point. The variant indices are [`zkhost_guest::Message`]'s.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle_parts(|variant, input| match variant {
        0 => respond(zkhost_guest::alt_bn128_add(input)),
        1 => respond(zkhost_guest::alt_bn128_mul(input)),
        2 => respond(zkhost_guest::alt_bn128_pairing(input)),
        3 => respond(zkhost_guest::alt_bn128_g1_msm(input)),
        4 => respond(zkhost_guest::alt_bn128_g1_compress(input)),
        5 => respond(zkhost_guest::alt_bn128_g1_decompress(input)),
        6 => respond(zkhost_guest::alt_bn128_g2_compress(input)),
        7 => respond(zkhost_guest::alt_bn128_g2_decompress(input)),
        _ => trap(),
    });
}
