//! `zkhost vectors`: every go-ethereum-format vector file below a directory, on one
//! path.

use std::process::ExitCode;

use zkhost_bn254::Backend;
use zkhost_contracts::Path;
use zkhost_gas::GasSchedule;
use zkhost_testkit::vectors;

use super::precompile::Executor;

/// The `zkhost vectors` command.
pub(crate) fn run(dir: &std::path::Path, backend: Option<Backend>, via: Path) -> ExitCode {
    let executor = match Executor::new(via, backend) {
        Ok(e) => e,
        Err(e) => return crate::fail(2, &e),
    };
    let files = match vectors::discover(dir) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let schedule = GasSchedule::ISTANBUL;
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        let failures = file.check(&schedule, true, |op, input| {
            executor.run(op.host_function(), input)
        });
        let total = file.vectors.len();
        passed += total - failures.len();
        failed += failures.len();
        let status = if failures.is_empty() { "ok" } else { "FAILED" };
        println!(
            "{status:6} {} ({} of {total} passed)",
            file.path.display(),
            total - failures.len()
        );
        for f in failures {
            println!("       {f}");
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && !files.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
