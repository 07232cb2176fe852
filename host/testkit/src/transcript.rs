//! The cross-architecture transcript: inputs → outputs and gas, one line each, for
//! everything whose result is consensus.
//!
//! A host function whose output or gas differs by one unit between two machines forks
//! the chain. Each architecture's tests check their own assertions; this transcript
//! checks the answers themselves: [`generate`] is run on x86-64 and committed
//! (`fixtures/transcript/x86_64.txt`), and `host/integration-tests/tests/transcript.rs` regenerates it on
//! whatever machine runs the tests (aarch64 and big-endian s390x under qemu-user in
//! `.ci/cross`) and compares every line.
//!
//! Sections, in order:
//!
//! | section | inputs | recorded |
//! | --- | --- | --- |
//! | `vector` | every BN254, BLS12-381, KZG, P256VERIFY, ecrecover and Poseidon conformance vector, and every Wycheproof test the three verify functions can take | each backend's output or error, and the EIP-1108 / EIP-2537 / Osaka / zkhost gas |
//! | `generated` | [`CASES`] seeded inputs per BN254 operation (valid, mutated, random, every length boundary), the MSM and the six verkle functions included; [`BLS12_CASES`] per BLS12-381 operation; then [`EVERY_FUNCTION_CASES`] for every function of the table ([`sample::generated`]) | output digest or error, per backend where there are several |
//! | `contract` | each host function through the `forwarder` contract and the BN254 and Poseidon ones through pure-wasm `wasm-pairing` and `wasm-poseidon`: a valid input and its edges ([`sample::edges`]) | the outcome with ample gas, at exactly the gas used and one unit below |
//! | `probe` | every `host_call` fuzz corpus file: hostile pointers, lengths, memory and gas straight to a host function | trap or output, gas used, result and a digest of memory |
//! | `deploy` | every `deploy` fuzz corpus file | refused (and why) or its calls' outcomes on a fresh, pooled and warm instance |
//! | `stack` | each hostile frame shape of [`crate::frames`], recursing without end | the trap and its gas, fresh and warm |
//! | `groth16` | the committed proof and one-byte changes of it | verdict and gas, natively and through the three verifier contracts |
//!
//! The inputs come from a fixed seed (never `ZKHOST_SEED`): the transcript must be
//! the same file everywhere. Stack exhaustion is written like every trap, with its
//! gas: the depth is metered deterministically (`zkhost_runtime::stack`), so it is the
//! same on every machine.

use std::fmt::Write as _;
use std::path::Path;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

use crate::contracts::{self, groth16, Path as Via};
use zkhost_abi::Crypto;
use zkhost_bn254::{Backend, Op};
use zkhost_gas::{Bls12Gas, GasSchedule, HostCosts};
use zkhost_runtime::{CodeHash, ExecResult, Outcome, Runtime, RuntimeConfig};

use crate::{bls12_381, bn254, fuzzing, kzg_p256, poseidon, sample, vectors, wycheproof};
use zkhost_runtime::Prices;

/// Generated inputs per operation.
pub const CASES: usize = 500;

/// Generated inputs per BLS12-381 operation (fewer: the G2 and pairing inputs are the
/// slowest to make and to run under emulation).
pub const BLS12_CASES: usize = 100;

/// Generated inputs per function in the section every function of the table has
/// ([`sample::generated`]), beside the deeper sections of the first families.
pub const EVERY_FUNCTION_CASES: usize = 100;

/// The transcript's own seed.
const SEED: u64 = 0x7a6b_6f57_2026;

/// Gas for calls that must not run out.
const AMPLE: u64 = 1 << 40;

/// The whole transcript, one line per input (sections as in the module
/// documentation), each ending in a newline.
pub fn generate() -> Result<String, String> {
    let mut t = String::new();
    vector_lines(&mut t)?;
    generated_lines(&mut t);
    contract_lines(&mut t)?;
    probe_lines(&mut t)?;
    deploy_lines(&mut t)?;
    stack_lines(&mut t)?;
    groth16_lines(&mut t)?;
    Ok(t)
}

