//! How a host function pays: through the node's gas meter.
//!
//! Every zkhost host function computes its price from the lengths alone and calls
//! [`GasMeter::charge`] before it reads memory or does any work; if the meter says
//! no, the host function traps out of gas having done nothing. The meter is the
//! node's choice: [`FuelMeter`] charges Wasmtime fuel (zkhost's own runtime does, so
//! one budget meters instructions and host functions alike), and a node with its own
//! counter implements the trait over its store data (see `host/node-example`).

use wasmtime::Caller;

/// Not enough gas left for a host function's price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("out of gas")]
pub struct OutOfGas;

/// A gas meter the host functions charge. `T` is the store data of the node's
/// `Linker<T>`; the meter reaches its counter (or Wasmtime's fuel) through the
/// caller.
pub trait GasMeter<T>: Copy + Send + Sync + 'static {
    /// Takes `gas` from what the call has left, or fails with [`OutOfGas`]; on
    /// failure the call ends (the host function traps) and the meter should record
    /// that the whole budget is spent.
    fn charge(&self, caller: &mut Caller<'_, T>, gas: u64) -> Result<(), OutOfGas>;

    /// The gas the call has left (what `gas_left` reports).
    fn left(&self, caller: &mut Caller<'_, T>) -> u64;
}

/// Gas as Wasmtime fuel: host functions take their price from the store's fuel, so
/// instructions and host functions draw on one budget. The engine must meter fuel
/// (`Config::consume_fuel`, as [`crate::engine::config`] sets). Without fuel
/// metering every charge fails, closed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuelMeter;

impl<T> GasMeter<T> for FuelMeter {
    fn charge(&self, caller: &mut Caller<'_, T>, gas: u64) -> Result<(), OutOfGas> {
        let fuel = caller.get_fuel().map_err(|_| OutOfGas)?;
        match fuel.checked_sub(gas) {
            Some(rest) => caller.set_fuel(rest).map_err(|_| OutOfGas),
            None => {
                // Out of gas uses the whole limit.
                let _ = caller.set_fuel(0);
                Err(OutOfGas)
            }
        }
    }

    fn left(&self, caller: &mut Caller<'_, T>) -> u64 {
        caller.get_fuel().unwrap_or(0)
    }
}
