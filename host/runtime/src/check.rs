//! The deploy checks, for any node, in parts: a module is compiled only if it keeps to
//! the accepted features and structure and imports only what the node provides.
//!
//! - [`check_determinism`]: what every node must agree on whatever its contracts look
//!   like: size, validity with exactly [`crate::engine::accepted_features`], no start
//!   function, the function count;
//! - [`check_memory`], [`check_entries`], [`check_imports`]: the compiled module's
//!   interface: the memory export the host functions use ([`crate::LinkOptions`]
//!   names it once), the entry points with their signatures (any names and
//!   signatures: zkhost's own policy is the single `call: [] -> []`,
//!   [`Entry::CALL`]), and the imports against an allow-list
//!   ([`crate::LinkOptions::imports`] gives zkhost's part of it, exactly what was
//!   linked);
//! - the deterministic stack limit ([`crate::stack`]), opt-in through
//!   [`ModuleRules::stack_budget`] (zkhost's own [`crate::Runtime`] always applies it).
//!
//! [`check_module`] runs them all, as [`crate::Runtime::deploy`] does. Every refusal is
//! a [`DeployError`] naming the problem, and every rule is deterministic.

use wasmtime::{AsContextMut, Engine, ExternType, Instance, Module};
use zkhost_abi::{Function, ValType};

pub use crate::deploy::{DeployError, Entry};
use crate::outcome::TrapKind;

/// A host function a module may import.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Import<'a> {
    /// The import module.
    pub module: &'a str,
    /// The function's name.
    pub name: &'a str,
    /// Its parameter types.
    pub params: &'a [ValType],
    /// Its result types.
    pub results: &'a [ValType],
}

impl<'a> Import<'a> {
    /// The function `module::name` of type `params -> results` (a node's own).
    pub const fn new(
        module: &'a str,
        name: &'a str,
        params: &'a [ValType],
        results: &'a [ValType],
    ) -> Import<'a> {
        Import {
            module,
            name,
            params,
            results,
        }
    }

    /// A function of zkhost's ABI under `module`.
    pub fn abi(module: &'a str, f: Function) -> Import<'a> {
        Import {
            module,
            name: f.name(),
            params: f.params(),
            results: f.results(),
        }
    }

    /// zkhost's optional `last_error() -> i32` ([`zkhost_abi::last_error`]) under
    /// `module`.
    pub fn last_error(module: &'a str) -> Import<'a> {
        Import {
            module,
            name: zkhost_abi::last_error::NAME,
            params: zkhost_abi::last_error::PARAMS,
            results: zkhost_abi::last_error::RESULTS,
        }
    }
}

/// Every function of contract ABI v1 (I/O and crypto, and the optional `last_error`)
/// under `module`: what zkhost's own [`crate::Runtime`] links and allows
/// ([`crate::add_to_linker`] with every function, and [`crate::add_io_to_linker`]).
pub fn abi_imports(module: &str) -> Vec<Import<'_>> {
    Function::ALL
        .into_iter()
        .map(|f| Import::abi(module, f))
        .chain([Import::last_error(module)])
        .collect()
}

/// What a module must be to be deployed.
#[derive(Clone, Debug)]
pub struct ModuleRules<'a> {
    /// Deterministic: the largest module, in bytes.
    pub max_code_bytes: usize,
    /// Deterministic: the most functions a module may define.
    pub max_functions: u32,
    /// The linear memory the module must export: the one the host functions read and
    /// write, so take it from [`crate::LinkOptions`] ([`crate::LinkOptions::rules`]).
    pub memory: &'a str,
    /// Every function the module may import; anything else is refused.
    pub imports: Vec<Import<'a>>,
    /// The entry points the module must export, each with its signature (none: any
    /// exports). zkhost's [`crate::Runtime`] requires [`Entry::CALL`] alone.
    pub entries: Vec<Entry<'a>>,
    /// Deterministic, opt-in: the call-stack budget [`crate::stack::limit_entries`]
    /// instruments the module with (`None`: the module is compiled as it is).
    pub stack_budget: Option<u32>,
}

