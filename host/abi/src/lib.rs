#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! zkhost's contract ABI v1, defined once for both sides of the boundary: the host
//! crates (`zkhost-runtime`, `zkhost-bn254`, `zkhost-gas`, ...) and the guest library
//! `contracts/zkhost-guest` depend on this crate, so a name, a length, an error code
//! or a message layout cannot differ between them.
//!
//! - [`MODULE`] and [`Function`]: the module contracts import from, and every host
//!   function ([`Io`], [`Crypto`]) with its WebAssembly signature;
//! - [`bn254`], [`bls12_381`], [`verkle`], [`kzg`], [`p256`], [`secp256k1`],
//!   [`ed25519`] and [`poseidon`]: the byte layouts the crypto functions take and return;
//! - [`err`]: the error codes of [`Response::Err`] and of the Groth16 verdict;
//! - with the default `scale` feature: the SCALE [`Message`] (a crypto function and
//!   its input) and [`Response`] of the bundled contracts, [`message_parts`], and
//!   [`groth16`], the Groth16 verification request and verdict.
//!
//! `no_std`; without `scale` it has no dependency at all.

#![no_std]

#[cfg(feature = "scale")]
extern crate alloc;

#[cfg(feature = "scale")]
pub mod groth16;
#[macro_use]
mod table;
#[cfg(feature = "scale")]
mod messages;

#[cfg(feature = "scale")]
pub use messages::{message_parts, Message, Response};

/// A host crypto function refused its input: it returned 1 and wrote nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidInput;

/// The module name contracts import the host functions from (a node may link them
/// under another name).
pub const MODULE: &str = "zkhost";

/// A WebAssembly value type of a host function's signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValType {
    /// `i32`: pointers, lengths, status codes.
    I32,
    /// `i64`: gas.
    I64,
}

/// The I/O functions of zkhost's own contract ABI: a node embedding the crypto
/// functions brings its own I/O instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Io {
    /// `input_size() -> i32`: the length of the call's input.
    InputSize,
    /// `input_read(dest_ptr)`: copies the input into memory.
    InputRead,
    /// `output_write(src_ptr, len)`: sets the call's output.
    OutputWrite,
    /// `gas_left() -> i64`: the gas left to the call.
    GasLeft,
}

impl Io {
    /// Every I/O function, in the table's order.
    pub const ALL: [Io; 4] = [Io::InputSize, Io::InputRead, Io::OutputWrite, Io::GasLeft];

    /// The import name.
    pub const fn name(self) -> &'static str {
        match self {
            Io::InputSize => "input_size",
            Io::InputRead => "input_read",
            Io::OutputWrite => "output_write",
            Io::GasLeft => "gas_left",
        }
    }
}

/// How a refused input shows to the callers of the Ethereum precompile a crypto function
/// mirrors. The host function itself always returns 1 and writes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// The precompile fails (an invalid input): the usual case.
    Invalid,
    /// The precompile succeeds with an empty output: EIP-7951's P256VERIFY and the EVM's
    /// `ecrecover`, for which any invalid signature or input is the empty output.
    EmptyOutput,
}

foreach_crypto_function!(define_crypto);

impl Crypto {
    /// The function of an import name.
    pub fn from_name(name: &str) -> Option<Crypto> {
        Crypto::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The function of a report name ([`Crypto::report_name`]).
    pub fn from_report_name(name: &str) -> Option<Crypto> {
        Crypto::ALL.into_iter().find(|f| f.report_name() == name)
    }
}

/// A family of crypto functions: the functions over one curve or one construction,
/// which a node links or leaves out together (`zkhost_runtime::Functions::family`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// BN254 (alt_bn128): EIP-196/197, the G1 MSM and point compression.
    Bn254,
    /// BLS12-381: the seven precompiles of EIP-2537.
    Bls12381,
    /// Verkle: Pedersen commitments over Banderwagon and EIP-6800 tree keys.
    Verkle,
    /// KZG point evaluation (EIP-4844), on BLS12-381.
    Kzg,
    /// P256VERIFY (EIP-7951), ECDSA over secp256r1.
    P256,
    /// circomlib's Poseidon hash over BN254's scalar field.
    Poseidon,
    /// secp256k1: the EVM's `ecrecover` (precompile 0x01), ECDSA verification and
    /// public-key recovery.
    Secp256k1,
    /// Ed25519 (RFC 8032 signatures, ZIP-215's verification rule): one and a batch.
    Ed25519,
    /// BLS signatures over BLS12-381 beyond EIP-2537: compressed points, RFC 9380's
    /// hash to G1 and G2, aggregation, and min-pk signature verification.
    BlsSignatures,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 9] = [
        Family::Bn254,
        Family::Bls12381,
        Family::Verkle,
        Family::Kzg,
        Family::P256,
        Family::Poseidon,
        Family::Secp256k1,
        Family::Ed25519,
        Family::BlsSignatures,
    ];
}

