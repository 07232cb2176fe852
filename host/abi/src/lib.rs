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
//! - [`bn254`], [`bls12_381`], [`verkle`], [`kzg`], [`p256`] and [`poseidon`]: the
//!   byte layouts the crypto functions take and return;
//! - [`err`]: the error codes of [`Response::Err`] and of the Groth16 verdict;
//! - with the default `scale` feature: the SCALE [`Message`], [`VerkleMessage`],
//!   [`Bls12Message`], [`KzgP256Message`], [`PoseidonMessage`] and [`Response`] of the
//!   bundled contracts, [`message_parts`], and [`groth16`], the
//!   Groth16 verification request and verdict.
//!
//! `no_std`; without `scale` it has no dependency at all.

#![no_std]

#[cfg(feature = "scale")]
extern crate alloc;

#[cfg(feature = "scale")]
pub mod groth16;
#[cfg(feature = "scale")]
mod messages;

#[cfg(feature = "scale")]
pub use messages::{
    message_parts, Bls12Message, KzgP256Message, Message, PoseidonMessage, Response, VerkleMessage,
};

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

/// The crypto functions, each `(in_ptr, in_len, out_ptr) -> i32`: 0 after writing
/// the whole output, 1 (nothing written) when the input is refused.
///
/// [`Crypto::P256Verify`] is the one function whose refusal is not a failure of the
/// precompile it mirrors: EIP-7951's P256VERIFY succeeds with an empty output for an
/// invalid signature, and `p256_verify` returns 1 and writes nothing for it (a valid
/// signature: 0, and the 32 bytes `0…01`), so "1, nothing written" is exactly the
/// precompile's empty output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Crypto {
    /// `alt_bn128_add`: precompile 0x06; writes 64 bytes.
    AltBn128Add,
    /// `alt_bn128_mul`: precompile 0x07; writes 64 bytes.
    AltBn128Mul,
    /// `alt_bn128_pairing`: precompile 0x08; writes 32 bytes.
    AltBn128Pairing,
    /// `alt_bn128_g1_msm`: a BN254 G1 multi-scalar multiplication; writes 64 bytes.
    AltBn128G1Msm,
    /// `verkle_commit`: a Pedersen vector commitment; writes 32 bytes.
    VerkleCommit,
    /// `verkle_commitment_to_field`: a commitment mapped to the scalar field; writes
    /// 32 bytes.
    VerkleCommitmentToField,
    /// `verkle_update`: a sparse commitment update; writes 32 bytes.
    VerkleUpdate,
    /// `bls12381_g1_add`: EIP-2537 G1ADD (0x0b); writes 128 bytes.
    Bls12G1Add,
    /// `bls12381_g1_msm`: EIP-2537 G1MSM (0x0c); writes 128 bytes.
    Bls12G1Msm,
    /// `bls12381_g2_add`: EIP-2537 G2ADD (0x0d); writes 256 bytes.
    Bls12G2Add,
    /// `bls12381_g2_msm`: EIP-2537 G2MSM (0x0e); writes 256 bytes.
    Bls12G2Msm,
    /// `bls12381_pairing_check`: EIP-2537 PAIRING_CHECK (0x0f); writes 32 bytes.
    Bls12PairingCheck,
    /// `bls12381_map_fp_to_g1`: EIP-2537 MAP_FP_TO_G1 (0x10); writes 128 bytes.
    Bls12MapFpToG1,
    /// `bls12381_map_fp2_to_g2`: EIP-2537 MAP_FP2_TO_G2 (0x11); writes 256 bytes.
    Bls12MapFp2ToG2,
    /// `verkle_tree_key`: EIP-6800's tree-key hash of an address and a tree index;
    /// writes 32 bytes.
    VerkleTreeKey,
    /// `verkle_commit_uncompressed`: `verkle_commit` with the commitment written
    /// uncompressed; writes 64 bytes.
    VerkleCommitUncompressed,
    /// `verkle_update_uncompressed`: `verkle_update` on uncompressed commitments;
    /// writes 64 bytes.
    VerkleUpdateUncompressed,
    /// `kzg_point_evaluation`: EIP-4844's point evaluation (precompile 0x0a); writes 64
    /// bytes (FIELD_ELEMENTS_PER_BLOB and BLS_MODULUS).
    KzgPointEvaluation,
    /// `p256_verify`: EIP-7951's P256VERIFY (0x100); writes 32 bytes `0…01` for a
    /// valid signature, returns 1 and writes nothing for an invalid one.
    P256Verify,
    /// `poseidon`: circomlib's Poseidon hash of 1 to 16 elements of BN254's scalar
    /// field; writes 32 bytes.
    Poseidon,
    /// `alt_bn128_g1_compress`: a BN254 G1 point to its 32-byte compressed form
    /// (Solana's format); writes 32 bytes.
    AltBn128G1Compress,
    /// `alt_bn128_g1_decompress`: the inverse; writes 64 bytes.
    AltBn128G1Decompress,
    /// `alt_bn128_g2_compress`: a BN254 G2 point (subgroup-checked) to its 64-byte
    /// compressed form; writes 64 bytes.
    AltBn128G2Compress,
    /// `alt_bn128_g2_decompress`: the inverse, subgroup-checked; writes 128 bytes.
    AltBn128G2Decompress,
}

