//! The SCALE messages and responses of the bundled contracts.

use alloc::vec::Vec;
use parity_scale_codec::{Compact, Decode, Encode, Error, Input, Output};

use crate::{Crypto, InvalidInput};

/// A request to the forwarding contract (`contracts/forwarder`) and to the
/// pure-WebAssembly contracts: a crypto function and its raw input (as the precompile
/// it mirrors takes it). SCALE: the function's index in [`Crypto::ALL`] (one byte),
/// then the input as a `Vec<u8>` (a compact length and the bytes), so the message of a
/// new function needs no new type. An index no function has does not decode.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub struct Message {
    /// The host function to run.
    pub function: Crypto,
    /// Its input.
    pub input: Vec<u8>,
}

impl Message {
    /// `function` on `input`.
    pub fn new(function: Crypto, input: impl Into<Vec<u8>>) -> Message {
        Message {
            function,
            input: input.into(),
        }
    }
}

impl Encode for Crypto {
    fn size_hint(&self) -> usize {
        1
    }

    fn encode_to<T: Output + ?Sized>(&self, dest: &mut T) {
        dest.push_byte(self.index());
    }
}

impl Decode for Crypto {
    fn decode<I: Input>(input: &mut I) -> Result<Self, Error> {
        Crypto::from_index(input.read_byte()?)
            .ok_or_else(|| "no crypto function has this index".into())
    }
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

/// The function index and the input of a [`Message`], borrowed from its SCALE bytes
/// instead of decoded into a new vector: `None` unless `input` is exactly one such value
/// (an index byte, a compact length, that many bytes), as `decode_all` requires. The
/// caller still refuses an index no function has ([`Crypto::from_index`]).
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
        // The index byte is the function's place in the table, whatever its family.
        assert_eq!(
            Message::new(Crypto::AltBn128Add, vec![7]).encode(),
            [0, 4, 7]
        );
        assert_eq!(Message::new(Crypto::AltBn128Mul, vec![]).encode(), [1, 0]);
        assert_eq!(
            Message::new(Crypto::AltBn128G1Msm, vec![1, 2]).encode(),
            [3, 8, 1, 2]
        );
        assert_eq!(
            Message::new(Crypto::VerkleCommit, vec![1]).encode(),
            [4, 4, 1]
        );
        assert_eq!(
            Message::new(Crypto::AltBn128G2Decompress, vec![]).encode(),
            [23, 0]
        );
        for (i, f) in Crypto::ALL.into_iter().enumerate() {
            let m = Message::new(f, vec![9; 70]);
            let bytes = m.encode();
            assert_eq!(bytes[0] as usize, i);
            assert_eq!(Message::decode_all(&mut &bytes[..]), Ok(m));
        }
        // An index past the table does not decode.
        let past = [Crypto::ALL.len() as u8, 0];
        assert!(Message::decode_all(&mut &past[..]).is_err());
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
            for (v, f) in Crypto::ALL.into_iter().enumerate() {
                let m = Message::new(f, p.clone());
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
        assert!(Message::decode_all(&mut &[1u8, 4, 7, 0][..]).is_err());
    }
}
