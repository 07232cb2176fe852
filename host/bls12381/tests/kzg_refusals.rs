//! Each refusal class of the precompile on a constructed input, and the order of the
//! checks: the first failing check names the error.

use zkhost_bls12381::kzg::{
    check_g1_compressed, point_evaluation, versioned_hash, Error, PointError, BLS_MODULUS,
    INPUT_LEN, OUTPUT,
};

/// go-ethereum's valid vector.
const VALID: &str = "01e798154708fe7789429634053cbf9f99b619f9f084048927333fce637f549b564c0a11a0f704f4fc3e8acfe0f8245f0ad1347b378fbf96e206da11a5d3630624d25032e67a7e6a4910df5834b8fe70e6bcfeeac0352434196bdf4b2485d5a18f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7873033e038326e87ed3e1276fd140253fa08e9fc25fb2d9a98527fc22a2c9612fbeafdad446cbc7bcdbdcd780af2c16a";

const INFINITY: [u8; 48] = {
    let mut p = [0u8; 48];
    p[0] = 0xc0;
    p
};

fn valid() -> Vec<u8> {
    hex::decode(VALID).unwrap()
}

/// `input` with its versioned hash recomputed from its commitment.
fn rehash(mut input: Vec<u8>) -> Vec<u8> {
    let h = versioned_hash(&input[96..144]);
    input[..32].copy_from_slice(&h);
    input
}

fn with(input: &[u8], at: usize, bytes: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    out[at..at + bytes.len()].copy_from_slice(bytes);
    rehash(out)
}

/// A compressed encoding of a point on the curve but outside G1: the first x from 0
/// whose point decodes (with the sign bit clear) and fails the subgroup check.
fn not_in_subgroup() -> [u8; 48] {
    for x in 0u64.. {
        let mut p = [0u8; 48];
        p[40..].copy_from_slice(&x.to_be_bytes());
        p[0] |= 0x80;
        if check_g1_compressed(&p) == Err(PointError::NotInSubgroup) {
            return p;
        }
    }
    unreachable!()
}

#[test]
fn the_valid_vector_passes_and_every_length_but_192_fails() {
    let v = valid();
    assert_eq!(point_evaluation(&v), Ok(OUTPUT));
    for len in [0, 1, 32, 191, 193, 384] {
        let mut input = v.clone();
        input.resize(len, 0);
        assert_eq!(point_evaluation(&input), Err(Error::InputLength), "{len}");
    }
    assert_eq!(INPUT_LEN, 192);
}

#[test]
fn the_versioned_hash_is_checked_first_after_the_length() {
    let v = valid();
    for (i, bit) in [(0, 0x01), (0, 0x02), (1, 0x80), (31, 0x01)] {
        let mut input = v.clone();
        input[i] ^= bit;
        assert_eq!(point_evaluation(&input), Err(Error::VersionedHash));
    }
    // Before the scalars and the points.
    let mut input = with(&v, 32, &[0xff; 32]);
    input[5] ^= 1;
    assert_eq!(point_evaluation(&input), Err(Error::VersionedHash));
    // The version byte is 0x01, and the rest is sha256 of the commitment.
    assert_eq!(versioned_hash(&v[96..144])[0], 0x01);
}

#[test]
fn z_and_y_must_be_below_the_modulus() {
    let v = valid();
    let mut top = BLS_MODULUS;
    top[31] -= 1;
    for (at, err) in [(32, Error::ZNotCanonical), (64, Error::YNotCanonical)] {
        assert_eq!(point_evaluation(&with(&v, at, &BLS_MODULUS)), Err(err));
        assert_eq!(point_evaluation(&with(&v, at, &[0xff; 32])), Err(err));
        // r − 1 is canonical: the input reaches the pairing (and fails there).
        assert_eq!(
            point_evaluation(&with(&v, at, &top)),
            Err(Error::ProofDoesNotVerify)
        );
    }
    // z before y.
    let both = with(&with(&v, 32, &BLS_MODULUS), 64, &BLS_MODULUS);
    assert_eq!(point_evaluation(&both), Err(Error::ZNotCanonical));
}

