//! Differential tests: blst and arkworks give byte-identical outputs and identical
//! errors on 10,000 generated inputs per operation (valid points and scalars, points
//! off the curve, on the curve outside the subgroup, coordinates `>= p`, non-zero top
//! bytes, one-byte mutations, every length boundary). `ZKHOST_SEED` changes the
//! inputs; `ZKHOST_DIFFERENTIAL_CASES` lowers the count, for emulated runs.

use std::collections::HashMap;

use zkhost_bls12381::{Backend, Error, Op};
use zkhost_testkit::{bls12_381, rng};

/// Inputs per operation, unless `ZKHOST_DIFFERENTIAL_CASES` says otherwise.
const CASES: usize = 10_000;

fn cases() -> usize {
    rng::differential_cases(CASES)
}

/// Runs `op` on both backends over generated inputs and returns how often each
/// outcome occurred (`None`: success).
fn differential(op: Op, stream: u64) -> HashMap<Option<Error>, usize> {
    let mut rng = rng::rng(stream);
    let mut outcomes = HashMap::new();
    for case in 0..cases() {
        let input = bls12_381::input(op, &mut rng);
        let blst = Backend::BLST.run(op, &input);
        let ark = Backend::ARKWORKS.run(op, &input);
        assert_eq!(
            blst,
            ark,
            "{op} case {case}: blst and arkworks differ on input {}",
            hex::encode(&input)
        );
        if let Ok(out) = &blst {
            assert_eq!(out.len(), op.output_len());
        }
        *outcomes.entry(blst.err()).or_default() += 1;
    }
    eprintln!("{op}: {outcomes:?}");
    let n = cases();
    // The generator must exercise success and failure, or the comparison proves little.
    assert!(
        outcomes.get(&None).copied().unwrap_or(0) > n / 3,
        "{op}: {outcomes:?}"
    );
    assert!(
        outcomes.len() >= 3,
        "{op}: too few kinds of outcome: {outcomes:?}"
    );
    outcomes
}

fn has(outcomes: &HashMap<Option<Error>, usize>, errors: &[Error]) {
    for e in errors {
        assert!(
            outcomes.contains_key(&Some(*e)),
            "never saw {e:?}: {outcomes:?}"
        );
    }
}

const DECODING: [Error; 3] = [
    Error::InputLength,
    Error::FieldElementTopBytes,
    Error::FieldElementNotInField,
];

#[test]
fn g1_add_backends_agree() {
    let o = differential(Op::G1Add, 101);
    has(&o, &DECODING);
    has(&o, &[Error::G1NotOnCurve]);
}

#[test]
fn g2_add_backends_agree() {
    let o = differential(Op::G2Add, 102);
    has(&o, &DECODING);
    has(&o, &[Error::G2NotOnCurve]);
}

#[test]
fn g1_msm_backends_agree() {
    let o = differential(Op::G1Msm, 103);
    has(&o, &DECODING);
    has(&o, &[Error::G1NotOnCurve, Error::G1NotInSubgroup]);
}

#[test]
fn g2_msm_backends_agree() {
    let o = differential(Op::G2Msm, 104);
    has(&o, &DECODING);
    has(&o, &[Error::G2NotOnCurve, Error::G2NotInSubgroup]);
}

#[test]
fn pairing_backends_agree() {
    let o = differential(Op::Pairing, 105);
    has(&o, &DECODING);
    has(
        &o,
        &[
            Error::G1NotOnCurve,
            Error::G2NotOnCurve,
            Error::G1NotInSubgroup,
            Error::G2NotInSubgroup,
        ],
    );
}

#[test]
fn map_fp_to_g1_backends_agree() {
    let o = differential(Op::MapFpToG1, 106);
    has(&o, &DECODING);
}

#[test]
fn map_fp2_to_g2_backends_agree() {
    let o = differential(Op::MapFp2ToG2, 107);
    has(&o, &DECODING);
}

#[test]
fn pairing_true_and_false_both_occur() {
    let mut rng = rng::rng(108);
    let (mut t, mut f) = (0, 0);
    for _ in 0..200 {
        let input = bls12_381::input(Op::Pairing, &mut rng);
        match Backend::BLST.pairing(&input) {
            Ok(true) => t += 1,
            Ok(false) => f += 1,
            Err(_) => {}
        }
    }
    assert!(t > 10 && f > 10, "true {t}, false {f}");
}
