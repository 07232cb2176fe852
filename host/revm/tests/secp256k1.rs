//! revm-precompile's own ecrecover (0x01, on RustCrypto's `k256`, the build without
//! libsecp256k1) against the same precompile with `ZkhostCrypto`'s method (on
//! `zkhost_sig::secp256k1`, libsecp256k1): go-ethereum's vectors at generous, exact and
//! one-short gas, and thousands of generated inputs, signed and mutated where the
//! precompile's checks are (v, the range of r and s, high s, the hash, the length),
//! compared on output bytes, gas and halt kind.

// Tests: a panic is how an assertion fails.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::path::PathBuf;
use std::sync::Once;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use revm_precompile::secp256k1::ECRECOVER;
use revm_precompile::{Crypto, DefaultCrypto, PrecompileHalt, PrecompileResult};
use zkhost_gas::SigGas;
use zkhost_revm::ZkhostCrypto;
use zkhost_sig::secp256k1::N;

mod switch;

use switch::{side, Side};

/// The process-wide provider of this binary: revm's default or zkhost's ecrecover, by
/// the thread's [`Side`].
#[derive(Debug)]
struct Switch;

impl Crypto for Switch {
    fn secp256k1_ecrecover(
        &self,
        sig: &[u8; 64],
        recid: u8,
        msg: &[u8; 32],
    ) -> Result<[u8; 32], PrecompileHalt> {
        match side() {
            Side::Revm => DefaultCrypto.secp256k1_ecrecover(sig, recid, msg),
            Side::Zkhost => ZkhostCrypto.secp256k1_ecrecover(sig, recid, msg),
        }
    }
}

fn setup() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        assert!(
            revm_precompile::install_crypto(Switch),
            "a provider was in place before the test's own"
        );
    });
}

/// Both sides, asserted equal; revm's result.
fn compare(input: &[u8], gas: u64) -> PrecompileResult {
    let (reference, called_revm) = switch::run(Side::Revm, &ECRECOVER, input, gas);
    let (zkhost, called_zkhost) = switch::run(Side::Zkhost, &ECRECOVER, input, gas);
    assert_eq!(zkhost, reference, "gas {gas}, input {}", hex::encode(input));
    assert_eq!(
        called_zkhost, called_revm,
        "only one side reached its backend"
    );
    reference
}

fn output(result: &PrecompileResult) -> Vec<u8> {
    result
        .as_ref()
        .expect("ecrecover never fails fatally")
        .bytes
        .to_vec()
}

#[test]
fn every_geth_vector_alike_at_generous_exact_and_one_short_gas() {
    setup();
    let price = SigGas::ZKHOST.ecrecover;
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sig/vectors/secp256k1/ecRecover.json");
    let json: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json.len(), 5);
    for v in &json {
        let input = hex::decode(v["Input"].as_str().unwrap()).unwrap();
        let expected = hex::decode(v["Expected"].as_str().unwrap()).unwrap();
        for gas in [1 << 40, price] {
            let r = compare(&input, gas);
            assert_eq!(output(&r), expected, "{}", v["Name"]);
            assert_eq!(r.as_ref().unwrap().gas_used, price);
        }
        let short = compare(&input, price - 1);
        assert!(
            short.as_ref().unwrap().halt_reason().is_some(),
            "{}",
            v["Name"]
        );
    }
}

/// A 32-byte big-endian `a − b` (a ≥ b).
fn sub(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = i16::from(a[i]) - i16::from(b[i]) - borrow;
        borrow = i16::from(d < 0);
        out[i] = (d + 256 * borrow) as u8;
    }
    out
}

/// A signed input, then one change where the precompile decides something.
fn generated(rng: &mut ChaCha20Rng) -> Vec<u8> {
    let mut input = zkhost_testkit::sample::ecrecover_input(rng.gen_range(0..1 << 20));
    let word = |rng: &mut ChaCha20Rng| -> [u8; 32] {
        let mut one = [0u8; 32];
        one[31] = 1;
        let mut n_minus_1 = N;
        n_minus_1[31] -= 1;
        let mut random = [0u8; 32];
        rng.fill_bytes(&mut random);
        [[0u8; 32], one, n_minus_1, N, [0xff; 32], random][rng.gen_range(0..6)]
    };
    match rng.gen_range(0..12) {
        0..=2 => {}
        3 => {
            // High s: n − s with the other recovery id is the same key.
            let mut s = [0u8; 32];
            s.copy_from_slice(&input[96..128]);
            input[96..128].copy_from_slice(&sub(&N, &s));
            if rng.gen() {
                input[63] ^= 27 ^ 28;
            }
        }
        4 => input[63] = [0, 1, 26, 29, 255][rng.gen_range(0..5)],
        5 => input[32 + rng.gen_range(0..31)] = rng.gen_range(1..=255),
        6 => input[64..96].copy_from_slice(&word(rng)),
        7 => input[96..128].copy_from_slice(&word(rng)),
        8 => rng.fill_bytes(&mut input[..32]),
        9 => input.truncate(rng.gen_range(0..128)),
        10 => input.extend((0..rng.gen_range(1..40)).map(|_| rng.gen::<u8>())),
        _ => {
            let at = rng.gen_range(0..128);
            input[at] ^= 1 << rng.gen_range(0..8);
        }
    }
    input
}

#[test]
fn generated_inputs_alike() {
    setup();
    let mut rng = ChaCha20Rng::seed_from_u64(0xec2e);
    let (mut recovered, mut empty) = (0, 0);
    for _ in 0..3_000 {
        let input = generated(&mut rng);
        let r = compare(&input, 1 << 40);
        if output(&r).is_empty() {
            empty += 1;
        } else {
            recovered += 1;
        }
    }
    // Both kinds of answer are well represented.
    assert!(
        recovered > 1_000 && empty > 500,
        "{recovered} recovered, {empty} empty"
    );
}
