//! zkhost: native elliptic-curve host functions for WebAssembly smart contracts.
//!
//! - [`bn254`]: the alt_bn128 precompiles (EIP-196/197) with exact Ethereum semantics
//!   over several backends;
//! - [`gas`]: the gas schedules (EIP-1108 and Byzantium presets);
//! - [`vectors`]: the go-ethereum test-vector format and a runner for it;
//! - [`runtime`]: the Wasmtime embedding (deploy, call, metered host functions);
//! - [`contracts`]: the bundled guest contracts and their SCALE messages;
//! - [`groth16`]: Groth16 verification (native, through contracts) and snarkjs files.
//! - [`mont`]: Montgomery multiplication for 256-bit fields (portable, and MULX/ADX
//!   assembly chosen at run time), used by the verkle arithmetic;
//! - [`fuzzing`]: fuzz harness bodies shared by the cargo-fuzz targets (`host/fuzz`)
//!   and the corpus replay test.
//!
//! The crypto core (`bn254`, `gas`) never depends on the WebAssembly runtime.

pub mod bench;
pub mod bn254;
pub mod contracts;
pub mod fuzzing;
pub mod gas;
pub mod groth16;
pub mod mont;
pub mod msm;
pub mod runtime;
pub mod vectors;
pub mod verkle;
