#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! Montgomery multiplication for 4-limb (256-bit) prime fields whose modulus leaves
//! the top bit free (BN254's base and scalar fields, BLS12-381's scalar field, which
//! is Bandersnatch's base field).
//!
//! `mul(a, b) = a·b·2⁻²⁵⁶ mod p` on the Montgomery representations arkworks also
//! uses, so a result can be put straight back into an arkworks field element. It is
//! the coarsely integrated operand scanning (CIOS) method, with the "no-carry"
//! shortcut a spare top bit allows: the running sum never needs a fifth word.
//!
//! Two implementations give the same bits:
//! - [`mul_portable`]: plain Rust on `u128` products, on every target;
//! - on x86-64 CPUs with BMI2 and ADX (detected once at run time), an inline-assembly
//!   version with `mulx` and two independent carry chains (`adcx` on the carry flag,
//!   `adox` on the overflow flag), faster than arkworks' generic code in a
//!   throughput test (figures in the book, `docs/src/verkle.md`).
//!
//! [`mul`] picks the fastest available (or the portable code when the
//! `ZKHOST_PORTABLE_FIELD` environment variable is set, see [`PORTABLE_ENV`]).
//! Constant time is not a goal (all inputs of a host function are public).

use std::sync::atomic::{AtomicU8, Ordering};

/// A modulus `p < 2²⁵⁵` (its top word below `2⁶³ − 1`) and `−p⁻¹ mod 2⁶⁴`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Modulus {
    /// `p`, little-endian words.
    pub p: [u64; 4],
    /// `−p⁻¹ mod 2⁶⁴`.
    pub inv: u64,
}

impl Modulus {
    /// The constants for an odd `p` whose top word is below `2⁶³ − 1` (checked at
    /// compile time when used in a `const`).
    pub const fn new(p: [u64; 4]) -> Modulus {
        assert!(p[0] & 1 == 1, "the modulus must be odd");
        assert!(
            p[3] < (u64::MAX >> 1) - 1,
            "the no-carry method needs a spare top bit"
        );
        // Newton's iteration for p⁻¹ mod 2⁶⁴: each step doubles the correct bits.
        let mut x: u64 = 1;
        let mut i = 0;
        while i < 6 {
            x = x.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(x)));
            i += 1;
        }
        Modulus {
            p,
            inv: x.wrapping_neg(),
        }
    }
}

/// `a·b·2⁻²⁵⁶ mod p` for `a, b < p`, fully reduced; the fastest implementation this
/// CPU supports.
///
/// Where `4p < 2²⁵⁶` (BN254's fields, not Bandersnatch's) inputs up to `2p` are
/// fine too: the running sum stays below `4p` and the result below `2p` before the
/// final subtraction, so a caller may skip reducing a sum it only multiplies.
#[inline(always)]
pub fn mul(a: &[u64; 4], b: &[u64; 4], m: &Modulus) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    if has_adx() {
        // SAFETY: the CPU has BMI2 and ADX (checked just above).
        return unsafe { mul_adx(a, b, m) };
    }
    mul_portable(a, b, m)
}

/// Whether [`mul`] uses the MULX/ADX assembly (x86-64 with BMI2 and ADX). Detected
/// once and kept in one flag: it is read on every multiplication, and one relaxed
/// load is measurably cheaper there than the standard library's two feature checks.
#[inline(always)]
pub fn has_adx() -> bool {
    // 0: not yet known; 1: no; 2: yes.
    static STATE: AtomicU8 = AtomicU8::new(0);
    match STATE.load(Ordering::Relaxed) {
        0 => {
            let yes = detect_adx();
            STATE.store(1 + u8::from(yes), Ordering::Relaxed);
            yes
        }
        state => state == 2,
    }
}

/// Setting this environment variable (to anything) before the first multiplication
/// makes [`mul`] use the portable code even where the CPU has MULX/ADX, so that the
/// tests can run both paths on one machine (`host/bn254/tests/portable.rs`).
pub const PORTABLE_ENV: &str = "ZKHOST_PORTABLE_FIELD";

