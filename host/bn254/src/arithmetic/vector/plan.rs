//! Linear maps between lane vectors of Fp2 elements, written as formulas and run as
//! permutations.
//!
//! Every tower operation on lanes is: linear combinations of the input's
//! coefficients (the operands of its products), a batch of lane products, linear
//! combinations of the products (the result). Each combination puts, in every
//! lane of its output, a sum `Σ cₜ·sₜ` of lanes of its source vectors with
//! coefficients in `ℤ[ξ]` (`ξ = 9 + u`, the tower's non-residue). An [`Expr`] is
//! such a sum, built by the same formulas as the scalar code; a [`Plan`] is eight
//! of them compiled into rounds of `vpermt2q` (two sources, any lanes) with a
//! per-lane add or subtract mask, one accumulator per power of ξ, folded at the
//! end by Horner's rule. Plans are built once, at first use.

use core::arch::x86_64::*;

use super::{carry, mul_xi_signed, reduce, Fp2Lanes};

/// `Σ cₜ·(source, lane)ₜ` with `cₜ = cₜ₀ + cₜ₁ξ + cₜ₂ξ²`: a formal combination of lanes.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Expr(Vec<(u8, u8, [i32; 3])>);

impl Expr {
    /// Lane `lane` of source `source`.
    pub(crate) fn lane(source: usize, lane: usize) -> Expr {
        Expr(vec![(source as u8, lane as u8, [1, 0, 0])])
    }

    fn merged(mut self, b: &Expr, sign: i32) -> Expr {
        for &(s, l, c) in &b.0 {
            match self.0.iter_mut().find(|t| t.0 == s && t.1 == l) {
                Some(t) => (0..3).for_each(|d| t.2[d] += sign * c[d]),
                None => self.0.push((s, l, c.map(|x| sign * x))),
            }
        }
        self.0.retain(|t| t.2 != [0; 3]);
        self
    }

    /// `self + b`.
    pub(crate) fn add(&self, b: &Expr) -> Expr {
        self.clone().merged(b, 1)
    }

    /// `self − b`.
    pub(crate) fn sub(&self, b: &Expr) -> Expr {
        self.clone().merged(b, -1)
    }

    /// `ξ·self` (powers of ξ up to 2).
    pub(crate) fn xi(&self) -> Expr {
        Expr(
            self.0
                .iter()
                .map(|&(s, l, c)| {
                    assert!(c[2] == 0, "plans take powers of ξ up to ξ²");
                    (s, l, [0, c[0], c[1]])
                })
                .collect(),
        )
    }
}

/// One round: lanes of two sources gathered by one permutation, added where
/// `add` has the lane's bit, subtracted where `sub` has it.
#[derive(Clone, Copy, Debug)]
struct Round {
    a: u8,
    b: u8,
    index: [u64; 8],
    add: u8,
    sub: u8,
}

/// Eight [`Expr`]s compiled into rounds, by power of ξ.
#[derive(Debug)]
pub(crate) struct Plan {
    rounds: [Vec<Round>; 3],
    /// One more than the highest power of ξ with a round.
    top: usize,
    /// Whether some coefficient is negative or has ξ: the output is then signed
    /// and goes through [`reduce`] before it can be a product input.
    signed: bool,
}

/// The largest `Σ|c|` per output lane (ξ counted 10 and ξ² 100, the growth of a
/// limb under Horner's `ξ·x = (9x₀ − x₁) + (x₀ + 9x₁)u`): with source
/// limbs below `2⁵³` in absolute value, the accumulated limbs stay below `2⁶²`,
/// and with source values below `4.1p`, the output below `4096p` — the input
/// range of [`reduce`].
const MAX_WEIGHT: i64 = 500;

