//! The backend's parts against arkworks (a second implementation of the same tower
//! and curves) and against slow, obviously correct versions of the fast paths.

use ark_bn254::{Bn254, Fq, Fq12, Fq2, Fq6, Fr, G1Projective, G2Affine as ArkG2, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::AdditiveGroup;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInt, BigInteger, Field, PrimeField, UniformRand, Zero};
use rand::rngs::StdRng;
use rand::SeedableRng;

use super::fp::Fp;
use super::fp12::{mul_034_by_034, Fp12};
use super::fp2::Fp2;
use super::fp6::Fp6;
use super::g1::{glv_split, G1Affine, G1Input, LAMBDA, R};
use super::g2::{psi_jacobian, G2Affine, G2Jacobian};
use super::jacobian::Jacobian;
use super::pairing::{
    final_exponentiation, miller_loop, miller_loop_mixed, pairing_is_one, G2Prepared, PairG2,
};

fn rng() -> StdRng {
    StdRng::seed_from_u64(9)
}

// Conversions: both keep the same Montgomery words.
fn fp(a: Fq) -> Fp {
    Fp::from_mont(a.0 .0)
}
fn fp2(a: Fq2) -> Fp2 {
    Fp2::new(fp(a.c0), fp(a.c1))
}
fn fp6(a: Fq6) -> Fp6 {
    Fp6::new(fp2(a.c0), fp2(a.c1), fp2(a.c2))
}
fn fp12(a: Fq12) -> Fp12 {
    Fp12::new(fp6(a.c0), fp6(a.c1))
}
fn g1(p: G1Projective) -> G1Affine {
    match p.into_affine().xy() {
        Some((x, y)) => G1Affine::new(fp(x), fp(y)).expect("on curve"),
        None => G1Affine::INFINITY,
    }
}
fn g2(q: ArkG2) -> G2Affine {
    let (x, y) = q.xy().expect("not infinity");
    G2Affine::new(fp2(x), fp2(y)).expect("on twist")
}

/// Random field elements, with the edges 0, 1, −1, 2 and 2²⁵⁵ mod p.
fn fq_samples(n: usize) -> Vec<Fq> {
    let mut rng = rng();
    let mut v: Vec<Fq> = (0..n).map(|_| Fq::rand(&mut rng)).collect();
    v.extend([
        Fq::zero(),
        Fq::ONE,
        -Fq::ONE,
        Fq::from(2u64),
        Fq::from(2u64).pow([255]),
    ]);
    v
}

#[test]
fn fp_matches_arkworks() {
    let xs = fq_samples(2000);
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 7 + 3) % xs.len()];
        assert_eq!(fp(a).add(&fp(b)), fp(a + b));
        assert_eq!(fp(a).sub(&fp(b)), fp(a - b));
        assert_eq!(fp(a).mul(&fp(b)), fp(a * b));
        assert_eq!(fp(a).square(), fp(a.square()));
        assert_eq!(fp(a).neg(), fp(-a));
        assert_eq!(fp(a).double(), fp(a.double()));
        assert_eq!(fp(a).inverse(), a.inverse().map(fp));
        assert_eq!(fp(a).inverse_fermat(), a.inverse().map(fp));
        // Bytes: canonical big-endian in and out.
        let be = a.into_bigint().to_bytes_be();
        let bytes: [u8; 32] = be.try_into().expect("32 bytes");
        assert_eq!(Fp::from_be_bytes(&bytes), Some(fp(a)));
        assert_eq!(fp(a).to_be_bytes(), bytes);
    }
    assert_eq!(super::g1::B, Fp::from_u64(3));
    // Values ≥ p are refused, not reduced.
    let p = super::super::encoding::FIELD_MODULUS;
    assert_eq!(Fp::from_be_bytes(&p), None);
    assert_eq!(Fp::from_be_bytes(&[0xff; 32]), None);
    let mut below = p;
    below[31] -= 1;
    assert_eq!(Fp::from_be_bytes(&below), Some(fp(-Fq::ONE)));
}

/// The x86-64 assembly addition and subtraction against the portable code (the
/// one other targets use), on random values and the edges.
#[cfg(target_arch = "x86_64")]
#[test]
fn add_and_sub_assembly_matches_portable() {
    use super::fp::P;
    use zkhost_mont::fp::{add_asm, add_portable, sub_asm, sub_portable};
    let xs = fq_samples(3000);
    for (i, a) in xs.iter().enumerate() {
        for b in [xs[(i * 11 + 5) % xs.len()], *a, -*a, Fq::zero(), -Fq::ONE] {
            let (x, y) = (fp(*a).0, fp(b).0);
            assert_eq!(add_asm(&x, &y, &P), add_portable(&x, &y, &P));
            assert_eq!(sub_asm(&x, &y, &P), sub_portable(&x, &y, &P));
            assert_eq!(Fp::from_mont(add_asm(&x, &y, &P)), fp(*a + b));
            assert_eq!(Fp::from_mont(sub_asm(&x, &y, &P)), fp(*a - b));
        }
    }
}

