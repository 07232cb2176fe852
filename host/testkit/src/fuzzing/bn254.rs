//! The BN254 family's harnesses: the codecs ([`bn254_codec`]), every backend and
//! MSM algorithm on the same bytes ([`bn254_differential`]), and point compression
//! against Solana's code ([`bn254_compression`]), with the point makers they share.

use ark_bn254::{Fq, Fq2, G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::PrimeField;

use zkhost_bn254::encoding::{self, FIELD_MODULUS, GROUP_ORDER};
use zkhost_bn254::msm::{self as bn254_msm, G1};
use zkhost_bn254::{Backend, Error, Op};
use zkhost_msm::{self as msm, Algorithm};

use super::{be32, chunk};

/// A G1 point derived from 64 bytes: the first x at or after `bytes[0..32] mod p` with
/// a square right-hand side, the root picked by a bit of `bytes[32]`. Infinity never
/// comes out, so the result is a valid non-trivial encoding.
fn g1_from(bytes: &[u8; 64]) -> [u8; 64] {
    let mut x = Fq::from_be_bytes_mod_order(&bytes[..32]);
    let greatest = bytes[32] & 1 == 1;
    loop {
        if let Some(p) = G1Affine::get_point_from_x_unchecked(x, greatest) {
            let mut out = [0u8; 64];
            out.copy_from_slice(&crate::bn254::g1_bytes(&p));
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
            out.copy_from_slice(&crate::bn254::g2_bytes(&q));
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
    let reference = Backend::SUBSTRATE_BN.run(op, input);
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
// bn254_lanes

/// The pairs cap of [`bn254_lanes`]: past four pairs the lane loop's batches of
/// lines change shape (one line left over, several full batches).
const LANES_MAX_PAIRS: usize = 6;

/// zkhost's two paths on the same bytes: `zkhost-scalar` (the scalar tower),
/// `zkhost-ifma` (the tower on AVX-512 IFMA lanes, x86-64; on a CPU without IFMA
/// it is the scalar path too, and the target compares the scalar path with itself)
/// and `zkhost` (whichever the CPU gives). `data[0] % 4` picks ADD, MUL, the
/// pairing check or the MSM, bit `0x10` asks for constructed input as
/// [`bn254_differential`]'s (valid points derived from each slot, negations of the
/// previous G1 point among them, so products that are one), and bit `0x20` runs the
/// lane path before the scalar one (else after), so that either path fills the G2
/// cache the other reads. The rest is the input (up to six pairs).
///
/// Every path gives the same output bytes or the same error.
pub fn bn254_lanes(data: &[u8]) {
    let Some(&mode) = data.first() else {
        return;
    };
    let target = DIFFERENTIAL[(mode % 4) as usize];
    let raw = data.get(1..).unwrap_or(&[]);
    let cap = match target {
        Target::Precompile(Op::Add | Op::Mul) => 256,
        Target::Precompile(Op::Pairing) => (LANES_MAX_PAIRS + 1) * zkhost_bn254::PAIR_LEN - 1,
        Target::Msm => (MAX_RECORDS + 1) * bn254_msm::RECORD_LEN - 1,
    };
    let mut input = raw.get(..cap).unwrap_or(raw).to_vec();
    if mode & 0x10 != 0 {
        construct(target, &mut input);
    }
    let mut paths = [
        Backend::ZKHOST_SCALAR,
        #[cfg(target_arch = "x86_64")]
        Backend::ZKHOST_IFMA,
        Backend::ZKHOST,
    ];
    if mode & 0x20 != 0 {
        paths.reverse();
    }
    let run = |b: Backend| match target {
        Target::Precompile(op) => b.run(op, &input),
        Target::Msm => b.g1_msm(&input).map(|o| o.to_vec()),
    };
    let reference = run(paths[0]);
    for &b in &paths[1..] {
        assert_eq!(
            run(b),
            reference,
            "{target:?}: {} and {b} differ on input {}",
            paths[0],
            hex::encode(&input)
        );
    }
}

// ---------------------------------------------------------------------------------
// bn254_compression

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
