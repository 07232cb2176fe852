//! Writes the seed corpora of the fuzz targets into `host/fuzz/corpus/<target>/`,
//! from the conformance vectors, the bundled contracts and a few edge cases:
//!
//! ```text
//! cargo run --example fuzz_seeds [TARGET ...]
//! ```
//!
//! With target names, only those corpora are written (the others stay as their last
//! minimisation left them: the transcript replays `host_call` and `deploy`).
//!
//! Files are named by the SHA-256 of their content, so running it again adds nothing
//! new; `cargo fuzz cmin` later keeps only the inputs that add coverage.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use zkhost_abi::{Crypto, Family};
use zkhost_testkit::contracts;
use zkhost_testkit::fuzzing::{probe_input, probe_wasm, PROBE_PAYLOAD};
use zkhost_testkit::{bls12_381 as bls12381, sample, vectors};

/// The BN254 functions the seeds are made for.
type Op = Crypto;

fn main() -> Result<(), String> {
    let host = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = vectors::discover(&zkhost_testkit::bn254_vectors())?;
    let mut inputs: Vec<(Op, Vec<u8>)> = Vec::new();
    for file in &files {
        for v in &file.vectors {
            inputs.push((file.op.host_function(), vectors::decode_hex(&v.input)?));
        }
    }
    for k in 1..=4 {
        inputs.push((Crypto::AltBn128G1Msm, sample::msm_input(k, k as u64)));
    }
    let corpus = host.join("fuzz").join("corpus");
    let only: Vec<String> = std::env::args().skip(1).collect();
    let bls = bls12381::discover(&bls12381::vectors_dir())?;
    let mut total = 0;
    for (target, seeds) in [
        ("bn254_codec", codec_seeds(&inputs)),
        ("bn254_differential", differential_seeds(&inputs)),
        ("host_call", host_call_seeds(&inputs)),
        ("deploy", deploy_seeds()),
        ("bls12381_codec", bls12381_codec_seeds(&bls)?),
        ("bls12381_differential", bls12381_differential_seeds(&bls)?),
        ("kzg_codec", kzg_p256_seeds(Family::Kzg, false)?),
        ("p256_codec", kzg_p256_seeds(Family::P256, false)?),
        ("kzg_p256_differential", {
            let mut both = kzg_p256_seeds(Family::Kzg, true)?;
            both.extend(kzg_p256_seeds(Family::P256, true)?);
            both
        }),
        ("poseidon_differential", poseidon_seeds()),
        ("bn254_compression", compression_seeds()),
        ("secp256k1_differential", signature_seeds(3)),
        ("ed25519_differential", signature_seeds(2)),
        ("bls_signatures_differential", signature_seeds(12)),
    ] {
        if !only.is_empty() && !only.iter().any(|t| t == target) {
            continue;
        }
        let n = write(&corpus.join(target), &seeds)?;
        println!("{target}: {n} seeds");
        total += n;
    }
    println!("{total} seeds in {}", corpus.display());
    Ok(())
}

fn write(dir: &Path, seeds: &BTreeSet<Vec<u8>>) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for seed in seeds {
        let name = hex::encode(&Sha256::digest(seed)[..20]);
        let path = dir.join(name);
        std::fs::write(&path, seed).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(seeds.len())
}

fn padded(input: &[u8], len: usize) -> Vec<u8> {
    let mut v = input.to_vec();
    v.resize(len, 0);
    v
}

/// `[G1 (64)][G2 (128)][scalar (32)]` from the points and scalars of the vectors.
fn codec_seeds(inputs: &[(Op, Vec<u8>)]) -> BTreeSet<Vec<u8>> {
    let scalars: Vec<Vec<u8>> = inputs
        .iter()
        .filter(|(op, i)| *op == Crypto::AltBn128Mul && i.len() >= 96)
        .map(|(_, i)| i[64..96].to_vec())
        .collect();
    let mut seeds = BTreeSet::new();
    let mut k = scalars.iter().cycle();
    for (op, input) in inputs {
        let g2s: Vec<Vec<u8>> = match op {
            Crypto::AltBn128Pairing => input
                .chunks(192)
                .map(|c| padded(c.get(64..).unwrap_or(&[]), 128))
                .collect(),
            _ => vec![vec![0u8; 128]],
        };
        let stride = match op {
            Crypto::AltBn128Add => 64,
            Crypto::AltBn128Pairing => 192,
            _ => 96,
        };
        for (i, g1) in input.chunks(stride).enumerate() {
            let g2 = &g2s[i % g2s.len()];
            let scalar = k.next().cloned().unwrap_or_default();
            seeds.insert(
                [
                    padded(g1.get(..64.min(g1.len())).unwrap_or(&[]), 64),
                    g2.clone(),
                    padded(&scalar, 32),
                ]
                .concat(),
            );
        }
    }
    seeds
}

