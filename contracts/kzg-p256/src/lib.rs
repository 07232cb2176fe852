//! The KZG and P-256 contract: takes a SCALE [`KzgP256Message`](zkhost_guest::KzgP256Message),
//! runs it on zkhost's `kzg_point_evaluation` or `p256_verify` host function and
//! returns the SCALE-encoded [`Response`](zkhost_guest::Response). A refused input
//! gives `Response::Err(0)`: for point evaluation the precompile's failure, for
//! P256VERIFY its empty output (an invalid signature).
//!
//! Like `precompiles`, the payload is borrowed from the input
//! ([`zkhost_guest::handle_parts`]) and the response written without decoding and
//! encoding the types.
#![no_std]

use zkhost_guest::{respond, trap};

/// The contract entry point. The variant indices are
/// [`zkhost_guest::KzgP256Message`]'s.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle_parts(|variant, input| match variant {
        0 => respond(zkhost_guest::kzg_point_evaluation(input)),
        1 => respond(zkhost_guest::p256_verify(input)),
        _ => trap(),
    });
}
