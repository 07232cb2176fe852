//! A minimal chain node's execution layer that zkhost does not own, written the way a
//! node team would write it against zkhost's public API only.
//!
//! The node has its own store data ([`NodeState`]: a storage working copy, the call's
//! input and return data, its gas meter), its own host functions under its own
//! module name (`node`: [`input`](NodeFunction::Input),
//! [`storage_read`](NodeFunction::StorageRead),
//! [`storage_write`](NodeFunction::StorageWrite), [`return`](NodeFunction::Return)),
//! its own entry point (`run`), a key–value storage per contract and a block-level
//! gas counter. zkhost's crypto host functions are linked in with
//! [`zkhost_runtime::add_to_linker`], charging the node's own meter ([`NodeMeter`]).
//!
//! **Gas.** One budget per call, the call's limit (at most what the block has left).
//! Host functions — the node's and zkhost's — charge the meter in the store data, not
//! Wasmtime fuel. Instructions are metered by fuel, drawn from the same budget: the
//! fuel is set to the limit plus one unit of reserve before the call, and a charge is
//! refused when the host gas so far, the instructions so far and the new price would
//! exceed the limit. After the call, instructions + host gas above the limit means
//! out of gas (Wasmtime checks fuel only at function entries and loop headers; the
//! reserve unit makes an overdraw visible), so a call never spends more than its
//! budget. A call that traps or runs out of gas leaves storage unchanged and uses its
//! whole limit when out of gas.

use std::collections::{BTreeMap, HashMap};

use zkhost_runtime::wasmtime::{self, Caller, Engine, Extern, Linker, Memory, Store};
use zkhost_runtime::{
    add_to_linker, check_module, engine, CheckedModule, DeployError, Entry, Functions, GasMeter,
    HostCosts, HostState, HostTrap, Import, LinkOptions, OutOfGas, TrapKind, ValType,
};
use zkhost_runtime::{memory, DEFAULT_STACK_BUDGET};

/// The import module of the node's own host functions.
pub const NODE_MODULE: &str = "node";

/// The contract's memory export, named once: zkhost's functions, the deploy checks and
/// the node's own functions all use it.
pub const MEMORY: &str = "memory";

/// The contract's entry point (`[] -> []`).
pub const ENTRY: &str = "run";

/// The node's call-stack budget, in zkhost's frame units: part of its consensus rules.
pub const STACK_BUDGET: u32 = DEFAULT_STACK_BUDGET;

/// What the node links of zkhost: the BN254 functions (its verifier needs no other
/// curve) and `last_error`, under zkhost's module name, on the memory [`MEMORY`].
pub fn zk_link() -> LinkOptions {
    LinkOptions::default()
        .with_memory(MEMORY)
        .with_functions(Functions::BN254.with_last_error())
}

/// The node's own host functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeFunction {
    /// `input(ptr, cap) -> i32`: copies up to `cap` bytes of the input to `ptr`,
    /// returns the input's length.
    Input,
    /// `storage_read(key_ptr, key_len, value_ptr, value_cap) -> i64`: copies up to
    /// `value_cap` bytes of the value to `value_ptr`; returns its length, or −1.
    StorageRead,
    /// `storage_write(key_ptr, key_len, value_ptr, value_len)`.
    StorageWrite,
    /// `return(ptr, len)`: sets the call's return data.
    Return,
}

impl NodeFunction {
    /// Every one of them.
    pub const ALL: [NodeFunction; 4] = [
        NodeFunction::Input,
        NodeFunction::StorageRead,
        NodeFunction::StorageWrite,
        NodeFunction::Return,
    ];

    /// The import name.
    pub fn name(self) -> &'static str {
        match self {
            NodeFunction::Input => "input",
            NodeFunction::StorageRead => "storage_read",
            NodeFunction::StorageWrite => "storage_write",
            NodeFunction::Return => "return",
        }
    }

    /// The import a module may declare.
    pub fn import(self) -> Import<'static> {
        const I32: ValType = ValType::I32;
        let (params, results): (&'static [ValType], &'static [ValType]) = match self {
            NodeFunction::Input => (&[I32, I32], &[I32]),
            NodeFunction::StorageRead => (&[I32, I32, I32, I32], &[ValType::I64]),
            NodeFunction::StorageWrite => (&[I32, I32, I32, I32], &[]),
            NodeFunction::Return => (&[I32, I32], &[]),
        };
        Import {
            module: NODE_MODULE,
            name: self.name(),
            params,
            results,
        }
    }
}

