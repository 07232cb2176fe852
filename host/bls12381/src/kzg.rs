#![doc = include_str!("kzg/README.md")]
//!
//! # In more detail
//!
//! The KZG point-evaluation precompile (EIP-4844, address 0x0a) with exact Ethereum
//! semantics, on supranational's `blst`.
//!
//! [`point_evaluation`] takes the precompile's raw input, exactly [`INPUT_LEN`] = 192
//! bytes `versioned_hash ‖ z ‖ y ‖ commitment ‖ proof`, and checks, in this order (the
//! first failing check names the [`Error`]):
//!
//! 1. the length;
//! 2. `versioned_hash == 0x01 ‖ sha256(commitment)[1..]` ([`versioned_hash`]);
//! 3. `z`, then `y`: 32-byte big-endian scalars `< BLS_MODULUS`, not reduced;
//! 4. `commitment`, then `proof`: compressed G1 points in the ZCash format (the three
//!    flag bits of the first byte), `x < p`, on the curve, in the order-r subgroup; the
//!    point at infinity `0xc0 ‖ 0…0` is valid;
//! 5. the pairing equation `e(C − [y]G1, G2) = e(π, [τ]G2 − [z]G2)`, with [`TAU_G2`] the
//!    Ethereum mainnet ceremony's `[τ]G2`.
//!
//! Success returns [`OUTPUT`], `FIELD_ELEMENTS_PER_BLOB ‖ BLS_MODULUS` (each 32 bytes
//! big-endian), the same 64 bytes for every valid input. The price (50,000 gas) is in
//! `zkhost-gas`; this crate knows no runtime, reads no file, and its result depends on
//! the input alone.
//!
//! The pairing check is computed as `e(C − [y]G1 + [z]π, G2) · e(−π, [τ]G2) = 1`, the
//! same equation with `e(π, −[z]G2)` moved to `e([z]π, G2)`: both G2 points are then
//! fixed, so their Miller-loop lines are computed once per process ([`std::sync::OnceLock`])
//! and each call does two G1 multiplications, two Miller loops on precomputed lines and
//! one final exponentiation (as c-kzg, one final exponentiation for the product).

mod blst;

/// Length of the precompile's input: `versioned_hash (32) ‖ z (32) ‖ y (32) ‖
/// commitment (48) ‖ proof (48)`.
pub const INPUT_LEN: usize = 192;
/// Length of a successful output: `FIELD_ELEMENTS_PER_BLOB ‖ BLS_MODULUS`.
pub const OUTPUT_LEN: usize = 64;
/// Length of a compressed G1 point (a commitment or a proof).
pub const G1_COMPRESSED_LEN: usize = 48;
/// Length of a compressed G2 point.
pub const G2_COMPRESSED_LEN: usize = 96;
/// Length of a scalar (`z`, `y`) and of the versioned hash.
pub const SCALAR_LEN: usize = 32;

/// The version byte of a KZG versioned hash (EIP-4844's `VERSIONED_HASH_VERSION_KZG`).
pub const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;

/// Field elements per blob (EIP-4844), the first half of [`OUTPUT`].
pub const FIELD_ELEMENTS_PER_BLOB: u64 = 4096;

/// The order r of BLS12-381's G1 and G2 (EIP-4844's BLS_MODULUS), big-endian: `z` and
/// `y` must be below it, and it is the second half of [`OUTPUT`].
pub const BLS_MODULUS: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// The output of every successful call: `FIELD_ELEMENTS_PER_BLOB` (4096) and
/// [`BLS_MODULUS`], each 32 bytes big-endian.
pub const OUTPUT: [u8; OUTPUT_LEN] = {
    let mut out = [0u8; OUTPUT_LEN];
    let n = FIELD_ELEMENTS_PER_BLOB.to_be_bytes();
    let mut i = 0;
    while i < 8 {
        out[24 + i] = n[i];
        i += 1;
    }
    let mut j = 0;
    while j < 32 {
        out[32 + j] = BLS_MODULUS[j];
        j += 1;
    }
    out
};

