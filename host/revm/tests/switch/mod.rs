//! What both differential tests of this crate share: revm 43 reads its crypto
//! provider from a process-wide `OnceLock`, so each test binary installs one provider
//! of its own that hands every call to revm's `DefaultCrypto` or to `ZkhostCrypto` by
//! a thread-local [`Side`], and counts the calls each backend receives. Both sides
//! thus run revm's very precompile functions; only the backend differs, and the
//! counters prove it did.

use std::cell::Cell;

use revm_precompile::{Precompile, PrecompileResult};

/// Which backend the provider uses on this thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// revm's `DefaultCrypto`.
    Revm,
    /// `zkhost_revm::ZkhostCrypto`.
    Zkhost,
}

thread_local! {
    static SIDE: Cell<Option<Side>> = const { Cell::new(None) };
    /// Provider calls received by each backend: [revm, zkhost].
    static CALLS: Cell<[u64; 2]> = const { Cell::new([0, 0]) };
}

/// The side of the current [`run`], counting the call (the provider's methods call
/// this first).
pub(crate) fn side() -> Side {
    let side = SIDE
        .get()
        .expect("a provider call outside `run`: no side chosen");
    CALLS.with(|c| {
        let mut calls = c.get();
        calls[side as usize] += 1;
        c.set(calls);
    });
    side
}

/// Runs `precompile` on `side` through revm's precompile function: its result, and
/// whether the side's backend was called (once at most, the other never).
pub(crate) fn run(
    side: Side,
    precompile: &Precompile,
    input: &[u8],
    gas_limit: u64,
) -> (PrecompileResult, bool) {
    CALLS.set([0, 0]);
    SIDE.set(Some(side));
    let result = precompile.execute(input, gas_limit, 0);
    SIDE.set(None);
    let calls = CALLS.get();
    let (own, other) = match side {
        Side::Revm => (calls[0], calls[1]),
        Side::Zkhost => (calls[1], calls[0]),
    };
    assert_eq!(other, 0, "{side:?} run reached the other backend");
    assert!(own <= 1, "{side:?} run called its backend {own} times");
    (result, own == 1)
}
