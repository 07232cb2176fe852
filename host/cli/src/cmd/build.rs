//! `zkhost build`: builds a contract crate for wasm32, runs the node's deploy checks on
//! the module and says what a node would see: its size, memory, imports and exports,
//! or the refusal it would give.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use zkhost_runtime::wasmtime::{ExternType, Module};
use zkhost_runtime::{Runtime, RuntimeConfig};

/// The target contracts are built for.
const TARGET: &str = "wasm32-unknown-unknown";

/// The `zkhost build` command, on the crate of `manifest` (default: cargo's search
/// from the current directory). Extra `cargo_args` go to `cargo build`.
pub(crate) fn run(manifest: Option<&Path>, cargo_args: &[String]) -> ExitCode {
    let (wasm_path, crate_dir) = match cargo_build(manifest, cargo_args) {
        Ok(found) => found,
        Err(e) => return crate::fail(1, &e),
    };
    let wasm = match std::fs::read(&wasm_path) {
        Ok(w) => w,
        Err(e) => return crate::fail(1, &format!("{}: {e}", wasm_path.display())),
    };
    // The module beside the crate, where its tests and `zkhost call` find it whatever
    // the target directory.
    let out = crate_dir
        .join("out")
        .join(wasm_path.file_name().unwrap_or_default());
    let copied = out
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&out, &wasm));
    if let Err(e) = copied {
        return crate::fail(1, &format!("{}: {e}", out.display()));
    }
    println!("{}: {} bytes", out.display(), wasm.len());
    match check(&wasm) {
        Ok(Ok(lines)) => {
            lines.iter().for_each(|l| println!("{l}"));
            println!("deploy: accepted (the checks of zkhost_runtime::Runtime::deploy)");
            ExitCode::SUCCESS
        }
        Ok(Err(refusal)) => {
            println!("deploy: refused: {refusal}");
            ExitCode::FAILURE
        }
        Err(e) => crate::fail(2, &e),
    }
}

/// Deploys `wasm` on zkhost's runtime, with the node's own checks
/// (`zkhost_runtime::check_module` and an instantiation, exactly as `Runtime::deploy`
/// makes them): `Ok(Ok(what a node sees))`, `Ok(Err(the refusal))`, or `Err` when no
/// runtime could be made.
fn check(wasm: &[u8]) -> Result<Result<Vec<String>, String>, String> {
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    if let Err(e) = runtime.deploy(wasm) {
        return Ok(Err(e.to_string()));
    }
    describe(&runtime, wasm).map(Ok)
}

/// Runs `cargo build --release --target wasm32-unknown-unknown --lib` and returns the
/// `.wasm` it wrote and its crate's directory.
fn cargo_build(
    manifest: Option<&Path>,
    cargo_args: &[String],
) -> Result<(PathBuf, PathBuf), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.args([
        "build",
        "--release",
        "--lib",
        "--target",
        TARGET,
        "--message-format=json-render-diagnostics",
    ]);
    if let Some(m) = manifest {
        command.arg("--manifest-path").arg(m);
    }
    command.args(cargo_args).stdout(Stdio::piped());
    let mut child = command
        .spawn()
        .map_err(|e| format!("could not run cargo: {e}"))?;
    let mut found = None;
    if let Some(stdout) = child.stdout.take() {
        for line in std::io::BufReader::new(stdout).lines() {
            let line = line.map_err(|e| format!("reading cargo's output: {e}"))?;
            if let Some(artifact) = wasm_artifact(&line) {
                found = Some(artifact);
            }
        }
    }
    let status = child.wait().map_err(|e| format!("cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo build failed ({status}); is the target installed? `rustup target add {TARGET}`"
        ));
    }
    found.ok_or_else(|| {
        "cargo built no .wasm: a contract's [lib] needs crate-type = [\"cdylib\"]".to_string()
    })
}

