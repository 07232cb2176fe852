#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! Poseidon over BN254's scalar field exactly as circomlib computes it: the hash of
//! circom's `Poseidon(n)` template (`circomlib/circuits/poseidon.circom`) and of
//! `circomlibjs`'s `poseidon`, for 1 to 16 inputs.
//!
//! - Width `t = n + 1`: the state is `[0, x₁, …, xₙ]`; the hash is element 0 of the
//!   permuted state.
//! - The S-box is `x⁵`; 8 full rounds (4, then the partial rounds, then 4) and
//!   circomlib's partial-round counts [`PARTIAL_ROUNDS`] (56 for t = 2 up to 68 for
//!   t = 17); every round adds its constants, applies the S-box (to every element in a
//!   full round, to element 0 in a partial one) and multiplies by the MDS matrix.
//! - The round constants and MDS matrices are generated at first use from their
//!   published definition (the Poseidon paper's Grain LFSR, see [`params()`]), not
//!   pasted; the tests compare them with light-poseidon's and circomlibjs's.
//!
//! Encoding ([`poseidon`]): the input is `n` field elements of 32 bytes each,
//! big-endian, concatenated; each must be below `r` (no reduction: `r` itself and
//! anything above is refused, as circomlibjs and go-iden3-crypto refuse it). The
//! output is the hash, 32 bytes big-endian (always below `r`).
//!
//! The arithmetic is BN254's scalar field from `zkhost-bn254` ([`zkhost_bn254::Fr`],
//! zkhost-mont's generic Montgomery field), and
//! the partial rounds run in the sparse form (one constant and `2t − 1` products per
//! partial round instead of `t` and `t²`); [`reference::poseidon`] is the same hash
//! computed round by round as published, which the tests hold the fast one to.
//!
//! The first hash of each width generates that width's parameters (a few
//! milliseconds); a node calls [`warm_up`] at start so no metered call pays for it.
//! Prices are in `zkhost-gas`; this crate knows no runtime.

pub mod params;

use std::sync::OnceLock;

pub use params::Params;
use zkhost_bn254::Fr;

/// The number of full rounds, for every width.
pub const FULL_ROUNDS: usize = 8;

/// circomlib's partial-round counts, for t = 2 to 17 (index t − 2).
pub const PARTIAL_ROUNDS: [usize; MAX_INPUTS] = [
    56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68,
];

/// The most inputs one hash takes (circomlib's limit: t ≤ 17).
pub const MAX_INPUTS: usize = 16;

/// The length of one input element and of the output.
pub const ELEMENT_LEN: usize = 32;

/// BN254's scalar field modulus r, 32 bytes big-endian: every input must be below it.
pub const MODULUS: [u8; 32] = [
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9, 0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00, 0x00, 0x01,
];

/// Why an input was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The input length is not a multiple of 32 bytes.
    #[error("Poseidon input length not a multiple of 32")]
    Length,
    /// The input has no element, or more than 16.
    #[error("Poseidon takes 1 to 16 inputs")]
    InputCount,
    /// An input element is not below the scalar field modulus r.
    #[error("Poseidon input not less than the scalar field modulus")]
    NotInField,
}

#[cfg(feature = "abi")]
impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::Length => codes::POSEIDON_LENGTH,
            Error::InputCount => codes::POSEIDON_INPUT_COUNT,
            Error::NotInField => codes::POSEIDON_NOT_IN_FIELD,
        }
    }
}

/// The number of inputs in an input of `len` bytes, checked: what a host function
/// prices before reading any element.
pub fn input_count(len: usize) -> Result<usize, Error> {
    if !len.is_multiple_of(ELEMENT_LEN) {
        return Err(Error::Length);
    }
    let n = len / ELEMENT_LEN;
    if n == 0 || n > MAX_INPUTS {
        return Err(Error::InputCount);
    }
    Ok(n)
}

/// The parameters of width `t = inputs + 1`, generated on first use.
///
/// Panics unless `1 ≤ inputs ≤ 16` (the public entry points check first).
pub fn params(inputs: usize) -> &'static Params {
    static TABLE: [OnceLock<Params>; MAX_INPUTS] = [const { OnceLock::new() }; MAX_INPUTS];
    TABLE[inputs - 1].get_or_init(|| Params::generate(inputs + 1))
}

/// Generates the parameters of every width now, so that no hash pays for them.
pub fn warm_up() {
    for n in 1..=MAX_INPUTS {
        params(n);
    }
}

/// Reads and checks the input: `n` elements below r.
fn read(input: &[u8]) -> Result<Vec<Fr>, Error> {
    input_count(input.len())?;
    input
        .chunks_exact(ELEMENT_LEN)
        .map(|chunk| {
            let mut bytes = [0u8; ELEMENT_LEN];
            bytes.copy_from_slice(chunk);
            Fr::from_be_bytes(&bytes).ok_or(Error::NotInField)
        })
        .collect()
}

