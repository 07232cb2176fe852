//! secp256k1: the EVM's `ecrecover` (0x01) at Ethereum's price, verification and
//! key recovery at zkhost's measured prices.

use zkhost_sig::secp256k1::{self, Error};

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

fn refused(e: Error) -> HostError {
    HostError::new(e.last_error(), e)
}

pub(crate) const secp256k1_ecrecover: Binding = Binding {
    compute: |_, input| {
        secp256k1::ecrecover(input)
            .map(|o| o.to_vec())
            .map_err(refused)
    },
    price: |c, _| c.sig.ecrecover,
    content_price: by_length_alone,
};

pub(crate) const secp256k1_verify: Binding = Binding {
    compute: |_, input| {
        secp256k1::verify(input)
            .map(|()| secp256k1::VALID.to_vec())
            .map_err(refused)
    },
    price: |c, _| c.sig.secp256k1_verify,
    content_price: by_length_alone,
};

pub(crate) const secp256k1_recover_pubkey: Binding = Binding {
    compute: |_, input| {
        secp256k1::recover_pubkey(input)
            .map(|o| o.to_vec())
            .map_err(refused)
    },
    price: |c, _| c.sig.secp256k1_recover,
    content_price: by_length_alone,
};
