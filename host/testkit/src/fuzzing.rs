//! Fuzz harness bodies shared by the cargo-fuzz targets and the corpus replay test.
//!
//! Each function takes the fuzzer's bytes and panics only on a real bug: a backend
//! that disagrees with another, a codec that does not round-trip, a host function
//! that traps with `host error`, charges the wrong gas or writes when it should not,
//! a runtime that panics on a module. The cargo-fuzz targets in `host/fuzz/` are thin
//! wrappers around them (`cargo +nightly fuzz run <target>` from `host/`), and
//! `tests/fuzz_replay.rs` runs every committed corpus file through them, then a brief
//! seeded mutation run, on every `cargo test`.
//!
//! | target | what it feeds | what must hold |
//! | --- | --- | --- |
//! | [`bn254_codec`] | G1, G2 and scalar bytes | canonical decoding round-trips through [`encoding`], the MSM parser and every backend; one error class |
//! | [`bn254_differential`] | raw or constructed input to each op | every backend and every MSM algorithm give the same output or error |
//! | [`host_call`] | memory, pointers, lengths, gas | a model of ABI v1 predicts the trap, the gas used to the unit, the output and every byte of memory |
//! | [`deploy`] | any bytes, or (cargo-fuzz only) wasm-smith modules | `deploy` and `call` never panic; no `host error`; same outcome on fresh and pooled instances |
//!
//! | [`banderwagon_codec`] | Banderwagon encodings, commitments, updates | round trips; every fixed-base method agrees; updates never panic |
//! | [`bls12381_codec`] | EIP-2537 field elements, G1 and G2 points, scalars | acceptance exactly when the bytes are canonical, the same point checks on blst and arkworks, round trips through ADD, `k·P = (k mod r)·P` |
//! | [`bls12381_differential`] | raw or constructed input to each EIP-2537 op | blst and arkworks give the same output or error |
//! | [`kzg_codec`] | point-evaluation inputs, raw or with the versioned hash made right | the refusal is the first failing check, in order; c-kzg refuses exactly the commitments and proofs zkhost does |
//! | [`p256_codec`] | P256VERIFY inputs | the invalid class is the first failing range or curve check, decided independently with RustCrypto's `p256` |
//! | [`kzg_p256_differential`] | valid vectors mutated, or raw bytes, to either op | zkhost and c-kzg agree on the verdict; zkhost and revm's P256VERIFY on output and gas |
//! | [`poseidon_differential`] | 0–17 elements, canonical or not, any length | the fast and the round-by-round hash agree; `light-poseidon` agrees for 1–12 inputs; refusals as the length and elements decide |
//! | [`bn254_compression`] | points and compressed points, raw or valid | round trips; Solana's syscall code agrees on every accepted input; a decompressed point is the uncompressed path's |

use std::cell::RefCell;
use std::sync::OnceLock;

use ark_bn254::{Fq, Fq2, G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, PrimeField};

use zkhost_abi::{Crypto, Function, Io};
use zkhost_bn254::encoding::{self, FIELD_MODULUS, GROUP_ORDER};
use zkhost_bn254::msm::{self as bn254_msm, G1};
use zkhost_bn254::{Backend, Error, Op};
use zkhost_msm::{self as msm, Algorithm};

use crate::sample;
use zkhost_runtime::{
    CodeHash, ExecResult, HostCosts, HostError, Outcome, Runtime, RuntimeConfig, TrapKind,
};

/// A harness body: the fuzzer's bytes in, a panic only on a bug.
pub type Harness = fn(&[u8]);

/// Every harness by target name: the cargo-fuzz target of the same name calls it, and
/// the replay test runs `host/fuzz/corpus/<name>/` through it.
pub const TARGETS: &[(&str, Harness)] = &[
    ("bn254_codec", bn254_codec),
    ("bn254_differential", bn254_differential),
    ("host_call", host_call),
    ("deploy", deploy),
    ("banderwagon_codec", banderwagon_codec),
    ("bls12381_codec", bls12381_codec),
    ("bls12381_differential", bls12381_differential),
    ("kzg_codec", kzg_codec),
    ("p256_codec", p256_codec),
    ("kzg_p256_differential", kzg_p256_differential),
    ("poseidon_differential", poseidon_differential),
    ("bn254_compression", bn254_compression),
];

/// Banderwagon encodings and the verkle byte functions: a compressed element that
/// decodes re-encodes to the same bytes and maps to the same field element through
/// both entry points; an uncompressed element that decodes equals its compressed
/// form's decoding and re-encodes to the same bytes, and one refused is not what the
/// square-root route decodes; a tree key is the reversed commitment to its five
/// scalars; an uncompressed update or commitment that is accepted equals the
/// compressed one; a commitment input that is accepted gives the same
/// element with every fixed-base method (the narrow, wide and parallel tables
/// disagree on nothing); an update input never panics and, when accepted, equals the
/// commitment plus the sparse recommitment.
pub fn banderwagon_codec(data: &[u8]) {
    use zkhost_verkle::{self as verkle, Element, Method};
    let head = data.get(..32).unwrap_or(data);
    match Element::from_bytes(head) {
        Ok(e) => {
            assert_eq!(&e.to_bytes()[..], head, "compressed round trip");
            assert_eq!(
                verkle::commitment_to_field_bytes(head),
                Ok(e.map_to_scalar_bytes())
            );
        }
        Err(err) => assert_eq!(verkle::commitment_to_field_bytes(head), Err(err)),
    }
    if let Some(unc) = data.get(..64) {
        match Element::from_uncompressed_be(unc) {
            Ok(e) => {
                assert_eq!(Element::from_bytes(&e.to_bytes()), Ok(e));
                assert_eq!(&e.to_bytes()[..], &unc[..32], "canonical representative");
                assert_eq!(&e.to_uncompressed_be()[..], unc, "uncompressed round trip");
            }
            // The square-root route must refuse it too (or decode another y).
            Err(_) => {
                if let Ok(e) = Element::from_bytes(&unc[..32]) {
                    assert_ne!(&e.to_uncompressed_be()[..], unc);
                }
            }
        }
        // A tree key is the reversed commitment to its five scalars.
        let mut five =
            verkle::scalar_to_le(&verkle::Scalar::from(verkle::tree_key::FIRST_SCALAR)).to_vec();
        for half in unc.chunks_exact(16) {
            five.extend_from_slice(half);
            five.extend_from_slice(&[0; 16]);
        }
        let mut expected = verkle::commit_bytes(&five).expect("128-bit scalars are canonical");
        expected.reverse();
        assert_eq!(verkle::tree_key_bytes(unc), Ok(expected));
    }
    // An uncompressed update, when accepted, equals the compressed one.
    if let Ok(out) = verkle::update_uncompressed_bytes(data) {
        let c = Element::from_uncompressed_be(&data[..64]).expect("accepted head");
        let compressed = [&c.to_bytes()[..], &data[64..]].concat();
        let via = verkle::update_bytes(&compressed).expect("same entries");
        assert_eq!(
            Element::from_uncompressed_be(&out).map(|e| e.to_bytes()),
            Ok(via)
        );
    }
    if let Ok(unc) =
        verkle::commit_uncompressed_bytes(data.get(..data.len().min(8 * 32)).unwrap_or(data))
    {
        let e = Element::from_uncompressed_be(&unc).expect("a commitment decodes");
        assert_eq!(
            verkle::commit_bytes(data.get(..data.len().min(8 * 32)).unwrap_or(data)),
            Ok(e.to_bytes())
        );
    }
    // Commitments of at most 8 scalars (fuzzing speed), every method alike.
    let scalars = data.get(..data.len().min(8 * 32)).unwrap_or(data);
    if let Ok(bytes) = verkle::commit_bytes(scalars) {
        let values: Vec<verkle::Scalar> = scalars
            .chunks_exact(32)
            .filter_map(|c| <[u8; 32]>::try_from(c).ok())
            .filter_map(|b| verkle::scalar_from_le(&b))
            .collect();
        for m in Method::ALL {
            let e = verkle::commit_with_method(m, &values);
            assert_eq!(e.map(|e| e.to_bytes()), Ok(bytes), "{m:?}");
        }
    }
    let _ = verkle::update_bytes(data);
}

// ---------------------------------------------------------------------------------
// Shared helpers.

/// `data[at..at + N]`, zero-padded where `data` is shorter.
fn chunk<const N: usize>(data: &[u8], at: usize) -> [u8; N] {
    encoding::pad::<N>(data.get(at..).unwrap_or(&[]))
}

fn be32(x: &impl PrimeField) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

