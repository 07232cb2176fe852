//! The parameters of circomlib's Poseidon, generated from their published
//! definition rather than pasted: the Grain LFSR of the Poseidon paper's reference
//! script (`generate_parameters_grain.sage`, field 1 = prime field, S-box 0 = x^α,
//! n = 254 bits, t, R_F = 8, R_P from [`PARTIAL_ROUNDS`]),
//! which is how circomlib's constants were made:
//!
//! 1. the 80-bit register starts as those fields in binary (2, 4, 12, 12, 10 and 10
//!    bits) followed by thirty 1s, and is clocked 160 times with its output thrown
//!    away;
//! 2. output bits are self-shrunk: of each pair of register bits, the second is kept
//!    when the first is 1;
//! 3. each round constant is 254 output bits read as a big-endian integer, drawn
//!    again while it is not below r; there are `(R_F + R_P)·t` of them, round by round;
//! 4. the MDS matrix is the Cauchy matrix `M[i][j] = 1/(xᵢ + yⱼ)` on the next `2t`
//!    draws (`x₀..x_{t−1}, y₀..y_{t−1}`), each reduced mod r.
//!
//! The tests compare the result with light-poseidon's tables and with a digest of
//! circomlibjs's, for every width.
//!
//! [`Params`] also holds the same permutation rearranged for speed (the "optimised"
//! Poseidon of the paper's appendix B): partial rounds add one constant to one
//! element and multiply by a sparse matrix (2t − 1 products instead of t²).

use crate::{FULL_ROUNDS, PARTIAL_ROUNDS};
use zkhost_bn254::{Fr, FrConfig};
use zkhost_mont::words::reduce_once;
use zkhost_mont::MontConfig;

/// The Grain LFSR in self-shrinking mode, as the reference script runs it.
struct Grain {
    /// Bit `i` is the script's `bit_sequence[i]` (bit 0 is the oldest).
    state: u128,
}

impl Grain {
    fn new(t: usize, partial_rounds: usize) -> Grain {
        // (value, width) of each field, most significant bit first.
        let fields: [(u64, u32); 7] = [
            (1, 2),                      // prime field
            (0, 4),                      // S-box x^α
            (254, 12),                   // field size in bits
            (t as u64, 12),              // width
            (FULL_ROUNDS as u64, 10),    // full rounds
            (partial_rounds as u64, 10), // partial rounds
            ((1 << 30) - 1, 30),         // thirty 1s
        ];
        let mut state = 0u128;
        let mut pos = 0;
        for (value, width) in fields {
            for k in (0..width).rev() {
                state |= u128::from((value >> k) & 1) << pos;
                pos += 1;
            }
        }
        let mut g = Grain { state };
        for _ in 0..160 {
            g.clock();
        }
        g
    }

    /// Shifts the register once and returns the new bit.
    fn clock(&mut self) -> bool {
        let s = self.state;
        let bit = ((s >> 62) ^ (s >> 51) ^ (s >> 38) ^ (s >> 23) ^ (s >> 13) ^ s) & 1;
        self.state = (s >> 1) | (bit << 79);
        bit == 1
    }

    /// One output bit: pairs are drawn until the first bit of a pair is 1; the second
    /// bit of that pair is the output.
    fn bit(&mut self) -> bool {
        while !self.clock() {
            self.clock();
        }
        self.clock()
    }

    /// `bits` output bits as a big-endian integer (little-endian words).
    fn integer(&mut self, bits: u32) -> [u64; 4] {
        let mut w = [0u64; 4];
        for k in (0..bits).rev() {
            if self.bit() {
                w[(k / 64) as usize] |= 1 << (k % 64);
            }
        }
        w
    }

    /// A round constant: 254 bits, drawn again while not below r.
    fn constant(&mut self) -> Fr {
        loop {
            if let Some(x) = Fr::from_words(&self.integer(254)) {
                return x;
            }
        }
    }

    /// An MDS seed: 254 bits reduced mod r (once is enough: 2²⁵⁴ < 2r).
    fn reduced(&mut self) -> Fr {
        // w < 2²⁵⁴ < 2r: one conditional subtraction leaves it below r.
        let w = reduce_once(&self.integer(254), &FrConfig::P);
        Fr::from_words(&w).unwrap_or(Fr::ZERO)
    }
}

/// A `t×t` matrix, row-major.
type Matrix = Vec<Vec<Fr>>;

