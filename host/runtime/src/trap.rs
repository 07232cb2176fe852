//! What a host function ends a call with: [`HostTrap`], and [`HostCallError`], which
//! names the function. Shared by the crypto functions ([`crate::host`]), the I/O
//! functions ([`crate::io`]) and the guest-memory accessors ([`crate::memory`]).

/// A trap raised by a host function. Converted to a [`crate::TrapKind`] in an
/// [`crate::Outcome`]; a node that runs its own calls classifies a call's error with
/// [`crate::trap_kind`] (zkhost's functions raise it inside a [`HostCallError`],
/// which names the function).
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

/// The error a zkhost host function ends a call with: which function, the
/// [`HostTrap`], and for out of gas what the function needed and what the meter said
/// was left. Its text says all of it; Wasmtime wraps it in the call's backtrace, so
/// print a call's error with `{:#}` (every cause) or find it with
/// `error.downcast_ref::<HostCallError>()`. [`crate::trap_kind`] classifies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostCallError {
    /// The import name of the function.
    pub function: &'static str,
    /// What went wrong.
    pub trap: HostTrap,
    /// Out of gas: the function's price for this call.
    pub needed: Option<u64>,
    /// Out of gas: what the meter said was left before the charge (`None` if the
    /// meter does not tell, [`GasMeter::left`](crate::GasMeter::left)).
    pub left: Option<u64>,
}

impl std::fmt::Display for HostCallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.function, self.trap)?;
        if let Some(needed) = self.needed {
            write!(f, ": needed {needed} gas")?;
            match self.left {
                Some(left) => write!(f, ", {left} left")?,
                None => f.write_str(", the meter does not say how much was left")?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for HostCallError {}

impl HostCallError {
    /// `trap` in `function`, with no gas figures.
    pub(crate) fn new(function: &'static str, trap: HostTrap) -> HostCallError {
        HostCallError {
            function,
            trap,
            needed: None,
            left: None,
        }
    }

    /// Out of gas in `function`, which needed `needed` with `left` left.
    pub(crate) fn out_of_gas(
        function: &'static str,
        needed: u64,
        left: Option<u64>,
    ) -> HostCallError {
        HostCallError {
            function,
            trap: HostTrap::OutOfGas,
            needed: Some(needed),
            left,
        }
    }
}
