//! BLS12-381: EIP-2537's seven precompiles on the chosen backend, at EIP-2537's
//! prices (`zkhost_gas::Bls12Gas`).

use zkhost_bls12381::{Error, Op};

use super::{by_length_alone, Backends, Binding};
use crate::outcome::HostError;

fn run(b: Backends, op: Op, input: &[u8]) -> Result<Vec<u8>, HostError> {
    b.bls12
        .run(op, input)
        .map_err(|e: Error| HostError::new(e.last_error(), e))
}

pub(crate) const bls12381_g1_add: Binding = Binding {
    compute: |b, input| run(b, Op::G1Add, input),
    price: |c, _| c.bls12.g1_add,
    content_price: by_length_alone,
};

pub(crate) const bls12381_g1_msm: Binding = Binding {
    compute: |b, input| run(b, Op::G1Msm, input),
    price: |c, len| c.bls12.g1_msm(len),
    content_price: by_length_alone,
};

pub(crate) const bls12381_g2_add: Binding = Binding {
    compute: |b, input| run(b, Op::G2Add, input),
    price: |c, _| c.bls12.g2_add,
    content_price: by_length_alone,
};

pub(crate) const bls12381_g2_msm: Binding = Binding {
    compute: |b, input| run(b, Op::G2Msm, input),
    price: |c, len| c.bls12.g2_msm(len),
    content_price: by_length_alone,
};

pub(crate) const bls12381_pairing_check: Binding = Binding {
    compute: |b, input| run(b, Op::Pairing, input),
    price: |c, len| c.bls12.pairing(len),
    content_price: by_length_alone,
};

pub(crate) const bls12381_map_fp_to_g1: Binding = Binding {
    compute: |b, input| run(b, Op::MapFpToG1, input),
    price: |c, _| c.bls12.map_fp_to_g1,
    content_price: by_length_alone,
};

pub(crate) const bls12381_map_fp2_to_g2: Binding = Binding {
    compute: |b, input| run(b, Op::MapFp2ToG2, input),
    price: |c, _| c.bls12.map_fp2_to_g2,
    content_price: by_length_alone,
};
