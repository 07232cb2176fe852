//! BN254 point compression in the format of Solana's `sol_alt_bn128_compression`
//! syscalls (`alt_bn128_g1_compress` / `_decompress`, `alt_bn128_g2_compress` /
//! `_decompress`), so that points and Groth16 proofs compressed by Solana's tooling
//! decompress here and the other way round.
//!
//! # Format
//!
//! Uncompressed points are the Ethereum encoding of the precompiles: G1 is
//! `x ‖ y` (64 bytes), G2 `x_im ‖ x_re ‖ y_im ‖ y_re` (128 bytes), each coordinate
//! 32 bytes big-endian and `< p`; all zeros is the point at infinity.
//!
//! Compressed, a point is its x alone, in the same byte order (G1: 32 bytes; G2: 64
//! bytes, `x_im ‖ x_re`), with two flags in the top two bits of the first byte,
//! which x never uses (`p < 2²⁵⁴`):
//!
//! - bit 7 (`0x80`, [`Y_NEGATIVE`]): y is the larger of `y` and `−y`. For G1 that
//!   is `y > (p − 1)/2` as integers; for G2 it compares the imaginary parts first,
//!   and the real parts when the imaginary part is zero. (This is arkworks'
//!   compressed serialization, which Solana's syscalls use with the bytes of each
//!   coordinate reversed to big-endian.)
//! - bit 6 (`0x40`, [`INFINITY`]): the point at infinity.
//!
//! The point at infinity compresses to all zeros, as Solana's syscalls write it;
//! decompression accepts all zeros and also the infinity flag alone (`0x40`
//! followed by zeros, arkworks' own encoding). No point has x = 0 (`3` is not a
//! square mod p, nor `3/(9 + u)` in Fp2), so all zeros is unambiguous.
//!
//! # Validation
//!
//! Stricter than Solana's code on invalid input, identical on valid input:
//!
//! - compression refuses coordinates `≥ p`, points off the curve and, for G2,
//!   points outside the order-r subgroup (Solana compresses whatever x it is given,
//!   unchecked): so `decompress(compress(P)) = P` whenever compression succeeds;
//! - decompression refuses both flags at once, the infinity flag with a non-zero x
//!   (Solana reads any such x as infinity), `x ≥ p`, an x with no point, and for G2 a
//!   point outside the subgroup (Solana returns it: a pairing precompile would then
//!   refuse it; here the refusal comes first).
//!
//! Errors are [`Error`]; wrong lengths are refused before anything is read.

use crate::arithmetic::fp::{self, Fp};
use crate::arithmetic::fp2::Fp2;
use crate::arithmetic::g2::{twist_b, G2Affine};
use crate::encoding::{self, FIELD_MODULUS};
use zkhost_mont::Field;

/// Length of an uncompressed G1 point.
pub const G1_LEN: usize = 64;
/// Length of a compressed G1 point.
pub const G1_COMPRESSED_LEN: usize = 32;
/// Length of an uncompressed G2 point.
pub const G2_LEN: usize = 128;
/// Length of a compressed G2 point.
pub const G2_COMPRESSED_LEN: usize = 64;

/// The flag bit (in the first byte) set when y is the larger of `±y`.
pub const Y_NEGATIVE: u8 = 0x80;
/// The flag bit (in the first byte) set for the point at infinity.
pub const INFINITY: u8 = 0x40;

/// Why a compression or decompression input was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The input is not exactly 64 or 128 bytes (compress), 32 or 64 (decompress).
    #[error("compression input has the wrong length")]
    Length,
    /// Both flag bits set, or the infinity flag with a non-zero x.
    #[error("compressed point has invalid flags")]
    Flags,
    /// A coordinate (or compressed x) is `>= p`.
    #[error("coordinate not less than field modulus")]
    CoordinateNotInField,
    /// The point is not on the curve (compress), or no point has this x (decompress).
    #[error("point not on curve")]
    NotOnCurve,
    /// A G2 point outside the order-r subgroup.
    #[error("G2 point not in r-torsion subgroup")]
    NotInSubgroup,
}

impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::Length => codes::BN254_COMPRESSION_LENGTH,
            Error::Flags => codes::BN254_COMPRESSION_FLAGS,
            Error::CoordinateNotInField => codes::BN254_COMPRESSION_COORDINATE_NOT_IN_FIELD,
            Error::NotOnCurve => codes::BN254_COMPRESSION_NOT_ON_CURVE,
            Error::NotInSubgroup => codes::BN254_COMPRESSION_NOT_IN_SUBGROUP,
        }
    }
}

impl Error {
    /// Every error.
    pub const ALL: [Error; 5] = [
        Error::Length,
        Error::Flags,
        Error::CoordinateNotInField,
        Error::NotOnCurve,
        Error::NotInSubgroup,
    ];
}

