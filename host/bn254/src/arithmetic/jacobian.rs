//! Points of a short Weierstrass curve `y² = x³ + b` in Jacobian coordinates
//! `(X/Z², Y/Z³)`, over Fp (G1) or Fp2 (the twist, G2). The formulas are those of
//! the Explicit-Formulas Database for `a = 0`; none of them needs `b`.

use zkhost_mont::Field;

/// A point in Jacobian coordinates; `Z = 0` is the identity.
#[derive(Clone, Copy, Debug)]
pub struct Jacobian<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
}

impl<F: Field> Jacobian<F> {
    /// The identity.
    pub const INFINITY: Jacobian<F> = Jacobian {
        x: F::ONE,
        y: F::ONE,
        z: F::ZERO,
    };

    /// The affine point `(x, y)` (`Z = 1`).
    pub fn from_affine(x: F, y: F) -> Jacobian<F> {
        Jacobian { x, y, z: F::ONE }
    }

    /// Whether this is the identity.
    pub fn is_infinity(&self) -> bool {
        self.z.is_zero()
    }

    /// `2·self` ("dbl-2009-l", a = 0): 2 multiplications and 5 squarings.
    pub fn double(&self) -> Jacobian<F> {
        if self.is_infinity() {
            return *self;
        }
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = self.x.add(&b).square().sub(&a).sub(&c).double();
        let e = a.double().add(&a);
        let f = e.square();
        let x3 = f.sub(&d.double());
        let c8 = c.double().double().double();
        let y3 = e.mul(&d.sub(&x3)).sub(&c8);
        let z3 = self.y.mul(&self.z).double();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + q` for an affine `q` ("madd-2007-bl"): 7 multiplications and 4
    /// squarings.
    pub fn add_affine(&self, qx: &F, qy: &F) -> Jacobian<F> {
        if self.is_infinity() {
            return Jacobian::from_affine(*qx, *qy);
        }
        let z1z1 = self.z.square();
        let u2 = qx.mul(&z1z1);
        let s2 = qy.mul(&self.z).mul(&z1z1);
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y).double();
        if h.is_zero() {
            return if r.is_zero() {
                self.double()
            } else {
                Jacobian::INFINITY
            };
        }
        let hh = h.square();
        let i = hh.double().double();
        let j = h.mul(&i);
        let v = self.x.mul(&i);
        let x3 = r.square().sub(&j).sub(&v.double());
        let y3 = r.mul(&v.sub(&x3)).sub(&self.y.mul(&j).double());
        let z3 = self.z.add(&h).square().sub(&z1z1).sub(&hh);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + q` ("add-2007-bl"): 11 multiplications and 5 squarings.
    pub fn add(&self, q: &Jacobian<F>) -> Jacobian<F> {
        if self.is_infinity() {
            return *q;
        }
        if q.is_infinity() {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = q.z.square();
        let u1 = self.x.mul(&z2z2);
        let u2 = q.x.mul(&z1z1);
        let s1 = self.y.mul(&q.z).mul(&z2z2);
        let s2 = q.y.mul(&self.z).mul(&z1z1);
        let h = u2.sub(&u1);
        let r = s2.sub(&s1).double();
        if h.is_zero() {
            return if r.is_zero() {
                self.double()
            } else {
                Self::INFINITY
            };
        }
        let i = h.double().square();
        let j = h.mul(&i);
        let v = u1.mul(&i);
        let x3 = r.square().sub(&j).sub(&v.double());
        let y3 = r.mul(&v.sub(&x3)).sub(&s1.mul(&j).double());
        let z3 = self.z.add(&q.z).square().sub(&z1z1).sub(&z2z2).mul(&h);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// The affine coordinates (one inversion), or `None` for the identity.
    pub fn coords(self) -> Option<(F, F)> {
        let zi = self.z.inverse()?;
        let zi2 = zi.square();
        Some((self.x.mul(&zi2), self.y.mul(&zi2).mul(&zi)))
    }

    /// Many points to affine with one inversion (Montgomery's trick). None of them
    /// may be the identity (all would come out as zero).
    pub fn batch_to_affine<const N: usize>(points: &[Jacobian<F>; N]) -> [(F, F); N] {
        // prefix[i] = z0·…·z(i−1)
        let mut prefix = [F::ONE; N];
        let mut acc = F::ONE;
        for i in 0..N {
            prefix[i] = acc;
            acc = acc.mul(&points[i].z);
        }
        let mut inv = acc.inverse().unwrap_or(F::ZERO);
        let mut out = [(F::ZERO, F::ZERO); N];
        for i in (0..N).rev() {
            let zi = inv.mul(&prefix[i]);
            inv = inv.mul(&points[i].z);
            let zi2 = zi.square();
            out[i] = (points[i].x.mul(&zi2), points[i].y.mul(&zi2).mul(&zi));
        }
        out
    }
}

impl<F: Field> Jacobian<F> {
    /// Whether both are the same point (compared without inverting `Z`).
    pub fn same_point(&self, q: &Jacobian<F>) -> bool {
        match (self.is_infinity(), q.is_infinity()) {
            (true, true) => true,
            (false, false) => {
                let z1z1 = self.z.square();
                let z2z2 = q.z.square();
                self.x.mul(&z2z2) == q.x.mul(&z1z1)
                    && self.y.mul(&z2z2).mul(&q.z) == q.y.mul(&z1z1).mul(&self.z)
            }
            _ => false,
        }
    }

    /// `k·self` for a little-endian `k`, by plain double-and-add: the slow,
    /// obviously correct multiplication the fast paths are tested against.
    #[cfg(test)]
    pub fn mul_plain(&self, k: &[u64]) -> Jacobian<F> {
        let mut acc = Jacobian::INFINITY;
        for word in k.iter().rev() {
            for bit in (0..64).rev() {
                acc = acc.double();
                if (word >> bit) & 1 == 1 {
                    acc = acc.add(self);
                }
            }
        }
        acc
    }
}
