//! The BLS12-381 family's harnesses: EIP-2537's codecs ([`bls12381_codec`]), blst
//! against arkworks ([`bls12381_differential`]), and the point evaluation's decoding
//! against c-kzg ([`kzg_codec`]), with the c-kzg helpers that
//! [`kzg_p256_differential`](super::kzg_p256_differential) shares.

use ark_ff::{BigInteger, PrimeField};

use super::chunk;

/// EIP-2537's encodings: a 64-byte field element is accepted exactly when its top 16
/// bytes are zero and its value is below p (arkworks' modulus the reference); a G1 or
/// G2 point gets the same verdict from blst and arkworks, with and without the
/// subgroup check, and an accepted point comes back byte for byte from `P + O`; a
/// scalar multiplies a valid point as its reduction mod r does, on both backends.
pub fn bls12381_codec(data: &[u8]) {
    use ark_bls12_381::{Fq as BlsFq, Fr as BlsFr};
    use zkhost_bls12381::{encoding as bls_encoding, Backend as Bls, Error as BlsError};
    let fp: [u8; 64] = chunk(data, 0);
    let g1: [u8; 128] = chunk(data, 64);
    let g2: [u8; 256] = chunk(data, 192);
    let k: [u8; 32] = chunk(data, 448);

    let top_zero = fp[..16].iter().all(|&b| b == 0);
    // Equal-length big-endian bytes compare as the integers they encode.
    let below_p = fp[16..] < BlsFq::MODULUS.to_bytes_be()[..];
    match bls_encoding::fp(&fp) {
        Ok(v) => {
            assert!(top_zero && below_p, "non-canonical element accepted");
            assert_eq!(v[..], fp[16..]);
        }
        Err(BlsError::FieldElementTopBytes) => assert!(!top_zero),
        Err(BlsError::FieldElementNotInField) => assert!(top_zero && !below_p),
        Err(e) => panic!("unexpected error {e:?} for a field element"),
    }

    let zero_g1 = [0u8; 128];
    let zero_g2 = [0u8; 256];
    for subgroup in [false, true] {
        let (a, b) = (
            Bls::BLST.check_g1(&g1, subgroup),
            Bls::ARKWORKS.check_g1(&g1, subgroup),
        );
        assert_eq!(a, b, "G1 check (subgroup {subgroup})");
        let (a, b) = (
            Bls::BLST.check_g2(&g2, subgroup),
            Bls::ARKWORKS.check_g2(&g2, subgroup),
        );
        assert_eq!(a, b, "G2 check (subgroup {subgroup})");
    }
    if Bls::BLST.check_g1(&g1, false).is_ok() {
        let sum = Bls::BLST.g1_add(&[&g1[..], &zero_g1].concat());
        assert_eq!(sum.as_ref().map(|o| &o[..]), Ok(&g1[..]), "P + O = P in G1");
    }
    if Bls::BLST.check_g2(&g2, false).is_ok() {
        let sum = Bls::BLST.g2_add(&[&zero_g2[..], &g2[..]].concat());
        assert_eq!(sum.as_ref().map(|o| &o[..]), Ok(&g2[..]), "O + Q = Q in G2");
    }

    // k·P = (k mod r)·P for a valid P (the map's output, from the field element).
    let mut u = fp;
    u[..17].fill(0); // below p: 47 bytes of value
    let Ok(p) = Bls::BLST.map_fp_to_g1(&u) else {
        panic!("a canonical element must map")
    };
    let reduced = BlsFr::from_be_bytes_mod_order(&k)
        .into_bigint()
        .to_bytes_be();
    for backend in [Bls::BLST, Bls::ARKWORKS] {
        let full = backend.g1_msm(&[&p[..], &k].concat());
        let mod_r = backend.g1_msm(&[&p[..], &reduced].concat());
        assert_eq!(full, mod_r, "{backend}: k·P != (k mod r)·P");
    }
}

