//! Point evaluation on zkhost-bls12381 beside c-kzg-4844 (the library revm and the consensus
//! clients use) on the same input: go-ethereum's valid vector, and an input that fails
//! only at the pairing (the most work a refused input costs). Both rows include the
//! versioned-hash check, as the precompile does.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};

const VALID: &str = "01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b564c0a11a0f704f4fc3e8acfe0f8245f0ad1347b378fbf96e206da11a5d3630624d25032e67a7e6a4910df5834b8fe70e6bcfeeac0352434196bdf4b2485d5a18f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7873033e038326e87ed3e1276fd140253fa08e9fc25fb2d9a98527fc22a2c9612fbeafdad446cbc7bcdbdcd780af2c16a";

/// c-kzg's path as revm runs it: the versioned-hash check, then `verify_kzg_proof`.
fn ckzg(settings: &c_kzg::KzgSettings, input: &[u8]) -> bool {
    if input.len() != 192 || input[..32] != zkhost_bls12381::kzg::versioned_hash(&input[96..144]) {
        return false;
    }
    let b32 = |r: std::ops::Range<usize>| c_kzg::Bytes32::from_bytes(&input[r]).unwrap();
    let b48 = |r: std::ops::Range<usize>| c_kzg::Bytes48::from_bytes(&input[r]).unwrap();
    settings
        .verify_kzg_proof(&b48(96..144), &b32(32..64), &b32(64..96), &b48(144..192))
        .unwrap_or(false)
}

fn bench(c: &mut Criterion) {
    let valid = hex::decode(VALID).unwrap();
    // y + 1: still canonical, every check but the pairing passes.
    let mut wrong = valid.clone();
    wrong[95] ^= 1;
    let settings = c_kzg::ethereum_kzg_settings(0);
    assert!(zkhost_bls12381::kzg::point_evaluation(&valid).is_ok() && ckzg(settings, &valid));
    assert!(zkhost_bls12381::kzg::point_evaluation(&wrong).is_err() && !ckzg(settings, &wrong));
    let mut g = c.benchmark_group("kzg_point_evaluation");
    for (name, input) in [("valid", &valid), ("pairing_false", &wrong)] {
        g.bench_function(format!("zkhost/{name}"), |b| {
            b.iter(|| zkhost_bls12381::kzg::point_evaluation(black_box(input)))
        });
        g.bench_function(format!("c-kzg/{name}"), |b| {
            b.iter(|| ckzg(settings, black_box(input)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