fn rng(stream: u64) -> ChaCha20Rng {
    let mut r = ChaCha20Rng::seed_from_u64(SEED);
    r.set_stream(stream);
    r
}

/// The first 8 bytes of SHA-256, hex: short, and enough to tell outputs apart.
fn digest(bytes: &[u8]) -> String {
    hex::encode(&Sha256::digest(bytes)[..8])
}

fn result<E: std::fmt::Display>(r: &Result<Vec<u8>, E>, full: bool) -> String {
    match r {
        Ok(out) if full => format!("ok {}", hex::encode(out)),
        Ok(out) => format!("ok {}", digest(out)),
        Err(e) => format!("err {e}"),
    }
}

/// Every backend's result: once when they agree, each by name when they do not.
fn backends(op: Op, input: &[u8], full: bool) -> String {
    agreement(
        Backend::ALL.iter().map(|b| (b.name(), b.run(op, input))),
        full,
    )
}

/// Named results in one field: `all <result>` when every one is the same, else each
/// by name.
fn agreement<E: std::fmt::Display + PartialEq>(
    results: impl Iterator<Item = (&'static str, Result<Vec<u8>, E>)>,
    full: bool,
) -> String {
    let results: Vec<_> = results.collect();
    if results.windows(2).all(|w| w[0].1 == w[1].1) {
        if let Some((_, r)) = results.first() {
            return format!("all {}", result(r, full));
        }
    }
    let each: Vec<String> = results
        .iter()
        .map(|(name, r)| format!("{name} {}", result(r, full)))
        .collect();
    each.join(" | ")
}

fn outcome(o: &Outcome) -> String {
    match &o.result {
        ExecResult::Trap(t) => format!("trap {} gas {}", t.name(), o.gas_used),
        ExecResult::Success(out) => format!("ok {} gas {}", digest(out), o.gas_used),
    }
}

/// A vector file's path below its crate's vector folder, the same on every machine
/// (never the absolute path of the checkout: CI's clone is not where x86-64 blessed it).
fn relative(path: &Path) -> String {
    let folders = [
        // KZG's vectors lie inside BLS12-381's folder: the longer path first. The
        // labels are the crates' folders before KZG became a module, so the
        // transcript's lines did not change with the move.
        ("kzg/vectors", kzg_p256::kzg_vectors()),
        ("bls12381/vectors", bls12_381::vectors_dir()),
        ("p256/vectors", kzg_p256::p256_vectors()),
        ("secp256k1/vectors", kzg_p256::secp256k1_vectors()),
        ("wycheproof/vectors", wycheproof::wycheproof_vectors()),
        ("poseidon/vectors", poseidon::poseidon_vectors()),
        ("bn254/vectors", crate::bn254_vectors()),
    ];
    for (name, dir) in folders {
        if let Ok(rest) = path.strip_prefix(&dir) {
            return format!("{name}/{}", rest.display());
        }
    }
    let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
    format!("vectors/{}", file.unwrap_or_default())
}

/// Every BLS12-381 backend's result: once when they agree, each by name when not.
fn bls12_backends(op: zkhost_bls12381::Op, input: &[u8], full: bool) -> String {
    use zkhost_bls12381::Backend as B;
    agreement(B::ALL.iter().map(|b| (b.name(), b.run(op, input))), full)
}

fn vector_lines(t: &mut String) -> Result<(), String> {
    let schedule = GasSchedule::ISTANBUL;
    for file in vectors::discover(&crate::bn254_vectors())? {
        let name = relative(&file.path);
        for v in &file.vectors {
            let input = vectors::decode_hex(&v.input)?;
            let gas = vectors::price(&schedule, file.op, input.len());
            let _ = writeln!(
                t,
                "vector\t{name} {}\t{} gas {gas}",
                v.name,
                backends(file.op, &input, true)
            );
        }
    }
    // The files of one-price functions: KZG, P256VERIFY and ecrecover in go-ethereum's
    // format, then Wycheproof's tests that an input can express (the others are not
    // calls at all), each at zkhost's price of its function.
    let mut files = Vec::new();
    for dir in [
        kzg_p256::kzg_vectors(),
        kzg_p256::p256_vectors(),
        kzg_p256::secp256k1_vectors(),
    ] {
        files.extend(kzg_p256::discover(&dir)?);
    }
    for (file, _) in wycheproof::discover(&wycheproof::wycheproof_vectors())? {
        files.push(file);
    }
    for file in files {
        let name = relative(&file.path);
        for v in &file.vectors {
            let input = vectors::decode_hex(&v.input)?;
            let gas = kzg_p256::price(file.op, input.len());
            let out = zkhost_runtime::compute(file.op, None, &input);
            let _ = writeln!(
                t,
                "vector\t{name} {}\t{} gas {gas}",
                v.name,
                result(&out, true)
            );
        }
    }
    if let Some(file) = poseidon::discover(&poseidon::poseidon_vectors())? {
        let name = relative(&file.path);
        for v in &file.vectors {
            let input = vectors::decode_hex(&v.input)?;
            let gas = HostCosts::ZKHOST.op_gas(Crypto::Poseidon, input.len());
            let out = zkhost_runtime::compute(Crypto::Poseidon, None, &input);
            let _ = writeln!(
                t,
                "vector\t{name} {}\t{} gas {gas}",
                v.name,
                result(&out, true)
            );
        }
    }
    for file in bls12_381::discover(&bls12_381::vectors_dir())? {
        let name = relative(&file.path);
        for v in &file.vectors {
            let input = vectors::decode_hex(&v.input)?;
            let gas = bls12_381::price(&Bls12Gas::PRAGUE, file.op, input.len());
            let _ = writeln!(
                t,
                "vector\t{name} {}\t{} gas {gas}",
                v.name,
                bls12_backends(file.op, &input, true)
            );
        }
    }
    Ok(())
}

/// A random MSM input: 0–20 records of a valid point (or infinity) and an edge-biased
/// scalar; a quarter of them with one record's point mutated, some a byte short or
/// long.
fn msm_input(r: &mut ChaCha20Rng) -> Vec<u8> {
    let k = r.gen_range(0..=20usize);
    let mut input = Vec::with_capacity(96 * k);
    for _ in 0..k {
        let point = match r.gen_range(0..12) {
            0 => vec![0u8; 64],
            _ => bn254::g1_bytes(&bn254::random_g1(r)),
        };
        input.extend_from_slice(&point);
        input.extend_from_slice(&bn254::scalar(r));
    }
    if k > 0 && r.gen_range(0..4) == 0 {
        let at = 96 * r.gen_range(0..k);
        let mut point = bn254::mutate(r, input[at..at + 64].to_vec());
        point.resize(64, 0); // a mutation may change the length: records stay 96 bytes
        input[at..at + 64].copy_from_slice(&point);
    }
    match r.gen_range(0..20) {
        0 => input.push(r.gen()),
        1 => {
            input.pop();
        }
        _ => {}
    }
    input
}

/// `n` little-endian verkle scalars, random below 2²⁵² or zero; an eighth of the
/// time one of them is all ones (not below the modulus).
fn verkle_scalars(r: &mut ChaCha20Rng, n: usize) -> Vec<u8> {
    let mut out = vec![0u8; 32 * n];
    for s in out.chunks_exact_mut(32) {
        if r.gen_range(0..5) > 0 {
            r.fill_bytes(s);
            s[31] &= 0x0f;
        }
    }
    if n > 0 && r.gen_range(0..8) == 0 {
        let at = 32 * r.gen_range(0..n);
        out[at..at + 32].fill(0xff);
    }
    out
}

/// One `generated` line: the input's digest and the output's digest or error.
fn generated<E: std::fmt::Display>(
    t: &mut String,
    what: &str,
    case: usize,
    input: &[u8],
    out: &Result<Vec<u8>, E>,
) {
    let _ = writeln!(
        t,
        "generated\t{what} {case} {}\t{}",
        digest(input),
        result(out, false)
    );
}

fn generated_lines(t: &mut String) {
    type Generate = fn(&mut ChaCha20Rng) -> Vec<u8>;
    let bn254: [(Op, Generate); 3] = [
        (Op::Add, |r| bn254::add_input(r)),
        (Op::Mul, |r| bn254::mul_input(r)),
        (Op::Pairing, |r| bn254::pairing_input(r)),
    ];
    for (stream, (op, generate)) in bn254.into_iter().enumerate() {
        let mut r = rng(stream as u64);
        for case in 0..CASES {
            let input = generate(&mut r);
            let _ = writeln!(
                t,
                "generated\t{} {case} {}\t{}",
                op.name(),
                digest(&input),
                backends(op, &input, false)
            );
        }
    }
    let mut r = rng(10);
    for case in 0..CASES {
        let input = msm_input(&mut r);
        let out = zkhost_bn254::msm::g1_msm(&input).map(|o| o.to_vec());
        generated(t, "msm", case, &input, &out);
    }
    let mut r = rng(20);
    let mut commitments = Vec::new();
    for case in 0..CASES {
        let n = match r.gen_range(0..4) {
            0 => r.gen_range(0..=5),
            1 => 256,
            _ => r.gen_range(0..=257),
        };
        let mut input = verkle_scalars(&mut r, n);
        if r.gen_range(0..25) == 0 {
            input.pop();
        }
        let out = zkhost_verkle::commit_bytes(&input).map(|o| o.to_vec());
        if let Ok(c) = &out {
            commitments.push(c.clone());
        }
        generated(t, "verkle-commit", case, &input, &out);
    }
    let mut r = rng(21);
    for case in 0..CASES {
        let mut input = commitments[case % commitments.len()].clone();
        match r.gen_range(0..5) {
            0 => r.fill_bytes(&mut input), // usually not an element
            1 => input[r.gen_range(0..32)] ^= 1 << r.gen_range(0..8),
            2 => input.truncate(r.gen_range(0..32)),
            _ => {}
        }
        let out = zkhost_verkle::commitment_to_field_bytes(&input).map(|o| o.to_vec());
        generated(t, "verkle-to-field", case, &input, &out);
    }
    let mut r = rng(22);
    for case in 0..CASES {
        let mut input = commitments[case % commitments.len()].clone();
        let k = match r.gen_range(0..3) {
            0 => r.gen_range(0..=3),
            1 => r.gen_range(0..=256),
            _ => r.gen_range(250..=257),
        };
        let values = verkle_scalars(&mut r, 2 * k);
        for pair in values.chunks_exact(64) {
            input.push(r.gen());
            input.extend_from_slice(pair);
        }
        match r.gen_range(0..20) {
            0 => input[0] ^= 1,
            1 => {
                input.pop();
            }
            _ => {}
        }
        let out = zkhost_verkle::update_bytes(&input).map(|o| o.to_vec());
        generated(t, "verkle-update", case, &input, &out);
    }
    let mut r = rng(23);
    for case in 0..CASES {
        let mut input = vec![0u8; 64];
        r.fill_bytes(&mut input);
        match r.gen_range(0..8) {
            0 => input.truncate(r.gen_range(0..64)),
            1 => input.push(r.gen()),
            2 => input[..32].fill(0),
            3 => input.fill(0xff),
            _ => {}
        }
        let out = zkhost_verkle::tree_key_bytes(&input).map(|o| o.to_vec());
        generated(t, "verkle-tree-key", case, &input, &out);
    }
    let mut r = rng(24);
    let mut uncompressed = Vec::new();
    for case in 0..CASES {
        let n = match r.gen_range(0..3) {
            0 => r.gen_range(0..=5),
            _ => r.gen_range(0..=257),
        };
        let mut input = verkle_scalars(&mut r, n);
        if r.gen_range(0..25) == 0 {
            input.pop();
        }
        let out = zkhost_verkle::commit_uncompressed_bytes(&input).map(|o| o.to_vec());
        if let Ok(c) = &out {
            uncompressed.push(c.clone());
        }
        generated(t, "verkle-commit-uncompressed", case, &input, &out);
    }
    let mut r = rng(25);
    for case in 0..CASES {
        let mut input = uncompressed[case % uncompressed.len()].clone();
        let k = match r.gen_range(0..3) {
            0 => r.gen_range(0..=3),
            _ => r.gen_range(0..=257),
        };
        let values = verkle_scalars(&mut r, 2 * k);
        for pair in values.chunks_exact(64) {
            input.push(r.gen());
            input.extend_from_slice(pair);
        }
        match r.gen_range(0..10) {
            0 => input[r.gen_range(0..64)] ^= 1 << r.gen_range(0..8),
            1 => {
                input.pop();
            }
            2 => {
                // The other representative (−x, −y): the same element, refused.
                use ark_ed_on_bls12_381_bandersnatch::Fq;
                use ark_ff::{BigInteger, PrimeField};
                for half in input[..64].chunks_exact_mut(32) {
                    let v = -Fq::from_be_bytes_mod_order(half);
                    half.copy_from_slice(&v.into_bigint().to_bytes_be());
                }
            }
            _ => {}
        }
        let out = zkhost_verkle::update_uncompressed_bytes(&input).map(|o| o.to_vec());
        generated(t, "verkle-update-uncompressed", case, &input, &out);
    }
    for (stream, op) in (50..).zip(Crypto::ALL) {
        let mut r = rng(stream);
        for case in 0..EVERY_FUNCTION_CASES {
            let input = sample::generated(op, &mut r);
            let out = zkhost_runtime::compute(op, None, &input);
            generated(t, op.name(), case, &input, &out);
        }
    }
    for (stream, op) in (30..).zip(zkhost_bls12381::Op::ALL) {
        let mut r = rng(stream);
        for case in 0..BLS12_CASES {
            let input = bls12_381::input(op, &mut r);
            let _ = writeln!(
                t,
                "generated\t{} {case} {}\t{}",
                op.name(),
                digest(&input),
                bls12_backends(op, &input, false)
            );
        }
    }
}

/// A valid input of a host function and its edges ([`sample::edges`]).
fn contract_inputs(op: Crypto) -> Vec<(&'static str, Vec<u8>)> {
    std::iter::once(("valid", sample::sample(op, 1)))
        .chain(sample::edges(op, 1))
        .collect()
}

/// A call's outcome, or why the runtime refused to make it (it never should here:
/// the line then says so, and differs from any real outcome).
fn call(rt: &Runtime, code: &CodeHash, input: &[u8], gas: u64) -> Result<Outcome, String> {
    rt.call(code, input, gas)
        .map_err(|e| format!("refused {:?}", e.to_string()))
}

fn line(o: &Result<Outcome, String>) -> String {
    match o {
        Ok(o) => outcome(o),
        Err(e) => e.clone(),
    }
}

fn contract_lines(t: &mut String) -> Result<(), String> {
    let rt = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    for op in Crypto::ALL {
        for via in [Via::Contract, Via::Wasm] {
            let Some(wasm) = via.contract(op) else {
                continue;
            };
            let code = rt.deploy(wasm).map_err(|e| e.to_string())?;
            for (kind, input) in contract_inputs(op) {
                let message = contracts::message(op, input);
                let ample = call(&rt, &code, &message, AMPLE);
                let used = ample.as_ref().map_or(0, |o| o.gas_used);
                let exact = call(&rt, &code, &message, used);
                let below = call(&rt, &code, &message, used.saturating_sub(1));
                let _ = writeln!(
                    t,
                    "contract\t{} {via} {kind}\t{} | exact {} | below {}",
                    op.name(),
                    line(&ample),
                    line(&exact),
                    line(&below)
                );
            }
        }
    }
    Ok(())
}

/// The files of one fuzz corpus, sorted by name.
fn corpus(target: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let dir = crate::fixtures_dir()
        .parent()
        .map(|root| root.join("host/fuzz/corpus").join(target))
        .ok_or("no repository root")?;
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        files.push((name.unwrap_or_default(), bytes));
    }
    files.sort();
    Ok(files)
}

