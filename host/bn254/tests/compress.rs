//! Point compression (`zkhost_bn254::compress`) against Solana's own implementation
//! (the `solana-bn254` crate, whose `_be` functions are what the
//! `sol_alt_bn128_compression` syscall runs), against the uncompressed path, and on
//! every refusal class.

use ark_bn254::{Fr, G1Projective, G2Projective};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, Field, PrimeField, UniformRand};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use solana_bn254::compression::prelude as solana;
use zkhost_bn254::compress::{
    g1_compress, g1_decompress, g2_compress, g2_decompress, Error, INFINITY, Y_NEGATIVE,
};
use zkhost_bn254::encoding::FIELD_MODULUS;
use zkhost_bn254::{Backend, Op};

fn fq(x: &ark_bn254::Fq) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

fn g1_evm(p: &G1Projective) -> [u8; 64] {
    let a = p.into_affine();
    let mut out = [0u8; 64];
    if let Some((x, y)) = a.xy() {
        out[..32].copy_from_slice(&fq(&x));
        out[32..].copy_from_slice(&fq(&y));
    }
    out
}

fn g2_evm(q: &G2Projective) -> [u8; 128] {
    let a = q.into_affine();
    let mut out = [0u8; 128];
    if let Some((x, y)) = a.xy() {
        for (chunk, c) in out.chunks_exact_mut(32).zip([x.c1, x.c0, y.c1, y.c0]) {
            chunk.copy_from_slice(&fq(&c));
        }
    }
    out
}

/// Checks one G1 point both ways against Solana.
fn g1_round_trip(evm: &[u8; 64]) -> [u8; 32] {
    let c = g1_compress(evm).expect("a valid point compresses");
    assert_eq!(
        Ok(c),
        solana::alt_bn128_g1_compress_be(evm),
        "as Solana compresses"
    );
    assert_eq!(g1_decompress(&c), Ok(*evm), "round trip");
    assert_eq!(
        solana::alt_bn128_g1_decompress_be(&c),
        Ok(*evm),
        "Solana reads ours"
    );
    c
}

/// Checks one G2 point both ways against Solana.
fn g2_round_trip(evm: &[u8; 128]) -> [u8; 64] {
    let c = g2_compress(evm).expect("a valid point compresses");
    assert_eq!(
        Ok(c),
        solana::alt_bn128_g2_compress_be(evm),
        "as Solana compresses"
    );
    assert_eq!(g2_decompress(&c), Ok(*evm), "round trip");
    assert_eq!(
        solana::alt_bn128_g2_decompress_be(&c),
        Ok(*evm),
        "Solana reads ours"
    );
    c
}

#[test]
fn random_points_match_solana() {
    let mut rng = ChaCha20Rng::seed_from_u64(38);
    let mut signs = [0usize; 2];
    for i in 0..400 {
        let p = G1Projective::generator() * Fr::rand(&mut rng);
        for p in [p, -p] {
            let c = g1_round_trip(&g1_evm(&p));
            signs[usize::from(c[0] & Y_NEGATIVE != 0)] += 1;
        }
        if i % 4 == 0 {
            let q = G2Projective::generator() * Fr::rand(&mut rng);
            for q in [q, -q] {
                g2_round_trip(&g2_evm(&q));
            }
        }
    }
    // Each point and its negation: exactly one of them has the flag.
    assert_eq!(signs, [400, 400]);
    // The generators, and G2 points whose y has a zero imaginary part cannot be made
    // at will; small multiples of the generators cover the small-coordinate cases.
    for k in 1..20u64 {
        g1_round_trip(&g1_evm(&(G1Projective::generator() * Fr::from(k))));
        g2_round_trip(&g2_evm(&(G2Projective::generator() * Fr::from(k))));
    }
}

