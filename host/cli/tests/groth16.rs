//! Groth16 verification: the committed proof (fixtures/groth16, made by ark-groth16)
//! natively, through the groth16-verifier contract, in pure WebAssembly and through
//! the CLI; every single change to it rejected with its reason on every path; the
//! contract's gas, exactly.

use std::path::PathBuf;

use ark_bn254::G1Affine;
use ark_ec::AffineRepr;
use serde_json::{json, Value};

use zkhost_bn254::{self as bn254, encoding::GROUP_ORDER};
use zkhost_gas::GasSchedule;
use zkhost_groth16::{self as groth16, Invalid, Point, Request};
use zkhost_runtime::{HostCosts, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::groth16 as via_contract;
use zkhost_testkit::contracts::Path as Via;
use zkhost_testkit::{self as testkit, rng};
use zkhost_testkit::{fixture, snarkjs};

fn request() -> Request {
    fixture::request().expect("the committed fixtures parse")
}

/// The answer on every path, checked to be the same; returns it.
fn verify_everywhere(rt: &Runtime, request: &Request) -> Result<(), Invalid> {
    let native = groth16::verify(&request.vk, &request.proof, &request.inputs);
    for via in [Via::Contract, Via::Wasm] {
        let code = rt
            .deploy(via_contract::contract(via).unwrap())
            .expect("deploys");
        let (outcome, result) = via_contract::verify_via(rt, &code, via, request, 1 << 40);
        assert!(outcome.is_some());
        let result = result.unwrap_or_else(|e| panic!("{via:?}: {e}"));
        assert_eq!(result, native, "{via:?} agrees with native");
    }
    native
}

fn runtime() -> Runtime {
    Runtime::new(RuntimeConfig::from_env()).expect("runtime")
}

#[test]
fn the_committed_proof_verifies_on_every_path() {
    let rt = runtime();
    let r = request();
    assert_eq!(r.inputs.len(), 2);
    assert_eq!(r.vk.ic.len(), 3);
    assert_eq!(verify_everywhere(&rt, &r), Ok(()));
}

fn g1(bytes: &[u8]) -> [u8; 64] {
    bytes.try_into().expect("64 bytes")
}

fn g2(bytes: &[u8]) -> [u8; 128] {
    bytes.try_into().expect("128 bytes")
}

/// A G1 point with canonical coordinates that is not on the curve: y + 1.
fn off_curve(p: &[u8; 64]) -> [u8; 64] {
    let mut q = *p;
    q[63] = q[63].wrapping_add(1);
    q
}

fn flip(bytes: &mut [u8], bit: usize) {
    bytes[bytes.len() - 1 - bit / 8] ^= 1 << (bit % 8);
}

fn outside_subgroup() -> [u8; 128] {
    g2(&testkit::bn254::g2_bytes(
        &testkit::bn254::twist_point_outside_subgroup(&mut rng::rng(80)),
    ))
}

type Change = Box<dyn Fn(&mut Request)>;

/// Each single change to the valid request, and the reason it must be rejected with.
fn single_changes() -> Vec<(&'static str, Change, Invalid)> {
    let point = |point, error| Invalid::Point { point, error };
    let r = GROUP_ORDER;
    vec![
        (
            "a flipped bit in A's x",
            Box::new(|q: &mut Request| flip(&mut q.proof.a[..32], 0)),
            point(Point::A, bn254::Error::G1NotOnCurve),
        ),
        (
            "a flipped top bit in A's y (>= p)",
            Box::new(|q: &mut Request| flip(&mut q.proof.a[32..], 255)),
            point(Point::A, bn254::Error::G1CoordinateNotInField),
        ),
        (
            "a flipped bit in B",
            Box::new(|q: &mut Request| flip(&mut q.proof.b, 7)),
            point(Point::B, bn254::Error::G2NotOnCurve),
        ),
        (
            "a flipped bit in C",
            Box::new(|q: &mut Request| flip(&mut q.proof.c[32..], 3)),
            point(Point::C, bn254::Error::G1NotOnCurve),
        ),
        (
            "A replaced by −A (a valid point)",
            Box::new(|q: &mut Request| q.proof.a = groth16::negate_g1(&q.proof.a)),
            Invalid::PairingFailed,
        ),
        (
            "C replaced by C + G (a valid point)",
            Box::new(|q: &mut Request| {
                let gen = g1(&testkit::bn254::g1_bytes(&G1Affine::generator()));
                let sum = bn254::run(bn254::Op::Add, &[q.proof.c, gen].concat()).unwrap();
                q.proof.c = g1(&sum);
            }),
            Invalid::PairingFailed,
        ),
        (
            "B replaced by β (a valid point)",
            Box::new(|q: &mut Request| q.proof.b = q.vk.beta),
            Invalid::PairingFailed,
        ),
        (
            "a changed public input",
            Box::new(|q: &mut Request| q.inputs[0][31] ^= 1),
            Invalid::PairingFailed,
        ),
        (
            "public input 1 = r",
            Box::new(move |q: &mut Request| q.inputs[1] = r),
            Invalid::InputNotLessThanR(1),
        ),
        (
            "public input 0 = 2^256 − 1",
            Box::new(|q: &mut Request| q.inputs[0] = [0xff; 32]),
            Invalid::InputNotLessThanR(0),
        ),
        (
            "vk_alpha_1 off the curve",
            Box::new(|q: &mut Request| q.vk.alpha = off_curve(&q.vk.alpha)),
            point(Point::Alpha, bn254::Error::G1NotOnCurve),
        ),
        (
            "IC[2] off the curve",
            Box::new(|q: &mut Request| q.vk.ic[2] = off_curve(&q.vk.ic[2])),
            point(Point::Ic(2), bn254::Error::G1NotOnCurve),
        ),
        (
            "IC[0] off the curve",
            Box::new(|q: &mut Request| q.vk.ic[0] = off_curve(&q.vk.ic[0])),
            point(Point::Ic(0), bn254::Error::G1NotOnCurve),
        ),
        (
            "pi_b outside the G2 subgroup",
            Box::new(|q: &mut Request| q.proof.b = outside_subgroup()),
            point(Point::B, bn254::Error::G2NotInSubgroup),
        ),
        (
            "vk_delta_2 outside the G2 subgroup",
            Box::new(|q: &mut Request| q.vk.delta = outside_subgroup()),
            point(Point::Delta, bn254::Error::G2NotInSubgroup),
        ),
        (
            "vk_gamma_2 with a coordinate >= p",
            Box::new(|q: &mut Request| q.vk.gamma[..32].copy_from_slice(&[0xff; 32])),
            point(Point::Gamma, bn254::Error::G2CoordinateNotInField),
        ),
        (
            "one public input too few",
            Box::new(|q: &mut Request| {
                q.inputs.pop();
            }),
            Invalid::InputCount {
                expected: 2,
                got: 1,
            },
        ),
        (
            "one public input too many",
            Box::new(|q: &mut Request| q.inputs.push([0; 32])),
            Invalid::InputCount {
                expected: 2,
                got: 3,
            },
        ),
        (
            "no IC point",
            Box::new(|q: &mut Request| q.vk.ic.clear()),
            Invalid::NoIc,
        ),
        (
            "two invalid points: the first in the order is named",
            Box::new(|q: &mut Request| {
                q.vk.ic[1] = off_curve(&q.vk.ic[1]);
                q.proof.c = off_curve(&q.proof.c);
            }),
            point(Point::C, bn254::Error::G1NotOnCurve),
        ),
    ]
}

#[test]
fn every_single_change_is_rejected_with_its_reason_on_every_path() {
    let rt = runtime();
    for (what, change, expected) in single_changes() {
        let mut r = request();
        change(&mut r);
        assert_eq!(verify_everywhere(&rt, &r), Err(expected), "{what}");
    }
    // A proof with no public inputs at all (IC of one point) is checked without the
    // MSM: the same answer on every path.
    let mut r = request();
    r.inputs.clear();
    r.vk.ic.truncate(1);
    assert_eq!(verify_everywhere(&rt, &r), Err(Invalid::PairingFailed));
    r.vk.ic[0] = off_curve(&r.vk.ic[0]);
    assert_eq!(
        verify_everywhere(&rt, &r),
        Err(Invalid::Point {
            point: Point::Ic(0),
            error: bn254::Error::G1NotOnCurve
        })
    );
}

#[test]
fn points_at_infinity_are_valid_and_skipped_on_every_path() {
    let rt = runtime();
    // A = O: the pair (−A, B) contributes nothing, the equation fails.
    let mut r = request();
    r.proof.a = [0; 64];
    assert_eq!(verify_everywhere(&rt, &r), Err(Invalid::PairingFailed));
    // All-zero public inputs: vk_x = IC[0] (the MSM's sum is O).
    let mut r = request();
    r.inputs = vec![[0; 32]; 2];
    assert_eq!(verify_everywhere(&rt, &r), Err(Invalid::PairingFailed));
}

/// The gas of one verification through `groth16-verifier`, derived from the gas
/// schedule and the runtime's host costs, plus the contract's own instructions.
///
/// The contract's own fuel is measured separately, on a runtime whose host functions
/// cost nothing; with the default costs the call must use exactly that plus the
/// price of its six host calls, computed here from the published schedule.
#[test]
fn the_contract_uses_exactly_the_scheduled_gas() {
    let r = request();
    let message = via_contract::message(Via::Contract, &r);
    let n = r.inputs.len() as u64;

    let free = zkhost_testkit::contracts::BN254_AND_HOST_CALLS_FREE;
    let rt_free = Runtime::new(RuntimeConfig {
        costs: free,
        ..RuntimeConfig::from_env()
    })
    .unwrap();
    let code = rt_free
        .deploy(via_contract::contract(Via::Contract).unwrap())
        .unwrap();
    let own = rt_free.call(&code, &message, 1 << 40).unwrap();
    assert_eq!(own.output(), Some(&[0u8][..]), "Verdict::Valid");
    let own = own.gas_used;

    let costs = HostCosts::default();
    assert_eq!((costs.host_call, costs.per_byte), (100, 1));
    assert_eq!(costs.precompiles, GasSchedule::ISTANBUL);
    // The MSM of n = 2 records: 2 × 6000 × discount(2) / 1000 with the discount
    // table's 677 (zkhost_gas::MSM_DISCOUNT).
    let istanbul = GasSchedule::ISTANBUL;
    assert_eq!(istanbul.msm(2 * 96), 2 * 6000 * 677 / 1000);
    let msm = istanbul.msm(96 * n as usize);
    let host = 100                                  // input_size
        + (100 + message.len() as u64)              // input_read
        + (100 + 96 * n + msm)                      // alt_bn128_g1_msm, n records
        + (100 + 128 + 150)                         // alt_bn128_add, IC[0] + sum
        + (100 + 4 * 192 + 45_000 + 4 * 34_000)     // alt_bn128_pairing, 4 pairs
        + (100 + 1); // output_write of Verdict::Valid (one byte)
    assert_eq!(
        host,
        100 + 100 + message.len() as u64 + 100 + 192 + 8_124 + 378 + 181_868 + 101
    );
    // Of which the precompiles' own prices:
    assert_eq!(
        groth16::precompile_gas(&GasSchedule::ISTANBUL, 2),
        8_124 + 150 + 181_000
    );

    let rt = runtime();
    let code = rt
        .deploy(via_contract::contract(Via::Contract).unwrap())
        .unwrap();
    let fresh = rt.call(&code, &message, 1 << 40).unwrap();
    assert_eq!(fresh.output(), Some(&[0u8][..]));
    assert_eq!(fresh.gas_used, own + host, "own {own} + host {host}");
    // The contract's own work is small next to the host functions', and the same on a
    // reused instance.
    assert!(own < host / 20, "own fuel {own}");
    let mut warm = rt.instantiate(&code).unwrap();
    for _ in 0..3 {
        assert_eq!(warm.call(&message, 1 << 40).unwrap().gas_used, own + host);
    }
    // Short of it, even by one unit, the call runs out of gas and uses the whole
    // limit (the work past the last host call counts too: `FuelMeter`'s rule).
    let short = rt.call(&code, &message, own + host - 64).unwrap();
    assert_eq!(short.trap(), Some(zkhost_runtime::TrapKind::OutOfGas));
    let almost = rt.call(&code, &message, own + host - 1).unwrap();
    assert_eq!(almost.trap(), Some(zkhost_runtime::TrapKind::OutOfGas));
    assert_eq!(almost.gas_used, own + host - 1);
}

#[test]
fn the_fixture_files_are_what_the_generator_describes() {
    let vk: Value = serde_json::from_str(fixture::VERIFICATION_KEY).unwrap();
    assert_eq!(vk["protocol"], "groth16");
    assert_eq!(vk["curve"], "bn128");
    assert_eq!(vk["nPublic"], 2);
    let public: Value = serde_json::from_str(fixture::PUBLIC).unwrap();
    assert_eq!(public.as_array().unwrap().len(), 2);
    // Parsing and writing decimals round-trips every number of the files.
    for text in [fixture::VERIFICATION_KEY, fixture::PROOF, fixture::PUBLIC] {
        let mut stack = vec![serde_json::from_str::<Value>(text).unwrap()];
        while let Some(v) = stack.pop() {
            match v {
                Value::String(s) if s.bytes().all(|b| b.is_ascii_digit()) => {
                    assert_eq!(snarkjs::to_decimal(&snarkjs::from_decimal(&s).unwrap()), s)
                }
                Value::Array(a) => stack.extend(a),
                Value::Object(o) => stack.extend(o.into_iter().map(|(_, v)| v)),
                _ => {}
            }
        }
    }
}

// ---- the command line ----

fn zkhost(args: &[&str]) -> std::process::Output {
    zkhost_testkit::command(env!("CARGO_BIN_EXE_zkhost"))
        .args(args)
        .output()
        .expect("run zkhost")
}

fn fixture_dir() -> PathBuf {
    zkhost_testkit::fixtures_dir().join("groth16")
}

/// A scratch directory with the three fixture files, for changing one of them.
struct Files {
    dir: PathBuf,
}

impl Files {
    fn new(name: &str) -> Files {
        let dir =
            std::env::temp_dir().join(format!("zkhost-groth16-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for f in ["verification_key.json", "proof.json", "public.json"] {
            std::fs::copy(fixture_dir().join(f), dir.join(f)).unwrap();
        }
        Files { dir }
    }

    fn edit(&self, file: &str, f: impl FnOnce(&mut Value)) {
        let path = self.dir.join(file);
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        f(&mut v);
        std::fs::write(path, v.to_string()).unwrap();
    }

    fn path(&self, file: &str) -> String {
        self.dir.join(file).display().to_string()
    }

    fn run(&self, via: &str) -> std::process::Output {
        zkhost(&[
            "groth16",
            &self.path("verification_key.json"),
            &self.path("proof.json"),
            &self.path("public.json"),
            "--via",
            via,
        ])
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A change to one JSON file.
type Edit = Box<dyn FnOnce(&mut Value)>;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The gas the contract uses on `request`, through the library.
fn contract_gas(via: Via, request: &Request) -> u64 {
    let rt = runtime();
    let code = rt.deploy(via_contract::contract(via).unwrap()).unwrap();
    via_contract::verify_via(&rt, &code, via, request, 1 << 40)
        .0
        .unwrap()
        .gas_used
}

fn g2_json(q: &[u8; 128]) -> Value {
    let c = |i: usize| snarkjs::to_decimal(&q[32 * i..32 * (i + 1)].try_into().unwrap());
    // Ethereum order x_c1, x_c0, y_c1, y_c0; snarkjs's [[x_c0, x_c1], [y_c0, y_c1], z].
    json!([[c(1), c(0)], [c(3), c(2)], ["1", "0"]])
}

#[test]
fn cli_prints_valid_and_the_gas() {
    let files = Files::new("valid");
    let r = request();
    let o = files.run("native");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "valid\n");
    for (via, v) in [("contract", Via::Contract), ("wasm", Via::Wasm)] {
        let o = files.run(via);
        assert_eq!(o.status.code(), Some(0), "{via}: {}", text(&o.stderr));
        assert_eq!(
            text(&o.stdout),
            format!("valid\ngas used: {}\n", contract_gas(v, &r)),
            "{via}"
        );
    }
    // The default path is native.
    let d = fixture_dir();
    let o = zkhost(&[
        "groth16",
        &d.join("verification_key.json").display().to_string(),
        &d.join("proof.json").display().to_string(),
        &d.join("public.json").display().to_string(),
    ]);
    assert_eq!(text(&o.stdout), "valid\n");
}

#[test]
fn cli_prints_the_reason_and_exits_one() {
    let cases: Vec<(&str, &str, Edit, &str)> = vec![
        (
            "changed-input",
            "public.json",
            Box::new(|v: &mut Value| v[0] = json!("1")),
            "pairing check failed",
        ),
        (
            "input-r",
            "public.json",
            Box::new(|v: &mut Value| {
                v[1] = json!(snarkjs::to_decimal(&GROUP_ORDER));
            }),
            "public input 1 is not less than r",
        ),
        (
            "too-many",
            "public.json",
            Box::new(|v: &mut Value| v.as_array_mut().unwrap().push(json!("5"))),
            "wrong number of public inputs: expected 2, got 3",
        ),
        (
            "subgroup",
            "proof.json",
            Box::new(|v: &mut Value| v["pi_b"] = g2_json(&outside_subgroup())),
            "pi_b is not in the G2 subgroup",
        ),
        (
            "off-curve",
            "verification_key.json",
            Box::new(|v: &mut Value| v["vk_alpha_1"][0] = json!("5")),
            "vk_alpha_1 is not on the curve",
        ),
    ];
    for (name, file, edit, reason) in cases {
        let files = Files::new(name);
        files.edit(file, edit);
        for via in ["native", "contract", "wasm"] {
            let o = files.run(via);
            assert_eq!(
                o.status.code(),
                Some(1),
                "{name} {via}: {}",
                text(&o.stderr)
            );
            let out = text(&o.stdout);
            assert_eq!(
                out.lines().next(),
                Some(format!("invalid: {reason}").as_str()),
                "{name} {via}"
            );
            assert_eq!(out.contains("gas used: "), via != "native", "{name} {via}");
        }
    }
}

#[test]
fn cli_names_the_field_of_a_malformed_file() {
    let cases: Vec<(&str, &str, Edit, &str)> = vec![
        (
            "missing",
            "proof.json",
            Box::new(|v: &mut Value| {
                v.as_object_mut().unwrap().remove("pi_c");
            }),
            "pi_c: missing",
        ),
        (
            "not-decimal",
            "verification_key.json",
            Box::new(|v: &mut Value| v["IC"][1][0] = json!("0x12")),
            "IC[1][0]: \"0x12\" is not a decimal integer",
        ),
        (
            "shape",
            "verification_key.json",
            Box::new(|v: &mut Value| v["vk_beta_2"][2] = json!(["1"])),
            "vk_beta_2[2]: expected a pair of decimal strings [c0, c1]",
        ),
        (
            "projective",
            "proof.json",
            Box::new(|v: &mut Value| v["pi_a"][2] = json!("2")),
            "pi_a[2]: expected \"1\" (an affine point) or \"0\" (infinity), got \"2\"",
        ),
        (
            "curve",
            "verification_key.json",
            Box::new(|v: &mut Value| v["curve"] = json!("bls12381")),
            "curve: expected \"bn128\", got \"bls12381\"",
        ),
    ];
    for (name, file, edit, message) in cases {
        let files = Files::new(name);
        files.edit(file, edit);
        let o = files.run("native");
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert_eq!(
            text(&o.stderr),
            format!("error: {}: {message}\n", files.path(file)),
            "{name}"
        );
        assert!(o.stdout.is_empty());
    }
    let o = zkhost(&["groth16", "/nonexistent/vk.json", "b", "c"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).starts_with("error: /nonexistent/vk.json: "));
}

/// The committed proof with its points compressed (Solana's format, as
/// `alt_bn128_g1_compress` / `_g2_compress` write it).
fn compressed(r: &Request) -> zkhost_abi::groth16::CompressedRequest {
    via_contract::compressed_request(r).expect("the proof's points compress")
}

/// Runs `groth16-compressed-verifier`: the verdict and the call's diagnostic.
fn verify_compressed(
    rt: &Runtime,
    r: &zkhost_abi::groth16::CompressedRequest,
) -> (
    zkhost_abi::groth16::Verdict,
    Option<zkhost_runtime::HostError>,
) {
    use parity_scale_codec::{DecodeAll, Encode};
    let code = rt
        .deploy(zkhost_testkit::contracts::GROTH16_COMPRESSED_VERIFIER_WASM)
        .expect("deploys");
    let outcome = rt.call(&code, &r.encode(), 1 << 40).expect("runs");
    let output = outcome.output().expect("no trap");
    let verdict = zkhost_abi::groth16::Verdict::decode_all(&mut &output[..]).expect("a verdict");
    (verdict, outcome.last_host_error)
}

#[test]
fn the_committed_proof_verifies_compressed_through_the_contract() {
    use zkhost_abi::groth16::{point, reason, Verdict};
    use zkhost_bn254::compress;
    let rt = runtime();
    let r = request();
    let c = compressed(&r);
    assert_eq!(c.proof.a.len() + c.proof.b.len() + c.proof.c.len(), 128);
    assert_eq!(verify_compressed(&rt, &c).0, Verdict::Valid);

    // The input checks come first, as for the uncompressed request.
    let mut few = c.clone();
    few.inputs.pop();
    assert_eq!(
        verify_compressed(&rt, &few).0,
        via_contract::verdict_of(&Err(Invalid::InputCount {
            expected: 2,
            got: 1
        }))
    );

    // Every single-bit change of the compressed proof: the verdict is the
    // uncompressed verifier's for the point the bits decompress to, or the point is
    // refused with the decompression's reason.
    let mut checked = 0;
    for bit in 0..128 * 8 {
        let mut bad = c.clone();
        let (which, bytes): (u32, &mut [u8]) = match bit / 8 {
            i if i < 32 => (point::A, &mut bad.proof.a[..]),
            i if i < 96 => (point::B, &mut bad.proof.b[..]),
            _ => (point::C, &mut bad.proof.c[..]),
        };
        let at = bit / 8
            - match which {
                point::A => 0,
                point::B => 32,
                _ => 96,
            };
        bytes[at] ^= 1 << (bit % 8);
        if bit % 7 != 0 && at != 0 {
            continue; // every flag bit, and every seventh bit of the rest
        }
        let decompressed = (
            compress::g1_decompress(&bad.proof.a),
            compress::g2_decompress(&bad.proof.b),
            compress::g1_decompress(&bad.proof.c),
        );
        let (verdict, diagnostic) = verify_compressed(&rt, &bad);
        match decompressed {
            (Ok(a), Ok(b), Ok(cc)) => {
                let mut u = r.clone();
                u.proof.a = a;
                u.proof.b = b;
                u.proof.c = cc;
                let native = groth16::verify(&u.vk, &u.proof, &u.inputs);
                assert_ne!(native, Ok(()), "bit {bit}: a changed proof verifies");
                assert_eq!(verdict, via_contract::verdict_of(&native), "bit {bit}");
            }
            (a, b, cc) => {
                let (index, error) = match (a, b, cc) {
                    (Err(e), _, _) => (point::A, e),
                    (_, Err(e), _) => (point::B, e),
                    (_, _, Err(e)) => (point::C, e),
                    _ => unreachable!(),
                };
                assert_eq!(
                    verdict,
                    Verdict::invalid(reason::POINT, index, 0),
                    "bit {bit}"
                );
                assert_eq!(
                    diagnostic,
                    Some(zkhost_runtime::HostError::new(error.last_error(), error)),
                    "bit {bit}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 100);
}
