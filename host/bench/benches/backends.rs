//! The "which library" comparison: each BN254 backend side by side on the same inputs
//! for ECADD, ECMUL and pairing checks of 1, 2, 4 and 10 pairs, and on the slowest
//! inputs (`bn254-worst`).
//!
//! Run with `cargo bench -p zkhost-bench --bench backends`; with `--features mcl`,
//! herumi's mcl is one of the backends. Every backend's output is checked equal first,
//! and zkhost's G2 cache is paused (and checked untouched): every row is the uncached
//! path. Ratios in one run are what the book (`docs/src/backends.md`) reports; absolute
//! times depend on the machine.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use zkhost_bn254::{Backend, Op};
use zkhost_testkit::sample;

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

/// Every backend's output for `input`, which must all be the same: speeds are
/// compared between equal results only.
fn same_output(op: Op, input: &[u8]) {
    let reference = Backend::ZKHOST.run(op, input);
    assert!(reference.is_ok(), "{op}: the benchmark input is refused");
    for &b in Backend::ALL {
        assert_eq!(b.run(op, input), reference, "{op}: {b} differs from zkhost");
    }
}

fn backends(c: &mut Criterion) {
    // The inputs repeat, so zkhost's cache of prepared G2 points would turn every
    // pairing row after the first call into the cached path, against uncached peers:
    // paused for the whole comparison, and checked untouched at the end.
    zkhost_bn254::g2_cache::pause(true);
    let cache_before = zkhost_bn254::g2_cache::stats();
    let inputs = inputs();
    same_output(Op::Add, &inputs.add);
    same_output(Op::Mul, &inputs.mul);
    for (_, input) in &inputs.pairing {
        same_output(Op::Pairing, input);
    }
    let mut group = c.benchmark_group("bn254-add");
    for &b in Backend::ALL {
        group.bench_function(b.name(), |bench| bench.iter(|| b.run(Op::Add, &inputs.add)));
    }
    group.finish();

    let mut group = c.benchmark_group("bn254-mul");
    for &b in Backend::ALL {
        group.bench_function(b.name(), |bench| bench.iter(|| b.run(Op::Mul, &inputs.mul)));
    }
    group.finish();

    let mut group = c.benchmark_group("bn254-pairing");
    group.sample_size(20);
    for (n, input) in &inputs.pairing {
        for &b in Backend::ALL {
            group.bench_with_input(BenchmarkId::new(b.name(), n), input, |bench, input| {
                bench.iter(|| b.run(Op::Pairing, input))
            });
        }
    }
    group.finish();

    // The slowest inputs we can construct, next to the typical ones above: no input
    // may cost more than the priced case. ECMUL with the all-ones scalar (2²⁵⁶ − 1,
    // reduced mod r, the longest GLV halves) and ECADD of a point to itself (the
    // tangent: one more multiplication before the same single inversion).
    let mut all_ones = inputs.mul.clone();
    all_ones[64..96].fill(0xff);
    let mut doubling = inputs.add.clone();
    doubling.copy_within(0..64, 64);
    let mut group = c.benchmark_group("bn254-worst");
    for &b in Backend::ALL {
        group.bench_function(BenchmarkId::new(b.name(), "mul-all-ones"), |bench| {
            bench.iter(|| b.run(Op::Mul, &all_ones))
        });
        group.bench_function(BenchmarkId::new(b.name(), "add-doubling"), |bench| {
            bench.iter(|| b.run(Op::Add, &doubling))
        });
    }
    group.finish();
    assert!(
        !zkhost_bn254::g2_cache::stats().touched_since(&cache_before),
        "a backend comparison ran with the G2 cache on"
    );
}

criterion_group!(benches, backends);
criterion_main!(benches);
