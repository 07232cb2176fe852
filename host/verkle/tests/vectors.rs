//! Verkle commitments against every vector of `vectors/` (go-ipa, rust-verkle and
//! the verkle test-vector set); updates against recommitment; refusals. (The host
//! functions and the `verkle` contract are tested in `zkhost-runtime`.)

use std::str::FromStr;

use ark_ed_on_bls12_381_bandersnatch::{Fq, Fr};
use ark_ff::{BigInteger, PrimeField, UniformRand};
use serde_json::Value;
use sha2::{Digest, Sha256};

use zkhost_testkit::rng::rng;
use zkhost_verkle::{self as verkle, crs, Element, Error};

fn dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors")
}

fn json(name: &str) -> Value {
    let text = std::fs::read_to_string(dir().join(name)).expect("vector file");
    serde_json::from_str(&text).expect("json")
}

fn hex32(s: &str) -> Vec<u8> {
    hex::decode(s.trim_start_matches("0x")).expect("hex")
}

fn dec(s: &str) -> Fr {
    Fr::from_str(s).unwrap_or_else(|_| panic!("decimal scalar {s}"))
}

fn le_bytes(values: &[Fr]) -> Vec<u8> {
    values.iter().flat_map(verkle::scalar_to_le).collect()
}

#[test]
fn the_crs_matches_the_published_points_and_hash() {
    let text = std::fs::read_to_string(dir().join("crs_compressed_256.txt")).unwrap();
    let published: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(published.len(), 256);
    let mut h = Sha256::new();
    for (p, line) in crs::basis().iter().zip(&published) {
        assert_eq!(hex::encode(p.to_bytes()), *line);
        h.update(p.to_bytes());
    }
    assert_eq!(hex::encode(h.finalize()), crs::CRS_SHA256);
}

