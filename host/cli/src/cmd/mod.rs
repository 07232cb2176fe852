//! The commands other than the benchmarks (`bench`, `load`, `soak`, `calibrate`,
//! `calibrate-verkle`: in zkhost-bench), one per module.

pub mod build;
pub mod call;
pub mod groth16;
pub mod new;
pub mod precompile;
pub mod vectors;

// The contract kit's `zkhost test`: `zkhost build`, then `cargo test`.
pub mod test;
