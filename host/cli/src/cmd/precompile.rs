//! `zkhost precompile`: one host function on hex input, natively, through a contract
//! or in pure WebAssembly; and the [`Executor`] `zkhost vectors` shares.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_runtime::{CodeHash, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{Path, ViaError, GENEROUS_GAS};
use zkhost_testkit::vectors::decode_hex;

/// Runs the host functions on one path, deploying the contracts once.
pub(crate) struct Executor {
    path: Path,
    backend: Option<Backend>,
    runtime: Option<Runtime>,
    /// Deployed code per contract, by the module's bytes' address (one per path).
    codes: Vec<(&'static [u8], CodeHash)>,
}

impl Executor {
    /// An executor for `path`; the contracts of the path are deployed here.
    pub(crate) fn new(path: Path, backend: Option<Backend>) -> Result<Executor, String> {
        if path == Path::Native {
            return Ok(Executor {
                path,
                backend,
                runtime: None,
                codes: Vec::new(),
            });
        }
        let config = RuntimeConfig {
            backend,
            ..RuntimeConfig::from_env()
        };
        let runtime = Runtime::new(config).map_err(|e| format!("{e:#}"))?;
        let mut codes: Vec<(&'static [u8], CodeHash)> = Vec::new();
        for op in Crypto::ALL {
            if let Some(wasm) = path.contract(op) {
                if !codes.iter().any(|(w, _)| std::ptr::eq(*w, wasm)) {
                    codes.push((wasm, runtime.deploy(wasm).map_err(|e| e.to_string())?));
                }
            }
        }
        Ok(Executor {
            path,
            backend,
            runtime: Some(runtime),
            codes,
        })
    }

    /// `op` on `input` as the precompile it mirrors answers: the output bytes, or the
    /// reason the input is refused (for P256VERIFY an invalid signature is the empty
    /// output, [`zkhost_runtime::precompile_output`]).
    pub(crate) fn run(&self, op: Crypto, input: &[u8]) -> Result<Vec<u8>, String> {
        let Some(runtime) = &self.runtime else {
            let result = zkhost_runtime::compute(op, self.backend, input);
            return zkhost_runtime::precompile_output(op, result).map_err(|e| e.to_string());
        };
        let code = self
            .path
            .contract(op)
            .and_then(|wasm| self.codes.iter().find(|(w, _)| std::ptr::eq(*w, wasm)));
        let Some((_, code)) = code else {
            return Err(format!(
                "{} has no pure-WebAssembly implementation (use --via native or contract)",
                op.report_name()
            ));
        };
        match zkhost_testkit::contracts::run(runtime, code, op, input, GENEROUS_GAS).1 {
            Err(ViaError::Invalid(e)) => {
                zkhost_runtime::precompile_output(op, Err(e)).map_err(|e| e.to_string())
            }
            other => other.map_err(|e| e.to_string()),
        }
    }
}

/// The `zkhost precompile` command.
pub(crate) fn run(
    op: Crypto,
    hex: Option<&str>,
    stdin: bool,
    backend: Option<Backend>,
    via: Path,
) -> ExitCode {
    let executor = match Executor::new(via, backend) {
        Ok(e) => e,
        Err(e) => return crate::fail(2, &e),
    };
    let exec = |input: &[u8]| executor.run(op, input);
    if stdin {
        lines(exec)
    } else {
        one(exec, hex.unwrap_or(""))
    }
}

fn one(exec: impl Fn(&[u8]) -> Result<Vec<u8>, String>, hex: &str) -> ExitCode {
    match decode_hex(hex).and_then(|input| exec(&input)) {
        Ok(out) => {
            println!("{}", hex::encode(out));
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("error: {reason}");
            ExitCode::from(1)
        }
    }
}

fn lines(exec: impl Fn(&[u8]) -> Result<Vec<u8>, String>) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: reading standard input: {e}");
                return ExitCode::from(1);
            }
        };
        let written = match decode_hex(&line).and_then(|input| exec(&input)) {
            Ok(o) => writeln!(out, "{}", hex::encode(o)),
            Err(reason) => writeln!(out, "error: {reason}"),
        };
        if written.is_err() {
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
