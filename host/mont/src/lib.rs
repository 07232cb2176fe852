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

pub mod field;
pub mod fp;
#[cfg(target_arch = "x86_64")]
pub mod ifma;
pub mod inverse;
pub mod words;

pub use field::Field;
pub use fp::{Fp, MontConfig};
use words::reduce_once;

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
    reduce_once(&t, p)
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

/// The 512-bit product `a·b` of two 256-bit values, little-endian words, not
/// reduced: the first half of a Montgomery multiplication, for lazy reduction.
/// Products of field elements (or of sums of them) can be added and subtracted
/// with [`add_wide`] and [`sub_wide`] before one [`redc_wide`] reduces their
/// combination, where multiplying and reducing each product costs a reduction per
/// product. The fastest implementation this CPU supports.
#[inline(always)]
pub fn mul_wide(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    #[cfg(target_arch = "x86_64")]
    if has_adx() {
        // SAFETY: the CPU has BMI2 and ADX (checked just above).
        return unsafe { mul_wide_adx(a, b) };
    }
    mul_wide_portable(a, b)
}

/// [`mul_wide`] in portable Rust: schoolbook, one row of `a·bᵢ` at a time.
#[inline(always)]
pub fn mul_wide_portable(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    let mut t = [0u64; 8];
    for (i, &bi) in b.iter().enumerate() {
        let mut c = 0;
        for j in 0..4 {
            let (h, lo) = mac(a[j], bi, t[i + j], c);
            t[i + j] = lo;
            c = h;
        }
        t[i + 4] = c;
    }
    t
}

/// `t·2⁻²⁵⁶ mod p`, fully reduced, for a 512-bit `t < p·2²⁵⁶`: a product of two
/// elements (of two values below `2p` where `4p < 2²⁵⁶`), or a combination of
/// products kept below `p·2²⁵⁶` by [`add_wide`] and [`sub_wide`]. The second half of
/// a Montgomery multiplication: `mul(a, b)` is `redc_wide(&mul_wide(a, b), m)`. The
/// fastest implementation this CPU supports.
#[inline(always)]
pub fn redc_wide(t: &[u64; 8], m: &Modulus) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    if has_adx() {
        // SAFETY: the CPU has BMI2 and ADX (checked just above).
        return unsafe { redc_wide_adx(t, m) };
    }
    redc_wide_portable(t, m)
}

/// [`redc_wide`] in portable Rust. With `t = hi·2²⁵⁶ + lo`, `t·2⁻²⁵⁶ ≡ lo·2⁻²⁵⁶ +
/// hi`: [`redc`] of the low half (at most p for any `lo < 2²⁵⁶`) plus the high half
/// (below p, as `t < p·2²⁵⁶`) is below 2p, and one subtraction finishes.
#[inline(always)]
pub fn redc_wide_portable(t: &[u64; 8], m: &Modulus) -> [u64; 4] {
    let lo = redc(&[t[0], t[1], t[2], t[3]], m);
    let mut s = [0u64; 4];
    let mut carry = false;
    for i in 0..4 {
        let (x, c1) = lo[i].overflowing_add(t[4 + i]);
        let (x, c2) = x.overflowing_add(u64::from(carry));
        s[i] = x;
        carry = c1 | c2;
    }
    reduce_once(&s, &m.p)
}

/// `a + b` modulo `p·2²⁵⁶`, for `a, b < p·2²⁵⁶`: the 512-bit sum, less `p·2²⁵⁶`
/// (p from the high half) when it is not below. The result stays a valid input of
/// [`redc_wide`], and its reduction is that of the plain sum, as `p·2²⁵⁶ ≡ 0`.
#[inline(always)]
pub fn add_wide(a: &[u64; 8], b: &[u64; 8], m: &Modulus) -> [u64; 8] {
    let s = add_512(a, b).0;
    // Below 2p·2²⁵⁶ < 2⁵¹²: no carry out; the high half is below 2p.
    let hi = reduce_once(&[s[4], s[5], s[6], s[7]], &m.p);
    [s[0], s[1], s[2], s[3], hi[0], hi[1], hi[2], hi[3]]
}

