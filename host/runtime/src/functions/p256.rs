//! P256VERIFY (EIP-7951, 0x100), at Osaka's fixed price.

use zkhost_sig::p256;

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

pub(crate) const p256_verify: Binding = Binding {
    compute: |_, input| {
        p256::verify(input)
            .map(|()| p256::VALID.to_vec())
            .map_err(|e| HostError::new(e.last_error(), e))
    },
    price: |c, _| c.kzg_p256.p256_verify,
    content_price: by_length_alone,
};
