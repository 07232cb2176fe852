//! zkhost's crypto host functions, for any Wasmtime `Linker<T>`.
//!
//! [`add_to_linker`] adds the crypto functions of contract ABI v1 that the node picks
//! ([`Functions`]: BN254 add, mul, pairing, G1 MSM and point compression; the verkle
//! functions; the seven BLS12-381 precompiles of EIP-2537, on blst; KZG point
//! evaluation and P256VERIFY; Poseidon; secp256k1 and Ed25519 signatures; and the
//! optional `last_error`) to a
//! node's own linker, generic over its store data `T`, the way `wasmtime-wasi`'s
//! `add_to_linker` does: the node keeps a [`HostState`] somewhere in `T` and says
//! where with a closure, and chooses the [`GasMeter`] the functions charge. Every
//! function follows the same rules, in this order:
//!
//! 1. charge `host_call + per_byte·in_len + price(in_len)` ([`HostCosts`]), computed
//!    from the length alone; not enough gas is an out-of-gas trap;
//! 2. find the memory by its export name and check the input range and the output
//!    range (`ptr + len` overflow, negative lengths) before touching a byte; out of
//!    bounds is a trap; then charge the part of the price only the input's content
//!    tells ([`crate::Prices::content_gas`]: `ed25519_batch_verify`'s records, 0 for every
//!    other function);
//! 3. do the work behind a panic barrier (a panic becomes a host-error trap for this
//!    call only);
//! 4. write the whole output and return 0, or record why in the [`HostState`] and
//!    return 1 with nothing written.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use wasmtime::{Caller, Extern, Linker, Memory, Module, ModuleExport};
use zkhost_abi::{Crypto, Family, Function};
use zkhost_bn254::Backend;
use zkhost_gas::HostCosts;

use crate::check::{Import, ModuleRules};
use crate::functions::{compute, Prices};
use crate::memory;
use crate::meter::GasMeter;
use crate::outcome::{HostCharge, HostError};
pub use crate::trap::{HostCallError, HostTrap};

/// What zkhost's host functions keep in the node's store data: the prices they
/// charge, the BN254 backend, and why the last refused input was refused.
#[derive(Clone, Debug, Default)]
pub struct HostState {
    costs: HostCosts,
    backend: Option<Backend>,
    last_error: Option<HostError>,
    memory: MemoryExport,
    /// The charges of this call's host functions, when they are being recorded.
    charges: Option<Vec<HostCharge>>,
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
            charges: None,
        }
    }

    /// Starts (`true`, with an empty record) or stops recording each host function's
    /// charge ([`HostState::take_charges`]). Off unless turned on: a node has no need
    /// of it.
    pub fn record_charges(&mut self, on: bool) {
        self.charges = on.then(Vec::new);
    }

    /// The charges recorded since [`HostState::record_charges`], taken (empty when not
    /// recording).
    pub fn take_charges(&mut self) -> Vec<HostCharge> {
        self.charges
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
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

    /// Why the last crypto function that returned 1 refused its input: tools print it
    /// as the native path would, and `last_error()` gives a contract its code
    /// ([`HostError::code`]). That makes its class consensus: every backend classifies
    /// every input alike (the differential tests compare the errors too). A node
    /// clears it between calls ([`HostState::take_last_error`], or a fresh state).
    pub fn last_error(&self) -> Option<&HostError> {
        self.last_error.as_ref()
    }

    /// Takes the diagnostic, leaving none (a node clears it between calls).
    pub fn take_last_error(&mut self) -> Option<HostError> {
        self.last_error.take()
    }
}

/// Which of zkhost's host functions a node links: a set of [`Crypto`] functions, by
/// family or one by one, and `last_error` ([`zkhost_abi::last_error`]).
///
/// ```
/// use zkhost_runtime::{Crypto, Functions};
/// let bn254_and_tree_keys = Functions::BN254 | Functions::one(Crypto::VerkleTreeKey);
/// assert!(bn254_and_tree_keys.contains(Crypto::AltBn128Pairing));
/// assert!(!bn254_and_tree_keys.contains(Crypto::Bls12G1Add));
/// assert!(!bn254_and_tree_keys.has_last_error());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Functions(u64);

