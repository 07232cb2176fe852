//! The Ethereum verkle CRS: 256 Banderwagon basis points derived by
//! try-and-increment from the seed `eth_verkle_oct_2021`, as go-ipa and rust-verkle
//! derive them.
//!
//! For `i = 0, 1, 2, …`: `h = SHA-256(seed ‖ i as 8 bytes big-endian)`, `x = h mod p`
//! written as 32 big-endian bytes; the strict compressed decoding of those bytes is
//! kept when it succeeds. The first 256 successes (1,061 hashes) are the basis.

use std::sync::OnceLock;

use ark_ed_on_bls12_381_bandersnatch::Fq;
use ark_ff::PrimeField;
use sha2::{Digest, Sha256};

use super::element::{fq_to_be, Element};

/// The number of basis points (the width of a verkle node).
pub const WIDTH: usize = 256;

/// The seed of the derivation.
pub const SEED: &[u8] = b"eth_verkle_oct_2021";

/// SHA-256 of the 256 compressed basis points, concatenated in order (the value
/// published with go-ipa and rust-verkle).
pub const CRS_SHA256: &str = "1fcaea10bf24f750200e06fa473c76ff0468007291fa548e2d99f09ba9256fdb";

/// Derives the basis (about 1,061 hashes and decodings; a few milliseconds).
pub fn derive() -> Vec<Element> {
    let mut points = Vec::with_capacity(WIDTH);
    let mut i: u64 = 0;
    while points.len() < WIDTH {
        let mut h = Sha256::new();
        h.update(SEED);
        h.update(i.to_be_bytes());
        let x = Fq::from_be_bytes_mod_order(&h.finalize());
        if let Ok(p) = Element::from_bytes(&fq_to_be(&x)) {
            points.push(p);
        }
        i += 1;
    }
    points
}

/// The basis, derived once per process.
pub fn basis() -> &'static [Element] {
    static BASIS: OnceLock<Vec<Element>> = OnceLock::new();
    BASIS.get_or_init(derive)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_basis_hashes_to_the_published_value() {
        let mut h = Sha256::new();
        for p in basis() {
            h.update(p.to_bytes());
        }
        assert_eq!(hex::encode(h.finalize()), CRS_SHA256);
    }
}
