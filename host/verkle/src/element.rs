//! Banderwagon elements: points of the Bandersnatch curve `-5x² + y² = 1 + d·x²y²`
//! in the subgroup `2E` (order `2r`), taken up to the 2-torsion point `(0, −1)`, so
//! that `(x, y)` and `(−x, −y)` are the same element and the group has prime order
//! `r`.
//!
//! Points are kept in extended twisted Edwards coordinates `(X : Y : T : Z)` with
//! `x = X/Z`, `y = Y/Z`, `T = XY/Z` (Hisil–Wong–Carter–Dawson). The addition law is
//! complete on `2E`, so no operand needs a special case. The encodings are go-ipa's
//! and rust-verkle's: see [`Element::to_bytes`] and [`Element::from_bytes`].

use ark_ed_on_bls12_381_bandersnatch::{Fq, Fr};
use ark_ff::{AdditiveGroup, BigInteger, Field, MontFp, PrimeField, Zero};

use super::{jacobi, sqrt, Error};
use crate::mont;

/// Bandersnatch's base field modulus (BLS12-381's scalar field) for [`mont`].
const FQ_MODULUS: mont::Modulus = mont::Modulus::new(<Fq as PrimeField>::MODULUS.0);

/// `a·b` through [`mont::mul`] (MULX/ADX where the CPU has it), on the same
/// Montgomery words arkworks keeps: the group law's hot path.
#[inline(always)]
pub(crate) fn fmul(a: Fq, b: Fq) -> Fq {
    Fq::new_unchecked(ark_ff::BigInt(mont::mul(&a.0 .0, &b.0 .0, &FQ_MODULUS)))
}

/// The curve constant `d`.
pub(crate) const D: Fq =
    MontFp!("45022363124591815672509500913686876175488063829319466900776701791074614335719");

/// `−5·v` (the curve constant `a = −5`), with additions only.
#[inline(always)]
fn mul_by_a(v: Fq) -> Fq {
    -(v.double().double() + v)
}

/// A Banderwagon element. Equality is equality of classes: `(x₁, y₁) ~ (x₂, y₂)` iff
/// `x₁·y₂ = x₂·y₁`.
#[derive(Clone, Copy, Debug)]
pub struct Element {
    pub(crate) x: Fq,
    pub(crate) y: Fq,
    pub(crate) t: Fq,
    pub(crate) z: Fq,
}

/// An affine point prepared for mixed addition: `(x, y, d·x·y)`. Table entries of
/// the fixed-base methods have this form, so an addition costs 8 multiplications.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Prepared {
    pub(crate) x: Fq,
    pub(crate) y: Fq,
    pub(crate) dxy: Fq,
}

impl Prepared {
    /// `−self`: `(−x, y, −dxy)`.
    #[inline(always)]
    pub(crate) fn neg(&self) -> Prepared {
        Prepared {
            x: -self.x,
            y: self.y,
            dxy: -self.dxy,
        }
    }
}

impl PartialEq for Element {
    fn eq(&self, other: &Element) -> bool {
        self.x * other.y == other.x * self.y
    }
}

impl Eq for Element {}

impl Default for Element {
    fn default() -> Self {
        Element::IDENTITY
    }
}

/// `p − 1` over 2 as a big integer, the bound that makes a coordinate
/// "lexicographically largest".
fn is_lexicographically_largest(v: &Fq) -> bool {
    v.into_bigint() > Fq::MODULUS_MINUS_ONE_DIV_TWO
}

/// A base-field element from 32 big-endian bytes, if canonical (`< p`).
pub(crate) fn fq_from_be(bytes: &[u8; 32]) -> Option<Fq> {
    Fq::from_bigint(ark_ff::BigInt(mont::words::be_words(bytes)))
}

/// A base-field element as 32 big-endian bytes.
pub(crate) fn fq_to_be(v: &Fq) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&v.into_bigint().to_bytes_be());
    out
}

impl Element {
    /// The identity (neutral element): `(0, 1)`.
    pub const IDENTITY: Element = Element {
        x: Fq::ZERO,
        y: Fq::ONE,
        t: Fq::ZERO,
        z: Fq::ONE,
    };

    /// The generator of rust-verkle and go-ipa (the Bandersnatch generator of the
    /// arkworks crate).
    pub fn generator() -> Element {
        use ark_ec::twisted_edwards::TECurveConfig;
        let g = ark_ed_on_bls12_381_bandersnatch::BandersnatchConfig::GENERATOR;
        Element::from_affine(g.x, g.y)
    }