/// `[mode][algorithm][input]`, raw and constructed, for every vector; MSM records
/// made of the ECMUL vectors.
fn differential_seeds(inputs: &[(Op, Vec<u8>)]) -> BTreeSet<Vec<u8>> {
    let index = |op: Op| Crypto::ALL.iter().position(|o| *o == op).unwrap_or(0) as u8;
    let mut seeds = BTreeSet::new();
    let mut records = Vec::new();
    for (i, (op, input)) in inputs.iter().enumerate() {
        for constructed in [0u8, 0x10] {
            seeds.insert([&[index(*op) | constructed, i as u8][..], input].concat());
        }
        if *op == Crypto::AltBn128Mul {
            records.push(padded(input, 96));
        }
    }
    for (i, pair) in records.chunks(3).enumerate() {
        seeds.insert([&[index(Crypto::AltBn128G1Msm), i as u8][..], &pair.concat()].concat());
        seeds.insert(
            [
                &[index(Crypto::AltBn128G1Msm) | 0x10, i as u8][..],
                &pair.concat(),
            ]
            .concat(),
        );
    }
    seeds
}

/// `[gas (8)][probe input]`: every vector through its host function, and the other
/// host functions with pointers and lengths at the edges of memory.
fn host_call_seeds(inputs: &[(Op, Vec<u8>)]) -> BTreeSet<Vec<u8>> {
    // `gas >> (gas % 64)` is the gas itself for multiples of 64.
    let gas = |g: u64| g.to_le_bytes().to_vec();
    let big = gas(1 << 40);
    let mut seeds = BTreeSet::new();
    let selector = |op: Op| 4 + Crypto::ALL.iter().position(|o| *o == op).unwrap_or(0) as u8;
    for (i, (op, input)) in inputs.iter().enumerate() {
        let len = input.len() as i32;
        let out = (PROBE_PAYLOAD + len + 31) & !31;
        let call = probe_input(
            selector(*op),
            (i % 4) as u8,
            [PROBE_PAYLOAD, len, out],
            input,
        );
        seeds.insert([big.clone(), call.clone()].concat());
        if i % 8 == 0 {
            // Short of gas somewhere before, in or after the call.
            seeds.insert([gas(64 * (1 + i as u64 * 97)), call].concat());
        }
    }
    let page = 65_536i32;
    let edges = [
        (0u8, [0, 0, 0]),
        (1, [0, 0, 0]),
        (1, [page - 16, 0, 0]),
        (1, [page - 15, 0, 0]),
        (1, [-1, 0, 0]),
        (2, [0, 64, 0]),
        (2, [page - 1, 1, 0]),
        (2, [page, 0, 0]),
        (2, [0, i32::MAX, 0]),
        (2, [0, 1 << 20, 0]),
        (2, [0, (1 << 20) + 1, 0]),
        (3, [0, 0, 0]),
        (4, [PROBE_PAYLOAD, i32::MAX, 0]),
        (4, [page - 1, 1, 0]),
        (5, [PROBE_PAYLOAD, -1, 0]),
        (5, [0, 96, page - 64]),
        (5, [0, 96, page - 63]),
        (6, [0, 0, page - 32]),
        (6, [0, 0, page - 31]),
        (6, [0, i32::MIN, 0]),
        (7, [0, 96, -64]),
        (7, [page - 96, 96, 0]),
        (8, [PROBE_PAYLOAD, i32::MAX, 0]),
        (8, [0, 32, page - 32]),
        (8, [0, 32, page - 31]),
        (9, [page - 32, 32, 0]),
        (9, [page - 31, 32, 0]),
        (10, [PROBE_PAYLOAD, -1, 0]),
        (10, [0, 97, -32]),
    ];
    for (s, args) in edges {
        for grow in [0u8, 3] {
            let call = probe_input(s, grow, args, &[1u8; 32]);
            seeds.insert([big.clone(), call.clone()].concat());
            seeds.insert([gas(64 * 9), call].concat());
        }
    }
    for (i, (s, payload)) in verkle_payloads().into_iter().enumerate() {
        let len = payload.len() as i32;
        let out = (PROBE_PAYLOAD + len + 31) & !31;
        let call = probe_input(s, (i % 4) as u8, [PROBE_PAYLOAD, len, out], &payload);
        seeds.insert([big.clone(), call.clone()].concat());
        if i % 3 == 0 {
            seeds.insert([gas(64 * (1 + i as u64 * 131)), call].concat());
        }
    }
    seeds
}

