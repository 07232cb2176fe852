//! The same operation natively, through a contract (warm and cold instance), and in
//! pure WebAssembly: what a contract pays to reach a host function, and what it would
//! pay without one. Run with `cargo bench --bench paths`.

use criterion::{criterion_group, criterion_main, Criterion};
use parity_scale_codec::Encode;
use zkhost::bn254::{self, sample, Op};
use zkhost::contracts::{Message, Via, GENEROUS_GAS};
use zkhost::runtime::{Runtime, RuntimeConfig};

fn inputs() -> Vec<(Op, &'static str, Vec<u8>)> {
    vec![
        (Op::Add, "add", sample::add_input(1)),
        (Op::Mul, "mul", sample::mul_input(2)),
        (Op::Pairing, "pairing-2", sample::pairing_input(2, 3)),
    ]
}

fn paths(c: &mut Criterion) {
    let rt = Runtime::new(RuntimeConfig::default()).expect("runtime");
    let contract = rt.deploy(Via::Contract.wasm()).expect("deploy");
    let wasm = rt.deploy(Via::Wasm.wasm()).expect("deploy");
    let mut warm = rt.instantiate(&contract).expect("instance");
    let mut warm_wasm = rt.instantiate(&wasm).expect("instance");
    for (op, name, input) in inputs() {
        let message = Message::for_op(op, input.clone()).encode();
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
}

/// A fresh instance per call with different amounts of memory kept resident between
/// instances (the default of `Limits::memory_keep_resident` is chosen from this).
fn cold_instances(c: &mut Criterion) {
    let message = Message::for_op(Op::Add, sample::add_input(1)).encode();
    let mut group = c.benchmark_group("cold-add/keep-resident");
    for kib in [0usize, 64, 128, 256] {
        let mut config = RuntimeConfig::default();
        config.limits.memory_keep_resident = kib << 10;
        let rt = Runtime::new(config).expect("runtime");
        let code = rt.deploy(Via::Contract.wasm()).expect("deploy");
        group.bench_function(format!("{kib}KiB"), |b| {
            b.iter(|| rt.call(&code, &message, GENEROUS_GAS))
        });
    }
    group.finish();
}

criterion_group!(benches, paths, cold_instances);
criterion_main!(benches);
