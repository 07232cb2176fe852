//! Contract ABI v1: the functions a contract may import from the module `zkhost`.
//!
//! Every host function follows the same rules, in this order:
//! 1. charge gas, computed from the lengths alone (a base, a per-byte price and the
//!    operation's price); not enough gas is an out-of-gas trap;
//! 2. check every pointer and length against the guest memory; out of bounds
//!    (including `ptr + len` overflow) is a trap;
//! 3. do the work behind a panic barrier (a panic becomes a host-error trap);
//! 4. write the whole output, or nothing.
//!
//! Crypto functions (BN254 and verkle) return 0 on success and 1 on invalid input
//! (nothing written).
//!
//! Everything here handles contract-controlled data: panicking constructs and
//! unchecked arithmetic are denied by lint (set once in `runtime/mod.rs`).

use std::panic::{catch_unwind, AssertUnwindSafe};

use wasmtime::{Caller, Linker, ValType};

use super::{memory, CallState, HostCosts, HostError, HostTrap};
use crate::bn254::Op;
use crate::verkle::Op as VerkleOp;

/// The module name contracts import from.
pub const MODULE: &str = "zkhost";

/// Every function of ABI v1: its name, parameter and result types.
pub const FUNCTIONS: &[(&str, &[ValType], &[ValType])] = &[
    ("input_size", &[], &[ValType::I32]),
    ("input_read", &[ValType::I32], &[]),
    ("output_write", &[ValType::I32, ValType::I32], &[]),
    ("gas_left", &[], &[ValType::I64]),
    (
        "alt_bn128_add",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
    (
        "alt_bn128_mul",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
    (
        "alt_bn128_g1_msm",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
    (
        "alt_bn128_pairing",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
    (
        "verkle_commit",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
    (
        "verkle_commitment_to_field",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
    (
        "verkle_update",
        &[ValType::I32, ValType::I32, ValType::I32],
        &[ValType::I32],
    ),
];

/// The panic barrier: runs `f`, turning an unexpected panic (a bug in a backend) into
/// a host-error trap for this call only. The runtime's state is not shared with `f`,
/// so nothing is left half-updated.
pub(crate) fn barrier<R>(f: impl FnOnce() -> R) -> Result<R, HostTrap> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| HostTrap::Panic)
}

/// Takes `gas` from the call's fuel, or traps out of gas (leaving none).
fn charge(caller: &mut Caller<'_, CallState>, gas: u64) -> wasmtime::Result<()> {
    match caller.get_fuel()?.checked_sub(gas) {
        Some(rest) => caller.set_fuel(rest),
        None => {
            caller.set_fuel(0)?;
            Err(HostTrap::OutOfGas.into())
        }
    }
}

fn memory_of(caller: &Caller<'_, CallState>) -> Result<wasmtime::Memory, HostTrap> {
    caller.data().memory.ok_or(HostTrap::MemoryOutOfBounds)
}

fn input_size(mut caller: Caller<'_, CallState>) -> wasmtime::Result<i32> {
    let cost = caller.data().costs.call(0, 0);
    charge(&mut caller, cost)?;
    // The input was capped at deploy-independent `max_input_bytes` (< 2^31) before the call.
    Ok(i32::try_from(caller.data().input.len()).map_err(|_| HostTrap::LimitExceeded)?)
}

fn input_read(mut caller: Caller<'_, CallState>, dest: i32) -> wasmtime::Result<()> {
    let cost = caller
        .data()
        .costs
        .call(caller.data().input.len() as u64, 0);
    charge(&mut caller, cost)?;
    let mem = memory_of(&caller)?;
    let (data, state) = mem.data_and_store_mut(&mut caller);
    memory::write(data, dest, &state.input)?;
    Ok(())
}

fn output_write(mut caller: Caller<'_, CallState>, src: i32, len: i32) -> wasmtime::Result<()> {
    let len = memory::len(len);
    let cost = caller.data().costs.call(len as u64, 0);
    charge(&mut caller, cost)?;
    if len > caller.data().max_output {
        return Err(HostTrap::LimitExceeded.into());
    }
    let mem = memory_of(&caller)?;
    let (data, state) = mem.data_and_store_mut(&mut caller);
    let bytes = memory::slice(data, src, len)?;
    state.output.clear();
    state.output.extend_from_slice(bytes);
    Ok(())
}

fn gas_left(mut caller: Caller<'_, CallState>) -> wasmtime::Result<i64> {
    let cost = caller.data().costs.call(0, 0);
    charge(&mut caller, cost)?;
    Ok(i64::try_from(caller.get_fuel()?).unwrap_or(i64::MAX))
}

/// The body every crypto host function shares, in the ABI's order: charge
/// `host_call + per_byte·len + op_gas(len)`; check the input and the `out_len`-byte
/// output range; run `work` behind the panic barrier; write the whole output and
/// return 0, or record the reason and return 1 with nothing written.
fn crypto_call<O: AsRef<[u8]>>(
    mut caller: Caller<'_, CallState>,
    (in_ptr, in_len, out_ptr): (i32, i32, i32),
    out_len: usize,
    op_gas: impl FnOnce(&HostCosts, usize) -> u64,
    work: impl FnOnce(&CallState, &[u8]) -> Result<O, HostError>,
) -> wasmtime::Result<i32> {
    let len = memory::len(in_len);
    let costs = caller.data().costs;
    charge(&mut caller, costs.call(len as u64, op_gas(&costs, len)))?;
    let mem = memory_of(&caller)?;
    let (data, state) = mem.data_and_store_mut(&mut caller);
    let input = memory::slice(data, in_ptr, len)?;
    memory::range(data.len(), out_ptr, out_len)?;
    match barrier(|| work(state, input))? {
        Ok(out) => {
            memory::write(data, out_ptr, out.as_ref())?;
            Ok(0)
        }
        Err(e) => {
            state.last_host_error = Some(e);
            Ok(1)
        }
    }
}

/// A BN254 precompile as a host function.
fn bn254(caller: Caller<'_, CallState>, op: Op, args: (i32, i32, i32)) -> wasmtime::Result<i32> {
    crypto_call(
        caller,
        args,
        op.output_len(),
        |c, len| c.precompiles.gas(op, len),
        |state, input| {
            #[cfg(test)]
            tests::maybe_panic();
            let backend = state
                .backend
                .unwrap_or(crate::bn254::Backend::default_for(op));
            backend.run(op, input).map_err(HostError::Bn254)
        },
    )
}

/// A verkle operation as a host function (output always 32 bytes).
fn verkle(
    caller: Caller<'_, CallState>,
    op: VerkleOp,
    args: (i32, i32, i32),
) -> wasmtime::Result<i32> {
    crypto_call(
        caller,
        args,
        op.output_len(),
        |c, len| c.verkle.gas(op, len),
        |_, input| op.run(input).map_err(HostError::Verkle),
    )
}

/// A linker that provides exactly the functions of [`FUNCTIONS`].
pub fn linker(engine: &wasmtime::Engine) -> wasmtime::Result<Linker<CallState>> {
    let mut l = Linker::new(engine);
    l.func_wrap(MODULE, "input_size", input_size)?;
    l.func_wrap(MODULE, "input_read", input_read)?;
    l.func_wrap(MODULE, "output_write", output_write)?;
    l.func_wrap(MODULE, "gas_left", gas_left)?;
    l.func_wrap(
        MODULE,
        "alt_bn128_add",
        |c: Caller<'_, CallState>, i: i32, n: i32, o: i32| bn254(c, Op::Add, (i, n, o)),
    )?;
    l.func_wrap(
        MODULE,
        "alt_bn128_mul",
        |c: Caller<'_, CallState>, i: i32, n: i32, o: i32| bn254(c, Op::Mul, (i, n, o)),
    )?;
    l.func_wrap(
        MODULE,
        "alt_bn128_pairing",
        |c: Caller<'_, CallState>, i: i32, n: i32, o: i32| bn254(c, Op::Pairing, (i, n, o)),
    )?;
    l.func_wrap(
        MODULE,
        "alt_bn128_g1_msm",
        |c: Caller<'_, CallState>, i: i32, n: i32, o: i32| bn254(c, Op::Msm, (i, n, o)),
    )?;
    for op in VerkleOp::ALL {
        l.func_wrap(
            MODULE,
            op.host_function(),
            move |c: Caller<'_, CallState>, i: i32, n: i32, o: i32| verkle(c, op, (i, n, o)),
        )?;
    }
    Ok(l)
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use parity_scale_codec::Encode;

    use super::*;
    use crate::bn254::sample;
    use crate::contracts::{Message, PRECOMPILES_WASM};
    use crate::runtime::{Runtime, RuntimeConfig, TrapKind};

    thread_local! {
        /// Makes the next crypto host function on this thread panic inside the barrier,
        /// as a bug in a backend would.
        static PANIC_NEXT: Cell<bool> = const { Cell::new(false) };
    }

    pub(super) fn maybe_panic() {
        if PANIC_NEXT.with(|p| p.replace(false)) {
            panic!("a backend bug (injected by a test)");
        }
    }

    #[test]
    fn a_panic_in_a_host_function_traps_that_call_only() {
        let rt = Runtime::new(RuntimeConfig::default()).unwrap();
        let code = rt.deploy(PRECOMPILES_WASM).unwrap();
        let messages: Vec<Vec<u8>> = [
            Message::Add(sample::add_input(1)),
            Message::Mul(sample::mul_input(2)),
            Message::Pairing(sample::pairing_input(1, 3)),
            Message::Msm(sample::msm_input(2, 4)),
        ]
        .iter()
        .map(|m| m.encode())
        .collect();
        let gas = 10_000_000;
        let normal: Vec<_> = messages
            .iter()
            .map(|m| rt.call(&code, m, gas).unwrap())
            .collect();
        assert!(normal.iter().all(|o| o.output().is_some()));

        // Other threads call all along; none of their calls is affected.
        let stop = std::sync::atomic::AtomicBool::new(false);
        /// Stops the other threads however this thread leaves the scope.
        struct Stop<'a>(&'a std::sync::atomic::AtomicBool);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                self.0.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
        std::thread::scope(|s| {
            let stop_guard = Stop(&stop);
            let others: Vec<_> = (0..2)
                .map(|_| {
                    s.spawn(|| {
                        let mut n = 0;
                        while !stop.load(std::sync::atomic::Ordering::Relaxed) || n < 10 {
                            for (m, expected) in messages.iter().zip(&normal) {
                                assert_eq!(&rt.call(&code, m, gas).unwrap(), expected);
                            }
                            n += 1;
                        }
                    })
                })
                .collect();
            let mut warm = rt.instantiate(&code).unwrap();
            for (m, expected) in messages.iter().zip(&normal) {
                for _ in 0..3 {
                    // A fresh instance: the call that panics traps with `host error`,
                    // having paid for the host call (charged before the work).
                    PANIC_NEXT.with(|p| p.set(true));
                    let hit = rt.call(&code, m, gas).unwrap();
                    assert_eq!(hit.trap(), Some(TrapKind::HostError));
                    assert!(hit.gas_used > 0 && hit.gas_used < gas);
                    assert!(hit.last_host_error.is_none());
                    // The next call on the same runtime is as before.
                    assert_eq!(&rt.call(&code, m, gas).unwrap(), expected);
                    // A warm instance survives its own host error and answers the
                    // next call alike. (Its gas may differ by a few units: a warm
                    // instance keeps the guest's memory as the trap left it, its
                    // allocator's state included, after any trap.)
                    PANIC_NEXT.with(|p| p.set(true));
                    assert_eq!(warm.call(m, gas).unwrap().trap(), Some(TrapKind::HostError));
                    assert_eq!(warm.call(m, gas).unwrap().result, expected.result);
                }
            }
            drop(stop_guard);
            for t in others {
                t.join().expect("the other threads saw no difference");
            }
        });
    }

    #[test]
    fn the_barrier_turns_a_panic_into_a_host_error_trap() {
        assert_eq!(barrier(|| 7), Ok(7));
        let caught = barrier(|| -> u8 { panic!("a backend bug") });
        assert_eq!(caught, Err(HostTrap::Panic));
        let err: wasmtime::Error = HostTrap::Panic.into();
        assert_eq!(
            super::super::trap_kind(&err),
            super::super::TrapKind::HostError
        );
    }
}
