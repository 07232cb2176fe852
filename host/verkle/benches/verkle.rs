//! Verkle commitments: every fixed-base method against the number of non-zero
//! scalars, the cost model's choice, arkworks' `VariableBaseMSM` over the same 256
//! bases and scalars (the generic baseline), a naive sum, k spread non-zero scalars of
//! 256, the sparse update of one slot, and a batch of many commitments.
//!
//! Run with `cargo bench -p zkhost-verkle --bench verkle`. The tables are built before the first
//! measurement; their build time and memory are printed.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::time::Duration;

use ark_ec::{twisted_edwards::Projective, VariableBaseMSM};
use ark_ed_on_bls12_381_bandersnatch::{BandersnatchConfig, EdwardsAffine, Fr};
use ark_ff::{UniformRand, Zero};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use zkhost_verkle::{self as verkle, crs, Element, Method, Tables};

fn scalars(n: usize, seed: u64) -> Vec<Fr> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    (0..n).map(|_| Fr::rand(&mut rng)).collect()
}

/// Σ sᵢ·Gᵢ by double-and-add, zeros skipped: the baseline every method beats.
fn naive(v: &[Fr]) -> Element {
    v.iter()
        .zip(crs::basis())
        .filter(|(s, _)| !s.is_zero())
        .fold(Element::IDENTITY, |acc, (s, g)| acc.add(&g.mul(s)))
}

fn bench(c: &mut Criterion) {
    let t = Tables::get();
    eprintln!(
        "verkle tables: built in {:.2} s (head and narrow {:.2} s), {} MiB",
        t.build_time.as_secs_f64(),
        t.narrow_time.as_secs_f64(),
        t.memory_bytes() >> 20
    );
    let bases: Vec<EdwardsAffine> = crs::basis().iter().map(Element::to_arkworks).collect();

    let mut g = c.benchmark_group("verkle-commit");
    g.measurement_time(Duration::from_secs(3));
    g.warm_up_time(Duration::from_millis(500));
    g.sample_size(20);
    for n in [1usize, 4, 16, 32, 64, 256] {
        let v = scalars(n, n as u64);
        g.throughput(Throughput::Elements(n as u64));
        for m in Method::ALL {
            g.bench_with_input(BenchmarkId::new(m.name(), n), &v, |b, v| {
                b.iter(|| verkle::commit_with_method(m, v))
            });
        }
        g.bench_with_input(BenchmarkId::new("selected-1-thread", n), &v, |b, v| {
            b.iter(|| verkle::commit_single_thread(v))
        });
        g.bench_with_input(BenchmarkId::new("selected-parallel", n), &v, |b, v| {
            b.iter(|| verkle::commit(v))
        });
        g.bench_with_input(BenchmarkId::new("arkworks-msm", n), &v, |b, v| {
            b.iter(|| Projective::<BandersnatchConfig>::msm(&bases[..v.len()], v))
        });
        g.bench_with_input(BenchmarkId::new("naive", n), &v, |b, v| b.iter(|| naive(v)));
    }
    g.finish();

    // k non-zero scalars at spread indices of a 256-slot vector (a tree node after a
    // few inserts): the tables skip the zeros, arkworks gets all 256 slots.
    let mut g = c.benchmark_group("verkle-commit-spread");
    g.measurement_time(Duration::from_secs(3));
    g.warm_up_time(Duration::from_millis(500));
    g.sample_size(20);
    for k in [4usize, 16, 64] {
        let mut v = vec![Fr::from(0u64); 256];
        for (j, s) in scalars(k, 500 + k as u64).into_iter().enumerate() {
            v[j * 256 / k] = s;
        }
        for m in Method::ALL {
            g.bench_with_input(BenchmarkId::new(m.name(), k), &v, |b, v| {
                b.iter(|| verkle::commit_with_method(m, v))
            });
        }
        g.bench_with_input(BenchmarkId::new("selected-1-thread", k), &v, |b, v| {
            b.iter(|| verkle::commit_single_thread(v))
        });
        g.bench_with_input(BenchmarkId::new("arkworks-msm", k), &v, |b, v| {
            b.iter(|| Projective::<BandersnatchConfig>::msm(&bases, v))
        });
    }
    g.finish();

    // Zero slots should cost nothing: k scalars in the first k slots of a 256-slot
    // vector against the same k scalars as a k-element vector (same slots, same
    // tables), at the element level and through the host function's bytes.
    let mut g = c.benchmark_group("verkle-zero-slots");
    g.measurement_time(Duration::from_secs(2));
    g.warm_up_time(Duration::from_millis(300));
    g.sample_size(30);
    for k in [1usize, 4, 16] {
        let short = scalars(k, 900 + k as u64);
        let mut long = short.clone();
        long.resize(256, Fr::from(0u64));
        let bytes = |v: &[Fr]| -> Vec<u8> { v.iter().flat_map(verkle::scalar_to_le).collect() };
        let (short_bytes, long_bytes) = (bytes(&short), bytes(&long));
        g.bench_with_input(BenchmarkId::new("k-elements", k), &short, |b, v| {
            b.iter(|| verkle::commit_single_thread(v))
        });
        g.bench_with_input(BenchmarkId::new("256-slots", k), &long, |b, v| {
            b.iter(|| verkle::commit_single_thread(v))
        });
        g.bench_with_input(
            BenchmarkId::new("k-elements-bytes", k),
            &short_bytes,
            |b, v| b.iter(|| verkle::commit_bytes(v)),
        );
        g.bench_with_input(
            BenchmarkId::new("256-slots-bytes", k),
            &long_bytes,
            |b, v| b.iter(|| verkle::commit_bytes(v)),
        );
    }
    g.finish();

    let mut g = c.benchmark_group("verkle-update");
    g.sample_size(50);
    let v = scalars(256, 1);
    let c0 = verkle::commit(&v).unwrap_or_default();
    for idx in [0u8, 255] {
        let change = [(idx, v[idx as usize], Fr::from(7u64))];
        g.bench_function(BenchmarkId::new("one-slot", idx), |b| {
            b.iter(|| verkle::update(&c0, &change))
        });
    }
    let mut input = c0.to_bytes().to_vec();
    input.push(3);
    input.extend(verkle::scalar_to_le(&v[3]));
    input.extend(verkle::scalar_to_le(&Fr::from(7u64)));
    g.bench_function("one-slot-bytes", |b| {
        b.iter(|| verkle::update_bytes(&input))
    });
    g.finish();

    let mut g = c.benchmark_group("verkle-batch");
    g.sample_size(10);
    let vectors: Vec<Vec<Fr>> = (0..64).map(|i| scalars(256, 100 + i)).collect();
    g.throughput(Throughput::Elements(vectors.len() as u64));
    g.bench_function("commit-many-64x256", |b| {
        b.iter(|| verkle::commit_many(&vectors))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
