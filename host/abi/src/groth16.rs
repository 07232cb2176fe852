//! The Groth16 verification request (`groth16-verifier`'s input, and `wasm-pairing`'s
//! behind [`WASM_PAIRING_INDEX`]) and its [`Verdict`].
//!
//! Points are in the Ethereum encodings of the precompiles (G1 `x, y`; G2
//! `x_imag, x_real, y_imag, y_real`; 32-byte big-endian coordinates, all zero for
//! infinity); public inputs are 32-byte big-endian integers that must be `< r`.
//!
//! Every verifier answers with the first failing check in this order: the key has at
//! least one IC point; the number of public inputs is `IC.len() − 1`; each public input,
//! in order, is `< r`; each point, in the order of [`point`], is valid (coordinates
//! `< p`, on the curve, G2 in the order-r subgroup); then the pairing equation
//! `e(−A, B)·e(α, β)·e(vk_x, γ)·e(C, δ) = 1` with `vk_x = IC[0] + Σ xᵢ·IC[i+1]`.

use alloc::vec::Vec;
use parity_scale_codec::{Decode, Encode};

/// A G1 point in the Ethereum encoding.
pub type G1 = [u8; 64];
/// A G2 point in the Ethereum encoding.
pub type G2 = [u8; 128];

pub use crate::bn254::{FIELD_MODULUS, GROUP_ORDER};

/// A Groth16 verifying key (snarkjs names: `vk_alpha_1`, `vk_beta_2`, `vk_gamma_2`,
/// `vk_delta_2`, `IC`).
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct VerifyingKey {
    /// α ∈ G1.
    pub alpha: G1,
    /// β ∈ G2.
    pub beta: G2,
    /// γ ∈ G2.
    pub gamma: G2,
    /// δ ∈ G2.
    pub delta: G2,
    /// `IC[0..=n]` ∈ G1 for n public inputs.
    pub ic: Vec<G1>,
}

/// A Groth16 proof (snarkjs: `pi_a`, `pi_b`, `pi_c`).
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct Proof {
    /// A ∈ G1.
    pub a: G1,
    /// B ∈ G2.
    pub b: G2,
    /// C ∈ G1.
    pub c: G1,
}

/// What a verifier takes: SCALE `(VerifyingKey, Proof, Vec<[u8; 32]>)`.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct Request {
    /// The verifying key.
    pub vk: VerifyingKey,
    /// The proof.
    pub proof: Proof,
    /// The public inputs, 32-byte big-endian, each `< r`.
    pub inputs: Vec<[u8; 32]>,
}

/// A compressed G1 point (`alt_bn128_g1_compress`'s output, Solana's format).
pub type G1Compressed = [u8; crate::bn254::G1_COMPRESSED_LEN];
/// A compressed G2 point (`alt_bn128_g2_compress`'s output).
pub type G2Compressed = [u8; crate::bn254::G2_COMPRESSED_LEN];

/// A Groth16 proof with its points compressed (128 bytes instead of 256: what a
/// transaction carries when calldata is the cost).
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct CompressedProof {
    /// A ∈ G1, compressed.
    pub a: G1Compressed,
    /// B ∈ G2, compressed.
    pub b: G2Compressed,
    /// C ∈ G1, compressed.
    pub c: G1Compressed,
}

/// What `groth16-compressed-verifier` takes: SCALE `(VerifyingKey, CompressedProof,
/// Vec<[u8; 32]>)`. The verdict is a [`Request`]'s for the decompressed proof, the
/// input checks first; a proof point that does not decompress is
/// [`reason::POINT`] at its index with `detail` 0 (the host's diagnostic says why).
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct CompressedRequest {
    /// The verifying key (uncompressed: it is stored, not sent).
    pub vk: VerifyingKey,
    /// The proof, compressed.
    pub proof: CompressedProof,
    /// The public inputs, 32-byte big-endian, each `< r`.
    pub inputs: Vec<[u8; 32]>,
}

/// The first byte of a Groth16 verification in `wasm-pairing`'s input, beside the
/// [`Message`](crate::Message)s it takes (whose first byte is a function's index): the
/// byte, then the [`Request`]. The last byte value, so that no function's index can
/// take it.
pub const WASM_PAIRING_INDEX: u8 = u8::MAX;
const _: () = assert!(crate::Crypto::ALL.len() <= WASM_PAIRING_INDEX as usize);

