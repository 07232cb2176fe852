//! What the deterministic stack limit costs: the bundled contracts run from the same
//! module before and after `stack::limit`, interleaved, with the median time and the
//! gas of each. `cargo run --release -p zkhost-runtime --example stack_overhead`.

#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]
use std::time::Instant;
use zkhost_abi::Crypto;
use zkhost_runtime::wasmtime::{Engine, Linker, Module, Store};
use zkhost_runtime::*;
use zkhost_testkit::contracts;
/// The store data: the host functions' state and the call's I/O.
struct S {
    host: HostState,
    io: CallIo,
}
fn run(engine: &Engine, linker: &Linker<S>, module: &Module, msg: &[u8]) -> (f64, u64) {
    let mut store = Store::new(
        engine,
        S {
            host: HostState::new(HostCosts::default(), None),
            io: CallIo::new(1 << 20),
        },
    );
    store.set_fuel(0).unwrap();
    let inst = linker.instantiate(&mut store, module).unwrap();
    let f = inst.get_typed_func::<(), ()>(&mut store, "call").unwrap();
    store.data_mut().io.start(msg);
    store.set_fuel(1 << 40).unwrap();
    let t = Instant::now();
    f.call(&mut store, ()).unwrap();
    let dt = t.elapsed().as_secs_f64();
    (dt, (1u64 << 40) - store.get_fuel().unwrap())
}
fn main() {
    let engine = Engine::new(&engine::config(512 << 10)).unwrap();
    let mut linker = Linker::new(&engine);
    let o = LinkOptions::default();
    add_to_linker(&mut linker, &o, FuelMeter, |s: &mut S| &mut s.host).unwrap();
    add_io_to_linker(
        &mut linker,
        &o,
        HostCosts::default(),
        FuelMeter,
        |s: &mut S| &mut s.io,
    )
    .unwrap();
    for (what, wasm, msg) in [
        (
            "wasm pairing 2",
            contracts::WASM_PAIRING_WASM,
            contracts::message(
                Crypto::AltBn128Pairing,
                zkhost_testkit::sample::pairing_input(2, 3),
            ),
        ),
        (
            "wasm mul",
            contracts::WASM_PAIRING_WASM,
            contracts::message(Crypto::AltBn128Mul, zkhost_testkit::sample::mul_input(2)),
        ),
        (
            "forwarder add",
            contracts::FORWARDER_WASM,
            contracts::message(Crypto::AltBn128Add, zkhost_testkit::sample::add_input(1)),
        ),
    ] {
        let a = Module::new(&engine, wasm).unwrap();
        let b = Module::new(&engine, stack::limit(wasm, "call", 16384).unwrap()).unwrap();
        let reps = if what.contains("add") { 2000 } else { 15 };
        let (mut ta, mut tb) = (vec![], vec![]);
        let (mut ga, mut gb) = (0, 0);
        for _ in 0..reps {
            let (t, g) = run(&engine, &linker, &a, &msg);
            ta.push(t);
            ga = g;
            let (t, g) = run(&engine, &linker, &b, &msg);
            tb.push(t);
            gb = g;
        }
        ta.sort_by(|x, y| x.partial_cmp(y).unwrap());
        tb.sort_by(|x, y| x.partial_cmp(y).unwrap());
        let (ma, mb) = (ta[reps / 2], tb[reps / 2]);
        println!("{what}: original {:.1} us gas {ga}, limited {:.1} us gas {gb}, time ratio {:.3}, gas ratio {:.4}", ma * 1e6, mb * 1e6, mb / ma, gb as f64 / ga as f64);
    }
}
