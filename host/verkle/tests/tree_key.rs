//! EIP-6800 tree keys against the published vectors (`vectors/tree_key/`), against
//! the five-scalar commitment they are defined by, and the batch form against the
//! single one.

use ark_ed_on_bls12_381_bandersnatch::Fr;
use rand::RngCore;
use serde_json::Value;

use zkhost_testkit::rng::rng;
use zkhost_verkle::{self as verkle, tree_key::FIRST_SCALAR};

fn vectors() -> Vec<Value> {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("vectors/tree_key/tree_key_vectors.json");
    let text = std::fs::read_to_string(path).expect("vector file");
    let v: Value = serde_json::from_str(&text).expect("json");
    v["vectors"].as_array().expect("vectors").clone()
}

fn bytes32(v: &Value) -> [u8; 32] {
    let b = hex::decode(v.as_str().expect("hex string")).expect("hex");
    b.try_into().expect("32 bytes")
}

#[test]
fn every_published_tree_key() {
    let all = vectors();
    assert_eq!(all.len(), 5);
    for v in all {
        let name = v["name"].as_str().unwrap_or("?");
        let address = bytes32(&v["address"]);
        let index = bytes32(&v["tree_index_le"]);
        let hash = verkle::tree_key_hash(&address, &index);
        let input = [address, index].concat();
        assert_eq!(verkle::tree_key_bytes(&input), Ok(hash), "{name}");
        assert_eq!(
            verkle::Op::TreeKey.run(&input).map_err(|_| ()),
            Ok(hash.to_vec()),
            "{name}"
        );
        if let Some(expected) = v.get("expected_hash") {
            assert_eq!(hash, bytes32(expected), "{name}");
        }
        if let Some(expected) = v.get("expected_key") {
            let sub = v["sub_index"].as_u64().expect("sub_index") as u8;
            assert_eq!(
                verkle::tree_key(&address, &index, sub),
                bytes32(expected),
                "{name}"
            );
        }
    }
}

#[test]
fn a_tree_key_is_the_five_scalar_commitment_and_the_batch_agrees() {
    let mut rng = rng(6800);
    let mut inputs = Vec::new();
    for k in 0..300 {
        let mut input = [0u8; 64];
        rng.fill_bytes(&mut input);
        // Some halves zero (short addresses, small indices), some all ones.
        match k % 5 {
            1 => input[..12].fill(0),
            2 => input[40..].fill(0),
            3 => input[16..].fill(0xff),
            4 => input.fill(0),
            _ => {}
        }
        inputs.push(input);
    }
    let batch = verkle::tree_keys(&inputs);
    assert_eq!(batch.len(), inputs.len());
    for (input, got) in inputs.iter().zip(&batch) {
        let mut scalars = vec![Fr::from(FIRST_SCALAR)];
        for half in input.chunks_exact(16) {
            let mut b = [0u8; 16];
            b.copy_from_slice(half);
            scalars.push(Fr::from(u128::from_le_bytes(b)));
        }
        // Through the general commitment, on its compressed bytes.
        let mut expected = verkle::commit(&scalars).unwrap().to_bytes();
        expected.reverse();
        assert_eq!(*got, expected);
        assert_eq!(verkle::tree_key_bytes(input), Ok(expected));
        // And through `verkle_commit`'s byte layout.
        let le: Vec<u8> = scalars.iter().flat_map(verkle::scalar_to_le).collect();
        let mut via_bytes = verkle::commit_bytes(&le).unwrap();
        via_bytes.reverse();
        assert_eq!(via_bytes, expected);
    }
    for len in [0usize, 32, 63, 65, 128] {
        assert!(matches!(
            verkle::tree_key_bytes(&vec![0; len]),
            Err(verkle::Error::InputLength { .. })
        ));
    }
}
