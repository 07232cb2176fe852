//! Arithmetic on 256-bit integers as four little-endian `u64` words: the helpers
//! every field and every encoding of this workspace shares (sums and differences
//! with their carry, the conditional subtraction, comparisons, conversions to and
//! from 32 bytes), and the few constant-time-irrelevant ones that compute a field's
//! constants at compile time. The sums and differences are `const fn` so that the
//! same code serves both.

/// `a + b`, with the carry out.
#[inline(always)]
pub const fn add_words(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    let mut out = [0u64; 4];
    let mut carry = false;
    let mut i = 0;
    while i < 4 {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(carry as u64);
        out[i] = s;
        carry = c1 | c2;
        i += 1;
    }
    (out, carry)
}

/// `a − b`, with the borrow out (set exactly when `a < b`).
#[inline(always)]
pub const fn sub_words(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    let mut out = [0u64; 4];
    let mut borrow = false;
    let mut i = 0;
    while i < 4 {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        out[i] = d;
        borrow = b1 | b2;
        i += 1;
    }
    (out, borrow)
}

/// Whether `a < b` (the borrow of `a − b`, without branches).
#[inline(always)]
pub const fn below(a: &[u64; 4], b: &[u64; 4]) -> bool {
    sub_words(a, b).1
}

/// `t − p` if `t ≥ p`, else `t` (for `t < 2p`).
#[inline(always)]
pub const fn reduce_once(t: &[u64; 4], p: &[u64; 4]) -> [u64; 4] {
    let (s, borrow) = sub_words(t, p);
    if borrow {
        *t
    } else {
        s
    }
}

/// `a` where `mask` is all ones, zero where it is zero: a multiple of `p` (0 or
/// `p`) chosen without a branch.
#[inline(always)]
pub const fn masked(a: &[u64; 4], mask: u64) -> [u64; 4] {
    [a[0] & mask, a[1] & mask, a[2] & mask, a[3] & mask]
}

/// 32 big-endian bytes as little-endian words (the Ethereum encodings' order).
#[inline]
pub fn be_words(bytes: &[u8; 32]) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (i, word) in w.iter_mut().enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[24 - 8 * i..32 - 8 * i]);
        *word = u64::from_be_bytes(b);
    }
    w
}

/// Little-endian words as 32 big-endian bytes.
#[inline]
pub fn words_be_bytes(w: &[u64; 4]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, word) in w.iter().enumerate() {
        out[24 - 8 * i..32 - 8 * i].copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// 32 little-endian bytes as little-endian words (verkle's scalars' order).
#[inline]
pub fn le_words(bytes: &[u8; 32]) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (word, chunk) in w.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    w
}

/// `a >> s` for `s < 64`.
#[inline(always)]
pub fn shr_words(a: &[u64; 4], s: u32) -> [u64; 4] {
    if s == 0 {
        return *a;
    }
    [
        (a[0] >> s) | (a[1] << (64 - s)),
        (a[1] >> s) | (a[2] << (64 - s)),
        (a[2] >> s) | (a[3] << (64 - s)),
        a[3] >> s,
    ]
}

/// `a / d`, truncated, for a small divisor `d > 0` (for constants such as
/// `(p − 1)/6`).
pub const fn div_small(a: &[u64; 4], d: u64) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut rem: u128 = 0;
    let mut i = 4;
    while i > 0 {
        i -= 1;
        let cur = (rem << 64) | (a[i] as u128);
        out[i] = (cur / (d as u128)) as u64;
        rem = cur % (d as u128);
    }
    out
}

/// `a²` as eight words (for constants such as `p²`).
pub const fn square_words(a: &[u64; 4]) -> [u64; 8] {
    let mut t = [0u64; 8];
    let mut i = 0;
    while i < 4 {
        let mut c: u128 = 0;
        let mut j = 0;
        while j < 4 {
            let x = (a[i] as u128) * (a[j] as u128) + (t[i + j] as u128) + c;
            t[i + j] = x as u64;
            c = x >> 64;
            j += 1;
        }
        t[i + 4] = c as u64;
        i += 1;
    }
    t
}

/// `2ᵏ mod p` for `p < 2²⁵⁵`, by `k` modular doublings of 1 (compile time: the
/// Montgomery constants `2²⁵⁶ mod p` and `2⁵¹² mod p` of a field come from its
/// modulus this way rather than being pasted).
pub const fn pow2_mod(p: &[u64; 4], k: u32) -> [u64; 4] {
    let mut x = [1u64, 0, 0, 0];
    let mut i = 0;
    while i < k {
        // x < p < 2²⁵⁵: 2x fits 256 bits and is below 2p.
        let doubled = [
            x[0] << 1,
            (x[1] << 1) | (x[0] >> 63),
            (x[2] << 1) | (x[1] >> 63),
            (x[3] << 1) | (x[2] >> 63),
        ];
        x = reduce_once(&doubled, p);
        i += 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_borrows_and_order() {
        let max = [u64::MAX; 4];
        assert_eq!(add_words(&max, &[1, 0, 0, 0]), ([0; 4], true));
        assert_eq!(sub_words(&[0; 4], &[1, 0, 0, 0]), (max, true));
        assert!(below(&[u64::MAX, 0, 0, 0], &[0, 1, 0, 0]));
        assert!(!below(&max, &max));
        assert_eq!(reduce_once(&[5, 0, 0, 1], &[3, 0, 0, 1]), [2, 0, 0, 0]);
        assert_eq!(reduce_once(&[2, 0, 0, 1], &[3, 0, 0, 1]), [2, 0, 0, 1]);
        assert_eq!(shr_words(&[0, 1, 0, 0], 1), [1 << 63, 0, 0, 0]);
        assert_eq!(div_small(&[0, 6, 0, 0], 6), [0, 1, 0, 0]);
        assert_eq!(square_words(&[0, 0, 0, 1 << 63])[7], 1 << 62);
        assert_eq!(pow2_mod(&[7, 0, 0, 0], 3), [1, 0, 0, 0]);
    }

    #[test]
    fn byte_orders() {
        let b: [u8; 32] = std::array::from_fn(|i| i as u8);
        let w = be_words(&b);
        assert_eq!(w[0], 0x18191a1b1c1d1e1f);
        assert_eq!(w[3], 0x0001020304050607);
        assert_eq!(words_be_bytes(&w), b);
        assert_eq!(le_words(&b)[0], 0x0706050403020100);
    }
}
