//! Fp12 on lanes: one element as six Fp2 lanes, its operations as batches of Fp2
//! products gathered, multiplied eight at a time and combined (the private `plan`
//! module).
//!
//! Lane `j` of an [`Fp12Lanes`] holds, in the order of the scalar
//! [`Fp12`]'s fields, `c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2` — the coefficients
//! of `w⁰, w², w⁴, w¹, w³, w⁵`. Lanes 6 and 7 hold zero (0 or p: values in
//! lanes are reduced, not canonical).
//!
//! The number of Fp2 products per operation and the lane products they take (a
//! full batch of eight Fp2 products is three lane products; the rest go through
//! a narrow batch, three base-field products per Fp2 product):
//!
//! | operation | Fp2 products | lane products |
//! |---|---|---|
//! | [`mul`] (Karatsuba over Fp6, then over Fp2) | 18 = 8 + 8 + 2 | 7 |
//! | [`square`] (complex method) | 12 = 8 + 4 | 5 |
//! | [`mul_by_034`] (a line) | 13 = 8 + 5 | 5 |
//! | [`mul_034_by_034`] (two lines) | 6 | 3 |
//! | [`mul_by_01234`] (a product of two lines) | 17 = 8 + 8 + 1 | 7 |
//! | [`cyclotomic_square`] (Granger–Scott) | 9 squares = 8 + 1 | 3 |
//! | [`frobenius`] | 6 (by constants) | 3 |

use std::sync::OnceLock;

use core::arch::x86_64::*;

use zkhost_mont::ifma;

use super::super::fp12::Fp12;
use super::super::fp2::Fp2;
use super::super::fp6::Fp6;
use super::super::frobenius::frobenius_coefficients;
use super::plan::{Expr, Plan};
use super::{mul_narrow_signed, mul_signed, reduce, square as square2, Fp2Lanes};

/// One Fp12 element in lanes (see the module documentation for the layout).
#[derive(Clone, Copy, Debug)]
pub struct Fp12Lanes(pub Fp2Lanes);

impl Fp12Lanes {
    /// The scalar element in lanes (reduced).
    ///
    /// # Safety
    ///
    /// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    pub fn from_fp12(x: &Fp12) -> Fp12Lanes {
        let (a, b) = (&x.c0, &x.c1);
        Fp12Lanes(Fp2Lanes::from_fp2(&[
            a.c0,
            a.c1,
            a.c2,
            b.c0,
            b.c1,
            b.c2,
            Fp2::ZERO,
            Fp2::ZERO,
        ]))
    }

    /// The scalar element, fully reduced: the scalar code's words exactly.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    pub fn to_fp12(&self) -> Fp12 {
        let c = self.0.to_fp2();
        Fp12::new(Fp6::new(c[0], c[1], c[2]), Fp6::new(c[3], c[4], c[5]))
    }
}

/// A tower operation as lane batches: for each batch, the plans of its left and
/// right operands (over the operation's inputs), and the plan of the result over
/// the products (sources 0–2) and the inputs (sources 3 on).
struct Batched {
    /// Left and right operand plans of the full batches.
    full: Vec<(Plan, Plan)>,
    /// Left and right operand plans of the narrow batch and its product count.
    narrow: Option<(Plan, Plan, usize)>,
    /// Whether every product is a square (left and right plans equal).
    squares: bool,
    /// The result.
    out: Plan,
}

impl Batched {
    /// The operation whose products are `pairs` (formulas over the inputs, as
    /// source indices 0…) and whose result is `result(products, inputs)`, each
    /// product given as an [`Expr`] naming its batch and lane.
    fn new(
        pairs: &[(Expr, Expr)],
        inputs: usize,
        result: impl FnOnce(&[Expr], &dyn Fn(usize, usize) -> Expr) -> Vec<Expr>,
    ) -> Batched {
        // Batches of eight; a last one of up to five goes narrow.
        let rest = pairs.len() % 8;
        let (full_count, rest) = if rest > 5 {
            (pairs.len() / 8 + 1, 0)
        } else {
            (pairs.len() / 8, rest)
        };
        assert!(full_count + usize::from(rest > 0) <= 3);
        let plans = |chunk: &[(Expr, Expr)]| {
            let left: Vec<Expr> = chunk.iter().map(|p| p.0.clone()).collect();
            let right: Vec<Expr> = chunk.iter().map(|p| p.1.clone()).collect();
            (Plan::new(&left), Plan::new(&right))
        };
        let full: Vec<(Plan, Plan)> = pairs[..pairs.len() - rest].chunks(8).map(plans).collect();
        let narrow = (rest > 0).then(|| {
            let (l, r) = plans(&pairs[8 * full_count..]);
            (l, r, rest)
        });
        let squares = pairs.iter().all(|p| p.0 == p.1);
        let products: Vec<Expr> = (0..pairs.len()).map(|s| Expr::lane(s / 8, s % 8)).collect();
        let input = move |source: usize, lane: usize| {
            assert!(source < inputs);
            Expr::lane(3 + source, lane)
        };
        let out = Plan::new(&result(&products, &input));
        Batched {
            full,
            narrow,
            squares,
            out,
        }
    }

