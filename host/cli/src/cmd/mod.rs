//! The commands other than `bench` and `load` (in [`crate::bench`]), one per module.

pub mod build;
pub mod calibrate;
mod calibrate_plot;
pub mod calibrate_verkle;
pub mod call;
pub mod groth16;
pub mod new;
pub mod precompile;
pub mod soak;
pub mod vectors;

// The contract kit's `zkhost test`: `zkhost build`, then `cargo test`.
pub mod test;
