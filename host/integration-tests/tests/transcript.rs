//! The cross-architecture transcript (see `zkhost_testkit::transcript`): regenerated
//! here and compared, line by line, with the one committed from x86-64. On x86-64 this
//! keeps the committed file current; under qemu (`.ci/cross`) it checks that aarch64
//! and big-endian s390x give every output byte and every unit of gas that x86-64 does.
//!
//! Every difference fails. Recursion depth was the last to differ (native frames are
//! larger on s390x): it is now metered deterministically (`zkhost_runtime::stack`),
//! and the probe and deploy corpora's deep recursions are lines like any other.
//!
//! `ZKHOST_BLESS_TRANSCRIPT=1` rewrites the committed file instead (x86-64 only: it is
//! the reference). On a mismatch the generated transcript is written next to the
//! committed one as `<arch>.mismatch.txt` for a diff.

use std::path::PathBuf;

fn committed() -> PathBuf {
    zkhost_testkit::fixtures_dir().join("transcript/x86_64.txt")
}

#[test]
fn every_output_and_gas_equals_the_x86_64_transcript() {
    let generated = zkhost_testkit::transcript::generate().expect("the transcript's inputs");
    // A path of this checkout in a line would make the transcript differ by clone.
    let checkout = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the checkout");
    let checkout = checkout.to_string_lossy();
    let leaked: Vec<&str> = generated
        .lines()
        .filter(|l| l.contains(checkout.as_ref()))
        .collect();
    assert!(
        leaked.is_empty(),
        "{} transcript lines name this checkout's path, e.g. {:?}",
        leaked.len(),
        leaked.first()
    );
    let path = committed();
    if std::env::var_os("ZKHOST_BLESS_TRANSCRIPT").is_some() {
        assert_eq!(
            std::env::consts::ARCH,
            "x86_64",
            "the committed transcript is x86-64's"
        );
        std::fs::write(&path, &generated).expect("write the transcript");
        return;
    }
    let expected = std::fs::read_to_string(&path).expect("the committed transcript");
    let (g, e): (Vec<&str>, Vec<&str>) = (generated.lines().collect(), expected.lines().collect());
    let mut differing = Vec::new();
    for i in 0..g.len().max(e.len()) {
        let (here, x86) = (g.get(i).copied(), e.get(i).copied());
        if here != x86 {
            let (here, x86) = (here.unwrap_or("(none)"), x86.unwrap_or("(none)"));
            differing.push(format!(
                "line {}:\n  here:   {here}\n  x86-64: {x86}",
                i + 1
            ));
        }
    }
    if differing.is_empty() {
        eprintln!("all {} lines identical to {}", e.len(), path.display());
        return;
    }
    let out = path.with_file_name(format!("{}.mismatch.txt", std::env::consts::ARCH));
    let _ = std::fs::write(&out, &generated);
    let shown: Vec<&str> = differing.iter().take(20).map(String::as_str).collect();
    panic!(
        "{} of {} lines differ from the x86-64 transcript (this machine's is in {}; \
         on x86-64 after an intended change, rerun with ZKHOST_BLESS_TRANSCRIPT=1):\n{}",
        differing.len(),
        e.len(),
        out.display(),
        shown.join("\n")
    );
}