    /// The element of an affine point (the caller guarantees it lies in `2E`).
    pub(crate) fn from_affine(x: Fq, y: Fq) -> Element {
        Element {
            x,
            y,
            t: x * y,
            z: Fq::ONE,
        }
    }

    /// This representative as an arkworks twisted Edwards point (for comparisons with
    /// arkworks' generic algorithms, e.g. `VariableBaseMSM`).
    pub fn to_arkworks(&self) -> ark_ed_on_bls12_381_bandersnatch::EdwardsAffine {
        let (x, y) = self.to_affine();
        ark_ed_on_bls12_381_bandersnatch::EdwardsAffine::new_unchecked(x, y)
    }

    /// The element of an arkworks point of the subgroup `2E` (the caller's
    /// guarantee, as arkworks' own prime-order points are).
    pub fn from_arkworks(p: &ark_ed_on_bls12_381_bandersnatch::EdwardsAffine) -> Element {
        Element::from_affine(p.x, p.y)
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.x.is_zero()
    }

    /// Affine coordinates `(x, y)` of this representative.
    pub(crate) fn to_affine(self) -> (Fq, Fq) {
        match self.z.inverse() {
            Some(zi) => (self.x * zi, self.y * zi),
            // Z is never zero on 2E; keep the function total all the same.
            None => (Fq::ZERO, Fq::ONE),
        }
    }

    /// The prepared affine form for mixed additions.
    pub(crate) fn prepare(self) -> Prepared {
        let (x, y) = self.to_affine();
        Prepared {
            x,
            y,
            dxy: D * x * y,
        }
    }

    /// `self + other` (complete on `2E`; 9 multiplications and one by `d`).
    pub fn add(&self, other: &Element) -> Element {
        let a = fmul(self.x, other.x);
        let b = fmul(self.y, other.y);
        let c = fmul(fmul(D, self.t), other.t);
        let d = fmul(self.z, other.z);
        let e = fmul(self.x + self.y, other.x + other.y) - a - b;
        let f = d - c;
        let g = d + c;
        let h = b - mul_by_a(a);
        Element {
            x: fmul(e, f),
            y: fmul(g, h),
            t: fmul(e, h),
            z: fmul(f, g),
        }
    }

    /// The element a prepared affine point stands for (`Z = 1`, one multiplication).
    #[inline(always)]
    pub(crate) fn from_prepared(q: &Prepared) -> Element {
        Element {
            x: q.x,
            y: q.y,
            t: fmul(q.x, q.y),
            z: Fq::ONE,
        }
    }

    /// `self + q` for a prepared affine `q` (8 multiplications).
    #[inline(always)]
    pub(crate) fn add_prepared(&self, q: &Prepared) -> Element {
        let a = fmul(self.x, q.x);
        let b = fmul(self.y, q.y);
        let c = fmul(self.t, q.dxy);
        let d = self.z;
        let e = fmul(self.x + self.y, q.x + q.y) - a - b;
        let f = d - c;
        let g = d + c;
        let h = b - mul_by_a(a);
        Element {
            x: fmul(e, f),
            y: fmul(g, h),
            t: fmul(e, h),
            z: fmul(f, g),
        }
    }

    /// `2·self` (4 multiplications, 4 squarings).
    pub fn double(&self) -> Element {
        let a = fmul(self.x, self.x);
        let b = fmul(self.y, self.y);
        let c = fmul(self.z, self.z).double();
        let d = mul_by_a(a);
        let s = self.x + self.y;
        let e = fmul(s, s) - a - b;
        let g = d + b;
        let f = g - c;
        let h = d - b;
        Element {
            x: fmul(e, f),
            y: fmul(g, h),
            t: fmul(e, h),
            z: fmul(f, g),
        }
    }

    /// `−self`.
    pub fn neg(&self) -> Element {
        Element {
            x: -self.x,
            y: self.y,
            t: -self.t,
            z: self.z,
        }
    }

    /// `self − other`.
    pub fn sub(&self, other: &Element) -> Element {
        self.add(&other.neg())
    }

    /// `k·self` by double-and-add over the bits of `k` (variable time; a reference
    /// for tests and for one-off uses, not the fast path).
    pub fn mul(&self, k: &Fr) -> Element {
        let bits = k.into_bigint().to_bits_be();
        let mut acc = Element::IDENTITY;
        for bit in bits {
            acc = acc.double();
            if bit {
                acc = acc.add(self);
            }
        }
        acc
    }

    /// The 32-byte compressed encoding: `x` big-endian of the representative whose
    /// `y` is lexicographically largest (`y > (p−1)/2`); the identity is 32 zero
    /// bytes.
    pub fn to_bytes(&self) -> [u8; 32] {
        let (x, y) = self.to_affine();
        fq_to_be(&canonical(x, y).0)
    }

