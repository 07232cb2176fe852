//! cargo-fuzz target: see [`zkhost_testkit::fuzzing::bn254_lanes`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost_testkit::fuzzing::bn254_lanes(data));
