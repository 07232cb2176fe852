//! The MSM engine: every algorithm and window against every other and against a
//! naive sum computed by the precompiles (substrate-bn ECMUL and ECADD), for every n
//! from 0 to 300 and for larger random n, with zero scalars, repeated and opposite
//! points, the point at infinity and scalars ≥ r; the Ethereum entry point against
//! `Σ Backend::run(Mul)` on every backend; its errors; and the gas function.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use zkhost_bn254::encoding::{bytes_be, limbs_le, GROUP_ORDER};
use zkhost_bn254::msm::{g1_msm, G1Affine, G1};
use zkhost_bn254::{Backend, Error, Op};
use zkhost_gas::GasSchedule;
use zkhost_msm::{self as msm, Algorithm, MsmGroup, Scalar};

const G: [u8; 64] = {
    let mut g = [0u8; 64];
    g[31] = 1;
    g[63] = 2;
    g
};

fn r() -> Scalar {
    limbs_le(&GROUP_ORDER)
}

fn add_small(k: Scalar, x: u64) -> Scalar {
    let mut out = k;
    let mut carry = x;
    for l in out.iter_mut() {
        let (s, c) = l.overflowing_add(carry);
        *l = s;
        carry = c as u64;
    }
    out
}

/// `k·P` by the reference backend, encoded.
fn ecmul(p: &[u8; 64], k: &Scalar) -> [u8; 64] {
    let input = [&p[..], &bytes_be(k)[..]].concat();
    Backend::SUBSTRATE_BN
        .ecmul(&input)
        .expect("valid ECMUL input")
}

fn ecadd(a: &[u8; 64], b: &[u8; 64]) -> [u8; 64] {
    let input = [&a[..], &b[..]].concat();
    Backend::SUBSTRATE_BN
        .ecadd(&input)
        .expect("valid ECADD input")
}

/// `n` points: mostly distinct random multiples of G, with repeats, negations of
/// earlier points and the point at infinity mixed in.
fn points(rng: &mut ChaCha20Rng, n: usize) -> Vec<[u8; 64]> {
    let mut out: Vec<[u8; 64]> = Vec::with_capacity(n);
    for i in 0..n {
        let p = match rng.gen_range(0..16) {
            0 if i > 0 => out[rng.gen_range(0..i)],
            1 if i > 0 => negate(&out[rng.gen_range(0..i)]),
            2 => [0u8; 64],
            _ => {
                let k = [
                    rng.next_u64(),
                    rng.next_u64(),
                    rng.next_u64(),
                    rng.next_u64() >> 3,
                ];
                ecmul(&G, &k)
            }
        };
        out.push(p);
    }
    out
}

fn negate(p: &[u8; 64]) -> [u8; 64] {
    let mut r_minus_1 = r();
    r_minus_1[0] -= 1;
    ecmul(p, &r_minus_1)
}

/// Scalars of at most `bits` bits, with zeros and small values mixed in.
fn short_scalars(rng: &mut ChaCha20Rng, n: usize, bits: u32) -> Vec<Scalar> {
    (0..n)
        .map(|_| match rng.gen_range(0..10) {
            0 => [0; 4],
            1 => [rng.gen_range(1..4), 0, 0, 0],
            _ => [rng.next_u64() & ((1u64 << bits) - 1), 0, 0, 0],
        })
        .collect()
}

/// Full 256-bit scalars with the edge cases: 0, 1, r − 1, r, r + 1, 2^255, 2^256 − 1.
fn full_scalars(rng: &mut ChaCha20Rng, n: usize) -> Vec<Scalar> {
    let mut r_minus_1 = r();
    r_minus_1[0] -= 1;
    let special = [
        [0; 4],
        [1, 0, 0, 0],
        r_minus_1,
        r(),
        add_small(r(), 1),
        [0, 0, 0, 1 << 63],
        [u64::MAX; 4],
    ];
    (0..n)
        .map(|_| match rng.gen_range(0..12) {
            i @ 0..=6 => special[i],
            _ => [
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
                rng.next_u64(),
            ],
        })
        .collect()
}

fn decode(points: &[[u8; 64]]) -> Vec<G1Affine> {
    points
        .iter()
        .map(|p| G1Affine::from_evm(p).expect("valid point"))
        .collect()
}

/// `Σ_{i<n} k_i·P_i` for every prefix n = 0..=len, by ECMUL and ECADD.
fn prefix_sums(points: &[[u8; 64]], scalars: &[Scalar]) -> Vec<[u8; 64]> {
    let mut out = vec![[0u8; 64]];
    for (p, k) in points.iter().zip(scalars) {
        let term = ecmul(p, k);
        let last = *out.last().expect("non-empty");
        out.push(ecadd(&last, &term));
    }
    out
}

fn check_all(
    label: &str,
    pts: &[G1Affine],
    scalars: &[Scalar],
    expected: &[u8; 64],
    algorithms: &[Algorithm],
) {
    for &a in algorithms {
        let got = msm::run::<G1>(a, pts, scalars).to_evm();
        assert_eq!(&got, expected, "{label}: {a} with n = {}", pts.len());
    }
    let got = msm::msm::<G1>(pts, scalars).to_evm();
    assert_eq!(&got, expected, "{label}: selection with n = {}", pts.len());
}

