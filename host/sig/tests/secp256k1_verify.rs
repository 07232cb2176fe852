//! `secp256k1::verify` and `secp256k1::recover_pubkey` (CosmWasm's `secp256k1_verify` and
//! `secp256k1_recover_pubkey`) beside RustCrypto's `k256`, an implementation independent
//! of the libsecp256k1 the crate runs on.
//!
//! - 2,000 seeded keys and hashes signed with `k256`: every signature verifies with the
//!   compressed and the uncompressed key, with its low `s` and with `n − s` (no low-S
//!   rule), and recovers `k256`'s key (for `n − s` with the other recovery id, as EIP-2
//!   and CosmWasm read it). Each input is then mutated (one random byte of hash, `r`,
//!   `s`, key or recovery id, now and then a whole word set to 0, n, n − 1, p or
//!   2²⁵⁶ − 1) and the answer, error included, must be the one rebuilt from `k256`'s
//!   own parsers in the documented order of checks (`k256_verify`, `k256_recover`).
//! - Edge cases with their exact errors: every wrong length, `r` and `s` at 0, n and
//!   2²⁵⁶ − 1, key prefixes and lengths that do not match, coordinates ≥ p, an x with
//!   no curve point, (x, y + 1), recovery ids 2, 3, 27, an `r` that recovers no key,
//!   and hashes ≥ n (reduced mod n by both libraries).
//!
//! p and n are SEC 2's (v2, §2.4.1); nothing else is a hard-coded result. Wycheproof's
//! secp256k1 vectors are another test's.

use k256::ecdsa::signature::hazmat::PrehashVerifier;
use k256::ecdsa::{RecoveryId, Signature, SigningKey, VerifyingKey};
use k256::{FieldBytes, NonZeroScalar};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::collections::BTreeMap;
use zkhost_sig::secp256k1::{recover_pubkey, verify, Error};

/// secp256k1's field modulus p and group order n (SEC 2 v2, §2.4.1).
const P_HEX: &str = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
const N_HEX: &str = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

fn word(hex: &str) -> [u8; 32] {
    hex::decode(hex).unwrap().try_into().unwrap()
}

/// Whether 32 big-endian bytes are in [1, n), by `k256`'s scalar parser.
fn in_range(b: &[u8]) -> bool {
    NonZeroScalar::from_repr(*FieldBytes::from_slice(b))
        .is_some()
        .into()
}

/// CosmWasm's `secp256k1_verify` rebuilt on `k256`, in the documented order: the
/// length; `r`, then `s` in [1, n); the prefix for the key's length and coordinates
/// below p (CosmWasm checks the prefix before `k256`, which would also parse SEC 1's
/// compact `05 ‖ x`); `k256`'s key parser (any refusal: not on the curve); `k256`'s
/// verifier on the normalised signature.
fn k256_verify(input: &[u8]) -> Result<(), Error> {
    if input.len() != 129 && input.len() != 161 {
        return Err(Error::InputLength);
    }
    let (hash, rest) = input.split_at(32);
    let (rs, key) = rest.split_at(64);
    if !in_range(&rs[..32]) {
        return Err(Error::ROutOfRange);
    }
    if !in_range(&rs[32..]) {
        return Err(Error::SOutOfRange);
    }
    let prefix_ok = matches!((key.len(), key[0]), (33, 2 | 3) | (65, 4));
    if !prefix_ok || key[1..].chunks(32).any(|c| c >= &word(P_HEX)[..]) {
        return Err(Error::KeyEncoding);
    }
    let key = VerifyingKey::from_sec1_bytes(key).map_err(|_| Error::KeyNotOnCurve)?;
    let sig = Signature::from_slice(rs).map_err(|_| Error::Mismatch)?;
    let sig = sig.normalize_s().unwrap_or(sig);
    key.verify_prehash(hash, &sig).map_err(|_| Error::Mismatch)
}

/// CosmWasm's `secp256k1_recover_pubkey` rebuilt on `k256`: the length, the id (0 or
/// 1), `r`, `s`; a high `s` is normalised and the id's parity flipped (`k256` recovers
/// only low-s signatures); no key recovered is `NoKey`.
fn k256_recover(input: &[u8]) -> Result<[u8; 65], Error> {
    if input.len() != 97 {
        return Err(Error::InputLength);
    }
    let id = match input[96] {
        0 | 1 => RecoveryId::from_byte(input[96]).unwrap(),
        _ => return Err(Error::RecoveryId),
    };
    if !in_range(&input[32..64]) {
        return Err(Error::ROutOfRange);
    }
    if !in_range(&input[64..96]) {
        return Err(Error::SOutOfRange);
    }
    let sig = Signature::from_slice(&input[32..96]).unwrap();
    let (sig, id) = match sig.normalize_s() {
        Some(low) => (low, RecoveryId::new(!id.is_y_odd(), false)),
        None => (sig, id),
    };
    let key =
        VerifyingKey::recover_from_prehash(&input[..32], &sig, id).map_err(|_| Error::NoKey)?;
    Ok(key.to_encoded_point(false).as_bytes().try_into().unwrap())
}

