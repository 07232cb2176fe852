//! Scalar recodings shared by the algorithms: bit lengths, width-w NAF (Strauss) and
//! Booth-encoded signed windows (Pippenger), on 256-bit little-endian limbs.
//!
//! Everything here is branch-light integer code on `[u64; 4]`; nothing allocates
//! except [`wnaf_into`], which writes into a caller-provided buffer.

use super::Scalar;

/// The number of significant bits of `k` (0 for zero).
#[inline]
pub fn bit_len(k: &Scalar) -> usize {
    for i in (0..4).rev() {
        if k[i] != 0 {
            return 64 * i + 64 - k[i].leading_zeros() as usize;
        }
    }
    0
}

/// The largest bit length among `scalars`: one pass of ORs.
pub fn max_bit_len(scalars: &[Scalar]) -> usize {
    let mut acc = [0u64; 4];
    for k in scalars {
        acc[0] |= k[0];
        acc[1] |= k[1];
        acc[2] |= k[2];
        acc[3] |= k[3];
    }
    bit_len(&acc)
}

/// `len <= 57` bits of `k` starting at bit `start` (bits at or above 256 read as zero).
#[inline(always)]
fn bits(k: &Scalar, start: usize, len: usize) -> u64 {
    let limb = start / 64;
    let shift = start % 64;
    if limb >= 4 {
        return 0;
    }
    let lo = k[limb] >> shift;
    let hi = if shift != 0 && limb + 1 < 4 {
        k[limb + 1] << (64 - shift)
    } else {
        0
    };
    (lo | hi) & ((1u64 << len) - 1)
}

/// The number of Booth windows of width `c` needed for scalars of `bits` bits: the
/// top window must end on a zero bit, so `⌈(bits + 1) / c⌉`.
#[inline]
pub fn booth_windows(bits: usize, c: usize) -> usize {
    if bits == 0 {
        0
    } else {
        bits / c + 1
    }
}

/// Booth digit `j` of `k` for windows of `c` bits (1 ≤ c ≤ 16): with `b_i` the bits
/// of `k` (`b_{-1} = 0`), `d_j = Σ_{i<c} b_{jc+i}·2^i + b_{jc−1} − b_{jc+c−1}·2^c`,
/// so `|d_j| ≤ 2^(c−1)` and `Σ_j d_j·2^(jc) = k` over [`booth_windows`] windows.
/// Each digit depends only on `c + 1` bits, so windows can be processed in any
/// order (and in parallel) without a carry pass.
#[inline(always)]
pub fn booth_digit(k: &Scalar, j: usize, c: usize) -> i32 {
    // The c + 1 bits b_{jc-1} .. b_{jc+c-1}, lowest first.
    let w = if j == 0 {
        bits(k, 0, c) << 1
    } else {
        bits(k, j * c - 1, c + 1)
    };
    let w = w as i32;
    ((w >> 1) + (w & 1)) - ((w >> c) << c)
}

/// Writes the width-`w` NAF of `k` (2 ≤ w ≤ 8) into `out` (at least 257 entries,
/// least significant first): every non-zero digit is odd with `|d| < 2^(w−1)`, and
/// any `w` consecutive digits hold at most one non-zero. Returns the number of
/// digits written up to and including the last non-zero one (0 for zero).
pub fn wnaf_into(k: &Scalar, w: usize, out: &mut [i8]) -> usize {
    // 320-bit working copy: adding back a negative digit can carry past bit 255.
    let mut v = [k[0], k[1], k[2], k[3], 0u64];
    let mask = (1u64 << w) - 1;
    let half = 1i64 << (w - 1);
    let mut pos = 0usize;
    let mut len = 0usize;
    for d in out.iter_mut() {
        *d = 0;
    }
    loop {
        // Skip zero bits in bulk.
        let tz = match v.iter().position(|&l| l != 0) {
            None => break,
            Some(i) => 64 * i + v[i].trailing_zeros() as usize,
        };
        shr(&mut v, tz);
        pos += tz;
        // v is odd: take the signed residue mod 2^w.
        let m = (v[0] & mask) as i64;
        let d = if m >= half { m - (1i64 << w) } else { m };
        if let Some(slot) = out.get_mut(pos) {
            *slot = d as i8;
        }
        len = pos + 1;
        if d > 0 {
            sub_small(&mut v, d as u64);
        } else {
            add_small(&mut v, (-d) as u64);
        }
        // Now v ≡ 0 mod 2^w: the next w digits are zero.
        shr(&mut v, w);
        pos += w;
    }
    len
}

