#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
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
mod jacobi;
pub mod precomp;
mod sqrt;
mod sw;
pub mod tree_key;

use zkhost_mont as mont;

use ark_ed_on_bls12_381_bandersnatch::Fr;
use ark_ff::PrimeField;
use rayon::prelude::*;

pub use cost::{CostModel, Method};
pub use crs::WIDTH;
pub use element::{scalar_from_le, scalar_to_le, Element};
pub use precomp::Tables;
pub use tree_key::{tree_key, tree_key_bytes, tree_key_hash, tree_keys};

/// The scalar field of Banderwagon (253 bits), the field of the committed values.
pub type Scalar = Fr;

/// Bytes of one scalar and of one compressed element.
pub const ELEMENT_LEN: usize = zkhost_abi::verkle::ELEMENT_LEN;

/// Bytes of one `verkle_update` entry: a 1-byte index, the old and the new value.
pub const UPDATE_ENTRY_LEN: usize = zkhost_abi::verkle::UPDATE_ENTRY_LEN;

/// Bytes of one uncompressed element (`x ‖ y`, big-endian each).
pub const UNCOMPRESSED_LEN: usize = zkhost_abi::verkle::UNCOMPRESSED_LEN;

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

impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::EncodingLength(_) => codes::VERKLE_ENCODING_LENGTH,
            Error::CoordinateNotInField => codes::VERKLE_COORDINATE_NOT_IN_FIELD,
            Error::NotOnCurve => codes::VERKLE_NOT_ON_CURVE,
            Error::NotInSubgroup => codes::VERKLE_NOT_IN_SUBGROUP,
            Error::NotCanonicalRepresentative => codes::VERKLE_NOT_CANONICAL_REPRESENTATIVE,
            Error::ScalarNotCanonical(_) => codes::VERKLE_SCALAR_NOT_CANONICAL,
            Error::TooManyScalars(_) => codes::VERKLE_TOO_MANY_SCALARS,
            Error::InputLength { .. } => codes::VERKLE_INPUT_LENGTH,
        }
    }
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
    /// `verkle_tree_key`: [`tree_key::tree_key_bytes`].
    TreeKey,
    /// `verkle_commit_uncompressed`: [`commit_uncompressed_bytes`].
    CommitUncompressed,
    /// `verkle_update_uncompressed`: [`update_uncompressed_bytes`].
    UpdateUncompressed,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 6] = [
        Op::Commit,
        Op::ToField,
        Op::Update,
        Op::TreeKey,
        Op::CommitUncompressed,
        Op::UpdateUncompressed,
    ];

    /// The CLI and report name: its host function's
    /// (`zkhost_abi::Crypto::report_name`).
    pub fn name(self) -> &'static str {
        self.host_function().report_name()
    }

    /// The operation of a CLI name.
    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.name() == name)
    }

    /// The host function (ABI v1) that runs this operation.
    pub fn host_function(self) -> zkhost_abi::Crypto {
        use zkhost_abi::Crypto;
        match self {
            Op::Commit => Crypto::VerkleCommit,
            Op::ToField => Crypto::VerkleCommitmentToField,
            Op::Update => Crypto::VerkleUpdate,
            Op::TreeKey => Crypto::VerkleTreeKey,
            Op::CommitUncompressed => Crypto::VerkleCommitUncompressed,
            Op::UpdateUncompressed => Crypto::VerkleUpdateUncompressed,
        }
    }

    /// The output length (a compressed element, a scalar or a tree key: 32 bytes; an
    /// uncompressed element: 64): its host function's.
    pub fn output_len(self) -> usize {
        self.host_function().output_len()
    }

    /// Runs the operation on its ABI input.
    pub fn run(self, input: &[u8]) -> Result<Vec<u8>, Error> {
        Ok(match self {
            Op::Commit => commit_bytes(input)?.to_vec(),
            Op::ToField => commitment_to_field_bytes(input)?.to_vec(),
            Op::Update => update_bytes(input)?.to_vec(),
            Op::TreeKey => tree_key::tree_key_bytes(input)?.to_vec(),
            Op::CommitUncompressed => commit_uncompressed_bytes(input)?.to_vec(),
            Op::UpdateUncompressed => update_uncompressed_bytes(input)?.to_vec(),
        })
    }
}

/// A scalar's canonical limbs, for the tables' digit recoding.
fn limbs(s: &Fr) -> precomp::Limbs {
    s.into_bigint().0
}

/// The (index, limbs) terms of the non-zero scalars. Zero is zero in Montgomery form
/// too, so an OR of the words finds it: arkworks' `is_zero` comparison made the 255
/// zeros of a 256-slot vector cost half a one-scalar commitment.
fn nonzero_terms<'a>(
    terms: impl ExactSizeIterator<Item = (u8, &'a Fr)>,
) -> Vec<(u8, precomp::Limbs)> {
    let mut out = Vec::with_capacity(terms.len());
    for (i, s) in terms {
        let w = &s.0 .0;
        if w[0] | w[1] | w[2] | w[3] != 0 {
            out.push((i, limbs(s)));
        }
    }
    out
}