/// Inputs for the verkle host functions (probe selectors 8, 9, 10): commitments of
/// a few lengths, a non-canonical scalar, valid and invalid encodings, updates.
fn verkle_payloads() -> Vec<(u8, Vec<u8>)> {
    let scalar = |i: usize| {
        let mut b = [0u8; 32];
        b[..8].copy_from_slice(&(i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).to_le_bytes());
        b
    };
    let scalars = |n: usize| (0..n).flat_map(scalar).collect::<Vec<u8>>();
    let mut out = Vec::new();
    for n in [0, 1, 3, 256] {
        out.push((8, scalars(n)));
    }
    out.push((8, [scalars(2), vec![0xff; 32]].concat()));
    out.push((8, scalars(3)[..95].to_vec()));
    let c = zkhost_verkle::commit_bytes(&scalars(3)).unwrap_or([0; 32]);
    out.push((9, c.to_vec()));
    out.push((9, vec![0; 32]));
    out.push((9, vec![0xff; 32]));
    out.push((9, c[..31].to_vec()));
    let entry = |idx: u8, old: usize, new: usize| {
        [vec![idx], scalar(old).to_vec(), scalar(new).to_vec()].concat()
    };
    out.push((10, [c.to_vec(), entry(1, 2, 7)].concat()));
    out.push((
        10,
        [c.to_vec(), entry(255, 0, 1), entry(255, 1, 0)].concat(),
    ));
    out.push((10, [vec![0xff; 32], entry(0, 0, 1)].concat()));
    out.push((10, [c.to_vec(), entry(3, 0, 1)[..64].to_vec()].concat()));
    out
}

/// `[0][module]` for the bundled contracts, the probe and a few hostile modules;
/// `[1][bytes]` for wasm-smith.
fn deploy_seeds() -> BTreeSet<Vec<u8>> {
    let wats = [
        r#"(module (memory (export "memory") 1) (func (export "call") (loop (br 0))))"#,
        r#"(module (memory (export "memory") 1) (func $f (call $f)) (func (export "call") (call $f)))"#,
        r#"(module (import "zkhost" "output_write" (func $out (param i32 i32))) (memory (export "memory") 1)
            (func (export "call") (block $d (loop $g (br_if $d (i32.eq (memory.grow (i32.const 1)) (i32.const -1))) (br $g)))
              (call $out (i32.const 0) (i32.const 4))))"#,
        r#"(module (memory (export "memory") 1) (table 2 funcref) (type $t (func))
            (func (export "call") (call_indirect (type $t) (i32.const 1))))"#,
        r#"(module (memory (export "memory") 1) (func (export "call") (drop (i32.div_s (i32.const 1) (i32.const 0)))))"#,
        r#"(module (memory (export "memory") 1) (func (export "call") (drop (i32.load (i32.const 65535)))))"#,
        r#"(module (import "zkhost" "output_write" (func $out (param i32 i32))) (memory (export "memory") 1)
            (func (export "call") (f64.store (i32.const 0) (f64.div (f64.const 0) (f64.const 0))) (call $out (i32.const 0) (i32.const 8))))"#,
        r#"(module (memory (export "memory") 1) (func $s) (start $s) (func (export "call")))"#,
        r#"(module (memory (export "memory") 1 1 shared) (func (export "call")))"#,
        r#"(module (memory (export "memory") 1) (func (export "call") (drop (i32x4.splat (i32.const 1)))))"#,
    ];
    let mut seeds = BTreeSet::new();
    for wasm in [
        contracts::FORWARDER_WASM.to_vec(),
        contracts::PAIRING_BENCH_WASM.to_vec(),
        probe_wasm(),
    ] {
        seeds.insert([&[0u8][..], &wasm].concat());
    }
    for wat in wats {
        if let Ok(wasm) = wat::parse_str(wat) {
            seeds.insert([&[0u8][..], &wasm].concat());
        }
    }
    for i in 0..16u8 {
        let bytes: Vec<u8> = Sha256::digest([i])
            .iter()
            .cycle()
            .take(64 + 32 * i as usize)
            .copied()
            .collect();
        seeds.insert([&[1u8][..], &bytes].concat());
    }
    seeds
}

