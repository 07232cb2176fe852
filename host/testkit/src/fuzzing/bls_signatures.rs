//! The BLS-signature functions (`bls_*`) against arkworks: `ark-serialize`'s
//! compressed reader, `ark-ec`'s RFC 9380 hasher and `ark-bls12-381`'s pairing, an
//! implementation independent of blst, which zkhost runs.

use ark_bls12_381::{Bls12_381, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::hashing::HashToCurve;
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup};
use zkhost_abi::Crypto;
use zkhost_bls12381::functions as bls;
use zkhost_bls12381::signatures::Ciphersuite;

use crate::bls12_381::{
    g1_bytes, g1_decompress, g2_bytes, g2_decompress, to_compressed, HashToG1, HashToG2,
};

/// The functions, by `data[0] >> 3` modulo their number.
const FUNCTIONS: [Crypto; 12] = [
    Crypto::BlsG1Decompress,
    Crypto::BlsG2Decompress,
    Crypto::BlsG1Compress,
    Crypto::BlsG2Compress,
    Crypto::BlsHashToG1,
    Crypto::BlsHashToG2,
    Crypto::BlsAggregateG1,
    Crypto::BlsAggregateG2,
    Crypto::BlsVerify,
    Crypto::BlsFastAggregateVerify,
    Crypto::BlsFastAggregateVerifyUncompressed,
    Crypto::BlsAggregateVerify,
];

/// An EIP-2537 point as arkworks reads it (curve only; `None` when it does not decode).
fn ark_eip2537_g1(b: &[u8]) -> Option<G1Affine> {
    zkhost_bls12381::Backend::ARKWORKS.check_g1(b, false).ok()?;
    if b.iter().all(|&x| x == 0) {
        return Some(G1Affine::identity());
    }
    let x = ark_ff::PrimeField::from_be_bytes_mod_order(&b[16..64]);
    let y = ark_ff::PrimeField::from_be_bytes_mod_order(&b[80..128]);
    Some(G1Affine::new_unchecked(x, y))
}

fn ark_eip2537_g2(b: &[u8]) -> Option<G2Affine> {
    use ark_ff::PrimeField;
    zkhost_bls12381::Backend::ARKWORKS.check_g2(b, false).ok()?;
    if b.iter().all(|&x| x == 0) {
        return Some(G2Affine::identity());
    }
    let f = |at: usize| ark_bls12_381::Fq::from_be_bytes_mod_order(&b[at + 16..at + 64]);
    let x = ark_bls12_381::Fq2::new(f(0), f(64));
    let y = ark_bls12_381::Fq2::new(f(128), f(192));
    Some(G2Affine::new_unchecked(x, y))
}

/// `e(pk, H(msg))… = e(G1, sig)` on arkworks, for points already validated.
fn ark_check(cs: Ciphersuite, pairs: &[(G1Affine, &[u8])], sig: &G2Affine) -> bool {
    let Ok(hasher) = HashToG2::new(cs.dst()) else {
        return false;
    };
    let mut lhs = Vec::new();
    let mut rhs = Vec::new();
    for (pk, msg) in pairs {
        let Ok(h) = hasher.hash(msg) else {
            return false;
        };
        lhs.push(*pk);
        rhs.push(h);
    }
    lhs.push(-G1Affine::generator());
    rhs.push(*sig);
    Bls12_381::multi_pairing(lhs, rhs).0 == <Bls12_381 as Pairing>::TargetField::from(1u8)
}

/// The `bls_*` functions against arkworks: `data[0] >> 3` picks the function, the rest
/// makes its input (raw, or a valid sample with bytes XORed in, cut or extended). The
/// verdict (and every output) must be arkworks', computed from the same bytes.
pub fn bls_signatures_differential(data: &[u8]) {
    let mode = data.first().copied().unwrap_or(0);
    let op = FUNCTIONS[usize::from(mode >> 3) % FUNCTIONS.len()];
    let input = super::sig::mutated_input(op, data, 4_000);
    let ours = zkhost_runtime::compute(op, None, &input);
    let theirs: Option<Vec<u8>> = match op {
        Crypto::BlsG1Decompress => g1_decompress(&input).ok().map(|p| g1_bytes(&p)),
        Crypto::BlsG2Decompress => g2_decompress(&input).ok().map(|q| g2_bytes(&q)),
        Crypto::BlsG1Compress => (input.len() == 128)
            .then(|| ark_eip2537_g1(&input))
            .flatten()
            .map(|p| to_compressed(&p)),
        Crypto::BlsG2Compress => (input.len() == 256)
            .then(|| ark_eip2537_g2(&input))
            .flatten()
            .map(|q| to_compressed(&q)),
        Crypto::BlsHashToG1 | Crypto::BlsHashToG2 => hash(op, &input),
        Crypto::BlsAggregateG1 => (!input.is_empty() && input.len().is_multiple_of(48))
            .then(|| {
                let points: Option<Vec<G1Affine>> =
                    input.chunks(48).map(|b| g1_decompress(b).ok()).collect();
                points.map(|ps| {
                    to_compressed(
                        &ps.iter()
                            .fold(G1Projective::default(), |s, p| s + p)
                            .into_affine(),
                    )
                })
            })
            .flatten(),
        Crypto::BlsAggregateG2 => (!input.is_empty() && input.len().is_multiple_of(96))
            .then(|| {
                let points: Option<Vec<G2Affine>> =
                    input.chunks(96).map(|b| g2_decompress(b).ok()).collect();
                points.map(|qs| {
                    to_compressed(
                        &qs.iter()
                            .fold(G2Projective::default(), |s, q| s + q)
                            .into_affine(),
                    )
                })
            })
            .flatten(),
        _ => verify(op, &input).then(|| bls::VALID.to_vec()),
    };
    assert_eq!(
        ours.as_ref().ok(),
        theirs.as_ref(),
        "{op:?} on {}: zkhost {ours:?}",
        hex::encode(&input)
    );
}

