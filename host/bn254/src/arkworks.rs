//! The arkworks backend: `ark-bn254` 0.6.

use ark_bn254::{Bn254, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine};
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{PrimeField, Zero};

use super::encoding::{bytes_be, g1_output, limbs_le, G1Coords, G2Coords};
use super::Error;

pub(crate) struct Engine;

/// The backend, on the shared front end.
const BACKEND: crate::backend::Precompiles<Engine> = crate::backend::Precompiles::new("arkworks");

impl crate::Backend {
    /// `ark-bn254` 0.6 (arkworks). Feature `arkworks`.
    pub const ARKWORKS: crate::Backend = crate::Backend::new(&BACKEND);
}

fn fq(bytes: &[u8; 32], err: Error) -> Result<Fq, Error> {
    // Canonical parse: `from_bigint` refuses values `>= p` instead of reducing them.
    Fq::from_bigint(ark_ff::BigInt(limbs_le(bytes))).ok_or(err)
}

fn fq_bytes(x: &Fq) -> [u8; 32] {
    bytes_be(&x.into_bigint().0)
}

fn encode(p: G1Projective) -> [u8; 64] {
    let a = p.into_affine();
    match a.xy() {
        None => [0u8; 64],
        Some((x, y)) => g1_output(&fq_bytes(&x), &fq_bytes(&y)),
    }
}

impl super::Engine for Engine {
    type G1 = G1Projective;
    type G2 = G2Affine;

    fn g1(p: &G1Coords) -> Result<G1Projective, Error> {
        let e = Error::G1CoordinateNotInField;
        let a = G1Affine::new_unchecked(fq(&p.x, e)?, fq(&p.y, e)?);
        if !a.is_on_curve() {
            return Err(Error::G1NotOnCurve);
        }
        Ok(a.into())
    }

    fn g2(p: &G2Coords) -> Result<G2Affine, Error> {
        let e = Error::G2CoordinateNotInField;
        let x = Fq2::new(fq(&p.x_re, e)?, fq(&p.x_im, e)?);
        let y = Fq2::new(fq(&p.y_re, e)?, fq(&p.y_im, e)?);
        let a = G2Affine::new_unchecked(x, y);
        if !a.is_on_curve() {
            return Err(Error::G2NotOnCurve);
        }
        // `new_unchecked` skips it: arkworks checks the subgroup only when asked.
        if !a.is_in_correct_subgroup_assuming_on_curve() {
            return Err(Error::G2NotInSubgroup);
        }
        Ok(a)
    }

    fn g1_infinity() -> G1Projective {
        G1Projective::zero()
    }

    fn add(a: &G1Projective, b: &G1Projective) -> [u8; 64] {
        encode(*a + *b)
    }

    fn mul(p: &G1Projective, k: &[u8; 32]) -> [u8; 64] {
        encode(*p * Fr::from_be_bytes_mod_order(k))
    }

    fn pairing_is_one(pairs: &[(G1Projective, G2Affine)]) -> Result<bool, Error> {
        let g1 = pairs.iter().map(|(p, _)| p.into_affine());
        let g2 = pairs.iter().map(|(_, q)| *q);
        Ok(Bn254::multi_pairing(g1, g2).is_zero())
    }
}