/// `bls12381_codec` seeds: a field element, a G1 point, a G2 point and a scalar, each
/// taken from an EIP-2537 vector (the valid points of the ADD vectors, the
/// must-fail inputs' first element, the MSM vectors' scalars).
fn bls12381_codec_seeds(files: &[bls12381::VectorFile]) -> Result<BTreeSet<Vec<u8>>, String> {
    use zkhost_bls12381::Op as B;
    let inputs_of = |op: B| -> Result<Vec<Vec<u8>>, String> {
        let mut out = Vec::new();
        for f in files.iter().filter(|f| f.op == op) {
            for v in &f.vectors {
                out.push(vectors::decode_hex(&v.input)?);
            }
        }
        Ok(out)
    };
    let (g1s, g2s, msms) = (
        inputs_of(B::G1Add)?,
        inputs_of(B::G2Add)?,
        inputs_of(B::G1Msm)?,
    );
    let mut seeds = BTreeSet::new();
    for (i, g1) in g1s.iter().enumerate() {
        let g2 = &g2s[i % g2s.len()];
        let msm = &msms[i % msms.len()];
        let fp = padded(g1, 64)[..64].to_vec();
        let scalar = msm
            .get(128..160)
            .map_or_else(|| vec![0u8; 32], <[u8]>::to_vec);
        seeds.insert(
            [
                fp,
                padded(g1, 128)[..128].to_vec(),
                padded(g2, 256)[..256].to_vec(),
                scalar,
            ]
            .concat(),
        );
    }
    Ok(seeds)
}

/// `bls12381_differential` seeds: every EIP-2537 vector input behind its operation's
/// selector, raw and (for a third of them) with the construct bit.
fn bls12381_differential_seeds(
    files: &[bls12381::VectorFile],
) -> Result<BTreeSet<Vec<u8>>, String> {
    let mut seeds = BTreeSet::new();
    for f in files {
        let selector = zkhost_bls12381::Op::ALL
            .iter()
            .position(|o| *o == f.op)
            .ok_or("an operation outside Op::ALL")? as u8;
        for (i, v) in f.vectors.iter().enumerate() {
            let input = vectors::decode_hex(&v.input)?;
            // Keep the files small: the harness caps the input anyway.
            let input = &input[..input.len().min(3 * 384)];
            let mode = if i % 3 == 0 {
                selector | 0x10
            } else {
                selector
            };
            seeds.insert([&[mode][..], input].concat());
        }
    }
    Ok(seeds)
}

/// Bytes that look random, derived from a label (the seeds stay the same run to run).
fn filler(label: &str, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    let mut block = 0u32;
    while out.len() < len {
        out.extend_from_slice(&Sha256::digest(format!("{label}/{block}")));
        block += 1;
    }
    out.truncate(len);
    out
}