impl<'a> ModuleRules<'a> {
    /// Rules with `memory` and `imports`, zkhost's default size limits
    /// ([`crate::Limits`]), no entry point required and no stack instrumentation.
    pub fn new(memory: &'a str, imports: Vec<Import<'a>>) -> ModuleRules<'a> {
        let limits = crate::Limits::default();
        ModuleRules {
            max_code_bytes: limits.max_code_bytes,
            max_functions: limits.max_functions,
            memory,
            imports,
            entries: Vec::new(),
            stack_budget: None,
        }
    }
}

/// A module that passed [`check_module`], compiled, and what is needed to classify
/// its traps.
#[derive(Clone)]
pub struct CheckedModule {
    /// The compiled module (instrumented when the rules asked for the stack limit:
    /// then it has the [`crate::stack::DEPTH_EXPORT`] beside the contract's exports,
    /// and its backtrace offsets are into the rewritten bytes).
    pub module: Module,
    /// The stack budget it was instrumented with, if any.
    pub stack_budget: Option<u32>,
}

impl CheckedModule {
    /// Classifies the error that ended a call of `instance` (of this module):
    /// [`crate::trap_kind`], except that a trap of the stack limit is
    /// [`TrapKind::StackExhausted`], told from the contract's own `unreachable`.
    pub fn trap_kind(
        &self,
        error: &wasmtime::Error,
        mut store: impl AsContextMut,
        instance: &Instance,
    ) -> TrapKind {
        let kind = crate::trap_kind(error);
        match self.stack_budget {
            Some(budget)
                if kind == TrapKind::Unreachable
                    && crate::stack::depth_exceeded(&mut store, instance, budget) =>
            {
                TrapKind::StackExhausted
            }
            _ => kind,
        }
    }
}

impl std::fmt::Debug for CheckedModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckedModule")
            .field("stack_budget", &self.stack_budget)
            .finish_non_exhaustive()
    }
}

/// Checks `wasm` against `rules` and compiles it with `engine`, in this order: size,
/// validity with the engine's features; then, with the stack limit, the rewrite
/// ([`crate::stack::limit_entries`], which validates with exactly
/// [`crate::engine::accepted_features`] as it reads the code) and the structure, or
/// without it [`check_determinism`]'s validation and structure; then it compiles the
/// module and checks the memory export, the entry points and the imports.
pub fn check_module(
    engine: &Engine,
    wasm: &[u8],
    rules: &ModuleRules<'_>,
) -> Result<CheckedModule, DeployError> {
    let module = match rules.stack_budget {
        Some(budget) => {
            check_size(wasm, rules.max_code_bytes)?;
            Module::validate(engine, wasm).map_err(|e| DeployError::Invalid(format!("{e:#}")))?;
            // The rewrite validates with exactly the accepted features as it reads
            // the code, so it is also the features check.
            let limited = crate::stack::limit_entries(wasm, &rules.entries, budget)?;
            check_structure(wasm, rules.max_functions)?;
            Module::new(engine, &limited).map_err(|e| DeployError::Invalid(format!("{e:#}")))?
        }
        None => {
            check_size(wasm, rules.max_code_bytes)?;
            Module::validate(engine, wasm).map_err(|e| DeployError::Invalid(format!("{e:#}")))?;
            check_determinism(wasm, rules.max_code_bytes, rules.max_functions)?;
            Module::new(engine, wasm).map_err(|e| DeployError::Invalid(format!("{e:#}")))?
        }
    };
    check_memory(&module, rules.memory)?;
    check_entries(&module, &rules.entries)?;
    check_imports(&module, &rules.imports)?;
    Ok(CheckedModule {
        module,
        stack_budget: rules.stack_budget,
    })
}

fn check_size(wasm: &[u8], max_code_bytes: usize) -> Result<(), DeployError> {
    if wasm.len() > max_code_bytes {
        return Err(DeployError::TooLarge {
            size: wasm.len(),
            limit: max_code_bytes,
        });
    }
    Ok(())
}

