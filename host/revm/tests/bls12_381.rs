//! revm-precompile's own BLS12-381 precompiles (EIP-2537, 0x0b–0x11) with revm's
//! default crypto (its blst backend: this test builds revm-precompile with `blst`)
//! against the same precompiles with `ZkhostCrypto`: the whole `PrecompileResult`
//! (status and halt kind, gas used, output bytes) must be equal, on every EIP-2537
//! vector at generous, exact and one-short gas, and on generated inputs.
//!
//! As in `differential.rs`, this binary installs one provider of its own, [`Switch`]
//! (see `switch/`), so both sides run revm's very precompile functions (length checks,
//! padding removal, gas, output padding) and only the backend differs.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::collections::BTreeMap;
use std::sync::Once;

use revm_precompile::bls12_381::{
    g1_add, g1_msm, g2_add, g2_msm, map_fp2_to_g2, map_fp_to_g1, pairing, G1Point, G1PointScalar,
    G2Point, G2PointScalar,
};
use revm_precompile::{
    Crypto, DefaultCrypto, Precompile, PrecompileHalt, PrecompileResult, PrecompileStatus,
};
use zkhost_bls12381::Op;
use zkhost_gas::Bls12Gas;
use zkhost_revm::ZkhostCrypto;
use zkhost_testkit::{bls12_381, rng, vectors};

mod switch;

use switch::{side, Side};

/// The process-wide provider of this binary: revm's default or zkhost's BLS12-381
/// methods, by the thread's [`Side`].
#[derive(Debug)]
struct Switch;

/// One method of both providers, by side.
macro_rules! either {
    ($method:ident ( $($arg:expr),* )) => {
        match side() {
            Side::Revm => DefaultCrypto.$method($($arg),*),
            Side::Zkhost => ZkhostCrypto.$method($($arg),*),
        }
    };
}

impl Crypto for Switch {
    fn bls12_381_g1_add(&self, a: G1Point, b: G1Point) -> Result<[u8; 96], PrecompileHalt> {
        either!(bls12_381_g1_add(a, b))
    }

    fn bls12_381_g1_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G1PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 96], PrecompileHalt> {
        either!(bls12_381_g1_msm(pairs))
    }

    fn bls12_381_g2_add(&self, a: G2Point, b: G2Point) -> Result<[u8; 192], PrecompileHalt> {
        either!(bls12_381_g2_add(a, b))
    }

    fn bls12_381_g2_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G2PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 192], PrecompileHalt> {
        either!(bls12_381_g2_msm(pairs))
    }

    fn bls12_381_pairing_check(
        &self,
        pairs: &[(G1Point, G2Point)],
    ) -> Result<bool, PrecompileHalt> {
        either!(bls12_381_pairing_check(pairs))
    }

    fn bls12_381_fp_to_g1(&self, fp: &[u8; 48]) -> Result<[u8; 96], PrecompileHalt> {
        either!(bls12_381_fp_to_g1(fp))
    }

    fn bls12_381_fp2_to_g2(&self, fp2: ([u8; 48], [u8; 48])) -> Result<[u8; 192], PrecompileHalt> {
        either!(bls12_381_fp2_to_g2(fp2))
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

fn precompile(op: Op) -> Precompile {
    match op {
        Op::G1Add => g1_add::PRECOMPILE,
        Op::G1Msm => g1_msm::PRECOMPILE,
        Op::G2Add => g2_add::PRECOMPILE,
        Op::G2Msm => g2_msm::PRECOMPILE,
        Op::Pairing => pairing::PRECOMPILE,
        Op::MapFpToG1 => map_fp_to_g1::PRECOMPILE,
        Op::MapFp2ToG2 => map_fp2_to_g2::PRECOMPILE,
    }
}

/// Runs `op` on `side` through revm's precompile; whether the backend was called.
fn run(side: Side, op: Op, input: &[u8], gas: u64) -> (PrecompileResult, bool) {
    switch::run(side, &precompile(op), input, gas)
}

/// Both sides, asserted equal; revm's result.
fn compare(op: Op, input: &[u8], gas: u64) -> PrecompileResult {
    let (reference, called_revm) = run(Side::Revm, op, input, gas);
    let (zkhost, called_zkhost) = run(Side::Zkhost, op, input, gas);
    assert_eq!(
        zkhost,
        reference,
        "{op} (gas {gas}) on input {}",
        hex::encode(input)
    );
    assert_eq!(
        called_zkhost, called_revm,
        "{op}: only one side reached its backend"
    );
    reference
}

const GENEROUS: u64 = 1 << 40;

fn kind(result: &PrecompileResult) -> String {
    let out = result.as_ref().expect("a fatal error from a precompile");
    match &out.status {
        PrecompileStatus::Success => "success".into(),
        PrecompileStatus::Halt(h) => format!("{h:?}"),
        PrecompileStatus::Revert => panic!("a BLS12-381 precompile reverted"),
    }
}

#[test]
fn every_vector_alike_with_the_vector_output_and_gas() {
    setup();
    let files = bls12_381::discover(&bls12_381::vectors_dir()).unwrap();
    let mut runs = 0usize;
    for file in &files {
        for v in &file.vectors {
            let input = vectors::decode_hex(&v.input).unwrap();
            let what = format!("{} / {}", file.path.display(), v.name);
            let price = bls12_381::price(&Bls12Gas::PRAGUE, file.op, input.len());
            let generous = compare(file.op, &input, GENEROUS);
            runs += 1;
            let out = generous.as_ref().unwrap();
            if file.must_fail {
                assert!(
                    !out.is_success(),
                    "{what}: revm accepted a must-fail vector"
                );
                continue;
            }
            let expected = vectors::decode_hex(v.expected.as_deref().unwrap()).unwrap();
            assert!(out.is_success(), "{what}: {:?}", out.status);
            assert_eq!(out.bytes.as_ref(), expected.as_slice(), "{what}: output");
            assert_eq!(out.gas_used, price, "{what}: gas");
            assert_eq!(
                compare(file.op, &input, price),
                generous,
                "{what}: exact gas"
            );
            let short = compare(file.op, &input, price - 1);
            assert_eq!(kind(&short), "OutOfGas", "{what}: one short");
            runs += 2;
        }
    }
    eprintln!("{} files, {runs} runs per side", files.len());
    assert_eq!(files.len(), 18, "the vector folder changed");
}

/// Generated inputs per operation, at a generous limit.
const GENERATED: usize = 2_000;

#[test]
fn generated_inputs_alike() {
    setup();
    for (stream, op) in (60..).zip(Op::ALL) {
        let mut rng = rng::rng(stream);
        let mut tally: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..rng::differential_cases(GENERATED) {
            let input = bls12_381::input(op, &mut rng);
            *tally
                .entry(kind(&compare(op, &input, GENEROUS)))
                .or_default() += 1;
        }
        eprintln!("{op}: {tally:?}");
        // Both successes and halts, or the comparison proves little.
        assert!(
            tally.get("success").copied().unwrap_or(0) > 0,
            "{op}: {tally:?}"
        );
        assert!(tally.len() >= 3, "{op}: {tally:?}");
    }
}
