//! The curve arithmetic, on supranational's `blst` through its raw bindings. Every call
//! below is on values this module built itself, of the types and sizes blst's header
//! gives (a compressed G1 point is 48 bytes, a scalar 32, the precomputed lines of a G2
//! point 68 `blst_fp6`), so each `unsafe` block is sound by construction.

use std::sync::OnceLock;

use ::blst::{
    blst_final_exp, blst_fp12, blst_fp12_is_one, blst_fp12_mul, blst_fp6, blst_miller_loop_lines,
    blst_p1, blst_p1_add_or_double, blst_p1_affine, blst_p1_affine_in_g1, blst_p1_affine_is_inf,
    blst_p1_cneg, blst_p1_from_affine, blst_p1_generator, blst_p1_mult, blst_p1_to_affine,
    blst_p1_uncompress, blst_p2_affine, blst_p2_affine_generator, blst_p2_uncompress,
    blst_precompute_lines, blst_scalar, blst_scalar_from_bendian, BLST_ERROR,
};

use super::{PointError, G1_COMPRESSED_LEN, SCALAR_LEN, TAU_G2};

/// Bits of a canonical scalar (`< r < 2^255`).
const SCALAR_BITS: usize = 255;

/// The Miller-loop lines of a fixed G2 point, as blst's `blst_precompute_lines` writes
/// them.
type Lines = [blst_fp6; 68];

/// The lines of the G2 generator and of `[τ]G2`, computed on first use. Both points
/// are constants, so this is the same value in every process.
fn lines() -> &'static (Box<Lines>, Box<Lines>) {
    static LINES: OnceLock<(Box<Lines>, Box<Lines>)> = OnceLock::new();
    LINES.get_or_init(|| {
        let (mut g2, mut tau_lines) = (heap_lines(), heap_lines());
        let tau = tau_g2();
        // SAFETY: blst_p2_affine_generator returns a pointer to a static point; each
        // destination holds the 68 lines blst writes.
        unsafe {
            blst_precompute_lines(g2.as_mut_ptr(), blst_p2_affine_generator());
            blst_precompute_lines(tau_lines.as_mut_ptr(), &tau);
        }
        (g2, tau_lines)
    })
}

/// A zeroed [`Lines`] made on the heap: `Box::new` of the array would build its 19.6
/// KiB on the calling thread's stack first (twice that for the pair, and more in an
/// unoptimised build), on the first call of `kzg_point_evaluation`, whose stack the
/// node sizes (docs/src/embedding.md, "Native stack").
fn heap_lines() -> Box<Lines> {
    let lines = vec![blst_fp6::default(); 68].into_boxed_slice();
    match lines.try_into() {
        Ok(lines) => lines,
        // The vector has the array's length.
        Err(_) => unreachable!("68 lines"),
    }
}

/// [`TAU_G2`] decoded. The constant is a valid subgroup point (a unit test checks it),
/// so the identity fallback is never taken; it keeps this function total.
fn tau_g2() -> blst_p2_affine {
    let mut q = blst_p2_affine::default();
    // SAFETY: TAU_G2 is 96 bytes, as blst_p2_uncompress reads.
    let err = unsafe { blst_p2_uncompress(&mut q, TAU_G2.as_ptr()) };
    if err == BLST_ERROR::BLST_SUCCESS {
        q
    } else {
        blst_p2_affine::default()
    }
}

/// Whether [`TAU_G2`] decodes to a point of G2 other than the identity (a unit test).
#[cfg(test)]
pub(crate) fn tau_g2_is_valid() -> bool {
    let mut q = blst_p2_affine::default();
    // SAFETY: as in tau_g2.
    let err = unsafe { blst_p2_uncompress(&mut q, TAU_G2.as_ptr()) };
    // SAFETY: plain struct, built here.
    err == BLST_ERROR::BLST_SUCCESS
        && unsafe { ::blst::blst_p2_affine_in_g2(&q) }
        && q != blst_p2_affine::default()
}

