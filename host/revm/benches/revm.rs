//! revm's own BN254 precompiles (0x06 ECADD, 0x07 ECMUL, 0x08 pairing check of 2
//! pairs, Istanbul prices) with revm's default crypto and with `zkhost_revm`'s
//! `ZkhostCrypto`, side by side on the same input in the same run, so the ratio can be
//! read off.
//!
//! Run with `cargo bench -p zkhost-revm --bench revm`. revm 43 keeps one crypto provider
//! per process, so this bench installs a switch that hands each BN254 call to
//! `DefaultCrypto` or to `ZkhostCrypto` by a global flag: both sides run revm's very
//! precompile function (`Precompile::execute`: gas check, padding, output) and pay the
//! same one relaxed load; only the backend differs.

// criterion_group! defines an undocumented public function; a benchmark's inputs are
// fixed, and a panic is how its output check fails (the crate's deny block is for the
// EVM input its library takes).
#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::sync::atomic::{AtomicBool, Ordering};

use criterion::{criterion_group, criterion_main, Criterion};
use revm_precompile::bn254::{add, mul, pair};
use revm_precompile::{Crypto, DefaultCrypto, Precompile, PrecompileHalt};
use zkhost_revm::ZkhostCrypto;
use zkhost_testkit::sample;

/// Whether the BN254 calls go to zkhost (else to revm's default).
static ZKHOST: AtomicBool = AtomicBool::new(false);

#[derive(Debug)]
struct Switch;

impl Crypto for Switch {
    fn bn254_g1_add(&self, p1: &[u8], p2: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        if ZKHOST.load(Ordering::Relaxed) {
            ZkhostCrypto.bn254_g1_add(p1, p2)
        } else {
            DefaultCrypto.bn254_g1_add(p1, p2)
        }
    }

    fn bn254_g1_mul(&self, point: &[u8], scalar: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        if ZKHOST.load(Ordering::Relaxed) {
            ZkhostCrypto.bn254_g1_mul(point, scalar)
        } else {
            DefaultCrypto.bn254_g1_mul(point, scalar)
        }
    }

    fn bn254_pairing_check(&self, pairs: &[(&[u8], &[u8])]) -> Result<bool, PrecompileHalt> {
        if ZKHOST.load(Ordering::Relaxed) {
            ZkhostCrypto.bn254_pairing_check(pairs)
        } else {
            DefaultCrypto.bn254_pairing_check(pairs)
        }
    }
}

/// The two sides, by the names the report uses.
const SIDES: [(&str, bool); 2] = [("revm-default", false), ("zkhost", true)];

/// Gas enough for every input here.
const GAS: u64 = 1_000_000;

/// Times `precompile` on `input` on both sides, after checking they agree.
fn sides(c: &mut Criterion, group: &str, precompile: &Precompile, input: &[u8], samples: usize) {
    let outputs: Vec<_> = SIDES
        .iter()
        .map(|&(_, zkhost)| {
            ZKHOST.store(zkhost, Ordering::Relaxed);
            precompile.execute(input, GAS, 0)
        })
        .collect();
    assert_eq!(outputs[0], outputs[1], "{group}: the sides disagree");
    assert!(
        matches!(&outputs[0], Ok(out) if out.is_success()),
        "{group}: {:?}",
        outputs[0]
    );

    let mut group = c.benchmark_group(group);
    group.sample_size(samples);
    for (name, zkhost) in SIDES {
        ZKHOST.store(zkhost, Ordering::Relaxed);
        group.bench_function(name, |b| b.iter(|| precompile.execute(input, GAS, 0)));
    }
    group.finish();
}

fn revm(c: &mut Criterion) {
    assert!(
        revm_precompile::install_crypto(Switch),
        "a crypto provider was already in place"
    );
    // The input repeats: with zkhost's G2 cache on, its side would time the cached
    // path against revm's uncached one. Paused, and checked untouched at the end.
    zkhost_bn254::g2_cache::pause(true);
    let cache_before = zkhost_bn254::g2_cache::stats();
    sides(
        c,
        "revm-bn254-add",
        &add::ISTANBUL,
        &sample::add_input(1),
        100,
    );
    sides(
        c,
        "revm-bn254-mul",
        &mul::ISTANBUL,
        &sample::mul_input(2),
        100,
    );
    sides(
        c,
        "revm-bn254-pairing-2",
        &pair::ISTANBUL,
        &sample::pairing_input(2, 100),
        20,
    );
    assert!(
        !zkhost_bn254::g2_cache::stats().touched_since(&cache_before),
        "the revm comparison ran with the G2 cache on"
    );
}

criterion_group!(benches, revm);
criterion_main!(benches);
