//! revm-precompile's own BN254 precompiles (0x06, 0x07, 0x08) with revm's default
//! crypto against the same precompiles with `ZkhostCrypto`: the whole
//! `PrecompileResult` (status and halt kind, gas used, output bytes) must be equal, on
//! every conformance vector and on 10,000 generated inputs per precompile, with gas
//! limits generous, exact and one short.
//!
//! revm 43 reads its crypto provider from a process-wide `OnceLock` (the precompile
//! functions take no provider argument), so this binary installs one provider of its
//! own, [`Switch`], that hands each call to revm's `DefaultCrypto` or to `ZkhostCrypto`
//! according to a thread-local side, and counts the calls each backend receives. Both
//! sides thus run revm's very precompile functions (padding, gas, length check, output
//! encoding); only the backend differs, and the counters prove it did.

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

use revm_precompile::bn254::{add, mul, pair, PAIR_ELEMENT_LEN};
use revm_precompile::{
    Crypto, DefaultCrypto, Precompile, PrecompileHalt, PrecompileResult, PrecompileStatus,
};
use zkhost_bn254::{Error, Op};
use zkhost_revm::ZkhostCrypto;
use zkhost_testkit::{bn254, rng, vectors};

mod switch;

use switch::{side, Side};

/// The process-wide provider of this test binary: revm's default or zkhost's BN254
/// methods, by the thread's [`Side`].
#[derive(Debug)]
struct Switch;

impl Crypto for Switch {
    fn bn254_g1_add(&self, p1: &[u8], p2: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        match side() {
            Side::Revm => DefaultCrypto.bn254_g1_add(p1, p2),
            Side::Zkhost => ZkhostCrypto.bn254_g1_add(p1, p2),
        }
    }

    fn bn254_g1_mul(&self, point: &[u8], scalar: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        match side() {
            Side::Revm => DefaultCrypto.bn254_g1_mul(point, scalar),
            Side::Zkhost => ZkhostCrypto.bn254_g1_mul(point, scalar),
        }
    }

    fn bn254_pairing_check(&self, pairs: &[(&[u8], &[u8])]) -> Result<bool, PrecompileHalt> {
        match side() {
            Side::Revm => DefaultCrypto.bn254_pairing_check(pairs),
            Side::Zkhost => ZkhostCrypto.bn254_pairing_check(pairs),
        }
    }
}

/// Installs [`Switch`] once for the binary, and checks it is revm's provider.
fn setup() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        assert!(
            revm_precompile::install_crypto(Switch),
            "a provider was in place before the test's own"
        );
    });
    assert_eq!(format!("{:?}", revm_precompile::crypto()), "Switch");
}

/// One run: the precompile's result, and whether the backend was called.
struct Run {
    result: PrecompileResult,
    called: bool,
}

/// Runs `precompile` on `side`, through revm's precompile function.
fn run(side: Side, precompile: &Precompile, input: &[u8], gas_limit: u64) -> Run {
    let (result, called) = switch::run(side, precompile, input, gas_limit);
    Run { result, called }
}

/// Runs both sides and asserts they agree; returns revm's result.
fn compare(precompile: &Precompile, input: &[u8], gas_limit: u64) -> PrecompileResult {
    let reference = run(Side::Revm, precompile, input, gas_limit);
    let zkhost = run(Side::Zkhost, precompile, input, gas_limit);
    assert_eq!(
        zkhost.result,
        reference.result,
        "{} (gas limit {gas_limit}) on input {}",
        precompile.id().name(),
        hex::encode(input)
    );
    assert_eq!(
        zkhost.called,
        reference.called,
        "{}: only one side reached its backend",
        precompile.id().name()
    );
    reference.result
}

/// A gas schedule: revm's precompile for each op, and its price.
struct Spec {
    name: &'static str,
    add: Precompile,
    mul: Precompile,
    pairing: Precompile,
    add_gas: u64,
    mul_gas: u64,
    pair_base: u64,
    pair_per_point: u64,
}

static ISTANBUL: Spec = Spec {
    name: "istanbul",
    add: add::ISTANBUL,
    mul: mul::ISTANBUL,
    pairing: pair::ISTANBUL,
    add_gas: add::ISTANBUL_ADD_GAS_COST,
    mul_gas: mul::ISTANBUL_MUL_GAS_COST,
    pair_base: pair::ISTANBUL_PAIR_BASE,
    pair_per_point: pair::ISTANBUL_PAIR_PER_POINT,
};

static BYZANTIUM: Spec = Spec {
    name: "byzantium",
    add: add::BYZANTIUM,
    mul: mul::BYZANTIUM,
    pairing: pair::BYZANTIUM,
    add_gas: add::BYZANTIUM_ADD_GAS_COST,
    mul_gas: mul::BYZANTIUM_MUL_GAS_COST,
    pair_base: pair::BYZANTIUM_PAIR_BASE,
    pair_per_point: pair::BYZANTIUM_PAIR_PER_POINT,
};

impl Spec {
    fn precompile(&self, op: Op) -> &Precompile {
        match op {
            Op::Add => &self.add,
            Op::Mul => &self.mul,
            Op::Pairing => &self.pairing,
        }
    }

