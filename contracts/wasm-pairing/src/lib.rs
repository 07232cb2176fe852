//! The pure-WebAssembly path: takes the [`Message`](zkhost_guest::Message) of the
//! `forwarder` contract for BN254's add, mul, pairing check and MSM and answers the
//! same [`Response`], but computes them inside the contract with `substrate-bn`; no host
//! crypto function is imported.
//!
//! It implements the exact Ethereum precompile semantics (EIP-196, EIP-197) and the
//! host's order of checks, and answers a refused input with the specific error code:
//!
//! - add and mul right-pad their input with zeros to 128 / 96 bytes and ignore surplus;
//!   the pairing input must be a multiple of 192 bytes, and an empty one is true;
//! - points are read in input order; for each, its coordinates must be `< p` (compared
//!   as bytes, never reduced), then it must be on the curve, then (G2) in the order-r
//!   subgroup; all-zero encodes infinity (a G2 infinity skips the curve checks);
//! - the mul scalar is any 256-bit value;
//! - pairs with a point at infinity are validated, then skipped.
//!
//! `Msm` (the `alt_bn128_g1_msm` host function's input: k ≥ 1 records of a G1 point
//! and a 32-byte scalar) is computed as the plain sum of the products.
//!
//! Besides those [`Message`](zkhost_guest::Message)s it takes a Groth16 verification
//! ([`Input::Groth16`], first byte
//! [`WASM_PAIRING_INDEX`](zkhost_guest::groth16::WASM_PAIRING_INDEX), an index no host
//! function has): it checks a proof as `groth16-verifier` does, with the same checks
//! in the same order, and answers `Ok` of the SCALE [`Verdict`], whose `detail` always
//! names the error of an invalid point. A message for another function does not decode:
//! it is answered `Response::Err(err::BAD_MESSAGE)` (`zkhost_guest::entry!`).
#![no_std]

extern crate alloc;

use alloc::vec::Vec;
use bn::{AffineG1, AffineG2, Fq, Fq2, Fr, Group, GroupError, Gt, G1, G2};
use codec::Encode;
use zkhost_guest::groth16::{reason, PointRef, Request, Verdict};
use zkhost_guest::{err, trap, Crypto, Response};

/// What this contract takes: a [`zkhost_guest::Message`] for one of four functions (the
/// variant index is the function's index, checked below), or a Groth16 verification.
#[derive(codec::Decode)]
enum Input {
    /// ECADD (0x06).
    #[codec(index = 0)]
    Add(Vec<u8>),
    /// ECMUL (0x07).
    #[codec(index = 1)]
    Mul(Vec<u8>),
    /// The pairing check (0x08).
    #[codec(index = 2)]
    Pairing(Vec<u8>),
    /// G1 multi-scalar multiplication.
    #[codec(index = 3)]
    Msm(Vec<u8>),
    /// A Groth16 verification.
    #[codec(index = 255)]
    Groth16(alloc::boxed::Box<Request>),
}

// The variant indices above are the message's: the functions' indices, and the
// Groth16 request's first byte.
const _: () = assert!(
    Crypto::AltBn128Add.index() == 0
        && Crypto::AltBn128Mul.index() == 1
        && Crypto::AltBn128Pairing.index() == 2
        && Crypto::AltBn128G1Msm.index() == 3
        && zkhost_guest::groth16::WASM_PAIRING_INDEX == 255
);

/// The base-field modulus p of BN254, big-endian.
const FIELD_MODULUS: [u8; 32] = [
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x97, 0x81, 0x6a, 0x91, 0x68, 0x71, 0xca, 0x8d, 0x3c, 0x20, 0x8c, 0x16, 0xd8, 0x7c, 0xfd, 0x47,
];

zkhost_guest::entry!(|message: Input| -> Response {
    let result = match message {
        Input::Add(input) => add(&input).map(|out| out.to_vec()),
        Input::Mul(input) => mul(&input).map(|out| out.to_vec()),
        Input::Pairing(input) => pairing(&input).map(|ok| {
            let mut out = [0u8; 32];
            out[31] = ok as u8;
            out.to_vec()
        }),
        Input::Msm(input) => msm(&input).map(|out| out.to_vec()),
        Input::Groth16(request) => Ok(groth16(&request).encode()),
    };
    match result {
        Ok(out) => Response::Ok(out),
        Err(code) => Response::Err(code),
    }
});

/// Copies `input` into `N` zero-filled bytes, ignoring any surplus.
fn pad<const N: usize>(input: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = input.len().min(N);
    out[..n].copy_from_slice(&input[..n]);
    out
}

/// Reads the `i`-th 32-byte big-endian coordinate of `bytes`, which must be `< p`.
fn fq(bytes: &[u8], i: usize, error: u8) -> Result<Fq, u8> {
    let word = &bytes[32 * i..32 * (i + 1)];
    // Equal-length big-endian byte strings compare like the integers they encode.
    if word >= &FIELD_MODULUS[..] {
        return Err(error);
    }
    Fq::from_slice(word).map_err(|_| error)
}

/// Reads a G1 point from 64 bytes (`x, y`); all zero is infinity.
fn g1(bytes: &[u8]) -> Result<G1, u8> {
    let x = fq(bytes, 0, err::G1_COORDINATE_NOT_IN_FIELD)?;
    let y = fq(bytes, 1, err::G1_COORDINATE_NOT_IN_FIELD)?;
    if bytes.iter().all(|&b| b == 0) {
        return Ok(G1::zero());
    }
    AffineG1::new(x, y)
        .map(G1::from)
        .map_err(|_| err::G1_NOT_ON_CURVE)
}

