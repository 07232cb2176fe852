//! The `substrate-bn` 0.6 backend: the reference that revm and Substrate use.

use substrate_bn::{AffineG1, AffineG2, Fq, Fq2, Fr, Group, GroupError, Gt, G1, G2};

use super::encoding::{g1_output, G1Coords, G2Coords};
use super::Error;

pub(crate) struct Engine;

/// The backend, on the shared front end.
const BACKEND: crate::backend::Precompiles<Engine> =
    crate::backend::Precompiles::new("substrate-bn");

impl crate::Backend {
    /// paritytech's `substrate-bn` 0.6, the maintained fork of zcash's `bn` (used by
    /// revm, OpenEthereum and Substrate). Feature `substrate-bn`.
    pub const SUBSTRATE_BN: crate::Backend = crate::Backend::new(&BACKEND);
}

fn fq(bytes: &[u8; 32], err: Error) -> Result<Fq, Error> {
    // The encoding layer has already checked `< p`; `from_slice` checks it again.
    Fq::from_slice(bytes).map_err(|_| err)
}

fn encode(p: G1) -> [u8; 64] {
    match AffineG1::from_jacobian(p) {
        None => [0u8; 64],
        Some(a) => {
            let mut x = [0u8; 32];
            let mut y = [0u8; 32];
            // Cannot fail: the slices are exactly 32 bytes.
            let _ = a.x().to_big_endian(&mut x);
            let _ = a.y().to_big_endian(&mut y);
            g1_output(&x, &y)
        }
    }
}

impl super::Engine for Engine {
    type G1 = G1;
    type G2 = G2;

    fn g1(p: &G1Coords) -> Result<G1, Error> {
        let e = Error::G1CoordinateNotInField;
        let a = AffineG1::new(fq(&p.x, e)?, fq(&p.y, e)?).map_err(|_| Error::G1NotOnCurve)?;
        Ok(a.into())
    }

    fn g2(p: &G2Coords) -> Result<G2, Error> {
        let e = Error::G2CoordinateNotInField;
        let x = Fq2::new(fq(&p.x_re, e)?, fq(&p.x_im, e)?);
        let y = Fq2::new(fq(&p.y_re, e)?, fq(&p.y_im, e)?);
        match AffineG2::new(x, y) {
            Ok(a) => Ok(a.into()),
            Err(GroupError::NotInSubgroup) => Err(Error::G2NotInSubgroup),
            Err(_) => Err(Error::G2NotOnCurve),
        }
    }

    fn g1_infinity() -> G1 {
        G1::zero()
    }

    fn add(a: &G1, b: &G1) -> [u8; 64] {
        encode(*a + *b)
    }

    fn mul(p: &G1, k: &[u8; 32]) -> [u8; 64] {
        // `from_slice` reduces any 256-bit value mod r (`new_mul_factor`).
        match Fr::from_slice(k) {
            Ok(k) => encode(*p * k),
            Err(_) => unreachable!("32-byte scalar"),
        }
    }

    fn pairing_is_one(pairs: &[(G1, G2)]) -> Result<bool, Error> {
        Ok(substrate_bn::pairing_batch(pairs) == Gt::one())
    }
}
