//! Calibration: the cost models that choose an algorithm inside a crypto crate (never
//! an output or a price), measured on this machine and written as the data files the
//! crates read. The measuring lives here rather than in the crates it calibrates: it
//! needs timing, JSON and plots, which the crypto crates must not depend on
//! (`.ci/check-crates`).

pub mod msm;
mod plot;
pub mod verkle;
