//! The `bls_*` host functions (`zkhost_abi::Family::BlsSignatures`) on their raw
//! input, with the byte layouts of [`zkhost_abi::bls`]: length checks, then the typed
//! functions of [`crate::compressed`], [`crate::hash_to_curve`] and
//! [`crate::signatures`], every refusal one [`Error`] with its `last_error` code.
//!
//! Subgroups: decompression, aggregation of compressed points and every key and
//! signature of the verifications are checked in the order-r subgroup; the
//! compressions and the keys of [`fast_aggregate_verify_uncompressed`] are checked on
//! the curve only (see that function).

use zkhost_abi::bls::{
    aggregate_record_count, fast_aggregate_key_count, AGGREGATE_HEADER_LEN,
    FAST_AGGREGATE_HEADER_LEN, G1_COMPRESSED_LEN, G2_COMPRESSED_LEN, RECORD_HEADER_LEN,
    VERIFY_HEADER_LEN, VERIFY_OUTPUT_LEN,
};

use crate::signatures::Ciphersuite;
use crate::{compressed, hash_to_curve, signatures, G1_LEN, G2_LEN};

/// The output of a signature that verifies: 32 bytes, big-endian 1.
pub const VALID: [u8; VERIFY_OUTPUT_LEN] = {
    let mut out = [0u8; VERIFY_OUTPUT_LEN];
    out[VERIFY_OUTPUT_LEN - 1] = 1;
    out
};

/// Why a `bls_*` function refused its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The input's length is not the function's, a list is empty or cut short, or a
    /// key count is more than the input holds.
    #[error("invalid input length")]
    InputLength,
    /// A compressed G1 point's flags are wrong or its `x` is not below p.
    #[error("invalid compressed G1 encoding")]
    G1Encoding,
    /// A G1 point is not on the curve.
    #[error("G1 point not on the curve")]
    G1NotOnCurve,
    /// A G1 point is outside the order-r subgroup.
    #[error("G1 point not in the order-r subgroup")]
    G1NotInSubgroup,
    /// A compressed G2 point's flags are wrong or its `x` is not below p.
    #[error("invalid compressed G2 encoding")]
    G2Encoding,
    /// A G2 point is not on the curve.
    #[error("G2 point not on the curve")]
    G2NotOnCurve,
    /// A G2 point is outside the order-r subgroup.
    #[error("G2 point not in the order-r subgroup")]
    G2NotInSubgroup,
    /// An EIP-2537 field element has nonzero top bytes or is not below p.
    #[error("invalid field element encoding")]
    FieldEncoding,
    /// The domain-separation tag is not 1 to 255 bytes.
    #[error("the domain-separation tag is not 1 to 255 bytes")]
    DstLength,
    /// The ciphersuite byte is not 0 or 1, or names the basic scheme for
    /// FastAggregateVerify.
    #[error("unknown ciphersuite, or FastAggregateVerify in the basic scheme")]
    Ciphersuite,
    /// A public key is the point at infinity.
    #[error("public key is the point at infinity")]
    KeyInfinity,
    /// A message repeats in the basic scheme's AggregateVerify.
    #[error("a message repeats (the basic scheme requires distinct messages)")]
    DuplicateMessage,
    /// Every input is well formed and the signature does not verify.
    #[error("the signature does not verify")]
    Mismatch,
}

impl Error {
    /// Every error.
    pub const ALL: [Error; 13] = [
        Error::InputLength,
        Error::G1Encoding,
        Error::G1NotOnCurve,
        Error::G1NotInSubgroup,
        Error::G2Encoding,
        Error::G2NotOnCurve,
        Error::G2NotInSubgroup,
        Error::FieldEncoding,
        Error::DstLength,
        Error::Ciphersuite,
        Error::KeyInfinity,
        Error::DuplicateMessage,
        Error::Mismatch,
    ];

