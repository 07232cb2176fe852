//! The MSM engine against n: every algorithm (each window near the best one), the
//! selection (with and without the parallel path) and arkworks' `VariableBaseMSM`
//! (ark-ec 0.6, single-threaded: its `parallel` feature is off) on the same inputs.
//!
//! Run with `cargo bench -p zkhost-bn254 --bench msm`; filter with e.g. `cargo bench
//! -p zkhost-bn254 --bench msm -- 'msm/4096'`. Throughput is in points, so criterion's `thrpt` is points per second
//! (time per point is its inverse).

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::time::Duration;

use ark_ec::VariableBaseMSM;
use ark_ff::PrimeField;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkhost_bn254::msm::{G1Affine, G1, ORDER};
use zkhost_msm::{self as msm, Algorithm, Family, MsmGroup, Scalar};

const SIZES: [usize; 11] = [1, 2, 3, 4, 6, 8, 64, 256, 1024, 4096, 16384];

struct Inputs {
    points: Vec<G1Affine>,
    scalars: Vec<Scalar>,
    ark_points: Vec<ark_bn254::G1Affine>,
    ark_scalars: Vec<ark_bn254::Fr>,
}

fn inputs(n: usize) -> Inputs {
    let mut rng = ChaCha20Rng::seed_from_u64(42);
    let mut scalar = || -> Scalar {
        let k = [
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
        ];
        msm::scalar::reduce(k, &ORDER)
    };
    let g = [G1Affine::generator()];
    let q = msm::strauss::strauss::<G1>(&g, &[scalar()], 4);
    let mut proj = Vec::with_capacity(n);
    let mut cur = msm::strauss::strauss::<G1>(&g, &[scalar()], 4);
    for _ in 0..n {
        proj.push(cur);
        cur = cur.add(&q);
    }
    let mut points = vec![G1Affine::INFINITY; n];
    G1::batch_normalize(&proj, &mut points);
    let scalars: Vec<Scalar> = (0..n).map(|_| scalar()).collect();
    let ark_points = points
        .iter()
        .map(|p| {
            let b = p.to_evm();
            ark_bn254::G1Affine::new_unchecked(
                ark_bn254::Fq::from_be_bytes_mod_order(&b[..32]),
                ark_bn254::Fq::from_be_bytes_mod_order(&b[32..]),
            )
        })
        .collect();
    let ark_scalars = scalars
        .iter()
        .map(|k| ark_bn254::Fr::from_bigint(ark_ff::BigInt(*k)).unwrap_or_default())
        .collect();
    Inputs {
        points,
        scalars,
        ark_points,
        ark_scalars,
    }
}

/// The algorithms benchmarked at `n`: every Strauss window up to 256 points, and the
/// Pippenger windows within two of the model's best, serial and parallel.
fn algorithms(n: usize) -> Vec<Algorithm> {
    let model = G1::cost_model();
    let mut out = Vec::new();
    if n <= 256 {
        out.extend(msm::strauss::WINDOWS.map(Algorithm::Strauss));
    }
    for family in [Family::Pippenger, Family::ParallelPippenger] {
        let best = model
            .select_where(n, usize::MAX, |a| a.family() == family)
            .algorithm
            .window();
        let lo = best.saturating_sub(2).max(1);
        for c in lo..=(best + 2).min(16) {
            out.push(match family {
                Family::Pippenger => Algorithm::Pippenger(c),
                _ => Algorithm::ParallelPippenger(c),
            });
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let all = inputs(*SIZES.iter().max().unwrap_or(&1));
    let mut group = c.benchmark_group("msm");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    for n in SIZES {
        let (p, s) = (&all.points[..n], &all.scalars[..n]);
        let (ap, asc) = (&all.ark_points[..n], &all.ark_scalars[..n]);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("arkworks", n), &n, |b, _| {
            b.iter(|| ark_bn254::G1Projective::msm(ap, asc))
        });
        group.bench_with_input(BenchmarkId::new("selection", n), &n, |b, _| {
            b.iter(|| msm::msm::<G1>(p, s))
        });
        let serial = G1::cost_model()
            .select_where(n, msm::DEFAULT_MEMORY_LIMIT, |a| {
                a.family() != Family::ParallelPippenger
            })
            .algorithm;
        group.bench_with_input(BenchmarkId::new("selection-1-thread", n), &n, |b, _| {
            b.iter(|| msm::run::<G1>(serial, p, s))
        });
        for a in algorithms(n) {
            group.bench_with_input(BenchmarkId::new(a.to_string(), n), &n, |b, _| {
                b.iter(|| msm::run::<G1>(a, p, s))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
