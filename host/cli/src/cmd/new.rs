//! `zkhost new`: a contract crate that builds and tests as it is.
//!
//! The template (`host/cli/template/`) is a `no_std` crate with a message enum, one
//! handler behind `zkhost_guest::entry!`, the release profile of a contract, the wasm32
//! linker flag in `.cargo/config.toml`, and a test that calls the built module through
//! `zkhost-harness`. Until zkhost's crates are published its dependencies point at the
//! checkout this binary was built from.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The template's files: (path in the new crate, text with `{{name}}`, `{{crate}}` and
/// `{{checkout}}` to fill in).
const FILES: [(&str, &str); 5] = [
    ("Cargo.toml", include_str!("../../template/Cargo.toml.tmpl")),
    (
        ".cargo/config.toml",
        include_str!("../../template/.cargo/config.toml"),
    ),
    (".gitignore", include_str!("../../template/gitignore")),
    ("src/lib.rs", include_str!("../../template/src/lib.rs")),
    (
        "tests/contract.rs",
        include_str!("../../template/tests/contract.rs"),
    ),
];

/// The workspace's lock file: the new crate starts from the versions zkhost is built
/// and tested with (and a build sharing zkhost's target directory reuses its crates).
const LOCK: &str = include_str!("../../../../Cargo.lock");

/// The checkout this binary was built from (`host/cli/../..`).
fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether `name` can be a package name here: lowercase ASCII letters, digits, `-`
/// and `_`, starting with a letter (its library is then `name` with `_` for `-`).
fn valid_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

/// The template's `text` for the crate `name` of the checkout `checkout`.
fn fill(text: &str, name: &str, checkout: &str) -> String {
    text.replace("{{name}}", name)
        .replace("{{crate}}", &name.replace('-', "_"))
        .replace("{{checkout}}", checkout)
}

/// The `zkhost new` command: writes the crate `name` into `dir` (default `./name`).
pub(crate) fn run(name: &str, dir: Option<&Path>) -> ExitCode {
    if !valid_name(name) {
        return crate::fail(
            2,
            &format!("`{name}` is not a package name here: lowercase letters, digits, - and _, starting with a letter"),
        );
    }
    let dir = dir.map_or_else(|| PathBuf::from(name), Path::to_path_buf);
    if dir.exists() {
        return crate::fail(2, &format!("{} already exists", dir.display()));
    }
    let checkout = match checkout().canonicalize() {
        Ok(c) if c.join("contracts/zkhost-guest/Cargo.toml").is_file() => c,
        _ => {
            return crate::fail(
                2,
                &format!(
                    "the zkhost checkout this binary was built from ({}) is gone: the new crate's dependencies point at it",
                    checkout().display()
                ),
            )
        }
    };
    let Some(checkout) = checkout.to_str() else {
        return crate::fail(2, "the zkhost checkout's path is not UTF-8");
    };
    let mut files: Vec<(&str, String)> = FILES
        .iter()
        .map(|(path, text)| (*path, fill(text, name, checkout)))
        .collect();
    files.push(("Cargo.lock", LOCK.to_string()));
    for (path, text) in files {
        let path = dir.join(path);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        if let Err(e) = written {
            return crate::fail(2, &format!("{}: {e}", path.display()));
        }
    }
    println!("created the contract crate `{name}` in {}", dir.display());
    println!("next: cd {} && zkhost test", dir.display());
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(valid_name("demo"));
        assert!(valid_name("my-contract_2"));
        for bad in ["", "Demo", "2fa", "-x", "a b", "a/b", "é"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn every_placeholder_is_filled() {
        for (path, text) in FILES {
            let filled = fill(text, "my-demo", "/checkout");
            assert!(!filled.contains("{{"), "{path}");
        }
        let (_, manifest) = FILES[0];
        let filled = fill(manifest, "my-demo", "/checkout");
        assert!(filled.contains("name = \"my-demo\""));
        assert!(filled.contains("path = \"/checkout/contracts/zkhost-guest\""));
    }
}