/// The initial state `[0, x₁, …, xₙ]`.
fn initial_state(inputs: Vec<Fr>) -> Vec<Fr> {
    let mut state = Vec::with_capacity(inputs.len() + 1);
    state.push(Fr::ZERO);
    state.extend(inputs);
    state
}

/// circomlib's Poseidon of `input` (`n` 32-byte big-endian elements, `1 ≤ n ≤ 16`,
/// each below r): the 32-byte big-endian hash.
///
/// Errors, checked in this order before any arithmetic: [`Error::Length`] (not a
/// multiple of 32), [`Error::InputCount`] (0 or more than 16 elements),
/// [`Error::NotInField`] (an element ≥ r).
pub fn poseidon(input: &[u8]) -> Result<[u8; 32], Error> {
    let inputs = read(input)?;
    let p = params(inputs.len());
    let mut state = initial_state(inputs);
    permute(p, &mut state);
    Ok(state[0].to_be_bytes())
}

/// `s += c`, then `s ← s⁵` element-wise, then `s ← m·s` (a full round).
#[inline(always)]
fn full_round(state: &mut [Fr], constants: &[Fr], m: &[Vec<Fr>], scratch: &mut [Fr]) {
    for (s, c) in state.iter_mut().zip(constants) {
        *s = pow5(&s.add(c));
    }
    mat_vec(m, state, scratch);
}

/// `x⁵`, the S-box: two squarings and a multiplication.
#[inline(always)]
fn pow5(x: &Fr) -> Fr {
    x.square().square().mul(x)
}

/// `s ← m·s`, through `scratch` (same length as `s`).
#[inline(always)]
fn mat_vec(m: &[Vec<Fr>], state: &mut [Fr], scratch: &mut [Fr]) {
    for (out, row) in scratch.iter_mut().zip(m) {
        *out = dot(row, state);
    }
    state.copy_from_slice(scratch);
}

/// `Σ aᵢ·bᵢ`.
#[inline(always)]
fn dot(a: &[Fr], b: &[Fr]) -> Fr {
    let mut acc = a[0].mul(&b[0]);
    for (x, y) in a[1..].iter().zip(&b[1..]) {
        acc = acc.add(&x.mul(y));
    }
    acc
}

/// The permutation in the optimised form ([`Params`] explains the rearrangement).
fn permute(p: &Params, state: &mut [Fr]) {
    let t = p.t;
    let half = FULL_ROUNDS / 2;
    let mut scratch = vec![Fr::ZERO; t];
    for r in 0..half {
        let m = if r + 1 == half { &p.pre_sparse } else { &p.mds };
        full_round(state, &p.constants[r * t..(r + 1) * t], m, &mut scratch);
    }
    let m00 = p.mds[0][0];
    for (c, sp) in p.partial_constants.iter().zip(&p.sparse) {
        let s0 = pow5(&state[0].add(c));
        // [[m₀₀, vᵀ], [w, I]]·s: element 0 from the old elements, the others by one
        // product each.
        let mut new0 = m00.mul(&s0);
        for (v, s) in sp.v.iter().zip(&state[1..]) {
            new0 = new0.add(&v.mul(s));
        }
        for (s, w) in state[1..].iter_mut().zip(&sp.w) {
            *s = s.add(&w.mul(&s0));
        }
        state[0] = new0;
    }
    for r in 0..half {
        full_round(
            state,
            &p.last_constants[r * t..(r + 1) * t],
            &p.mds,
            &mut scratch,
        );
    }
}

/// The hash computed round by round exactly as published (every round adds `t`
/// constants and multiplies by the full MDS matrix): slower, and what the fast path
/// is tested against.
pub mod reference {
    use super::*;

    /// [`poseidon`](super::poseidon), computed without the optimised form; same
    /// input rules, same errors.
    pub fn poseidon(input: &[u8]) -> Result<[u8; 32], Error> {
        let inputs = read(input)?;
        let p = params(inputs.len());
        let t = p.t;
        let mut state = initial_state(inputs);
        let mut scratch = vec![Fr::ZERO; t];
        let half = FULL_ROUNDS / 2;
        for r in 0..FULL_ROUNDS + p.partial {
            let c = &p.constants[r * t..(r + 1) * t];
            if r < half || r >= half + p.partial {
                full_round(&mut state, c, &p.mds, &mut scratch);
            } else {
                for (s, c) in state.iter_mut().zip(c) {
                    *s = s.add(c);
                }
                state[0] = pow5(&state[0]);
                mat_vec(&p.mds, &mut state, &mut scratch);
            }
        }
        Ok(state[0].to_be_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modulus_constant_is_r() {
        // r − 1 is the largest element; MODULUS is one more.
        let mut below = MODULUS;
        below[31] -= 1;
        assert_eq!(Fr::ONE.neg().to_be_bytes(), below);
        assert_eq!(Fr::from_be_bytes(&MODULUS), None);
    }
}
