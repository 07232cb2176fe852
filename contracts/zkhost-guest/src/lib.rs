//! Guest-side support for zkhost smart contracts (contract ABI v1).
//!
//! A contract is a `wasm32-unknown-unknown` module that exports `memory` and
//! `call: [] -> []` and imports host functions from the module `"zkhost"`. This crate
//! provides:
//!
//! - [`sys`]: the raw imports, and safe wrappers over them ([`input`], [`output`],
//!   [`gas_left`], [`alt_bn128_add`], [`bls12381_g1_add`], …, and [`last_error`], why
//!   the last refused input was refused);
//! - the shared SCALE [`Message`] / [`Response`] types and error codes ([`err`]), and
//!   [`handle`], the usual body of a contract's `call`;
//! - [`groth16`]: the Groth16 verification request and verdict, and [`verifier`]:
//!   the verification itself, through the host functions;
//! - with the default `runtime` feature, on wasm32: a bump global allocator and a
//!   panic handler that traps.
//!
//! Only imports a contract actually uses end up in its module.
#![cfg_attr(not(test), no_std)]

extern crate alloc;

use alloc::vec::Vec;
use codec::{Decode, DecodeAll, Encode};

/// The wire format, defined once in `zkhost-abi` for the host and this crate.
pub use zkhost_abi::{
    err, groth16, message_parts, Bls12Message, InvalidInput, KzgP256Message, Message,
    PoseidonMessage, Response, VerkleMessage,
};