/// A G1 point derived from 64 bytes: the first x at or after `bytes[0..32] mod p` with
/// a square right-hand side, the root picked by a bit of `bytes[32]`. Infinity never
/// comes out, so the result is a valid non-trivial encoding.
fn g1_from(bytes: &[u8; 64]) -> [u8; 64] {
    let mut x = Fq::from_be_bytes_mod_order(&bytes[..32]);
    let greatest = bytes[32] & 1 == 1;
    loop {
        if let Some(p) = G1Affine::get_point_from_x_unchecked(x, greatest) {
            let mut out = [0u8; 64];
            out.copy_from_slice(&sample::encode_g1(&p));
            return out;
        }
        x += Fq::from(1u64);
    }
}

/// A point of the twist derived from 128 bytes; in the order-r subgroup (cofactor
/// cleared) unless `in_subgroup` is false, in which case it is left as found (almost
/// never in the subgroup).
fn g2_from(bytes: &[u8; 128], in_subgroup: bool) -> [u8; 128] {
    let c1 = Fq::from_be_bytes_mod_order(&bytes[..32]);
    let mut c0 = Fq::from_be_bytes_mod_order(&bytes[32..64]);
    let greatest = bytes[64] & 1 == 1;
    loop {
        if let Some(q) = G2Affine::get_point_from_x_unchecked(Fq2::new(c0, c1), greatest) {
            let q = if in_subgroup { q.clear_cofactor() } else { q };
            let mut out = [0u8; 128];
            out.copy_from_slice(&sample::encode_g2(&q));
            return out;
        }
        c0 += Fq::from(1u64);
    }
}

/// The G1 point `-p` for a valid non-infinity encoding.
fn g1_neg(p: &[u8; 64]) -> [u8; 64] {
    let y = Fq::from_be_bytes_mod_order(&p[32..]);
    let mut out = *p;
    out[32..].copy_from_slice(&be32(&-y));
    out
}

/// Asserts that every backend gives the same result for `op` on `input`, and returns it.
fn all_backends_agree(op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
    let reference = Backend::SubstrateBn.run(op, input);
    for backend in &Backend::ALL[1..] {
        let other = backend.run(op, input);
        assert_eq!(
            reference,
            other,
            "{op}: substrate-bn and {backend} differ on input {}",
            hex::encode(input)
        );
    }
    reference
}

// ---------------------------------------------------------------------------------
// bn254_codec

/// Codecs of BN254: the G1 point in `data[0..64]`, the G2 point in `data[64..192]`
/// and the scalar in `data[192..224]` (zero-padded), as given and as made valid.
///
/// - [`encoding::g1`] / [`encoding::g2`] accept exactly the coordinates `< p` and
///   re-encode to the same bytes;
/// - a point accepted by the field check is accepted or refused with the same class
///   by every backend and by the MSM engine's parser, and re-encodes unchanged through
///   each (`P + O` and `1·P` through every backend, `to_evm` through the MSM engine);
/// - a G2 point is accepted or refused with the same class by every backend, and a
///   point of the twist outside the subgroup is refused as such;
/// - a scalar decodes to four limbs and back, and reduces mod r as arkworks does;
///   `k·P = (k mod r)·P` on every backend.
pub fn bn254_codec(data: &[u8]) {
    let g1: [u8; 64] = chunk(data, 0);
    let g2: [u8; 128] = chunk(data, 64);
    let k: [u8; 32] = chunk(data, 192);

    check_g1(&g1);
    check_g1(&g1_from(&g1));
    check_g2(&g2);
    // A valid (or on-twist, outside the subgroup) G2 point every other input: deriving
    // one is the slowest part of this target.
    if g2[126] & 1 == 1 {
        check_g2(&g2_from(&g2, g2[127] & 1 == 1));
    }

    // Scalars: limbs round-trip; reduction mod r agrees with arkworks.
    let limbs = encoding::limbs_le(&k);
    assert_eq!(encoding::bytes_be(&limbs), k);
    let reduced = msm::scalar::reduce(limbs, &bn254_msm::ORDER);
    let ark = ark_bn254::Fr::from_be_bytes_mod_order(&k);
    assert_eq!(encoding::bytes_be(&reduced), be32(&ark), "k mod r");
    assert!(encoding::less_than(
        &encoding::bytes_be(&reduced),
        &GROUP_ORDER
    ));
    // k·P = (k mod r)·P for a valid P, on every backend.
    let p = g1_from(&g1);
    let full = all_backends_agree(Op::Mul, &[&p[..], &k].concat());
    let mod_r = all_backends_agree(Op::Mul, &[&p[..], &encoding::bytes_be(&reduced)].concat());
    assert_eq!(full, mod_r, "k·P != (k mod r)·P");
}

fn check_g1(bytes: &[u8; 64]) {
    let (x, y) = (chunk::<32>(bytes, 0), chunk::<32>(bytes, 32));
    let canonical =
        encoding::less_than(&x, &FIELD_MODULUS) && encoding::less_than(&y, &FIELD_MODULUS);
    match encoding::g1(bytes) {
        Ok(c) => {
            assert!(canonical, "non-canonical G1 accepted");
            assert_eq!(&encoding::g1_output(&c.x, &c.y), bytes);
            assert_eq!(c.is_infinity(), bytes == &[0u8; 64]);
        }
        Err(e) => {
            assert!(!canonical, "canonical G1 refused");
            assert_eq!(e, Error::G1CoordinateNotInField);
        }
    }
    // Through every backend: P + O and 1·P give P back, or the same error.
    let plus_zero = all_backends_agree(Op::Add, bytes);
    let mut one = [0u8; 32];
    one[31] = 1;
    let times_one = all_backends_agree(Op::Mul, &[&bytes[..], &one].concat());
    assert_eq!(plus_zero, times_one);
    // The MSM engine's parser (its own field type) agrees, and re-encodes.
    let parsed = bn254_msm::G1Affine::from_evm(bytes).map(|p| p.to_evm().to_vec());
    assert_eq!(parsed, plus_zero, "MSM parser and backends differ");
    if let Ok(out) = &plus_zero {
        assert_eq!(&out[..], &bytes[..], "G1 does not round-trip");
    }
    // And the curve check agrees with arkworks'.
    if canonical && bytes != &[0u8; 64] {
        let p = G1Affine::new_unchecked(
            Fq::from_be_bytes_mod_order(&x),
            Fq::from_be_bytes_mod_order(&y),
        );
        assert_eq!(plus_zero.is_ok(), p.is_on_curve());
    }
}

fn check_g2(bytes: &[u8; 128]) {
    let words: [[u8; 32]; 4] = [0, 32, 64, 96].map(|i| chunk::<32>(bytes, i));
    let canonical = words.iter().all(|w| encoding::less_than(w, &FIELD_MODULUS));
    match encoding::g2(bytes) {
        Ok(c) => {
            assert!(canonical, "non-canonical G2 accepted");
            let again = [c.x_im, c.x_re, c.y_im, c.y_re].concat();
            assert_eq!(&again[..], &bytes[..]);
            assert_eq!(c.is_infinity(), bytes == &[0u8; 128]);
        }
        Err(e) => {
            assert!(!canonical, "canonical G2 refused");
            assert_eq!(e, Error::G2CoordinateNotInField);
        }
    }
    // Paired with G1 infinity: validated by every backend, then skipped.
    let verdict = all_backends_agree(Op::Pairing, &[&[0u8; 64][..], bytes].concat());
    if !canonical {
        assert_eq!(verdict, Err(Error::G2CoordinateNotInField));
    } else if bytes != &[0u8; 128] {
        let fq = |w: &[u8; 32]| Fq::from_be_bytes_mod_order(w);
        let q = G2Affine::new_unchecked(
            Fq2::new(fq(&words[1]), fq(&words[0])),
            Fq2::new(fq(&words[3]), fq(&words[2])),
        );
        let expected = if !q.is_on_curve() {
            Err(Error::G2NotOnCurve)
        } else if !q.is_in_correct_subgroup_assuming_on_curve() {
            Err(Error::G2NotInSubgroup)
        } else {
            Ok(sample_true())
        };
        assert_eq!(verdict, expected, "G2 classification");
    } else {
        assert_eq!(verdict, Ok(sample_true()));
    }
}

fn sample_true() -> Vec<u8> {
    zkhost_bn254::pairing_output(true).to_vec()
}

// ---------------------------------------------------------------------------------
// bn254_differential

/// Bytes per input cap of the differential target, per operation: enough for a few
/// pairs or records, small enough for thousands of executions a second.
const MAX_PAIRS: usize = 4;
const MAX_RECORDS: usize = 8;

/// What the differential target runs: a precompile on every backend, or the MSM.
#[derive(Clone, Copy, Debug)]
enum Target {
    Precompile(Op),
    Msm,
}