/// Every function of ABI v1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Function {
    /// One of zkhost's I/O functions.
    Io(Io),
    /// One of the crypto functions.
    Crypto(Crypto),
}

const CRYPTO_PARAMS: &[ValType] = &[ValType::I32, ValType::I32, ValType::I32];

impl Function {
    /// The import name.
    pub const fn name(self) -> &'static str {
        match self {
            Function::Io(f) => f.name(),
            Function::Crypto(f) => f.name(),
        }
    }

    /// The function of an import name.
    pub fn from_name(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The parameter types.
    pub const fn params(self) -> &'static [ValType] {
        match self {
            Function::Io(Io::InputSize | Io::GasLeft) => &[],
            Function::Io(Io::InputRead) => &[ValType::I32],
            Function::Io(Io::OutputWrite) => &[ValType::I32, ValType::I32],
            Function::Crypto(_) => CRYPTO_PARAMS,
        }
    }

    /// The result types.
    pub const fn results(self) -> &'static [ValType] {
        match self {
            Function::Io(Io::InputSize) => &[ValType::I32],
            Function::Io(Io::GasLeft) => &[ValType::I64],
            Function::Io(Io::InputRead | Io::OutputWrite) => &[],
            Function::Crypto(_) => &[ValType::I32],
        }
    }
}

/// What kind of problem a refusal is, across curves: the class column of
/// [`foreach_last_error_code!`], given by [`last_error::class`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// A well-formed input whose check is false: a KZG proof, a P-256, secp256k1,
    /// Ed25519 or BLS signature that does not verify, a KZG versioned hash that is not
    /// the commitment's, a P-256 `R'` at infinity, an `ecrecover` signature no key
    /// recovers from.
    DoesNotVerify,
    /// A code this side does not know (a newer host's), or no refusal.
    Unknown,
}

/// `last_error() -> i32`, an optional function of ABI v1 added after it: the code of
/// the last refusal (a crypto function that returned 1) in this call, [`last_error::NONE`]
/// if there was none. A contract that does not import it is unchanged, in behaviour
/// and in gas; one that does can tell, say, "not on the curve" from "not in the
/// subgroup" and branch on it. It is priced as a host call that moves no byte.
///
/// The codes are stable: each names one class of the host's refusal reasons, grouped
/// by family (BN254 from 1, its point compression from 8, verkle from 16, BLS12-381
/// from 32, KZG from 48, P-256 from 64, Poseidon from 80, secp256k1 from 96, Ed25519
/// from 112, BLS signatures from 128), and a code once given is never reused for
/// another class.
pub mod last_error {
    use super::ValType;

    /// The import name.
    pub const NAME: &str = "last_error";
    /// Its parameter types (none).
    pub const PARAMS: &[ValType] = &[];
    /// Its result types: the code.
    pub const RESULTS: &[ValType] = &[ValType::I32];

    /// No refusal in this call so far.
    pub const NONE: i32 = 0;

    crate::foreach_last_error_code!(define_last_error_codes);
}

/// The byte layouts of the BN254 functions (the Ethereum precompiles' encodings).
pub mod bn254 {
    /// The base-field modulus p of BN254, big-endian: every coordinate must be below it.
    pub const FIELD_MODULUS: [u8; 32] = [
        0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58,
        0x5d, 0x97, 0x81, 0x6a, 0x91, 0x68, 0x71, 0xca, 0x8d, 0x3c, 0x20, 0x8c, 0x16, 0xd8, 0x7c,
        0xfd, 0x47,
    ];

