//! Compressed points: the serialization Zcash defined and Ethereum's consensus layer
//! uses (48-byte G1, 96-byte G2), to and from EIP-2537's uncompressed encoding, and
//! the sum of a list of compressed points.
//!
//! A compressed point is `x` big-endian (for G2 `x.c1 ‖ x.c0`) with three flags in the
//! top bits of its first byte: `0x80` compressed (always set here), `0x40` infinity,
//! `0x20` the sign of `y` (set when `y` is the larger of `y` and `-y`). Infinity is
//! exactly `0xc0` then zeros; any other byte with the infinity flag is refused, as is
//! `x ≥ p`. Decoding checks the curve and the order-r subgroup; the infinity point is
//! accepted (it is in the subgroup): callers that must refuse it (a public key) say so.
//!
//! Which functions check the subgroup: [`g1_decompress`], [`g2_decompress`],
//! [`g1_aggregate`] and [`g2_aggregate`] do, for every point. [`g1_compress`] and
//! [`g2_compress`] check the curve only, as EIP-2537's additions do: they re-encode a
//! point, they do not vouch for it.

use ::blst::{
    blst_p1, blst_p1_add_or_double_affine, blst_p1_affine, blst_p1_affine_compress,
    blst_p1_affine_in_g1, blst_p1_compress, blst_p1_uncompress, blst_p2,
    blst_p2_add_or_double_affine, blst_p2_affine, blst_p2_affine_compress, blst_p2_affine_in_g2,
    blst_p2_compress, blst_p2_uncompress, BLST_ERROR,
};

use crate::{G1_LEN, G2_LEN};

/// A compressed G1 point's length.
pub const G1_COMPRESSED_LEN: usize = 48;
/// A compressed G2 point's length.
pub const G2_COMPRESSED_LEN: usize = 96;

/// Why a compressed point is refused. The group is the function's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// A list's length is not a positive multiple of the point size.
    #[error("invalid input length")]
    InputLength,
    /// The flags are wrong (compression flag clear, infinity with other bits set), or
    /// `x` is not below p.
    #[error("invalid compressed point encoding")]
    Encoding,
    /// No point of the curve has this `x`.
    #[error("compressed point not on the curve")]
    NotOnCurve,
    /// On the curve, outside the order-r subgroup.
    #[error("compressed point not in the order-r subgroup")]
    NotInSubgroup,
}

impl Error {
    /// Every error, in the order the checks run.
    pub const ALL: [Error; 4] = [
        Error::InputLength,
        Error::Encoding,
        Error::NotOnCurve,
        Error::NotInSubgroup,
    ];

    fn from_blst(err: BLST_ERROR) -> Error {
        match err {
            BLST_ERROR::BLST_POINT_NOT_ON_CURVE => Error::NotOnCurve,
            _ => Error::Encoding,
        }
    }
}