    /// The operation on `inputs`, reduced.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    fn run(&self, inputs: &[&Fp2Lanes]) -> Fp2Lanes {
        reduce(&self.run_signed(inputs))
    }

    /// The operation on `inputs`, signed (for a caller that adds more before
    /// reducing).
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    fn run_signed(&self, inputs: &[&Fp2Lanes]) -> Fp2Lanes {
        let mut p = [Fp2Lanes::zero(); 3];
        for (j, (left, right)) in self.full.iter().enumerate() {
            let x = left.apply(inputs);
            p[j] = if self.squares {
                square2(&x)
            } else {
                mul_signed(&x, &right.apply(inputs))
            };
        }
        if let Some((left, right, n)) = &self.narrow {
            let x = left.apply(inputs);
            let y = if self.squares { x } else { right.apply(inputs) };
            p[self.full.len()] = mul_narrow_signed(&x, &y, *n);
        }
        let mut sources: [&Fp2Lanes; 6] = [&p[0], &p[1], &p[2], &p[0], &p[0], &p[0]];
        sources[3..3 + inputs.len()].clone_from_slice(inputs);
        self.out.apply_signed(&sources)
    }
}

/// `(x0, x1, x2)·(y0, y1, y2)` in Fp6 by Karatsuba: the six product pairs
/// (`x0y0, x1y1, x2y2, (x1+x2)(y1+y2), (x0+x1)(y0+y1), (x0+x2)(y0+y2)`).
fn fp6_pairs(x: &[Expr; 3], y: &[Expr; 3]) -> [(Expr, Expr); 6] {
    [
        (x[0].clone(), y[0].clone()),
        (x[1].clone(), y[1].clone()),
        (x[2].clone(), y[2].clone()),
        (x[1].add(&x[2]), y[1].add(&y[2])),
        (x[0].add(&x[1]), y[0].add(&y[1])),
        (x[0].add(&x[2]), y[0].add(&y[2])),
    ]
}

/// The Fp6 product from the six products of [`fp6_pairs`], as in `Fp6::mul`.
fn fp6_combine(p: &[Expr]) -> [Expr; 3] {
    let (v0, v1, v2) = (&p[0], &p[1], &p[2]);
    [
        p[3].sub(v1).sub(v2).xi().add(v0),
        p[4].sub(v0).sub(v1).add(&v2.xi()),
        p[5].sub(v0).sub(v2).add(v1),
    ]
}

/// `x·(b0 + b1·v)` in Fp6: the five product pairs of `Fp6::mul_by_01`.
fn fp6_01_pairs(x: &[Expr; 3], b0: &Expr, b1: &Expr) -> [(Expr, Expr); 5] {
    [
        (x[0].clone(), b0.clone()),
        (x[1].clone(), b1.clone()),
        (x[1].add(&x[2]), b1.clone()),
        (x[0].add(&x[1]), b0.add(b1)),
        (x[0].add(&x[2]), b0.clone()),
    ]
}

/// The Fp6 product from the five products of [`fp6_01_pairs`].
fn fp6_01_combine(p: &[Expr]) -> [Expr; 3] {
    let (v0, v1) = (&p[0], &p[1]);
    [
        p[2].sub(v1).xi().add(v0),
        p[3].sub(v0).sub(v1),
        p[4].sub(v0).add(v1),
    ]
}

/// `z·v` in Fp6: `(ξz2, z0, z1)`.
fn fp6_mul_by_v(z: &[Expr; 3]) -> [Expr; 3] {
    [z[2].xi(), z[0].clone(), z[1].clone()]
}

fn add3(a: &[Expr; 3], b: &[Expr; 3]) -> [Expr; 3] {
    core::array::from_fn(|i| a[i].add(&b[i]))
}

fn sub3(a: &[Expr; 3], b: &[Expr; 3]) -> [Expr; 3] {
    core::array::from_fn(|i| a[i].sub(&b[i]))
}

