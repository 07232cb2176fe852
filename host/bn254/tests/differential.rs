//! Differential tests: every backend gives byte-identical outputs and identical error
//! classes on at least 10,000 generated inputs per operation (random valid points and
//! scalars, random bytes, valid encodings with one mutation, lengths around every
//! boundary). `ZKHOST_SEED` changes the inputs; the default seed is fixed.
//! `ZKHOST_DIFFERENTIAL_CASES` lowers the count, for emulated runs (`.ci/cross`).

use zkhost_bn254::{Backend, Error, Op};
use zkhost_testkit::{bn254, rng};

/// Inputs per operation, unless `ZKHOST_DIFFERENTIAL_CASES` says otherwise.
const CASES: usize = 10_000;

fn cases() -> usize {
    rng::differential_cases(CASES)
}

fn differential(op: Op, stream: u64, generate: impl Fn(&mut rand_chacha::ChaCha20Rng) -> Vec<u8>) {
    let mut rng = rng::rng(stream);
    let mut ok = 0usize;
    let mut errors = std::collections::HashMap::<Error, usize>::new();
    let cases = cases();
    for case in 0..cases {
        let input = generate(&mut rng);
        let reference = Backend::SUBSTRATE_BN.run(op, &input);
        for backend in &Backend::ALL[1..] {
            let other = backend.run(op, &input);
            assert_eq!(
                reference,
                other,
                "{op} case {case}: substrate-bn and {backend} differ on input {}",
                hex::encode(&input)
            );
        }
        match reference {
            Ok(_) => ok += 1,
            Err(e) => *errors.entry(e).or_default() += 1,
        }
    }
    // The generator must exercise both outcomes, or the comparison proves little.
    assert!(ok > cases / 5, "{op}: only {ok} valid inputs");
    assert!(
        errors.values().sum::<usize>() > cases / 10,
        "{op}: too few invalid inputs: {errors:?}"
    );
    eprintln!("{op}: {ok} valid, errors {errors:?}");
}

#[test]
fn add_backends_agree() {
    differential(Op::Add, 1, bn254::add_input);
}

#[test]
fn mul_backends_agree() {
    differential(Op::Mul, 2, bn254::mul_input);
}

#[test]
fn pairing_backends_agree() {
    differential(Op::Pairing, 3, bn254::pairing_input);
}

#[test]
fn pairing_true_and_false_both_occur() {
    let mut rng = rng::rng(4);
    let (mut t, mut f) = (0, 0);
    for _ in 0..50 {
        let input = bn254::pairs(&mut rng, 2);
        match Backend::HALO2CURVES.pairing(&input) {
            Ok(true) => t += 1,
            Ok(false) => f += 1,
            Err(_) => {}
        }
    }
    assert!(t > 5 && f > 5, "true {t}, false {f}");
}

/// A G2 point outside the subgroup is rejected wherever it stands: alone, among
/// valid pairs, beside a G1 point at infinity (whose pair the product skips), and
/// before a pair that fails to decode (the first failing pair decides the error,
/// whichever check finds it).
#[test]
fn g2_subgroup_check_agrees_on_points_outside_it() {
    let mut rng = rng::rng(5);
    let infinity = vec![0u8; 64];
    for _ in 0..50 {
        let outside = bn254::g2_bytes(&bn254::twist_point_outside_subgroup(&mut rng));
        let mut valid = || {
            [
                bn254::g1_bytes(&bn254::random_g1(&mut rng)),
                bn254::g2_bytes(&bn254::random_g2(&mut rng)),
            ]
            .concat()
        };
        let (v1, v2) = (valid(), valid());
        let g1 = bn254::g1_bytes(&bn254::random_g1(&mut rng));
        let off_curve = bn254::g1_off_curve(&mut rng);
        let cases: [(Vec<u8>, Error); 7] = [
            ([&g1[..], &outside].concat(), Error::G2NotInSubgroup),
            (
                [&v1[..], &g1, &outside, &v2].concat(),
                Error::G2NotInSubgroup,
            ),
            ([&infinity[..], &outside].concat(), Error::G2NotInSubgroup),
            (
                [&v1[..], &infinity, &outside, &v2].concat(),
                Error::G2NotInSubgroup,
            ),
            (
                [&g1[..], &outside, &off_curve, &outside].concat(),
                Error::G2NotInSubgroup,
            ),
            (
                [&infinity[..], &outside, &off_curve, &outside].concat(),
                Error::G2NotInSubgroup,
            ),
            (
                [&v1[..], &off_curve, &outside, &g1, &outside].concat(),
                Error::G1NotOnCurve,
            ),
        ];
        for (input, want) in &cases {
            for &backend in Backend::ALL {
                assert_eq!(
                    backend.pairing(input),
                    Err(*want),
                    "{backend} on {}",
                    hex::encode(input)
                );
            }
        }
    }
}

/// Generated MSM inputs: 1 to 8 ECMUL-style records (valid, infinity, mutated,
/// off the curve), sometimes cut to a length that is not a multiple of 96.
#[cfg(feature = "mcl")]
fn msm_input(rng: &mut rand_chacha::ChaCha20Rng) -> Vec<u8> {
    use rand::Rng;
    let k = rng.gen_range(1..=8);
    let mut out = Vec::with_capacity(96 * k);
    for _ in 0..k {
        let mut record = bn254::mul_input(rng);
        record.resize(96, 0);
        out.extend(record);
    }
    if rng.gen_range(0..10) == 0 {
        let len = rng.gen_range(0..out.len() + 96);
        out.resize(len, 0);
    }
    out
}

/// mcl's `mulVec` behind the same decoding gives the MSM host function's outputs and
/// errors.
#[cfg(feature = "mcl")]
#[test]
fn msm_agrees_with_mcl() {
    let mut rng = rng::rng(6);
    let (mut ok, mut failed) = (0usize, 0usize);
    let cases = cases();
    for case in 0..cases {
        let input = msm_input(&mut rng);
        let ours = zkhost_bn254::msm::g1_msm(&input);
        assert_eq!(
            ours,
            zkhost_bn254::mcl::g1_msm(&input),
            "MSM case {case}: zkhost and mcl differ on input {}",
            hex::encode(&input)
        );
        if ours.is_ok() {
            ok += 1
        } else {
            failed += 1
        }
    }
    assert!(
        ok > cases / 10 && failed > cases / 10,
        "{ok} valid, {failed} invalid"
    );
}
