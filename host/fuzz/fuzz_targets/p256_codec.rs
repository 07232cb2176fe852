//! cargo-fuzz target: see [`zkhost_testkit::fuzzing::p256_codec`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost_testkit::fuzzing::p256_codec(data));
