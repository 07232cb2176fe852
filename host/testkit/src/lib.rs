//! Test support for the zkhost crates (not published): what the tests, the
//! benchmark, the fuzz targets and the examples share, by family, as the crates are
//! (the tests that cross crates are `zkhost-integration-tests`'s).
//!
//! - [`contracts`]: the bundled guest contracts (`fixtures/contracts/`) as the host
//!   sees them: their code, the [`contracts::Path`] an operation takes, their answers;
//! - [`rng`]: the seeded generators (ChaCha for generated inputs, SplitMix64 where a
//!   stream must never change);
//! - [`sample`]: a deterministic valid input of every function from a seed, its edges,
//!   and generated (mutated) inputs of any function;
//! - [`bn254`]: BN254's encodings of arkworks points, random points, mutations and
//!   generated ECADD, ECMUL and pairing inputs for the differential tests;
//! - [`bls12_381`]: the EIP-2537 vectors, their reader and prices, and generated
//!   BLS12-381 inputs for the differential tests;
//! - [`kzg_p256`]: the KZG point-evaluation and P256VERIFY vectors and their prices;
//!   [`poseidon`]: circomlibjs's Poseidon outputs as vectors;
//! - [`vectors`]: the go-ethereum precompile vector format and a runner for it, and
//!   where the committed vectors are ([`bn254_vectors`], [`verkle_vectors`]);
//! - [`snarkjs`] and [`fixture`]: snarkjs's Groth16 files, and the committed proof;
//! - [`worst`]: the slowest inputs we can construct per host function, beside a
//!   typical one (the benchmark prices from them);
//! - [`native_stack`]: the inputs each host function's native stack use is measured
//!   on, and a thread of a given stack size that runs one;
//! - [`probe`]: a WAT contract that calls one host function with any arguments;
//! - [`fuzzing`]: the fuzz harness bodies the cargo-fuzz targets (`host/fuzz`) and
//!   the corpus replay test run;
//! - [`wycheproof`]: Project Wycheproof's P-256, secp256k1 and Ed25519 signature
//!   vectors as vectors of the three verify functions, and the strict DER reader they need.

pub mod bls12_381;
pub mod bls_signatures;
pub mod bn254;
pub mod contracts;
pub mod frames;
pub mod fuzzing;
pub mod kzg_p256;
pub mod native_stack;
pub mod poseidon;
pub mod probe;
pub mod rng;
pub mod sample;
pub mod snarkjs;
pub mod sync_committee;
pub mod transcript;
pub mod vectors;
pub mod worst;
pub mod wycheproof;

use std::path::PathBuf;

/// The repository's folder of built artifacts (`fixtures/`: the contracts, the
/// Groth16 proof).
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("..")
        .join("fixtures")
}

/// The BN254 conformance vectors, owned by `zkhost-bn254` (`host/bn254/vectors`).
pub fn bn254_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("bn254")
        .join("vectors")
}

/// The verkle vectors, owned by `zkhost-verkle` (`host/verkle/vectors`).
pub fn verkle_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("verkle")
        .join("vectors")
}

/// A command that runs the program `exe` (a test's `CARGO_BIN_EXE_*`), through the
/// runner that `ZKHOST_TEST_RUNNER` names when it is set (a program and its
/// arguments, separated by spaces): a test binary built for another architecture
/// runs under qemu-user, and so must the programs it starts (`.ci/cross`).
pub fn command(exe: &str) -> std::process::Command {
    let runner = std::env::var("ZKHOST_TEST_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut c = std::process::Command::new(program);
            c.args(words).arg(exe);
            c
        }
        None => std::process::Command::new(exe),
    }
}

/// The proof committed under `fixtures/groth16/` (see its README): a MiMC preimage,
/// made by `cargo run -p zkhost-testkit --example groth16_fixtures`.
pub mod fixture {
    use super::snarkjs;
    use zkhost_groth16::Request;

    /// `fixtures/groth16/verification_key.json`.
    pub const VERIFICATION_KEY: &str =
        include_str!("../../../fixtures/groth16/verification_key.json");
    /// `fixtures/groth16/proof.json`.
    pub const PROOF: &str = include_str!("../../../fixtures/groth16/proof.json");
    /// `fixtures/groth16/public.json`.
    pub const PUBLIC: &str = include_str!("../../../fixtures/groth16/public.json");

    /// The three files as one request.
    pub fn request() -> Result<Request, snarkjs::ParseError> {
        Ok(Request {
            vk: snarkjs::verifying_key(VERIFICATION_KEY)?,
            proof: snarkjs::proof(PROOF)?,
            inputs: snarkjs::public_inputs(PUBLIC)?,
        })
    }
}
