//! Poseidon's peer: `light-poseidon`'s Circom-compatible hasher (arkworks 0.6), 1 to 12
//! inputs, all it supports. (Pure WebAssembly, the `wasm-poseidon` contract, is a path
//! of the section, not a peer.)

use zkhost_abi::Crypto;

use super::{Peer, Prepared};

/// The family's peers, in report order.
pub const PEERS: &[Peer] = &[Peer {
    name: "light-poseidon",
    library: "light-poseidon 0.5",
    ops: &[Crypto::Poseidon],
    prepare: |_, input| {
        if input.len() > MAX_INPUTS * 32 {
            return Ok(None);
        }
        Ok(Some(Prepared::output(input, |a| {
            light_poseidon(a).map(Vec::from)
        })))
    },
}];

/// The most inputs light-poseidon hashes.
const MAX_INPUTS: usize = 12;

/// light-poseidon's hash of a Poseidon input (`None` beyond its 12 inputs).
fn light_poseidon(input: &[u8]) -> Option<[u8; 32]> {
    use ark_ff::{BigInteger, PrimeField};
    use light_poseidon::{Poseidon, PoseidonHasher};
    let xs: Vec<ark_bn254::Fr> = input
        .chunks(32)
        .map(ark_bn254::Fr::from_be_bytes_mod_order)
        .collect();
    let mut hasher = Poseidon::<ark_bn254::Fr>::new_circom(xs.len()).ok()?;
    let out = hasher.hash(&xs).ok()?.into_bigint().to_bytes_be();
    out.try_into().ok()
}
