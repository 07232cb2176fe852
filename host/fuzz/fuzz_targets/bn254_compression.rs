//! cargo-fuzz target: see [`zkhost_testkit::fuzzing::bn254_compression`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost_testkit::fuzzing::bn254_compression(data));
