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
/// `p256`: scalar decoding, the SEC1 on-curve check); a well-formed input is valid
/// exactly when RustCrypto's ECDSA `verify_prehash` accepts it; the output is `0…01`
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
        None => {
            assert!(
                matches!(result, Ok(()) | Err(PError::RIsInfinity | PError::Mismatch)),
                "well-formed input classed {result:?}"
            );
            // The verdict itself against RustCrypto's ECDSA verifier (an arithmetic
            // independent of zkhost's own since issue 61).
            use p256::ecdsa::signature::hazmat::PrehashVerifier as _;
            let point = p256::EncodedPoint::from_affine_coordinates(&word(3), &word(4), false);
            let theirs = p256::ecdsa::Signature::from_scalars(word(1), word(2))
                .ok()
                .zip(p256::ecdsa::VerifyingKey::from_encoded_point(&point).ok())
                .is_some_and(|(sig, key)| key.verify_prehash(&fixed[..32], &sig).is_ok());
            assert_eq!(
                result.is_ok(),
                theirs,
                "zkhost {result:?}, p256 valid: {theirs}"
            );
        }
    }
}

/// An input of `function` from the fuzzer: `data[0]` bit 0 raw (the rest of `data`,
/// cut to `max`), else a valid [`sample`](crate::sample::sample) picked by `data[1]`
/// with the rest XORed in from the offset `data[1]` also picks; bit 1 then cuts or
/// extends it by `data[1] % 4` bytes.
pub(super) fn mutated_input(function: zkhost_abi::Crypto, data: &[u8], max: usize) -> Vec<u8> {
    let mode = data.first().copied().unwrap_or(0);
    let pick = data.get(1).copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    if mode & 1 == 1 {
        return rest.get(..max).unwrap_or(rest).to_vec();
    }
    let mut input = crate::sample::sample(function, u64::from(pick >> 3));
    if !input.is_empty() {
        let at = usize::from(pick) * 7 % input.len();
        for (slot, b) in input[at..].iter_mut().zip(rest) {
            *slot ^= b;
        }
    }
    if mode & 2 == 2 {
        let by = usize::from(pick % 4);
        if mode & 4 == 4 {
            input.truncate(input.len().saturating_sub(by));
        } else {
            input.extend(std::iter::repeat_n(0u8, by));
        }
    }
    input
}

/// The secp256k1 functions against RustCrypto's `k256` (an implementation independent
/// of libsecp256k1, which zkhost runs): `data[0]` bits 3–4 pick `ecrecover` (compared
/// with revm's, output and gas), `secp256k1_verify` or `secp256k1_recover_pubkey`
/// (compared with `k256` after normalising `s`, as CosmWasm does); the rest makes the
/// input (raw, or a valid sample with bytes XORed in, cut or extended).
pub fn secp256k1_differential(data: &[u8]) {
    use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
    use zkhost_abi::Crypto;
    let mode = data.first().copied().unwrap_or(0);
    let signature = |rs: &[u8]| -> Option<Signature> {
        let sig = Signature::from_slice(rs).ok()?;
        Some(sig.normalize_s().unwrap_or(sig))
    };
    match (mode >> 3) % 3 {
        0 => {
            let input = mutated_input(Crypto::Secp256k1Ecrecover, data, 160);
            let price = zkhost_gas::SigGas::ZKHOST.ecrecover;
            let theirs = revm_precompile::secp256k1::ec_recover_run(&input, price)
                .expect("revm's ecrecover at its own price");
            let ours = zkhost_sig::secp256k1::ecrecover(&input);
            let ours_bytes = ours.map(|o| o.to_vec()).unwrap_or_default();
            assert_eq!(
                (ours_bytes, price),
                (theirs.bytes.to_vec(), theirs.gas_used),
                "zkhost {ours:?}"
            );
        }
        1 => {
            let input = mutated_input(Crypto::Secp256k1Verify, data, 200);
            let ours = zkhost_sig::secp256k1::verify(&input);
            let theirs = (|| {
                use zkhost_abi::secp256k1::{
                    VERIFY_COMPRESSED_INPUT_LEN, VERIFY_UNCOMPRESSED_INPUT_LEN,
                };
                if input.len() != VERIFY_COMPRESSED_INPUT_LEN
                    && input.len() != VERIFY_UNCOMPRESSED_INPUT_LEN
                {
                    return None;
                }
                let sig = signature(&input[32..96])?;
                let key = VerifyingKey::from_sec1_bytes(&input[96..]).ok()?;
                use k256::ecdsa::signature::hazmat::PrehashVerifier;
                key.verify_prehash(&input[..32], &sig).ok()
            })();
            assert_eq!(ours.is_ok(), theirs.is_some(), "zkhost {ours:?}");
        }
        _ => {
            let input = mutated_input(Crypto::Secp256k1RecoverPubkey, data, 120);
            let ours = zkhost_sig::secp256k1::recover_pubkey(&input);
            let theirs = (|| {
                let [hash @ .., id] =
                    <[u8; zkhost_abi::secp256k1::RECOVER_INPUT_LEN]>::try_from(&input[..]).ok()?;
                let raw = Signature::from_slice(&hash[32..96]).ok()?;
                // A high s is the signature (r, n − s) with the other parity.
                let flip = u8::from(raw.normalize_s().is_some());
                let id = RecoveryId::from_byte(id ^ flip).filter(|_| id < 2)?;
                let key =
                    VerifyingKey::recover_from_prehash(&hash[..32], &signature(&hash[32..96])?, id)
                        .ok()?;
                Some(key.to_encoded_point(false).as_bytes().to_vec())
            })();
            assert_eq!(ours.ok().map(|k| k.to_vec()), theirs, "zkhost {ours:?}");
        }
    }
}

