//! `contracts/README.md`'s "Contract ABI v1" lists every host function and every
//! `last_error` code, and that list is generated from `zkhost_abi`'s table: between the
//! two markers (`BEGIN`, `END` below) the README must hold exactly what `generate`
//! makes, so a function or a code added to the table (or a meaning changed) without
//! regenerating the README fails here. To regenerate:
//!
//! ```sh
//! ZKHOST_BLESS_DOCS=1 cargo test -p zkhost-integration-tests --test contracts_readme
//! ```
//!
//! Only the text between the markers is the generator's; the rest of the README is
//! written by hand.
//!
//! What `zkhost_abi` exposes at run time is used as it is: `Io::ALL`, `Crypto::ALL`
//! (each function's index, name, family and output length), `Function::params` and
//! `results`, `Family::ALL`, `last_error::{NAME, PARAMS, RESULTS, NONE, ALL}` and, per
//! code, `last_error::{name, family, class, describe}`. The one-line meaning of a
//! function is the doc comment of its row, which Rust does not keep at run time: it is
//! read from the source, `host/abi/src/table.rs` for the crypto rows and
//! `host/abi/src/lib.rs` for `Io`'s variants (whose doc comments also give the I/O
//! functions' parameter names), and the names read there must be the API's, in its
//! order, with the API's parameter and result counts.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use zkhost_abi::{last_error, Crypto, Family, Function, Io, ValType};

/// The line that opens the generated section.
const BEGIN: &str =
    "<!-- generated from zkhost_abi's table by host/integration-tests/tests/contracts_readme.rs; \
     ZKHOST_BLESS_DOCS=1 cargo test -p zkhost-integration-tests --test contracts_readme rewrites it -->";
/// The line that closes it.
const END: &str = "<!-- end generated -->";
/// Set, the test rewrites the section instead of comparing it.
const BLESS: &str = "ZKHOST_BLESS_DOCS";

const README: &str = "contracts/README.md";
const TABLE_RS: &str = "host/abi/src/table.rs";
const LIB_RS: &str = "host/abi/src/lib.rs";

/// The parameter names of every crypto function (the table's "Every function is
/// `(in_ptr: i32, in_len: i32, out_ptr: i32) -> i32`").
const CRYPTO_PARAMS: [&str; 3] = ["in_ptr", "in_len", "out_ptr"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    let path = root().join(rel);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A family's name in prose (an exhaustive match: a new family needs its name here).
/// A crypto function's input column: the length it is defined on (the typed guest
/// wrapper's `&[u8; N]`), or that it varies.
fn input_cell(f: Crypto) -> String {
    f.input_len()
        .map_or_else(|| "varies".to_string(), |n| format!("{n} bytes"))
}

fn family_name(family: Family) -> &'static str {
    match family {
        Family::Bn254 => "BN254",
        Family::Bls12381 => "BLS12-381",
        Family::Verkle => "Verkle",
        Family::Kzg => "KZG",
        Family::P256 => "P-256",
        Family::Poseidon => "Poseidon",
        Family::Secp256k1 => "secp256k1",
        Family::Ed25519 => "Ed25519",
        Family::BlsSignatures => "BLS signatures",
    }
}

fn val_type(t: ValType) -> &'static str {
    match t {
        ValType::I32 => "i32",
        ValType::I64 => "i64",
    }
}

