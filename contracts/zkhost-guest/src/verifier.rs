//! Groth16 verification through the host functions, shared by the contracts that
//! verify proofs (`groth16-verifier`, and the node example's `node-verifier`).
//! Everything is `#[inline(always)]`: a verifier contract pays fuel for every
//! instruction, and inlining into the entry point keeps that to the minimum.

use alloc::vec::Vec;

use crate::groth16::{
    negate_g1, point, reason, CompressedRequest, PointRef, Proof, Request, Verdict,
};

/// Verifies a Groth16 proof with the host functions (what `groth16-verifier` does):
/// the input checks, then one `alt_bn128_g1_msm` of n records and one
/// `alt_bn128_add` for `vk_x` (none for n = 0) and one 4-pair `alt_bn128_pairing`;
/// only if a host function refuses are the points checked one at a time, to name the
/// first invalid one (`detail` 0: the host's diagnostic says why).
#[inline(always)]
pub fn verify(r: &Request) -> Verdict {
    if let Err(verdict) = r.check_inputs() {
        return verdict;
    }
    match pairing_check(r) {
        Some(true) => Verdict::Valid,
        Some(false) => Verdict::invalid(reason::PAIRING_FAILED, 0, 0),
        None => first_invalid_point(r),
    }
}

/// Verifies a Groth16 proof whose points are compressed (what
/// `groth16-compressed-verifier` does): the input checks, then `alt_bn128_g1_decompress`
/// of A and C and `alt_bn128_g2_decompress` of B (which also check the curve and B's
/// subgroup), then [`verify`] of the decompressed request. A point that does not
/// decompress is [`reason::POINT`] at its index, `detail` 0.
#[inline(always)]
pub fn verify_compressed(r: CompressedRequest) -> Verdict {
    if let Err(verdict) = r.check_inputs() {
        return verdict;
    }
    let refused = |index| Verdict::invalid(reason::POINT, index, 0);
    let Ok(a) = crate::alt_bn128_g1_decompress(&r.proof.a) else {
        return refused(point::A);
    };
    let Ok(b) = crate::alt_bn128_g2_decompress(&r.proof.b) else {
        return refused(point::B);
    };
    let Ok(c) = crate::alt_bn128_g1_decompress(&r.proof.c) else {
        return refused(point::C);
    };
    verify(&Request {
        vk: r.vk,
        proof: Proof { a, b, c },
        inputs: r.inputs,
    })
}

/// The verification proper; `None` if a host function refused its input.
#[inline(always)]
fn pairing_check(r: &Request) -> Option<bool> {
    // check_inputs made sure IC has inputs.len() + 1 points.
    let (ic0, ic_rest) = r.vk.ic.split_first()?;
    let vk_x = if r.inputs.is_empty() {
        *ic0
    } else {
        let mut records = Vec::with_capacity(96 * r.inputs.len());
        for (p, x) in ic_rest.iter().zip(&r.inputs) {
            records.extend_from_slice(p);
            records.extend_from_slice(x);
        }
        let sum = crate::alt_bn128_g1_msm(&records).ok()?;
        let mut add = [0u8; 128];
        add[..64].copy_from_slice(ic0);
        add[64..].copy_from_slice(&sum);
        crate::alt_bn128_add(&add).ok()?
    };
    let mut pairs = [0u8; 4 * 192];
    let parts: [&[u8]; 8] = [
        &negate_g1(&r.proof.a),
        &r.proof.b,
        &r.vk.alpha,
        &r.vk.beta,
        &vk_x,
        &r.vk.gamma,
        &r.proof.c,
        &r.vk.delta,
    ];
    let mut at = 0;
    for part in parts {
        pairs[at..at + part.len()].copy_from_slice(part);
        at += part.len();
    }
    let out = crate::alt_bn128_pairing(&pairs).ok()?;
    Some(out[31] == 1)
}

/// The first point a host function refuses, checked one at a time.
#[inline(always)]
fn first_invalid_point(r: &Request) -> Verdict {
    for (index, point) in r.points() {
        let refused = match point {
            // ECADD pads its input: P + O validates P.
            PointRef::G1(p) => crate::raw::alt_bn128_add(p).is_err(),
            PointRef::G2(q) => {
                // A pair with the G1 infinity is validated, then skipped.
                let mut pair = [0u8; 192];
                pair[64..].copy_from_slice(q);
                crate::alt_bn128_pairing(&pair).is_err()
            }
        };
        if refused {
            return Verdict::invalid(reason::POINT, index, 0);
        }
    }
    Verdict::invalid(reason::REFUSED, 0, 0)
}
