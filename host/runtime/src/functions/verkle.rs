//! Verkle: Pedersen commitments over Banderwagon and EIP-6800's tree keys, at
//! zkhost's measured prices (`zkhost_gas::VerkleGas`).

use zkhost_verkle::{Error, Op};

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

fn run(op: Op, input: &[u8]) -> Result<Vec<u8>, HostError> {
    op.run(input)
        .map_err(|e: Error| HostError::new(e.last_error(), e))
}

pub(crate) const verkle_commit: Binding = Binding {
    compute: |_, input| run(Op::Commit, input),
    price: |c, len| c.verkle.commit(len),
    content_price: by_length_alone,
};

pub(crate) const verkle_commitment_to_field: Binding = Binding {
    compute: |_, input| run(Op::ToField, input),
    price: |c, _| c.verkle.to_field,
    content_price: by_length_alone,
};

pub(crate) const verkle_update: Binding = Binding {
    compute: |_, input| run(Op::Update, input),
    price: |c, len| c.verkle.update(len),
    content_price: by_length_alone,
};

pub(crate) const verkle_tree_key: Binding = Binding {
    compute: |_, input| run(Op::TreeKey, input),
    price: |c, _| c.verkle.tree_key,
    content_price: by_length_alone,
};

pub(crate) const verkle_commit_uncompressed: Binding = Binding {
    compute: |_, input| run(Op::CommitUncompressed, input),
    price: |c, len| c.verkle.commit(len),
    content_price: by_length_alone,
};

pub(crate) const verkle_update_uncompressed: Binding = Binding {
    compute: |_, input| run(Op::UpdateUncompressed, input),
    price: |c, len| c.verkle.update_uncompressed(len),
    content_price: by_length_alone,
};
