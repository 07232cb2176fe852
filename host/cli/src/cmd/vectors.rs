//! `zkhost vectors`: every go-ethereum-format vector file below a directory (BN254's
//! `bn256*`, BLS12-381's `bls*`, KZG's `pointEvaluation*` and P-256's `p256Verify*`
//! files) and circomlibjs's Poseidon file, on one path.

use std::process::ExitCode;

use zkhost_bn254::Backend;
use zkhost_gas::{Bls12Gas, GasSchedule};
use zkhost_testkit::contracts::Path;
use zkhost_testkit::{bls12_381, kzg_p256, poseidon, vectors};

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
        Ok((bn254, bls12, kzg_p256, poseidon))
    });
    let (bn254, bls12, kzg_p256, poseidon) = match found {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let schedule = GasSchedule::ISTANBUL;
    let mut results: Vec<(&std::path::Path, usize, Vec<vectors::Failure>)> = Vec::new();
    for file in &bn254 {
        let failures = file.check(&schedule, true, |op, input| {
            executor.run(op.host_function(), input)
        });
        results.push((&file.path, file.vectors.len(), failures));
    }
    for file in &bls12 {
        let price = |op, len| bls12_381::price(&Bls12Gas::PRAGUE, op, len);
        let failures = file.check_priced(price, true, |op, input| {
            executor.run(op.host_function(), input)
        });
        results.push((&file.path, file.vectors.len(), failures));
    }
    for file in &kzg_p256 {
        let price = kzg_p256::price;
        // c-kzg's failing cases name their reason in c-kzg's words, not ours: any
        // refusal passes them (the crate's tests check each reason).
        let failures = file.check_priced(price, false, |op, input| executor.run(op, input));
        results.push((&file.path, file.vectors.len(), failures));
    }
    for file in &poseidon {
        // circomlibjs's file gives no gas.
        let failures = file.check_priced(|_, _| 0, true, |op, input| executor.run(op, input));
        results.push((&file.path, file.vectors.len(), failures));
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for (path, total, failures) in results {
        passed += total - failures.len();
        failed += failures.len();
        let status = if failures.is_empty() { "ok" } else { "FAILED" };
        println!(
            "{status:6} {} ({} of {total} passed)",
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
