//! The rate of this CPU's 64×64→128-bit multiplier beside the field products built on
//! it: what bounds BN254's tower on a given CPU kind.
//!
//! ```text
//! cargo run --release -p zkhost-mont --example multiplier
//! ```
//!
//! Prints, in ns:
//! - `mulx independent`: one MULX of a long run of independent ones (the
//!   multiplier's throughput);
//! - `mulx dependent`: one MULX whose input is the previous one's low half (its
//!   latency);
//! - `mul` and `mul_wide + redc_wide`: one Montgomery product of a dependent chain
//!   over BN254's base field, in each of the two forms [`zkhost_mont`] has, and per
//!   word product: a 4-word Montgomery product is 36 of them (16 for `a·b`, 16 for
//!   `q·p`, four `q`);
//! - `mul, two chains`: two independent chains interleaved, per product: how much two
//!   products overlap, as those of an Fp2 squaring can.
//!
//! Where a product costs about as much as its 36 word products at the throughput
//! rate, the multiplier is the bound: a faster product needs fewer word products
//! (lazy reduction skips a reduction's 20), not fewer other instructions. x86-64
//! with BMI2 and ADX only.

#[cfg(target_arch = "x86_64")]
fn main() {
    use std::hint::black_box;
    use std::time::Instant;
    use zkhost_mont::Modulus;

    if !zkhost_mont::has_adx() {
        eprintln!("multiplier: this CPU has no BMI2/ADX (or ZKHOST_PORTABLE_FIELD is set)");
        std::process::exit(2);
    }
    const P: Modulus = Modulus::new([
        0x3c208c16d87cfd47,
        0x97816a916871ca8d,
        0xb85045b68181585d,
        0x30644e72e131a029,
    ]);
    const N: u64 = 20_000_000;

    /// The median over 7 rounds of `f`'s time divided by `per`.
    fn median(per: u64, mut f: impl FnMut()) -> f64 {
        f();
        let mut t: Vec<f64> = (0..7)
            .map(|_| {
                let s = Instant::now();
                f();
                s.elapsed().as_nanos() as f64 / per as f64
            })
            .collect();
        t.sort_by(f64::total_cmp);
        t[3]
    }

    let independent = median(8 * N, || {
        let mut n = N;
        let (mut h, mut l): (u64, u64);
        // SAFETY: registers only; the CPU has BMI2 (checked above).
        unsafe {
            core::arch::asm!(
                "2:",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "mulx {h}, {l}, {a}",
                "dec {n}",
                "jnz 2b",
                n = inout(reg) n,
                a = in(reg) black_box(0x9e3779b97f4a7c15u64),
                h = out(reg) h,
                l = out(reg) l,
                in("rdx") black_box(0x243f6a8885a308d3u64),
                options(nomem, nostack),
            );
        }
        black_box((n, h, l));
    });
    let dependent = median(8 * N, || {
        let mut n = N;
        let mut x: u64 = black_box(0x243f6a8885a308d3);
        let h: u64;
        // SAFETY: registers only; the CPU has BMI2 (checked above).
        unsafe {
            core::arch::asm!(
                "2:",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "mulx {h}, rdx, {a}",
                "dec {n}",
                "jnz 2b",
                n = inout(reg) n,
                a = in(reg) black_box(0x9e3779b97f4a7c15u64),
                h = out(reg) h,
                inout("rdx") x,
                options(nomem, nostack),
            );
        }
        black_box((n, h, x));
    });
    let (a0, b) = (
        [1u64, 2, 3, 0x0064_4e72_e131_a029],
        [5u64, 6, 7, 0x0164_4e72_e131_a029],
    );
    const CHAIN: u64 = 2_000_000;
    let mul = median(CHAIN, || {
        let mut x = a0;
        for _ in 0..CHAIN {
            x = zkhost_mont::mul(&x, black_box(&b), &P);
        }
        black_box(x);
    });
    let split = median(CHAIN, || {
        let mut x = a0;
        for _ in 0..CHAIN {
            x = zkhost_mont::redc_wide(&zkhost_mont::mul_wide(&x, black_box(&b)), &P);
        }
        black_box(x);
    });
    let two = median(2 * CHAIN, || {
        let (mut x, mut y) = (a0, b);
        for _ in 0..CHAIN {
            x = zkhost_mont::mul(&x, black_box(&b), &P);
            y = zkhost_mont::mul(&y, black_box(&a0), &P);
        }
        black_box((x, y));
    });
    println!("mulx independent: {independent:.3} ns");
    println!("mulx dependent: {dependent:.3} ns");
    println!(
        "mul: {mul:.2} ns, {:.3} ns per word product, {:.1} independent MULX",
        mul / 36.0,
        mul / independent
    );
    println!(
        "mul_wide + redc_wide: {split:.2} ns, {:.3} ns per word product",
        split / 36.0
    );
    println!(
        "mul, two chains: {two:.2} ns per product, {:.1} independent MULX",
        two / independent
    );
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    eprintln!("multiplier: x86-64 only");
    std::process::exit(2);
}
