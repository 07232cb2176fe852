//! The base point's table, [`G_TABLE`]: the odd multiples `G, 3G, …, 127G` in affine
//! coordinates, computed by the compiler (`const` evaluation: no first-call cost, no
//! lock, nothing to generate or check in by hand).
//!
//! `const fn` cannot call trait methods, so the two formulas the table needs are
//! written here again on the portable `const` field product; the same formulas run
//! at run time in [`point`](super::point), and the table is tested against RustCrypto's
//! multiples of G.

use super::field::Fe;
use super::point::{Affine, Jacobian, G, G_TABLE_LEN};

/// `2·p` (dbl-2001-b, `a = −3`).
const fn double(p: &Jacobian) -> Jacobian {
    let delta = p.z.square();
    let gamma = p.y.square();
    let beta = p.x.mul(&gamma);
    let t = p.x.sub(&delta).mul(&p.x.add(&delta));
    let alpha = t.double().add(&t);
    let beta4 = beta.double().double();
    let x = alpha.square().sub(&beta4.double());
    let z = p.y.add(&p.z).square().sub(&gamma).sub(&delta);
    let y = alpha
        .mul(&beta4.sub(&x))
        .sub(&gamma.square().double().double().double());
    Jacobian { x, y, z }
}

/// `p + q` for distinct finite points with `p ≠ −q` (true of the small multiples of
/// G the table adds: the group's order is a 256-bit prime).
const fn add(p: &Jacobian, q: &Jacobian) -> Jacobian {
    let z1z1 = p.z.square();
    let z2z2 = q.z.square();
    let u1 = p.x.mul(&z2z2);
    let s1 = p.y.mul(&q.z).mul(&z2z2);
    let h = q.x.mul(&z1z1).sub(&u1);
    let r = q.y.mul(&p.z).mul(&z1z1).sub(&s1);
    let hh = h.square();
    let hhh = hh.mul(&h);
    let v = u1.mul(&hh);
    let x = r.square().sub(&hhh).sub(&v.double());
    let y = r.mul(&v.sub(&x)).sub(&s1.mul(&hhh));
    let z = p.z.mul(&q.z).mul(&h);
    Jacobian { x, y, z }
}

/// The odd multiples in Jacobian coordinates, then one shared inversion of their
/// `Z`s (Montgomery's trick) for the affine coordinates.
const fn base_table() -> [Affine; G_TABLE_LEN] {
    let g = Jacobian::from_affine(&G);
    let g2 = double(&g);
    let mut jac = [g; G_TABLE_LEN];
    let mut i = 1;
    while i < G_TABLE_LEN {
        jac[i] = add(&jac[i - 1], &g2);
        i += 1;
    }
    // prefix[i] = z₀·…·z_{i−1}.
    let mut prefix = [Fe::ONE; G_TABLE_LEN];
    let mut acc = Fe::ONE;
    i = 0;
    while i < G_TABLE_LEN {
        prefix[i] = acc;
        acc = acc.mul(&jac[i].z);
        i += 1;
    }
    // inv = (z₀·…·z_i)⁻¹ going down.
    let mut inv = acc.invert();
    let mut out = [G; G_TABLE_LEN];
    i = G_TABLE_LEN;
    while i > 0 {
        i -= 1;
        let zi = inv.mul(&prefix[i]);
        inv = inv.mul(&jac[i].z);
        let zi2 = zi.square();
        out[i] = Affine {
            x: jac[i].x.mul(&zi2),
            y: jac[i].y.mul(&zi2.mul(&zi)),
        };
    }
    out
}

/// `(2i + 1)·G` at index `i` (64 points, 4 KiB).
pub(crate) static G_TABLE: [Affine; G_TABLE_LEN] = base_table();