    /// Strict decoding of a compressed element: exactly 32 bytes, `x < p`, `1 − a·x²`
    /// a non-zero square (the subgroup check), `(1 − a·x²)/(1 − d·x²)` a square; the
    /// lexicographically largest root is taken for `y`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Element, Error> {
        let arr: &[u8; 32] = bytes
            .try_into()
            .map_err(|_| Error::EncodingLength(bytes.len()))?;
        let x = fq_from_be(arr).ok_or(Error::CoordinateNotInField)?;
        let y = y_from_x(&x)?;
        Ok(Element::from_affine(x, y))
    }

    /// The 64-byte uncompressed form: `x ‖ y`, each 32 bytes big-endian, of the
    /// representative whose `y` is lexicographically largest (the one whose `x` the
    /// compressed form keeps; the identity is `(0, p − 1)`). A node that keeps
    /// commitments as points reads this back without a square root.
    pub fn to_uncompressed_be(&self) -> [u8; 64] {
        let (x, y) = self.to_affine();
        uncompressed(x, y)
    }

    /// Strict decoding of the 64-byte uncompressed form ([`to_uncompressed_be`](
    /// Self::to_uncompressed_be)): both coordinates canonical (`< p`), on the curve,
    /// in the subgroup (`1 − a·x²` a non-zero square), and `y` the lexicographically
    /// largest of the two roots, so every element has exactly one accepted encoding.
    /// No square root: the curve equation is checked as given.
    pub fn from_uncompressed_be(bytes: &[u8]) -> Result<Element, Error> {
        if bytes.len() != 64 {
            return Err(Error::EncodingLength(bytes.len()));
        }
        let mut xb = [0u8; 32];
        let mut yb = [0u8; 32];
        xb.copy_from_slice(&bytes[..32]);
        yb.copy_from_slice(&bytes[32..]);
        let x = fq_from_be(&xb).ok_or(Error::CoordinateNotInField)?;
        let y = fq_from_be(&yb).ok_or(Error::CoordinateNotInField)?;
        // a·x² + y² = 1 + d·x²·y²
        let (x2, y2) = (x.square(), y.square());
        let ax2 = mul_by_a(x2);
        if ax2 + y2 != Fq::ONE + D * x2 * y2 {
            return Err(Error::NotOnCurve);
        }
        if !jacobi::is_nonzero_square(&(Fq::ONE - ax2)) {
            return Err(Error::NotInSubgroup);
        }
        if !is_lexicographically_largest(&y) {
            return Err(Error::NotCanonicalRepresentative);
        }
        Ok(Element::from_affine(x, y))
    }

    /// The compressed encodings of many elements, with one shared inversion
    /// (what a batch of tree keys needs).
    pub fn batch_to_bytes(elements: &[Element]) -> Vec<[u8; 32]> {
        let mut zs: Vec<Fq> = elements.iter().map(|e| e.z).collect();
        let mut scratch = Vec::with_capacity(zs.len());
        super::sw::batch_invert(&mut zs, &mut scratch);
        elements
            .iter()
            .zip(&zs)
            .map(|(e, zi)| fq_to_be(&canonical(e.x * zi, e.y * zi).0))
            .collect()
    }

    /// The map to the scalar field ("hash commitment"): `(x/y mod p) mod r`. The
    /// quotient is the same for both representatives; the identity maps to 0.
    pub fn map_to_scalar(&self) -> Fr {
        let q = match self.y.inverse() {
            Some(yi) => self.x * yi,
            None => Fq::ZERO,
        };
        Fr::from_le_bytes_mod_order(&q.into_bigint().to_bytes_le())
    }

    /// [`map_to_scalar`](Self::map_to_scalar) as 32 bytes little-endian.
    pub fn map_to_scalar_bytes(&self) -> [u8; 32] {
        scalar_to_le(&self.map_to_scalar())
    }
}

/// The representative of the class of `(x, y)` whose `y` is lexicographically
/// largest: the one both encodings write.
fn canonical(x: Fq, y: Fq) -> (Fq, Fq) {
    if is_lexicographically_largest(&y) {
        (x, y)
    } else {
        (-x, -y)
    }
}

/// The uncompressed bytes of the affine point `(x, y)`, canonical representative.
fn uncompressed(x: Fq, y: Fq) -> [u8; 64] {
    let (x, y) = canonical(x, y);
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(&fq_to_be(&x));
    out[32..].copy_from_slice(&fq_to_be(&y));
    out
}

