//! The generated constants against two independent sources: light-poseidon's tables
//! (widths 2 to 13) and a SHA-256 digest of circomlibjs's published
//! `poseidon_constants.json` (every width, recorded in `vectors/circomlibjs.json` by
//! `vectors/gen_circomlibjs.mjs`).

use ark_ff::{BigInteger, PrimeField};
use sha2::{Digest, Sha256};
use zkhost_poseidon::{params, MAX_INPUTS, PARTIAL_ROUNDS};

fn be(x: &ark_bn254::Fr) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.into_bigint().to_bytes_be());
    out
}

#[test]
fn constants_match_light_poseidon() {
    for t in 2..=13usize {
        let theirs =
            light_poseidon::parameters::bn254_x5::get_poseidon_parameters::<ark_bn254::Fr>(t as u8)
                .expect("light-poseidon has widths 2 to 13");
        let ours = params(t - 1);
        assert_eq!(ours.width(), t);
        assert_eq!(theirs.partial_rounds, ours.partial_rounds(), "t = {t}");
        assert_eq!(theirs.full_rounds, 8);
        let ark: Vec<[u8; 32]> = theirs.ark.iter().map(be).collect();
        assert_eq!(ours.round_constants(), ark, "round constants, t = {t}");
        let mds: Vec<Vec<[u8; 32]>> = theirs
            .mds
            .iter()
            .map(|row| row.iter().map(be).collect())
            .collect();
        assert_eq!(ours.mds(), mds, "MDS, t = {t}");
    }
}

#[test]
fn constants_match_circomlibjs_digest() {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../vectors/circomlibjs.json")).expect("valid JSON");
    for n in 1..=MAX_INPUTS {
        let t = n + 1;
        let p = params(n);
        assert_eq!(p.partial_rounds(), PARTIAL_ROUNDS[n - 1]);
        assert_eq!(p.round_constants().len(), (8 + p.partial_rounds()) * t);
        let mut h = Sha256::new();
        for c in p.round_constants() {
            h.update(c);
        }
        for row in p.mds() {
            for m in row {
                h.update(m);
            }
        }
        let want = json["constants_sha256"][t.to_string()]
            .as_str()
            .expect("a digest per width");
        assert_eq!(hex::encode(h.finalize()), want, "t = {t}");
    }
}
