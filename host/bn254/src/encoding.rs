//! The Ethereum byte encoding of BN254 inputs, shared by every backend.
//!
//! Backends never see raw EVM bytes: this module pads and splits the input and checks
//! that every coordinate is a canonical field element (`< p`, no reduction, no flag
//! bits) before a library's parser is involved. That keeps the first error class and
//! the padding rules identical on every backend by construction.

use super::Error;

pub use zkhost_abi::bn254::{FIELD_MODULUS, GROUP_ORDER};

/// A G1 point as the EVM encodes it, with both coordinates known to be `< p`.
/// `(0, 0)` is the point at infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct G1Coords {
    /// x, big-endian.
    pub x: [u8; 32],
    /// y, big-endian.
    pub y: [u8; 32],
}

/// A G2 point as the EVM encodes it (`x_imag, x_real, y_imag, y_real`), reordered
/// into real and imaginary parts, each known to be `< p`. All zero is infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct G2Coords {
    /// Real part of x (`c0`), big-endian.
    pub x_re: [u8; 32],
    /// Imaginary part of x (`c1`), big-endian.
    pub x_im: [u8; 32],
    /// Real part of y, big-endian.
    pub y_re: [u8; 32],
    /// Imaginary part of y, big-endian.
    pub y_im: [u8; 32],
}

impl G1Coords {
    /// Whether this is the encoding of the point at infinity.
    pub fn is_infinity(&self) -> bool {
        self.x == [0; 32] && self.y == [0; 32]
    }
}

impl G2Coords {
    /// Whether this is the encoding of the point at infinity.
    pub fn is_infinity(&self) -> bool {
        self.x_re == [0; 32] && self.x_im == [0; 32] && self.y_re == [0; 32] && self.y_im == [0; 32]
    }
}

/// Whether a 32-byte big-endian integer is strictly less than `modulus`.
pub fn less_than(value: &[u8; 32], modulus: &[u8; 32]) -> bool {
    // Big-endian byte arrays compare lexicographically as integers.
    value < modulus
}

/// Copies `input` into a zero-filled array of `N` bytes: short input is right-padded
/// with zeros and surplus bytes are ignored, as precompiles 0x06 and 0x07 do.
pub fn pad<const N: usize>(input: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = input.len().min(N);
    out[..n].copy_from_slice(&input[..n]);
    out
}

fn word(bytes: &[u8], index: usize) -> [u8; 32] {
    let mut w = [0u8; 32];
    w.copy_from_slice(&bytes[32 * index..32 * (index + 1)]);
    w
}

fn field_element(bytes: &[u8], index: usize, err: Error) -> Result<[u8; 32], Error> {
    let w = word(bytes, index);
    if less_than(&w, &FIELD_MODULUS) {
        Ok(w)
    } else {
        Err(err)
    }
}

/// Reads a G1 point from 64 bytes, checking that both coordinates are `< p`.
pub fn g1(bytes: &[u8; 64]) -> Result<G1Coords, Error> {
    Ok(G1Coords {
        x: field_element(bytes, 0, Error::G1CoordinateNotInField)?,
        y: field_element(bytes, 1, Error::G1CoordinateNotInField)?,
    })
}

/// Reads a G2 point from 128 bytes (`x_imag, x_real, y_imag, y_real`), checking that
/// all four coordinates are `< p`.
pub fn g2(bytes: &[u8; 128]) -> Result<G2Coords, Error> {
    let e = Error::G2CoordinateNotInField;
    Ok(G2Coords {
        x_im: field_element(bytes, 0, e)?,
        x_re: field_element(bytes, 1, e)?,
        y_im: field_element(bytes, 2, e)?,
        y_re: field_element(bytes, 3, e)?,
    })
}

/// Writes affine coordinates as the 64-byte output of ECADD/ECMUL.
pub fn g1_output(x: &[u8; 32], y: &[u8; 32]) -> [u8; 64] {
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(x);
    out[32..].copy_from_slice(y);
    out
}

/// Reverses a 32-byte array (big-endian ↔ little-endian).
pub fn reversed(bytes: &[u8; 32]) -> [u8; 32] {
    let mut out = *bytes;
    out.reverse();
    out
}

/// Big-endian 32 bytes as four little-endian u64 limbs, the layout most libraries use
/// ([`zkhost_mont::words::be_words`]).
#[inline]
pub fn limbs_le(bytes: &[u8; 32]) -> [u64; 4] {
    zkhost_mont::words::be_words(bytes)
}

/// Four little-endian u64 limbs as big-endian 32 bytes
/// ([`zkhost_mont::words::words_be_bytes`]).
#[inline]
pub fn bytes_be(limbs: &[u64; 4]) -> [u8; 32] {
    zkhost_mont::words::words_be_bytes(limbs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modulus_boundaries() {
        let mut below = FIELD_MODULUS;
        below[31] -= 1;
        assert!(less_than(&below, &FIELD_MODULUS));
        assert!(!less_than(&FIELD_MODULUS, &FIELD_MODULUS));
        assert!(!less_than(&[0xff; 32], &FIELD_MODULUS));
        assert!(less_than(&GROUP_ORDER, &FIELD_MODULUS));
    }

    #[test]
    fn limbs_round_trip() {
        let mut b = [0u8; 32];
        for (i, x) in b.iter_mut().enumerate() {
            *x = i as u8;
        }
        let l = limbs_le(&b);
        assert_eq!(l[0], 0x18191a1b1c1d1e1f);
        assert_eq!(l[3], 0x0001020304050607);
        assert_eq!(bytes_be(&l), b);
    }

    #[test]
    fn padding() {
        assert_eq!(pad::<4>(&[1, 2]), [1, 2, 0, 0]);
        assert_eq!(pad::<2>(&[1, 2, 3]), [1, 2]);
    }
}
