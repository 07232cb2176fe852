//! The parts of a BN254 pairing check and MSM, timed on their own: the Miller loop
//! (1 and 10 pairs, points already decoded), the final exponentiation, the G2
//! on-twist and subgroup check, Fp multiplication and inversion, and the G1 MSM at
//! n = 64 to 4096 (single thread), on zkhost's backend and, with the `mcl` feature,
//! on mcl side by side (`zkhost` and `mcl` in each group). Inputs are the
//! benchmark's seeded samples; before timing, each mcl result is checked against
//! zkhost's where both give comparable bytes.
//!
//! `cargo bench -p zkhost-bn254 --features internals --bench bn254_parts` (features
//! `internals,mcl` for the mcl rows).

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use zkhost_bn254::arithmetic::{fp::Fp, fp2::Fp2, g1::G1Affine, g2::G2Affine, pairing};
use zkhost_bn254::encoding;
use zkhost_testkit::sample;

/// The coordinate at byte `offset`.
fn coordinate(input: &[u8], offset: usize) -> Fp {
    let bytes: [u8; 32] = input[offset..offset + 32].try_into().expect("32 bytes");
    Fp::from_be_bytes(&bytes).expect("canonical")
}

/// The pairs of a sample pairing input, decoded for zkhost.
fn zkhost_pairs(input: &[u8]) -> Vec<(G1Affine, G2Affine)> {
    (0..input.len() / 192)
        .map(|i| {
            let at = 192 * i;
            let p = G1Affine::new(coordinate(input, at), coordinate(input, at + 32));
            // The EVM orders G2 coordinates imaginary part first.
            let q = G2Affine::new(
                Fp2::new(coordinate(input, at + 96), coordinate(input, at + 64)),
                Fp2::new(coordinate(input, at + 160), coordinate(input, at + 128)),
            );
            (p.expect("on the curve"), q.expect("on the twist"))
        })
        .collect()
}

/// The G2 half of pair `i`, as the encoding layer hands it to a backend.
fn g2_coords(input: &[u8], i: usize) -> encoding::G2Coords {
    let at = 192 * i + 64;
    encoding::g2(input[at..at + 128].try_into().expect("128 bytes")).expect("canonical")
}

#[cfg(feature = "mcl")]
fn mcl_pairs(input: &[u8]) -> (Vec<mcl_rust::G1>, Vec<mcl_rust::G2>) {
    use zkhost_bn254::mcl;
    (0..input.len() / 192)
        .map(|i| {
            let at = 192 * i;
            let c = encoding::g1(input[at..at + 64].try_into().expect("64 bytes")).expect("field");
            let p = mcl::g1_point(&c).expect("on the curve");
            (p, mcl::g2_point(&g2_coords(input, i)).expect("in G2"))
        })
        .unzip()
}

fn pairing_parts(c: &mut Criterion) {
    let mut group = c.benchmark_group("bn254-miller-loop");
    group.sample_size(30);
    for k in [1usize, 10] {
        let input = sample::pairing_input(k, 100);
        let pairs = zkhost_pairs(&input);
        group.bench_with_input(BenchmarkId::new("zkhost", k), &pairs, |b, pairs| {
            b.iter(|| pairing::miller_loop(black_box(pairs)))
        });
        #[cfg(feature = "mcl")]
        {
            let (g1, g2) = mcl_pairs(&input);
            group.bench_function(BenchmarkId::new("mcl", k), |b| {
                b.iter(|| zkhost_bn254::mcl::miller_loop(black_box(&g1), black_box(&g2)))
            });
        }
    }
    group.finish();

    let input = sample::pairing_input(2, 100);
    let f = pairing::miller_loop(&zkhost_pairs(&input));
    let mut group = c.benchmark_group("bn254-final-exponentiation");
    group.sample_size(30);
    group.bench_function("zkhost", |b| {
        b.iter(|| pairing::final_exponentiation(black_box(&f)))
    });
    #[cfg(feature = "mcl")]
    {
        let (g1, g2) = mcl_pairs(&input);
        let f = zkhost_bn254::mcl::miller_loop(&g1, &g2);
        group.bench_function("mcl", |b| {
            b.iter(|| zkhost_bn254::mcl::final_exponentiation(black_box(&f)))
        });
    }
    group.finish();

    // From the coordinates the encoding layer yields to the validated point.
    let coords = g2_coords(&input, 0);
    let mut group = c.benchmark_group("bn254-g2-check");
    group.bench_function("zkhost", |b| {
        b.iter(|| {
            let c = black_box(&coords);
            let fp = |x: &[u8; 32]| Fp::from_be_bytes(x).expect("canonical");
            let q = G2Affine::new(
                Fp2::new(fp(&c.x_re), fp(&c.x_im)),
                Fp2::new(fp(&c.y_re), fp(&c.y_im)),
            )
            .expect("on the twist");
            assert!(q.is_in_subgroup());
        })
    });
    #[cfg(feature = "mcl")]
    group.bench_function("mcl", |b| {
        b.iter(|| zkhost_bn254::mcl::g2_point(black_box(&coords)).expect("in G2"))
    });
    group.finish();
}