/// The prices of the node's own host functions, in gas: a base, plus a price per
/// byte moved (the bytes a call asks for, so the price is known before any work).
pub mod price {
    /// `input` and `return`: base.
    pub const IO: u64 = 40;
    /// `storage_read`: base.
    pub const STORAGE_READ: u64 = 800;
    /// `storage_write`: base.
    pub const STORAGE_WRITE: u64 = 5_000;
    /// Every host function: per byte moved.
    pub const PER_BYTE: u64 = 3;

    /// `base + PER_BYTE·bytes`, saturating.
    pub fn of(base: u64, bytes: u64) -> u64 {
        base.saturating_add(PER_BYTE.saturating_mul(bytes))
    }
}

/// The most return data a call may set.
pub const MAX_RETURN: usize = 64 << 10;

/// A deployed contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Address(pub u32);

/// The node's meter for one call: the budget, the fuel it started with, and the gas
/// its host functions have charged.
#[derive(Clone, Copy, Debug, Default)]
struct CallGas {
    limit: u64,
    fuel_start: u64,
    host: u64,
}

impl CallGas {
    /// Instructions metered so far: the fuel burnt.
    fn instructions(&self, fuel_left: u64) -> u64 {
        self.fuel_start.saturating_sub(fuel_left)
    }

    /// What the call has spent: host gas plus instructions.
    fn spent(&self, fuel_left: u64) -> u64 {
        self.host.saturating_add(self.instructions(fuel_left))
    }
}

/// The node's store data.
pub struct NodeState {
    zk: HostState,
    gas: CallGas,
    input: Vec<u8>,
    ret: Vec<u8>,
    /// The contract's storage, a working copy committed only if the call succeeds.
    storage: BTreeMap<Vec<u8>, Vec<u8>>,
}

/// The node's gas meter: charges the budget in [`NodeState`] (see the crate docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeMeter;

impl GasMeter<NodeState> for NodeMeter {
    fn charge(&self, caller: &mut Caller<'_, NodeState>, gas: u64) -> Result<(), OutOfGas> {
        let fuel_left = caller.get_fuel().unwrap_or(0);
        let meter = &mut caller.data_mut().gas;
        let total = meter.spent(fuel_left).saturating_add(gas);
        if total > meter.limit {
            return Err(OutOfGas);
        }
        meter.host = meter.host.saturating_add(gas);
        Ok(())
    }

    fn left(&self, caller: &mut Caller<'_, NodeState>) -> Option<u64> {
        let fuel_left = caller.get_fuel().unwrap_or(0);
        let meter = caller.data().gas;
        Some(meter.limit.saturating_sub(meter.spent(fuel_left)))
    }
}

/// How a call ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// `run` returned; the data passed to `return` (empty if none).
    Returned(Vec<u8>),
    /// Out of gas: the whole limit is used.
    OutOfGas,
    /// Any other trap.
    Trapped(TrapKind),
}

/// What a call did, as the node records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    /// How it ended.
    pub status: Status,
    /// Gas used: host gas plus instructions, or the whole limit when out of gas.
    pub gas_used: u64,
    /// Of which host functions charged (the node's and zkhost's).
    pub host_gas: u64,
}

/// Why a call could not be made at all.
#[derive(Debug, PartialEq, Eq)]
pub enum NodeError {
    /// No contract at this address.
    UnknownContract(Address),
    /// The engine could not instantiate the contract (a node-local failure).
    Instantiate(String),
}

/// The node: one engine, its linker, its contracts, their storage, the block's gas.
pub struct Node {
    engine: Engine,
    linker: Linker<NodeState>,
    zk: LinkOptions,
    contracts: Vec<CheckedModule>,
    storage: HashMap<Address, BTreeMap<Vec<u8>, Vec<u8>>>,
    block_gas_left: u64,
    costs: HostCosts,
}

