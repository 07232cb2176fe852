//! BN254: the EIP-196/197 precompiles on the chosen backend, the G1 MSM and Solana's
//! point compression; EIP-1108's prices, the MSM's discount table, the measured
//! compression prices.

use zkhost_bn254::{compress, Backend, Error, Op};

use super::{by_length_alone, Backends, Binding};
use crate::outcome::HostError;

fn refused(e: Error) -> HostError {
    HostError::new(e.last_error(), e)
}

fn compression_refused(e: compress::Error) -> HostError {
    HostError::new(e.last_error(), e)
}

/// The backend of `op`: the one asked for, or the host's default for it.
fn backend(b: Backends, op: Op) -> Backend {
    b.bn254.unwrap_or(Backend::default_for(op))
}

pub(crate) const alt_bn128_add: Binding = Binding {
    compute: |b, input| backend(b, Op::Add).run(Op::Add, input).map_err(refused),
    price: |c, _| c.precompiles.add,
    content_price: by_length_alone,
};

pub(crate) const alt_bn128_mul: Binding = Binding {
    compute: |b, input| backend(b, Op::Mul).run(Op::Mul, input).map_err(refused),
    price: |c, _| c.precompiles.mul,
    content_price: by_length_alone,
};

pub(crate) const alt_bn128_pairing: Binding = Binding {
    compute: |b, input| {
        backend(b, Op::Pairing)
            .run(Op::Pairing, input)
            .map_err(refused)
    },
    price: |c, len| c.precompiles.pairing(len),
    content_price: by_length_alone,
};

pub(crate) const alt_bn128_g1_msm: Binding = Binding {
    // zkhost's MSM engine unless another backend is asked for.
    compute: |b, input| {
        b.bn254
            .unwrap_or(Backend::ZKHOST)
            .g1_msm(input)
            .map(|o| o.to_vec())
            .map_err(refused)
    },
    price: |c, len| c.precompiles.msm(len),
    content_price: by_length_alone,
};

/// The backend that compresses: the one asked for, or zkhost's.
fn compressing(b: Backends) -> &'static dyn zkhost_bn254::Bn254Backend {
    b.bn254.unwrap_or(Backend::ZKHOST).get()
}

fn compression<const N: usize>(r: Result<[u8; N], compress::Error>) -> Result<Vec<u8>, HostError> {
    r.map(|o| o.to_vec()).map_err(compression_refused)
}

pub(crate) const alt_bn128_g1_compress: Binding = Binding {
    compute: |b, input| compression(compressing(b).g1_compress(input)),
    price: |c, _| c.compression.g1_compress,
    content_price: by_length_alone,
};

pub(crate) const alt_bn128_g1_decompress: Binding = Binding {
    compute: |b, input| compression(compressing(b).g1_decompress(input)),
    price: |c, _| c.compression.g1_decompress,
    content_price: by_length_alone,
};

pub(crate) const alt_bn128_g2_compress: Binding = Binding {
    compute: |b, input| compression(compressing(b).g2_compress(input)),
    price: |c, _| c.compression.g2_compress,
    content_price: by_length_alone,
};

pub(crate) const alt_bn128_g2_decompress: Binding = Binding {
    compute: |b, input| compression(compressing(b).g2_decompress(input)),
    price: |c, _| c.compression.g2_decompress,
    content_price: by_length_alone,
};