/// `v >>= s` for a five-limb integer, any `s`.
#[inline]
fn shr(v: &mut [u64; 5], s: usize) {
    let limbs = s / 64;
    let bits = s % 64;
    if limbs > 0 {
        for i in 0..5 {
            v[i] = if i + limbs < 5 { v[i + limbs] } else { 0 };
        }
    }
    if bits > 0 {
        for i in 0..5 {
            let hi = if i + 1 < 5 {
                v[i + 1] << (64 - bits)
            } else {
                0
            };
            v[i] = (v[i] >> bits) | hi;
        }
    }
}

#[inline]
fn add_small(v: &mut [u64; 5], x: u64) {
    let mut carry = x;
    for limb in v.iter_mut() {
        let (s, c) = limb.overflowing_add(carry);
        *limb = s;
        carry = c as u64;
        if carry == 0 {
            break;
        }
    }
}

#[inline]
fn sub_small(v: &mut [u64; 5], x: u64) {
    let mut borrow = x;
    for limb in v.iter_mut() {
        let (s, b) = limb.overflowing_sub(borrow);
        *limb = s;
        borrow = b as u64;
        if borrow == 0 {
            break;
        }
    }
}

/// Whether `a >= b` for 256-bit little-endian integers.
#[inline]
pub fn geq(a: &Scalar, b: &Scalar) -> bool {
    for i in (0..4).rev() {
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

/// `a − b` (wrapping), 256-bit little-endian.
#[inline]
pub fn sub(a: &Scalar, b: &Scalar) -> Scalar {
    let mut out = [0u64; 4];
    let mut borrow = 0u64;
    for i in 0..4 {
        let (d1, b1) = a[i].overflowing_sub(b[i]);
        let (d2, b2) = d1.overflowing_sub(borrow);
        out[i] = d2;
        borrow = (b1 | b2) as u64;
    }
    out
}

/// `a + b` (wrapping), 256-bit little-endian.
#[inline]
pub fn add(a: &Scalar, b: &Scalar) -> Scalar {
    let mut out = [0u64; 4];
    let mut carry = 0u64;
    for i in 0..4 {
        let (s1, c1) = a[i].overflowing_add(b[i]);
        let (s2, c2) = s1.overflowing_add(carry);
        out[i] = s2;
        carry = (c1 | c2) as u64;
    }
    out
}

/// `−a` (wrapping), 256-bit little-endian.
#[inline]
pub fn neg(a: &Scalar) -> Scalar {
    sub(&[0; 4], a)
}

/// `a·b` for 128-bit `a` and `b`, as 256 bits.
#[inline]
pub fn mul_u128(a: u128, b: u128) -> Scalar {
    let (a0, a1) = (a as u64 as u128, (a >> 64) as u64 as u128);
    let (b0, b1) = (b as u64 as u128, (b >> 64) as u64 as u128);
    let mut out = [0u64; 4];
    let ll = a0 * b0;
    let lh = a0 * b1;
    let hl = a1 * b0;
    let hh = a1 * b1;
    out[0] = ll as u64;
    let mid = (ll >> 64) + (lh as u64 as u128) + (hl as u64 as u128);
    out[1] = mid as u64;
    let hi = (mid >> 64) + (lh >> 64) + (hl >> 64) + (hh as u64 as u128);
    out[2] = hi as u64;
    out[3] = ((hi >> 64) + (hh >> 64)) as u64;
    out
}

/// `⌊a·b / 2^256⌋` for 256-bit `a` and `b`, when it fits in 128 bits.
#[inline]
pub fn mul_high(a: &Scalar, b: &Scalar) -> u128 {
    let mut wide = [0u64; 8];
    for i in 0..4 {
        let mut carry = 0u128;
        for j in 0..4 {
            let t = wide[i + j] as u128 + (a[i] as u128) * (b[j] as u128) + carry;
            wide[i + j] = t as u64;
            carry = t >> 64;
        }
        wide[i + 4] = carry as u64;
    }
    wide[4] as u128 | (wide[5] as u128) << 64
}

/// `k mod m` for a modulus `m > 2^253` (at most a handful of subtractions, since
/// `2^256 / m < 8`).
#[inline]
pub fn reduce(mut k: Scalar, m: &Scalar) -> Scalar {
    while geq(&k, m) {
        k = sub(&k, m);
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recomposes Σ d_i·2^(step·i) into 320 bits as (value mod 2^256, overflow).
    fn recompose(digits: &[(usize, i64)]) -> [u64; 5] {
        let mut acc = [0u64; 5];
        for &(pos, d) in digits {
            let mut term = [0u64; 5];
            let mag = d.unsigned_abs();
            term[pos / 64] = mag << (pos % 64);
            if pos % 64 != 0 && pos / 64 + 1 < 5 {
                term[pos / 64 + 1] = mag >> (64 - pos % 64);
            }
            let mut carry = 0u128;
            if d >= 0 {
                for i in 0..5 {
                    let s = acc[i] as u128 + term[i] as u128 + carry;
                    acc[i] = s as u64;
                    carry = s >> 64;
                }
            } else {
                let mut borrow = 0i128;
                for i in 0..5 {
                    let s = acc[i] as i128 - term[i] as i128 - borrow;
                    acc[i] = s as u64;
                    borrow = (s < 0) as i128;
                }
            }
        }
        acc
    }

    fn samples() -> Vec<Scalar> {
        let mut v = vec![
            [0; 4],
            [1, 0, 0, 0],
            [u64::MAX; 4],
            [0, 0, 0, 1 << 63],
            [u64::MAX, 0, 0, 0],
            [0x8000_0000_0000_0001, 0x7fff, 0, 0x3064_4e72_e131_a029],
        ];
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..200 {
            let mut k = [0u64; 4];
            for l in k.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                *l = x;
            }
            v.push(k);
        }
        v
    }

    #[test]
    fn booth_recomposes() {
        for k in samples() {
            let b = bit_len(&k);
            for c in 1..=16 {
                let windows = booth_windows(b, c);
                let digits: Vec<(usize, i64)> = (0..windows)
                    .map(|j| {
                        let d = booth_digit(&k, j, c);
                        assert!(d.unsigned_abs() <= 1 << (c - 1));
                        (j * c, d as i64)
                    })
                    .collect();
                let r = recompose(&digits);
                assert_eq!([r[0], r[1], r[2], r[3]], k, "c = {c}");
                assert_eq!(r[4], 0);
            }
        }
    }

    #[test]
    fn wnaf_recomposes() {
        let mut buf = [0i8; 260];
        for k in samples() {
            for w in 2..=8 {
                let len = wnaf_into(&k, w, &mut buf);
                assert!(len <= 257);
                let digits: Vec<(usize, i64)> = buf[..len]
                    .iter()
                    .enumerate()
                    .filter(|(_, &d)| d != 0)
                    .map(|(i, &d)| (i, d as i64))
                    .collect();
                for &(_, d) in &digits {
                    assert!(d % 2 != 0 && d.unsigned_abs() < 1 << (w - 1));
                }
                let r = recompose(&digits);
                assert_eq!([r[0], r[1], r[2], r[3]], k, "w = {w}");
                assert_eq!(r[4], 0);
            }
        }
    }

    #[test]
    fn reduction() {
        let m = [5u64, 0, 0, 1 << 62];
        let k = [u64::MAX; 4];
        let r = reduce(k, &m);
        assert!(!geq(&r, &m));
        assert_eq!(max_bit_len(&[[1, 0, 0, 0], [0, 2, 0, 0]]), 66);
        let a = u128::MAX - 5;
        let b = (1u128 << 100) + 12345;
        let p = mul_u128(a, b);
        assert_eq!(mul_high(&p, &[0, 0, 0, 0]), 0);
        // p·2^224 / 2^256 = p >> 32, of which the low 128 bits come back.
        let lo = (p[0] >> 32) | (p[1] << 32);
        let hi = (p[1] >> 32) | (p[2] << 32);
        assert_eq!(
            mul_high(&p, &[0, 0, 0, 1 << 32]),
            lo as u128 | (hi as u128) << 64
        );
        assert_eq!(add(&sub(&p, &[7, 0, 0, 0]), &[7, 0, 0, 0]), p);
        assert_eq!(add(&neg(&p), &p), [0; 4]);
    }
}
