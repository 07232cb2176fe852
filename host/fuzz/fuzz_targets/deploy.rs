//! cargo-fuzz target: modules offered to `Runtime::deploy`, then called. See
//! [`zkhost_testkit::fuzzing::deploy`] and [`zkhost_testkit::fuzzing::deploy_module`].
//!
//! `data[0]` even: `data[1..]` is the module, as is. `data[0]` odd: wasm-smith
//! generates a module from `data[1..]` that imports some of ABI v1's functions and
//! exports `memory` and `call`; with bit 1 of `data[0]` clear it keeps to the accepted
//! features (so most modules deploy and run), set it may use any proposal (so deploy
//! must refuse it cleanly).
//!
//! With `ZKHOST_SMITH_EXPORT=<dir>`, every generated module is also written to
//! `<dir>` as a raw-mode input (`0x00` then the module), so that replaying the corpus
//! (`-runs=0`) turns its wasm-smith inputs into inputs the replay test can run
//! without wasm-smith.
#![no_main]

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use arbitrary::Unstructured;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((&mode, rest)) if mode % 2 == 1 => {
            if let Some(wasm) = smith(mode, rest) {
                export(&wasm);
                zkhost_testkit::fuzzing::deploy_module(&wasm);
            }
        }
        _ => zkhost_testkit::fuzzing::deploy(data),
    }
});

fn shapes() -> &'static (Vec<u8>, Vec<u8>) {
    static SHAPES: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    SHAPES.get_or_init(|| {
        let parse = |wat: &str| match wat::parse_str(wat) {
            Ok(w) => w,
            Err(e) => panic!("{e}"),
        };
        let imports = parse(
            r#"(module
              (import "zkhost" "input_size" (func (result i32)))
              (import "zkhost" "input_read" (func (param i32)))
              (import "zkhost" "output_write" (func (param i32 i32)))
              (import "zkhost" "gas_left" (func (result i64)))
              (import "zkhost" "alt_bn128_add" (func (param i32 i32 i32) (result i32)))
              (import "zkhost" "alt_bn128_mul" (func (param i32 i32 i32) (result i32)))
              (import "zkhost" "alt_bn128_pairing" (func (param i32 i32 i32) (result i32)))
              (import "zkhost" "alt_bn128_g1_msm" (func (param i32 i32 i32) (result i32))))"#,
        );
        let exports =
            parse(r#"(module (memory (export "memory") 1) (func (export "call") unreachable))"#);
        (imports, exports)
    })
}

fn smith(mode: u8, bytes: &[u8]) -> Option<Vec<u8>> {
    let (imports, exports) = shapes();
    let mut config = wasm_smith::Config {
        available_imports: Some(imports.clone()),
        exports: Some(exports.clone()),
        max_funcs: 40,
        max_instructions: 300,
        max_data_segments: 8,
        max_element_segments: 8,
        max_memory32_bytes: 32 << 20,
        max_table_elements: 20_000,
        ..wasm_smith::Config::default()
    };
    if mode & 2 == 0 {
        // ABI v1's accepted features only (runtime/engine.rs).
        config.allow_start_export = false;
        config.exceptions_enabled = false;
        config.gc_enabled = false;
        config.compact_imports_enabled = false;
        config.memory64_enabled = false;
        config.relaxed_simd_enabled = false;
        config.simd_enabled = false;
        config.tail_call_enabled = false;
        config.threads_enabled = false;
        config.wide_arithmetic_enabled = false;
        config.extended_const_enabled = false;
    }
    let mut u = Unstructured::new(bytes);
    wasm_smith::Module::new(config, &mut u)
        .ok()
        .map(|m| m.to_bytes())
}

fn export(wasm: &[u8]) {
    let Some(dir) = std::env::var_os("ZKHOST_SMITH_EXPORT") else {
        return;
    };
    let mut h = std::collections::hash_map::DefaultHasher::new();
    wasm.hash(&mut h);
    let path = std::path::Path::new(&dir).join(format!("smith-{:016x}", h.finish()));
    let data = [&[0u8][..], wasm].concat();
    if let Err(e) = std::fs::write(&path, data) {
        panic!("{}: {e}", path.display());
    }
}
