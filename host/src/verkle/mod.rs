//! Verkle commitments: the Pedersen vector commitment `C = Σ vᵢ·Gᵢ` over
//! Banderwagon with the Ethereum verkle CRS, byte for byte as go-ipa and
//! rust-verkle compute it.
//!
//! - [`Element`]: the group, its strict 32-byte encoding and the map to the scalar
//!   field;
//! - [`crs`]: the 256 basis points from the seed `eth_verkle_oct_2021`;
//! - [`precomp`]: fixed-base tables (narrow: no doublings, for a few scalars;
//!   wide: batched affine sums and Horner's rule, for many);
//! - [`cost`]: the calibrated model that picks the method from the number of
//!   non-zero scalars.
//!
//! **Scalars** cross every boundary as 32 bytes little-endian and must be
//! canonical (`< r`), as rust-verkle requires; a scalar `≥ r` is
//! [`Error::ScalarNotCanonical`] rather than being reduced as go-ipa does, so one
//! commitment has exactly one input encoding per vector.
//!
//! The `*_bytes` functions are what the host functions call: they take the ABI's
//! byte layouts and never panic on any input.

pub mod cost;
pub mod crs;
mod element;
pub mod precomp;
mod sw;

use ark_ed_on_bls12_381_bandersnatch::Fr;
use ark_ff::{PrimeField, Zero};
use rayon::prelude::*;

pub use cost::{CostModel, Method};
pub use crs::WIDTH;
pub use element::{scalar_from_le, scalar_to_le, Element};
pub use precomp::Tables;

/// The scalar field of Banderwagon (253 bits), the field of the committed values.
pub type Scalar = Fr;

/// Bytes of one scalar and of one compressed element.
pub const ELEMENT_LEN: usize = 32;

/// Bytes of one `verkle_update` entry: a 1-byte index, the old and the new value.
pub const UPDATE_ENTRY_LEN: usize = 65;

/// Why a verkle input was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// An encoded element was not 32 bytes (or 64 for the uncompressed form).
    #[error("an encoded element must be 32 bytes, got {0}")]
    EncodingLength(usize),
    /// The x coordinate was not below the field modulus p.
    #[error("coordinate is not less than the field modulus")]
    CoordinateNotInField,
    /// No point of the curve has this x coordinate.
    #[error("point is not on the curve")]
    NotOnCurve,
    /// The point is on the curve but outside the prime-order subgroup.
    #[error("point is not in the subgroup")]
    NotInSubgroup,
    /// An uncompressed encoding used the representative with the smaller y.
    #[error("point is not the canonical representative (y is not the larger root)")]
    NotCanonicalRepresentative,
    /// A scalar was not below the group order r.
    #[error("scalar {0} is not less than the group order")]
    ScalarNotCanonical(usize),
    /// More than 256 scalars.
    #[error("at most 256 scalars, got {0}")]
    TooManyScalars(usize),
    /// The input length is not a whole number of records.
    #[error("input length {len} is not {what}")]
    InputLength {
        /// The length given.
        len: usize,
        /// What it should be.
        what: &'static str,
    },
}

/// The verkle host operations, named as in `zkhost precompile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `verkle_commit`: [`commit_bytes`].
    Commit,
    /// `verkle_commitment_to_field`: [`commitment_to_field_bytes`].
    ToField,
    /// `verkle_update`: [`update_bytes`].
    Update,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 3] = [Op::Commit, Op::ToField, Op::Update];

    /// The CLI and report name.
    pub fn name(self) -> &'static str {
        match self {
            Op::Commit => "verkle-commit",
            Op::ToField => "verkle-to-field",
            Op::Update => "verkle-update",
        }
    }

    /// The operation of a CLI name.
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.name() == name)
    }

    /// The host function's import name.
    pub fn host_function(self) -> &'static str {
        match self {
            Op::Commit => "verkle_commit",
            Op::ToField => "verkle_commitment_to_field",
            Op::Update => "verkle_update",
        }
    }

    /// The output length (always one 32-byte value).
    pub fn output_len(self) -> usize {
        ELEMENT_LEN
    }

    /// Runs the operation on its ABI input.
    pub fn run(self, input: &[u8]) -> Result<[u8; 32], Error> {
        match self {
            Op::Commit => commit_bytes(input),
            Op::ToField => commitment_to_field_bytes(input),
            Op::Update => update_bytes(input),
        }
    }

    /// The size the gas schedule counts for an input of `len` bytes: scalars for a
    /// commit, entries for an update, 1 for the map to the field. Any length has a
    /// size (invalid ones included), so gas is known before the input is read.
    pub fn size(self, len: usize) -> u64 {
        match self {
            Op::Commit => (len / ELEMENT_LEN) as u64,
            Op::ToField => 1,
            Op::Update => (len.saturating_sub(ELEMENT_LEN) / UPDATE_ENTRY_LEN) as u64,
        }
    }
}

