//! Runs one part of the zkhost BN254 backend `N` times inside one non-inlined
//! function, `measured`, so that an instruction counter can count that function
//! alone: instruction counts do not depend on the machine's load, where timings on a
//! shared machine do.
//!
//! ```text
//! cargo build --release -p zkhost-bn254 --features internals --example counts
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/counts PART N
//! ```
//!
//! The instructions of one call are the total divided by N. PART is one of `fp2mul`,
//! `fp2square`, `fp6mul`, `fp12mul`, `fp12square`, `cyclotomic`, `line` (an Fp12
//! times a line), `miller1`, `miller4`, `finalexp`, `pairing1`, `pairing4` (the
//! Miller loop and final exponentiation of decoded pairs) and `precompile4` (the
//! whole precompile from bytes, the G2 cache paused). Each run prints a digest of its
//! last result, so a change of the arithmetic that changes a value shows.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::hint::black_box;

use zkhost_bn254::arithmetic::{
    fp::Fp, fp12::Fp12, fp2::Fp2, fp6::Fp6, g1::G1Affine, g2::G2Affine, pairing,
};
use zkhost_bn254::{g2_cache, Backend};
use zkhost_testkit::sample;

/// The coordinate at byte `at` of an EVM encoding.
fn coordinate(input: &[u8], at: usize) -> Fp {
    Fp::from_be_bytes(input[at..at + 32].try_into().expect("32 bytes")).expect("below p")
}

/// The decoded pairs of a pairing input (all valid).
fn pairs(input: &[u8]) -> Vec<(G1Affine, G2Affine)> {
    input
        .chunks_exact(192)
        .map(|pair| {
            let p = G1Affine::new(coordinate(pair, 0), coordinate(pair, 32)).expect("on G1");
            let x = Fp2::new(coordinate(pair, 96), coordinate(pair, 64));
            let y = Fp2::new(coordinate(pair, 160), coordinate(pair, 128));
            (p, G2Affine::new(x, y).expect("on the twist"))
        })
        .collect()
}

fn digest<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// `n` runs of `part`; the digest of the last result.
#[inline(never)]
fn measured(part: &str, n: usize) -> u64 {
    let a = Fp::from_u64(123_456_789);
    let b = Fp::from_u64(987_654_321).inverse().expect("non-zero");
    let a2 = Fp2::new(a, b);
    let a6 = Fp6::new(a2, a2.square(), a2 + a2);
    let a12 = Fp12::new(a6, a6.square());
    let p1 = pairs(&sample::pairing_input(1, 1000));
    let p4 = pairs(&sample::pairing_input(4, 1000));
    let input4 = sample::pairing_input(4, 1000);
    let miller = pairing::miller_loop(&pairs(&sample::pairing_input(2, 1000)));
    // Everything above is set-up, counted by every part alike; `n = 0` measures it.
    match part {
        "fp2mul" => {
            let mut y = a2;
            for _ in 0..n {
                y = black_box(y * a2);
            }
            digest(&y)
        }
        "fp2square" => {
            let mut y = a2;
            for _ in 0..n {
                y = black_box(y.square());
            }
            digest(&y)
        }
        "fp6mul" => {
            let mut y = a6;
            for _ in 0..n {
                y = black_box(y * a6);
            }
            digest(&y)
        }
        "fp12mul" => {
            let mut y = a12;
            for _ in 0..n {
                y = black_box(y * a12);
            }
            digest(&y)
        }
        "fp12square" => {
            let mut y = a12;
            for _ in 0..n {
                y = black_box(y.square());
            }
            digest(&y)
        }
        "cyclotomic" => {
            let mut y = a12;
            for _ in 0..n {
                y = black_box(y.cyclotomic_square());
            }
            digest(&y)
        }
        "line" => {
            let mut y = a12;
            for _ in 0..n {
                y = black_box(y.mul_by_034(&a2, &a2.square(), &a2));
            }
            digest(&y)
        }
        "miller1" | "miller4" => {
            let p = if part == "miller1" { &p1 } else { &p4 };
            let mut f = Fp12::ONE;
            for _ in 0..n {
                f = black_box(pairing::miller_loop(black_box(p)));
            }
            digest(&f)
        }
        "finalexp" => {
            let mut f = Fp12::ONE;
            for _ in 0..n {
                f = black_box(pairing::final_exponentiation(black_box(&miller))).expect("≠ 0");
            }
            digest(&f)
        }
        "pairing1" | "pairing4" => {
            let p = if part == "pairing1" { &p1 } else { &p4 };
            let mut ok = false;
            for _ in 0..n {
                ok = black_box(pairing::pairing_is_one(black_box(p)));
            }
            digest(&(ok, pairing::final_exponentiation(&pairing::miller_loop(p))))
        }
        "precompile4" => {
            let mut out = Ok(false);
            for _ in 0..n {
                out = black_box(Backend::ZKHOST.pairing(black_box(&input4)));
            }
            digest(&format!("{out:?}"))
        }
        _ => panic!("unknown part {part}"),
    }
}

fn main() {
    g2_cache::pause(true);
    let mut args = std::env::args().skip(1);
    let part = args.next().expect("usage: counts PART N");
    let n: usize = args.next().map_or(1, |s| s.parse().expect("N"));
    let d = measured(&part, n);
    let path = if zkhost_mont::has_adx() {
        "adx"
    } else {
        "portable"
    };
    println!("{part} x{n} ({path}): digest {d:016x}");
}
