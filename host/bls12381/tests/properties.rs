//! Properties every backend must satisfy, checked against the group law rather than
//! against another backend: MSM against repeated addition, scalars reduced mod r,
//! map outputs in the subgroup, and the subgroup rules of ADD against MSM.

use ark_bls12_381::Fr;
use ark_ff::{BigInteger, PrimeField};
use zkhost_bls12381::{Backend, Error, Op};
use zkhost_testkit::bls12_381::{
    g1_bytes, g1_outside_subgroup, g2_bytes, g2_outside_subgroup, random_g1, random_g2,
};
use zkhost_testkit::rng;

fn scalar_of(k: u64) -> Vec<u8> {
    let mut s = vec![0u8; 32];
    s[24..].copy_from_slice(&k.to_be_bytes());
    s
}

fn r_plus(k: u64) -> Vec<u8> {
    let mut v = Fr::MODULUS;
    v.add_with_carry(&ark_ff::BigInt::from(k));
    v.to_bytes_be()
}

/// The points of one group, encoded, with its ADD and MSM operations.
struct Group {
    add: Op,
    msm: Op,
    point: fn(&mut rand_chacha::ChaCha20Rng) -> Vec<u8>,
    outside: fn(&mut rand_chacha::ChaCha20Rng) -> Vec<u8>,
    not_in_subgroup: Error,
}

const GROUPS: [Group; 2] = [
    Group {
        add: Op::G1Add,
        msm: Op::G1Msm,
        point: |r| g1_bytes(&random_g1(r)),
        outside: |r| g1_bytes(&g1_outside_subgroup(r)),
        not_in_subgroup: Error::G1NotInSubgroup,
    },
    Group {
        add: Op::G2Add,
        msm: Op::G2Msm,
        point: |r| g2_bytes(&random_g2(r)),
        outside: |r| g2_bytes(&g2_outside_subgroup(r)),
        not_in_subgroup: Error::G2NotInSubgroup,
    },
];

#[test]
fn msm_agrees_with_repeated_addition_and_reduces_scalars_mod_r() {
    let mut rng = rng::rng(201);
    for &backend in Backend::ALL {
        for g in &GROUPS {
            for _ in 0..5 {
                let (p, q) = ((g.point)(&mut rng), (g.point)(&mut rng));
                let zero = vec![0u8; p.len()];
                let run = |op, parts: &[&[u8]]| backend.run(op, &parts.concat()).unwrap();
                let p_plus_q = run(g.add, &[&p, &q]);
                let two_p = run(g.add, &[&p, &p]);
                let three_p = run(g.add, &[&two_p, &p]);
                assert_eq!(
                    run(g.msm, &[&p, &scalar_of(1), &q, &scalar_of(1)]),
                    p_plus_q
                );
                assert_eq!(run(g.msm, &[&p, &scalar_of(3)]), three_p);
                assert_eq!(run(g.msm, &[&p, &scalar_of(2), &p, &scalar_of(1)]), three_p);
                assert_eq!(run(g.msm, &[&p, &r_plus(0)]), zero);
                assert_eq!(run(g.msm, &[&p, &r_plus(1)]), p);
                assert_eq!(run(g.msm, &[&zero, &scalar_of(5), &p, &r_plus(2)]), two_p);
                assert_eq!(run(g.add, &[&p, &zero]), p);
            }
        }
    }
}

#[test]
fn add_accepts_points_outside_the_subgroup_and_msm_refuses_them() {
    let mut rng = rng::rng(202);
    for &backend in Backend::ALL {
        for g in &GROUPS {
            let o = (g.outside)(&mut rng);
            let sum = backend.run(g.add, &[o.clone(), o.clone()].concat());
            assert!(sum.is_ok(), "{backend} {}", g.add);
            let msm = backend.run(g.msm, &[o, scalar_of(1)].concat());
            assert_eq!(msm, Err(g.not_in_subgroup), "{backend} {}", g.msm);
        }
    }
}

#[test]
fn map_outputs_are_in_the_subgroup() {
    // An MSM checks its point's subgroup: each map output, times 1, comes back.
    let mut rng = rng::rng(203);
    for &backend in Backend::ALL {
        for _ in 0..20 {
            for (map, msm, len) in [
                (Op::MapFpToG1, Op::G1Msm, 64),
                (Op::MapFp2ToG2, Op::G2Msm, 128),
            ] {
                let mut u = vec![0u8; len];
                for e in u.chunks_mut(64) {
                    use rand::RngCore;
                    rng.fill_bytes(&mut e[17..]);
                }
                let point = backend.run(map, &u).unwrap();
                assert_ne!(point, vec![0u8; point.len()]);
                let again = backend.run(msm, &[point.clone(), scalar_of(1)].concat());
                assert_eq!(again, Ok(point), "{backend} {map}");
            }
        }
    }
}

#[test]
fn pairing_is_bilinear_and_skips_infinity() {
    use ark_ec::CurveGroup;
    let mut rng = rng::rng(204);
    for &backend in Backend::ALL {
        let (p, q) = (random_g1(&mut rng), random_g2(&mut rng));
        let a = Fr::from(7u64);
        let balanced = [
            g1_bytes(&(p * a).into_affine()),
            g2_bytes(&q),
            g1_bytes(&-p),
            g2_bytes(&(q * a).into_affine()),
        ]
        .concat();
        assert_eq!(backend.pairing(&balanced), Ok(true));
        let unbalanced = [g1_bytes(&p), g2_bytes(&q)].concat();
        assert_eq!(backend.pairing(&unbalanced), Ok(false));
        let with_infinity = [balanced.clone(), vec![0u8; 128], g2_bytes(&q)].concat();
        assert_eq!(backend.pairing(&with_infinity), Ok(true));
        assert_eq!(backend.pairing(&[0u8; 384]), Ok(true));
    }
}
