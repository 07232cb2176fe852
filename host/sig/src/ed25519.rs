//! Ed25519 signature verification (RFC 8032's encodings) under ZIP-215's rule, one
//! signature and a batch, on `curve25519-dalek`'s group arithmetic.
//!
//! **The rule (ZIP-215, as CosmWasm's `ed25519-zebra` and Zcash apply it).** A
//! signature `R ‖ s` by the key `A` on the message `M` is valid when:
//!
//! 1. `A` and `R` decode to curve points; non-canonical encodings (a `y` not below p,
//!    or `x = 0` with the sign bit set) are accepted and decoded;
//! 2. `s` is below the group order ℓ (canonical);
//! 3. `[8][s]B = [8]R + [8][k]A`, where `k` = SHA-512(`R ‖ A ‖ M`) mod ℓ over the bytes
//!    as given.
//!
//! Why this rule and not RFC 8032's "strict" one: it is the one rule under which every
//! valid batch is a batch of valid signatures and the reverse (the cofactored equation
//! is linear, so a random combination of the equations holds exactly when each does),
//! and it is what the chains a node team compares with use (CosmWasm, Zcash). What it
//! accepts that `ed25519-dalek`'s `verify_strict` refuses: small-order keys and `R`,
//! and non-canonical encodings of points. A small-order key signs every message: a
//! contract that lets a user register a key checks the key itself.
//!
//! **Batch.** [`batch_verify`] gives the answer of [`verify`] on every record: valid
//! exactly when each record is. It decodes every record first (an encoding refusal is
//! the first badly encoded record's reason, even if an earlier record's equation would
//! fail), then checks one random linear combination of the cofactored equations, with
//! 128-bit coefficients derived from a SHA-512 of the whole input (deterministic: the
//! same input gives the same coefficients on every node). A failed combination is
//! followed by checking each record alone, and the refusal is then
//! [`Error::Mismatch`].

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{IsIdentity, VartimeMultiscalarMul};
use sha2::{Digest, Sha512};

pub use zkhost_abi::ed25519::{
    record_count, BATCH_RECORD_HEADER_LEN, KEY_LEN, OUTPUT_LEN, SIGNATURE_LEN, VERIFY_HEADER_LEN,
};

/// What the functions write for a valid signature or batch: 32 bytes, big-endian 1.
pub const VALID: [u8; OUTPUT_LEN] = {
    let mut v = [0u8; OUTPUT_LEN];
    v[OUTPUT_LEN - 1] = 1;
    v
};

/// Why an Ed25519 function refuses its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// `ed25519_verify`'s input is shorter than key and signature, or a batch record is
    /// cut short.
    #[error("Ed25519: the input is shorter than its records")]
    InputLength,
    /// The public key does not decode to a curve point.
    #[error("Ed25519: the public key is not a curve point")]
    KeyNotOnCurve,
    /// The signature's `R` does not decode to a curve point.
    #[error("Ed25519: the signature's R is not a curve point")]
    RNotOnCurve,
    /// The signature's `s` is not below the group order.
    #[error("Ed25519: the signature's s is not below the group order")]
    SNotCanonical,
    /// The cofactored verification equation does not hold.
    #[error("Ed25519: the signature does not verify")]
    Mismatch,
}

impl Error {
    /// Its stable `last_error` code (`zkhost_abi::last_error`).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as code;
        match self {
            Error::InputLength => code::ED25519_INPUT_LENGTH,
            Error::KeyNotOnCurve => code::ED25519_KEY_NOT_ON_CURVE,
            Error::RNotOnCurve => code::ED25519_R_NOT_ON_CURVE,
            Error::SNotCanonical => code::ED25519_S_NOT_CANONICAL,
            Error::Mismatch => code::ED25519_MISMATCH,
        }
    }
}

/// One signature, its encodings checked and decoded.
struct Decoded {
    key: EdwardsPoint,
    r: EdwardsPoint,
    s: Scalar,
    /// `k` = SHA-512(`R ‖ A ‖ M`) mod ℓ.
    k: Scalar,
}

