//! Every lane operation against the scalar one, word for word, on random inputs
//! and on edges (zero, one, −1, −2, the largest Montgomery words, all-equal
//! coefficients), and on chains of operations (values left reduced but not
//! canonical between operations). On a CPU without IFMA each test says it skipped.

use rand::{Rng, SeedableRng};
use zkhost_mont::ifma::Ifma;

use super::super::fp::{Fp, FpConfig};
use super::super::fp12::{mul_034_by_034, Fp12};
use super::super::fp2::Fp2;
use super::super::fp6::Fp6;
use super::fp12::{self as vf, Fp12Lanes};
use super::{mul, square, Fp2Lanes};
use zkhost_mont::ifma::LaneConfig;

fn fp(rng: &mut impl Rng) -> Fp {
    loop {
        let w = [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2];
        if let Some(x) = Fp::from_words(&w) {
            return x;
        }
    }
}

/// Base-field edges: 0, 1, 2, −1, −2, Montgomery words 1 and p − 1.
fn fp_edges() -> Vec<Fp> {
    let p_minus_1 = [
        0x3c20_8c16_d87c_fd46,
        0x9781_6a91_6871_ca8d,
        0xb850_45b6_8181_585d,
        0x3064_4e72_e131_a029,
    ];
    let two = Fp::ONE.double();
    vec![
        Fp::ZERO,
        Fp::ONE,
        two,
        Fp::ONE.neg(),
        two.neg(),
        Fp::from_mont([1, 0, 0, 0]),
        Fp::from_mont(p_minus_1),
    ]
}

fn fp2(rng: &mut impl Rng) -> Fp2 {
    Fp2::new(fp(rng), fp(rng))
}

/// An Fp2: random, or one of the edges in both parts (a quarter of the time).
fn fp2_mixed(rng: &mut impl Rng) -> Fp2 {
    let e = fp_edges();
    if rng.gen_range(0..4) == 0 {
        Fp2::new(e[rng.gen_range(0..e.len())], e[rng.gen_range(0..e.len())])
    } else {
        fp2(rng)
    }
}

fn fp12_mixed(rng: &mut impl Rng) -> Fp12 {
    let mut f6 = || Fp6::new(fp2_mixed(rng), fp2_mixed(rng), fp2_mixed(rng));
    Fp12::new(f6(), f6())
}

/// Fp12 edges: every coefficient the same edge value.
fn fp12_edges() -> Vec<Fp12> {
    fp_edges()
        .into_iter()
        .map(|x| {
            let c = Fp2::new(x, x);
            Fp12::new(Fp6::new(c, c, c), Fp6::new(c, c, c))
        })
        .collect()
}

fn pad(x: &[Fp2]) -> [Fp2; 8] {
    core::array::from_fn(|i| x.get(i).copied().unwrap_or(Fp2::ZERO))
}

fn detect() -> Option<Ifma> {
    let t = Ifma::detect();
    if t.is_none() {
        eprintln!("skipped: this CPU has no AVX-512 IFMA (or ZKHOST_NO_IFMA is set)");
    }
    t
}

