//! The P-256 base field, integers mod p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1, in Montgomery
//! form (`a·2²⁵⁶ mod p`), always fully reduced: equal elements have equal limbs.
//!
//! p's lowest limb is 2⁶⁴ − 1, so `−p⁻¹ mod 2⁶⁴ = 1` and each reduction row's factor
//! is the limb it clears; the third limb is zero. [`mont_reduce_p`] is the
//! Montgomery reduction with those facts written in (the generic one in
//! [`limbs`](super::limbs) serves the scalar field).

use super::limbs::{self, adc, mac, sub, Limbs};

/// p, least significant limb first.
pub(crate) const P: Limbs = [
    0xffff_ffff_ffff_ffff,
    0x0000_0000_ffff_ffff,
    0x0000_0000_0000_0000,
    0xffff_ffff_0000_0001,
];

/// 2⁵¹² mod p.
const R2: Limbs = limbs::r2_mod(&P);

/// An element of the base field in Montgomery form, `< p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fe(pub(crate) Limbs);

/// The Montgomery reduction modulo p of a 512-bit `t < p·2²⁵⁶`, fully reduced.
#[inline(always)]
const fn mont_reduce_p(t: [u64; 8]) -> Limbs {
    let [t0, t1, t2, t3, t4, t5, t6, t7] = t;
    // Row with factor k = the lowest limb t: k·p = k·(2⁹⁶ − 1) + k·p₃·2¹⁹² (p's two
    // low limbs are 2⁹⁶ − 1 and p₂ = 0), so t + k·p clears the limb (t − k = 0) and
    // adds k·2⁹⁶ as two shifted halves: one multiplication per row, by p₃.
    let (t1, c) = adc(t1, t0 << 32, 0);
    let (t2, c) = adc(t2, t0 >> 32, c);
    let (t3, c) = mac(t3, t0, P[3], c);
    let (t4, hi) = adc(t4, c, 0);

    let (t2, c) = adc(t2, t1 << 32, 0);
    let (t3, c) = adc(t3, t1 >> 32, c);
    let (t4, c) = mac(t4, t1, P[3], c);
    let (t5, hi) = adc(t5, c, hi);

    let (t3, c) = adc(t3, t2 << 32, 0);
    let (t4, c) = adc(t4, t2 >> 32, c);
    let (t5, c) = mac(t5, t2, P[3], c);
    let (t6, hi) = adc(t6, c, hi);

    let (t4, c) = adc(t4, t3 << 32, 0);
    let (t5, c) = adc(t5, t3 >> 32, c);
    let (t6, c) = mac(t6, t3, P[3], c);
    let (t7, hi) = adc(t7, c, hi);

    let r = [t4, t5, t6, t7];
    let (d, borrow) = sub(&r, &P);
    let keep_r = (borrow & !hi & 1).wrapping_neg();
    limbs::select(&d, &r, keep_r)
}

impl Fe {
    /// Zero.
    pub(crate) const ZERO: Fe = Fe([0; 4]);
    /// One (2²⁵⁶ mod p in Montgomery form).
    pub(crate) const ONE: Fe = Fe::from_limbs(&[1, 0, 0, 0]);

    /// The element with the canonical value `a < p`.
    pub(crate) const fn from_limbs(a: &Limbs) -> Fe {
        Fe(mont_reduce_p(limbs::mul_wide(a, &R2)))
    }

    /// The element with big-endian value `bytes`, or `None` if it is not below p.
    #[inline]
    pub(crate) fn from_be_bytes(bytes: &[u8; 32]) -> Option<Fe> {
        let a = limbs::from_be_bytes(bytes);
        limbs::lt(&a, &P).then(|| Fe::from_limbs(&a))
    }

    /// The canonical value (out of Montgomery form).
    #[cfg(test)]
    pub(crate) fn to_limbs(self) -> Limbs {
        mont_reduce_p([self.0[0], self.0[1], self.0[2], self.0[3], 0, 0, 0, 0])
    }

    /// `self · rhs`.
    #[inline(always)]
    pub(crate) const fn mul(&self, rhs: &Fe) -> Fe {
        Fe(mont_reduce_p(limbs::mul_wide(&self.0, &rhs.0)))
    }

    /// `self²`.
    #[inline(always)]
    pub(crate) const fn square(&self) -> Fe {
        Fe(mont_reduce_p(limbs::square_wide(&self.0)))
    }

