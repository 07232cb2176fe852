//! Differential test against light-poseidon (the Circom-compatible Rust crate, built
//! on arkworks): 1,000 random inputs for each input count it supports (1 to 12, its
//! widths 2 to 13), plus edge values. Input counts 13 to 16 are beyond light-poseidon;
//! the circomlibjs vectors and go-iden3-crypto's published values cover them
//! (`tests/vectors.rs`), and here the fast path is held to the round-by-round
//! reference on 1,000 random inputs each.

use ark_ff::{BigInteger, PrimeField, UniformRand};
use light_poseidon::{Poseidon, PoseidonHasher};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkhost_poseidon::{poseidon, reference, MAX_INPUTS};

const PER_COUNT: usize = 1000;

fn be(x: &ark_bn254::Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

/// A random element, biased towards edges one time in eight (0, 1, r − 1, small).
fn element(rng: &mut ChaCha20Rng) -> ark_bn254::Fr {
    match rng.gen_range(0..32) {
        0 => ark_bn254::Fr::from(0u64),
        1 => ark_bn254::Fr::from(1u64),
        2 => -ark_bn254::Fr::from(1u64),
        3 => ark_bn254::Fr::from(rng.gen::<u64>()),
        _ => ark_bn254::Fr::rand(rng),
    }
}

#[test]
fn agrees_with_light_poseidon() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x38);
    let mut total = 0;
    for n in 1..=12 {
        let mut hasher = Poseidon::<ark_bn254::Fr>::new_circom(n).expect("n ≤ 12");
        for _ in 0..PER_COUNT {
            let xs: Vec<ark_bn254::Fr> = (0..n).map(|_| element(&mut rng)).collect();
            let want = be(&hasher.hash(&xs).expect("valid"));
            let input: Vec<u8> = xs.iter().flat_map(be).collect();
            assert_eq!(poseidon(&input), Ok(want), "n = {n}, {xs:?}");
            total += 1;
        }
    }
    assert!(total >= 12_000);
}

#[test]
fn fast_path_agrees_with_reference_on_wide_inputs() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x3838);
    for n in 13..=MAX_INPUTS {
        for _ in 0..PER_COUNT {
            let input: Vec<u8> = (0..n).flat_map(|_| be(&element(&mut rng))).collect();
            assert_eq!(poseidon(&input), reference::poseidon(&input), "n = {n}");
        }
    }
}
