//! The deploy checks, for any node: a module is compiled only if it keeps to the
//! accepted features and structure and imports only what the node provides.
//!
//! [`check_module`] is what [`crate::Runtime::deploy`] runs; a node with its own
//! runtime calls it with its own [`ModuleRules`] (its own host functions beside
//! zkhost's, its own export names). Every refusal is a [`DeployError`] naming the
//! problem, and every rule is deterministic.

use wasmtime::{Engine, ExternType, Module};
use zkhost_abi::{Function, ValType};

/// Why a module was refused. Each names what is wrong.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DeployError {
    /// The module is larger than the limit.
    #[error("module of {size} bytes exceeds the limit of {limit}")]
    TooLarge {
        /// Its size.
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// Not valid WebAssembly, or it uses a feature outside the accepted set.
    #[error("invalid module: {0}")]
    Invalid(String),
    /// A required export is missing or has the wrong type.
    #[error("missing export: {0}")]
    MissingExport(String),
    /// An import the node does not provide, or with the wrong type.
    #[error("import not allowed: {0}")]
    ImportNotAllowed(String),
}

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
    /// A function of zkhost's ABI under `module`.
    pub fn abi(module: &'a str, f: Function) -> Import<'a> {
        Import {
            module,
            name: f.name(),
            params: f.params(),
            results: f.results(),
        }
    }
}

/// Every function of contract ABI v1 (I/O and crypto) under `module`: what zkhost's
/// own [`crate::Runtime`] allows.
pub fn abi_imports(module: &str) -> Vec<Import<'_>> {
    Function::ALL
        .into_iter()
        .map(|f| Import::abi(module, f))
        .collect()
}

/// What a module must be to be deployed.
#[derive(Clone, Debug)]
pub struct ModuleRules<'a> {
    /// Deterministic: the largest module, in bytes.
    pub max_code_bytes: usize,
    /// Deterministic: the most functions a module may define.
    pub max_functions: u32,
    /// The linear memory the module must export.
    pub memory: &'a str,
    /// The entry point the module must export, a function `[] -> []`.
    pub entry: &'a str,
    /// Every function the module may import; anything else is refused.
    pub imports: &'a [Import<'a>],
    /// Deterministic: the call-stack budget [`crate::stack::limit`] instruments the
    /// module with.
    pub stack_budget: u32,
}

/// Checks `wasm` against `rules` and compiles it with `engine`, in this order: size,
/// validity (with the engine's features, then again with exactly
/// [`crate::engine::accepted_features`]), no start function (contract code runs only
/// inside a metered call), the function count — the second validation is
/// [`crate::stack::limit`]'s, which instruments the module with the deterministic
/// stack limit —; then it compiles the instrumented module and checks the exports and
/// the imports. The module returned is the instrumented one: a trap
/// of its stack limit is `unreachable` to Wasmtime, and
/// [`crate::stack::depth_exceeded`] tells it from the contract's own.
pub fn check_module(
    engine: &Engine,
    wasm: &[u8],
    rules: &ModuleRules<'_>,
) -> Result<Module, DeployError> {
    if wasm.len() > rules.max_code_bytes {
        return Err(DeployError::TooLarge {
            size: wasm.len(),
            limit: rules.max_code_bytes,
        });
    }
    Module::validate(engine, wasm).map_err(|e| DeployError::Invalid(format!("{e:#}")))?;
    // The rewrite validates with exactly the accepted features as it reads the code,
    // so it is also the features check.
    let limited = crate::stack::limit(wasm, rules.entry, rules.stack_budget)?;
    check_structure(wasm, rules.max_functions)?;
    let module =
        Module::new(engine, &limited).map_err(|e| DeployError::Invalid(format!("{e:#}")))?;
    check_interface(&module, rules)?;
    Ok(module)
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

/// Checks the exports and imports against the rules, naming the first problem.
fn check_interface(module: &Module, rules: &ModuleRules<'_>) -> Result<(), DeployError> {
    match module.get_export(rules.memory) {
        Some(ExternType::Memory(_)) => {}
        _ => {
            return Err(DeployError::MissingExport(format!(
                "{} (a linear memory)",
                rules.memory
            )))
        }
    }
    match module.get_export(rules.entry) {
        Some(ExternType::Func(f)) if f.params().len() == 0 && f.results().len() == 0 => {}
        Some(_) => {
            return Err(DeployError::MissingExport(format!(
                "{} (must be a function [] -> [])",
                rules.entry
            )))
        }
        None => return Err(DeployError::MissingExport(rules.entry.to_string())),
    }
    for import in module.imports() {
        let name = format!("{}::{}", import.module(), import.name());
        let allowed = rules
            .imports
            .iter()
            .find(|i| i.module == import.module() && i.name == import.name());
        let Some(allowed) = allowed else {
            return Err(DeployError::ImportNotAllowed(name));
        };
        let ok = match import.ty() {
            ExternType::Func(f) => {
                f.params()
                    .map(|t| t.to_string())
                    .eq(allowed.params.iter().map(|t| wasm_type(*t).to_string()))
                    && f.results()
                        .map(|t| t.to_string())
                        .eq(allowed.results.iter().map(|t| wasm_type(*t).to_string()))
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