/// The operations of [`bn254_differential`], by `data[0] % 4`.
const DIFFERENTIAL: [Target; 4] = [
    Target::Precompile(Op::Add),
    Target::Precompile(Op::Mul),
    Target::Precompile(Op::Pairing),
    Target::Msm,
];

/// Every backend on the same bytes: `data[0]` picks the operation (`% 4`: add, mul,
/// pairing, MSM) and, with bit `0x10`, "constructed" input where each complete
/// point slot is replaced by a valid point derived from its bytes (G2: in the
/// subgroup unless the slot's last byte is odd; G1: the last byte's low bits ask for
/// infinity, a copy or the negation of the previous point, to reach the doubling and
/// cancelling paths). `data[1]` picks an MSM algorithm; the rest is the input.
///
/// ADD, MUL and the pairing must give identical output bytes or identical errors on
/// all backends. The MSM (one engine) must equal the sum of the records' ECMULs
/// through ECADD on every backend, or fail with the first record's ECMUL error (or
/// [`Error::MsmLength`]); and every algorithm must agree with the one selected.
pub fn bn254_differential(data: &[u8]) {
    let (Some(&mode), Some(&alg)) = (data.first(), data.get(1)) else {
        return;
    };
    let target = DIFFERENTIAL[(mode % 4) as usize];
    let raw = data.get(2..).unwrap_or(&[]);
    let cap = match target {
        Target::Precompile(Op::Add | Op::Mul) => 256,
        Target::Precompile(Op::Pairing) => (MAX_PAIRS + 1) * zkhost_bn254::PAIR_LEN - 1,
        Target::Msm => (MAX_RECORDS + 1) * bn254_msm::RECORD_LEN - 1,
    };
    let mut input = raw.get(..cap).unwrap_or(raw).to_vec();
    if mode & 0x10 != 0 {
        construct(target, &mut input);
    }
    match target {
        Target::Precompile(op) => {
            let _ = all_backends_agree(op, &input);
        }
        Target::Msm => msm_differential(&input, alg),
    }
}

/// Replaces each complete point slot of `input` with a valid point (see
/// [`bn254_differential`]).
fn construct(target: Target, input: &mut [u8]) {
    let (stride, g1_at, g2_at): (usize, &[usize], Option<usize>) = match target {
        Target::Precompile(Op::Add) => (128, &[0, 64], None),
        Target::Precompile(Op::Mul) => (96, &[0], None),
        Target::Precompile(Op::Pairing) => (192, &[0], Some(64)),
        Target::Msm => (96, &[0], None),
    };
    let mut previous: Option<[u8; 64]> = None;
    for record in input.chunks_mut(stride) {
        for &at in g1_at {
            let Some(slot) = record.get_mut(at..at + 64) else {
                continue;
            };
            let bytes: [u8; 64] = chunk(slot, 0);
            let point = match (bytes[63] % 8, previous) {
                (0, _) => [0u8; 64],
                (1, Some(p)) => p,
                (2, Some(p)) if p != [0u8; 64] => g1_neg(&p),
                _ => g1_from(&bytes),
            };
            slot.copy_from_slice(&point);
            previous = Some(point);
        }
        if let Some(at) = g2_at {
            if let Some(slot) = record.get_mut(at..at + 128) {
                let bytes: [u8; 128] = chunk(slot, 0);
                let point = if bytes[127].is_multiple_of(16) {
                    [0u8; 128]
                } else {
                    g2_from(&bytes, bytes[127] & 1 == 0)
                };
                slot.copy_from_slice(&point);
            }
        }
    }
}

fn msm_differential(input: &[u8], alg: u8) {
    let got = bn254_msm::g1_msm(input).map(|o| o.to_vec());
    // The reference: ECMUL each record and sum with ECADD, on every backend.
    for &backend in Backend::ALL {
        let expected = if input.is_empty() || !input.len().is_multiple_of(bn254_msm::RECORD_LEN) {
            Err(Error::MsmLength)
        } else {
            input
                .chunks_exact(bn254_msm::RECORD_LEN)
                .try_fold([0u8; 64], |acc, record| {
                    let product = backend.ecmul(record)?;
                    backend.ecadd(&[acc, product].concat())
                })
                .map(|sum| sum.to_vec())
        };
        assert_eq!(
            got,
            expected,
            "MSM and Σ ECMUL on {backend} differ on input {}",
            hex::encode(input)
        );
    }
    // Every algorithm agrees with the one the cost model selected.
    if let Ok(out) = &got {
        let (points, scalars) = match bn254_msm::decode(input) {
            Ok(d) => d,
            Err(e) => panic!("decoded once, refused again: {e}"),
        };
        let all = Algorithm::all();
        let picks = [
            all[alg as usize % all.len()],
            all[(alg as usize / 7 + 3) % all.len()],
        ];
        for a in picks {
            let sum = msm::run::<G1>(a, &points, &scalars).to_evm();
            assert_eq!(
                &sum[..],
                &out[..],
                "{a} differs on input {}",
                hex::encode(input)
            );
        }
    }
}

// ---------------------------------------------------------------------------------
// host_call

