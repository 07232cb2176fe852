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

use revm_precompile::{bn254, kzg_point_evaluation, secp256r1, PrecompileHalt, Precompiles};
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
            Backend::ZKHOST.run(op, &input).unwrap(),
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

    // KZG point evaluation and P256VERIFY through Osaka's table: go-ethereum's first
    // valid vector of each, then each made invalid.
    let osaka = Precompiles::osaka();
    let kzg = osaka.get(&kzg_point_evaluation::ADDRESS).unwrap();
    let mut input = hex::decode(KZG_VALID).unwrap();
    let out = kzg.execute(&input, 50_000, 0).unwrap();
    assert!(out.is_success(), "{:?}", out.status);
    assert_eq!(out.bytes.as_ref(), zkhost_bls12381::kzg::OUTPUT);
    input[95] ^= 1;
    let out = kzg.execute(&input, 50_000, 0).unwrap();
    assert_eq!(
        out.halt_reason(),
        Some(&PrecompileHalt::BlobVerifyKzgProofFailed)
    );
    let p256 = osaka
        .get(&revm_precompile::u64_to_address(
            secp256r1::P256VERIFY_ADDRESS,
        ))
        .unwrap();
    let mut input = hex::decode(P256_VALID).unwrap();
    let out = p256.execute(&input, 6_900, 0).unwrap();
    assert!(out.is_success(), "{:?}", out.status);
    assert_eq!(out.bytes.as_ref(), zkhost_sig::p256::VALID);
    input[0] ^= 1;
    let out = p256.execute(&input, 6_900, 0).unwrap();
    assert!(out.is_success() && out.bytes.is_empty());
    assert_eq!(out.gas_used, 6_900);
}

/// go-ethereum's `pointEvaluation1`.
const KZG_VALID: &str = "01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b564c0a11a0f704f4fc3e8acfe0f8245f0ad1347b378fbf96e206da11a5d3630624d25032e67a7e6a4910df5834b8fe70e6bcfeeac0352434196bdf4b2485d5a18f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7873033e038326e87ed3e1276fd140253fa08e9fc25fb2d9a98527fc22a2c9612fbeafdad446cbc7bcdbdcd780af2c16a";

/// go-ethereum's `CallP256Verify`.
const P256_VALID: &str = "4cee90eb86eaa050036147a12d49004b6b9c72bd725d39d4785011fe190f0b4da73bd4903f0ce3b639bbbf6e8e80d16931ff4bcf5993d58468e8fb19086e8cac36dbcd03009df8c59286b162af3bd7fcc0450c9aa81be5d10d312af6c66b1d604aebd3099c618202fcfe16ae7770b0c49ab5eadf74b754204a3bb6060e44eff37618b065f9832de4ca6ca971a7a1adc826d0f7c00181a5fb2ddf79ae00b4e10e";
