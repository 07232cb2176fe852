//! The backend trait and its registry.
//!
//! A BLS12-381 backend is a library that computes EIP-2537's seven precompiles on
//! their encodings ([`Bls12Backend`]), and may compute KZG point evaluation and RFC
//! 9380's hash to curve. Every backend gives the same bytes and the same [`Error`]
//! for every input; the tests, the benchmark and the runtime's choice iterate or pick
//! from [`Backend::ALL`], the registry, so a new backend is one file (its
//! [`Bls12Backend`] implementation and its `Backend::NAME` constant) and one line in
//! [`Backend::ALL`].
//!
//! The two backends implement the crate's private `Engine` trait (decode a checked
//! point, add, multiply, pair, map) and reach [`Bls12Backend`] through the shared
//! front end, which owns EIP-2537's rules (the exact lengths, the order of the
//! checks, the subgroup checks of the MSMs and the pairing).

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use crate::{functions, kzg, Error, Op, G1_LEN, G2_LEN};

/// A library computing BLS12-381's operations on EIP-2537's encodings. Every method
/// returns what the precompile specifies, byte for byte, refusals included.
pub trait Bls12Backend: Send + Sync {
    /// The name on the command line and in reports.
    fn name(&self) -> &'static str;
    /// G1ADD (0x0b): the sum of two G1 points (on the curve; any subgroup).
    fn g1_add(&self, input: &[u8]) -> Result<[u8; G1_LEN], Error>;
    /// G2ADD (0x0d): the sum of two G2 points (on the curve; any subgroup).
    fn g2_add(&self, input: &[u8]) -> Result<[u8; G2_LEN], Error>;
    /// G1MSM (0x0c): `Σ sᵢ·Pᵢ` over k ≥ 1 records, every point in the order-r
    /// subgroup.
    fn g1_msm(&self, input: &[u8]) -> Result<[u8; G1_LEN], Error>;
    /// G2MSM (0x0e): `Σ sᵢ·Qᵢ` over k ≥ 1 records, every point in the subgroup.
    fn g2_msm(&self, input: &[u8]) -> Result<[u8; G2_LEN], Error>;
    /// PAIRING_CHECK (0x0f): whether `Π e(Pᵢ, Qᵢ) = 1` over k ≥ 1 pairs, every point
    /// in its subgroup; pairs with a point at infinity are checked, then skipped.
    fn pairing(&self, input: &[u8]) -> Result<bool, Error>;
    /// MAP_FP_TO_G1 (0x10): RFC 9380's SWU map of one field element to G1, with
    /// cofactor clearing.
    fn map_fp_to_g1(&self, input: &[u8]) -> Result<[u8; G1_LEN], Error>;
    /// MAP_FP2_TO_G2 (0x11): RFC 9380's SWU map of one Fp2 element to G2, with
    /// cofactor clearing.
    fn map_fp2_to_g2(&self, input: &[u8]) -> Result<[u8; G2_LEN], Error>;
    /// Checks one encoded G1 point (128 bytes) as the precompiles do: its field
    /// elements, the curve equation, and with `subgroup` the order-r subgroup.
    fn check_g1(&self, bytes: &[u8], subgroup: bool) -> Result<(), Error>;
    /// [`Bls12Backend::check_g1`] for an encoded G2 point (256 bytes).
    fn check_g2(&self, bytes: &[u8], subgroup: bool) -> Result<(), Error>;

    /// EIP-4844's point evaluation (0x0a). Provided: zkhost's ([`kzg`], on blst); a
    /// backend with a KZG verification of its own overrides it.
    fn point_evaluation(&self, input: &[u8]) -> Result<[u8; kzg::OUTPUT_LEN], kzg::Error> {
        kzg::point_evaluation(input)
    }

    /// `bls_hash_to_g1`'s RFC 9380 hash to G1. Provided: zkhost's
    /// ([`functions::hash_to_g1`], on blst).
    fn hash_to_g1(&self, input: &[u8]) -> Result<[u8; G1_LEN], functions::Error> {
        functions::hash_to_g1(input)
    }

    /// `bls_hash_to_g2`'s RFC 9380 hash to G2 ([`functions::hash_to_g2`]).
    fn hash_to_g2(&self, input: &[u8]) -> Result<[u8; G2_LEN], functions::Error> {
        functions::hash_to_g2(input)
    }
}

