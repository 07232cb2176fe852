//! 256-bit integers as four little-endian `u64` limbs, and the Montgomery product
//! modulo a full-width 256-bit odd modulus (both P-256 moduli, p and n, use the top
//! bit, so a sum or a product before its last subtraction can need a fifth limb,
//! which these functions carry as a separate bit).
//!
//! Everything is portable `u64`/`u128` arithmetic; bytes are converted explicitly
//! big-endian, so the results are the same on little- and big-endian machines.
//! The functions are `const fn` so that the base point's table and the Montgomery
//! constants are computed at compile time.

/// A 256-bit integer, least significant limb first.
pub(crate) type Limbs = [u64; 4];

/// `a + b + carry` as (sum, carry out), `carry ≤ 1`.
#[inline(always)]
pub(crate) const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow` as (difference, borrow out), `borrow ≤ 1`.
#[inline(always)]
pub(crate) const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, (t >> 127) as u64)
}

/// `a + b·c + carry` as (low, high): never overflows 128 bits.
#[inline(always)]
pub(crate) const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// The 32 big-endian bytes `bytes` as limbs.
#[inline]
pub(crate) const fn from_be_bytes(bytes: &[u8; 32]) -> Limbs {
    let mut out = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let mut word = [0u8; 8];
        let mut j = 0;
        while j < 8 {
            word[j] = bytes[32 - 8 * (i + 1) + j];
            j += 1;
        }
        out[i] = u64::from_be_bytes(word);
        i += 1;
    }
    out
}

/// The limbs `a` as 32 big-endian bytes.
#[cfg(test)]
pub(crate) fn to_be_bytes(a: &Limbs) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, limb) in a.iter().enumerate() {
        out[32 - 8 * (i + 1)..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    out
}

/// `a + b` as (sum mod 2²⁵⁶, carry out).
#[inline(always)]
pub(crate) const fn add(a: &Limbs, b: &Limbs) -> (Limbs, u64) {
    let (r0, c) = adc(a[0], b[0], 0);
    let (r1, c) = adc(a[1], b[1], c);
    let (r2, c) = adc(a[2], b[2], c);
    let (r3, c) = adc(a[3], b[3], c);
    ([r0, r1, r2, r3], c)
}

/// `a − b` as (difference mod 2²⁵⁶, borrow out).
#[inline(always)]
pub(crate) const fn sub(a: &Limbs, b: &Limbs) -> (Limbs, u64) {
    let (r0, c) = sbb(a[0], b[0], 0);
    let (r1, c) = sbb(a[1], b[1], c);
    let (r2, c) = sbb(a[2], b[2], c);
    let (r3, c) = sbb(a[3], b[3], c);
    ([r0, r1, r2, r3], c)
}

/// `a` if `mask == 0`, `b` if `mask == u64::MAX` (no branch: the choice is a
/// data-dependent coin flip in the hot loops, which a branch would mispredict).
#[inline(always)]
pub(crate) const fn select(a: &Limbs, b: &Limbs, mask: u64) -> Limbs {
    [
        a[0] ^ ((a[0] ^ b[0]) & mask),
        a[1] ^ ((a[1] ^ b[1]) & mask),
        a[2] ^ ((a[2] ^ b[2]) & mask),
        a[3] ^ ((a[3] ^ b[3]) & mask),
    ]
}

/// Whether `a < b`.
#[inline]
pub(crate) const fn lt(a: &Limbs, b: &Limbs) -> bool {
    sub(a, b).1 == 1
}

/// Whether `a == 0`.
#[inline(always)]
pub(crate) const fn is_zero(a: &Limbs) -> bool {
    (a[0] | a[1] | a[2] | a[3]) == 0
}

/// Whether `a == b`.
#[inline(always)]
pub(crate) const fn eq(a: &Limbs, b: &Limbs) -> bool {
    ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0
}

/// `(a + b) mod m` for `a, b < m`.
#[inline(always)]
pub(crate) const fn add_mod(a: &Limbs, b: &Limbs, m: &Limbs) -> Limbs {
    let (s, carry) = add(a, b);
    let (d, borrow) = sub(&s, m);
    // Keep the sum only when it is below m: no carry out and a borrow.
    let keep_sum = (borrow & !carry & 1).wrapping_neg();
    select(&d, &s, keep_sum)
}

/// `(a − b) mod m` for `a, b < m`.
#[inline(always)]
pub(crate) const fn sub_mod(a: &Limbs, b: &Limbs, m: &Limbs) -> Limbs {
    let (d, borrow) = sub(a, b);
    let (s, _) = add(
        &d,
        &[
            m[0] & borrow.wrapping_neg(),
            m[1] & borrow.wrapping_neg(),
            m[2] & borrow.wrapping_neg(),
            m[3] & borrow.wrapping_neg(),
        ],
    );
    s
}

/// The Montgomery reduction of the 512-bit `t` (with `t < m·2²⁵⁶`): `t·2⁻²⁵⁶ mod m`,
/// fully reduced. `m_inv` is `−m⁻¹ mod 2⁶⁴`.
#[inline(always)]
pub(crate) const fn mont_reduce(t: [u64; 8], m: &Limbs, m_inv: u64) -> Limbs {
    let [t0, t1, t2, t3, t4, t5, t6, t7] = t;
    // Row i adds k·m·2^(64i), clearing limb i; `hi` carries the bit above limb i + 4
    // into the next row.
    let k = t0.wrapping_mul(m_inv);
    let (_, c) = mac(t0, k, m[0], 0);
    let (t1, c) = mac(t1, k, m[1], c);
    let (t2, c) = mac(t2, k, m[2], c);
    let (t3, c) = mac(t3, k, m[3], c);
    let (t4, hi) = adc(t4, c, 0);

    let k = t1.wrapping_mul(m_inv);
    let (_, c) = mac(t1, k, m[0], 0);
    let (t2, c) = mac(t2, k, m[1], c);
    let (t3, c) = mac(t3, k, m[2], c);
    let (t4, c) = mac(t4, k, m[3], c);
    let (t5, hi) = adc(t5, c, hi);

    let k = t2.wrapping_mul(m_inv);
    let (_, c) = mac(t2, k, m[0], 0);
    let (t3, c) = mac(t3, k, m[1], c);
    let (t4, c) = mac(t4, k, m[2], c);
    let (t5, c) = mac(t5, k, m[3], c);
    let (t6, hi) = adc(t6, c, hi);

    let k = t3.wrapping_mul(m_inv);
    let (_, c) = mac(t3, k, m[0], 0);
    let (t4, c) = mac(t4, k, m[1], c);
    let (t5, c) = mac(t5, k, m[2], c);
    let (t6, c) = mac(t6, k, m[3], c);
    let (t7, hi) = adc(t7, c, hi);

    // The result is below 2m: subtract m once unless that borrows past the fifth bit.
    let r = [t4, t5, t6, t7];
    let (d, borrow) = sub(&r, m);
    let keep_r = (borrow & !hi & 1).wrapping_neg();
    select(&d, &r, keep_r)
}

/// The 512-bit product `a·b`.
#[inline(always)]
pub(crate) const fn mul_wide(a: &Limbs, b: &Limbs) -> [u64; 8] {
    let (t0, c) = mac(0, a[0], b[0], 0);
    let (t1, c) = mac(0, a[0], b[1], c);
    let (t2, c) = mac(0, a[0], b[2], c);
    let (t3, t4) = mac(0, a[0], b[3], c);

    let (t1, c) = mac(t1, a[1], b[0], 0);
    let (t2, c) = mac(t2, a[1], b[1], c);
    let (t3, c) = mac(t3, a[1], b[2], c);
    let (t4, t5) = mac(t4, a[1], b[3], c);

    let (t2, c) = mac(t2, a[2], b[0], 0);
    let (t3, c) = mac(t3, a[2], b[1], c);
    let (t4, c) = mac(t4, a[2], b[2], c);
    let (t5, t6) = mac(t5, a[2], b[3], c);

    let (t3, c) = mac(t3, a[3], b[0], 0);
    let (t4, c) = mac(t4, a[3], b[1], c);
    let (t5, c) = mac(t5, a[3], b[2], c);
    let (t6, t7) = mac(t6, a[3], b[3], c);
    [t0, t1, t2, t3, t4, t5, t6, t7]
}

/// The 512-bit square `a²`: the six cross products once, doubled, plus the diagonal.
#[inline(always)]
pub(crate) const fn square_wide(a: &Limbs) -> [u64; 8] {
    let (t1, c) = mac(0, a[0], a[1], 0);
    let (t2, c) = mac(0, a[0], a[2], c);
    let (t3, t4) = mac(0, a[0], a[3], c);
    let (t3, c) = mac(t3, a[1], a[2], 0);
    let (t4, t5) = mac(t4, a[1], a[3], c);
    let (t5, t6) = mac(t5, a[2], a[3], 0);

    let t7 = t6 >> 63;
    let t6 = (t6 << 1) | (t5 >> 63);
    let t5 = (t5 << 1) | (t4 >> 63);
    let t4 = (t4 << 1) | (t3 >> 63);
    let t3 = (t3 << 1) | (t2 >> 63);
    let t2 = (t2 << 1) | (t1 >> 63);
    let t1 = t1 << 1;

    let (t0, c) = mac(0, a[0], a[0], 0);
    let (t1, c) = adc(t1, 0, c);
    let (t2, c) = mac(t2, a[1], a[1], c);
    let (t3, c) = adc(t3, 0, c);
    let (t4, c) = mac(t4, a[2], a[2], c);
    let (t5, c) = adc(t5, 0, c);
    let (t6, c) = mac(t6, a[3], a[3], c);
    let (t7, _) = adc(t7, 0, c);
    [t0, t1, t2, t3, t4, t5, t6, t7]
}

/// `−m⁻¹ mod 2⁶⁴` for odd `m0` (Newton's iteration doubles the correct bits).
pub(crate) const fn neg_inv(m0: u64) -> u64 {
    let mut inv = 1u64;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// `2⁵¹² mod m` for a full-width m (`2²⁵⁵ < m < 2²⁵⁶`): the constant that takes an
/// integer into Montgomery form.
pub(crate) const fn r2_mod(m: &Limbs) -> Limbs {
    // 2²⁵⁶ mod m = 2²⁵⁶ − m, then 256 doublings mod m.
    let mut x = sub(&[0; 4], m).0;
    let mut i = 0;
    while i < 256 {
        x = add_mod(&x, &x, m);
        i += 1;
    }
    x
}
