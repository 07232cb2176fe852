//! The two tables every other list of host functions and refusal codes is made from.
//!
//! [`foreach_crypto_function!`](crate::foreach_crypto_function) has one row per crypto
//! host function, in ABI order; [`foreach_last_error_code!`](crate::foreach_last_error_code)
//! one row per `last_error` code. Each calls a macro of the caller's with every row, in
//! the style of wasmtime's `foreach_builtin_function!`: this crate expands them into
//! [`Crypto`](crate::Crypto), [`Function::ALL`](crate::Function::ALL) and
//! [`last_error`](crate::last_error); the guest library expands the first into its
//! imports and safe wrappers. Adding a host function is one row here (and its price,
//! its `compute` arm and its `sample` arm on the host side): nothing else names it.

/// Calls `$mac!` with the table of crypto host functions, one row per function in ABI
/// order (a function's place in it is its bit in `zkhost_runtime::Functions`, never
/// reordered: new rows go at the end):
///
/// ```text
/// $(#[doc])* import_name: Variant, Family, [input length], output length, "report-name", Refusal;
/// ```
///
/// - `import_name`: the name contracts import (also the guest's function name);
/// - `Variant`: its [`Crypto`](crate::Crypto) variant;
/// - `Family`: the [`Family`](crate::Family) a node links or leaves out together;
/// - the input length in brackets, for a function defined on one length (ECADD, ECMUL
///   and `ecrecover` pad or cut their input to it, the others refuse any other), or
///   `[]` for one whose input varies (records, a message): the guest library's typed
///   wrappers take `&[u8; N]` where there is one;
/// - the output length: the bytes written, whole, on success;
/// - `"report-name"`: its name on the command line and in the benchmark's reports;
/// - `Refusal`: how a refused input shows to the precompile's callers
///   ([`Refusal`](crate::Refusal)).
///
/// Every function is `(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32`.
#[macro_export]
macro_rules! foreach_crypto_function {
    ($mac:ident) => {
        $mac! {
            /// Ethereum precompile 0x06 (ECADD, EIP-196) on its raw input (zero-padded or
            /// cut to 128 bytes, as the precompile does): the 64-byte sum.
            alt_bn128_add: AltBn128Add, Bn254, [$crate::bn254::ADD_LEN], $crate::bn254::G1_LEN,
                "bn254-add", Invalid;
            /// Ethereum precompile 0x07 (ECMUL, EIP-196) on its raw input (zero-padded or
            /// cut to 96 bytes): the 64-byte product.
            alt_bn128_mul: AltBn128Mul, Bn254, [$crate::bn254::MUL_LEN], $crate::bn254::G1_LEN,
                "bn254-mul", Invalid;
            /// Ethereum precompile 0x08 (the pairing check, EIP-197) on a whole number of
            /// 192-byte (G1, G2) pairs: 32 bytes, big-endian 1 or 0.
            alt_bn128_pairing: AltBn128Pairing, Bn254, [], $crate::bn254::PAIRING_OUTPUT_LEN,
                "bn254-pairing", Invalid;
            /// A BN254 G1 multi-scalar multiplication of 96-byte (point, scalar) records:
            /// the 64-byte sum.
            alt_bn128_g1_msm: AltBn128G1Msm, Bn254, [], $crate::bn254::G1_LEN, "bn254-msm", Invalid;
            /// The Pedersen vector commitment over Banderwagon of at most 256 32-byte
            /// little-endian scalars: the 32-byte compressed commitment.
            verkle_commit: VerkleCommit, Verkle, [], $crate::verkle::ELEMENT_LEN, "verkle-commit",
                Invalid;
            /// A 32-byte compressed commitment mapped to the scalar field: 32 bytes
            /// little-endian.
            verkle_commitment_to_field: VerkleCommitmentToField, Verkle,
                [$crate::verkle::ELEMENT_LEN], $crate::verkle::ELEMENT_LEN, "verkle-to-field",
                Invalid;
            /// A sparse update of a compressed commitment (then 65-byte entries: a 1-byte
            /// index, the old and the new value): the updated 32-byte commitment.
            verkle_update: VerkleUpdate, Verkle, [], $crate::verkle::ELEMENT_LEN, "verkle-update",
                Invalid;
            /// EIP-2537 G1ADD (0x0b): the 128-byte sum.
            bls12381_g1_add: Bls12G1Add, Bls12381, [$crate::bls12_381::G1_ADD_LEN],
                $crate::bls12_381::G1_LEN, "bls12-g1add", Invalid;
            /// EIP-2537 G1MSM (0x0c): the 128-byte result.
            bls12381_g1_msm: Bls12G1Msm, Bls12381, [], $crate::bls12_381::G1_LEN, "bls12-g1msm",
                Invalid;
            /// EIP-2537 G2ADD (0x0d): the 256-byte sum.
            bls12381_g2_add: Bls12G2Add, Bls12381, [$crate::bls12_381::G2_ADD_LEN],
                $crate::bls12_381::G2_LEN, "bls12-g2add", Invalid;
            /// EIP-2537 G2MSM (0x0e): the 256-byte result.
            bls12381_g2_msm: Bls12G2Msm, Bls12381, [], $crate::bls12_381::G2_LEN, "bls12-g2msm",
                Invalid;
            /// EIP-2537 PAIRING_CHECK (0x0f): 32 bytes, big-endian 1 or 0.
            bls12381_pairing_check: Bls12PairingCheck, Bls12381, [],
                $crate::bls12_381::PAIRING_OUTPUT_LEN, "bls12-pairing", Invalid;
            /// EIP-2537 MAP_FP_TO_G1 (0x10): the 128-byte point.
            bls12381_map_fp_to_g1: Bls12MapFpToG1, Bls12381, [$crate::bls12_381::FP_LEN],
                $crate::bls12_381::G1_LEN, "bls12-map-g1", Invalid;
            /// EIP-2537 MAP_FP2_TO_G2 (0x11): the 256-byte point.
            bls12381_map_fp2_to_g2: Bls12MapFp2ToG2, Bls12381, [$crate::bls12_381::FP2_LEN],
                $crate::bls12_381::G2_LEN, "bls12-map-g2", Invalid;
            /// EIP-6800's tree-key hash of a 32-byte address and a 32-byte little-endian
            /// tree index: 32 bytes (the key of sub-index `s` is its first 31 bytes, then
            /// `s`).
            verkle_tree_key: VerkleTreeKey, Verkle, [$crate::verkle::TREE_KEY_INPUT_LEN],
                $crate::verkle::ELEMENT_LEN, "verkle-tree-key", Invalid;
            /// `verkle_commit` with the commitment written uncompressed (`x ‖ y`,
            /// big-endian each): 64 bytes.
            verkle_commit_uncompressed: VerkleCommitUncompressed, Verkle, [],
                $crate::verkle::UNCOMPRESSED_LEN, "verkle-commit-uncompressed", Invalid;
            /// `verkle_update` on a 64-byte uncompressed commitment: the updated
            /// commitment, uncompressed.
            verkle_update_uncompressed: VerkleUpdateUncompressed, Verkle, [],
                $crate::verkle::UNCOMPRESSED_LEN, "verkle-update-uncompressed", Invalid;
            /// EIP-4844's point evaluation (precompile 0x0a) of a 192-byte input: 64
            /// bytes, FIELD_ELEMENTS_PER_BLOB and BLS_MODULUS.
            kzg_point_evaluation: KzgPointEvaluation, Kzg, [$crate::kzg::INPUT_LEN],
                $crate::kzg::OUTPUT_LEN, "kzg-point-eval", Invalid;
            /// EIP-7951's P256VERIFY (0x100) of a 160-byte input: a valid signature writes
            /// 32 bytes `0…01` and returns 0; an invalid one writes nothing and returns 1,
            /// which is the precompile's empty output.
            p256_verify: P256Verify, P256, [$crate::p256::INPUT_LEN], $crate::p256::OUTPUT_LEN,
                "p256-verify", EmptyOutput;
            /// circomlib's Poseidon hash of 1 to 16 32-byte big-endian elements of BN254's
            /// scalar field: 32 bytes.
            poseidon: Poseidon, Poseidon, [], $crate::poseidon::ELEMENT_LEN, "poseidon", Invalid;
            /// A 64-byte BN254 G1 point to its 32-byte compressed form (Solana's format).
            alt_bn128_g1_compress: AltBn128G1Compress, Bn254, [$crate::bn254::G1_LEN],
                $crate::bn254::G1_COMPRESSED_LEN, "bn254-g1-compress", Invalid;
            /// A 32-byte compressed BN254 G1 point to the 64-byte point.
            alt_bn128_g1_decompress: AltBn128G1Decompress, Bn254,
                [$crate::bn254::G1_COMPRESSED_LEN], $crate::bn254::G1_LEN, "bn254-g1-decompress",
                Invalid;
            /// A 128-byte BN254 G2 point (subgroup-checked) to its 64-byte compressed form.
            alt_bn128_g2_compress: AltBn128G2Compress, Bn254, [$crate::bn254::G2_LEN],
                $crate::bn254::G2_COMPRESSED_LEN, "bn254-g2-compress", Invalid;
            /// A 64-byte compressed BN254 G2 point to the 128-byte point, subgroup-checked.
            alt_bn128_g2_decompress: AltBn128G2Decompress, Bn254,
                [$crate::bn254::G2_COMPRESSED_LEN], $crate::bn254::G2_LEN, "bn254-g2-decompress",
                Invalid;
            /// The EVM's `ecrecover` (precompile 0x01) of `hash ‖ v ‖ r ‖ s` (zero-padded or
            /// cut to 128 bytes): the signer's address as a 32-byte word; a signature with no
            /// key (or `v` not 27 or 28, `r` or `s` out of range) writes nothing and returns
            /// 1, which is the precompile's empty output.
            secp256k1_ecrecover: Secp256k1Ecrecover, Secp256k1,
                [$crate::secp256k1::ECRECOVER_INPUT_LEN], $crate::secp256k1::ECRECOVER_OUTPUT_LEN,
                "secp256k1-ecrecover", EmptyOutput;
            /// ECDSA verification over secp256k1 of `hash ‖ r ‖ s ‖ key` (the key 33 bytes
            /// compressed or 65 uncompressed; a high `s` verifies, as in CosmWasm): a valid
            /// signature writes 32 bytes `0…01`; anything else writes nothing and returns 1.
            secp256k1_verify: Secp256k1Verify, Secp256k1, [], $crate::secp256k1::VERIFY_OUTPUT_LEN,
                "secp256k1-verify", Invalid;
            /// The public key of `hash ‖ r ‖ s ‖ recovery_id` (97 bytes; the id 0 or 1; a
            /// high `s` recovers, as in CosmWasm): the 65-byte uncompressed key `04 ‖ x ‖ y`.
            secp256k1_recover_pubkey: Secp256k1RecoverPubkey, Secp256k1,
                [$crate::secp256k1::RECOVER_INPUT_LEN], $crate::secp256k1::RECOVER_OUTPUT_LEN,
                "secp256k1-recover", Invalid;
            /// Ed25519 verification under ZIP-215's rule of `key ‖ signature ‖ message` (32,
            /// 64, then any number of bytes): a valid signature writes 32 bytes `0…01`;
            /// anything else writes nothing and returns 1.
            ed25519_verify: Ed25519Verify, Ed25519, [], $crate::ed25519::OUTPUT_LEN,
                "ed25519-verify", Invalid;
            /// Ed25519 verification of a batch of `key ‖ signature ‖ message length (4 bytes,
            /// big-endian) ‖ message` records, none or more, with the answer of verifying each
            /// alone: all valid writes 32 bytes `0…01`; otherwise nothing, and returns 1.
            ed25519_batch_verify: Ed25519BatchVerify, Ed25519, [], $crate::ed25519::OUTPUT_LEN,
                "ed25519-batch-verify", Invalid;
            /// A compressed G1 point (48 bytes: Zcash's flags, `x < p`) decoded, on the
            /// curve and in the order-r subgroup, infinity included: the 128-byte
            /// EIP-2537 point, for G1ADD, G1MSM and the pairing check.
            bls_g1_decompress: BlsG1Decompress, BlsSignatures, [$crate::bls::G1_COMPRESSED_LEN],
                $crate::bls12_381::G1_LEN, "bls-g1-decompress", Invalid;
            /// A compressed G2 point (96 bytes) decoded, on the curve and in the subgroup:
            /// the 256-byte EIP-2537 point.
            bls_g2_decompress: BlsG2Decompress, BlsSignatures, [$crate::bls::G2_COMPRESSED_LEN],
                $crate::bls12_381::G2_LEN, "bls-g2-decompress", Invalid;
            /// A 128-byte EIP-2537 G1 point (checked on the curve, not the subgroup)
            /// compressed: 48 bytes.
            bls_g1_compress: BlsG1Compress, BlsSignatures, [$crate::bls12_381::G1_LEN],
                $crate::bls::G1_COMPRESSED_LEN, "bls-g1-compress", Invalid;
            /// A 256-byte EIP-2537 G2 point (on the curve) compressed: 96 bytes.
            bls_g2_compress: BlsG2Compress, BlsSignatures, [$crate::bls12_381::G2_LEN],
                $crate::bls::G2_COMPRESSED_LEN, "bls-g2-compress", Invalid;
            /// RFC 9380's `hash_to_curve` to G1 (`BLS12381G1_XMD:SHA-256_SSWU_RO_`) of
            /// `dst length (1 byte, 1 to 255) ‖ dst ‖ message`: the 128-byte point.
            bls_hash_to_g1: BlsHashToG1, BlsSignatures, [], $crate::bls12_381::G1_LEN,
                "bls-hash-to-g1", Invalid;
            /// RFC 9380's `hash_to_curve` to G2 (`BLS12381G2_XMD:SHA-256_SSWU_RO_`) of
            /// `dst length ‖ dst ‖ message`: the 256-byte point.
            bls_hash_to_g2: BlsHashToG2, BlsSignatures, [], $crate::bls12_381::G2_LEN,
                "bls-hash-to-g2", Invalid;
            /// The sum of one or more compressed G1 points (48 bytes each, each checked
            /// on the curve and in the subgroup): 48 bytes compressed.
            bls_aggregate_g1: BlsAggregateG1, BlsSignatures, [], $crate::bls::G1_COMPRESSED_LEN,
                "bls-aggregate-g1", Invalid;
            /// The sum of one or more compressed G2 points (96 bytes each, each checked):
            /// 96 bytes compressed.
            bls_aggregate_g2: BlsAggregateG2, BlsSignatures, [], $crate::bls::G2_COMPRESSED_LEN,
                "bls-aggregate-g2", Invalid;
            /// BLS `Verify` (min-pk) of `ciphersuite (1) ‖ key (48) ‖ signature (96) ‖
            /// message`, key and signature validated: a valid signature writes 32 bytes
            /// `0…01`; anything else writes nothing and returns 1.
            bls_verify: BlsVerify, BlsSignatures, [], $crate::bls::VERIFY_OUTPUT_LEN, "bls-verify",
                Invalid;
            /// `FastAggregateVerify` (proof-of-possession ciphersuite only) of
            /// `ciphersuite ‖ signature ‖ n (4 bytes, big-endian) ‖ n compressed keys (48
            /// bytes each, each validated) ‖ message`: as `bls_verify`.
            bls_fast_aggregate_verify: BlsFastAggregateVerify, BlsSignatures, [],
                $crate::bls::VERIFY_OUTPUT_LEN, "bls-fast-aggregate-verify", Invalid;
            /// `bls_fast_aggregate_verify` with the keys as 128-byte EIP-2537 points
            /// checked on the curve only, not the subgroup: for keys the caller validated
            /// once (through `bls_g1_decompress`) and stored.
            bls_fast_aggregate_verify_uncompressed: BlsFastAggregateVerifyUncompressed,
                BlsSignatures, [], $crate::bls::VERIFY_OUTPUT_LEN,
                "bls-fast-aggregate-verify-uncompressed", Invalid;
            /// `AggregateVerify` of `ciphersuite ‖ signature ‖ records (key 48 ‖ message
            /// length, 4 bytes big-endian ‖ message)`, one or more; in the basic
            /// ciphersuite the messages must be distinct: as `bls_verify`.
            bls_aggregate_verify: BlsAggregateVerify, BlsSignatures, [],
                $crate::bls::VERIFY_OUTPUT_LEN, "bls-aggregate-verify", Invalid;
        }
    };
}

