//! The backend trait and its registry.
//!
//! A BN254 backend is a library that computes the curve's operations on their
//! Ethereum encodings: [`Bn254Backend`]. Every backend gives the same bytes and the
//! same [`Error`] for every input; the conformance, differential and fuzz tests, the
//! benchmark and the command line's `--backend` iterate [`Backend::ALL`], the
//! registry, so a new backend is one file (its [`Bn254Backend`] implementation and
//! its `Backend::NAME` constant) and one line in [`Backend::ALL`].
//!
//! Most backends implement the crate's private `Engine` trait (decode a checked
//! point, add, multiply, pair) and reach [`Bn254Backend`] through the shared front
//! end, which owns the precompiles' rules (padding, the order of the checks, the
//! pairs with a point at infinity); a backend that takes raw precompile input itself
//! implements [`Bn254Backend`] directly.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use crate::{compress, msm, Error, Op};

/// A library computing BN254's operations on their Ethereum encodings. Every method
/// returns what the precompile (or zkhost's host function) specifies, byte for byte,
/// refusals included.
pub trait Bn254Backend: Send + Sync {
    /// The name on the command line and in reports.
    fn name(&self) -> &'static str;

    /// Whether this backend computes as its name says on this machine: a backend
    /// that needs a CPU feature (`zkhost-ifma`) says no where the CPU lacks it, and
    /// [`Backend::named`] then does not offer it. Provided: always.
    fn is_available(&self) -> bool {
        true
    }

    /// ECADD (0x06, EIP-196) on raw input: the 64-byte encoding of the sum.
    fn ecadd(&self, input: &[u8]) -> Result<[u8; 64], Error>;

    /// ECMUL (0x07, EIP-196) on raw input: the 64-byte encoding of the product.
    fn ecmul(&self, input: &[u8]) -> Result<[u8; 64], Error>;

    /// The pairing check (0x08, EIP-197) on raw input: whether the product of the
    /// pairings is one.
    fn pairing(&self, input: &[u8]) -> Result<bool, Error>;

    /// The G1 multi-scalar multiplication of `alt_bn128_g1_msm` ([`msm::g1_msm`]'s
    /// rules). Provided: the sum of this backend's own products, record by record,
    /// so the first bad record names the error as the MSM's rule says.
    fn g1_msm(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        msm_by_products(self, input)
    }

    /// A G1 point to Solana's 32-byte compressed form. Provided: zkhost's own
    /// ([`compress::g1_compress`]); a backend with point compression of its own
    /// overrides the four compression methods.
    fn g1_compress(&self, input: &[u8]) -> Result<[u8; 32], compress::Error> {
        compress::g1_compress(input)
    }

    /// A compressed G1 point to the 64-byte point ([`compress::g1_decompress`]).
    fn g1_decompress(&self, input: &[u8]) -> Result<[u8; 64], compress::Error> {
        compress::g1_decompress(input)
    }

    /// A G2 point, subgroup-checked, to its 64-byte compressed form
    /// ([`compress::g2_compress`]).
    fn g2_compress(&self, input: &[u8]) -> Result<[u8; 64], compress::Error> {
        compress::g2_compress(input)
    }

    /// A compressed G2 point to the 128-byte point, subgroup-checked
    /// ([`compress::g2_decompress`]).
    fn g2_decompress(&self, input: &[u8]) -> Result<[u8; 128], compress::Error> {
        compress::g2_decompress(input)
    }
}

/// The G1 MSM as the sum of `backend`'s own products, record by record: the first
/// bad record names the error, as [`msm::g1_msm`]'s rule says. What
/// [`Bn254Backend::g1_msm`] does for a backend with no MSM of its own.
pub fn msm_by_products<B: Bn254Backend + ?Sized>(
    backend: &B,
    input: &[u8],
) -> Result<[u8; 64], Error> {
    if input.is_empty() || !input.len().is_multiple_of(msm::RECORD_LEN) {
        return Err(Error::MsmLength);
    }
    // `sum ‖ product`, the input of the next addition.
    let mut pair = [0u8; 128];
    for record in input.chunks_exact(msm::RECORD_LEN) {
        let product = backend.ecmul(record)?;
        pair[64..].copy_from_slice(&product);
        let sum = backend.ecadd(&pair)?;
        pair[..64].copy_from_slice(&sum);
    }
    let mut out = [0u8; 64];
    out.copy_from_slice(&pair[..64]);
    Ok(out)
}

