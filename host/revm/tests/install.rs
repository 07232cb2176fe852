//! `zkhost_revm::install` in a process of its own (revm's provider is process-wide):
//! it installs `ZkhostCrypto` once, refuses a second time, and revm's precompiles then
//! run on it, through the same `Precompiles` table an EVM uses.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use revm_precompile::{bn254, PrecompileHalt, Precompiles};
use zkhost_bn254::{Backend, Op};
use zkhost_testkit::sample;

// One test only: a second test in this binary could run a precompile first.
#[test]
fn install_once_then_every_evm_precompile_runs_on_zkhost() {
    assert!(zkhost_revm::install(), "a provider was already in place");
    assert!(!zkhost_revm::install(), "installed twice");
    assert_eq!(format!("{:?}", revm_precompile::crypto()), "ZkhostCrypto");

    let precompiles = Precompiles::latest();
    let cases = [
        (Op::Add, bn254::add::ADDRESS, sample::add_input(3), 150),
        (Op::Mul, bn254::mul::ADDRESS, sample::mul_input(3), 6_000),
        (
            Op::Pairing,
            bn254::pair::ADDRESS,
            sample::pairing_input(2, 3),
            113_000,
        ),
    ];
    for (op, address, input, price) in cases {
        let precompile = precompiles.get(&address).unwrap();
        let out = precompile.execute(&input, price, 0).unwrap();
        assert!(out.is_success(), "{op}: {:?}", out.status);
        assert_eq!(out.gas_used, price, "{op}");
        assert_eq!(
            out.bytes.as_ref(),
            Backend::Zkhost.run(op, &input).unwrap(),
            "{op}"
        );
        let out = precompile.execute(&input, price - 1, 0).unwrap();
        assert_eq!(out.halt_reason(), Some(&PrecompileHalt::OutOfGas), "{op}");
    }
    // A refusal comes back as revm's halt.
    let mut bad = sample::add_input(3);
    bad[63] ^= 1;
    let out = precompiles
        .get(&bn254::add::ADDRESS)
        .unwrap()
        .execute(&bad, 150, 0)
        .unwrap();
    assert_eq!(
        out.halt_reason(),
        Some(&PrecompileHalt::Bn254AffineGFailedToCreate)
    );
}
