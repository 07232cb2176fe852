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
///
/// `Clone`, not `Copy`: each linked function keeps its own clone, so a meter may hold
/// an `Arc` of the node's (the counter itself belongs in the store data, which every
/// call reaches through the caller).
pub trait GasMeter<T>: Clone + Send + Sync + 'static {
    /// Takes `gas` from what the call has left, or fails with [`OutOfGas`]; on
    /// failure the call ends (the host function traps) and the meter should record
    /// that the whole budget is spent.
    fn charge(&self, caller: &mut Caller<'_, T>, gas: u64) -> Result<(), OutOfGas>;

    /// The gas the call has left, if the meter knows it. Optional: only zkhost's own
    /// `gas_left` ([`crate::add_io_to_linker`]) returns it to a contract (−1 when
    /// `None`), and an out-of-gas trap's text quotes it. The default says nothing.
    fn left(&self, caller: &mut Caller<'_, T>) -> Option<u64> {
        let _ = caller;
        None
    }
}

/// Gas as Wasmtime fuel: host functions take their price from the store's fuel, so
/// instructions and host functions draw on one budget. The engine must meter fuel
/// (`Config::consume_fuel`, as [`crate::engine::config`] sets). Without fuel
/// metering every charge fails, closed.
///
/// **The rule.** Wasmtime consumes fuel as code runs but checks it only at function
/// entries and loop headers (and where a host function charges), so code can run a
/// little past a limit before a check sees it. A call with limit `L` is therefore
/// given `L + RESERVE` fuel ([`FuelMeter::fuel`]), host functions charge against
/// `L` alone (the reserve is never theirs), and after the call [`FuelMeter::used`]
/// says whether its work (instructions plus host functions) stayed within `L`: the
/// call succeeded and used exactly what it consumed, or it ran past `L` and is out
/// of gas, using all of `L` — whatever the shape of its code. One unit of reserve is
/// enough: consumption past `L` leaves less than one unit, which is all the check
/// needs to see, and Wasmtime's own checks stop the code at the next check point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuelMeter;

impl FuelMeter {
    /// Fuel given beyond a call's limit, so that running past the limit is visible.
    pub const RESERVE: u64 = 1;

    /// The fuel to set for a call with `gas_limit`.
    pub fn fuel(gas_limit: u64) -> u64 {
        gas_limit.saturating_add(Self::RESERVE)
    }

    /// The gas a call with `gas_limit` used, from the fuel left after it: `Some` of
    /// what it consumed if that is within the limit, `None` if it ran past it (out of
    /// gas, however the call ended).
    pub fn used(gas_limit: u64, fuel_left: u64) -> Option<u64> {
        let used = Self::fuel(gas_limit).checked_sub(fuel_left)?;
        (used <= gas_limit).then_some(used)
    }
}

impl<T> GasMeter<T> for FuelMeter {
    fn charge(&self, caller: &mut Caller<'_, T>, gas: u64) -> Result<(), OutOfGas> {
        let fuel = caller.get_fuel().map_err(|_| OutOfGas)?;
        // What the call may still spend: its fuel less the reserve. Less than the
        // reserve left means the code has already run past the limit.
        let available = fuel.checked_sub(Self::RESERVE);
        match available.and_then(|a| a.checked_sub(gas)) {
            Some(rest) => caller
                .set_fuel(rest.saturating_add(Self::RESERVE))
                .map_err(|_| OutOfGas),
            None => {
                // Out of gas uses the whole limit.
                let _ = caller.set_fuel(0);
                Err(OutOfGas)
            }
        }
    }

    fn left(&self, caller: &mut Caller<'_, T>) -> Option<u64> {
        Some(caller.get_fuel().ok()?.saturating_sub(Self::RESERVE))
    }
}
