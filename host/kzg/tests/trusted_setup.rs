//! `TAU_G2` against the published Ethereum mainnet trusted setup, as c-kzg-4844 ships
//! it (`src/trusted_setup.txt` of the `c-kzg` crate, this crate's dev-dependency,
//! located through `cargo metadata`): it is the setup's second G2 point, and it is the
//! `[τ]G2` of the setup's G1 powers — the KZG proof that `p(X) = X` takes the value `z`
//! at `z` (commitment `[τ]G1`, quotient 1, proof `G1`) verifies with it.

use std::path::PathBuf;
use std::process::Command;

use zkhost_kzg::{point_evaluation, versioned_hash, Error, OUTPUT, TAU_G2};

fn trusted_setup() -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--offline",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .expect("cargo metadata");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata json");
    let ckzg = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "c-kzg")
        .expect("c-kzg in the dependency graph");
    let dir = PathBuf::from(ckzg["manifest_path"].as_str().expect("manifest_path"));
    let path = dir
        .parent()
        .expect("package dir")
        .join("src/trusted_setup.txt");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

struct Setup {
    g1_monomial: Vec<Vec<u8>>,
    g2_monomial: Vec<Vec<u8>>,
}

/// The text format: the number of G1 points (4096), of G2 points (65), the G1 points in
/// Lagrange form, the G2 points in monomial form, the G1 points in monomial form; one
/// compressed point in hex per line.
fn parse(text: &str) -> Setup {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let n1: usize = lines.next().unwrap().parse().unwrap();
    let n2: usize = lines.next().unwrap().parse().unwrap();
    assert_eq!((n1, n2), (4096, 65));
    let mut take = |n: usize| -> Vec<Vec<u8>> {
        (0..n)
            .map(|_| hex::decode(lines.next().unwrap()).unwrap())
            .collect()
    };
    let _lagrange = take(n1);
    let g2_monomial = take(n2);
    let g1_monomial = take(n1);
    Setup {
        g1_monomial,
        g2_monomial,
    }
}

#[test]
fn tau_g2_is_the_published_setup_s_second_g2_point() {
    let setup = parse(&trusted_setup());
    assert_eq!(setup.g2_monomial[1], TAU_G2.to_vec());
    assert!(setup.g2_monomial.iter().all(|p| p.len() == 96));
}

#[test]
fn tau_g2_matches_the_setup_s_g1_powers() {
    let setup = parse(&trusted_setup());
    let (g1, tau_g1) = (&setup.g1_monomial[0], &setup.g1_monomial[1]);
    for z in [0u8, 1, 2, 0x55, 0xff] {
        let mut input = vec![0u8; 192];
        input[63] = z;
        input[95] = z;
        input[96..144].copy_from_slice(tau_g1);
        input[144..].copy_from_slice(g1);
        let h = versioned_hash(tau_g1);
        input[..32].copy_from_slice(&h);
        assert_eq!(point_evaluation(&input), Ok(OUTPUT), "z = {z}");
        // p(z) = z, not z + 1.
        input[95] = z.wrapping_add(1);
        assert_eq!(point_evaluation(&input), Err(Error::ProofDoesNotVerify));
    }
}
