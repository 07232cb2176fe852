//! The arithmetic as a backend: [`Engine`] decodes the checked encodings into the
//! field and curve types and runs the three precompiles on them; [`Zkhost`] is the
//! backend ([`crate::Backend::ZKHOST`]), with the G1 MSM of [`crate::msm`]. Only with
//! the `abi` feature, like the rest of the precompiles' front end.

use std::sync::Arc;

use super::fp::Fp;
use super::fp2::Fp2;
use super::g1::G1Input;
use super::g2::G2Affine;
use super::pairing::{self, G2Prepared, PairG2};
use crate::encoding::{G1Coords, G2Coords};
use crate::g2_cache::{self, Key};
use crate::Error;
use zkhost_mont::words::{be_words, below};

/// The decoding and arithmetic of [`Zkhost`], for the shared front end.
pub(crate) struct Engine;

/// zkhost's own backend: the precompiles on [`Engine`] and the MSM engine of
/// [`crate::msm`] (both on this module's field and curves).
pub(crate) struct Zkhost;

impl crate::Bn254Backend for Zkhost {
    fn name(&self) -> &'static str {
        "zkhost"
    }

    fn ecadd(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::add::<Engine>(input)
    }

    fn ecmul(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::mul::<Engine>(input)
    }

    fn pairing(&self, input: &[u8]) -> Result<bool, Error> {
        crate::pairing::<Engine>(input)
    }

    fn g1_msm(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::msm::g1_msm(input)
    }
}

impl crate::Backend {
    /// zkhost's own implementation: the default for every operation.
    pub const ZKHOST: crate::Backend = crate::Backend::new(&Zkhost);
}

fn fp(bytes: &[u8; 32], err: Error) -> Result<Fp, Error> {
    Fp::from_be_bytes(bytes).ok_or(err)
}

/// The plain value of a 32-byte big-endian coordinate, if below p.
fn plain(bytes: &[u8; 32], err: Error) -> Result<[u64; 4], Error> {
    let w = be_words(bytes);
    if below(&w, &super::fp::P) {
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

impl crate::Engine for Engine {
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
