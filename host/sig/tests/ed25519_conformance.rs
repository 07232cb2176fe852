//! `ed25519::{verify, batch_verify}` (ZIP-215's rule) against published vectors, the rule's
//! edge cases and `ed25519-zebra` 4, the ZIP-215 verifier CosmWasm runs: a contract must
//! get the answers a Cosmos chain gives.
//!
//! - RFC 8032 §7.1 TEST 1, 2, 3, 1024 and SHA(abc), copied from the RFC's text (TEST
//!   1024's 1,023-byte message from Wycheproof's `ed25519_test.json` tcId 83, the same
//!   vector under its draft name; `/work/shared/vectors/wycheproof/`, C2SP commit
//!   dac1dd47). `ed25519-dalek` re-makes each key and signature from the secret key, so
//!   a transcription error cannot pass. Each verifies; every single-bit flip of key,
//!   signature or message is refused with the documented error.
//! - ZIP-215's edge cases, generated as `ed25519-zebra`'s `tests/small_order.rs` does: the
//!   8 small-order points' canonical and 6 non-canonical encodings (y + p, x = 0 with the
//!   sign bit set) as key and as R with s = 0 are valid for every message, as for zebra;
//!   `ed25519-dalek`'s `verify_strict` refuses them all (small-order keys), by design.
//! - 2,000 seeded `ed25519-dalek` signatures (messages of 0 to 299 bytes), a single-byte
//!   mutation of each, `s + ℓ`, and keys and R with small-order components: zkhost's
//!   answer is zebra's; a refusal's error is the first documented check that fails.
//! - Batches of 0 to 19 records (signed, small-order, mixed-order, mutated): the answer
//!   the module documents (`expected_batch`), `Ok` exactly when every record verifies alone.
//!   Every truncation off a record boundary is `InputLength`; `record_count` counts what
//!   `records` parses on every prefix. (`ed25519-dalek`'s `verify_batch` is another rule.)

use curve25519_dalek::constants::EIGHT_TORSION;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use ed25519_dalek::{Signer, SigningKey, Verifier};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha512};
use std::collections::BTreeMap;
use zkhost_sig::ed25519::{batch_verify, record_count, records, verify, verify_parts, Error};

