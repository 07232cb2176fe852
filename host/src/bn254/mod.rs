//! BN254 (alt_bn128) operations with exact Ethereum precompile semantics.
//!
//! [`add`], [`mul`] and [`pairing`] implement precompiles 0x06, 0x07 and 0x08
//! (EIP-196, EIP-197) over any of several [`Backend`]s. The rules live here, once:
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
//! names the [`Error`] on every backend alike. This module never depends on the
//! WebAssembly runtime.

pub mod encoding;
pub mod sample;

mod arkworks;
pub(crate) mod halo2curves;
mod substrate;
pub mod zkhost;

use std::fmt;
use std::str::FromStr;

use encoding::{G1Coords, G2Coords};

/// Length of an ECADD input after padding (two G1 points).
pub const ADD_LEN: usize = 128;
/// Length of an ECMUL input after padding (a G1 point and a scalar).
pub const MUL_LEN: usize = 96;
/// Length of one (G1, G2) pair of the pairing check.
pub const PAIR_LEN: usize = 192;

/// Why an input was refused. The messages are those of the conformance vectors'
/// README, and every backend classifies every input identically.
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

    /// A stable one-byte code (1 to 7), used where an error crosses the contract
    /// boundary (the pure-WebAssembly contract reports it in its response).
    pub fn code(self) -> u8 {
        match self {
            Error::PairingLength => 1,
            Error::G1CoordinateNotInField => 2,
            Error::G2CoordinateNotInField => 3,
            Error::G1NotOnCurve => 4,
            Error::G2NotOnCurve => 5,
            Error::G2NotInSubgroup => 6,
            Error::MsmLength => 7,
        }
    }

    /// The error with this code, if any.
    pub fn from_code(code: u8) -> Option<Error> {
        Error::ALL.into_iter().find(|e| e.code() == code)
    }
}

/// One of the three BN254 precompiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// ECADD, precompile 0x06.
    Add,
    /// ECMUL, precompile 0x07.
    Mul,
    /// The pairing check, precompile 0x08.
    Pairing,
    /// G1 multi-scalar multiplication (host function `alt_bn128_g1_msm`): k ≥ 1
    /// records of a G1 point and a 32-byte scalar. Computed by [`crate::msm`] whatever
    /// the backend.
    Msm,
}

impl Op {
    /// All operations.
    pub const ALL: [Op; 4] = [Op::Add, Op::Mul, Op::Pairing, Op::Msm];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Op::Add => "bn254-add",
            Op::Mul => "bn254-mul",
            Op::Pairing => "bn254-pairing",
            Op::Msm => "bn254-msm",
        }
    }

    /// Length of a successful output.
    pub fn output_len(self) -> usize {
        match self {
            Op::Add | Op::Mul | Op::Msm => 64,
            Op::Pairing => 32,
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Op {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Op::ALL
            .into_iter()
            .find(|op| op.name() == s)
            .ok_or_else(|| format!("unknown operation {s:?}"))
    }
}

/// A library that does the curve arithmetic. All give byte-identical results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// paritytech's `substrate-bn` 0.6, the maintained fork of zcash's `bn` (used by
    /// revm, OpenEthereum and Substrate).
    SubstrateBn,
    /// `ark-bn254` 0.6 (arkworks).
    Arkworks,
    /// `halo2curves` 0.10 (PSE), with its x86-64 assembly.
    Halo2curves,
    /// zkhost's own implementation ([`zkhost`]).
    Zkhost,
}

impl Backend {
    /// All backends, the reference (`substrate-bn`) first.
    pub const ALL: [Backend; 4] = [
        Backend::SubstrateBn,
        Backend::Arkworks,
        Backend::Halo2curves,
        Backend::Zkhost,
    ];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Backend::SubstrateBn => "substrate-bn",
            Backend::Arkworks => "arkworks",
            Backend::Halo2curves => "halo2curves",
            Backend::Zkhost => "zkhost",
        }
    }

    /// The backend used for `op` when none is named: the fastest one measured by
    /// `cargo bench --bench backends` on the reference machine (see README).
    pub fn default_for(op: Op) -> Backend {
        match op {
            Op::Add => Backend::Zkhost,
            Op::Mul => Backend::Zkhost,
            Op::Pairing => Backend::Zkhost,
            // One implementation (the msm engine); the name is only reported.
            Op::Msm => Backend::Halo2curves,
        }
    }

    /// Runs `op` on raw precompile input; the output has [`Op::output_len`] bytes.
    pub fn run(self, op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
        match op {
            Op::Add => self.ecadd(input).map(|o| o.to_vec()),
            Op::Mul => self.ecmul(input).map(|o| o.to_vec()),
            Op::Pairing => self.pairing(input).map(|ok| pairing_output(ok).to_vec()),
            Op::Msm => crate::msm::bn254_g1_msm(input).map(|o| o.to_vec()),
        }
    }

    /// ECADD (0x06) on raw input: the 64-byte encoding of the sum.
    pub fn ecadd(self, input: &[u8]) -> Result<[u8; 64], Error> {
        match self {
            Backend::SubstrateBn => add::<substrate::Engine>(input),
            Backend::Arkworks => add::<arkworks::Engine>(input),
            Backend::Halo2curves => add::<halo2curves::Engine>(input),
            Backend::Zkhost => add::<zkhost::Engine>(input),
        }
    }

    /// ECMUL (0x07) on raw input: the 64-byte encoding of the product.
    pub fn ecmul(self, input: &[u8]) -> Result<[u8; 64], Error> {
        match self {
            Backend::SubstrateBn => mul::<substrate::Engine>(input),
            Backend::Arkworks => mul::<arkworks::Engine>(input),
            Backend::Halo2curves => mul::<halo2curves::Engine>(input),
            Backend::Zkhost => mul::<zkhost::Engine>(input),
        }
    }

    /// The pairing check (0x08) on raw input: whether the product of pairings is one.
    pub fn pairing(self, input: &[u8]) -> Result<bool, Error> {
        match self {
            Backend::SubstrateBn => pairing::<substrate::Engine>(input),
            Backend::Arkworks => pairing::<arkworks::Engine>(input),
            Backend::Halo2curves => pairing::<halo2curves::Engine>(input),
            Backend::Zkhost => pairing::<zkhost::Engine>(input),
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Backend::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| {
                format!("unknown backend {s:?} (expected substrate-bn, arkworks, halo2curves or zkhost)")
            })
    }
}