/// The inversion on inputs that stress the approximations: tiny values, values
/// near p, powers of two, values with long runs of equal bits.
#[test]
fn inverse_on_structured_inputs() {
    let mut inputs: Vec<Fq> = (1..300u64).map(Fq::from).collect();
    inputs.extend((1..300u64).map(|k| -Fq::from(k)));
    inputs.extend((0..254).map(|k| Fq::from(2u64).pow([k])));
    inputs.extend((0..254).map(|k| Fq::from(2u64).pow([k]) - Fq::ONE));
    inputs.extend((1..64).map(|k| Fq::from(u64::MAX >> k)));
    for a in inputs {
        // As a plain value (Montgomery words are what the GCD sees, so also try a
        // value whose Montgomery form is small).
        for x in [fp(a), Fp::from_mont(a.into_bigint().0)] {
            if x.is_zero() {
                continue;
            }
            let inv = x.inverse().expect("non-zero");
            assert_eq!(inv.mul(&x), Fp::ONE, "{a}");
            assert_eq!(Some(inv), x.inverse_fermat());
        }
    }
    assert_eq!(Fp::ZERO.inverse(), None);
}

/// The division ECADD uses: `n·d⁻¹` on plain integers, against arkworks' field.
#[test]
fn ratio_divides_plain_integers() {
    let xs = fq_samples(500);
    for (i, n) in xs.iter().enumerate() {
        let d = xs[(i * 7 + 3) % xs.len()];
        let got = zkhost_mont::inverse::ratio::<super::fp::FpConfig>(
            &n.into_bigint().0,
            &d.into_bigint().0,
        );
        let want = d.inverse().map(|inv| (*n * inv).into_bigint().0);
        assert_eq!(got, want, "{n} / {d}");
    }
}

/// The lazily reduced Fp2 product at the edges of its bounds: every combination of
/// components from 0, 1, 2, −1, −2, 2²⁵⁵ mod p and a few random ones (the largest
/// sums, the largest products, differences that would be negative without p²).
#[test]
fn fp2_mul_at_the_edges() {
    let edges: Vec<Fq> = fq_samples(3).into_iter().chain([-Fq::from(2u64)]).collect();
    for &a0 in &edges {
        for &a1 in &edges {
            for &b0 in &edges {
                for &b1 in &edges {
                    let (a, b) = (Fq2::new(a0, a1), Fq2::new(b0, b1));
                    assert_eq!(fp2(a) * fp2(b), fp2(a * b));
                }
            }
        }
    }
    // p² is a multiple of p below p·2²⁵⁶: it reduces to zero.
    assert_eq!(
        zkhost_mont::redc_wide(&super::fp::P_SQUARED, &super::fp::MODULUS),
        [0; 4]
    );
}