/// A scalar's canonical limbs, for the tables' digit recoding.
fn limbs(s: &Fr) -> precomp::Limbs {
    s.into_bigint().0
}

/// `Σ sᵢ·G_idx(i)` over (index, scalar) terms, the method chosen by the cost model
/// from the number of non-zero terms; `parallel` allows a split over threads.
fn commit_terms(terms: &[(u8, Fr)], parallel: bool) -> Element {
    add_terms(None, terms, parallel)
}

/// `acc + Σ sᵢ·G_idx(i)` (`None` for the identity). With the narrow table the sum is
/// accumulated onto `acc` directly (a sparse update then costs only its table
/// additions); the other methods add their sum at the end.
fn add_terms(acc: Option<Element>, terms: &[(u8, Fr)], parallel: bool) -> Element {
    let terms: Vec<(u8, precomp::Limbs)> = terms
        .iter()
        .filter(|(_, s)| !s.is_zero())
        .map(|(i, s)| (*i, limbs(s)))
        .collect();
    if terms.is_empty() {
        return acc.unwrap_or(Element::IDENTITY);
    }
    match CostModel::get().select(terms.len(), parallel) {
        Method::Narrow => Tables::get().add_narrow(acc, &terms),
        method => {
            let sum = commit_with(method, &terms);
            acc.map_or(sum, |a| a.add(&sum))
        }
    }
}

/// [`commit`] with a given method instead of the cost model's choice (for
/// benchmarks and calibration).
pub fn commit_with_method(method: Method, values: &[Fr]) -> Result<Element, Error> {
    if values.len() > WIDTH {
        return Err(Error::TooManyScalars(values.len()));
    }
    let terms: Vec<(u8, precomp::Limbs)> = values
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.is_zero())
        .map(|(i, s)| (i as u8, limbs(s)))
        .collect();
    Ok(commit_with(method, &terms))
}

/// Runs one method (for calibration and tests).
pub(crate) fn commit_with(method: Method, terms: &[(u8, precomp::Limbs)]) -> Element {
    let t = Tables::get();
    match method {
        Method::Narrow => t.commit_narrow(terms),
        Method::Wide => t.commit_wide(terms),
        Method::WideParallel => t.commit_wide_parallel(terms),
    }
}

/// The commitment to `values` (`values[i]` against `G_i`; at most 256, missing
/// ones are zero, the empty vector commits to the identity). Runs on the calling
/// thread, or splits over the rayon pool where the cost model says it pays.
pub fn commit(values: &[Fr]) -> Result<Element, Error> {
    commit_opts(values, true)
}

/// [`commit`] on the calling thread only.
pub fn commit_single_thread(values: &[Fr]) -> Result<Element, Error> {
    commit_opts(values, false)
}

fn commit_opts(values: &[Fr], parallel: bool) -> Result<Element, Error> {
    if values.len() > WIDTH {
        return Err(Error::TooManyScalars(values.len()));
    }
    let terms: Vec<(u8, Fr)> = values
        .iter()
        .enumerate()
        .map(|(i, s)| (i as u8, *s))
        .collect();
    Ok(commit_terms(&terms, parallel))
}

/// Commitments to many vectors at once, in parallel on the rayon pool (one vector
/// per task), as a tree update that recommits thousands of nodes needs.
pub fn commit_many(vectors: &[Vec<Fr>]) -> Result<Vec<Element>, Error> {
    vectors
        .par_iter()
        .map(|v| commit_single_thread(v))
        .collect()
}

/// The sparse update a tree makes when a few leaves change:
/// `C + Σ (newᵢ − oldᵢ)·G_indexᵢ`. Repeated indices accumulate.
pub fn update(commitment: &Element, changes: &[(u8, Fr, Fr)]) -> Element {
    // One term per touched index, in order of first appearance; a tree update
    // touches few slots, so a linear search beats a 256-entry table.
    let mut terms: Vec<(u8, Fr)> = Vec::with_capacity(changes.len().min(WIDTH));
    for (i, old, new) in changes {
        let d = *new - *old;
        match terms.iter_mut().find(|(j, _)| j == i) {
            Some((_, acc)) => *acc += d,
            None => terms.push((*i, d)),
        }
    }
    add_terms(Some(*commitment), &terms, false)
}