/// Point-evaluation or P256VERIFY seeds (`fuzzing::kzg_codec` and the others' layout:
/// a mode byte, a pick byte, then bytes): every 6th (KZG) or 40th (P-256) vector raw, and
/// each vector-overlay mode with a few XOR masks. `differential` sets the mode's top
/// bit for P256VERIFY, as `kzg_p256_differential` reads it.
fn kzg_p256_seeds(family: Family, differential: bool) -> Result<BTreeSet<Vec<u8>>, String> {
    use zkhost_testkit::kzg_p256;
    let (dir, step, modes, top): (_, usize, &[u8], u8) = match family {
        Family::Kzg => (kzg_p256::kzg_vectors(), 6, &[0, 4], 0),
        _ => (kzg_p256::p256_vectors(), 40, &[0, 4, 12], 0x80),
    };
    // The family's one function, whose name seeds the masks.
    let op = Crypto::ALL.into_iter().find(|f| f.family() == family);
    let top = if differential { top } else { 0 };
    let mut seeds = BTreeSet::new();
    let all: Vec<Vec<u8>> = kzg_p256::discover(&dir)?
        .into_iter()
        .flat_map(|f| f.vectors)
        .map(|v| vectors::decode_hex(&v.input))
        .collect::<Result<_, _>>()?;
    for input in all.iter().step_by(step) {
        seeds.insert([&[top | 1, 0][..], input].concat());
    }
    for &mode in modes {
        for pick in [0u8, 1, 2, 4, 9, 33, 130, 200] {
            for len in [0, 1, 8, 48] {
                let mask = filler(
                    &format!("{:?}/{mode}/{pick}", op.ok_or("no function")?),
                    len,
                );
                seeds.insert([&[top | mode, pick][..], &mask].concat());
            }
        }
    }
    Ok(seeds)
}

/// `poseidon_differential` seeds: every element count 0–17 with canonical, raw and
/// shortened elements.
fn poseidon_seeds() -> BTreeSet<Vec<u8>> {
    let mut seeds = BTreeSet::new();
    for n in 0u8..18 {
        for flags in [0u8, 1, 2 | (1 << 5)] {
            let body = filler(&format!("poseidon/{n}/{flags}"), 32 * usize::from(n));
            seeds.insert([&[n, flags][..], &body].concat());
        }
    }
    seeds
}

/// `bn254_compression` seeds: every mode with bytes of each length the modes read, and
/// the compressed encodings worth starting from (G1's generator both signs, infinity's
/// two forms).
/// Seeds of the signature harnesses (`zkhost_testkit::fuzzing::secp256k1_differential`
/// and `ed25519_differential`): for each of `functions` (bits 3–4 of the mode byte),
/// valid samples unmutated, cut and extended, a few single-byte XORs, and raw bytes.
fn signature_seeds(functions: u8) -> BTreeSet<Vec<u8>> {
    let mut seeds = BTreeSet::new();
    for function in 0..functions {
        for low in [0u8, 2, 6] {
            for pick in [0u8, 9, 17, 42] {
                seeds.insert(vec![function << 3 | low, pick]);
                seeds.insert(vec![function << 3 | low, pick, 0x01]);
                seeds.insert(vec![function << 3 | low, pick, 0, 0, 0, 0x80]);
            }
        }
        let body = filler(&format!("signature/{function}"), 160);
        seeds.insert([&[function << 3 | 1, 0][..], &body].concat());
    }
    seeds
}

fn compression_seeds() -> BTreeSet<Vec<u8>> {
    let mut seeds = BTreeSet::new();
    for mode in 0u8..16 {
        for len in [0, 32, 64, 128] {
            let body = filler(&format!("compression/{mode}/{len}"), len);
            seeds.insert([&[mode][..], &body].concat());
        }
    }
    let mut one = [0u8; 32];
    one[31] = 1;
    let mut one_negative = one;
    one_negative[0] = 0x80;
    let mut infinity = [0u8; 64];
    infinity[0] = 0x40;
    seeds.insert([&[6u8][..], &one].concat());
    seeds.insert([&[6u8][..], &one_negative].concat());
    seeds.insert([&[6u8][..], &infinity[..32]].concat());
    seeds.insert([&[7u8][..], &infinity].concat());
    for target in ["g1", "g2"] {
        for i in 0..4u64 {
            let point = if target == "g1" {
                sample::g1(i)
            } else {
                sample::g2(i)
            };
            let mode = if target == "g1" { 2u8 } else { 3 };
            seeds.insert([&[mode][..], &point].concat());
        }
    }
    seeds
}
