//! circomlibjs's Poseidon outputs (`host/poseidon/vectors/circomlibjs.json`, owned by
//! `zkhost-poseidon`) as vectors of the go-ethereum runner ([`crate::vectors`]): the
//! input is the elements concatenated, the expected output the hash.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use zkhost_abi::Crypto;

use crate::vectors::{Vector, VectorFile};

/// `host/poseidon/vectors`.
pub fn poseidon_vectors() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../poseidon/vectors")
}

/// The file's name.
pub const FILE: &str = "circomlibjs.json";

#[derive(Deserialize)]
struct File {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    inputs: Vec<String>,
    output: String,
}

/// Reads `dir/circomlibjs.json` if it is there (`None` otherwise): one vector per
/// case, named by its input count and position.
pub fn discover(dir: &Path) -> Result<Option<VectorFile<Crypto>>, String> {
    let path = dir.join(FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file: File = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let vectors = file
        .cases
        .into_iter()
        .enumerate()
        .map(|(i, c)| Vector {
            name: format!("poseidon-{}-inputs-{i}", c.inputs.len()),
            input: c.inputs.concat(),
            expected: Some(c.output),
            expected_error: None,
            gas: None,
        })
        .collect();
    Ok(Some(VectorFile {
        path,
        op: Crypto::Poseidon,
        must_fail: false,
        vectors,
    }))
}
