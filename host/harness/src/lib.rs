#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! A [`Contract`] is one module deployed on a [`Runtime`] of its own
//! ([`RuntimeConfig::default()`] unless [`Contract::with_config`] gives another), so
//! the deploy checks are the node's own ([`zkhost_runtime::check_module`]: the import
//! allow-list, the determinism and memory rules, the `call` export, the size limits)
//! and a refused module is an [`Error::Deploy`] with the reason.
//!
//! [`Contract::call`] SCALE-encodes a message and [`Contract::call_raw`] takes the
//! input bytes as they are; both run the contract's `call` once, in a fresh instance
//! ([`Runtime::call`]), with the contract's gas limit ([`DEFAULT_GAS_LIMIT`] unless
//! [`Contract::gas_limit`] sets another). A trap is not an `Err` of the call: it is
//! part of the [`Call`], as it is part of what a node records; [`Call::decode`] turns
//! it into [`Error::Trap`].
//!
//! A [`Call`] holds the runtime's [`Outcome`]: the output or the trap and the gas used
//! (the part every node agrees on), and the diagnostic a node does not store, why the
//! last refusing host function refused ([`Call::refusal`]).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use parity_scale_codec::{Decode, DecodeAll, Encode};
use zkhost_runtime::Runtime;

pub use zkhost_runtime;
pub use zkhost_runtime::{
    CallError, CodeHash, DeployError, ExecResult, HostCharge, HostError, Outcome, RuntimeConfig,
    TrapKind,
};

/// The gas limit of a [`Contract`]'s calls unless [`Contract::gas_limit`] sets
/// another: ten million, enough for a Groth16 verification through the host
/// functions with room to spare, and small enough that a contract looping forever
/// runs out of gas in a fraction of a second.
pub const DEFAULT_GAS_LIMIT: u64 = 10_000_000;

/// A contract deployed on a runtime of its own, ready to be called.
pub struct Contract {
    runtime: Runtime,
    code: CodeHash,
    gas_limit: u64,
}

