//! The fuzz corpora in CI, without cargo-fuzz: every file of every committed corpus
//! (`host/fuzz/corpus/<target>/`) runs through its harness in `zkhost_testkit::fuzzing`, then
//! a brief seeded mutation run per target (a few thousand inputs, bounded in time).
//! `ZKHOST_SEED` changes the mutations; `ZKHOST_FUZZ_ITERATIONS` and
//! `ZKHOST_FUZZ_SECONDS` change the run's length (defaults: 3,000 inputs, 20 s per
//! target, whichever comes first).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rand::{Rng, RngCore};
use zkhost_runtime::Prices;
use zkhost_testkit::fuzzing::TARGETS;
use zkhost_testkit::rng;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("fuzz")
        .join("corpus")
}

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = corpus_dir().join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let data = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, data)
        })
        .collect()
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// 32-byte words worth planting: 0, 1, p − 1, p, r − 1, r, 2^256 − 1.
fn words() -> Vec<[u8; 32]> {
    use zkhost_bn254::encoding::{FIELD_MODULUS, GROUP_ORDER};
    let minus_one = |mut w: [u8; 32]| {
        w[31] -= 1;
        w
    };
    let mut one = [0u8; 32];
    one[31] = 1;
    vec![
        [0u8; 32],
        one,
        minus_one(FIELD_MODULUS),
        FIELD_MODULUS,
        minus_one(GROUP_ORDER),
        GROUP_ORDER,
        [0xff; 32],
    ]
}

/// One to four of: a flipped bit, an interesting byte, an interesting little-endian
/// i32 (pointers and lengths at the edges), an interesting 32-byte word, bytes
/// inserted, removed or duplicated, or a splice with another corpus entry.
fn mutate(rng: &mut impl RngCore, data: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = data.to_vec();
    let words = words();
    let ints: [i32; 10] = [0, 1, -1, 16, 64, 96, 192, 65_535, i32::MAX, i32::MIN];
    for _ in 0..rng.gen_range(1..=4) {
        if v.is_empty() {
            v.push(rng.gen());
            continue;
        }
        let i = rng.gen_range(0..v.len());
        match rng.gen_range(0..8) {
            0 => v[i] ^= 1 << rng.gen_range(0..8),
            1 => v[i] = [0u8, 1, 0x7f, 0x80, 0xff][rng.gen_range(0..5)],
            2 => {
                let x = ints[rng.gen_range(0..ints.len())].wrapping_add(rng.gen_range(-2..=2));
                let end = (i + 4).min(v.len());
                v[i..end].copy_from_slice(&x.to_le_bytes()[..end - i]);
            }
            3 => {
                let w = words[rng.gen_range(0..words.len())];
                let at = i - i % 32;
                let end = (at + 32).min(v.len());
                v[at..end].copy_from_slice(&w[..end - at]);
            }
            4 => {
                let n = rng.gen_range(1..=32);
                let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
                v.splice(i..i, bytes);
            }
            5 => {
                let end = (i + rng.gen_range(1..=32)).min(v.len());
                v.drain(i..end);
            }
            6 => {
                let end = (i + rng.gen_range(1..=64)).min(v.len());
                let copy = v[i..end].to_vec();
                let at = rng.gen_range(0..=v.len());
                v.splice(at..at, copy);
            }
            _ => {
                let cut = rng.gen_range(0..=other.len());
                v.truncate(i);
                v.extend_from_slice(&other[cut..]);
            }
        }
    }
    v.truncate(data.len().max(4096));
    v
}

