//! A [revm](https://github.com/bluealloy/revm) crypto provider that runs the BN254
//! precompiles of an EVM built on revm on zkhost's own backend.
//!
//! [`ZkhostCrypto`] implements revm-precompile's [`Crypto`] trait: its three BN254
//! methods (`bn254_g1_add`, `bn254_g1_mul`, `bn254_pairing_check`, behind precompiles
//! 0x06, 0x07 and 0x08) compute on [`zkhost_bn254::Backend::Zkhost`]; every other
//! method (ecrecover, modexp, BLS12-381, KZG, …) is revm's default. An EVM team
//! installs it once, at start-up, before the first transaction:
//!
//! ```
//! // Before any precompile runs: revm fixes its provider on first use.
//! assert!(zkhost_revm::install(), "a crypto provider was already in place");
//! // Every revm EVM in this process now runs 0x06-0x08 on zkhost, e.g.:
//! use revm_precompile::{bn254, Precompiles};
//! let ecadd = Precompiles::latest().get(&bn254::add::ADDRESS).unwrap();
//! assert!(ecadd.execute(&[], 150, 0).unwrap().is_success());
//! ```
//!
//! Outputs and gas are revm's own. revm's precompile functions charge gas (and halt
//! with `OutOfGas`) before calling the provider, pad ECADD/ECMUL input, refuse a
//! pairing input that is not a multiple of 192 bytes, and encode the pairing result;
//! zkhost only computes, and refuses exactly the inputs revm's default backend refuses
//! with the same [`PrecompileHalt`] (see [`halt`]). The tests compare the two on every
//! conformance vector and on generated inputs, output bytes, gas and halt kind alike.
//!
//! The provider is process-wide (revm keeps it in a `OnceLock`), and it is
//! revm-precompile 43's: the EVM must use the same semver-compatible revm-precompile
//! (`cargo tree -i revm-precompile` shows one version), which this crate re-exports.

use revm_precompile::{Crypto, PrecompileHalt};
use zkhost_bn254::{Backend, Error, ADD_LEN, MUL_LEN, PAIR_LEN};

pub use revm_precompile;

/// Bytes of an encoded G1 point.
const G1_LEN: usize = 64;

/// The revm [`Crypto`] provider with zkhost's BN254 backend; install it with
/// [`install`] (or pass it to [`revm_precompile::install_crypto`] yourself, e.g.
/// inside a provider of your own).
///
/// Each BN254 method rebuilds the precompile input from the pieces revm passes (`p1 ‖
/// p2`, `point ‖ scalar`, the pairs one after another) and runs zkhost's front end on
/// it. revm always passes pieces of exactly 64, 32 and 128 bytes; a longer piece is
/// cut to that length and a shorter one zero-padded (revm's default backend reads the
/// same prefix of a longer piece, and panics on a shorter one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZkhostCrypto;

impl Crypto for ZkhostCrypto {
    fn bn254_g1_add(&self, p1: &[u8], p2: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        let mut input = [0u8; ADD_LEN];
        let (a, b) = input.split_at_mut(G1_LEN);
        copy_prefix(a, p1);
        copy_prefix(b, p2);
        Backend::Zkhost.ecadd(&input).map_err(halt)
    }

    fn bn254_g1_mul(&self, point: &[u8], scalar: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        let mut input = [0u8; MUL_LEN];
        let (p, k) = input.split_at_mut(G1_LEN);
        copy_prefix(p, point);
        copy_prefix(k, scalar);
        Backend::Zkhost.ecmul(&input).map_err(halt)
    }

    fn bn254_pairing_check(&self, pairs: &[(&[u8], &[u8])]) -> Result<bool, PrecompileHalt> {
        let mut input = Vec::with_capacity(pairs.len().saturating_mul(PAIR_LEN));
        for (g1, g2) in pairs {
            let mut pair = [0u8; PAIR_LEN];
            let (p, q) = pair.split_at_mut(G1_LEN);
            copy_prefix(p, g1);
            copy_prefix(q, g2);
            input.extend_from_slice(&pair);
        }
        Backend::Zkhost.pairing(&input).map_err(halt)
    }
}

/// Installs [`ZkhostCrypto`] as revm's process-wide crypto provider, through
/// [`revm_precompile::install_crypto`].
///
/// Returns `false`, and changes nothing, when a provider is already in place: another
/// one was installed, or a precompile already ran and so fixed revm's default. Call it
/// at start-up, before the first transaction.
#[must_use = "when it returns false, the BN254 precompiles run on revm's default backend"]
pub fn install() -> bool {
    revm_precompile::install_crypto(ZkhostCrypto)
}

/// The halt revm's default backend gives for an input that zkhost refuses with
/// `error`: a coordinate `>= p` is `Bn254FieldPointNotAMember`; a point off the curve
/// (or, in G2, outside the order-r subgroup) is `Bn254AffineGFailedToCreate`.
///
/// Both check each point's coordinates before its curve membership, and the points in
/// input order, so the first failing check, and hence the halt, is the same.
/// `PairingLength` never reaches a provider (revm refuses the length first) and maps to
/// revm's own `Bn254PairLength`; `MsmLength` (no EVM precompile) to
/// [`PrecompileHalt::Other`] with zkhost's message.
pub fn halt(error: Error) -> PrecompileHalt {
    match error {
        Error::PairingLength => PrecompileHalt::Bn254PairLength,
        Error::G1CoordinateNotInField | Error::G2CoordinateNotInField => {
            PrecompileHalt::Bn254FieldPointNotAMember
        }
        Error::G1NotOnCurve | Error::G2NotOnCurve | Error::G2NotInSubgroup => {
            PrecompileHalt::Bn254AffineGFailedToCreate
        }
        Error::MsmLength => {
            PrecompileHalt::other_static("MSM input length not a positive multiple of 96")
        }
    }
}

/// Copies the first `dst.len()` bytes of `src` into `dst` (zeroed by the caller), or
/// all of `src` when it is shorter.
fn copy_prefix(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    if let (Some(d), Some(s)) = (dst.get_mut(..n), src.get(..n)) {
        d.copy_from_slice(s);
    }
}
