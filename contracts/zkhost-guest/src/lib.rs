//! Guest-side support for zkhost smart contracts (contract ABI v1).
//!
//! A contract is a `wasm32-unknown-unknown` module that exports `memory` and
//! `call: [] -> []` and imports host functions from the module `"zkhost"`. This crate
//! provides:
//!
//! - [`sys`]: the raw imports, and safe wrappers over them ([`input`], [`output`],
//!   [`gas_left`], typed crypto wrappers such as [`alt_bn128_add`] taking `&[u8; 128]`,
//!   [`raw`]'s precompile-exact forms on byte slices, and [`last_error`], why the last
//!   refused input was refused);
//! - the shared SCALE [`Message`] / [`Response`] types and error codes ([`err`]), and
//!   [`entry!`], which defines a contract's `call` around a handler function
//!   ([`entry()`]: decoding, answering a bad message, releasing the heap);
//!   [`handle_message`] and [`forward`] for a [`Message`] without copying its input;
//! - [`groth16`]: the Groth16 verification request and verdict, and [`verifier`]:
//!   the verification itself, through the host functions;
//! - [`sig`]: signature helpers: [`sig::ecrecover`] to an address, and the inputs of
//!   an Ed25519 batch, a BLS fast-aggregate and aggregate verification built from
//!   typed parts, with the BLS ciphersuites by name;
//! - with the default `runtime` feature, on wasm32: a bump global allocator and a
//!   panic handler that traps.
//!
//! Only imports a contract actually uses end up in its module.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

use alloc::vec::Vec;
use codec::{Decode, DecodeAll, Encode};

// The wire format, defined once in `zkhost-abi` for the host and this crate. (A plain
// comment: a doc comment here would be prepended to each re-exported item's own.)
pub use zkhost_abi::{err, groth16, message_parts, Crypto, InvalidInput, Message, Response};

#[cfg(all(target_arch = "wasm32", feature = "runtime", not(test)))]
mod runtime;
pub mod sig;
pub mod verifier;

/// The raw host imports of contract ABI v1. All pointers and lengths are `i32`
/// addresses into the contract's memory.
pub mod sys {
    #[link(wasm_import_module = "zkhost")]
    extern "C" {
        /// The length in bytes of the call's input.
        pub fn input_size() -> i32;
        /// Copies the call's input (`input_size()` bytes) to `dest_ptr`.
        pub fn input_read(dest_ptr: i32);
        /// Sets the call's output to the `len` bytes at `src_ptr`.
        pub fn output_write(src_ptr: i32, len: i32);
        /// The gas left to this call.
        pub fn gas_left() -> i64;
        /// The code of the last refusal in this call (`zkhost_abi::last_error`), 0 if
        /// none. Optional: imported only by a contract that calls it.
        pub fn last_error() -> i32;
    }

