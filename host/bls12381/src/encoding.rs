//! EIP-2537's byte encodings, independent of any backend: field elements in (with
//! the top-bytes and `< p` checks), points out, scalars.

use zkhost_abi::bls12_381::{FIELD_MODULUS, FP2_LEN, FP_LEN, FP_PAD, G1_LEN, G2_LEN, SCALAR_LEN};

use crate::Error;

/// A canonical base-field element: 48 bytes big-endian, `< p`.
pub type Fp = [u8; 48];

/// An MSM scalar as given: 32 bytes big-endian, any value (not reduced).
pub type Scalar = [u8; SCALAR_LEN];

/// Decodes a 64-byte field element: its top 16 bytes must be zero
/// ([`Error::FieldElementTopBytes`]) and its value below p
/// ([`Error::FieldElementNotInField`]), checked in that order.
///
/// Any other length than [`FP_LEN`] is [`Error::InputLength`] (the front end always
/// passes exactly that many bytes).
pub fn fp(bytes: &[u8]) -> Result<Fp, Error> {
    if bytes.len() != FP_LEN {
        return Err(Error::InputLength);
    }
    let (pad, value) = bytes.split_at(FP_PAD);
    if pad.iter().any(|&b| b != 0) {
        return Err(Error::FieldElementTopBytes);
    }
    let mut out = [0u8; 48];
    out.copy_from_slice(value);
    // Big-endian byte arrays of equal length compare as the integers they encode.
    if out >= FIELD_MODULUS {
        return Err(Error::FieldElementNotInField);
    }
    Ok(out)
}

/// Decodes a 128-byte Fp2 element `c0 ‖ c1`, c0 checked first; any other length is
/// [`Error::InputLength`].
pub fn fp2(bytes: &[u8]) -> Result<[Fp; 2], Error> {
    if bytes.len() != FP2_LEN {
        return Err(Error::InputLength);
    }
    let (c0, c1) = bytes.split_at(FP_LEN);
    Ok([fp(c0)?, fp(c1)?])
}

/// The scalar of an MSM record (its last 32 bytes).
pub fn scalar(bytes: &[u8]) -> Scalar {
    let mut s = [0u8; SCALAR_LEN];
    s.copy_from_slice(bytes);
    s
}

/// Whether a canonical field element is zero.
pub fn is_zero(x: &Fp) -> bool {
    x.iter().all(|&b| b == 0)
}

/// Whether a 128-byte G1 encoding is the point at infinity (all zero).
pub fn is_zero_g1(bytes: &[u8]) -> bool {
    bytes[..G1_LEN].iter().all(|&b| b == 0)
}

/// Whether a 256-byte G2 encoding is the point at infinity (all zero).
pub fn is_zero_g2(bytes: &[u8]) -> bool {
    bytes[..G2_LEN].iter().all(|&b| b == 0)
}

/// The 128-byte encoding of the affine G1 point `(x, y)`; `None` is infinity (all
/// zero).
pub fn g1_out(xy: Option<(Fp, Fp)>) -> [u8; G1_LEN] {
    let mut out = [0u8; G1_LEN];
    if let Some((x, y)) = xy {
        out[FP_PAD..FP_LEN].copy_from_slice(&x);
        out[FP_LEN + FP_PAD..].copy_from_slice(&y);
    }
    out
}

/// The 256-byte encoding of the affine G2 point `(x, y)`, each `[c0, c1]`; `None` is
/// infinity (all zero).
pub fn g2_out(xy: Option<([Fp; 2], [Fp; 2])>) -> [u8; G2_LEN] {
    let mut out = [0u8; G2_LEN];
    if let Some((x, y)) = xy {
        for (i, c) in [x[0], x[1], y[0], y[1]].iter().enumerate() {
            out[i * FP_LEN + FP_PAD..(i + 1) * FP_LEN].copy_from_slice(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn padded(value: &[u8; 48]) -> [u8; 64] {
        let mut b = [0u8; 64];
        b[16..].copy_from_slice(value);
        b
    }

    #[test]
    fn field_elements_below_p_only() {
        let mut below = FIELD_MODULUS;
        below[47] -= 1;
        assert_eq!(fp(&padded(&below)), Ok(below));
        assert_eq!(
            fp(&padded(&FIELD_MODULUS)),
            Err(Error::FieldElementNotInField)
        );
        assert_eq!(fp(&padded(&[0xff; 48])), Err(Error::FieldElementNotInField));
        assert_eq!(fp(&[0u8; 64]), Ok([0u8; 48]));
        assert_eq!(fp(&[0u8; 63]), Err(Error::InputLength));
        assert_eq!(fp(&[]), Err(Error::InputLength));
    }

    #[test]
    fn top_bytes_are_checked_before_the_value() {
        for i in 0..16 {
            let mut b = padded(&FIELD_MODULUS);
            b[i] = 1;
            assert_eq!(fp(&b), Err(Error::FieldElementTopBytes), "byte {i}");
        }
    }

    #[test]
    fn fp2_checks_c0_first() {
        let mut b = [0u8; 128];
        b[..64].copy_from_slice(&padded(&FIELD_MODULUS));
        b[64] = 1;
        assert_eq!(fp2(&b), Err(Error::FieldElementNotInField));
        b[..64].fill(0);
        assert_eq!(fp2(&b), Err(Error::FieldElementTopBytes));
    }

    #[test]
    fn points_out_pad_every_coordinate() {
        let (x, y) = ([1u8; 48], [2u8; 48]);
        let g1 = g1_out(Some((x, y)));
        assert_eq!(fp(&g1[..64]), Ok(x));
        assert_eq!(fp(&g1[64..]), Ok(y));
        assert_eq!(g1_out(None), [0u8; 128]);
        let g2 = g2_out(Some(([[3; 48], [4; 48]], [[5; 48], [6; 48]])));
        for (i, v) in [3u8, 4, 5, 6].into_iter().enumerate() {
            assert_eq!(fp(&g2[i * 64..(i + 1) * 64]), Ok([v; 48]));
        }
        assert!(is_zero_g2(&g2_out(None)));
    }
}