/// The probe contract of [`host_call`], as WAT, made from the ABI's table
/// ([`Function::ALL`]): adding a host function adds it here.
///
/// Called with input, it reads the input to address 0, grows memory by
/// `input[1] & 3` pages and calls host function number `input[0] %`
/// [`PROBE_SELECTORS`] (in [`PROBE_FUNCTIONS`] order) with the little-endian i32s at
/// 4, 8 and 12 as arguments, keeping any result in a global. Called with empty input,
/// it dumps: outputs all of its memory followed by that result (8 bytes), so a test
/// can see every byte the previous call left.
pub fn probe_wat() -> String {
    use std::fmt::Write as _;
    let types = |kind: &str, ts: &[zkhost_abi::ValType]| {
        if ts.is_empty() {
            return String::new();
        }
        let names: Vec<&str> = ts
            .iter()
            .map(|t| match t {
                zkhost_abi::ValType::I32 => "i32",
                zkhost_abi::ValType::I64 => "i64",
            })
            .collect();
        format!(" ({kind} {})", names.join(" "))
    };
    let mut w = String::from("(module\n");
    for f in Function::ALL {
        let _ = writeln!(
            w,
            r#"  (import "zkhost" "{n}" (func ${n}{}{}))"#,
            types("param", f.params()),
            types("result", f.results()),
            n = f.name()
        );
    }
    w.push_str(
        r#"  (memory (export "memory") 1 5)
  (global $ret (mut i64) (i64.const -1))
  (func (export "call")
    (local $a0 i32) (local $a1 i32) (local $a2 i32) (local $size i32)
    (if (i32.eqz (call $input_size))
      (then
        (local.set $size (i32.shl (memory.size) (i32.const 16)))
        (drop (memory.grow (i32.const 1)))
        (i64.store (local.get $size) (global.get $ret))
        (call $output_write (i32.const 0) (i32.add (local.get $size) (i32.const 8)))
        (return)))
    (call $input_read (i32.const 0))
    (drop (memory.grow (i32.and (i32.load8_u (i32.const 1)) (i32.const 3))))
    (local.set $a0 (i32.load (i32.const 4)))
    (local.set $a1 (i32.load (i32.const 8)))
    (local.set $a2 (i32.load (i32.const 12)))
    "#,
    );
    // One block per function, the first innermost: br_table's index i branches to the
    // end of function i's block, where its call follows (then a return, and the end
    // of the next block).
    for f in Function::ALL.iter().rev() {
        let _ = write!(w, "(block ${}", f.name());
    }
    w.push_str("\n      (br_table");
    for f in Function::ALL {
        let _ = write!(w, " ${}", f.name());
    }
    let _ = writeln!(
        w,
        "\n        (i32.rem_u (i32.load8_u (i32.const 0)) (i32.const {PROBE_SELECTORS}))))"
    );
    let last = Function::ALL.len() - 1;
    for (i, f) in Function::ALL.into_iter().enumerate() {
        let n = f.name();
        let body = match f {
            Function::Io(Io::InputSize) => {
                format!("(global.set $ret (i64.extend_i32_u (call ${n})))")
            }
            Function::Io(Io::InputRead) => format!("(call ${n} (local.get $a0))"),
            Function::Io(Io::OutputWrite) => {
                format!("(call ${n} (local.get $a0) (local.get $a1))")
            }
            Function::Io(Io::GasLeft) => format!("(global.set $ret (call ${n}))"),
            Function::Crypto(_) => format!(
                "(global.set $ret (i64.extend_i32_u \
                 (call ${n} (local.get $a0) (local.get $a1) (local.get $a2))))"
            ),
        };
        if i < last {
            let _ = writeln!(w, "      {body}\n      (return))");
        } else {
            let _ = writeln!(w, "    {body})");
        }
    }
    w.push_str(")\n");
    w
}

/// How many host functions the probe can call (its selector is taken modulo this).
pub const PROBE_SELECTORS: u8 = {
    assert!(Function::ALL.len() < 256);
    Function::ALL.len() as u8
};

/// The host functions the probe calls, by selector: the ABI's table order
/// ([`Function::ALL`]: the I/O functions, then the crypto functions).
pub const PROBE_FUNCTIONS: [Function; PROBE_SELECTORS as usize] = Function::ALL;

fn selected(selector: u8) -> Function {
    Function::ALL[(selector % PROBE_SELECTORS) as usize]
}

/// The probe's header: selector, pages to grow, and three arguments; a payload
/// follows at [`PROBE_PAYLOAD`].
pub fn probe_input(selector: u8, grow: u8, args: [i32; 3], payload: &[u8]) -> Vec<u8> {
    let mut v = vec![selector, grow, 0, 0];
    for a in args {
        v.extend_from_slice(&a.to_le_bytes());
    }
    v.extend_from_slice(payload);
    v
}

/// Where the probe's payload starts in its memory.
pub const PROBE_PAYLOAD: i32 = 16;

/// Where the calibration's `input_read` copies the input (so that the copy shows).
const CALIBRATION_READ: i32 = 1024;

const PAGE: usize = 65_536;

/// The deployed probe and the fuel its own instructions take, measured once.
struct Probe {
    runtime: Runtime,
    code: CodeHash,
    costs: HostCosts,
    max_output: usize,
    /// Fuel of the instructions before `input_read`'s charge.
    before_read: u64,
    /// Fuel of the instructions before the fuel check of `memory.grow` (a grow by a
    /// non-constant count is a fuel checkpoint, like a loop header).
    before_grow: u64,
    /// Per selector: fuel of the instructions before the selected call's charge.
    before_call: [u64; PROBE_SELECTORS as usize],
    /// Per selector: fuel of all the instructions of a call that completes.
    total: [u64; PROBE_SELECTORS as usize],
}

/// What one probe call did: its outcome, and the memory and result global after it.
pub struct ProbeRun {
    /// The call's outcome.
    pub outcome: Outcome,
    /// The probe's whole linear memory after the call.
    pub memory: Vec<u8>,
    /// The selected host function's result (−1 when it did not return).
    pub ret: i64,
}

/// The gas limit and probe input a [`host_call`] corpus file designates; `None` for
/// the empty input (the dump call, not a probe call).
fn host_call_args(data: &[u8]) -> Option<(u64, &[u8])> {
    let raw = u64::from_le_bytes(chunk(data, 0));
    let gas = raw >> (raw % 64);
    let input = data.get(8..).unwrap_or(&[]);
    let input = input.get(..PAGE).unwrap_or(input);
    (!input.is_empty()).then_some((gas, input))
}

/// What [`host_call`] runs on `data`, without the model: for the cross-architecture
/// transcript, which compares the run itself with another machine's.
pub fn host_call_record(data: &[u8]) -> Option<ProbeRun> {
    let (gas, input) = host_call_args(data)?;
    Some(Probe::get().run(input, gas))
}

impl Probe {
    fn get() -> &'static Probe {
        static PROBE: OnceLock<Probe> = OnceLock::new();
        PROBE.get_or_init(Probe::new)
    }

    fn new() -> Probe {
        let runtime = match Runtime::new(RuntimeConfig::from_env()) {
            Ok(r) => r,
            Err(e) => panic!("engine: {e:#}"),
        };
        let wasm = probe_wasm();
        let code = match runtime.deploy(&wasm) {
            Ok(c) => c,
            Err(e) => panic!("the probe deploys: {e}"),
        };
        let costs = runtime.config().costs;
        let max_output = runtime.config().limits.max_output_bytes;
        let mut probe = Probe {
            runtime,
            code,
            costs,
            max_output,
            before_read: 0,
            before_grow: 0,
            before_call: [0; PROBE_SELECTORS as usize],
            total: [0; PROBE_SELECTORS as usize],
        };
        probe.calibrate();
        probe
    }

    fn run(&self, input: &[u8], gas: u64) -> ProbeRun {
        let mut warm = match self.runtime.instantiate(&self.code) {
            Ok(w) => w,
            Err(e) => panic!("instantiate: {e}"),
        };
        let outcome = match warm.call(input, gas) {
            Ok(o) => o,
            Err(e) => panic!("call: {e}"),
        };
        let dump = match warm.call(&[], 1 << 40) {
            Ok(o) => o,
            Err(e) => panic!("dump: {e}"),
        };
        let Some(bytes) = dump.output() else {
            panic!("the dump trapped: {:?}", dump.result);
        };
        let split = bytes.len() - 8;
        let ret = i64::from_le_bytes(chunk(bytes, split));
        ProbeRun {
            outcome,
            memory: bytes[..split].to_vec(),
            ret,
        }
    }

    /// The price of the selected host call, from the lengths alone.
    fn price(&self, selector: u8, args: [i32; 3], input_len: usize) -> u64 {
        let c = &self.costs;
        let len = |x: i32| x as u32 as u64;
        let n = len(args[1]);
        match selected(selector) {
            Function::Io(Io::InputRead) => c.call(input_len as u64, 0),
            Function::Io(Io::OutputWrite) => c.call(n, 0),
            Function::Io(_) => c.call(0, 0),
            Function::Crypto(op) => c.crypto_call(op, n as usize),
        }
    }

    /// Measures the probe's own fuel: binary searches on the gas limit for the
    /// points where `input_read` and the selected call first complete, and a
    /// generous run for the total. The harmless arguments never trap.
    fn calibrate(&mut self) {
        let payload = [7u8; 8];
        let harmless = |s: u8| match s {
            1 => [CALIBRATION_READ, 0, 0],
            2 => [0, 0, 0],
            _ => [PROBE_PAYLOAD, 0, 1024],
        };
        // Whether the selected host function ran (its effect is visible even when
        // the instructions after it run out of gas): the result global for those
        // that set it, the input's copy for `input_read`, success for
        // `output_write` (nothing follows it).
        let ran = |s: u8, run: &ProbeRun, input: &[u8]| match s {
            1 => run
                .memory
                .get(CALIBRATION_READ as usize..)
                .is_some_and(|m| m.starts_with(input)),
            2 => run.outcome.output().is_some(),
            _ => run.ret != -1,
        };
        let fixed = self.costs.call(0, 0);
        for s in 0..PROBE_SELECTORS {
            let args = harmless(s);
            let input = probe_input(s, 0, args, &payload);
            let charges =
                fixed + self.costs.call(input.len() as u64, 0) + self.price(s, args, input.len());
            let big = self.run(&input, 1 << 40).outcome;
            assert!(
                big.output().is_some(),
                "calibration call {s}: {:?}",
                big.result
            );
            self.total[s as usize] = big.gas_used - charges;
            let min = min_gas(|g| ran(s, &self.run(&input, g), &input));
            self.before_call[s as usize] = min - charges;
            if s == 2 {
                // `output_write` shows only in the call's success, after the code that
                // follows it has run too: where it starts is where a write out of
                // bounds first traps for that rather than for gas.
                let args = [i32::MAX, 1, 0];
                let input = probe_input(s, 0, args, &payload);
                let charges = fixed
                    + self.costs.call(input.len() as u64, 0)
                    + self.price(s, args, input.len());
                let oob = |run: &ProbeRun| run.outcome.trap() == Some(TrapKind::MemoryOutOfBounds);
                let min = min_gas(|g| oob(&self.run(&input, g)));
                self.before_call[s as usize] = min - charges;
            }
            assert!(self.before_call[s as usize] <= self.total[s as usize]);
            if s == 0 {
                let read = fixed + self.costs.call(input.len() as u64, 0);
                let min = min_gas(|g| self.run(&input, g).memory.starts_with(&input));
                self.before_read = min - read;
                let grow = probe_input(0, 3, args, &payload);
                let min = min_gas(|g| self.run(&grow, g).memory.len() == 4 * PAGE);
                self.before_grow = min - read;
            }
        }
    }
}

/// The least gas limit for which `ok` holds (it is monotone in the limit).
fn min_gas(ok: impl Fn(u64) -> bool) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 40);
    assert!(ok(hi));
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The probe contract's module bytes ([`probe_wat`] compiled once per process).
pub fn probe_wasm() -> Vec<u8> {
    static WASM: OnceLock<Vec<u8>> = OnceLock::new();
    WASM.get_or_init(|| match wat::parse_str(probe_wat()) {
        Ok(w) => w,
        Err(e) => panic!("the probe's WAT: {e}"),
    })
    .clone()
}

