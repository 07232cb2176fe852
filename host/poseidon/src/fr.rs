//! The scalar field of BN254, `r = 0x30644e72…f0000001` (254 bits), on zkhost's own
//! Montgomery multiplication ([`zkhost_mont`]).
//!
//! Elements are four little-endian words in Montgomery form (`a·2²⁵⁶ mod r`), always
//! fully reduced. The constants this needs beyond `r` itself (`2²⁵⁶ mod r`,
//! `2⁵¹² mod r`) are computed at compile time from `r` by doubling, not pasted.

use zkhost_mont::{self as mont, Modulus};

/// `r`, little-endian words.
pub(crate) const R: [u64; 4] = [
    0x43e1_f593_f000_0001,
    0x2833_e848_79b9_7091,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
];

/// `r` with its Montgomery constant.
pub(crate) const MODULUS: Modulus = Modulus::new(R);

/// `2ᵏ mod r`, by `k` modular doublings of 1 (compile time only).
const fn pow2_mod_r(k: u32) -> [u64; 4] {
    let mut x = [1u64, 0, 0, 0];
    let mut i = 0;
    while i < k {
        // x < r < 2²⁵⁴: 2x fits 256 bits; subtract r once if 2x ≥ r.
        let doubled = [
            x[0] << 1,
            (x[1] << 1) | (x[0] >> 63),
            (x[2] << 1) | (x[1] >> 63),
            (x[3] << 1) | (x[2] >> 63),
        ];
        let (diff, borrow) = sub_words(&doubled, &R);
        x = if borrow { doubled } else { diff };
        i += 1;
    }
    x
}

/// `2⁵¹² mod r`: multiplying by it converts into Montgomery form.
const R2: [u64; 4] = pow2_mod_r(512);

/// `a − b` on 256-bit words, with the borrow out.
#[inline(always)]
const fn sub_words(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
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

/// `a + b` on 256-bit words (callers keep the sum below 2²⁵⁶).
#[inline(always)]
fn add_words(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut carry = false;
    for i in 0..4 {
        let (s, c1) = a[i].overflowing_add(b[i]);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        out[i] = s;
        carry = c1 | c2;
    }
    out
}

/// `t − r` if `t ≥ r`, else `t`, for `t < 2r`.
#[inline(always)]
fn reduce_once(t: [u64; 4]) -> [u64; 4] {
    let (s, borrow) = sub_words(&t, &R);
    // Select without a branch: the comparison is unpredictable on random data.
    let mask = u64::from(borrow).wrapping_neg();
    [
        (t[0] & mask) | (s[0] & !mask),
        (t[1] & mask) | (s[1] & !mask),
        (t[2] & mask) | (s[2] & !mask),
        (t[3] & mask) | (s[3] & !mask),
    ]
}

/// An element of the scalar field in Montgomery form, `< r`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Fr(pub(crate) [u64; 4]);

impl Fr {
    /// Zero.
    pub(crate) const ZERO: Fr = Fr([0; 4]);
    /// One (`2²⁵⁶ mod r`).
    pub(crate) const ONE: Fr = Fr(pow2_mod_r(256));

    /// The element whose canonical value is the little-endian `words`, or `None` when
    /// that value is not below `r` (no reduction).
    pub(crate) fn from_words(words: &[u64; 4]) -> Option<Fr> {
        below_r(words).then(|| Fr(mont::mul(words, &R2, &MODULUS)))
    }

    /// The element whose canonical value is the 32-byte big-endian `bytes`, or `None`
    /// when that value is not below `r` (no reduction).
    pub(crate) fn from_be_bytes(bytes: &[u8; 32]) -> Option<Fr> {
        Fr::from_words(&be_words(bytes))
    }

    /// A small integer.
    #[cfg(test)]
    pub(crate) fn from_u64(v: u64) -> Fr {
        Fr(mont::mul(&[v, 0, 0, 0], &R2, &MODULUS))
    }

    /// The canonical value, little-endian words.
    pub(crate) fn to_words(self) -> [u64; 4] {
        mont::redc(&self.0, &MODULUS)
    }

    /// The canonical value, 32 bytes big-endian.
    pub(crate) fn to_be_bytes(self) -> [u8; 32] {
        let w = self.to_words();
        let mut out = [0u8; 32];
        for (i, word) in w.iter().enumerate() {
            out[24 - 8 * i..32 - 8 * i].copy_from_slice(&word.to_be_bytes());
        }
        out
    }

    /// Whether this is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.0 == [0; 4]
    }

    /// `self + b`.
    #[inline(always)]
    pub(crate) fn add(&self, b: &Fr) -> Fr {
        // Both < r < 2²⁵⁴: the sum fits 256 bits and is below 2r.
        Fr(reduce_once(add_words(&self.0, &b.0)))
    }

    /// `self − b`.
    #[inline(always)]
    pub(crate) fn sub(&self, b: &Fr) -> Fr {
        let (d, borrow) = sub_words(&self.0, &b.0);
        let mask = u64::from(borrow).wrapping_neg();
        Fr(add_words(
            &d,
            &[R[0] & mask, R[1] & mask, R[2] & mask, R[3] & mask],
        ))
    }

    /// `−self`.
    #[cfg(test)]
    pub(crate) fn neg(&self) -> Fr {
        Fr::ZERO.sub(self)
    }

    /// `self·b`.
    #[inline(always)]
    pub(crate) fn mul(&self, b: &Fr) -> Fr {
        Fr(mont::mul(&self.0, &b.0, &MODULUS))
    }

    /// `self²`.
    #[inline(always)]
    pub(crate) fn square(&self) -> Fr {
        self.mul(self)
    }

    /// `self⁵`, the Poseidon S-box: two squarings and a multiplication.
    #[inline(always)]
    pub(crate) fn pow5(&self) -> Fr {
        self.square().square().mul(self)
    }

    /// `self^e` for a little-endian exponent, by square and multiply.
    pub(crate) fn pow(&self, e: &[u64; 4]) -> Fr {
        let mut acc = Fr::ONE;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                acc = acc.square();
                if (word >> bit) & 1 == 1 {
                    acc = acc.mul(self);
                }
            }
        }
        acc
    }

    /// `1/self` by Fermat's little theorem (`self^(r−2)`), or `None` for zero. Only the
    /// parameter generation inverts, once per width.
    pub(crate) fn inverse(&self) -> Option<Fr> {
        if self.is_zero() {
            return None;
        }
        let mut e = R;
        e[0] -= 2;
        Some(self.pow(&e))
    }
}

