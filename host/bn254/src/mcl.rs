//! herumi's mcl (crate `mcl_rust`, which vendors mcl and builds it with cmake), the
//! fastest public BN254 pairing library: a comparator for the benchmarks and the
//! differential tests, never a default (feature `mcl`).
//!
//! mcl is initialised once per process for alt_bn128 (`CurveType::SNARK`, not
//! mcl's own "BN254", which is a different curve), with its automatic order checks
//! off: the G1 check is unnecessary (cofactor 1) and the G2 subgroup check is called
//! explicitly after the twist check, so that a failure is classified as on every
//! other backend. The work timed is then what a precompile does: the shared
//! [`crate::encoding`] (`< p`), mcl's on-curve and on-twist checks, its G2 order
//! check, the arithmetic, and the encoding of the result.
//!
//! Besides the [`crate::Backend::MCL`] engine this module exposes the parts the
//! benchmarks time on their own: [`g1_msm`] (`mulVec`), [`miller_loop`],
//! [`final_exponentiation`] and [`g2_point`].

use std::sync::OnceLock;

use mcl_rust::{CurveType, Fp, Fp2, Fr, G1, G2, GT};

use super::encoding::{self, g1_output, G1Coords, G2Coords};
use super::Error;

// Declared as in `mcl_rust` where it declares them too; the others it does not wrap.
#[allow(non_snake_case)]
extern "C" {
    fn mclBn_verifyOrderG1(doVerify: i32);
    fn mclBn_verifyOrderG2(doVerify: i32);
    fn mclBnG2_isValidOrder(x: *const G2) -> i32;
    fn mclBn_millerLoopVec(z: *mut GT, x: *const G1, y: *const G2, n: usize);
    fn mclBnFp_serialize(buf: *mut u8, maxBufSize: usize, x: *const Fp) -> usize;
    fn mclBnFr_setBigEndianMod(x: *mut Fr, buf: *const u8, bufSize: usize) -> i32;
}

/// Initialises mcl for alt_bn128 once per process. mcl refusing its own curve is a
/// broken build of the comparator, not something an input can cause.
fn init() {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        assert!(
            mcl_rust::init(CurveType::SNARK),
            "mcl could not be initialised for alt_bn128"
        );
        // SAFETY: plain setters of mcl's global flags, called once, before any
        // other mcl call of this process (all of them go through `init`).
        unsafe {
            mclBn_verifyOrderG1(0);
            mclBn_verifyOrderG2(0);
        }
    });
}

/// The version of the mcl library linked, as mcl reports it (`0x308` is 3.08).
pub fn version() -> u32 {
    init();
    mcl_rust::get_version()
}

/// A canonical big-endian field element (the encoding layer checked `< p`).
fn fp(be: &[u8; 32]) -> Fp {
    let mut le = *be;
    le.reverse();
    let mut x = Fp::zero();
    // `deserialize` takes mcl's little-endian serialisation and refuses `>= p`,
    // which the encoding layer has already excluded: it cannot fail here.
    let ok = x.deserialize(&le);
    debug_assert!(ok);
    x
}

/// The canonical big-endian value of `x`.
fn fp_bytes(x: &Fp) -> [u8; 32] {
    let mut out = [0u8; 32];
    // SAFETY: mcl writes at most `out.len()` bytes into `out`.
    let n = unsafe { mclBnFp_serialize(out.as_mut_ptr(), out.len(), x) };
    debug_assert_eq!(n, 32);
    out.reverse();
    out
}

fn fp2_one() -> Fp2 {
    Fp2 {
        d: [Fp::from_int(1), Fp::zero()],
    }
}

/// A G1 point from coordinates known to be `< p` and not infinity: on the curve, or
/// [`Error::G1NotOnCurve`].
pub fn g1_point(p: &G1Coords) -> Result<G1, Error> {
    init();
    let q = G1 {
        x: fp(&p.x),
        y: fp(&p.y),
        z: Fp::from_int(1),
    };
    if q.is_valid() {
        Ok(q)
    } else {
        Err(Error::G1NotOnCurve)
    }
}