#[cfg(all(target_arch = "wasm32", feature = "runtime", not(test)))]
mod runtime;
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
        /// Ethereum precompile 0x06 (ECADD). On success writes 64 bytes to `out_ptr` and
        /// returns 0; on invalid input writes nothing and returns 1.
        pub fn alt_bn128_add(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// Ethereum precompile 0x07 (ECMUL). Like [`alt_bn128_add`]; writes 64 bytes.
        pub fn alt_bn128_mul(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// Ethereum precompile 0x08 (pairing check). Like [`alt_bn128_add`]; writes 32 bytes.
        pub fn alt_bn128_pairing(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// G1 multi-scalar multiplication. Like [`alt_bn128_add`]; writes 64 bytes.
        pub fn alt_bn128_g1_msm(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// Verkle commitment of n ≤ 256 little-endian scalars; writes 32 bytes.
        pub fn verkle_commit(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// Map of a compressed commitment to the scalar field; writes 32 bytes.
        pub fn verkle_commitment_to_field(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// Sparse update of a compressed commitment; writes 32 bytes.
        pub fn verkle_update(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-6800 tree-key hash of a 32-byte address and a 32-byte little-endian
        /// tree index; writes 32 bytes.
        pub fn verkle_tree_key(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// `verkle_commit` with the commitment uncompressed; writes 64 bytes.
        pub fn verkle_commit_uncompressed(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// Sparse update of an uncompressed commitment; writes 64 bytes.
        pub fn verkle_update_uncompressed(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 G1ADD (0x0b); writes 128 bytes.
        pub fn bls12381_g1_add(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 G1MSM (0x0c); writes 128 bytes.
        pub fn bls12381_g1_msm(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 G2ADD (0x0d); writes 256 bytes.
        pub fn bls12381_g2_add(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 G2MSM (0x0e); writes 256 bytes.
        pub fn bls12381_g2_msm(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 PAIRING_CHECK (0x0f); writes 32 bytes.
        pub fn bls12381_pairing_check(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 MAP_FP_TO_G1 (0x10); writes 128 bytes.
        pub fn bls12381_map_fp_to_g1(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-2537 MAP_FP2_TO_G2 (0x11); writes 256 bytes.
        pub fn bls12381_map_fp2_to_g2(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-4844 point evaluation (0x0a); writes 64 bytes.
        pub fn kzg_point_evaluation(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// EIP-7951 P256VERIFY (0x100): a valid signature writes 32 bytes (`0…01`)
        /// and returns 0; an invalid one writes nothing and returns 1.
        pub fn p256_verify(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// circomlib's Poseidon of 1 to 16 big-endian elements; writes 32 bytes.
        pub fn poseidon(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// A BN254 G1 point (64 bytes) to its compressed form; writes 32 bytes.
        pub fn alt_bn128_g1_compress(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// A compressed BN254 G1 point (32 bytes) to the point; writes 64 bytes.
        pub fn alt_bn128_g1_decompress(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// A BN254 G2 point (128 bytes) to its compressed form; writes 64 bytes.
        pub fn alt_bn128_g2_compress(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// A compressed BN254 G2 point (64 bytes) to the point; writes 128 bytes.
        pub fn alt_bn128_g2_decompress(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32;
        /// The code of the last refusal in this call (`zkhost_abi::last_error`), 0 if
        /// none. Optional: imported only by a contract that calls it.
        pub fn last_error() -> i32;
    }
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

/// ECADD (precompile 0x06) on raw precompile input: the 64-byte sum.
pub fn alt_bn128_add(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::alt_bn128_add, input)
}

/// ECMUL (precompile 0x07) on raw precompile input: the 64-byte product.
pub fn alt_bn128_mul(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::alt_bn128_mul, input)
}

/// The pairing check (precompile 0x08) on raw precompile input: 32-byte big-endian 1 or 0.
pub fn alt_bn128_pairing(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::alt_bn128_pairing, input)
}

/// G1 multi-scalar multiplication on raw input: the 64-byte result.
pub fn alt_bn128_g1_msm(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::alt_bn128_g1_msm, input)
}

/// Verkle commitment of `input.len() / 32` little-endian scalars (each < r, at most
/// 256): the 32-byte compressed commitment.
pub fn verkle_commit(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::verkle_commit, input)
}

/// A 32-byte compressed commitment mapped to the scalar field, 32 bytes little-endian.
pub fn verkle_commitment_to_field(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::verkle_commitment_to_field, input)
}

/// A compressed commitment followed by entries (1-byte index, 32-byte old value,
/// 32-byte new value): the updated 32-byte compressed commitment.
pub fn verkle_update(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::verkle_update, input)
}

/// EIP-6800's tree-key hash of a 32-byte address followed by a 32-byte little-endian
/// tree index: the key of sub-index `s` is its first 31 bytes followed by `s`.
pub fn verkle_tree_key(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::verkle_tree_key, input)
}

/// [`verkle_commit`] with the commitment in the 64-byte uncompressed form
/// (`x ‖ y`, big-endian each).
pub fn verkle_commit_uncompressed(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::verkle_commit_uncompressed, input)
}

/// [`verkle_update`] on a 64-byte uncompressed commitment: the updated commitment,
/// uncompressed.
pub fn verkle_update_uncompressed(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::verkle_update_uncompressed, input)
}

/// EIP-2537 G1ADD (0x0b) on raw precompile input: the 128-byte sum.
pub fn bls12381_g1_add(input: &[u8]) -> Result<[u8; 128], InvalidInput> {
    call_host(sys::bls12381_g1_add, input)
}

/// EIP-2537 G1MSM (0x0c) on raw precompile input: the 128-byte result.
pub fn bls12381_g1_msm(input: &[u8]) -> Result<[u8; 128], InvalidInput> {
    call_host(sys::bls12381_g1_msm, input)
}

/// EIP-2537 G2ADD (0x0d) on raw precompile input: the 256-byte sum.
pub fn bls12381_g2_add(input: &[u8]) -> Result<[u8; 256], InvalidInput> {
    call_host(sys::bls12381_g2_add, input)
}

/// EIP-2537 G2MSM (0x0e) on raw precompile input: the 256-byte result.
pub fn bls12381_g2_msm(input: &[u8]) -> Result<[u8; 256], InvalidInput> {
    call_host(sys::bls12381_g2_msm, input)
}

/// EIP-2537 PAIRING_CHECK (0x0f) on raw precompile input: 32-byte big-endian 1 or 0.
pub fn bls12381_pairing_check(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::bls12381_pairing_check, input)
}

/// EIP-2537 MAP_FP_TO_G1 (0x10) on a 64-byte field element: the 128-byte point.
pub fn bls12381_map_fp_to_g1(input: &[u8]) -> Result<[u8; 128], InvalidInput> {
    call_host(sys::bls12381_map_fp_to_g1, input)
}

/// EIP-2537 MAP_FP2_TO_G2 (0x11) on a 128-byte Fp2 element: the 256-byte point.
pub fn bls12381_map_fp2_to_g2(input: &[u8]) -> Result<[u8; 256], InvalidInput> {
    call_host(sys::bls12381_map_fp2_to_g2, input)
}

/// EIP-4844 point evaluation (0x0a) on its 192-byte input (versioned hash, z, y,
/// commitment, proof): FIELD_ELEMENTS_PER_BLOB and BLS_MODULUS, 64 bytes, when the
/// proof verifies.
pub fn kzg_point_evaluation(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::kzg_point_evaluation, input)
}

/// EIP-7951 P256VERIFY (0x100) on its 160-byte input (`h ‖ r ‖ s ‖ qx ‖ qy`): the 32
/// bytes `0…01` for a valid signature, `Err` for an invalid one (the precompile's
/// empty output: a success with nothing to return, at the same price).
pub fn p256_verify(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::p256_verify, input)
}

/// Whether `input` (160 bytes, as [`p256_verify`]) is a valid P-256 signature.
pub fn p256_is_valid(input: &[u8]) -> bool {
    p256_verify(input).is_ok()
}

/// circomlib's Poseidon of `input.len() / 32` big-endian elements (1 to 16, each
/// below BN254's group order): the 32-byte hash, as circom circuits compute it.
pub fn poseidon(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::poseidon, input)
}

/// A 64-byte BN254 G1 point (as ECADD takes it) compressed to 32 bytes (Solana's
/// format: `x` with the y-sign and infinity flags in its top bits).
pub fn alt_bn128_g1_compress(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    call_host(sys::alt_bn128_g1_compress, input)
}

/// A 32-byte compressed BN254 G1 point back to its 64 bytes.
pub fn alt_bn128_g1_decompress(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::alt_bn128_g1_decompress, input)
}

/// A 128-byte BN254 G2 point (as the pairing check takes it) compressed to 64 bytes.
pub fn alt_bn128_g2_compress(input: &[u8]) -> Result<[u8; 64], InvalidInput> {
    call_host(sys::alt_bn128_g2_compress, input)
}

/// A 64-byte compressed BN254 G2 point back to its 128 bytes (subgroup-checked).
pub fn alt_bn128_g2_decompress(input: &[u8]) -> Result<[u8; 128], InvalidInput> {
    call_host(sys::alt_bn128_g2_decompress, input)
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

/// What kind of problem a [`Refusal`] is, across curves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalClass {
    /// The input's length, or the number of records in it.
    Length,
    /// An encoding: a coordinate, field element or scalar out of range, or a
    /// non-canonical form.
    Encoding,
    /// A point not on its curve.
    NotOnCurve,
    /// A point on its curve but outside the prime-order subgroup.
    NotInSubgroup,
    /// A well-formed input whose check is false: a KZG proof or a P-256 signature
    /// that does not verify, a versioned hash that is not the commitment's.
    DoesNotVerify,
    /// A code this library does not know (a newer host).
    Unknown,
}

impl Refusal {
    /// The refusal of `code`, `None` for [`codes::NONE`].
    pub fn from_code(code: i32) -> Option<Refusal> {
        (code != codes::NONE).then_some(Refusal(code))
    }

    /// Its kind.
    pub fn class(self) -> RefusalClass {
        use codes::*;
        match self.0 {
            BN254_PAIRING_LENGTH
            | BN254_MSM_LENGTH
            | VERKLE_ENCODING_LENGTH
            | VERKLE_TOO_MANY_SCALARS
            | VERKLE_INPUT_LENGTH
            | BLS12_INPUT_LENGTH
            | BN254_COMPRESSION_LENGTH
            | KZG_INPUT_LENGTH
            | P256_INPUT_LENGTH
            | POSEIDON_LENGTH
            | POSEIDON_INPUT_COUNT => RefusalClass::Length,
            BN254_G1_COORDINATE_NOT_IN_FIELD
            | BN254_G2_COORDINATE_NOT_IN_FIELD
            | VERKLE_COORDINATE_NOT_IN_FIELD
            | VERKLE_NOT_CANONICAL_REPRESENTATIVE
            | VERKLE_SCALAR_NOT_CANONICAL
            | BLS12_FIELD_ELEMENT_TOP_BYTES
            | BLS12_FIELD_ELEMENT_NOT_IN_FIELD
            | BN254_COMPRESSION_FLAGS
            | BN254_COMPRESSION_COORDINATE_NOT_IN_FIELD
            | KZG_Z_NOT_CANONICAL
            | KZG_Y_NOT_CANONICAL
            | KZG_COMMITMENT_ENCODING
            | KZG_PROOF_ENCODING
            | P256_R_OUT_OF_RANGE
            | P256_S_OUT_OF_RANGE
            | P256_QX_NOT_IN_FIELD
            | P256_QY_NOT_IN_FIELD
            | POSEIDON_NOT_IN_FIELD => RefusalClass::Encoding,
            BN254_G1_NOT_ON_CURVE
            | BN254_G2_NOT_ON_CURVE
            | VERKLE_NOT_ON_CURVE
            | BLS12_G1_NOT_ON_CURVE
            | BLS12_G2_NOT_ON_CURVE
            | BN254_COMPRESSION_NOT_ON_CURVE
            | P256_NOT_ON_CURVE => RefusalClass::NotOnCurve,
            BN254_G2_NOT_IN_SUBGROUP
            | VERKLE_NOT_IN_SUBGROUP
            | BLS12_G1_NOT_IN_SUBGROUP
            | BLS12_G2_NOT_IN_SUBGROUP
            | BN254_COMPRESSION_NOT_IN_SUBGROUP
            | KZG_COMMITMENT_NOT_IN_SUBGROUP
            | KZG_PROOF_NOT_IN_SUBGROUP => RefusalClass::NotInSubgroup,
            KZG_VERSIONED_HASH | KZG_PROOF_DOES_NOT_VERIFY | P256_R_IS_INFINITY | P256_MISMATCH => {
                RefusalClass::DoesNotVerify
            }
            _ => RefusalClass::Unknown,
        }
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

/// Reads the input, SCALE-decodes it as a `T` (all bytes must be consumed, otherwise
/// the call traps) and writes the SCALE encoding of `f`'s result as the output.
pub fn handle<T: Decode, R: Encode>(f: impl FnOnce(T) -> R) {
    {
        let input = input();
        let message = T::decode_all(&mut &input[..]).unwrap_or_else(|_| trap());
        output(&f(message).encode());
    }
    // Everything the call allocated has been dropped: the next call on this instance
    // starts with an empty heap.
    #[cfg(all(target_arch = "wasm32", feature = "runtime", not(test)))]
    runtime::reset_heap();
}

/// [`handle`] for a message of raw-byte variants, without copying the payload: reads
/// the input, splits it with [`message_parts`] (a malformed message traps) and lets
/// `f` answer, usually with [`respond`]. The hot path of the `precompiles` contract:
/// it saves the copies and allocations of a decode and an encode per call.
pub fn handle_parts(f: impl FnOnce(u8, &[u8])) {
    {
        let input = input();
        let Some((variant, payload)) = message_parts(&input) else {
            trap()
        };
        f(variant, payload);
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
        // By the codes' documented meaning, one by one.
        let expected = [
            (1, Length),
            (2, Encoding),
            (3, Encoding),
            (4, NotOnCurve),
            (5, NotOnCurve),
            (6, NotInSubgroup),
            (7, Length),
            (8, Length),
            (9, Encoding),
            (10, Encoding),
            (11, NotOnCurve),
            (12, NotInSubgroup),
            (16, Length),
            (17, Encoding),
            (18, NotOnCurve),
            (19, NotInSubgroup),
            (20, Encoding),
            (21, Encoding),
            (22, Length),
            (23, Length),
            (32, Length),
            (33, Encoding),
            (34, Encoding),
            (35, NotOnCurve),
            (36, NotOnCurve),
            (37, NotInSubgroup),
            (38, NotInSubgroup),
            (48, Length),
            (49, DoesNotVerify),
            (50, Encoding),
            (51, Encoding),
            (52, Encoding),
            (53, NotInSubgroup),
            (54, Encoding),
            (55, NotInSubgroup),
            (56, DoesNotVerify),
            (64, Length),
            (65, Encoding),
            (66, Encoding),
            (67, Encoding),
            (68, Encoding),
            (69, NotOnCurve),
            (70, DoesNotVerify),
            (71, DoesNotVerify),
            (80, Length),
            (81, Length),
            (82, Encoding),
        ];
        assert_eq!(expected.map(|(c, _)| c), codes::ALL);
        for (code, class) in expected {
            assert_eq!(Refusal::from_code(code).map(Refusal::class), Some(class));
        }
        assert_eq!(Refusal(99).class(), Unknown);
        assert_eq!(Refusal(-1).class(), Unknown);
    }
}
