//! The `blst` backend (the default): supranational's C and assembly library through
//! its raw bindings. Every call below is on values this module built itself; blst
//! reads and writes only the structs and buffers passed, of the sizes its header
//! gives, so each `unsafe` block is sound by construction.

use ::blst::{
    blst_bendian_from_fp, blst_final_exp, blst_fp, blst_fp12, blst_fp12_is_one, blst_fp2,
    blst_fp_from_bendian, blst_map_to_g1, blst_map_to_g2, blst_miller_loop_n, blst_p1,
    blst_p1_add_or_double_affine, blst_p1_affine, blst_p1_affine_in_g1, blst_p1_affine_is_inf,
    blst_p1_affine_on_curve, blst_p1_from_affine, blst_p1_is_inf, blst_p1_mult, blst_p1_to_affine,
    blst_p1s_mult_pippenger, blst_p1s_mult_pippenger_scratch_sizeof, blst_p1s_mult_wbits,
    blst_p1s_mult_wbits_precompute, blst_p1s_mult_wbits_scratch_sizeof, blst_p2,
    blst_p2_add_or_double_affine, blst_p2_affine, blst_p2_affine_in_g2, blst_p2_affine_is_inf,
    blst_p2_affine_on_curve, blst_p2_from_affine, blst_p2_is_inf, blst_p2_mult, blst_p2_to_affine,
    blst_p2s_mult_pippenger, blst_p2s_mult_pippenger_scratch_sizeof, blst_p2s_mult_wbits,
    blst_p2s_mult_wbits_precompute, blst_p2s_mult_wbits_scratch_sizeof, blst_scalar,
    blst_scalar_from_be_bytes, limb_t,
};

use crate::encoding::{g1_out, g2_out, Fp, Scalar};
use crate::{G1_LEN, G2_LEN};

/// Bits of a scalar reduced mod r (r < 2^255).
const SCALAR_BITS: usize = 255;

pub(crate) struct Engine;

/// The backend, on the shared front end.
const BACKEND: crate::backend::Precompiles<Engine> = crate::backend::Precompiles::new("blst");

impl crate::Backend {
    /// supranational's `blst` 0.3 (assembly on x86-64 and aarch64, portable C
    /// elsewhere), the library revm-precompile and most consensus clients use: the
    /// default.
    pub const BLST: crate::Backend = crate::Backend::new(&BACKEND);
}

fn fp_in(x: &Fp) -> blst_fp {
    let mut out = blst_fp::default();
    // SAFETY: `x` is 48 bytes, as blst_fp_from_bendian reads.
    unsafe { blst_fp_from_bendian(&mut out, x.as_ptr()) };
    out
}

fn fp_out(x: &blst_fp) -> Fp {
    let mut out = [0u8; 48];
    // SAFETY: `out` is 48 bytes, as blst_bendian_from_fp writes.
    unsafe { blst_bendian_from_fp(out.as_mut_ptr(), x) };
    out
}

fn fp2_in(x: &[Fp; 2]) -> blst_fp2 {
    blst_fp2 {
        fp: [fp_in(&x[0]), fp_in(&x[1])],
    }
}

fn fp2_out(x: &blst_fp2) -> [Fp; 2] {
    [fp_out(&x.fp[0]), fp_out(&x.fp[1])]
}

fn g1_is_inf(p: &blst_p1_affine) -> bool {
    // SAFETY: plain struct; blst's affine identity is all zero (the front end builds it so).
    unsafe { blst_p1_affine_is_inf(p) }
}

fn g2_is_inf(q: &blst_p2_affine) -> bool {
    // SAFETY: as in g1_is_inf.
    unsafe { blst_p2_affine_is_inf(q) }
}

pub(crate) fn encode_g1(p: &blst_p1) -> [u8; G1_LEN] {
    // SAFETY: plain structs, built here.
    if unsafe { blst_p1_is_inf(p) } {
        return g1_out(None);
    }
    let mut a = blst_p1_affine::default();
    // SAFETY: as above.
    unsafe { blst_p1_to_affine(&mut a, p) };
    g1_out(Some((fp_out(&a.x), fp_out(&a.y))))
}

pub(crate) fn encode_g2(q: &blst_p2) -> [u8; G2_LEN] {
    // SAFETY: plain structs, built here.
    if unsafe { blst_p2_is_inf(q) } {
        return g2_out(None);
    }
    let mut a = blst_p2_affine::default();
    // SAFETY: as above.
    unsafe { blst_p2_to_affine(&mut a, q) };
    g2_out(Some((fp2_out(&a.x), fp2_out(&a.y))))
}