/// The Ed25519 functions against `ed25519-zebra` (ZIP-215, CosmWasm's): `data[0]` bit
/// 3 picks `ed25519_batch_verify` (its answer must be every record's, each verified
/// by zebra alone; a record cut short refuses), else `ed25519_verify`; the rest makes
/// the input (raw, or a valid sample with bytes XORed in, cut or extended).
pub fn ed25519_differential(data: &[u8]) {
    use zkhost_abi::Crypto;
    use zkhost_sig::ed25519;
    let zebra = |key: &[u8], sig: &[u8], message: &[u8]| -> bool {
        let (Ok(key), Ok(sig)) = (<[u8; 32]>::try_from(key), <[u8; 64]>::try_from(sig)) else {
            return false;
        };
        ed25519_zebra::VerificationKey::try_from(key)
            .and_then(|vk| vk.verify(&ed25519_zebra::Signature::from(sig), message))
            .is_ok()
    };
    let mode = data.first().copied().unwrap_or(0);
    if mode & 8 == 0 {
        let input = mutated_input(Crypto::Ed25519Verify, data, 400);
        let ours = ed25519::verify(&input);
        let theirs = input.len() >= ed25519::VERIFY_HEADER_LEN
            && zebra(&input[..32], &input[32..96], &input[96..]);
        assert_eq!(ours.is_ok(), theirs, "zkhost {ours:?}");
    } else {
        let input = mutated_input(Crypto::Ed25519BatchVerify, data, 1200);
        let ours = ed25519::batch_verify(&input);
        match ed25519::records(&input) {
            Err(e) => assert_eq!((ours, e), (Err(ed25519::Error::InputLength), e)),
            Ok(records) => {
                let theirs = records.iter().all(|&(k, s, m)| zebra(k, s, m));
                assert_eq!(ours.is_ok(), theirs, "zkhost {ours:?}");
                // The reason is the one verifying each alone gives first: an encoding
                // error of the first badly encoded record, else a mismatch.
                if let Err(e) = ours {
                    let singles: Vec<_> = records
                        .iter()
                        .map(|&(k, s, m)| ed25519::verify_parts(k, s, m))
                        .collect();
                    let expected = singles
                        .iter()
                        .find_map(|r| match r {
                            Err(ed25519::Error::Mismatch) | Ok(()) => None,
                            Err(other) => Some(*other),
                        })
                        .unwrap_or(ed25519::Error::Mismatch);
                    assert_eq!(e, expected);
                }
            }
        }
    }
}
