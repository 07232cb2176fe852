#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! BN254 (alt_bn128) operations with exact Ethereum precompile semantics.
//!
//! [`Backend::ecadd`], [`Backend::ecmul`] and [`Backend::pairing`] implement
//! precompiles 0x06, 0x07 and 0x08 (EIP-196, EIP-197) over any of several
//! [`Backend`]s; [`msm::g1_msm`] is a G1 multi-scalar multiplication on the same
//! encodings; [`compress`] converts points to and from Solana's compressed format
//! (on zkhost's own arithmetic). The rules live here, once:
//!
//! - add and mul right-pad short input with zeros to 128 / 96 bytes and ignore surplus
//!   bytes; the pairing input must be a multiple of 192 bytes, and empty input is true;
//! - coordinates are 32-byte big-endian integers that must be `< p` (no reduction, no
//!   flag bits); all-zero encodes the point at infinity;
//! - points must be on the curve, and G2 points in the order-r subgroup; G2 is encoded
//!   `(x_imag, x_real, y_imag, y_real)`;
//! - the mul scalar is any 256-bit value;
//! - pairs with a point at infinity are validated, then skipped.
//!
//! Points are decoded in input order; for each point the field check comes first,
//! then the curve check, then (G2) the subgroup check, so the first failing check
//! names the [`Error`] on every backend alike.
//!
//! The default build has only zkhost's own backend ([`Backend::ZKHOST`]); the cargo
//! features `substrate-bn`, `arkworks` and `halo2curves` add the others, which give
//! byte-identical results (the tests and fuzz targets compare them all); `mcl` adds
//! herumi's mcl as a comparator (the `mcl` feature). Prices are in
//! `zkhost-gas`; this crate knows no runtime.

// The precompiles' front end (encodings, lengths and refusal codes from zkhost-abi)
// needs the `abi` feature (default); without it the crate is the arithmetic alone,
// for a build script such as the guest workspace's wasm-poseidon, which reaches
// zkhost-abi by another path (cargo refuses two).
#[cfg(feature = "abi")]
mod backend;
#[cfg(feature = "abi")]
pub mod compress;
#[cfg(feature = "abi")]
pub mod encoding;
#[cfg(feature = "abi")]
pub mod g2_cache;
#[cfg(feature = "abi")]
pub mod msm;

#[cfg(feature = "arkworks")]
mod arkworks;
#[cfg(feature = "halo2curves")]
mod halo2curves;
#[cfg(feature = "mcl")]
pub mod mcl;
#[cfg(feature = "substrate-bn")]
mod substrate;

// The arithmetic's field and curve types are crate-private but for the scalar
// field; the unstable `internals` feature makes them public for the parts example
// and benchmarks.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod arithmetic;
#[cfg(not(feature = "internals"))]
#[allow(unreachable_pub)]
// Without the front end, only `Fr` is reachable (and clippy, seeing G1Affine no
// longer exported, would ask its `to_evm(&self)` to take `self`).
#[cfg_attr(not(feature = "abi"), allow(dead_code, clippy::wrong_self_convention))]
mod arithmetic;

/// BN254's scalar field (the order r of G1 and G2), on zkhost-mont's generic
/// Montgomery field: what Poseidon hashes over.
pub use arithmetic::fr::{Fr, FrConfig};

#[cfg(feature = "abi")]
use std::fmt;
#[cfg(feature = "abi")]
use std::str::FromStr;

#[cfg(feature = "abi")]
use encoding::{G1Coords, G2Coords};

#[cfg(feature = "abi")]
pub use zkhost_abi::bn254::{ADD_LEN, MUL_LEN, PAIR_LEN};

#[cfg(feature = "abi")]
pub use backend::{msm_by_products, Backend, Bn254Backend};

/// Why an input was refused. The messages are those of the conformance vectors'
/// README, and every backend classifies every input identically.
#[cfg(feature = "abi")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The pairing input is not a multiple of 192 bytes.
    #[error("pairing input length not a multiple of 192")]
    PairingLength,
    /// A G1 coordinate is `>= p`.
    #[error("G1 coordinate not less than field modulus")]
    G1CoordinateNotInField,
    /// A G2 coordinate is `>= p`.
    #[error("G2 coordinate not less than field modulus")]
    G2CoordinateNotInField,
    /// The G1 point does not satisfy `y² = x³ + 3`.
    #[error("G1 point not on curve")]
    G1NotOnCurve,
    /// The G2 point does not satisfy the twist equation `y² = x³ + 3/(9+u)`.
    #[error("G2 point not on twist curve")]
    G2NotOnCurve,
    /// The G2 point is on the twist but outside the order-r subgroup.
    #[error("G2 point not in r-torsion subgroup")]
    G2NotInSubgroup,
    /// The MSM input is empty or not a multiple of 96 bytes.
    #[error("MSM input length not a positive multiple of 96")]
    MsmLength,
}

