//! The "which library" comparison: each BN254 backend side by side on the same inputs
//! for ECADD, ECMUL and pairing checks of 1, 2, 4 and 10 pairs.
//!
//! Run with `cargo bench --bench backends`. Ratios against substrate-bn are what the
//! README reports; absolute times depend on the machine.

use ark_bn254::{Fr, G1Projective, G2Projective};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField, UniformRand};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use zkhost::bn254::{Backend, Op};

fn g1(p: &ark_bn254::G1Affine) -> Vec<u8> {
    let (x, y) = p.xy().expect("finite point");
    [x.into_bigint().to_bytes_be(), y.into_bigint().to_bytes_be()].concat()
}

fn g2(q: &ark_bn254::G2Affine) -> Vec<u8> {
    let (x, y) = q.xy().expect("finite point");
    [x.c1, x.c0, y.c1, y.c0]
        .iter()
        .flat_map(|c| c.into_bigint().to_bytes_be())
        .collect()
}

/// Inputs shared by every backend: two random points, a full-size scalar, and
/// pairing inputs of random valid pairs.
struct Inputs {
    add: Vec<u8>,
    mul: Vec<u8>,
    pairing: Vec<(usize, Vec<u8>)>,
}

fn inputs() -> Inputs {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let p = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
    let q = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
    let k = Fr::rand(&mut rng).into_bigint().to_bytes_be();
    let pairing = [1usize, 2, 4, 10]
        .into_iter()
        .map(|n| {
            let bytes = (0..n)
                .flat_map(|_| {
                    let a = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
                    let b = (G2Projective::generator() * Fr::rand(&mut rng)).into_affine();
                    [g1(&a), g2(&b)].concat()
                })
                .collect();
            (n, bytes)
        })
        .collect();
    Inputs {
        add: [g1(&p), g1(&q)].concat(),
        mul: [g1(&p), k].concat(),
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
