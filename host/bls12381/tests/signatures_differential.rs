//! Compressed points, hash-to-curve and BLS verification against arkworks
//! (`ark-bls12-381` 0.6 with `ark-ec`'s RFC 9380 hasher and `ark-serialize`'s
//! compressed reader), on generated inputs: valid points and signatures, and the
//! same with flag bits flipped, `x ≥ p`, points off the curve or outside the subgroup,
//! infinity encodings, random bytes; random messages and tags of 1 to 255 bytes.
//! `ZKHOST_SEED` changes the inputs, `ZKHOST_DIFFERENTIAL_CASES` the count.

use ark_bls12_381::{g1, g2, Bls12_381, Fq, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::hashing::curve_maps::wb::WBMap;
use ark_ec::hashing::map_to_curve_hasher::MapToCurveBasedHasher;
use ark_ec::hashing::HashToCurve;
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::field_hashers::DefaultFieldHasher;
use ark_ff::{BigInteger, PrimeField, UniformRand};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use rand::{Rng, RngCore};
use sha2::Sha256;
use zkhost_bls12381::compressed::{self, G1_COMPRESSED_LEN, G2_COMPRESSED_LEN};
use zkhost_bls12381::hash_to_curve::{hash_to_g1, hash_to_g2};
use zkhost_bls12381::signatures::{self, Ciphersuite};
use zkhost_testkit::inputs;

/// Cases per property (arkworks' pairing is the slow side).
const CASES: usize = 300;

fn cases() -> usize {
    inputs::differential_cases(CASES)
}

type H1 = MapToCurveBasedHasher<G1Projective, DefaultFieldHasher<Sha256, 128>, WBMap<g1::Config>>;
type H2 = MapToCurveBasedHasher<G2Projective, DefaultFieldHasher<Sha256, 128>, WBMap<g2::Config>>;

fn fq_bytes(x: &Fq) -> Vec<u8> {
    let mut out = vec![0u8; 16];
    out.extend(x.into_bigint().to_bytes_be());
    out
}

/// EIP-2537's encoding of an arkworks point.
fn eip2537_g1(p: &G1Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 128],
        Some((x, y)) => [fq_bytes(&x), fq_bytes(&y)].concat(),
    }
}

fn eip2537_g2(q: &G2Affine) -> Vec<u8> {
    match q.xy() {
        None => vec![0; 256],
        Some((x, y)) => [
            fq_bytes(&x.c0),
            fq_bytes(&x.c1),
            fq_bytes(&y.c0),
            fq_bytes(&y.c1),
        ]
        .concat(),
    }
}

fn ark_compressed<P: CanonicalSerialize>(p: &P) -> Vec<u8> {
    let mut out = Vec::new();
    p.serialize_compressed(&mut out).expect("serialize");
    out
}

/// A point of the curve outside the subgroup: `x` counted up from a random value
/// until `x³ + b` is a square (the cofactor makes a subgroup point unlikely).
fn off_subgroup_g1(rng: &mut impl Rng) -> G1Affine {
    let mut x = Fq::rand(rng);
    loop {
        if let Some(p) = G1Affine::get_point_from_x_unchecked(x, rng.gen()) {
            if !p.is_in_correct_subgroup_assuming_on_curve() {
                return p;
            }
        }
        x += Fq::from(1u8);
    }
}

fn off_subgroup_g2(rng: &mut impl Rng) -> G2Affine {
    loop {
        let x = ark_bls12_381::Fq2::rand(rng);
        if let Some(q) = G2Affine::get_point_from_x_unchecked(x, rng.gen()) {
            if !q.is_in_correct_subgroup_assuming_on_curve() {
                return q;
            }
        }
    }
}

