//! `TAU_G2` against the published Ethereum mainnet trusted setup, as c-kzg-4844 ships
//! it (`src/trusted_setup.txt` of the `c-kzg` crate, this crate's dev-dependency,
//! found in cargo's registry sources): it is the setup's second G2 point, and it is the
//! `[τ]G2` of the setup's G1 powers — the KZG proof that `p(X) = X` takes the value `z`
//! at `z` (commitment `[τ]G1`, quotient 1, proof `G1`) verifies with it.

use std::path::PathBuf;

use zkhost_bls12381::kzg::{point_evaluation, versioned_hash, Error, OUTPUT, TAU_G2};

/// `trusted_setup.txt` of the `c-kzg` source cargo unpacked to build this test: the
/// version from the workspace's `Cargo.lock`, the directory under
/// `$CARGO_HOME/registry/src/<index>/`. (Not `cargo metadata`: offline, it needs the
/// manifests of every platform's dependencies, which a build never downloads.)
fn trusted_setup() -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).expect("Cargo.lock");
    let version = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"c-kzg\"\n"))
        .and_then(|p| p.lines().find_map(|l| l.strip_prefix("version = \"")))
        .map(|v| v.trim_end_matches('"').to_string())
        .expect("c-kzg in Cargo.lock");
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .expect("CARGO_HOME or HOME");
    let registries = cargo_home.join("registry/src");
    let path = std::fs::read_dir(&registries)
        .unwrap_or_else(|e| panic!("{}: {e}", registries.display()))
        .filter_map(Result::ok)
        .map(|index| {
            index
                .path()
                .join(format!("c-kzg-{version}/src/trusted_setup.txt"))
        })
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("c-kzg {version}'s source under {}", registries.display()));
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