/// The determinism part of the deploy checks, on the bytes alone (no engine): at most
/// `max_code_bytes`, valid with exactly [`crate::engine::accepted_features`] (whatever
/// the node's engine would accept), no start function (contract code runs only inside
/// a metered call), at most `max_functions` functions.
pub fn check_determinism(
    wasm: &[u8],
    max_code_bytes: usize,
    max_functions: u32,
) -> Result<(), DeployError> {
    check_size(wasm, max_code_bytes)?;
    wasmparser::Validator::new_with_features(crate::engine::accepted_parser_features())
        .validate_all(wasm)
        .map_err(|e| DeployError::Invalid(e.to_string()))?;
    check_structure(wasm, max_functions)
}

/// Structural limits checked before running anything: no start function, and at
/// most `max_functions` functions (compile time and code size grow with them).
fn check_structure(wasm: &[u8], max_functions: u32) -> Result<(), DeployError> {
    for payload in wasmparser::Parser::new(0).parse_all(wasm) {
        match payload {
            Ok(wasmparser::Payload::StartSection { .. }) => {
                return Err(DeployError::Invalid(
                    "a start function is not allowed".into(),
                ))
            }
            Ok(wasmparser::Payload::FunctionSection(f)) if f.count() > max_functions => {
                return Err(DeployError::Invalid(format!(
                    "{} functions exceed the limit of {max_functions}",
                    f.count()
                )))
            }
            Ok(_) => {}
            Err(e) => return Err(DeployError::Invalid(e.to_string())),
        }
    }
    Ok(())
}

fn wasm_type(t: ValType) -> &'static str {
    match t {
        ValType::I32 => "i32",
        ValType::I64 => "i64",
    }
}

fn signature(params: &[ValType], results: &[ValType]) -> String {
    let list = |ts: &[ValType]| {
        ts.iter()
            .map(|t| wasm_type(*t))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!("[{}] -> [{}]", list(params), list(results))
}

fn same_types(
    ours: impl ExactSizeIterator<Item = wasmtime::ValType>,
    declared: &[ValType],
) -> bool {
    ours.map(|t| t.to_string())
        .eq(declared.iter().map(|t| wasm_type(*t).to_string()))
}

/// The module exports a linear memory named `memory` (the host functions read and
/// write it; without it every crypto call would trap).
pub fn check_memory(module: &Module, memory: &str) -> Result<(), DeployError> {
    match module.get_export(memory) {
        Some(ExternType::Memory(_)) => Ok(()),
        _ => Err(DeployError::MissingExport(format!(
            "{memory} (a linear memory)"
        ))),
    }
}

/// The module exports every entry point of `entries` with exactly its signature.
pub fn check_entries(module: &Module, entries: &[Entry<'_>]) -> Result<(), DeployError> {
    for entry in entries {
        match module.get_export(entry.name) {
            Some(ExternType::Func(f))
                if same_types(f.params(), entry.params)
                    && same_types(f.results(), entry.results) => {}
            Some(_) => {
                return Err(DeployError::MissingExport(format!(
                    "{} (must be a function {})",
                    entry.name,
                    signature(entry.params, entry.results)
                )))
            }
            None => return Err(DeployError::MissingExport(entry.name.to_string())),
        }
    }
    Ok(())
}

/// Every import of the module is in `allowed`, with its type.
pub fn check_imports(module: &Module, allowed: &[Import<'_>]) -> Result<(), DeployError> {
    for import in module.imports() {
        let name = format!("{}::{}", import.module(), import.name());
        let found = allowed
            .iter()
            .find(|i| i.module == import.module() && i.name == import.name());
        let Some(allowed) = found else {
            return Err(DeployError::ImportNotAllowed(name));
        };
        let ok = match import.ty() {
            ExternType::Func(f) => {
                same_types(f.params(), allowed.params) && same_types(f.results(), allowed.results)
            }
            _ => false,
        };
        if !ok {
            return Err(DeployError::ImportNotAllowed(format!(
                "{name} (wrong type)"
            )));
        }
    }
    Ok(())
}