impl Contract {
    /// Reads the module at `path` and deploys it ([`Contract::from_wasm`]). A path
    /// that cannot be read is [`Error::Read`], which names it.
    pub fn load(path: impl AsRef<Path>) -> Result<Contract, Error> {
        let path = path.as_ref();
        let wasm = std::fs::read(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Contract::from_wasm(&wasm)
    }

    /// Loads the module `zkhost build` wrote for the contract crate at `crate_dir`
    /// (`out/<package>.wasm`, the package's `-` read as `_`) and deploys it, after
    /// checking that it is not older than the crate's sources ([`check_fresh`]): a
    /// module built before the last change to `src/`, `Cargo.toml` or `Cargo.lock` is
    /// [`Error::Stale`], which names the newer file and says to run `zkhost build`
    /// (or `zkhost test`, which builds and then tests). [`built!`] calls it with the
    /// calling crate's directory and name.
    pub fn load_built(crate_dir: impl AsRef<Path>, package: &str) -> Result<Contract, Error> {
        let crate_dir = crate_dir.as_ref();
        let module = crate_dir
            .join("out")
            .join(format!("{}.wasm", package.replace('-', "_")));
        check_fresh(&module, crate_dir)?;
        Contract::load(module)
    }

    /// Deploys `wasm` on a runtime with [`RuntimeConfig::default()`].
    pub fn from_wasm(wasm: &[u8]) -> Result<Contract, Error> {
        Contract::with_config(wasm, RuntimeConfig::default())
    }

    /// Deploys `wasm` on a runtime with `config` (other limits, prices or backend).
    /// The module goes through the runtime's deploy checks; a refused one is
    /// [`Error::Deploy`].
    pub fn with_config(wasm: &[u8], config: RuntimeConfig) -> Result<Contract, Error> {
        let runtime = Runtime::new(config).map_err(Error::Runtime)?;
        let code = runtime.deploy(wasm).map_err(Error::Deploy)?;
        Ok(Contract {
            runtime,
            code,
            gas_limit: DEFAULT_GAS_LIMIT,
        })
    }

    /// This contract with `gas_limit` gas for each call (the default is
    /// [`DEFAULT_GAS_LIMIT`]).
    #[must_use]
    pub fn gas_limit(self, gas_limit: u64) -> Contract {
        Contract { gas_limit, ..self }
    }

    /// The gas limit of each call.
    pub fn limit(&self) -> u64 {
        self.gas_limit
    }

    /// The module's code hash (the SHA-256 of its bytes), as a node names it.
    pub fn code_hash(&self) -> CodeHash {
        self.code
    }

    /// The runtime the contract is deployed on (its configuration, or to deploy a
    /// second contract beside it).
    pub fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// Calls the contract with the SCALE encoding of `message` as its input.
    pub fn call(&self, message: &impl Encode) -> Result<Call, Error> {
        self.call_raw(&message.encode())
    }

    /// Calls the contract with `input` as it is, in a fresh instance, with the gas
    /// limit. An `Err` is a call that could not be made ([`Error::Call`]: the input
    /// is larger than the runtime's limit, or no instance could be made); a call
    /// that trapped is an `Ok` [`Call`] with its [`Call::trap`].
    pub fn call_raw(&self, input: &[u8]) -> Result<Call, Error> {
        let (outcome, host_calls) = self
            .runtime
            .call_recorded(&self.code, input, self.gas_limit)
            .map_err(Error::Call)?;
        Ok(Call {
            outcome,
            host_calls,
        })
    }
}

/// [`Contract::load_built`] for the crate whose test calls it: the module `zkhost
/// build` wrote for it, refused when it is older than the crate's sources.
///
/// ```ignore
/// let contract = zkhost_harness::built!()?;
/// ```
#[macro_export]
macro_rules! built {
    () => {
        $crate::Contract::load_built(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"))
    };
}

/// Checks that `module` is at least as new as every source of the crate at
/// `crate_dir`: its `Cargo.toml`, its `Cargo.lock` and every file under `src/` (those
/// that exist). `Ok(())` when it is; [`Error::Stale`] naming the newest source when
/// it is older; [`Error::Read`] when the module cannot be read (not built yet).
pub fn check_fresh(module: &Path, crate_dir: &Path) -> Result<(), Error> {
    let built = std::fs::metadata(module)
        .and_then(|m| m.modified())
        .map_err(|source| Error::Read {
            path: module.to_path_buf(),
            source,
        })?;
    let mut newest: Option<(std::time::SystemTime, PathBuf)> = None;
    let mut consider = |path: PathBuf| {
        if let Ok(modified) = std::fs::metadata(&path).and_then(|m| m.modified()) {
            if newest.as_ref().is_none_or(|(time, _)| modified > *time) {
                newest = Some((modified, path));
            }
        }
    };
    consider(crate_dir.join("Cargo.toml"));
    consider(crate_dir.join("Cargo.lock"));
    let mut dirs = vec![crate_dir.join("src")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                dirs.push(path);
            } else {
                consider(path);
            }
        }
    }
    match newest {
        Some((modified, source)) if modified > built => Err(Error::Stale {
            module: module.to_path_buf(),
            source,
        }),
        _ => Ok(()),
    }
}

impl fmt::Debug for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Contract")
            .field("code", &self.code)
            .field("gas_limit", &self.gas_limit)
            .finish_non_exhaustive()
    }
}

/// One finished call: its output or trap, the gas it used, and the refusal of a host
/// function if one refused an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    outcome: Outcome,
    host_calls: Vec<HostCharge>,
}

impl Call {
    /// The output the contract set (empty if it set none); `None` if the call
    /// trapped.
    pub fn output(&self) -> Option<&[u8]> {
        self.outcome.output()
    }

    /// The output decoded as an `R`, which must take all of it (SCALE's
    /// `decode_all`: bytes left over are an error too). A trapped call is
    /// [`Error::Trap`], an output that is not an `R` [`Error::Decode`].
    pub fn decode<R: Decode>(&self) -> Result<R, Error> {
        let output = match &self.outcome.result {
            ExecResult::Success(output) => output,
            ExecResult::Trap(trap) => {
                return Err(Error::Trap {
                    trap: *trap,
                    gas_used: self.gas_used(),
                })
            }
        };
        R::decode_all(&mut &output[..]).map_err(|error| Error::Decode {
            type_name: std::any::type_name::<R>(),
            len: output.len(),
            error,
        })
    }