/// An Fp12 from its two Fp6 halves, as the six lanes.
fn lanes(c0: [Expr; 3], c1: [Expr; 3]) -> Vec<Expr> {
    c0.into_iter().chain(c1).collect()
}

/// The halves of source `s` as an Fp12 in lanes.
fn halves(s: usize) -> ([Expr; 3], [Expr; 3]) {
    (
        core::array::from_fn(|i| Expr::lane(s, i)),
        core::array::from_fn(|i| Expr::lane(s, 3 + i)),
    )
}

/// The plans of every operation, built once.
struct Plans {
    mul: Batched,
    square: Batched,
    mul_by_034: Batched,
    mul_034_by_034: Batched,
    mul_034_by_034_packed: Batched,
    mul_by_01234: Batched,
    cyclotomic_square: Batched,
}

fn plans() -> &'static Plans {
    static PLANS: OnceLock<Plans> = OnceLock::new();
    PLANS.get_or_init(|| {
        // mul: Karatsuba over Fp6 (v0 = a0·b0, v1 = a1·b1, (a0 + a1)(b0 + b1)).
        let (a0, a1) = halves(0);
        let (b0, b1) = halves(1);
        let pairs: Vec<(Expr, Expr)> = [
            fp6_pairs(&a0, &b0),
            fp6_pairs(&a1, &b1),
            fp6_pairs(&add3(&a0, &a1), &add3(&b0, &b1)),
        ]
        .concat();
        let mul = Batched::new(&pairs, 2, |p, _| {
            let v0 = fp6_combine(&p[0..6]);
            let v1 = fp6_combine(&p[6..12]);
            let s = fp6_combine(&p[12..18]);
            let c0 = add3(&fp6_mul_by_v(&v1), &v0);
            lanes(c0, sub3(&sub3(&s, &v0), &v1))
        });

        // square: ab and (a + b)(a + v·b); c0 = that − ab − v·ab, c1 = 2ab.
        let (a, b) = halves(0);
        let pairs: Vec<(Expr, Expr)> = [
            fp6_pairs(&a, &b),
            fp6_pairs(&add3(&a, &b), &add3(&a, &fp6_mul_by_v(&b))),
        ]
        .concat();
        let square = Batched::new(&pairs, 1, |p, _| {
            let ab = fp6_combine(&p[0..6]);
            let t = fp6_combine(&p[6..12]);
            let c0 = sub3(&sub3(&t, &ab), &fp6_mul_by_v(&ab));
            lanes(c0, add3(&ab, &ab))
        });

        // mul_by_034: f = (a, b), line lanes (d0, d3, d4) in source 1.
        let (a, b) = halves(0);
        let (d0, d3, d4) = (Expr::lane(1, 0), Expr::lane(1, 1), Expr::lane(1, 2));
        let mut pairs: Vec<(Expr, Expr)> = a.iter().map(|x| (x.clone(), d0.clone())).collect();
        pairs.extend(fp6_01_pairs(&b, &d3, &d4));
        pairs.extend(fp6_01_pairs(&add3(&a, &b), &d0.add(&d3), &d4));
        let mul_by_034 = Batched::new(&pairs, 2, |p, _| {
            let t0 = [p[0].clone(), p[1].clone(), p[2].clone()];
            let t1 = fp6_01_combine(&p[3..8]);
            let c1 = sub3(&sub3(&fp6_01_combine(&p[8..13]), &t0), &t1);
            lanes(add3(&fp6_mul_by_v(&t1), &t0), c1)
        });

        // mul_034_by_034: lines c (source 0) and d (source 1), lanes (·0, ·3, ·4);
        // packed: both in source 0, c in lanes 0–2 and d in lanes 3–5.
        let mul_034_by_034 = two_lines(
            core::array::from_fn(|i| Expr::lane(0, i)),
            core::array::from_fn(|i| Expr::lane(1, i)),
            2,
        );
        let mul_034_by_034_packed = two_lines(
            core::array::from_fn(|i| Expr::lane(0, i)),
            core::array::from_fn(|i| Expr::lane(0, 3 + i)),
            1,
        );

        // mul_by_01234: f = (f0, f1), x (source 1) lanes x0…x4.
        let (f0, f1) = halves(0);
        let x: [Expr; 5] = core::array::from_fn(|i| Expr::lane(1, i));
        let x0 = [x[0].clone(), x[1].clone(), x[2].clone()];
        let sum = [x[0].add(&x[3]), x[1].add(&x[4]), x[2].clone()];
        let mut pairs: Vec<(Expr, Expr)> = fp6_pairs(&f0, &x0).to_vec();
        pairs.extend(fp6_pairs(&add3(&f0, &f1), &sum));
        pairs.extend(fp6_01_pairs(&f1, &x[3], &x[4]));
        let mul_by_01234 = Batched::new(&pairs, 2, |p, _| {
            let b = fp6_combine(&p[0..6]);
            let a = fp6_combine(&p[6..12]);
            let c = fp6_01_combine(&p[12..17]);
            lanes(add3(&fp6_mul_by_v(&c), &b), sub3(&sub3(&a, &b), &c))
        });

        // cyclotomic_square: the squares x², y², (x + y)² of A = (w⁰, w³),
        // B = (w¹, w⁴), C = (w², w⁵); w-power j is lane [0, 3, 1, 4, 2, 5][j].
        let w = |j: usize| Expr::lane(0, [0, 3, 1, 4, 2, 5][j]);
        let mut pairs = Vec::new();
        for (x, y) in [(w(0), w(3)), (w(1), w(4)), (w(2), w(5))] {
            let s = x.add(&y);
            pairs.extend([(x.clone(), x), (y.clone(), y), (s.clone(), s)]);
        }
        // Each output is 3·U ± z with U below, z the input's coefficient in the
        // same lane (+ on lanes 0–2, − on 3–5), which cyclotomic_square adds lane
        // by lane: a third of the permutations of the formula as written.
        let cyclotomic_square = Batched::new(&pairs, 1, |p, input| {
            let z = |j: usize| input(0, [0, 3, 1, 4, 2, 5][j]);
            // For the squares (x², y², (x + y)²) at p[3k..3k + 3]:
            // 3(x² + ξy²) − 2z = 3(x² + ξy² − z) + z and
            // 3((x + y)² − x² − y²) + 2z = 3((x + y)² − x² − y² + z) − z.
            let real = |k: usize, z: Expr| p[3 * k].add(&p[3 * k + 1].xi()).sub(&z);
            let imaginary = |k: usize| p[3 * k + 2].sub(&p[3 * k]).sub(&p[3 * k + 1]);
            let u0 = real(0, z(0));
            let u3 = imaginary(0).add(&z(3));
            let u1 = imaginary(2).xi().add(&z(1));
            let u4 = real(2, z(4));
            let u2 = real(1, z(2));
            let u5 = imaginary(1).add(&z(5));
            vec![u0, u2, u4, u1, u3, u5]
        });

        Plans {
            mul,
            square,
            mul_by_034,
            mul_034_by_034,
            mul_034_by_034_packed,
            mul_by_01234,
            cyclotomic_square,
        }
    })
}