#[test]
fn commitments_and_proofs_must_be_compressed_subgroup_points() {
    let v = valid();
    let bad_encodings: Vec<[u8; 48]> = vec![
        // The compression flag clear.
        {
            let mut p = [0u8; 48];
            p.copy_from_slice(&v[96..144]);
            p[0] &= 0x7f;
            p
        },
        // The infinity flag with a nonzero x.
        {
            let mut p = INFINITY;
            p[47] = 1;
            p
        },
        // The infinity flag with the sign flag.
        {
            let mut p = INFINITY;
            p[0] = 0xe0;
            p
        },
        // x = p (BLS12-381's base-field modulus), flags 0x80.
        hex::decode("9a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab")
            .unwrap()
            .try_into()
            .unwrap(),
        // All ones: x ≥ p.
        [0xff; 48],
    ];
    for p in &bad_encodings {
        assert_eq!(
            check_g1_compressed(p),
            Err(PointError::Encoding),
            "{}",
            hex::encode(p)
        );
        assert_eq!(
            point_evaluation(&with(&v, 96, p)),
            Err(Error::CommitmentEncoding)
        );
        assert_eq!(
            point_evaluation(&with(&v, 144, p)),
            Err(Error::ProofEncoding)
        );
    }
    // An x with no point on the curve: some x in 0.. gives none.
    let off_curve = (0u64..)
        .map(|x| {
            let mut p = [0u8; 48];
            p[40..].copy_from_slice(&x.to_be_bytes());
            p[0] |= 0x80;
            p
        })
        .find(|p| check_g1_compressed(p) == Err(PointError::Encoding))
        .unwrap();
    assert_eq!(
        point_evaluation(&with(&v, 96, &off_curve)),
        Err(Error::CommitmentEncoding)
    );
    let outside = not_in_subgroup();
    assert_eq!(
        point_evaluation(&with(&v, 96, &outside)),
        Err(Error::CommitmentNotInSubgroup)
    );
    assert_eq!(
        point_evaluation(&with(&v, 144, &outside)),
        Err(Error::ProofNotInSubgroup)
    );
    // The commitment before the proof; the scalars before either.
    let both = with(&with(&v, 96, &outside), 144, &[0xff; 48]);
    assert_eq!(point_evaluation(&both), Err(Error::CommitmentNotInSubgroup));
    let scalar_first = with(&both, 64, &BLS_MODULUS);
    assert_eq!(point_evaluation(&scalar_first), Err(Error::YNotCanonical));
}

#[test]
fn the_point_at_infinity_is_a_valid_commitment_and_proof() {
    assert_eq!(check_g1_compressed(&INFINITY), Ok(()));
    // The zero polynomial: commitment at infinity, p(z) = 0, proof at infinity.
    let mut input = vec![0u8; 192];
    input[96..144].copy_from_slice(&INFINITY);
    input[144..].copy_from_slice(&INFINITY);
    for z in [0u8, 1, 7] {
        let mut i = input.clone();
        i[63] = z;
        assert_eq!(point_evaluation(&rehash(i)), Ok(OUTPUT), "z = {z}");
    }
    // ... but it does not take the value 1 anywhere.
    let mut i = input.clone();
    i[95] = 1;
    assert_eq!(point_evaluation(&rehash(i)), Err(Error::ProofDoesNotVerify));
    // The valid vector's commitment with an infinity proof does not verify.
    let v = valid();
    assert_eq!(
        point_evaluation(&with(&v, 144, &INFINITY)),
        Err(Error::ProofDoesNotVerify)
    );
}

#[test]
fn every_error_has_a_distinct_message() {
    let mut msgs: Vec<String> = Error::ALL.iter().map(|e| e.to_string()).collect();
    msgs.sort();
    msgs.dedup();
    assert_eq!(msgs.len(), Error::ALL.len());
}
