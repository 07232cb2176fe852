//! The contract path: takes a SCALE [`Message`](zkhost_guest::Message) (a crypto
//! function's index and its input), runs it on that zkhost host function and returns
//! the SCALE-encoded [`Response`](zkhost_guest::Response). A refused input gives
//! `Response::Err(0)`: the host's `last_error` says why (for P256VERIFY it is the
//! precompile's empty output, an invalid signature). An index no function has, or a
//! malformed message, traps.
//!
//! One contract for every function: its dispatch is generated from the ABI's table
//! ([`zkhost_guest::forward`]), so a new host function needs nothing here. The input
//! is borrowed from the message and the response built on the stack
//! ([`zkhost_guest::handle_message`], [`zkhost_guest::respond`]): the same bytes in
//! and out as decoding and encoding the types, with fewer instructions per call,
//! which is what a contract pays on top of the host function.
#![no_std]

/// The contract entry point.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle_message(zkhost_guest::forward);
}