    /// The group order r of BN254 (the scalar-field modulus), big-endian.
    pub const GROUP_ORDER: [u8; 32] = [
        0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58,
        0x5d, 0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9, 0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00,
        0x00, 0x01,
    ];

    /// A G1 point: `x, y`, 32 bytes big-endian each (all zero: infinity). Also the
    /// output of add, mul and the MSM.
    pub const G1_LEN: usize = 64;
    /// A G2 point: `x_imag, x_real, y_imag, y_real`.
    pub const G2_LEN: usize = 128;
    /// An ECADD input after padding (two G1 points).
    pub const ADD_LEN: usize = 128;
    /// An ECMUL input after padding (a G1 point and a 32-byte scalar).
    pub const MUL_LEN: usize = 96;
    /// One (G1, G2) pair of the pairing check.
    pub const PAIR_LEN: usize = 192;
    /// The pairing check's output: 32 bytes, big-endian 1 or 0.
    pub const PAIRING_OUTPUT_LEN: usize = 32;
    /// One record of the G1 MSM: a G1 point, then a 32-byte big-endian scalar.
    pub const MSM_RECORD_LEN: usize = 96;
    /// A compressed G1 point (Solana's format): `x` big-endian with the flags in the
    /// top two bits of its first byte (`0x80`: y is the larger root, `0x40`: infinity).
    pub const G1_COMPRESSED_LEN: usize = 32;
    /// A compressed G2 point: `x_imag ‖ x_real` with the flags in `x_imag`'s top bits.
    pub const G2_COMPRESSED_LEN: usize = 64;
}

/// The byte layouts of `kzg_point_evaluation` (EIP-4844).
pub mod kzg {
    /// The input: `versioned_hash (32) ‖ z (32) ‖ y (32) ‖ commitment (48) ‖ proof (48)`.
    pub const INPUT_LEN: usize = 192;
    /// The output: FIELD_ELEMENTS_PER_BLOB and BLS_MODULUS, 32 bytes big-endian each.
    pub const OUTPUT_LEN: usize = 64;
}

/// The byte layouts of `p256_verify` (EIP-7951).
pub mod p256 {
    /// The input: `h ‖ r ‖ s ‖ qx ‖ qy`, 32 bytes big-endian each.
    pub const INPUT_LEN: usize = 160;
    /// The output for a valid signature: 32 bytes, big-endian 1.
    pub const OUTPUT_LEN: usize = 32;
}

/// The byte layouts of `secp256k1_ecrecover` (the EVM's precompile 0x01).
pub mod secp256k1 {
    /// The input: `hash ‖ v ‖ r ‖ s`, 32 bytes big-endian each; a shorter input is
    /// right-padded with zeros, bytes past it are ignored.
    pub const ECRECOVER_INPUT_LEN: usize = 128;
    /// The output: 12 zero bytes, then the 20-byte address.
    pub const ECRECOVER_OUTPUT_LEN: usize = 32;
    /// The input of `secp256k1_verify` with a compressed key: `hash ‖ r ‖ s` (32 bytes
    /// big-endian each) ‖ `02`/`03` ‖ `x`.
    pub const VERIFY_COMPRESSED_INPUT_LEN: usize = 96 + 33;
    /// The input of `secp256k1_verify` with an uncompressed key: `hash ‖ r ‖ s` ‖ `04 ‖
    /// x ‖ y`.
    pub const VERIFY_UNCOMPRESSED_INPUT_LEN: usize = 96 + 65;
    /// The output of `secp256k1_verify` for a valid signature: 32 bytes, big-endian 1.
    pub const VERIFY_OUTPUT_LEN: usize = 32;
    /// The input of `secp256k1_recover_pubkey`: `hash ‖ r ‖ s ‖ recovery_id` (the id one
    /// byte, 0 or 1).
    pub const RECOVER_INPUT_LEN: usize = 97;
    /// The output of `secp256k1_recover_pubkey`: the uncompressed key `04 ‖ x ‖ y`.
    pub const RECOVER_OUTPUT_LEN: usize = 65;
}

