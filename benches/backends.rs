//! The "which library" comparison: each BN254 backend side by side on the same inputs
//! for ECADD, ECMUL and pairing checks of 1, 2, 4 and 10 pairs.
//!
//! Run with `cargo bench --bench backends`. Ratios against substrate-bn are what the
//! README reports; absolute times depend on the machine.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use zkhost::bn254::{sample, Backend, Op};

/// Inputs shared by every backend: two points, a full-size scalar, and pairing inputs
/// of valid pairs.
struct Inputs {
    add: Vec<u8>,
    mul: Vec<u8>,
    pairing: Vec<(usize, Vec<u8>)>,
}

fn inputs() -> Inputs {
    let pairing = [1usize, 2, 4, 10]
        .into_iter()
        .map(|n| (n, sample::pairing_input(n, 100)))
        .collect();
    Inputs {
        add: sample::add_input(1),
        mul: sample::mul_input(2),
        pairing,
    }
}

fn backends(c: &mut Criterion) {
    let inputs = inputs();
    let mut group = c.benchmark_group("bn254-add");
    for b in Backend::ALL {
        group.bench_function(b.name(), |bench| bench.iter(|| b.run(Op::Add, &inputs.add)));
    }
    group.finish();

    let mut group = c.benchmark_group("bn254-mul");
    for b in Backend::ALL {
        group.bench_function(b.name(), |bench| bench.iter(|| b.run(Op::Mul, &inputs.mul)));
    }
    group.finish();

    let mut group = c.benchmark_group("bn254-pairing");
    group.sample_size(20);
    for (n, input) in &inputs.pairing {
        for b in Backend::ALL {
            group.bench_with_input(BenchmarkId::new(b.name(), n), input, |bench, input| {
                bench.iter(|| b.run(Op::Pairing, input))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, backends);
criterion_main!(benches);