    /// The price as the EIPs define it (a pairing input that is not a multiple of 192
    /// bytes is priced by its whole pairs; it then halts).
    fn price(&self, op: Op, len: usize) -> u64 {
        match op {
            Op::Add => self.add_gas,
            Op::Mul => self.mul_gas,
            Op::Pairing => self.pair_base + self.pair_per_point * (len / PAIR_ELEMENT_LEN) as u64,
        }
    }
}

/// More gas than any input here costs.
const GENEROUS: u64 = 1 << 40;

/// What a run ended with, for the tallies.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// Success; for the pairing, with its boolean.
    Success(Option<bool>),
    Halt(String),
}

fn kind(result: &PrecompileResult) -> Kind {
    let out = result
        .as_ref()
        .expect("a fatal error from a BN254 precompile");
    match &out.status {
        PrecompileStatus::Success if out.bytes.len() == 32 => {
            Kind::Success(Some(out.bytes[31] == 1))
        }
        PrecompileStatus::Success => Kind::Success(None),
        PrecompileStatus::Halt(h) => Kind::Halt(format!("{h:?}")),
        PrecompileStatus::Revert => panic!("a BN254 precompile reverted"),
    }
}

#[test]
fn every_vector_alike_with_the_vector_output_and_gas() {
    setup();
    let files = vectors::discover(&zkhost_testkit::bn254_vectors()).unwrap();
    let mut per_op: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut runs = 0usize;
    for file in &files {
        for v in &file.vectors {
            let input = vectors::decode_hex(&v.input).unwrap();
            let what = format!("{} / {}", file.path.display(), v.name);
            for spec in [&ISTANBUL, &BYZANTIUM] {
                let precompile = spec.precompile(file.op);
                let price = spec.price(file.op, input.len());
                let mut results = Vec::new();
                for limit in [GENEROUS, price, price - 1] {
                    results.push(compare(precompile, &input, limit));
                    runs += 1;
                }
                // One short of the price: out of gas before any work, on both sides.
                let short = results[2].as_ref().unwrap();
                assert_eq!(
                    short.halt_reason(),
                    Some(&PrecompileHalt::OutOfGas),
                    "{what}"
                );
                // The exact price is enough.
                assert_eq!(
                    results[0], results[1],
                    "{what}: exact gas differs from generous"
                );
                let out = results[0].as_ref().unwrap();

                let must_fail = file.must_fail || v.expected_error.is_some();
                if must_fail {
                    // revm's default refuses it, with the halt `halt` maps zkhost's
                    // reason (the vector's message) to.
                    let reason = v
                        .expected_error
                        .as_deref()
                        .expect("a must-fail vector names its error");
                    let error = Error::ALL
                        .into_iter()
                        .find(|e| e.to_string() == reason)
                        .unwrap_or_else(|| panic!("{what}: unknown error {reason:?}"));
                    assert_eq!(out.halt_reason(), Some(&zkhost_revm::halt(error)), "{what}");
                    assert_eq!(out.gas_used, 0, "{what}: a halt reports no gas used");
                } else {
                    let expected = vectors::decode_hex(v.expected.as_deref().unwrap()).unwrap();
                    assert!(out.is_success(), "{what}: {:?}", out.status);
                    assert_eq!(out.bytes.as_ref(), expected.as_slice(), "{what}: output");
                    assert_eq!(out.gas_used, price, "{what}: gas");
                    if spec.name == "istanbul" {
                        if let Some(gas) = v.gas {
                            assert_eq!(out.gas_used, gas, "{what}: the vector's (EIP-1108) gas");
                        }
                    }
                }
            }
            let counts = per_op.entry(file.op.name()).or_default();
            if file.must_fail || v.expected_error.is_some() {
                counts.1 += 1;
            } else {
                counts.0 += 1;
            }
        }
    }
    eprintln!(
        "{} files, {runs} runs per side; (must succeed, must fail) per op: {per_op:?}",
        files.len()
    );
    assert_eq!(files.len(), 9, "the vector folder changed");
    for op in Op::ALL {
        let (ok, fail) = per_op.get(op.name()).copied().unwrap_or_default();
        assert!(
            ok > 0 && fail > 0,
            "{op}: {ok} must-succeed and {fail} must-fail vectors"
        );
    }
}

const GENERATED: usize = 10_000;