#[test]
fn tower_matches_arkworks() {
    let mut rng = rng();
    for _ in 0..200 {
        let (a, b) = (Fq2::rand(&mut rng), Fq2::rand(&mut rng));
        assert_eq!(fp2(a) * fp2(b), fp2(a * b));
        assert_eq!(fp2(a).square(), fp2(a.square()));
        assert_eq!(fp2(a).inverse(), a.inverse().map(fp2));
        assert_eq!(fp2(a).frobenius(1), fp2(a.frobenius_map(1)));
        let xi = Fq2::new(Fq::from(9u64), Fq::ONE);
        assert_eq!(fp2(a).mul_by_xi(), fp2(a * xi));

        let (a, b) = (Fq6::rand(&mut rng), Fq6::rand(&mut rng));
        assert_eq!(fp6(a) * fp6(b), fp6(a * b));
        assert_eq!(fp6(a).square(), fp6(a.square()));
        assert_eq!(fp6(a).inverse(), a.inverse().map(fp6));
        for k in 0..4 {
            assert_eq!(fp6(a).frobenius(k), fp6(a.frobenius_map(k)), "k = {k}");
        }
        let (b0, b1) = (fp2(b.c0), fp2(b.c1));
        assert_eq!(
            fp6(a).mul_by_01(&b0, &b1),
            fp6(a) * Fp6::new(b0, b1, Fp2::ZERO)
        );

        let (a, b) = (Fq12::rand(&mut rng), Fq12::rand(&mut rng));
        assert_eq!(fp12(a) * fp12(b), fp12(a * b));
        assert_eq!(fp12(a).square(), fp12(a.square()));
        assert_eq!(fp12(a).inverse(), a.inverse().map(fp12));
        for k in 0..4 {
            assert_eq!(fp12(a).frobenius(k), fp12(a.frobenius_map(k)), "k = {k}");
        }
        let (d0, d3, d4) = (fp2(b.c0.c0), fp2(b.c1.c0), fp2(b.c1.c1));
        let sparse = Fp12::new(
            Fp6::new(d0, Fp2::ZERO, Fp2::ZERO),
            Fp6::new(d3, d4, Fp2::ZERO),
        );
        assert_eq!(fp12(a).mul_by_034(&d0, &d3, &d4), fp12(a) * sparse);
        // Two lines multiplied together, then into f: the same as the full
        // products (arkworks' multiplication of the dense forms).
        let e = Fq12::rand(&mut rng);
        let (e0, e3, e4) = (fp2(e.c0.c0), fp2(e.c1.c0), fp2(e.c1.c1));
        let mut e_sparse = e;
        e_sparse.c0.c1 = Default::default();
        e_sparse.c0.c2 = Default::default();
        e_sparse.c1.c2 = Default::default();
        let mut b_sparse = b;
        b_sparse.c0.c1 = Default::default();
        b_sparse.c0.c2 = Default::default();
        b_sparse.c1.c2 = Default::default();
        let x = mul_034_by_034(&[d0, d3, d4], &[e0, e3, e4]);
        let product = fp12(b_sparse * e_sparse);
        assert_eq!(
            [x[0], x[1], x[2], x[3], x[4], product.c1.c2],
            [
                product.c0.c0,
                product.c0.c1,
                product.c0.c2,
                product.c1.c0,
                product.c1.c1,
                Fp2::ZERO
            ]
        );
        assert_eq!(fp12(a).mul_by_01234(&x), fp12(a * b_sparse * e_sparse));
        // Cyclotomic squaring, on an element of the cyclotomic subgroup.
        let c = a.frobenius_map(6) * a.inverse().expect("non-zero");
        let c = c.frobenius_map(2) * c;
        assert_eq!(fp12(c).cyclotomic_square(), fp12(c.square()));
    }
    assert_eq!(Fp12::ONE.inverse(), Some(Fp12::ONE));
}

/// Points for the curve tests: random multiples of the generator and the edges.
fn g1_samples(n: usize) -> Vec<G1Projective> {
    let mut rng = rng();
    let g = G1Projective::generator();
    let mut v: Vec<G1Projective> = (0..n).map(|_| g * Fr::rand(&mut rng)).collect();
    v.extend([g, -g, g.double(), G1Projective::zero()]);
    v
}

/// A point as ECADD receives it: plain coordinates, checked on the curve.
fn g1_input(p: G1Projective) -> G1Input {
    match p.into_affine().xy() {
        Some((x, y)) => G1Input::new(&x.into_bigint().0, &y.into_bigint().0).expect("on curve"),
        None => G1Input::INFINITY,
    }
}

#[test]
fn g1_add_matches_arkworks() {
    let ps = g1_samples(300);
    for (i, &a) in ps.iter().enumerate() {
        for b in [ps[(i * 5 + 1) % ps.len()], a, -a, G1Projective::zero()] {
            let (pa, pb) = (g1_input(a), g1_input(b));
            let sum = g1(a + b);
            assert_eq!(pa.add(&pb), sum.to_evm());
            assert_eq!(pb.add(&pa), sum.to_evm());
            // The Montgomery form for ECMUL and the pairing.
            assert_eq!(pa.affine(), g1(a));
        }
    }
    assert_eq!(G1Input::INFINITY.add(&G1Input::INFINITY), [0; 64]);
    // Off the curve: y + 1 for each sample; and x, y swapped.
    for p in &ps {
        if let Some((x, y)) = p.into_affine().xy() {
            let (x, y1) = (x.into_bigint().0, (y + Fq::ONE).into_bigint().0);
            assert!(G1Input::new(&x, &y1).is_none());
            assert!(G1Input::new(&y.into_bigint().0, &x).is_none());
        }
    }
}

/// Scalars that stress the GLV split and the recoding: 0, 1, r − 1, r, r + 1,
/// 2²⁵⁶ − 1 (the all-ones scalar), λ, λ ± 1, powers of two, random values.
fn scalars() -> Vec<[u8; 32]> {
    let mut rng = rng();
    let to_bytes = |w: [u64; 4]| zkhost_mont::words::words_be_bytes(&w);
    let add = |w: [u64; 4], k: u64| zkhost_mont::words::add_words(&w, &[k, 0, 0, 0]).0;
    let sub = |w: [u64; 4], k: u64| zkhost_mont::words::sub_words(&w, &[k, 0, 0, 0]).0;
    let mut v = vec![
        [0u8; 32],
        to_bytes([1, 0, 0, 0]),
        to_bytes(sub(R, 1)),
        to_bytes(R),
        to_bytes(add(R, 1)),
        [0xff; 32],
        to_bytes(LAMBDA),
        to_bytes(add(LAMBDA, 1)),
        to_bytes(sub(LAMBDA, 1)),
    ];
    for bit in [0, 63, 64, 127, 128, 191, 252, 253, 255] {
        let mut w = [0u64; 4];
        w[bit / 64] = 1 << (bit % 64);
        v.push(to_bytes(w));
    }
    for _ in 0..300 {
        let mut b = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rng, &mut b);
        v.push(b);
    }
    v
}

