//! `zkhost call`'s inputs (the hex argument, `--input-file`, `--stdin`, `--raw`), its
//! `refusal` key, and `zkhost groth16 --encode` piped into `call`. Every expectation
//! is computed independently of the command line: the native host functions, the
//! runtime called as a library, the contracts' verdict types.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};

use ark_bn254::{G1Affine, G2Affine};
use parity_scale_codec::{DecodeAll, Encode};
use serde_json::{json, Value};

use zkhost_abi::groth16::{CompressedRequest, Request, Verdict};
use zkhost_abi::{Crypto, Message, Response};
use zkhost_bn254::Op;
use zkhost_runtime::{ExecResult, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::groth16 as via_contract;
use zkhost_testkit::contracts::Path as Via;
use zkhost_testkit::{bn254, fixture, rng};

fn exe() -> std::process::Command {
    zkhost_testkit::command(env!("CARGO_BIN_EXE_zkhost"))
}

fn zkhost(args: &[&str]) -> Output {
    exe().args(args).output().expect("run zkhost")
}

/// Runs `zkhost args` with `stdin` as its standard input.
fn zkhost_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = exe()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run zkhost");
    let mut pipe = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&bytes));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn contract(name: &str) -> String {
    zkhost_testkit::fixtures_dir()
        .join("contracts")
        .join(name)
        .display()
        .to_string()
}

/// The one JSON line a successful `call` printed.
fn line(o: &Output) -> Value {
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(out.trim()).expect("a JSON line")
}