/// The product of two lines `c`, `d` (coefficients of w⁰, w¹, w³), as
/// `mul_034_by_034`: six Fp2 products by Karatsuba on each pair of terms.
fn two_lines(c: [Expr; 3], d: [Expr; 3], inputs: usize) -> Batched {
    let pairs = vec![
        (c[0].clone(), d[0].clone()),
        (c[1].clone(), d[1].clone()),
        (c[2].clone(), d[2].clone()),
        (c[1].add(&c[2]), d[1].add(&d[2])),
        (c[0].add(&c[1]), d[0].add(&d[1])),
        (c[0].add(&c[2]), d[0].add(&d[2])),
    ];
    Batched::new(&pairs, inputs, |p, _| {
        let (x0, x3, x4) = (&p[0], &p[1], &p[2]);
        vec![
            x4.xi().add(x0),
            x3.clone(),
            p[3].sub(x3).sub(x4),
            p[4].sub(x0).sub(x3),
            p[5].sub(x0).sub(x4),
        ]
    })
}

/// `a·b`, as `Fp12::mul`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul(a: &Fp12Lanes, b: &Fp12Lanes) -> Fp12Lanes {
    Fp12Lanes(plans().mul.run(&[&a.0, &b.0]))
}

/// `a²`, as `Fp12::square`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn square(a: &Fp12Lanes) -> Fp12Lanes {
    Fp12Lanes(plans().square.run(&[&a.0]))
}

/// `f·(d0 + d3·w + d4·v·w)` for a line whose lanes 0, 1, 2 are `d0, d3, d4`, as
/// `Fp12::mul_by_034`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul_by_034(f: &Fp12Lanes, line: &Fp2Lanes) -> Fp12Lanes {
    Fp12Lanes(plans().mul_by_034.run(&[&f.0, line]))
}

/// The product of two lines (lanes 0, 1, 2 of each: the coefficients of w⁰, w¹,
/// w³), as `mul_034_by_034`: lanes 0–4 of the result are its five coefficients,
/// so that as an [`Fp12Lanes`] it is the product itself.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul_034_by_034(c: &Fp2Lanes, d: &Fp2Lanes) -> Fp2Lanes {
    plans().mul_034_by_034.run(&[c, d])
}