/// Raw or constructed input to one EIP-2537 operation: `data[0] & 0x0f` modulo 7 picks
/// it (in address order), bit 4 of `data[0]` replaces every point slot with a valid point
/// (the map of its bytes, or infinity), the rest is the input (capped at 8 MSM
/// records or 3 pairs); blst and arkworks must give the same output or error.
pub fn bls12381_differential(data: &[u8]) {
    use zkhost_bls12381::{Backend as Bls, Op as BlsOp};
    let Some(&mode) = data.first() else {
        return;
    };
    let op = BlsOp::ALL[usize::from((mode & 0x0f) % 7)];
    let raw = data.get(1..).unwrap_or(&[]);
    let (stride, g1_at, g2_at, cap): (usize, &[usize], &[usize], usize) = match op {
        BlsOp::G1Add => (128, &[0], &[], 256),
        BlsOp::G2Add => (256, &[], &[0], 512),
        BlsOp::G1Msm => (160, &[0], &[], 8 * 160),
        BlsOp::G2Msm => (288, &[], &[0], 8 * 288),
        BlsOp::Pairing => (384, &[0], &[128], 3 * 384),
        BlsOp::MapFpToG1 | BlsOp::MapFp2ToG2 => (usize::MAX, &[], &[], 128),
    };
    let mut input = raw.get(..cap).unwrap_or(raw).to_vec();
    if mode & 0x10 != 0 && stride != usize::MAX {
        for record in input.chunks_mut(stride) {
            for &at in g1_at {
                if let Some(slot) = record.get_mut(at..at + 128) {
                    let point = valid_bls_point(slot, false);
                    slot.copy_from_slice(&point);
                }
            }
            for &at in g2_at {
                if let Some(slot) = record.get_mut(at..at + 256) {
                    let point = valid_bls_point(slot, true);
                    slot.copy_from_slice(&point);
                }
            }
        }
    }
    let blst = Bls::BLST.run(op, &input);
    let ark = Bls::ARKWORKS.run(op, &input);
    assert_eq!(blst, ark, "{op}: blst and arkworks differ");
}

/// A valid point in the order-r subgroup made from `slot`'s bytes (the map of a
/// field element taken from them), or infinity when its last byte is a multiple of 8.
fn valid_bls_point(slot: &[u8], g2: bool) -> Vec<u8> {
    use zkhost_bls12381::Backend as Bls;
    let len = if g2 { 256 } else { 128 };
    if slot.last().is_some_and(|b| b % 8 == 0) {
        return vec![0u8; len];
    }
    let mut u = vec![0u8; if g2 { 128 } else { 64 }];
    for (i, e) in u.chunks_mut(64).enumerate() {
        // 47 bytes of value: always below p.
        if let Some(src) = slot.get(64 * i + 17..64 * i + 64) {
            e[17..].copy_from_slice(src);
        }
    }
    let point = if g2 {
        Bls::BLST.map_fp2_to_g2(&u).map(|p| p.to_vec())
    } else {
        Bls::BLST.map_fp_to_g1(&u).map(|p| p.to_vec())
    };
    point.unwrap_or_else(|_| vec![0u8; len])
}
// ---------------------------------------------------------------------------------
// kzg_codec

/// Whether c-kzg, the point evaluation's peer, runs here: c-kzg 2.1.8's embedded
/// Ethereum trusted setup does not load on big-endian targets (`C_KZG_BADARGS` on s390x
/// under qemu), so there the comparisons with it are skipped. zkhost's own checks of
/// the same inputs still run, and its KZG vectors pass there.
pub const C_KZG_RUNS_HERE: bool = cfg!(target_endian = "little");

/// c-kzg-4844's Ethereum settings, loaded once per process.
fn ckzg_settings() -> &'static c_kzg::KzgSettings {
    c_kzg::ethereum_kzg_settings(0)
}

/// c-kzg's verdict on a 192-byte point-evaluation input without its versioned hash:
/// `None` when it refuses the input as malformed, else whether the proof verifies.
pub(super) fn ckzg_verdict(input: &[u8; 192]) -> Option<bool> {
    let b32 = |at: usize| c_kzg::Bytes32::from_bytes(&input[at..at + 32]).ok();
    let b48 = |at: usize| c_kzg::Bytes48::from_bytes(&input[at..at + 48]).ok();
    let (z, y, c, p) = (b32(32)?, b32(64)?, b48(96)?, b48(144)?);
    ckzg_settings().verify_kzg_proof(&c, &z, &y, &p).ok()
}

