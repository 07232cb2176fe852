//! circomlib's Poseidon, at zkhost's measured price per input count.

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

pub(crate) const poseidon: Binding = Binding {
    compute: |_, input| {
        zkhost_poseidon::poseidon(input)
            .map(|o| o.to_vec())
            .map_err(|e| HostError::new(e.last_error(), e))
    },
    price: |c, len| c.poseidon.poseidon(len),
    content_price: by_length_alone,
};