#[cfg(feature = "abi")]
impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::PairingLength => codes::BN254_PAIRING_LENGTH,
            Error::G1CoordinateNotInField => codes::BN254_G1_COORDINATE_NOT_IN_FIELD,
            Error::G2CoordinateNotInField => codes::BN254_G2_COORDINATE_NOT_IN_FIELD,
            Error::G1NotOnCurve => codes::BN254_G1_NOT_ON_CURVE,
            Error::G2NotOnCurve => codes::BN254_G2_NOT_ON_CURVE,
            Error::G2NotInSubgroup => codes::BN254_G2_NOT_IN_SUBGROUP,
            Error::MsmLength => codes::BN254_MSM_LENGTH,
        }
    }
}

#[cfg(feature = "abi")]
impl Error {
    /// Every error, in the order of their codes (1 to 7).
    pub const ALL: [Error; 7] = [
        Error::PairingLength,
        Error::G1CoordinateNotInField,
        Error::G2CoordinateNotInField,
        Error::G1NotOnCurve,
        Error::G2NotOnCurve,
        Error::G2NotInSubgroup,
        Error::MsmLength,
    ];

    /// A stable one-byte code (1 to 7, [`zkhost_abi::err`]), used where an error
    /// crosses the contract boundary (the pure-WebAssembly contract reports it in its
    /// response, the Groth16 verdict in its detail).
    pub fn code(self) -> u8 {
        use zkhost_abi::err;
        match self {
            Error::PairingLength => err::PAIRING_LENGTH,
            Error::G1CoordinateNotInField => err::G1_COORDINATE_NOT_IN_FIELD,
            Error::G2CoordinateNotInField => err::G2_COORDINATE_NOT_IN_FIELD,
            Error::G1NotOnCurve => err::G1_NOT_ON_CURVE,
            Error::G2NotOnCurve => err::G2_NOT_ON_CURVE,
            Error::G2NotInSubgroup => err::G2_NOT_IN_SUBGROUP,
            Error::MsmLength => err::MSM_LENGTH,
        }
    }

    /// The error with this code, if any.
    pub fn from_code(code: u8) -> Option<Error> {
        Error::ALL.into_iter().find(|e| e.code() == code)
    }

    /// The error whose `last_error` code ([`Error::last_error`]) is `code`, if any.
    pub fn from_last_error(code: i32) -> Option<Error> {
        Error::ALL.into_iter().find(|e| e.last_error() == code)
    }
}

/// One of the three BN254 precompiles.
#[cfg(feature = "abi")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// ECADD, precompile 0x06.
    Add,
    /// ECMUL, precompile 0x07.
    Mul,
    /// The pairing check, precompile 0x08.
    Pairing,
}

#[cfg(feature = "abi")]
impl Op {
    /// All operations.
    pub const ALL: [Op; 3] = [Op::Add, Op::Mul, Op::Pairing];

    /// The name used on the command line and in reports: its host function's
    /// (`zkhost_abi::Crypto::report_name`).
    pub fn name(self) -> &'static str {
        self.host_function().report_name()
    }

    /// The host function of zkhost's contract ABI that computes this precompile.
    pub fn host_function(self) -> zkhost_abi::Crypto {
        match self {
            Op::Add => zkhost_abi::Crypto::AltBn128Add,
            Op::Mul => zkhost_abi::Crypto::AltBn128Mul,
            Op::Pairing => zkhost_abi::Crypto::AltBn128Pairing,
        }
    }

    /// Length of a successful output: its host function's.
    pub fn output_len(self) -> usize {
        self.host_function().output_len()
    }
}

#[cfg(feature = "abi")]
impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "abi")]
impl FromStr for Op {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Op::ALL
            .into_iter()
            .find(|op| op.name() == s)
            .ok_or_else(|| format!("unknown operation {s:?}"))
    }
}

/// Runs `op` on the default backend for that operation.
#[cfg(feature = "abi")]
pub fn run(op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
    Backend::default_for(op).run(op, input)
}

/// The 32-byte output of the pairing check: big-endian 1 or 0.
#[cfg(feature = "abi")]
pub fn pairing_output(ok: bool) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[31] = ok as u8;
    out
}

/// What a backend library provides. Inputs reach it already split and field-checked
/// by [`encoding`]; it checks curve membership (and the G2 subgroup) and computes.
#[cfg(feature = "abi")]
trait Engine {
    /// A validated G1 point.
    type G1;
    /// A validated G2 point.
    type G2;

