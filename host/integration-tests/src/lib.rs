//! The workspace's end-to-end tests, in `tests/`: nothing here is a library.
//!
//! Each crate tests itself in its own `tests/`; what is here crosses crates or checks
//! the repository as a whole:
//!
//! - `transcript`: every function's output and gas on generated inputs, byte for byte
//!   the committed x86-64 transcript (`fixtures/transcript/`), on any architecture;
//! - `harness`, `eth_sync_committee`, `wasm_poseidon`, `bls12_groth16`: the bundled
//!   contracts through the runtime and `zkhost-harness`, as a node and an author run them;
//! - `wycheproof`, `bls_signatures`: whole vector suites through every path;
//! - `worst`: the benchmark's worst cases give the outputs a second implementation gives;
//! - `fuzz_replay`: every fuzz corpus through its harness, then a seeded mutation run;
//! - `native_stack`: each function on a small thread, its worst input;
//! - `docs`, `contracts_readme`: the book and the contracts README against the tables
//!   and the committed reports.
//!
//! Their inputs, readers and harnesses are `zkhost-testkit`'s.
