//! The pure-WebAssembly Poseidon: takes the [`Message`](zkhost_guest::Message) of the
//! `forwarder` contract for the `poseidon` function and answers the same
//! [`Response`](zkhost_guest::Response), but circomlib's hash is computed inside the
//! contract with `substrate-bn`'s `Fr` (BN254's scalar field); no host crypto function
//! is imported.
//!
//! It answers every input exactly as the host function does: `Ok` of the 32-byte
//! big-endian hash, or `Err(0)` ([`err::INVALID`](zkhost_guest::err::INVALID)) for an
//! input the host function refuses (a length not a multiple of 32, no element or more
//! than 16, an element not below r). A message for another function, or a malformed
//! one, traps.
//!
//! The permutation is computed round by round as published (every round adds `t`
//! constants, applies `x⁵` to every element in a full round and to element 0 in a
//! partial one, and multiplies by the full MDS matrix), not in the optimised form of
//! the host's `zkhost-poseidon`. The constants are generated at build time from
//! `zkhost-poseidon` (see `build.rs`) and converted into `Fr` as they are used, on
//! every call: no state is kept between calls, so a warm instance and a fresh one use
//! the same gas.
#![no_std]

use bn::arith::U256;
use bn::Fr;
use zkhost_guest::{respond, trap, Crypto, InvalidInput};

/// The number of full rounds (4 before the partial rounds, 4 after).
const FULL_ROUNDS: usize = 8;

/// The most inputs a hash takes.
const MAX_INPUTS: usize = 16;

/// The widest state, `MAX_INPUTS + 1`.
const MAX_WIDTH: usize = MAX_INPUTS + 1;

/// The parameters of one width `t`.
struct Width {
    /// circomlib's number of partial rounds.
    partial_rounds: usize,
    /// `(FULL_ROUNDS + partial_rounds)·t` round constants, round by round.
    constants: &'static [U256],
    /// The MDS matrix, `t×t`, row-major.
    mds: &'static [U256],
}

// RC_t, MDS_t and WIDTHS (index: inputs − 1), written by build.rs.
include!(concat!(env!("OUT_DIR"), "/params.rs"));

/// The contract entry point.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle_message(|function, input| match function {
        Crypto::Poseidon => respond(poseidon(input)),
        _ => trap(),
    });
}

/// A constant (canonical, below r) as a field element.
#[inline(always)]
fn element(c: &U256) -> Fr {
    Fr::new_mul_factor(*c)
}

/// `x⁵`.
#[inline(always)]
fn pow5(x: Fr) -> Fr {
    let x2 = x * x;
    let x4 = x2 * x2;
    x4 * x
}

/// circomlib's Poseidon of `input`: `n` 32-byte big-endian elements, `1 ≤ n ≤ 16`, each
/// below r; the 32-byte big-endian hash. Refuses what the host function refuses.
fn poseidon(input: &[u8]) -> Result<[u8; 32], InvalidInput> {
    if !input.len().is_multiple_of(32) {
        return Err(InvalidInput);
    }
    let n = input.len() / 32;
    if n == 0 || n > MAX_INPUTS {
        return Err(InvalidInput);
    }
    let t = n + 1;

    // The state [0, x₁, …, xₙ]; each xᵢ must be below r (never reduced).
    let mut state = [Fr::zero(); MAX_WIDTH];
    for (s, chunk) in state[1..t].iter_mut().zip(input.chunks_exact(32)) {
        let x = U256::from_slice(chunk).map_err(|_| InvalidInput)?;
        *s = Fr::new(x).ok_or(InvalidInput)?;
    }

    let width = &WIDTHS[n - 1];
    let mut mds = [Fr::zero(); MAX_WIDTH * MAX_WIDTH];
    for (m, c) in mds.iter_mut().zip(width.mds) {
        *m = element(c);
    }
    permute(
        &mut state[..t],
        &mds[..t * t],
        width.constants,
        width.partial_rounds,
    );

    let mut out = [0u8; 32];
    state[0]
        .into_u256()
        .to_big_endian(&mut out)
        .map_err(|_| InvalidInput)?;
    Ok(out)
}

/// The permutation, round by round: add the round's constants, apply the S-box (to
/// every element in the first and last `FULL_ROUNDS / 2` rounds, to element 0 in the
/// partial rounds between), multiply by the MDS matrix.
fn permute(state: &mut [Fr], mds: &[Fr], constants: &[U256], partial_rounds: usize) {
    let t = state.len();
    let half = FULL_ROUNDS / 2;
    for (round, rc) in constants.chunks_exact(t).enumerate() {
        for (s, c) in state.iter_mut().zip(rc) {
            *s = *s + element(c);
        }
        if round < half || round >= half + partial_rounds {
            for s in state.iter_mut() {
                *s = pow5(*s);
            }
        } else {
            state[0] = pow5(state[0]);
        }
        let mut next = [Fr::zero(); MAX_WIDTH];
        for (out, row) in next.iter_mut().zip(mds.chunks_exact(t)) {
            let mut acc = Fr::zero();
            for (m, s) in row.iter().zip(state.iter()) {
                acc = acc + *m * *s;
            }
            *out = acc;
        }
        state.copy_from_slice(&next[..t]);
    }
}
