//! The go-ethereum precompile test-vector format, and a runner for it.
//!
//! A vector file is a JSON array of `{"Input", "Expected", "Name", "Gas"}` (must
//! succeed with that output and gas) or `{"Input", "ExpectedError", "Name"}` (must
//! fail). The operation is named by the file: `bn256Add`, `bn256ScalarMul`,
//! `bn256Pairing`, with an optional `fail-` prefix for files whose vectors must fail.
//! The runner is independent of how an operation is executed (natively, through a
//! contract, in pure WebAssembly): the caller passes that as a closure.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use zkhost_bn254::Op;
use zkhost_gas::GasSchedule;

/// One test vector.
#[derive(Clone, Debug, Deserialize)]
pub struct Vector {
    /// Input bytes, hex.
    #[serde(rename = "Input")]
    pub input: String,
    /// Expected output, hex, for a vector that must succeed.
    #[serde(rename = "Expected", default)]
    pub expected: Option<String>,
    /// Expected failure reason, for a vector that must fail.
    #[serde(rename = "ExpectedError", default)]
    pub expected_error: Option<String>,
    /// Name of the vector.
    #[serde(rename = "Name", default)]
    pub name: String,
    /// Expected gas under EIP-1108, when given.
    #[serde(rename = "Gas", default)]
    pub gas: Option<u64>,
}

/// A vector file: its operation (a BN254 [`Op`] unless said otherwise) and its
/// vectors.
#[derive(Clone, Debug)]
pub struct VectorFile<O = Op> {
    /// Where it was read from.
    pub path: PathBuf,
    /// The operation its name designates.
    pub op: O,
    /// Whether its vectors must fail (`fail-*` files).
    pub must_fail: bool,
    /// The vectors.
    pub vectors: Vec<Vector>,
}

/// Why one vector did not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The vector's name.
    pub name: String,
    /// What went wrong.
    pub reason: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.reason)
    }
}

/// The operation a vector file's name designates, and whether it must fail.
pub fn classify(path: &Path) -> Option<(Op, bool)> {
    let stem = path.file_stem()?.to_str()?;
    let (must_fail, base) = match stem.strip_prefix("fail-") {
        Some(rest) => (true, rest),
        None => (false, stem),
    };
    let op = match base {
        "bn256Add" => Op::Add,
        "bn256ScalarMul" => Op::Mul,
        "bn256Pairing" => Op::Pairing,
        _ => return None,
    };
    Some((op, must_fail))
}

/// Reads one vector file.
pub fn load(path: &Path) -> Result<VectorFile, String> {
    load_as(path, classify)
}

/// Reads one vector file whose operation `classify` names.
pub fn load_as<O>(
    path: &Path,
    classify: fn(&Path) -> Option<(O, bool)>,
) -> Result<VectorFile<O>, String> {
    let (op, must_fail) = classify(path)
        .ok_or_else(|| format!("{}: not a known vector file name", path.display()))?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let vectors: Vec<Vector> =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(VectorFile {
        path: path.to_path_buf(),
        op,
        must_fail,
        vectors,
    })
}

/// Every BN254 vector file below `dir` (recursively), sorted by path.
pub fn discover(dir: &Path) -> Result<Vec<VectorFile>, String> {
    discover_as(dir, classify)
}

/// Every vector file below `dir` (recursively) that `classify` names, sorted by path.
pub fn discover_as<O>(
    dir: &Path,
    classify: fn(&Path) -> Option<(O, bool)>,
) -> Result<Vec<VectorFile<O>>, String> {
    let paths = json_files(dir, |p| classify(p).is_some())?;
    paths.iter().map(|p| load_as(p, classify)).collect()
}

/// Every `.json` file below `dir` (recursively) that `keep` accepts, sorted by path.
pub fn json_files(dir: &Path, keep: impl Fn(&Path) -> bool) -> Result<Vec<PathBuf>, String> {
    let mut paths = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("{}: {e}", d.display()))?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") && keep(&path) {
                paths.push(path);
            }
        }
    }
    paths.sort();
    Ok(paths)
}

/// The schedule's price of `op` on `len` input bytes.
pub fn price(schedule: &GasSchedule, op: Op, len: usize) -> u64 {
    match op {
        Op::Add => schedule.add,
        Op::Mul => schedule.mul,
        Op::Pairing => schedule.pairing(len),
    }
}

/// Decodes hex with or without a `0x` prefix.
pub fn decode_hex(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    let s = s
        .strip_prefix("0x")
        .or_else(|| s.strip_prefix("0X"))
        .unwrap_or(s);
    hex::decode(s).map_err(|e| format!("invalid hex: {e}"))
}

impl VectorFile {
    /// Checks every vector with `exec`, which runs an operation on input bytes and
    /// returns the output or the failure reason. A must-succeed vector passes when the
    /// output matches and the schedule's gas equals its `Gas`; a must-fail vector when
    /// `exec` fails with exactly its `ExpectedError` (or with any reason when `strict`
    /// is false, for vector sets worded differently from ours).
    pub fn check<F>(&self, schedule: &GasSchedule, strict: bool, exec: F) -> Vec<Failure>
    where
        F: FnMut(Op, &[u8]) -> Result<Vec<u8>, String>,
    {
        self.check_priced(|op, len| price(schedule, op, len), strict, exec)
    }
}

impl<O: Copy> VectorFile<O> {
    /// [`VectorFile::check`] for any operation type, with its price function.
    pub fn check_priced<F>(
        &self,
        price: impl Fn(O, usize) -> u64,
        strict: bool,
        mut exec: F,
    ) -> Vec<Failure>
    where
        F: FnMut(O, &[u8]) -> Result<Vec<u8>, String>,
    {
        let mut failures = Vec::new();
        for v in &self.vectors {
            if let Err(reason) = self.check_one(v, &price, strict, &mut exec) {
                failures.push(Failure {
                    name: v.name.clone(),
                    reason,
                });
            }
        }
        failures
    }

    fn check_one<F>(
        &self,
        v: &Vector,
        price: &impl Fn(O, usize) -> u64,
        strict: bool,
        exec: &mut F,
    ) -> Result<(), String>
    where
        F: FnMut(O, &[u8]) -> Result<Vec<u8>, String>,
    {
        let input = decode_hex(&v.input)?;
        let result = exec(self.op, &input);
        let must_fail = self.must_fail || v.expected_error.is_some();
        if must_fail {
            return match result {
                Ok(out) => Err(format!("expected failure, got {}", hex::encode(out))),
                Err(reason) => match &v.expected_error {
                    Some(expected) if strict && *expected != reason => {
                        Err(format!("expected error {expected:?}, got {reason:?}"))
                    }
                    _ => Ok(()),
                },
            };
        }
        let expected = decode_hex(v.expected.as_deref().unwrap_or(""))?;
        let gas = price(self.op, input.len());
        match result {
            Err(reason) => Err(format!("unexpected error: {reason}")),
            Ok(out) if out != expected => Err(format!(
                "output {} != expected {}",
                hex::encode(out),
                hex::encode(expected)
            )),
            Ok(_) => match v.gas {
                Some(want) if want != gas => Err(format!("gas {gas} != expected {want}")),
                _ => Ok(()),
            },
        }
    }
}
