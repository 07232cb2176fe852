//! Ed25519 on zkhost-sig: one signature on messages of 32 bytes and 4 KiB (their
//! difference is the SHA-512 of the message, which `SigGas::ed25519_per_word` prices),
//! and batches of 1, 8 and 64 signatures on 32-byte messages (their slope is the
//! per-record price), each beside `ed25519-zebra` (ZIP-215, the same rule) on the same
//! inputs.

// criterion_group! defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use ed25519_dalek::{Signer, SigningKey};
use sha2::{Digest, Sha256};

/// `key ‖ signature ‖ message` for key `i` and a `len`-byte message.
fn signed(i: u64, len: usize) -> Vec<u8> {
    let key = SigningKey::from_bytes(&Sha256::digest(i.to_be_bytes()).into());
    let message: Vec<u8> = (0..len).map(|j| (j as u64 ^ i) as u8).collect();
    let signature = key.sign(&message);
    [
        &key.verifying_key().to_bytes()[..],
        &signature.to_bytes(),
        &message,
    ]
    .concat()
}

fn zebra(input: &[u8]) -> bool {
    let key: [u8; 32] = input[..32].try_into().unwrap();
    let sig: [u8; 64] = input[32..96].try_into().unwrap();
    ed25519_zebra::VerificationKey::try_from(key)
        .and_then(|vk| vk.verify(&ed25519_zebra::Signature::from(sig), &input[96..]))
        .is_ok()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("ed25519_verify");
    for len in [32usize, 4096] {
        let input = signed(1, len);
        assert!(zkhost_sig::ed25519::verify(&input).is_ok() && zebra(&input));
        g.bench_with_input(BenchmarkId::new("zkhost", len), &input, |b, i| {
            b.iter(|| zkhost_sig::ed25519::verify(black_box(i)))
        });
        g.bench_with_input(BenchmarkId::new("zebra", len), &input, |b, i| {
            b.iter(|| zebra(black_box(i)))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("ed25519_batch_verify");
    for n in [1u64, 8, 64] {
        let mut batch = Vec::new();
        for i in 0..n {
            let one = signed(100 + i, 32);
            batch.extend_from_slice(&one[..96]);
            batch.extend_from_slice(&32u32.to_be_bytes());
            batch.extend_from_slice(&one[96..]);
        }
        assert!(zkhost_sig::ed25519::batch_verify(&batch).is_ok());
        g.bench_with_input(BenchmarkId::new("zkhost", n), &batch, |b, i| {
            b.iter(|| zkhost_sig::ed25519::batch_verify(black_box(i)))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