/// One generated compressed encoding of `N` bytes: mostly edge cases around a valid
/// point `valid`, whose curve is given by `off` (a point outside the subgroup).
fn mutate<const N: usize>(rng: &mut impl Rng, valid: &[u8], off: &[u8]) -> [u8; N] {
    let mut b: [u8; N] = valid.try_into().expect("N bytes");
    match rng.gen_range(0..10) {
        0 => {}
        1 => b[0] ^= 0x80, // compression flag cleared
        2 => b[0] ^= 0x20, // the other y: still valid
        3 => b[0] |= 0x40, // infinity flag on a point
        4 => {
            // the canonical infinity, or infinity with a stray bit
            b = [0; N];
            b[0] = 0xc0;
            if rng.gen() {
                let i = rng.gen_range(0..N);
                b[i] |= 1 << rng.gen_range(0..8);
                if i == 0 {
                    b[0] |= 0xc0;
                }
            }
        }
        5 => {
            // x's top part set to p's or above (the leading field element)
            b[..48].copy_from_slice(&ark_bls12_381::Fq::MODULUS.to_bytes_be());
            b[0] |= 0x80 | (valid[0] & 0x20);
            b[47] = b[47].wrapping_add(rng.gen_range(0..3));
        }
        6 => b.copy_from_slice(off), // on the curve, outside the subgroup
        7 => {
            // one random bit flipped below the flags: usually off the curve
            let i = rng.gen_range(1..N);
            b[i] ^= 1 << rng.gen_range(0..8);
        }
        8 => rng.fill_bytes(&mut b), // anything
        _ => {
            rng.fill_bytes(&mut b);
            b[0] = (b[0] & 0x1f) | 0x80; // random x, compressed flag only
        }
    }
    b
}

