//! `zkhost test`: `zkhost build`, then `cargo test`, so that the tests never run a
//! module older than the crate's sources.

use std::path::Path;
use std::process::{Command, ExitCode};

/// The `zkhost test` command, on the crate of `manifest` (default: cargo's search from
/// the current directory): builds the module as `zkhost build` does (stopping if the
/// build fails or a node would refuse the module), then runs `cargo test` with
/// `cargo_args` and exits with its status.
pub(crate) fn run(manifest: Option<&Path>, cargo_args: &[String]) -> ExitCode {
    let built = super::build::run(manifest, &[]);
    if built != ExitCode::SUCCESS {
        return built;
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.arg("test");
    if let Some(m) = manifest {
        command.arg("--manifest-path").arg(m);
    }
    command.args(cargo_args);
    match command.status() {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => ExitCode::from(status.code().map_or(1, |c| c.clamp(1, 255) as u8)),
        Err(e) => crate::fail(2, &format!("could not run cargo: {e}")),
    }
}
