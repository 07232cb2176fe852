//! `zkhost call`: deploy a module, call it once, print the outcome as one JSON line.

use std::io::Read;
use std::process::ExitCode;

use zkhost_runtime::{ExecResult, Runtime, RuntimeConfig};
use zkhost_testkit::vectors::decode_hex;

/// Where the call's input comes from.
pub(crate) enum Input<'a> {
    /// Hex on the command line (empty when none was given).
    Hex(&'a str),
    /// A file: hex, or with `raw` the bytes themselves.
    File {
        path: &'a std::path::Path,
        raw: bool,
    },
    /// Standard input: hex, or with `raw` the bytes themselves.
    Stdin { raw: bool },
}

impl Input<'_> {
    /// The input bytes, or why they could not be read.
    fn read(&self) -> Result<Vec<u8>, String> {
        let (bytes, raw, name) = match *self {
            Input::Hex(hex) => return decode_hex(hex),
            Input::File { path, raw } => (
                std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?,
                raw,
                path.display().to_string(),
            ),
            Input::Stdin { raw } => {
                let mut bytes = Vec::new();
                std::io::stdin()
                    .lock()
                    .read_to_end(&mut bytes)
                    .map_err(|e| format!("standard input: {e}"))?;
                (bytes, raw, "standard input".to_string())
            }
        };
        if raw {
            return Ok(bytes);
        }
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| format!("{name}: invalid hex: not UTF-8 text (use --raw for bytes)"))?;
        decode_hex(text).map_err(|e| format!("{name}: {e}"))
    }
}

/// The `zkhost call` command.
pub(crate) fn run(wasm_file: &std::path::Path, input: &Input<'_>, gas: u64) -> ExitCode {
    let wasm = match std::fs::read(wasm_file) {
        Ok(w) => w,
        Err(e) => return crate::fail(2, &format!("{}: {e}", wasm_file.display())),
    };
    let input = match input.read() {
        Ok(i) => i,
        Err(e) => return crate::fail(2, &e),
    };
    let runtime = match Runtime::new(RuntimeConfig::from_env()) {
        Ok(r) => r,
        Err(e) => return crate::fail(2, &format!("{e:#}")),
    };
    let code = match runtime.deploy(&wasm) {
        Ok(c) => c,
        Err(e) => return crate::fail(2, &e.to_string()),
    };
    let outcome = match runtime.call(&code, &input, gas) {
        Ok(o) => o,
        Err(e) => return crate::fail(2, &e.to_string()),
    };
    // Why the last host function that returned 1 refused its input: its stable
    // `last_error` code and the native path's reason.
    let refusal = match outcome.last_host_error {
        Some(e) => serde_json::json!({ "code": e.code(), "reason": e.to_string() }),
        None => serde_json::Value::Null,
    };
    let line = match &outcome.result {
        ExecResult::Success(out) => serde_json::json!({
            "status": "success", "output": hex::encode(out), "trap": null,
            "gas_used": outcome.gas_used, "refusal": refusal,
        }),
        ExecResult::Trap(t) => serde_json::json!({
            "status": "trap", "output": "", "trap": t.name(),
            "gas_used": outcome.gas_used, "refusal": refusal,
        }),
    };
    println!("{line}");
    ExitCode::SUCCESS
}