#[test]
fn g1_mul_matches_arkworks() {
    let ps = g1_samples(20);
    for (i, k) in scalars().iter().enumerate() {
        let p = ps[i % ps.len()];
        let want = p * Fr::from_be_bytes_mod_order(k);
        assert_eq!(g1(p).mul(k), g1(want), "k = {}", hex::encode(k));
    }
}

#[test]
fn glv_split_recombines() {
    let lambda = Fr::from_bigint(BigInt(LAMBDA)).expect("λ < r");
    assert_eq!(
        lambda.square() + lambda + Fr::ONE,
        Fr::zero(),
        "λ is a cube root of unity"
    );
    for k in scalars() {
        let k = Fr::from_be_bytes_mod_order(&k);
        let (k1, k2) = glv_split(&k.into_bigint().0);
        assert!(k1.unsigned_abs() < 1 << 127 && k2.unsigned_abs() < 1 << 127);
        let from_i128 = |v: i128| {
            let m = Fr::from(v.unsigned_abs());
            if v < 0 {
                -m
            } else {
                m
            }
        };
        assert_eq!(from_i128(k1) + from_i128(k2) * lambda, k);
    }
}

/// The benchmark's "dense GLV halves" scalars (`zkhost_testkit::worst`) split into
/// exactly the designed halves, so they do cost the most NAF additions; and its λ
/// is this one. (The split rounds down, so its halves have opposite signs: the
/// first in `[0, 2¹²⁷)`, the second in `(−2¹²⁷, 0]`.)
#[test]
fn the_worst_case_scalars_split_into_their_designed_halves() {
    use zkhost_testkit::worst::{glv_scalar, BN254_LAMBDA, DENSE_HALF};
    assert_eq!(
        Fr::from_be_bytes_mod_order(&BN254_LAMBDA),
        Fr::from_bigint(BigInt(LAMBDA)).expect("λ < r")
    );
    let d = DENSE_HALF as i128;
    let k = Fr::from_be_bytes_mod_order(&glv_scalar(d, -d));
    assert_eq!(glv_split(&k.into_bigint().0), (d, -d));
}

/// A point of the twist that is (almost surely) outside G2.
fn random_twist_point(rng: &mut StdRng) -> ArkG2 {
    loop {
        let x = Fq2::rand(rng);
        if let Some(p) = ArkG2::get_point_from_x_unchecked(x, false) {
            return p;
        }
    }
}

/// `r·c/10069`, where `c = 2p − r` is the twist's cofactor: it maps a random twist
/// point to a point of order 10069 (or the identity).
const TO_ORDER_10069: [u64; 8] = [
    0x1dbb_fa43_015f_1659,
    0x88a0_ba93_34d5_d06e,
    0xc616_fa58_e5b7_2d72,
    0x8ec1_2d22_f654_1370,
    0x85dd_3e29_9a8f_ab26,
    0xf2ec_8020_adba_71a1,
    0xb0cf_b56a_567e_a5a2,
    0x3b89_d84c_6eaa,
];

#[test]
fn g2_subgroup_test_matches_order_r() {
    let mut rng = rng();
    let in_subgroup_slow =
        |q: &G2Affine| Jacobian::from_affine(q.x, q.y).mul_plain(&R).is_infinity();
    let mut small_order = 0;
    for _ in 0..40 {
        // Random twist points: outside G2.
        let q = g2(random_twist_point(&mut rng));
        assert!(!in_subgroup_slow(&q));
        assert!(!q.is_in_subgroup());
        // Points of G2.
        let s = G2Projective::generator() * Fr::rand(&mut rng);
        let q = g2(s.into_affine());
        assert!(in_subgroup_slow(&q));
        assert!(q.is_in_subgroup());
        // A G2 point plus a point of small order: outside.
        let r0 = g2(random_twist_point(&mut rng));
        let small: G2Jacobian = Jacobian::from_affine(r0.x, r0.y).mul_plain(&TO_ORDER_10069);
        if let Some((x, y)) = small.coords() {
            small_order += 1;
            assert!(small.mul_plain(&[10069]).is_infinity(), "order 10069");
            let tq = G2Affine { x, y };
            assert!(tq.is_on_curve());
            assert!(!tq.is_in_subgroup(), "order 10069");
            let mixed = Jacobian::from_affine(q.x, q.y).add(&small);
            let (x, y) = mixed.coords().expect("not the identity");
            let m = G2Affine { x, y };
            assert!(!in_subgroup_slow(&m));
            assert!(!m.is_in_subgroup(), "G2 point plus order 10069");
        }
    }
    assert!(
        small_order > 30,
        "too few points of order 10069: {small_order}"
    );
}

