//! The P-256 harness: P256VERIFY decoding against RustCrypto's `p256`
//! ([`p256_codec`]), and the input maker it shares with
//! [`kzg_p256_differential`](super::kzg_p256_differential).

/// A P256VERIFY input from the fuzzer, as [`kzg_input`](super::bls12381::kzg_input)
/// makes one (no hash to fix): `data[0]` bit 0 raw, else XORed onto a valid vector;
/// bit 2 sets `r` or `s` (bit 3) to a boundary (0, n − 1, n) picked by `data[1]`.
pub(super) fn p256_input(data: &[u8]) -> Vec<u8> {
    let mode = data.first().copied().unwrap_or(0);
    let pick = data.get(1).copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    if mode & 1 == 1 {
        return rest.get(..192).unwrap_or(rest).to_vec();
    }
    let mut input = crate::kzg_p256::valid_p256_input(usize::from(pick >> 2))
        .expect("the P-256 vectors are present");
    let at = usize::from(pick) % input.len();
    for (slot, b) in input[at..].iter_mut().zip(rest) {
        *slot ^= b;
    }
    if mode & 4 == 4 && input.len() == 160 {
        let mut n_minus_1 = zkhost_sig::p256::N;
        n_minus_1[31] -= 1; // n is odd
        let word = match pick % 3 {
            0 => [0u8; 32],
            1 => n_minus_1,
            _ => zkhost_sig::p256::N,
        };
        let at = if mode & 8 == 8 { 64 } else { 32 };
        input[at..at + 32].copy_from_slice(&word);
    }
    input
}

/// P256VERIFY decoding: the invalid class is the first failing check in the documented
/// order, the scalars' ranges and the curve check decided independently (RustCrypto's
/// `p256`: scalar decoding, the SEC1 on-curve check); the output is `0…01`
/// exactly when `verify` says valid, empty otherwise.
pub fn p256_codec(data: &[u8]) {
    use p256::elliptic_curve::sec1::FromEncodedPoint;
    use p256::elliptic_curve::{Field as _, PrimeField as _};
    use zkhost_sig::p256::Error as PError;
    let input = p256_input(data);
    let result = zkhost_sig::p256::verify(&input);
    let out = zkhost_sig::p256::output(&input);
    assert_eq!(out.is_empty(), result.is_err());
    if let Ok(()) = result {
        assert_eq!(out, &zkhost_sig::p256::VALID[..]);
    }
    let Ok(fixed) = <[u8; 160]>::try_from(&input[..]) else {
        assert_eq!(result, Err(PError::InputLength));
        return;
    };
    let word = |i: usize| p256::FieldBytes::clone_from_slice(&fixed[32 * i..32 * (i + 1)]);
    let scalar_ok = |i: usize| {
        let s: Option<p256::Scalar> = p256::Scalar::from_repr(word(i)).into();
        s.is_some_and(|s| !bool::from(s.is_zero()))
    };
    // p is the published constant (`p256` does not expose its field type); the curve
    // check below is RustCrypto's.
    let field_ok = |i: usize| fixed[32 * i..32 * (i + 1)] < zkhost_sig::p256::P[..];
    let on_curve = || {
        let point = p256::EncodedPoint::from_affine_coordinates(&word(3), &word(4), false);
        bool::from(p256::AffinePoint::from_encoded_point(&point).is_some())
    };
    let expected = if !scalar_ok(1) {
        Some(PError::ROutOfRange)
    } else if !scalar_ok(2) {
        Some(PError::SOutOfRange)
    } else if !field_ok(3) {
        Some(PError::QxNotInField)
    } else if !field_ok(4) {
        Some(PError::QyNotInField)
    } else if !on_curve() {
        Some(PError::NotOnCurve)
    } else {
        None
    };
    match expected {
        Some(e) => assert_eq!(result, Err(e), "invalid class"),
        None => assert!(
            matches!(result, Ok(()) | Err(PError::RIsInfinity | PError::Mismatch)),
            "well-formed input classed {result:?}"
        ),
    }
}
