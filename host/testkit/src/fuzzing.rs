//! Fuzz harness bodies shared by the cargo-fuzz targets and the corpus replay test.
//!
//! Each function takes the fuzzer's bytes and panics only on a real bug: a backend
//! that disagrees with another, a codec that does not round-trip, a host function
//! that traps with `host error`, charges the wrong gas or writes when it should not,
//! a runtime that panics on a module. The cargo-fuzz targets in `host/fuzz/` are thin
//! wrappers around them (`cargo +nightly fuzz run <target>` from `host/`), and
//! `host/integration-tests/tests/fuzz_replay.rs` runs every committed corpus file through them, then a brief
//! seeded mutation run, on every `cargo test`.
//!
//! | target | what it feeds | what must hold |
//! | --- | --- | --- |
//! | [`bn254_codec`] | G1, G2 and scalar bytes | canonical decoding round-trips through [`encoding`], the MSM parser and every backend; one error class |
//! | [`bn254_differential`] | raw or constructed input to each op | every backend and every MSM algorithm give the same output or error |
//! | [`bn254_lanes`] | raw or constructed input to each op, up to six pairs | zkhost's scalar path and its IFMA lane path (where the CPU has it) give the same output or error, whichever fills the G2 cache |
//! | [`host_call`](fn@host_call) | memory, pointers, lengths, gas | a model of ABI v1 predicts the trap, the gas used to the unit, the output and every byte of memory |
//! | [`deploy`](fn@deploy) | any bytes, or (cargo-fuzz only) wasm-smith modules | `deploy` and `call` never panic; no `host error`; same outcome on fresh and pooled instances |
//! | [`banderwagon_codec`] | Banderwagon encodings, commitments, updates | round trips; every fixed-base method agrees; updates never panic |
//! | [`bls12381_codec`] | EIP-2537 field elements, G1 and G2 points, scalars | acceptance exactly when the bytes are canonical, the same point checks on blst and arkworks, round trips through ADD, `k·P = (k mod r)·P` |
//! | [`bls12381_differential`] | raw or constructed input to each EIP-2537 op | blst and arkworks give the same output or error |
//! | [`kzg_codec`] | point-evaluation inputs, raw or with the versioned hash made right | the refusal is the first failing check, in order; c-kzg refuses exactly the commitments and proofs zkhost does |
//! | [`p256_codec`] | P256VERIFY inputs | the invalid class is the first failing range or curve check, decided independently with RustCrypto's `p256`; a well-formed input verifies exactly when `p256`'s ECDSA verifier accepts it |
//! | [`kzg_p256_differential`] | valid vectors mutated, or raw bytes, to either op | zkhost and c-kzg agree on the verdict; zkhost and revm's P256VERIFY on output and gas |
//! | [`poseidon_differential`] | 0–17 elements, canonical or not, any length | the fast and the round-by-round hash agree; `light-poseidon` agrees for 1–12 inputs; refusals as the length and elements decide |
//! | [`bn254_compression`] | points and compressed points, raw or valid | round trips; Solana's syscall code agrees on every accepted input; a decompressed point is the uncompressed path's |
//! | [`secp256k1_differential`] | `ecrecover`, `secp256k1_verify` and `secp256k1_recover_pubkey` inputs: raw, or valid ones mutated, cut or extended | revm's ecrecover gives the same output and gas; RustCrypto's `k256` (after normalising `s`) the same verdict and key |
//! | [`bls_signatures_differential`] | every `bls_*` function's input: raw, or a valid one mutated, cut or extended | arkworks (compressed reader, RFC 9380 hasher, pairing) gives the same output or verdict |
//! | [`ed25519_differential`] | `ed25519_verify` and `ed25519_batch_verify` inputs: raw, or valid ones mutated, cut or extended | `ed25519-zebra` gives the same verdict on each signature; a batch's answer and reason are its records' verified alone |
//!
//! The bodies live in one submodule per family (`bn254`, `bls12381`, `verkle`, `sig`,
//! `kzg_p256`, `poseidon`) or concern (`host_call`, `deploy`), re-exported here: a new
//! function's harness goes beside its family's, and its name into [`TARGETS`].

mod bls12381;
mod bls_signatures;
mod bn254;
mod deploy;
mod host_call;
mod kzg_p256;
mod poseidon;
mod sig;
mod verkle;

pub use bls12381::{bls12381_codec, bls12381_differential, kzg_codec, C_KZG_RUNS_HERE};
pub use bls_signatures::bls_signatures_differential;
pub use bn254::{bn254_codec, bn254_compression, bn254_differential, bn254_lanes};
pub use deploy::{deploy, deploy_module, DEPLOY_GAS};
pub use host_call::{
    host_call, host_call_record, probe_input, probe_wasm, probe_wat, ProbeRun, PROBE_FUNCTIONS,
    PROBE_PAYLOAD, PROBE_SELECTORS,
};
pub use kzg_p256::kzg_p256_differential;
pub use poseidon::poseidon_differential;
pub use sig::{ed25519_differential, p256_codec, secp256k1_differential};
pub use verkle::banderwagon_codec;

use ark_ff::{BigInteger, PrimeField};
use zkhost_bn254::encoding;

/// A harness body: the fuzzer's bytes in, a panic only on a bug.
pub type Harness = fn(&[u8]);

/// Every harness by target name: the cargo-fuzz target of the same name calls it, and
/// the replay test runs `host/fuzz/corpus/<name>/` through it.
pub const TARGETS: &[(&str, Harness)] = &[
    ("bn254_codec", bn254_codec),
    ("bn254_differential", bn254_differential),
    ("host_call", host_call),
    ("deploy", deploy),
    ("banderwagon_codec", banderwagon_codec),
    ("bls12381_codec", bls12381_codec),
    ("bls12381_differential", bls12381_differential),
    ("kzg_codec", kzg_codec),
    ("p256_codec", p256_codec),
    ("kzg_p256_differential", kzg_p256_differential),
    ("poseidon_differential", poseidon_differential),
    ("bn254_compression", bn254_compression),
    ("secp256k1_differential", secp256k1_differential),
    ("ed25519_differential", ed25519_differential),
    ("bls_signatures_differential", bls_signatures_differential),
    ("bn254_lanes", bn254_lanes),
];

// ---------------------------------------------------------------------------------
// Shared helpers.

/// `data[at..at + N]`, zero-padded where `data` is shorter.
fn chunk<const N: usize>(data: &[u8], at: usize) -> [u8; N] {
    encoding::pad::<N>(data.get(at..).unwrap_or(&[]))
}

fn be32(x: &impl PrimeField) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}
