//! The tower on AVX-512 IFMA lanes against the scalar tower, operation by
//! operation, in one process on one thread (issue 60).
//!
//! Each operation runs as a dependent chain (its output is its next input, as in
//! the Miller loop and the final exponentiation), scalar and lanes in alternating
//! order, `ROUNDS` rounds; printed are the medians of ns per operation and the
//! median of the per-round ratios (lanes / scalar). Time is the thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID` on Linux), so that on a shared machine the time the
//! thread waits for a core does not count. The base-field and Fp2 rows
//! are per eight products (one lane batch against eight scalar products). The
//! Miller loop and the final exponentiation keep f in lanes and the lines scalar
//! (`arithmetic::vector::pairing`).
//!
//! ```text
//! cargo run --release -p zkhost-bn254 --features internals --example vector_parts
//! ```
//!
//! Outputs are checked equal first; on a CPU without IFMA it says so and stops.

#[cfg(target_arch = "x86_64")]
mod bench {
    use std::hint::black_box;
    #[cfg(not(target_os = "linux"))]
    use std::time::Instant;

    use rand::{Rng, SeedableRng};
    use zkhost_bn254::arithmetic::fp::Fp;
    use zkhost_bn254::arithmetic::fp12::{mul_034_by_034, Fp12};
    use zkhost_bn254::arithmetic::fp2::Fp2;
    use zkhost_bn254::arithmetic::fp6::Fp6;
    use zkhost_bn254::arithmetic::g1::G1Affine;
    use zkhost_bn254::arithmetic::g2::G2Affine;
    use zkhost_bn254::arithmetic::jacobian::Jacobian;
    use zkhost_bn254::arithmetic::pairing;
    use zkhost_bn254::arithmetic::vector::fp12::{self as vf, Fp12Lanes};
    use zkhost_bn254::arithmetic::vector::pairing as vp;
    use zkhost_bn254::arithmetic::vector::{self as v, Fp2Lanes};
    use zkhost_mont::ifma::{self, Ifma};

    const ROUNDS: usize = 21;

    fn fp(rng: &mut impl Rng) -> Fp {
        loop {
            let w = [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> 2];
            if let Some(x) = Fp::from_words(&w) {
                return x;
            }
        }
    }
    fn fp2(rng: &mut impl Rng) -> Fp2 {
        Fp2::new(fp(rng), fp(rng))
    }
    fn fp12(rng: &mut impl Rng) -> Fp12 {
        let mut f6 = || Fp6::new(fp2(rng), fp2(rng), fp2(rng));
        Fp12::new(f6(), f6())
    }