/// `a − b` modulo `p·2²⁵⁶`, for `a, b < p·2²⁵⁶`: the 512-bit difference, plus
/// `p·2²⁵⁶` (p to the high half) when it borrows, so that it is never negative and
/// stays a valid input of [`redc_wide`] with the same reduction.
#[inline(always)]
pub fn sub_wide(a: &[u64; 8], b: &[u64; 8], m: &Modulus) -> [u64; 8] {
    let (mut d, borrow) = sub_512(a, b);
    // Masked rather than branched on: the borrow is unpredictable.
    let mask = u64::from(borrow).wrapping_neg();
    let mut carry = false;
    for i in 0..4 {
        let (x, c1) = d[4 + i].overflowing_add(m.p[i] & mask);
        let (x, c2) = x.overflowing_add(u64::from(carry));
        d[4 + i] = x;
        carry = c1 | c2;
    }
    d
}

/// `a + b` on 512-bit values, with the carry out: for sums known to stay below
/// `p·2²⁵⁶` (a constant multiple of p added to keep a difference non-negative).
#[inline(always)]
pub fn add_512(a: &[u64; 8], b: &[u64; 8]) -> ([u64; 8], bool) {
    #[cfg(target_arch = "x86_64")]
    return add_512_asm(a, b);
    #[cfg(not(target_arch = "x86_64"))]
    return add_512_portable(a, b);
}

/// `a − b` on 512-bit values, with the borrow out: for a difference known not to be
/// negative (`(x + y)(z + w) − xz − yw`), where [`sub_wide`]'s correction is never
/// needed.
#[inline(always)]
pub fn sub_512(a: &[u64; 8], b: &[u64; 8]) -> ([u64; 8], bool) {
    #[cfg(target_arch = "x86_64")]
    return sub_512_asm(a, b);
    #[cfg(not(target_arch = "x86_64"))]
    return sub_512_portable(a, b);
}

/// [`add_512`] in portable Rust.
#[inline(always)]
pub fn add_512_portable(a: &[u64; 8], b: &[u64; 8]) -> ([u64; 8], bool) {
    let mut s = [0u64; 8];
    let mut carry = false;
    for i in 0..8 {
        let (x, c1) = a[i].overflowing_add(b[i]);
        let (x, c2) = x.overflowing_add(u64::from(carry));
        s[i] = x;
        carry = c1 | c2;
    }
    (s, carry)
}

/// [`sub_512`] in portable Rust.
#[inline(always)]
pub fn sub_512_portable(a: &[u64; 8], b: &[u64; 8]) -> ([u64; 8], bool) {
    let mut d = [0u64; 8];
    let mut borrow = false;
    for i in 0..8 {
        let (x, b1) = a[i].overflowing_sub(b[i]);
        let (x, b2) = x.overflowing_sub(u64::from(borrow));
        d[i] = x;
        borrow = b1 | b2;
    }
    (d, borrow)
}

/// One 512-bit `add`/`adc` (or `sub`/`sbb`) chain over `a` in registers and `b` in
/// memory, the carry out to a byte register: the compiler splits such a chain
/// into compares and flag juggling (three times the instructions) once one operand
/// is a constant. Baseline x86-64.
#[cfg(target_arch = "x86_64")]
macro_rules! chain_512 {
    ($name:ident, $first:literal, $next:literal) => {
        #[inline(always)]
        fn $name(a: &[u64; 8], b: &[u64; 8]) -> ([u64; 8], bool) {
            let [mut r0, mut r1, mut r2, mut r3, mut r4, mut r5, mut r6, mut r7] = *a;
            let c: u8;
            // SAFETY: reads the 8 words of `b` (a valid reference); writes only the
            // declared registers; no stack use.
            unsafe {
                core::arch::asm!(
                    concat!($first, " {r0}, [{b}]"),
                    concat!($next, " {r1}, [{b} + 8]"),
                    concat!($next, " {r2}, [{b} + 16]"),
                    concat!($next, " {r3}, [{b} + 24]"),
                    concat!($next, " {r4}, [{b} + 32]"),
                    concat!($next, " {r5}, [{b} + 40]"),
                    concat!($next, " {r6}, [{b} + 48]"),
                    concat!($next, " {r7}, [{b} + 56]"),
                    "setc {c}",
                    b = in(reg) b.as_ptr(),
                    r0 = inout(reg) r0,
                    r1 = inout(reg) r1,
                    r2 = inout(reg) r2,
                    r3 = inout(reg) r3,
                    r4 = inout(reg) r4,
                    r5 = inout(reg) r5,
                    r6 = inout(reg) r6,
                    r7 = inout(reg) r7,
                    c = out(reg_byte) c,
                    options(pure, readonly, nostack),
                );
            }
            ([r0, r1, r2, r3, r4, r5, r6, r7], c != 0)
        }
    };
}

