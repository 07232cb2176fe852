//! cargo-fuzz target: see [`zkhost::fuzzing::bn254_codec`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost::fuzzing::bn254_codec(data));