/// `[τ]G2` of the Ethereum mainnet KZG ceremony (the second of the 65 G2 points of the
/// published trusted setup, `trusted_setup.txt` of c-kzg-4844), compressed. The only
/// point of the setup that point evaluation needs besides the generators, so it is a
/// constant rather than a file read at run time; `tests/trusted_setup.rs` checks it
/// against the published setup.
pub const TAU_G2: [u8; G2_COMPRESSED_LEN] = [
    0xb5, 0xbf, 0xd7, 0xdd, 0x8c, 0xde, 0xb1, 0x28, 0x84, 0x3b, 0xc2, 0x87, //
    0x23, 0x0a, 0xf3, 0x89, 0x26, 0x18, 0x70, 0x75, 0xcb, 0xfb, 0xef, 0xa8, //
    0x10, 0x09, 0xa2, 0xce, 0x61, 0x5a, 0xc5, 0x3d, 0x29, 0x14, 0xe5, 0x87, //
    0x0c, 0xb4, 0x52, 0xd2, 0xaf, 0xaa, 0xab, 0x24, 0xf3, 0x49, 0x9f, 0x72, //
    0x18, 0x5c, 0xbf, 0xee, 0x53, 0x49, 0x27, 0x14, 0x73, 0x44, 0x29, 0xb7, //
    0xb3, 0x86, 0x08, 0xe2, 0x39, 0x26, 0xc9, 0x11, 0xcc, 0xec, 0xea, 0xc9, //
    0xa3, 0x68, 0x51, 0x47, 0x7b, 0xa4, 0xc6, 0x0b, 0x08, 0x70, 0x41, 0xde, //
    0x62, 0x10, 0x00, 0xed, 0xc9, 0x8e, 0xda, 0xda, 0x20, 0xc1, 0xde, 0xf2, //
];

/// Why an input was refused. Checks run in the order of the crate documentation, so
/// every input has exactly one error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The input is not exactly 192 bytes.
    #[error("invalid input length")]
    InputLength,
    /// `versioned_hash` is not `0x01 ‖ sha256(commitment)[1..]`.
    #[error("mismatched versioned hash")]
    VersionedHash,
    /// `z` is not below BLS_MODULUS.
    #[error("z is not a canonical scalar")]
    ZNotCanonical,
    /// `y` is not below BLS_MODULUS.
    #[error("y is not a canonical scalar")]
    YNotCanonical,
    /// The commitment is not a compressed G1 point: bad flags, `x ≥ p`, a nonzero
    /// infinity encoding, or not on the curve.
    #[error("invalid commitment encoding")]
    CommitmentEncoding,
    /// The commitment is on the curve but outside the order-r subgroup.
    #[error("commitment is not in the subgroup")]
    CommitmentNotInSubgroup,
    /// The proof is not a compressed G1 point (as [`Error::CommitmentEncoding`]).
    #[error("invalid proof encoding")]
    ProofEncoding,
    /// The proof is on the curve but outside the order-r subgroup.
    #[error("proof is not in the subgroup")]
    ProofNotInSubgroup,
    /// Every input is well formed and the pairing equation is false.
    #[error("proof does not verify")]
    ProofDoesNotVerify,
}

impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::InputLength => codes::KZG_INPUT_LENGTH,
            Error::VersionedHash => codes::KZG_VERSIONED_HASH,
            Error::ZNotCanonical => codes::KZG_Z_NOT_CANONICAL,
            Error::YNotCanonical => codes::KZG_Y_NOT_CANONICAL,
            Error::CommitmentEncoding => codes::KZG_COMMITMENT_ENCODING,
            Error::CommitmentNotInSubgroup => codes::KZG_COMMITMENT_NOT_IN_SUBGROUP,
            Error::ProofEncoding => codes::KZG_PROOF_ENCODING,
            Error::ProofNotInSubgroup => codes::KZG_PROOF_NOT_IN_SUBGROUP,
            Error::ProofDoesNotVerify => codes::KZG_PROOF_DOES_NOT_VERIFY,
        }
    }
}

impl Error {
    /// Every error, in the order the checks run.
    pub const ALL: [Error; 9] = [
        Error::InputLength,
        Error::VersionedHash,
        Error::ZNotCanonical,
        Error::YNotCanonical,
        Error::CommitmentEncoding,
        Error::CommitmentNotInSubgroup,
        Error::ProofEncoding,
        Error::ProofNotInSubgroup,
        Error::ProofDoesNotVerify,
    ];
}

/// The versioned hash of a commitment: `0x01 ‖ sha256(commitment)[1..32]`.
pub fn versioned_hash(commitment: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    let mut out: [u8; 32] = sha2::Sha256::digest(commitment).into();
    out[0] = VERSIONED_HASH_VERSION_KZG;
    out
}

