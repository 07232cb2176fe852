//! zkhost's crypto host functions, for any Wasmtime `Linker<T>`.
//!
//! [`add_to_linker`] adds the fourteen crypto functions of contract ABI v1 (BN254
//! add, mul, pairing and G1 MSM; verkle commit, commitment to field and update; the
//! seven BLS12-381 precompiles of EIP-2537, on blst) to a node's own linker, generic over its store data `T`, the way `wasmtime-wasi`'s
//! `add_to_linker` does: the node keeps a [`HostState`] somewhere in `T` and says
//! where with a closure, and chooses the [`GasMeter`] the functions charge. Every
//! function follows the same rules, in this order:
//!
//! 1. charge `host_call + per_byte·in_len + price(in_len)` ([`HostCosts`]), computed
//!    from the length alone; not enough gas is an out-of-gas trap;
//! 2. find the memory by its export name and check the input range and the output
//!    range (`ptr + len` overflow, negative lengths) before touching a byte; out of
//!    bounds is a trap;
//! 3. do the work behind a panic barrier (a panic becomes a host-error trap for this
//!    call only);
//! 4. write the whole output and return 0, or record why in the [`HostState`] and
//!    return 1 with nothing written.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use wasmtime::{Caller, Extern, Linker, Memory, Module, ModuleExport};
use zkhost_abi::Crypto;
use zkhost_bls12381::Op as Bls12Op;
use zkhost_bn254::{msm, Backend, Op};
use zkhost_gas::HostCosts;
use zkhost_verkle::Op as VerkleOp;

use crate::memory;
use crate::meter::GasMeter;
use crate::outcome::HostError;

/// A trap raised by a host function. Converted to a [`crate::TrapKind`] in an
/// [`crate::Outcome`]; a node that runs its own calls can downcast a call's error to
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HostTrap {
    /// Not enough gas for the host function's price.
    #[error("out of gas")]
    OutOfGas,
    /// A pointer and length outside guest memory (or no memory under the export
    /// name).
    #[error("memory out of bounds")]
    MemoryOutOfBounds,
    /// A deterministic size limit.
    #[error("limit exceeded")]
    LimitExceeded,
    /// A panic inside a host function, caught at the boundary.
    #[error("host function panicked")]
    Panic,
}

/// What zkhost's host functions keep in the node's store data: the prices they
/// charge, the BN254 backend, and why the last refused input was refused.
#[derive(Clone, Debug, Default)]
pub struct HostState {
    costs: HostCosts,
    backend: Option<Backend>,
    last_error: Option<HostError>,
    memory: MemoryExport,
}

impl HostState {
    /// A state charging `costs`, computing BN254 on `backend` (`None`: the fastest
    /// measured per operation).
    pub fn new(costs: HostCosts, backend: Option<Backend>) -> HostState {
        HostState {
            costs,
            backend,
            last_error: None,
            memory: MemoryExport::default(),
        }
    }

    /// Tells the host functions where the module about to run exports its memory
    /// ([`MemoryExport::of`]), so that they reach it without a lookup by name on
    /// every call. Optional and never a change of result: without it, or for a
    /// caller of another module, they look the export up by name.
    pub fn set_memory_export(&mut self, memory: MemoryExport) {
        self.memory = memory;
    }

    /// The prices.
    pub fn costs(&self) -> &HostCosts {
        &self.costs
    }

    /// The BN254 backend (`None`: the default per operation).
    pub fn backend(&self) -> Option<Backend> {
        self.backend
    }

    /// Why the last crypto function that returned 1 refused its input. A diagnostic,
    /// not consensus: tools print it as the native path would.
    pub fn last_error(&self) -> Option<HostError> {
        self.last_error
    }

    /// Takes the diagnostic, leaving none (a node clears it between calls).
    pub fn take_last_error(&mut self) -> Option<HostError> {
        self.last_error.take()
    }
}

/// How the host functions are linked: the module they are imported from and the
/// name of the memory export they read and write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkOptions {
    /// The import module (default [`zkhost_abi::MODULE`], `zkhost`).
    pub module: String,
    /// The contract's memory export (default `memory`).
    pub memory: String,
}

impl LinkOptions {
    /// The memory export zkhost's own contracts and [`crate::Runtime`] use.
    pub const DEFAULT_MEMORY: &'static str = "memory";
}