/// `y` for a compressed `x` (the larger root), with the subgroup and curve checks.
fn y_from_x(x: &Fq) -> Result<Fq, Error> {
    let x2 = x.square();
    let num = Fq::ONE - mul_by_a(x2);
    if !jacobi::is_nonzero_square(&num) {
        return Err(Error::NotInSubgroup);
    }
    let den = Fq::ONE - D * x2;
    let den_inv = den.inverse().ok_or(Error::NotOnCurve)?;
    let y = sqrt::sqrt(&fmul(num, den_inv)).ok_or(Error::NotOnCurve)?;
    Ok(if is_lexicographically_largest(&y) {
        y
    } else {
        -y
    })
}

/// A scalar as 32 bytes little-endian.
pub fn scalar_to_le(s: &Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&s.into_bigint().to_bytes_le());
    out
}

/// A scalar from 32 bytes little-endian, if canonical (`< r`).
pub fn scalar_from_le(bytes: &[u8; 32]) -> Option<Fr> {
    scalar_limbs_from_le(bytes).and_then(|l| Fr::from_bigint(ark_ff::BigInt(l)))
}

/// The limbs of 32 little-endian bytes if they are a canonical scalar (`< r`): what
/// the tables' digit recoding reads, with no Montgomery conversion on the way.
pub(crate) fn scalar_limbs_from_le(bytes: &[u8; 32]) -> Option<[u64; 4]> {
    let l = le_limbs(bytes);
    below_r(&l).then_some(l)
}

/// 32 little-endian bytes as four little-endian 64-bit limbs, unchecked.
pub(crate) use mont::words::le_words as le_limbs;

