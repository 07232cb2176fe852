//! cargo-fuzz target: see [`zkhost::fuzzing::host_call`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zkhost::fuzzing::host_call(data));
