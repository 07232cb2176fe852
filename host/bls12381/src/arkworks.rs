//! The arkworks backend (`ark-bls12-381` 0.6): a second, independent implementation
//! for differential testing and speed comparison. Field elements are built from
//! limbs (never through arkworks' deserializer and its flag bits); subgroup checks
//! and cofactor clearing are called explicitly.

use ark_bls12_381::{
    g1, g2, Bls12_381, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective,
};
use ark_ec::hashing::curve_maps::wb::WBMap;
use ark_ec::hashing::map_to_curve_hasher::MapToCurve;
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::{BigInteger, One, PrimeField};

use crate::encoding::{g1_out, g2_out, Fp, Scalar};
use crate::{G1_LEN, G2_LEN};

pub(crate) struct Engine;

/// The backend, on the shared front end.
const BACKEND: crate::backend::Precompiles<Engine> = crate::backend::Precompiles::new("arkworks");

impl crate::Backend {
    /// `ark-bls12-381` 0.6 (arkworks), pure Rust. Feature `arkworks`.
    pub const ARKWORKS: crate::Backend = crate::Backend::new(&BACKEND);
}

/// A canonical element: the front end checked `x < p`, so the reduction is the
/// identity.
fn fq_in(x: &Fp) -> Fq {
    Fq::from_be_bytes_mod_order(x)
}

fn fq_out(x: &Fq) -> Fp {
    let mut out = [0u8; 48];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

fn fq2_in(x: &[Fp; 2]) -> Fq2 {
    Fq2::new(fq_in(&x[0]), fq_in(&x[1]))
}

fn fq2_out(x: &Fq2) -> [Fp; 2] {
    [fq_out(&x.c0), fq_out(&x.c1)]
}

fn encode_g1(p: &G1Affine) -> [u8; G1_LEN] {
    g1_out(p.xy().map(|(x, y)| (fq_out(&x), fq_out(&y))))
}

fn encode_g2(q: &G2Affine) -> [u8; G2_LEN] {
    g2_out(q.xy().map(|(x, y)| (fq2_out(&x), fq2_out(&y))))
}

/// `s mod r`: the points are in the order-r subgroup, so `s·P = (s mod r)·P`.
fn fr(s: &Scalar) -> Fr {
    Fr::from_be_bytes_mod_order(s)
}

impl crate::Engine for Engine {
    type G1 = G1Affine;
    type G2 = G2Affine;

    fn g1_identity() -> G1Affine {
        G1Affine::identity()
    }

    fn g2_identity() -> G2Affine {
        G2Affine::identity()
    }

    fn g1(x: &Fp, y: &Fp) -> Option<G1Affine> {
        let p = G1Affine::new_unchecked(fq_in(x), fq_in(y));
        p.is_on_curve().then_some(p)
    }

    fn g2(x: &[Fp; 2], y: &[Fp; 2]) -> Option<G2Affine> {
        let q = G2Affine::new_unchecked(fq2_in(x), fq2_in(y));
        q.is_on_curve().then_some(q)
    }

    fn g1_in_subgroup(p: &G1Affine) -> bool {
        p.is_zero() || p.is_in_correct_subgroup_assuming_on_curve()
    }

    fn g2_in_subgroup(q: &G2Affine) -> bool {
        q.is_zero() || q.is_in_correct_subgroup_assuming_on_curve()
    }

    fn g1_add(a: &G1Affine, b: &G1Affine) -> [u8; G1_LEN] {
        encode_g1(&(a.into_group() + b).into_affine())
    }

    fn g2_add(a: &G2Affine, b: &G2Affine) -> [u8; G2_LEN] {
        encode_g2(&(a.into_group() + b).into_affine())
    }

    fn g1_msm(points: &[G1Affine], scalars: &[Scalar]) -> [u8; G1_LEN] {
        let scalars: Vec<Fr> = scalars.iter().map(fr).collect();
        encode_g1(&G1Projective::msm_unchecked(points, &scalars).into_affine())
    }

    fn g2_msm(points: &[G2Affine], scalars: &[Scalar]) -> [u8; G2_LEN] {
        let scalars: Vec<Fr> = scalars.iter().map(fr).collect();
        encode_g2(&G2Projective::msm_unchecked(points, &scalars).into_affine())
    }

    fn pairing_is_one(pairs: &[(G1Affine, G2Affine)]) -> bool {
        let ps = pairs.iter().map(|(p, _)| *p);
        let qs = pairs.iter().map(|(_, q)| *q);
        Bls12_381::multi_pairing(ps, qs).0.is_one()
    }

    fn map_fp_to_g1(u: &Fp) -> [u8; G1_LEN] {
        // SWU onto the 11-isogenous curve, then the isogeny; it returns an error only
        // for a point it cannot map, which RFC 9380's map never produces.
        let p =
            WBMap::<g1::Config>::map_to_curve(fq_in(u)).unwrap_or_else(|_| G1Affine::identity());
        encode_g1(&p.clear_cofactor())
    }

    fn map_fp2_to_g2(u: &[Fp; 2]) -> [u8; G2_LEN] {
        let q =
            WBMap::<g2::Config>::map_to_curve(fq2_in(u)).unwrap_or_else(|_| G2Affine::identity());
        encode_g2(&q.clear_cofactor())
    }
}