#[test]
fn every_algorithm_every_n_up_to_300() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let raw = points(&mut rng, 300);
    let pts = decode(&raw);
    let scalars = short_scalars(&mut rng, 300, 20);
    let expected = prefix_sums(&raw, &scalars);
    let all = Algorithm::all();
    for n in 0..=300 {
        check_all(
            "short scalars",
            &pts[..n],
            &scalars[..n],
            &expected[n],
            &all,
        );
    }
}

#[test]
fn full_scalars_and_edge_cases() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let raw = points(&mut rng, 300);
    let pts = decode(&raw);
    let scalars = full_scalars(&mut rng, 300);
    let expected = prefix_sums(&raw, &scalars);
    let all = Algorithm::all();
    let sizes: Vec<usize> = (0..=20)
        .chain([31, 32, 33, 64, 100, 127, 128, 255, 256, 300])
        .collect();
    for n in sizes {
        check_all("full scalars", &pts[..n], &scalars[..n], &expected[n], &all);
    }
}

#[test]
fn random_larger_n() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    // Distinct points cheaply: P, 2P, 3P, … by ECADD, then shuffle in edge cases.
    let n_max = 1500;
    let base = ecmul(&G, &[rng.next_u64(), rng.next_u64(), 7, 0]);
    let mut raw = vec![base];
    while raw.len() < n_max {
        let last = *raw.last().expect("non-empty");
        raw.push(ecadd(&last, &base));
    }
    raw[5] = [0u8; 64];
    raw[9] = raw[3];
    raw[11] = negate(&raw[4]);
    let pts = decode(&raw);
    let scalars = full_scalars(&mut rng, n_max);
    let expected = prefix_sums(&raw, &scalars);
    let all = Algorithm::all();
    for _ in 0..2 {
        let n = rng.gen_range(301..=n_max);
        check_all("random n", &pts[..n], &scalars[..n], &expected[n], &all);
    }
    check_all("n max", &pts, &scalars, &expected[n_max], &all);
}

/// The EVM input of `points`/`scalars` records.
fn records(points: &[[u8; 64]], scalars: &[[u8; 32]]) -> Vec<u8> {
    points
        .iter()
        .zip(scalars)
        .flat_map(|(p, k)| [&p[..], &k[..]].concat())
        .collect()
}

#[test]
fn ethereum_entry_point_matches_the_precompiles() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    for k in [1usize, 2, 3, 5, 8, 17, 64, 130] {
        let raw = points(&mut rng, k);
        let scalars: Vec<[u8; 32]> = full_scalars(&mut rng, k).iter().map(bytes_be).collect();
        let input = records(&raw, &scalars);
        let got = g1_msm(&input).expect("valid input");
        for &backend in Backend::ALL {
            let mut acc = vec![0u8; 64];
            for (p, s) in raw.iter().zip(&scalars) {
                let term = backend
                    .run(Op::Mul, &[&p[..], &s[..]].concat())
                    .expect("mul");
                acc = backend.run(Op::Add, &[acc, term].concat()).expect("add");
            }
            assert_eq!(got.to_vec(), acc, "k = {k}, backend {backend}");
        }
    }
    // Edge cases: everything cancels, or only infinity / zero scalars.
    let p = ecmul(&G, &[5, 0, 0, 0]);
    let np = negate(&p);
    let one = bytes_be(&[1, 0, 0, 0]);
    let cancel = records(&[p, np], &[one, one]);
    assert_eq!(g1_msm(&cancel), Ok([0u8; 64]));
    let zero = records(&[p, [0u8; 64]], &[[0u8; 32], one]);
    assert_eq!(g1_msm(&zero), Ok([0u8; 64]));
    let r_bytes = records(&[p], &[bytes_be(&r())]);
    assert_eq!(g1_msm(&r_bytes), Ok([0u8; 64]));
    let r_plus_1 = records(&[p], &[bytes_be(&add_small(r(), 1))]);
    assert_eq!(g1_msm(&r_plus_1), Ok(p));
    let max = records(&[p], &[[0xff; 32]]);
    assert_eq!(
        g1_msm(&max).map(|o| o.to_vec()),
        Backend::HALO2CURVES.run(Op::Mul, &max)
    );
}

