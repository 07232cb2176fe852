//! cargo-fuzz target: see [`zkhost_testkit::fuzzing::bls_signatures_differential`].
#![no_main]

libfuzzer_sys::fuzz_target!(
    |data: &[u8]| zkhost_testkit::fuzzing::bls_signatures_differential(data)
);