#[cold]
fn detect_adx() -> bool {
    if std::env::var_os(PORTABLE_ENV).is_some() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `(hi, lo)` of `a·b + c + d` (never overflows 128 bits).
#[inline(always)]
fn mac(a: u64, b: u64, c: u64, d: u64) -> (u64, u64) {
    let t = u128::from(a) * u128::from(b) + u128::from(c) + u128::from(d);
    ((t >> 64) as u64, t as u64)
}

/// [`mul`] in portable Rust: for each word of `b`, add `a·bᵢ` to the running sum `t`
/// and a multiple of `p` that clears its lowest word, then shift by one word.
#[inline(always)]
pub fn mul_portable(a: &[u64; 4], b: &[u64; 4], m: &Modulus) -> [u64; 4] {
    let p = &m.p;
    let mut t = [0u64; 4];
    for &bi in b {
        // t + a·bᵢ: the carry word `hi_a` stays below 2⁶⁴ thanks to the spare bit.
        let (mut hi_a, t0) = mac(a[0], bi, t[0], 0);
        let q = t0.wrapping_mul(m.inv);
        let (mut hi_r, _) = mac(q, p[0], t0, 0);
        for j in 1..4 {
            let (h, lo) = mac(a[j], bi, t[j], hi_a);
            hi_a = h;
            let (h, lo) = mac(q, p[j], lo, hi_r);
            hi_r = h;
            t[j - 1] = lo;
        }
        t[3] = hi_a + hi_r;
    }
    reduce_once(t, p)
}

/// `a·2⁻²⁵⁶ mod p` for `a < p`: out of Montgomery form (or one `R⁻¹` further into
/// a plain-integer computation). Only the reduction half of [`mul`] — 16 word
/// products rather than 32 — and no final subtraction: each round maps `t < p` to
/// `(t + q·p)/2⁶⁴ < p` (and 0 to 0).
#[inline]
pub fn redc(a: &[u64; 4], m: &Modulus) -> [u64; 4] {
    let p = &m.p;
    let mut t = *a;
    for _ in 0..4 {
        let q = t[0].wrapping_mul(m.inv);
        let (mut c, _) = mac(q, p[0], t[0], 0);
        for j in 1..4 {
            let (h, lo) = mac(q, p[j], t[j], c);
            t[j - 1] = lo;
            c = h;
        }
        t[3] = c;
    }
    t
}

/// `t − p` if `t ≥ p`, else `t` (for `t < 2p`).
#[inline(always)]
fn reduce_once(t: [u64; 4], p: &[u64; 4]) -> [u64; 4] {
    let mut s = [0u64; 4];
    let mut borrow = false;
    for i in 0..4 {
        let (d, b1) = t[i].overflowing_sub(p[i]);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        s[i] = d;
        borrow = b1 | b2;
    }
    if borrow {
        t
    } else {
        s
    }
}

/// One word of `b` (in `rdx`) into the running sum `t0..t3`: `t += a·bᵢ`, the top
/// word to `acc`; then the reduction step. Both carry chains run at once: `adox`
/// adds the low halves of the products, `adcx` the high halves.
#[cfg(target_arch = "x86_64")]
macro_rules! word_step {
    () => {
        concat!(
            "xor eax, eax\n",
            "mulx {hi}, rax, [{a}]\n",
            "adox {t0}, rax\n",
            "adcx {t1}, {hi}\n",
            "mulx {hi}, rax, [{a} + 8]\n",
            "adox {t1}, rax\n",
            "adcx {t2}, {hi}\n",
            "mulx {hi}, rax, [{a} + 16]\n",
            "adox {t2}, rax\n",
            "adcx {t3}, {hi}\n",
            "mulx {acc}, rax, [{a} + 24]\n",
            "adox {t3}, rax\n",
            "mov eax, 0\n",
            "adcx {acc}, rax\n",
            "adox {acc}, rax\n",
            reduce_step!(),
        )
    };
}

/// The reduction step: `q = t0·inv`, `t = (t + q·p) / 2⁶⁴`, with `acc` as the new top
/// word's carry-in. `mulx` and `mov` leave the flags alone, so the chains survive.
#[cfg(target_arch = "x86_64")]
macro_rules! reduce_step {
    () => {
        concat!(
            "mov rdx, [{m} + 32]\n",
            "imul rdx, {t0}\n",
            "xor eax, eax\n",
            "mulx {hi}, rax, [{m}]\n",
            "adcx rax, {t0}\n",
            "mov {t0}, {hi}\n",
            "adcx {t0}, {t1}\n",
            "mulx {t1}, rax, [{m} + 8]\n",
            "adox {t0}, rax\n",
            "adcx {t1}, {t2}\n",
            "mulx {t2}, rax, [{m} + 16]\n",
            "adox {t1}, rax\n",
            "adcx {t2}, {t3}\n",
            "mulx {t3}, rax, [{m} + 24]\n",
            "adox {t2}, rax\n",
            "mov eax, 0\n",
            "adcx {t3}, rax\n",
            "adox {t3}, {acc}\n",
        )
    };
}

/// [`mul`] with MULX/ADCX/ADOX.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn mul_adx(a: &[u64; 4], b: &[u64; 4], m: &Modulus) -> [u64; 4] {
    let (t0, t1, t2, t3): (u64, u64, u64, u64);
    // SAFETY: reads 4 words of `a` and `b` and 5 of `m` (all valid references);
    // writes only the declared registers; no stack use (no push, no call).
    unsafe {
        core::arch::asm!(
            // Word 0: t = a·b₀ (no previous sum to add).
            "mov rdx, [{b}]",
            "xor eax, eax",
            "mulx {t1}, {t0}, [{a}]",
            "mulx {t2}, rax, [{a} + 8]",
            "adox {t1}, rax",
            "mulx {t3}, rax, [{a} + 16]",
            "adox {t2}, rax",
            "mulx {acc}, rax, [{a} + 24]",
            "adox {t3}, rax",
            "mov eax, 0",
            "adox {acc}, rax",
            reduce_step!(),
            "mov rdx, [{b} + 8]",
            word_step!(),
            "mov rdx, [{b} + 16]",
            word_step!(),
            "mov rdx, [{b} + 24]",
            word_step!(),
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            m = in(reg) m as *const Modulus,
            t0 = out(reg) t0,
            t1 = out(reg) t1,
            t2 = out(reg) t2,
            t3 = out(reg) t3,
            acc = out(reg) _,
            hi = out(reg) _,
            out("rax") _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    reduce_once([t0, t1, t2, t3], &m.p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{AdditiveGroup, Field, Fp, FpConfig, PrimeField, UniformRand};
    use rand::SeedableRng;

    /// Both implementations against arkworks' multiplication on its own Montgomery
    /// words (`Fp.0`), on random elements and on the edges (0, 1, −1, −2, 2²⁵⁵ mod p).
    fn agrees_with_arkworks<P: FpConfig<4>>(_: Fp<P, 4>) {
        let m = Modulus::new(P::MODULUS.0);
        assert_eq!(m.p[0].wrapping_mul(m.inv), u64::MAX, "inv = −p⁻¹");
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let edges = [
            Fp::<P, 4>::ZERO,
            Fp::ONE,
            -Fp::ONE,
            -Fp::from(2u64),
            Fp::from(2u64).pow([255]),
        ];
        let mut pairs: Vec<(Fp<P, 4>, Fp<P, 4>)> = (0..20_000)
            .map(|_| (Fp::rand(&mut rng), Fp::rand(&mut rng)))
            .collect();
        for a in edges {
            for b in edges {
                pairs.push((a, b));
            }
        }
        for (a, b) in pairs {
            let want = (a * b).0 .0;
            let (x, y) = (a.0 .0, b.0 .0);
            assert_eq!(mul_portable(&x, &y, &m), want, "portable");
            assert_eq!(mul(&x, &y, &m), want, "dispatched");
            #[cfg(target_arch = "x86_64")]
            if has_adx() {
                // SAFETY: checked just above.
                assert_eq!(unsafe { mul_adx(&x, &y, &m) }, want, "asm");
            }
            // The same product with an operand moved up by p (inputs below 2p).
            let up = |x: &[u64; 4]| {
                let mut out = [0u64; 4];
                let mut carry = 0u128;
                for i in 0..4 {
                    let s = u128::from(x[i]) + u128::from(m.p[i]) + carry;
                    out[i] = s as u64;
                    carry = s >> 64;
                }
                out
            };
            // Only where 4p < 2²⁵⁶ (see `mul`).
            if m.p[3] >> 62 != 0 {
                continue;
            }
            let (xa, xb) = (up(&a.0 .0), up(&b.0 .0));
            assert_eq!(
                mul_portable(&xa, &xb, &m),
                want,
                "portable, inputs below 2p"
            );
            assert_eq!(mul(&xa, &b.0 .0, &m), want, "dispatched, inputs below 2p");
            #[cfg(target_arch = "x86_64")]
            if has_adx() {
                // SAFETY: checked just above.
                assert_eq!(
                    unsafe { mul_adx(&xa, &xb, &m) },
                    want,
                    "asm, inputs below 2p"
                );
            }
        }
        // Out of Montgomery form: the canonical value, as a product with 1 gives it.
        for a in edges
            .iter()
            .copied()
            .chain((0..2000).map(|_| Fp::<P, 4>::rand(&mut rng)))
        {
            assert_eq!(redc(&a.0 .0, &m), a.into_bigint().0, "redc");
            assert_eq!(redc(&a.0 .0, &m), mul(&a.0 .0, &[1, 0, 0, 0], &m));
        }
        // The square of the largest element, and a chain of products that stays < p.
        let mut x = (-Fp::<P, 4>::ONE).0 .0;
        let mut want = -Fp::<P, 4>::ONE;
        for _ in 0..1000 {
            x = mul(&x, &x, &m);
            want.square_in_place();
        }
        assert_eq!(x, want.0 .0);
    }

    #[test]
    fn bandersnatch_base_field() {
        agrees_with_arkworks(ark_ed_on_bls12_381_bandersnatch::Fq::ZERO);
    }

    #[test]
    fn bn254_fields() {
        agrees_with_arkworks(ark_bn254::Fq::ZERO);
        agrees_with_arkworks(ark_bn254::Fr::ZERO);
    }
}
