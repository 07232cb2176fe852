//! cargo-fuzz target: see [`zkhost::fuzzing::banderwagon_codec`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost::fuzzing::banderwagon_codec(data));