/// The points of Solana's own tests (`curves/bn254/src/compression.rs` in
/// solana-labs/solana, `alt_bn128_g1_compression` and `alt_bn128_g2_compression`),
/// with their negations, as those tests use them.
#[test]
fn solana_test_points() {
    let g1_be: [u8; 64] = [
        45, 206, 255, 166, 152, 55, 128, 138, 79, 217, 145, 164, 25, 74, 120, 234, 234, 217, 68,
        149, 162, 44, 133, 120, 184, 205, 12, 44, 175, 98, 168, 172, 20, 24, 216, 15, 209, 175,
        106, 75, 147, 236, 90, 101, 123, 219, 245, 151, 209, 202, 218, 104, 148, 8, 32, 254, 243,
        191, 218, 122, 42, 81, 193, 84,
    ];
    let g2_be: [u8; 128] = [
        40, 57, 233, 205, 180, 46, 35, 111, 215, 5, 23, 93, 12, 71, 118, 225, 7, 46, 247, 147, 47,
        130, 106, 189, 184, 80, 146, 103, 141, 52, 242, 25, 0, 203, 124, 176, 110, 34, 151, 212,
        66, 180, 238, 151, 236, 189, 133, 209, 17, 137, 205, 183, 168, 196, 92, 159, 75, 174, 81,
        168, 18, 86, 176, 56, 16, 26, 210, 20, 18, 81, 122, 142, 104, 62, 251, 169, 98, 141, 21,
        253, 50, 130, 182, 15, 33, 109, 228, 31, 79, 183, 88, 147, 174, 108, 4, 22, 14, 129, 168,
        6, 80, 246, 254, 100, 218, 131, 94, 49, 247, 211, 3, 245, 22, 200, 177, 91, 60, 144, 147,
        174, 90, 17, 19, 189, 62, 147, 152, 18,
    ];
    let c1 = g1_round_trip(&g1_be);
    let c2 = g2_round_trip(&g2_be);
    // The negations: the same x, the other flag.
    let neg1 = Backend::ZKHOST
        .ecmul(&[&g1_be[..], &neg_one()].concat())
        .expect("valid");
    let n1 = g1_round_trip(&neg1);
    assert_eq!(n1[0] ^ c1[0], Y_NEGATIVE);
    assert_eq!(n1[1..], c1[1..]);
    let mut neg2 = g2_be;
    for at in [64, 96] {
        let y = ark_bn254::Fq::from_be_bytes_mod_order(&g2_be[at..at + 32]);
        neg2[at..at + 32].copy_from_slice(&fq(&-y));
    }
    let n2 = g2_round_trip(&neg2);
    assert_eq!(n2[0] ^ c2[0], Y_NEGATIVE);
}

/// `r − 1` as a 32-byte scalar: multiplying by it negates a point.
fn neg_one() -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&(-Fr::ONE).into_bigint().to_bytes_be());
    out
}

#[test]
fn infinity() {
    assert_eq!(g1_compress(&[0u8; 64]), Ok([0u8; 32]));
    assert_eq!(g2_compress(&[0u8; 128]), Ok([0u8; 64]));
    assert_eq!(solana::alt_bn128_g1_compress_be(&[0u8; 64]), Ok([0u8; 32]));
    assert_eq!(solana::alt_bn128_g2_compress_be(&[0u8; 128]), Ok([0u8; 64]));
    // All zeros and the infinity flag alone both decompress to infinity, here and in
    // Solana's code.
    let mut flag1 = [0u8; 32];
    flag1[0] = INFINITY;
    let mut flag2 = [0u8; 64];
    flag2[0] = INFINITY;
    for c in [[0u8; 32], flag1] {
        assert_eq!(g1_decompress(&c), Ok([0u8; 64]));
        assert_eq!(solana::alt_bn128_g1_decompress_be(&c), Ok([0u8; 64]));
    }
    for c in [[0u8; 64], flag2] {
        assert_eq!(g2_decompress(&c), Ok([0u8; 128]));
        assert_eq!(solana::alt_bn128_g2_decompress_be(&c), Ok([0u8; 128]));
    }
}

#[test]
fn no_point_has_x_zero() {
    // Why all zeros is unambiguous: neither x³ + 3 nor x³ + 3/(9 + u) is a square at 0.
    let three = ark_bn254::Fq::from(3u64);
    assert!(three.sqrt().is_none());
    let b2 = ark_bn254::g2::Config::COEFF_B;
    assert!(b2.sqrt().is_none());
    // With the sign flag alone, x = 0 is then an x with no point.
    let mut c1 = [0u8; 32];
    c1[0] = Y_NEGATIVE;
    assert_eq!(g1_decompress(&c1), Err(Error::NotOnCurve));
    let mut c2 = [0u8; 64];
    c2[0] = Y_NEGATIVE;
    assert_eq!(g2_decompress(&c2), Err(Error::NotOnCurve));
}

use ark_ec::short_weierstrass::SWCurveConfig;