/// The `.wasm` of a `compiler-artifact` line of cargo's JSON output for a `cdylib`,
/// with the directory of its crate's manifest.
fn wasm_artifact(line: &str) -> Option<(PathBuf, PathBuf)> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message["reason"] != "compiler-artifact" {
        return None;
    }
    let kinds = message["target"]["kind"].as_array()?;
    if !kinds.iter().any(|k| k == "cdylib") {
        return None;
    }
    let wasm = message["filenames"]
        .as_array()?
        .iter()
        .filter_map(|f| f.as_str())
        .find(|f| f.ends_with(".wasm"))?;
    let crate_dir = Path::new(message["manifest_path"].as_str()?).parent()?;
    Some((PathBuf::from(wasm), crate_dir.to_path_buf()))
}

/// What a node sees of an accepted module: its memory, imports and exports.
fn describe(runtime: &Runtime, wasm: &[u8]) -> Result<Vec<String>, String> {
    let engine =
        zkhost_runtime::engine::build(&runtime.config().limits).map_err(|e| format!("{e:#}"))?;
    let module = Module::new(&engine, wasm).map_err(|e| format!("{e:#}"))?;
    let mut lines = Vec::new();
    for export in module.exports() {
        if let ExternType::Memory(memory) = export.ty() {
            let pages = memory.minimum();
            let max = memory
                .maximum()
                .map_or("no maximum".to_string(), |m| format!("at most {m}"));
            lines.push(format!(
                "memory `{}`: {pages} pages ({} KiB) at start, {max}",
                export.name(),
                pages * memory.page_size() / 1024
            ));
        }
    }
    let imports: Vec<String> = module
        .imports()
        .map(|i| format!("{}.{}", i.module(), i.name()))
        .collect();
    lines.push(format!(
        "imports ({}): {}",
        imports.len(),
        imports.join(", ")
    ));
    let exports: Vec<&str> = module.exports().map(|e| e.name()).collect();
    lines.push(format!("exports: {}", exports.join(", ")));
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_a_node_accepts_is_described() {
        let wasm = wat::parse_str(
            r#"(module
                (import "zkhost" "gas_left" (func (result i64)))
                (memory (export "memory") 1)
                (func (export "call")))"#,
        )
        .unwrap();
        let lines = check(&wasm).unwrap().unwrap();
        assert_eq!(
            lines,
            [
                "memory `memory`: 1 pages (64 KiB) at start, no maximum",
                "imports (1): zkhost.gas_left",
                "exports: memory, call",
            ]
        );
    }

    #[test]
    fn a_module_a_node_refuses_says_why() {
        for (wat, why) in [
            (
                r#"(module (import "env" "abort" (func)) (memory (export "memory") 1) (func (export "call")))"#,
                "env",
            ),
            (r#"(module (memory (export "memory") 1))"#, "call"),
            (r#"(module (func (export "call")))"#, "memory"),
        ] {
            let refusal = check(&wat::parse_str(wat).unwrap()).unwrap().unwrap_err();
            assert!(refusal.contains(why), "{refusal}");
        }
    }

    #[test]
    fn finds_the_cdylib_in_cargos_output() {
        let line = r#"{"reason":"compiler-artifact","manifest_path":"/c/demo/Cargo.toml","target":{"kind":["cdylib","rlib"]},"filenames":["/t/wasm32-unknown-unknown/release/demo.wasm","/t/wasm32-unknown-unknown/release/libdemo.rlib"]}"#;
        assert_eq!(
            wasm_artifact(line),
            Some((
                PathBuf::from("/t/wasm32-unknown-unknown/release/demo.wasm"),
                PathBuf::from("/c/demo")
            ))
        );
        let dependency = line.replace(r#"["cdylib","rlib"]"#, r#"["lib"]"#);
        assert_eq!(wasm_artifact(&dependency), None);
        assert_eq!(wasm_artifact(r#"{"reason":"build-finished"}"#), None);
        assert_eq!(wasm_artifact("not json"), None);
    }
}