/// A G2 point from coordinates known to be `< p` and not infinity: on the twist,
/// then in the order-r subgroup.
pub fn g2_point(p: &G2Coords) -> Result<G2, Error> {
    init();
    let q = G2 {
        x: Fp2 {
            d: [fp(&p.x_re), fp(&p.x_im)],
        },
        y: Fp2 {
            d: [fp(&p.y_re), fp(&p.y_im)],
        },
        z: fp2_one(),
    };
    if !q.is_valid() {
        return Err(Error::G2NotOnCurve);
    }
    // SAFETY: `q` is a valid mcl G2 value; mcl only reads it.
    if unsafe { mclBnG2_isValidOrder(&q) } == 0 {
        return Err(Error::G2NotInSubgroup);
    }
    Ok(q)
}

fn encode(p: &G1) -> [u8; 64] {
    if p.is_zero() {
        return [0u8; 64];
    }
    let mut a = G1::zero();
    G1::normalize(&mut a, p);
    g1_output(&fp_bytes(&a.x), &fp_bytes(&a.y))
}

fn scalar(k: &[u8; 32]) -> Fr {
    let mut s = Fr::zero();
    // SAFETY: mcl reads the 32 bytes of `k`; reducing mod r never fails for 32 bytes.
    unsafe { mclBnFr_setBigEndianMod(&mut s, k.as_ptr(), k.len()) };
    s
}

/// The Miller loop of mcl over all pairs at once (`millerLoopVec`).
pub fn miller_loop(g1: &[G1], g2: &[G2]) -> GT {
    init();
    let mut f = GT::zero();
    let n = g1.len().min(g2.len());
    // SAFETY: both slices hold at least `n` valid points; mcl writes only `f`.
    unsafe { mclBn_millerLoopVec(&mut f, g1.as_ptr(), g2.as_ptr(), n) };
    f
}

/// mcl's final exponentiation.
pub fn final_exponentiation(f: &GT) -> GT {
    init();
    let mut out = GT::zero();
    mcl_rust::final_exp(&mut out, f);
    out
}

/// The G1 MSM of [`crate::msm::g1_msm`] (same input rules, same errors, same
/// output) with mcl's `mulVec`.
pub fn g1_msm(input: &[u8]) -> Result<[u8; 64], Error> {
    init();
    if input.is_empty() || !input.len().is_multiple_of(crate::msm::RECORD_LEN) {
        return Err(Error::MsmLength);
    }
    let n = input.len() / crate::msm::RECORD_LEN;
    let mut points = Vec::with_capacity(n);
    let mut scalars = Vec::with_capacity(n);
    for record in input.chunks_exact(crate::msm::RECORD_LEN) {
        let (p, k) = crate::split::<64, 32>(record);
        let c = encoding::g1(p)?;
        points.push(if c.is_infinity() {
            G1::zero()
        } else {
            g1_point(&c)?
        });
        scalars.push(scalar(k));
    }
    let mut sum = G1::zero();
    G1::mul_vec(&mut sum, &points, &scalars);
    Ok(encode(&sum))
}

pub(crate) struct Engine;

/// The backend, on the shared front end.
const BACKEND: crate::backend::Precompiles<Engine> = crate::backend::Precompiles::new("mcl");

impl crate::Backend {
    /// herumi's mcl (C++, crate `mcl_rust`), a comparator. Feature `mcl`.
    pub const MCL: crate::Backend = crate::Backend::new(&BACKEND);
}

impl super::Engine for Engine {
    type G1 = G1;
    type G2 = G2;

    fn g1(p: &G1Coords) -> Result<G1, Error> {
        g1_point(p)
    }

    fn g2(p: &G2Coords) -> Result<G2, Error> {
        g2_point(p)
    }

    fn g1_infinity() -> G1 {
        init();
        G1::zero()
    }

    fn add(a: &G1, b: &G1) -> [u8; 64] {
        let mut s = G1::zero();
        G1::add(&mut s, a, b);
        encode(&s)
    }

    fn mul(p: &G1, k: &[u8; 32]) -> [u8; 64] {
        let mut s = G1::zero();
        G1::mul(&mut s, p, &scalar(k));
        encode(&s)
    }

    fn pairing_is_one(pairs: &[(G1, G2)]) -> Result<bool, Error> {
        let (g1, g2): (Vec<G1>, Vec<G2>) = pairs.iter().cloned().unzip();
        Ok(final_exponentiation(&miller_loop(&g1, &g2)).is_one())
    }
}
