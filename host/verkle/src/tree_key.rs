//! EIP-6800's tree key: where an account's or a storage slot's leaf lives in the
//! verkle tree.
//!
//! `get_tree_key(address, tree_index, sub_index)` is the Pedersen hash of the 64
//! bytes `address ‖ tree_index` (a 32-byte address, the tree index as 32 bytes
//! little-endian): the commitment to the five scalars
//! `[2 + 256·64, address[0..16], address[16..32], tree_index[0..16],
//! tree_index[16..32]]` (each 16-byte half read little-endian) on the first five
//! basis points, serialized as the compressed element with its bytes reversed (the
//! x coordinate little-endian, as go-ethereum and rust-verkle write it); the key is
//! the first 31 bytes of that hash (the stem) followed by the sub-index byte.
//!
//! Every 16-byte half is below `2¹²⁸ < r`, so every input of 64 bytes is valid.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::{add_limbs, crs, precomp::Limbs, Element, Error, Scalar};

/// Bytes of a tree-key input: the address, then the tree index little-endian.
pub const INPUT_LEN: usize = zkhost_abi::verkle::TREE_KEY_INPUT_LEN;

/// The first scalar of the hash: the type marker 2 plus 256 times the input length.
pub const FIRST_SCALAR: u64 = 2 + 256 * INPUT_LEN as u64;

/// `FIRST_SCALAR·G₀`, the same in every tree key: computed once.
fn first_term() -> Element {
    static FIRST: OnceLock<Element> = OnceLock::new();
    *FIRST.get_or_init(|| crs::basis()[0].mul(&Scalar::from(FIRST_SCALAR)))
}

/// The four (index, scalar) terms of an input after the constant first one, zero
/// scalars left out.
fn terms(input: &[u8; INPUT_LEN]) -> ([(u8, Limbs); 4], usize) {
    let mut out = [(0u8, [0u64; 4]); 4];
    let mut n = 0;
    for (i, half) in input.chunks_exact(16).enumerate() {
        let mut lo = [0u8; 8];
        let mut hi = [0u8; 8];
        lo.copy_from_slice(&half[..8]);
        hi.copy_from_slice(&half[8..]);
        let l = [u64::from_le_bytes(lo), u64::from_le_bytes(hi), 0, 0];
        if l != [0; 4] {
            out[n] = (i as u8 + 1, l);
            n += 1;
        }
    }
    (out, n)
}

/// The commitment a tree key is the serialization of.
fn commitment(input: &[u8; INPUT_LEN]) -> Element {
    let (t, n) = terms(input);
    add_limbs(Some(first_term()), &t[..n], false)
}

/// The 32-byte hash from the compressed encoding: its bytes reversed.
fn hash_of(compressed: [u8; 32]) -> [u8; 32] {
    let mut h = compressed;
    h.reverse();
    h
}

/// The Pedersen hash of `address ‖ tree_index` (EIP-6800 `pedersen_hash`): its
/// first 31 bytes are the stem of every key of this `(address, tree_index)`.
pub fn tree_key_hash(address: &[u8; 32], tree_index_le: &[u8; 32]) -> [u8; 32] {
    let mut input = [0u8; INPUT_LEN];
    input[..32].copy_from_slice(address);
    input[32..].copy_from_slice(tree_index_le);
    hash_of(commitment(&input).to_bytes())
}

/// EIP-6800 `get_tree_key`: the stem of `(address, tree_index)` followed by
/// `sub_index`.
pub fn tree_key(address: &[u8; 32], tree_index_le: &[u8; 32], sub_index: u8) -> [u8; 32] {
    let mut key = tree_key_hash(address, tree_index_le);
    key[31] = sub_index;
    key
}

/// `verkle_tree_key`: 64 bytes (`address ‖ tree_index`, the index little-endian) to
/// the 32-byte [`tree_key_hash`]; the key for sub-index `s` is its first 31 bytes
/// followed by `s`. Only the length can be wrong.
pub fn tree_key_bytes(input: &[u8]) -> Result<[u8; 32], Error> {
    let input: &[u8; INPUT_LEN] = input.try_into().map_err(|_| Error::InputLength {
        len: input.len(),
        what: "64 (a 32-byte address and a 32-byte tree index)",
    })?;
    Ok(hash_of(commitment(input).to_bytes()))
}

/// [`tree_key_bytes`] of many inputs at once: chunks of inputs in parallel on the
/// rayon pool, each chunk's encodings sharing one inversion. What a node computing
/// the keys of a block's accesses (or of a state conversion) calls.
pub fn tree_keys(inputs: &[[u8; INPUT_LEN]]) -> Vec<[u8; 32]> {
    const CHUNK: usize = 64;
    inputs
        .par_chunks(CHUNK)
        .flat_map_iter(|chunk| {
            let elements: Vec<Element> = chunk.iter().map(commitment).collect();
            Element::batch_to_bytes(&elements).into_iter().map(hash_of)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{commit, crs::basis};

    #[test]
    fn the_hash_is_the_five_scalar_commitment_reversed() {
        let input: [u8; 64] = std::array::from_fn(|i| (i as u8).wrapping_mul(37) ^ 0x5a);
        let mut scalars = vec![Scalar::from(FIRST_SCALAR)];
        for half in input.chunks_exact(16) {
            scalars.push(Scalar::from(u128::from_le_bytes(half.try_into().unwrap())));
        }
        let expected = hash_of(commit(&scalars).unwrap().to_bytes());
        assert_eq!(tree_key_bytes(&input), Ok(expected));
        // Double-and-add on the basis, independently of the tables.
        let slow = basis()
            .iter()
            .zip(&scalars)
            .fold(Element::IDENTITY, |acc, (g, s)| acc.add(&g.mul(s)));
        assert_eq!(hash_of(slow.to_bytes()), expected);
        assert_eq!(
            tree_keys(&[input, [0; 64], input]),
            vec![expected, tree_key_bytes(&[0; 64]).unwrap(), expected]
        );
        assert!(tree_key_bytes(&input[..63]).is_err());
    }
}