/// Every host function of ABI v1 through the runtime, with fuzzer-chosen memory,
/// pointers, lengths and gas: `data[0..8]` is the gas limit (little-endian, shifted
/// right by `data[0] % 64` so that every magnitude is common) and the rest the
/// probe's input (see [`probe_wat`]: selector, pages to grow, three i32 arguments,
/// then bytes that land in memory at 16).
///
/// An independent model of ABI v1 predicts, from the probe's measured instruction
/// fuel and [`HostCosts`], whether the call runs out of gas (and where), which trap
/// ends it, the gas used to the unit, the result, the output and every byte of
/// memory afterwards; the crypto results come from the reference backend. Never a
/// `host error`; nothing written on a trap or a refused input.
pub fn host_call(data: &[u8]) {
    let probe = Probe::get();
    let Some((gas, input)) = host_call_args(data) else {
        return; // the dump call, not a probe call
    };
    let got = probe.run(input, gas);
    let expected = model(probe, input, gas);
    let o = &got.outcome;
    assert_ne!(o.trap(), Some(TrapKind::HostError), "host error");
    assert_eq!(
        o.result,
        expected.result,
        "result (gas {gas}, input {})",
        hex::encode(input)
    );
    assert_eq!(
        o.gas_used,
        expected.gas_used,
        "gas used (gas {gas}, input {})",
        hex::encode(input)
    );
    assert_eq!(o.last_host_error, expected.last_host_error, "reason");
    assert_eq!(got.ret, expected.ret, "result value");
    assert_eq!(got.memory.len(), expected.memory.len(), "memory size");
    if got.memory != expected.memory {
        let first = got
            .memory
            .iter()
            .zip(&expected.memory)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "memory differs from byte {first} (gas {gas}, input {})",
            hex::encode(input)
        );
    }
}

/// What a crypto host function computes from its input, for the model.
type CryptoWork<'a> = dyn Fn(&[u8]) -> Result<Vec<u8>, HostError> + 'a;

struct Expected {
    result: ExecResult,
    gas_used: u64,
    last_host_error: Option<HostError>,
    ret: i64,
    memory: Vec<u8>,
}

/// ABI v1 as the book states it (`docs/src/abi.md`), for the probe: charge, then bounds, then work,
/// then write all or nothing.
fn model(probe: &Probe, input: &[u8], gas: u64) -> Expected {
    let c = &probe.costs;
    let n = input.len();
    let h1 = c.call(0, 0);
    let h2 = c.call(n as u64, 0);
    let oog = |memory: Vec<u8>| Expected {
        result: ExecResult::Trap(TrapKind::OutOfGas),
        gas_used: gas,
        last_host_error: None,
        ret: -1,
        memory,
    };
    // Before input_read completes, memory is one zero page.
    if gas < probe.before_read + h1 + h2 {
        return oog(vec![0u8; PAGE]);
    }
    let header: [u8; 16] = chunk(input, 0);
    let selector = header[0] % PROBE_SELECTORS;
    let pages = 1 + (header[1] & 3) as usize;
    let args = [4, 8, 12].map(|i| i32::from_le_bytes(chunk(&header, i)));
    let mut memory = vec![0u8; PAGE];
    memory[..n].copy_from_slice(input);
    // The fuel check at memory.grow traps with nothing left, before growing.
    if gas < probe.before_grow + h1 + h2 {
        return oog(memory);
    }
    memory.resize(pages * PAGE, 0);

    let h3 = probe.price(selector, args, n);
    let s = selector as usize;
    let charged = probe.before_call[s] + h1 + h2 + h3;
    if gas
        < probe.before_call[s]
            .saturating_add(h1 + h2)
            .saturating_add(h3)
    {
        return oog(memory);
    }
    let trap = |kind: TrapKind, memory: Vec<u8>| Expected {
        result: ExecResult::Trap(kind),
        gas_used: charged,
        last_host_error: None,
        ret: -1,
        memory,
    };
    // The call completes. The instructions after it are not checked for fuel where
    // they run, but the call is judged on all of its work: past the limit it is out
    // of gas, using the whole limit, with the host function's effects on memory
    // (which a trap does not undo) and its result kept.
    let used = probe.total[s] + h1 + h2 + h3;
    let in_bounds = |ptr: i32, len: usize| {
        let start = ptr as u32 as usize;
        start
            .checked_add(len)
            .is_some_and(|end| end <= memory.len())
    };
    let len = |x: i32| x as u32 as usize;
    let mut output = Vec::new();
    let mut reason = None;
    // The crypto functions: bounds of input and output, then the work (the expected
    // bytes from the reference backend or the verkle byte functions), then all of
    // the output or nothing.
    let crypto = |memory: &mut Vec<u8>,
                  reason: &mut Option<HostError>,
                  out_len: usize,
                  work: &CryptoWork|
     -> Result<i64, TrapKind> {
        let (at, l, o) = (len(args[0]), len(args[1]), len(args[2]));
        let fits = |start: usize, n: usize| start.checked_add(n).is_some_and(|e| e <= memory.len());
        if !fits(at, l) || !fits(o, out_len) {
            return Err(TrapKind::MemoryOutOfBounds);
        }
        match work(&memory[at..at + l]) {
            Ok(bytes) => {
                memory[o..o + bytes.len()].copy_from_slice(&bytes);
                Ok(0)
            }
            Err(e) => {
                *reason = Some(e);
                Ok(1)
            }
        }
    };
    let ret = match selected(selector) {
        Function::Io(Io::InputSize) => Ok(n as i64),
        Function::Io(Io::InputRead) => {
            if in_bounds(args[0], n) {
                let at = len(args[0]);
                memory[at..at + n].copy_from_slice(input);
                Ok(-1)
            } else {
                Err(TrapKind::MemoryOutOfBounds)
            }
        }
        Function::Io(Io::OutputWrite) => {
            let (at, l) = (len(args[0]), len(args[1]));
            if l > probe.max_output {
                Err(TrapKind::LimitExceeded)
            } else if !in_bounds(args[0], l) {
                Err(TrapKind::MemoryOutOfBounds)
            } else {
                output = memory[at..at + l].to_vec();
                Ok(-1)
            }
        }
        Function::Io(Io::GasLeft) => Ok(i64::try_from(gas - charged).unwrap_or(i64::MAX)),
        Function::Crypto(op) => crypto(&mut memory, &mut reason, op.output_len(), &|i| {
            crypto_expected(op, i)
        }),
    };
    let ret = match ret {
        Ok(r) => r,
        Err(kind) => return trap(kind, memory),
    };
    if gas < used {
        return Expected {
            result: ExecResult::Trap(TrapKind::OutOfGas),
            gas_used: gas,
            last_host_error: reason,
            ret,
            memory,
        };
    }
    Expected {
        result: ExecResult::Success(output),
        gas_used: used,
        last_host_error: reason,
        ret,
        memory,
    }
}

/// The expected result of a crypto host function: the one dispatch the host uses
/// ([`zkhost_runtime::compute_on`]) on other backends than the host's, so that the
/// answers come from a second implementation: BN254 on the reference backend
/// (`substrate-bn`; the MSM on its one engine, whose agreement with Σ ECMUL is the
/// differential target's business), BLS12-381 on arkworks (the host functions run
/// blst). Verkle, KZG, P-256, Poseidon and compression have one implementation each;
/// their conformance and differential tests are the crates' and `zkhost-revm`'s, and
/// here the ABI around them is under test.
fn crypto_expected(op: Crypto, input: &[u8]) -> Result<Vec<u8>, HostError> {
    let reference = zkhost_runtime::Backends {
        bn254: Some(Backend::SubstrateBn),
        bls12: zkhost_bls12381::Backend::Arkworks,
    };
    zkhost_runtime::compute_on(op, reference, input)
}

// ---------------------------------------------------------------------------------
// deploy

/// Gas for each call of a deployed fuzz module: enough to run a while, small enough
/// for many executions a second.
pub const DEPLOY_GAS: u64 = 200_000;

/// Successful deploys after which the harness starts a new runtime (its code cache
/// only grows).
const DEPLOYS_PER_RUNTIME: u32 = 64;

/// Arbitrary bytes to `deploy`: `data[0]` even offers `data[1..]` as the module (odd
/// is the cargo-fuzz target's wasm-smith mode, which generates a module from
/// `data[1..]` and calls [`deploy_module`]; here it is ignored).
pub fn deploy(data: &[u8]) {
    if let Some((&mode, wasm)) = data.split_first() {
        if mode % 2 == 0 {
            deploy_module(wasm);
        }
    }
}