#[test]
fn errors() {
    let p = ecmul(&G, &[5, 0, 0, 0]);
    let one = bytes_be(&[1, 0, 0, 0]);
    let good = records(&[p], &[one]);
    for len in [0usize, 1, 32, 64, 95, 97, 191, 193] {
        let input: Vec<u8> = good.iter().copied().cycle().take(len).collect();
        assert_eq!(g1_msm(&input), Err(Error::MsmLength), "length {len}");
    }
    assert_eq!(Error::MsmLength.code(), 7);
    assert_eq!(Error::from_code(7), Some(Error::MsmLength));
    assert!(Error::ALL.contains(&Error::MsmLength));

    // x = p: not in the field.
    let mut bad_field = good.clone();
    bad_field[..32].copy_from_slice(&zkhost_bn254::encoding::FIELD_MODULUS);
    // y = p: not in the field either, checked before the curve.
    let mut bad_y = good.clone();
    bad_y[32..64].copy_from_slice(&[0xff; 32]);
    // (1, 3): in the field, not on the curve.
    let mut off_curve = good.clone();
    off_curve[..64].fill(0);
    off_curve[31] = 1;
    off_curve[63] = 3;
    // (0, 1): not infinity, not on the curve.
    let mut zero_x = good.clone();
    zero_x[..64].fill(0);
    zero_x[63] = 1;
    for (input, err) in [
        (&bad_field, Error::G1CoordinateNotInField),
        (&bad_y, Error::G1CoordinateNotInField),
        (&off_curve, Error::G1NotOnCurve),
        (&zero_x, Error::G1NotOnCurve),
    ] {
        assert_eq!(g1_msm(input), Err(err));
        // After a good record, and before one: the first bad record names the error,
        // and the same input to ECMUL gives the same error.
        let two = [&good[..], &input[..]].concat();
        assert_eq!(g1_msm(&two), Err(err));
        let three = [&input[..], &off_curve[..], &good[..]].concat();
        assert_eq!(g1_msm(&three), Err(err));
        assert_eq!(Backend::SUBSTRATE_BN.run(Op::Mul, input), Err(err));
    }
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for _ in 0..2000 {
        let len = 96 * rng.gen_range(0..4) + [0, 0, 0, 1, 95][rng.gen_range(0..5)];
        let mut input = vec![0u8; len];
        rng.fill_bytes(&mut input);
        // Sometimes small coordinates, sometimes zeros, so some records get further.
        for chunk in input.chunks_mut(96) {
            match rng.gen_range(0..3) {
                0 => chunk.iter_mut().take(64).for_each(|b| *b = 0),
                1 => chunk.iter_mut().take(64).enumerate().for_each(|(i, b)| {
                    if i % 32 < 4 {
                        *b = 0
                    }
                }),
                _ => {}
            }
        }
        let _ = g1_msm(&input);
    }
}

/// The MSM price of `k` records at a mul price of `mul_gas` (`zkhost-gas`).
fn gas(k: usize, mul_gas: u64) -> u64 {
    GasSchedule {
        mul: mul_gas,
        ..GasSchedule::ISTANBUL
    }
    .msm(k.saturating_mul(zkhost_bn254::msm::RECORD_LEN))
}

#[test]
fn gas_and_selection() {
    assert_eq!(gas(0, 6000), 0);
    assert_eq!(gas(1, 6000), 6000);
    let mut last = 0;
    for k in 1..=300 {
        let g = gas(k, 6000);
        assert!(g >= last && g <= k as u64 * 6000, "k = {k}: {g}");
        last = g;
    }
    // Flat beyond 128.
    assert_eq!(gas(256, 6000) * 128, gas(128, 6000) * 256);
    assert_eq!(gas(usize::MAX, u64::MAX), u64::MAX);
    for n in [1usize, 2, 8, 64, 1000, 100_000] {
        let c = G1::cost_model().select(n, msm::DEFAULT_MEMORY_LIMIT);
        assert!(c.algorithm.is_valid() && c.time_ns > 0.0, "{n}: {c:?}");
        let tight = G1::cost_model().select(n, 0);
        assert!(tight.algorithm.is_valid());
    }
}

/// Inputs that defeat bucket batching: one point and one scalar repeated (every
/// addition lands in the same bucket, so batches collide and overflow), and a point
/// with its negation (every bucket cancels).
#[test]
fn adversarial_repetition() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let p = ecmul(&G, &[rng.next_u64(), rng.next_u64(), 1, 0]);
    let k = full_scalars(&mut rng, 40)
        .into_iter()
        .find(|k| k[3] != 0 && *k != [u64::MAX; 4])
        .expect("a full-size scalar");
    let n = 700usize;
    let expected = ecmul(&ecmul(&p, &k), &[n as u64, 0, 0, 0]);
    let pts = decode(&vec![p; n]);
    let scalars = vec![k; n];
    let all = Algorithm::all();
    check_all("repeated", &pts, &scalars, &expected, &all);

    let np = negate(&p);
    let raw: Vec<[u8; 64]> = (0..n).map(|i| if i % 2 == 0 { p } else { np }).collect();
    let pts = decode(&raw);
    check_all("cancelling", &pts, &scalars, &[0u8; 64], &all);

    // Half repeated, half distinct: collisions mixed with ordinary batches.
    let mut raw = points(&mut rng, n);
    let mut scalars = full_scalars(&mut rng, n);
    for i in (0..n).step_by(2) {
        raw[i] = p;
        scalars[i] = k;
    }
    let expected = *prefix_sums(&raw, &scalars).last().expect("non-empty");
    check_all("mixed", &decode(&raw), &scalars, &expected, &all);
}