/// RFC 8032 §7.1: (name, secret key, public key, message, signature).
const RFC8032: [(&str, &str, &str, &str, &str); 5] = [
    (
        "TEST 1",
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "TEST 2",
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "TEST 3",
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
    (
        "TEST 1024",
        "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
        "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
        TEST_1024_MESSAGE,
        "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03",
    ),
    (
        "TEST SHA(abc)",
        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
    ),
];

/// RFC 8032 §7.1 TEST 1024's message (1,023 bytes).
const TEST_1024_MESSAGE: &str = concat!(
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98fa6e264bf09efe12ee50f8f54e",
    "9f77b1e355f6c50544e23fb1433ddf73be84d879de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a",
    "1b270b20329d658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc1a858efcb8550e",
    "e3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4feba15452f80288a821a579116ec6dad2b3b310da9",
    "03401aa62100ab5d1a36553e06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbefef",
    "d75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7aff6f6c94fcd7204ed3455c68c83",
    "f4a41da4af2b74ef5c53f1d8ac70bdcb7ed185ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532e",
    "d8a5aa3fb2d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24554119a831a9aad6",
    "079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f27088d78b7e883c8759d2c4f5c65adb7553878ad575f9",
    "fad878e80a0c9ba63bcbcc2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b0707e0",
    "917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128bab27af87a71314f318c782b23ebfe80",
    "8b82b0ce26401d2e22f04d83d1255dc51addd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2",
    "af58429ec96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb751fb73e666c6c655ad",
    "e8297297d07ad1ba5e43f1bca32301651339e22904cc8c42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c",
    "4b4c4525004aa06eeff8ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34dff7310f",
    "dc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08d78ff4ef5d63653a65040cf9bfd4aca7",
    "984a74d37145986780fc0b16ac451649de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939",
    "ae49e488acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a32ef5b52a1ecc820e308a",
    "a342721aac0943bf6686b64b2579376504ccc493d97e6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f25",
    "6656168e6c496afc5fb93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b50d334ba7",
    "7c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1369546868a7f3a45a96768d40fd9d03412",
    "c091c6315cf4fde7cb68606937380db2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86ab",
    "a41c0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
);

/// ℓ, the group order, little-endian (RFC 8032 §5.1: 2²⁵² + 27742317777372353535851937790883648493).
const ELL: &str = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";

fn decompress(bytes: &[u8]) -> Option<EdwardsPoint> {
    CompressedEdwardsY::from_slice(bytes).ok()?.decompress()
}

/// `ed25519-zebra`'s answer.
fn zebra(key: &[u8], sig: &[u8], msg: &[u8]) -> Result<(), ed25519_zebra::Error> {
    let sig = ed25519_zebra::Signature::from_bytes(sig.try_into().unwrap());
    ed25519_zebra::VerificationKey::try_from(key).and_then(|vk| vk.verify(&sig, msg))
}

/// `ed25519-dalek`'s `verify_strict` (RFC 8032 with small-order keys and R refused).
fn strict(key: &[u8], sig: &[u8], msg: &[u8]) -> bool {
    let sig = ed25519_dalek::Signature::from_bytes(sig.try_into().unwrap());
    ed25519_dalek::VerifyingKey::from_bytes(key.try_into().unwrap())
        .is_ok_and(|vk| vk.verify_strict(msg, &sig).is_ok())
}

/// The documented answer: the encodings checked in the order key, R, s (by
/// `curve25519-dalek`'s decoders), then the equation, whose verdict is zebra's.
fn expected(key: &[u8], sig: &[u8], msg: &[u8]) -> Result<(), Error> {
    if decompress(key).is_none() {
        return Err(Error::KeyNotOnCurve);
    }
    if decompress(&sig[..32]).is_none() {
        return Err(Error::RNotOnCurve);
    }
    if Option::<Scalar>::from(Scalar::from_canonical_bytes(sig[32..].try_into().unwrap())).is_none()
    {
        return Err(Error::SNotCanonical);
    }
    zebra(key, sig, msg).map_err(|_| Error::Mismatch)
}

/// `verify` on `key ‖ sig ‖ msg`, checked against `verify_parts`.
fn check(key: &[u8], sig: &[u8], msg: &[u8]) -> Result<(), Error> {
    let answer = verify(&[key, sig, msg].concat());
    assert_eq!(answer, verify_parts(key, sig, msg));
    answer
}

#[test]
fn rfc8032_vectors_verify_and_every_bit_flip_is_refused() {
    assert_eq!(hex::encode(Sha512::digest(b"abc")), RFC8032[4].3);
    for (name, secret, public, message, signature) in RFC8032 {
        let (key, msg, sig) = (
            hex::decode(public).unwrap(),
            hex::decode(message).unwrap(),
            hex::decode(signature).unwrap(),
        );
        let signer = SigningKey::from_bytes(&hex::decode(secret).unwrap().try_into().unwrap());
        assert_eq!(signer.verifying_key().to_bytes().to_vec(), key, "{name}");
        assert_eq!(signer.sign(&msg).to_bytes().to_vec(), sig, "{name}");
        assert_eq!(check(&key, &sig, &msg), Ok(()), "{name}");
        assert!(zebra(&key, &sig, &msg).is_ok() && strict(&key, &sig, &msg));
        let mut input = [&key[..], &sig, &msg].concat();
        for bit in 0..input.len() * 8 {
            input[bit / 8] ^= 1 << (bit % 8);
            let (k, rest) = input.split_at(32);
            let (s, m) = rest.split_at(64);
            let answer = check(k, s, m);
            assert!(answer.is_err(), "{name}: bit {bit}");
            assert_eq!(answer, expected(k, s, m), "{name}: bit {bit}");
            input[bit / 8] ^= 1 << (bit % 8);
        }
    }
    // TEST 1 is key ‖ signature alone; every shorter input is refused.
    let input = hex::decode([RFC8032[0].2, RFC8032[0].4].concat()).unwrap();
    assert_eq!(verify(&input), Ok(()));
    for len in 0..96 {
        assert_eq!(verify(&input[..len]), Err(Error::InputLength), "{len}");
    }
}

/// The 8 small-order points' canonical encodings, then their non-canonical ones: y + p
/// where it fits in 255 bits (y < 19), and the sign bit set where x = 0.
fn small_order_encodings() -> (Vec<[u8; 32]>, Vec<[u8; 32]>) {
    let canonical: Vec<[u8; 32]> = EIGHT_TORSION
        .iter()
        .map(|p| p.compress().to_bytes())
        .collect();
    let mut non_canonical = Vec::new();
    for c in &canonical {
        let point = decompress(c).unwrap();
        let mut variants = vec![*c];
        if c[1..31].iter().all(|&b| b == 0) && c[31] & 0x7f == 0 && c[0] < 19 {
            let mut plus_p = [0xff; 32];
            plus_p[0] = 0xed + c[0];
            plus_p[31] = 0x7f | (c[31] & 0x80);
            variants.push(plus_p);
        }
        for v in variants {
            let mut flipped = v;
            flipped[31] ^= 0x80;
            for e in [v, flipped] {
                if e != *c && decompress(&e) == Some(point) && !non_canonical.contains(&e) {
                    non_canonical.push(e);
                }
            }
        }
    }
    (canonical, non_canonical)
}

#[test]
fn small_order_keys_and_r_with_s_zero_are_valid_as_zebra_says() {
    let (canonical, non_canonical) = small_order_encodings();
    assert_eq!(canonical.len(), 8);
    assert_eq!(non_canonical.len(), 6);
    for e in &non_canonical {
        let point = decompress(e).unwrap();
        assert!(point.is_small_order() && point.compress().to_bytes() != *e);
    }
    let all: Vec<[u8; 32]> = canonical.into_iter().chain(non_canonical).collect();
    let mut rng = ChaCha20Rng::seed_from_u64(0x215);
    let (mut cases, mut legacy) = (0, 0);
    for a in &all {
        for r in &all {
            let sig = [&r[..], &[0u8; 32]].concat();
            let random = bytes(&mut rng, 1..64);
            for msg in [&b""[..], b"Zcash", &random] {
                let case = format!("A {} R {}", hex::encode(a), hex::encode(r));
                assert_eq!(check(a, &sig, msg), Ok(()), "{case}");
                assert!(zebra(a, &sig, msg).is_ok(), "{case}");
                // verify_strict refuses every small-order key.
                assert!(!strict(a, &sig, msg), "{case}");
                let dalek = ed25519_dalek::VerifyingKey::from_bytes(a).unwrap();
                let sig = ed25519_dalek::Signature::from_slice(&sig).unwrap();
                legacy += usize::from(dalek.verify(msg, &sig).is_ok());
                cases += 1;
            }
        }
    }
    println!("{cases} small-order cases valid; dalek's cofactorless verify accepts {legacy}");
}

/// `s + ℓ` (s < ℓ, so the sum fits in 254 bits), little-endian.
fn plus_ell(s: &[u8]) -> [u8; 32] {
    let ell = hex::decode(ELL).unwrap();
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let v = u16::from(s[i]) + u16::from(ell[i]) + carry;
        out[i] = v as u8;
        carry = v >> 8;
    }
    out
}

