//! The contract path: SCALE-decodes a [`Message`], runs it on the matching zkhost host
//! function and returns the SCALE-encoded [`Response`]. A refused input gives
//! `Response::Err(0)`: the host does not say why.
#![no_std]

use zkhost_guest::{Message, Response};

/// The contract entry point.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle(|message: Message| -> Response {
        match message {
            Message::Add(input) => zkhost_guest::alt_bn128_add(&input).into(),
            Message::Mul(input) => zkhost_guest::alt_bn128_mul(&input).into(),
            Message::Pairing(input) => zkhost_guest::alt_bn128_pairing(&input).into(),
            Message::Msm(input) => zkhost_guest::alt_bn128_g1_msm(&input).into(),
        }
    });
}
