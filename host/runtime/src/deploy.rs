//! What a deploy requires and how it refuses: [`Entry`], an entry point a module must
//! export, and [`DeployError`], why a module was refused. Shared by the deploy checks
//! ([`crate::check`]) and the stack-limit rewrite ([`crate::stack`]), so that neither
//! depends on the other for them.

use zkhost_abi::ValType;

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

/// An entry point a module must export: a function of exactly this signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The export name.
    pub name: &'a str,
    /// Its parameter types.
    pub params: &'a [ValType],
    /// Its result types.
    pub results: &'a [ValType],
}

impl<'a> Entry<'a> {
    /// zkhost's contract ABI: the single entry `call: [] -> []`.
    pub const CALL: Entry<'static> = Entry::new("call", &[], &[]);

    /// The entry `name` of type `params -> results`.
    pub const fn new(name: &'a str, params: &'a [ValType], results: &'a [ValType]) -> Entry<'a> {
        Entry {
            name,
            params,
            results,
        }
    }
}