/// The scalar reduced mod r, little-endian as blst's multiplications read it, or
/// `None` when it is 0 mod r.
fn reduced(s: &Scalar) -> Option<blst_scalar> {
    let mut out = blst_scalar::default();
    // SAFETY: `s` is 32 bytes, the length passed.
    let nonzero = unsafe { blst_scalar_from_be_bytes(&mut out, s.as_ptr(), s.len()) };
    nonzero.then_some(out)
}

/// Scratch for blst's Pippenger, in limbs (its size is given in bytes).
fn scratch(bytes: usize) -> Vec<limb_t> {
    vec![0; bytes.div_ceil(core::mem::size_of::<limb_t>())]
}

/// Below this many points `blst_p1s_mult_pippenger` and `blst_p2s_mult_pippenger` take
/// blst's small-MSM path: a table of the 8 first multiples of every point (windows of
/// [`SMALL_MSM_WBITS`] bits), then one pass over the scalars' windows. blst puts that
/// table, its precomputation's scratch and the additions' scratch on the calling
/// thread's stack (`alloca`): at 31 points, 71 KiB in G1 and 143 KiB in G2. The host
/// functions keep under 64 KiB of stack (docs/src/embedding.md, "Native stack"), so
/// [`Engine`] runs the same path through blst's table API instead ([`g1_msm_small`],
/// [`g2_msm_small`]): the table and the scratch on the heap, the table precomputed a
/// few points at a time. The same windows over the same table: the same sum.
const SMALL_MSM: usize = 32;

/// The window of blst's small-MSM path.
const SMALL_MSM_WBITS: usize = 4;

/// Points per call of blst's table precomputation: it takes 2 affine points of
/// scratch per table entry on the stack, 8 entries a point (12 KiB for 8 G1 points,
/// 12 KiB for 4 G2 points).
const PRECOMPUTE_G1: usize = 8;
/// As [`PRECOMPUTE_G1`], for G2.
const PRECOMPUTE_G2: usize = 4;

/// `Σ [s_i] P_i` for `2 ≤ n < SMALL_MSM` finite points, by blst's small-MSM path with
/// its table and scratch on the heap.
fn g1_msm_small(points: &[blst_p1_affine], scalars: &[blst_scalar]) -> blst_p1 {
    let n = points.len();
    let per_point = 1 << (SMALL_MSM_WBITS - 1);
    let mut table = vec![blst_p1_affine::default(); n * per_point];
    for (rows, chunk) in table
        .chunks_mut(PRECOMPUTE_G1 * per_point)
        .zip(points.chunks(PRECOMPUTE_G1))
    {
        // A null after the first pointer: the points follow one another.
        let list = [chunk.as_ptr(), core::ptr::null()];
        // SAFETY: `rows` holds `per_point` entries for each of the chunk's points,
        // as blst_p1s_mult_wbits_precompute_sizeof gives for the window.
        unsafe {
            blst_p1s_mult_wbits_precompute(
                rows.as_mut_ptr(),
                SMALL_MSM_WBITS,
                list.as_ptr(),
                chunk.len(),
            );
        }
    }
    let scalar_ptrs: Vec<*const u8> = scalars.iter().map(|s| s.b.as_ptr()).collect();
    let mut out = blst_p1::default();
    // SAFETY: the table of `n` points' rows, `n` scalars of SCALAR_BITS bits, and
    // scratch of the size blst asks for `n` points.
    unsafe {
        let mut scratch = scratch(blst_p1s_mult_wbits_scratch_sizeof(n));
        blst_p1s_mult_wbits(
            &mut out,
            table.as_ptr(),
            SMALL_MSM_WBITS,
            n,
            scalar_ptrs.as_ptr(),
            SCALAR_BITS,
            scratch.as_mut_ptr(),
        );
    }
    out
}