#[test]
fn refusals() {
    let mut rng = ChaCha20Rng::seed_from_u64(380);
    let p = g1_evm(&(G1Projective::generator() * Fr::rand(&mut rng)));
    let q = g2_evm(&(G2Projective::generator() * Fr::rand(&mut rng)));
    let cp = g1_compress(&p).expect("valid");
    let cq = g2_compress(&q).expect("valid");

    // Lengths: everything but the one length, up to a little past it.
    for len in 0..=200 {
        let input = vec![0u8; len];
        if len != 64 {
            assert_eq!(g1_compress(&input), Err(Error::Length), "{len}");
        }
        if len != 32 {
            assert_eq!(g1_decompress(&input), Err(Error::Length), "{len}");
        }
        if len != 128 {
            assert_eq!(g2_compress(&input), Err(Error::Length), "{len}");
        }
        if len != 64 {
            assert_eq!(g2_decompress(&input), Err(Error::Length), "{len}");
        }
    }

    // Both flags; the infinity flag with a non-zero x (Solana reads that as infinity).
    let mut both = cp;
    both[0] |= Y_NEGATIVE | INFINITY;
    assert_eq!(g1_decompress(&both), Err(Error::Flags));
    let mut inf_x = cp;
    inf_x[0] = (inf_x[0] & !Y_NEGATIVE) | INFINITY;
    assert_eq!(g1_decompress(&inf_x), Err(Error::Flags));
    assert_eq!(solana::alt_bn128_g1_decompress_be(&inf_x), Ok([0u8; 64]));
    let mut both2 = cq;
    both2[0] |= Y_NEGATIVE | INFINITY;
    assert_eq!(g2_decompress(&both2), Err(Error::Flags));
    let mut inf_x2 = [0u8; 64];
    inf_x2[0] = INFINITY;
    inf_x2[63] = 1;
    assert_eq!(g2_decompress(&inf_x2), Err(Error::Flags));

    // x ≥ p (after the flags are removed), with either sign flag; in G2 in either half.
    let mut p_plus_1 = FIELD_MODULUS;
    p_plus_1[31] += 1;
    let mut top = [0xffu8; 32];
    top[0] = 0x3f; // 2²⁵⁴ − 1: the largest value the flag bits leave
    for x in [FIELD_MODULUS, p_plus_1, top] {
        for flag in [0, Y_NEGATIVE] {
            let mut c = x;
            c[0] |= flag;
            assert_eq!(g1_decompress(&c), Err(Error::CoordinateNotInField));
            assert!(solana::alt_bn128_g1_decompress_be(&c).is_err());
            for half in [0, 32] {
                let mut c2 = cq;
                c2[0] &= !Y_NEGATIVE;
                c2[half..half + 32].copy_from_slice(&x);
                c2[0] |= flag;
                assert_eq!(g2_decompress(&c2), Err(Error::CoordinateNotInField));
                assert!(solana::alt_bn128_g2_decompress_be(&c2).is_err());
            }
        }
        // And as coordinates of an uncompressed point.
        for at in [0, 32] {
            let mut u = p;
            u[at..at + 32].copy_from_slice(&x);
            assert_eq!(g1_compress(&u), Err(Error::CoordinateNotInField));
        }
        for at in [0, 32, 64, 96] {
            let mut u = q;
            u[at..at + 32].copy_from_slice(&x);
            assert_eq!(g2_compress(&u), Err(Error::CoordinateNotInField));
        }
    }

    // An x with no point: about half of all x; Solana refuses them too.
    let mut no_point = (0, 0);
    for _ in 0..200 {
        let x = ark_bn254::Fq::rand(&mut rng);
        let mut c = fq(&x);
        c[0] |= Y_NEGATIVE * rng.gen::<bool>() as u8;
        let exists = (x * x * x + ark_bn254::Fq::from(3u64)).sqrt().is_some();
        let ours = g1_decompress(&c);
        assert_eq!(ours.is_ok(), exists);
        assert_eq!(ours.ok(), solana::alt_bn128_g1_decompress_be(&c).ok());
        if !exists {
            assert_eq!(ours, Err(Error::NotOnCurve));
            no_point.0 += 1;
        }
        // G2: random x in Fp2.
        let x2 = ark_bn254::Fq2::rand(&mut rng);
        let mut c2 = [0u8; 64];
        c2[..32].copy_from_slice(&fq(&x2.c1));
        c2[32..].copy_from_slice(&fq(&x2.c0));
        let exists2 = (x2 * x2 * x2 + ark_bn254::g2::Config::COEFF_B)
            .sqrt()
            .is_some();
        let theirs = solana::alt_bn128_g2_decompress_be(&c2);
        assert_eq!(theirs.is_ok(), exists2);
        if exists2 {
            // A random twist point is almost never in the subgroup (the cofactor is
            // about 2²⁵⁴): Solana returns it, zkhost refuses it.
            let twist = theirs.expect("exists");
            assert_eq!(g2_decompress(&c2), Err(Error::NotInSubgroup));
            assert_eq!(g2_compress(&twist), Err(Error::NotInSubgroup));
        } else {
            assert_eq!(g2_decompress(&c2), Err(Error::NotOnCurve));
            no_point.1 += 1;
        }
    }
    assert!(no_point.0 > 50 && no_point.1 > 50, "{no_point:?}");

    // Off-curve points do not compress (Solana compresses them unchecked).
    let mut off = p;
    off[63] ^= 1;
    assert_eq!(g1_compress(&off), Err(Error::NotOnCurve));
    let mut off2 = q;
    off2[127] ^= 1;
    assert_eq!(g2_compress(&off2), Err(Error::NotOnCurve));
}