/// The loop's subgroup test ([`miller_loop_mixed`]'s `in_subgroup`) agrees with
/// `[r]Q = O` on every kind of twist point: random ones, G2 points, points of small
/// order and G2 points plus one; alone and among G2 points.
#[test]
fn the_miller_loop_decides_g2_membership() {
    let mut rng = rng();
    let in_subgroup_slow =
        |q: &G2Affine| Jacobian::from_affine(q.x, q.y).mul_plain(&R).is_infinity();
    let p = g1(G1Projective::generator() * Fr::rand(&mut rng));
    let loop_says = |qs: &[G2Affine]| {
        let pairs: Vec<(G1Affine, PairG2<'_>)> = qs
            .iter()
            .map(|q| (p, PairG2::Point { q, record: false }))
            .collect();
        miller_loop_mixed(&pairs).in_subgroup
    };
    let good = g2((G2Projective::generator() * Fr::rand(&mut rng)).into_affine());
    let mut points = Vec::new();
    for _ in 0..20 {
        points.push(g2(random_twist_point(&mut rng)));
        points.push(g2(
            (G2Projective::generator() * Fr::rand(&mut rng)).into_affine()
        ));
        let r0 = g2(random_twist_point(&mut rng));
        let small: G2Jacobian = Jacobian::from_affine(r0.x, r0.y).mul_plain(&TO_ORDER_10069);
        if let Some((x, y)) = small.coords() {
            points.push(G2Affine { x, y });
            let q = points[points.len() - 2];
            let mixed = Jacobian::from_affine(q.x, q.y).add(&small);
            let (x, y) = mixed.coords().expect("not the identity");
            points.push(G2Affine { x, y });
        }
    }
    let (mut inside, mut outside) = (0, 0);
    for q in &points {
        let want = in_subgroup_slow(q);
        assert_eq!(q.is_in_subgroup(), want);
        assert_eq!(loop_says(&[*q]), want, "{q:?}");
        assert_eq!(loop_says(&[good, *q, good]), want, "{q:?} among G2 points");
        if want {
            inside += 1;
        } else {
            outside += 1;
        }
    }
    assert!(
        inside >= 20 && outside >= 40,
        "{inside} inside, {outside} outside"
    );
}

/// The facts [`miller_loop_mixed`]'s subgroup test rests on (its proof, in
/// `in_subgroup_after_loop`): ψ satisfies `ψ² − tψ + p = 0` on the whole twist,
/// `φ = [6x+2] + ψ − ψ² + ψ³ = a + bψ` kills G2, and the gcd of φ's degree with
/// the twist's order is r.
#[test]
fn the_loop_subgroup_test_kills_exactly_g2() {
    use num_bigint::BigInt as Big;
    use num_integer::Integer;
    let x = Big::from(super::BN_X);
    let p = Big::from(36) * x.pow(4)
        + Big::from(36) * x.pow(3)
        + Big::from(24) * x.pow(2)
        + Big::from(6) * &x
        + 1;
    let r = Big::from(36) * x.pow(4)
        + Big::from(36) * x.pow(3)
        + Big::from(18) * x.pow(2)
        + Big::from(6) * &x
        + 1;
    let t = Big::from(6) * x.pow(2) + 1;
    let words = |v: &Big| {
        let (_, d) = v.to_u64_digits();
        let mut w = [0u64; 4];
        w[..d.len()].copy_from_slice(&d);
        w
    };
    assert_eq!(words(&p), super::fp::P);
    assert_eq!(words(&r), R);
    // ψ² − tψ + p = 0 on random twist points (outside G2).
    let mut rng = rng();
    for _ in 0..5 {
        let q = g2(random_twist_point(&mut rng));
        let j = Jacobian::from_affine(q.x, q.y);
        let lhs = psi_jacobian(&j, 2).add(&j.mul_plain(&words(&p)));
        let rhs = psi_jacobian(&j, 1).mul_plain(&words(&t));
        assert!(lhs.same_point(&rhs));
    }
    let a = Big::from(6) * &x + 2 + &p - &t * &p;
    let b = Big::from(1) - &t + &t * &t - &p;
    // On G2, ψ is [p]: φ is [a + bp] there, a multiple of r.
    let on_g2: Big = &a + &b * &p;
    assert!(on_g2.is_multiple_of(&r));
    let degree: Big = &a * &a + &a * &b * &t + &b * &b * &p;
    let twist_order: Big = &r * (Big::from(2) * &p - &r);
    assert_eq!(degree.gcd(&twist_order), r);
    // φ is separable: its degree is its kernel's size.
    assert!(!degree.is_multiple_of(&p));
}

#[test]
fn psi_is_frobenius_on_the_twist() {
    // ψ on G2 acts as multiplication by p (mod r): ψ(Q) = [p]Q.
    let mut rng = rng();
    let q = G2Projective::generator() * Fr::rand(&mut rng);
    let qa = g2(q.into_affine());
    let j = Jacobian::from_affine(qa.x, qa.y);
    let p_words = super::fp::P;
    assert!(psi_jacobian(&j, 1).same_point(&j.mul_plain(&p_words)));
    let psi = qa.psi(1);
    assert!(Jacobian::from_affine(psi.x, psi.y).same_point(&psi_jacobian(&j, 1)));
}

#[test]
fn pairing_matches_arkworks() {
    let mut rng = rng();
    for n in 1..=4 {
        let ps: Vec<G1Projective> = (0..n)
            .map(|_| G1Projective::generator() * Fr::rand(&mut rng))
            .collect();
        let qs: Vec<G2Projective> = (0..n)
            .map(|_| G2Projective::generator() * Fr::rand(&mut rng))
            .collect();
        let want = Bn254::multi_pairing(
            ps.iter().map(|p| p.into_affine()),
            qs.iter().map(|q| q.into_affine()),
        );
        let pairs: Vec<(G1Affine, G2Affine)> = ps
            .iter()
            .zip(&qs)
            .map(|(p, q)| (g1(*p), g2(q.into_affine())))
            .collect();
        let got = final_exponentiation(&miller_loop(&pairs)).expect("non-zero");
        assert_eq!(got, fp12(want.0), "{n} pairs");
    }
}

/// Prepared points give the Miller value of computed ones, alone or mixed with
/// computed points, and recording a point's lines during the loop prepares it
/// exactly as [`G2Prepared::new`] does.
#[test]
fn prepared_points_give_the_same_miller_value() {
    let mut rng = rng();
    for n in 1..=4 {
        let pairs: Vec<(G1Affine, G2Affine)> = (0..n)
            .map(|_| {
                let p = G1Projective::generator() * Fr::rand(&mut rng);
                let q = G2Projective::generator() * Fr::rand(&mut rng);
                (g1(p), g2(q.into_affine()))
            })
            .collect();
        let want = miller_loop(&pairs);
        let prepared: Vec<G2Prepared> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
        for mask in 0..1u32 << n {
            let mixed: Vec<(G1Affine, PairG2<'_>)> = pairs
                .iter()
                .zip(&prepared)
                .enumerate()
                .map(|(i, ((p, q), prep))| {
                    let g2 = if mask >> i & 1 == 1 {
                        PairG2::Prepared(prep)
                    } else {
                        PairG2::Point { q, record: true }
                    };
                    (*p, g2)
                })
                .collect();
            let out = miller_loop_mixed(&mixed);
            let (got, recorded) = (out.f, out.prepared);
            assert!(out.in_subgroup);
            assert_eq!(got, want, "{n} pairs, prepared mask {mask:b}");
            for (i, r) in recorded.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    assert!(r.is_none());
                } else {
                    assert_eq!(r.as_ref(), Some(&prepared[i]), "pair {i} recorded");
                }
            }
        }
        // The memory figure the cache documents: the lines, the key twice (map and
        // order), the map's slot and the shared pointer's counts.
        let bytes = prepared[0].bytes() + 2 * 128 + 8 + 16;
        let entry = crate::g2_cache::ENTRY_BYTES;
        assert!(
            bytes <= entry && entry < bytes + 256,
            "{bytes} bytes per cached point against ENTRY_BYTES = {entry}"
        );
    }
}