impl Node {
    /// A node with `block_gas` gas for its block, charging zkhost's functions `costs`.
    pub fn new(block_gas: u64, costs: HostCosts) -> wasmtime::Result<Node> {
        let engine = Engine::new(&engine::config(512 << 10))?;
        let mut linker = Linker::new(&engine);
        let zk = zk_link();
        add_to_linker(&mut linker, &zk, NodeMeter, |s: &mut NodeState| &mut s.zk)?;
        link_node_functions(&mut linker)?;
        Ok(Node {
            engine,
            linker,
            zk,
            contracts: Vec::new(),
            storage: HashMap::new(),
            block_gas_left: block_gas,
            costs,
        })
    }

    /// Checks a module with zkhost's deploy checks against the node's own rules and
    /// compiles it.
    pub fn deploy(&mut self, wasm: &[u8]) -> Result<Address, DeployError> {
        // zkhost's memory name and exactly what was linked, then the node's own.
        let mut rules = self.zk.rules();
        rules
            .imports
            .extend(NodeFunction::ALL.map(NodeFunction::import));
        rules.entries.push(Entry::new(ENTRY, &[], &[]));
        rules.max_code_bytes = 1 << 20;
        rules.stack_budget = Some(STACK_BUDGET);
        let module = check_module(&self.engine, wasm, &rules)?;
        let address = Address(u32::try_from(self.contracts.len()).unwrap_or(u32::MAX));
        self.contracts.push(module);
        Ok(address)
    }

    /// Calls `contract` with `input` and at most `gas_limit` gas (and at most what
    /// the block has left). Storage changes only if the call returns.
    pub fn call(
        &mut self,
        contract: Address,
        input: &[u8],
        gas_limit: u64,
    ) -> Result<Receipt, NodeError> {
        let checked = self
            .contracts
            .get(contract.0 as usize)
            .ok_or(NodeError::UnknownContract(contract))?;
        let module = &checked.module;
        let limit = gas_limit.min(self.block_gas_left);
        // One unit of reserve: an instruction overdraw past the limit leaves less
        // than one unit of fuel, visible after the call.
        let fuel = limit.saturating_add(1);
        // Where this module's memory is, resolved once, so zkhost's functions skip a
        // lookup by name on every call (a shortcut: the result is the same without).
        let mut zk = HostState::new(self.costs, None);
        zk.set_memory_export(self.zk.memory_export(module));
        let state = NodeState {
            zk,
            gas: CallGas {
                limit,
                fuel_start: fuel,
                host: 0,
            },
            input: input.to_vec(),
            ret: Vec::new(),
            storage: self.storage.get(&contract).cloned().unwrap_or_default(),
        };
        let mut store = Store::new(&self.engine, state);
        store
            .set_fuel(fuel)
            .map_err(|e| NodeError::Instantiate(e.to_string()))?;
        let instance = self
            .linker
            .instantiate(&mut store, module)
            .map_err(|e| NodeError::Instantiate(format!("{e:#}")))?;
        let run = instance
            .get_typed_func::<(), ()>(&mut store, ENTRY)
            .map_err(|e| NodeError::Instantiate(format!("{e:#}")))?;
        let result = run.call(&mut store, ());
        let fuel_left = store.get_fuel().unwrap_or(0);
        let meter = store.data().gas;
        let spent = meter.spent(fuel_left);
        let status = match result {
            _ if spent > limit => Status::OutOfGas,
            Ok(()) => Status::Returned(std::mem::take(&mut store.data_mut().ret)),
            Err(e) => match checked.trap_kind(&e, &mut store, &instance) {
                TrapKind::OutOfGas => Status::OutOfGas,
                kind => Status::Trapped(kind),
            },
        };
        let gas_used = if status == Status::OutOfGas {
            limit
        } else {
            spent
        };
        self.block_gas_left = self.block_gas_left.saturating_sub(gas_used);
        if matches!(status, Status::Returned(_)) {
            let storage = std::mem::take(&mut store.data_mut().storage);
            self.storage.insert(contract, storage);
        }
        Ok(Receipt {
            status,
            gas_used,
            host_gas: meter.host,
        })
    }

    /// A value of a contract's storage.
    pub fn storage(&self, contract: Address, key: &[u8]) -> Option<&[u8]> {
        self.storage
            .get(&contract)
            .and_then(|s| s.get(key))
            .map(Vec::as_slice)
    }

    /// The block's gas left.
    pub fn block_gas_left(&self) -> u64 {
        self.block_gas_left
    }
}

