//! Poseidon per input count, zkhost-poseidon (optimised form and the round-by-round
//! reference) against light-poseidon on the same inputs (1 to 12 inputs, its widths
//! 2 to 13; zkhost alone for 13 to 16). Each light-poseidon result is checked
//! against zkhost's before timing.
//!
//! `cargo bench -p zkhost-poseidon --bench poseidon`

use std::hint::black_box;

use ark_ff::{BigInteger, PrimeField, UniformRand};
use criterion::{criterion_main, BenchmarkId, Criterion};
use light_poseidon::{Poseidon, PoseidonHasher};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use zkhost_poseidon::{poseidon, reference, warm_up, MAX_INPUTS};

fn be(x: &ark_bn254::Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

fn per_width(c: &mut Criterion) {
    warm_up();
    let mut rng = ChaCha20Rng::seed_from_u64(38);
    let mut group = c.benchmark_group("poseidon");
    for n in 1..=MAX_INPUTS {
        let xs: Vec<ark_bn254::Fr> = (0..n).map(|_| ark_bn254::Fr::rand(&mut rng)).collect();
        let input: Vec<u8> = xs.iter().flat_map(be).collect();
        group.bench_with_input(BenchmarkId::new("zkhost", n), &input, |b, input| {
            b.iter(|| poseidon(black_box(input)))
        });
        group.bench_with_input(
            BenchmarkId::new("zkhost-reference", n),
            &input,
            |b, input| b.iter(|| reference::poseidon(black_box(input))),
        );
        if let Ok(mut hasher) = Poseidon::<ark_bn254::Fr>::new_circom(n) {
            let want = hasher.hash(&xs).map(|h| be(&h));
            assert_eq!(want.ok(), poseidon(&input).ok(), "light-poseidon, n = {n}");
            group.bench_with_input(BenchmarkId::new("light-poseidon", n), &xs, |b, xs| {
                b.iter(|| hasher.hash(black_box(xs)))
            });
        }
    }
    group.finish();
}

// `criterion_group!` defines an undocumented public function.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::per_width);
}
criterion_main!(group::benches);