/// 10,000 generated inputs for `op`, each at a generous limit and one below the price.
fn generated(op: Op, stream: u64, gen: fn(&mut rand_chacha::ChaCha20Rng) -> Vec<u8>) {
    setup();
    let mut rng = rng::rng(stream);
    let mut tally: BTreeMap<Kind, usize> = BTreeMap::new();
    let precompile = ISTANBUL.precompile(op);
    for _ in 0..GENERATED {
        let input = gen(&mut rng);
        let price = ISTANBUL.price(op, input.len());
        let result = compare(precompile, &input, GENEROUS);
        *tally.entry(kind(&result)).or_default() += 1;
        let short = compare(precompile, &input, price - 1);
        assert_eq!(kind(&short), Kind::Halt("OutOfGas".into()));
    }
    eprintln!("{op}: {GENERATED} inputs, generous gas: {tally:?}");
    let count = |k: Kind| tally.get(&k).copied().unwrap_or(0);
    let halts = |h: PrecompileHalt| count(Kind::Halt(format!("{h:?}")));
    assert!(
        halts(PrecompileHalt::Bn254FieldPointNotAMember) > 0,
        "{op}: {tally:?}"
    );
    assert!(
        halts(PrecompileHalt::Bn254AffineGFailedToCreate) > 0,
        "{op}: {tally:?}"
    );
    match op {
        Op::Add | Op::Mul => assert!(count(Kind::Success(None)) > 0, "{op}: {tally:?}"),
        Op::Pairing => {
            assert!(count(Kind::Success(Some(true))) > 0, "{op}: {tally:?}");
            assert!(count(Kind::Success(Some(false))) > 0, "{op}: {tally:?}");
            assert!(
                halts(PrecompileHalt::Bn254PairLength) > 0,
                "{op}: {tally:?}"
            );
        }
    }
}

#[test]
fn generated_ecadd_alike() {
    generated(Op::Add, 0x7265_766d_0006, bn254::add_input);
}

#[test]
fn generated_ecmul_alike() {
    generated(Op::Mul, 0x7265_766d_0007, bn254::mul_input);
}

#[test]
fn generated_pairing_alike() {
    generated(Op::Pairing, 0x7265_766d_0008, bn254::pairing_input);
}

/// The provider's own contract, called directly: longer pieces are cut as revm's
/// default cuts them; shorter ones (which revm never passes, and on which its default
/// panics) are zero-padded.
#[test]
fn pieces_of_other_lengths() {
    let add = zkhost_testkit::sample::add_input(7);
    let mul = zkhost_testkit::sample::mul_input(7);
    let pairing = zkhost_testkit::sample::pairing_input(2, 7);
    let long = |b: &[u8]| [b, &[0xab; 40][..]].concat();

    let (p1, p2) = (long(&add[..64]), long(&add[64..]));
    assert_eq!(
        ZkhostCrypto.bn254_g1_add(&p1, &p2),
        DefaultCrypto.bn254_g1_add(&p1, &p2)
    );
    let (p, k) = (long(&mul[..64]), long(&mul[64..]));
    assert_eq!(
        ZkhostCrypto.bn254_g1_mul(&p, &k).unwrap(),
        DefaultCrypto.bn254_g1_mul(&p, &mul[64..]).unwrap()
    );
    let pieces: Vec<Vec<u8>> = pairing
        .chunks(192)
        .flat_map(|c| [long(&c[..64]), long(&c[64..])])
        .collect();
    let pairs: Vec<(&[u8], &[u8])> = pieces
        .chunks(2)
        .map(|c| (c[0].as_slice(), c[1].as_slice()))
        .collect();
    assert_eq!(
        ZkhostCrypto.bn254_pairing_check(&pairs),
        DefaultCrypto.bn254_pairing_check(&pairs)
    );

    // Short: the point 0x…01 ‖ 0x…02 (G1's generator) with its last y byte cut off
    // reads as (1, 0), off the curve; with nothing cut it is the generator.
    let mut g = [0u8; 64];
    g[31] = 1;
    g[63] = 2;
    assert_eq!(
        ZkhostCrypto.bn254_g1_add(&g[..63], &[]),
        Err(PrecompileHalt::Bn254AffineGFailedToCreate)
    );
    assert_eq!(ZkhostCrypto.bn254_g1_add(&g, &[]).unwrap(), g);
    // A short scalar is padded on the right, as the precompile pads: [1] is 2^248.
    let mut k = [0u8; 32];
    k[0] = 1;
    assert_eq!(
        ZkhostCrypto.bn254_g1_mul(&g, &[1]),
        DefaultCrypto.bn254_g1_mul(&g, &k)
    );
    assert_eq!(ZkhostCrypto.bn254_g1_mul(&g, &[]).unwrap(), [0u8; 64]);
    assert_eq!(
        ZkhostCrypto.bn254_pairing_check(&[(&g[..], &[][..])]),
        Ok(true)
    );
}

/// `halt` is total and gives the documented halts.
#[test]
fn halt_mapping() {
    use PrecompileHalt as H;
    let expected = [
        (Error::PairingLength, H::Bn254PairLength),
        (Error::G1CoordinateNotInField, H::Bn254FieldPointNotAMember),
        (Error::G2CoordinateNotInField, H::Bn254FieldPointNotAMember),
        (Error::G1NotOnCurve, H::Bn254AffineGFailedToCreate),
        (Error::G2NotOnCurve, H::Bn254AffineGFailedToCreate),
        (Error::G2NotInSubgroup, H::Bn254AffineGFailedToCreate),
        (
            Error::MsmLength,
            H::other_static("MSM input length not a positive multiple of 96"),
        ),
    ];
    assert_eq!(expected.len(), Error::ALL.len());
    for (error, halt) in expected {
        assert_eq!(zkhost_revm::halt(error), halt, "{error:?}");
    }
}