    /// `self + rhs`.
    #[inline(always)]
    pub(crate) const fn add(&self, rhs: &Fe) -> Fe {
        Fe(limbs::add_mod(&self.0, &rhs.0, &P))
    }

    /// `self − rhs`.
    #[inline(always)]
    pub(crate) const fn sub(&self, rhs: &Fe) -> Fe {
        Fe(limbs::sub_mod(&self.0, &rhs.0, &P))
    }

    /// `2·self`.
    #[inline(always)]
    pub(crate) const fn double(&self) -> Fe {
        self.add(self)
    }

    /// `−self`.
    #[inline(always)]
    pub(crate) const fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// Whether `self == 0`.
    #[inline(always)]
    pub(crate) const fn is_zero(&self) -> bool {
        limbs::is_zero(&self.0)
    }

    /// Whether `self == rhs` (a `const` comparison: the representation is canonical).
    #[inline(always)]
    pub(crate) const fn eq(&self, rhs: &Fe) -> bool {
        limbs::eq(&self.0, &rhs.0)
    }

    /// `self⁻¹` (`0` for `0`), by Fermat: `self^(p−2)`. Only the compile-time table
    /// of the base point uses it; verification never inverts in the base field.
    pub(crate) const fn invert(&self) -> Fe {
        let e = sub(&P, &[2, 0, 0, 0]).0;
        let mut acc = Fe::ONE;
        let mut i = 256;
        while i > 0 {
            i -= 1;
            acc = acc.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                acc = acc.mul(self);
            }
        }
        acc
    }
}

/// The field products the point arithmetic runs on, chosen once per verification:
/// [`Portable`] everywhere, or [`Adx`] on x86-64 CPUs with BMI2 and ADX. Both give
/// the same fully reduced results (tested equal), so no result depends on the CPU.
pub(crate) trait FieldMul: Copy {
    /// `a · b`.
    fn mul(self, a: &Fe, b: &Fe) -> Fe;
    /// `a²`.
    fn square(self, a: &Fe) -> Fe;
    /// `a + b`.
    fn add(self, a: &Fe, b: &Fe) -> Fe;
    /// `a − b`.
    fn sub(self, a: &Fe, b: &Fe) -> Fe;
}

/// The portable `u64`/`u128` products of [`Fe::mul`] and [`Fe::square`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable;

impl FieldMul for Portable {
    #[inline(always)]
    fn mul(self, a: &Fe, b: &Fe) -> Fe {
        a.mul(b)
    }

    #[inline(always)]
    fn square(self, a: &Fe) -> Fe {
        a.square()
    }

    #[inline(always)]
    fn add(self, a: &Fe, b: &Fe) -> Fe {
        a.add(b)
    }

    #[inline(always)]
    fn sub(self, a: &Fe, b: &Fe) -> Fe {
        a.sub(b)
    }
}

/// The x86-64 assembly product (MULX with two carry chains, ADCX and ADOX). A value
/// of this type exists only where [`Adx::detect`] found BMI2 and ADX, which is what
/// makes its `unsafe` calls sound.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Adx(());