/// [`mul_034_by_034`] with both lines in one vector, `c` in lanes 0–2 and `d` in
/// lanes 3–5: one conversion into lanes for the two.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul_034_by_034_packed(cd: &Fp2Lanes) -> Fp2Lanes {
    plans().mul_034_by_034_packed.run(&[cd])
}

/// `f·x` for `x` the product of two lines (lanes 0–4, as [`mul_034_by_034`]
/// gives), as `Fp12::mul_by_01234`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn mul_by_01234(f: &Fp12Lanes, x: &Fp2Lanes) -> Fp12Lanes {
    Fp12Lanes(plans().mul_by_01234.run(&[&f.0, x]))
}

/// `f²` for `f` in the cyclotomic subgroup, as `Fp12::cyclotomic_square`.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn cyclotomic_square(f: &Fp12Lanes) -> Fp12Lanes {
    let u = plans().cyclotomic_square.run_signed(&[&f.0]);
    let three_u_plus_z = |u: &super::FpLanes, z: &super::FpLanes| {
        super::FpLanes::new(core::array::from_fn(|i| {
            let t = _mm512_add_epi64(u.limbs[i], _mm512_slli_epi64::<1>(u.limbs[i]));
            let t = _mm512_mask_add_epi64(t, 0b0000_0111, t, z.limbs[i]);
            _mm512_mask_sub_epi64(t, 0b0011_1000, t, z.limbs[i])
        }))
    };
    Fp12Lanes(reduce(&Fp2Lanes {
        re: three_u_plus_z(&u.re, &f.0.re),
        im: three_u_plus_z(&u.im, &f.0.im),
    }))
}

/// The conjugate `c0 − c1·w`: lanes 3–5 negated (`2p − x`, still reduced).
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn conjugate(f: &Fp12Lanes) -> Fp12Lanes {
    let zero = Fp2Lanes::zero();
    let neg = |x: &super::FpLanes, z: &super::FpLanes| {
        let n = ifma::sub_normalised(z, x);
        super::FpLanes::new(core::array::from_fn(|i| {
            _mm512_mask_blend_epi64(0b0011_1000, x.limbs[i], n.limbs[i])
        }))
    };
    Fp12Lanes(Fp2Lanes {
        re: neg(&f.0.re, &zero.re),
        im: neg(&f.0.im, &zero.im),
    })
}

/// The Frobenius constants of `k` (`ξ^(j(pᵏ−1)/6)` for the w-power `j` of each
/// lane) as lane limbs, real then imaginary, `[limb][lane]`.
type LaneConstants = ([[u64; 8]; 5], [[u64; 8]; 5]);

/// [`LaneConstants`] for `k` in 0..=3, built once (scalar code, no AVX-512).
fn frobenius_constants() -> &'static [LaneConstants; 4] {
    static CONSTANTS: OnceLock<[LaneConstants; 4]> = OnceLock::new();
    CONSTANTS.get_or_init(|| {
        core::array::from_fn(|k| {
            let g = &frobenius_coefficients()[k];
            let lanes = [g[0], g[2], g[4], g[1], g[3], g[5], Fp2::ZERO, Fp2::ZERO];
            let mut re = [[0u64; 8]; 5];
            let mut im = [[0u64; 8]; 5];
            for (l, c) in lanes.iter().enumerate() {
                let (r, i) = (ifma::lane_limbs(&c.c0), ifma::lane_limbs(&c.c1));
                for j in 0..5 {
                    re[j][l] = r[j];
                    im[j][l] = i[j];
                }
            }
            (re, im)
        })
    })
}

/// The Frobenius map applied `k` times (`k` in 0..=3), as `Fp12::frobenius`: each
/// coefficient conjugated when `k` is odd, then multiplied by its constant — one
/// batch of six Fp2 products.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512VL and AVX-512 IFMA.
#[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
#[inline]
pub fn frobenius(f: &Fp12Lanes, k: usize) -> Fp12Lanes {
    let (re, im) = &frobenius_constants()[k & 3];
    let g = Fp2Lanes {
        re: super::FpLanes::from_arrays(re),
        im: super::FpLanes::from_arrays(im),
    };
    let x = if k % 2 == 1 {
        Fp2Lanes {
            re: f.0.re,
            im: ifma::sub_normalised(&Fp2Lanes::zero().im, &f.0.im),
        }
    } else {
        f.0
    };
    Fp12Lanes(super::mul(&x, &g))
}