/// Reads a G2 point from 128 bytes (`x_imag, x_real, y_imag, y_real`); all zero is
/// infinity.
fn g2(bytes: &[u8]) -> Result<G2, u8> {
    let e = err::G2_COORDINATE_NOT_IN_FIELD;
    let (x_im, x_re) = (fq(bytes, 0, e)?, fq(bytes, 1, e)?);
    let (y_im, y_re) = (fq(bytes, 2, e)?, fq(bytes, 3, e)?);
    if bytes.iter().all(|&b| b == 0) {
        return Ok(G2::zero());
    }
    match AffineG2::new(Fq2::new(x_re, x_im), Fq2::new(y_re, y_im)) {
        Ok(p) => Ok(p.into()),
        Err(GroupError::NotInSubgroup) => Err(err::G2_NOT_IN_SUBGROUP),
        Err(GroupError::NotOnCurve) => Err(err::G2_NOT_ON_CURVE),
    }
}

/// The 64-byte output of ECADD/ECMUL: affine `x, y`, or zeros for infinity.
fn encode(p: G1) -> [u8; 64] {
    let mut out = [0u8; 64];
    if let Some(a) = AffineG1::from_jacobian(p) {
        // Cannot fail: the slices are exactly 32 bytes.
        let _ = a.x().to_big_endian(&mut out[..32]);
        let _ = a.y().to_big_endian(&mut out[32..]);
    }
    out
}

/// ECADD (0x06).
fn add(input: &[u8]) -> Result<[u8; 64], u8> {
    let input = pad::<128>(input);
    let a = g1(&input[..64])?;
    let b = g1(&input[64..])?;
    Ok(encode(a + b))
}

/// ECMUL (0x07). Infinity times anything is infinity, encoded as zeros.
fn mul(input: &[u8]) -> Result<[u8; 64], u8> {
    let input = pad::<96>(input);
    let p = g1(&input[..64])?;
    // Reduces any 256-bit value mod r; cannot fail on 32 bytes.
    let k = Fr::from_slice(&input[64..]).unwrap_or_else(|_| trap());
    Ok(encode(p * k))
}

/// The pairing check (0x08): whether the product of the pairings is one.
fn pairing(input: &[u8]) -> Result<bool, u8> {
    if !input.len().is_multiple_of(192) {
        return Err(err::PAIRING_LENGTH);
    }
    let mut pairs = Vec::with_capacity(input.len() / 192);
    for pair in input.chunks_exact(192) {
        let p = g1(&pair[..64])?;
        let q = g2(&pair[64..])?;
        if !p.is_zero() && !q.is_zero() {
            pairs.push((p, q));
        }
    }
    Ok(pairs.is_empty() || bn::pairing_batch(&pairs) == Gt::one())
}

/// G1 multi-scalar multiplication, the naive way: records of 96 bytes (a point, then a
/// 32-byte scalar), validated in order, summed product by product.
fn msm(input: &[u8]) -> Result<[u8; 64], u8> {
    if input.is_empty() || !input.len().is_multiple_of(96) {
        return Err(err::MSM_LENGTH);
    }
    let mut sum = G1::zero();
    for record in input.chunks_exact(96) {
        let p = g1(&record[..64])?;
        let k = Fr::from_slice(&record[64..]).unwrap_or_else(|_| trap());
        sum = sum + p * k;
    }
    Ok(encode(sum))
}

/// Groth16 verification: `e(−A, B)·e(α, β)·e(vk_x, γ)·e(C, δ) = 1` with
/// `vk_x = IC[0] + Σ xᵢ·IC[i+1]`, after the input checks and every point's checks,
/// in the order of [`Request::points`].
fn groth16(r: &Request) -> Verdict {
    if let Err(verdict) = r.check_inputs() {
        return verdict;
    }
    let mut g1s: Vec<G1> = Vec::with_capacity(4 + r.vk.ic.len());
    let mut g2s: Vec<G2> = Vec::with_capacity(4);
    for (index, point) in r.points() {
        let decoded = match point {
            PointRef::G1(p) => g1(p).map(|p| g1s.push(p)),
            PointRef::G2(q) => g2(q).map(|q| g2s.push(q)),
        };
        if let Err(code) = decoded {
            return Verdict::invalid(reason::POINT, index, u32::from(code));
        }
    }
    // g1s: A, C, α, IC[0..]; g2s: B, β, γ, δ (the order of Request::points).
    let (&[a, c, alpha], ic) = g1s.split_at(3) else {
        trap()
    };
    let &[b, beta, gamma, delta] = &g2s[..] else {
        trap()
    };
    let mut vk_x = ic[0];
    for (p, x) in ic[1..].iter().zip(&r.inputs) {
        // check_inputs made sure x < r.
        let x = Fr::from_slice(x).unwrap_or_else(|_| trap());
        vk_x = vk_x + *p * x;
    }
    let pairs: Vec<(G1, G2)> = [(-a, b), (alpha, beta), (vk_x, gamma), (c, delta)]
        .into_iter()
        .filter(|(p, q)| !p.is_zero() && !q.is_zero())
        .collect();
    if pairs.is_empty() || bn::pairing_batch(&pairs) == Gt::one() {
        Verdict::Valid
    } else {
        Verdict::invalid(reason::PAIRING_FAILED, 0, 0)
    }
}
