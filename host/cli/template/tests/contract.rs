//! Calls the built module (`zkhost build` writes `out/{{crate}}.wasm`) through zkhost's
//! runtime, as a node would: outputs, refusals and gas. Run them with `zkhost test`,
//! which builds the module first; a module older than `src/` is refused.

use codec::Encode;
use zkhost_harness::Contract;

use {{crate}}::{Error, Message};

/// The module `zkhost build` wrote (`out/{{crate}}.wasm`), refused if it is older than
/// the crate's sources.
fn contract() -> Contract {
    zkhost_harness::built!().unwrap_or_else(|e| panic!("{e}"))
}

/// A 32-byte big-endian number.
fn word(n: u8) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[31] = n;
    w
}

/// A BN254 G1 point `x ‖ y`.
fn point(x: [u8; 32], y: [u8; 32]) -> [u8; 64] {
    let mut p = [0u8; 64];
    p[..32].copy_from_slice(&x);
    p[32..].copy_from_slice(&y);
    p
}

fn hex32(s: &str) -> [u8; 32] {
    let mut w = [0u8; 32];
    for (i, byte) in w.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    w
}

#[test]
fn poseidon_of_1_and_2_is_circomlibs() {
    let call = contract()
        .call(&Message::Hash(vec![word(1), word(2)]))
        .unwrap();
    // circomlibjs: poseidon([1, 2]).
    let expected = hex32("115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a");
    assert_eq!(
        call.decode::<Result<Vec<u8>, Error>>().unwrap(),
        Ok(expected.to_vec())
    );
    assert!(call.gas_used() > 0);
}

#[test]
fn two_times_the_generator() {
    let generator = point(word(1), word(2));
    let call = contract()
        .call(&Message::Mul {
            point: generator,
            scalar: word(2),
        })
        .unwrap();
    // 2·G on BN254's G1 (EIP-196's generator (1, 2)).
    let expected = point(
        hex32("030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3"),
        hex32("15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4"),
    );
    assert_eq!(
        call.decode::<Result<Vec<u8>, Error>>().unwrap(),
        Ok(expected.to_vec())
    );
}

#[test]
fn a_point_off_the_curve_is_refused_with_its_reason() {
    let call = contract()
        .call(&Message::Mul {
            point: point(word(1), word(3)),
            scalar: word(2),
        })
        .unwrap();
    // last_error code 4: a BN254 G1 point not on the curve.
    assert_eq!(
        call.decode::<Result<Vec<u8>, Error>>().unwrap(),
        Err(Error::Refused(4))
    );
    let refusal = call.refusal().expect("the host's reason");
    assert_eq!(refusal.code, 4);
    println!("refused: {}", refusal.reason);
}

#[test]
fn a_bad_message_is_an_error_not_a_trap() {
    let call = contract().call_raw(&[9]).unwrap();
    assert_eq!(
        call.decode::<Result<Vec<u8>, Error>>().unwrap(),
        Err(Error::BadMessage)
    );
    // A message is its SCALE encoding: the first byte is the variant.
    assert_eq!(Message::Hash(vec![]).encode(), [0, 0]);
}

#[test]
fn out_of_gas_stops_the_call() {
    let call = contract()
        .gas_limit(1_000)
        .call(&Message::Hash(vec![word(1)]))
        .unwrap();
    assert!(call.trap().is_some());
    assert_eq!(call.gas_used(), 1_000);
}