/// A compressed G1 point of the subgroup, or why not. blst's decoder checks the flags
/// (compression bit set; with the infinity bit, every other bit zero), `x < p` and the
/// curve equation; infinity decodes to the all-zero affine point, which is in G1.
pub(crate) fn decode_g1(bytes: &[u8; G1_COMPRESSED_LEN]) -> Result<blst_p1_affine, PointError> {
    let mut p = blst_p1_affine::default();
    // SAFETY: `bytes` is 48 bytes, as blst_p1_uncompress reads.
    let err = unsafe { blst_p1_uncompress(&mut p, bytes.as_ptr()) };
    if err != BLST_ERROR::BLST_SUCCESS {
        return Err(PointError::Encoding);
    }
    // SAFETY: plain struct, built here.
    if !unsafe { blst_p1_affine_in_g1(&p) } {
        return Err(PointError::NotInSubgroup);
    }
    Ok(p)
}

fn scalar(s: &[u8; SCALAR_LEN]) -> blst_scalar {
    let mut out = blst_scalar::default();
    // SAFETY: `s` is 32 bytes, as blst_scalar_from_bendian reads.
    unsafe { blst_scalar_from_bendian(&mut out, s.as_ptr()) };
    out
}

fn mul(p: &blst_p1, s: &blst_scalar) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: `s.b` is 32 little-endian bytes; 255 bits of them are read.
    unsafe { blst_p1_mult(&mut out, p, s.b.as_ptr(), SCALAR_BITS) };
    out
}

fn add(a: &blst_p1, b: &blst_p1) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: plain structs, built here.
    unsafe { blst_p1_add_or_double(&mut out, a, b) };
    out
}

fn affine(p: &blst_p1) -> blst_p1_affine {
    let mut out = blst_p1_affine::default();
    // SAFETY: plain structs, built here.
    unsafe { blst_p1_to_affine(&mut out, p) };
    out
}

/// Whether `e(C − [y]G1, G2) = e(π, [τ]G2 − [z]G2)`, computed as
/// `e(C − [y]G1 + [z]π, G2) · e(−π, [τ]G2) = 1` (bilinearity: `e(π, −[z]G2) =
/// e([z]π, G2)`), for decoded subgroup points and canonical scalars. A G1 argument at
/// infinity contributes a factor 1 and is left out of the product.
pub(crate) fn pairing_check(
    c: &blst_p1_affine,
    z: &[u8; SCALAR_LEN],
    y: &[u8; SCALAR_LEN],
    proof: &blst_p1_affine,
) -> bool {
    let (mut c_p, mut pi) = (blst_p1::default(), blst_p1::default());
    // SAFETY: plain structs, built here; blst_p1_generator points to a static point.
    let g1 = unsafe {
        blst_p1_from_affine(&mut c_p, c);
        blst_p1_from_affine(&mut pi, proof);
        &*blst_p1_generator()
    };
    let mut y_g1 = mul(g1, &scalar(y));
    // SAFETY: plain struct, built here.
    unsafe { blst_p1_cneg(&mut y_g1, true) };
    let lhs = affine(&add(&add(&c_p, &y_g1), &mul(&pi, &scalar(z))));
    // SAFETY: plain struct, built here.
    unsafe { blst_p1_cneg(&mut pi, true) };
    let neg_pi = affine(&pi);

    let (g2_lines, tau_lines) = lines();
    let mut product: Option<blst_fp12> = None;
    for (p, lines) in [(&lhs, g2_lines), (&neg_pi, tau_lines)] {
        // SAFETY: plain struct, built here.
        if unsafe { blst_p1_affine_is_inf(p) } {
            continue;
        }
        let mut f = blst_fp12::default();
        // SAFETY: `lines` holds the 68 lines blst_precompute_lines wrote.
        unsafe { blst_miller_loop_lines(&mut f, lines.as_ptr(), p) };
        product = Some(match product {
            None => f,
            Some(acc) => {
                let mut m = blst_fp12::default();
                // SAFETY: plain structs, built here.
                unsafe { blst_fp12_mul(&mut m, &acc, &f) };
                m
            }
        });
    }
    let Some(f) = product else {
        // Both arguments at infinity: the product of pairings is 1.
        return true;
    };
    let mut e = blst_fp12::default();
    // SAFETY: plain structs, built here.
    unsafe {
        blst_final_exp(&mut e, &f);
        blst_fp12_is_one(&e)
    }
}
