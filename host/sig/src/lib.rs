#![doc = include_str!("../README.md")]

pub mod p256;
pub mod secp256k1;