/// Decodes a compressed G1 point to its affine form, checking flags, `x < p`, the
/// curve and the subgroup.
pub(crate) fn decode_g1(bytes: &[u8; G1_COMPRESSED_LEN]) -> Result<blst_p1_affine, Error> {
    // blst reads the compression flag as "this is the 48-byte form": a clear flag is
    // the uncompressed encoding's first byte, which this format does not accept.
    if bytes[0] & 0x80 == 0 {
        return Err(Error::Encoding);
    }
    let mut p = blst_p1_affine::default();
    // SAFETY: `bytes` is 48 bytes, as blst_p1_uncompress reads.
    let err = unsafe { blst_p1_uncompress(&mut p, bytes.as_ptr()) };
    if err != BLST_ERROR::BLST_SUCCESS {
        return Err(Error::from_blst(err));
    }
    // SAFETY: plain struct, built here. blst's subgroup test accepts infinity.
    if !unsafe { blst_p1_affine_in_g1(&p) } {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}

/// [`decode_g1`] for G2.
pub(crate) fn decode_g2(bytes: &[u8; G2_COMPRESSED_LEN]) -> Result<blst_p2_affine, Error> {
    if bytes[0] & 0x80 == 0 {
        return Err(Error::Encoding);
    }
    let mut q = blst_p2_affine::default();
    // SAFETY: `bytes` is 96 bytes, as blst_p2_uncompress reads.
    let err = unsafe { blst_p2_uncompress(&mut q, bytes.as_ptr()) };
    if err != BLST_ERROR::BLST_SUCCESS {
        return Err(Error::from_blst(err));
    }
    // SAFETY: plain struct, built here.
    if !unsafe { blst_p2_affine_in_g2(&q) } {
        return Err(Error::NotInSubgroup);
    }
    Ok(q)
}

/// A compressed G1 point (48 bytes) decoded and checked (curve and subgroup), in
/// EIP-2537's encoding (128 bytes; infinity is all zero), ready for G1ADD, G1MSM and
/// the pairing check.
pub fn g1_decompress(bytes: &[u8; G1_COMPRESSED_LEN]) -> Result<[u8; G1_LEN], Error> {
    decode_g1(bytes).map(|p| crate::blst::g1_out_affine(&p))
}

/// A compressed G2 point (96 bytes) decoded and checked (curve and subgroup), in
/// EIP-2537's encoding (256 bytes).
pub fn g2_decompress(bytes: &[u8; G2_COMPRESSED_LEN]) -> Result<[u8; G2_LEN], Error> {
    decode_g2(bytes).map(|q| crate::blst::g2_out_affine(&q))
}

/// An EIP-2537 G1 point (128 bytes: field elements checked, then the curve; not the
/// subgroup) compressed to 48 bytes. Errors are EIP-2537's.
pub fn g1_compress(bytes: &[u8; G1_LEN]) -> Result<[u8; G1_COMPRESSED_LEN], crate::Error> {
    let p = crate::decode_g1::<crate::blst::Engine>(bytes)?;
    let mut out = [0u8; G1_COMPRESSED_LEN];
    // SAFETY: `out` is 48 bytes, as blst_p1_affine_compress writes; blst writes
    // infinity as 0xc0 then zeros.
    unsafe { blst_p1_affine_compress(out.as_mut_ptr(), &p) };
    Ok(out)
}

/// An EIP-2537 G2 point (256 bytes, curve checked) compressed to 96 bytes.
pub fn g2_compress(bytes: &[u8; G2_LEN]) -> Result<[u8; G2_COMPRESSED_LEN], crate::Error> {
    let q = crate::decode_g2::<crate::blst::Engine>(bytes)?;
    let mut out = [0u8; G2_COMPRESSED_LEN];
    // SAFETY: `out` is 96 bytes, as blst_p2_affine_compress writes.
    unsafe { blst_p2_affine_compress(out.as_mut_ptr(), &q) };
    Ok(out)
}

/// The sum of `n ≥ 1` compressed G1 points given one after the other (`48·n` bytes),
/// each decoded and checked (curve and subgroup) in order, compressed. The sum of
/// public keys is the aggregate key of a fast-aggregate signature.
pub fn g1_aggregate(points: &[u8]) -> Result<[u8; G1_COMPRESSED_LEN], Error> {
    let mut sum = blst_p1::default();
    for p in records::<G1_COMPRESSED_LEN>(points)? {
        let p = decode_g1(p)?;
        // SAFETY: plain structs; blst's projective identity is all zero, and the
        // affine infinity is all zero too, which the addition handles.
        unsafe { blst_p1_add_or_double_affine(&mut sum, &sum, &p) };
    }
    let mut out = [0u8; G1_COMPRESSED_LEN];
    // SAFETY: `out` is 48 bytes, as blst_p1_compress writes.
    unsafe { blst_p1_compress(out.as_mut_ptr(), &sum) };
    Ok(out)
}

/// [`g1_aggregate`] for G2 (`96·n` bytes): the sum of signatures is an aggregate
/// signature.
pub fn g2_aggregate(points: &[u8]) -> Result<[u8; G2_COMPRESSED_LEN], Error> {
    let mut sum = blst_p2::default();
    for q in records::<G2_COMPRESSED_LEN>(points)? {
        let q = decode_g2(q)?;
        // SAFETY: as in g1_aggregate.
        unsafe { blst_p2_add_or_double_affine(&mut sum, &sum, &q) };
    }
    let mut out = [0u8; G2_COMPRESSED_LEN];
    // SAFETY: `out` is 96 bytes, as blst_p2_compress writes.
    unsafe { blst_p2_compress(out.as_mut_ptr(), &sum) };
    Ok(out)
}

/// `bytes` as `N`-byte records: at least one, and no bytes left over.
fn records<const N: usize>(bytes: &[u8]) -> Result<impl Iterator<Item = &[u8; N]>, Error> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(N) {
        return Err(Error::InputLength);
    }
    // Every chunk is N bytes: the conversion drops none.
    Ok(bytes.chunks_exact(N).filter_map(|c| c.try_into().ok()))
}
