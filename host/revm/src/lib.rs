#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! A [revm](https://github.com/bluealloy/revm) crypto provider that runs the BN254
//! and BLS12-381 precompiles of an EVM built on revm on zkhost's crates.
//!
//! [`ZkhostCrypto`] implements revm-precompile's [`Crypto`] trait: its three BN254
//! methods (`bn254_g1_add`, `bn254_g1_mul`, `bn254_pairing_check`, behind precompiles
//! 0x06, 0x07 and 0x08) compute on [`zkhost_bn254::Backend::ZKHOST`], its seven
//! BLS12-381 methods (`bls12_381_*`, EIP-2537's 0x0b–0x11) on `zkhost-bls12381`'s
//! front end over blst, `verify_kzg_proof` (KZG point evaluation, 0x0a) on `zkhost_bls12381::kzg`
//! `secp256r1_verify_signature` (P256VERIFY, 0x100) on `zkhost_sig::p256` and
//! `secp256k1_ecrecover` (0x01) on `zkhost_sig::secp256k1`; every other method (modexp,
//! SHA-256, …) is revm's default. An EVM team installs it
//! once, at start-up, before the first transaction (the example above).
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

use revm_precompile::bls12_381::{G1Point, G1PointScalar, G2Point, G2PointScalar};
use revm_precompile::{Crypto, PrecompileHalt};
use zkhost_bls12381::Backend as Bls12;
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
        Backend::ZKHOST.ecadd(&input).map_err(halt)
    }

    fn bn254_g1_mul(&self, point: &[u8], scalar: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        let mut input = [0u8; MUL_LEN];
        let (p, k) = input.split_at_mut(G1_LEN);
        copy_prefix(p, point);
        copy_prefix(k, scalar);
        Backend::ZKHOST.ecmul(&input).map_err(halt)
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
        Backend::ZKHOST.pairing(&input).map_err(halt)
    }

    fn bls12_381_g1_add(&self, a: G1Point, b: G1Point) -> Result<[u8; 96], PrecompileHalt> {
        let input = [padded_g1(&a), padded_g1(&b)].concat();
        let out = Bls12::BLST.g1_add(&input).map_err(bls12_halt)?;
        Ok(unpadded(&out))
    }

    fn bls12_381_g2_add(&self, a: G2Point, b: G2Point) -> Result<[u8; 192], PrecompileHalt> {
        let input = [padded_g2(&a), padded_g2(&b)].concat();
        let out = Bls12::BLST.g2_add(&input).map_err(bls12_halt)?;
        Ok(unpadded(&out))
    }

    fn bls12_381_g1_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G1PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 96], PrecompileHalt> {
        // Each record is checked as it arrives, as revm's own backends do: a bad
        // encoding later in the input must not halt before a bad point earlier.
        let mut input = Vec::new();
        for pair in pairs {
            let (point, scalar) = pair?;
            let point = padded_g1(&point);
            Bls12::BLST.check_g1(&point, true).map_err(bls12_halt)?;
            input.extend_from_slice(&point);
            input.extend_from_slice(&scalar);
        }
        if input.is_empty() {
            return Ok([0; 96]);
        }
        let out = Bls12::BLST.g1_msm(&input).map_err(bls12_halt)?;
        Ok(unpadded(&out))
    }

    fn bls12_381_g2_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G2PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 192], PrecompileHalt> {
        let mut input = Vec::new();
        for pair in pairs {
            let (point, scalar) = pair?;
            let point = padded_g2(&point);
            Bls12::BLST.check_g2(&point, true).map_err(bls12_halt)?;
            input.extend_from_slice(&point);
            input.extend_from_slice(&scalar);
        }
        if input.is_empty() {
            return Ok([0; 192]);
        }
        let out = Bls12::BLST.g2_msm(&input).map_err(bls12_halt)?;
        Ok(unpadded(&out))
    }

    fn bls12_381_pairing_check(
        &self,
        pairs: &[(G1Point, G2Point)],
    ) -> Result<bool, PrecompileHalt> {
        // revm checks each pair's G1 point fully (subgroup included) before its G2
        // point; go-ethereum, and so zkhost's front end, decodes both first. Checking
        // each point here first gives revm's halt for every input.
        let mut input = Vec::with_capacity(pairs.len().saturating_mul(G1_PADDED + G2_PADDED));
        for (p, q) in pairs {
            let (p, q) = (padded_g1(p), padded_g2(q));
            Bls12::BLST.check_g1(&p, true).map_err(bls12_halt)?;
            Bls12::BLST.check_g2(&q, true).map_err(bls12_halt)?;
            input.extend_from_slice(&p);
            input.extend_from_slice(&q);
        }
        if input.is_empty() {
            return Ok(true);
        }
        Bls12::BLST.pairing(&input).map_err(bls12_halt)
    }

    fn bls12_381_fp_to_g1(&self, fp: &[u8; 48]) -> Result<[u8; 96], PrecompileHalt> {
        let out = Bls12::BLST
            .map_fp_to_g1(&padded(&[fp]))
            .map_err(bls12_halt)?;
        Ok(unpadded(&out))
    }

    fn bls12_381_fp2_to_g2(&self, fp2: ([u8; 48], [u8; 48])) -> Result<[u8; 192], PrecompileHalt> {
        let out = Bls12::BLST
            .map_fp2_to_g2(&padded(&[&fp2.0, &fp2.1]))
            .map_err(bls12_halt)?;
        Ok(unpadded(&out))
    }

    /// KZG point evaluation (0x0a) on `zkhost_bls12381::kzg`. revm checks the length and the
    /// versioned hash before calling; every input `zkhost_bls12381::kzg` refuses here (a scalar
    /// `>= BLS_MODULUS`, a commitment or proof that is not a compressed subgroup point)
    /// and a proof that does not verify give revm's one halt for all of them,
    /// `BlobVerifyKzgProofFailed`, as revm's own backends do.
    fn verify_kzg_proof(
        &self,
        z: &[u8; 32],
        y: &[u8; 32],
        commitment: &[u8; 48],
        proof: &[u8; 48],
    ) -> Result<(), PrecompileHalt> {
        match zkhost_bls12381::kzg::verify_kzg_proof(commitment, z, y, proof) {
            Ok(true) => Ok(()),
            Ok(false) | Err(_) => Err(PrecompileHalt::BlobVerifyKzgProofFailed),
        }
    }

    /// P256VERIFY (0x100) on `zkhost_sig::p256`: whether `sig = r ‖ s` is a valid signature
    /// of the prehash `msg` under the key `pk = qx ‖ qy`, by EIP-7951's rules. revm
    /// checks the length, charges the gas and encodes the output (`0…01` or empty).
    fn secp256r1_verify_signature(&self, msg: &[u8; 32], sig: &[u8; 64], pk: &[u8; 64]) -> bool {
        let mut input = [0u8; zkhost_sig::p256::INPUT_LEN];
        let (h, rest) = input.split_at_mut(32);
        let (rs, q) = rest.split_at_mut(64);
        h.copy_from_slice(msg);
        rs.copy_from_slice(sig);
        q.copy_from_slice(pk);
        zkhost_sig::p256::verify(&input).is_ok()
    }

    /// ecrecover (0x01) on `zkhost_sig::secp256k1`: the address word of the key that
    /// signed the prehash `msg` with `sig = r ‖ s` and recovery id `recid` (0 or 1: revm
    /// has checked `v` and charged the gas, and answers any error with the empty
    /// output).
    fn secp256k1_ecrecover(
        &self,
        sig: &[u8; 64],
        recid: u8,
        msg: &[u8; 32],
    ) -> Result<[u8; 32], PrecompileHalt> {
        let mut input = [0u8; zkhost_sig::secp256k1::INPUT_LEN];
        let (h, rest) = input.split_at_mut(32);
        let (v, rs) = rest.split_at_mut(32);
        h.copy_from_slice(msg);
        if let Some(last) = v.last_mut() {
            *last = recid.saturating_add(27);
        }
        rs.copy_from_slice(sig);
        zkhost_sig::secp256k1::ecrecover(&input).map_err(|_| PrecompileHalt::Secp256k1RecoverFailed)
    }
}

