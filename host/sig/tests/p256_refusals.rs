//! Each refusal class of P256VERIFY on a constructed input, the order of the checks, and
//! the two places EIP-7951 reduces mod n: `h` (any 256-bit value) and `R'.x` (a base
//! field element, compared with `r` after reduction).

use p256::ecdsa::signature::hazmat::PrehashSigner;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::ff::{Field, PrimeField};
use p256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use p256::{AffinePoint, EncodedPoint, FieldBytes, ProjectivePoint, Scalar};
use zkhost_sig::p256::{output, verify, Error, N, P, VALID};

/// `a + b` on 256-bit big-endian numbers, `None` on overflow.
fn add_be(a: &[u8; 32], b: &[u8; 32]) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in (0..32).rev() {
        let v = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = v as u8;
        carry = v >> 8;
    }
    (carry == 0).then_some(out)
}

fn input(h: &[u8; 32], r: &[u8], s: &[u8], q: &AffinePoint) -> Vec<u8> {
    let e = q.to_encoded_point(false);
    [h.as_slice(), r, s, e.x().unwrap(), e.y().unwrap()].concat()
}

fn signed(secret: u64, h: &[u8; 32]) -> Vec<u8> {
    let mut k = [0u8; 32];
    k[24..].copy_from_slice(&secret.to_be_bytes());
    let sk = SigningKey::from_bytes(&k.into()).unwrap();
    let sig: Signature = sk.sign_prehash(h).unwrap();
    let q = sk.verifying_key().as_affine();
    input(h, &sig.r().to_bytes(), &sig.s().to_bytes(), q)
}

fn scalar(v: u64) -> Scalar {
    Scalar::from(v)
}

#[test]
fn a_signature_made_by_rustcrypto_verifies() {
    let i = signed(7, &[0x42; 32]);
    assert_eq!(verify(&i), Ok(()));
    assert_eq!(output(&i), VALID);
}

#[test]
fn h_is_any_256_bit_value_reduced_mod_n() {
    // A small h signed, then given as h + n (< 2^256): the same value mod n.
    let mut h = [0u8; 32];
    h[31] = 5;
    let i = signed(11, &h);
    assert_eq!(verify(&i), Ok(()));
    let h_plus_n = add_be(&h, &N).unwrap();
    let mut j = i.clone();
    j[..32].copy_from_slice(&h_plus_n);
    assert_eq!(verify(&j), Ok(()), "h ≥ n is reduced, not refused");
    // h = 0 is a value like any other.
    let zero = signed(13, &[0; 32]);
    assert_eq!(verify(&zero), Ok(()));
    let mut n_as_h = zero.clone();
    n_as_h[..32].copy_from_slice(&N);
    assert_eq!(verify(&n_as_h), Ok(()), "h = n ≡ 0");
}

#[test]
fn r_and_s_must_be_in_1_to_n_minus_1() {
    let i = signed(17, &[9; 32]);
    let mut n_minus_1 = N;
    n_minus_1[31] -= 1;
    let mut n_plus_1 = N;
    n_plus_1[31] += 1;
    for (at, err) in [(32, Error::ROutOfRange), (64, Error::SOutOfRange)] {
        for bad in [[0u8; 32], N, n_plus_1, [0xff; 32]] {
            let mut j = i.clone();
            j[at..at + 32].copy_from_slice(&bad);
            assert_eq!(verify(&j), Err(err));
            assert!(output(&j).is_empty());
        }
        // n − 1 is in range: the input reaches the arithmetic.
        let mut j = i.clone();
        j[at..at + 32].copy_from_slice(&n_minus_1);
        assert_eq!(verify(&j), Err(Error::Mismatch));
    }
    // r before s, both before the key.
    let mut j = i.clone();
    j[32..64].copy_from_slice(&N);
    j[64..96].copy_from_slice(&[0; 32]);
    j[96..128].copy_from_slice(&P);
    assert_eq!(verify(&j), Err(Error::ROutOfRange));
}

#[test]
fn s_is_not_normalised() {
    // (r, n − s) verifies too: EIP-7951 has no low-s rule.
    let i = signed(19, &[3; 32]);
    let s = Scalar::from_repr(*FieldBytes::from_slice(&i[64..96])).unwrap();
    let mut j = i.clone();
    j[64..96].copy_from_slice(&(-s).to_repr());
    assert_eq!(verify(&j), Ok(()));
}