/// Offers a module to [`Runtime::deploy`] and, if it deploys, calls it: nothing may
/// panic; a deployed module uses only the accepted features; calls never fail to
/// instantiate, never end in a `host error`, use at most their gas (all of it when
/// out of gas) and give the same outcome on a fresh and on a pooled instance.
pub fn deploy_module(wasm: &[u8]) {
    thread_local! {
        static RUNTIME: RefCell<Option<(Runtime, u32)>> = const { RefCell::new(None) };
    }
    RUNTIME.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(_, n)| *n >= DEPLOYS_PER_RUNTIME) {
            match Runtime::new(RuntimeConfig::from_env()) {
                Ok(rt) => *slot = Some((rt, 0)),
                Err(e) => panic!("engine: {e:#}"),
            }
        }
        let Some((rt, deployed)) = slot.as_mut() else {
            return;
        };
        let Ok(code) = rt.deploy(wasm) else {
            return;
        };
        *deployed += 1;
        let mut validator = wasmparser::Validator::new_with_features(
            zkhost_runtime::engine::accepted_parser_features(),
        );
        if let Err(e) = validator.validate_all(wasm) {
            panic!("deployed, but not valid with the accepted features: {e}");
        }
        for input in [&[][..], &[0x5a; 64][..]] {
            let call = |what: &str| match rt.call(&code, input, DEPLOY_GAS) {
                Ok(o) => o,
                Err(e) => panic!("{what} call of a deployed module failed: {e}"),
            };
            let fresh = call("first");
            let pooled = call("second");
            let warm = match rt
                .instantiate(&code)
                .and_then(|mut w| w.call(input, DEPLOY_GAS))
            {
                Ok(o) => o,
                Err(e) => panic!("warm call of a deployed module failed: {e}"),
            };
            assert_ne!(fresh.trap(), Some(TrapKind::HostError), "host error");
            assert!(fresh.gas_used <= DEPLOY_GAS);
            if fresh.trap() == Some(TrapKind::OutOfGas) {
                assert_eq!(fresh.gas_used, DEPLOY_GAS);
            }
            assert_eq!(fresh, pooled, "fresh and pooled instances differ");
            assert_eq!(fresh, warm, "fresh and warm instances differ");
        }
    });
}

// ---------------------------------------------------------------------------------
// bls12-381

/// EIP-2537's encodings: a 64-byte field element is accepted exactly when its top 16
/// bytes are zero and its value is below p (arkworks' modulus the reference); a G1 or
/// G2 point gets the same verdict from blst and arkworks, with and without the
/// subgroup check, and an accepted point comes back byte for byte from `P + O`; a
/// scalar multiplies a valid point as its reduction mod r does, on both backends.
pub fn bls12381_codec(data: &[u8]) {
    use ark_bls12_381::{Fq as BlsFq, Fr as BlsFr};
    use zkhost_bls12381::{encoding as bls_encoding, Backend as Bls, Error as BlsError};
    let fp: [u8; 64] = chunk(data, 0);
    let g1: [u8; 128] = chunk(data, 64);
    let g2: [u8; 256] = chunk(data, 192);
    let k: [u8; 32] = chunk(data, 448);

    let top_zero = fp[..16].iter().all(|&b| b == 0);
    // Equal-length big-endian bytes compare as the integers they encode.
    let below_p = fp[16..] < BlsFq::MODULUS.to_bytes_be()[..];
    match bls_encoding::fp(&fp) {
        Ok(v) => {
            assert!(top_zero && below_p, "non-canonical element accepted");
            assert_eq!(v[..], fp[16..]);
        }
        Err(BlsError::FieldElementTopBytes) => assert!(!top_zero),
        Err(BlsError::FieldElementNotInField) => assert!(top_zero && !below_p),
        Err(e) => panic!("unexpected error {e:?} for a field element"),
    }

    let zero_g1 = [0u8; 128];
    let zero_g2 = [0u8; 256];
    for subgroup in [false, true] {
        let (a, b) = (
            Bls::Blst.check_g1(&g1, subgroup),
            Bls::Arkworks.check_g1(&g1, subgroup),
        );
        assert_eq!(a, b, "G1 check (subgroup {subgroup})");
        let (a, b) = (
            Bls::Blst.check_g2(&g2, subgroup),
            Bls::Arkworks.check_g2(&g2, subgroup),
        );
        assert_eq!(a, b, "G2 check (subgroup {subgroup})");
    }
    if Bls::Blst.check_g1(&g1, false).is_ok() {
        let sum = Bls::Blst.g1_add(&[&g1[..], &zero_g1].concat());
        assert_eq!(sum.as_ref().map(|o| &o[..]), Ok(&g1[..]), "P + O = P in G1");
    }
    if Bls::Blst.check_g2(&g2, false).is_ok() {
        let sum = Bls::Blst.g2_add(&[&zero_g2[..], &g2[..]].concat());
        assert_eq!(sum.as_ref().map(|o| &o[..]), Ok(&g2[..]), "O + Q = Q in G2");
    }

    // k·P = (k mod r)·P for a valid P (the map's output, from the field element).
    let mut u = fp;
    u[..17].fill(0); // below p: 47 bytes of value
    let Ok(p) = Bls::Blst.map_fp_to_g1(&u) else {
        panic!("a canonical element must map")
    };
    let reduced = BlsFr::from_be_bytes_mod_order(&k)
        .into_bigint()
        .to_bytes_be();
    for backend in [Bls::Blst, Bls::Arkworks] {
        let full = backend.g1_msm(&[&p[..], &k].concat());
        let mod_r = backend.g1_msm(&[&p[..], &reduced].concat());
        assert_eq!(full, mod_r, "{backend}: k·P != (k mod r)·P");
    }
}

/// Raw or constructed input to one EIP-2537 operation: `data[0] & 0x0f` modulo 7 picks
/// it (in address order), bit 4 of `data[0]` replaces every point slot with a valid point
/// (the map of its bytes, or infinity), the rest is the input (capped at 8 MSM
/// records or 3 pairs); blst and arkworks must give the same output or error.
pub fn bls12381_differential(data: &[u8]) {
    use zkhost_bls12381::{Backend as Bls, Op as BlsOp};
    let Some(&mode) = data.first() else {
        return;
    };
    let op = BlsOp::ALL[usize::from((mode & 0x0f) % 7)];
    let raw = data.get(1..).unwrap_or(&[]);
    let (stride, g1_at, g2_at, cap): (usize, &[usize], &[usize], usize) = match op {
        BlsOp::G1Add => (128, &[0], &[], 256),
        BlsOp::G2Add => (256, &[], &[0], 512),
        BlsOp::G1Msm => (160, &[0], &[], 8 * 160),
        BlsOp::G2Msm => (288, &[], &[0], 8 * 288),
        BlsOp::Pairing => (384, &[0], &[128], 3 * 384),
        BlsOp::MapFpToG1 | BlsOp::MapFp2ToG2 => (usize::MAX, &[], &[], 128),
    };
    let mut input = raw.get(..cap).unwrap_or(raw).to_vec();
    if mode & 0x10 != 0 && stride != usize::MAX {
        for record in input.chunks_mut(stride) {
            for &at in g1_at {
                if let Some(slot) = record.get_mut(at..at + 128) {
                    let point = valid_bls_point(slot, false);
                    slot.copy_from_slice(&point);
                }
            }
            for &at in g2_at {
                if let Some(slot) = record.get_mut(at..at + 256) {
                    let point = valid_bls_point(slot, true);
                    slot.copy_from_slice(&point);
                }
            }
        }
    }
    let blst = Bls::Blst.run(op, &input);
    let ark = Bls::Arkworks.run(op, &input);
    assert_eq!(blst, ark, "{op}: blst and arkworks differ");
}

/// A valid point in the order-r subgroup made from `slot`'s bytes (the map of a
/// field element taken from them), or infinity when its last byte is a multiple of 8.
fn valid_bls_point(slot: &[u8], g2: bool) -> Vec<u8> {
    use zkhost_bls12381::Backend as Bls;
    let len = if g2 { 256 } else { 128 };
    if slot.last().is_some_and(|b| b % 8 == 0) {
        return vec![0u8; len];
    }
    let mut u = vec![0u8; if g2 { 128 } else { 64 }];
    for (i, e) in u.chunks_mut(64).enumerate() {
        // 47 bytes of value: always below p.
        if let Some(src) = slot.get(64 * i + 17..64 * i + 64) {
            e[17..].copy_from_slice(src);
        }
    }
    let point = if g2 {
        Bls::Blst.map_fp2_to_g2(&u).map(|p| p.to_vec())
    } else {
        Bls::Blst.map_fp_to_g1(&u).map(|p| p.to_vec())
    };
    point.unwrap_or_else(|_| vec![0u8; len])
}