/// The byte layouts of `ed25519_verify` and `ed25519_batch_verify` (RFC 8032's
/// encodings).
pub mod ed25519 {
    /// A public key: the compressed point `A`.
    pub const KEY_LEN: usize = 32;
    /// A signature: `R ‖ s` (the compressed point, then the scalar little-endian).
    pub const SIGNATURE_LEN: usize = 64;
    /// The bytes of `ed25519_verify`'s input before the message: key, then signature.
    pub const VERIFY_HEADER_LEN: usize = KEY_LEN + SIGNATURE_LEN;
    /// The bytes of a batch record before its message: key, signature, the message's
    /// length (4 bytes, big-endian).
    pub const BATCH_RECORD_HEADER_LEN: usize = KEY_LEN + SIGNATURE_LEN + 4;
    /// The output for a valid signature (or batch): 32 bytes, big-endian 1.
    pub const OUTPUT_LEN: usize = 32;

    /// The number of records of a batch input (`key ‖ signature ‖ message length ‖
    /// message`, repeated to the end), `None` when the last record is cut short. The
    /// batch's per-record price is charged on this count.
    pub fn record_count(input: &[u8]) -> Option<usize> {
        let mut count = 0usize;
        let mut rest = input;
        while !rest.is_empty() {
            let tail = rest.get(BATCH_RECORD_HEADER_LEN..)?;
            let len: [u8; 4] = rest
                .get(KEY_LEN + SIGNATURE_LEN..BATCH_RECORD_HEADER_LEN)?
                .try_into()
                .ok()?;
            rest = tail.get(usize::try_from(u32::from_be_bytes(len)).ok()?..)?;
            count = count.checked_add(1)?;
        }
        Some(count)
    }
}

/// The byte layouts of the BLS-signature functions (`bls_*`): points in the compressed
/// encoding of Zcash and Ethereum's consensus layer, or in EIP-2537's
/// ([`crate::bls12_381`]); a ciphersuite as one byte (0: Ethereum's
/// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`, 1: the basic `…_NUL_`).
pub mod bls {
    /// The ciphersuite byte of Ethereum's consensus layer, proof of possession:
    /// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` ([`POP_DST`]). The only one
    /// `bls_fast_aggregate_verify` accepts.
    pub const CIPHERSUITE_POP: u8 = 0;
    /// The ciphersuite byte of the basic scheme, `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_`
    /// ([`BASIC_DST`]): `AggregateVerify` then requires distinct messages.
    pub const CIPHERSUITE_BASIC: u8 = 1;
    /// The domain-separation tag a signature is hashed with under [`CIPHERSUITE_POP`].
    pub const POP_DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    /// The domain-separation tag a signature is hashed with under
    /// [`CIPHERSUITE_BASIC`].
    pub const BASIC_DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";
    /// A compressed G1 point (a public key).
    pub const G1_COMPRESSED_LEN: usize = 48;
    /// A compressed G2 point (a signature).
    pub const G2_COMPRESSED_LEN: usize = 96;
    /// The longest domain-separation tag of `bls_hash_to_g1/g2` (the input's first
    /// byte is its length, 1 to 255).
    pub const MAX_DST_LEN: usize = 255;
    /// The output of a signature check that verifies: 32 bytes, big-endian 1.
    pub const VERIFY_OUTPUT_LEN: usize = 32;
    /// `bls_verify`'s input before the message: ciphersuite, key, signature.
    pub const VERIFY_HEADER_LEN: usize = 1 + G1_COMPRESSED_LEN + G2_COMPRESSED_LEN;
    /// The fast-aggregate functions' input before the keys: ciphersuite, signature,
    /// the number of keys (4 bytes, big-endian).
    pub const FAST_AGGREGATE_HEADER_LEN: usize = 1 + G2_COMPRESSED_LEN + 4;
    /// `bls_aggregate_verify`'s input before its records: ciphersuite, signature.
    pub const AGGREGATE_HEADER_LEN: usize = 1 + G2_COMPRESSED_LEN;
    /// An aggregate-verify record before its message: key, message length (4 bytes,
    /// big-endian).
    pub const RECORD_HEADER_LEN: usize = G1_COMPRESSED_LEN + 4;