fn hash(op: Crypto, input: &[u8]) -> Option<Vec<u8>> {
    let (&len, rest) = input.split_first()?;
    let len = usize::from(len);
    if len == 0 || rest.len() < len {
        return None;
    }
    let (dst, msg) = rest.split_at(len);
    Some(match op {
        Crypto::BlsHashToG1 => g1_bytes(&HashToG1::new(dst).ok()?.hash(msg).ok()?),
        _ => g2_bytes(&HashToG2::new(dst).ok()?.hash(msg).ok()?),
    })
}

/// Whether arkworks finds the input well formed and its signature valid, reading the
/// layouts of `zkhost_abi::bls` on its own.
fn verify(op: Crypto, input: &[u8]) -> bool {
    let Some((&cs, rest)) = input.split_first() else {
        return false;
    };
    let Some(cs) = Ciphersuite::from_id(cs) else {
        return false;
    };
    let key = |b: &[u8]| g1_decompress(b).ok().filter(|p| !p.is_zero());
    match op {
        Crypto::BlsVerify => {
            if rest.len() < 144 {
                return false;
            }
            let (pk, rest) = rest.split_at(48);
            let (sig, msg) = rest.split_at(96);
            match (key(pk), g2_decompress(sig).ok()) {
                (Some(pk), Some(sig)) => ark_check(cs, &[(pk, msg)], &sig),
                _ => false,
            }
        }
        Crypto::BlsFastAggregateVerify | Crypto::BlsFastAggregateVerifyUncompressed => {
            let key_len = if op == Crypto::BlsFastAggregateVerify {
                48
            } else {
                128
            };
            if cs != Ciphersuite::ProofOfPossession || rest.len() < 100 {
                return false;
            }
            let (sig, rest) = rest.split_at(96);
            let (n, rest) = rest.split_at(4);
            let n = u32::from_be_bytes([n[0], n[1], n[2], n[3]]) as usize;
            let Some(keys_len) = n.checked_mul(key_len).filter(|&l| n > 0 && l <= rest.len())
            else {
                return false;
            };
            let (keys, msg) = rest.split_at(keys_len);
            let keys: Option<Vec<G1Affine>> = if key_len == 48 {
                keys.chunks(48).map(key).collect()
            } else {
                keys.chunks(128).map(ark_eip2537_g1).collect()
            };
            let (Some(keys), Some(sig)) = (keys, g2_decompress(sig).ok()) else {
                return false;
            };
            let sum = keys
                .iter()
                .fold(G1Projective::default(), |s, p| s + p)
                .into_affine();
            !sum.is_zero() && ark_check(cs, &[(sum, msg)], &sig)
        }
        _ => {
            // AggregateVerify: records to the end.
            if rest.len() < 96 {
                return false;
            }
            let (sig, mut rest) = rest.split_at(96);
            let mut pairs = Vec::new();
            while !rest.is_empty() {
                if rest.len() < 52 {
                    return false;
                }
                let len = u32::from_be_bytes([rest[48], rest[49], rest[50], rest[51]]) as usize;
                if rest.len() - 52 < len {
                    return false;
                }
                let Some(pk) = key(&rest[..48]) else {
                    return false;
                };
                pairs.push((pk, &rest[52..52 + len]));
                rest = &rest[52 + len..];
            }
            let mut msgs: Vec<&[u8]> = pairs.iter().map(|(_, m)| *m).collect();
            msgs.sort_unstable();
            let distinct = msgs.windows(2).all(|w| w[0] != w[1]);
            let Some(sig) = g2_decompress(sig).ok() else {
                return false;
            };
            !pairs.is_empty()
                && (cs == Ciphersuite::ProofOfPossession || distinct)
                && ark_check(cs, &pairs, &sig)
        }
    }
}