#[cfg(target_arch = "x86_64")]
impl Adx {
    /// The token, if this CPU has BMI2 and ADX.
    #[inline]
    pub(crate) fn detect() -> Option<Adx> {
        (std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx"))
            .then_some(Adx(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl FieldMul for Adx {
    #[inline(always)]
    fn mul(self, a: &Fe, b: &Fe) -> Fe {
        // SAFETY: an `Adx` exists only on a CPU with BMI2 and ADX.
        Fe(unsafe { mont_mul_adx(&a.0, &b.0) })
    }

    #[inline(always)]
    fn square(self, a: &Fe) -> Fe {
        // SAFETY: as for `mul`.
        Fe(unsafe { mont_square_adx(&a.0) })
    }

    #[inline(always)]
    fn add(self, a: &Fe, b: &Fe) -> Fe {
        Fe(add_x86_64(&a.0, &b.0))
    }

    #[inline(always)]
    fn sub(self, a: &Fe, b: &Fe) -> Fe {
        Fe(sub_x86_64(&a.0, &b.0))
    }
}

/// `(a + b) mod p` for `a, b < p` in x86-64 assembly (base instructions only): one
/// ADC chain, a trial subtraction of p, CMOVs — the portable form's masks and
/// recomputed carries cost about twice as much here.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn add_x86_64(a: &Limbs, b: &Limbs) -> Limbs {
    let [mut t0, mut t1, mut t2, mut t3] = *a;
    // SAFETY: registers only, base x86-64 instructions.
    unsafe {
        core::arch::asm!(
            "xor {c:e}, {c:e}",
            "add {t0}, {b0}",
            "adc {t1}, {b1}",
            "adc {t2}, {b2}",
            "adc {t3}, {b3}",
            "adc {c}, 0",
            "mov {b0}, {t0}",
            "mov {b1}, {t1}",
            "mov {b2}, {t2}",
            "mov {b3}, {t3}",
            "mov {k1:e}, 0xffffffff",
            "mov {k3}, 0xffffffff00000001",
            "sub {b0}, -1",
            "sbb {b1}, {k1}",
            "sbb {b2}, 0",
            "sbb {b3}, {k3}",
            "sbb {c}, 0",
            "cmovnc {t0}, {b0}",
            "cmovnc {t1}, {b1}",
            "cmovnc {t2}, {b2}",
            "cmovnc {t3}, {b3}",
            t0 = inout(reg) t0,
            t1 = inout(reg) t1,
            t2 = inout(reg) t2,
            t3 = inout(reg) t3,
            b0 = inout(reg) b[0] => _,
            b1 = inout(reg) b[1] => _,
            b2 = inout(reg) b[2] => _,
            b3 = inout(reg) b[3] => _,
            c = out(reg) _,
            k1 = out(reg) _,
            k3 = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    [t0, t1, t2, t3]
}

/// `(a − b) mod p` for `a, b < p` in x86-64 assembly: one SBB chain, then p masked by
/// the borrow added back.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sub_x86_64(a: &Limbs, b: &Limbs) -> Limbs {
    let [mut t0, mut t1, mut t2, mut t3] = *a;
    // SAFETY: registers only, base x86-64 instructions.
    unsafe {
        core::arch::asm!(
            "sub {t0}, {b0}",
            "sbb {t1}, {b1}",
            "sbb {t2}, {b2}",
            "sbb {t3}, {b3}",
            // m = −borrow; p & m is (m, m >> 32, 0, m & p₃).
            "sbb {m}, {m}",
            "mov {m1}, {m}",
            "shr {m1}, 32",
            "mov {m3}, 0xffffffff00000001",
            "and {m3}, {m}",
            "add {t0}, {m}",
            "adc {t1}, {m1}",
            "adc {t2}, 0",
            "adc {t3}, {m3}",
            t0 = inout(reg) t0,
            t1 = inout(reg) t1,
            t2 = inout(reg) t2,
            t3 = inout(reg) t3,
            b0 = in(reg) b[0],
            b1 = in(reg) b[1],
            b2 = in(reg) b[2],
            b3 = in(reg) b[3],
            m = out(reg) _,
            m1 = out(reg) _,
            m3 = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    [t0, t1, t2, t3]
}

/// The assembly shared by [`mont_mul_adx`] and [`mont_square_adx`] after the 512-bit
/// product `t0..t7`: the four reduction rows (k = t_i: t_{i+1} += k << 32,
/// t_{i+2} += k >> 32, t_{i+3..i+4} += k·p₃; the bit above t_{i+4} waits in `{b}`,
/// which must be zero on entry, for the next row), then `(b:t7:t6:t5:t4) < 2p` less p
/// unless that borrows. Uses `{a}`, `{lo}`, `{hi}`, `{t0}`..`{t3}` and rdx as scratch.
#[cfg(target_arch = "x86_64")]
macro_rules! mont_reduce_p_asm {
    () => {
        concat!(
            "mov rdx, 0xffffffff00000001\n",
            "mulx {hi}, {lo}, {t0}\n",
            "mov {a}, {t0}\n",
            "shl {a}, 32\n",
            "shr {t0}, 32\n",
            "add {t1}, {a}\n",
            "adc {t2}, {t0}\n",
            "adc {t3}, {lo}\n",
            "adc {hi}, 0\n",
            "add {t4}, {hi}\n",
            "adc {b}, 0\n",
            "mulx {hi}, {lo}, {t1}\n",
            "mov {a}, {t1}\n",
            "shl {a}, 32\n",
            "shr {t1}, 32\n",
            "add {t2}, {a}\n",
            "adc {t3}, {t1}\n",
            "adc {t4}, {lo}\n",
            "adc {hi}, 0\n",
            "add {b}, -1\n",
            "adc {t5}, {hi}\n",
            "mov {b:e}, 0\n",
            "adc {b}, 0\n",
            "mulx {hi}, {lo}, {t2}\n",
            "mov {a}, {t2}\n",
            "shl {a}, 32\n",
            "shr {t2}, 32\n",
            "add {t3}, {a}\n",
            "adc {t4}, {t2}\n",
            "adc {t5}, {lo}\n",
            "adc {hi}, 0\n",
            "add {b}, -1\n",
            "adc {t6}, {hi}\n",
            "mov {b:e}, 0\n",
            "adc {b}, 0\n",
            "mulx {hi}, {lo}, {t3}\n",
            "mov {a}, {t3}\n",
            "shl {a}, 32\n",
            "shr {t3}, 32\n",
            "add {t4}, {a}\n",
            "adc {t5}, {t3}\n",
            "adc {t6}, {lo}\n",
            "adc {hi}, 0\n",
            "add {b}, -1\n",
            "adc {t7}, {hi}\n",
            "mov {b:e}, 0\n",
            "adc {b}, 0\n",
            "mov {t0}, {t4}\n",
            "mov {t1}, {t5}\n",
            "mov {t2}, {t6}\n",
            "mov {t3}, {t7}\n",
            "mov {lo:e}, 0xffffffff\n",
            "sub {t0}, -1\n",
            "sbb {t1}, {lo}\n",
            "sbb {t2}, 0\n",
            "sbb {t3}, rdx\n",
            "sbb {b}, 0\n",
            "cmovnc {t4}, {t0}\n",
            "cmovnc {t5}, {t1}\n",
            "cmovnc {t6}, {t2}\n",
            "cmovnc {t7}, {t3}\n",
        )
    };
}

/// The Montgomery product `a·b·2⁻²⁵⁶ mod p` for `a, b < p`, fully reduced: the
/// 512-bit product by rows of MULX (low halves on the ADCX carry chain, high halves on
/// ADOX's), then the four reduction rows of [`mont_reduce_p`] (one MULX by p₃ each,
/// `k·2⁹⁶` as two shifted halves), then one conditional subtraction of p by CMOV.
///
/// # Safety
///
/// The CPU must support BMI2 (MULX) and ADX (ADCX, ADOX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn mont_mul_adx(a: &Limbs, b: &Limbs) -> Limbs {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: reads the four limbs of `a` and `b` (valid references), writes only the
    // declared registers, no stack; the instructions need BMI2 and ADX (the caller's
    // contract).
    unsafe {
        core::arch::asm!(
            // Row 0: t0..t4 = a·b0.
            "mov rdx, [{b}]",
            "mulx {t1}, {t0}, [{a}]",
            "mulx {t2}, {lo}, [{a} + 8]",
            "add {t1}, {lo}",
            "mulx {t3}, {lo}, [{a} + 16]",
            "adc {t2}, {lo}",
            "mulx {t4}, {lo}, [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            // Row 1: += a·b1·2⁶⁴ (t6 is zero here and clears CF and OF).
            "mov rdx, [{b} + 8]",
            "xor {t6:e}, {t6:e}",
            "mulx {hi}, {lo}, [{a}]",
            "adcx {t1}, {lo}",
            "adox {t2}, {hi}",
            "mulx {hi}, {lo}, [{a} + 8]",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {hi}, {lo}, [{a} + 16]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {t5}, {lo}, [{a} + 24]",
            "adcx {t4}, {lo}",
            "adox {t5}, {t6}",
            "adcx {t5}, {t6}",
            // Row 2: += a·b2·2¹²⁸ (t7 zero).
            "mov rdx, [{b} + 16]",
            "xor {t7:e}, {t7:e}",
            "mulx {hi}, {lo}, [{a}]",
            "adcx {t2}, {lo}",
            "adox {t3}, {hi}",
            "mulx {hi}, {lo}, [{a} + 8]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, [{a} + 16]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {t6}, {lo}, [{a} + 24]",
            "adcx {t5}, {lo}",
            "adox {t6}, {t7}",
            "adcx {t6}, {t7}",
            // Row 3: += a·b3·2¹⁹² (b's register becomes the zero).
            "mov rdx, [{b} + 24]",
            "xor {b:e}, {b:e}",
            "mulx {hi}, {lo}, [{a}]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {hi}, {lo}, [{a} + 8]",
            "adcx {t4}, {lo}",
            "adox {t5}, {hi}",
            "mulx {hi}, {lo}, [{a} + 16]",
            "adcx {t5}, {lo}",
            "adox {t6}, {hi}",
            "mulx {t7}, {lo}, [{a} + 24]",
            "adcx {t6}, {lo}",
            "adox {t7}, {b}",
            "adcx {t7}, {b}",
            mont_reduce_p_asm!(),
            a = inout(reg) a.as_ptr() => _,
            b = inout(reg) b.as_ptr() => _,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) r0,
            t5 = out(reg) r1,
            t6 = out(reg) r2,
            t7 = out(reg) r3,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

/// The Montgomery square `a²·2⁻²⁵⁶ mod p` for `a < p`: the six cross products once
/// (MULX, two carry chains), doubled on the ADCX chain while the four squares come in
/// on the ADOX chain, then the reduction of [`mont_mul_adx`].
///
/// # Safety
///
/// The CPU must support BMI2 (MULX) and ADX (ADCX, ADOX).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn mont_square_adx(a: &Limbs) -> Limbs {
    let (r0, r1, r2, r3): (u64, u64, u64, u64);
    // SAFETY: reads the four limbs of `a` (a valid reference), writes only the
    // declared registers, no stack; the instructions need BMI2 and ADX (the caller's
    // contract).
    unsafe {
        core::arch::asm!(
            // Cross products a_i·a_j (i < j) into t1..t6.
            "mov rdx, [{a}]",
            "mulx {t2}, {t1}, [{a} + 8]",
            "mulx {t3}, {lo}, [{a} + 16]",
            "add {t2}, {lo}",
            "mulx {t4}, {lo}, [{a} + 24]",
            "adc {t3}, {lo}",
            "adc {t4}, 0",
            "mov rdx, [{a} + 8]",
            "xor {t6:e}, {t6:e}",
            "mulx {hi}, {lo}, [{a} + 16]",
            "adcx {t3}, {lo}",
            "adox {t4}, {hi}",
            "mulx {t5}, {lo}, [{a} + 24]",
            "adcx {t4}, {lo}",
            "adox {t5}, {t6}",
            "adcx {t5}, {t6}",
            "mov rdx, [{a} + 16]",
            "mulx {t6}, {lo}, [{a} + 24]",
            "add {t5}, {lo}",
            "adc {t6}, 0",
            // 2·(cross products) on CF, the squares a_i² on OF.
            "xor {t7:e}, {t7:e}",
            "mov rdx, [{a}]",
            "mulx {hi}, {t0}, rdx",
            "adcx {t1}, {t1}",
            "adox {t1}, {hi}",
            "mov rdx, [{a} + 8]",
            "mulx {hi}, {lo}, rdx",
            "adcx {t2}, {t2}",
            "adox {t2}, {lo}",
            "adcx {t3}, {t3}",
            "adox {t3}, {hi}",
            "mov rdx, [{a} + 16]",
            "mulx {hi}, {lo}, rdx",
            "adcx {t4}, {t4}",
            "adox {t4}, {lo}",
            "adcx {t5}, {t5}",
            "adox {t5}, {hi}",
            "mov rdx, [{a} + 24]",
            "mulx {hi}, {lo}, rdx",
            "adcx {t6}, {t6}",
            "adox {t6}, {lo}",
            "adcx {t7}, {t7}",
            "adox {t7}, {hi}",
            "xor {b:e}, {b:e}",
            mont_reduce_p_asm!(),
            a = inout(reg) a.as_ptr() => _,
            b = out(reg) _,
            lo = out(reg) _,
            hi = out(reg) _,
            t0 = out(reg) _,
            t1 = out(reg) _,
            t2 = out(reg) _,
            t3 = out(reg) _,
            t4 = out(reg) r0,
            t5 = out(reg) r1,
            t6 = out(reg) r2,
            t7 = out(reg) r3,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [r0, r1, r2, r3]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// An independent reference: `a·b mod m` by schoolbook product and binary long
    /// division (no Montgomery form).
    fn mul_mod_reference(a: &Limbs, b: &Limbs, m: &Limbs) -> Limbs {
        let t = limbs::mul_wide(a, b);
        let mut r = [0u64; 4];
        for i in (0..512).rev() {
            let top = r[3] >> 63;
            r = [
                (r[0] << 1) | ((t[i / 64] >> (i % 64)) & 1),
                (r[1] << 1) | (r[0] >> 63),
                (r[2] << 1) | (r[1] >> 63),
                (r[3] << 1) | (r[2] >> 63),
            ];
            if top == 1 || !limbs::lt(&r, m) {
                r = sub(&r, m).0;
            }
        }
        r
    }

    fn random_below(rng: &mut impl Rng, m: &Limbs) -> Limbs {
        loop {
            let a: Limbs = [rng.gen(), rng.gen(), rng.gen(), rng.gen()];
            if limbs::lt(&a, m) {
                return a;
            }
        }
    }

    #[test]
    fn field_operations_match_a_long_division_reference() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x9256);
        let mut edge = vec![
            [0; 4],
            [1, 0, 0, 0],
            sub(&P, &[1, 0, 0, 0]).0,
            sub(&P, &[2, 0, 0, 0]).0,
            [u64::MAX, u64::MAX, u64::MAX, 0],
            [0, 0, 0, 1 << 63],
        ];
        for _ in 0..2000 {
            edge.push(random_below(&mut rng, &P));
        }
        for w in edge.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (fa, fb) = (Fe::from_limbs(&a), Fe::from_limbs(&b));
            assert_eq!(fa.to_limbs(), a);
            assert_eq!(fa.mul(&fb).to_limbs(), mul_mod_reference(&a, &b, &P));
            assert_eq!(fa.square().to_limbs(), mul_mod_reference(&a, &a, &P));
            let (sum, carry) = limbs::add(&a, &b);
            let sum = if carry == 1 || !limbs::lt(&sum, &P) {
                sub(&sum, &P).0
            } else {
                sum
            };
            assert_eq!(fa.add(&fb).to_limbs(), sum);
            assert_eq!(fa.sub(&fb).add(&fb), fa);
            assert_eq!(fa.neg().add(&fa), Fe::ZERO);
            if !fa.is_zero() {
                assert_eq!(fa.invert().mul(&fa), Fe::ONE);
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_assembly_operations_equal_the_portable_ones() {
        let Some(adx) = Adx::detect() else {
            eprintln!("no BMI2/ADX here: nothing to compare");
            return;
        };
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0xad);
        let pm1 = sub(&P, &[1, 0, 0, 0]).0;
        let mut cases = vec![[0; 4], [1, 0, 0, 0], pm1, [u64::MAX, u64::MAX, u64::MAX, 0]];
        for _ in 0..20_000 {
            cases.push(random_below(&mut rng, &P));
        }
        // Elements whose limbs are all-ones or all-zero in places stress the carries.
        for bits in 0..16u32 {
            let l = |i: u32| if bits >> i & 1 == 1 { u64::MAX } else { 0 };
            let a = [l(0), l(1), l(2), l(3)];
            if limbs::lt(&a, &P) {
                cases.push(a);
            }
        }
        for w in cases.windows(2) {
            let (a, b) = (Fe(w[0]), Fe(w[1]));
            assert_eq!(adx.mul(&a, &b), Portable.mul(&a, &b), "{a:x?} {b:x?}");
            assert_eq!(adx.square(&a), Portable.square(&a), "{a:x?}");
            assert_eq!(adx.add(&a, &b), Portable.add(&a, &b), "{a:x?} {b:x?}");
            assert_eq!(adx.sub(&a, &b), Portable.sub(&a, &b), "{a:x?} {b:x?}");
            assert_eq!(adx.sub(&b, &a), Portable.sub(&b, &a), "{a:x?} {b:x?}");
        }
    }

    #[test]
    fn bytes_at_and_above_p_are_refused() {
        let p = limbs::to_be_bytes(&P);
        assert!(Fe::from_be_bytes(&p).is_none());
        assert!(Fe::from_be_bytes(&[0xff; 32]).is_none());
        let pm1 = limbs::to_be_bytes(&sub(&P, &[1, 0, 0, 0]).0);
        assert_eq!(Fe::from_be_bytes(&pm1), Some(Fe::ONE.neg()));
    }
}
