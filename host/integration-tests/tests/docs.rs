//! The documentation cannot rot silently. CI does not install mdBook, so this test
//! checks what a book build and a reader would find broken:
//!
//! - every relative link (and image) in `README.md`, the book under `docs/` and the
//!   crate READMEs names a file that exists, and a link to a heading names one that
//!   exists (GitHub's and mdBook's anchors);
//! - every `{{#include path}}` or `{{#include path:anchor}}` resolves;
//! - every chapter file is in `docs/src/SUMMARY.md`;
//! - every table marked `<!-- quoted from benches/report/… -->` is, line for line, in
//!   that report, and the report index (`docs/src/reports.md`) gives each report's CPU
//!   and mean load as its JSON does: measurements live in the reports, and the prose
//!   quoting them cannot drift;
//! - Rust code in the book and the crate READMEs is compiled: a crate README with Rust
//!   is its crate's rustdoc (so its examples are doc tests), and the book's one Rust
//!   block is the embedding example (`host/runtime/tests/embedding.rs` checks it is
//!   `examples/embed.rs` line for line);
//! - the README keeps the two set-up commands near the top and stays short.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `a/b/../c` as `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The Markdown files whose links and code this test checks, relative to the root.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut docs = vec![PathBuf::from("README.md")];
    let mut stack = vec![PathBuf::from("docs")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(root.join(&dir)).unwrap() {
            let name = entry.unwrap().file_name();
            let rel = dir.join(&name);
            if root.join(&rel).is_dir() {
                stack.push(rel);
            } else if rel.extension().is_some_and(|e| e == "md") {
                docs.push(rel);
            }
        }
    }
    docs.extend(crate_readmes());
    docs.sort();
    docs
}

/// `host/<crate>/README.md`, for every crate that has one.
fn crate_readmes() -> Vec<PathBuf> {
    let root = root();
    let mut out = vec![];
    for entry in fs::read_dir(root.join("host")).unwrap() {
        let dir = entry.unwrap().path();
        let readme = dir.join("README.md");
        if readme.exists() {
            out.push(
                PathBuf::from("host")
                    .join(dir.file_name().unwrap())
                    .join("README.md"),
            );
        }
    }
    out.sort();
    out
}

/// The text outside fenced code blocks and inline code spans, line by line (a
/// fenced or inline `](x)` is code, not a link).
fn prose_lines(text: &str) -> Vec<String> {
    let mut out = vec![];
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut kept = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                kept.push_str(part);
            }
        }
        out.push(kept);
    }
    out
}

/// The targets of inline links and images: `[text](target)` and `![alt](target)`.
fn links(text: &str) -> Vec<String> {
    let mut out = vec![];
    for line in prose_lines(text) {
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].trim().to_string());
            rest = &after[end..];
        }
    }
    out
}