/// Calls `$mac!` with the table of `last_error` codes, one row per class of refusal:
///
/// ```text
/// NAME = code, Family, RefusalClass, "what it means";
/// ```
///
/// Codes are grouped by family (BN254 from 1, its point compression from 8, verkle from
/// 16, BLS12-381 from 32, KZG from 48, P-256 from 64, Poseidon from 80, secp256k1 from
/// 96, Ed25519 from 112, BLS signatures from 128), and a code once
/// given is never reused for another class. Each crypto crate maps its error type to
/// these codes beside its variants.
#[macro_export]
macro_rules! foreach_last_error_code {
    ($mac:ident) => {
        $mac! {
            BN254_PAIRING_LENGTH = 1, Bn254, Length,
                "BN254: pairing input length not a multiple of 192";
            BN254_G1_COORDINATE_NOT_IN_FIELD = 2, Bn254, Encoding,
                "BN254: a G1 coordinate not below the field modulus";
            BN254_G2_COORDINATE_NOT_IN_FIELD = 3, Bn254, Encoding,
                "BN254: a G2 coordinate not below the field modulus";
            BN254_G1_NOT_ON_CURVE = 4, Bn254, NotOnCurve, "BN254: a G1 point not on the curve";
            BN254_G2_NOT_ON_CURVE = 5, Bn254, NotOnCurve, "BN254: a G2 point not on the twist";
            BN254_G2_NOT_IN_SUBGROUP = 6, Bn254, NotInSubgroup,
                "BN254: a G2 point outside the r-torsion subgroup";
            BN254_MSM_LENGTH = 7, Bn254, Length,
                "BN254: MSM input length not a positive multiple of 96";
            BN254_COMPRESSION_LENGTH = 8, Bn254, Length,
                "BN254 compression: an input of another length than the function's";
            BN254_COMPRESSION_FLAGS = 9, Bn254, Encoding,
                "BN254 compression: flag bits that no point has (both set, or infinity with \
other bits set)";
            BN254_COMPRESSION_COORDINATE_NOT_IN_FIELD = 10, Bn254, Encoding,
                "BN254 compression: a coordinate not below the field modulus";
            BN254_COMPRESSION_NOT_ON_CURVE = 11, Bn254, NotOnCurve,
                "BN254 compression: no point on the curve (or twist) with these coordinates";
            BN254_COMPRESSION_NOT_IN_SUBGROUP = 12, Bn254, NotInSubgroup,
                "BN254 compression: a G2 point outside the r-torsion subgroup";
            VERKLE_ENCODING_LENGTH = 16, Verkle, Length,
                "Verkle: an encoded element of the wrong length";
            VERKLE_COORDINATE_NOT_IN_FIELD = 17, Verkle, Encoding,
                "Verkle: a coordinate not below the field modulus";
            VERKLE_NOT_ON_CURVE = 18, Verkle, NotOnCurve, "Verkle: a point not on the curve";
            VERKLE_NOT_IN_SUBGROUP = 19, Verkle, NotInSubgroup,
                "Verkle: a point outside the prime-order subgroup";
            VERKLE_NOT_CANONICAL_REPRESENTATIVE = 20, Verkle, Encoding,
                "Verkle: an uncompressed point that is not the canonical representative";
            VERKLE_SCALAR_NOT_CANONICAL = 21, Verkle, Encoding,
                "Verkle: a scalar not below the group order";
            VERKLE_TOO_MANY_SCALARS = 22, Verkle, Length,
                "Verkle: more than 256 scalars or entries";
            VERKLE_INPUT_LENGTH = 23, Verkle, Length,
                "Verkle: an input length that is not a whole number of records";
            BLS12_INPUT_LENGTH = 32, Bls12381, Length,
                "BLS12-381: an input length that is not the operation's";
            BLS12_FIELD_ELEMENT_TOP_BYTES = 33, Bls12381, Encoding,
                "BLS12-381: a field element whose top 16 bytes are not zero";
            BLS12_FIELD_ELEMENT_NOT_IN_FIELD = 34, Bls12381, Encoding,
                "BLS12-381: a field element not below the modulus";
            BLS12_G1_NOT_ON_CURVE = 35, Bls12381, NotOnCurve,
                "BLS12-381: a G1 point not on the curve";
            BLS12_G2_NOT_ON_CURVE = 36, Bls12381, NotOnCurve,
                "BLS12-381: a G2 point not on the curve";
            BLS12_G1_NOT_IN_SUBGROUP = 37, Bls12381, NotInSubgroup,
                "BLS12-381: a G1 point outside the order-r subgroup";
            BLS12_G2_NOT_IN_SUBGROUP = 38, Bls12381, NotInSubgroup,
                "BLS12-381: a G2 point outside the order-r subgroup";
            KZG_INPUT_LENGTH = 48, Kzg, Length, "KZG: the input is not 192 bytes";
            KZG_VERSIONED_HASH = 49, Kzg, DoesNotVerify,
                "KZG: the versioned hash is not the commitment's";
            KZG_Z_NOT_CANONICAL = 50, Kzg, Encoding, "KZG: `z` not below the BLS12-381 group order";
            KZG_Y_NOT_CANONICAL = 51, Kzg, Encoding, "KZG: `y` not below the BLS12-381 group order";
            KZG_COMMITMENT_ENCODING = 52, Kzg, Encoding,
                "KZG: the commitment is not a compressed G1 point";
            KZG_COMMITMENT_NOT_IN_SUBGROUP = 53, Kzg, NotInSubgroup,
                "KZG: the commitment is outside the order-r subgroup";
            KZG_PROOF_ENCODING = 54, Kzg, Encoding, "KZG: the proof is not a compressed G1 point";
            KZG_PROOF_NOT_IN_SUBGROUP = 55, Kzg, NotInSubgroup,
                "KZG: the proof is outside the order-r subgroup";
            KZG_PROOF_DOES_NOT_VERIFY = 56, Kzg, DoesNotVerify,
                "KZG: the pairing equation is false";
            P256_INPUT_LENGTH = 64, P256, Length, "P-256: the input is not 160 bytes";
            P256_R_OUT_OF_RANGE = 65, P256, Encoding,
                "P-256: `r` is 0 or not below the group order";
            P256_S_OUT_OF_RANGE = 66, P256, Encoding,
                "P-256: `s` is 0 or not below the group order";
            P256_QX_NOT_IN_FIELD = 67, P256, Encoding,
                "P-256: the public key's x not below the field modulus";
            P256_QY_NOT_IN_FIELD = 68, P256, Encoding,
                "P-256: the public key's y not below the field modulus";
            P256_NOT_ON_CURVE = 69, P256, NotOnCurve, "P-256: the public key is not on the curve";
            P256_R_IS_INFINITY = 70, P256, DoesNotVerify, "P-256: `R'` is the point at infinity";
            P256_MISMATCH = 71, P256, DoesNotVerify,
                "P-256: the signature does not verify (`R'.x mod n ≠ r`)";
            POSEIDON_LENGTH = 80, Poseidon, Length,
                "Poseidon: the input length is not a multiple of 32";
            POSEIDON_INPUT_COUNT = 81, Poseidon, Length, "Poseidon: no element, or more than 16";
            POSEIDON_NOT_IN_FIELD = 82, Poseidon, Encoding,
                "Poseidon: an element not below the scalar-field modulus";
            SECP256K1_V_INVALID = 96, Secp256k1, Encoding, "secp256k1: `v` is not 27 or 28";
            SECP256K1_R_OUT_OF_RANGE = 97, Secp256k1, Encoding,
                "secp256k1: `r` is 0 or not below the group order";
            SECP256K1_S_OUT_OF_RANGE = 98, Secp256k1, Encoding,
                "secp256k1: `s` is 0 or not below the group order";
            SECP256K1_NO_KEY = 99, Secp256k1, DoesNotVerify,
                "secp256k1: no public key recovers from the signature";
            SECP256K1_INPUT_LENGTH = 100, Secp256k1, Length,
                "secp256k1: an input length that is not the function's";
            SECP256K1_KEY_ENCODING = 101, Secp256k1, Encoding,
                "secp256k1: a public key that is not 02/03 ‖ x or 04 ‖ x ‖ y with coordinates \
below the field modulus";
            SECP256K1_KEY_NOT_ON_CURVE = 102, Secp256k1, NotOnCurve,
                "secp256k1: the public key is not on the curve";
            SECP256K1_MISMATCH = 103, Secp256k1, DoesNotVerify,
                "secp256k1: the signature does not verify";
            SECP256K1_RECOVERY_ID = 104, Secp256k1, Encoding,
                "secp256k1: a recovery id other than 0 or 1";
            ED25519_INPUT_LENGTH = 112, Ed25519, Length,
                "Ed25519: an input shorter than key and signature, or a batch record cut short";
            ED25519_KEY_NOT_ON_CURVE = 113, Ed25519, NotOnCurve,
                "Ed25519: the public key does not decode to a curve point";
            ED25519_R_NOT_ON_CURVE = 114, Ed25519, NotOnCurve,
                "Ed25519: the signature's R does not decode to a curve point";
            ED25519_S_NOT_CANONICAL = 115, Ed25519, Encoding,
                "Ed25519: the signature's s is not below the group order";
            ED25519_MISMATCH = 116, Ed25519, DoesNotVerify,
                "Ed25519: the signature does not verify (8·s·B ≠ 8·R + 8·k·A)";
            BLS_INPUT_LENGTH = 128, BlsSignatures, Length,
                "BLS: an input length that is not the function's (a list cut short or \
empty, a key count the input does not hold)";
            BLS_G1_ENCODING = 129, BlsSignatures, Encoding,
                "BLS: a compressed G1 point with wrong flags or x not below p";
            BLS_G1_NOT_ON_CURVE = 130, BlsSignatures, NotOnCurve,
                "BLS: a G1 point not on the curve";
            BLS_G1_NOT_IN_SUBGROUP = 131, BlsSignatures, NotInSubgroup,
                "BLS: a G1 point outside the order-r subgroup";
            BLS_G2_ENCODING = 132, BlsSignatures, Encoding,
                "BLS: a compressed G2 point with wrong flags or x not below p";
            BLS_G2_NOT_ON_CURVE = 133, BlsSignatures, NotOnCurve,
                "BLS: a G2 point not on the curve";
            BLS_G2_NOT_IN_SUBGROUP = 134, BlsSignatures, NotInSubgroup,
                "BLS: a G2 point outside the order-r subgroup";
            BLS_FIELD_ENCODING = 135, BlsSignatures, Encoding,
                "BLS: an EIP-2537 field element with nonzero top bytes or not below p";
            BLS_DST_LENGTH = 136, BlsSignatures, Length,
                "BLS: a domain-separation tag that is not 1 to 255 bytes";
            BLS_CIPHERSUITE = 137, BlsSignatures, Encoding,
                "BLS: a ciphersuite other than 0 (POP) or 1 (basic), or FastAggregateVerify \
in the basic one";
            BLS_KEY_INFINITY = 138, BlsSignatures, Encoding,
                "BLS: a public key at infinity";
            BLS_DUPLICATE_MESSAGE = 139, BlsSignatures, Encoding,
                "BLS: a message repeats in the basic ciphersuite's AggregateVerify";
            BLS_MISMATCH = 140, BlsSignatures, DoesNotVerify,
                "BLS: the signature does not verify";
        }
    };
}

