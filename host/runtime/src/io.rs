//! The I/O functions of zkhost's own contract ABI: `input_size`, `input_read`,
//! `output_write` and `gas_left`.
//!
//! They are zkhost's [`crate::Runtime`]'s way in and out of a call, not part of what
//! a node must take: a node with its own I/O links only the crypto functions
//! ([`crate::add_to_linker`]). A node that wants these too keeps a [`CallIo`] in its
//! store data and calls [`add_io_to_linker`]. The rules are the crypto functions':
//! charge first (the host-call price plus one per byte moved), then check bounds,
//! then move the bytes, whole or not at all.

use std::sync::Arc;

use wasmtime::{Caller, Linker};
use zkhost_abi::{Function, Io};
use zkhost_gas::HostCosts;

use crate::check::Import;
use crate::host::{charge, guest_memory, LinkOptions, MemoryExport};
use crate::memory;
use crate::meter::GasMeter;
use crate::outcome::HostCharge;
use crate::trap::{HostCallError, HostTrap};

/// The imports [`add_io_to_linker`] links under `module`: the allow-list entries of
/// zkhost's I/O functions.
pub fn io_imports(module: &str) -> Vec<Import<'_>> {
    Io::ALL
        .into_iter()
        .map(|io| Import::abi(module, Function::Io(io)))
        .collect()
}

/// One call's input and output, and the output limit.
#[derive(Clone, Debug, Default)]
pub struct CallIo {
    input: Vec<u8>,
    output: Vec<u8>,
    max_output: usize,
    memory: MemoryExport,
    /// The charges of this call's I/O functions, when they are being recorded.
    charges: Option<Vec<HostCharge>>,
}

impl CallIo {
    /// Empty buffers; `output_write` of more than `max_output` bytes traps
    /// (a deterministic limit).
    pub fn new(max_output: usize) -> CallIo {
        CallIo {
            input: Vec::new(),
            output: Vec::new(),
            max_output,
            memory: MemoryExport::default(),
            charges: None,
        }
    }

    /// Starts or stops recording each I/O function's charge, as
    /// [`crate::HostState::record_charges`].
    pub fn record_charges(&mut self, on: bool) {
        self.charges = on.then(Vec::new);
    }

    /// The charges recorded since [`CallIo::record_charges`], taken.
    pub fn take_charges(&mut self) -> Vec<HostCharge> {
        self.charges
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Where the module about to run exports its memory, as
    /// [`crate::HostState::set_memory_export`]: a shortcut, never a change of result.
    pub fn set_memory_export(&mut self, memory: MemoryExport) {
        self.memory = memory;
    }

    /// Starts a call with `input` and an empty output.
    pub fn start(&mut self, input: &[u8]) {
        self.input.clear();
        self.input.extend_from_slice(input);
        self.output.clear();
    }

    /// The output the call set (empty if it never called `output_write`), taken.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.output)
    }
}

/// Adds `input_size`, `input_read`, `output_write` and `gas_left` to `linker` under
/// `options.module` (whatever `options.functions` says: these are not crypto
/// functions); `get` finds the [`CallIo`] in the store data, every function charges
/// `costs` through `meter` first. `gas_left` returns what [`GasMeter::left`] says, −1
/// if the meter does not tell. For the deploy checks, [`io_imports`] lists them.
pub fn add_io_to_linker<T: 'static, M: GasMeter<T>>(
    linker: &mut Linker<T>,
    options: &LinkOptions,
    costs: HostCosts,
    meter: M,
    get: impl Fn(&mut T) -> &mut CallIo + Copy + Send + Sync + 'static,
) -> wasmtime::Result<()> {
    let module = options.module.as_str();
    let memory: Arc<str> = Arc::from(options.memory.as_str());
    let left = meter.clone();
    let charge = move |caller: &mut Caller<'_, T>, io: Io, bytes: u64| {
        let gas = costs.call(bytes, 0);
        charge(caller, &meter, io.name(), gas)?;
        if get(caller.data_mut()).charges.is_some() {
            let left = meter.left(caller).unwrap_or(0);
            if let Some(charges) = &mut get(caller.data_mut()).charges {
                charges.push(HostCharge {
                    function: io.name(),
                    gas,
                    left,
                });
            }
        }
        Ok::<(), HostCallError>(())
    };
    let trap = |io: Io| move |t: HostTrap| HostCallError::new(io.name(), t);

    let pay = charge.clone();
    linker.func_wrap(
        module,
        Io::InputSize.name(),
        move |mut caller: Caller<'_, T>| -> wasmtime::Result<i32> {
            pay(&mut caller, Io::InputSize, 0)?;
            // The input was capped below 2^31 bytes before the call.
            Ok(i32::try_from(get(caller.data_mut()).input.len())
                .map_err(|_| trap(Io::InputSize)(HostTrap::LimitExceeded))?)
        },
    )?;

    let (mem, pay) = (Arc::clone(&memory), charge.clone());
    linker.func_wrap(
        module,
        Io::InputRead.name(),
        move |mut caller: Caller<'_, T>, dest: i32| -> wasmtime::Result<()> {
            let io = get(caller.data_mut());
            let (n, hint) = (io.input.len() as u64, io.memory);
            pay(&mut caller, Io::InputRead, n)?;
            let m = guest_memory(&mut caller, hint, &mem).map_err(trap(Io::InputRead))?;
            let (data, t) = m.data_and_store_mut(&mut caller);
            memory::write(data, dest, &get(t).input).map_err(trap(Io::InputRead))?;
            Ok(())
        },
    )?;

    let (mem, pay) = (Arc::clone(&memory), charge.clone());
    linker.func_wrap(
        module,
        Io::OutputWrite.name(),
        move |mut caller: Caller<'_, T>, src: i32, len: i32| -> wasmtime::Result<()> {
            let len = memory::len(len);
            pay(&mut caller, Io::OutputWrite, len as u64)?;
            let io = get(caller.data_mut());
            if len > io.max_output {
                return Err(trap(Io::OutputWrite)(HostTrap::LimitExceeded).into());
            }
            let hint = io.memory;
            let m = guest_memory(&mut caller, hint, &mem).map_err(trap(Io::OutputWrite))?;
            let (data, t) = m.data_and_store_mut(&mut caller);
            let bytes = memory::slice(data, src, len).map_err(trap(Io::OutputWrite))?;
            let io = get(t);
            io.output.clear();
            io.output.extend_from_slice(bytes);
            Ok(())
        },
    )?;

    linker.func_wrap(
        module,
        Io::GasLeft.name(),
        move |mut caller: Caller<'_, T>| -> wasmtime::Result<i64> {
            charge(&mut caller, Io::GasLeft, 0)?;
            // −1 from a meter that does not tell (see `GasMeter::left`).
            Ok(left
                .left(&mut caller)
                .map_or(-1, |left| i64::try_from(left).unwrap_or(i64::MAX)))
        },
    )?;
    Ok(())
}