/// Whether c-kzg, the point evaluation's peer, runs here: c-kzg 2.1.8's embedded
/// Ethereum trusted setup does not load on big-endian targets (`C_KZG_BADARGS` on s390x
/// under qemu), so there the comparisons with it are skipped. zkhost's own checks of
/// the same inputs still run, and its KZG vectors pass there.
pub const C_KZG_RUNS_HERE: bool = cfg!(target_endian = "little");

/// c-kzg-4844's Ethereum settings, loaded once per process.
fn ckzg_settings() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

/// c-kzg's verdict on a 192-byte point-evaluation input without its versioned hash:
/// `None` when it refuses the input as malformed, else whether the proof verifies.
fn ckzg_verdict(input: &[u8; 192]) -> Option<bool> {
    let b32 = |at: usize| c_kzg::Bytes32::from_bytes(&input[at..at + 32]).ok();
    let b48 = |at: usize| c_kzg::Bytes48::from_bytes(&input[at..at + 48]).ok();
    let (z, y, c, p) = (b32(32)?, b32(64)?, b48(96)?, b48(144)?);
    ckzg_settings().verify_kzg_proof(&c, &z, &y, &p).ok()
}

/// A point-evaluation input from the fuzzer: `data[0]` bit 0 keeps the bytes raw
/// (any length), else they overlay a valid vector (bit 1 picks which) at an offset
/// from `data[1]`, and bit 2 recomputes the versioned hash so the later checks are
/// reached.
fn kzg_input(data: &[u8]) -> Vec<u8> {
    let mode = data.first().copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    if mode & 1 == 1 {
        return rest.get(..256).unwrap_or(rest).to_vec();
    }
    let which = usize::from(data.get(1).copied().unwrap_or(0) >> 2);
    let mut input = crate::kzg_p256::valid_kzg_input(which).expect("the KZG vectors are present");
    let at = usize::from(data.get(1).copied().unwrap_or(0)) % input.len();
    for (slot, b) in input[at..].iter_mut().zip(rest) {
        *slot ^= b;
    }
    if mode & 4 == 4 && input.len() == 192 {
        let hash = zkhost_bls12381::kzg::versioned_hash(&input[96..144]);
        input[..32].copy_from_slice(&hash);
    }
    input
}

/// Point-evaluation decoding: the error is the first failing check in the documented
/// order (the length, the versioned hash, `z`, `y`, then the commitment and the proof,
/// each as `check_g1_compressed` classifies it), and a commitment or proof is refused
/// exactly when c-kzg refuses it.
pub fn kzg_codec(data: &[u8]) {
    use zkhost_bls12381::kzg::{check_g1_compressed, Error as KzgError, PointError};
    let input = kzg_input(data);
    let result = zkhost_bls12381::kzg::point_evaluation(&input);
    let Ok(fixed) = <[u8; 192]>::try_from(&input[..]) else {
        assert_eq!(result, Err(KzgError::InputLength));
        return;
    };
    let scalar = |at: usize| chunk::<32>(&fixed, at);
    let point = |at: usize| chunk::<48>(&fixed, at);
    let class = |at: usize, enc: KzgError, sub: KzgError| match check_g1_compressed(&point(at)) {
        Ok(()) => None,
        Err(PointError::Encoding) => Some(enc),
        Err(PointError::NotInSubgroup) => Some(sub),
    };
    let expected = if fixed[..32] != zkhost_bls12381::kzg::versioned_hash(&fixed[96..144]) {
        Some(KzgError::VersionedHash)
    } else if !zkhost_bls12381::kzg::is_canonical_scalar(&scalar(32)) {
        Some(KzgError::ZNotCanonical)
    } else if !zkhost_bls12381::kzg::is_canonical_scalar(&scalar(64)) {
        Some(KzgError::YNotCanonical)
    } else {
        class(
            96,
            KzgError::CommitmentEncoding,
            KzgError::CommitmentNotInSubgroup,
        )
        .or_else(|| class(144, KzgError::ProofEncoding, KzgError::ProofNotInSubgroup))
    };
    match (expected, result) {
        (Some(e), r) => assert_eq!(r, Err(e), "refusal order"),
        (None, Ok(out)) => assert_eq!(out, zkhost_bls12381::kzg::OUTPUT),
        (None, r) => assert_eq!(r, Err(KzgError::ProofDoesNotVerify)),
    }
    // Each point alone beside a valid one (infinity), with canonical scalars: c-kzg
    // refuses it exactly when zkhost's decoder does.
    if !C_KZG_RUNS_HERE {
        return;
    }
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    for at in [96, 144] {
        let mut probe = [0u8; 192];
        probe[96..144].copy_from_slice(&infinity);
        probe[144..].copy_from_slice(&infinity);
        probe[at..at + 48].copy_from_slice(&fixed[at..at + 48]);
        let ours = check_g1_compressed(&point(at));
        assert_eq!(
            ours.is_ok(),
            ckzg_verdict(&probe).is_some(),
            "c-kzg and zkhost decode {} differently ({ours:?})",
            hex::encode(&fixed[at..at + 48])
        );
    }
}

/// A P256VERIFY input from the fuzzer, as [`kzg_input`] makes one (no hash to fix):
/// `data[0]` bit 0 raw, else XORed onto a valid vector; bit 2 sets `r` or `s` (bit 3)
/// to a boundary (0, n − 1, n) picked by `data[1]`.
fn p256_input(data: &[u8]) -> Vec<u8> {
    let mode = data.first().copied().unwrap_or(0);
    let pick = data.get(1).copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    if mode & 1 == 1 {
        return rest.get(..192).unwrap_or(rest).to_vec();
    }
    let mut input = crate::kzg_p256::valid_p256_input(usize::from(pick >> 2))
        .expect("the P-256 vectors are present");
    let at = usize::from(pick) % input.len();
    for (slot, b) in input[at..].iter_mut().zip(rest) {
        *slot ^= b;
    }
    if mode & 4 == 4 && input.len() == 160 {
        let mut n_minus_1 = zkhost_sig::p256::N;
        n_minus_1[31] -= 1; // n is odd
        let word = match pick % 3 {
            0 => [0u8; 32],
            1 => n_minus_1,
            _ => zkhost_sig::p256::N,
        };
        let at = if mode & 8 == 8 { 64 } else { 32 };
        input[at..at + 32].copy_from_slice(&word);
    }
    input
}

/// P256VERIFY decoding: the invalid class is the first failing check in the documented
/// order, the scalars' ranges and the curve check decided independently (RustCrypto's
/// `p256`: scalar decoding, the SEC1 on-curve check); the output is `0…01`
/// exactly when `verify` says valid, empty otherwise.
pub fn p256_codec(data: &[u8]) {
    use p256::elliptic_curve::sec1::FromEncodedPoint;
    use p256::elliptic_curve::{Field as _, PrimeField as _};
    use zkhost_sig::p256::Error as PError;
    let input = p256_input(data);
    let result = zkhost_sig::p256::verify(&input);
    let out = zkhost_sig::p256::output(&input);
    assert_eq!(out.is_empty(), result.is_err());
    if let Ok(()) = result {
        assert_eq!(out, &zkhost_sig::p256::VALID[..]);
    }
    let Ok(fixed) = <[u8; 160]>::try_from(&input[..]) else {
        assert_eq!(result, Err(PError::InputLength));
        return;
    };
    let word = |i: usize| p256::FieldBytes::clone_from_slice(&fixed[32 * i..32 * (i + 1)]);
    let scalar_ok = |i: usize| {
        let s: Option<p256::Scalar> = p256::Scalar::from_repr(word(i)).into();
        s.is_some_and(|s| !bool::from(s.is_zero()))
    };
    // p is the published constant (`p256` does not expose its field type); the curve
    // check below is RustCrypto's.
    let field_ok = |i: usize| fixed[32 * i..32 * (i + 1)] < zkhost_sig::p256::P[..];
    let on_curve = || {
        let point = p256::EncodedPoint::from_affine_coordinates(&word(3), &word(4), false);
        bool::from(p256::AffinePoint::from_encoded_point(&point).is_some())
    };
    let expected = if !scalar_ok(1) {
        Some(PError::ROutOfRange)
    } else if !scalar_ok(2) {
        Some(PError::SOutOfRange)
    } else if !field_ok(3) {
        Some(PError::QxNotInField)
    } else if !field_ok(4) {
        Some(PError::QyNotInField)
    } else if !on_curve() {
        Some(PError::NotOnCurve)
    } else {
        None
    };
    match expected {
        Some(e) => assert_eq!(result, Err(e), "invalid class"),
        None => assert!(
            matches!(result, Ok(()) | Err(PError::RIsInfinity | PError::Mismatch)),
            "well-formed input classed {result:?}"
        ),
    }
}