/// [`g1_msm_small`] in G2.
fn g2_msm_small(points: &[blst_p2_affine], scalars: &[blst_scalar]) -> blst_p2 {
    let n = points.len();
    let per_point = 1 << (SMALL_MSM_WBITS - 1);
    let mut table = vec![blst_p2_affine::default(); n * per_point];
    for (rows, chunk) in table
        .chunks_mut(PRECOMPUTE_G2 * per_point)
        .zip(points.chunks(PRECOMPUTE_G2))
    {
        let list = [chunk.as_ptr(), core::ptr::null()];
        // SAFETY: as in g1_msm_small.
        unsafe {
            blst_p2s_mult_wbits_precompute(
                rows.as_mut_ptr(),
                SMALL_MSM_WBITS,
                list.as_ptr(),
                chunk.len(),
            );
        }
    }
    let scalar_ptrs: Vec<*const u8> = scalars.iter().map(|s| s.b.as_ptr()).collect();
    let mut out = blst_p2::default();
    // SAFETY: as in g1_msm_small.
    unsafe {
        let mut scratch = scratch(blst_p2s_mult_wbits_scratch_sizeof(n));
        blst_p2s_mult_wbits(
            &mut out,
            table.as_ptr(),
            SMALL_MSM_WBITS,
            n,
            scalar_ptrs.as_ptr(),
            SCALAR_BITS,
            scratch.as_mut_ptr(),
        );
    }
    out
}

impl crate::Engine for Engine {
    type G1 = blst_p1_affine;
    type G2 = blst_p2_affine;

    fn g1_identity() -> blst_p1_affine {
        blst_p1_affine::default()
    }

    fn g2_identity() -> blst_p2_affine {
        blst_p2_affine::default()
    }

    fn g1(x: &Fp, y: &Fp) -> Option<blst_p1_affine> {
        let p = blst_p1_affine {
            x: fp_in(x),
            y: fp_in(y),
        };
        // SAFETY: plain struct, built here.
        unsafe { blst_p1_affine_on_curve(&p) }.then_some(p)
    }

    fn g2(x: &[Fp; 2], y: &[Fp; 2]) -> Option<blst_p2_affine> {
        let q = blst_p2_affine {
            x: fp2_in(x),
            y: fp2_in(y),
        };
        // SAFETY: plain struct, built here.
        unsafe { blst_p2_affine_on_curve(&q) }.then_some(q)
    }

    fn g1_in_subgroup(p: &blst_p1_affine) -> bool {
        // SAFETY: plain struct.
        g1_is_inf(p) || unsafe { blst_p1_affine_in_g1(p) }
    }

    fn g2_in_subgroup(q: &blst_p2_affine) -> bool {
        // SAFETY: plain struct.
        g2_is_inf(q) || unsafe { blst_p2_affine_in_g2(q) }
    }

    fn g1_add(a: &blst_p1_affine, b: &blst_p1_affine) -> [u8; G1_LEN] {
        if g1_is_inf(a) {
            return g1_out_affine(b);
        }
        if g1_is_inf(b) {
            return g1_out_affine(a);
        }
        let (mut pa, mut sum) = (blst_p1::default(), blst_p1::default());
        // SAFETY: plain structs; the output may not alias the inputs here.
        unsafe {
            blst_p1_from_affine(&mut pa, a);
            blst_p1_add_or_double_affine(&mut sum, &pa, b);
        }
        encode_g1(&sum)
    }

    fn g2_add(a: &blst_p2_affine, b: &blst_p2_affine) -> [u8; G2_LEN] {
        if g2_is_inf(a) {
            return g2_out_affine(b);
        }
        if g2_is_inf(b) {
            return g2_out_affine(a);
        }
        let (mut qa, mut sum) = (blst_p2::default(), blst_p2::default());
        // SAFETY: as in g1_add.
        unsafe {
            blst_p2_from_affine(&mut qa, a);
            blst_p2_add_or_double_affine(&mut sum, &qa, b);
        }
        encode_g2(&sum)
    }

    fn g1_msm(points: &[blst_p1_affine], scalars: &[Scalar]) -> [u8; G1_LEN] {
        // Points at infinity and scalars ≡ 0 mod r contribute nothing: leave them out,
        // as blst's Pippenger expects finite points.
        let (mut ps, mut ss) = (Vec::new(), Vec::new());
        for (p, s) in points.iter().zip(scalars) {
            if let (false, Some(s)) = (g1_is_inf(p), reduced(s)) {
                ps.push(*p);
                ss.push(s);
            }
        }
        let mut out = blst_p1::default();
        match ps.len() {
            0 => {}
            1 => {
                let mut p = blst_p1::default();
                // SAFETY: plain structs; the scalar has 32 bytes ≥ SCALAR_BITS bits.
                unsafe {
                    blst_p1_from_affine(&mut p, &ps[0]);
                    blst_p1_mult(&mut out, &p, ss[0].b.as_ptr(), SCALAR_BITS);
                }
            }
            n if n < SMALL_MSM => out = g1_msm_small(&ps, &ss),
            n => {
                let point_ptrs: Vec<*const blst_p1_affine> =
                    ps.iter().map(|p| p as *const _).collect();
                let scalar_ptrs: Vec<*const u8> = ss.iter().map(|s| s.b.as_ptr()).collect();
                // SAFETY: n points and n scalars of SCALAR_BITS bits behind the pointer
                // arrays, and scratch of the size blst asks for n points.
                unsafe {
                    let mut scratch = scratch(blst_p1s_mult_pippenger_scratch_sizeof(n));
                    blst_p1s_mult_pippenger(
                        &mut out,
                        point_ptrs.as_ptr(),
                        n,
                        scalar_ptrs.as_ptr(),
                        SCALAR_BITS,
                        scratch.as_mut_ptr(),
                    );
                }
            }
        }
        encode_g1(&out)
    }