#[test]
fn fp2_products_and_squares() {
    if detect().is_none() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(600);
    let e = fp_edges();
    let mut sets: Vec<[Fp2; 8]> = (0..e.len())
        .map(|r| core::array::from_fn(|k| Fp2::new(e[(k + r) % e.len()], e[(3 * k + r) % e.len()])))
        .collect();
    sets.extend((0..500).map(|_| core::array::from_fn(|_| fp2_mixed(&mut rng))));
    for (i, a) in sets.iter().enumerate() {
        let b = &sets[(5 * i + 1) % sets.len()];
        // SAFETY: detected above.
        let (got_mul, got_square) = unsafe {
            let (la, lb) = (Fp2Lanes::from_fp2(a), Fp2Lanes::from_fp2(b));
            assert_eq!(&la.to_fp2(), a, "round trip");
            (mul(&la, &lb).to_fp2(), square(&la).to_fp2())
        };
        let want: [Fp2; 8] = core::array::from_fn(|k| a[k] * b[k]);
        assert_eq!(got_mul, want, "product, set {i}");
        assert_eq!(got_square, a.map(|x| x.square()), "square, set {i}");
        // The largest inputs the square takes (components below 4p, as the
        // cyclotomic square's sums x + y): the imaginary part moved up by 2p, the
        // real part by 0, p or 2p, so that the imaginary part exceeds the real
        // one by up to 3p.
        for k in 0..4 {
            // SAFETY: detected above.
            let got = unsafe {
                let la = Fp2Lanes::from_fp2(a);
                let lift = |x: &super::FpLanes, m: u64| {
                    zkhost_mont::ifma::carry(&zkhost_mont::ifma::add(
                        x,
                        &zkhost_mont::ifma::constant(&FpConfig::P52.map(|l| m * l)),
                    ))
                };
                // from_fp gives values below p(1 + 2⁻⁶): lifted, below 4p.
                let high = Fp2Lanes {
                    re: lift(&la.re, k.min(2)),
                    im: lift(&la.im, 2),
                };
                square(&high).to_fp2()
            };
            assert_eq!(
                got,
                a.map(|x| x.square()),
                "square of lifted inputs, set {i}"
            );
        }
    }
}

/// Each Fp12 operation once on `a`, `b` and two lines, lanes against scalar.
fn check_fp12(a: &Fp12, b: &Fp12, l: &[Fp2; 3], m: &[Fp2; 3], what: &str) {
    let x = mul_034_by_034(l, m);
    // SAFETY: callers detect IFMA first.
    unsafe {
        let (la, lb) = (Fp12Lanes::from_fp12(a), Fp12Lanes::from_fp12(b));
        let (ll, lm) = (Fp2Lanes::from_fp2(&pad(l)), Fp2Lanes::from_fp2(&pad(m)));
        assert_eq!(la.to_fp12(), *a, "round trip, {what}");
        assert_eq!(vf::mul(&la, &lb).to_fp12(), *a * *b, "product, {what}");
        assert_eq!(vf::square(&la).to_fp12(), a.square(), "square, {what}");
        assert_eq!(
            vf::cyclotomic_square(&la).to_fp12(),
            a.cyclotomic_square(),
            "cyclotomic square, {what}"
        );
        assert_eq!(
            vf::mul_by_034(&la, &ll).to_fp12(),
            a.mul_by_034(&l[0], &l[1], &l[2]),
            "line product, {what}"
        );
        let lx = vf::mul_034_by_034(&ll, &lm);
        assert_eq!(&lx.to_fp2()[..5], &x[..], "two lines, {what}");
        assert_eq!(
            lx.to_fp2()[5..],
            [Fp2::ZERO; 3],
            "two lines' idle lanes, {what}"
        );
        assert_eq!(
            vf::mul_by_01234(&la, &lx).to_fp12(),
            a.mul_by_01234(&x),
            "by two lines, {what}"
        );
        for k in 0..4 {
            assert_eq!(
                vf::frobenius(&la, k).to_fp12(),
                a.frobenius(k),
                "Frobenius {k}, {what}"
            );
        }
        assert_eq!(
            vf::conjugate(&la).to_fp12(),
            a.conjugate(),
            "conjugate, {what}"
        );
    }
}

#[test]
fn fp12_operations() {
    if detect().is_none() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(601);
    let edges = fp12_edges();
    for (i, a) in edges.iter().enumerate() {
        for b in &edges {
            let l = [a.c0.c0, b.c1.c0, a.c1.c1];
            let m = [b.c0.c0, a.c1.c0, b.c1.c1];
            check_fp12(a, b, &l, &m, &format!("edge {i}"));
        }
    }
    for i in 0..300 {
        let (a, b) = (fp12_mixed(&mut rng), fp12_mixed(&mut rng));
        let l = [
            fp2_mixed(&mut rng),
            fp2_mixed(&mut rng),
            fp2_mixed(&mut rng),
        ];
        let m = [
            fp2_mixed(&mut rng),
            fp2_mixed(&mut rng),
            fp2_mixed(&mut rng),
        ];
        check_fp12(&a, &b, &l, &m, &format!("random {i}"));
    }
}