/// Compresses a G1 point: 64 bytes `x ‖ y` to 32.
pub fn g1_compress(input: &[u8]) -> Result<[u8; G1_COMPRESSED_LEN], Error> {
    let bytes: &[u8; G1_LEN] = input.try_into().map_err(|_| Error::Length)?;
    if bytes == &[0u8; G1_LEN] {
        return Ok([0u8; G1_COMPRESSED_LEN]);
    }
    let x = fp_at(bytes, 0)?;
    let y = fp_at(bytes, 32)?;
    if y.square() != x.square().mul(&x).add(&g1_b()) {
        return Err(Error::NotOnCurve);
    }
    let mut out = x.to_be_bytes();
    if fp_is_negative(&y) {
        out[0] |= Y_NEGATIVE;
    }
    Ok(out)
}

/// Decompresses a G1 point: 32 bytes to 64 (`x ‖ y`).
pub fn g1_decompress(input: &[u8]) -> Result<[u8; G1_LEN], Error> {
    let bytes: &[u8; G1_COMPRESSED_LEN] = input.try_into().map_err(|_| Error::Length)?;
    let (x, negative) = match flags(bytes)? {
        None => return Ok([0u8; G1_LEN]),
        Some(negative) => (fp_at(&unflagged(bytes), 0)?, negative),
    };
    let mut y = sqrt_fp(&x.square().mul(&x).add(&g1_b())).ok_or(Error::NotOnCurve)?;
    if fp_is_negative(&y) != negative {
        y = y.neg();
    }
    Ok(encoding::g1_output(&x.to_be_bytes(), &y.to_be_bytes()))
}

/// Compresses a G2 point: 128 bytes `x_im ‖ x_re ‖ y_im ‖ y_re` to 64 (`x_im ‖ x_re`
/// with the flags).
pub fn g2_compress(input: &[u8]) -> Result<[u8; G2_COMPRESSED_LEN], Error> {
    let bytes: &[u8; G2_LEN] = input.try_into().map_err(|_| Error::Length)?;
    if bytes == &[0u8; G2_LEN] {
        return Ok([0u8; G2_COMPRESSED_LEN]);
    }
    let x = Fp2::new(fp_at(bytes, 32)?, fp_at(bytes, 0)?);
    let y = Fp2::new(fp_at(bytes, 96)?, fp_at(bytes, 64)?);
    let q = G2Affine::new(x, y).ok_or(Error::NotOnCurve)?;
    if !q.is_in_subgroup() {
        return Err(Error::NotInSubgroup);
    }
    let mut out = [0u8; G2_COMPRESSED_LEN];
    out[..32].copy_from_slice(&x.c1.to_be_bytes());
    out[32..].copy_from_slice(&x.c0.to_be_bytes());
    if fp2_is_negative(&y) {
        out[0] |= Y_NEGATIVE;
    }
    Ok(out)
}

/// Decompresses a G2 point: 64 bytes to 128 (`x_im ‖ x_re ‖ y_im ‖ y_re`).
pub fn g2_decompress(input: &[u8]) -> Result<[u8; G2_LEN], Error> {
    let bytes: &[u8; G2_COMPRESSED_LEN] = input.try_into().map_err(|_| Error::Length)?;
    let (x, negative) = match flags(bytes)? {
        None => return Ok([0u8; G2_LEN]),
        Some(negative) => {
            let b = unflagged(bytes);
            (Fp2::new(fp_at(&b, 32)?, fp_at(&b, 0)?), negative)
        }
    };
    let mut y = sqrt_fp2(&x.square().mul(&x).add(twist_b())).ok_or(Error::NotOnCurve)?;
    if fp2_is_negative(&y) != negative {
        y = y.neg();
    }
    let q = G2Affine { x, y };
    if !q.is_in_subgroup() {
        return Err(Error::NotInSubgroup);
    }
    let mut out = [0u8; G2_LEN];
    for (chunk, c) in out.chunks_exact_mut(32).zip([x.c1, x.c0, y.c1, y.c0]) {
        chunk.copy_from_slice(&c.to_be_bytes());
    }
    Ok(out)
}

/// The flags of a compressed point: `None` for infinity (all zeros, or the infinity
/// flag alone), `Some(y_negative)` otherwise.
fn flags<const N: usize>(bytes: &[u8; N]) -> Result<Option<bool>, Error> {
    let (negative, infinity) = (bytes[0] & Y_NEGATIVE != 0, bytes[0] & INFINITY != 0);
    if negative && infinity {
        return Err(Error::Flags);
    }
    if infinity || bytes == &[0u8; N] {
        return if unflagged(bytes) == [0u8; N] {
            Ok(None)
        } else {
            Err(Error::Flags)
        };
    }
    Ok(Some(negative))
}

/// The bytes with the two flag bits cleared.
fn unflagged<const N: usize>(bytes: &[u8; N]) -> [u8; N] {
    let mut b = *bytes;
    b[0] &= !(Y_NEGATIVE | INFINITY);
    b
}

/// The field element at `offset`, refused if `>= p`.
fn fp_at(bytes: &[u8], offset: usize) -> Result<Fp, Error> {
    let mut w = [0u8; 32];
    w.copy_from_slice(&bytes[offset..offset + 32]);
    if !encoding::less_than(&w, &FIELD_MODULUS) {
        return Err(Error::CoordinateNotInField);
    }
    Fp::from_be_bytes(&w).ok_or(Error::CoordinateNotInField)
}