fn probe_lines(t: &mut String) -> Result<(), String> {
    for (name, data) in corpus("host_call")? {
        if let Some(run) = fuzzing::host_call_record(&data) {
            let _ = writeln!(
                t,
                "probe\t{name}\t{} | ret {} | memory {} {}",
                outcome(&run.outcome),
                run.ret,
                run.memory.len(),
                digest(&run.memory)
            );
        }
    }
    Ok(())
}

fn deploy_lines(t: &mut String) -> Result<(), String> {
    let rt = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    for (name, data) in corpus("deploy")? {
        let Some((&mode, wasm)) = data.split_first() else {
            continue;
        };
        if mode % 2 != 0 {
            continue; // wasm-smith mode: the module is generated by cargo-fuzz only
        }
        let line = match rt.deploy(wasm) {
            // Debug-quoted: a parser's message may quote the module's own bytes.
            Err(e) => format!("refused {:?}", e.to_string()),
            Ok(code) => {
                let mut calls = Vec::new();
                for input in [&[][..], &[0x5a; 64][..]] {
                    let fresh = line(&call(&rt, &code, input, fuzzing::DEPLOY_GAS));
                    let pooled = line(&call(&rt, &code, input, fuzzing::DEPLOY_GAS));
                    let warm = match rt.instantiate(&code) {
                        Ok(mut w) => match w.call(input, fuzzing::DEPLOY_GAS) {
                            Ok(o) => outcome(&o),
                            Err(e) => format!("refused {:?}", e.to_string()),
                        },
                        Err(e) => format!("refused {:?}", e.to_string()),
                    };
                    calls.push(format!("{fresh} / {pooled} / {warm}"));
                }
                format!("deployed | {}", calls.join(" | "))
            }
        };
        let _ = writeln!(t, "deploy\t{name}\t{line}");
    }
    Ok(())
}