/// A row's input length as an `Option`: `Some` of the length in its brackets, `None`
/// for `[]`.
macro_rules! input_len {
    () => {
        None
    };
    ($input:expr) => {
        Some($input)
    };
}

/// Expands the crypto table into [`Crypto`](crate::Crypto) and its lookups, and
/// [`Function::ALL`](crate::Function::ALL).
macro_rules! define_crypto {
    ($(
        $(#[$doc:meta])*
        $name:ident: $variant:ident, $family:ident, [$($input:expr)?], $len:expr, $report:literal,
            $refusal:ident;
    )*) => {
        /// The crypto functions, each `(in_ptr, in_len, out_ptr) -> i32`: 0 after writing
        /// the whole output, 1 (nothing written) when the input is refused. Made from
        /// [`foreach_crypto_function!`](crate::foreach_crypto_function), in its order.
        ///
        /// A function's [`Crypto::refusal`] says whether its refusal is a failure of the
        /// precompile it mirrors or, as for P256VERIFY and `ecrecover`, its empty output
        /// ([`Refusal::EmptyOutput`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Crypto {
            $(
                $(#[$doc])*
                $variant,
            )*
        }

        impl Crypto {
            /// Every crypto function, in the table's order.
            pub const ALL: [Crypto; [$(Crypto::$variant),*].len()] = [$(Crypto::$variant),*];

            /// Its place in [`Crypto::ALL`]: its bit in a node's function set and the
            /// index byte of a [`Message`](crate::Message).
            pub const fn index(self) -> u8 {
                self as u8
            }

            /// The function at `index` in [`Crypto::ALL`].
            pub const fn from_index(index: u8) -> Option<Crypto> {
                match Crypto::ALL.split_at_checked(index as usize) {
                    Some((_, [function, ..])) => Some(*function),
                    _ => None,
                }
            }

            /// The import name.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Crypto::$variant => stringify!($name),)*
                }
            }

            /// The family the function belongs to.
            pub const fn family(self) -> Family {
                match self {
                    $(Crypto::$variant => Family::$family,)*
                }
            }

            /// The input length the function is defined on, if it has one: ECADD, ECMUL
            /// and `ecrecover` pad or cut their input to it, the other functions refuse
            /// any other length. `None` for an input of records or a message.
            pub const fn input_len(self) -> Option<usize> {
                match self {
                    $(Crypto::$variant => input_len!($($input)?),)*
                }
            }

            /// The length of the output, written whole on success.
            pub const fn output_len(self) -> usize {
                match self {
                    $(Crypto::$variant => $len,)*
                }
            }

            /// The name on the command line and in the benchmark's reports (`bn254-add`,
            /// `verkle-commit`, `bls12-g1add`, ...).
            pub const fn report_name(self) -> &'static str {
                match self {
                    $(Crypto::$variant => $report,)*
                }
            }

            /// How a refused input shows to the callers of the precompile the function
            /// mirrors.
            pub const fn refusal(self) -> Refusal {
                match self {
                    $(Crypto::$variant => Refusal::$refusal,)*
                }
            }
        }

        impl Function {
            /// The table, in order: the I/O functions, then the crypto functions.
            pub const ALL: [Function; Io::ALL.len() + Crypto::ALL.len()] = [
                Function::Io(Io::InputSize),
                Function::Io(Io::InputRead),
                Function::Io(Io::OutputWrite),
                Function::Io(Io::GasLeft),
                $(Function::Crypto(Crypto::$variant),)*
            ];
        }
    };
}