    /// The crypto functions, one per row of `zkhost_abi::foreach_crypto_function!`:
    /// `(in_ptr, in_len, out_ptr) -> status`. On success each writes its row's output
    /// length to `out_ptr` and returns 0; on a refused input it writes nothing and
    /// returns 1.
    macro_rules! crypto_imports {
        ($(
            $(#[$doc:meta])*
            $name:ident: $variant:ident, $family:ident, [$($input:expr)?], $len:expr,
                $report:literal, $refusal:ident;
        )*) => {
            #[link(wasm_import_module = "zkhost")]
            extern "C" {
                $(
                    $(#[$doc])*
                    pub fn $name(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
                )*
            }
        };
    }
    zkhost_abi::foreach_crypto_function!(crypto_imports);
}

/// A host crypto function: `(in_ptr, in_len, out_ptr) -> status`.
type HostFn = unsafe extern "C" fn(i32, i32, i32) -> i32;

/// Calls a host crypto function that writes `N` bytes on success.
#[inline(always)]
fn call_host<const N: usize>(f: HostFn, input: &[u8]) -> Result<[u8; N], InvalidInput> {
    let mut out = [0u8; N];
    // SAFETY: the host reads `input.len()` bytes of `input` and writes at most `N`
    // bytes to `out`, both valid for the duration of the call.
    let status = unsafe {
        f(
            input.as_ptr() as i32,
            input.len() as i32,
            out.as_mut_ptr() as i32,
        )
    };
    if status == 0 {
        Ok(out)
    } else {
        Err(InvalidInput)
    }
}

/// The precompile-exact forms of the crypto functions: each takes the input as a byte
/// slice of any length, as the precompile it mirrors does (ECADD, ECMUL and `ecrecover`
/// zero-pad a short input and cut a long one; the others refuse a wrong length), and
/// returns the row's output as an array of its length, or [`InvalidInput`] when the
/// host refused the input ([`last_error`] tells why).
///
/// For a function defined on one input length the crate's root has a typed form
/// taking `&[u8; N]`, which cannot be given a short buffer by mistake: use these when
/// you forward a caller's raw precompile input.
pub mod raw {
    use super::{call_host, sys, InvalidInput};

    macro_rules! raw_wrappers {
        ($(
            $(#[$doc:meta])*
            $name:ident: $variant:ident, $family:ident, [$($input:expr)?], $len:expr,
                $report:literal, $refusal:ident;
        )*) => {
            $(
                $(#[$doc])*
                pub fn $name(input: &[u8]) -> Result<[u8; $len], InvalidInput> {
                    call_host(sys::$name, input)
                }
            )*
        };
    }
    zkhost_abi::foreach_crypto_function!(raw_wrappers);
}

/// One typed wrapper: `&[u8; N]` for a function defined on one input length, the byte
/// slice (the [`raw`] form) for one whose input varies.
macro_rules! typed_wrapper {
    ($(#[$doc:meta])* $name:ident, [], $len:expr) => {
        $(#[$doc])*
        pub fn $name(input: &[u8]) -> Result<[u8; $len], InvalidInput> {
            raw::$name(input)
        }
    };
    ($(#[$doc:meta])* $name:ident, [$input:expr], $len:expr) => {
        $(#[$doc])*
        ///
        /// Typed: the input is exactly the length the function is defined on
        /// ([`raw`] has the precompile-exact form on a byte slice).
        pub fn $name(input: &[u8; $input]) -> Result<[u8; $len], InvalidInput> {
            raw::$name(input)
        }
    };
}

/// The typed wrappers, one per row of `zkhost_abi::foreach_crypto_function!`: the
/// output as an array of the row's length, or [`InvalidInput`] when the host refused
/// the input ([`last_error`] tells why).
macro_rules! crypto_wrappers {
    ($(
        $(#[$doc:meta])*
        $name:ident: $variant:ident, $family:ident, [$($input:expr)?], $len:expr,
            $report:literal, $refusal:ident;
    )*) => {
        $(typed_wrapper!($(#[$doc])* $name, [$($input)?], $len);)*
    };
}
zkhost_abi::foreach_crypto_function!(crypto_wrappers);

/// [`forward`], one arm per row of `zkhost_abi::foreach_crypto_function!`.
macro_rules! crypto_forward {
    ($(
        $(#[$doc:meta])*
        $name:ident: $variant:ident, $family:ident, [$($input:expr)?], $len:expr,
            $report:literal, $refusal:ident;
    )*) => {
        /// Runs `function` on `input` and sets the call's output to its [`Response`]
        /// ([`respond`]): the whole body of a contract that forwards [`Message`]s.
        pub fn forward(function: Crypto, input: &[u8]) {
            match function {
                $(Crypto::$variant => respond(raw::$name(input)),)*
            }
        }
    };
}
zkhost_abi::foreach_crypto_function!(crypto_forward);

/// Whether `input` (as [`p256_verify`] takes it) is a valid P-256 signature.
pub fn p256_is_valid(input: &[u8; zkhost_abi::p256::INPUT_LEN]) -> bool {
    p256_verify(input).is_ok()
}

/// Why the last crypto function that returned `Err(InvalidInput)` in this call refused
/// its input: `None` if none did, else its stable code ([`codes`]), which
/// [`Refusal::class`] sorts for a contract that only needs to branch on the kind.
/// Imports the optional host function `last_error`: a host that does not link it
/// refuses the contract at deploy.
pub fn last_error() -> Option<Refusal> {
    // SAFETY: no memory is involved.
    Refusal::from_code(unsafe { sys::last_error() })
}

/// The codes `last_error` returns, defined once in `zkhost-abi`.
pub use zkhost_abi::last_error as codes;

/// A refusal's code, as [`last_error`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal(pub i32);

/// What kind of problem a [`Refusal`] is, across curves (the class column of the
/// code table in `zkhost-abi`).
pub use zkhost_abi::RefusalClass;

impl Refusal {
    /// The refusal of `code`, `None` for [`codes::NONE`].
    pub fn from_code(code: i32) -> Option<Refusal> {
        (code != codes::NONE).then_some(Refusal(code))
    }

    /// Its kind.
    pub fn class(self) -> RefusalClass {
        codes::class(self.0)
    }

    /// What its code means, if this library knows the code.
    pub fn describe(self) -> Option<&'static str> {
        codes::describe(self.0)
    }
}

/// The call's input.
pub fn input() -> Vec<u8> {
    // SAFETY: the host writes exactly `input_size()` bytes, the capacity reserved.
    unsafe {
        let len = sys::input_size() as usize;
        let mut buf = Vec::with_capacity(len);
        sys::input_read(buf.as_mut_ptr() as i32);
        buf.set_len(len);
        buf
    }
}

/// Sets the call's output.
pub fn output(bytes: &[u8]) {
    // SAFETY: the host reads `bytes.len()` bytes from a valid slice.
    unsafe { sys::output_write(bytes.as_ptr() as i32, bytes.len() as i32) }
}

/// The gas left to this call.
pub fn gas_left() -> i64 {
    // SAFETY: no memory is involved.
    unsafe { sys::gas_left() }
}

/// Aborts the call with a trap (wasm `unreachable`).
pub fn trap() -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    unreachable!("trap");
}

/// The call's input did not decode as the contract's message: what [`entry()`] answers
/// instead of trapping. A handler's answer type says how it reports it
/// (`From<BadMessage>`): [`Response`] as `Err(err::BAD_MESSAGE)`, a `u8` as
/// `err::BAD_MESSAGE`, a Groth16
/// [`Verdict`](groth16::Verdict) as invalid with `reason::BAD_MESSAGE`, a `Result` as
/// its error's `From<BadMessage>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadMessage;

impl From<BadMessage> for Response {
    fn from(_: BadMessage) -> Response {
        Response::Err(err::BAD_MESSAGE)
    }
}

impl From<BadMessage> for groth16::Verdict {
    fn from(_: BadMessage) -> groth16::Verdict {
        groth16::Verdict::invalid(groth16::reason::BAD_MESSAGE, 0, 0)
    }
}

impl From<BadMessage> for u8 {
    /// [`err::BAD_MESSAGE`], for a handler answering `Result<_, u8>` with [`err`]'s
    /// codes (the same bytes as a [`Response`] when the success is a `Vec<u8>`).
    fn from(_: BadMessage) -> u8 {
        err::BAD_MESSAGE
    }
}

impl<T, E: From<BadMessage>> From<BadMessage> for Result<T, E> {
    fn from(bad: BadMessage) -> Result<T, E> {
        Err(E::from(bad))
    }
}

/// The body of a contract's `call`: reads the input, SCALE-decodes it as a `T` (every
/// byte must be used), calls `handler` and sets the output to the SCALE encoding of its
/// answer. An input that does not decode is answered with `R::from(BadMessage)`, not a
/// trap: the caller gets an error it can read, and pays for the call.
///
/// When the call is done every allocation is released at once (the `runtime`
/// feature's bump allocator), so a warm instance reused for many calls does not run
/// out of memory and each call costs the same gas as on a fresh instance. A
/// hand-written `call` that skips this keeps its heap from one call to the next.
/// [`entry!`] defines the export around it.
pub fn entry<T: Decode, R: Encode + From<BadMessage>>(handler: impl FnOnce(T) -> R) {
    {
        let input = input();
        let answer = match T::decode_all(&mut &input[..]) {
            Ok(message) => handler(message),
            Err(_) => R::from(BadMessage),
        };
        output(&answer.encode());
    }
    // Everything the call allocated has been dropped: the next call on this instance
    // starts with an empty heap.
    #[cfg(all(target_arch = "wasm32", feature = "runtime", not(test)))]
    runtime::reset_heap();
}

/// Defines the contract's entry point, the exported `call`, as [`entry()`] of `handler`
/// (a function from the message type to the answer type):
///
/// ```ignore
/// #[derive(codec::Decode)]
/// enum Message { Hash(Vec<[u8; 32]>) }
///
/// fn handle(message: Message) -> Result<[u8; 32], u8> { /* ... */ }
///
/// zkhost_guest::entry!(handle);
/// ```
///
/// The export exists only on wasm32: the same crate builds natively for its tests, where
/// the handler is still type-checked against [`entry()`] (and counts as used) but no code
/// calling the host's imports is generated.
#[macro_export]
macro_rules! entry {
    ($handler:expr) => {
        /// The contract's entry point (contract ABI v1).
        #[cfg(target_arch = "wasm32")]
        #[no_mangle]
        pub extern "C" fn call() {
            $crate::entry($handler)
        }

        #[cfg(not(target_arch = "wasm32"))]
        const _: fn() = || $crate::entry($handler);
    };
}

/// [`entry()`] for a [`Message`], without copying its input: reads the call's input,
/// splits it with [`message_parts`] (a malformed message, or an index no function has,
/// traps) and lets `f` answer, usually with [`respond`] or [`forward`]. The hot path of
/// the `forwarder` contract: it saves the copies and allocations of a decode and an
/// encode per call.
pub fn handle_message(f: impl FnOnce(Crypto, &[u8])) {
    {
        let input = input();
        let Some((index, payload)) = message_parts(&input) else {
            trap()
        };
        let Some(function) = Crypto::from_index(index) else {
            trap()
        };
        f(function, payload);
    }
    #[cfg(all(target_arch = "wasm32", feature = "runtime", not(test)))]
    runtime::reset_heap();
}

/// Longest output [`respond`] encodes on the stack.
const STACK_RESPONSE: usize = 128;

/// Calls `out` with the SCALE encoding of `Response::Ok(bytes)` (a zero variant byte,
/// the compact length, the bytes), built on the stack when `bytes` is short.
fn with_ok_encoding(bytes: &[u8], out: impl FnOnce(&[u8])) {
    let n = bytes.len();
    if n > STACK_RESPONSE {
        return out(&Response::Ok(bytes.to_vec()).encode());
    }
    let mut buf = [0u8; 3 + STACK_RESPONSE];
    // Compact length: one byte below 64, else two (STACK_RESPONSE < 2^14).
    let head = if n < 1 << 6 {
        buf[1] = (n as u8) << 2;
        2
    } else {
        buf[1..3].copy_from_slice(&(((n as u16) << 2) | 1).to_le_bytes());
        3
    };
    buf[head..head + n].copy_from_slice(bytes);
    out(&buf[..head + n]);
}

/// Sets the output to a host function's result as a [`Response`]: `Ok(output)`, or
/// `Err(err::INVALID)`. The same bytes as `output(&Response::from(result).encode())`,
/// without allocating.
pub fn respond<const N: usize>(result: Result<[u8; N], InvalidInput>) {
    match result {
        Ok(bytes) => with_ok_encoding(&bytes, output),
        Err(InvalidInput) => output(&[1, err::INVALID]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn respond_writes_what_response_encodes() {
        for n in [0usize, 1, 32, 63, 64, 100, 128, 129, 20_000] {
            let bytes: Vec<u8> = (0..n).map(|i| i as u8).collect();
            let mut got = Vec::new();
            with_ok_encoding(&bytes, |b| got.extend_from_slice(b));
            assert_eq!(got, Response::Ok(bytes.clone()).encode(), "n = {n}");
        }
        assert_eq!(Response::Err(err::INVALID).encode(), [1, err::INVALID]);
    }

    #[test]
    fn every_refusal_code_has_its_class() {
        use RefusalClass::*;
        assert_eq!(Refusal::from_code(0), None);
        // The class every code has in the table, checked against what its constant's
        // name says it is (the table is `zkhost_abi::foreach_last_error_code!`: a row
        // given a class its name contradicts fails here).
        for code in codes::ALL {
            let name = codes::name(code).unwrap();
            let by_name = if name.ends_with("NOT_ON_CURVE") {
                NotOnCurve
            } else if name.ends_with("NOT_IN_SUBGROUP") {
                NotInSubgroup
            } else if ["LENGTH", "INPUT_COUNT", "TOO_MANY_SCALARS"]
                .iter()
                .any(|w| name.ends_with(w))
            {
                Length
            } else if [
                "MISMATCH",
                "DOES_NOT_VERIFY",
                "NO_KEY",
                "VERSIONED_HASH",
                "R_IS_INFINITY",
            ]
            .iter()
            .any(|w| name.ends_with(w))
            {
                DoesNotVerify
            } else {
                Encoding
            };
            assert_eq!(
                Refusal::from_code(code).map(Refusal::class),
                Some(by_name),
                "{name}"
            );
        }
        assert_eq!(Refusal(1000).class(), Unknown);
        assert_eq!(Refusal(-1).class(), Unknown);
    }
}