    /// Checks that a non-infinity point is on the curve.
    fn g1(p: &G1Coords) -> Result<Self::G1, Error>;
    /// Checks that a non-infinity point is on the twist and — unless the engine
    /// leaves that to [`Engine::pairing_is_one`] and [`Engine::g2_in_subgroup`] — in
    /// the order-r subgroup, in that order.
    fn g2(p: &G2Coords) -> Result<Self::G2, Error>;
    /// Whether a point [`Engine::g2`] accepted lies in the order-r subgroup, for a
    /// point no Miller loop will see or when a later pair of the input fails: true
    /// where `g2` checked it already.
    fn g2_in_subgroup(_q: &Self::G2) -> bool {
        true
    }
    /// The point at infinity of G1.
    fn g1_infinity() -> Self::G1;
    /// `a + b`, encoded.
    fn add(a: &Self::G1, b: &Self::G1) -> [u8; 64];
    /// `k·p` for a 256-bit big-endian `k` (reduced mod r, or not: p has order r).
    fn mul(p: &Self::G1, k: &[u8; 32]) -> [u8; 64];
    /// Whether `Π e(p_i, q_i) = 1` over a non-empty list of non-infinity pairs, or
    /// [`Error::G2NotInSubgroup`] for a G2 point outside the subgroup that
    /// [`Engine::g2`] left unchecked.
    fn pairing_is_one(pairs: &[(Self::G1, Self::G2)]) -> Result<bool, Error>;
}

#[cfg(feature = "abi")]
fn g1_point<E: Engine>(bytes: &[u8; 64]) -> Result<(E::G1, bool), Error> {
    let c = encoding::g1(bytes)?;
    if c.is_infinity() {
        Ok((E::g1_infinity(), true))
    } else {
        Ok((E::g1(&c)?, false))
    }
}

#[cfg(feature = "abi")]
fn add<E: Engine>(input: &[u8]) -> Result<[u8; 64], Error> {
    let input = encoding::pad::<ADD_LEN>(input);
    let (a, b) = split::<64, 64>(&input);
    let (a, _) = g1_point::<E>(a)?;
    let (b, _) = g1_point::<E>(b)?;
    Ok(E::add(&a, &b))
}

#[cfg(feature = "abi")]
fn mul<E: Engine>(input: &[u8]) -> Result<[u8; 64], Error> {
    let input = encoding::pad::<MUL_LEN>(input);
    let (p, k) = split::<64, 32>(&input);
    let (p, infinity) = g1_point::<E>(p)?;
    if infinity {
        return Ok([0u8; 64]);
    }
    Ok(E::mul(&p, k))
}

#[cfg(feature = "abi")]
fn pairing<E: Engine>(input: &[u8]) -> Result<bool, Error> {
    if !input.len().is_multiple_of(PAIR_LEN) {
        return Err(Error::PairingLength);
    }
    let mut pairs = Vec::with_capacity(input.len() / PAIR_LEN);
    // G2 points of pairs whose G1 point is the identity: no loop sees them.
    let mut aside = Vec::new();
    for chunk in input.chunks_exact(PAIR_LEN) {
        match pair::<E>(chunk) {
            Ok(None) => {}
            Ok(Some((p, false, q))) => pairs.push((p, q)),
            Ok(Some((_, true, q))) => aside.push(q),
            Err(e) => {
                // The first failing check in input order decides the error: an
                // earlier G2 point outside the subgroup comes before this one.
                let earlier = pairs.iter().map(|(_, q)| q).chain(&aside);
                return Err(first_subgroup_error::<E>(earlier).unwrap_or(e));
            }
        }
    }
    if let Some(e) = first_subgroup_error::<E>(aside.iter()) {
        return Err(e);
    }
    if pairs.is_empty() {
        return Ok(true);
    }
    E::pairing_is_one(&pairs)
}

/// One pair of a pairing input: `None` when its G2 point is the identity (the pair
/// adds nothing), else its points and whether the G1 point is the identity.
#[cfg(feature = "abi")]
#[allow(clippy::type_complexity)]
fn pair<E: Engine>(chunk: &[u8]) -> Result<Option<(E::G1, bool, E::G2)>, Error> {
    let (a, b) = split::<64, 128>(chunk);
    let (p, p_inf) = g1_point::<E>(a)?;
    let q = encoding::g2(b)?;
    if q.is_infinity() {
        return Ok(None);
    }
    Ok(Some((p, p_inf, E::g2(&q)?)))
}

/// [`Error::G2NotInSubgroup`] if one of `points` lies outside the subgroup.
#[cfg(feature = "abi")]
fn first_subgroup_error<'a, E: Engine + 'a>(
    mut points: impl Iterator<Item = &'a E::G2>,
) -> Option<Error> {
    points
        .any(|q| !E::g2_in_subgroup(q))
        .then_some(Error::G2NotInSubgroup)
}

/// Splits exactly `A + B` bytes into two arrays.
#[cfg(feature = "abi")]
fn split<const A: usize, const B: usize>(bytes: &[u8]) -> (&[u8; A], &[u8; B]) {
    let (a, b) = bytes.split_at(A);
    // Callers pass exactly A + B bytes (padded input or a `chunks_exact` chunk).
    match (a.try_into(), b.try_into()) {
        (Ok(a), Ok(b)) => (a, b),
        _ => unreachable!("split called with {} bytes, not {}", bytes.len(), A + B),
    }
}
