//! The peak native stack of every crypto host function on every input of
//! `zkhost_testkit::native_stack::cases`, in bytes: the figures of
//! docs/src/embedding.md, "Native stack".
//!
//! `cargo run --release -p zkhost-testkit --example native_stack` (and without
//! `--release` for the test profile's figures). Prints one line per case, `peak <bytes>
//! <function> (<case>)`, then each function's largest.
//!
//! How: each case runs on a new thread with an 8 MiB stack. Before the call, the part
//! of that stack below the caller's frame is painted with a pattern; after it, the
//! lowest word that no longer holds the pattern is the deepest the call wrote, and the
//! peak is its distance from the caller's frame (a peak under 1 KiB reads as 1024).
//! The first case of each function is its first call in the process: one-time
//! initialisations (tables built on first use) are counted there. Memory a function reserves but never
//! writes is not counted (none it can return from without writing below it: a call
//! from there stores its return address). Linux only (`pthread_getattr_np`).

// An example: it stops on what it cannot measure.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use zkhost_testkit::native_stack::{cases, Case};

/// The painted threads' stack.
const STACK: usize = 8 << 20;

/// The pattern painted below the caller's frame.
const PAINT: u64 = 0x5a3c_c3a5_96e1_1e69;

/// Left unpainted at the bottom of the stack, above its guard page.
const BOTTOM_MARGIN: usize = 16 << 10;

/// Left unpainted just below the measuring frame, for the painting function's own
/// frame: a peak below it reads as this much.
const TOP_MARGIN: usize = 1 << 10;

/// The lowest address of the calling thread's stack, above its guard.
fn stack_low() -> usize {
    // SAFETY: `attr` is initialised by pthread_getattr_np before it is read and
    // destroyed once; the out-pointers are valid locals.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        assert_eq!(libc::pthread_getattr_np(libc::pthread_self(), &mut attr), 0);
        let (mut addr, mut size) = (std::ptr::null_mut(), 0usize);
        assert_eq!(libc::pthread_attr_getstack(&attr, &mut addr, &mut size), 0);
        libc::pthread_attr_destroy(&mut attr);
        addr as usize
    }
}

/// Writes [`PAINT`] over `[from, to)`, 8-byte aligned: unused stack below the frames
/// of this thread.
#[inline(never)]
fn paint(from: usize, to: usize) {
    let mut at = from.next_multiple_of(8);
    while at + 8 <= to {
        // SAFETY: `[from, to)` is this thread's stack, below every live frame (the
        // caller leaves TOP_MARGIN for this function's frame).
        unsafe { std::ptr::write_volatile(at as *mut u64, PAINT) };
        at += 8;
    }
}

/// The lowest address in `[from, to)` that no longer holds [`PAINT`], or `to`.
#[inline(never)]
fn lowest_written(from: usize, to: usize) -> usize {
    let mut at = from.next_multiple_of(8);
    while at + 8 <= to {
        // SAFETY: as in `paint`; read only.
        if unsafe { std::ptr::read_volatile(at as *const u64) } != PAINT {
            return at;
        }
        at += 8;
    }
    to
}

/// An address in the frame of a function called from the caller: below every byte
/// of the caller's frame, where the frames of the caller's next call begin.
#[inline(never)]
fn below_caller() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Runs `f` with the stack below this frame painted, and returns how far below this
/// frame it wrote.
#[inline(never)]
fn measure(f: &dyn Fn()) -> Result<usize, usize> {
    let top = below_caller();
    let from = stack_low() + BOTTOM_MARGIN;
    let to = top - TOP_MARGIN;
    paint(from, to);
    f();
    let low = lowest_written(from, to);
    if low <= from {
        Err(top - from)
    } else {
        Ok(top - low)
    }
}

/// The peak stack of `case`'s call, in bytes below the measuring frame, on a thread of
/// its own; panics if the function refuses the input or the measure reaches the
/// painted area's bottom.
fn peak(case: &Case) -> usize {
    let case = case.clone();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            let out = std::cell::RefCell::new(None);
            let bytes = measure(&|| {
                *out.borrow_mut() = Some(zkhost_runtime::compute(
                    case.op,
                    None,
                    std::hint::black_box(&case.input),
                ));
            });
            let name = format!("{} ({})", case.op.name(), case.what);
            let out = out.into_inner().expect("ran");
            assert!(out.is_ok(), "{name}: {out:?}");
            bytes.unwrap_or_else(|b| panic!("{name}: more than the {b} bytes painted"))
        })
        .unwrap()
        .join()
        .unwrap()
}

fn main() {
    let profile = if cfg!(debug_assertions) {
        "test (dev)"
    } else {
        "release"
    };
    println!("# native stack, {profile} profile; bytes below the caller's frame");
    let mut largest: BTreeMap<usize, (&'static str, usize, String)> = BTreeMap::new();
    for (i, case) in cases().iter().enumerate() {
        let bytes = peak(case);
        println!("peak {bytes} {} ({})", case.op.name(), case.what);
        let index = zkhost_abi::Crypto::ALL
            .iter()
            .position(|&o| o == case.op)
            .unwrap_or(i);
        let entry = largest
            .entry(index)
            .or_insert((case.op.name(), 0, String::new()));
        if bytes > entry.1 {
            *entry = (case.op.name(), bytes, case.what.clone());
        }
    }
    println!("\n| function | peak (bytes) | on |\n|---|---:|---|");
    for (name, bytes, what) in largest.values() {
        println!("| `{name}` | {bytes} | {what} |");
    }
}