/// A backend of the registry: a copyable handle on a [`Bn254Backend`], compared and
/// printed by name.
#[derive(Clone, Copy)]
pub struct Backend(&'static dyn Bn254Backend);

impl Backend {
    /// Every backend compiled in, the reference (`substrate-bn`) first when present:
    /// the registry. Each backend other than zkhost's exists with the cargo feature of
    /// its name. zkhost's own is there three times: `zkhost` (its pairing check on
    /// AVX-512 IFMA lanes where the CPU has them), `zkhost-scalar` (never) and, on
    /// x86-64, `zkhost-ifma` (always where the CPU has them; elsewhere the scalar
    /// path under that name, [`Bn254Backend::is_available`] false), so that the tests
    /// iterating the registry compare the two paths.
    pub const ALL: &'static [Backend] = &[
        #[cfg(feature = "substrate-bn")]
        Backend::SUBSTRATE_BN,
        #[cfg(feature = "arkworks")]
        Backend::ARKWORKS,
        #[cfg(feature = "halo2curves")]
        Backend::HALO2CURVES,
        #[cfg(feature = "mcl")]
        Backend::MCL,
        Backend::ZKHOST,
        Backend::ZKHOST_SCALAR,
        #[cfg(target_arch = "x86_64")]
        Backend::ZKHOST_IFMA,
    ];

    /// A handle on `backend`, for its constant in the registry.
    pub const fn new(backend: &'static dyn Bn254Backend) -> Backend {
        Backend(backend)
    }

    /// The backend behind the handle.
    pub fn get(self) -> &'static dyn Bn254Backend {
        self.0
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The registered backend of that name, if available on this machine
    /// ([`Bn254Backend::is_available`]).
    pub fn named(name: &str) -> Option<Backend> {
        Backend::ALL
            .iter()
            .copied()
            .find(|b| b.name() == name && b.is_available())
    }

    /// Whether the backend computes as its name says on this machine
    /// ([`Bn254Backend::is_available`]).
    pub fn is_available(self) -> bool {
        self.0.is_available()
    }

    /// The backend used for `op` when none is named: the fastest one measured by
    /// `cargo bench -p zkhost-bench --bench backends` on the reference machine (see the
    /// book's Backends chapter, `docs/src/backends.md`), which is zkhost's own for every
    /// operation.
    pub fn default_for(op: Op) -> Backend {
        match op {
            Op::Add | Op::Mul | Op::Pairing => Backend::ZKHOST,
        }
    }

    /// Runs `op` on raw precompile input; the output has [`Op::output_len`] bytes.
    pub fn run(self, op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
        match op {
            Op::Add => self.ecadd(input).map(|o| o.to_vec()),
            Op::Mul => self.ecmul(input).map(|o| o.to_vec()),
            Op::Pairing => self
                .pairing(input)
                .map(|ok| crate::pairing_output(ok).to_vec()),
        }
    }

    /// ECADD (0x06) on raw input ([`Bn254Backend::ecadd`]).
    pub fn ecadd(self, input: &[u8]) -> Result<[u8; 64], Error> {
        self.0.ecadd(input)
    }

    /// ECMUL (0x07) on raw input ([`Bn254Backend::ecmul`]).
    pub fn ecmul(self, input: &[u8]) -> Result<[u8; 64], Error> {
        self.0.ecmul(input)
    }

    /// The pairing check (0x08) on raw input ([`Bn254Backend::pairing`]).
    pub fn pairing(self, input: &[u8]) -> Result<bool, Error> {
        self.0.pairing(input)
    }

    /// The G1 MSM ([`Bn254Backend::g1_msm`]).
    pub fn g1_msm(self, input: &[u8]) -> Result<[u8; 64], Error> {
        self.0.g1_msm(input)
    }
}

impl PartialEq for Backend {
    fn eq(&self, other: &Backend) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Backend {}

impl std::hash::Hash for Backend {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Backend({})", self.name())
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Backend::named(s).ok_or_else(|| {
            if Backend::ALL.iter().any(|b| b.name() == s) {
                return format!("backend {s:?} is not available on this CPU");
            }
            let names: Vec<&str> = Backend::ALL
                .iter()
                .filter(|b| b.is_available())
                .map(|b| b.name())
                .collect();
            format!("unknown backend {s:?} (expected {})", names.join(", "))
        })
    }
}

/// A [`Bn254Backend`] made of an `Engine` and the shared front end
/// ([`crate::add`], [`crate::mul`], [`crate::pairing`]).
pub(crate) struct Precompiles<E> {
    name: &'static str,
    engine: PhantomData<fn() -> E>,
}

impl<E> Precompiles<E> {
    /// The backend `name` on the engine `E`.
    pub(crate) const fn new(name: &'static str) -> Precompiles<E> {
        Precompiles {
            name,
            engine: PhantomData,
        }
    }
}

impl<E: crate::Engine> Bn254Backend for Precompiles<E> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn ecadd(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::add::<E>(input)
    }

    fn ecmul(&self, input: &[u8]) -> Result<[u8; 64], Error> {
        crate::mul::<E>(input)
    }

    fn pairing(&self, input: &[u8]) -> Result<bool, Error> {
        crate::pairing::<E>(input)
    }
}