/// A scratch file, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, bytes: &[u8]) -> Scratch {
        let path = std::env::temp_dir().join(format!("zkhost-call-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        Scratch(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The JSON line for calling the module at `wasm` on `input`, from the runtime
/// called as a library, with the `output` the caller expects.
fn expected_line(wasm: &str, input: &[u8], gas: u64, output: &[u8], refusal: Value) -> Value {
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let code = rt.deploy(&std::fs::read(wasm).unwrap()).unwrap();
    let outcome = rt.call(&code, input, gas).unwrap();
    match outcome.result {
        ExecResult::Success(out) => assert_eq!(out, output, "the library's output"),
        ExecResult::Trap(t) => panic!("the library's call trapped: {t:?}"),
    }
    json!({
        "status": "success",
        "output": hex::encode(output),
        "trap": null,
        "gas_used": outcome.gas_used,
        "refusal": refusal,
    })
}

fn g1(p: &G1Affine) -> Vec<u8> {
    bn254::g1_bytes(p)
}

fn g2(q: &G2Affine) -> Vec<u8> {
    bn254::g2_bytes(q)
}

#[test]
fn every_input_source_gives_the_same_line() {
    let wasm = contract("forwarder.wasm");
    let mut rng = rng::rng(51);
    let (p, q) = (bn254::random_g1(&mut rng), bn254::random_g1(&mut rng));
    let add = [g1(&p), g1(&q)].concat();
    let message = Message::new(Crypto::AltBn128Add, add.clone()).encode();
    // The function's index byte, the compact length 128 (two bytes), the input.
    assert_eq!(
        message,
        [&[Crypto::AltBn128Add.index(), 0x01, 0x02][..], &add].concat()
    );
    // The sum, natively, as the forwarder's response.
    let sum = zkhost_bn254::run(Op::Add, &add).unwrap();
    let expected = expected_line(
        &wasm,
        &message,
        10_000_000,
        &Response::Ok(sum.to_vec()).encode(),
        Value::Null,
    );

    let hex_arg = zkhost(&["call", &wasm, &hex::encode(&message)]);
    assert_eq!(line(&hex_arg), expected);
    let same = |o: &Output, what: &str| {
        assert_eq!(o.status.code(), Some(0), "{what}: {}", text(&o.stderr));
        assert_eq!(text(&o.stdout), text(&hex_arg.stdout), "{what}");
        assert!(o.stderr.is_empty(), "{what}");
    };

    // Hex in a file: surrounding whitespace and a 0x prefix are allowed.
    let hex_file = Scratch::new(
        "hex",
        format!("  0x{}\n\n", hex::encode(&message)).as_bytes(),
    );
    same(
        &zkhost(&["call", &wasm, "--input-file", hex_file.path()]),
        "hex file",
    );
    let raw_file = Scratch::new("raw", &message);
    same(
        &zkhost(&["call", &wasm, "--input-file", raw_file.path(), "--raw"]),
        "raw file",
    );
    same(
        &zkhost_with_stdin(
            &["call", &wasm, "--stdin"],
            format!("{}\n", hex::encode(&message)).as_bytes(),
        ),
        "hex stdin",
    );
    same(
        &zkhost_with_stdin(&["call", &wasm, "--stdin", "--raw"], &message),
        "raw stdin",
    );
    // Without --raw the same bytes are not hex: refused with the source named.
    let o = zkhost(&["call", &wasm, "--input-file", raw_file.path()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with(&format!("error: {}: invalid hex", raw_file.path())),
        "{}",
        text(&o.stderr)
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn a_70_kb_input_goes_through_a_file() {
    let wasm = contract("forwarder.wasm");
    let mut rng = rng::rng(364);
    // 364 pairs whose product is one: e(P, Q) · e(−P, Q), 182 times.
    let (p, q) = (bn254::random_g1(&mut rng), bn254::random_g2(&mut rng));
    let two = [g1(&p), g2(&q), g1(&(-p)), g2(&q)].concat();
    let pairing = two.repeat(182);
    assert_eq!(pairing.len(), 364 * 192);
    let message = Message::new(Crypto::AltBn128Pairing, pairing.clone()).encode();
    assert!(message.len() > 69_000, "{}", message.len());
    let native = zkhost_bn254::run(Op::Pairing, &pairing).unwrap();
    assert_eq!(native[31], 1, "the product is one");
    let gas = 100_000_000;
    let expected = expected_line(
        &wasm,
        &message,
        gas,
        &Response::Ok(native.to_vec()).encode(),
        Value::Null,
    );
    let gas = gas.to_string();
    let raw = Scratch::new("big-raw", &message);
    let o = zkhost(&[
        "call",
        &wasm,
        "--input-file",
        raw.path(),
        "--raw",
        "--gas",
        &gas,
    ]);
    assert_eq!(line(&o), expected);
    // The same as hex (140 KB, more than one argument may hold on Linux).
    let hex = Scratch::new("big-hex", hex::encode(&message).as_bytes());
    let o = zkhost(&["call", &wasm, "--input-file", hex.path(), "--gas", &gas]);
    assert_eq!(line(&o), expected);
}

#[test]
fn a_refusal_prints_its_code_and_the_native_reason() {
    let wasm = contract("forwarder.wasm");
    let mut rng = rng::rng(4);
    let add = [
        bn254::g1_off_curve(&mut rng),
        g1(&bn254::random_g1(&mut rng)),
    ]
    .concat();
    let error = zkhost_bn254::run(Op::Add, &add).unwrap_err();
    assert_eq!(error, zkhost_bn254::Error::G1NotOnCurve);
    let message = Message::new(Crypto::AltBn128Add, add).encode();
    let expected = expected_line(
        &wasm,
        &message,
        10_000_000,
        &Response::Err(zkhost_abi::err::INVALID).encode(),
        json!({"code": 4, "reason": error.to_string()}),
    );
    assert_eq!(error.last_error(), 4);
    let o = zkhost(&["call", &wasm, &hex::encode(&message)]);
    let v = line(&o);
    assert_eq!(v, expected);
    assert_eq!(v["refusal"]["reason"], "G1 point not on curve");
}

#[test]
fn no_input_is_the_empty_input() {
    let wasm = contract("forwarder.wasm");
    let empty = zkhost(&["call", &wasm, ""]);
    let none = zkhost(&["call", &wasm]);
    assert_eq!(none.status.code(), Some(0), "{}", text(&none.stderr));
    assert_eq!(text(&none.stdout), text(&empty.stdout));
    let file = Scratch::new("empty", b"");
    for raw in [false, true] {
        let mut args = vec!["call", &wasm, "--input-file", file.path()];
        if raw {
            args.push("--raw");
        }
        assert_eq!(text(&zkhost(&args).stdout), text(&none.stdout), "raw {raw}");
    }
    // The forwarder traps on a message it cannot decode: the library's outcome.
    let rt = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let code = rt.deploy(&std::fs::read(&wasm).unwrap()).unwrap();
    let outcome = rt.call(&code, &[], 10_000_000).unwrap();
    let trap = outcome.trap().expect("an empty message traps");
    let v: Value = serde_json::from_str(text(&none.stdout).trim()).unwrap();
    assert_eq!(
        v,
        json!({
            "status": "trap",
            "output": "",
            "trap": trap.name(),
            "gas_used": outcome.gas_used,
            "refusal": null,
        })
    );
}

#[test]
fn conflicting_sources_are_rejected() {
    let wasm = contract("forwarder.wasm");
    let file = Scratch::new("conflict", b"0200");
    let conflict = "cannot be used with";
    let missing = "required arguments were not provided";
    let cases: [(&[&str], &str); 6] = [
        (&["0200", "--stdin"], conflict),
        (&["0200", "--input-file", file.path()], conflict),
        (&["--input-file", file.path(), "--stdin"], conflict),
        // --raw only with a file or standard input.
        (&["0200", "--raw"], missing),
        (&["--raw"], missing),
        (
            &["--input-file"],
            "a value is required for '--input-file <PATH>'",
        ),
    ];
    for (extra, why) in cases {
        let args: Vec<&str> = ["call", wasm.as_str()]
            .iter()
            .chain(extra)
            .copied()
            .collect();
        let o = zkhost(&args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(o.stdout.is_empty(), "{extra:?}");
        let err = text(&o.stderr);
        assert!(
            err.starts_with("error: ") && err.contains(why),
            "{extra:?}: {err}"
        );
    }
}

// ---- groth16 --encode ----

fn fixture_files() -> [String; 3] {
    let d = zkhost_testkit::fixtures_dir().join("groth16");
    ["verification_key.json", "proof.json", "public.json"].map(|f| d.join(f).display().to_string())
}

/// `zkhost groth16 FILES --encode [extra]` piped into `zkhost call CONTRACT --stdin`:
/// the encoder's line and the call's JSON line.
fn encode_and_call(extra: &[&str], contract_name: &str) -> (String, Value) {
    let files = fixture_files();
    let mut encoder = exe()
        .arg("groth16")
        .args(&files)
        .arg("--encode")
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("run zkhost groth16");
    let wasm = contract(contract_name);
    // The encoder's stdout, kept so the line can be checked too, is `call`'s stdin.
    let mut encoded = Vec::new();
    std::io::Read::read_to_end(&mut encoder.stdout.take().unwrap(), &mut encoded).unwrap();
    assert!(encoder.wait().unwrap().success());
    let call = zkhost_with_stdin(&["call", &wasm, "--stdin"], &encoded);
    (text(&encoded), line(&call))
}

fn verdict(v: &Value) -> Verdict {
    assert_eq!(v["status"], "success", "{v}");
    let bytes = hex::decode(v["output"].as_str().unwrap()).unwrap();
    Verdict::decode_all(&mut &bytes[..]).expect("a SCALE verdict")
}

#[test]
fn encode_pipes_into_the_verifier() {
    let request = fixture::request().unwrap();
    let (encoded, v) = encode_and_call(&[], "groth16-verifier.wasm");
    assert!(encoded.ends_with('\n') && encoded.lines().count() == 1);
    let bytes = hex::decode(encoded.trim()).unwrap();
    assert_eq!(Request::decode_all(&mut &bytes[..]).unwrap(), request);
    assert_eq!(verdict(&v), Verdict::Valid);
    assert_eq!(v["refusal"], Value::Null);

    // A real pipe too: the encoder's stdout is `call`'s stdin.
    let files = fixture_files();
    let mut encoder = exe()
        .arg("groth16")
        .args(&files)
        .arg("--encode")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let call = exe()
        .args(["call", &contract("groth16-verifier.wasm"), "--stdin"])
        .stdin(encoder.stdout.take().unwrap())
        .output()
        .unwrap();
    assert!(encoder.wait().unwrap().success());
    assert_eq!(line(&call), v);
}

#[test]
fn encode_compressed_pipes_into_the_compressed_verifier() {
    let request = fixture::request().unwrap();
    let (encoded, v) = encode_and_call(&["--compressed"], "groth16-compressed-verifier.wasm");
    let bytes = hex::decode(encoded.trim()).unwrap();
    let decoded = CompressedRequest::decode_all(&mut &bytes[..]).unwrap();
    assert_eq!(decoded.vk, request.vk);
    assert_eq!(decoded.inputs, request.inputs);
    // The proof's points decompress to the snarkjs file's.
    use zkhost_bn254::compress;
    assert_eq!(
        compress::g1_decompress(&decoded.proof.a),
        Ok(request.proof.a)
    );
    assert_eq!(
        compress::g2_decompress(&decoded.proof.b),
        Ok(request.proof.b)
    );
    assert_eq!(
        compress::g1_decompress(&decoded.proof.c),
        Ok(request.proof.c)
    );
    assert_eq!(verdict(&v), Verdict::Valid);
    // The uncompressed message is not the compressed verifier's.
    assert_ne!(bytes, via_contract::message(Via::Contract, &request));
}

#[test]
fn encode_fails_like_verify_and_keeps_its_flags_apart() {
    let [vk, proof, public] = fixture_files();
    // A file that cannot be read: the same error as when verifying, exit 2.
    for extra in [
        &[][..],
        &["--encode"][..],
        &["--encode", "--compressed"][..],
    ] {
        let o = zkhost(
            &[
                &["groth16", "/nonexistent/vk.json", &proof, &public][..],
                extra,
            ]
            .concat(),
        );
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(text(&o.stderr).starts_with("error: /nonexistent/vk.json: "));
        assert!(o.stdout.is_empty());
    }
    // --compressed needs --encode; --encode verifies nowhere.
    for args in [
        vec!["groth16", &vk, &proof, &public, "--compressed"],
        vec![
            "groth16", &vk, &proof, &public, "--encode", "--via", "contract",
        ],
    ] {
        let o = zkhost(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
    }
    // Verifying is unchanged.
    let o = zkhost(&["groth16", &vk, &proof, &public]);
    assert_eq!(
        (o.status.code(), text(&o.stdout)),
        (Some(0), "valid\n".into())
    );
}