impl Crypto {
    /// Every crypto function, in the table's order.
    pub const ALL: [Crypto; 24] = [
        Crypto::AltBn128Add,
        Crypto::AltBn128Mul,
        Crypto::AltBn128Pairing,
        Crypto::AltBn128G1Msm,
        Crypto::VerkleCommit,
        Crypto::VerkleCommitmentToField,
        Crypto::VerkleUpdate,
        Crypto::Bls12G1Add,
        Crypto::Bls12G1Msm,
        Crypto::Bls12G2Add,
        Crypto::Bls12G2Msm,
        Crypto::Bls12PairingCheck,
        Crypto::Bls12MapFpToG1,
        Crypto::Bls12MapFp2ToG2,
        Crypto::VerkleTreeKey,
        Crypto::VerkleCommitUncompressed,
        Crypto::VerkleUpdateUncompressed,
        Crypto::KzgPointEvaluation,
        Crypto::P256Verify,
        Crypto::Poseidon,
        Crypto::AltBn128G1Compress,
        Crypto::AltBn128G1Decompress,
        Crypto::AltBn128G2Compress,
        Crypto::AltBn128G2Decompress,
    ];

    /// The import name.
    pub const fn name(self) -> &'static str {
        match self {
            Crypto::AltBn128Add => "alt_bn128_add",
            Crypto::AltBn128Mul => "alt_bn128_mul",
            Crypto::AltBn128Pairing => "alt_bn128_pairing",
            Crypto::AltBn128G1Msm => "alt_bn128_g1_msm",
            Crypto::VerkleCommit => "verkle_commit",
            Crypto::VerkleCommitmentToField => "verkle_commitment_to_field",
            Crypto::VerkleUpdate => "verkle_update",
            Crypto::Bls12G1Add => "bls12381_g1_add",
            Crypto::Bls12G1Msm => "bls12381_g1_msm",
            Crypto::Bls12G2Add => "bls12381_g2_add",
            Crypto::Bls12G2Msm => "bls12381_g2_msm",
            Crypto::Bls12PairingCheck => "bls12381_pairing_check",
            Crypto::Bls12MapFpToG1 => "bls12381_map_fp_to_g1",
            Crypto::Bls12MapFp2ToG2 => "bls12381_map_fp2_to_g2",
            Crypto::VerkleTreeKey => "verkle_tree_key",
            Crypto::VerkleCommitUncompressed => "verkle_commit_uncompressed",
            Crypto::VerkleUpdateUncompressed => "verkle_update_uncompressed",
            Crypto::KzgPointEvaluation => "kzg_point_evaluation",
            Crypto::P256Verify => "p256_verify",
            Crypto::Poseidon => "poseidon",
            Crypto::AltBn128G1Compress => "alt_bn128_g1_compress",
            Crypto::AltBn128G1Decompress => "alt_bn128_g1_decompress",
            Crypto::AltBn128G2Compress => "alt_bn128_g2_compress",
            Crypto::AltBn128G2Decompress => "alt_bn128_g2_decompress",
        }
    }

    /// The family the function belongs to.
    pub const fn family(self) -> Family {
        match self {
            Crypto::AltBn128Add
            | Crypto::AltBn128Mul
            | Crypto::AltBn128Pairing
            | Crypto::AltBn128G1Msm
            | Crypto::AltBn128G1Compress
            | Crypto::AltBn128G1Decompress
            | Crypto::AltBn128G2Compress
            | Crypto::AltBn128G2Decompress => Family::Bn254,
            Crypto::VerkleCommit
            | Crypto::VerkleCommitmentToField
            | Crypto::VerkleUpdate
            | Crypto::VerkleTreeKey
            | Crypto::VerkleCommitUncompressed
            | Crypto::VerkleUpdateUncompressed => Family::Verkle,
            Crypto::Bls12G1Add
            | Crypto::Bls12G1Msm
            | Crypto::Bls12G2Add
            | Crypto::Bls12G2Msm
            | Crypto::Bls12PairingCheck
            | Crypto::Bls12MapFpToG1
            | Crypto::Bls12MapFp2ToG2 => Family::Bls12381,
            Crypto::KzgPointEvaluation => Family::Kzg,
            Crypto::P256Verify => Family::P256,
            Crypto::Poseidon => Family::Poseidon,
        }
    }

    /// The function of an import name.
    pub fn from_name(name: &str) -> Option<Crypto> {
        Crypto::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The length of the output, written whole on success.
    pub const fn output_len(self) -> usize {
        match self {
            Crypto::AltBn128Add
            | Crypto::AltBn128Mul
            | Crypto::AltBn128G1Msm
            | Crypto::AltBn128G1Decompress => bn254::G1_LEN,
            Crypto::AltBn128G1Compress => bn254::G1_COMPRESSED_LEN,
            Crypto::AltBn128G2Compress => bn254::G2_COMPRESSED_LEN,
            Crypto::AltBn128G2Decompress => bn254::G2_LEN,
            Crypto::AltBn128Pairing => bn254::PAIRING_OUTPUT_LEN,
            Crypto::VerkleCommit
            | Crypto::VerkleCommitmentToField
            | Crypto::VerkleUpdate
            | Crypto::VerkleTreeKey => verkle::ELEMENT_LEN,
            Crypto::VerkleCommitUncompressed | Crypto::VerkleUpdateUncompressed => {
                verkle::UNCOMPRESSED_LEN
            }
            Crypto::Bls12G1Add | Crypto::Bls12G1Msm | Crypto::Bls12MapFpToG1 => bls12_381::G1_LEN,
            Crypto::Bls12G2Add | Crypto::Bls12G2Msm | Crypto::Bls12MapFp2ToG2 => bls12_381::G2_LEN,
            Crypto::Bls12PairingCheck => bls12_381::PAIRING_OUTPUT_LEN,
            Crypto::KzgPointEvaluation => kzg::OUTPUT_LEN,
            Crypto::P256Verify => p256::OUTPUT_LEN,
            Crypto::Poseidon => poseidon::ELEMENT_LEN,
        }
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
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 6] = [
        Family::Bn254,
        Family::Bls12381,
        Family::Verkle,
        Family::Kzg,
        Family::P256,
        Family::Poseidon,
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
    /// The table, in order: the I/O functions, then the crypto functions.
    pub const ALL: [Function; 28] = [
        Function::Io(Io::InputSize),
        Function::Io(Io::InputRead),
        Function::Io(Io::OutputWrite),
        Function::Io(Io::GasLeft),
        Function::Crypto(Crypto::AltBn128Add),
        Function::Crypto(Crypto::AltBn128Mul),
        Function::Crypto(Crypto::AltBn128Pairing),
        Function::Crypto(Crypto::AltBn128G1Msm),
        Function::Crypto(Crypto::VerkleCommit),
        Function::Crypto(Crypto::VerkleCommitmentToField),
        Function::Crypto(Crypto::VerkleUpdate),
        Function::Crypto(Crypto::Bls12G1Add),
        Function::Crypto(Crypto::Bls12G1Msm),
        Function::Crypto(Crypto::Bls12G2Add),
        Function::Crypto(Crypto::Bls12G2Msm),
        Function::Crypto(Crypto::Bls12PairingCheck),
        Function::Crypto(Crypto::Bls12MapFpToG1),
        Function::Crypto(Crypto::Bls12MapFp2ToG2),
        Function::Crypto(Crypto::VerkleTreeKey),
        Function::Crypto(Crypto::VerkleCommitUncompressed),
        Function::Crypto(Crypto::VerkleUpdateUncompressed),
        Function::Crypto(Crypto::KzgPointEvaluation),
        Function::Crypto(Crypto::P256Verify),
        Function::Crypto(Crypto::Poseidon),
        Function::Crypto(Crypto::AltBn128G1Compress),
        Function::Crypto(Crypto::AltBn128G1Decompress),
        Function::Crypto(Crypto::AltBn128G2Compress),
        Function::Crypto(Crypto::AltBn128G2Decompress),
    ];

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

/// `last_error() -> i32`, an optional function of ABI v1 added after it: the code of
/// the last refusal (a crypto function that returned 1) in this call, [`last_error::NONE`]
/// if there was none. A contract that does not import it is unchanged, in behaviour
/// and in gas; one that does can tell, say, "not on the curve" from "not in the
/// subgroup" and branch on it. It is priced as a host call that moves no byte.
///
/// The codes are stable: each names one class of the host's refusal reasons, grouped
/// by family (BN254 from 1, its point compression from 8, verkle from 16, BLS12-381
/// from 32, KZG from 48, P-256 from 64, Poseidon from 80), and a code once given is
/// never reused for another class.
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

    /// BN254: pairing input length not a multiple of 192 (as [`super::err::PAIRING_LENGTH`]).
    pub const BN254_PAIRING_LENGTH: i32 = 1;
    /// BN254: a G1 coordinate not below the field modulus.
    pub const BN254_G1_COORDINATE_NOT_IN_FIELD: i32 = 2;
    /// BN254: a G2 coordinate not below the field modulus.
    pub const BN254_G2_COORDINATE_NOT_IN_FIELD: i32 = 3;
    /// BN254: a G1 point not on the curve.
    pub const BN254_G1_NOT_ON_CURVE: i32 = 4;
    /// BN254: a G2 point not on the twist.
    pub const BN254_G2_NOT_ON_CURVE: i32 = 5;
    /// BN254: a G2 point outside the r-torsion subgroup.
    pub const BN254_G2_NOT_IN_SUBGROUP: i32 = 6;
    /// BN254: MSM input length not a positive multiple of 96.
    pub const BN254_MSM_LENGTH: i32 = 7;
    /// BN254 compression: an input of another length than the function's.
    pub const BN254_COMPRESSION_LENGTH: i32 = 8;
    /// BN254 compression: flag bits that no point has (both set, or infinity with
    /// other bits set).
    pub const BN254_COMPRESSION_FLAGS: i32 = 9;
    /// BN254 compression: a coordinate not below the field modulus.
    pub const BN254_COMPRESSION_COORDINATE_NOT_IN_FIELD: i32 = 10;
    /// BN254 compression: no point on the curve (or twist) with these coordinates.
    pub const BN254_COMPRESSION_NOT_ON_CURVE: i32 = 11;
    /// BN254 compression: a G2 point outside the r-torsion subgroup.
    pub const BN254_COMPRESSION_NOT_IN_SUBGROUP: i32 = 12;

    /// Verkle: an encoded element of the wrong length.
    pub const VERKLE_ENCODING_LENGTH: i32 = 16;
    /// Verkle: a coordinate not below the field modulus.
    pub const VERKLE_COORDINATE_NOT_IN_FIELD: i32 = 17;
    /// Verkle: a point not on the curve.
    pub const VERKLE_NOT_ON_CURVE: i32 = 18;
    /// Verkle: a point outside the prime-order subgroup.
    pub const VERKLE_NOT_IN_SUBGROUP: i32 = 19;
    /// Verkle: an uncompressed point that is not the canonical representative.
    pub const VERKLE_NOT_CANONICAL_REPRESENTATIVE: i32 = 20;
    /// Verkle: a scalar not below the group order.
    pub const VERKLE_SCALAR_NOT_CANONICAL: i32 = 21;
    /// Verkle: more than 256 scalars or entries.
    pub const VERKLE_TOO_MANY_SCALARS: i32 = 22;
    /// Verkle: an input length that is not a whole number of records.
    pub const VERKLE_INPUT_LENGTH: i32 = 23;

    /// BLS12-381: an input length that is not the operation's.
    pub const BLS12_INPUT_LENGTH: i32 = 32;
    /// BLS12-381: a field element whose top 16 bytes are not zero.
    pub const BLS12_FIELD_ELEMENT_TOP_BYTES: i32 = 33;
    /// BLS12-381: a field element not below the modulus.
    pub const BLS12_FIELD_ELEMENT_NOT_IN_FIELD: i32 = 34;
    /// BLS12-381: a G1 point not on the curve.
    pub const BLS12_G1_NOT_ON_CURVE: i32 = 35;
    /// BLS12-381: a G2 point not on the curve.
    pub const BLS12_G2_NOT_ON_CURVE: i32 = 36;
    /// BLS12-381: a G1 point outside the order-r subgroup.
    pub const BLS12_G1_NOT_IN_SUBGROUP: i32 = 37;
    /// BLS12-381: a G2 point outside the order-r subgroup.
    pub const BLS12_G2_NOT_IN_SUBGROUP: i32 = 38;

    /// KZG: the input is not 192 bytes.
    pub const KZG_INPUT_LENGTH: i32 = 48;
    /// KZG: the versioned hash is not the commitment's.
    pub const KZG_VERSIONED_HASH: i32 = 49;
    /// KZG: `z` not below the BLS12-381 group order.
    pub const KZG_Z_NOT_CANONICAL: i32 = 50;
    /// KZG: `y` not below the BLS12-381 group order.
    pub const KZG_Y_NOT_CANONICAL: i32 = 51;
    /// KZG: the commitment is not a compressed G1 point.
    pub const KZG_COMMITMENT_ENCODING: i32 = 52;
    /// KZG: the commitment is outside the order-r subgroup.
    pub const KZG_COMMITMENT_NOT_IN_SUBGROUP: i32 = 53;
    /// KZG: the proof is not a compressed G1 point.
    pub const KZG_PROOF_ENCODING: i32 = 54;
    /// KZG: the proof is outside the order-r subgroup.
    pub const KZG_PROOF_NOT_IN_SUBGROUP: i32 = 55;
    /// KZG: the pairing equation is false.
    pub const KZG_PROOF_DOES_NOT_VERIFY: i32 = 56;

    /// P-256: the input is not 160 bytes.
    pub const P256_INPUT_LENGTH: i32 = 64;
    /// P-256: `r` is 0 or not below the group order.
    pub const P256_R_OUT_OF_RANGE: i32 = 65;
    /// P-256: `s` is 0 or not below the group order.
    pub const P256_S_OUT_OF_RANGE: i32 = 66;
    /// P-256: the public key's x not below the field modulus.
    pub const P256_QX_NOT_IN_FIELD: i32 = 67;
    /// P-256: the public key's y not below the field modulus.
    pub const P256_QY_NOT_IN_FIELD: i32 = 68;
    /// P-256: the public key is not on the curve.
    pub const P256_NOT_ON_CURVE: i32 = 69;
    /// P-256: `R'` is the point at infinity.
    pub const P256_R_IS_INFINITY: i32 = 70;
    /// P-256: the signature does not verify (`R'.x mod n ≠ r`).
    pub const P256_MISMATCH: i32 = 71;

    /// Poseidon: the input length is not a multiple of 32.
    pub const POSEIDON_LENGTH: i32 = 80;
    /// Poseidon: no element, or more than 16.
    pub const POSEIDON_INPUT_COUNT: i32 = 81;
    /// Poseidon: an element not below the scalar-field modulus.
    pub const POSEIDON_NOT_IN_FIELD: i32 = 82;

    /// Every code but [`NONE`], in order.
    pub const ALL: [i32; 47] = [
        BN254_PAIRING_LENGTH,
        BN254_G1_COORDINATE_NOT_IN_FIELD,
        BN254_G2_COORDINATE_NOT_IN_FIELD,
        BN254_G1_NOT_ON_CURVE,
        BN254_G2_NOT_ON_CURVE,
        BN254_G2_NOT_IN_SUBGROUP,
        BN254_MSM_LENGTH,
        BN254_COMPRESSION_LENGTH,
        BN254_COMPRESSION_FLAGS,
        BN254_COMPRESSION_COORDINATE_NOT_IN_FIELD,
        BN254_COMPRESSION_NOT_ON_CURVE,
        BN254_COMPRESSION_NOT_IN_SUBGROUP,
        VERKLE_ENCODING_LENGTH,
        VERKLE_COORDINATE_NOT_IN_FIELD,
        VERKLE_NOT_ON_CURVE,
        VERKLE_NOT_IN_SUBGROUP,
        VERKLE_NOT_CANONICAL_REPRESENTATIVE,
        VERKLE_SCALAR_NOT_CANONICAL,
        VERKLE_TOO_MANY_SCALARS,
        VERKLE_INPUT_LENGTH,
        BLS12_INPUT_LENGTH,
        BLS12_FIELD_ELEMENT_TOP_BYTES,
        BLS12_FIELD_ELEMENT_NOT_IN_FIELD,
        BLS12_G1_NOT_ON_CURVE,
        BLS12_G2_NOT_ON_CURVE,
        BLS12_G1_NOT_IN_SUBGROUP,
        BLS12_G2_NOT_IN_SUBGROUP,
        KZG_INPUT_LENGTH,
        KZG_VERSIONED_HASH,
        KZG_Z_NOT_CANONICAL,
        KZG_Y_NOT_CANONICAL,
        KZG_COMMITMENT_ENCODING,
        KZG_COMMITMENT_NOT_IN_SUBGROUP,
        KZG_PROOF_ENCODING,
        KZG_PROOF_NOT_IN_SUBGROUP,
        KZG_PROOF_DOES_NOT_VERIFY,
        P256_INPUT_LENGTH,
        P256_R_OUT_OF_RANGE,
        P256_S_OUT_OF_RANGE,
        P256_QX_NOT_IN_FIELD,
        P256_QY_NOT_IN_FIELD,
        P256_NOT_ON_CURVE,
        P256_R_IS_INFINITY,
        P256_MISMATCH,
        POSEIDON_LENGTH,
        POSEIDON_INPUT_COUNT,
        POSEIDON_NOT_IN_FIELD,
    ];
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
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
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
}
