//! The benchmark's worst-case inputs are what they claim: valid inputs of the
//! priced length whose outputs equal what a second backend, or a direct
//! computation, expects. (Untimed: which case is slowest is for `zkhost bench`.)
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use ark_ed_on_bls12_381_bandersnatch::Fr as BwFr;
use ark_ff::PrimeField;
use zkhost_bn254::{Backend, Op};
use zkhost_testkit::worst::{self, Case, TYPICAL};
use zkhost_verkle::{crs, scalar_from_le, Element, Op as VerkleOp};

fn check_shape(cases: &[Case]) {
    assert_eq!(cases[0].name, TYPICAL);
    let len = cases[0].input.len();
    for c in cases {
        assert_eq!(c.input.len(), len, "{}: same length, same price", c.name);
    }
    let mut names: Vec<&str> = cases.iter().map(|c| c.name).collect();
    names.dedup();
    assert_eq!(names.len(), cases.len());
}

/// Every backend accepts the case and they agree byte for byte; the default's output.
fn agreed(op: Op, c: &Case) -> Vec<u8> {
    let reference = Backend::default_for(op)
        .run(op, &c.input)
        .unwrap_or_else(|e| panic!("{}: rejected: {e}", c.name));
    for b in Backend::ALL {
        assert_eq!(b.run(op, &c.input).unwrap(), reference, "{} on {b}", c.name);
    }
    reference
}

#[test]
fn add_cases_are_valid_and_agree() {
    let cases = worst::bn254_add();
    check_shape(&cases);
    for c in &cases {
        let out = agreed(Op::Add, c);
        match c.name {
            "P + (−P)" | "∞ + ∞" => assert_eq!(out, vec![0; 64]),
            "∞ + P" => assert_eq!(out, c.input[64..]),
            "P + ∞" => assert_eq!(out, c.input[..64]),
            _ => assert_ne!(out, vec![0; 64]),
        }
    }
}

#[test]
fn the_slowest_inversion_pair_is_on_the_curve_and_beats_the_typical_pair() {
    use ark_bn254::G1Affine;
    use ark_ec::AffineRepr;
    let (p, q, steps) = worst::slowest_add_pair();
    assert!(p.is_on_curve() && q.is_on_curve() && p != q && p != -q);
    let (x1, x2) = (p.x().unwrap(), q.x().unwrap());
    assert_eq!(worst::gcd_steps(&(x2 - x1)), steps);
    let typical = &worst::bn254_add()[0].input;
    let parse = |b: &[u8]| -> G1Affine {
        let f = |b: &[u8]| ark_bn254::Fq::from_be_bytes_mod_order(b);
        G1Affine::new(f(&b[..32]), f(&b[32..64]))
    };
    let (a, b) = (parse(&typical[..64]), parse(&typical[64..]));
    let typical_steps = worst::gcd_steps(&(b.x().unwrap() - a.x().unwrap()));
    assert!(steps > typical_steps, "{steps} against {typical_steps}");
}

#[test]
fn mul_cases_are_valid_and_agree() {
    let cases = worst::bn254_mul();
    check_shape(&cases);
    let p = &cases[0].input[..64];
    for c in &cases {
        let out = agreed(Op::Mul, c);
        match c.name {
            "k = r" | "k = 0" | "∞ · k" => assert_eq!(out, vec![0; 64], "{}", c.name),
            "k = r + 1" => assert_eq!(out, p, "(r + 1)·P = P"),
            _ => assert_ne!(out, vec![0; 64], "{}", c.name),
        }
    }
    // (r − 1)·P = −P: adding P gives infinity.
    let minus = agreed(
        Op::Mul,
        cases.iter().find(|c| c.name == "k = r − 1").unwrap(),
    );
    let sum = Backend::SUBSTRATE_BN
        .run(Op::Add, &[p, &minus].concat())
        .unwrap();
    assert_eq!(sum, vec![0; 64]);
}

