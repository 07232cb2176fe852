//! The arithmetic as a backend: [`Engine`] decodes the checked encodings into the
//! field and curve types and runs the three precompiles on them; [`Zkhost`] is the
//! backend ([`crate::Backend::ZKHOST`]), with the G1 MSM of [`crate::msm`]. Only with
//! the `abi` feature, like the rest of the precompiles' front end.
//!
//! The pairing check has two paths giving the same bytes: the scalar tower, and on
//! x86-64 CPUs with AVX-512 IFMA the tower on lanes ([`super::vector`]), chosen
//! once per process by [`Ifma::detect`] (which the `ZKHOST_NO_IFMA` environment
//! variable turns off). `zkhost` takes the lanes where the CPU has them;
//! `zkhost-scalar` never does, and `zkhost-ifma` always does where the CPU has
//! them (elsewhere it is the scalar path, and [`crate::Backend::named`] does not
//! offer it): so that tests on an IFMA machine compare the two paths, and no
//! iteration of the registry reaches IFMA code on a CPU without it.

use std::sync::Arc;

use super::fp::Fp;
use super::fp12::Fp12;
use super::fp2::Fp2;
use super::g1::G1Input;
use super::g2::G2Affine;
use super::pairing::{self, G2Prepared, MillerOutput, PairG2};
use crate::encoding::{G1Coords, G2Coords};
use crate::g2_cache::{self, Key};
use crate::Error;
#[cfg(target_arch = "x86_64")]
use zkhost_mont::ifma::Ifma;
use zkhost_mont::words::{be_words, below};

/// Which path an engine's pairing check takes (the `PATH` of [`Engine`]).
pub(crate) mod path {
    /// The lanes where the CPU has IFMA, else scalar: zkhost's default backend.
    pub(crate) const AUTO: u8 = 0;
    /// Always the scalar tower.
    pub(crate) const SCALAR: u8 = 1;
    /// The lanes; the scalar tower on a CPU without them.
    pub(crate) const LANES: u8 = 2;
}

/// The decoding and arithmetic of [`Zkhost`], for the shared front end; `PATH`
/// ([`path`]) says which tower the pairing check runs on.
pub(crate) struct Engine<const PATH: u8>;

/// zkhost's own backend: the precompiles on [`Engine`] and the MSM engine of
/// [`crate::msm`] (both on this module's field and curves).
pub(crate) struct Zkhost<const PATH: u8>;

impl<const PATH: u8> crate::Bn254Backend for Zkhost<PATH> {
    fn name(&self) -> &'static str {
        match PATH {
            path::SCALAR => "zkhost-scalar",
            path::LANES => "zkhost-ifma",
            _ => "zkhost",
        }
    }

    fn is_available(&self) -> bool {
        PATH != path::LANES || lanes::<PATH>()
    }

    fn ecadd(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::add::<Engine<PATH>>(input)
    }

    fn ecmul(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::mul::<Engine<PATH>>(input)
    }

    fn pairing(&self, input: &[u8]) -> Result<bool, Error> {
        crate::pairing::<Engine<PATH>>(input)
    }

    fn g1_msm(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::msm::g1_msm(input)
    }
}

impl crate::Backend {
    /// zkhost's own implementation: the default for every operation. Its pairing
    /// check runs on AVX-512 IFMA lanes where the CPU has them (and
    /// `ZKHOST_NO_IFMA` is not set), else on the scalar tower: the same bytes.
    pub const ZKHOST: crate::Backend = crate::Backend::new(&Zkhost::<{ path::AUTO }>);

    /// zkhost's implementation on its scalar tower alone, whatever the CPU.
    pub const ZKHOST_SCALAR: crate::Backend = crate::Backend::new(&Zkhost::<{ path::SCALAR }>);

    /// zkhost's implementation with the pairing check on AVX-512 IFMA lanes (x86-64
    /// only). On a CPU without IFMA, or with `ZKHOST_NO_IFMA` set, it is not
    /// available ([`crate::Backend::named`] refuses it) and computes on the scalar
    /// tower, so that iterating [`crate::Backend::ALL`] never reaches IFMA code there.
    #[cfg(target_arch = "x86_64")]
    pub const ZKHOST_IFMA: crate::Backend = crate::Backend::new(&Zkhost::<{ path::LANES }>);
}

/// Whether engine `PATH` computes on lanes in this process.
fn lanes<const PATH: u8>() -> bool {
    #[cfg(target_arch = "x86_64")]
    if PATH != path::SCALAR {
        return Ifma::detect().is_some();
    }
    false
}

/// The Miller loop of [`pairing::miller_loop_mixed`] on engine `PATH`'s tower.
fn miller_loop<const PATH: u8>(pairs: &[(super::g1::G1Affine, PairG2<'_>)]) -> MillerOutput {
    #[cfg(target_arch = "x86_64")]
    if PATH != path::SCALAR {
        if let Some(t) = Ifma::detect() {
            return super::vector::pairing::miller_loop_mixed_on(t, pairs);
        }
    }
    pairing::miller_loop_mixed(pairs)
}

/// [`pairing::is_one`] on engine `PATH`'s tower.
fn is_one<const PATH: u8>(f: &Fp12) -> bool {
    #[cfg(target_arch = "x86_64")]
    if PATH != path::SCALAR {
        if let Some(t) = Ifma::detect() {
            return super::vector::pairing::is_one_on(t, f);
        }
    }
    pairing::is_one(f)
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

impl<const PATH: u8> crate::Engine for Engine<PATH> {
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
        let out = miller_loop::<PATH>(&loop_pairs);
        if !out.in_subgroup {
            return Err(Error::G2NotInSubgroup);
        }
        for ((_, q), lines) in pairs.iter().zip(out.prepared) {
            if let (G2Input::OnTwist(_, key), Some(lines)) = (q, lines) {
                g2_cache::put(*key, lines);
            }
        }
        Ok(is_one::<PATH>(&out.f))
    }
}