    /// The gas the call used, host-function charges included: the whole limit when
    /// it ran out of gas.
    pub fn gas_used(&self) -> u64 {
        self.outcome.gas_used
    }

    /// Each host function the call made, in order, with the gas it charged
    /// ([`HostCharge`]: `host_call + per_byte·bytes moved + the operation's price`). A
    /// charge that did not fit the gas left is not among them: it ended the call.
    pub fn host_calls(&self) -> &[HostCharge] {
        &self.host_calls
    }

    /// The gas of the host calls: the sum of [`Call::host_calls`].
    pub fn host_gas(&self) -> u64 {
        self.host_calls
            .iter()
            .fold(0u64, |sum, c| sum.saturating_add(c.gas))
    }

    /// The gas of the contract's own instructions: [`Call::gas_used`] less
    /// [`Call::host_gas`] (after out of gas, what was left when it ran out too).
    pub fn instruction_gas(&self) -> u64 {
        self.gas_used().saturating_sub(self.host_gas())
    }

    /// The gas of each host function the call made, summed by name, in the order
    /// of their first call, then the instructions as `"instructions"`: the call's
    /// gas, split.
    pub fn gas_split(&self) -> Vec<(&'static str, u64)> {
        let mut split: Vec<(&'static str, u64)> = Vec::new();
        for call in &self.host_calls {
            match split.iter_mut().find(|(name, _)| *name == call.function) {
                Some((_, gas)) => *gas = gas.saturating_add(call.gas),
                None => split.push((call.function, call.gas)),
            }
        }
        split.push(("instructions", self.instruction_gas()));
        split
    }

    /// Why the call trapped; `None` if it returned.
    pub fn trap(&self) -> Option<TrapKind> {
        self.outcome.trap()
    }

    /// Why the last host function that refused an input in this call refused it
    /// (the contract may have answered the refusal or trapped after it); `None` if
    /// none refused.
    pub fn refusal(&self) -> Option<Refusal> {
        self.outcome.last_host_error.clone().map(|error| Refusal {
            code: error.code(),
            reason: error.to_string(),
            error,
        })
    }

    /// The runtime's outcome, as a node records it (with the diagnostic).
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The runtime's outcome, taken.
    pub fn into_outcome(self) -> Outcome {
        self.outcome
    }

    /// Panics, naming both numbers and their difference, unless the call used exactly
    /// `expected` gas.
    #[track_caller]
    pub fn assert_gas(&self, expected: u64) {
        let used = self.gas_used();
        if used != expected {
            let (sign, diff) = if used > expected {
                ('+', used - expected)
            } else {
                ('-', expected - used)
            };
            panic!("the call used {used} gas, expected {expected} ({sign}{diff})");
        }
    }
}

/// A host function's refusal of an input: the stable code the contract's
/// `last_error()` gives for it, and the reason, the same text the native library
/// gives for the same input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The `last_error` code ([`zkhost_runtime::last_error`]; [`HostError::code`]).
    pub code: i32,
    /// The reason (the `Display` of [`HostError`]).
    pub reason: String,
    /// The refusal itself.
    pub error: HostError,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (last_error {})", self.reason, self.code)
    }
}