#[test]
fn pairing_cases_are_valid_non_degenerate_and_agree() {
    for k in [1, 2, 3, 10] {
        let cases = worst::bn254_pairing(k);
        check_shape(&cases);
        assert_eq!(cases.len(), if k >= 2 { 4 } else { 3 });
        for c in &cases {
            // No pair has an infinity: the check computes every pair.
            for pair in c.input.chunks(192) {
                assert_ne!(pair[..64], [0; 64]);
                assert_ne!(pair[64..], [0; 128]);
            }
            let out = agreed(Op::Pairing, c);
            let one = c.name == "product one (a true check)";
            assert_eq!(out[31], u8::from(one), "{} with k = {k}", c.name);
        }
    }
}

#[test]
fn msm_cases_are_valid_and_equal_the_sum_of_products() {
    for n in [1, 2, 9, 33] {
        let cases = worst::bn254_msm(n);
        check_shape(&cases);
        for c in &cases {
            let out = zkhost_bn254::msm::g1_msm(&c.input).unwrap();
            // Σ kᵢ·Pᵢ by ECMUL and ECADD on substrate-bn, an independent implementation.
            let mut acc = vec![0u8; 64];
            for r in c.input.chunks(96) {
                let prod = Backend::SUBSTRATE_BN.run(Op::Mul, r).unwrap();
                acc = Backend::SUBSTRATE_BN
                    .run(Op::Add, &[acc, prod].concat())
                    .unwrap();
            }
            assert_eq!(out.to_vec(), acc, "{} with n = {n}", c.name);
        }
    }
}

fn naive_commit(scalars: &[u8]) -> Element {
    scalars
        .chunks(32)
        .zip(crs::basis())
        .fold(Element::IDENTITY, |acc, (s, g)| {
            let s = scalar_from_le(s.try_into().unwrap()).expect("canonical scalar");
            acc.add(&g.mul(&s))
        })
}

#[test]
fn verkle_commit_cases_are_canonical_and_equal_the_naive_sum() {
    for n in [1, 5, 256] {
        let cases = worst::verkle_commit(n);
        check_shape(&cases);
        for c in &cases {
            let out = VerkleOp::Commit.run(&c.input).unwrap();
            assert_eq!(out, naive_commit(&c.input).to_bytes(), "{} of {n}", c.name);
        }
    }
    // No zero nibble anywhere: every window of four bits or more has work.
    let s = worst::dense_scalar(1);
    assert!(s.iter().all(|b| b & 0x0f != 0 && b & 0xf0 != 0));
    assert!(scalar_from_le(&s).is_some());
}

#[test]
fn the_slowest_commitment_to_decode_has_the_largest_square_root_order() {
    let (i, slow) = worst::slowest_to_decode();
    assert_eq!(slow, Element::generator().mul(&BwFr::from(i)), "it is [i]G");
    // A square's t-part has order at most 2^31; one of 256 elements reaches it
    // (each does with probability 1/2).
    assert_eq!(worst::sqrt_order(&slow.to_bytes()), Some(31));
    let typical = Element::generator().mul(&BwFr::from_le_bytes_mod_order(&[7; 32]));
    assert!(worst::sqrt_order(&typical.to_bytes()).unwrap() <= 31);
    for c in worst::verkle_to_field() {
        let e = Element::from_bytes(&c.input).unwrap();
        assert_eq!(
            VerkleOp::ToField.run(&c.input).unwrap(),
            e.map_to_scalar_bytes(),
            "{}",
            c.name
        );
    }
}

#[test]
fn verkle_update_cases_equal_the_commitment_plus_the_deltas() {
    for k in [1, 16, 256] {
        let cases = worst::verkle_update(k);
        check_shape(&cases);
        for c in &cases {
            let out = VerkleOp::Update.run(&c.input).unwrap();
            let mut expected = Element::from_bytes(&c.input[..32]).unwrap();
            for e in c.input[32..].chunks(65) {
                let old = scalar_from_le(e[1..33].try_into().unwrap()).unwrap();
                let new = scalar_from_le(e[33..65].try_into().unwrap()).unwrap();
                expected = expected.add(&crs::basis()[usize::from(e[0])].mul(&(new - old)));
            }
            assert_eq!(out, expected.to_bytes(), "{} with k = {k}", c.name);
        }
    }
}
