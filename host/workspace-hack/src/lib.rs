//! No code. This crate's dependencies enable the features zkhost's workspace build
//! enables in Wasmtime's dependency graph, so that a contract's test build that shares
//! zkhost's target directory reuses the compiled Wasmtime (see its `Cargo.toml`).
#![no_std]