/// Enough gas for every [`crate::frames`] recursion to reach the stack budget.
const STACK_GAS: u64 = 10_000_000;

/// Each hostile frame shape of [`crate::frames`] recursing into the stack budget: the
/// trap and the gas at which it comes, fresh and warm.
fn stack_lines(t: &mut String) -> Result<(), String> {
    let rt = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    for shape in crate::frames::SHAPES {
        for n in crate::frames::SIZES {
            let wasm =
                wat::parse_str(crate::frames::module(shape, n)).map_err(|e| e.to_string())?;
            let code = rt.deploy(&wasm).map_err(|e| e.to_string())?;
            let fresh = line(&call(&rt, &code, &[], STACK_GAS));
            let warm = match rt.instantiate(&code) {
                Ok(mut w) => match w.call(&[], STACK_GAS) {
                    Ok(o) => outcome(&o),
                    Err(e) => format!("refused {:?}", e.to_string()),
                },
                Err(e) => format!("refused {:?}", e.to_string()),
            };
            let _ = writeln!(t, "stack\t{shape:?} {n}\t{fresh} / {warm}");
        }
    }
    Ok(())
}

fn groth16_lines(t: &mut String) -> Result<(), String> {
    let request = crate::fixture::request().map_err(|e| e.to_string())?;
    let rt = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let mut requests = vec![("committed".to_string(), request.clone())];
    for byte in [0usize, 17, 40, 63] {
        let mut changed = request.clone();
        changed.proof.a[byte] ^= 1;
        requests.push((format!("proof.a byte {byte} flipped"), changed));
    }
    let mut changed = request.clone();
    if let Some(first) = changed.inputs.first_mut() {
        first[31] ^= 1;
    }
    requests.push(("public input 0 changed".to_string(), changed));
    for via in [Via::Contract, Via::Wasm] {
        let wasm = groth16::contract(via).ok_or("no Groth16 contract")?;
        let code = rt.deploy(wasm).map_err(|e| e.to_string())?;
        for (what, request) in &requests {
            let native = zkhost_groth16::verify(&request.vk, &request.proof, &request.inputs);
            let (outcome, verdict) = groth16::verify_via(&rt, &code, via, request, AMPLE);
            let gas = outcome.map_or(0, |o| o.gas_used);
            let verdict = match verdict {
                Ok(v) => format!("{v:?}"),
                Err(e) => format!("error {e}"),
            };
            let _ = writeln!(
                t,
                "groth16\t{what} {via}\tnative {native:?} | contract {verdict} gas {gas}"
            );
        }
    }
    Ok(())
}
