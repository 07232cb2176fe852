//! The contract of `host/node-example`: a Groth16 verifier for a node that is not
//! zkhost's. It does its curve arithmetic through zkhost's crypto host functions
//! (module `zkhost`, linked into the node with `add_to_linker`) and everything else
//! through the node's own host functions (module `node`): it reads its input, writes
//! the verdict to the node's storage under the key `verdict` (one byte, 1 or 0) and
//! returns the SCALE `Verdict`. Its entry point is `run`, not zkhost's `call`.
//!
//! Input: a SCALE `zkhost_guest::groth16::Request`; a message that does not decode
//! traps.
#![no_std]

extern crate alloc;

use alloc::vec;
use codec::{DecodeAll, Encode};
use zkhost_guest::groth16::{Request, Verdict};

/// The node's own host functions.
mod node {
    #[link(wasm_import_module = "node")]
    extern "C" {
        /// Copies up to `cap` bytes of the call's input to `ptr`; returns the input's
        /// length.
        pub fn input(ptr: i32, cap: i32) -> i32;
        /// Stores `value` under `key` in this contract's storage.
        pub fn storage_write(key_ptr: i32, key_len: i32, value_ptr: i32, value_len: i32);
        /// Sets the call's return data.
        #[link_name = "return"]
        pub fn ret(ptr: i32, len: i32);
    }
}

/// The storage key of the verdict.
const KEY: &[u8] = b"verdict";

/// The entry point.
#[no_mangle]
pub extern "C" fn run() {
    // SAFETY: the node reads and writes only the ranges given, all of them valid
    // slices of this contract's memory for the duration of each call.
    unsafe {
        let len = node::input(0, 0);
        let mut input = vec![0u8; len as usize];
        node::input(input.as_mut_ptr() as i32, len);
        let Ok(request) = Request::decode_all(&mut &input[..]) else {
            zkhost_guest::trap()
        };
        let verdict = zkhost_guest::verifier::verify(&request);
        let valid = [u8::from(verdict == Verdict::Valid)];
        node::storage_write(
            KEY.as_ptr() as i32,
            KEY.len() as i32,
            valid.as_ptr() as i32,
            1,
        );
        let out = verdict.encode();
        node::ret(out.as_ptr() as i32, out.len() as i32);
    }
}
