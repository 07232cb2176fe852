//! The SCALE messages and responses of the bundled contracts.

use alloc::vec::Vec;
use parity_scale_codec::{Compact, Decode, Encode};

use crate::InvalidInput;

/// A request to the BN254 (`precompiles`) contract. The variant order (SCALE index
/// 0..=7) is part of the ABI. Each payload is the host function's raw input (for
/// 0..=2 the Ethereum precompile's).
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Message {
    /// ECADD (0x06).
    Add(Vec<u8>),
    /// ECMUL (0x07).
    Mul(Vec<u8>),
    /// The pairing check (0x08).
    Pairing(Vec<u8>),
    /// G1 multi-scalar multiplication.
    Msm(Vec<u8>),
    /// `alt_bn128_g1_compress`.
    G1Compress(Vec<u8>),
    /// `alt_bn128_g1_decompress`.
    G1Decompress(Vec<u8>),
    /// `alt_bn128_g2_compress`.
    G2Compress(Vec<u8>),
    /// `alt_bn128_g2_decompress`.
    G2Decompress(Vec<u8>),
}

/// A request to the `verkle` contract. The variant order (SCALE index 0..=5) is part
/// of the ABI. Each payload is the host function's raw input.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum VerkleMessage {
    /// `verkle_commit`.
    Commit(Vec<u8>),
    /// `verkle_commitment_to_field`.
    ToField(Vec<u8>),
    /// `verkle_update`.
    Update(Vec<u8>),
    /// `verkle_tree_key`.
    TreeKey(Vec<u8>),
    /// `verkle_commit_uncompressed`.
    CommitUncompressed(Vec<u8>),
    /// `verkle_update_uncompressed`.
    UpdateUncompressed(Vec<u8>),
}

/// A request to the `bls12381` contract. The variant order (SCALE index 0..=6, the
/// EIP-2537 address order) is part of the ABI. Each payload is raw EIP-2537
/// precompile input.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Bls12Message {
    /// G1ADD (0x0b).
    G1Add(Vec<u8>),
    /// G1MSM (0x0c).
    G1Msm(Vec<u8>),
    /// G2ADD (0x0d).
    G2Add(Vec<u8>),
    /// G2MSM (0x0e).
    G2Msm(Vec<u8>),
    /// PAIRING_CHECK (0x0f).
    PairingCheck(Vec<u8>),
    /// MAP_FP_TO_G1 (0x10).
    MapFpToG1(Vec<u8>),
    /// MAP_FP2_TO_G2 (0x11).
    MapFp2ToG2(Vec<u8>),
}

/// A request to the `kzg-p256` contract: the two precompiles Ethereum added after
/// EIP-2537. The variant order (SCALE index 0, 1) is part of the ABI; each payload is
/// the raw precompile input.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum KzgP256Message {
    /// POINT_EVALUATION (0x0a, EIP-4844).
    PointEvaluation(Vec<u8>),
    /// P256VERIFY (0x100, EIP-7951). An invalid signature is answered
    /// `Response::Err(0)`, the precompile's empty output.
    P256Verify(Vec<u8>),
}

/// A request to the `poseidon` contract. The variant order is part of the ABI.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum PoseidonMessage {
    /// `poseidon`: 1 to 16 elements, 32 bytes big-endian each.
    Hash(Vec<u8>),
}

/// A contract's answer. The variant order (SCALE index 0, 1) is part of the ABI.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Response {
    /// The operation's output bytes.
    Ok(Vec<u8>),
    /// The input was refused; the code is one of [`crate::err`].
    Err(u8),
}

impl<const N: usize> From<Result<[u8; N], InvalidInput>> for Response {
    /// A host function's result: its output, or [`crate::err::INVALID`].
    fn from(result: Result<[u8; N], InvalidInput>) -> Self {
        match result {
            Ok(out) => Response::Ok(out.to_vec()),
            Err(InvalidInput) => Response::Err(crate::err::INVALID),
        }
    }
}

/// The variant index and the payload of a message whose variants each hold one
/// `Vec<u8>` ([`Message`], [`VerkleMessage`]), borrowed from its SCALE bytes instead
/// of decoded into a new vector: `None` unless `input` is exactly one such value (a
/// variant byte, a compact length, that many bytes), as `decode_all` requires. The
/// caller still refuses an unknown variant.
pub fn message_parts(input: &[u8]) -> Option<(u8, &[u8])> {
    let (&variant, mut rest) = input.split_first()?;
    let len = <Compact<u32>>::decode(&mut rest).ok()?.0;
    (rest.len() == len as usize).then_some((variant, rest))
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use alloc::vec;
    use parity_scale_codec::DecodeAll;

    #[test]
    fn message_layout() {
        assert_eq!(Message::Add(vec![7]).encode(), [0, 4, 7]);
        assert_eq!(Message::Mul(vec![]).encode(), [1, 0]);
        assert_eq!(Message::Pairing(vec![]).encode(), [2, 0]);
        assert_eq!(Message::Msm(vec![1, 2]).encode(), [3, 8, 1, 2]);
        assert_eq!(VerkleMessage::Commit(vec![1]).encode(), [0, 4, 1]);
        assert_eq!(VerkleMessage::Update(vec![]).encode(), [2, 0]);
        assert_eq!(Bls12Message::G1Add(vec![5]).encode(), [0, 4, 5]);
        assert_eq!(Bls12Message::MapFp2ToG2(vec![]).encode(), [6, 0]);
        assert_eq!(Message::G2Decompress(vec![]).encode(), [7, 0]);
        assert_eq!(KzgP256Message::PointEvaluation(vec![1]).encode(), [0, 4, 1]);
        assert_eq!(KzgP256Message::P256Verify(vec![]).encode(), [1, 0]);
        assert_eq!(PoseidonMessage::Hash(vec![2]).encode(), [0, 4, 2]);
    }

    #[test]
    fn response_layout() {
        assert_eq!(Response::Ok(vec![9]).encode(), [0, 4, 9]);
        assert_eq!(Response::Err(6).encode(), [1, 6]);
    }

    #[test]
    fn message_parts_accept_exactly_what_decode_accepts() {
        let payloads = [
            vec![],
            vec![7u8],
            vec![1u8; 63],
            vec![2u8; 64],
            vec![3u8; 300],
        ];
        for (i, p) in payloads.iter().enumerate() {
            let messages = [
                Message::Add(p.clone()),
                Message::Mul(p.clone()),
                Message::Pairing(p.clone()),
                Message::Msm(p.clone()),
            ];
            for (v, m) in messages.iter().enumerate() {
                let bytes = m.encode();
                assert_eq!(message_parts(&bytes), Some((v as u8, &p[..])), "{i}/{v}");
                // One byte more or less, or a longer compact form, is refused by both.
                for bad in [
                    [&bytes[..], &[0]].concat(),
                    bytes[..bytes.len() - 1].to_vec(),
                ] {
                    assert_eq!(
                        message_parts(&bad).is_some(),
                        Message::decode_all(&mut &bad[..]).is_ok()
                    );
                }
            }
        }
        // A non-canonical compact length (1 in the two-byte form) is refused by both.
        let odd = [0u8, 0b101, 0, 9];
        assert!(Message::decode_all(&mut &odd[..]).is_err());
        assert_eq!(message_parts(&odd), None);
        assert_eq!(message_parts(&[]), None);
    }

    #[test]
    fn trailing_bytes_are_refused() {
        assert!(Message::decode_all(&mut &[0u8, 0, 0][..]).is_err());
        assert!(Message::decode_all(&mut &[8u8, 0][..]).is_err());
    }
}