impl Plan {
    /// The plan whose output lane `k` is `outputs[k]` (lanes past the end are zero).
    pub(crate) fn new(outputs: &[Expr]) -> Plan {
        assert!(outputs.len() <= 8);
        let mut rounds: [Vec<Round>; 3] = Default::default();
        let mut signed = false;
        for (k, e) in outputs.iter().enumerate() {
            let weight: i64 =
                e.0.iter()
                    .map(|t| {
                        i64::from(t.2[0].abs())
                            + 10 * i64::from(t.2[1].abs())
                            + 100 * i64::from(t.2[2].abs())
                    })
                    .sum();
            assert!(weight <= MAX_WEIGHT, "lane {k}: weight {weight}");
            signed |= e.0.iter().any(|t| t.2[0] < 0 || t.2[1] != 0 || t.2[2] != 0);
        }
        for (d, rounds) in rounds.iter_mut().enumerate() {
            // Unit terms (source, lane, ±1) still to place, per output lane.
            let mut pending: Vec<Vec<(u8, u8, bool)>> = outputs
                .iter()
                .map(|e| {
                    e.0.iter()
                        .flat_map(|&(s, l, c)| {
                            std::iter::repeat_n((s, l, c[d] > 0), c[d].unsigned_abs() as usize)
                        })
                        .collect()
                })
                .collect();
            while let Some(first) = pending.iter().find_map(|p| p.first()) {
                let a = first.0;
                let mut b = None;
                let mut r = Round {
                    a,
                    b: a,
                    index: [0; 8],
                    add: 0,
                    sub: 0,
                };
                // The round's sign, where lanes allow: that of its first term (a
                // round of one sign is one masked operation per limb, of both two).
                let positive = first.2;
                for (k, p) in pending.iter_mut().enumerate() {
                    let fits =
                        |t: &(u8, u8, bool), b: Option<u8>| t.0 == a || b.is_none_or(|b| b == t.0);
                    let pick = p
                        .iter()
                        .position(|t| t.2 == positive && fits(t, b))
                        .or_else(|| p.iter().position(|t| fits(t, b)));
                    if let Some(i) = pick {
                        let (s, l, positive) = p.remove(i);
                        if s != a {
                            b = Some(s);
                        }
                        r.index[k] = u64::from(l) + if s == a { 0 } else { 8 };
                        if positive {
                            r.add |= 1 << k;
                        } else {
                            r.sub |= 1 << k;
                        }
                    }
                }
                r.b = b.unwrap_or(a);
                rounds.push(r);
            }
        }
        let top = rounds
            .iter()
            .rposition(|r| !r.is_empty())
            .map_or(0, |d| d + 1);
        Plan {
            rounds,
            top,
            signed,
        }
    }

    /// The combination, signed (limbs not normalised).
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    pub(crate) fn apply_signed(&self, sources: &[&Fp2Lanes]) -> Fp2Lanes {
        // The accumulator's limbs as locals (real parts, then imaginary), so
        // that they stay in registers across rounds.
        let mut acc = [_mm512_setzero_si512(); 10];
        // Whether `acc` is still zero: a first round of additions is then one
        // zeroing permutation.
        let mut fresh = true;
        for d in (0..self.top).rev() {
            if d + 1 < self.top {
                // Horner's rule: what is accumulated so far is the coefficient of
                // a higher power of ξ.
                let x = mul_xi_signed(&Fp2Lanes::from_limbs(&acc));
                acc = x.limbs();
            }
            for r in &self.rounds[d] {
                // SAFETY: `[u64; 8]` and `__m512i` have the same size and every bit
                // pattern is valid for both.
                let index = unsafe { core::mem::transmute::<[u64; 8], __m512i>(r.index) };
                let (x, y) = (
                    sources[usize::from(r.a)].limbs(),
                    sources[usize::from(r.b)].limbs(),
                );
                let (add, sub) = (r.add, r.sub);
                if fresh && sub == 0 {
                    for i in 0..10 {
                        acc[i] = _mm512_maskz_permutex2var_epi64(add, x[i], index, y[i]);
                    }
                } else if sub == 0 {
                    for i in 0..10 {
                        let t = _mm512_permutex2var_epi64(x[i], index, y[i]);
                        acc[i] = _mm512_mask_add_epi64(acc[i], add, acc[i], t);
                    }
                } else if add == 0 {
                    for i in 0..10 {
                        let t = _mm512_permutex2var_epi64(x[i], index, y[i]);
                        acc[i] = _mm512_mask_sub_epi64(acc[i], sub, acc[i], t);
                    }
                } else {
                    for i in 0..10 {
                        let t = _mm512_permutex2var_epi64(x[i], index, y[i]);
                        let u = _mm512_mask_add_epi64(acc[i], add, acc[i], t);
                        acc[i] = _mm512_mask_sub_epi64(u, sub, u, t);
                    }
                }
                fresh = false;
            }
        }
        Fp2Lanes::from_limbs(&acc)
    }

    /// The combination as a product input: reduced if signed, else carried.
    #[target_feature(enable = "avx512f,avx512vl,avx512ifma")]
    #[inline]
    pub(crate) fn apply(&self, sources: &[&Fp2Lanes]) -> Fp2Lanes {
        let v = self.apply_signed(sources);
        if self.signed {
            reduce(&v)
        } else {
            carry(&v)
        }
    }
}
