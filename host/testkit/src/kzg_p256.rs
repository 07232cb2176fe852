//! The KZG point-evaluation, P256VERIFY and ecrecover vector files (go-ethereum's
//! format, see [`crate::vectors`]), owned by `zkhost_bls12381::kzg`
//! (`host/bls12381/vectors/kzg`) and `zkhost-sig` (`host/sig/vectors/p256`,
//! `host/sig/vectors/secp256k1`), and their prices: one flat price each.
//!
//! Both precompiles are one host function each, so a file names a [`Crypto`]
//! function. A P256VERIFY vector that expects the empty output is an invalid
//! signature: the host function refuses it, and the runner's `exec` reports the
//! precompile's view ([`zkhost_runtime::precompile_output`]).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use zkhost_abi::Crypto;
use zkhost_gas::HostCosts;

use crate::vectors;
use zkhost_runtime::Prices;

/// A KZG or P256VERIFY vector file.
pub type VectorFile = vectors::VectorFile<Crypto>;

/// `host/bls12381/vectors/kzg`: go-ethereum's `pointEvaluation.json` and c-kzg-4844's
/// `verify_kzg_proof` cases in the precompile's format.
pub fn kzg_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bls12381/vectors/kzg")
}

/// `host/sig/vectors/p256`: go-ethereum's `p256Verify.json`.
pub fn p256_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sig/vectors/p256")
}

/// `host/sig/vectors/secp256k1`: go-ethereum's `ecRecover.json`.
pub fn secp256k1_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sig/vectors/secp256k1")
}

/// The function a file name designates (`pointEvaluation*`, `p256Verify*`, `ecRecover*`, with an
/// optional `fail-` prefix), and whether its vectors must fail.
pub fn classify(path: &Path) -> Option<(Crypto, bool)> {
    let name = path.file_stem()?.to_str()?;
    let (must_fail, name) = match name.strip_prefix("fail-") {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let op = if name.starts_with("pointEvaluation") {
        Crypto::KzgPointEvaluation
    } else if name.starts_with("p256Verify") {
        Crypto::P256Verify
    } else if name.starts_with("ecRecover") {
        Crypto::Secp256k1Ecrecover
    } else {
        return None;
    };
    Some((op, must_fail))
}

/// Every KZG and P256VERIFY vector file below `dir`, sorted by path.
pub fn discover(dir: &Path) -> Result<Vec<VectorFile>, String> {
    vectors::discover_as(dir, classify)
}

/// The price of `op` on `len` bytes, Ethereum's (every function here has one flat
/// price, the same in zkhost's schedule).
pub fn price(op: Crypto, len: usize) -> u64 {
    HostCosts::ZKHOST.op_gas(op, len)
}

/// The `i`-th must-succeed vector's input of `op` (point evaluation: go-ethereum's and
/// c-kzg's valid proofs; P256VERIFY: go-ethereum's valid signatures), cycling; `None`
/// for another function.
pub fn valid_input(op: Crypto, i: usize) -> Option<Vec<u8>> {
    match op {
        Crypto::KzgPointEvaluation => valid_kzg_input(i),
        Crypto::P256Verify => valid_p256_input(i),
        _ => None,
    }
}

/// The `i`-th valid point evaluation of the KZG vectors, cycling.
pub fn valid_kzg_input(i: usize) -> Option<Vec<u8>> {
    static KZG: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    valid_vector(&KZG, &kzg_vectors(), i)
}

/// The `i`-th valid signature of the P-256 vectors, cycling.
pub fn valid_p256_input(i: usize) -> Option<Vec<u8>> {
    static P256: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    valid_vector(&P256, &p256_vectors(), i)
}

/// The `i`-th must-succeed input with a non-empty output of the files below `dir`,
/// read once into `cell`.
fn valid_vector(cell: &OnceLock<Vec<Vec<u8>>>, dir: &Path, i: usize) -> Option<Vec<u8>> {
    let valid = cell.get_or_init(|| {
        discover(dir)
            .unwrap_or_default()
            .into_iter()
            .filter(|f| !f.must_fail)
            .flat_map(|f| f.vectors)
            .filter(|v| v.expected.as_deref().is_some_and(|e| !e.is_empty()))
            .filter_map(|v| vectors::decode_hex(&v.input).ok())
            .collect()
    });
    valid.get(i % valid.len().max(1)).cloned()
}