/// A `k256` key from the generator.
fn signing_key(rng: &mut ChaCha20Rng) -> SigningKey {
    loop {
        let secret: [u8; 32] = rng.gen();
        if let Ok(key) = SigningKey::from_bytes(&secret.into()) {
            return key;
        }
    }
}

/// `r ‖ s` and `r ‖ n − s` of `k256`'s (low-s) signature of `hash`, and its recovery id.
fn sign(key: &SigningKey, hash: &[u8]) -> ([u8; 64], [u8; 64], u8) {
    let (sig, id) = key.sign_prehash_recoverable(hash).expect("signs");
    assert!(sig.normalize_s().is_none(), "k256 signs with low s");
    let low: [u8; 64] = sig.to_bytes().into();
    let mut high = low;
    high[32..].copy_from_slice(&FieldBytes::from(-sig.s()));
    (low, high, id.to_byte())
}

fn key_bytes(key: &SigningKey, compressed: bool) -> Vec<u8> {
    key.verifying_key()
        .to_encoded_point(compressed)
        .as_bytes()
        .to_vec()
}

/// One random byte changed, or (one time in eight) `r`, `s` or a key coordinate set to
/// 0, n, n − 1, p or 2²⁵⁶ − 1.
fn mutate(input: &mut [u8], rng: &mut ChaCha20Rng) {
    if rng.gen_range(0..8) == 0 {
        let starts: Vec<usize> = [32, 64, 97, 129]
            .into_iter()
            .filter(|&at| at + 32 <= input.len())
            .collect();
        let at = starts[rng.gen_range(0..starts.len())];
        let mut n_minus_1 = word(N_HEX);
        n_minus_1[31] -= 1;
        let values = [[0; 32], word(N_HEX), n_minus_1, word(P_HEX), [0xff; 32]];
        input[at..at + 32].copy_from_slice(&values[rng.gen_range(0..values.len())]);
    } else {
        let i = rng.gen_range(0..input.len());
        input[i] ^= rng.gen_range(1..=255u8);
    }
}

#[test]
fn the_crate_constants_are_sec2s() {
    assert_eq!(zkhost_sig::secp256k1::P, word(P_HEX));
    assert_eq!(zkhost_sig::secp256k1::N, word(N_HEX));
}

#[test]
fn k256_signatures_verify_and_recover_and_mutations_agree_with_k256() {
    let mut rng = ChaCha20Rng::seed_from_u64(0xc05_3a5e);
    let mut verified = BTreeMap::<String, usize>::new();
    let mut recovered = BTreeMap::<String, usize>::new();
    for case in 0..2_000 {
        let key = signing_key(&mut rng);
        let hash: [u8; 32] = rng.gen();
        let (low, high, id) = sign(&key, &hash);
        assert!(id < 2, "case {case}: an x-reduced id (probability 2^-127)");
        let uncompressed = key_bytes(&key, false);
        for (rs, compressed) in [(low, true), (low, false), (high, true), (high, false)] {
            let input = [&hash[..], &rs, &key_bytes(&key, compressed)].concat();
            let case = format!("case {case}: {}", hex::encode(&input));
            assert_eq!(verify(&input), Ok(()), "{case}");
            assert_eq!(k256_verify(&input), Ok(()), "{case}");
            let mut mutated = input.clone();
            mutate(&mut mutated, &mut rng);
            let ours = verify(&mutated);
            assert_eq!(ours, k256_verify(&mutated), "{}", hex::encode(&mutated));
            *verified.entry(format!("{ours:?}")).or_default() += 1;
        }
        // (r, n − s) is the same signature with the other parity of R's y.
        for (rs, id) in [(low, id), (high, id ^ 1)] {
            let input = [&hash[..], &rs, &[id]].concat();
            let expected = Ok(uncompressed.clone());
            assert_eq!(recover_pubkey(&input).map(|k| k.to_vec()), expected);
            assert_eq!(k256_recover(&input).map(|k| k.to_vec()), expected);
            let mut mutated = input.clone();
            mutate(&mut mutated[..96], &mut rng);
            if rng.gen_range(0..8) == 0 {
                mutated[96] = rng.gen();
            }
            let ours = recover_pubkey(&mutated);
            assert_eq!(ours, k256_recover(&mutated), "{}", hex::encode(&mutated));
            let ours = ours.map(|_| ());
            *recovered.entry(format!("{ours:?}")).or_default() += 1;
        }
    }
    println!("mutated, verify: {verified:?}\nmutated, recover_pubkey: {recovered:?}");
    for e in [
        "ROutOfRange",
        "SOutOfRange",
        "KeyEncoding",
        "KeyNotOnCurve",
        "Mismatch",
    ] {
        assert!(
            verified.contains_key(&format!("Err({e})")),
            "{e}: {verified:?}"
        );
    }
    for e in [
        "Ok(())",
        "Err(RecoveryId)",
        "Err(ROutOfRange)",
        "Err(SOutOfRange)",
        "Err(NoKey)",
    ] {
        assert!(recovered.contains_key(e), "{e}: {recovered:?}");
    }
}