/// The contract's memory (the node's host functions check every range with
/// `zkhost_runtime::memory` before touching it).
fn guest_memory(caller: &mut Caller<'_, NodeState>) -> Result<Memory, HostTrap> {
    match caller.get_export(MEMORY) {
        Some(Extern::Memory(m)) => Ok(m),
        _ => Err(HostTrap::MemoryOutOfBounds),
    }
}

/// Charges the node's own price through its meter, before any work.
fn charge(caller: &mut Caller<'_, NodeState>, gas: u64) -> Result<(), HostTrap> {
    NodeMeter
        .charge(caller, gas)
        .map_err(|_| HostTrap::OutOfGas)
}

/// The node's own host functions, under [`NODE_MODULE`].
fn link_node_functions(linker: &mut Linker<NodeState>) -> wasmtime::Result<()> {
    linker.func_wrap(
        NODE_MODULE,
        NodeFunction::Input.name(),
        |mut caller: Caller<'_, NodeState>, ptr: i32, cap: i32| -> wasmtime::Result<i32> {
            let cap = memory::len(cap);
            let n = cap.min(caller.data().input.len());
            charge(&mut caller, price::of(price::IO, n as u64))?;
            let mem = guest_memory(&mut caller)?;
            let (data, state) = mem.data_and_store_mut(&mut caller);
            let bytes = state.input.get(..n).ok_or(HostTrap::LimitExceeded)?;
            memory::write(data, ptr, bytes)?;
            Ok(i32::try_from(state.input.len()).map_err(|_| HostTrap::LimitExceeded)?)
        },
    )?;
    linker.func_wrap(
        NODE_MODULE,
        NodeFunction::StorageRead.name(),
        |mut caller: Caller<'_, NodeState>,
         key_ptr: i32,
         key_len: i32,
         value_ptr: i32,
         value_cap: i32|
         -> wasmtime::Result<i64> {
            let (key_len, cap) = (memory::len(key_len), memory::len(value_cap));
            let bytes = (key_len as u64).saturating_add(cap as u64);
            charge(&mut caller, price::of(price::STORAGE_READ, bytes))?;
            let mem = guest_memory(&mut caller)?;
            let (data, state) = mem.data_and_store_mut(&mut caller);
            let key = memory::slice(data, key_ptr, key_len)?.to_vec();
            memory::range(data.len(), value_ptr, cap)?;
            let Some(value) = state.storage.get(&key) else {
                return Ok(-1);
            };
            let n = cap.min(value.len());
            memory::write(data, value_ptr, value.get(..n).unwrap_or_default())?;
            Ok(i64::try_from(value.len()).unwrap_or(i64::MAX))
        },
    )?;
    linker.func_wrap(
        NODE_MODULE,
        NodeFunction::StorageWrite.name(),
        |mut caller: Caller<'_, NodeState>,
         key_ptr: i32,
         key_len: i32,
         value_ptr: i32,
         value_len: i32|
         -> wasmtime::Result<()> {
            let (key_len, value_len) = (memory::len(key_len), memory::len(value_len));
            let bytes = (key_len as u64).saturating_add(value_len as u64);
            charge(&mut caller, price::of(price::STORAGE_WRITE, bytes))?;
            let mem = guest_memory(&mut caller)?;
            let (data, state) = mem.data_and_store_mut(&mut caller);
            let key = memory::slice(data, key_ptr, key_len)?.to_vec();
            let value = memory::slice(data, value_ptr, value_len)?.to_vec();
            state.storage.insert(key, value);
            Ok(())
        },
    )?;
    linker.func_wrap(
        NODE_MODULE,
        NodeFunction::Return.name(),
        |mut caller: Caller<'_, NodeState>, ptr: i32, len: i32| -> wasmtime::Result<()> {
            let len = memory::len(len);
            charge(&mut caller, price::of(price::IO, len as u64))?;
            if len > MAX_RETURN {
                return Err(HostTrap::LimitExceeded.into());
            }
            let mem = guest_memory(&mut caller)?;
            let (data, state) = mem.data_and_store_mut(&mut caller);
            state.ret = memory::slice(data, ptr, len)?.to_vec();
            Ok(())
        },
    )?;
    Ok(())
}
