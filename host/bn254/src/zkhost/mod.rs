//! zkhost's own BN254 backend: field tower, curves and pairing written for the
//! three precompiles, in Rust with x86-64 assembly for the field multiplication
//! ([`crate::mont`], chosen at run time; portable code elsewhere).
//!
//! - `fp`, `fp2`, `fp6`, `fp12`: the tower Fp ⊂ Fp2 ⊂ Fp6 ⊂ Fp12 with
//!   `u² = −1`, `v³ = 9 + u`, `w² = v` — the same as arkworks', so the tests compare
//!   element by element;
//! - `inverse`: inversion and division by a binary GCD on word approximations;
//! - `field`, `jacobian`, `g1`, `g2`: curve arithmetic, GLV for G1 multiplication, the
//!   ψ-based subgroup test for G2;
//! - `pairing`: the shared Miller loop and the final exponentiation.
//!
//! Nothing here is constant time: every input of a precompile is public.

pub mod field;
pub mod fp;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod g1;
pub mod g2;
pub mod inverse;
pub mod jacobian;
pub mod pairing;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use super::encoding::{G1Coords, G2Coords};
use super::g2_cache::{self, Key};
use super::Error;
use fp::Fp;
use fp2::Fp2;
use g1::G1Input;
use g2::G2Affine;
use pairing::{G2Prepared, PairG2};

/// The BN parameter x: `p` and `r` are polynomials in it; the Miller loop runs over
/// `6x + 2`.
pub const BN_X: u64 = 4_965_661_367_192_848_881;

/// The NAF digits of [`BN_X`], computed once (the G2 subgroup test multiplies by x).
pub(crate) fn x_naf() -> &'static [i8] {
    static DIGITS: std::sync::OnceLock<Vec<i8>> = std::sync::OnceLock::new();
    DIGITS.get_or_init(|| naf(u128::from(BN_X)))
}

/// The non-adjacent form of `k`: digits in {−1, 0, 1}, least significant first, no
/// two adjacent non-zero.
pub(crate) fn naf(k: u128) -> Vec<i8> {
    wnaf(k, 2)
}

/// The width-`w` NAF of `k` (`2 ≤ w ≤ 7`): digits odd and below `2^(w−1)` in absolute
/// value, or zero, least significant first; of any `w` consecutive digits at most one
/// is non-zero.
pub(crate) fn wnaf(mut k: u128, w: u32) -> Vec<i8> {
    let mut digits = Vec::with_capacity(130);
    let (modulus, half) = (1i32 << w, 1i32 << (w - 1));
    while k != 0 {
        if k & 1 == 1 {
            // k mod 2^w, taken into (−2^(w−1), 2^(w−1)): k − d is then divisible
            // by 2^w (and never negative: d ≤ k when d > 0).
            let mut d = (k % modulus as u128) as i32;
            if d >= half {
                d -= modulus;
            }
            digits.push(d as i8);
            k = if d > 0 {
                k - d as u128
            } else {
                k + (-d) as u128
            };
        } else {
            digits.push(0);
        }
        k >>= 1;
    }
    digits
}

/// The backend, for [`super::Backend::Zkhost`].
pub(crate) struct Engine;

fn fp(bytes: &[u8; 32], err: Error) -> Result<Fp, Error> {
    Fp::from_be_bytes(bytes).ok_or(err)
}

/// The plain value of a 32-byte big-endian coordinate, if below p.
fn plain(bytes: &[u8; 32], err: Error) -> Result<[u64; 4], Error> {
    let w = fp::be_words(bytes);
    if fp::below_p(&w) {
        Ok(w)
    } else {
        Err(err)
    }
}

/// A validated G2 point of a pairing input: decoded and checked now, or found in
/// the cache of prepared points ([`crate::g2_cache`]).
// One per pair of a call, by value: boxing the large variant would allocate per
// pair on the path every miss takes.
#[allow(clippy::large_enum_variant)]
pub(crate) enum G2Input {
    /// On the twist; the Miller loop decides whether it lies in G2 (or, for a point
    /// no loop sees, [`G2Affine::is_in_subgroup`]). Stored in the cache after a
    /// loop that found it in G2, under its key.
    OnTwist(G2Affine, Key),
    /// Checked by an earlier call, with its lines.
    Cached(Arc<G2Prepared>),
}

/// The cache key of a G2 encoding.
fn key(p: &G2Coords) -> Key {
    let mut k = [0u8; 128];
    for (chunk, part) in k
        .chunks_exact_mut(32)
        .zip([&p.x_re, &p.x_im, &p.y_re, &p.y_im])
    {
        chunk.copy_from_slice(part);
    }
    k
}

impl super::Engine for Engine {
    type G1 = G1Input;
    type G2 = G2Input;

    fn g1(p: &G1Coords) -> Result<G1Input, Error> {
        let e = Error::G1CoordinateNotInField;
        G1Input::new(&plain(&p.x, e)?, &plain(&p.y, e)?).ok_or(Error::G1NotOnCurve)
    }

    fn g2(p: &G2Coords) -> Result<G2Input, Error> {
        let key = key(p);
        // The same encoding passed every check before: the same checks would pass.
        if let Some(prepared) = g2_cache::get(&key) {
            return Ok(G2Input::Cached(prepared));
        }
        let e = Error::G2CoordinateNotInField;
        let x = Fp2::new(fp(&p.x_re, e)?, fp(&p.x_im, e)?);
        let y = Fp2::new(fp(&p.y_re, e)?, fp(&p.y_im, e)?);
        let q = G2Affine::new(x, y).ok_or(Error::G2NotOnCurve)?;
        Ok(G2Input::OnTwist(q, key))
    }

    fn g2_in_subgroup(q: &G2Input) -> bool {
        match q {
            G2Input::OnTwist(q, _) => q.is_in_subgroup(),
            G2Input::Cached(_) => true,
        }
    }

    fn g1_infinity() -> G1Input {
        G1Input::INFINITY
    }

    fn add(a: &G1Input, b: &G1Input) -> [u8; 64] {
        a.add(b)
    }

    fn mul(p: &G1Input, k: &[u8; 32]) -> [u8; 64] {
        p.affine().mul(k).to_evm()
    }

    fn pairing_is_one(pairs: &[(G1Input, G2Input)]) -> Result<bool, Error> {
        let record = g2_cache::is_active();
        let loop_pairs: Vec<_> = pairs
            .iter()
            .map(|(p, q)| {
                let q = match q {
                    G2Input::OnTwist(q, _) => PairG2::Point { q, record },
                    G2Input::Cached(prepared) => PairG2::Prepared(prepared),
                };
                (p.affine(), q)
            })
            .collect();
        let out = pairing::miller_loop_mixed(&loop_pairs);
        if !out.in_subgroup {
            return Err(Error::G2NotInSubgroup);
        }
        for ((_, q), lines) in pairs.iter().zip(out.prepared) {
            if let (G2Input::OnTwist(_, key), Some(lines)) = (q, lines) {
                g2_cache::put(*key, lines);
            }
        }
        Ok(pairing::is_one(&out.f))
    }
}