/// Decodes `key`, `signature` (64 bytes each checked by the caller's slicing) and hashes
/// the message: the encoding checks of the rule, in the order key, `R`, `s`.
fn decode(key: &[u8], signature: &[u8], message: &[u8]) -> Result<Decoded, Error> {
    let key_bytes: [u8; KEY_LEN] = key.try_into().map_err(|_| Error::InputLength)?;
    let (r_bytes, s_bytes) = signature.split_at_checked(32).ok_or(Error::InputLength)?;
    let r_bytes: [u8; 32] = r_bytes.try_into().map_err(|_| Error::InputLength)?;
    let s_bytes: [u8; 32] = s_bytes.try_into().map_err(|_| Error::InputLength)?;
    let key = CompressedEdwardsY(key_bytes)
        .decompress()
        .ok_or(Error::KeyNotOnCurve)?;
    let r = CompressedEdwardsY(r_bytes)
        .decompress()
        .ok_or(Error::RNotOnCurve)?;
    let s = Option::<Scalar>::from(Scalar::from_canonical_bytes(s_bytes))
        .ok_or(Error::SNotCanonical)?;
    let mut h = Sha512::new();
    h.update(r_bytes);
    h.update(key_bytes);
    h.update(message);
    let k = Scalar::from_bytes_mod_order_wide(&h.finalize().into());
    Ok(Decoded { key, r, s, k })
}

/// The cofactored equation of one decoded signature: `[8]([s]B − [k]A − R) = 0`.
fn holds(d: &Decoded) -> bool {
    let sb_minus_ka = EdwardsPoint::vartime_double_scalar_mul_basepoint(&d.k, &(-d.key), &d.s);
    (sb_minus_ka - d.r).mul_by_cofactor().is_identity()
}

/// Verifies one signature of `key (32) ‖ signature (64) ‖ message` (the message any
/// length, empty too) under ZIP-215's rule (see the module documentation).
pub fn verify(input: &[u8]) -> Result<(), Error> {
    if input.len() < VERIFY_HEADER_LEN {
        return Err(Error::InputLength);
    }
    let (key, rest) = input.split_at(KEY_LEN);
    let (signature, message) = rest.split_at(SIGNATURE_LEN);
    verify_parts(key, signature, message)
}

/// [`verify`] on the three parts (a key of another length than 32 bytes, or a signature
/// of another length than 64, is [`Error::InputLength`]).
pub fn verify_parts(key: &[u8], signature: &[u8], message: &[u8]) -> Result<(), Error> {
    let d = decode(key, signature, message)?;
    if holds(&d) {
        Ok(())
    } else {
        Err(Error::Mismatch)
    }
}

/// One record of a batch: `(key, signature, message)`.
pub type Record<'a> = (&'a [u8], &'a [u8], &'a [u8]);

/// The records of a batch input: `key (32) ‖ signature (64) ‖ message length (4 bytes,
/// big-endian) ‖ message`, repeated to the input's end (none is a batch too).
pub fn records(input: &[u8]) -> Result<Vec<Record<'_>>, Error> {
    // Every record has its header: this bounds the count before anything is allocated.
    let mut out = Vec::with_capacity(input.len() / BATCH_RECORD_HEADER_LEN);
    let mut rest = input;
    while !rest.is_empty() {
        let (header, tail) = rest
            .split_at_checked(BATCH_RECORD_HEADER_LEN)
            .ok_or(Error::InputLength)?;
        let (key, header) = header.split_at(KEY_LEN);
        let (signature, len) = header.split_at(SIGNATURE_LEN);
        let len = u32::from_be_bytes(len.try_into().map_err(|_| Error::InputLength)?);
        let len = usize::try_from(len).map_err(|_| Error::InputLength)?;
        let (message, tail) = tail.split_at_checked(len).ok_or(Error::InputLength)?;
        out.push((key, signature, message));
        rest = tail;
    }
    Ok(out)
}

