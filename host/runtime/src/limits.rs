//! Resource limits of the runtime, and which of them are deterministic.
//!
//! Deterministic limits are part of consensus: every node must use the same values,
//! and exceeding one gives the same result everywhere (a trap, a failed `memory.grow`,
//! a refused deploy or call). Node-local limits are safety nets that depend on the
//! machine or the compiler; they protect the node and should never be reached by a
//! correctly priced contract.

/// All limits of a [`super::Runtime`].
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deterministic: the largest linear memory a contract may have; `memory.grow`
    /// beyond it returns −1.
    pub max_memory_bytes: usize,
    /// Deterministic: the largest call input; a larger one is refused before the call.
    pub max_input_bytes: usize,
    /// Deterministic: the largest output `output_write` accepts (a larger one traps).
    pub max_output_bytes: usize,
    /// Deterministic: the largest module `deploy` accepts.
    pub max_code_bytes: usize,
    /// Deterministic: the most functions a module may define.
    pub max_functions: u32,
    /// Deterministic: the call-stack budget, in the frame units of [`crate::stack`].
    /// A call whose live frames would cost more traps `stack exhausted` at the same
    /// depth on every node.
    pub stack_budget: u32,
    /// Node-local: the native stack a call may use (`Config::max_wasm_stack`), a
    /// safety net under [`Limits::stack_budget`] that a call never reaches: every
    /// frame unit takes at most a few bytes of native stack (see [`crate::stack`]).
    /// Where the native stack would run out depends on the architecture and the
    /// compiler; it must not be lowered below the default.
    pub max_wasm_stack: usize,
    /// Node-local: how many instances may be live at once (pooling allocator slots),
    /// i.e. the number of concurrent calls.
    pub max_instances: u32,
    /// Node-local, performance only: how many bytes of a finished instance's memory
    /// are zeroed with `memset` and kept mapped (the rest is returned to the kernel
    /// with `madvise`). Keeping the contracts' first pages resident saves the page
    /// faults a fresh instance would otherwise take on them.
    pub memory_keep_resident: usize,
    /// Node-local, performance only: reserve just `max_memory_bytes` of address space
    /// per slot, with a 64 KiB guard, instead of Wasmtime's 4 GiB and 32 MiB. Loads
    /// and stores are then bounds-checked by code instead of by guard pages: slower,
    /// with the same results and the same gas, but for where the native stack runs
    /// out (the bounds checks change the frames; see [`Limits::max_wasm_stack`]). For
    /// emulators (qemu-user keeps a descriptor for every reserved page, and does not
    /// give them back) and machines with little address space.
    pub compact_memory: bool,
}

/// The default [`Limits::stack_budget`]: 16,384 frame units ([`crate::stack::frame_cost`]):
/// a recursion 341 deep of the smallest frames, or 56 deep of frames with 100 locals
/// and 20 operands. The bundled contracts need under a thousand.
pub const DEFAULT_STACK_BUDGET: u32 = 16_384;

/// The environment variable [`Limits::from_env`] reads for [`Limits::max_instances`].
///
/// The pool reserves address space for every slot when the engine is built; under an
/// emulator such as qemu-user, which tracks every reserved page, the default pool
/// costs gigabytes of memory, and a few slots are enough for tests.
pub const MAX_INSTANCES_ENV: &str = "ZKHOST_MAX_INSTANCES";

/// The environment variable [`Limits::from_env`] reads for [`Limits::compact_memory`]:
/// `1` turns it on.
pub const COMPACT_MEMORY_ENV: &str = "ZKHOST_COMPACT_MEMORY";

impl Limits {
    /// The defaults, with [`Limits::max_instances`] from [`MAX_INSTANCES_ENV`] when it
    /// is set to a positive integer and [`Limits::compact_memory`] on when
    /// [`COMPACT_MEMORY_ENV`] is `1`. Only these node-local settings are read: a
    /// deterministic limit never comes from the environment.
    pub fn from_env() -> Limits {
        let mut limits = Limits::default();
        if let Some(n) = slots(std::env::var(MAX_INSTANCES_ENV).ok().as_deref()) {
            limits.max_instances = n;
        }
        limits.compact_memory = std::env::var(COMPACT_MEMORY_ENV).is_ok_and(|v| v.trim() == "1");
        limits
    }
}

/// A pool size from [`MAX_INSTANCES_ENV`]'s value: a positive integer, or nothing.
fn slots(value: Option<&str>) -> Option<u32> {
    value?.trim().parse::<u32>().ok().filter(|&n| n > 0)
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_memory_bytes: 16 << 20,
            max_input_bytes: 1 << 20,
            max_output_bytes: 1 << 20,
            max_code_bytes: 2 << 20,
            max_functions: 10_000,
            stack_budget: DEFAULT_STACK_BUDGET,
            max_wasm_stack: 512 << 10,
            max_instances: 256,
            memory_keep_resident: 128 << 10,
            compact_memory: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::slots;

    #[test]
    fn only_a_positive_pool_size_is_taken_from_the_environment() {
        assert_eq!(slots(Some("8")), Some(8));
        assert_eq!(slots(Some(" 16\n")), Some(16));
        for bad in [
            None,
            Some(""),
            Some("0"),
            Some("-3"),
            Some("many"),
            Some("1e3"),
        ] {
            assert_eq!(slots(bad), None, "{bad:?}");
        }
    }
}