/// ` -> i32` for one result, nothing for none.
fn results_suffix(results: &[ValType]) -> String {
    match results {
        [] => String::new(),
        [t] => format!(" -> {}", val_type(*t)),
        many => format!(
            " -> ({})",
            many.iter()
                .map(|t| val_type(*t))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Rustdoc links as plain text: `[text](path)` becomes `text`, and `` [`path`] `` becomes
/// `` `path` ``. Other brackets are kept.
fn strip_doc_links(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        // [text](path), path not a URL
        if let Some(close) = after.find("](") {
            let target_end = after[close + 2..].find(')');
            if let Some(end) = target_end {
                let target = &after[close + 2..close + 2 + end];
                let label = &after[..close];
                if !target.contains("://") && !label.contains(['[', ']']) && !target.contains(' ') {
                    out.push_str(label);
                    rest = &after[close + 2 + end + 1..];
                    continue;
                }
            }
        }
        // [`path`], one code span alone in the brackets
        if let Some(code) = after.strip_prefix('`') {
            if let Some(end) = code.find('`') {
                if code[end + 1..].starts_with(']') && !code[end + 1..].starts_with("](") {
                    out.push('`');
                    out.push_str(&code[..=end]);
                    rest = &code[end + 2..];
                    continue;
                }
            }
        }
        out.push('[');
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The first paragraph of a doc comment (the text of its `///` lines) as one line,
/// without its final period, links as plain text.
fn one_line(doc: &[&str]) -> String {
    let text = doc
        .iter()
        .map(|l| l.trim())
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    strip_doc_links(text.strip_suffix('.').unwrap_or(&text))
}

/// A Markdown table cell: `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The import name and the one-line doc comment of each row of
/// `foreach_crypto_function!`, in the table's order, read from `table.rs`'s source.
fn crypto_meanings(table_rs: &str) -> Vec<(String, String)> {
    let start = table_rs
        .find("macro_rules! foreach_crypto_function")
        .expect("table.rs defines foreach_crypto_function!");
    let body = &table_rs[start..];
    let open = body
        .find("$mac! {")
        .expect("foreach_crypto_function! calls $mac!");
    let mut rows = vec![];
    let mut doc: Vec<&str> = vec![];
    for line in body[open + "$mac! {".len()..].lines() {
        let line = line.trim();
        if line == "}" {
            break;
        }
        if let Some(d) = line.strip_prefix("///") {
            doc.push(d);
            continue;
        }
        // A row starts `import_name: Variant, ...`; its continuation lines do not.
        if let Some((name, rest)) = line.split_once(':') {
            let is_row = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && rest.starts_with(' ')
                && rest
                    .trim_start()
                    .starts_with(|c: char| c.is_ascii_uppercase());
            if is_row {
                rows.push((name.to_string(), one_line(&doc)));
            }
        }
        doc.clear();
    }
    rows
}

/// The signature (`input_read(dest_ptr)`) and the one-line meaning of each `Io`
/// variant, in declaration order, from their doc comments in `lib.rs`
/// (`` `signature`: meaning ``).
fn io_docs(lib_rs: &str) -> Vec<(String, String)> {
    let start = lib_rs.find("pub enum Io {").expect("lib.rs defines Io");
    let mut out = vec![];
    let mut doc: Vec<&str> = vec![];
    for line in lib_rs[start + "pub enum Io {".len()..].lines() {
        let line = line.trim();
        if line == "}" {
            break;
        }
        if let Some(d) = line.strip_prefix("///") {
            doc.push(d);
            continue;
        }
        if line.ends_with(',') {
            let text = one_line(&doc);
            let (signature, meaning) = text
                .strip_prefix('`')
                .and_then(|t| t.split_once("`: "))
                .unwrap_or_else(|| {
                    panic!("{line} Io's doc comment is not \"`signature`: meaning\": {text}")
                });
            out.push((signature.to_string(), meaning.to_string()));
        }
        doc.clear();
    }
    out
}

/// The generated section: the text between the `BEGIN` and `END` lines, made from
/// `zkhost_abi` and the doc comments in the sources `table_rs` and `lib_rs`.
fn generate(table_rs: &str, lib_rs: &str) -> String {
    let meanings = crypto_meanings(table_rs);
    let names: Vec<&str> = meanings.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        Crypto::ALL.map(Crypto::name),
        "the rows read from {TABLE_RS} are not Crypto::ALL: has the table's format changed?"
    );
    let io = io_docs(lib_rs);
    assert_eq!(
        io.len(),
        Io::ALL.len(),
        "the Io variants read from {LIB_RS} are not Io::ALL"
    );

    let mut out = String::from("\n### I/O and `last_error`\n\n");
    out.push_str("| import | signature | meaning |\n|---|---|---|\n");
    for (f, (signature, meaning)) in Io::ALL.into_iter().zip(&io) {
        let function = Function::Io(f);
        let args = signature
            .strip_prefix(f.name())
            .and_then(|s| s.strip_prefix('('))
            .and_then(|s| s.split_once(')'))
            .unwrap_or_else(|| panic!("{LIB_RS}: {f:?}'s doc names `{signature}`"));
        let params: Vec<&str> = args
            .0
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        assert_eq!(
            params.len(),
            function.params().len(),
            "{LIB_RS}: {f:?}'s doc gives the parameters ({}), the ABI {:?}",
            args.0,
            function.params()
        );
        let results = results_suffix(function.results());
        assert_eq!(
            args.1,
            results,
            "{LIB_RS}: {f:?}'s doc gives the result `{}`, the ABI {:?}",
            args.1,
            function.results()
        );
        writeln!(
            out,
            "| `{}` | `({}){results}` | {} |",
            f.name(),
            params.join(", "),
            cell(meaning)
        )
        .unwrap();
    }
    writeln!(
        out,
        "| `{}` | `(){}` | optional, added to v1 (a contract that does not import it is unchanged, \
         gas included): the code of the last refusal in this call (a crypto function that \
         returned 1), {} if there was none; each family's codes are listed below |",
        last_error::NAME,
        results_suffix(last_error::RESULTS),
        last_error::NONE
    )
    .unwrap();
    assert!(last_error::PARAMS.is_empty(), "last_error takes parameters");

    for family in Family::ALL {
        let functions: Vec<(Crypto, &str)> = Crypto::ALL
            .into_iter()
            .zip(&meanings)
            .filter(|(f, _)| f.family() == family)
            .map(|(f, (_, meaning))| (f, meaning.as_str()))
            .collect();
        let codes: Vec<i32> = last_error::ALL
            .into_iter()
            .filter(|&c| last_error::family(c) == Some(family))
            .collect();
        writeln!(out, "\n### {} (`Family::{family:?}`)", family_name(family)).unwrap();
        if !functions.is_empty() {
            out.push_str(
                "\n| index | import | input | output | meaning |\n|---:|---|---|---|---|\n",
            );
        }
        for (f, meaning) in functions {
            let function = Function::Crypto(f);
            assert_eq!(
                function.params(),
                [ValType::I32; CRYPTO_PARAMS.len()],
                "{}'s parameters",
                f.name()
            );
            assert_eq!(function.results(), [ValType::I32], "{}'s results", f.name());
            assert!(
                !meaning.is_empty(),
                "{TABLE_RS}: {} has no doc comment",
                f.name()
            );
            writeln!(
                out,
                "| {} | `{}` | {} | {} bytes | {} |",
                f.index(),
                f.name(),
                input_cell(f),
                f.output_len(),
                cell(meaning)
            )
            .unwrap();
        }
        if codes.is_empty() {
            continue;
        }
        out.push_str(
            "\nRefusal codes (what `last_error()` returns after one of these functions returned 1):\n\n",
        );
        out.push_str("| code | name | class | meaning |\n|---:|---|---|---|\n");
        for code in codes {
            writeln!(
                out,
                "| {code} | `{}` | `{:?}` | {} |",
                last_error::name(code).expect("a code's name"),
                last_error::class(code),
                cell(last_error::describe(code).expect("a code's meaning"))
            )
            .unwrap();
        }
    }
    out.push('\n');
    out
}

/// The byte range of the text between the `BEGIN` and `END` lines of `readme`.
fn section(readme: &str) -> Result<std::ops::Range<usize>, String> {
    let marker = |m: &str| -> Result<usize, String> {
        let at: Vec<usize> = readme
            .match_indices(m)
            .map(|(i, _)| i)
            .filter(|&i| {
                (i == 0 || readme[..i].ends_with('\n'))
                    && readme[i + m.len()..].starts_with(['\n', '\r'])
            })
            .collect();
        match at[..] {
            [i] => Ok(i),
            [] => Err(format!("no line `{m}`")),
            _ => Err(format!("{} lines `{m}`", at.len())),
        }
    };
    let begin = marker(BEGIN)?;
    let end = marker(END)?;
    let start = begin + BEGIN.len() + readme[begin + BEGIN.len()..].find('\n').unwrap_or(0) + 1;
    if end < start {
        return Err("the end marker comes before the start marker".to_string());
    }
    Ok(start..end)
}

/// `Ok` when `readme`'s generated section is `expected`, else what differs.
fn check(readme: &str, expected: &str) -> Result<(), String> {
    let range = section(readme)?;
    let found = &readme[range];
    if found == expected {
        return Ok(());
    }
    let found_lines: Vec<&str> = found.lines().filter(|l| !l.trim().is_empty()).collect();
    let expected_lines: Vec<&str> = expected.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut report = vec![];
    for l in &expected_lines {
        if !found_lines.contains(l) {
            report.push(format!("missing: {l}"));
        }
    }
    for l in &found_lines {
        if !expected_lines.contains(l) {
            report.push(format!("not in the table: {l}"));
        }
    }
    if report.is_empty() {
        report.push("the same lines in another order or spacing".to_string());
    }
    Err(report.join("\n"))
}

/// `readme` with its generated section replaced by `generated`.
fn replace(readme: &str, generated: &str) -> Result<String, String> {
    let range = section(readme)?;
    Ok(format!(
        "{}{generated}{}",
        &readme[..range.start],
        &readme[range.end..]
    ))
}

fn generated() -> String {
    generate(&read(TABLE_RS), &read(LIB_RS))
}

#[test]
fn the_readmes_abi_section_is_generated_from_the_table() {
    let expected = generated();
    let readme = read(README);
    if std::env::var_os(BLESS).is_some() {
        let new = replace(&readme, &expected)
            .unwrap_or_else(|e| panic!("{README}: {e}: put the two markers in its ABI section"));
        if new != readme {
            fs::write(root().join(README), new).expect("write the README");
        }
        return;
    }
    if let Err(diff) = check(&readme, &expected) {
        panic!(
            "{README}'s generated ABI section is not zkhost_abi's table; rerun with \
             {BLESS}=1 cargo test -p zkhost-integration-tests --test contracts_readme:\n{diff}"
        );
    }
}

/// The generator leaves nothing out: one row per I/O function, `last_error`, crypto
/// function and code, and no other row.
#[test]
fn every_function_and_code_has_one_row() {
    let text = generated();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| import") && !l.starts_with("| index"))
        .filter(|l| !l.starts_with("| code |"))
        .collect();
    let count = |prefix: &str| rows.iter().filter(|r| r.starts_with(prefix)).count();
    for f in Io::ALL {
        assert_eq!(count(&format!("| `{}` |", f.name())), 1, "{f:?}");
    }
    assert_eq!(
        count(&format!("| `{}` | `() -> i32` |", last_error::NAME)),
        1
    );
    for f in Crypto::ALL {
        let row = format!(
            "| {} | `{}` | {} | {} bytes |",
            f.index(),
            f.name(),
            input_cell(f),
            f.output_len()
        );
        assert_eq!(count(&row), 1, "{f:?}");
    }
    for code in last_error::ALL {
        let row = format!("| {code} | `{}` |", last_error::name(code).unwrap());
        assert_eq!(count(&row), 1, "code {code}");
    }
    assert_eq!(
        rows.len(),
        Io::ALL.len() + 1 + Crypto::ALL.len() + last_error::ALL.len()
    );
    // Each family heading once, in Family::ALL's order.
    let headings: Vec<&str> = text.lines().filter(|l| l.starts_with("### ")).collect();
    assert_eq!(headings.len(), 1 + Family::ALL.len());
}

/// The comparison fails on a missing row, an extra row, and missing markers; it passes
/// on the generated text, whatever surrounds the section.
#[test]
fn a_missing_or_extra_row_fails_the_check() {
    let expected = generated();
    let readme = format!("# title\n\nprose\n\n{BEGIN}\n{expected}{END}\n\n## after\n");
    assert_eq!(check(&readme, &expected), Ok(()));
    assert_eq!(section(&readme).map(|r| &readme[r]), Ok(expected.as_str()));

    let row = format!("| `{}` |", Crypto::ALL[Crypto::ALL.len() - 1].name());
    let line = expected.lines().find(|l| l.contains(&row)).unwrap();
    let without = readme.replace(&format!("{line}\n"), "");
    assert_ne!(without, readme);
    let err = check(&without, &expected).unwrap_err();
    assert!(err.contains(&format!("missing: {line}")), "{err}");

    let code_row = expected.lines().find(|l| l.starts_with("| 1 | ")).unwrap();
    let extra = readme.replace(
        &format!("{code_row}\n"),
        &format!("{code_row}\n{code_row}\n"),
    );
    assert!(check(&extra, &expected).is_err());

    assert!(check("# no markers\n", &expected).is_err());
    assert!(check(&format!("{END}\n{BEGIN}\n"), &expected).is_err());

    // Blessing replaces only the section.
    let stale = format!("# title\n\n{BEGIN}\n\nold\n\n{END}\n\n## after\n");
    assert_eq!(
        replace(&stale, &expected),
        Ok(readme.replace("prose\n\n", ""))
    );
}

/// A changed row of the table (here a meaning) changes the generated text, so the
/// committed README no longer passes until it is regenerated.
#[test]
fn a_changed_table_needs_a_regenerated_readme() {
    let table = read(TABLE_RS);
    let changed = table.replacen(
        "/// Ethereum precompile 0x06",
        "/// A changed meaning of precompile 0x06",
        1,
    );
    assert_ne!(
        changed, table,
        "{TABLE_RS}: alt_bn128_add's doc comment moved"
    );
    let expected = generate(&changed, &read(LIB_RS));
    assert!(expected.contains("| A changed meaning of precompile 0x06"));
    assert!(check(&read(README), &expected).is_err());
}

/// A row read from the source that is not the API's stops the generator.
#[test]
#[should_panic(expected = "are not Crypto::ALL")]
fn a_table_source_out_of_step_with_the_api_is_refused() {
    let table = read(TABLE_RS);
    let changed = table.replacen(
        "alt_bn128_add: AltBn128Add",
        "alt_bn128_plus: AltBn128Add",
        1,
    );
    assert_ne!(changed, table);
    generate(&changed, &read(LIB_RS));
}

#[test]
fn doc_links_are_plain_text() {
    assert_eq!(
        strip_doc_links("the [`Crypto`](crate::Crypto) and [`NONE`], [1, n) and [x]"),
        "the `Crypto` and `NONE`, [1, n) and [x]"
    );
    assert_eq!(one_line(&[" a", " b.", "", " c"]), "a b");
}