/// A vector's scalars with their slot indices (`values.len() ≤ 256`, checked first).
fn indexed(values: &[Fr]) -> impl ExactSizeIterator<Item = (u8, &Fr)> {
    values.iter().enumerate().map(|(i, s)| (i as u8, s))
}

/// `acc + Σ sᵢ·G_idx(i)` (`None` for the identity).
fn add_terms(acc: Option<Element>, terms: &[(u8, Fr)], parallel: bool) -> Element {
    add_limbs(
        acc,
        &nonzero_terms(terms.iter().map(|(i, s)| (*i, s))),
        parallel,
    )
}

/// [`add_terms`] on the limbs of non-zero canonical scalars. With the narrow table
/// the sum is accumulated onto `acc` directly (a sparse update then costs only its
/// table additions); the other methods add their sum at the end.
fn add_limbs(acc: Option<Element>, terms: &[(u8, precomp::Limbs)], parallel: bool) -> Element {
    if terms.is_empty() {
        return acc.unwrap_or(Element::IDENTITY);
    }
    match CostModel::get().select(terms.len(), parallel) {
        Method::Narrow => Tables::get().add_narrow(acc, terms),
        method => {
            let sum = commit_with(method, terms);
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
    Ok(commit_with(method, &nonzero_terms(indexed(values))))
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
    Ok(add_limbs(None, &nonzero_terms(indexed(values)), parallel))
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

/// Reads `n ≤ 256` little-endian scalars, each `< r`, as the (index, limbs) terms
/// of the non-zero ones: a zero slot costs a comparison and nothing else.
fn read_terms(input: &[u8]) -> Result<Vec<(u8, precomp::Limbs)>, Error> {
    if !input.len().is_multiple_of(ELEMENT_LEN) {
        return Err(Error::InputLength {
            len: input.len(),
            what: "a multiple of 32",
        });
    }
    let n = input.len() / ELEMENT_LEN;
    if n > WIDTH {
        return Err(Error::TooManyScalars(n));
    }
    let mut terms = Vec::with_capacity(n);
    for (i, c) in input.chunks_exact(ELEMENT_LEN).enumerate() {
        let mut b = [0u8; 32];
        b.copy_from_slice(c);
        // Zero first: most slots of a tree node are empty, and zero is canonical.
        let l = element::le_limbs(&b);
        if l == [0; 4] {
            continue;
        }
        if !element::below_r(&l) {
            return Err(Error::ScalarNotCanonical(i));
        }
        terms.push((i as u8, l));
    }
    Ok(terms)
}

/// `verkle_commit`: `n × 32` bytes of little-endian scalars (`n ≤ 256`) to the
/// 32-byte compressed commitment.
pub fn commit_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    Ok(add_limbs(None, &read_terms(input)?, false).to_bytes())
}

/// `verkle_commit_uncompressed`: as [`commit_bytes`], with the commitment in the
/// 64-byte uncompressed form ([`Element::to_uncompressed_be`]).
pub fn commit_uncompressed_bytes(input: &[u8]) -> Result<[u8; 64], Error> {
    Ok(add_limbs(None, &read_terms(input)?, false).to_uncompressed_be())
}

/// `verkle_commitment_to_field`: a 32-byte compressed commitment to its map to the
/// scalar field, 32 bytes little-endian.
pub fn commitment_to_field_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    Ok(Element::from_bytes(input)?.map_to_scalar_bytes())
}

/// The number of entries of a `verkle_update` input, if its length is valid
/// (32 + k × 65 bytes, k ≤ 256).
pub fn update_entries(input_len: usize) -> Result<usize, Error> {
    entries(input_len, ELEMENT_LEN, "32 + a multiple of 65")
}

/// The number of entries of a `verkle_update_uncompressed` input, if its length is
/// valid (64 + k × 65 bytes, k ≤ 256).
pub fn update_uncompressed_entries(input_len: usize) -> Result<usize, Error> {
    entries(input_len, UNCOMPRESSED_LEN, "64 + a multiple of 65")
}

fn entries(input_len: usize, head: usize, what: &'static str) -> Result<usize, Error> {
    let body = input_len
        .checked_sub(head)
        .filter(|b| b % UPDATE_ENTRY_LEN == 0)
        .ok_or(Error::InputLength {
            len: input_len,
            what,
        })?;
    let k = body / UPDATE_ENTRY_LEN;
    if k > WIDTH {
        return Err(Error::TooManyScalars(k));
    }
    Ok(k)
}

/// The `verkle_update` input for `changes` to `commitment`: the compressed
/// commitment, then per change its index, old and new value (32 bytes little-endian
/// each) — what [`update_bytes`] reads.
pub fn encode_update(commitment: &Element, changes: &[(u8, Fr, Fr)]) -> Vec<u8> {
    let mut input = commitment.to_bytes().to_vec();
    encode_changes(&mut input, changes);
    input
}

/// The `verkle_update_uncompressed` input: as [`encode_update`], the commitment in
/// the 64-byte uncompressed form.
pub fn encode_update_uncompressed(commitment: &Element, changes: &[(u8, Fr, Fr)]) -> Vec<u8> {
    let mut input = commitment.to_uncompressed_be().to_vec();
    encode_changes(&mut input, changes);
    input
}

fn encode_changes(input: &mut Vec<u8>, changes: &[(u8, Fr, Fr)]) {
    input.reserve(UPDATE_ENTRY_LEN * changes.len());
    for (i, old, new) in changes {
        input.push(*i);
        input.extend_from_slice(&scalar_to_le(old));
        input.extend_from_slice(&scalar_to_le(new));
    }
}

/// The entries of an update body (k × 65 bytes: index, old, new).
fn read_changes(body: &[u8]) -> Result<Vec<(u8, Fr, Fr)>, Error> {
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
    Ok(changes)
}

/// `verkle_update`: a 32-byte compressed commitment and `k` entries of (1-byte
/// index, 32-byte old value, 32-byte new value), to the new compressed commitment.
pub fn update_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    update_entries(input.len())?;
    let (c, body) = input.split_at(ELEMENT_LEN);
    let commitment = Element::from_bytes(c)?;
    Ok(update(&commitment, &read_changes(body)?).to_bytes())
}