impl Functions {
    /// The bit of `last_error`; the crypto functions take the bits from 0, in the
    /// order of [`Crypto::ALL`] (the table's order, which only grows at the end).
    const LAST_ERROR_BIT: u64 = 1 << 63;

    /// Nothing.
    pub const NONE: Functions = Functions(0);
    /// `last_error` alone.
    pub const LAST_ERROR: Functions = Functions(Self::LAST_ERROR_BIT);
    /// The BN254 functions: add, mul, pairing (EIP-196/197), the G1 MSM and point
    /// compression (G1 and G2, both ways).
    pub const BN254: Functions = Functions::family(Family::Bn254);
    /// What a BN254 Groth16 verifier calls (`zkhost_guest::verifier`): the G1 MSM,
    /// the add and the pairing check.
    pub const GROTH16: Functions = Functions::of(&[
        Crypto::AltBn128G1Msm,
        Crypto::AltBn128Add,
        Crypto::AltBn128Pairing,
    ]);
    /// The seven BLS12-381 precompiles of EIP-2537.
    pub const BLS12_381: Functions = Functions::family(Family::Bls12381);
    /// The six verkle functions (commitments, updates, EIP-6800 tree keys).
    pub const VERKLE: Functions = Functions::family(Family::Verkle);
    /// KZG point evaluation (EIP-4844).
    pub const KZG: Functions = Functions::family(Family::Kzg);
    /// P256VERIFY (EIP-7951).
    pub const P256: Functions = Functions::family(Family::P256);
    /// circomlib's Poseidon.
    pub const POSEIDON: Functions = Functions::family(Family::Poseidon);
    /// secp256k1: the EVM's `ecrecover`, verification and public-key recovery.
    pub const SECP256K1: Functions = Functions::family(Family::Secp256k1);
    /// Ed25519 (ZIP-215): one signature and a batch.
    pub const ED25519: Functions = Functions::family(Family::Ed25519);
    /// BLS signatures beyond EIP-2537: compressed points, hash to curve, aggregation,
    /// verification.
    pub const BLS_SIGNATURES: Functions = Functions::family(Family::BlsSignatures);
    /// Every crypto function and `last_error`: what [`crate::Runtime`] links.
    pub const ALL: Functions = Functions(Functions::of(&Crypto::ALL).0 | Self::LAST_ERROR_BIT);

    /// Exactly the crypto functions `ops`.
    pub const fn of(mut ops: &[Crypto]) -> Functions {
        let mut bits = 0;
        while let [op, rest @ ..] = ops {
            bits |= Functions::one(*op).0;
            ops = rest;
        }
        Functions(bits)
    }

    /// The crypto functions of `family` ([`Crypto::family`]).
    pub const fn family(family: Family) -> Functions {
        let mut bits = 0;
        let mut ops: &[Crypto] = &Crypto::ALL;
        while let [op, rest @ ..] = ops {
            // `PartialEq` is not const: compare the discriminants.
            if op.family() as u8 == family as u8 {
                bits |= Functions::one(*op).0;
            }
            ops = rest;
        }
        Functions(bits)
    }

    /// The crypto function `op` alone.
    pub const fn one(op: Crypto) -> Functions {
        const {
            assert!(
                Crypto::ALL.len() < 63,
                "a bit per crypto function and one for last_error"
            )
        };
        Functions(1 << op as u64)
    }

    /// Both sets.
    pub const fn union(self, other: Functions) -> Functions {
        Functions(self.0 | other.0)
    }

    /// This set and `last_error`.
    pub const fn with_last_error(self) -> Functions {
        self.union(Functions::LAST_ERROR)
    }

    /// Whether `op` is in the set.
    pub const fn contains(self, op: Crypto) -> bool {
        self.0 & Functions::one(op).0 != 0
    }

    /// Whether `last_error` is in the set.
    pub const fn has_last_error(self) -> bool {
        self.0 & Self::LAST_ERROR_BIT != 0
    }

    /// The crypto functions of the set, in the order of [`Crypto::ALL`].
    pub fn crypto(self) -> impl Iterator<Item = Crypto> {
        Crypto::ALL.into_iter().filter(move |&op| self.contains(op))
    }
}