/// Verifies a batch of records (see [`records`]): `Ok` exactly when [`verify`] accepts
/// every record. A refusal is [`Error::InputLength`] for a record cut short, else the
/// first badly encoded record's reason, else [`Error::Mismatch`]. An empty batch is
/// valid.
pub fn batch_verify(input: &[u8]) -> Result<(), Error> {
    let records = records(input)?;
    let decoded = records
        .iter()
        .map(|&(key, signature, message)| decode(key, signature, message))
        .collect::<Result<Vec<_>, _>>()?;
    match decoded.as_slice() {
        [] => return Ok(()),
        [one] => {
            return if holds(one) {
                Ok(())
            } else {
                Err(Error::Mismatch)
            }
        }
        _ => {}
    }
    // The coefficients: 128 bits each from SHA-512 of the whole input and the record's
    // index, so a batch's coefficients are fixed before any record can be chosen to
    // cancel another.
    let seed = Sha512::new()
        .chain_update(b"zkhost ed25519 batch v1")
        .chain_update(input)
        .finalize();
    let mut scalars = Vec::with_capacity(2 * decoded.len() + 1);
    let mut points = Vec::with_capacity(2 * decoded.len() + 1);
    let mut b_coefficient = Scalar::ZERO;
    for (i, d) in decoded.iter().enumerate() {
        let z = Sha512::new()
            .chain_update(seed)
            .chain_update((i as u64).to_le_bytes())
            .finalize();
        let mut wide = [0u8; 32];
        wide[..16].copy_from_slice(&z[..16]);
        let z = Scalar::from_bytes_mod_order(wide);
        b_coefficient -= z * d.s;
        scalars.push(z);
        points.push(d.r);
        scalars.push(z * d.k);
        points.push(d.key);
    }
    scalars.push(b_coefficient);
    points.push(ED25519_BASEPOINT_POINT);
    let sum = EdwardsPoint::vartime_multiscalar_mul(&scalars, &points);
    if sum.mul_by_cofactor().is_identity() {
        return Ok(());
    }
    // The combination fails only if some record does (each record's equation holding
    // makes the sum hold): the answer is each record's, verified alone.
    if decoded.iter().all(holds) {
        Ok(())
    } else {
        Err(Error::Mismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_has_its_code_in_the_family_range() {
        for e in [
            Error::InputLength,
            Error::KeyNotOnCurve,
            Error::RNotOnCurve,
            Error::SNotCanonical,
            Error::Mismatch,
        ] {
            assert_eq!(
                zkhost_abi::last_error::family(e.last_error()),
                Some(zkhost_abi::Family::Ed25519)
            );
        }
    }

    #[test]
    fn parts_of_other_lengths_are_refused_not_a_panic() {
        for (k, s) in [
            (0, 64),
            (32, 0),
            (32, 31),
            (32, 63),
            (32, 65),
            (31, 64),
            (33, 64),
        ] {
            let (key, signature) = (vec![0u8; k], vec![0u8; s]);
            assert_eq!(
                verify_parts(&key, &signature, b""),
                Err(Error::InputLength),
                "{k} {s}"
            );
        }
    }

    #[test]
    fn records_and_their_count_agree() {
        let mut input = Vec::new();
        assert_eq!(records(&input).map(|r| r.len()), Ok(0));
        assert_eq!(record_count(&input), Some(0));
        for len in [0u32, 5, 0] {
            input.extend_from_slice(&[7u8; 96]);
            input.extend_from_slice(&len.to_be_bytes());
            input.extend(std::iter::repeat_n(1u8, len as usize));
        }
        assert_eq!(records(&input).map(|r| r.len()), Ok(3));
        assert_eq!(record_count(&input), Some(3));
        for cut in 1..input.len() {
            let short = &input[..input.len() - cut];
            let complete = records(short).is_ok();
            assert_eq!(record_count(short).is_some(), complete, "cut {cut}");
        }
        input.extend_from_slice(&[0u8; 99]);
        assert_eq!(records(&input).map(|r| r.len()), Err(Error::InputLength));
        assert_eq!(record_count(&input), None);
    }
}