/// A record: key, signature, message.
type Rec = (Vec<u8>, Vec<u8>, Vec<u8>);

/// Random bytes, as many as a draw from `len`.
fn bytes(rng: &mut ChaCha20Rng, len: std::ops::Range<usize>) -> Vec<u8> {
    (0..rng.gen_range(len)).map(|_| rng.gen()).collect()
}

/// A message of a length drawn from `len`, signed by a random `ed25519-dalek` key.
fn signed(rng: &mut ChaCha20Rng, len: std::ops::Range<usize>) -> Rec {
    let signer = SigningKey::from_bytes(&rng.gen());
    let msg = bytes(rng, len);
    let sig = signer.sign(&msg).to_bytes().to_vec();
    (signer.verifying_key().to_bytes().to_vec(), sig, msg)
}

/// One random byte of key, signature or message changed.
fn mutate(rec: &mut Rec, rng: &mut ChaCha20Rng) {
    let parts = if rec.2.is_empty() { 2 } else { 3 };
    let part = [&mut rec.0, &mut rec.1, &mut rec.2]
        .into_iter()
        .nth(rng.gen_range(0..parts))
        .unwrap();
    let i = rng.gen_range(0..part.len());
    part[i] ^= rng.gen_range(1..=255u8);
}

#[test]
fn zkhost_agrees_with_zebra_on_signatures_and_their_mutations() {
    let mut rng = ChaCha20Rng::seed_from_u64(0xed25519);
    let mut tally = BTreeMap::<String, usize>::new();
    let mut strict_refusals = BTreeMap::<bool, usize>::new();
    for case in 0..2_000 {
        let (key, sig, msg) = signed(&mut rng, 0..300);
        assert_eq!(check(&key, &sig, &msg), Ok(()), "case {case}");
        assert!(zebra(&key, &sig, &msg).is_ok());
        let mut m = (key.clone(), sig.clone(), msg.clone());
        mutate(&mut m, &mut rng);
        let answer = check(&m.0, &m.1, &m.2);
        let input = hex::encode([&m.0[..], &m.1, &m.2].concat());
        assert_eq!(answer.is_ok(), zebra(&m.0, &m.1, &m.2).is_ok(), "{input}");
        assert_eq!(answer, expected(&m.0, &m.1, &m.2), "{input}");
        *tally.entry(format!("{answer:?}")).or_default() += 1;
        // s + ℓ: the same scalar, not canonical.
        let high = [&sig[..32], &plus_ell(&sig[32..])].concat();
        assert_eq!(check(&key, &high, &msg), Err(Error::SNotCanonical));
        assert!(zebra(&key, &high, &msg).is_err());
        // A key and R with small-order components, signed here: valid under the
        // cofactored equation only.
        let t = EIGHT_TORSION[rng.gen_range(1..8)];
        for (t_r, t_a) in [(t, EIGHT_TORSION[0]), (EIGHT_TORSION[0], t)] {
            let (key, sig) = mixed_order(&mut rng, &msg, t_r, t_a);
            assert_eq!(check(&key, &sig, &msg), Ok(()), "case {case}");
            assert!(zebra(&key, &sig, &msg).is_ok(), "case {case}");
            *strict_refusals.entry(t_r == t).or_default() += usize::from(!strict(&key, &sig, &msg));
        }
    }
    let (r_refused, a_refused) = (strict_refusals[&true], strict_refusals[&false]);
    println!("mutations: {tally:?}; verify_strict refuses mixed-order R {r_refused}, keys {a_refused} of 2000");
    for e in
        ["KeyNotOnCurve", "RNotOnCurve", "SNotCanonical", "Mismatch"].map(|e| format!("Err({e})"))
    {
        assert!(tally.contains_key(&e), "{e} never reached: {tally:?}");
    }
    assert_eq!(r_refused, 2_000);
}