impl Default for LinkOptions {
    fn default() -> Self {
        LinkOptions {
            module: zkhost_abi::MODULE.to_string(),
            memory: Self::DEFAULT_MEMORY.to_string(),
        }
    }
}

/// The panic barrier: runs `f`, turning an unexpected panic (a bug in a backend) into
/// a host-error trap for this call only. `f` gets no access to the store, so nothing
/// is left half-updated.
pub(crate) fn barrier<R>(f: impl FnOnce() -> R) -> Result<R, HostTrap> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|_| HostTrap::Panic)
}

/// Where one module exports its memory, resolved once from the module
/// ([`MemoryExport::of`]) instead of by name in every host call (a string hash and a
/// map lookup, a measurable share of a cheap call such as ECADD's). It is checked
/// against the calling instance's module on every use, so a stale or foreign value
/// only costs the lookup by name it was meant to save.
#[derive(Clone, Copy, Default)]
pub struct MemoryExport(Hint);

#[derive(Clone, Copy, Default)]
enum Hint {
    /// Look the export up by name.
    #[default]
    ByName,
    /// The module's export, checked against the caller's module.
    Export(ModuleExport),
    /// The memory itself: only for a store that holds a single instance and a state
    /// made for it, which [`crate::Runtime`] guarantees (so this is not public).
    Bound(Memory),
}

impl MemoryExport {
    /// The export `name` of `module` (by name if the module has no such export).
    pub fn of(module: &Module, name: &str) -> MemoryExport {
        MemoryExport(
            module
                .get_export_index(name)
                .map_or(Hint::ByName, Hint::Export),
        )
    }

    /// The memory of the one instance in a store, for zkhost's own runtime.
    pub(crate) fn bound(memory: Memory) -> MemoryExport {
        MemoryExport(Hint::Bound(memory))
    }
}

impl std::fmt::Debug for MemoryExport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = match self.0 {
            Hint::ByName => "by name",
            Hint::Export(_) => "module export",
            Hint::Bound(_) => "bound",
        };
        f.debug_tuple("MemoryExport").field(&how).finish()
    }
}

/// The contract's memory, found through `hint` when it belongs to the caller's
/// module, else by its export name: the one way host functions reach guest bytes
/// (then through [`memory`]'s checked accessors).
pub(crate) fn guest_memory<T>(
    caller: &mut Caller<'_, T>,
    hint: MemoryExport,
    name: &str,
) -> Result<Memory, HostTrap> {
    let found = match hint.0 {
        Hint::Bound(memory) => return Ok(memory),
        Hint::Export(export) => caller.get_module_export(&export),
        Hint::ByName => None,
    };
    match found.or_else(|| caller.get_export(name)) {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(HostTrap::MemoryOutOfBounds),
    }
}

/// What a crypto function computes from its input bytes, exactly as the host
/// function does (the same front end, backend choice and errors), without a runtime:
/// the output, or why the input is refused.
pub fn compute(op: Crypto, backend: Option<Backend>, input: &[u8]) -> Result<Vec<u8>, HostError> {
    let bn254 = |op: Op| {
        backend
            .unwrap_or(Backend::default_for(op))
            .run(op, input)
            .map_err(HostError::Bn254)
    };
    let verkle = |op: VerkleOp| op.run(input).map_err(HostError::Verkle);
    let bls12 = |op: Bls12Op| zkhost_bls12381::run(op, input).map_err(HostError::Bls12);
    match op {
        Crypto::AltBn128Add => bn254(Op::Add),
        Crypto::AltBn128Mul => bn254(Op::Mul),
        Crypto::AltBn128Pairing => bn254(Op::Pairing),
        Crypto::AltBn128G1Msm => msm::g1_msm(input)
            .map(|o| o.to_vec())
            .map_err(HostError::Bn254),
        Crypto::VerkleCommit => verkle(VerkleOp::Commit),
        Crypto::VerkleCommitmentToField => verkle(VerkleOp::ToField),
        Crypto::VerkleUpdate => verkle(VerkleOp::Update),
        Crypto::Bls12G1Add => bls12(Bls12Op::G1Add),
        Crypto::Bls12G1Msm => bls12(Bls12Op::G1Msm),
        Crypto::Bls12G2Add => bls12(Bls12Op::G2Add),
        Crypto::Bls12G2Msm => bls12(Bls12Op::G2Msm),
        Crypto::Bls12PairingCheck => bls12(Bls12Op::Pairing),
        Crypto::Bls12MapFpToG1 => bls12(Bls12Op::MapFpToG1),
        Crypto::Bls12MapFp2ToG2 => bls12(Bls12Op::MapFp2ToG2),
        Crypto::VerkleTreeKey => verkle(VerkleOp::TreeKey),
        Crypto::VerkleCommitUncompressed => verkle(VerkleOp::CommitUncompressed),
        Crypto::VerkleUpdateUncompressed => verkle(VerkleOp::UpdateUncompressed),
    }
}

