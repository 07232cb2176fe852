//! BLS signatures over BLS12-381, the min-pk variant Ethereum uses (public keys in G1,
//! 48 bytes compressed; signatures in G2, 96 bytes compressed), as
//! draft-irtf-cfrg-bls-signature-05 defines them and Ethereum's consensus
//! specifications use them: `Verify`, `FastAggregateVerify` and `AggregateVerify`.
//!
//! Every public key is validated (`KeyValidate`: it decodes, it is not the point at
//! infinity, it is in the order-r subgroup), and so is the signature (it decodes and is
//! in the subgroup). An input that is not well formed is an [`Error`]; a well-formed one
//! that does not verify is `Ok(false)`. The pairing products run on this thread.
//!
//! Two ciphersuites ([`Ciphersuite`]): Ethereum's proof-of-possession suite, and the
//! basic one, whose `AggregateVerify` refuses repeated messages and which has no
//! `FastAggregateVerify` (it is sound only for keys with a proof of possession).

use ::blst::{
    blst_p1, blst_p1_add_or_double, blst_p1_affine, blst_p1_to_affine, blst_p1s_add, Pairing,
};

use crate::compressed::{self, G1_COMPRESSED_LEN, G2_COMPRESSED_LEN};

/// A ciphersuite: the hash-to-curve tag, and with it the scheme's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ciphersuite {
    /// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`: proof of possession, Ethereum's.
    ProofOfPossession,
    /// `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_`: the basic scheme.
    Basic,
}

impl Ciphersuite {
    /// Both, by [`Ciphersuite::id`].
    pub const ALL: [Ciphersuite; 2] = [Ciphersuite::ProofOfPossession, Ciphersuite::Basic];

    /// The one-byte identifier a caller passes: 0 for proof of possession, 1 for basic.
    pub const fn id(self) -> u8 {
        match self {
            Ciphersuite::ProofOfPossession => zkhost_abi::bls::CIPHERSUITE_POP,
            Ciphersuite::Basic => zkhost_abi::bls::CIPHERSUITE_BASIC,
        }
    }

    /// The ciphersuite of an identifier, if it names one.
    pub const fn from_id(id: u8) -> Option<Ciphersuite> {
        match id {
            zkhost_abi::bls::CIPHERSUITE_POP => Some(Ciphersuite::ProofOfPossession),
            zkhost_abi::bls::CIPHERSUITE_BASIC => Some(Ciphersuite::Basic),
            _ => None,
        }
    }

    /// The domain-separation tag of its hash to G2, which is also its name.
    pub const fn dst(self) -> &'static [u8] {
        match self {
            Ciphersuite::ProofOfPossession => zkhost_abi::bls::POP_DST,
            Ciphersuite::Basic => zkhost_abi::bls::BASIC_DST,
        }
    }

    /// The ciphersuite whose name is `name` (its tag, as the IRTF draft and Wycheproof
    /// write it).
    pub fn from_name(name: &str) -> Option<Ciphersuite> {
        Ciphersuite::ALL
            .into_iter()
            .find(|cs| cs.dst() == name.as_bytes())
    }
}

/// Why a verification was refused before any pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The signature does not decode, or is outside the subgroup.
    #[error("invalid signature: {0}")]
    Signature(compressed::Error),
    /// A public key does not decode, or is outside the subgroup.
    #[error("invalid public key: {0}")]
    PublicKey(compressed::Error),
    /// A public key is the point at infinity.
    #[error("public key is the point at infinity")]
    PublicKeyInfinity,
    /// No public key was given.
    #[error("no public keys")]
    NoPublicKeys,
    /// `AggregateVerify` was given a different number of messages and keys.
    #[error("the numbers of public keys and messages differ")]
    CountMismatch,
    /// The basic scheme's `AggregateVerify` was given one message twice.
    #[error("a message repeats (the basic scheme requires distinct messages)")]
    DuplicateMessage,
    /// A pre-validated key (EIP-2537's encoding) does not decode or is not on the curve.
    #[error("invalid public key: {0}")]
    KeyEncoding(crate::Error),
    /// `FastAggregateVerify` in the basic scheme, where it is not defined.
    #[error("FastAggregateVerify is defined for the proof-of-possession scheme only")]
    NotInCiphersuite,
}

/// `KeyValidate`: the key decoded, not infinity, in the subgroup.
pub(crate) fn public_key(bytes: &[u8; G1_COMPRESSED_LEN]) -> Result<blst_p1_affine, Error> {
    let p = compressed::decode_g1(bytes).map_err(Error::PublicKey)?;
    if p == blst_p1_affine::default() {
        return Err(Error::PublicKeyInfinity);
    }
    Ok(p)
}

fn signature(bytes: &[u8; G2_COMPRESSED_LEN]) -> Result<::blst::blst_p2_affine, Error> {
    compressed::decode_g2(bytes).map_err(Error::Signature)
}

