//! Every BN254 conformance vector (go-ethereum's, plus the edge and must-fail set) on
//! every backend: output bytes, the exact failure reason, and the EIP-1108 gas.

use zkhost_bn254::{Backend, Op};
use zkhost_gas::GasSchedule;
use zkhost_testkit::vectors;

fn vector_files() -> Vec<vectors::VectorFile> {
    let dir = zkhost_testkit::bn254_vectors();
    vectors::discover(&dir).expect("vector files")
}

#[test]
fn the_vector_set_is_complete() {
    let files = vector_files();
    let count = |sub: &str| -> usize {
        files
            .iter()
            .filter(|f| f.path.to_string_lossy().contains(sub))
            .map(|f| f.vectors.len())
            .sum()
    };
    // 49 go-ethereum vectors, 106 edge and must-fail vectors (see PROVENANCE.md).
    assert_eq!(count("/ethereum/"), 49);
    assert_eq!(count("/edge/"), 106);
}

#[test]
fn every_vector_passes_on_every_backend() {
    let files = vector_files();
    for &backend in Backend::ALL {
        for file in &files {
            let failures = file.check(&GasSchedule::ISTANBUL, true, |op, input| {
                backend.run(op, input).map_err(|e| e.to_string())
            });
            assert!(
                failures.is_empty(),
                "{backend} on {}: {failures:#?}",
                file.path.display()
            );
        }
    }
}

#[test]
fn default_backend_passes_every_vector() {
    for file in vector_files() {
        let failures = file.check(&GasSchedule::ISTANBUL, true, |op, input| {
            zkhost_bn254::run(op, input).map_err(|e| e.to_string())
        });
        assert!(
            failures.is_empty(),
            "{}: {failures:#?}",
            file.path.display()
        );
    }
}

#[test]
fn a_wrong_expectation_is_caught() {
    // The runner itself must be able to fail: corrupt one expected output and one
    // expected error, and check both are reported.
    let mut file = vector_files()
        .into_iter()
        .find(|f| f.op == Op::Add && !f.must_fail)
        .expect("add file");
    file.vectors.truncate(1);
    let mut v = file.vectors[0].clone();
    v.expected = Some("00".repeat(63) + "01");
    file.vectors = vec![v];
    assert_eq!(
        file.check(&GasSchedule::ISTANBUL, true, |op, i| Backend::SUBSTRATE_BN
            .run(op, i)
            .map_err(|e| e.to_string()))
            .len(),
        1
    );

    let mut fail = vector_files()
        .into_iter()
        .find(|f| f.op == Op::Pairing && f.must_fail)
        .expect("fail file");
    fail.vectors.truncate(1);
    fail.vectors[0].expected_error = Some("some other reason".into());
    let exec = |op, i: &[u8]| Backend::ARKWORKS.run(op, i).map_err(|e| e.to_string());
    assert_eq!(fail.check(&GasSchedule::ISTANBUL, true, exec).len(), 1);
    assert_eq!(fail.check(&GasSchedule::ISTANBUL, false, exec).len(), 0);
}

#[test]
fn gas_of_the_go_ethereum_vectors_under_byzantium_differs() {
    // The schedule is a value: the same vectors priced under Byzantium must not match
    // their EIP-1108 gas.
    let files = vector_files();
    let ethereum = files
        .iter()
        .filter(|f| f.path.to_string_lossy().contains("/ethereum/"));
    for file in ethereum {
        let failures = file.check(&GasSchedule::BYZANTIUM, true, |op, i| {
            zkhost_bn254::run(op, i).map_err(|e| e.to_string())
        });
        assert_eq!(
            failures.len(),
            file.vectors.iter().filter(|v| v.gas.is_some()).count()
        );
    }
}
