//! KZG point evaluation (EIP-4844, 0x0a) on the chosen BLS12-381 backend, at its
//! fixed price since Cancun.

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

pub(crate) const kzg_point_evaluation: Binding = Binding {
    compute: |b, input| {
        b.bls12
            .get()
            .point_evaluation(input)
            .map(|o| o.to_vec())
            .map_err(|e| HostError::new(e.last_error(), e))
    },
    price: |c, _| c.kzg_p256.point_evaluation,
    content_price: by_length_alone,
};