/// `Verify(PK, message, signature)`.
pub fn verify(
    cs: Ciphersuite,
    pk: &[u8; G1_COMPRESSED_LEN],
    msg: &[u8],
    sig: &[u8; G2_COMPRESSED_LEN],
) -> Result<bool, Error> {
    let sig = signature(sig)?;
    let pk = public_key(pk)?;
    Ok(pairing_check(cs, &sig, [(&pk, msg)]))
}

/// `FastAggregateVerify(PK_1..PK_n, message, signature)` in the proof-of-possession
/// scheme: every key validated, their sum checked as one key. A sum at infinity does
/// not verify.
pub fn fast_aggregate_verify(
    cs: Ciphersuite,
    pks: &[[u8; G1_COMPRESSED_LEN]],
    msg: &[u8],
    sig: &[u8; G2_COMPRESSED_LEN],
) -> Result<bool, Error> {
    if cs != Ciphersuite::ProofOfPossession {
        return Err(Error::NotInCiphersuite);
    }
    let sig = signature(sig)?;
    if pks.is_empty() {
        return Err(Error::NoPublicKeys);
    }
    let keys = pks.iter().map(public_key).collect::<Result<Vec<_>, _>>()?;
    Ok(verify_sum(cs, &sig, &sum(&keys), msg))
}

/// [`fast_aggregate_verify`] with keys validated earlier (by
/// [`crate::compressed::g1_decompress`], which checks the subgroup), given as
/// EIP-2537 points one after the other (128 bytes each, at least one) and here
/// **checked on the curve only**: neither the subgroup nor infinity, as EIP-2537's
/// G1ADD. It saves a subgroup check per key for a contract that keeps validated keys
/// (a sync committee). A key that was never validated can make a forged signature
/// verify: the caller vouches for them. A sum at infinity does not verify.
pub fn fast_aggregate_verify_prevalidated(
    cs: Ciphersuite,
    keys: &[u8],
    msg: &[u8],
    sig: &[u8; G2_COMPRESSED_LEN],
) -> Result<bool, Error> {
    if cs != Ciphersuite::ProofOfPossession {
        return Err(Error::NotInCiphersuite);
    }
    let sig = signature(sig)?;
    if keys.is_empty() || !keys.len().is_multiple_of(crate::G1_LEN) {
        return Err(Error::NoPublicKeys);
    }
    let keys = keys
        .chunks_exact(crate::G1_LEN)
        .map(|key| crate::decode_g1::<crate::blst::Engine>(key).map_err(Error::KeyEncoding))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(verify_sum(cs, &sig, &sum(&keys), msg))
}

/// `AggregateVerify((PK_1, message_1)..(PK_n, message_n), signature)`: `pks[i]` signed
/// `msgs[i]`. In the basic scheme the messages must be distinct.
pub fn aggregate_verify(
    cs: Ciphersuite,
    pks: &[[u8; G1_COMPRESSED_LEN]],
    msgs: &[&[u8]],
    sig: &[u8; G2_COMPRESSED_LEN],
) -> Result<bool, Error> {
    let sig = signature(sig)?;
    if pks.is_empty() {
        return Err(Error::NoPublicKeys);
    }
    if pks.len() != msgs.len() {
        return Err(Error::CountMismatch);
    }
    if cs == Ciphersuite::Basic {
        let mut sorted = msgs.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::DuplicateMessage);
        }
    }
    let keys = pks.iter().map(public_key).collect::<Result<Vec<_>, _>>()?;
    Ok(pairing_check(
        cs,
        &sig,
        keys.iter().zip(msgs.iter().copied()),
    ))
}

/// The most keys one call of blst's batch addition sums: 256. `blst_p1s_add` takes its
/// scratch on the calling thread's stack (`alloca`), 144 bytes (a projective point) per
/// key up to 1,024 keys, 144 KiB; the host functions run on the thread that runs the
/// contract, whose stack the node sizes, and each keeps under 64 KiB
/// (docs/src/embedding.md, "Native stack"). 256 keys take 36 KiB. The price is more
/// inversions (one per level of each chunk's tree of pairwise sums), more affine
/// additions of the keys left over below 16, and a projective addition per chunk: at
/// 512 keys about 9% of the sum (the `blst_scratch` example), about 1% of
/// `bls_fast_aggregate_verify_uncompressed` and less of the compressed form, whose
/// key decoding dominates. Smaller chunks cost more (128 keys: about 20% of the sum).
const SUM_CHUNK: usize = 256;