impl std::ops::BitOr for Functions {
    type Output = Functions;
    fn bitor(self, other: Functions) -> Functions {
        self.union(other)
    }
}

impl std::fmt::Debug for Functions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let last = self
            .has_last_error()
            .then_some(zkhost_abi::last_error::NAME);
        f.debug_set()
            .entries(self.crypto().map(Crypto::name).chain(last))
            .finish()
    }
}

/// How zkhost's host functions are linked, given once and used everywhere: the import
/// module, the name of the memory export they read and write, and which functions.
/// The deploy checks take the same value ([`LinkOptions::rules`]), so a contract
/// without that memory export, or importing a function that is not linked, is refused
/// at deploy with an error naming it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkOptions {
    /// The import module (default [`zkhost_abi::MODULE`], `zkhost`).
    pub module: String,
    /// The contract's memory export (default `memory`).
    pub memory: String,
    /// The functions linked (default [`Functions::ALL`]).
    pub functions: Functions,
}

impl LinkOptions {
    /// The memory export zkhost's own contracts and [`crate::Runtime`] use.
    pub const DEFAULT_MEMORY: &'static str = "memory";

    /// These options with the import module `module`.
    pub fn with_module(mut self, module: &str) -> LinkOptions {
        self.module = module.to_string();
        self
    }

    /// These options with the memory export `memory`.
    pub fn with_memory(mut self, memory: &str) -> LinkOptions {
        self.memory = memory.to_string();
        self
    }

    /// These options linking `functions` only.
    pub fn with_functions(mut self, functions: Functions) -> LinkOptions {
        self.functions = functions;
        self
    }

    /// Exactly the imports [`add_to_linker`] links with these options: the allow-list
    /// for the deploy checks.
    pub fn imports(&self) -> Vec<Import<'_>> {
        let crypto = self
            .functions
            .crypto()
            .map(|op| Import::abi(&self.module, Function::Crypto(op)));
        let last = self
            .functions
            .has_last_error()
            .then(|| Import::last_error(&self.module));
        crypto.chain(last).collect()
    }

    /// The deploy rules for a module that uses these functions and nothing else:
    /// this memory export, these [`imports`](LinkOptions::imports), zkhost's default
    /// size limits, no required entry point and no stack instrumentation. A node adds
    /// its own imports and entry points, and may opt in to the stack limit.
    pub fn rules(&self) -> ModuleRules<'_> {
        ModuleRules::new(&self.memory, self.imports())
    }

    /// Where `module` exports the memory these options name (see [`MemoryExport`]).
    pub fn memory_export(&self, module: &Module) -> MemoryExport {
        MemoryExport::of(module, &self.memory)
    }
}