/// A decompressed point used by the precompiles gives what the uncompressed one gives.
#[test]
fn decompressed_points_agree_in_add_mul_and_pairing() {
    let mut rng = ChaCha20Rng::seed_from_u64(3800);
    let via = |p: &[u8; 64]| -> [u8; 64] {
        g1_decompress(&g1_compress(p).expect("valid")).expect("valid")
    };
    let via2 = |q: &[u8; 128]| -> [u8; 128] {
        g2_decompress(&g2_compress(q).expect("valid")).expect("valid")
    };
    for _ in 0..20 {
        let (a, b) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
        let p = g1_evm(&(G1Projective::generator() * a));
        let q = g1_evm(&(G1Projective::generator() * b));
        let k: [u8; 32] = rng.gen();
        let add = [&p[..], &q[..]].concat();
        let add_c = [&via(&p)[..], &via(&q)[..]].concat();
        assert_eq!(
            zkhost_bn254::run(Op::Add, &add_c),
            zkhost_bn254::run(Op::Add, &add)
        );
        let mul = [&p[..], &k[..]].concat();
        let mul_c = [&via(&p)[..], &k[..]].concat();
        assert_eq!(
            zkhost_bn254::run(Op::Mul, &mul_c),
            zkhost_bn254::run(Op::Mul, &mul)
        );
        // e(a·G1, b·G2) · e(−ab·G1, G2) = 1.
        let g2a = g2_evm(&(G2Projective::generator() * b));
        let g2b = g2_evm(&G2Projective::generator());
        let r = g1_evm(&(G1Projective::generator() * (-(a * b))));
        let pairing = [&p[..], &g2a[..], &r[..], &g2b[..]].concat();
        let pairing_c = [&via(&p)[..], &via2(&g2a)[..], &via(&r)[..], &via2(&g2b)[..]].concat();
        assert_eq!(pairing_c, pairing, "the same bytes");
        assert_eq!(
            zkhost_bn254::run(Op::Pairing, &pairing_c),
            Ok(vec![
                0u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 1
            ])
        );
    }
}

/// Every point of the pairing conformance vectors that the precompile accepts
/// compresses as Solana compresses it and comes back.
#[test]
fn pairing_vector_points() {
    let files =
        zkhost_testkit::vectors::discover(&zkhost_testkit::bn254_vectors()).expect("vectors");
    let mut points = 0;
    for file in files.iter().filter(|f| f.op == Op::Pairing && !f.must_fail) {
        for v in &file.vectors {
            let input = zkhost_testkit::vectors::decode_hex(&v.input).expect("hex");
            if zkhost_bn254::run(Op::Pairing, &input).is_err() {
                continue;
            }
            for pair in input.chunks_exact(192) {
                let p: [u8; 64] = pair[..64].try_into().expect("64");
                let q: [u8; 128] = pair[64..].try_into().expect("128");
                g1_round_trip(&p);
                g2_round_trip(&q);
                points += 2;
            }
        }
    }
    assert!(points >= 40, "{points}");
}
