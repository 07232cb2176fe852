//! The crypto functions as the command line and the reports name them.

use zkhost_abi::Crypto;
use zkhost_bn254::{Backend, Op};

/// The BN254 functions, in report order.
pub const BN254: [Crypto; 4] = [
    Crypto::AltBn128Add,
    Crypto::AltBn128Mul,
    Crypto::AltBn128Pairing,
    Crypto::AltBn128G1Msm,
];

/// The name on the command line and in reports (`bn254-add`, `verkle-commit`,
/// `bls12-g1add`, ...): for BLS12-381, `zkhost_bls12381::Op`'s names.
pub fn name(op: Crypto) -> &'static str {
    match op {
        Crypto::AltBn128Add => "bn254-add",
        Crypto::AltBn128Mul => "bn254-mul",
        Crypto::AltBn128Pairing => "bn254-pairing",
        Crypto::AltBn128G1Msm => "bn254-msm",
        Crypto::VerkleCommit => "verkle-commit",
        Crypto::VerkleCommitmentToField => "verkle-to-field",
        Crypto::VerkleUpdate => "verkle-update",
        Crypto::Bls12G1Add => "bls12-g1add",
        Crypto::Bls12G1Msm => "bls12-g1msm",
        Crypto::Bls12G2Add => "bls12-g2add",
        Crypto::Bls12G2Msm => "bls12-g2msm",
        Crypto::Bls12PairingCheck => "bls12-pairing",
        Crypto::Bls12MapFpToG1 => "bls12-map-g1",
        Crypto::Bls12MapFp2ToG2 => "bls12-map-g2",
        Crypto::VerkleTreeKey => "verkle-tree-key",
        Crypto::VerkleCommitUncompressed => "verkle-commit-uncompressed",
        Crypto::VerkleUpdateUncompressed => "verkle-update-uncompressed",
        Crypto::KzgPointEvaluation => "kzg-point-eval",
        Crypto::P256Verify => "p256-verify",
        Crypto::Poseidon => "poseidon",
        Crypto::AltBn128G1Compress => "bn254-g1-compress",
        Crypto::AltBn128G1Decompress => "bn254-g1-decompress",
        Crypto::AltBn128G2Compress => "bn254-g2-compress",
        Crypto::AltBn128G2Decompress => "bn254-g2-decompress",
    }
}

/// The function of a command-line name.
pub fn parse(s: &str) -> Result<Crypto, String> {
    Crypto::ALL
        .into_iter()
        .find(|op| name(*op) == s)
        .ok_or_else(|| format!("unknown operation {s:?}"))
}

/// The BN254 precompile a function is, if it is one (the MSM is not).
pub fn precompile(op: Crypto) -> Option<Op> {
    match op {
        Crypto::AltBn128Add => Some(Op::Add),
        Crypto::AltBn128Mul => Some(Op::Mul),
        Crypto::AltBn128Pairing => Some(Op::Pairing),
        _ => None,
    }
}

/// The backend the host function uses by default: the precompile's, and zkhost's for
/// the MSM (one engine, on zkhost's field) and the verkle functions (no backend).
pub fn default_backend(op: Crypto) -> Backend {
    precompile(op).map_or(Backend::Zkhost, Backend::default_for)
}