/// A verifier's answer. The variant order (SCALE index 0, 1) is part of the ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Verdict {
    /// The proof verifies.
    Valid,
    /// It does not; `reason` is one of [`reason`], `index` and `detail` say more.
    Invalid {
        /// One of [`reason`].
        reason: u8,
        /// [`reason::INPUT_COUNT`]: the number of inputs given;
        /// [`reason::INPUT_NOT_LESS_THAN_R`]: the input's index;
        /// [`reason::POINT`]: the point (see [`point`]); otherwise 0.
        index: u32,
        /// [`reason::INPUT_COUNT`]: the number expected; [`reason::POINT`]: the error
        /// code of [`crate::err`] (2–6), or 0 when the host function did not say
        /// (the reason is then the call's host diagnostic); otherwise 0.
        detail: u32,
    },
}

impl Verdict {
    /// An invalid verdict.
    pub fn invalid(reason: u8, index: u32, detail: u32) -> Verdict {
        Verdict::Invalid {
            reason,
            index,
            detail,
        }
    }
}

/// The reasons of [`Verdict::Invalid`].
pub mod reason {
    /// The verifying key has no IC point.
    pub const NO_IC: u8 = 1;
    /// The number of public inputs is not `IC.len() − 1`.
    pub const INPUT_COUNT: u8 = 2;
    /// A public input is not less than r.
    pub const INPUT_NOT_LESS_THAN_R: u8 = 3;
    /// A point is invalid.
    pub const POINT: u8 = 4;
    /// The points are valid, the pairing equation does not hold.
    pub const PAIRING_FAILED: u8 = 5;
    /// A host function refused its input, but no point was found invalid (cannot
    /// happen with a correct host).
    pub const REFUSED: u8 = 6;
    /// The call's input did not decode as a request (the answer of the guest
    /// library's entry point, `zkhost_guest::entry`, instead of a trap).
    pub const BAD_MESSAGE: u8 = 7;
}

/// The points' indices in [`Verdict::Invalid`], which is also the order they are
/// checked in: the proof, the key, then `IC[i]` as `IC + i`.
pub mod point {
    /// `pi_a`.
    pub const A: u32 = 0;
    /// `pi_b`.
    pub const B: u32 = 1;
    /// `pi_c`.
    pub const C: u32 = 2;
    /// `vk_alpha_1`.
    pub const ALPHA: u32 = 3;
    /// `vk_beta_2`.
    pub const BETA: u32 = 4;
    /// `vk_gamma_2`.
    pub const GAMMA: u32 = 5;
    /// `vk_delta_2`.
    pub const DELTA: u32 = 6;
    /// `IC[0]`; `IC[i]` is `IC + i`.
    pub const IC: u32 = 7;
}

