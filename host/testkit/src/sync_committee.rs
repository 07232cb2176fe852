//! The messages of the `eth-sync-committee` contract as the host writes and reads them
//! (SCALE), declared here from its documented layout — the contract crate lives in the
//! guest workspace — and a committee with an update signed by some of its members,
//! from seeds.

use parity_scale_codec::{Decode, Encode};

/// Keys in a sync committee.
pub const COMMITTEE_SIZE: usize = 512;

/// `eth_sync_committee::Message`.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Message {
    /// Validate a committee's compressed keys.
    SetCommittee {
        /// The keys.
        keys: Vec<[u8; 48]>,
    },
    /// Check an update against the stored points.
    Update {
        /// The stored points.
        keys: Vec<[u8; 128]>,
        /// The participation bits.
        bits: [u8; 64],
        /// The signed root.
        signing_root: [u8; 32],
        /// The aggregate signature.
        signature: [u8; 96],
    },
    /// Check an update against the compressed keys.
    UpdateCompressed {
        /// The compressed keys.
        keys: Vec<[u8; 48]>,
        /// The participation bits.
        bits: [u8; 64],
        /// The signed root.
        signing_root: [u8; 32],
        /// The aggregate signature.
        signature: [u8; 96],
    },
}

/// `eth_sync_committee::Answer`.
#[derive(Clone, Debug, PartialEq, Eq, Encode, Decode)]
pub enum Answer {
    /// The validated points.
    Committee(Vec<[u8; 128]>),
    /// The signature verifies.
    Valid,
    /// Refused, with the host's code and the key concerned.
    Invalid {
        /// The host's `last_error` code, 0 when no host function ran.
        code: i32,
        /// The key a refusal of `SetCommittee` concerns.
        key: Option<u32>,
    },
    /// The message did not decode.
    BadMessage,
}

/// A committee and an update: the compressed keys, the participation bits (key `i` in
/// when `participates(i)`), the signing root and the participants' aggregate signature
/// (blst's `min_pk` API, Ethereum's ciphersuite).
pub struct Update {
    /// The compressed keys.
    pub keys: Vec<[u8; 48]>,
    /// The participation bits.
    pub bits: [u8; 64],
    /// The signed root.
    pub signing_root: [u8; 32],
    /// The participants' aggregate signature.
    pub signature: [u8; 96],
}

impl Update {
    /// A committee from `seed` and an update signed by the keys `participates` picks.
    pub fn new(seed: u64, participates: impl Fn(usize) -> bool) -> Update {
        use blst::min_pk::{AggregateSignature, Signature};
        let dst = zkhost_bls12381::signatures::Ciphersuite::ProofOfPossession.dst();
        let secrets: Vec<_> = (0..COMMITTEE_SIZE as u64)
            .map(|i| crate::sample::bls_key(seed.wrapping_mul(1_000).wrapping_add(i)))
            .collect();
        let signing_root = crate::sample::bls_message(seed, 0);
        let mut bits = [0u8; 64];
        let mut sigs: Vec<Signature> = Vec::new();
        for (i, sk) in secrets.iter().enumerate() {
            if participates(i) {
                bits[i / 8] |= 1 << (i % 8);
                sigs.push(sk.sign(&signing_root, dst, &[]));
            }
        }
        let refs: Vec<&Signature> = sigs.iter().collect();
        let signature = AggregateSignature::aggregate(&refs, false)
            .map(|a| a.to_signature().compress())
            .unwrap_or([0xc0; 96]);
        Update {
            keys: secrets.iter().map(|sk| sk.sk_to_pk().compress()).collect(),
            bits,
            signing_root,
            signature,
        }
    }

    /// The keys' points in EIP-2537's encoding, by zkhost's native decompression.
    pub fn points(&self) -> Vec<[u8; 128]> {
        self.keys
            .iter()
            .map(|k| zkhost_bls12381::compressed::g1_decompress(k).unwrap_or([0; 128]))
            .collect()
    }

    /// The `Update` message on `points`.
    pub fn message(&self, points: Vec<[u8; 128]>) -> Message {
        Message::Update {
            keys: points,
            bits: self.bits,
            signing_root: self.signing_root,
            signature: self.signature,
        }
    }

    /// The `UpdateCompressed` message.
    pub fn compressed_message(&self) -> Message {
        Message::UpdateCompressed {
            keys: self.keys.clone(),
            bits: self.bits,
            signing_root: self.signing_root,
            signature: self.signature,
        }
    }

    /// The participants' count.
    pub fn participants(&self) -> usize {
        self.bits.iter().map(|b| b.count_ones() as usize).sum()
    }
}
