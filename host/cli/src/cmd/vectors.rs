//! `zkhost vectors`: every go-ethereum-format vector file below a directory (BN254's
//! `bn256*` and BLS12-381's `bls*` files), on one path.

use std::process::ExitCode;

use zkhost_bn254::Backend;
use zkhost_contracts::Path;
use zkhost_gas::{Bls12Gas, GasSchedule};
use zkhost_testkit::{bls12_381, vectors};

use super::precompile::Executor;

/// The `zkhost vectors` command.
pub(crate) fn run(dir: &std::path::Path, backend: Option<Backend>, via: Path) -> ExitCode {
    let executor = match Executor::new(via, backend) {
        Ok(e) => e,
        Err(e) => return crate::fail(2, &e),
    };
    let found = vectors::discover(dir)
        .and_then(|bn254| bls12_381::discover(dir).map(|bls12| (bn254, bls12)));
    let (bn254, bls12) = match found {
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
