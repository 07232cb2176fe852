//! `zkhost new`: the crate it writes, and what it refuses. (Building and testing that
//! crate needs the wasm32 target: CI does it, `.ci/run`'s "a new contract" step.)

use std::path::{Path, PathBuf};
use std::process::Output;

fn zkhost(args: &[&str]) -> Output {
    zkhost_testkit::command(env!("CARGO_BIN_EXE_zkhost"))
        .args(args)
        .output()
        .expect("run zkhost")
}

/// An empty directory of this test's own under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zkhost-new-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn new_writes_a_crate_of_that_name_pointing_at_this_checkout() {
    let dir = scratch("crate");
    let at = dir.join("my-demo");
    let out = zkhost(&["new", "my-demo", "--path", at.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for file in [
        "Cargo.toml",
        "Cargo.lock",
        ".cargo/config.toml",
        ".gitignore",
        "src/lib.rs",
        "tests/contract.rs",
    ] {
        assert!(at.join(file).is_file(), "{file}");
    }
    let manifest = read(&at.join("Cargo.toml"));
    assert!(manifest.contains("name = \"my-demo\""), "{manifest}");
    // Its dependencies are this checkout's crates.
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap();
    let guest = format!("path = \"{}/contracts/zkhost-guest\"", checkout.display());
    assert!(manifest.contains(&guest), "{manifest}");
    // The test names the library and the module by the crate's name.
    let test = read(&at.join("tests/contract.rs"));
    assert!(test.contains("use my_demo::{Error, Message};"), "{test}");
    assert!(test.contains("out/my_demo.wasm"), "{test}");
    // It loads the module through the check that refuses a stale one.
    assert!(test.contains("zkhost_harness::built!()"), "{test}");
    // The lock file is the workspace's.
    assert_eq!(
        read(&at.join("Cargo.lock")),
        read(&checkout.join("Cargo.lock"))
    );
    // The stack flag applies to wasm32 builds only.
    let config = read(&at.join(".cargo/config.toml"));
    assert!(config.contains("[target.wasm32-unknown-unknown]"));
    assert!(config.contains("-zstack-size=65536"));

    // A second time it refuses, and leaves the crate as it was.
    let again = zkhost(&["new", "my-demo", "--path", at.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    assert_eq!(read(&at.join("Cargo.toml")), manifest);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn new_refuses_a_name_that_is_no_package_name() {
    let dir = scratch("names");
    for name in ["Demo", "2fa", "a b", "../escape"] {
        let at = dir.join("x");
        let out = zkhost(&["new", name, "--path", at.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(!at.exists(), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
