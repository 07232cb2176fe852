//! The [`kzg_p256_differential`] harness: the point evaluation against c-kzg and
//! P256VERIFY against revm's, on the inputs the codec targets make.

use super::bls12381::{ckzg_verdict, kzg_input, C_KZG_RUNS_HERE};
use super::sig::p256_input;

/// `data[0]` bit 7 picks P256VERIFY (else point evaluation); the rest makes an input
/// as the codec targets do. zkhost and c-kzg agree on success, a false equation and a
/// malformed input (the versioned hash is zkhost's alone: c-kzg's verdict applies once
/// it matches); zkhost's P256VERIFY and revm's give the same output and gas.
pub fn kzg_p256_differential(data: &[u8]) {
    use zkhost_bls12381::kzg::Error as KzgError;
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let inner: Vec<u8> = [&[mode & 0x7f], rest].concat();
    if mode & 0x80 == 0 {
        let input = kzg_input(&inner);
        let ours = zkhost_bls12381::kzg::point_evaluation(&input);
        let Ok(fixed) = <[u8; 192]>::try_from(&input[..]) else {
            return;
        };
        if ours == Err(KzgError::VersionedHash) || !C_KZG_RUNS_HERE {
            return;
        }
        let theirs = ckzg_verdict(&fixed);
        let ours_verdict = match ours {
            Ok(_) => Some(true),
            Err(KzgError::ProofDoesNotVerify) => Some(false),
            Err(_) => None,
        };
        assert_eq!(ours_verdict, theirs, "zkhost {ours:?}, c-kzg {theirs:?}");
    } else {
        let input = p256_input(&inner);
        let price = zkhost_gas::KzgP256Gas::OSAKA.p256_verify;
        let theirs = revm_precompile::secp256r1::p256_verify_osaka(&input, price);
        match theirs {
            Ok(out) => assert_eq!(
                (zkhost_sig::p256::output(&input), price),
                (out.bytes.as_ref(), out.gas_used),
                "zkhost {:?}",
                zkhost_sig::p256::verify(&input)
            ),
            Err(e) => panic!("revm's P256VERIFY halted at its own price: {e:?}"),
        }
    }
}
