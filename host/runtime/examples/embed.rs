//! zkhost in a node that keeps its own engine, entry points and gas meter: the
//! book's "Embedding in your node" (`docs/src/embedding.md`) is this file's `main` (a
//! test in `tests/embedding.rs` checks that every line of the book's snippet is here).
//!
//! The node: its own `Config` (zkhost's consensus settings applied, no fuel), its own
//! store data and gas counter, its own `env.log`, zkhost's BN254 functions (and
//! `last_error`) under its import module `crypto` on the memory `mem`, and a contract
//! with two entry points, `instantiate` and `execute(ptr, len) -> i32`, that calls the
//! pairing check. `cargo run -p zkhost-runtime --example embed`; `cargo test` runs it
//! too (`[[example]] test = true`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use zkhost_runtime::wasmtime::{self, Caller, Config, Engine, Linker, Store};
use zkhost_runtime::ValType::I32;
use zkhost_runtime::{add_to_linker, check_module, engine, Entry, Functions, GasMeter};
use zkhost_runtime::{last_error, Crypto, HostCosts, HostState, Import, LinkOptions, OutOfGas};

/// The node's store data: its own gas counter and log, and zkhost's state.
struct Node {
    zk: HostState,
    gas_left: u64,
    log: Vec<String>,
}

/// The node's meter: the call's counter in the store data (no Wasmtime fuel), and a
/// node-wide total behind an `Arc` (a meter need not be `Copy`).
#[derive(Clone, Default)]
struct NodeMeter(Arc<AtomicU64>);

impl GasMeter<Node> for NodeMeter {
    fn charge(&self, caller: &mut Caller<'_, Node>, gas: u64) -> Result<(), OutOfGas> {
        let node = caller.data_mut();
        let Some(rest) = node.gas_left.checked_sub(gas) else {
            node.gas_left = 0; // out of gas spends the whole budget
            return Err(OutOfGas);
        };
        node.gas_left = rest;
        self.0.fetch_add(gas, Ordering::Relaxed);
        Ok(())
    }

    // Optional: an out-of-gas error then quotes what was left.
    fn left(&self, caller: &mut Caller<'_, Node>) -> Option<u64> {
        Some(caller.data().gas_left)
    }
}

/// The contract: `instantiate` logs through the node's `env.log`; `execute(ptr, len)`
/// runs the pairing check on `len` bytes at `ptr` and returns 1 or 0, or minus
/// `last_error()` when the input is refused.
const CONTRACT: &str = r#"(module
  (import "crypto" "alt_bn128_pairing" (func $pairing (param i32 i32 i32) (result i32)))
  (import "crypto" "last_error" (func $last_error (result i32)))
  (import "env" "log" (func $log (param i32 i32)))
  (memory (export "mem") 1)
  (data (i32.const 0) "ready")
  (func (export "instantiate") (call $log (i32.const 0) (i32.const 5)))
  (func (export "execute") (param $ptr i32) (param $len i32) (result i32)
    (if (result i32) (call $pairing (local.get $ptr) (local.get $len) (i32.const 512))
      (then (i32.sub (i32.const 0) (call $last_error)))
      (else (i32.load8_u (i32.const 543))))))"#;

/// BN254's G1 generator (1, 2), its negation (1, p − 2) and the G2 generator, in the
/// Ethereum encoding: e(G1, G2)·e(−G1, G2) = 1.
const G1: &str = "0000000000000000000000000000000000000000000000000000000000000001\
                  0000000000000000000000000000000000000000000000000000000000000002";
const MINUS_G1: &str = "0000000000000000000000000000000000000000000000000000000000000001\
                        30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd45";
const G2: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2\
                  1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed\
                  090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b\
                  12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";

/// What one `execute` gave: its result and the gas the node's meter charged.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    result: i32,
    gas: u64,
    log: Vec<String>,
}