/// A backend of the registry: a copyable handle on a [`Bls12Backend`], compared and
/// printed by name.
#[derive(Clone, Copy)]
pub struct Backend(&'static dyn Bls12Backend);

impl Backend {
    /// Every backend compiled in, the default first: the registry. `arkworks` exists
    /// with the cargo feature of that name.
    pub const ALL: &'static [Backend] = &[
        Backend::BLST,
        #[cfg(feature = "arkworks")]
        Backend::ARKWORKS,
    ];

    /// A handle on `backend`, for its constant in the registry.
    pub const fn new(backend: &'static dyn Bls12Backend) -> Backend {
        Backend(backend)
    }

    /// The backend behind the handle.
    pub fn get(self) -> &'static dyn Bls12Backend {
        self.0
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The registered backend of that name.
    pub fn named(name: &str) -> Option<Backend> {
        Backend::ALL.iter().copied().find(|b| b.name() == name)
    }

    /// Runs `op` on raw precompile input; the output has [`Op::output_len`] bytes.
    pub fn run(self, op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
        let b = self.0;
        match op {
            Op::G1Add => b.g1_add(input).map(|o| o.to_vec()),
            Op::G1Msm => b.g1_msm(input).map(|o| o.to_vec()),
            Op::G2Add => b.g2_add(input).map(|o| o.to_vec()),
            Op::G2Msm => b.g2_msm(input).map(|o| o.to_vec()),
            Op::Pairing => b
                .pairing(input)
                .map(|ok| crate::pairing_output(ok).to_vec()),
            Op::MapFpToG1 => b.map_fp_to_g1(input).map(|o| o.to_vec()),
            Op::MapFp2ToG2 => b.map_fp2_to_g2(input).map(|o| o.to_vec()),
        }
    }

    /// G1ADD (0x0b) ([`Bls12Backend::g1_add`]).
    pub fn g1_add(self, input: &[u8]) -> Result<[u8; G1_LEN], Error> {
        self.0.g1_add(input)
    }

    /// G2ADD (0x0d) ([`Bls12Backend::g2_add`]).
    pub fn g2_add(self, input: &[u8]) -> Result<[u8; G2_LEN], Error> {
        self.0.g2_add(input)
    }

    /// G1MSM (0x0c) ([`Bls12Backend::g1_msm`]).
    pub fn g1_msm(self, input: &[u8]) -> Result<[u8; G1_LEN], Error> {
        self.0.g1_msm(input)
    }

    /// G2MSM (0x0e) ([`Bls12Backend::g2_msm`]).
    pub fn g2_msm(self, input: &[u8]) -> Result<[u8; G2_LEN], Error> {
        self.0.g2_msm(input)
    }

    /// PAIRING_CHECK (0x0f) ([`Bls12Backend::pairing`]).
    pub fn pairing(self, input: &[u8]) -> Result<bool, Error> {
        self.0.pairing(input)
    }

    /// MAP_FP_TO_G1 (0x10) ([`Bls12Backend::map_fp_to_g1`]).
    pub fn map_fp_to_g1(self, input: &[u8]) -> Result<[u8; G1_LEN], Error> {
        self.0.map_fp_to_g1(input)
    }

    /// MAP_FP2_TO_G2 (0x11) ([`Bls12Backend::map_fp2_to_g2`]).
    pub fn map_fp2_to_g2(self, input: &[u8]) -> Result<[u8; G2_LEN], Error> {
        self.0.map_fp2_to_g2(input)
    }

    /// [`Bls12Backend::check_g1`]: for callers that must order the checks of several
    /// points differently from go-ethereum (revm checks a pairing pair's G1 point
    /// fully before its G2 point).
    pub fn check_g1(self, bytes: &[u8], subgroup: bool) -> Result<(), Error> {
        self.0.check_g1(bytes, subgroup)
    }

    /// [`Bls12Backend::check_g2`].
    pub fn check_g2(self, bytes: &[u8], subgroup: bool) -> Result<(), Error> {
        self.0.check_g2(bytes, subgroup)
    }
}

impl Default for Backend {
    /// [`Backend::BLST`], the library revm-precompile and most consensus clients use.
    fn default() -> Backend {
        Backend::BLST
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
        Backend::named(s).ok_or_else(|| format!("unknown or not compiled-in backend {s:?}"))
    }
}

/// A [`Bls12Backend`] made of an `Engine` and the shared front end.
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

impl<E: crate::Engine> Bls12Backend for Precompiles<E> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn g1_add(&self, input: &[u8]) -> Result<[u8; G1_LEN], Error> {
        crate::g1_add::<E>(input)
    }
    fn g2_add(&self, input: &[u8]) -> Result<[u8; G2_LEN], Error> {
        crate::g2_add::<E>(input)
    }
    fn g1_msm(&self, input: &[u8]) -> Result<[u8; G1_LEN], Error> {
        crate::g1_msm::<E>(input)
    }
    fn g2_msm(&self, input: &[u8]) -> Result<[u8; G2_LEN], Error> {
        crate::g2_msm::<E>(input)
    }
    fn pairing(&self, input: &[u8]) -> Result<bool, Error> {
        crate::pairing::<E>(input)
    }
    fn map_fp_to_g1(&self, input: &[u8]) -> Result<[u8; G1_LEN], Error> {
        crate::map_fp_to_g1::<E>(input)
    }
    fn map_fp2_to_g2(&self, input: &[u8]) -> Result<[u8; G2_LEN], Error> {
        crate::map_fp2_to_g2::<E>(input)
    }
    fn check_g1(&self, bytes: &[u8], subgroup: bool) -> Result<(), Error> {
        crate::check_g1::<E>(bytes, subgroup)
    }
    fn check_g2(&self, bytes: &[u8], subgroup: bool) -> Result<(), Error> {
        crate::check_g2::<E>(bytes, subgroup)
    }
}