    /// The stable code a contract's `last_error()` gives for this refusal.
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::InputLength => codes::BLS_INPUT_LENGTH,
            Error::G1Encoding => codes::BLS_G1_ENCODING,
            Error::G1NotOnCurve => codes::BLS_G1_NOT_ON_CURVE,
            Error::G1NotInSubgroup => codes::BLS_G1_NOT_IN_SUBGROUP,
            Error::G2Encoding => codes::BLS_G2_ENCODING,
            Error::G2NotOnCurve => codes::BLS_G2_NOT_ON_CURVE,
            Error::G2NotInSubgroup => codes::BLS_G2_NOT_IN_SUBGROUP,
            Error::FieldEncoding => codes::BLS_FIELD_ENCODING,
            Error::DstLength => codes::BLS_DST_LENGTH,
            Error::Ciphersuite => codes::BLS_CIPHERSUITE,
            Error::KeyInfinity => codes::BLS_KEY_INFINITY,
            Error::DuplicateMessage => codes::BLS_DUPLICATE_MESSAGE,
            Error::Mismatch => codes::BLS_MISMATCH,
        }
    }

    fn g1(e: compressed::Error) -> Error {
        match e {
            compressed::Error::InputLength => Error::InputLength,
            compressed::Error::Encoding => Error::G1Encoding,
            compressed::Error::NotOnCurve => Error::G1NotOnCurve,
            compressed::Error::NotInSubgroup => Error::G1NotInSubgroup,
        }
    }

    fn g2(e: compressed::Error) -> Error {
        match e {
            compressed::Error::InputLength => Error::InputLength,
            compressed::Error::Encoding => Error::G2Encoding,
            compressed::Error::NotOnCurve => Error::G2NotOnCurve,
            compressed::Error::NotInSubgroup => Error::G2NotInSubgroup,
        }
    }

    fn eip2537(e: crate::Error) -> Error {
        match e {
            crate::Error::InputLength => Error::InputLength,
            crate::Error::FieldElementTopBytes | crate::Error::FieldElementNotInField => {
                Error::FieldEncoding
            }
            crate::Error::G1NotOnCurve => Error::G1NotOnCurve,
            crate::Error::G2NotOnCurve => Error::G2NotOnCurve,
            crate::Error::G1NotInSubgroup => Error::G1NotInSubgroup,
            crate::Error::G2NotInSubgroup => Error::G2NotInSubgroup,
        }
    }

    fn signature(e: signatures::Error) -> Error {
        match e {
            signatures::Error::Signature(e) => Error::g2(e),
            signatures::Error::PublicKey(e) => Error::g1(e),
            signatures::Error::PublicKeyInfinity => Error::KeyInfinity,
            signatures::Error::NoPublicKeys | signatures::Error::CountMismatch => {
                Error::InputLength
            }
            signatures::Error::DuplicateMessage => Error::DuplicateMessage,
            signatures::Error::KeyEncoding(e) => Error::eip2537(e),
            signatures::Error::NotInCiphersuite => Error::Ciphersuite,
        }
    }
}

fn exact<const N: usize>(input: &[u8]) -> Result<&[u8; N], Error> {
    input.try_into().map_err(|_| Error::InputLength)
}

/// `bls_g1_decompress`: 48 bytes in, the 128-byte EIP-2537 point out.
pub fn g1_decompress(input: &[u8]) -> Result<[u8; G1_LEN], Error> {
    compressed::g1_decompress(exact(input)?).map_err(Error::g1)
}

/// `bls_g2_decompress`: 96 bytes in, the 256-byte EIP-2537 point out.
pub fn g2_decompress(input: &[u8]) -> Result<[u8; G2_LEN], Error> {
    compressed::g2_decompress(exact(input)?).map_err(Error::g2)
}

/// `bls_g1_compress`: a 128-byte EIP-2537 point in, 48 bytes out.
pub fn g1_compress(input: &[u8]) -> Result<[u8; G1_COMPRESSED_LEN], Error> {
    compressed::g1_compress(exact(input)?).map_err(Error::eip2537)
}

/// `bls_g2_compress`: a 256-byte EIP-2537 point in, 96 bytes out.
pub fn g2_compress(input: &[u8]) -> Result<[u8; G2_COMPRESSED_LEN], Error> {
    compressed::g2_compress(exact(input)?).map_err(Error::eip2537)
}

/// The tag and message of `dst length ‖ dst ‖ message`.
fn tag_and_message(input: &[u8]) -> Result<(&[u8], &[u8]), Error> {
    let (&len, rest) = input.split_first().ok_or(Error::InputLength)?;
    let len = usize::from(len);
    if len == 0 {
        return Err(Error::DstLength);
    }
    if rest.len() < len {
        return Err(Error::InputLength);
    }
    Ok(rest.split_at(len))
}

/// `bls_hash_to_g1`: `dst length ‖ dst ‖ message` in, the 128-byte point out.
pub fn hash_to_g1(input: &[u8]) -> Result<[u8; G1_LEN], Error> {
    let (dst, msg) = tag_and_message(input)?;
    hash_to_curve::hash_to_g1(msg, dst).map_err(|_| Error::DstLength)
}

/// `bls_hash_to_g2`: `dst length ‖ dst ‖ message` in, the 256-byte point out.
pub fn hash_to_g2(input: &[u8]) -> Result<[u8; G2_LEN], Error> {
    let (dst, msg) = tag_and_message(input)?;
    hash_to_curve::hash_to_g2(msg, dst).map_err(|_| Error::DstLength)
}

/// `bls_aggregate_g1`: `48·n` bytes (n ≥ 1) in, their compressed sum out.
pub fn aggregate_g1(input: &[u8]) -> Result<[u8; G1_COMPRESSED_LEN], Error> {
    compressed::g1_aggregate(input).map_err(Error::g1)
}

/// `bls_aggregate_g2`: `96·n` bytes (n ≥ 1) in, their compressed sum out.
pub fn aggregate_g2(input: &[u8]) -> Result<[u8; G2_COMPRESSED_LEN], Error> {
    compressed::g2_aggregate(input).map_err(Error::g2)
}

fn ciphersuite(id: u8) -> Result<Ciphersuite, Error> {
    Ciphersuite::from_id(id).ok_or(Error::Ciphersuite)
}