/// The sum of `keys` (points at infinity, all-zero, add nothing), by blst's batch
/// addition over chunks of [`SUM_CHUNK`] keys, then the chunks' sums added: affine
/// additions sharing one inversion per level of a tree of pairwise sums, where adding
/// the keys one by one to a projective sum costs about twice the field products per
/// key. The sum is the same point either way.
fn sum(keys: &[blst_p1_affine]) -> blst_p1 {
    let mut out = blst_p1::default();
    for chunk in keys.chunks(SUM_CHUNK) {
        let mut part = blst_p1::default();
        // blst reads a list of pointers; a null after the first reads the points from
        // there one after the other, so the chunk is passed as it is.
        let points = [chunk.as_ptr(), core::ptr::null()];
        // SAFETY: `points` starts `chunk.len()` consecutive affine points, then null as
        // blst's convention for a contiguous array; blst handles doubling and infinity,
        // and adds in place (`out` is both an input and the output).
        let out_ptr: *mut blst_p1 = &mut out;
        unsafe {
            blst_p1s_add(&mut part, points.as_ptr(), chunk.len());
            blst_p1_add_or_double(out_ptr, out_ptr, &part);
        }
    }
    out
}

/// `FastAggregateVerify`'s last step: the keys' sum checked as one key. A sum at
/// infinity does not verify.
fn verify_sum(cs: Ciphersuite, sig: &::blst::blst_p2_affine, sum: &blst_p1, msg: &[u8]) -> bool {
    let mut aggregate = blst_p1_affine::default();
    // SAFETY: plain structs.
    unsafe { blst_p1_to_affine(&mut aggregate, sum) };
    aggregate != blst_p1_affine::default() && pairing_check(cs, sig, [(&aggregate, msg)])
}

/// Whether `e(g1, sig) = Π e(pk_i, H(msg_i))`, for validated points.
fn pairing_check<'a>(
    cs: Ciphersuite,
    sig: &::blst::blst_p2_affine,
    pairs: impl IntoIterator<Item = (&'a blst_p1_affine, &'a [u8])>,
) -> bool {
    let mut pairing = Pairing::new(true, cs.dst());
    let mut first = true;
    for (pk, msg) in pairs {
        // The signature goes in with the first pair; blst skips a null signature. The
        // points were validated above, so blst's own checks are off.
        let err = if first {
            pairing.aggregate(pk, false, sig, false, msg, &[])
        } else {
            pairing.aggregate(pk, false, &(), false, msg, &[])
        };
        first = false;
        if err != ::blst::BLST_ERROR::BLST_SUCCESS {
            return false;
        }
    }
    pairing.commit();
    pairing.finalverify(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::blst::{blst_hash_to_g1, blst_p1_add_or_double_affine, blst_p1_cneg, blst_p1_is_equal};
    use rand::{Rng, SeedableRng};

    /// A point of G1 (hashed from `seed`), negated if asked.
    fn point(seed: u8, negate: bool) -> blst_p1_affine {
        let (mut p, mut a) = (blst_p1::default(), blst_p1_affine::default());
        let (msg, dst) = ([seed], b"zkhost sum test");
        // SAFETY: plain structs and slices with their lengths.
        unsafe {
            blst_hash_to_g1(
                &mut p,
                msg.as_ptr(),
                1,
                dst.as_ptr(),
                dst.len(),
                core::ptr::null(),
                0,
            );
            blst_p1_cneg(&mut p, negate);
            blst_p1_to_affine(&mut a, &p);
        }
        a
    }

    /// [`sum`] (blst's batch addition, which takes its batch path from 16 points on)
    /// equals the keys added one by one to a projective sum, on lists drawn from a few
    /// points, their negations and infinity: repeated keys (doublings), a key and its
    /// negation (sums through infinity), and infinity itself.
    #[test]
    fn batch_sum_equals_one_by_one() {
        let pool: Vec<blst_p1_affine> = (0..4u8)
            .flat_map(|i| [point(i, false), point(i, true)])
            .chain([blst_p1_affine::default()])
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5u64);
        for len in (0..70).chain([255, 256, 1000]) {
            for _ in 0..4 {
                let keys: Vec<blst_p1_affine> = (0..len)
                    .map(|_| pool[rng.gen_range(0..pool.len())])
                    .collect();
                let mut expected = blst_p1::default();
                for key in &keys {
                    // SAFETY: plain structs; blst allows the output to be an input.
                    unsafe { blst_p1_add_or_double_affine(&mut expected, &expected, key) };
                }
                // SAFETY: plain structs.
                assert!(
                    unsafe { blst_p1_is_equal(&sum(&keys), &expected) },
                    "{len} keys"
                );
            }
        }
        // Pairs that cancel: the sum is infinity.
        let cancel: Vec<blst_p1_affine> = (0..32).map(|i| point(i / 2, i % 2 == 1)).collect();
        // SAFETY: a plain struct.
        assert!(unsafe { ::blst::blst_p1_is_inf(&sum(&cancel)) });
    }
}