/// Whether a 32-byte big-endian scalar is below [`BLS_MODULUS`].
pub fn is_canonical_scalar(s: &[u8; SCALAR_LEN]) -> bool {
    // Big-endian byte arrays of one length compare as the numbers they encode.
    *s < BLS_MODULUS
}

/// The point-evaluation precompile (0x0a) on its raw input: [`OUTPUT`] when the proof
/// verifies, the first failing check's [`Error`] otherwise.
pub fn point_evaluation(input: &[u8]) -> Result<[u8; OUTPUT_LEN], Error> {
    let input: &[u8; INPUT_LEN] = input.try_into().map_err(|_| Error::InputLength)?;
    let (hash, rest) = input.split_at(SCALAR_LEN);
    let (z, rest) = rest.split_at(SCALAR_LEN);
    let (y, rest) = rest.split_at(SCALAR_LEN);
    let (commitment, proof) = rest.split_at(G1_COMPRESSED_LEN);
    if hash != versioned_hash(commitment) {
        return Err(Error::VersionedHash);
    }
    // The splits above have the constant lengths of the conversions.
    let z: [u8; SCALAR_LEN] = z.try_into().map_err(|_| Error::InputLength)?;
    let y: [u8; SCALAR_LEN] = y.try_into().map_err(|_| Error::InputLength)?;
    let commitment: [u8; 48] = commitment.try_into().map_err(|_| Error::InputLength)?;
    let proof: [u8; 48] = proof.try_into().map_err(|_| Error::InputLength)?;
    if verify_kzg_proof(&commitment, &z, &y, &proof)? {
        Ok(OUTPUT)
    } else {
        Err(Error::ProofDoesNotVerify)
    }
}

/// EIP-4844's `verify_kzg_proof`: whether `proof` shows that the polynomial committed
/// to by `commitment` takes the value `y` at `z`. `Err` for an input that is not well
/// formed (checks 3 and 4 of the crate documentation, in that order); `Ok(false)` for
/// a well-formed proof that does not verify. The versioned hash is not involved.
pub fn verify_kzg_proof(
    commitment: &[u8; G1_COMPRESSED_LEN],
    z: &[u8; SCALAR_LEN],
    y: &[u8; SCALAR_LEN],
    proof: &[u8; G1_COMPRESSED_LEN],
) -> Result<bool, Error> {
    if !is_canonical_scalar(z) {
        return Err(Error::ZNotCanonical);
    }
    if !is_canonical_scalar(y) {
        return Err(Error::YNotCanonical);
    }
    let c = blst::decode_g1(commitment)
        .map_err(|e| e.map(Error::CommitmentEncoding, Error::CommitmentNotInSubgroup))?;
    let p = blst::decode_g1(proof)
        .map_err(|e| e.map(Error::ProofEncoding, Error::ProofNotInSubgroup))?;
    Ok(blst::pairing_check(&c, z, y, &p))
}

/// Decodes a compressed G1 point as the precompile does and reports why it is refused
/// (for tools that classify commitments and proofs on their own): `Ok(())` for a point
/// of the subgroup, infinity included.
pub fn check_g1_compressed(bytes: &[u8; G1_COMPRESSED_LEN]) -> Result<(), PointError> {
    blst::decode_g1(bytes).map(|_| ())
}

/// Why a compressed G1 point is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PointError {
    /// Bad flags, `x ≥ p`, a nonzero infinity encoding, or not on the curve.
    #[error("invalid compressed G1 encoding")]
    Encoding,
    /// On the curve, outside the order-r subgroup.
    #[error("G1 point not in the subgroup")]
    NotInSubgroup,
}

impl PointError {
    fn map(self, encoding: Error, subgroup: Error) -> Error {
        match self {
            PointError::Encoding => encoding,
            PointError::NotInSubgroup => subgroup,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_constant_is_4096_then_the_modulus() {
        let mut n = [0u8; 32];
        n[30] = 0x10;
        assert_eq!(&OUTPUT[..32], &n);
        assert_eq!(&OUTPUT[32..], &BLS_MODULUS);
    }

    #[test]
    fn the_modulus_is_canonical_boundary() {
        let mut below = BLS_MODULUS;
        below[31] -= 1;
        assert!(is_canonical_scalar(&below));
        assert!(!is_canonical_scalar(&BLS_MODULUS));
        assert!(!is_canonical_scalar(&[0xff; 32]));
        assert!(is_canonical_scalar(&[0; 32]));
    }

    #[test]
    fn tau_g2_decodes_to_a_subgroup_point() {
        assert!(blst::tau_g2_is_valid());
    }
}