fn verdict(ok: Result<bool, signatures::Error>) -> Result<(), Error> {
    match ok.map_err(Error::signature)? {
        true => Ok(()),
        false => Err(Error::Mismatch),
    }
}

/// `bls_verify`: `ciphersuite ‖ key ‖ signature ‖ message` in; `Ok` when it verifies.
pub fn verify(input: &[u8]) -> Result<(), Error> {
    let header: &[u8; VERIFY_HEADER_LEN] = input
        .get(..VERIFY_HEADER_LEN)
        .and_then(|h| h.try_into().ok())
        .ok_or(Error::InputLength)?;
    let msg = &input[VERIFY_HEADER_LEN..];
    let cs = ciphersuite(header[0])?;
    let (pk, sig) = header[1..].split_at(G1_COMPRESSED_LEN);
    verdict(signatures::verify(cs, exact(pk)?, msg, exact(sig)?))
}

/// A fast-aggregate input's parts: ciphersuite, signature, keys, message.
type FastAggregateParts<'a> = (Ciphersuite, &'a [u8; G2_COMPRESSED_LEN], &'a [u8], &'a [u8]);

/// The ciphersuite, signature, keys (`key_len` bytes each) and message of a
/// fast-aggregate input. The ciphersuite is checked before the lengths.
fn fast_aggregate_parts(input: &[u8], key_len: usize) -> Result<FastAggregateParts<'_>, Error> {
    let cs = ciphersuite(*input.first().ok_or(Error::InputLength)?)?;
    let n = fast_aggregate_key_count(input, key_len).ok_or(Error::InputLength)?;
    if n == 0 {
        return Err(Error::InputLength);
    }
    let sig = exact(&input[1..1 + G2_COMPRESSED_LEN])?;
    let (keys, msg) = input[FAST_AGGREGATE_HEADER_LEN..].split_at(n * key_len);
    Ok((cs, sig, keys, msg))
}

/// `bls_fast_aggregate_verify`: `ciphersuite ‖ signature ‖ n ‖ n compressed keys ‖
/// message` in; every key validated; `Ok` when it verifies.
pub fn fast_aggregate_verify(input: &[u8]) -> Result<(), Error> {
    let (cs, sig, keys, msg) = fast_aggregate_parts(input, G1_COMPRESSED_LEN)?;
    let keys: Vec<[u8; G1_COMPRESSED_LEN]> = keys
        .chunks_exact(G1_COMPRESSED_LEN)
        .filter_map(|k| k.try_into().ok())
        .collect();
    verdict(signatures::fast_aggregate_verify(cs, &keys, msg, sig))
}

/// `bls_fast_aggregate_verify_uncompressed`: as [`fast_aggregate_verify`] with the keys
/// as 128-byte EIP-2537 points, **checked on the curve only**: neither the subgroup nor
/// infinity. For keys a contract validated once (by [`g1_decompress`], which checks the
/// subgroup) and kept; a key that was never validated can make a forged signature
/// verify. A sum at infinity does not verify.
pub fn fast_aggregate_verify_uncompressed(input: &[u8]) -> Result<(), Error> {
    let (cs, sig, keys, msg) = fast_aggregate_parts(input, G1_LEN)?;
    verdict(signatures::fast_aggregate_verify_prevalidated(
        cs, keys, msg, sig,
    ))
}

/// `bls_aggregate_verify`: `ciphersuite ‖ signature ‖ records` in (each `key ‖ message
/// length ‖ message`, one or more); `Ok` when it verifies.
pub fn aggregate_verify(input: &[u8]) -> Result<(), Error> {
    let cs = ciphersuite(*input.first().ok_or(Error::InputLength)?)?;
    let n = aggregate_record_count(input).ok_or(Error::InputLength)?;
    if n == 0 {
        return Err(Error::InputLength);
    }
    let sig = exact(&input[1..AGGREGATE_HEADER_LEN])?;
    let mut keys = Vec::with_capacity(n);
    let mut msgs = Vec::with_capacity(n);
    // The layout was checked by the count above; `get` keeps a mistake a refusal.
    let mut rest = &input[AGGREGATE_HEADER_LEN..];
    while !rest.is_empty() {
        let key =
            exact::<G1_COMPRESSED_LEN>(rest.get(..G1_COMPRESSED_LEN).ok_or(Error::InputLength)?)?;
        let len = exact::<4>(
            rest.get(G1_COMPRESSED_LEN..RECORD_HEADER_LEN)
                .ok_or(Error::InputLength)?,
        )?;
        let len = usize::try_from(u32::from_be_bytes(*len)).map_err(|_| Error::InputLength)?;
        let end = RECORD_HEADER_LEN
            .checked_add(len)
            .ok_or(Error::InputLength)?;
        msgs.push(rest.get(RECORD_HEADER_LEN..end).ok_or(Error::InputLength)?);
        keys.push(*key);
        rest = &rest[end..];
    }
    verdict(signatures::aggregate_verify(cs, &keys, &msgs, sig))
}