/// A point-evaluation input from the fuzzer: `data[0]` bit 0 keeps the bytes raw
/// (any length), else they overlay a valid vector (bit 1 picks which) at an offset
/// from `data[1]`, and bit 2 recomputes the versioned hash so the later checks are
/// reached.
pub(super) fn kzg_input(data: &[u8]) -> Vec<u8> {
    let mode = data.first().copied().unwrap_or(0);
    let rest = data.get(2..).unwrap_or(&[]);
    if mode & 1 == 1 {
        return rest.get(..256).unwrap_or(rest).to_vec();
    }
    let which = usize::from(data.get(1).copied().unwrap_or(0) >> 2);
    let mut input = crate::kzg_p256::valid_kzg_input(which).expect("the KZG vectors are present");
    let at = usize::from(data.get(1).copied().unwrap_or(0)) % input.len();
    for (slot, b) in input[at..].iter_mut().zip(rest) {
        *slot ^= b;
    }
    if mode & 4 == 4 && input.len() == 192 {
        let hash = zkhost_bls12381::kzg::versioned_hash(&input[96..144]);
        input[..32].copy_from_slice(&hash);
    }
    input
}

/// Point-evaluation decoding: the error is the first failing check in the documented
/// order (the length, the versioned hash, `z`, `y`, then the commitment and the proof,
/// each as `check_g1_compressed` classifies it), and a commitment or proof is refused
/// exactly when c-kzg refuses it.
pub fn kzg_codec(data: &[u8]) {
    use zkhost_bls12381::kzg::{check_g1_compressed, Error as KzgError, PointError};
    let input = kzg_input(data);
    let result = zkhost_bls12381::kzg::point_evaluation(&input);
    let Ok(fixed) = <[u8; 192]>::try_from(&input[..]) else {
        assert_eq!(result, Err(KzgError::InputLength));
        return;
    };
    let scalar = |at: usize| chunk::<32>(&fixed, at);
    let point = |at: usize| chunk::<48>(&fixed, at);
    let class = |at: usize, enc: KzgError, sub: KzgError| match check_g1_compressed(&point(at)) {
        Ok(()) => None,
        Err(PointError::Encoding) => Some(enc),
        Err(PointError::NotInSubgroup) => Some(sub),
    };
    let expected = if fixed[..32] != zkhost_bls12381::kzg::versioned_hash(&fixed[96..144]) {
        Some(KzgError::VersionedHash)
    } else if !zkhost_bls12381::kzg::is_canonical_scalar(&scalar(32)) {
        Some(KzgError::ZNotCanonical)
    } else if !zkhost_bls12381::kzg::is_canonical_scalar(&scalar(64)) {
        Some(KzgError::YNotCanonical)
    } else {
        class(
            96,
            KzgError::CommitmentEncoding,
            KzgError::CommitmentNotInSubgroup,
        )
        .or_else(|| class(144, KzgError::ProofEncoding, KzgError::ProofNotInSubgroup))
    };
    match (expected, result) {
        (Some(e), r) => assert_eq!(r, Err(e), "refusal order"),
        (None, Ok(out)) => assert_eq!(out, zkhost_bls12381::kzg::OUTPUT),
        (None, r) => assert_eq!(r, Err(KzgError::ProofDoesNotVerify)),
    }
    // Each point alone beside a valid one (infinity), with canonical scalars: c-kzg
    // refuses it exactly when zkhost's decoder does.
    if !C_KZG_RUNS_HERE {
        return;
    }
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    for at in [96, 144] {
        let mut probe = [0u8; 192];
        probe[96..144].copy_from_slice(&infinity);
        probe[144..].copy_from_slice(&infinity);
        probe[at..at + 48].copy_from_slice(&fixed[at..at + 48]);
        let ours = check_g1_compressed(&point(at));
        assert_eq!(
            ours.is_ok(),
            ckzg_verdict(&probe).is_some(),
            "c-kzg and zkhost decode {} differently ({ours:?})",
            hex::encode(&fixed[at..at + 48])
        );
    }
}
