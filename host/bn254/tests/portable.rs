//! The zkhost backend on its portable field arithmetic.
//!
//! On x86-64 with BMI2 and ADX every other test runs the assembly multiplication;
//! this test binary sets `ZKHOST_PORTABLE_FIELD` before the first field operation,
//! so the same checks — every conformance vector, and generated inputs against
//! substrate-bn byte for byte — also cover the plain-Rust path on this machine.
//! One `#[test]` only: the choice is made once per process.

use zkhost_bn254::{Backend, Op};
use zkhost_gas::GasSchedule;
use zkhost_mont as mont;
use zkhost_testkit::{bn254, rng, vectors};

/// An input generator of `zkhost_testkit::bn254`.
type Generator = fn(&mut rand_chacha::ChaCha20Rng) -> Vec<u8>;

#[test]
fn portable_field_arithmetic_matches_the_reference() {
    // SAFETY: the only test of this binary, run before any thread reads the
    // environment or does field arithmetic.
    unsafe { std::env::set_var(mont::PORTABLE_ENV, "1") };
    assert!(!mont::has_adx(), "the portable path must be selected");

    let dir = zkhost_testkit::bn254_vectors();
    for file in vectors::discover(&dir).expect("vector files") {
        let failures = file.check(&GasSchedule::ISTANBUL, true, |op, input| {
            Backend::ZKHOST.run(op, input).map_err(|e| e.to_string())
        });
        assert!(
            failures.is_empty(),
            "{}: {failures:#?}",
            file.path.display()
        );
    }

    let cases: [(Op, u64, Generator, usize); 3] = [
        (Op::Add, 11, bn254::add_input, 2000),
        (Op::Mul, 12, bn254::mul_input, 1000),
        (Op::Pairing, 13, bn254::pairing_input, 300),
    ];
    for (op, stream, generate, n) in cases {
        let mut rng = rng::rng(stream);
        for case in 0..n {
            let input = generate(&mut rng);
            assert_eq!(
                Backend::SUBSTRATE_BN.run(op, &input),
                Backend::ZKHOST.run(op, &input),
                "{op} case {case}: {}",
                hex::encode(&input)
            );
        }
    }
}