#[test]
fn pairing_check_is_bilinear() {
    let mut rng = rng();
    for _ in 0..5 {
        let (a, b) = (Fr::rand(&mut rng), Fr::rand(&mut rng));
        let p = G1Projective::generator() * a;
        let q = G2Projective::generator() * b;
        // e(aG, bH)·e(−abG, H) = 1, and not with ab + 1.
        let ok = [
            (g1(p), g2(q.into_affine())),
            (
                g1(-(G1Projective::generator() * (a * b))),
                g2(G2Projective::generator().into_affine()),
            ),
        ];
        assert!(pairing_is_one(&ok));
        let bad = [
            ok[0],
            (
                g1(-(G1Projective::generator() * (a * b + Fr::ONE))),
                ok[1].1,
            ),
        ];
        assert!(!pairing_is_one(&bad));
    }
}

/// The inversion's work is bounded: no input needs more than [`MOST_BATCHES`]
/// batches of 30 (or, once the numbers fit one word, 62) steps, about 2·254/30 + 1,
/// so ECADD's one inversion has a fixed worst case. Checked on random values and on the structured inputs that make a
/// binary GCD take its longest (tiny and near-p values, powers of two, runs of
/// ones, Fibonacci-like ratios), in both the plain and the Montgomery reading.
#[test]
fn inverse_work_is_bounded() {
    const MOST_BATCHES: usize = 18;
    let mut inputs = fq_samples(20_000);
    inputs.extend((1..2000u64).map(Fq::from));
    inputs.extend((1..2000u64).map(|k| -Fq::from(k)));
    inputs.extend((0..254).map(|k| Fq::from(2u64).pow([k])));
    inputs.extend((0..254).map(|k| Fq::from(2u64).pow([k]) - Fq::ONE));
    // Consecutive Fibonacci numbers make Euclid's algorithm slowest.
    let (mut f0, mut f1) = (Fq::ONE, Fq::ONE);
    for _ in 0..400 {
        (f0, f1) = (f1, f0 + f1);
        inputs.push(f1);
        inputs.push(f1 * f0.inverse().expect("non-zero"));
    }
    let mut most = 0;
    for a in inputs {
        for x in [fp(a), Fp::from_mont(a.into_bigint().0)] {
            if !x.is_zero() {
                most = most.max(zkhost_mont::inverse::batch_count::<super::fp::FpConfig>(
                    &x.0,
                ));
            }
        }
    }
    println!("most batches: {most}");
    assert!(most <= MOST_BATCHES, "an inversion took {most} batches");
}