#[test]
fn decompress_matches_arkworks() {
    let mut rng = inputs::rng(0xb15_0001);
    let mut outcomes = [0usize; 5];
    for case in 0..cases() {
        let p = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let off = ark_compressed(&off_subgroup_g1(&mut rng));
        let b: [u8; G1_COMPRESSED_LEN] = mutate(&mut rng, &ark_compressed(&p), &off);
        let ours = compressed::g1_decompress(&b);
        let theirs = G1Affine::deserialize_compressed(&b[..]);
        match (&ours, &theirs) {
            (Ok(o), Ok(t)) => assert_eq!(
                o.to_vec(),
                eip2537_g1(t),
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
        let off = ark_compressed(&off_subgroup_g2(&mut rng));
        let b: [u8; G2_COMPRESSED_LEN] = mutate(&mut rng, &ark_compressed(&q), &off);
        let ours = compressed::g2_decompress(&b);
        let theirs = G2Affine::deserialize_compressed(&b[..]);
        match (&ours, &theirs) {
            (Ok(o), Ok(t)) => assert_eq!(
                o.to_vec(),
                eip2537_g2(t),
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
    let mut rng = inputs::rng(0xb15_0002);
    for _ in 0..cases() {
        let p = (G1Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let c =
            compressed::g1_compress(&eip2537_g1(&p).try_into().unwrap()).expect("a curve point");
        assert_eq!(c.to_vec(), ark_compressed(&p));
        let q = (G2Projective::generator() * Fr::rand(&mut rng)).into_affine();
        let c =
            compressed::g2_compress(&eip2537_g2(&q).try_into().unwrap()).expect("a curve point");
        assert_eq!(c.to_vec(), ark_compressed(&q));
    }
    // Infinity, and a point outside the subgroup (compress checks the curve only).
    let inf = compressed::g1_compress(&[0; 128]).unwrap();
    assert_eq!(inf.to_vec(), ark_compressed(&G1Affine::identity()));
    let off = off_subgroup_g1(&mut rng);
    assert_eq!(
        compressed::g1_compress(&eip2537_g1(&off).try_into().unwrap()).map(|c| c.to_vec()),
        Ok(ark_compressed(&off))
    );
}

#[test]
fn aggregate_matches_arkworks() {
    let mut rng = inputs::rng(0xb15_0003);
    for case in 0..cases() / 10 {
        let n = rng.gen_range(1..40);
        let ps: Vec<G1Affine> = (0..n)
            .map(|_| (G1Projective::generator() * Fr::rand(&mut rng)).into_affine())
            .collect();
        let qs: Vec<G2Affine> = (0..n)
            .map(|_| (G2Projective::generator() * Fr::rand(&mut rng)).into_affine())
            .collect();
        let mut g1_bytes: Vec<u8> = ps.iter().flat_map(ark_compressed).collect();
        let g2_bytes: Vec<u8> = qs.iter().flat_map(ark_compressed).collect();
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
            Ok(ark_compressed(&g1_sum)),
            "case {case}"
        );
        assert_eq!(
            compressed::g2_aggregate(&g2_bytes).map(|c| c.to_vec()),
            Ok(ark_compressed(&g2_sum)),
            "case {case}"
        );
        // One point outside the subgroup anywhere refuses the whole list.
        let at = rng.gen_range(0..n) * G1_COMPRESSED_LEN;
        g1_bytes[at..at + G1_COMPRESSED_LEN]
            .copy_from_slice(&ark_compressed(&off_subgroup_g1(&mut rng)));
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
    let mut rng = inputs::rng(0xb15_0004);
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
        let h1 = H1::new(&dst).expect("a tag").hash(&msg).expect("a point");
        let h2 = H2::new(&dst).expect("a tag").hash(&msg).expect("a point");
        assert_eq!(
            hash_to_g1(&msg, &dst).unwrap().to_vec(),
            eip2537_g1(&h1),
            "G1 case {case}"
        );
        assert_eq!(
            hash_to_g2(&msg, &dst).unwrap().to_vec(),
            eip2537_g2(&h2),
            "G2 case {case}"
        );
    }
}

/// arkworks' verdict: `e(pk, H(msg)) = e(G1, sig)`, with every point valid.
fn ark_verify(cs: Ciphersuite, pk: &G1Affine, msg: &[u8], sig: &G2Affine) -> bool {
    let h = H2::new(cs.dst())
        .expect("a tag")
        .hash(msg)
        .expect("a point");
    Bls12_381::pairing(pk, h) == Bls12_381::pairing(G1Affine::generator(), sig)
}

#[test]
fn verify_matches_arkworks() {
    let mut rng = inputs::rng(0xb15_0005);
    let (mut yes, mut no) = (0, 0);
    for case in 0..cases() / 3 {
        let cs = Ciphersuite::ALL[case % 2];
        let sk = Fr::rand(&mut rng);
        let pk = (G1Projective::generator() * sk).into_affine();
        let mut msg = vec![0u8; rng.gen_range(0..100)];
        rng.fill_bytes(&mut msg);
        let h = H2::new(cs.dst()).unwrap().hash(&msg).unwrap();
        let mut sig = (h * sk).into_affine();
        match rng.gen_range(0..4) {
            0 => msg.push(1),                                       // another message
            1 => sig = (sig + G2Affine::generator()).into_affine(), // another signature
            2 => sig = (h * Fr::rand(&mut rng)).into_affine(),      // another key's
            _ => {}
        }
        let ours = signatures::verify(
            cs,
            &ark_compressed(&pk).try_into().unwrap(),
            &msg,
            &ark_compressed(&sig).try_into().unwrap(),
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
    let mut rng = inputs::rng(0xb15_0006);
    let cs = Ciphersuite::ProofOfPossession;
    for case in 0..cases() / 30 {
        let n = rng.gen_range(1..64);
        let sks: Vec<Fr> = (0..n).map(|_| Fr::rand(&mut rng)).collect();
        let pks: Vec<G1Affine> = sks
            .iter()
            .map(|sk| (G1Projective::generator() * sk).into_affine())
            .collect();
        let msg = rng.gen::<[u8; 32]>();
        let h = H2::new(cs.dst()).unwrap().hash(&msg).unwrap();
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
            .map(|p| ark_compressed(p).try_into().unwrap())
            .collect();
        let ours = signatures::fast_aggregate_verify(
            cs,
            &keys,
            &msg,
            &ark_compressed(&sig).try_into().unwrap(),
        );
        assert_eq!(ours, Ok(ark_verify(cs, &agg, &msg, &sig)), "case {case}");
        assert_eq!(ours, Ok(skip.is_none()), "case {case}");
    }
    let sig = ark_compressed(&G2Affine::generator()).try_into().unwrap();
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