/// Expands the code table into the constants of [`last_error`](crate::last_error),
/// `ALL` and the lookups.
macro_rules! define_last_error_codes {
    ($($code:ident = $value:literal, $family:ident, $class:ident, $what:literal;)*) => {
        $(
            #[doc = $what]
            pub const $code: i32 = $value;
        )*

        /// Every code but [`NONE`], in order.
        pub const ALL: [i32; [$($code),*].len()] = [$($code),*];

        /// What a code means (`None` for [`NONE`] and for codes no class has).
        pub const fn describe(code: i32) -> Option<&'static str> {
            match code {
                $($value => Some($what),)*
                _ => None,
            }
        }

        /// The family whose functions refuse with `code`.
        pub const fn family(code: i32) -> Option<$crate::Family> {
            match code {
                $($value => Some($crate::Family::$family),)*
                _ => None,
            }
        }

        /// The kind of problem a code is, across curves ([`RefusalClass::Unknown`](crate::RefusalClass::Unknown) for
        /// [`NONE`] and for codes no class has: a newer host's).
        pub const fn class(code: i32) -> $crate::RefusalClass {
            match code {
                $($value => $crate::RefusalClass::$class,)*
                _ => $crate::RefusalClass::Unknown,
            }
        }

        /// The constant's name of a code (`BN254_G1_NOT_ON_CURVE`, ...).
        pub const fn name(code: i32) -> Option<&'static str> {
            match code {
                $($value => Some(stringify!($code)),)*
                _ => None,
            }
        }
    };
}
