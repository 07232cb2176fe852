#![doc = include_str!("../README.md")]

pub mod ed25519;
pub mod p256;
pub mod secp256k1;