    fn g2_msm(points: &[blst_p2_affine], scalars: &[Scalar]) -> [u8; G2_LEN] {
        let (mut qs, mut ss) = (Vec::new(), Vec::new());
        for (q, s) in points.iter().zip(scalars) {
            if let (false, Some(s)) = (g2_is_inf(q), reduced(s)) {
                qs.push(*q);
                ss.push(s);
            }
        }
        let mut out = blst_p2::default();
        match qs.len() {
            0 => {}
            1 => {
                let mut q = blst_p2::default();
                // SAFETY: as in g1_msm.
                unsafe {
                    blst_p2_from_affine(&mut q, &qs[0]);
                    blst_p2_mult(&mut out, &q, ss[0].b.as_ptr(), SCALAR_BITS);
                }
            }
            n if n < SMALL_MSM => out = g2_msm_small(&qs, &ss),
            n => {
                let point_ptrs: Vec<*const blst_p2_affine> =
                    qs.iter().map(|q| q as *const _).collect();
                let scalar_ptrs: Vec<*const u8> = ss.iter().map(|s| s.b.as_ptr()).collect();
                // SAFETY: as in g1_msm.
                unsafe {
                    let mut scratch = scratch(blst_p2s_mult_pippenger_scratch_sizeof(n));
                    blst_p2s_mult_pippenger(
                        &mut out,
                        point_ptrs.as_ptr(),
                        n,
                        scalar_ptrs.as_ptr(),
                        SCALAR_BITS,
                        scratch.as_mut_ptr(),
                    );
                }
            }
        }
        encode_g2(&out)
    }

    fn pairing_is_one(pairs: &[(blst_p1_affine, blst_p2_affine)]) -> bool {
        if pairs.is_empty() {
            return true;
        }
        let ps: Vec<*const blst_p1_affine> = pairs.iter().map(|(p, _)| p as *const _).collect();
        let qs: Vec<*const blst_p2_affine> = pairs.iter().map(|(_, q)| q as *const _).collect();
        let (mut f, mut e) = (blst_fp12::default(), blst_fp12::default());
        // SAFETY: `pairs.len()` finite subgroup points behind each pointer array.
        unsafe {
            blst_miller_loop_n(&mut f, qs.as_ptr(), ps.as_ptr(), pairs.len());
            blst_final_exp(&mut e, &f);
            blst_fp12_is_one(&e)
        }
    }

    fn map_fp_to_g1(u: &Fp) -> [u8; G1_LEN] {
        let (u, mut p) = (fp_in(u), blst_p1::default());
        // SAFETY: plain structs; a null second element maps `u` alone, then clears the
        // cofactor.
        unsafe { blst_map_to_g1(&mut p, &u, core::ptr::null()) };
        encode_g1(&p)
    }

    fn map_fp2_to_g2(u: &[Fp; 2]) -> [u8; G2_LEN] {
        let (u, mut q) = (fp2_in(u), blst_p2::default());
        // SAFETY: as in map_fp_to_g1.
        unsafe { blst_map_to_g2(&mut q, &u, core::ptr::null()) };
        encode_g2(&q)
    }
}

pub(crate) fn g1_out_affine(p: &blst_p1_affine) -> [u8; G1_LEN] {
    if g1_is_inf(p) {
        g1_out(None)
    } else {
        g1_out(Some((fp_out(&p.x), fp_out(&p.y))))
    }
}

pub(crate) fn g2_out_affine(q: &blst_p2_affine) -> [u8; G2_LEN] {
    if g2_is_inf(q) {
        g2_out(None)
    } else {
        g2_out(Some((fp2_out(&q.x), fp2_out(&q.y))))
    }
}
