//! A benchmark of the host-call path: the input is SCALE `(u32 n, Vec<u8> input)`;
//! the contract calls `alt_bn128_pairing(input)` `n` times in one call and returns the
//! SCALE [`Response`] of the last call (`Response::Ok` of no bytes when `n` is 0).
#![no_std]

extern crate alloc;

use alloc::vec::Vec;
use zkhost_guest::Response;

zkhost_guest::entry!(|(n, input): (u32, Vec<u8>)| -> Response {
    // Nothing is allocated in the loop: only host-call time is measured.
    let mut last = None;
    for _ in 0..n {
        last = Some(zkhost_guest::alt_bn128_pairing(&input));
    }
    last.map_or(Response::Ok(Vec::new()), Response::from)
});