/// `data[0]` bit 7 picks P256VERIFY (else point evaluation); the rest makes an input
/// as the codec targets do. zkhost and c-kzg agree on success, a false equation and a
/// malformed input (the versioned hash is zkhost's alone: c-kzg's verdict applies once
/// it matches); zkhost's P256VERIFY and revm's give the same output and gas.
pub fn kzg_p256_differential(data: &[u8]) {
    use zkhost_bls12381::kzg::Error as KzgError;
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let inner: Vec<u8> = [&[mode & 0x7f], rest].concat();
    if mode & 0x80 == 0 {
        let input = kzg_input(&inner);
        let ours = zkhost_bls12381::kzg::point_evaluation(&input);
        let Ok(fixed) = <[u8; 192]>::try_from(&input[..]) else {
            return;
        };
        if ours == Err(KzgError::VersionedHash) || !C_KZG_RUNS_HERE {
            return;
        }
        let theirs = ckzg_verdict(&fixed);
        let ours_verdict = match ours {
            Ok(_) => Some(true),
            Err(KzgError::ProofDoesNotVerify) => Some(false),
            Err(_) => None,
        };
        assert_eq!(ours_verdict, theirs, "zkhost {ours:?}, c-kzg {theirs:?}");
    } else {
        let input = p256_input(&inner);
        let price = zkhost_gas::KzgP256Gas::OSAKA.p256_verify;
        let theirs = revm_precompile::secp256r1::p256_verify_osaka(&input, price);
        match theirs {
            Ok(out) => assert_eq!(
                (zkhost_sig::p256::output(&input), price),
                (out.bytes.as_ref(), out.gas_used),
                "zkhost {:?}",
                zkhost_sig::p256::verify(&input)
            ),
            Err(e) => panic!("revm's P256VERIFY halted at its own price: {e:?}"),
        }
    }
}

/// Poseidon on fuzzer bytes: `data[0] % 18` elements (0 and 17 are refused), each
/// masked below 2^253 (always canonical) unless bit 0 of `data[1]` keeps them raw, the
/// length cut short by `data[1] >> 5` bytes when bit 1 is set. The fast hash equals
/// the round-by-round one (result or error), the error is what the length and the
/// elements decide, and `light-poseidon` (Circom's parameters, 1–12 inputs) agrees.
pub fn poseidon_differential(data: &[u8]) {
    use light_poseidon::{Poseidon, PoseidonHasher};
    use zkhost_poseidon::{poseidon, reference, Error as PosError, MAX_INPUTS, MODULUS};
    let n = usize::from(data.first().copied().unwrap_or(1) % 18);
    let flags = data.get(1).copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    let mut input: Vec<u8> = (0..n)
        .flat_map(|i| {
            let mut e = chunk::<32>(rest, 32 * i);
            if flags & 1 == 0 {
                e[0] &= 0x1f;
            }
            e
        })
        .collect();
    if flags & 2 == 2 {
        input.truncate(input.len().saturating_sub(usize::from(flags >> 5)));
    }
    let ours = poseidon(&input);
    assert_eq!(
        ours,
        reference::poseidon(&input),
        "fast and reference differ"
    );
    let elements: Vec<[u8; 32]> = input.chunks(32).map(|c| chunk::<32>(c, 0)).collect();
    let expected_err = if !input.len().is_multiple_of(32) {
        Some(PosError::Length)
    } else if elements.is_empty() || elements.len() > MAX_INPUTS {
        Some(PosError::InputCount)
    } else if elements.iter().any(|e| *e >= MODULUS) {
        Some(PosError::NotInField)
    } else {
        None
    };
    match expected_err {
        Some(e) => assert_eq!(ours, Err(e)),
        None if elements.len() <= 12 => {
            let xs: Vec<ark_bn254::Fr> = elements
                .iter()
                .map(|e| ark_bn254::Fr::from_be_bytes_mod_order(e))
                .collect();
            let mut hasher =
                Poseidon::<ark_bn254::Fr>::new_circom(xs.len()).expect("1 to 12 inputs");
            let want = be32(&hasher.hash(&xs).expect("canonical inputs"));
            assert_eq!(ours, Ok(want), "light-poseidon differs");
        }
        None => assert!(ours.is_ok(), "{ours:?}"),
    }
}

/// BN254 point compression on fuzzer bytes (`data[0]` bit 0: G2, bit 1: raw bytes
/// rather than a valid point, bit 2: decompress the raw bytes rather than compress).
/// A valid point compresses as Solana's code does and comes back; an accepted
/// compressed point decompresses as Solana's does, re-compresses to the same bytes
/// (infinity to its canonical form), and is the point the uncompressed path accepts;
/// where Solana accepts and zkhost refuses, the reason is one zkhost documents
/// (infinity flag with a non-zero x; G2 outside the subgroup).
pub fn bn254_compression(data: &[u8]) {
    use solana_bn254::compression::prelude as solana;
    use zkhost_bn254::compress::{self, Error as CError};
    let mode = data.first().copied().unwrap_or(0);
    let rest = data.get(1..).unwrap_or(&[]);
    let g2 = mode & 1 == 1;
    let raw = mode & 2 == 2;
    let decompress = mode & 4 == 4;
    if !g2 {
        let point: [u8; 64] = if raw {
            chunk(rest, 0)
        } else {
            g1_from(&chunk(rest, 0))
        };
        if raw && decompress {
            let c: [u8; 32] = chunk(rest, 0);
            let ours = compress::g1_decompress(&c);
            let theirs = solana::alt_bn128_g1_decompress_be(&c).ok();
            match ours {
                Ok(p) => {
                    assert_eq!(theirs, Some(p), "Solana decompresses differently");
                    let again = compress::g1_compress(&p).expect("a decompressed point compresses");
                    let canonical = if p == [0u8; 64] { [0u8; 32] } else { c };
                    assert_eq!(again, canonical, "G1 re-compression");
                    assert_eq!(all_backends_agree(Op::Add, &p), Ok(p.to_vec()));
                }
                Err(e) => {
                    if theirs.is_some() {
                        assert_eq!(e, CError::Flags, "Solana accepts {}", hex::encode(c));
                    }
                }
            }
            return;
        }
        let ours = compress::g1_compress(&point);
        let uncompressed = all_backends_agree(Op::Add, &point);
        assert_eq!(
            ours.is_ok(),
            uncompressed.is_ok(),
            "{ours:?} / {uncompressed:?}"
        );
        if let Ok(c) = ours {
            assert_eq!(solana::alt_bn128_g1_compress_be(&point).ok(), Some(c));
            assert_eq!(compress::g1_decompress(&c), Ok(point), "G1 round trip");
        }
    } else {
        let point: [u8; 128] = if raw {
            chunk(rest, 0)
        } else {
            g2_from(&chunk(rest, 0), mode & 8 == 0)
        };
        let check = |p: &[u8; 128]| all_backends_agree(Op::Pairing, &[&[0u8; 64][..], p].concat());
        if raw && decompress {
            let c: [u8; 64] = chunk(rest, 0);
            let ours = compress::g2_decompress(&c);
            let theirs = solana::alt_bn128_g2_decompress_be(&c).ok();
            match ours {
                Ok(p) => {
                    assert_eq!(theirs, Some(p), "Solana decompresses differently");
                    let again = compress::g2_compress(&p).expect("a decompressed point compresses");
                    let canonical = if p == [0u8; 128] { [0u8; 64] } else { c };
                    assert_eq!(again, canonical, "G2 re-compression");
                    assert!(check(&p).is_ok(), "a decompressed G2 point is valid");
                }
                Err(e) => {
                    if theirs.is_some() {
                        assert!(
                            matches!(e, CError::Flags | CError::NotInSubgroup),
                            "Solana accepts {} ({e:?})",
                            hex::encode(c)
                        );
                    }
                }
            }
            return;
        }
        let ours = compress::g2_compress(&point);
        let uncompressed = check(&point);
        assert_eq!(
            ours.is_ok(),
            uncompressed.is_ok(),
            "{ours:?} / {uncompressed:?}"
        );
        if let Ok(c) = ours {
            assert_eq!(solana::alt_bn128_g2_compress_be(&point).ok(), Some(c));
            assert_eq!(compress::g2_decompress(&c), Ok(point), "G2 round trip");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_imports_every_function_in_table_order() {
        let wasm = probe_wasm();
        let imports: Vec<String> = wasmparser::Parser::new(0)
            .parse_all(&wasm)
            .filter_map(|p| match p {
                Ok(wasmparser::Payload::ImportSection(r)) => Some(r),
                _ => None,
            })
            .flat_map(|r| r.into_imports())
            .map(|i| i.expect("an import").name.to_string())
            .collect();
        let names: Vec<&str> = Function::ALL.map(Function::name).to_vec();
        assert_eq!(imports, names);
    }
}
