//! `zkhost vectors`: every go-ethereum-format vector file below a directory (BN254's
//! `bn256*`, BLS12-381's `bls*`, KZG's `pointEvaluation*`, P-256's `p256Verify*` and
//! ecrecover's `ecRecover*` files), circomlibjs's Poseidon file and Project Wycheproof's
//! P-256, secp256k1 and Ed25519 verification files
//! ([`zkhost_testkit::wycheproof`]), and the BLS-signature files of Wycheproof, RFC 9380
//! and Ethereum's consensus tests ([`zkhost_testkit::bls_signatures`]), on one path.
//!
//! A Wycheproof test whose signature no input of the function can carry (not strict
//! DER, an Ed25519 signature of another length) is not run: its file's line counts
//! them (they are all `invalid`).

use std::process::ExitCode;

use zkhost_abi::{Crypto, Refusal};
use zkhost_bn254::Backend;
use zkhost_gas::{Bls12Gas, GasSchedule};
use zkhost_testkit::contracts::Path;
use zkhost_testkit::{bls12_381, bls_signatures, kzg_p256, poseidon, vectors, wycheproof};

use super::precompile::Executor;

/// The `zkhost vectors` command.
pub(crate) fn run(dir: &std::path::Path, backend: Option<Backend>, via: Path) -> ExitCode {
    let executor = match Executor::new(via, backend) {
        Ok(e) => e,
        Err(e) => return crate::fail(2, &e),
    };
    let found = vectors::discover(dir).and_then(|bn254| {
        let bls12 = bls12_381::discover(dir)?;
        let kzg_p256 = kzg_p256::discover(dir)?;
        let poseidon = poseidon_files(dir)?;
        let mut wycheproof = wycheproof::discover(dir)?;
        wycheproof.extend(bls_signatures::discover(dir)?);
        Ok((bn254, bls12, kzg_p256, poseidon, wycheproof))
    });
    let (bn254, bls12, kzg_p256, poseidon, wycheproof) = match found {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let schedule = GasSchedule::ISTANBUL;
    // Per file: its path, its vector count, the failures, and a note for the status line.
    let mut results: Vec<(&std::path::Path, usize, Vec<vectors::Failure>, String)> = Vec::new();
    for file in &bn254 {
        let failures = file.check(&schedule, true, |op, input| {
            executor.run(op.host_function(), input)
        });
        results.push((&file.path, file.vectors.len(), failures, String::new()));
    }
    for file in &bls12 {
        let price = |op, len| bls12_381::price(&Bls12Gas::PRAGUE, op, len);
        let failures = file.check_priced(price, true, |op, input| {
            executor.run(op.host_function(), input)
        });
        results.push((&file.path, file.vectors.len(), failures, String::new()));
    }
    for file in &kzg_p256 {
        let price = kzg_p256::price;
        // c-kzg's failing cases name their reason in c-kzg's words, not ours: any
        // refusal passes them (the crate's tests check each reason).
        let failures = file.check_priced(price, false, |op, input| executor.run(op, input));
        results.push((&file.path, file.vectors.len(), failures, String::new()));
    }
    for file in &poseidon {
        // circomlibjs's file gives no gas.
        let failures = file.check_priced(|_, _| 0, true, |op, input| executor.run(op, input));
        results.push((&file.path, file.vectors.len(), failures, String::new()));
    }
    // Wycheproof's and the BLS files alike.
    for (file, skipped) in &wycheproof {
        // Wycheproof names no refusal reasons (any refusal passes an invalid test) and
        // gives no gas. P256VERIFY's precompile answers a refusal with the empty output:
        // here that is the refusal it stands for.
        let exec = |op: Crypto, input: &[u8]| match executor.run(op, input) {
            Ok(out) if out.is_empty() && op.refusal() == Refusal::EmptyOutput => {
                Err("refused (the precompile's empty output)".to_string())
            }
            other => other,
        };
        let failures = file.check_priced(|_, _| 0, false, exec);
        let note = match skipped.count() {
            0 => String::new(),
            n => format!(" ({n} not expressible, {}: all invalid)", skipped.why),
        };
        results.push((&file.path, file.vectors.len(), failures, note));
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for (path, total, failures, note) in results {
        passed += total - failures.len();
        failed += failures.len();
        let status = if failures.is_empty() { "ok" } else { "FAILED" };
        println!(
            "{status:6} {} ({} of {total} passed){note}",
            path.display(),
            total - failures.len()
        );
        for f in failures {
            println!("       {f}");
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// circomlibjs's Poseidon files below `dir` (recursively).
fn poseidon_files(
    dir: &std::path::Path,
) -> Result<Vec<vectors::VectorFile<zkhost_abi::Crypto>>, String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        found.extend(poseidon::discover(&d)?);
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("{}: {e}", d.display()))?.path();
            if path.is_dir() {
                stack.push(path);
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(found)
}
