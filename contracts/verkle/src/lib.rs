//! The verkle contract: SCALE-decodes a [`VerkleMessage`], runs it on the matching
//! zkhost verkle host function and returns the SCALE-encoded [`Response`]. A refused
//! input gives `Response::Err(0)`: the host does not say why.
#![no_std]

use zkhost_guest::{Response, VerkleMessage};

/// The contract entry point.
#[no_mangle]
pub extern "C" fn call() {
    zkhost_guest::handle(|message: VerkleMessage| -> Response {
        match message {
            VerkleMessage::Commit(input) => zkhost_guest::verkle_commit(&input).into(),
            VerkleMessage::ToField(input) => {
                zkhost_guest::verkle_commitment_to_field(&input).into()
            }
            VerkleMessage::Update(input) => zkhost_guest::verkle_update(&input).into(),
            VerkleMessage::TreeKey(input) => zkhost_guest::verkle_tree_key(&input).into(),
            VerkleMessage::CommitUncompressed(input) => {
                zkhost_guest::verkle_commit_uncompressed(&input).into()
            }
            VerkleMessage::UpdateUncompressed(input) => {
                zkhost_guest::verkle_update_uncompressed(&input).into()
            }
        }
    });
}