/// The anchor GitHub and mdBook give a heading: lower case, letters, digits, `-` and
/// `_` kept, spaces to `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| {
            if c == ' ' {
                Some('-')
            } else if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c)
            } else {
                None
            }
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The anchors of a Markdown file's headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced {
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            out.insert(slug(&line[hashes..].replace('`', "")));
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let root = root();
    let mut broken = vec![];
    let mut checked = 0;
    for doc in documents() {
        let text = read(&root.join(&doc));
        let dir = doc.parent().unwrap().to_path_buf();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                doc.clone()
            } else {
                normalize(&dir.join(path))
            };
            if file.starts_with("..") || !root.join(&file).exists() {
                broken.push(format!("{}: {target}: no such file", doc.display()));
                continue;
            }
            if let Some(anchor) = anchor {
                if file.extension().is_some_and(|e| e == "md")
                    && !anchors(&read(&root.join(&file))).contains(anchor)
                {
                    broken.push(format!(
                        "{}: {target}: no heading #{anchor} in {}",
                        doc.display(),
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked > 100,
        "only {checked} links found: is the parser broken?"
    );
}

#[test]
fn every_include_resolves() {
    let root = root();
    let mut broken = vec![];
    for doc in documents() {
        let text = read(&root.join(&doc));
        let dir = doc.parent().unwrap().to_path_buf();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("{{#include ") {
            let after = &rest[i + "{{#include ".len()..];
            let end = after.find("}}").expect("an unclosed {{#include");
            let spec = after[..end].trim();
            rest = &after[end..];
            let (path, anchor) = match spec.split_once(':') {
                Some((p, a)) => (p, Some(a)),
                None => (spec, None),
            };
            let file = root.join(normalize(&dir.join(path)));
            let Ok(included) = fs::read_to_string(&file) else {
                broken.push(format!("{}: {spec}: no such file", doc.display()));
                continue;
            };
            // A line range (`:10`, `:2:8`) needs no anchor; a name does.
            if let Some(anchor) = anchor.filter(|a| !a.starts_with(|c: char| c.is_ascii_digit())) {
                if !included.contains(&format!("ANCHOR: {anchor}")) {
                    broken.push(format!("{}: {spec}: no ANCHOR: {anchor}", doc.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken includes:\n{}", broken.join("\n"));
}

#[test]
fn every_chapter_is_in_the_summary() {
    let root = root();
    let summary = read(&root.join("docs/src/SUMMARY.md"));
    let listed: BTreeSet<String> = links(&summary).into_iter().collect();
    for entry in fs::read_dir(root.join("docs/src")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") && name != "SUMMARY.md" {
            assert!(
                listed.contains(&name),
                "docs/src/{name} is not in SUMMARY.md"
            );
        }
    }
    assert!(root.join("docs/book.toml").exists());
}

const QUOTED: &str = "<!-- quoted from ";

#[test]
fn quoted_tables_are_in_their_reports() {
    let root = root();
    let mut quoted = 0;
    let mut drifted = vec![];
    for doc in documents() {
        let text = read(&root.join(&doc));
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix(QUOTED) else {
                continue;
            };
            let report = rest.trim_end_matches("-->").trim();
            assert!(
                report.starts_with("benches/report/"),
                "{}: {report}: reports live in benches/report/",
                doc.display()
            );
            let source = read(&root.join(report));
            let source: BTreeSet<&str> = source.lines().map(str::trim_end).collect();
            let table: Vec<&str> = lines[i + 1..]
                .iter()
                .take_while(|l| l.starts_with('|'))
                .copied()
                .collect();
            assert!(
                table.len() >= 3,
                "{}: the table quoted from {report} needs a header, a rule and a row",
                doc.display()
            );
            for row in table {
                if !source.contains(row.trim_end()) {
                    drifted.push(format!("{} (from {report}): {row}", doc.display()));
                }
            }
            quoted += 1;
        }
    }
    assert!(
        drifted.is_empty(),
        "rows not in their report (copy them again from the report):\n{}",
        drifted.join("\n")
    );
    assert!(quoted >= 10, "only {quoted} quoted tables found");
}

#[test]
fn the_report_index_matches_the_reports() {
    let root = root();
    let index = read(&root.join("docs/src/reports.md"));
    let mut checked = 0;
    for row in index.lines().filter(|l| l.starts_with("| [`")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        // | report (json) | what | date | CPU | load mean | committed in |
        let Some(json) = cells[1]
            .split("(`")
            .nth(1)
            .and_then(|s| s.split("`)").next())
            .filter(|s| s.ends_with(".json"))
        else {
            continue;
        };
        let report: serde_json::Value =
            serde_json::from_str(&read(&root.join("benches/report").join(json))).unwrap();
        let cpu = report["machine"]["cpu"].as_str().unwrap();
        assert!(
            cells[4].starts_with(cpu),
            "{json}: CPU {cpu}, index says {}",
            cells[4]
        );
        if let Some(id) = report["machine"].get("cpu_id") {
            let exact = format!(
                "{} family {} model {} stepping {}",
                id["vendor"].as_str().unwrap(),
                id["family"],
                id["model"],
                id["stepping"]
            );
            assert!(
                cells[4].contains(&exact),
                "{json}: {exact}, index says {}",
                cells[4]
            );
        }
        // The index gives the mean to two decimals. Compared as numbers within half a
        // unit of the last decimal: serde_json's float parsing is not always correctly
        // rounded (it depends on a feature another crate may enable), and a mean that
        // ends in 5 at the third decimal can then round either way.
        let load = report["run"]["load"]["mean"].as_f64().unwrap();
        let given: f64 = cells[5]
            .parse()
            .unwrap_or_else(|_| panic!("{json}: load mean {} is not a number", cells[5]));
        assert!(
            (given - load).abs() <= 0.005 + 1e-9,
            "{json}: mean load {load:.3}, index says {given}"
        );
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} JSON reports in the index");
}

#[test]
fn rust_in_the_docs_is_compiled() {
    let root = root();
    // A crate README with Rust in it must be its crate's rustdoc: its examples are
    // then doc tests.
    for readme in crate_readmes() {
        let lib = root.join(readme.parent().unwrap()).join("src/lib.rs");
        let text = read(&root.join(&readme));
        if text.contains("```rust") {
            assert!(
                read(&lib).contains("#![doc = include_str!(\"../README.md\")]"),
                "{}: its Rust is not a doc test: {} lacks #![doc = include_str!(\"../README.md\")]",
                readme.display(),
                lib.display()
            );
        }
    }
    // The book's Rust is the embedding example, checked line for line against
    // `host/runtime/examples/embed.rs` by host/runtime/tests/embedding.rs, and the
    // contract template's files, included whole: CI builds and tests the template
    // (`.ci/run`, "a new contract").
    for doc in documents().iter().filter(|d| d.starts_with("docs")) {
        let text = read(&root.join(doc));
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let fence = line.trim_start();
            if fence.starts_with("```rust") {
                let template = doc.ends_with("first-contract.md")
                    && lines
                        .next()
                        .is_some_and(|l| l.starts_with("{{#include ../../host/cli/template/"));
                assert!(
                    (doc.ends_with("embedding.md") || template) && fence == "```rust,ignore",
                    "{}: a Rust block the tests do not compile; make it a doc test in a \
                     crate README or an example, and link to it",
                    doc.display()
                );
            }
        }
    }
}

#[test]
fn the_readme_is_short_and_starts_with_the_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines; move detail into docs/"
    );
    let commands = "```sh\n\
        # the main job: the gas-cost benchmark (report on stdout; add --quick for a one-minute run)\n\
        cargo run --release -- bench --json bench.json --svg plots\n\
        \n\
        # the tests\n\
        cargo test --workspace\n\
        ```\n";
    let at = readme.find(commands).expect("the two set-up commands");
    assert!(
        readme[..at].lines().count() < 30,
        "the set-up commands are not near the top"
    );
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(slug("BLS12-381 (EIP-2537)"), "bls12-381-eip-2537");
    assert_eq!(slug("Contract ABI v1"), "contract-abi-v1");
    assert_eq!(
        slug("BLS12-381: blst and arkworks"),
        "bls12-381-blst-and-arkworks"
    );
    assert_eq!(
        slug("zkhost against mcl and gnark-crypto"),
        "zkhost-against-mcl-and-gnark-crypto"
    );
}

/// The book's ABI lists (`docs/src/abi.md`, "Contract ABI v1") are the contracts
/// README's generated section, included whole: the anchors enclose exactly the lines
/// `tests/contracts_readme.rs` generates from the table and checks, so a host function
/// added to `zkhost_abi::foreach_crypto_function!` appears in the book with no edit there.
#[test]
fn the_books_abi_lists_are_the_generated_section() {
    let book = read(&root().join("docs/src/abi.md"));
    assert_eq!(
        book.matches("{{#include ../../contracts/README.md:imports}}")
            .count(),
        1,
        "docs/src/abi.md includes the contracts README's generated lists once"
    );
    let readme = read(&root().join("contracts/README.md"));
    let begin = readme
        .find("<!-- ANCHOR: imports -->\n<!-- generated from zkhost_abi's table")
        .expect("the anchor opens on the generated section's first line");
    let end = readme
        .find("<!-- end generated -->\n<!-- ANCHOR_END: imports -->")
        .expect("the anchor closes on the generated section's last line");
    assert!(begin < end);
}