fn field(c: &mut Criterion) {
    let a = Fp::from_u64(123_456_789);
    let b = Fp::from_u64(987_654_321).inverse().expect("non-zero");
    let mut group = c.benchmark_group("bn254-fp-mul-chain-100");
    group.bench_function("zkhost", |bench| {
        bench.iter(|| {
            let mut x = black_box(a);
            for _ in 0..100 {
                x = x.mul(&b);
            }
            x
        })
    });
    #[cfg(feature = "mcl")]
    {
        let (ma, mb) = (mcl_rust::Fp::from_int(123_456_789), {
            let mut inv = mcl_rust::Fp::zero();
            mcl_rust::Fp::inv(&mut inv, &mcl_rust::Fp::from_int(987_654_321));
            inv
        });
        group.bench_function("mcl", |bench| {
            bench.iter(|| {
                let mut x = black_box(ma.clone());
                let mut y = mcl_rust::Fp::zero();
                for _ in 0..50 {
                    mcl_rust::Fp::mul(&mut y, &x, &mb);
                    mcl_rust::Fp::mul(&mut x, &y, &mb);
                }
                x
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("bn254-fp-inverse");
    group.bench_function("zkhost", |bench| {
        let mut x = a;
        bench.iter(|| {
            x = x.add(&b).inverse().expect("non-zero");
            x
        })
    });
    #[cfg(feature = "mcl")]
    {
        let mb = mcl_rust::Fp::from_int(987_654_321);
        group.bench_function("mcl", |bench| {
            let mut x = mcl_rust::Fp::from_int(123_456_789);
            let mut s = mcl_rust::Fp::zero();
            bench.iter(|| {
                mcl_rust::Fp::add(&mut s, &x, &mb);
                mcl_rust::Fp::inv(&mut x, &s);
            })
        });
    }
    group.finish();
}

fn msm(c: &mut Criterion) {
    let mut group = c.benchmark_group("bn254-msm");
    group.sample_size(20);
    for n in [64usize, 256, 1024, 4096] {
        let input = sample::msm_input(n, 2000);
        #[cfg(feature = "mcl")]
        assert_eq!(
            zkhost_bn254::msm::g1_msm(&input),
            zkhost_bn254::mcl::g1_msm(&input),
            "n = {n}"
        );
        group.bench_with_input(BenchmarkId::new("zkhost", n), &input, |b, input| {
            b.iter(|| zkhost_bn254::msm::g1_msm(black_box(input)))
        });
        #[cfg(feature = "mcl")]
        group.bench_with_input(BenchmarkId::new("mcl", n), &input, |b, input| {
            b.iter(|| zkhost_bn254::mcl::g1_msm(black_box(input)))
        });
    }
    group.finish();
}

criterion_group!(benches, pairing_parts, field, msm);
criterion_main!(benches);