fn replay(target: &str) {
    let (_, harness) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no harness named {target}"));
    let files = corpus(target);
    assert!(!files.is_empty(), "the {target} corpus is empty");
    for (path, data) in &files {
        if catch_unwind(AssertUnwindSafe(|| harness(data))).is_err() {
            panic!("{target}: corpus file {} fails", path.display());
        }
    }

    let iterations: usize = env_or("ZKHOST_FUZZ_ITERATIONS", 3_000);
    let budget = Duration::from_secs_f64(env_or("ZKHOST_FUZZ_SECONDS", 20.0));
    let stream = TARGETS.iter().position(|(n, _)| *n == target).unwrap_or(0) as u64;
    let mut rng = rng::rng(100 + stream);
    let start = Instant::now();
    let mut ran = 0;
    while ran < iterations && start.elapsed() < budget {
        let (_, a) = &files[rng.gen_range(0..files.len())];
        let (_, b) = &files[rng.gen_range(0..files.len())];
        let input = mutate(&mut rng, a, b);
        if catch_unwind(AssertUnwindSafe(|| harness(&input))).is_err() {
            panic!(
                "{target}: mutated input {ran} fails (save it as a regression): {}",
                hex::encode(&input)
            );
        }
        ran += 1;
    }
    eprintln!(
        "{target}: {} corpus files, then {ran} mutated inputs in {:.1} s",
        files.len(),
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn every_target_has_a_corpus_and_every_corpus_a_target() {
    let mut dirs: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("host/fuzz/corpus")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    dirs.sort();
    let mut names: Vec<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    assert_eq!(dirs, names);
    // And every target has a cargo-fuzz wrapper of the same name.
    for name in names {
        let wrapper = corpus_dir()
            .join("..")
            .join("fuzz_targets")
            .join(format!("{name}.rs"));
        assert!(wrapper.is_file(), "{} is missing", wrapper.display());
    }
}

#[test]
fn bn254_codec() {
    replay("bn254_codec");
}

#[test]
fn bn254_differential() {
    replay("bn254_differential");
}

#[test]
fn bn254_lanes() {
    replay("bn254_lanes");
}

#[test]
fn host_call() {
    replay("host_call");
}

#[test]
fn deploy() {
    replay("deploy");
}

#[test]
fn banderwagon_codec() {
    replay("banderwagon_codec");
}

#[test]
fn bls12381_codec() {
    replay("bls12381_codec");
}

#[test]
fn bls12381_differential() {
    replay("bls12381_differential");
}

#[test]
fn kzg_codec() {
    replay("kzg_codec");
}

#[test]
fn p256_codec() {
    replay("p256_codec");
}

#[test]
fn kzg_p256_differential() {
    replay("kzg_p256_differential");
}

#[test]
fn poseidon_differential() {
    replay("poseidon_differential");
}

#[test]
fn bn254_compression() {
    replay("bn254_compression");
}

#[test]
fn secp256k1_differential() {
    replay("secp256k1_differential");
}

#[test]
fn ed25519_differential() {
    replay("ed25519_differential");
}

#[test]
fn bls_signatures_differential() {
    replay("bls_signatures_differential");
}

/// Regression (found by the first `host_call` run): the model assumed fuel is only
/// checked at host-function charges, but `memory.grow` with a non-constant count is a
/// fuel checkpoint too, so a call left with a few units after `input_read` ran out of
/// gas before growing memory. For a call that grows memory and then calls each crypto
/// function, every gas limit through those checkpoints and around the call's price
/// must match the model.
#[test]
fn host_call_model_holds_at_every_gas_limit() {
    use zkhost_abi::Crypto;
    use zkhost_testkit::fuzzing::{host_call, probe_input, PROBE_PAYLOAD, PROBE_SELECTORS};
    use zkhost_testkit::sample;
    let mut cases: Vec<(u8, Vec<u8>, u64)> = Vec::new();
    let price = zkhost_runtime::HostCosts::default();
    for (selector, op) in (4u8..PROBE_SELECTORS).zip(Crypto::ALL) {
        let payload = sample::sample(op, 1);
        let gas = price.op_gas(op, payload.len());
        cases.push((selector, payload, gas));
    }
    for (selector, payload, op_gas) in cases {
        let len = payload.len() as i32;
        let input = probe_input(selector, 3, [PROBE_PAYLOAD, len, 4096], &payload);
        // Every limit up to past `input_read` and `memory.grow`, and around the
        // call's own price (the probe's instructions add a few dozen units).
        let charges =
            price.call(0, 0) + price.call(input.len() as u64, 0) + price.call(len as u64, op_gas);
        for gas in (0..=700).chain(charges - 16..=charges + 64) {
            // `raw >> (raw % 64)` is `gas` for raw = gas·64 + 6.
            let raw = (gas << 6) | 6;
            host_call(&[&raw.to_le_bytes()[..], &input].concat());
        }
    }
}