    /// The number of keys a fast-aggregate input declares (`key_len` bytes each:
    /// compressed or EIP-2537), `None` when its input is too short to hold them. The
    /// per-key price is charged on this count.
    pub fn fast_aggregate_key_count(input: &[u8], key_len: usize) -> Option<usize> {
        let count: [u8; 4] = input
            .get(FAST_AGGREGATE_HEADER_LEN - 4..FAST_AGGREGATE_HEADER_LEN)?
            .try_into()
            .ok()?;
        let n = usize::try_from(u32::from_be_bytes(count)).ok()?;
        let keys = n.checked_mul(key_len)?;
        (input.len().checked_sub(FAST_AGGREGATE_HEADER_LEN)? >= keys).then_some(n)
    }

    /// The number of records of a `bls_aggregate_verify` input (`key ‖ message length
    /// ‖ message` after the header, repeated to the end), `None` when the header or
    /// the last record is cut short. The per-record price is charged on this count.
    pub fn aggregate_record_count(input: &[u8]) -> Option<usize> {
        let mut rest = input.get(AGGREGATE_HEADER_LEN..)?;
        let mut count = 0usize;
        while !rest.is_empty() {
            let tail = rest.get(RECORD_HEADER_LEN..)?;
            let len: [u8; 4] = rest
                .get(G1_COMPRESSED_LEN..RECORD_HEADER_LEN)?
                .try_into()
                .ok()?;
            rest = tail.get(usize::try_from(u32::from_be_bytes(len)).ok()?..)?;
            count = count.checked_add(1)?;
        }
        Some(count)
    }
}

/// The byte layouts of `poseidon` (circomlib's Poseidon over BN254's scalar field).
pub mod poseidon {
    /// An input element and the hash: 32 bytes big-endian, below the scalar-field
    /// modulus (BN254's group order, [`super::bn254::GROUP_ORDER`]).
    pub const ELEMENT_LEN: usize = 32;
    /// At most this many input elements (width 17).
    pub const MAX_INPUTS: usize = 16;
}

/// The byte layouts of the BLS12-381 functions (EIP-2537's encodings).
pub mod bls12_381 {
    /// The base-field modulus p of BLS12-381, big-endian (48 bytes): every field
    /// element must be below it.
    pub const FIELD_MODULUS: [u8; 48] = [
        0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac,
        0xd7, 0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0,
        0xf6, 0x24, 0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff,
        0xff, 0xaa, 0xab,
    ];

    /// A field element: 64 bytes big-endian, whose top 16 bytes must be zero.
    pub const FP_LEN: usize = 64;
    /// The zero bytes that pad a field element to [`FP_LEN`].
    pub const FP_PAD: usize = 16;
    /// An element of Fp2, `c0 ‖ c1` (note: c0 first, unlike BN254's G2).
    pub const FP2_LEN: usize = 128;
    /// A G1 point: `x ‖ y` (all zero: infinity). Also the output of G1ADD, G1MSM and
    /// MAP_FP_TO_G1.
    pub const G1_LEN: usize = 128;
    /// A G2 point: `x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1`. Also the output of G2ADD, G2MSM and
    /// MAP_FP2_TO_G2.
    pub const G2_LEN: usize = 256;
    /// A scalar of the MSMs: 32 bytes big-endian, any value.
    pub const SCALAR_LEN: usize = 32;
    /// The G1ADD input: two G1 points, exactly.
    pub const G1_ADD_LEN: usize = 2 * G1_LEN;
    /// The G2ADD input: two G2 points, exactly.
    pub const G2_ADD_LEN: usize = 2 * G2_LEN;
    /// One record of G1MSM: a G1 point, then a scalar.
    pub const G1_MSM_RECORD_LEN: usize = G1_LEN + SCALAR_LEN;
    /// One record of G2MSM: a G2 point, then a scalar.
    pub const G2_MSM_RECORD_LEN: usize = G2_LEN + SCALAR_LEN;
    /// One (G1, G2) pair of PAIRING_CHECK.
    pub const PAIR_LEN: usize = G1_LEN + G2_LEN;
    /// PAIRING_CHECK's output: 32 bytes, big-endian 1 or 0.
    pub const PAIRING_OUTPUT_LEN: usize = 32;
}