/// A signed input with the compressed key and one with the uncompressed key, and the
/// 97-byte recovery input, from a fixed seed.
fn fixed() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let mut rng = ChaCha20Rng::seed_from_u64(0xed9e);
    let key = signing_key(&mut rng);
    let hash: [u8; 32] = rng.gen();
    let (rs, _, id) = sign(&key, &hash);
    (
        [&hash[..], &rs, &key_bytes(&key, true)].concat(),
        [&hash[..], &rs, &key_bytes(&key, false)].concat(),
        [&hash[..], &rs, &[id]].concat(),
    )
}

/// The smallest x ≥ 5 that is no curve point's x-coordinate, by `k256`'s decompression.
fn x_off_the_curve() -> [u8; 32] {
    (5u8..)
        .map(|x| {
            let mut w = [0u8; 32];
            w[31] = x;
            w
        })
        .find(|x| VerifyingKey::from_sec1_bytes(&[&[2u8][..], x].concat()).is_err())
        .unwrap()
}

#[test]
fn every_wrong_length_is_refused_before_anything_else() {
    let (compressed, _, recover) = fixed();
    for len in (0..=200).filter(|&l| l != 129 && l != 161) {
        let mut input = compressed.clone();
        input.resize(len, 0x04);
        assert_eq!(verify(&input), Err(Error::InputLength), "{len}");
    }
    for len in (0..=200).filter(|&l| l != 97) {
        let mut input = recover.clone();
        input.resize(len, 0);
        assert_eq!(recover_pubkey(&input), Err(Error::InputLength), "{len}");
    }
}

#[test]
fn r_and_s_out_of_range_are_refused_in_order() {
    let (compressed, uncompressed, recover) = fixed();
    let bad = [[0u8; 32], word(N_HEX), [0xff; 32]];
    for base in [&compressed, &uncompressed, &recover] {
        let check = |input: &[u8]| match input.len() {
            97 => recover_pubkey(input).map(|_| ()),
            _ => verify(input),
        };
        for value in bad {
            let mut r = base.clone();
            r[32..64].copy_from_slice(&value);
            assert_eq!(check(&r), Err(Error::ROutOfRange));
            // r before s.
            r[64..96].copy_from_slice(&value);
            assert_eq!(check(&r), Err(Error::ROutOfRange));
            let mut s = base.clone();
            s[64..96].copy_from_slice(&value);
            assert_eq!(check(&s), Err(Error::SOutOfRange));
            // s before the key (or, for recovery, after the id).
            if base.len() == 97 {
                s[96] = 2;
                assert_eq!(check(&s), Err(Error::RecoveryId));
            } else {
                s[96] = 0x05;
                assert_eq!(check(&s), Err(Error::SOutOfRange));
            }
        }
        // n − 1 is in range: the answer is the signature's (k256's), not a range error.
        let mut n_minus_1 = word(N_HEX);
        n_minus_1[31] -= 1;
        for at in [32, 64] {
            let mut input = base.clone();
            input[at..at + 32].copy_from_slice(&n_minus_1);
            let theirs = match input.len() {
                97 => k256_recover(&input).map(|_| ()),
                _ => k256_verify(&input),
            };
            assert_eq!(check(&input), theirs);
            assert!(!matches!(
                theirs,
                Err(Error::ROutOfRange | Error::SOutOfRange)
            ));
        }
    }
}