/// `verkle_update_uncompressed`: as [`update_bytes`] with the commitment in and out
/// in the 64-byte uncompressed form, validated strictly
/// ([`Element::from_uncompressed_be`]) and never through a square root.
pub fn update_uncompressed_bytes(input: &[u8]) -> Result<[u8; 64], Error> {
    update_uncompressed_entries(input.len())?;
    let (c, body) = input.split_at(UNCOMPRESSED_LEN);
    let commitment = Element::from_uncompressed_be(c)?;
    Ok(update(&commitment, &read_changes(body)?).to_uncompressed_be())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{UniformRand, Zero};
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

    #[test]
    fn the_uncompressed_functions_agree_with_the_compressed_ones() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(13);
        for n in [0usize, 1, 5, 40, 256] {
            let mut values: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
            if n > 3 {
                values[1] = Fr::zero();
            }
            let bytes: Vec<u8> = values.iter().flat_map(scalar_to_le).collect();
            let c = commit(&values).unwrap();
            assert_eq!(commit_bytes(&bytes), Ok(c.to_bytes()));
            assert_eq!(
                commit_uncompressed_bytes(&bytes),
                Ok(c.to_uncompressed_be())
            );
            let changes: Vec<(u8, Fr, Fr)> = (0..3u8)
                .map(|k| (k.wrapping_mul(97), Fr::rand(&mut rng), Fr::rand(&mut rng)))
                .collect();
            let new = update(&c, &changes);
            assert_eq!(
                update_bytes(&encode_update(&c, &changes)),
                Ok(new.to_bytes())
            );
            assert_eq!(
                update_uncompressed_bytes(&encode_update_uncompressed(&c, &changes)),
                Ok(new.to_uncompressed_be())
            );
        }
        // Lengths and the refusals of the head.
        assert!(matches!(
            update_uncompressed_bytes(&[0; 64 + 64]),
            Err(Error::InputLength { .. })
        ));
        assert_eq!(update_uncompressed_entries(64 + 2 * 65), Ok(2));
        assert!(update_uncompressed_entries(63).is_err());
        let mut bad = encode_update_uncompressed(&Element::generator(), &[]);
        bad[63] ^= 1;
        assert_eq!(update_uncompressed_bytes(&bad), Err(Error::NotOnCurve));
        // A non-canonical scalar in the commitment input.
        let r = <Fr as PrimeField>::MODULUS.0;
        let mut r_le = [0u8; 32];
        for (i, w) in r.iter().enumerate() {
            r_le[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
        }
        let input = [[0u8; 32], r_le].concat();
        assert_eq!(commit_bytes(&input), Err(Error::ScalarNotCanonical(1)));
        assert_eq!(
            commit_uncompressed_bytes(&input),
            Err(Error::ScalarNotCanonical(1))
        );
        r_le[0] -= 1;
        assert_eq!(
            commit_bytes(&[[0u8; 32], r_le].concat()),
            Ok(commit(&[Fr::zero(), -Fr::from(1u64)]).unwrap().to_bytes())
        );
    }
}