#[test]
fn vector_commitment_and_map_to_field() {
    let v = json("001_vector_commitment.json");
    let scalars: Vec<Fr> = v["testData"]["scalars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| dec(s.as_str().unwrap()))
        .collect();
    assert_eq!(scalars.len(), 256);
    let expected = hex32(v["testData"]["serializedCommitment"].as_str().unwrap());
    assert_eq!(
        verkle::commit(&scalars).unwrap().to_bytes().to_vec(),
        expected
    );
    assert_eq!(
        verkle::commit_bytes(&le_bytes(&scalars)).unwrap().to_vec(),
        expected
    );

    let v = json("002_map_to_field_element.json");
    let point = hex32(v["testData"]["serializedPoint"].as_str().unwrap());
    let field = dec(v["testData"]["fieldElement"].as_str().unwrap());
    let e = Element::from_bytes(&point).unwrap();
    assert_eq!(e.map_to_scalar(), field);
    assert_eq!(
        verkle::commitment_to_field_bytes(&point).unwrap(),
        verkle::scalar_to_le(&field)
    );
}

#[test]
fn serialization_vectors_and_must_fail_decodings() {
    let v = json("003_serialize_lexicographically_highest.json");
    let x = hex32(v["testData"]["serializedXCoordinate"].as_str().unwrap());
    let y = hex32(v["testData"]["serializedYCoordinate"].as_str().unwrap());
    let expected = hex32(v["testData"]["expectedSerializedPoint"].as_str().unwrap());
    let e = Element::from_uncompressed_be(&[x, y].concat()).unwrap();
    assert_eq!(e.to_bytes().to_vec(), expected);

    let v = json("004_deserialize_lexicographically_lowest.json");
    let x = hex32(v["testData"]["serializedXCoordinate"].as_str().unwrap());
    let y = hex32(v["testData"]["serializedYCoordinate"].as_str().unwrap());
    assert_eq!(
        Element::from_uncompressed_be(&[x.clone(), y].concat()),
        Err(Error::NotCanonicalRepresentative)
    );
    // Its x alone is a valid compressed encoding (of the other representative).
    assert!(Element::from_bytes(&x).is_ok());

    for (file, err) in [
        ("005_deserialize_point_not_in_curve.json", Error::NotOnCurve),
        (
            "006_deserialize_point_not_in_subgroup.json",
            Error::NotInSubgroup,
        ),
        (
            "007_deserialize_point_x_bigger_than_field.json",
            Error::CoordinateNotInField,
        ),
    ] {
        let v = json(file);
        let p = hex32(v["testData"]["serializedPoint"].as_str().unwrap());
        assert_eq!(Element::from_bytes(&p), Err(err), "{file}");
        assert_eq!(verkle::commitment_to_field_bytes(&p), Err(err), "{file}");
    }
    let v = json("008_deserialize_point_x_wrong_length.json");
    for p in v["testData"]["serializedPoints"].as_array().unwrap() {
        let s = p.as_str().unwrap().trim_start_matches("0x");
        let bytes = if s.len() % 2 == 1 {
            hex::decode(format!("0{s}")).unwrap()
        } else {
            hex::decode(s).unwrap()
        };
        assert_ne!(bytes.len(), 32);
        assert_eq!(
            Element::from_bytes(&bytes),
            Err(Error::EncodingLength(bytes.len()))
        );
    }
}

/// The x and y of the rust-style uncompressed form (x LE ‖ y LE), as an element.
fn from_rust_uncompressed(bytes: &[u8]) -> Element {
    let mut be = [bytes[..32].to_vec(), bytes[32..].to_vec()];
    be[0].reverse();
    be[1].reverse();
    let x = Fq::from_be_bytes_mod_order(&be[0]);
    let y = Fq::from_be_bytes_mod_order(&be[1]);
    Element::from_arkworks(&ark_ed_on_bls12_381_bandersnatch::EdwardsAffine::new_unchecked(x, y))
}

#[test]
fn simple_vectors() {
    let v = json("simple_vectors.json");
    let cases = v.as_object().unwrap();
    assert_eq!(cases.len(), 9);
    for (name, case) in cases {
        let scalars: Vec<Fr> = case["scalars_dec"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| dec(s.as_str().unwrap()))
            .collect();
        let c = verkle::commit(&scalars).unwrap();
        assert_eq!(hex::encode(c.to_bytes()), case["compressed"], "{name}");
        assert_eq!(
            hex::encode(c.map_to_scalar_bytes()),
            case["map_to_scalar_le"],
            "{name}"
        );
        let unc = hex::decode(case["uncompressed_rust_le"].as_str().unwrap()).unwrap();
        assert_eq!(from_rust_uncompressed(&unc), c, "{name}");
        assert_eq!(
            hex::encode(verkle::commit_bytes(&le_bytes(&scalars)).unwrap()),
            case["compressed"]
        );
    }
}

#[test]
fn rust_verkle_binding_vectors() {
    let v = json("bindings/pedersen_commitment_test.json");
    for (i, case) in v.as_array().unwrap().iter().enumerate() {
        let input: Vec<u8> = case["frs"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| hex32(s.as_str().unwrap()))
            .collect();
        let c = verkle::commit_bytes(&input).unwrap();
        let hash = verkle::commitment_to_field_bytes(&c).unwrap();
        assert_eq!(
            hash.to_vec(),
            hex32(case["commitment"].as_str().unwrap()),
            "case {i}"
        );
    }
    let v = json("bindings/commit_root_test.json");
    let case = &v[0];
    let scalars: Vec<Fr> = case["frs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| Fr::from_be_bytes_mod_order(&hex32(s.as_str().unwrap())))
        .collect();
    let c = verkle::commit(&scalars).unwrap();
    assert_eq!(hex::encode(c.to_bytes()), case["expected"]);
}

#[test]
fn other_published_values() {
    let v: Vec<Fr> = (0..256).map(|i| Fr::from((i % 32 + 1) as u64)).collect();
    assert_eq!(
        hex::encode(verkle::commit(&v).unwrap().to_bytes()),
        "1b9dff8f5ebbac250d291dfe90e36283a227c64b113c37f1bfb9e7a743cdb128"
    );
    let g = Element::generator();
    assert_eq!(
        hex::encode(g.to_bytes()),
        "4a2c7486fd924882bf02c6908de395122843e3e05264d7991e18e7985dad51e9"
    );
    assert_eq!(
        hex::encode(g.map_to_scalar_bytes()),
        "d1e7de2aaea9603d5bc6c208d319596376556ecd8336671ba7670c2139772d14"
    );
}

#[test]
fn boundary_rules() {
    // A scalar ≥ r is refused, naming it; r − 1 is accepted.
    let r = Fr::MODULUS.to_bytes_le();
    let mut input = vec![0u8; 64];
    input[32..].copy_from_slice(&r);
    assert_eq!(
        verkle::commit_bytes(&input),
        Err(Error::ScalarNotCanonical(1))
    );
    input[32] -= 1;
    assert!(verkle::commit_bytes(&input).is_ok());
    // All ones (2^256 − 1) too.
    assert_eq!(
        verkle::commit_bytes(&[0xff; 32]),
        Err(Error::ScalarNotCanonical(0))
    );
    // Lengths.
    assert_eq!(
        verkle::commit_bytes(&[0u8; 33]),
        Err(Error::InputLength {
            len: 33,
            what: "a multiple of 32"
        })
    );
    assert_eq!(
        verkle::commit_bytes(&vec![0u8; 257 * 32]),
        Err(Error::TooManyScalars(257))
    );
    assert!(verkle::commit_bytes(&vec![0u8; 256 * 32]).is_ok());
    assert_eq!(verkle::commit_bytes(&[]).unwrap(), [0u8; 32]);
    // Missing values are zeros.
    let mut rng = rng(40);
    let short: Vec<Fr> = (0..10).map(|_| Fr::rand(&mut rng)).collect();
    let mut padded = short.clone();
    padded.resize(256, Fr::from(0u64));
    assert_eq!(
        verkle::commit(&short).unwrap(),
        verkle::commit(&padded).unwrap()
    );
    // Update input layout.
    for bad in [0usize, 31, 33, 32 + 64, 32 + 66] {
        assert!(matches!(
            verkle::update_bytes(&vec![0u8; bad]),
            Err(Error::InputLength { .. })
        ));
    }
    assert!(matches!(
        verkle::update_bytes(&vec![0u8; 32 + 257 * 65]),
        Err(Error::TooManyScalars(257))
    ));
}

#[test]
fn updates_equal_recommitment_at_every_index() {
    let mut rng = rng(41);
    let mut values: Vec<Fr> = (0..256).map(|_| Fr::rand(&mut rng)).collect();
    let mut c = verkle::commit(&values).unwrap();
    // One slot at a time, across all 256 indices (the narrow tables of every point).
    for idx in 0..=255u8 {
        let new = Fr::rand(&mut rng);
        let change = (idx, values[idx as usize], new);
        values[idx as usize] = new;
        let bytes = verkle::update_bytes(&verkle::encode_update(&c, &[change])).unwrap();
        c = verkle::update(&c, &[change]);
        assert_eq!(bytes, c.to_bytes());
    }
    assert_eq!(c, verkle::commit(&values).unwrap());
    // Many slots at once (then one index twice, the second change from the first's
    // new value); and an entry whose old and new values are equal changes nothing.
    let changes: Vec<(u8, Fr, Fr)> = (0..40u8)
        .map(|k| {
            let idx = k.wrapping_mul(7);
            let new = Fr::rand(&mut rng);
            let ch = (idx, values[idx as usize], new);
            values[idx as usize] = new;
            ch
        })
        .collect();
    let c2 = verkle::update(&c, &changes);
    assert_eq!(c2, verkle::commit(&values).unwrap());
    let (a, b) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
    let twice = [(9, values[9], a), (200, values[200], b), (9, a, b)];
    let mut after = values.clone();
    (after[9], after[200]) = (b, b);
    assert_eq!(verkle::update(&c2, &twice), verkle::commit(&after).unwrap());
    let bogus = verkle::update(&c2, &[(3, Fr::from(5u64), Fr::from(5u64))]);
    assert_eq!(bogus, c2);
    // A scalar ≥ r in an entry is refused with its position.
    let mut input = verkle::encode_update(&c2, &[(1, Fr::from(1u64), Fr::from(2u64))]);
    input[32 + 33..].copy_from_slice(&Fr::MODULUS.to_bytes_le());
    assert_eq!(
        verkle::update_bytes(&input),
        Err(Error::ScalarNotCanonical(1))
    );
    // A commitment that does not decode is refused.
    let mut input = verkle::encode_update(&c2, &[]);
    input[..32].copy_from_slice(&[0xff; 32]);
    assert_eq!(
        verkle::update_bytes(&input),
        Err(Error::CoordinateNotInField)
    );
}

#[test]
fn batch_commit_equals_one_by_one() {
    let mut rng = rng(42);
    let vectors: Vec<Vec<Fr>> = (0..12)
        .map(|i| (0..(i * 23 % 257)).map(|_| Fr::rand(&mut rng)).collect())
        .collect();
    let batch = verkle::commit_many(&vectors).unwrap();
    for (v, c) in vectors.iter().zip(&batch) {
        assert_eq!(*c, verkle::commit_single_thread(v).unwrap());
    }
}