/// Every width-w NAF recombines to its value, has odd digits below `2^(w−1)` and at
/// most one non-zero digit in any w consecutive: on the Miller loop's `6x + 2`, on x,
/// on the edges and on random values.
#[test]
fn wnaf_digits_recombine() {
    use rand::Rng;
    let mut rng = rng();
    let x = u128::from(super::BN_X);
    let mut values = vec![0, 1, 2, 3, 7, x, 6 * x + 2, (1 << 126) - 1, 1 << 126];
    values.extend((0..500).map(|_| rng.gen::<u128>() >> 2));
    for w in 2..=7u32 {
        for &k in &values {
            let digits = super::wnaf(k, w);
            let mut sum: i128 = 0;
            for (i, &d) in digits.iter().enumerate() {
                assert!(d == 0 || (d % 2 != 0 && i32::from(d).abs() < 1 << (w - 1)));
                sum += i128::from(d) << i;
            }
            assert_eq!(sum, k as i128, "width {w}, {k}");
            for window in digits.windows(w as usize) {
                assert!(window.iter().filter(|&&d| d != 0).count() <= 1);
            }
        }
    }
    assert_eq!(super::naf(x), super::wnaf(x, 2));
}

/// Halving agrees with arkworks' multiplication by `1/2`, on random values and on
/// the edges (0, 1, p − 1, whose halving adds p).
#[test]
fn halving_matches_arkworks() {
    let half = Fq::from(2u64).inverse().expect("2 is invertible");
    let mut samples = fq_samples(2_000);
    samples.extend([Fq::ZERO, Fq::ONE, -Fq::ONE, -Fq::from(2u64)]);
    for a in samples {
        assert_eq!(fp(a).halve(), fp(a * half));
    }
}

/// `reduce_small` leaves a canonical value congruent to its input, for inputs at
/// every boundary it relies on: each multiple `k·p` and its neighbours, each
/// `h·2²⁵⁰` and its neighbours (where the quotient table's entry changes), and
/// random five-word values, all below `64p`.
#[test]
fn small_reduction_is_exact() {
    use super::fp::{FpConfig, P};
    let reduce_small = zkhost_mont::fp::reduce_small::<FpConfig>;
    let words = |x: &num_words::W| x.0;
    let p = num_words::W::from4(&P);
    let limit = p.times(64);
    let mut inputs: Vec<num_words::W> = Vec::new();
    for k in 0..64u64 {
        let kp = p.times(k);
        inputs.extend([kp.minus_one(), kp, kp.plus_one()]);
    }
    for h in 0..1024u64 {
        let v = num_words::W([0, 0, 0, h << 58, h >> 6]);
        inputs.extend([v.minus_one(), v, v.plus_one()]);
    }
    let mut rng = rng();
    for _ in 0..20_000 {
        let mut v = num_words::W([0; 5]);
        for w in v.0.iter_mut() {
            *w = rand::Rng::gen(&mut rng);
        }
        v.0[4] &= 15;
        inputs.push(v);
    }
    for t in inputs.into_iter().filter(|t| t.less(&limit)) {
        let r = reduce_small(&words(&t));
        assert!(num_words::W::from4(&r).less(&p), "canonical");
        let mut bytes = Vec::new();
        for w in t.0 {
            bytes.extend(w.to_le_bytes());
        }
        let want = Fq::from_le_bytes_mod_order(&bytes);
        assert_eq!(Fq::from_bigint(BigInt(r)), Some(want), "congruent");
    }
}