#[test]
fn the_key_must_be_a_curve_point_with_coordinates_below_p() {
    let i = signed(23, &[1; 32]);
    let mut j = i.clone();
    j[96..128].copy_from_slice(&P);
    assert_eq!(verify(&j), Err(Error::QxNotInField));
    let mut j = i.clone();
    j[128..].copy_from_slice(&[0xff; 32]);
    assert_eq!(verify(&j), Err(Error::QyNotInField));
    // x before y.
    let mut j = i.clone();
    j[96..].copy_from_slice(&[0xff; 64]);
    assert_eq!(verify(&j), Err(Error::QxNotInField));
    // Off the curve: y + 1.
    let mut j = i.clone();
    j[159] ^= 1;
    assert_eq!(verify(&j), Err(Error::NotOnCurve));
    // (0, 0), the point at infinity's usual encoding.
    let mut j = i.clone();
    j[96..].copy_from_slice(&[0; 64]);
    assert_eq!(verify(&j), Err(Error::NotOnCurve));
    // A coordinate ≡ a valid one mod p but not canonical: x + p does not fit in most
    // cases, so take y = p − y' for the negated point, valid, then its non-canonical
    // form y + p is out of range by construction.
    let y = *FieldBytes::from_slice(&i[128..]);
    if let Some(y_plus_p) = add_be(&y.into(), &P) {
        let mut j = i.clone();
        j[128..].copy_from_slice(&y_plus_p);
        assert_eq!(verify(&j), Err(Error::QyNotInField));
    }
}

#[test]
fn r_prime_at_infinity_is_refused() {
    // Q = G and h = n − r: R' = [(h + r)/s]G = O.
    let q = AffinePoint::GENERATOR;
    let r = scalar(12345);
    let s = scalar(678);
    let h = (-r).to_repr();
    let i = input(&h.into(), &r.to_repr(), &s.to_repr(), &q);
    assert_eq!(verify(&i), Err(Error::RIsInfinity));
    assert!(output(&i).is_empty());
}

/// A point whose x is in `[n, p)`: the first such x from n up with a point on the curve.
fn point_with_x_at_least_n() -> AffinePoint {
    let mut x = N;
    loop {
        let mut compressed = [0u8; 33];
        compressed[0] = 0x02;
        compressed[1..].copy_from_slice(&x);
        let e = EncodedPoint::from_bytes(compressed).unwrap();
        if let Some(p) = Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&e)) {
            return p;
        }
        x = add_be(&x, &{
            let mut one = [0u8; 32];
            one[31] = 1;
            one
        })
        .unwrap();
    }
}

#[test]
fn r_is_compared_with_r_prime_x_mod_n() {
    // Choose R with x ≥ n, r = x − n, any s and h, and the key that makes R' = R:
    // Q = [s/r]R − [h/r]G.
    let big = point_with_x_at_least_n();
    let x: [u8; 32] = big
        .to_encoded_point(false)
        .x()
        .unwrap()
        .as_slice()
        .try_into()
        .unwrap();
    assert!(x.as_slice() >= N.as_slice() && x.as_slice() < P.as_slice());
    // x − n, by subtraction in the scalar field: x mod n.
    let mut x_mod_n = [0u8; 32];
    let mut borrow = 0i16;
    for k in (0..32).rev() {
        let v = i16::from(x[k]) - i16::from(N[k]) - borrow;
        x_mod_n[k] = v.rem_euclid(256) as u8;
        borrow = i16::from(v < 0);
    }
    let r = Scalar::from_repr(x_mod_n.into()).unwrap();
    let s = scalar(99991);
    let h = scalar(31337);
    let r_inv = r.invert().unwrap();
    let q = (ProjectivePoint::from(big) * (s * r_inv) - ProjectivePoint::GENERATOR * (h * r_inv))
        .to_affine();
    let h_bytes: [u8; 32] = h.to_repr().into();
    let valid = input(&h_bytes, &x_mod_n, &s.to_repr(), &q);
    assert_eq!(verify(&valid), Ok(()), "r = R'.x mod n verifies");
    // r = R'.x itself is ≥ n: out of range, not compared unreduced.
    let unreduced = input(&h_bytes, &x, &s.to_repr(), &q);
    assert_eq!(verify(&unreduced), Err(Error::ROutOfRange));
    // Any other r is a mismatch.
    let other = input(&h_bytes, &(r + Scalar::ONE).to_repr(), &s.to_repr(), &q);
    assert_eq!(verify(&other), Err(Error::Mismatch));
    let _ = Scalar::ZERO.is_zero();
}

#[test]
fn every_error_has_a_distinct_message() {
    let mut msgs: Vec<String> = Error::ALL.iter().map(|e| e.to_string()).collect();
    msgs.sort();
    msgs.dedup();
    assert_eq!(msgs.len(), Error::ALL.len());
}
