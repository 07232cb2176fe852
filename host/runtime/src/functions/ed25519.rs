//! Ed25519 under ZIP-215's rule, one signature or a batch, at zkhost's measured
//! prices: per 32-byte word hashed, and per record for a batch.

use zkhost_sig::ed25519::{self, Error};

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

fn refused(e: Error) -> HostError {
    HostError::new(e.last_error(), e)
}

pub(crate) const ed25519_verify: Binding = Binding {
    compute: |_, input| {
        ed25519::verify(input)
            .map(|()| ed25519::VALID.to_vec())
            .map_err(refused)
    },
    price: |c, len| c.sig.ed25519_verify(len),
    content_price: by_length_alone,
};

pub(crate) const ed25519_batch_verify: Binding = Binding {
    compute: |_, input| {
        ed25519::batch_verify(input)
            .map(|()| ed25519::VALID.to_vec())
            .map_err(refused)
    },
    price: |c, len| c.sig.ed25519_batch(len),
    content_price: |c, input| c.sig.ed25519_batch_records(input),
};