/// A point of a request, as [`Request::points`] lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointRef<'a> {
    /// A G1 point.
    G1(&'a G1),
    /// A G2 point.
    G2(&'a G2),
}

impl Request {
    /// Every point with its index (see [`point`]), in the order they are checked.
    pub fn points(&self) -> impl Iterator<Item = (u32, PointRef<'_>)> {
        let fixed = [
            (point::A, PointRef::G1(&self.proof.a)),
            (point::B, PointRef::G2(&self.proof.b)),
            (point::C, PointRef::G1(&self.proof.c)),
            (point::ALPHA, PointRef::G1(&self.vk.alpha)),
            (point::BETA, PointRef::G2(&self.vk.beta)),
            (point::GAMMA, PointRef::G2(&self.vk.gamma)),
            (point::DELTA, PointRef::G2(&self.vk.delta)),
        ];
        let ic = self
            .vk
            .ic
            .iter()
            .zip(point::IC..)
            .map(|(p, i)| (i, PointRef::G1(p)));
        fixed.into_iter().chain(ic)
    }

    /// The checks before any point is looked at: at least one IC point, `IC.len() − 1`
    /// public inputs, each `< r`.
    pub fn check_inputs(&self) -> Result<(), Verdict> {
        let Some(expected) = self.vk.ic.len().checked_sub(1) else {
            return Err(Verdict::invalid(reason::NO_IC, 0, 0));
        };
        if self.inputs.len() != expected {
            return Err(Verdict::invalid(
                reason::INPUT_COUNT,
                self.inputs.len() as u32,
                expected as u32,
            ));
        }
        for (i, x) in self.inputs.iter().enumerate() {
            if *x >= GROUP_ORDER {
                return Err(Verdict::invalid(reason::INPUT_NOT_LESS_THAN_R, i as u32, 0));
            }
        }
        Ok(())
    }
}

impl CompressedRequest {
    /// [`Request::check_inputs`] for this key and these inputs: the same checks, in
    /// the same order. (Written out again rather than shared: a shared function
    /// changes how the deployed `groth16-verifier` compiles, and so its gas.)
    pub fn check_inputs(&self) -> Result<(), Verdict> {
        let Some(expected) = self.vk.ic.len().checked_sub(1) else {
            return Err(Verdict::invalid(reason::NO_IC, 0, 0));
        };
        if self.inputs.len() != expected {
            return Err(Verdict::invalid(
                reason::INPUT_COUNT,
                self.inputs.len() as u32,
                expected as u32,
            ));
        }
        match self.inputs.iter().position(|x| *x >= GROUP_ORDER) {
            Some(i) => Err(Verdict::invalid(reason::INPUT_NOT_LESS_THAN_R, i as u32, 0)),
            None => Ok(()),
        }
    }
}

/// `−P` for a G1 point in the Ethereum encoding: `(x, p − y)`. Infinity, and any
/// encoding whose y is 0 or not `< p`, is returned unchanged, so `−P` is valid
/// exactly when `P` is (and fails the same check when it is not).
// Indices stay below 32 in 32- and 64-byte arrays, and the u16 arithmetic wraps by
// design; kept as the verifier contract has always compiled it (its gas is exact).
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub fn negate_g1(point: &G1) -> G1 {
    let mut out = *point;
    let y = &point[32..];
    if y.iter().all(|&b| b == 0) || y >= &FIELD_MODULUS[..] {
        return out;
    }
    // p − y, byte by byte from the least significant, with a borrow.
    let mut borrow = 0u16;
    for i in (0..32).rev() {
        let d = u16::from(FIELD_MODULUS[i])
            .wrapping_sub(u16::from(y[i]))
            .wrapping_sub(borrow);
        out[32 + i] = d as u8;
        borrow = (d >> 15) & 1;
    }
    out
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn wire_format() {
        assert_eq!(Verdict::Valid.encode(), [0]);
        assert_eq!(
            Verdict::invalid(reason::POINT, 9, 6).encode(),
            [1, 4, 9, 0, 0, 0, 6, 0, 0, 0]
        );
        let r = Request {
            vk: VerifyingKey {
                alpha: [1; 64],
                beta: [2; 128],
                gamma: [3; 128],
                delta: [4; 128],
                ic: vec![[5; 64]],
            },
            proof: Proof {
                a: [6; 64],
                b: [7; 128],
                c: [8; 64],
            },
            inputs: vec![[9; 32], [10; 32]],
        };
        let bytes = r.encode();
        // Fixed arrays are raw bytes; vectors have a compact length prefix.
        assert_eq!(bytes.len(), 64 + 3 * 128 + 1 + 64 + 64 + 128 + 64 + 1 + 64);
        assert_eq!(bytes[64 + 3 * 128], 4, "compact(1)");
        assert_eq!(bytes[bytes.len() - 65], 8, "compact(2)");
        assert_eq!(Request::decode(&mut &bytes[..]).unwrap(), r);
    }

    #[test]
    fn negation() {
        let mut p = [0u8; 64];
        p[31] = 1;
        p[63] = 2;
        let n = negate_g1(&p);
        let mut expected = FIELD_MODULUS;
        expected[31] -= 2;
        assert_eq!(&n[..32], &p[..32]);
        assert_eq!(&n[32..], &expected[..]);
        assert_eq!(negate_g1(&n), p);
        assert_eq!(negate_g1(&[0; 64]), [0; 64]);
        let mut big = [0u8; 64];
        big[32..].copy_from_slice(&FIELD_MODULUS);
        assert_eq!(negate_g1(&big), big, "not < p: unchanged");
    }

    #[test]
    fn input_checks() {
        let mut r = Request {
            vk: VerifyingKey {
                alpha: [0; 64],
                beta: [0; 128],
                gamma: [0; 128],
                delta: [0; 128],
                ic: vec![],
            },
            proof: Proof {
                a: [0; 64],
                b: [0; 128],
                c: [0; 64],
            },
            inputs: vec![],
        };
        assert_eq!(r.check_inputs(), Err(Verdict::invalid(reason::NO_IC, 0, 0)));
        r.vk.ic = vec![[0; 64]; 3];
        r.inputs = vec![[0; 32]];
        assert_eq!(
            r.check_inputs(),
            Err(Verdict::invalid(reason::INPUT_COUNT, 1, 2))
        );
        r.inputs = vec![[0; 32], GROUP_ORDER];
        assert_eq!(
            r.check_inputs(),
            Err(Verdict::invalid(reason::INPUT_NOT_LESS_THAN_R, 1, 0))
        );
        let mut below = GROUP_ORDER;
        below[31] -= 1;
        r.inputs = vec![below, [0; 32]];
        assert_eq!(r.check_inputs(), Ok(()));
        let order: Vec<u32> = r.points().map(|(i, _)| i).collect();
        assert_eq!(order, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
}