/// The Cauchy matrix on the next `2t` draws; `None` if two draws coincide or some
/// `xᵢ + yⱼ` is zero (the script then draws again; no width here needs it, which the
/// tests confirm by matching the published matrices).
fn cauchy(g: &mut Grain, t: usize) -> Option<Matrix> {
    let draws: Vec<Fr> = (0..2 * t).map(|_| g.reduced()).collect();
    for i in 0..draws.len() {
        if draws[i + 1..].contains(&draws[i]) {
            return None;
        }
    }
    let (xs, ys) = draws.split_at(t);
    xs.iter()
        .map(|x| ys.iter().map(|y| x.add(y).inverse()).collect())
        .collect()
}

/// `a·b` for square matrices.
fn mat_mul(a: &Matrix, b: &Matrix) -> Matrix {
    let n = a.len();
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (0..n).fold(Fr::ZERO, |acc, k| acc.add(&a[i][k].mul(&b[k][j]))))
                .collect()
        })
        .collect()
}

/// `m·v`.
fn mat_vec(m: &Matrix, v: &[Fr]) -> Vec<Fr> {
    m.iter()
        .map(|row| {
            row.iter()
                .zip(v)
                .fold(Fr::ZERO, |acc, (a, b)| acc.add(&a.mul(b)))
        })
        .collect()
}

/// `vᵀ·m`.
fn vec_mat(v: &[Fr], m: &Matrix) -> Vec<Fr> {
    (0..m.len())
        .map(|j| {
            v.iter()
                .zip(m)
                .fold(Fr::ZERO, |acc, (a, row)| acc.add(&a.mul(&row[j])))
        })
        .collect()
}

/// The inverse by Gauss–Jordan elimination, or `None` if singular (a Cauchy
/// matrix's square submatrices never are).
fn mat_inverse(m: &Matrix) -> Option<Matrix> {
    let n = m.len();
    let mut a = m.clone();
    let mut inv: Matrix = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if i == j { Fr::ONE } else { Fr::ZERO })
                .collect()
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col].inverse()?;
        for j in 0..n {
            a[col][j] = a[col][j].mul(&p);
            inv[col][j] = inv[col][j].mul(&p);
        }
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let f = a[r][col];
                for j in 0..n {
                    let (x, y) = (a[col][j].mul(&f), inv[col][j].mul(&f));
                    a[r][j] = a[r][j].sub(&x);
                    inv[r][j] = inv[r][j].sub(&y);
                }
            }
        }
    }
    Some(inv)
}

/// One partial round's sparse matrix `[[m₀₀, vᵀ], [w, I]]`.
#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    /// The first row after `m₀₀`: `m₀₁ᵀ·M̂⁻ᵏ` (length t − 1).
    pub(crate) v: Vec<Fr>,
    /// The first column below `m₀₀`: `M̂ᵏ⁻¹·m₁₀` (length t − 1).
    pub(crate) w: Vec<Fr>,
}

/// Everything one width needs, in both forms.
#[derive(Clone, Debug)]
pub struct Params {
    /// The width t = inputs + 1.
    pub(crate) t: usize,
    /// The number of partial rounds.
    pub(crate) partial: usize,
    /// The round constants as published, `(R_F + R_P)·t`, round by round.
    pub(crate) constants: Vec<Fr>,
    /// The MDS matrix as published.
    pub(crate) mds: Matrix,

    // The optimised form.
    /// The matrix of the last full round before the partial rounds: `diag(1, M̂^R_P)·M`.
    pub(crate) pre_sparse: Matrix,
    /// One constant per partial round, added to element 0.
    pub(crate) partial_constants: Vec<Fr>,
    /// One sparse matrix per partial round, in order.
    pub(crate) sparse: Vec<Sparse>,
    /// The constants of the last `R_F/2` full rounds, the partial rounds' remainder
    /// folded into the first of them.
    pub(crate) last_constants: Vec<Fr>,
}

impl Params {
    /// Generates the parameters of width `t` (2 ≤ t ≤ 17).
    pub(crate) fn generate(t: usize) -> Params {
        let partial = PARTIAL_ROUNDS[t - 2];
        let mut g = Grain::new(t, partial);
        let constants: Vec<Fr> = (0..(FULL_ROUNDS + partial) * t)
            .map(|_| g.constant())
            .collect();
        let mds = loop {
            if let Some(m) = cauchy(&mut g, t) {
                break m;
            }
        };
        let mut p = Params {
            t,
            partial,
            constants,
            mds,
            pre_sparse: Vec::new(),
            partial_constants: Vec::new(),
            sparse: Vec::new(),
            last_constants: Vec::new(),
        };
        p.optimise();
        p
    }