/// Runs `op` on the default backend for that operation.
pub fn run(op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
    Backend::default_for(op).run(op, input)
}

/// The 32-byte output of the pairing check: big-endian 1 or 0.
pub fn pairing_output(ok: bool) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[31] = ok as u8;
    out
}

/// What a backend library provides. Inputs reach it already split and field-checked
/// by [`encoding`]; it checks curve membership (and the G2 subgroup) and computes.
pub(crate) trait Engine {
    /// A validated G1 point.
    type G1;
    /// A validated G2 point.
    type G2;

    /// Checks that a non-infinity point is on the curve.
    fn g1(p: &G1Coords) -> Result<Self::G1, Error>;
    /// Checks that a non-infinity point is on the twist and in the order-r subgroup,
    /// in that order.
    fn g2(p: &G2Coords) -> Result<Self::G2, Error>;
    /// The point at infinity of G1.
    fn g1_infinity() -> Self::G1;
    /// `a + b`, encoded.
    fn add(a: &Self::G1, b: &Self::G1) -> [u8; 64];
    /// `k·p` for a 256-bit big-endian `k` (reduced mod r, or not: p has order r).
    fn mul(p: &Self::G1, k: &[u8; 32]) -> [u8; 64];
    /// Whether `Π e(p_i, q_i) = 1` over a non-empty list of non-infinity pairs.
    fn pairing_is_one(pairs: &[(Self::G1, Self::G2)]) -> bool;
}

fn g1_point<E: Engine>(bytes: &[u8; 64]) -> Result<(E::G1, bool), Error> {
    let c = encoding::g1(bytes)?;
    if c.is_infinity() {
        Ok((E::g1_infinity(), true))
    } else {
        Ok((E::g1(&c)?, false))
    }
}

fn add<E: Engine>(input: &[u8]) -> Result<[u8; 64], Error> {
    let input = encoding::pad::<ADD_LEN>(input);
    let (a, b) = split::<64, 64>(&input);
    let (a, _) = g1_point::<E>(a)?;
    let (b, _) = g1_point::<E>(b)?;
    Ok(E::add(&a, &b))
}

fn mul<E: Engine>(input: &[u8]) -> Result<[u8; 64], Error> {
    let input = encoding::pad::<MUL_LEN>(input);
    let (p, k) = split::<64, 32>(&input);
    let (p, infinity) = g1_point::<E>(p)?;
    if infinity {
        return Ok([0u8; 64]);
    }
    Ok(E::mul(&p, k))
}

fn pairing<E: Engine>(input: &[u8]) -> Result<bool, Error> {
    if input.len() % PAIR_LEN != 0 {
        return Err(Error::PairingLength);
    }
    let mut pairs = Vec::with_capacity(input.len() / PAIR_LEN);
    for chunk in input.chunks_exact(PAIR_LEN) {
        let (a, b) = split::<64, 128>(chunk);
        let (p, p_inf) = g1_point::<E>(a)?;
        let q = encoding::g2(b)?;
        if q.is_infinity() {
            continue;
        }
        let q = E::g2(&q)?;
        if !p_inf {
            pairs.push((p, q));
        }
    }
    if pairs.is_empty() {
        return Ok(true);
    }
    Ok(E::pairing_is_one(&pairs))
}

/// Splits exactly `A + B` bytes into two arrays.
fn split<const A: usize, const B: usize>(bytes: &[u8]) -> (&[u8; A], &[u8; B]) {
    let (a, b) = bytes.split_at(A);
    // Callers pass exactly A + B bytes (padded input or a `chunks_exact` chunk).
    match (a.try_into(), b.try_into()) {
        (Ok(a), Ok(b)) => (a, b),
        _ => unreachable!("split called with {} bytes, not {}", bytes.len(), A + B),
    }
}
