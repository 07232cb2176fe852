//! Times the parts of the zkhost BN254 backend one by one — field operations, the
//! inversion, the tower, the G2 subgroup check, the Miller loop and the final
//! exponentiation, G1 addition and multiplication — to see where an operation's time
//! goes. Medians of 7 rounds; the inputs change from call to call where the code is
//! data-dependent (the inversion).
//!
//! `cargo run --release -p zkhost-bn254 --features internals,arkworks --example parts`

use std::hint::black_box;
use std::time::Instant;

use zkhost_bn254::arithmetic::{
    fp::Fp,
    fp12::Fp12,
    fp2::Fp2,
    fp6::Fp6,
    g1::{G1Affine, G1Input},
    g2::G2Affine,
    pairing,
};
use zkhost_testkit::sample;

/// Prints the median time of one call of `f` over 7 rounds of `reps` calls.
fn time<F: FnMut()>(name: &str, reps: usize, mut f: F) {
    f();
    let mut rounds: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..reps {
                f();
            }
            start.elapsed().as_secs_f64() / reps as f64 * 1e9
        })
        .collect();
    rounds.sort_by(f64::total_cmp);
    let ns = rounds[3];
    if ns >= 10_000.0 {
        println!("{name:28} {:>10.1} µs", ns / 1000.0);
    } else {
        println!("{name:28} {ns:>10.1} ns");
    }
}

/// The coordinate at byte `offset` of a sample pairing input.
fn coordinate(input: &[u8], offset: usize) -> Fp {
    let bytes: [u8; 32] = input[offset..offset + 32].try_into().expect("32 bytes");
    Fp::from_be_bytes(&bytes).expect("canonical")
}

fn main() {
    let a = Fp::from_u64(123_456_789);
    let b = Fp::from_u64(987_654_321).inverse().expect("non-zero");
    let mut x = a;
    time("Fp mul (dependent chain)", 100_000, || {
        x = black_box(x.mul(&b))
    });
    time("Fp add (dependent chain)", 100_000, || {
        x = black_box(x.add(&b))
    });
    time("Fp inverse", 10_000, || {
        x = black_box(x.add(&b)).inverse().expect("non-zero")
    });
    let a2 = Fp2::new(a, b);
    let mut y = a2;
    time("Fp2 mul", 100_000, || y = black_box(y * a2));
    time("Fp2 square", 100_000, || y = black_box(y.square()));
    let a6 = Fp6::new(a2, a2.square(), a2 + a2);
    let mut z6 = a6;
    time("Fp6 mul", 20_000, || z6 = black_box(z6 * a6));
    let a12 = Fp12::new(a6, a6.square());
    let mut z = a12;
    time("Fp12 mul", 10_000, || z = black_box(z * a12));
    time("Fp12 square", 10_000, || z = black_box(z.square()));
    time("Fp12 cyclotomic square", 10_000, || {
        z = black_box(z.cyclotomic_square())
    });
    time("Fp12 mul by a line", 10_000, || {
        z = black_box(z.mul_by_034(&a2, &a2, &a2))
    });
    time("Fp12 inverse", 1_000, || {
        z = black_box(z.inverse().expect("non-zero"))
    });

    let input = sample::pairing_input(2, 100);
    let point = |at: usize| {
        let p = G1Affine::new(coordinate(&input, at), coordinate(&input, at + 32));
        // The EVM orders G2 coordinates imaginary part first.
        let q = G2Affine::new(
            Fp2::new(coordinate(&input, at + 96), coordinate(&input, at + 64)),
            Fp2::new(coordinate(&input, at + 160), coordinate(&input, at + 128)),
        );
        (p.expect("on the curve"), q.expect("on the twist"))
    };
    let pairs = [point(0), point(192)];
    time("G2 subgroup check", 200, || {
        assert!(black_box(&pairs[0].1).is_in_subgroup())
    });
    let mut f = Fp12::ONE;
    time("Miller loop, 1 pair", 100, || {
        f = pairing::miller_loop(black_box(&pairs[..1]))
    });
    time("Miller loop, 2 pairs", 100, || {
        f = pairing::miller_loop(black_box(&pairs))
    });
    time("final exponentiation", 100, || {
        black_box(pairing::final_exponentiation(&f));
    });
    let p = pairs[0].0;
    let input = |q: &G1Affine| {
        let (x, y) = q.coordinates();
        G1Input::new(&x.to_words(), &y.to_words()).expect("on curve")
    };
    let (a1, a2) = (input(&p), input(&pairs[1].0));
    time("G1 add (ECADD, encoded)", 10_000, || {
        black_box(black_box(&a1).add(&a2));
    });
    time("G1 mul (GLV)", 300, || {
        black_box(black_box(&p).mul(&[0xab; 32]));
    });
}
