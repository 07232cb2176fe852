//! P256VERIFY on zkhost-sig beside revm's precompile function (RustCrypto's ECDSA
//! verifier behind revm's default crypto provider) on the same inputs: go-ethereum's
//! first valid vector, and the same signature with one bit of `h` flipped (every check
//! passes but the last, so it costs a full verification).

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};

const VALID: &str = "4cee90eb86eaa050036147a12d49004b6b9c72bd725d39d4785011fe190f0b4da73bd4903f0ce3b639bbbf6e8e80d16931ff4bcf5993d58468e8fb19086e8cac36dbcd03009df8c59286b162af3bd7fcc0450c9aa81be5d10d312af6c66b1d604aebd3099c618202fcfe16ae7770b0c49ab5eadf74b754204a3bb6060e44eff37618b065f9832de4ca6ca971a7a1adc826d0f7c00181a5fb2ddf79ae00b4e10e";

fn bench(c: &mut Criterion) {
    let valid = hex::decode(VALID).unwrap();
    let mut wrong = valid.clone();
    wrong[31] ^= 1;
    assert_eq!(zkhost_sig::p256::output(&valid), zkhost_sig::p256::VALID);
    assert!(revm_precompile::secp256r1::verify_impl(&valid));
    assert!(zkhost_sig::p256::output(&wrong).is_empty());
    assert!(!revm_precompile::secp256r1::verify_impl(&wrong));
    let mut g = c.benchmark_group("p256_verify");
    for (name, input) in [("valid", &valid), ("mismatch", &wrong)] {
        g.bench_function(format!("zkhost/{name}"), |b| {
            b.iter(|| zkhost_sig::p256::output(black_box(input)))
        });
        g.bench_function(format!("revm/{name}"), |b| {
            b.iter(|| revm_precompile::secp256r1::verify_impl(black_box(input)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