/// Reads 32-byte little-endian scalars, each `< r`.
fn read_scalars(input: &[u8]) -> Result<Vec<Fr>, Error> {
    if input.len() % ELEMENT_LEN != 0 {
        return Err(Error::InputLength {
            len: input.len(),
            what: "a multiple of 32",
        });
    }
    let n = input.len() / ELEMENT_LEN;
    if n > WIDTH {
        return Err(Error::TooManyScalars(n));
    }
    input
        .chunks_exact(ELEMENT_LEN)
        .enumerate()
        .map(|(i, c)| {
            let mut b = [0u8; 32];
            b.copy_from_slice(c);
            scalar_from_le(&b).ok_or(Error::ScalarNotCanonical(i))
        })
        .collect()
}

/// `verkle_commit`: `n × 32` bytes of little-endian scalars (`n ≤ 256`) to the
/// 32-byte compressed commitment.
pub fn commit_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    let values = read_scalars(input)?;
    Ok(commit_single_thread(&values)?.to_bytes())
}

/// `verkle_commitment_to_field`: a 32-byte compressed commitment to its map to the
/// scalar field, 32 bytes little-endian.
pub fn commitment_to_field_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    Ok(Element::from_bytes(input)?.map_to_scalar_bytes())
}

/// The number of entries of a `verkle_update` input, if its length is valid
/// (32 + k × 65 bytes, k ≤ 256).
pub fn update_entries(input_len: usize) -> Result<usize, Error> {
    let body = input_len
        .checked_sub(ELEMENT_LEN)
        .filter(|b| b % UPDATE_ENTRY_LEN == 0)
        .ok_or(Error::InputLength {
            len: input_len,
            what: "32 + a multiple of 65",
        })?;
    let k = body / UPDATE_ENTRY_LEN;
    if k > WIDTH {
        return Err(Error::TooManyScalars(k));
    }
    Ok(k)
}

/// `verkle_update`: a 32-byte compressed commitment and `k` entries of (1-byte
/// index, 32-byte old value, 32-byte new value), to the new compressed commitment.
pub fn update_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    update_entries(input.len())?;
    let (c, body) = input.split_at(ELEMENT_LEN);
    let commitment = Element::from_bytes(c)?;
    let mut changes = Vec::with_capacity(body.len() / UPDATE_ENTRY_LEN);
    for (i, e) in body.chunks_exact(UPDATE_ENTRY_LEN).enumerate() {
        let mut old = [0u8; 32];
        let mut new = [0u8; 32];
        old.copy_from_slice(&e[1..33]);
        new.copy_from_slice(&e[33..65]);
        let old = scalar_from_le(&old).ok_or(Error::ScalarNotCanonical(2 * i))?;
        let new = scalar_from_le(&new).ok_or(Error::ScalarNotCanonical(2 * i + 1))?;
        changes.push((e[0], old, new));
    }
    Ok(update(&commitment, &changes).to_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::UniformRand;
    use rand::SeedableRng;

    fn reference(values: &[Fr]) -> Element {
        crs::basis()
            .iter()
            .zip(values)
            .fold(Element::IDENTITY, |acc, (g, v)| acc.add(&g.mul(v)))
    }

    #[test]
    fn every_method_agrees_with_double_and_add() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        for n in [1usize, 2, 3, 17, 100, 256] {
            let values: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
            let expected = reference(&values);
            let terms: Vec<(u8, precomp::Limbs)> = values
                .iter()
                .enumerate()
                .map(|(i, v)| (i as u8, limbs(v)))
                .collect();
            for m in Method::ALL {
                assert_eq!(commit_with(m, &terms), expected, "{m:?} n={n}");
            }
            assert_eq!(commit(&values).unwrap(), expected);
        }
        // Extreme scalars: r − 1 everywhere, and zeros.
        let values = vec![-Fr::from(1u64); 256];
        let expected = reference(&values);
        let terms: Vec<_> = values
            .iter()
            .enumerate()
            .map(|(i, v)| (i as u8, limbs(v)))
            .collect();
        for m in Method::ALL {
            assert_eq!(commit_with(m, &terms), expected, "{m:?}");
        }
        assert!(commit(&[Fr::zero(); 256]).unwrap().is_identity());
        assert!(commit(&[]).unwrap().is_identity());
    }

    #[test]
    fn update_equals_recommit() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
        let mut values: Vec<Fr> = (0..256).map(|_| Fr::rand(&mut rng)).collect();
        let c = commit(&values).unwrap();
        let mut changes = Vec::new();
        for idx in [0u8, 255, 17, 17] {
            let old = values[idx as usize];
            let new = Fr::rand(&mut rng);
            values[idx as usize] = new;
            changes.push((idx, old, new));
        }
        assert_eq!(update(&c, &changes), commit(&values).unwrap());
    }
}