/// A signature of `msg` made here with R = [r]B + `t_r` and A = [a]B + `t_a` (`t_r`, `t_a`
/// small-order): `[8][s]B = [8]R + [8][k]A` holds, `[s]B = R + [k]A` does not where a
/// T ≠ 0 is left over.
fn mixed_order(
    rng: &mut ChaCha20Rng,
    msg: &[u8],
    t_r: EdwardsPoint,
    t_a: EdwardsPoint,
) -> (Vec<u8>, Vec<u8>) {
    let a = Scalar::from_bytes_mod_order(rng.gen());
    let r = Scalar::from_bytes_mod_order(rng.gen());
    let key = (EdwardsPoint::mul_base(&a) + t_a).compress().to_bytes();
    let big_r = (EdwardsPoint::mul_base(&r) + t_r).compress().to_bytes();
    let k = Sha512::new()
        .chain_update(big_r)
        .chain_update(key)
        .chain_update(msg);
    let k = Scalar::from_bytes_mod_order_wide(&k.finalize().into());
    (key.to_vec(), [big_r, (r + k * a).to_bytes()].concat())
}

fn batch_input(recs: &[Rec]) -> Vec<u8> {
    let mut out = Vec::new();
    for (k, s, m) in recs {
        out.extend_from_slice(k);
        out.extend_from_slice(s);
        out.extend_from_slice(&(m.len() as u32).to_be_bytes());
        out.extend_from_slice(m);
    }
    out
}

/// What the module documents for a batch: `Ok` when every record verifies alone; else the
/// first record's encoding error if any record has one (all are decoded first); else
/// `Mismatch`.
fn expected_batch(recs: &[Rec]) -> Result<(), Error> {
    let singles: Vec<_> = recs.iter().map(|(k, s, m)| check(k, s, m)).collect();
    let encoding = singles
        .iter()
        .find(|r| !matches!(r, Ok(()) | Err(Error::Mismatch)));
    let first = encoding.or_else(|| singles.iter().find(|r| r.is_err()));
    first.copied().unwrap_or(Ok(()))
}