/// EIP-2537's G1 encoding: each 48-byte coordinate behind 16 zero bytes.
const G1_PADDED: usize = 128;
/// EIP-2537's G2 encoding.
const G2_PADDED: usize = 256;

/// Field elements as EIP-2537 encodes them: 16 zero bytes, then the 48 given.
fn padded(elements: &[&[u8; 48]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(elements.len().saturating_mul(64));
    for e in elements {
        out.extend_from_slice(&[0u8; 16]);
        out.extend_from_slice(e.as_slice());
    }
    out
}

fn padded_g1(p: &G1Point) -> Vec<u8> {
    padded(&[&p.0, &p.1])
}

fn padded_g2(q: &G2Point) -> Vec<u8> {
    padded(&[&q.0, &q.1, &q.2, &q.3])
}

/// The coordinates of an EIP-2537 output without their zero padding, as revm's
/// provider interface returns them (`N` = 96 or 192).
fn unpadded<const N: usize>(encoded: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (dst, src) in out.chunks_exact_mut(48).zip(encoded.chunks_exact(64)) {
        if let Some(value) = src.get(16..) {
            dst.copy_from_slice(value);
        }
    }
    out
}

/// The halt revm's own BLS12-381 backends give for an input `zkhost-bls12381` refuses
/// with `error`: a coordinate `>= p` is `NonCanonicalFp`; the curve and subgroup
/// checks have a halt each. revm removes the padding and checks the lengths before a
/// provider is called, so the other errors never reach one; they map to
/// [`PrecompileHalt::Other`] with zkhost's message.
pub fn bls12_halt(error: zkhost_bls12381::Error) -> PrecompileHalt {
    use zkhost_bls12381::Error as E;
    match error {
        E::FieldElementNotInField => PrecompileHalt::NonCanonicalFp,
        E::G1NotOnCurve => PrecompileHalt::Bls12381G1NotOnCurve,
        E::G2NotOnCurve => PrecompileHalt::Bls12381G2NotOnCurve,
        E::G1NotInSubgroup => PrecompileHalt::Bls12381G1NotInSubgroup,
        E::G2NotInSubgroup => PrecompileHalt::Bls12381G2NotInSubgroup,
        E::FieldElementTopBytes => PrecompileHalt::Bls12381FpPaddingInvalid,
        E::InputLength => PrecompileHalt::other_static("invalid input length"),
    }
}

/// Installs [`ZkhostCrypto`] as revm's process-wide crypto provider, through
/// [`revm_precompile::install_crypto`].
///
/// Returns `false`, and changes nothing, when a provider is already in place: another
/// one was installed, or a precompile already ran and so fixed revm's default. Call it
/// at start-up, before the first transaction.
#[must_use = "when it returns false, the BN254 and BLS12-381 precompiles run on revm's default backend"]
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
