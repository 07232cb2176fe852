//! Every crypto host function runs within [`SMALL_STACK`] (64 KiB) of native stack on
//! every input of `zkhost_testkit::native_stack::cases` (its typical and slowest
//! inputs, and its record counts through and past every stack cap of the C libraries
//! under it), and gives there the output it gives on a thread with a large stack.
//!
//! A function that needs more overflows the small thread's stack, which kills this
//! test binary: with `thread '<function> (<case>)' has overflowed its stack` when the
//! fault is in the guard page, with a bare SIGSEGV when C code's `alloca` (blst's,
//! without stack probes) moves past the guard page at once, as this test did at
//! `7cc28ed`, before blst's scratch was bounded. The measured peaks are read with
//! `cargo run -p zkhost-testkit --example native_stack` (docs/src/embedding.md,
//! "Native stack").

// Tests: a panic is how an assertion fails.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use zkhost_abi::Crypto;
use zkhost_testkit::native_stack::{cases, run_on_stack, SMALL_STACK};

/// The large stack the reference runs get: 64 MiB, far above any function's need.
const LARGE_STACK: usize = 64 << 20;

#[test]
fn every_host_function_runs_in_64_kib_of_stack_with_the_same_output() {
    let cases = cases();
    // Every function has a case; every input is a valid one (a refusal would be a bug
    // in the inputs, and would test only the refusal's path).
    for op in Crypto::ALL {
        assert!(cases.iter().any(|c| c.op == op), "{op:?} has no case");
    }
    for case in &cases {
        // The small stack first: a function's first case is then its first call in
        // this process, which builds the tables it keeps (on the small stack too).
        let small = run_on_stack(SMALL_STACK, case);
        let large = run_on_stack(LARGE_STACK, case);
        assert!(
            large.is_ok(),
            "{} ({}): refused {large:?}",
            case.op.name(),
            case.what
        );
        assert_eq!(small, large, "{} ({})", case.op.name(), case.what);
    }
}