#[test]
fn batches_answer_as_their_records_do() {
    let mut rng = ChaCha20Rng::seed_from_u64(0xba7c);
    let (canonical, non_canonical) = small_order_encodings();
    let small: Vec<[u8; 32]> = canonical.into_iter().chain(non_canonical).collect();
    let mut tally = BTreeMap::<String, usize>::new();
    for batch in 0..400 {
        let mut recs: Vec<_> = (0..rng.gen_range(0..20))
            .map(|_| match rng.gen_range(0..5) {
                0 => {
                    let msg = bytes(&mut rng, 0..40);
                    let t = EIGHT_TORSION[rng.gen_range(0..8)];
                    let (key, sig) = mixed_order(&mut rng, &msg, t, t);
                    (key, sig, msg)
                }
                1 => {
                    let a = small[rng.gen_range(0..small.len())].to_vec();
                    let r = small[rng.gen_range(0..small.len())];
                    (a, [&r[..], &[0; 32]].concat(), bytes(&mut rng, 0..40))
                }
                _ => signed(&mut rng, 0..80),
            })
            .collect();
        if !recs.is_empty() && rng.gen() {
            for _ in 0..rng.gen_range(1..=2) {
                let i = rng.gen_range(0..recs.len());
                mutate(&mut recs[i], &mut rng);
            }
        }
        let input = batch_input(&recs);
        let answer = batch_verify(&input);
        let case = format!("batch {batch}: {}", hex::encode(&input));
        assert_eq!(answer, expected_batch(&recs), "{case}");
        let all_zebra = recs.iter().all(|(k, s, m)| zebra(k, s, m).is_ok());
        assert_eq!(answer.is_ok(), all_zebra, "{case}");
        assert_eq!(records(&input).map(|r| r.len()), Ok(recs.len()));
        assert_eq!(record_count(&input), Some(recs.len()));
        *tally.entry(format!("{answer:?}")).or_default() += 1;
    }
    println!("batches: {tally:?}");
    assert!(tally.len() >= 4, "{tally:?}");
}

#[test]
fn an_encoding_error_is_reported_before_an_earlier_records_mismatch() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x0dd);
    let mut mismatch = signed(&mut rng, 0..20);
    mismatch.1[40] ^= 0x01; // s changes, stays canonical: the equation fails.
    let mut bad_s = signed(&mut rng, 0..20);
    bad_s.1[63] |= 0xf0; // s ≥ ℓ.
    assert_eq!(
        check(&mismatch.0, &mismatch.1, &mismatch.2),
        Err(Error::Mismatch)
    );
    assert_eq!(
        check(&bad_s.0, &bad_s.1, &bad_s.2),
        Err(Error::SNotCanonical)
    );
    let valid = signed(&mut rng, 0..20);
    let input = batch_input(&[valid, mismatch, bad_s]);
    assert_eq!(batch_verify(&input), Err(Error::SNotCanonical));
}

#[test]
fn truncated_batches_are_input_length_and_record_count_agrees_with_records() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x7ec);
    let recs: Vec<_> = [0, 1, 37, 0, 5].map(|n| signed(&mut rng, n..n + 1)).into();
    let input = batch_input(&recs);
    let mut boundaries = vec![0];
    for (_, _, m) in &recs {
        boundaries.push(boundaries.last().unwrap() + 100 + m.len());
    }
    assert_eq!(*boundaries.last().unwrap(), input.len());
    for len in 0..=input.len() {
        let prefix = &input[..len];
        let count = records(prefix).map(|r| r.len());
        assert_eq!(record_count(prefix), count.ok(), "prefix {len}");
        match boundaries.iter().position(|&b| b == len) {
            Some(n) => {
                assert_eq!(count, Ok(n), "prefix {len}");
                assert_eq!(batch_verify(prefix), Ok(()), "prefix {len}");
            }
            None => {
                assert_eq!(count, Err(Error::InputLength), "prefix {len}");
                assert_eq!(batch_verify(prefix), Err(Error::InputLength), "{len}");
            }
        }
    }
    // A length past the input's end, up to u32::MAX.
    for declared in [6u32, 1 << 20, u32::MAX] {
        let mut long = batch_input(&recs[4..]);
        long[96..100].copy_from_slice(&declared.to_be_bytes());
        assert_eq!(batch_verify(&long), Err(Error::InputLength), "{declared}");
        assert_eq!(record_count(&long), None);
    }
}
