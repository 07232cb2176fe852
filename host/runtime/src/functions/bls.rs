//! BLS signatures over BLS12-381: compressed points, RFC 9380's hash to curve,
//! aggregation and Ethereum's `Verify`, `FastAggregateVerify` and `AggregateVerify`,
//! at zkhost's measured prices (`zkhost_gas::BlsGas`): hashing per 32-byte word,
//! aggregation per point, the fast-aggregate checks per key and `AggregateVerify` per
//! record; the counts a header declares are charged once the input is in bounds.

use zkhost_abi::bls::{aggregate_record_count, fast_aggregate_key_count};
use zkhost_abi::bls::{G1_COMPRESSED_LEN, G2_COMPRESSED_LEN};
use zkhost_bls12381::functions::{self as bls, Error};

use super::{by_length_alone, Binding};
use crate::outcome::HostError;

fn refused(e: Error) -> HostError {
    HostError::new(e.last_error(), e)
}

fn point<const N: usize>(r: Result<[u8; N], Error>) -> Result<Vec<u8>, HostError> {
    r.map(|o| o.to_vec()).map_err(refused)
}

fn verdict(r: Result<(), Error>) -> Result<Vec<u8>, HostError> {
    r.map(|()| bls::VALID.to_vec()).map_err(refused)
}

pub(crate) const bls_g1_decompress: Binding = Binding {
    compute: |_, input| point(bls::g1_decompress(input)),
    price: |c, _| c.bls.g1_decompress,
    content_price: by_length_alone,
};

pub(crate) const bls_g2_decompress: Binding = Binding {
    compute: |_, input| point(bls::g2_decompress(input)),
    price: |c, _| c.bls.g2_decompress,
    content_price: by_length_alone,
};

pub(crate) const bls_g1_compress: Binding = Binding {
    compute: |_, input| point(bls::g1_compress(input)),
    price: |c, _| c.bls.g1_compress,
    content_price: by_length_alone,
};

pub(crate) const bls_g2_compress: Binding = Binding {
    compute: |_, input| point(bls::g2_compress(input)),
    price: |c, _| c.bls.g2_compress,
    content_price: by_length_alone,
};

pub(crate) const bls_hash_to_g1: Binding = Binding {
    compute: |b, input| point(b.bls12.get().hash_to_g1(input)),
    price: |c, len| c.bls.hashed(c.bls.hash_to_g1, len),
    content_price: by_length_alone,
};

pub(crate) const bls_hash_to_g2: Binding = Binding {
    compute: |b, input| point(b.bls12.get().hash_to_g2(input)),
    price: |c, len| c.bls.hashed(c.bls.hash_to_g2, len),
    content_price: by_length_alone,
};

pub(crate) const bls_aggregate_g1: Binding = Binding {
    compute: |_, input| point(bls::aggregate_g1(input)),
    price: |c, len| zkhost_gas::per_item(c.bls.aggregate_g1_per_point, len / G1_COMPRESSED_LEN),
    content_price: by_length_alone,
};

pub(crate) const bls_aggregate_g2: Binding = Binding {
    compute: |_, input| point(bls::aggregate_g2(input)),
    price: |c, len| zkhost_gas::per_item(c.bls.aggregate_g2_per_point, len / G2_COMPRESSED_LEN),
    content_price: by_length_alone,
};

pub(crate) const bls_verify: Binding = Binding {
    compute: |_, input| verdict(bls::verify(input)),
    price: |c, len| c.bls.hashed(c.bls.verify, len),
    content_price: by_length_alone,
};

pub(crate) const bls_fast_aggregate_verify: Binding = Binding {
    compute: |_, input| verdict(bls::fast_aggregate_verify(input)),
    price: |c, len| c.bls.hashed(c.bls.verify, len),
    content_price: |c, input| {
        let keys = fast_aggregate_key_count(input, G1_COMPRESSED_LEN).unwrap_or(0);
        zkhost_gas::per_item(c.bls.fast_aggregate_per_key, keys)
    },
};

pub(crate) const bls_fast_aggregate_verify_uncompressed: Binding = Binding {
    compute: |_, input| verdict(bls::fast_aggregate_verify_uncompressed(input)),
    price: |c, len| c.bls.hashed(c.bls.verify, len),
    content_price: |c, input| {
        let keys = fast_aggregate_key_count(input, zkhost_abi::bls12_381::G1_LEN).unwrap_or(0);
        zkhost_gas::per_item(c.bls.fast_aggregate_uncompressed_per_key, keys)
    },
};

pub(crate) const bls_aggregate_verify: Binding = Binding {
    compute: |_, input| verdict(bls::aggregate_verify(input)),
    price: |c, len| c.bls.hashed(c.bls.aggregate_verify, len),
    content_price: |c, input| {
        let records = aggregate_record_count(input).unwrap_or(0);
        zkhost_gas::per_item(c.bls.aggregate_verify_per_record, records)
    },
};
