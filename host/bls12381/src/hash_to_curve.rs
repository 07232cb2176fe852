//! RFC 9380's `hash_to_curve` for BLS12-381, the random-oracle suites
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_` and `BLS12381G2_XMD:SHA-256_SSWU_RO_`:
//! `expand_message_xmd` with SHA-256, two field elements, the simplified SWU map with
//! its isogeny on each, their sum, then cofactor clearing. The caller gives the
//! domain-separation tag.
//!
//! A DST is 1 to 255 bytes: RFC 9380 requires a nonempty tag, and `expand_message_xmd`
//! encodes its length in one byte (a longer tag is hashed first, section 5.3.3, a rule
//! these functions leave to the caller by refusing it). The message may be any length,
//! empty included. Outputs are EIP-2537's encoding, so they go straight to the
//! precompiles (the pairing check, to verify a signature on the hash).

use ::blst::{blst_hash_to_g1, blst_hash_to_g2, blst_p1, blst_p2};

use crate::{G1_LEN, G2_LEN};

/// The longest domain-separation tag.
pub const MAX_DST_LEN: usize = 255;

/// Why a hash was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The domain-separation tag is empty or longer than [`MAX_DST_LEN`] bytes.
    #[error("the domain-separation tag is not 1 to 255 bytes")]
    DstLength,
}

fn check_dst(dst: &[u8]) -> Result<(), Error> {
    if dst.is_empty() || dst.len() > MAX_DST_LEN {
        Err(Error::DstLength)
    } else {
        Ok(())
    }
}

/// `hash_to_curve(msg)` in G1 with the tag `dst`, in EIP-2537's encoding (128 bytes).
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> Result<[u8; G1_LEN], Error> {
    check_dst(dst)?;
    let mut p = blst_p1::default();
    // SAFETY: each pointer comes with its slice's length; no augmentation (null, 0).
    unsafe {
        blst_hash_to_g1(
            &mut p,
            msg.as_ptr(),
            msg.len(),
            dst.as_ptr(),
            dst.len(),
            core::ptr::null(),
            0,
        )
    };
    Ok(crate::blst::encode_g1(&p))
}

/// `hash_to_curve(msg)` in G2 with the tag `dst`, in EIP-2537's encoding (256 bytes).
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> Result<[u8; G2_LEN], Error> {
    check_dst(dst)?;
    let mut q = blst_p2::default();
    // SAFETY: as in hash_to_g1.
    unsafe {
        blst_hash_to_g2(
            &mut q,
            msg.as_ptr(),
            msg.len(),
            dst.as_ptr(),
            dst.len(),
            core::ptr::null(),
            0,
        )
    };
    Ok(crate::blst::encode_g2(&q))
}