/// G1's curve constant 3.
fn g1_b() -> Fp {
    Fp::from_u64(3)
}

/// Whether `y > −y` as canonical integers, i.e. `y > (p − 1)/2`.
fn fp_is_negative(y: &Fp) -> bool {
    let (a, b) = (y.to_words(), y.neg().to_words());
    // Compare from the most significant word.
    a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Greater
}

/// arkworks' order on Fp2 (imaginary part first): whether `y > −y`.
fn fp2_is_negative(y: &Fp2) -> bool {
    if y.c1.is_zero() {
        fp_is_negative(&y.c0)
    } else {
        fp_is_negative(&y.c1)
    }
}

/// A square root in Fp, if `a` is a square: `a^((p+1)/4)` (`p ≡ 3 mod 4`), checked.
fn sqrt_fp(a: &Fp) -> Option<Fp> {
    // (p + 1)/4: p is odd and its low word is not all ones, so p + 1 does not carry.
    let mut e = fp::P;
    e[0] += 1;
    let e = [
        (e[0] >> 2) | (e[1] << 62),
        (e[1] >> 2) | (e[2] << 62),
        (e[2] >> 2) | (e[3] << 62),
        e[3] >> 2,
    ];
    let s = a.pow(&e);
    (s.square() == *a).then_some(s)
}

/// A square root in Fp2 = Fp[u]/(u² + 1), if `a` is a square, from square roots
/// in Fp: with `n = a₀² + a₁²` (the norm, a square in Fp when `a` is a square in Fp2)
/// and `s = √n`, one of `t = (a₀ ± s)/2` is a non-zero square and `√a = √t + a₁/(2√t)·u`.
/// The result is checked by squaring.
fn sqrt_fp2(a: &Fp2) -> Option<Fp2> {
    if a.c1.is_zero() {
        // a is in Fp: √a₀, or √(−a₀)·u when a₀ is not a square (u² = −1).
        let r = match sqrt_fp(&a.c0) {
            Some(s) => Fp2::new(s, Fp::ZERO),
            None => Fp2::new(Fp::ZERO, sqrt_fp(&a.c0.neg())?),
        };
        return (r.square() == *a).then_some(r);
    }
    let s = sqrt_fp(&a.c0.square().add(&a.c1.square()))?;
    let half = Fp::from_u64(2).inverse()?;
    for t in [a.c0.add(&s).mul(&half), a.c0.sub(&s).mul(&half)] {
        if t.is_zero() {
            continue;
        }
        if let Some(x0) = sqrt_fp(&t) {
            let x1 = a.c1.mul(&x0.double().inverse()?);
            let r = Fp2::new(x0, x1);
            return (r.square() == *a).then_some(r);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{AdditiveGroup, BigInteger, Field as _, PrimeField, UniformRand};
    use rand::SeedableRng;

    fn fp(x: &ark_bn254::Fq) -> Fp {
        let mut b = [0u8; 32];
        b.copy_from_slice(&x.into_bigint().to_bytes_be());
        Fp::from_be_bytes(&b).expect("canonical")
    }

    fn fp2(x: &ark_bn254::Fq2) -> Fp2 {
        Fp2::new(fp(&x.c0), fp(&x.c1))
    }

    /// The sign flag is arkworks' `y > −y` (its order on Fp2 compares the imaginary
    /// parts first), including y with a zero imaginary part, which random G2 points
    /// never have.
    #[test]
    fn sign_is_arkworks_order() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        for i in 0..3000 {
            let mut a = ark_bn254::Fq2::rand(&mut rng);
            if i % 3 == 0 {
                a.c1 = ark_bn254::Fq::ZERO;
            }
            if i == 3 {
                a = ark_bn254::Fq2::ZERO;
            }
            assert_eq!(fp2_is_negative(&fp2(&a)), a > -a, "{a}");
            assert_eq!(fp_is_negative(&fp(&a.c0)), a.c0 > -a.c0);
        }
    }

    /// Square roots: squares (also of elements of Fp and of `Fp·u`) have one, which
    /// squares back; non-squares have none, as arkworks finds.
    #[test]
    fn square_roots() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(380);
        for i in 0..1000 {
            let mut b = ark_bn254::Fq2::rand(&mut rng);
            match i % 4 {
                0 => b.c1 = ark_bn254::Fq::ZERO,
                1 => b.c0 = ark_bn254::Fq::ZERO,
                _ => {}
            }
            let a = b.square();
            let r = sqrt_fp2(&fp2(&a)).expect("a square");
            assert_eq!(r.square(), fp2(&a));
            let c = ark_bn254::Fq2::rand(&mut rng);
            assert_eq!(sqrt_fp2(&fp2(&c)).is_some(), c.sqrt().is_some());
            let x = ark_bn254::Fq::rand(&mut rng);
            assert_eq!(sqrt_fp(&fp(&x)).is_some(), x.sqrt().is_some());
            if let Some(s) = sqrt_fp(&fp(&x)) {
                assert_eq!(s.square(), fp(&x));
            }
        }
    }
}
