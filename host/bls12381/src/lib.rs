#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! BLS12-381 operations with exact Ethereum precompile semantics (EIP-2537, as
//! activated in Prague).
//!
//! The seven precompiles, 0x0b to 0x11, on raw precompile input: [`Backend::g1_add`],
//! [`Backend::g1_msm`], [`Backend::g2_add`], [`Backend::g2_msm`],
//! [`Backend::pairing`], [`Backend::map_fp_to_g1`] and [`Backend::map_fp2_to_g2`]
//! (or [`Backend::run`] by [`Op`]). The rules live here, once, for every backend:
//!
//! - a field element is 64 bytes big-endian whose top 16 bytes are zero and whose
//!   value is `< p`; G1 is `x ‖ y`, G2 is `x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1`; all-zero is the
//!   point at infinity; a scalar is 32 bytes big-endian, any value;
//! - input lengths are exact (no padding, no truncation), and MSM and pairing inputs
//!   hold at least one record: an empty input is invalid everywhere;
//! - every point must be on its curve; the MSMs and the pairing check also require
//!   the order-r subgroup, the additions do not;
//! - the maps are RFC 9380's simplified SWU map with its isogeny, then cofactor
//!   clearing (`map_to_curve` and `clear_cofactor`, without hashing).
//!
//! Checks run in input order, item by item, in go-ethereum's order: for each point
//! its coordinates (each one's top bytes, then `< p`), then the curve equation, then
//! (MSM) its subgroup; a pairing-check pair decodes its G1 and its G2 point before
//! their subgroup checks. So the first failing check names the [`Error`], on every
//! backend alike. Prices are in `zkhost-gas` (`Bls12Gas`); this crate knows no
//! runtime.
//!
//! Backends implement [`Bls12Backend`]; the registry is [`Backend::ALL`].
//! [`Backend::BLST`] (supranational's `blst`, the library revm uses) is always
//! compiled and is the default; the cargo feature `arkworks` adds
//! [`Backend::ARKWORKS`] (`ark-bls12-381` 0.6), which gives byte-identical results
//! (the tests compare them on every vector and on generated inputs).

mod backend;
pub mod compressed;
pub mod encoding;
pub mod functions;
pub mod hash_to_curve;
pub mod kzg;
pub mod signatures;

#[cfg(feature = "arkworks")]
mod arkworks;
mod blst;

use std::fmt;
use std::str::FromStr;

pub use backend::{Backend, Bls12Backend};

use encoding::{Fp, Scalar};
use zkhost_abi::bls12_381::{FP2_LEN, FP_LEN};
pub use zkhost_abi::bls12_381::{
    G1_ADD_LEN, G1_LEN, G1_MSM_RECORD_LEN, G2_ADD_LEN, G2_LEN, G2_MSM_RECORD_LEN,
    PAIRING_OUTPUT_LEN, PAIR_LEN,
};

/// Why an input was refused. The messages are the `ExpectedError`s of go-ethereum's
/// EIP-2537 vectors (which give one message for both groups' curve checks); every
/// backend classifies every input identically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The input length is not the operation's: not exactly 256 / 512 / 64 / 128
    /// bytes, or not a positive multiple of the record size.
    #[error("invalid input length")]
    InputLength,
    /// A field element's top 16 bytes are not all zero.
    #[error("invalid field element top bytes")]
    FieldElementTopBytes,
    /// A field element is `>= p`.
    #[error("invalid fp.Element encoding")]
    FieldElementNotInField,
    /// A G1 point does not satisfy `y² = x³ + 4`.
    #[error("invalid point: not on curve")]
    G1NotOnCurve,
    /// A G2 point does not satisfy `y² = x³ + 4(1 + u)`.
    #[error("invalid point: not on curve")]
    G2NotOnCurve,
    /// A G1 point of an MSM or a pairing check is outside the order-r subgroup.
    #[error("g1 point is not on correct subgroup")]
    G1NotInSubgroup,
    /// A G2 point of an MSM or a pairing check is outside the order-r subgroup.
    #[error("g2 point is not on correct subgroup")]
    G2NotInSubgroup,
}

impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::InputLength => codes::BLS12_INPUT_LENGTH,
            Error::FieldElementTopBytes => codes::BLS12_FIELD_ELEMENT_TOP_BYTES,
            Error::FieldElementNotInField => codes::BLS12_FIELD_ELEMENT_NOT_IN_FIELD,
            Error::G1NotOnCurve => codes::BLS12_G1_NOT_ON_CURVE,
            Error::G2NotOnCurve => codes::BLS12_G2_NOT_ON_CURVE,
            Error::G1NotInSubgroup => codes::BLS12_G1_NOT_IN_SUBGROUP,
            Error::G2NotInSubgroup => codes::BLS12_G2_NOT_IN_SUBGROUP,
        }
    }
}

impl Error {
    /// Every error.
    pub const ALL: [Error; 7] = [
        Error::InputLength,
        Error::FieldElementTopBytes,
        Error::FieldElementNotInField,
        Error::G1NotOnCurve,
        Error::G2NotOnCurve,
        Error::G1NotInSubgroup,
        Error::G2NotInSubgroup,
    ];
}

/// One of the seven EIP-2537 precompiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// G1ADD, precompile 0x0b.
    G1Add,
    /// G1MSM, precompile 0x0c (also the single G1 multiplication: k = 1).
    G1Msm,
    /// G2ADD, precompile 0x0d.
    G2Add,
    /// G2MSM, precompile 0x0e.
    G2Msm,
    /// PAIRING_CHECK, precompile 0x0f.
    Pairing,
    /// MAP_FP_TO_G1, precompile 0x10.
    MapFpToG1,
    /// MAP_FP2_TO_G2, precompile 0x11.
    MapFp2ToG2,
}

impl Op {
    /// All operations, in address order.
    pub const ALL: [Op; 7] = [
        Op::G1Add,
        Op::G1Msm,
        Op::G2Add,
        Op::G2Msm,
        Op::Pairing,
        Op::MapFpToG1,
        Op::MapFp2ToG2,
    ];