/// Whether limbs are a canonical scalar (`< r`): the borrow out of `l − r`, without
/// branches.
#[inline(always)]
pub(crate) fn below_r(l: &[u64; 4]) -> bool {
    mont::words::below(l, &<Fr as PrimeField>::MODULUS.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{twisted_edwards::Projective, CurveGroup};
    use ark_ed_on_bls12_381_bandersnatch::{BandersnatchConfig, EdwardsAffine};
    use ark_ff::UniformRand;
    use rand::SeedableRng;

    fn to_ark(e: &Element) -> EdwardsAffine {
        let (x, y) = e.to_affine();
        EdwardsAffine::new_unchecked(x, y)
    }

    #[test]
    fn arithmetic_agrees_with_arkworks() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let g = Element::generator();
        let ga: Projective<BandersnatchConfig> = to_ark(&g).into();
        for _ in 0..20 {
            let k = Fr::rand(&mut rng);
            let l = Fr::rand(&mut rng);
            let p = g.mul(&k);
            let q = g.mul(&l);
            assert_eq!(to_ark(&p), (ga * k).into_affine());
            assert_eq!(to_ark(&p.add(&q)), (ga * (k + l)).into_affine());
            assert_eq!(
                to_ark(&p.add_prepared(&q.prepare())),
                (ga * (k + l)).into_affine()
            );
            assert_eq!(to_ark(&p.double()), (ga * k.double()).into_affine());
            assert_eq!(p.sub(&p), Element::IDENTITY);
            assert!(p.sub(&p).is_identity());
        }
    }

    #[test]
    fn encoding_round_trips_and_ignores_the_representative() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let g = Element::generator();
        for _ in 0..50 {
            let p = g.mul(&Fr::rand(&mut rng));
            let bytes = p.to_bytes();
            let q = Element::from_bytes(&bytes).unwrap();
            assert_eq!(p, q);
            assert_eq!(q.to_bytes(), bytes);
            // The other representative (x, y) -> (-x, -y) encodes the same.
            let other = Element {
                x: -p.x,
                y: -p.y,
                t: p.t,
                z: p.z,
            };
            assert_eq!(other, p);
            assert_eq!(other.to_bytes(), bytes);
            assert_eq!(other.map_to_scalar(), p.map_to_scalar());
        }
        assert_eq!(Element::IDENTITY.to_bytes(), [0u8; 32]);
        assert!(Element::from_bytes(&[0u8; 32]).unwrap().is_identity());
        assert_eq!(Element::IDENTITY.map_to_scalar(), Fr::ZERO);
    }

    #[test]
    fn uncompressed_form_is_strict_and_agrees_with_the_compressed_one() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let g = Element::generator();
        let mut elements: Vec<Element> = (0..40).map(|_| g.mul(&Fr::rand(&mut rng))).collect();
        elements.push(Element::IDENTITY);
        let batch = Element::batch_to_bytes(&elements);
        for (p, compressed) in elements.iter().zip(&batch) {
            assert_eq!(*compressed, p.to_bytes());
            let u = p.to_uncompressed_be();
            assert_eq!(&u[..32], &compressed[..], "x of the same representative");
            assert_eq!(Element::from_uncompressed_be(&u), Ok(*p));
            // The square-root route gives the same y.
            let q = Element::from_bytes(compressed).unwrap();
            assert_eq!(q.to_uncompressed_be(), u);
            // The other representative is refused, as is any changed coordinate.
            let (x, y) = p.to_affine();
            let (x, y) = if is_lexicographically_largest(&y) {
                (x, y)
            } else {
                (-x, -y)
            };
            let mut other = [0u8; 64];
            other[..32].copy_from_slice(&fq_to_be(&-x));
            other[32..].copy_from_slice(&fq_to_be(&-y));
            assert_eq!(
                Element::from_uncompressed_be(&other),
                Err(Error::NotCanonicalRepresentative)
            );
            let mut off = u;
            off[32..].copy_from_slice(&fq_to_be(&(y + Fq::ONE)));
            assert_eq!(Element::from_uncompressed_be(&off), Err(Error::NotOnCurve));
            // (x, y) with −x: the negation, a different element, still canonical.
            let mut neg = u;
            neg[..32].copy_from_slice(&fq_to_be(&-x));
            assert_eq!(Element::from_uncompressed_be(&neg), Ok(p.neg()));
        }
        // A curve point outside 2E: P + (a point of order 2 or 4 not in 2E). Take x
        // with 1 − a·x² a non-square and (1 − a·x²)/(1 − d·x²) a square.
        let mut found = 0;
        let mut x = Fq::from(2u64);
        while found < 3 {
            x += Fq::ONE;
            let x2 = x.square();
            let num = Fq::ONE - mul_by_a(x2);
            let Some(y) = (num * (Fq::ONE - D * x2).inverse().unwrap()).sqrt() else {
                continue;
            };
            if jacobi::is_nonzero_square(&num) {
                continue;
            }
            found += 1;
            let y = if is_lexicographically_largest(&y) {
                y
            } else {
                -y
            };
            let mut b = [0u8; 64];
            b[..32].copy_from_slice(&fq_to_be(&x));
            b[32..].copy_from_slice(&fq_to_be(&y));
            assert_eq!(Element::from_uncompressed_be(&b), Err(Error::NotInSubgroup));
            assert_eq!(Element::from_bytes(&b[..32]), Err(Error::NotInSubgroup));
        }
        let mut big = [0xffu8; 64];
        assert_eq!(
            Element::from_uncompressed_be(&big),
            Err(Error::CoordinateNotInField)
        );
        big[..32].copy_from_slice(&[0; 32]);
        assert_eq!(
            Element::from_uncompressed_be(&big),
            Err(Error::CoordinateNotInField)
        );
        assert_eq!(
            Element::from_uncompressed_be(&[0; 63]),
            Err(Error::EncodingLength(63))
        );
    }

    #[test]
    fn scalars_must_be_canonical() {
        let r_le = Fr::MODULUS.to_bytes_le();
        let mut b = [0u8; 32];
        b.copy_from_slice(&r_le);
        assert!(scalar_from_le(&b).is_none());
        b[0] -= 1;
        assert_eq!(scalar_from_le(&b), Some(-Fr::ONE));
    }

    /// The branch-free `< r` agrees with arkworks' big-integer order near r (every
    /// limb nudged up and down), at the extremes and on random 256-bit values.
    #[test]
    fn below_r_agrees_with_big_integer_order() {
        let r = Fr::MODULUS.0;
        let mut cases = vec![[0u64; 4], [u64::MAX; 4], r];
        for i in 0..4 {
            for delta in [1u64, 2, 1 << 63] {
                let mut up = r;
                up[i] = up[i].wrapping_add(delta);
                let mut down = r;
                down[i] = down[i].wrapping_sub(delta);
                cases.extend([up, down]);
            }
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..2000 {
            let l: [u64; 4] = std::array::from_fn(|_| rand::Rng::gen(&mut rng));
            cases.push(l);
            // Values whose top limb equals r's, where the lower limbs decide.
            cases.push([l[0], l[1], l[2], r[3]]);
        }
        for l in cases {
            let want = ark_ff::BigInt::<4>(l) < Fr::MODULUS;
            assert_eq!(below_r(&l), want, "{l:x?}");
            let mut bytes = [0u8; 32];
            for (c, w) in bytes.chunks_exact_mut(8).zip(l) {
                c.copy_from_slice(&w.to_le_bytes());
            }
            assert_eq!(le_limbs(&bytes), l);
        }
    }
}
