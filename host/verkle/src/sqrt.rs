//! Square roots in Bandersnatch's base field (BLS12-381's scalar field, where
//! `p − 1 = 2³²·t`, t odd) by Tonelli–Shanks with the discrete logarithm in the
//! 2³²-torsion looked up byte by byte (as in Sarkar 2020 and Bernstein's
//! table-based variants), instead of Tonelli–Shanks' loop of up to 32 rounds of
//! repeated squarings.
//!
//! With `g` a primitive 2³²-th root of unity: `w = a^((t−1)/2)`, `v = a·w`, and
//! `x = v·w = a^t` lies in the subgroup of order 2³², so `x = g^e` for some
//! `e < 2³²`; `a` is a square exactly when `e` is even, and then `v·g^(−e/2)` is a
//! root (its square is `a^(t+1)·x⁻¹ = a`). The four bytes of `e` come from four
//! lookups in a table of the 256 powers of `g^(2²⁴)` (order 256), each after
//! removing the bytes already found with tables of `g^(−k·2^(8j))`. One
//! exponentiation (on the same multiplication as the group law), 24 squarings and a
//! dozen multiplications. Variable time: inputs are public.

use std::sync::OnceLock;

use ark_ed_on_bls12_381_bandersnatch::Fq;
use ark_ff::{AdditiveGroup, FftField, Field, PrimeField, Zero};

use super::element::fmul;

/// The precomputed powers and the exponent.
struct Tables {
    /// `neg[j][k] = g^(−k·2^(8j))`, `j < 4`, `k < 256`.
    neg: Vec<[Fq; 256]>,
    /// `(h^k, k)` for `h = g^(2²⁴)`, sorted by the element's lowest Montgomery word
    /// (a search key; the whole element is compared on a hit).
    log: Vec<(u64, Fq, u8)>,
    /// `(t − 1)/2`, little-endian words.
    exp: [u64; 4],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        assert_eq!(<Fq as FftField>::TWO_ADICITY, 32);
        let g = <Fq as FftField>::TWO_ADIC_ROOT_OF_UNITY;
        let gi = g.inverse().unwrap_or(Fq::ONE);
        let mut neg = Vec::with_capacity(4);
        let mut base = gi;
        for _ in 0..4 {
            let mut row = [Fq::ONE; 256];
            for k in 1..256 {
                row[k] = row[k - 1] * base;
            }
            neg.push(row);
            for _ in 0..8 {
                base.square_in_place();
            }
        }
        let h = g.pow([1u64 << 24]);
        let mut log = Vec::with_capacity(256);
        let mut cur = Fq::ONE;
        for k in 0..=255u8 {
            log.push((cur.0 .0[0], cur, k));
            cur *= h;
        }
        log.sort_by_key(|e| e.0);
        // (p − 1) >> 33: p is odd, so p − 1 only clears the lowest bit.
        let mut m = <Fq as PrimeField>::MODULUS.0;
        m[0] -= 1;
        let mut exp = [0u64; 4];
        for (i, e) in exp.iter_mut().enumerate() {
            *e = (m[i] >> 33) | m.get(i + 1).map_or(0, |n| n << 31);
        }
        Tables { neg, log, exp }
    })
}

/// `k` with `h^k = y`, if `y` is a 256th root of unity.
fn log256(t: &Tables, y: &Fq) -> Option<usize> {
    let key = y.0 .0[0];
    let at = t.log.partition_point(|e| e.0 < key);
    t.log[at..]
        .iter()
        .take_while(|e| e.0 == key)
        .find(|e| e.1 == *y)
        .map(|e| usize::from(e.2))
}

/// `a^e` by a fixed 4-bit window.
fn pow(a: Fq, e: &[u64; 4]) -> Fq {
    let mut powers = [Fq::ONE; 16];
    for k in 1..16 {
        powers[k] = fmul(powers[k - 1], a);
    }
    let mut acc = Fq::ONE;
    let mut started = false;
    for word in e.iter().rev() {
        for nib in (0..16).rev() {
            if started {
                for _ in 0..4 {
                    acc = fmul(acc, acc);
                }
            }
            let d = ((word >> (4 * nib)) & 15) as usize;
            if d != 0 {
                acc = if started {
                    fmul(acc, powers[d])
                } else {
                    powers[d]
                };
                started = true;
            }
        }
    }
    acc
}

/// A square root of `a`, or `None` if `a` is not a square.
pub(crate) fn sqrt(a: &Fq) -> Option<Fq> {
    if a.is_zero() {
        return Some(Fq::ZERO);
    }
    let t = tables();
    let w = pow(*a, &t.exp);
    let v = fmul(*a, w);
    let x = fmul(v, w);
    let sq8 = |mut y: Fq| {
        for _ in 0..8 {
            y = fmul(y, y);
        }
        y
    };
    let x8 = sq8(x);
    let x16 = sq8(x8);
    let x24 = sq8(x16);
    let e0 = log256(t, &x24)?;
    let e1 = log256(t, &fmul(x16, t.neg[2][e0]))?;
    let e2 = log256(t, &fmul(fmul(x8, t.neg[1][e0]), t.neg[2][e1]))?;
    let y = fmul(fmul(fmul(x, t.neg[0][e0]), t.neg[1][e1]), t.neg[2][e2]);
    let e3 = log256(t, &y)?;
    let e = e0 | e1 << 8 | e2 << 16 | e3 << 24;
    if e & 1 == 1 {
        return None;
    }
    let f = e >> 1;
    let r = fmul(
        fmul(v, t.neg[0][f & 255]),
        fmul(t.neg[1][(f >> 8) & 255], t.neg[2][(f >> 16) & 255]),
    );
    Some(fmul(r, t.neg[3][f >> 24]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ff::UniformRand;
    use rand::SeedableRng;

    #[test]
    fn roots_square_back_and_non_squares_have_none() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(51);
        let g = <Fq as FftField>::TWO_ADIC_ROOT_OF_UNITY;
        let mut values: Vec<Fq> = (0..3000).map(|_| Fq::rand(&mut rng)).collect();
        // Elements whose `a^t` has every possible 2-power order, and small ones.
        values.extend((0..40u64).map(|k| g.pow([k])));
        values.extend((0..40u64).map(Fq::from));
        values.push(-Fq::ONE);
        let mut squares = 0;
        for a in values {
            let expected = a.sqrt();
            let got = sqrt(&a);
            assert_eq!(got.is_some(), expected.is_some(), "{a}");
            if let Some(r) = got {
                assert_eq!(r.square(), a, "{a}");
                squares += 1;
            }
            let sq = a.square();
            let r = sqrt(&sq).expect("a square");
            assert!(r == a || r == -a);
        }
        assert!(squares > 1400, "{squares}");
    }
}