    /// The name used on the command line and in reports: its host function's
    /// (`zkhost_abi::Crypto::report_name`).
    pub fn name(self) -> &'static str {
        self.host_function().report_name()
    }

    /// The precompile's address (its last byte) under EIP-2537.
    pub fn address(self) -> u8 {
        match self {
            Op::G1Add => 0x0b,
            Op::G1Msm => 0x0c,
            Op::G2Add => 0x0d,
            Op::G2Msm => 0x0e,
            Op::Pairing => 0x0f,
            Op::MapFpToG1 => 0x10,
            Op::MapFp2ToG2 => 0x11,
        }
    }

    /// The host function of zkhost's contract ABI that computes this precompile.
    pub fn host_function(self) -> zkhost_abi::Crypto {
        use zkhost_abi::Crypto;
        match self {
            Op::G1Add => Crypto::Bls12G1Add,
            Op::G1Msm => Crypto::Bls12G1Msm,
            Op::G2Add => Crypto::Bls12G2Add,
            Op::G2Msm => Crypto::Bls12G2Msm,
            Op::Pairing => Crypto::Bls12PairingCheck,
            Op::MapFpToG1 => Crypto::Bls12MapFpToG1,
            Op::MapFp2ToG2 => Crypto::Bls12MapFp2ToG2,
        }
    }

    /// Whether `len` is a valid input length: exact for the additions and maps, a
    /// positive multiple of the record for the MSMs and the pairing check.
    pub fn accepts_len(self, len: usize) -> bool {
        let multiple = |record: usize| len != 0 && len.is_multiple_of(record);
        match self {
            Op::G1Add => len == G1_ADD_LEN,
            Op::G2Add => len == G2_ADD_LEN,
            Op::G1Msm => multiple(G1_MSM_RECORD_LEN),
            Op::G2Msm => multiple(G2_MSM_RECORD_LEN),
            Op::Pairing => multiple(PAIR_LEN),
            Op::MapFpToG1 => len == FP_LEN,
            Op::MapFp2ToG2 => len == FP2_LEN,
        }
    }

    /// Length of a successful output: its host function's.
    pub fn output_len(self) -> usize {
        self.host_function().output_len()
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

fn check_g1<E: Engine>(bytes: &[u8], subgroup: bool) -> Result<(), Error> {
    if bytes.len() != G1_LEN {
        return Err(Error::InputLength);
    }
    let p = decode_g1::<E>(bytes)?;
    if subgroup && !E::g1_in_subgroup(&p) {
        return Err(Error::G1NotInSubgroup);
    }
    Ok(())
}

fn check_g2<E: Engine>(bytes: &[u8], subgroup: bool) -> Result<(), Error> {
    if bytes.len() != G2_LEN {
        return Err(Error::InputLength);
    }
    let q = decode_g2::<E>(bytes)?;
    if subgroup && !E::g2_in_subgroup(&q) {
        return Err(Error::G2NotInSubgroup);
    }
    Ok(())
}

/// Runs `op` on the default backend ([`Backend::BLST`]).
pub fn run(op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
    Backend::default().run(op, input)
}

/// The 32-byte output of PAIRING_CHECK: big-endian 1 or 0.
pub fn pairing_output(ok: bool) -> [u8; PAIRING_OUTPUT_LEN] {
    let mut out = [0u8; PAIRING_OUTPUT_LEN];
    out[PAIRING_OUTPUT_LEN - 1] = u8::from(ok);
    out
}

/// The curve arithmetic a backend provides. Coordinates arrive already checked to be
/// canonical field elements ([`Fp`], 48 bytes big-endian, `< p`), and never all
/// zero: the front end maps the all-zero encoding to the identity itself.
trait Engine {
    /// A G1 point on the curve, in the backend's affine form.
    type G1: Copy;
    /// A G2 point on the curve, in the backend's affine form.
    type G2: Copy;

    fn g1_identity() -> Self::G1;
    fn g2_identity() -> Self::G2;
    /// The point `(x, y)` if it is on the curve `y² = x³ + 4`.
    fn g1(x: &Fp, y: &Fp) -> Option<Self::G1>;
    /// The point `(x, y)` of the twist if it is on it; `x = [c0, c1]`.
    fn g2(x: &[Fp; 2], y: &[Fp; 2]) -> Option<Self::G2>;
    fn g1_in_subgroup(p: &Self::G1) -> bool;
    fn g2_in_subgroup(q: &Self::G2) -> bool;
    fn g1_add(a: &Self::G1, b: &Self::G1) -> [u8; G1_LEN];
    fn g2_add(a: &Self::G2, b: &Self::G2) -> [u8; G2_LEN];
    /// `Σ sᵢ·Pᵢ` for subgroup points; scalars are any 256-bit value.
    fn g1_msm(points: &[Self::G1], scalars: &[Scalar]) -> [u8; G1_LEN];
    fn g2_msm(points: &[Self::G2], scalars: &[Scalar]) -> [u8; G2_LEN];
    /// Whether `Π e(Pᵢ, Qᵢ) = 1`, for subgroup points, none at infinity.
    fn pairing_is_one(pairs: &[(Self::G1, Self::G2)]) -> bool;
    fn map_fp_to_g1(u: &Fp) -> [u8; G1_LEN];
    fn map_fp2_to_g2(u: &[Fp; 2]) -> [u8; G2_LEN];
}

/// Decodes a G1 point: x, then y, then the curve check.
fn decode_g1<E: Engine>(bytes: &[u8]) -> Result<E::G1, Error> {
    let x = encoding::fp(&bytes[..FP_LEN])?;
    let y = encoding::fp(&bytes[FP_LEN..G1_LEN])?;
    if encoding::is_zero(&x) && encoding::is_zero(&y) {
        return Ok(E::g1_identity());
    }
    E::g1(&x, &y).ok_or(Error::G1NotOnCurve)
}

/// Decodes a G2 point: x.c0, x.c1, y.c0, y.c1, then the curve check.
fn decode_g2<E: Engine>(bytes: &[u8]) -> Result<E::G2, Error> {
    let x = encoding::fp2(&bytes[..FP2_LEN])?;
    let y = encoding::fp2(&bytes[FP2_LEN..G2_LEN])?;
    if x.iter().chain(&y).all(encoding::is_zero) {
        return Ok(E::g2_identity());
    }
    E::g2(&x, &y).ok_or(Error::G2NotOnCurve)
}

fn check_len(op: Op, input: &[u8]) -> Result<(), Error> {
    if op.accepts_len(input.len()) {
        Ok(())
    } else {
        Err(Error::InputLength)
    }
}

fn g1_add<E: Engine>(input: &[u8]) -> Result<[u8; G1_LEN], Error> {
    check_len(Op::G1Add, input)?;
    let a = decode_g1::<E>(&input[..G1_LEN])?;
    let b = decode_g1::<E>(&input[G1_LEN..])?;
    Ok(E::g1_add(&a, &b))
}

fn g2_add<E: Engine>(input: &[u8]) -> Result<[u8; G2_LEN], Error> {
    check_len(Op::G2Add, input)?;
    let a = decode_g2::<E>(&input[..G2_LEN])?;
    let b = decode_g2::<E>(&input[G2_LEN..])?;
    Ok(E::g2_add(&a, &b))
}

fn g1_msm<E: Engine>(input: &[u8]) -> Result<[u8; G1_LEN], Error> {
    check_len(Op::G1Msm, input)?;
    let k = input.len() / G1_MSM_RECORD_LEN;
    let (mut points, mut scalars) = (Vec::with_capacity(k), Vec::with_capacity(k));
    for record in input.chunks_exact(G1_MSM_RECORD_LEN) {
        let p = decode_g1::<E>(&record[..G1_LEN])?;
        if !E::g1_in_subgroup(&p) {
            return Err(Error::G1NotInSubgroup);
        }
        points.push(p);
        scalars.push(encoding::scalar(&record[G1_LEN..]));
    }
    Ok(E::g1_msm(&points, &scalars))
}

fn g2_msm<E: Engine>(input: &[u8]) -> Result<[u8; G2_LEN], Error> {
    check_len(Op::G2Msm, input)?;
    let k = input.len() / G2_MSM_RECORD_LEN;
    let (mut points, mut scalars) = (Vec::with_capacity(k), Vec::with_capacity(k));
    for record in input.chunks_exact(G2_MSM_RECORD_LEN) {
        let q = decode_g2::<E>(&record[..G2_LEN])?;
        if !E::g2_in_subgroup(&q) {
            return Err(Error::G2NotInSubgroup);
        }
        points.push(q);
        scalars.push(encoding::scalar(&record[G2_LEN..]));
    }
    Ok(E::g2_msm(&points, &scalars))
}

fn pairing<E: Engine>(input: &[u8]) -> Result<bool, Error> {
    check_len(Op::Pairing, input)?;
    let mut pairs = Vec::with_capacity(input.len() / PAIR_LEN);
    for pair in input.chunks_exact(PAIR_LEN) {
        let p = decode_g1::<E>(&pair[..G1_LEN])?;
        let q = decode_g2::<E>(&pair[G1_LEN..])?;
        if !E::g1_in_subgroup(&p) {
            return Err(Error::G1NotInSubgroup);
        }
        if !E::g2_in_subgroup(&q) {
            return Err(Error::G2NotInSubgroup);
        }
        if !encoding::is_zero_g1(&pair[..G1_LEN]) && !encoding::is_zero_g2(&pair[G1_LEN..]) {
            pairs.push((p, q));
        }
    }
    Ok(E::pairing_is_one(&pairs))
}

fn map_fp_to_g1<E: Engine>(input: &[u8]) -> Result<[u8; G1_LEN], Error> {
    check_len(Op::MapFpToG1, input)?;
    let u = encoding::fp(input)?;
    Ok(E::map_fp_to_g1(&u))
}

fn map_fp2_to_g2<E: Engine>(input: &[u8]) -> Result<[u8; G2_LEN], Error> {
    check_len(Op::MapFp2ToG2, input)?;
    let u = encoding::fp2(input)?;
    Ok(E::map_fp2_to_g2(&u))
}
