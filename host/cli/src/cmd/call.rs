//! `zkhost call`: deploy a module, call it once, print the outcome as one JSON line.

use std::process::ExitCode;

use zkhost_runtime::{ExecResult, Runtime, RuntimeConfig};
use zkhost_testkit::vectors::decode_hex;

/// The `zkhost call` command.
pub(crate) fn run(wasm_file: &std::path::Path, input_hex: &str, gas: u64) -> ExitCode {
    let wasm = match std::fs::read(wasm_file) {
        Ok(w) => w,
        Err(e) => return crate::fail(2, &format!("{}: {e}", wasm_file.display())),
    };
    let input = match decode_hex(input_hex) {
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
    let line = match &outcome.result {
        ExecResult::Success(out) => serde_json::json!({
            "status": "success", "output": hex::encode(out), "trap": null, "gas_used": outcome.gas_used,
        }),
        ExecResult::Trap(t) => serde_json::json!({
            "status": "trap", "output": "", "trap": t.name(), "gas_used": outcome.gas_used,
        }),
    };
    println!("{line}");
    ExitCode::SUCCESS
}