/// What went wrong loading, deploying or calling a contract, or reading a call's
/// output.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// The module's file could not be read.
    Read {
        /// The path given.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// [`Contract::load_built`] of a module older than one of its crate's sources: the
    /// tests would run the code as it was at the last build.
    Stale {
        /// The module.
        module: PathBuf,
        /// The newest source, changed after the module was built.
        source: PathBuf,
    },
    /// The runtime could not be built (the engine refused its configuration).
    Runtime(zkhost_runtime::wasmtime::Error),
    /// The runtime's deploy checks refused the module.
    Deploy(DeployError),
    /// The call could not be made at all.
    Call(CallError),
    /// [`Call::decode`] of a call that trapped.
    Trap {
        /// The trap.
        trap: TrapKind,
        /// The gas the call used.
        gas_used: u64,
    },
    /// [`Call::decode`] of an output that is not a whole value of the type.
    Decode {
        /// The type asked for.
        type_name: &'static str,
        /// The output's length in bytes.
        len: usize,
        /// SCALE's reason.
        error: parity_scale_codec::Error,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { path, source } if source.kind() == io::ErrorKind::NotFound => write!(
                f,
                "no contract at {}: {source}; build it first (`zkhost build`), or check the path",
                path.display()
            ),
            Error::Read { path, source } => write!(f, "cannot read {}: {source}", path.display()),
            Error::Stale { module, source } => write!(
                f,
                "{} is older than {}: the tests would run the contract as it was before that \
change; rebuild it with `zkhost build`, or run `zkhost test` (builds, then tests)",
                module.display(),
                source.display()
            ),
            Error::Runtime(e) => write!(f, "cannot build the runtime: {e:#}"),
            Error::Deploy(e) => write!(f, "the module was refused at deploy: {e}"),
            Error::Call(e) => write!(f, "the call could not be made: {e}"),
            Error::Trap { trap, gas_used } => {
                write!(f, "the call trapped ({trap}) after {gas_used} gas")
            }
            Error::Decode {
                type_name,
                len,
                error,
            } => write!(
                f,
                "the output ({len} bytes) is not a whole SCALE {type_name}: {error}"
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Read { source, .. } => Some(source),
            Error::Runtime(e) => Some(e.as_ref()),
            Error::Deploy(e) => Some(e),
            Error::Call(e) => Some(e),
            Error::Decode { error, .. } => Some(error),
            Error::Trap { .. } | Error::Stale { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outputs its input, unchanged.
    const ECHO: &str = r#"(module
        (import "zkhost" "input_size" (func $size (result i32)))
        (import "zkhost" "input_read" (func $read (param i32)))
        (import "zkhost" "output_write" (func $write (param i32 i32)))
        (memory (export "memory") 1)
        (func (export "call")
          (call $read (i32.const 0))
          (call $write (i32.const 0) (call $size))))"#;

    fn echo() -> Contract {
        Contract::from_wasm(&wat::parse_str(ECHO).unwrap()).unwrap()
    }

    #[test]
    fn a_missing_module_names_its_path_and_the_build() {
        let err = Contract::load("no/such/contract.wasm").unwrap_err();
        assert!(
            matches!(&err, Error::Read { path, source }
                if path == Path::new("no/such/contract.wasm")
                    && source.kind() == io::ErrorKind::NotFound),
            "{err:?}"
        );
        let text = err.to_string();
        assert!(text.contains("no/such/contract.wasm"), "{text}");
        assert!(text.contains("zkhost build"), "{text}");
    }

    /// A contract crate's directory of this test's own: `Cargo.toml`, `src/lib.rs` and
    /// the echo module as `out/my_demo.wasm`.
    fn crate_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("zkhost-harness-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src/nested")).unwrap();
        std::fs::create_dir_all(dir.join("out")).unwrap();
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"my-demo\"\n").unwrap();
        std::fs::write(dir.join("src/lib.rs"), "").unwrap();
        std::fs::write(dir.join("src/nested/mod.rs"), "").unwrap();
        std::fs::write(dir.join("out/my_demo.wasm"), wat::parse_str(ECHO).unwrap()).unwrap();
        dir
    }

    /// Sets the modification time of `path` to `seconds` after `UNIX_EPOCH`.
    fn touch(path: &Path, seconds: u64) {
        let time = std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds);
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(time)
            .unwrap();
    }

    #[test]
    fn a_module_older_than_its_sources_is_refused() {
        let dir = crate_dir("stale");
        for file in ["Cargo.toml", "src/lib.rs", "src/nested/mod.rs"] {
            touch(&dir.join(file), 1_000);
        }
        touch(&dir.join("out/my_demo.wasm"), 2_000);
        // Built after every source: loaded.
        let contract = Contract::load_built(&dir, "my-demo").unwrap();
        assert_eq!(contract.call_raw(b"hi").unwrap().output(), Some(&b"hi"[..]));

        // A source changed after the build, however deep under src/: refused, naming
        // it and what to run.
        for file in ["src/nested/mod.rs", "src/lib.rs", "Cargo.toml"] {
            touch(&dir.join(file), 3_000);
            let err = Contract::load_built(&dir, "my-demo").unwrap_err();
            assert!(
                matches!(&err, Error::Stale { module, source }
                    if module.ends_with("out/my_demo.wasm") && source.ends_with(file)),
                "{file}: {err:?}"
            );
            let text = err.to_string();
            assert!(
                text.contains("zkhost build") && text.contains("zkhost test"),
                "{text}"
            );
            touch(&dir.join(file), 1_000);
        }
        // A lock file newer than the module too.
        std::fs::write(dir.join("Cargo.lock"), "").unwrap();
        touch(&dir.join("Cargo.lock"), 2_500);
        assert!(matches!(
            Contract::load_built(&dir, "my-demo"),
            Err(Error::Stale { .. })
        ));
        // Rebuilt: loaded again.
        touch(&dir.join("out/my_demo.wasm"), 4_000);
        Contract::load_built(&dir, "my-demo").unwrap();

        // Not built at all: the missing module's message.
        std::fs::remove_file(dir.join("out/my_demo.wasm")).unwrap();
        let err = Contract::load_built(&dir, "my-demo").unwrap_err();
        assert!(err.to_string().contains("zkhost build"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_module_a_node_refuses_is_refused_with_the_reason() {
        // An import zkhost does not provide.
        let wasm = wat::parse_str(
            r#"(module
                 (import "env" "now" (func (result i64)))
                 (memory (export "memory") 1)
                 (func (export "call")))"#,
        )
        .unwrap();
        let err = Contract::from_wasm(&wasm).unwrap_err();
        assert!(
            matches!(&err, Error::Deploy(DeployError::ImportNotAllowed(_))),
            "{err:?}"
        );
        let text = err.to_string();
        assert!(
            text.contains("import not allowed") && text.contains("now"),
            "{text}"
        );

        // No `call` entry point.
        let wasm = wat::parse_str(r#"(module (memory (export "memory") 1))"#).unwrap();
        let err = Contract::from_wasm(&wasm).unwrap_err();
        assert!(
            matches!(&err, Error::Deploy(DeployError::MissingExport(_))),
            "{err:?}"
        );

        // Not WebAssembly at all.
        let err = Contract::from_wasm(b"\0asm but not really").unwrap_err();
        assert!(
            matches!(&err, Error::Deploy(DeployError::Invalid(_))),
            "{err:?}"
        );
    }

    #[test]
    fn a_call_returns_its_output_and_gas() {
        let contract = echo();
        assert_eq!(contract.limit(), DEFAULT_GAS_LIMIT);
        let call = contract.call_raw(b"hello").unwrap();
        assert_eq!(call.output(), Some(&b"hello"[..]));
        assert_eq!(call.trap(), None);
        assert_eq!(call.refusal(), None);
        assert!(call.gas_used() > 0 && call.gas_used() < DEFAULT_GAS_LIMIT);
        call.assert_gas(call.outcome().gas_used);
        // The gas, split: input_size (100), input_read (100 + 5 bytes), output_write
        // (100 + 5 bytes), and the instructions.
        let names: Vec<_> = call
            .host_calls()
            .iter()
            .map(|c| (c.function, c.gas))
            .collect();
        assert_eq!(
            names,
            [
                ("input_read", 105),
                ("input_size", 100),
                ("output_write", 105)
            ]
        );
        assert_eq!(call.host_gas(), 310);
        assert_eq!(call.instruction_gas() + 310, call.gas_used());
        assert_eq!(
            call.gas_split().last(),
            Some(&("instructions", call.instruction_gas()))
        );

        // `call` SCALE-encodes: a u32 and a string come back whole.
        let call = contract.call(&(7u32, "seven".to_string())).unwrap();
        assert_eq!(
            call.decode::<(u32, String)>().unwrap(),
            (7, "seven".to_string())
        );
        // The same call costs the same gas, in a fresh instance each time.
        let again = contract.call(&(7u32, "seven".to_string())).unwrap();
        again.assert_gas(call.gas_used());
        assert_eq!(again, call);
    }

    #[test]
    fn out_of_gas_at_a_small_limit_uses_the_whole_limit() {
        let contract = echo();
        let used = contract.call_raw(b"hello").unwrap().gas_used();
        // One unit short, then far short.
        for limit in [used - 1, 10] {
            let contract = echo().gas_limit(limit);
            assert_eq!(contract.limit(), limit);
            let call = contract.call_raw(b"hello").unwrap();
            assert_eq!(call.trap(), Some(TrapKind::OutOfGas), "limit {limit}");
            assert_eq!(call.output(), None);
            call.assert_gas(limit);
            let err = call.decode::<Vec<u8>>().unwrap_err();
            assert!(
                matches!(err, Error::Trap { trap: TrapKind::OutOfGas, gas_used } if gas_used == limit),
                "{err:?}"
            );
            assert!(err.to_string().contains("out of gas"), "{err}");
        }
        // A loop that never ends runs out of gas too.
        let spin = wat::parse_str(
            r#"(module
                 (memory (export "memory") 1)
                 (func (export "call") (loop $l (br $l))))"#,
        )
        .unwrap();
        let call = Contract::from_wasm(&spin)
            .unwrap()
            .gas_limit(1_000)
            .call_raw(&[])
            .unwrap();
        assert_eq!(call.trap(), Some(TrapKind::OutOfGas));
        call.assert_gas(1_000);
    }

    #[test]
    fn an_output_of_another_type_does_not_decode() {
        let contract = echo();
        // A u64 is 8 bytes: 4 are too few, 9 too many (decode_all).
        for input in [&[1u8, 2, 3, 4][..], &[0; 9]] {
            let call = contract.call_raw(input).unwrap();
            let err = call.decode::<u64>().unwrap_err();
            assert!(
                matches!(&err, Error::Decode { type_name: "u64", len, .. } if *len == input.len()),
                "{err:?}"
            );
            assert!(err.to_string().contains("u64"), "{err}");
        }
        // A bool is 0 or 1.
        let err = contract
            .call_raw(&[2])
            .unwrap()
            .decode::<bool>()
            .unwrap_err();
        assert!(matches!(err, Error::Decode { .. }), "{err:?}");
        assert!(contract.call_raw(&[1]).unwrap().decode::<bool>().unwrap());
    }

    #[test]
    #[should_panic(expected = "the call used")]
    fn assert_gas_panics_with_both_numbers() {
        let call = echo().call_raw(b"hi").unwrap();
        call.assert_gas(call.gas_used() + 1);
    }

    #[test]
    fn a_refusal_has_the_code_and_the_native_reason() {
        // Calls ECADD on its input and outputs nothing: (1, 3) is not on the curve.
        let wasm = wat::parse_str(
            r#"(module
                 (import "zkhost" "input_size" (func $size (result i32)))
                 (import "zkhost" "input_read" (func $read (param i32)))
                 (import "zkhost" "alt_bn128_add" (func $add (param i32 i32 i32) (result i32)))
                 (memory (export "memory") 1)
                 (func (export "call")
                   (call $read (i32.const 0))
                   (drop (call $add (i32.const 0) (call $size) (i32.const 1024)))))"#,
        )
        .unwrap();
        let contract = Contract::from_wasm(&wasm).unwrap();
        let mut input = [0u8; 128];
        input[31] = 1;
        input[63] = 3;
        let call = contract.call_raw(&input).unwrap();
        assert_eq!(call.output(), Some(&[][..]));
        let refusal = call.refusal().unwrap();
        assert_eq!(
            refusal.code,
            zkhost_runtime::last_error::BN254_G1_NOT_ON_CURVE
        );
        assert_eq!(refusal.code, refusal.error.code());
        assert_eq!(refusal.reason, refusal.error.to_string());
        assert!(refusal.to_string().contains(&refusal.reason));
        // The point at infinity twice is a valid input: no refusal.
        let call = contract.call_raw(&[0; 128]).unwrap();
        assert_eq!(call.refusal(), None);
    }
}