/// `Fp::linear` against arkworks, for every pair of small factors it takes (and
/// three-term sums up to the bound) on edge and random operands, including p
/// itself as a term (an unreduced −0).
#[test]
fn small_combinations_match_arkworks() {
    let mut xs = fq_samples(40);
    xs.extend([-Fq::from(2u64)]);
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 11 + 5) % xs.len()];
        let c = xs[(i * 7 + 3) % xs.len()];
        for ka in 0..64u64 {
            for kb in 0..(64 - ka) {
                let want = a * Fq::from(ka) + b * Fq::from(kb);
                assert_eq!(Fp::linear([(&fp(a), ka), (&fp(b), kb)]), fp(want));
                let want = a * Fq::from(ka) - b * Fq::from(kb);
                assert_eq!(
                    Fp::linear([(&fp(a), ka), (&fp(b).neg_unreduced(), kb)]),
                    fp(want)
                );
                let kc = 63 - ka - kb;
                let want = a * Fq::from(ka) - b * Fq::from(kb) - c * Fq::from(kc);
                let (nb, nc) = (fp(b).neg_unreduced(), fp(c).neg_unreduced());
                assert_eq!(Fp::linear([(&fp(a), ka), (&nb, kb), (&nc, kc)]), fp(want));
            }
        }
    }
    assert_eq!(Fp::ZERO.neg_unreduced().0, super::fp::P);
}

/// Five-word integers for the reduction tests.
mod num_words {
    #[derive(Clone, Copy, Debug)]
    pub(super) struct W(pub [u64; 5]);

    impl W {
        pub(super) fn from4(x: &[u64; 4]) -> W {
            W([x[0], x[1], x[2], x[3], 0])
        }

        pub(super) fn times(&self, k: u64) -> W {
            let mut out = [0u64; 5];
            let mut carry: u128 = 0;
            for (o, &w) in out.iter_mut().zip(&self.0) {
                let v = u128::from(w) * u128::from(k) + carry;
                *o = v as u64;
                carry = v >> 64;
            }
            W(out)
        }

        pub(super) fn plus_one(&self) -> W {
            let mut out = self.0;
            for w in out.iter_mut() {
                let (v, c) = w.overflowing_add(1);
                *w = v;
                if !c {
                    break;
                }
            }
            W(out)
        }

        pub(super) fn minus_one(&self) -> W {
            if self.0 == [0; 5] {
                return *self;
            }
            let mut out = self.0;
            for w in out.iter_mut() {
                let (v, b) = w.overflowing_sub(1);
                *w = v;
                if !b {
                    break;
                }
            }
            W(out)
        }

        pub(super) fn less(&self, o: &W) -> bool {
            for i in (0..5).rev() {
                if self.0[i] != o.0[i] {
                    return self.0[i] < o.0[i];
                }
            }
            false
        }
    }
}

/// The scalar field (Poseidon's): its modulus and one are arkworks', its arithmetic
/// agrees with arkworks' on random elements and the edges, and its encoding is
/// canonical (r itself and above refused).
#[test]
fn scalar_field_matches_arkworks() {
    use super::fr::{Fr as MyFr, FrConfig};
    use zkhost_mont::{Field as _, MontConfig};
    assert_eq!(FrConfig::P, <Fr as PrimeField>::MODULUS.0);
    assert_eq!(MyFr::ONE.0, Fr::ONE.0 .0);
    let mine = |a: Fr| MyFr::from_mont(a.0 .0);
    let theirs = |x: MyFr| Fr::from_be_bytes_mod_order(&x.to_be_bytes());
    let mut rng = rng();
    let mut xs = vec![Fr::ZERO, Fr::ONE, -Fr::ONE, -Fr::from(2u64)];
    xs.extend((0..2000).map(|_| Fr::rand(&mut rng)));
    for w in xs.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (x, y) = (mine(a), mine(b));
        assert_eq!(theirs(x), a);
        assert_eq!(theirs(x.add(&y)), a + b);
        assert_eq!(theirs(x.sub(&y)), a - b);
        assert_eq!(theirs(x.mul(&y)), a * b);
        assert_eq!(theirs(x.neg()), -a);
        assert_eq!(theirs(x.pow(&[5])), a.pow([5]));
        assert_eq!(x.inverse().map(theirs), a.inverse());
    }
    let r_be = zkhost_mont::words::words_be_bytes(&FrConfig::P);
    assert_eq!(MyFr::from_be_bytes(&r_be), None, "r itself is refused");
    assert_eq!(MyFr::from_be_bytes(&[0xff; 32]), None);
    let mut below = r_be;
    below[31] -= 1;
    let x = MyFr::from_be_bytes(&below).expect("r − 1");
    assert_eq!(x, MyFr::ONE.neg());
    assert_eq!(x.to_be_bytes(), below);
}
