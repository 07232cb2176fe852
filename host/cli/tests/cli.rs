//! The `zkhost` command line, run as a user would.

use std::io::Write;
use std::process::{Output, Stdio};

use zkhost_testkit::{bn254, rng};

fn zkhost(args: &[&str]) -> Output {
    zkhost_testkit::command(env!("CARGO_BIN_EXE_zkhost"))
        .args(args)
        .output()
        .expect("run zkhost")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn add_input() -> String {
    let g = bn254::g1_bytes(&bn254::random_g1(&mut rng::rng(21)));
    hex::encode([g.clone(), g].concat())
}

#[test]
fn precompile_prints_hex_and_exits_zero() {
    let input = add_input();
    let expected = hex::encode(
        zkhost_bn254::run(zkhost_bn254::Op::Add, &hex::decode(&input).unwrap()).unwrap(),
    );
    for arg in [input.clone(), format!("0x{input}")] {
        let o = zkhost(&["precompile", "bn254-add", &arg]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("{expected}\n"));
    }
    for backend in ["substrate-bn", "arkworks", "halo2curves", "zkhost"] {
        let o = zkhost(&["precompile", "bn254-add", &input, "--backend", backend]);
        assert_eq!(stdout(&o), format!("{expected}\n"), "{backend}");
    }
    // Empty input: the pairing check of nothing is true; ECADD of nothing is O + O.
    let o = zkhost(&["precompile", "bn254-pairing", ""]);
    assert_eq!(stdout(&o), format!("{}1\n", "0".repeat(63)));
    let o = zkhost(&["precompile", "bn254-add", "0x"]);
    assert_eq!(stdout(&o), format!("{}\n", "0".repeat(128)));
}

#[test]
fn invalid_input_prints_the_reason_and_exits_one() {
    let o = zkhost(&["precompile", "bn254-pairing", "00"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: pairing input length not a multiple of 192\n"
    );
    assert!(stdout(&o).is_empty());
    let o = zkhost(&["precompile", "bn254-mul", &"ff".repeat(96)]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: G1 coordinate not less than field modulus\n"
    );
    let o = zkhost(&["precompile", "bn254-add", "zz"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: invalid hex"));
    let o = zkhost(&["precompile", "bn254-add", "00", "--backend", "mcl"]);
    assert_eq!(o.status.code(), Some(2), "usage error");
}

#[test]
fn every_path_prints_the_same_lines() {
    let inputs = [
        add_input(),
        "ff".repeat(128),
        String::new(),
        "00".repeat(129),
    ];
    for input in &inputs {
        for op in ["bn254-add", "bn254-mul", "bn254-pairing", "bn254-msm"] {
            let native = zkhost(&["precompile", op, input]);
            for via in ["contract", "wasm"] {
                let other = zkhost(&["precompile", op, input, "--via", via]);
                assert_eq!(
                    other.status.code(),
                    native.status.code(),
                    "{op} --via {via}"
                );
                assert_eq!(stdout(&other), stdout(&native), "{op} --via {via}");
                assert_eq!(stderr(&other), stderr(&native), "{op} --via {via}");
            }
        }
    }
}

#[test]
fn stdin_mode_handles_100_000_lines() {
    let good = add_input();
    let lines: Vec<String> = (0..100_000)
        .map(|i| {
            if i % 10 == 3 {
                "ff".repeat(64)
            } else {
                good.clone()
            }
        })
        .collect();
    let mut child = zkhost_testkit::command(env!("CARGO_BIN_EXE_zkhost"))
        .args(["precompile", "bn254-add", "--stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let text = lines.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    let expected_ok = hex::encode(
        zkhost_bn254::run(zkhost_bn254::Op::Add, &hex::decode(&good).unwrap()).unwrap(),
    );
    let got: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(got.len(), 100_000);
    for (i, line) in got.iter().enumerate() {
        if i % 10 == 3 {
            assert_eq!(*line, "error: G1 coordinate not less than field modulus");
        } else {
            assert_eq!(*line, expected_ok);
        }
    }
}

#[test]
fn vectors_command_reports_and_fails_on_failure() {
    let dir = zkhost_testkit::bn254_vectors();
    let o = zkhost(&["vectors", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().last(), Some("155 passed, 0 failed"));
    assert_eq!(stdout(&o).lines().count(), 10);

    // A must-succeed vector with a wrong expectation, and a must-fail vector that passes.
    let tmp = std::env::temp_dir().join(format!("zkhost-cli-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(
        tmp.join("bn256Add.json"),
        r#"[{"Input": "", "Expected": "01", "Name": "wrong"}]"#,
    )
    .unwrap();
    std::fs::write(
        tmp.join("fail-bn256ScalarMul.json"),
        r#"[{"Input": "", "ExpectedError": "x", "Name": "valid"}]"#,
    )
    .unwrap();
    let o = zkhost(&["vectors", tmp.to_str().unwrap(), "--via", "contract"]);
    std::fs::remove_dir_all(&tmp).unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().last(), Some("0 passed, 2 failed"));
}

#[test]
fn call_prints_one_json_line() {
    let wasm = zkhost_testkit::fixtures_dir()
        .join("contracts")
        .join("forwarder.wasm");
    // The message for the pairing check on an empty input: index 2, compact length 0.
    let o = zkhost(&["call", wasm.to_str().unwrap(), "0200"]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["status"], "success");
    assert_eq!(v["output"], format!("0080{}01", "0".repeat(62)));
    assert!(v["gas_used"].as_u64().unwrap() > 45_000);

    let o = zkhost(&["call", wasm.to_str().unwrap(), "0200", "--gas", "1000"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (
            v["status"].as_str(),
            v["trap"].as_str(),
            v["gas_used"].as_u64()
        ),
        (Some("trap"), Some("out of gas"), Some(1000))
    );

    let bad = std::env::temp_dir().join(format!("zkhost-bad-{}.wasm", std::process::id()));
    std::fs::write(&bad, wat::parse_str(r#"(module (import "env" "f" (func)) (memory (export "memory") 1) (func (export "call")))"#).unwrap())
        .unwrap();
    let o = zkhost(&["call", bad.to_str().unwrap(), ""]);
    std::fs::remove_file(&bad).unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "error: import not allowed: env::f\n");
}

#[test]
fn help_explains_every_command() {
    let o = zkhost(&["--help"]);
    assert!(o.status.success());
    for cmd in ["precompile", "vectors", "call"] {
        assert!(stdout(&o).contains(cmd));
        let h = zkhost(&[cmd, "--help"]);
        assert!(h.status.success() && stdout(&h).len() > 200, "{cmd} --help");
    }
    // `precompile --help` ends with every function of the table, each once.
    let h = stdout(&zkhost(&["precompile", "--help"]));
    let (_, list) = h.split_once("Functions, by family:").expect("the list");
    for f in zkhost_abi::Crypto::ALL {
        let named = list
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| *w == f.report_name())
            .count();
        assert_eq!(
            named,
            1,
            "{} in precompile --help:\n{list}",
            f.report_name()
        );
    }
}

#[test]
fn load_prints_calls_per_second_for_each_workload_and_thread_count() {
    let o = zkhost(&["load", "--seconds", "0.2", "--threads", "1,2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().skip(2).collect();
    assert_eq!(rows.len(), 4, "{out}");
    for (row, (workload, threads)) in rows.iter().zip([
        ("add", "1"),
        ("add", "2"),
        ("pairing", "1"),
        ("pairing", "2"),
    ]) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert!(
            cells[1].starts_with(workload) && cells[2] == threads,
            "{row}"
        );
        let calls: u64 = cells[3].parse().unwrap();
        assert!(calls > 0, "{row}");
    }
}

#[test]
fn verkle_ops_agree_natively_and_through_the_contract() {
    // commit([1]) is the first CRS point (host/verkle/vectors/simple_vectors.json).
    let one = format!("01{}", "00".repeat(31));
    let g0 = "01587ad1336675eb912550ec2a28eb8923b824b490dd2ba82e48f14590a298a0";
    for via in ["native", "contract"] {
        let o = zkhost(&["precompile", "verkle-commit", &one, "--via", via]);
        assert!(o.status.success(), "{via}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), g0, "{via}");
        let o = zkhost(&["precompile", "verkle-to-field", g0, "--via", via]);
        assert_eq!(
            stdout(&o).trim(),
            "4f1adbafba7a06779b41fae410bbf62870639ef45c31cc6a4a2f57e7d2407b0a",
            "{via}"
        );
        // A scalar >= r is refused with its position.
        let o = zkhost(&[
            "precompile",
            "verkle-commit",
            &"ff".repeat(32),
            "--via",
            via,
        ]);
        assert_eq!(o.status.code(), Some(1), "{via}");
        assert!(
            stderr(&o).contains("scalar 0 is not less than the group order"),
            "{via}: {}",
            stderr(&o)
        );
        // Update slot 0 from 1 to 0: back to the identity.
        let update = format!("{g0}00{one}{}", "00".repeat(32));
        let o = zkhost(&["precompile", "verkle-update", &update, "--via", via]);
        assert_eq!(stdout(&o).trim(), "00".repeat(32), "{via}");
    }
    let o = zkhost(&["precompile", "verkle-commit", &one, "--via", "wasm"]);
    assert_eq!(o.status.code(), Some(1));
    // EIP-6800: the zero address at tree index 0 (rust-verkle's and go-ethereum's
    // vector); the uncompressed commitment of [1] is G0 with its y.
    for via in ["native", "contract"] {
        let o = zkhost(&[
            "precompile",
            "verkle-tree-key",
            &"00".repeat(64),
            "--via",
            via,
        ]);
        assert_eq!(
            stdout(&o).trim(),
            "bf101a6e1c8e83c11bd203a582c7981b91097ec55cbd344ce09005c1f26d1922",
            "{via}: {}",
            stderr(&o)
        );
        let o = zkhost(&[
            "precompile",
            "verkle-tree-key",
            &"00".repeat(63),
            "--via",
            via,
        ]);
        assert_eq!(o.status.code(), Some(1), "{via}");
        let o = zkhost(&[
            "precompile",
            "verkle-commit-uncompressed",
            &one,
            "--via",
            via,
        ]);
        let out = stdout(&o);
        assert_eq!(out.trim().len(), 128, "{via}: {out}");
        assert!(out.starts_with(g0), "{via}: {out}");
        let update = format!("{}00{one}{}", out.trim(), "00".repeat(32));
        let o = zkhost(&[
            "precompile",
            "verkle-update-uncompressed",
            &update,
            "--via",
            via,
        ]);
        let identity = format!("{}{}", "00".repeat(32), &verkle_minus_one_be());
        assert_eq!(stdout(&o).trim(), identity, "{via}: {}", stderr(&o));
    }
}

/// `p − 1` of Bandersnatch's base field, big-endian hex: the identity's `y` in the
/// uncompressed form (the lexicographically largest of ±1).
fn verkle_minus_one_be() -> String {
    "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000".to_string()
}