fn node_run(input: &[u8], gas: u64) -> wasmtime::Result<Run> {
    let wasm = &wat::parse_str(CONTRACT)?;
    // --- the book's snippet, from here ---
    let mut config = Config::new(); // the node's own settings, no fuel ...
    engine::apply(&mut config); // ... plus zkhost's consensus ones
    let engine = Engine::new(&config)?;
    assert_eq!(engine::check(&engine, false), []); // nothing nondeterministic

    // What zkhost links, given once: import module, memory export, functions.
    let zk = LinkOptions::default()
        .with_module("crypto")
        .with_memory("mem")
        .with_functions(Functions::BN254.with_last_error());
    let mut linker = Linker::new(&engine);
    let meter = NodeMeter::default();
    add_to_linker(&mut linker, &zk, meter, |n: &mut Node| &mut n.zk)?;
    linker.func_wrap("env", "log", log)?; // the node's own import

    // Deploy: determinism, zk's memory and exactly what was linked, the node's own.
    let log_import = Import::new("env", "log", &[I32, I32], &[]);
    let instantiate = Entry::new("instantiate", &[], &[]);
    let execute = Entry::new("execute", &[I32, I32], &[I32]);
    let mut rules = zk.rules();
    rules.imports.push(log_import);
    rules.entries.extend([instantiate, execute]);
    let contract = check_module(&engine, wasm, &rules)?; // not instrumented: not opted in

    let node = Node {
        zk: HostState::new(HostCosts::ZKHOST, None),
        gas_left: gas,
        log: vec![],
    };
    let mut store = Store::new(&engine, node);
    let instance = linker.instantiate(&mut store, &contract.module)?;
    let init = instance.get_typed_func::<(), ()>(&mut store, "instantiate")?;
    init.call(&mut store, ())?;
    let memory = instance.get_memory(&mut store, &zk.memory).unwrap(); // checked
    memory.write(&mut store, 1024, input)?;
    let execute = instance.get_typed_func::<(i32, i32), i32>(&mut store, "execute")?;
    let result = execute.call(&mut store, (1024, input.len() as i32))?;
    // --- to here ---
    let node = store.into_data();
    Ok(Run {
        result,
        gas: gas - node.gas_left,
        log: node.log,
    })
}

/// The node's `env.log(ptr, len)`: free, bounds-checked.
fn log(mut caller: Caller<'_, Node>, ptr: i32, len: i32) -> wasmtime::Result<()> {
    let Some(wasmtime::Extern::Memory(m)) = caller.get_export("mem") else {
        return Err(zkhost_runtime::HostTrap::MemoryOutOfBounds.into());
    };
    let (data, node) = m.data_and_store_mut(&mut caller);
    let bytes = zkhost_runtime::memory::slice(data, ptr, zkhost_runtime::memory::len(len))?;
    node.log.push(String::from_utf8_lossy(bytes).into_owned());
    Ok(())
}

fn main() -> wasmtime::Result<()> {
    use zkhost_runtime::Prices;
    let pair = |g1: &str| hex::decode([g1, G2].concat()).expect("hex");
    let input = [pair(G1), pair(MINUS_G1)].concat();
    let price = HostCosts::ZKHOST.crypto_call(Crypto::AltBn128Pairing, input.len());

    // The pairing holds: 1, and the node's meter charged exactly zkhost's price.
    let ok = node_run(&input, 1_000_000)?;
    println!("execute: {} for {} gas", ok.result, ok.gas);
    assert_eq!((ok.result, ok.gas), (1, price));
    assert_eq!(ok.log, ["ready"]);

    // (1, 3) is not on the curve: refused, and the contract can say why.
    let mut bad = input.clone();
    bad[63] = 3;
    let refused = node_run(&bad, 1_000_000)?;
    println!("refused: last_error {}", -refused.result);
    assert_eq!(refused.result, -last_error::BN254_G1_NOT_ON_CURVE);
    assert_eq!(refused.gas, price + HostCosts::ZKHOST.call(0, 0));

    // One unit short of the price: out of gas, before any work, and the error says so.
    let err = node_run(&input, price - 1).expect_err("out of gas");
    assert_eq!(
        zkhost_runtime::trap_kind(&err),
        zkhost_runtime::TrapKind::OutOfGas
    );
    let text = format!("{err:#}");
    println!("out of gas: {text}");
    assert!(text.contains(&format!(
        "alt_bn128_pairing: out of gas: needed {price} gas, {} left",
        price - 1
    )));
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_embedding_runs() {
        super::main().unwrap();
    }
}