/// Whether the little-endian `words` are a canonical value, below `r`.
pub(crate) fn below_r(words: &[u64; 4]) -> bool {
    sub_words(words, &R).1
}

/// 32 big-endian bytes as little-endian words.
pub(crate) fn be_words(bytes: &[u8; 32]) -> [u64; 4] {
    let mut w = [0u64; 4];
    for (i, word) in w.iter_mut().enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(&bytes[24 - 8 * i..32 - 8 * i]);
        *word = u64::from_be_bytes(b);
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::{BigInteger, Field, PrimeField, UniformRand};
    use rand::SeedableRng;

    fn ark(x: Fr) -> ark_bn254::Fr {
        ark_bn254::Fr::from_be_bytes_mod_order(&x.to_be_bytes())
    }

    #[test]
    fn modulus_and_constants_match_arkworks() {
        assert_eq!(R, <ark_bn254::Fr as PrimeField>::MODULUS.0);
        // arkworks keeps the same Montgomery words: 1 is R mod r in both.
        assert_eq!(Fr::ONE.0, ark_bn254::Fr::ONE.0 .0);
        assert_eq!(Fr::from_u64(1).to_words(), [1, 0, 0, 0]);
    }

    #[test]
    fn arithmetic_matches_arkworks() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(38);
        let mut edges = vec![Fr::ZERO, Fr::ONE, Fr::ONE.neg(), Fr::from_u64(2).neg()];
        for _ in 0..2000 {
            let a = ark_bn254::Fr::rand(&mut rng);
            let mut bytes = [0u8; 32];
            bytes.copy_from_slice(&a.into_bigint().to_bytes_be());
            edges.push(Fr::from_be_bytes(&bytes).expect("below r"));
        }
        for w in edges.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(ark(a.add(&b)), ark(a) + ark(b));
            assert_eq!(ark(a.sub(&b)), ark(a) - ark(b));
            assert_eq!(ark(a.mul(&b)), ark(a) * ark(b));
            assert_eq!(ark(a.pow5()), ark(a).pow([5]));
            assert_eq!(ark(a.neg()), -ark(a));
            if let Some(inv) = a.inverse() {
                assert_eq!(inv.mul(&a), Fr::ONE);
            } else {
                assert!(a.is_zero());
            }
        }
    }

    #[test]
    fn canonical_encoding() {
        let mut r_be = [0u8; 32];
        for (i, word) in R.iter().enumerate() {
            r_be[24 - 8 * i..32 - 8 * i].copy_from_slice(&word.to_be_bytes());
        }
        assert_eq!(Fr::from_be_bytes(&r_be), None, "r itself is refused");
        assert_eq!(Fr::from_be_bytes(&[0xff; 32]), None);
        let mut below = r_be;
        below[31] -= 1;
        let x = Fr::from_be_bytes(&below).expect("r − 1");
        assert_eq!(x, Fr::ONE.neg());
        assert_eq!(x.to_be_bytes(), below);
    }
}
