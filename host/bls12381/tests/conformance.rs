//! Every EIP-2537 vector of go-ethereum (`vectors/`, see PROVENANCE.md) on every
//! backend: the output bytes, the exact failure message, and the gas from the length.

use zkhost_bls12381::{Backend, Op};
use zkhost_gas::Bls12Gas;
use zkhost_testkit::bls12_381::{discover, price, vectors_dir, VectorFile};
use zkhost_testkit::vectors::Failure;

fn files() -> Vec<VectorFile> {
    discover(&vectors_dir()).expect("vector files")
}

/// What is wrong with running `file` on `exec`: one entry per failing vector.
fn failures(
    file: &VectorFile,
    gas: &Bls12Gas,
    exec: impl Fn(Op, &[u8]) -> Result<Vec<u8>, String>,
) -> Vec<Failure> {
    file.check_priced(|op, len| price(gas, op, len), true, exec)
}

#[test]
fn the_vector_set_is_complete_and_unchanged() {
    let files = files();
    let count = |fail: bool| -> usize {
        files
            .iter()
            .filter(|f| f.must_fail == fail)
            .map(|f| f.vectors.len())
            .sum()
    };
    assert_eq!(files.len(), 18);
    assert_eq!(count(false), 869);
    assert_eq!(count(true), 59);
    for op in Op::ALL {
        assert!(files.iter().any(|f| f.op == op && f.must_fail), "{op}");
        assert!(files.iter().any(|f| f.op == op && !f.must_fail), "{op}");
    }
    // The files are go-ethereum's, byte for byte (SHA256SUMS, from PROVENANCE.md).
    let sums = std::fs::read_to_string(vectors_dir().join("SHA256SUMS")).expect("sums");
    assert_eq!(sums.lines().count(), 18);
    for line in sums.lines() {
        let (hash, name) = line.split_once("  ").expect("sha256sum format");
        let bytes = std::fs::read(vectors_dir().join(name)).expect("vector file");
        assert_eq!(sha256_hex(&bytes), hash, "{name}");
    }
}

#[test]
fn every_vector_passes_on_every_backend() {
    assert!(
        Backend::ALL.len() >= 2,
        "the tests build the arkworks backend"
    );
    for &backend in Backend::ALL {
        for file in files() {
            let f = failures(&file, &Bls12Gas::PRAGUE, |op, input| {
                backend.run(op, input).map_err(|e| e.to_string())
            });
            assert!(f.is_empty(), "{backend} on {}: {f:#?}", file.path.display());
        }
    }
}

#[test]
fn the_default_backend_is_blst_and_passes_every_vector() {
    assert_eq!(Backend::default(), Backend::BLST);
    for file in files() {
        let f = failures(&file, &Bls12Gas::PRAGUE, |op, input| {
            zkhost_bls12381::run(op, input).map_err(|e| e.to_string())
        });
        assert!(f.is_empty(), "{}: {f:#?}", file.path.display());
    }
}

#[test]
fn a_wrong_expectation_is_caught() {
    // The runner must be able to fail: a corrupted output, error and gas each count.
    let mut file = files()
        .into_iter()
        .find(|f| f.op == Op::G1Add && !f.must_fail)
        .expect("G1Add file");
    file.vectors.truncate(2);
    file.vectors[0].expected = Some("00".repeat(127) + "01");
    file.vectors[1].gas = Some(376);
    let exec = |op, i: &[u8]| Backend::BLST.run(op, i).map_err(|e| e.to_string());
    assert_eq!(failures(&file, &Bls12Gas::PRAGUE, exec).len(), 2);

    let mut fail = files()
        .into_iter()
        .find(|f| f.op == Op::Pairing && f.must_fail)
        .expect("fail file");
    fail.vectors.truncate(1);
    fail.vectors[0].expected_error = Some("some other reason".into());
    assert_eq!(failures(&fail, &Bls12Gas::PRAGUE, exec).len(), 1);
}

#[test]
fn every_operation_refuses_empty_input() {
    for &backend in Backend::ALL {
        for op in Op::ALL {
            assert_eq!(
                backend.run(op, &[]),
                Err(zkhost_bls12381::Error::InputLength),
                "{backend} {op}"
            );
        }
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(bytes))
}