    /// Derives the optimised form from the published one.
    ///
    /// Constants: in a partial round `s ← M·S(s + c)`, the S-box touches element 0
    /// only, so `c` minus its element 0 passes the S-box unchanged and becomes
    /// `M·(c − c₀e₀)` added before the next round. Carried forward round by round,
    /// each partial round keeps one scalar and the last remainder joins the first
    /// constant vector of the second half's full rounds.
    ///
    /// Matrices: write `M̂` for M without its first row and column. Any `D` with that
    /// shape factors as `D = A·B`, `B = diag(1, D̂)` and `A = [[d₀₀, d₀₁ᵀD̂⁻¹], [d₁₀,
    /// I]]` sparse. `B` fixes element 0 and leaves it alone, so it commutes with a
    /// partial round's S-box and scalar constant, moves one round earlier and merges
    /// into that round's M. Starting from the last partial round, the k-th matrix
    /// from the end is `diag(1, M̂ᵏ⁻¹)·M`, whose factor is `A` with `v = m₀₁ᵀM̂⁻ᵏ`,
    /// `w = M̂ᵏ⁻¹m₁₀`; what is left, `diag(1, M̂^R_P)`, merges into the last full
    /// round before the partial rounds.
    fn optimise(&mut self) {
        let (t, rp) = (self.t, self.partial);
        let half = FULL_ROUNDS / 2;
        let m = &self.mds;

        // Constants.
        let mut carry = vec![Fr::ZERO; t];
        let mut partial_constants = Vec::with_capacity(rp);
        for r in half..half + rp {
            let mut e: Vec<Fr> = (0..t)
                .map(|i| self.constants[r * t + i].add(&carry[i]))
                .collect();
            partial_constants.push(e[0]);
            e[0] = Fr::ZERO;
            carry = mat_vec(m, &e);
        }
        let mut last_constants = self.constants[(half + rp) * t..].to_vec();
        for (c, k) in last_constants.iter_mut().zip(&carry) {
            *c = c.add(k);
        }

        // Matrices.
        let hat: Matrix = m[1..].iter().map(|row| row[1..].to_vec()).collect();
        let hat_inv = mat_inverse(&hat).expect("a Cauchy matrix's submatrices are invertible");
        let row0: Vec<Fr> = m[0][1..].to_vec();
        let col0: Vec<Fr> = m[1..].iter().map(|row| row[0]).collect();
        // k = 1 is the last partial round; build from the end, then reverse.
        let mut sparse = Vec::with_capacity(rp);
        let mut v = vec_mat(&row0, &hat_inv);
        let mut w = col0;
        let mut hat_pow = hat.clone(); // M̂ᵏ
        for k in 1..=rp {
            sparse.push(Sparse {
                v: v.clone(),
                w: w.clone(),
            });
            if k < rp {
                v = vec_mat(&v, &hat_inv);
                w = mat_vec(&hat, &w);
                hat_pow = mat_mul(&hat, &hat_pow);
            }
        }
        sparse.reverse();
        // diag(1, M̂^R_P)·M: row 0 of M, then M̂^R_P times the other rows.
        let mut pre_sparse = vec![m[0].clone()];
        for row in &hat_pow {
            pre_sparse.push(
                (0..t)
                    .map(|j| {
                        row.iter()
                            .zip(&m[1..])
                            .fold(Fr::ZERO, |acc, (a, mrow)| acc.add(&a.mul(&mrow[j])))
                    })
                    .collect(),
            );
        }

        self.pre_sparse = pre_sparse;
        self.partial_constants = partial_constants;
        self.sparse = sparse;
        self.last_constants = last_constants;
    }

    /// The round constants as published, each 32 bytes big-endian, round by round.
    pub fn round_constants(&self) -> Vec<[u8; 32]> {
        self.constants.iter().map(|c| c.to_be_bytes()).collect()
    }

    /// The MDS matrix as published, row by row, each entry 32 bytes big-endian.
    pub fn mds(&self) -> Vec<Vec<[u8; 32]>> {
        self.mds
            .iter()
            .map(|row| row.iter().map(|x| x.to_be_bytes()).collect())
            .collect()
    }

    /// The width t.
    pub fn width(&self) -> usize {
        self.t
    }

    /// The number of partial rounds.
    pub fn partial_rounds(&self) -> usize {
        self.partial
    }
}