    /// This thread's CPU time in ns: on a shared machine, time spent descheduled
    /// does not count (wall-clock time elsewhere than Linux).
    #[cfg(target_os = "linux")]
    fn now() -> u128 {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, t: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `t` is a valid, writable timespec (two 64-bit fields on
        // x86-64 Linux); the call writes nothing else.
        unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
        t.sec as u128 * 1_000_000_000 + t.nsec as u128
    }

    #[cfg(not(target_os = "linux"))]
    fn now() -> u128 {
        use std::sync::OnceLock;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_nanos()
    }

    /// ns per call of `f`, run `n` times (this thread's CPU time).
    fn time(n: usize, mut f: impl FnMut()) -> f64 {
        let start = now();
        for _ in 0..n {
            f();
        }
        (now() - start) as f64 / n as f64
    }

    /// A field element from 64 hex digits (big-endian).
    fn hex(s: &str) -> Fp {
        let b: [u8; 32] = core::array::from_fn(|i| {
            u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex digits")
        });
        Fp::from_be_bytes(&b).expect("below p")
    }

    /// `n` pairs `([a]G1, [b]G2)` for pseudo-random 64-bit a, b.
    fn points(n: usize, rng: &mut impl Rng) -> Vec<(G1Affine, G2Affine)> {
        // EIP-197's generator of G2.
        let g = Jacobian::from_affine(
            Fp2::new(
                hex("1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed"),
                hex("198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2"),
            ),
            Fp2::new(
                hex("12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa"),
                hex("090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b"),
            ),
        );
        (0..n)
            .map(|_| {
                let (a, b): (u64, u64) = (rng.gen(), rng.gen::<u64>() | 1);
                let mut k = [0u8; 32];
                k[24..].copy_from_slice(&a.to_be_bytes());
                let mut q = g;
                for bit in (0..63 - b.leading_zeros()).rev() {
                    q = q.double();
                    if (b >> bit) & 1 == 1 {
                        q = q.add(&g);
                    }
                }
                let (x, y) = q.coords().expect("not infinity");
                (
                    G1Affine::generator().mul(&k),
                    G2Affine::new(x, y).expect("on the twist"),
                )
            })
            .collect()
    }

    fn median(v: &mut [f64]) -> f64 {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    }

    /// One row: `scalar` and `lanes` alternated over the rounds.
    fn row(name: &str, n: usize, mut scalar: impl FnMut(), mut lanes: impl FnMut()) {
        let (mut s, mut l, mut r) = (Vec::new(), Vec::new(), Vec::new());
        // Warm up both (plans, caches, frequency).
        time(n / 4 + 1, &mut scalar);
        time(n / 4 + 1, &mut lanes);
        for round in 0..ROUNDS {
            let (ts, tl) = if round % 2 == 0 {
                let ts = time(n, &mut scalar);
                (ts, time(n, &mut lanes))
            } else {
                let tl = time(n, &mut lanes);
                (time(n, &mut scalar), tl)
            };
            s.push(ts);
            l.push(tl);
            r.push(tl / ts);
        }
        println!(
            "| {name} | {:.1} | {:.1} | {:.2} |",
            median(&mut s),
            median(&mut l),
            median(&mut r)
        );
    }

    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    fn run(token: Ifma) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(60);
        let a = fp12(&mut rng);
        let b = fp12(&mut rng);
        let lines: [[Fp2; 3]; 2] = [
            core::array::from_fn(|_| fp2(&mut rng)),
            core::array::from_fn(|_| fp2(&mut rng)),
        ];
        let pad = |x: &[Fp2]| -> [Fp2; 8] {
            core::array::from_fn(|i| x.get(i).copied().unwrap_or(Fp2::ZERO))
        };
        let (la, lb) = (Fp12Lanes::from_fp12(&a), Fp12Lanes::from_fp12(&b));
        let l0 = Fp2Lanes::from_fp2(&pad(&lines[0]));
        let l1 = Fp2Lanes::from_fp2(&pad(&lines[1]));
        let x = mul_034_by_034(&lines[0], &lines[1]);
        let lx = vf::mul_034_by_034(&l0, &l1);

        // Equal outputs before any timing.
        assert_eq!(vf::mul(&la, &lb).to_fp12(), a * b);
        assert_eq!(vf::square(&la).to_fp12(), a.square());
        assert_eq!(vf::cyclotomic_square(&la).to_fp12(), a.cyclotomic_square());
        assert_eq!(
            vf::mul_by_034(&la, &l0).to_fp12(),
            a.mul_by_034(&lines[0][0], &lines[0][1], &lines[0][2])
        );
        assert_eq!(&lx.to_fp2()[..5], &x[..]);
        assert_eq!(vf::mul_by_01234(&la, &lx).to_fp12(), a.mul_by_01234(&x));
        assert_eq!(vf::frobenius(&la, 1).to_fp12(), a.frobenius(1));

        println!("| operation | scalar ns | lanes ns | ratio |");
        println!("|---|---|---|---|");

        let fa: [Fp; 8] = core::array::from_fn(|_| fp(&mut rng));
        let fb: [Fp; 8] = core::array::from_fn(|_| fp(&mut rng));
        let (mut sx, mut lx8) = (fa, token.from_fp(&fa));
        let lb8 = token.from_fp(&fb);
        row(
            "Fp product ×8",
            200_000,
            || {
                for k in 0..8 {
                    sx[k] = sx[k].mul(&fb[k]);
                }
                black_box(&sx);
            },
            || lx8 = black_box(ifma::mul(&lx8, &lb8)),
        );

        let xa: [Fp2; 8] = core::array::from_fn(|_| fp2(&mut rng));
        let xb: [Fp2; 8] = core::array::from_fn(|_| fp2(&mut rng));
        let (mut s2, mut l2) = (xa, Fp2Lanes::from_fp2(&xa));
        let lb2 = Fp2Lanes::from_fp2(&xb);
        row(
            "Fp2 product ×8",
            100_000,
            || {
                for k in 0..8 {
                    s2[k] *= xb[k];
                }
                black_box(&s2);
            },
            || l2 = black_box(v::mul(&l2, &lb2)),
        );
        row(
            "Fp2 square ×8",
            100_000,
            || {
                for x in s2.iter_mut() {
                    *x = x.square();
                }
                black_box(&s2);
            },
            || l2 = black_box(v::square(&l2)),
        );

        let (mut s, mut l) = (a, la);
        row(
            "Fp12 product",
            20_000,
            || s = black_box(s * b),
            || l = black_box(vf::mul(&l, &lb)),
        );
        row(
            "Fp12 square",
            20_000,
            || s = black_box(s.square()),
            || l = black_box(vf::square(&l)),
        );
        row(
            "cyclotomic square",
            20_000,
            || s = black_box(s.cyclotomic_square()),
            || l = black_box(vf::cyclotomic_square(&l)),
        );
        row(
            "sparse line product (mul_by_034)",
            20_000,
            || s = black_box(s.mul_by_034(&lines[0][0], &lines[0][1], &lines[0][2])),
            || l = black_box(vf::mul_by_034(&l, &l0)),
        );
        let (mut sc, mut lc) = (lines[0], l0);
        row(
            "two lines (mul_034_by_034)",
            20_000,
            || {
                let x = mul_034_by_034(&sc, &lines[1]);
                sc = black_box([x[0], x[1], x[2]]);
            },
            || lc = black_box(vf::mul_034_by_034(&lc, &l1)),
        );
        row(
            "by two lines (mul_by_01234)",
            20_000,
            || s = black_box(s.mul_by_01234(&x)),
            || l = black_box(vf::mul_by_01234(&l, &lx)),
        );
        row(
            "Frobenius p",
            20_000,
            || s = black_box(s.frobenius(1)),
            || l = black_box(vf::frobenius(&l, 1)),
        );
        row(
            "Frobenius p²",
            20_000,
            || s = black_box(s.frobenius(2)),
            || l = black_box(vf::frobenius(&l, 2)),
        );
        let pairs = points(4, &mut rng);
        for n in [1, 2, 4] {
            let f = pairing::miller_loop(&pairs[..n]);
            assert_eq!(vp::miller_loop(&pairs[..n]), f);
            assert_eq!(
                vp::final_exponentiation(&f),
                pairing::final_exponentiation(&f)
            );
            row(
                &format!("Miller loop, {n} pair{}", if n > 1 { "s" } else { "" }),
                10,
                || {
                    black_box(pairing::miller_loop(black_box(&pairs[..n])));
                },
                || {
                    black_box(vp::miller_loop(black_box(&pairs[..n])));
                },
            );
        }
        let f = pairing::miller_loop(&pairs[..1]);
        row(
            "final exponentiation",
            10,
            || {
                black_box(pairing::final_exponentiation(black_box(&f)));
            },
            || {
                black_box(vp::final_exponentiation(black_box(&f)));
            },
        );
        for n in [1, 2, 4] {
            row(
                &format!(
                    "pairing check, {n} pair{} (loop + is_one)",
                    if n > 1 { "s" } else { "" }
                ),
                10,
                || {
                    black_box(pairing::is_one(&pairing::miller_loop(black_box(
                        &pairs[..n],
                    ))));
                },
                || {
                    black_box(vp::is_one(&vp::miller_loop(black_box(&pairs[..n]))));
                },
            );
        }

        let mut conv = Vec::new();
        for _ in 0..ROUNDS {
            conv.push(time(20_000, || {
                s = black_box(Fp12Lanes::from_fp12(&s).to_fp12());
            }));
        }
        println!();
        println!(
            "Fp12 into lanes and back (once per pairing, not per operation): {:.1} ns",
            median(&mut conv)
        );
    }

    pub(crate) fn main() {
        let Some(token) = Ifma::detect() else {
            println!("this CPU has no AVX-512 IFMA (or ZKHOST_NO_IFMA is set): nothing to compare");
            return;
        };
        // SAFETY: the token says the CPU has the features `run` enables.
        unsafe { run(token) }
    }
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    bench::main();
    #[cfg(not(target_arch = "x86_64"))]
    println!("the lane arithmetic is x86-64 only");
}
