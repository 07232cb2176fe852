//! The Poseidon harness: the fast hash against the round-by-round one and
//! `light-poseidon` ([`poseidon_differential`]).

use ark_ff::PrimeField;

use super::{be32, chunk};

/// Poseidon on fuzzer bytes: `data[0] % 18` elements (0 and 17 are refused), each
/// masked below 2^253 (always canonical) unless bit 0 of `data[1]` keeps them raw, the
/// length cut short by `data[1] >> 5` bytes when bit 1 is set. The fast hash equals
/// the round-by-round one (result or error), the error is what the length and the
/// elements decide, and `light-poseidon` (Circom's parameters, 1–12 inputs) agrees.
pub fn poseidon_differential(data: &[u8]) {
    use light_poseidon::{Poseidon, PoseidonHasher};
    use zkhost_poseidon::{poseidon, reference, Error as PosError, MAX_INPUTS, MODULUS};
    let n = usize::from(data.first().copied().unwrap_or(1) % 18);
    let flags = data.get(1).copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    let mut input: Vec<u8> = (0..n)
        .flat_map(|i| {
            let mut e = chunk::<32>(rest, 32 * i);
            if flags & 1 == 0 {
                e[0] &= 0x1f;
            }
            e
        })
        .collect();
    if flags & 2 == 2 {
        input.truncate(input.len().saturating_sub(usize::from(flags >> 5)));
    }
    let ours = poseidon(&input);
    assert_eq!(
        ours,
        reference::poseidon(&input),
        "fast and reference differ"
    );
    let elements: Vec<[u8; 32]> = input.chunks(32).map(|c| chunk::<32>(c, 0)).collect();
    let expected_err = if !input.len().is_multiple_of(32) {
        Some(PosError::Length)
    } else if elements.is_empty() || elements.len() > MAX_INPUTS {
        Some(PosError::InputCount)
    } else if elements.iter().any(|e| *e >= MODULUS) {
        Some(PosError::NotInField)
    } else {
        None
    };
    match expected_err {
        Some(e) => assert_eq!(ours, Err(e)),
        None if elements.len() <= 12 => {
            let xs: Vec<ark_bn254::Fr> = elements
                .iter()
                .map(|e| ark_bn254::Fr::from_be_bytes_mod_order(e))
                .collect();
            let mut hasher =
                Poseidon::<ark_bn254::Fr>::new_circom(xs.len()).expect("1 to 12 inputs");
            let want = be32(&hasher.hash(&xs).expect("canonical inputs"));
            assert_eq!(ours, Ok(want), "light-poseidon differs");
        }
        None => assert!(ours.is_ok(), "{ours:?}"),
    }
}