/// Long chains kept in lanes (reduced, not canonical, between operations) end in
/// the scalar chain's words: what a Miller loop and a final exponentiation do.
#[test]
fn fp12_chains() {
    if detect().is_none() {
        return;
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(602);
    for _ in 0..10 {
        let (mut s, b) = (fp12_mixed(&mut rng), fp12_mixed(&mut rng));
        let l = [fp2(&mut rng), fp2(&mut rng), fp2(&mut rng)];
        let m = [fp2(&mut rng), fp2(&mut rng), fp2(&mut rng)];
        let x = mul_034_by_034(&l, &m);
        // SAFETY: detected above.
        unsafe {
            let mut v = Fp12Lanes::from_fp12(&s);
            let lb = Fp12Lanes::from_fp12(&b);
            let lx =
                vf::mul_034_by_034(&Fp2Lanes::from_fp2(&pad(&l)), &Fp2Lanes::from_fp2(&pad(&m)));
            let ll = Fp2Lanes::from_fp2(&pad(&l));
            for step in 0..60 {
                match step % 6 {
                    0 => (s, v) = (s.square(), vf::square(&v)),
                    1 => (s, v) = (s * b, vf::mul(&v, &lb)),
                    2 => (s, v) = (s.mul_by_01234(&x), vf::mul_by_01234(&v, &lx)),
                    3 => (s, v) = (s.cyclotomic_square(), vf::cyclotomic_square(&v)),
                    4 => (s, v) = (s.mul_by_034(&l[0], &l[1], &l[2]), vf::mul_by_034(&v, &ll)),
                    _ => {
                        (s, v) = (
                            s.frobenius(step % 4).conjugate(),
                            vf::conjugate(&vf::frobenius(&v, step % 4)),
                        )
                    }
                }
            }
            assert_eq!(v.to_fp12(), s);
        }
    }
}

/// The Miller loop and the final exponentiation with f in lanes give the scalar
/// values, at one to four pairs, and the same verdicts.
#[test]
fn pairing_halves() {
    use ark_bn254::{Fq, G1Projective, G2Projective};
    use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
    use ark_ff::UniformRand;

    use super::super::g1::G1Affine;
    use super::super::g2::G2Affine;
    use super::super::pairing;
    use super::pairing as vp;

    if detect().is_none() {
        return;
    }
    // arkworks keeps the same Montgomery words.
    let fq = |a: Fq| Fp::from_mont(a.0 .0);
    let mut rng = rand::rngs::StdRng::seed_from_u64(603);
    let pairs: Vec<(G1Affine, G2Affine)> = (0..4)
        .map(|_| {
            let p = (G1Projective::generator() * ark_bn254::Fr::rand(&mut rng)).into_affine();
            let q = (G2Projective::generator() * ark_bn254::Fr::rand(&mut rng)).into_affine();
            let (px, py) = p.xy().expect("not infinity");
            let (qx, qy) = q.xy().expect("not infinity");
            (
                G1Affine::new(fq(px), fq(py)).expect("on curve"),
                G2Affine::new(
                    Fp2::new(fq(qx.c0), fq(qx.c1)),
                    Fp2::new(fq(qy.c0), fq(qy.c1)),
                )
                .expect("on twist"),
            )
        })
        .collect();
    // SAFETY: detected above.
    unsafe {
        for n in 1..=4 {
            let f = pairing::miller_loop(&pairs[..n]);
            assert_eq!(vp::miller_loop(&pairs[..n]), f, "Miller loop, {n} pairs");
            assert_eq!(
                vp::final_exponentiation(&f),
                pairing::final_exponentiation(&f),
                "final exponentiation, {n} pairs"
            );
            assert!(!vp::is_one(&f) && !pairing::is_one(&f), "{n} pairs");
        }
        // e(P, Q)·e(−P, Q) = 1.
        let (p, q) = pairs[0];
        let f = vp::miller_loop(&[(p, q), (p.neg(), q)]);
        assert!(vp::is_one(&f) && pairing::is_one(&f), "bilinearity");
        // Any element, and zero.
        for _ in 0..3 {
            let f = fp12_mixed(&mut rng);
            assert_eq!(
                vp::final_exponentiation(&f),
                pairing::final_exponentiation(&f),
                "final exponentiation of an arbitrary element"
            );
        }
        let zero = Fp12::new(Fp6::ZERO, Fp6::ZERO);
        assert_eq!(vp::final_exponentiation(&zero), None);
        assert!(!vp::is_one(&zero));
    }
}

/// The lane loop of the backend ([`super::pairing::miller_loop_mixed`]) against the
/// scalar one on every kind of pair: points whose lines are recorded or not,
/// prepared points, and points of the twist outside G2 (the subgroup decision read
/// off the loop's last T): the same Miller value, prepared lines and verdict.
#[test]
fn mixed_loop() {
    use ark_bn254::{Fq, Fq2, G1Projective, G2Projective};
    use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
    use ark_ff::UniformRand;

    use super::super::g1::G1Affine;
    use super::super::g2::G2Affine;
    use super::super::pairing::{self, G2Prepared, PairG2};
    use super::pairing as vp;

    if detect().is_none() {
        return;
    }
    let fq = |a: Fq| Fp::from_mont(a.0 .0);
    let g2 = |q: ark_bn254::G2Affine| {
        let (qx, qy) = q.xy().expect("not infinity");
        G2Affine::new(
            Fp2::new(fq(qx.c0), fq(qx.c1)),
            Fp2::new(fq(qy.c0), fq(qy.c1)),
        )
        .expect("on twist")
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(604);
    let g1s: Vec<G1Affine> = (0..5)
        .map(|_| {
            let p = (G1Projective::generator() * ark_bn254::Fr::rand(&mut rng)).into_affine();
            let (px, py) = p.xy().expect("not infinity");
            G1Affine::new(fq(px), fq(py)).expect("on curve")
        })
        .collect();
    let in_g2: Vec<G2Affine> = (0..5)
        .map(|_| g2((G2Projective::generator() * ark_bn254::Fr::rand(&mut rng)).into_affine()))
        .collect();
    // Points of the twist outside G2: the first x from a random one with a root.
    let outside: Vec<G2Affine> = (0..2)
        .map(|_| {
            let mut x = Fq2::rand(&mut rng);
            loop {
                if let Some(q) = ark_bn254::G2Affine::get_point_from_x_unchecked(x, false) {
                    let q = g2(q);
                    assert!(!q.is_in_subgroup());
                    return q;
                }
                x += Fq2::from(1u64);
            }
        })
        .collect();
    let prepared: Vec<G2Prepared> = in_g2.iter().map(G2Prepared::new).collect();
    type Kind = fn(usize) -> u8;
    // Per pair i: 0 point, 1 recorded point, 2 prepared, 3 outside G2 (recorded).
    let layouts: [(usize, Kind); 6] = [
        (1, |_| 1),
        (1, |_| 2),
        (2, |i| i as u8),
        (3, |i| [2, 1, 0][i]),
        (4, |i| [1, 2, 2, 0][i]),
        (3, |i| [1, 3, 2][i]),
    ];
    for (n, kind) in layouts {
        let pairs: Vec<(G1Affine, PairG2<'_>)> = (0..n)
            .map(|i| {
                let q = match kind(i) {
                    0 => PairG2::Point {
                        q: &in_g2[i],
                        record: false,
                    },
                    1 => PairG2::Point {
                        q: &in_g2[i],
                        record: true,
                    },
                    2 => PairG2::Prepared(&prepared[i]),
                    _ => PairG2::Point {
                        q: &outside[i % 2],
                        record: true,
                    },
                };
                (g1s[i], q)
            })
            .collect();
        let scalar = pairing::miller_loop_mixed(&pairs);
        // SAFETY: detected above.
        let lanes = unsafe { vp::miller_loop_mixed(&pairs) };
        assert_eq!(lanes.f, scalar.f, "Miller value, {n} pairs");
        assert_eq!(lanes.prepared, scalar.prepared, "prepared lines, {n} pairs");
        assert_eq!(lanes.in_subgroup, scalar.in_subgroup, "verdict, {n} pairs");
        assert_eq!(
            scalar.in_subgroup,
            (0..n).all(|i| kind(i) != 3),
            "subgroup decision, {n} pairs"
        );
    }
}
