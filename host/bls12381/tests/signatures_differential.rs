//! Compressed points, hash-to-curve and BLS verification against arkworks
//! (`ark-bls12-381` 0.6 with `ark-ec`'s RFC 9380 hasher and `ark-serialize`'s
//! compressed reader), on generated inputs: valid points and signatures, and the
//! same with flag bits flipped, `x ≥ p`, points off the curve or outside the subgroup,
//! infinity encodings, random bytes; random messages and tags of 1 to 255 bytes.
//! `ZKHOST_SEED` changes the inputs, `ZKHOST_DIFFERENTIAL_CASES` the count.

use ark_bls12_381::{Bls12_381, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::hashing::HashToCurve;
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::UniformRand;
use ark_serialize::CanonicalDeserialize;
use rand::{Rng, RngCore};
use zkhost_bls12381::compressed::{self, G1_COMPRESSED_LEN, G2_COMPRESSED_LEN};
use zkhost_bls12381::hash_to_curve::{hash_to_g1, hash_to_g2};
use zkhost_bls12381::signatures::{self, Ciphersuite};
use zkhost_testkit::bls12_381::{
    g1_bytes, g1_outside_subgroup, g2_bytes, g2_outside_subgroup, mutate_compressed, to_compressed,
    HashToG1, HashToG2,
};
use zkhost_testkit::rng;

/// Cases per property (arkworks' pairing is the slow side).
const CASES: usize = 300;

fn cases() -> usize {
    rng::differential_cases(CASES)
}

#[test]
fn decompress_matches_arkworks() {
    let mut rng = rng::rng(0xb15_0001);
    let mut outcomes = [0usize; 5];
    for case in 0..cases() {
        let p = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let off = to_compressed(&g1_outside_subgroup(&mut rng));
        let b: [u8; G1_COMPRESSED_LEN] = mutate_compressed(&mut rng, &to_compressed(&p), &off);
        let ours = compressed::g1_decompress(&b);
        let theirs = G1Affine::deserialize_compressed(&b[..]);
        match (&ours, &theirs) {
            (Ok(o), Ok(t)) => assert_eq!(
                o.to_vec(),
                g1_bytes(t),
                "G1 case {case}: {}",
                hex::encode(b)
            ),
            (Err(_), Err(_)) => {}
            _ => panic!(
                "G1 case {case}: zkhost {ours:?}, arkworks {theirs:?} on {}",
                hex::encode(b)
            ),
        }
        outcomes[ours.err().map_or(0, |e| {
            1 + compressed::Error::ALL
                .iter()
                .position(|x| *x == e)
                .unwrap_or(0)
        })] += 1;

        let q = (G2Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let off = to_compressed(&g2_outside_subgroup(&mut rng));
        let b: [u8; G2_COMPRESSED_LEN] = mutate_compressed(&mut rng, &to_compressed(&q), &off);
        let ours = compressed::g2_decompress(&b);
        let theirs = G2Affine::deserialize_compressed(&b[..]);
        match (&ours, &theirs) {
            (Ok(o), Ok(t)) => assert_eq!(
                o.to_vec(),
                g2_bytes(t),
                "G2 case {case}: {}",
                hex::encode(b)
            ),
            (Err(_), Err(_)) => {}
            _ => panic!(
                "G2 case {case}: zkhost {ours:?}, arkworks {theirs:?} on {}",
                hex::encode(b)
            ),
        }
    }
    eprintln!("G1 outcomes (ok, length, encoding, curve, subgroup): {outcomes:?}");
    // The generator reaches every outcome but the length (fixed-size input).
    assert!(outcomes[0] > 0 && outcomes[2] > 0 && outcomes[3] > 0 && outcomes[4] > 0);
}

#[test]
fn compress_round_trips() {
    let mut rng = rng::rng(0xb15_0002);
    for _ in 0..cases() {
        let p = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let c = compressed::g1_compress(&g1_bytes(&p).try_into().unwrap()).expect("a curve point");
        assert_eq!(c.to_vec(), to_compressed(&p));
        let q = (G2Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let c = compressed::g2_compress(&g2_bytes(&q).try_into().unwrap()).expect("a curve point");
        assert_eq!(c.to_vec(), to_compressed(&q));
    }
    // Infinity, and a point outside the subgroup (compress checks the curve only).
    let inf = compressed::g1_compress(&[0; 128]).unwrap();
    assert_eq!(inf.to_vec(), to_compressed(&G1Affine::identity()));
    let off = g1_outside_subgroup(&mut rng);
    assert_eq!(
        compressed::g1_compress(&g1_bytes(&off).try_into().unwrap()).map(|c| c.to_vec()),
        Ok(to_compressed(&off))
    );
}

#[test]
fn aggregate_matches_arkworks() {
    let mut rng = rng::rng(0xb15_0003);
    for case in 0..cases() / 10 {
        let n = rng.gen_range(1..40);
        let ps: Vec<G1Affine> = (0..n)
            .map(|_| (G1Projective::generator() * Fr::rand(&mut rng)).into_affine())
            .collect();
        let qs: Vec<G2Affine> = (0..n)
            .map(|_| (G2Projective::generator() * Fr::rand(&mut rng)).into_affine())
            .collect();
        let mut g1_bytes: Vec<u8> = ps.iter().flat_map(to_compressed).collect();
        let g2_bytes: Vec<u8> = qs.iter().flat_map(to_compressed).collect();
        let g1_sum = ps
            .iter()
            .fold(G1Projective::default(), |s, p| s + p)
            .into_affine();
        let g2_sum = qs
            .iter()
            .fold(G2Projective::default(), |s, q| s + q)
            .into_affine();
        assert_eq!(
            compressed::g1_aggregate(&g1_bytes).map(|c| c.to_vec()),
            Ok(to_compressed(&g1_sum)),
            "case {case}"
        );
        assert_eq!(
            compressed::g2_aggregate(&g2_bytes).map(|c| c.to_vec()),
            Ok(to_compressed(&g2_sum)),
            "case {case}"
        );
        // One point outside the subgroup anywhere refuses the whole list.
        let at = rng.gen_range(0..n) * G1_COMPRESSED_LEN;
        g1_bytes[at..at + G1_COMPRESSED_LEN]
            .copy_from_slice(&to_compressed(&g1_outside_subgroup(&mut rng)));
        assert_eq!(
            compressed::g1_aggregate(&g1_bytes),
            Err(compressed::Error::NotInSubgroup)
        );
    }
    assert_eq!(
        compressed::g1_aggregate(&[]),
        Err(compressed::Error::InputLength)
    );
    assert_eq!(
        compressed::g2_aggregate(&[0xc0; 95]),
        Err(compressed::Error::InputLength)
    );
}

#[test]
fn hash_to_curve_matches_arkworks() {
    let mut rng = rng::rng(0xb15_0004);
    for case in 0..cases() {
        let mut msg = vec![0u8; rng.gen_range(0..300)];
        rng.fill_bytes(&mut msg);
        let mut dst = vec![
            0u8;
            if case % 7 == 0 {
                255
            } else {
                rng.gen_range(1..=255)
            }
        ];
        rng.fill_bytes(&mut dst);
        let h1 = HashToG1::new(&dst)
            .expect("a tag")
            .hash(&msg)
            .expect("a point");
        let h2 = HashToG2::new(&dst)
            .expect("a tag")
            .hash(&msg)
            .expect("a point");
        assert_eq!(
            hash_to_g1(&msg, &dst).unwrap().to_vec(),
            g1_bytes(&h1),
            "G1 case {case}"
        );
        assert_eq!(
            hash_to_g2(&msg, &dst).unwrap().to_vec(),
            g2_bytes(&h2),
            "G2 case {case}"
        );
    }
}

/// arkworks' verdict: `e(pk, H(msg)) = e(G1, sig)`, with every point valid.
fn ark_verify(cs: Ciphersuite, pk: &G1Affine, msg: &[u8], sig: &G2Affine) -> bool {
    let h = HashToG2::new(cs.dst())
        .expect("a tag")
        .hash(msg)
        .expect("a point");
    Bls12_381::pairing(pk, h) == Bls12_381::pairing(G1Affine::generator(), sig)
}

#[test]
fn verify_matches_arkworks() {
    let mut rng = rng::rng(0xb15_0005);
    let (mut yes, mut no) = (0, 0);
    for case in 0..cases() / 3 {
        let cs = Ciphersuite::ALL[case % 2];
        let sk = Fr::rand(&mut rng);
        let pk = (G1Projective::generator() * sk).into_affine();
        let mut msg = vec![0u8; rng.gen_range(0..100)];
        rng.fill_bytes(&mut msg);
        let h = HashToG2::new(cs.dst()).unwrap().hash(&msg).unwrap();
        let mut sig = (h * sk).into_affine();
        match rng.gen_range(0..4) {
            0 => msg.push(1),                                       // another message
            1 => sig = (sig + G2Affine::generator()).into_affine(), // another signature
            2 => sig = (h * Fr::rand(&mut rng)).into_affine(),      // another key's
            _ => {}
        }
        let ours = signatures::verify(
            cs,
            &to_compressed(&pk).try_into().unwrap(),
            &msg,
            &to_compressed(&sig).try_into().unwrap(),
        );
        let theirs = ark_verify(cs, &pk, &msg, &sig);
        assert_eq!(ours, Ok(theirs), "case {case}");
        if theirs {
            yes += 1
        } else {
            no += 1
        }
    }
    assert!(yes > 0 && no > 0);
}

#[test]
fn fast_aggregate_verify_matches_arkworks() {
    let mut rng = rng::rng(0xb15_0006);
    let cs = Ciphersuite::ProofOfPossession;
    for case in 0..cases() / 30 {
        let n = rng.gen_range(1..64);
        let sks: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
        let pks: Vec<G1Affine> = sks
            .iter()
            .map(|sk| (G1Projective::generator() * sk).into_affine())
            .collect();
        let msg = rng.gen::<[u8; 32]>();
        let h = HashToG2::new(cs.dst()).unwrap().hash(&msg).unwrap();
        // Signers: all but possibly one.
        let skip = if rng.gen() {
            Some(rng.gen_range(0..n))
        } else {
            None
        };
        let sig = sks
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != skip)
            .fold(G2Projective::default(), |s, (_, sk)| s + h * sk)
            .into_affine();
        let agg = pks
            .iter()
            .fold(G1Projective::default(), |s, p| s + p)
            .into_affine();
        let keys: Vec<[u8; 48]> = pks
            .iter()
            .map(|p| to_compressed(p).try_into().unwrap())
            .collect();
        let ours = signatures::fast_aggregate_verify(
            cs,
            &keys,
            &msg,
            &to_compressed(&sig).try_into().unwrap(),
        );
        assert_eq!(ours, Ok(ark_verify(cs, &agg, &msg, &sig)), "case {case}");
        assert_eq!(ours, Ok(skip.is_none()), "case {case}");
    }
    let sig = to_compressed(&G2Affine::generator()).try_into().unwrap();
    assert_eq!(
        signatures::fast_aggregate_verify(cs, &[], b"m", &sig),
        Err(signatures::Error::NoPublicKeys)
    );
    assert_eq!(
        signatures::aggregate_verify(cs, &[], &[], &sig),
        Err(signatures::Error::NoPublicKeys)
    );
    // The infinity key is refused by key validation, before any pairing.
    let mut inf = [0u8; 48];
    inf[0] = 0xc0;
    assert_eq!(
        signatures::verify(cs, &inf, b"m", &sig),
        Err(signatures::Error::PublicKeyInfinity)
    );
}