#[cfg(target_arch = "x86_64")]
chain_512!(add_512_asm, "add", "adc");
#[cfg(target_arch = "x86_64")]
chain_512!(sub_512_asm, "sub", "sbb");

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
    reduce_once(&[t0, t1, t2, t3], &m.p)
}

/// [`mul_wide`] with MULX/ADCX/ADOX: four rows `a·bᵢ`, each added into the running
/// sum with the low halves of the products on the overflow chain and the high
/// halves on the carry chain; the eight words stay in registers.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn mul_wide_adx(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    let (w0, w1, w2, w3, w4, w5, w6, w7): (u64, u64, u64, u64, u64, u64, u64, u64);
    // SAFETY: reads 4 words of `a` and `b` (valid references); writes only the
    // declared registers; no stack use.
    unsafe {
        core::arch::asm!(
            // Row 0: words 0..4 = a·b₀.
            "mov rdx, [{b}]",
            "xor eax, eax",
            "mulx {w1}, {w0}, [{a}]",
            "mulx {w2}, rax, [{a} + 8]",
            "adcx {w1}, rax",
            "mulx {w3}, rax, [{a} + 16]",
            "adcx {w2}, rax",
            "mulx {w4}, rax, [{a} + 24]",
            "adcx {w3}, rax",
            "mov eax, 0",
            "adcx {w4}, rax",
            // Row 1: words 1..5.
            "mov rdx, [{b} + 8]",
            "xor eax, eax",
            "mulx {hi}, rax, [{a}]",
            "adox {w1}, rax",
            "adcx {w2}, {hi}",
            "mulx {hi}, rax, [{a} + 8]",
            "adox {w2}, rax",
            "adcx {w3}, {hi}",
            "mulx {hi}, rax, [{a} + 16]",
            "adox {w3}, rax",
            "adcx {w4}, {hi}",
            "mulx {w5}, rax, [{a} + 24]",
            "adox {w4}, rax",
            "mov eax, 0",
            "adcx {w5}, rax",
            "adox {w5}, rax",
            // Row 2: words 2..6.
            "mov rdx, [{b} + 16]",
            "xor eax, eax",
            "mulx {hi}, rax, [{a}]",
            "adox {w2}, rax",
            "adcx {w3}, {hi}",
            "mulx {hi}, rax, [{a} + 8]",
            "adox {w3}, rax",
            "adcx {w4}, {hi}",
            "mulx {hi}, rax, [{a} + 16]",
            "adox {w4}, rax",
            "adcx {w5}, {hi}",
            "mulx {w6}, rax, [{a} + 24]",
            "adox {w5}, rax",
            "mov eax, 0",
            "adcx {w6}, rax",
            "adox {w6}, rax",
            // Row 3: words 3..7.
            "mov rdx, [{b} + 24]",
            "xor eax, eax",
            "mulx {hi}, rax, [{a}]",
            "adox {w3}, rax",
            "adcx {w4}, {hi}",
            "mulx {hi}, rax, [{a} + 8]",
            "adox {w4}, rax",
            "adcx {w5}, {hi}",
            "mulx {hi}, rax, [{a} + 16]",
            "adox {w5}, rax",
            "adcx {w6}, {hi}",
            "mulx {w7}, rax, [{a} + 24]",
            "adox {w6}, rax",
            "mov eax, 0",
            "adcx {w7}, rax",
            "adox {w7}, rax",
            a = in(reg) a.as_ptr(),
            b = in(reg) b.as_ptr(),
            w0 = out(reg) w0,
            w1 = out(reg) w1,
            w2 = out(reg) w2,
            w3 = out(reg) w3,
            w4 = out(reg) w4,
            w5 = out(reg) w5,
            w6 = out(reg) w6,
            w7 = out(reg) w7,
            hi = out(reg) _,
            out("rax") _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [w0, w1, w2, w3, w4, w5, w6, w7]
}

/// [`redc_wide`] with MULX/ADCX/ADOX: four reduction steps of [`mul_adx`] on the low
/// half, the high half added, then `p` subtracted unless that borrows. All eight
/// words come in registers, so a product computed just before need not go through
/// memory.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub unsafe fn redc_wide_adx(t: &[u64; 8], m: &Modulus) -> [u64; 4] {
    let [mut t0, mut t1, mut t2, mut t3, h0, h1, h2, h3] = *t;
    // SAFETY: reads 5 words of `m` (a valid reference); writes only the declared
    // registers; no stack use.
    unsafe {
        core::arch::asm!(
            "xor {acc:e}, {acc:e}",
            reduce_step!(),
            reduce_step!(),
            reduce_step!(),
            reduce_step!(),
            // At most p, plus the high half (below p): below 2p.
            "add {t0}, {h0}",
            "adc {t1}, {h1}",
            "adc {t2}, {h2}",
            "adc {t3}, {h3}",
            "mov rax, {t0}",
            "sub rax, [{m}]",
            "mov rdx, {t1}",
            "sbb rdx, [{m} + 8]",
            "mov {acc}, {t2}",
            "sbb {acc}, [{m} + 16]",
            "mov {hi}, {t3}",
            "sbb {hi}, [{m} + 24]",
            "cmovnc {t0}, rax",
            "cmovnc {t1}, rdx",
            "cmovnc {t2}, {acc}",
            "cmovnc {t3}, {hi}",
            m = in(reg) m as *const Modulus,
            t0 = inout(reg) t0,
            t1 = inout(reg) t1,
            t2 = inout(reg) t2,
            t3 = inout(reg) t3,
            h0 = in(reg) h0,
            h1 = in(reg) h1,
            h2 = in(reg) h2,
            h3 = in(reg) h3,
            acc = out(reg) _,
            hi = out(reg) _,
            out("rax") _,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3]
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

    /// The wide half-operations against [`mul`]: `redc_wide(mul_wide(a, b))` is the
    /// product, sums and differences modulo `p·2²⁵⁶` reduce to the sums and
    /// differences of the products, the assembly matches the portable code, and the
    /// largest input `p·2²⁵⁶ − 1` reduces correctly.
    fn wide_agrees<P: FpConfig<4>>(_: Fp<P, 4>) {
        let m = Modulus::new(P::MODULUS.0);
        let el = |w: [u64; 4]| Fp::<P, 4>(ark_ff::BigInt(w), core::marker::PhantomData);
        let mut rng = rand::rngs::StdRng::seed_from_u64(6);
        let edges = [Fp::<P, 4>::ZERO, Fp::ONE, -Fp::ONE, -Fp::from(2u64)];
        let mut quads: Vec<[Fp<P, 4>; 4]> = (0..20_000)
            .map(|_| std::array::from_fn(|_| Fp::rand(&mut rng)))
            .collect();
        for a in edges {
            for b in edges {
                quads.push([a, b, b, a]);
                quads.push([a, a, b, b]);
            }
        }
        for [a, b, c, d] in quads {
            let (a, b, c, d) = (a.0 .0, b.0 .0, c.0 .0, d.0 .0);
            let ab = mul_wide(&a, &b);
            let cd = mul_wide(&c, &d);
            assert_eq!(ab, mul_wide_portable(&a, &b), "mul_wide");
            #[cfg(target_arch = "x86_64")]
            if has_adx() {
                // SAFETY: checked just above.
                assert_eq!(unsafe { mul_wide_adx(&a, &b) }, ab, "mul_wide asm");
                // SAFETY: likewise.
                let r = unsafe { redc_wide_adx(&ab, &m) };
                assert_eq!(r, redc_wide_portable(&ab, &m), "redc_wide asm");
            }
            let (pab, pcd) = (mul(&a, &b, &m), mul(&c, &d, &m));
            assert_eq!(redc_wide(&ab, &m), pab, "redc_wide");
            assert_eq!(redc_wide_portable(&ab, &m), pab, "redc_wide portable");
            let sum = el(pab) + el(pcd);
            let diff = el(pab) - el(pcd);
            assert_eq!(add_512(&ab, &cd), add_512_portable(&ab, &cd), "add_512");
            assert_eq!(sub_512(&ab, &cd), sub_512_portable(&ab, &cd), "sub_512");
            assert_eq!(sub_512(&cd, &ab), sub_512_portable(&cd, &ab), "sub_512");
            let s = add_wide(&ab, &cd, &m);
            let dd = sub_wide(&ab, &cd, &m);
            assert_eq!(redc_wide(&s, &m), sum.0 .0, "add_wide");
            assert_eq!(redc_wide(&dd, &m), diff.0 .0, "sub_wide");
            // Both stay below p·2²⁵⁶: their high halves below p.
            for w in [s, dd] {
                let hi = [w[4], w[5], w[6], w[7]];
                assert_eq!(reduce_once(&hi, &m.p), hi, "below p·2²⁵⁶");
            }
            // Karatsuba's middle term, `(a + c)(b + d) − ab − cd`: never negative,
            // and below p·2²⁵⁶ where 4p < 2²⁵⁶ (sums below 2p).
            if m.p[3] >> 62 == 0 {
                let add4 = |x: &[u64; 4], y: &[u64; 4]| {
                    let w = add_wide(
                        &[x[0], x[1], x[2], x[3], 0, 0, 0, 0],
                        &[y[0], y[1], y[2], y[3], 0, 0, 0, 0],
                        &m,
                    );
                    [w[0], w[1], w[2], w[3]]
                };
                let x = mul_wide(&add4(&a, &c), &add4(&b, &d));
                let (x, b1) = sub_512(&x, &ab);
                let (x, b2) = sub_512(&x, &cd);
                assert!(!b1 && !b2, "no borrow");
                let want = el(mul(&a, &d, &m)) + el(mul(&c, &b, &m));
                assert_eq!(redc_wide(&x, &m), want.0 .0, "middle term");
            }
        }
        // Carries and borrows through every word, and out.
        let ones = [u64::MAX; 8];
        let one = [1, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(add_512(&ones, &one), ([0; 8], true));
        assert_eq!(add_512(&ones, &one), add_512_portable(&ones, &one));
        assert_eq!(sub_512(&[0; 8], &one), (ones, true));
        assert_eq!(sub_512(&[0; 8], &one), sub_512_portable(&[0; 8], &one));
        assert_eq!(sub_512(&ones, &ones), ([0; 8], false));
        // The largest valid input, p·2²⁵⁶ − 1 ≡ −1: its reduction is −2⁻²⁵⁶.
        let mut top = [u64::MAX; 8];
        let pm1 = sub_512(
            &[m.p[0], m.p[1], m.p[2], m.p[3], 0, 0, 0, 0],
            &[1, 0, 0, 0, 0, 0, 0, 0],
        )
        .0;
        top[4..].copy_from_slice(&pm1[..4]);
        let want = redc(&[pm1[0], pm1[1], pm1[2], pm1[3]], &m);
        assert_eq!(redc_wide(&top, &m), want, "largest input");
        assert_eq!(
            redc_wide_portable(&top, &m),
            want,
            "largest input, portable"
        );
    }

    #[test]
    fn wide_operations() {
        wide_agrees(ark_bn254::Fq::ZERO);
        wide_agrees(ark_bn254::Fr::ZERO);
        wide_agrees(ark_ed_on_bls12_381_bandersnatch::Fq::ZERO);
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
