//! cargo-fuzz target: see [`zkhost_testkit::fuzzing::ed25519_differential`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost_testkit::fuzzing::ed25519_differential(data));