/// The byte layouts of the verkle functions.
pub mod verkle {
    /// A compressed element (commitment), and a scalar (32 bytes little-endian).
    pub const ELEMENT_LEN: usize = 32;
    /// One `verkle_update` entry: a 1-byte index, the old and the new value.
    pub const UPDATE_ENTRY_LEN: usize = 65;
    /// An uncompressed element: `x ‖ y`, 32 bytes big-endian each, `y` the
    /// lexicographically largest root (the output of `verkle_commit_uncompressed` and
    /// `verkle_update_uncompressed`, the head of the latter's input).
    pub const UNCOMPRESSED_LEN: usize = 64;
    /// The `verkle_tree_key` input: a 32-byte address, then the 32-byte tree index
    /// little-endian (EIP-6800).
    pub const TREE_KEY_INPUT_LEN: usize = 64;
    /// The vector width: at most this many scalars or entries.
    pub const WIDTH: usize = 256;
}

/// The error codes of `Response::Err` and of the Groth16 verdict's `detail`.
pub mod err {
    /// Invalid input, reason unknown (a host function returned 1), or an unsupported
    /// operation.
    pub const INVALID: u8 = 0;
    /// Pairing input length not a multiple of 192.
    pub const PAIRING_LENGTH: u8 = 1;
    /// G1 coordinate not less than field modulus.
    pub const G1_COORDINATE_NOT_IN_FIELD: u8 = 2;
    /// G2 coordinate not less than field modulus.
    pub const G2_COORDINATE_NOT_IN_FIELD: u8 = 3;
    /// G1 point not on curve.
    pub const G1_NOT_ON_CURVE: u8 = 4;
    /// G2 point not on twist curve.
    pub const G2_NOT_ON_CURVE: u8 = 5;
    /// G2 point not in r-torsion subgroup.
    pub const G2_NOT_IN_SUBGROUP: u8 = 6;
    /// MSM input length not a positive multiple of 96.
    pub const MSM_LENGTH: u8 = 7;
    /// The call's input did not decode as the contract's message: the answer of the
    /// guest library's entry point (`zkhost_guest::entry`) instead of a trap. Far from
    /// the codes above, which mirror `last_error`'s BN254 codes.
    pub const BAD_MESSAGE: u8 = 255;
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    extern crate std;

    use super::*;

