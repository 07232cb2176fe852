//! The same operation natively, through a contract (warm and cold instance), and in
//! pure WebAssembly: what a contract pays to reach a host function, and what it would
//! pay without one. Run with `cargo bench -p zkhost-bench --bench paths`.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use zkhost_bn254::{self as bn254, Op};
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{FORWARDER_WASM, GENEROUS_GAS, WASM_PAIRING_WASM};
use zkhost_testkit::sample;

fn inputs() -> Vec<(Op, &'static str, Vec<u8>)> {
    vec![
        (Op::Add, "add", sample::add_input(1)),
        (Op::Mul, "mul", sample::mul_input(2)),
        (Op::Pairing, "pairing-2", sample::pairing_input(2, 3)),
    ]
}

fn paths(c: &mut Criterion) {
    // Every path times fresh points: the repeated pairing input would otherwise hit
    // the G2 cache on the native and contract paths but not in pure WebAssembly.
    bn254::g2_cache::pause(true);
    let cache_before = bn254::g2_cache::stats();
    let rt = Runtime::new(RuntimeConfig::default()).expect("runtime");
    let contract = rt.deploy(FORWARDER_WASM).expect("deploy");
    let wasm = rt.deploy(WASM_PAIRING_WASM).expect("deploy");
    let mut warm = rt.instantiate(&contract).expect("instance");
    let mut warm_wasm = rt.instantiate(&wasm).expect("instance");
    for (op, name, input) in inputs() {
        let message = zkhost_testkit::contracts::message(op.host_function(), input.clone());
        let mut group = c.benchmark_group(format!("path/{name}"));
        if op == Op::Pairing {
            group.sample_size(20);
        }
        group.bench_function("native", |b| b.iter(|| bn254::run(op, &input)));
        group.bench_function("contract", |b| b.iter(|| warm.call(&message, GENEROUS_GAS)));
        group.bench_function("contract-cold", |b| {
            b.iter(|| rt.call(&contract, &message, GENEROUS_GAS))
        });
        group.sample_size(10);
        group.bench_function("wasm", |b| {
            b.iter(|| warm_wasm.call(&message, GENEROUS_GAS))
        });
        group.finish();
    }
    assert!(
        !bn254::g2_cache::stats().touched_since(&cache_before),
        "a path comparison ran with the G2 cache on"
    );
}

/// A fresh instance per call with different amounts of memory kept resident between
/// instances (the default of `Limits::memory_keep_resident` is chosen from this).
fn cold_instances(c: &mut Criterion) {
    let message = zkhost_testkit::contracts::message(Op::Add.host_function(), sample::add_input(1));
    let mut group = c.benchmark_group("cold-add/keep-resident");
    for kib in [0usize, 64, 128, 256] {
        let mut config = RuntimeConfig::default();
        config.limits.memory_keep_resident = kib << 10;
        let rt = Runtime::new(config).expect("runtime");
        let code = rt.deploy(FORWARDER_WASM).expect("deploy");
        group.bench_function(format!("{kib}KiB"), |b| {
            b.iter(|| rt.call(&code, &message, GENEROUS_GAS))
        });
    }
    group.finish();
}

criterion_group!(benches, paths, cold_instances);
criterion_main!(benches);