impl Default for LinkOptions {
    fn default() -> Self {
        LinkOptions {
            module: zkhost_abi::MODULE.to_string(),
            memory: Self::DEFAULT_MEMORY.to_string(),
            functions: Functions::ALL,
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

/// The result of the Ethereum precompile `op` mirrors, from the function's result: the
/// same, except where the table says a refusal is the precompile's empty output, a
/// success ([`zkhost_abi::Refusal::EmptyOutput`]: P256VERIFY's invalid signature).
pub fn precompile_output(
    op: Crypto,
    result: Result<Vec<u8>, HostError>,
) -> Result<Vec<u8>, HostError> {
    match (op.refusal(), result) {
        (zkhost_abi::Refusal::EmptyOutput, Err(_)) => Ok(Vec::new()),
        (_, other) => other,
    }
}

/// The body every crypto host function shares (see the module documentation).
fn crypto_call<T, M: GasMeter<T>>(
    mut caller: Caller<'_, T>,
    meter: &M,
    state: impl Fn(&mut T) -> &mut HostState,
    memory_name: &str,
    op: Crypto,
    (in_ptr, in_len, out_ptr): (i32, i32, i32),
) -> wasmtime::Result<i32> {
    let len = memory::len(in_len);
    let host = state(caller.data_mut());
    let (price, hint) = (host.costs.crypto_call(op, len), host.memory);
    charge(&mut caller, meter, op.name(), price)?;
    let trap = |t: HostTrap| HostCallError::new(op.name(), t);
    let mem = guest_memory(&mut caller, hint, memory_name).map_err(trap)?;
    // Bounds of the input and the output; then the part of the price only the input's
    // content tells (a batch's records), before any work.
    let content = {
        let (data, t) = mem.data_and_store_mut(&mut caller);
        let input = memory::slice(data, in_ptr, len).map_err(trap)?;
        memory::range(data.len(), out_ptr, op.output_len()).map_err(trap)?;
        state(t).costs.content_gas(op, input)
    };
    if content > 0 {
        charge(&mut caller, meter, op.name(), content)?;
    }
    record(
        &mut caller,
        meter,
        &state,
        op.name(),
        price.saturating_add(content),
    );
    let (data, t) = mem.data_and_store_mut(&mut caller);
    let input = memory::slice(data, in_ptr, len).map_err(trap)?;
    let host = state(t);
    let backend = host.backend;
    match barrier(|| {
        #[cfg(test)]
        tests::maybe_panic();
        compute(op, backend, input)
    })
    .map_err(trap)?
    {
        Ok(out) => {
            memory::write(data, out_ptr, &out).map_err(trap)?;
            Ok(0)
        }
        Err(e) => {
            host.last_error = Some(e);
            Ok(1)
        }
    }
}

/// Charges `price` for `function` through `meter`: out of gas is a
/// [`HostCallError`] quoting the price and what the meter said was left.
pub(crate) fn charge<T, M: GasMeter<T>>(
    caller: &mut Caller<'_, T>,
    meter: &M,
    function: &'static str,
    price: u64,
) -> Result<(), HostCallError> {
    let left = meter.left(caller);
    meter
        .charge(caller, price)
        .map_err(|_| HostCallError::out_of_gas(function, price, left))
}

/// Records that `function` charged `gas`, if the [`HostState`] is recording.
fn record<T, M: GasMeter<T>>(
    caller: &mut Caller<'_, T>,
    meter: &M,
    state: impl Fn(&mut T) -> &mut HostState,
    function: &'static str,
    gas: u64,
) {
    if state(caller.data_mut()).charges.is_some() {
        let left = meter.left(caller).unwrap_or(0);
        if let Some(charges) = &mut state(caller.data_mut()).charges {
            charges.push(HostCharge {
                function,
                gas,
                left,
            });
        }
    }
}

/// Adds the crypto host functions of `options.functions` (and `last_error` if it is
/// in the set) to `linker` under `options.module`, generic over the node's store
/// data: `get` finds the [`HostState`] in it, and every function charges `meter`
/// before any work. [`LinkOptions::imports`] lists exactly what this links. The I/O
/// functions of zkhost's own ABI are not added (see [`crate::io`]): a node brings its
/// own.
pub fn add_to_linker<T: 'static, M: GasMeter<T>>(
    linker: &mut Linker<T>,
    options: &LinkOptions,
    meter: M,
    get: impl Fn(&mut T) -> &mut HostState + Copy + Send + Sync + 'static,
) -> wasmtime::Result<()> {
    let memory: Arc<str> = Arc::from(options.memory.as_str());
    for op in options.functions.crypto() {
        let memory = Arc::clone(&memory);
        let meter = meter.clone();
        linker.func_wrap(
            &options.module,
            op.name(),
            move |caller: Caller<'_, T>, in_ptr: i32, in_len: i32, out_ptr: i32| {
                crypto_call(caller, &meter, get, &memory, op, (in_ptr, in_len, out_ptr))
            },
        )?;
    }
    if options.functions.has_last_error() {
        linker.func_wrap(
            &options.module,
            zkhost_abi::last_error::NAME,
            move |mut caller: Caller<'_, T>| -> wasmtime::Result<i32> {
                let price = get(caller.data_mut()).costs.call(0, 0);
                charge(&mut caller, &meter, zkhost_abi::last_error::NAME, price)?;
                record(
                    &mut caller,
                    &meter,
                    get,
                    zkhost_abi::last_error::NAME,
                    price,
                );
                let last = get(caller.data_mut()).last_error.as_ref();
                Ok(last.map_or(zkhost_abi::last_error::NONE, HostError::code))
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