    #[test]
    fn the_table_is_consistent() {
        for (i, f) in Function::ALL.into_iter().enumerate() {
            assert_eq!(Function::from_name(f.name()), Some(f));
            assert_eq!(
                matches!(f, Function::Crypto(_)),
                i >= Io::ALL.len(),
                "{f:?}"
            );
            if let Function::Crypto(c) = f {
                assert_eq!(f.params(), CRYPTO_PARAMS);
                assert_eq!(f.results(), &[ValType::I32]);
                assert_eq!(Crypto::from_name(c.name()), Some(c));
            }
        }
        let names = Io::ALL
            .map(Io::name)
            .into_iter()
            .chain(Crypto::ALL.map(Crypto::name));
        assert!(names.eq(Function::ALL.map(Function::name)));
        assert_eq!(Function::from_name("alt_bn128_exp"), None);
        assert!(bn254::GROUP_ORDER < bn254::FIELD_MODULUS);
        // The BN254 codes of last_error are the response codes of err.
        assert_eq!(
            last_error::ALL[..7],
            [
                err::PAIRING_LENGTH,
                err::G1_COORDINATE_NOT_IN_FIELD,
                err::G2_COORDINATE_NOT_IN_FIELD,
                err::G1_NOT_ON_CURVE,
                err::G2_NOT_ON_CURVE,
                err::G2_NOT_IN_SUBGROUP,
                err::MSM_LENGTH
            ]
            .map(i32::from)
        );
        let mut codes = last_error::ALL.to_vec();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), last_error::ALL.len());
        assert!(!codes.contains(&last_error::NONE));
        assert_eq!(Function::from_name(last_error::NAME), None);
    }

    #[test]
    fn every_row_has_distinct_names_and_a_known_family() {
        let mut reports = std::collections::BTreeSet::new();
        for op in Crypto::ALL {
            assert_eq!(Crypto::from_report_name(op.report_name()), Some(op));
            assert!(Family::ALL.contains(&op.family()), "{op:?}");
            assert!(op.output_len() > 0, "{op:?}");
            reports.insert(op.report_name());
            reports.insert(op.name());
        }
        // Import names and report names: each used once across both columns, except
        // `poseidon`, whose import and report name are the same word.
        assert_eq!(reports.len(), 2 * Crypto::ALL.len() - 1);
    }

    /// The `///` lines right above the first line of `source` that starts (after its
    /// indentation) with `item` (attributes between them skipped), joined by spaces.
    fn doc_above(source: &str, item: &str) -> std::string::String {
        let lines: std::vec::Vec<&str> = source.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.trim_start().starts_with(item))
            .unwrap_or_else(|| panic!("no {item}"));
        let mut doc = std::vec::Vec::new();
        for line in lines[..at].iter().rev() {
            // Attributes between the doc and the item (`#[macro_export]`).
            if line.trim_start().starts_with("#[") {
                continue;
            }
            let Some(text) = line.trim_start().strip_prefix("///") else {
                break;
            };
            doc.push(text.trim());
        }
        doc.reverse();
        doc.join(" ")
    }

    /// How the documentation names a family.
    fn doc_name(family: Family) -> &'static str {
        match family {
            Family::Bn254 => "BN254",
            Family::Verkle => "verkle",
            Family::Bls12381 => "BLS12-381",
            Family::Kzg => "KZG",
            Family::P256 => "P-256",
            Family::Poseidon => "Poseidon",
            Family::Secp256k1 => "secp256k1",
            Family::Ed25519 => "Ed25519",
            Family::BlsSignatures => "BLS signatures",
        }
    }

    #[test]
    fn the_codes_docs_follow_the_table() {
        let lib = include_str!("lib.rs");
        let table = include_str!("table.rs");
        // Every family's first code, in the ranges the `last_error` module (the guest's
        // `zkhost_guest::codes`) and the table's macro document.
        let module = doc_above(lib, "pub mod last_error");
        let macro_doc = doc_above(table, "macro_rules! foreach_last_error_code");
        for family in Family::ALL {
            let first = last_error::ALL
                .into_iter()
                .filter(|&c| last_error::family(c) == Some(family))
                .min()
                .expect("a code");
            let phrase = std::format!("{} from {first}", doc_name(family));
            assert!(
                module.contains(&phrase),
                "last_error's doc lacks {phrase:?}"
            );
            assert!(
                macro_doc.contains(&phrase),
                "foreach_last_error_code's doc lacks {phrase:?}"
            );
        }
        // Every family with a code of the class DoesNotVerify is named in its doc (the
        // other classes' docs name no family).
        let doc = doc_above(lib, "DoesNotVerify,");
        for code in last_error::ALL {
            if last_error::class(code) == RefusalClass::DoesNotVerify {
                let family = last_error::family(code).unwrap();
                // The BLS-signature family is "BLS" in a list of signatures.
                let name = doc_name(family).trim_end_matches(" signatures");
                assert!(
                    doc.contains(name),
                    "RefusalClass::DoesNotVerify's doc does not name {name} ({})",
                    last_error::name(code).unwrap()
                );
            }
        }
    }

    #[test]
    fn every_code_has_a_name_a_family_and_a_meaning_in_its_range() {
        for code in last_error::ALL {
            let family = last_error::family(code).expect("a family");
            let what = last_error::describe(code).expect("a meaning");
            assert!(!what.is_empty());
            let name = last_error::name(code).expect("a name");
            assert_ne!(last_error::class(code), RefusalClass::Unknown, "{name}");
            // The ranges of the module's documentation.
            let range = match family {
                Family::Bn254 => 1..16,
                Family::Verkle => 16..32,
                Family::Bls12381 => 32..48,
                Family::Kzg => 48..64,
                Family::P256 => 64..80,
                Family::Poseidon => 80..96,
                Family::Secp256k1 => 96..112,
                Family::Ed25519 => 112..128,
                Family::BlsSignatures => 128..144,
            };
            assert!(range.contains(&code), "{name} = {code}");
        }
        assert_eq!(last_error::describe(last_error::NONE), None);
        assert_eq!(last_error::family(1000), None);
        assert_eq!(
            last_error::name(last_error::P256_MISMATCH),
            Some("P256_MISMATCH")
        );
    }
}