#[test]
fn keys_with_bad_encodings_or_off_the_curve_are_refused() {
    let (compressed, uncompressed, _) = fixed();
    let with_key = |key: &[u8]| [&compressed[..96], key].concat();
    let x = &compressed[97..];
    let y = &uncompressed[129..];
    // Prefixes that do not fit the length.
    for key in [
        [&[0x05], x].concat(),
        [&[0x00], x].concat(),
        [&[0x04], x].concat(),
        [&[0x02], x, y].concat(),
        [&[0x03], x, y].concat(),
        [&[0x06], x, y].concat(),
        [&[0x07], x, y].concat(),
        [&[0x00], x, y].concat(),
    ] {
        let input = with_key(&key);
        assert_eq!(
            verify(&input),
            Err(Error::KeyEncoding),
            "{}",
            hex::encode(&key)
        );
        assert_eq!(k256_verify(&input), Err(Error::KeyEncoding));
    }
    // A coordinate not below p.
    let p = word(P_HEX);
    for key in [
        [&[0x02], &p[..]].concat(),
        [&[0x03], &[0xff; 32][..]].concat(),
        [&[0x04], &p[..], y].concat(),
        [&[0x04], x, &p[..]].concat(),
    ] {
        let input = with_key(&key);
        assert_eq!(
            verify(&input),
            Err(Error::KeyEncoding),
            "{}",
            hex::encode(&key)
        );
    }
    // An x with no curve point, and (x, y + 1).
    let off = x_off_the_curve();
    for prefix in [0x02, 0x03] {
        let key = [&[prefix], &off[..]].concat();
        assert_eq!(
            verify(&with_key(&key)),
            Err(Error::KeyNotOnCurve),
            "{off:?}"
        );
    }
    let mut y1: [u8; 32] = y.try_into().unwrap();
    let last = y1.iter().rposition(|&b| b != 0xff).unwrap();
    y1[last] += 1;
    y1[last + 1..].fill(0);
    assert!(y1 < p, "y + 1 is below p for this seed");
    let key = [&[0x04], x, &y1[..]].concat();
    assert_eq!(verify(&with_key(&key)), Err(Error::KeyNotOnCurve));
    // x = 0 (the point at infinity has no 33-byte encoding): as k256 answers.
    let zero = with_key(&[&[0x02], &[0u8; 32][..]].concat());
    assert_eq!(verify(&zero), k256_verify(&zero));
    // The uncompressed input with its x and y intact still verifies.
    assert_eq!(verify(&uncompressed), Ok(()));
}

#[test]
fn recovery_ids_other_than_0_and_1_and_r_with_no_point_are_refused() {
    let (_, _, recover) = fixed();
    for id in [2u8, 3, 27, 28, 255] {
        let mut input = recover.clone();
        input[96] = id;
        assert_eq!(recover_pubkey(&input), Err(Error::RecoveryId), "id {id}");
        // The id is checked before r.
        input[32..64].fill(0);
        assert_eq!(recover_pubkey(&input), Err(Error::RecoveryId), "id {id}");
    }
    let off = x_off_the_curve();
    for id in [0u8, 1] {
        let mut input = recover.clone();
        input[32..64].copy_from_slice(&off);
        input[96] = id;
        assert_eq!(recover_pubkey(&input), Err(Error::NoKey), "{off:?}");
        assert_eq!(k256_recover(&input), Err(Error::NoKey));
    }
}

#[test]
fn hashes_not_below_n_are_reduced_as_k256_reduces_them() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x4a54);
    let mut n_plus_1 = word(N_HEX);
    n_plus_1[31] += 1;
    for hash in [[0u8; 32], word(N_HEX), n_plus_1, word(P_HEX), [0xff; 32]] {
        let key = signing_key(&mut rng);
        let (low, high, id) = sign(&key, &hash);
        for rs in [low, high] {
            for compressed in [true, false] {
                let input = [&hash[..], &rs, &key_bytes(&key, compressed)].concat();
                assert_eq!(verify(&input), Ok(()), "hash {}", hex::encode(hash));
            }
        }
        let input = [&hash[..], &low, &[id]].concat();
        let recovered = recover_pubkey(&input).map(|k| k.to_vec());
        assert_eq!(recovered, Ok(key_bytes(&key, false)));
        // The hash and the hash + n (where it fits) are the same message to ECDSA.
        if hash == [0; 32] {
            let input = [&word(N_HEX)[..], &low, &key_bytes(&key, true)].concat();
            assert_eq!(verify(&input), Ok(()));
        }
    }
}