/// The body every crypto host function shares (see the module documentation).
fn crypto_call<T, M: GasMeter<T>>(
    mut caller: Caller<'_, T>,
    meter: M,
    state: impl Fn(&mut T) -> &mut HostState,
    memory_name: &str,
    op: Crypto,
    (in_ptr, in_len, out_ptr): (i32, i32, i32),
) -> wasmtime::Result<i32> {
    let len = memory::len(in_len);
    let host = state(caller.data_mut());
    let (price, hint) = (host.costs.crypto_call(op, len), host.memory);
    meter
        .charge(&mut caller, price)
        .map_err(|_| HostTrap::OutOfGas)?;
    let mem = guest_memory(&mut caller, hint, memory_name)?;
    let (data, t) = mem.data_and_store_mut(&mut caller);
    let input = memory::slice(data, in_ptr, len)?;
    memory::range(data.len(), out_ptr, op.output_len())?;
    let host = state(t);
    let backend = host.backend;
    match barrier(|| {
        #[cfg(test)]
        tests::maybe_panic();
        compute(op, backend, input)
    })? {
        Ok(out) => {
            memory::write(data, out_ptr, &out)?;
            Ok(0)
        }
        Err(e) => {
            host.last_error = Some(e);
            Ok(1)
        }
    }
}

/// Adds the crypto host functions ([`Crypto::ALL`]) to `linker` under
/// `options.module`, generic over the node's store data: `get` finds the
/// [`HostState`] in it, and every function charges `meter` before any work. The I/O
/// functions of zkhost's own ABI are not added (see [`crate::io`]): a node brings its
/// own.
pub fn add_to_linker<T: 'static, M: GasMeter<T>>(
    linker: &mut Linker<T>,
    options: &LinkOptions,
    meter: M,
    get: impl Fn(&mut T) -> &mut HostState + Copy + Send + Sync + 'static,
) -> wasmtime::Result<()> {
    let memory: Arc<str> = Arc::from(options.memory.as_str());
    for op in Crypto::ALL {
        let memory = Arc::clone(&memory);
        linker.func_wrap(
            &options.module,
            op.name(),
            move |caller: Caller<'_, T>, in_ptr: i32, in_len: i32, out_ptr: i32| {
                crypto_call(caller, meter, get, &memory, op, (in_ptr, in_len, out_ptr))
            },
        )?;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
pub(crate) mod tests {
    use std::cell::Cell;

    use super::*;

    thread_local! {
        /// Makes the next crypto host function on this thread panic inside the barrier,
        /// as a bug in a backend would.
        static PANIC_NEXT: Cell<bool> = const { Cell::new(false) };
    }

    pub(crate) fn maybe_panic() {
        if PANIC_NEXT.with(|p| p.replace(false)) {
            #[allow(clippy::panic)]
            {
                panic!("a backend bug (injected by a test)");
            }
        }
    }

    /// Arms [`maybe_panic`] for the next crypto call on this thread.
    pub(crate) fn panic_next() {
        PANIC_NEXT.with(|p| p.set(true));
    }

    #[test]
    fn the_barrier_turns_a_panic_into_a_host_error_trap() {
        assert_eq!(barrier(|| 7), Ok(7));
        let caught = barrier(|| -> u8 { panic!("a backend bug") });
        assert_eq!(caught, Err(HostTrap::Panic));
        let err: wasmtime::Error = HostTrap::Panic.into();
        assert_eq!(crate::trap_kind(&err), crate::TrapKind::HostError);
    }
}
