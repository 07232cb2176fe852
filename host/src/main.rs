//! The `zkhost` command line: run the precompiles, check vector files, verify Groth16
//! proofs.

use std::io::{BufRead, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use zkhost::bn254::{Backend, Op};
use zkhost::contracts::{self, Via};
use zkhost::gas::GasSchedule;
use zkhost::runtime::{CodeHash, ExecResult, Runtime, RuntimeConfig};
use zkhost::vectors::{self, decode_hex};
use zkhost::verkle;

/// Native elliptic-curve host functions for WebAssembly smart contracts.
///
/// zkhost implements the Ethereum alt_bn128 (BN254) precompiles with exact EIP-196/197
/// semantics over several backends; this tool runs them and checks conformance vectors.
#[derive(Parser)]
#[command(name = "zkhost", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run one precompile on hex input and print the output as hex.
    ///
    /// OP is bn254-add, bn254-mul, bn254-pairing, bn254-msm, verkle-commit,
    /// verkle-to-field or verkle-update. The input is the raw input (a `0x` prefix and
    /// empty input are accepted); verkle inputs are the host functions' layouts
    /// (scalars 32 bytes little-endian, each below r). Prints the output as
    /// lowercase hex and exits 0; on invalid input prints `error: <reason>` on stderr
    /// and exits 1. With --stdin, reads one hex input per line and prints one line per
    /// input (hex, or `error: <reason>`), exiting 0.
    Precompile {
        /// The operation: bn254-add, bn254-mul, bn254-pairing, bn254-msm,
        /// verkle-commit, verkle-to-field or verkle-update.
        op: AnyOp,
        /// The input as hex (omit with --stdin).
        #[arg(required_unless_present = "stdin", conflicts_with = "stdin")]
        hex: Option<String>,
        /// Read one hex input per line from standard input.
        #[arg(long)]
        stdin: bool,
        /// The backend: substrate-bn, arkworks, halo2curves or zkhost (default: the fastest
        /// measured for the operation).
        #[arg(long)]
        backend: Option<Backend>,
        /// Where to compute: natively, through a contract and the host functions
        /// (`precompiles`, or `verkle` for the verkle ops), or in pure WebAssembly
        /// (the `wasm-pairing` contract; BN254 only).
        #[arg(long, value_enum, default_value_t = Path::Native)]
        via: Path,
    },
    /// Run every go-ethereum-format vector file below DIR.
    ///
    /// Files are recognised by name (bn256Add, bn256ScalarMul, bn256Pairing, with an
    /// optional `fail-` prefix for files whose vectors must fail). Prints a line per
    /// file and last `N passed, M failed` (vectors); exits 1 if anything failed.
    Vectors {
        /// Directory to search recursively.
        dir: PathBuf,
        /// The backend (default: the fastest measured per operation).
        #[arg(long)]
        backend: Option<Backend>,
        /// Where to compute (see `zkhost precompile --help`).
        #[arg(long, value_enum, default_value_t = Path::Native)]
        via: Path,
    },
    /// Measure every host function natively, through a contract (warm and cold), and in
    /// pure WebAssembly; fit, compare backends, and propose a gas schedule.
    ///
    /// Prints a Markdown report (or writes it with --markdown); --json writes the
    /// results (schema 1), --svg the plots. A progress bar runs on stderr.
    Bench(zkhost::bench::BenchArgs),
    /// Time the MSM algorithms, fit the cost model, write the constants file.
    ///
    /// Fits time = C·n + D per algorithm and window by least squares, prints the table
    /// with R² and the crossover sizes, and writes the constants (and the gas discount
    /// table) the library uses. --verify instead checks, over sizes 1 to 8192, that the
    /// selected algorithm is never more than 10% slower than the fastest.
    Calibrate(zkhost::msm::calibrate::CalibrateArgs),
    /// Time the verkle commitment methods, fit the cost model, print the crossover.
    ///
    /// Reports the tables' build time and memory, each method's time = a + b·n (n the
    /// non-zero scalars) with R², and which method the model picks; --write replaces
    /// the committed constants file (host/src/verkle/costs.json).
    CalibrateVerkle {
        /// Runs per size (the median is kept).
        #[arg(long, default_value_t = 15)]
        reps: usize,
        /// Write the fitted model to this file.
        #[arg(long)]
        write: Option<PathBuf>,
    },
    /// Verify a Groth16 proof given as snarkjs files.
    ///
    /// Reads verification_key.json, proof.json and public.json (snarkjs's formats,
    /// BN254) and prints `valid` (exit 0) or `invalid: <reason>` (exit 1). With --via
    /// contract (the groth16-verifier contract, on the host functions) or --via wasm
    /// (pure WebAssembly) it also prints `gas used: N`. A file that cannot be read
    /// prints `error: <file>: <field>: <what>` on stderr and exits 2.
    Groth16 {
        /// verification_key.json
        vk_json: PathBuf,
        /// proof.json
        proof_json: PathBuf,
        /// public.json
        public_json: PathBuf,
        /// Where to verify: natively, through the groth16-verifier contract (host
        /// functions), or in pure WebAssembly (the wasm-pairing contract).
        #[arg(long, value_enum, default_value_t = Path::Native)]
        via: Path,
    },
    /// Calls per second of one shared runtime on 1 and 2 threads (by default).
    ///
    /// Calls the `precompiles` contract (an ECADD) and the `pairing-bench` contract
    /// (one 2-pair pairing check), each call in a fresh pooled instance, on every
    /// thread count for --seconds each, checks every outcome against the first, and
    /// prints a Markdown table of calls/s and Mgas/s.
    Load(zkhost::bench::load::LoadArgs),
    /// Deploy a contract, call it once, print the outcome as one JSON line.
    ///
    /// Prints `{"status": "success"|"trap", "output": hex, "trap": reason, "gas_used": N}`
    /// and exits 0; a module refused at deploy prints `error: <reason>` and exits 2.
    Call {
        /// The contract module (.wasm).
        wasm_file: PathBuf,
        /// The call's input as hex.
        input_hex: String,
        /// The gas limit.
        #[arg(long, default_value_t = 10_000_000)]
        gas: u64,
    },
}

/// Where an operation is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Path {
    /// The backend called directly.
    Native,
    /// Through the `precompiles` contract and the host functions.
    Contract,
    /// In pure WebAssembly, inside the `wasm-pairing` contract.
    Wasm,
}

/// An operation of `zkhost precompile`: a BN254 precompile or a verkle function.
#[derive(Clone, Copy, Debug)]
enum AnyOp {
    Bn254(Op),
    Verkle(verkle::Op),
}

impl std::str::FromStr for AnyOp {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match verkle::Op::from_name(s) {
            Some(op) => Ok(AnyOp::Verkle(op)),
            None => s.parse().map(AnyOp::Bn254),
        }
    }
}

/// Runs operations on one of the paths, deploying the contracts once.
struct Executor {
    path: Path,
    backend: Option<Backend>,
    runtime: Option<(Runtime, CodeHash)>,
    verkle_code: Option<CodeHash>,
}

impl Executor {
    fn new(path: Path, backend: Option<Backend>) -> Result<Executor, String> {
        let via = match path {
            Path::Native => {
                return Ok(Executor {
                    path,
                    backend,
                    runtime: None,
                    verkle_code: None,
                })
            }
            Path::Contract => Via::Contract,
            Path::Wasm => Via::Wasm,
        };
        let config = RuntimeConfig {
            backend,
            ..RuntimeConfig::default()
        };
        let runtime = Runtime::new(config).map_err(|e| format!("{e:#}"))?;
        let code = runtime.deploy(via.wasm()).map_err(|e| e.to_string())?;
        let verkle_code = match via {
            Via::Contract => Some(
                runtime
                    .deploy(contracts::VERKLE_WASM)
                    .map_err(|e| e.to_string())?,
            ),
            Via::Wasm => None,
        };
        Ok(Executor {
            path,
            backend,
            runtime: Some((runtime, code)),
            verkle_code,
        })
    }

    fn run_any(&self, op: AnyOp, input: &[u8]) -> Result<Vec<u8>, String> {
        let op = match op {
            AnyOp::Bn254(op) => return self.run(op, input),
            AnyOp::Verkle(op) => op,
        };
        match (&self.runtime, &self.verkle_code) {
            (None, _) => op.run(input).map(|o| o.to_vec()).map_err(|e| e.to_string()),
            (Some((runtime, _)), Some(code)) => {
                contracts::run_verkle_op(runtime, code, op, input, contracts::GENEROUS_GAS)
                    .1
                    .map_err(|e| e.to_string())
            }
            (Some(_), None) => Err(format!(
                "{} has no pure-WebAssembly implementation (use --via native or contract)",
                op.name()
            )),
        }
    }

    fn run(&self, op: Op, input: &[u8]) -> Result<Vec<u8>, String> {
        match &self.runtime {
            None => self
                .backend
                .unwrap_or(Backend::default_for(op))
                .run(op, input)
                .map_err(|e| e.to_string()),
            Some((runtime, code)) => {
                let _ = self.path;
                contracts::run_op(runtime, code, op, input, contracts::GENEROUS_GAS)
                    .1
                    .map_err(|e| e.to_string())
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Precompile {
            op,
            hex,
            stdin,
            backend,
            via,
        } => {
            let executor = match Executor::new(via, backend) {
                Ok(e) => e,
                Err(e) => return fail(2, &e),
            };
            let exec = |input: &[u8]| executor.run_any(op, input);
            if stdin {
                precompile_lines(exec)
            } else {
                precompile_one(exec, hex.as_deref().unwrap_or(""))
            }
        }
        Command::Vectors { dir, backend, via } => match Executor::new(via, backend) {
            Ok(executor) => run_vectors(&dir, |op, input| executor.run(op, input)),
            Err(e) => fail(2, &e),
        },
        Command::Call {
            wasm_file,
            input_hex,
            gas,
        } => call(&wasm_file, &input_hex, gas),
        Command::Groth16 {
            vk_json,
            proof_json,
            public_json,
            via,
        } => groth16(&vk_json, &proof_json, &public_json, via),
        Command::Bench(args) => zkhost::bench::run(&args),
        Command::Calibrate(args) => zkhost::msm::calibrate::run(&args),
        Command::CalibrateVerkle { reps, write } => calibrate_verkle(reps, write.as_deref()),
        Command::Load(args) => zkhost::bench::load::run(&args),
    }
}

fn calibrate_verkle(reps: usize, write: Option<&std::path::Path>) -> ExitCode {
    let t = verkle::Tables::get();
    println!(
        "tables: built in {:.2} s on {} threads, {} MiB",
        t.build_time.as_secs_f64(),
        rayon::current_num_threads(),
        t.memory_bytes() >> 20
    );
    let (model, raw) = verkle::cost::calibrate(reps);
    println!("| method | n | median µs |\n|---|---:|---:|");
    for (m, n, ns) in &raw {
        println!("| {} | {n} | {:.1} |", m.name(), ns / 1e3);
    }
    println!("\n| method | a (µs) | b (µs/scalar) | R² |\n|---|---:|---:|---:|");
    for e in &model.entries {
        println!(
            "| {} | {:.1} | {:.2} | {:.4} |",
            e.method.name(),
            e.a_ns / 1e3,
            e.b_ns / 1e3,
            e.r2
        );
    }
    for parallel in [false, true] {
        let picks: Vec<String> = verkle::cost::SIZES
            .iter()
            .map(|&n| format!("{n}:{}", model.select(n, parallel).name()))
            .collect();
        println!(
            "selection ({}): {}",
            if parallel {
                "parallel allowed"
            } else {
                "one thread"
            },
            picks.join(" ")
        );
    }
    if let Some(path) = write {
        let json = serde_json::to_string_pretty(&model).unwrap_or_default();
        if let Err(e) = std::fs::write(path, json + "\n") {
            return fail(2, &format!("{}: {e}", path.display()));
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(code)
}

fn call(wasm_file: &std::path::Path, input_hex: &str, gas: u64) -> ExitCode {
    let wasm = match std::fs::read(wasm_file) {
        Ok(w) => w,
        Err(e) => return fail(2, &format!("{}: {e}", wasm_file.display())),
    };
    let input = match decode_hex(input_hex) {
        Ok(i) => i,
        Err(e) => return fail(2, &e),
    };
    let runtime = match Runtime::new(RuntimeConfig::default()) {
        Ok(r) => r,
        Err(e) => return fail(2, &format!("{e:#}")),
    };
    let code = match runtime.deploy(&wasm) {
        Ok(c) => c,
        Err(e) => return fail(2, &e.to_string()),
    };
    let outcome = match runtime.call(&code, &input, gas) {
        Ok(o) => o,
        Err(e) => return fail(2, &e.to_string()),
    };
    let line = match &outcome.result {
        ExecResult::Success(out) => serde_json::json!({
            "status": "success", "output": hex::encode(out), "trap": null, "gas_used": outcome.gas_used,
        }),
        ExecResult::Trap(t) => serde_json::json!({
            "status": "trap", "output": "", "trap": t.name(), "gas_used": outcome.gas_used,
        }),
    };
    println!("{line}");
    ExitCode::SUCCESS
}

fn groth16(
    vk: &std::path::Path,
    proof: &std::path::Path,
    public: &std::path::Path,
    via: Path,
) -> ExitCode {
    use zkhost::groth16::{self, snarkjs};
    fn read<T>(
        path: &std::path::Path,
        parse: fn(&str) -> Result<T, snarkjs::ParseError>,
    ) -> Result<T, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
    let request = match (|| {
        Ok::<_, String>(groth16::Request {
            vk: read(vk, snarkjs::verifying_key)?,
            proof: read(proof, snarkjs::proof)?,
            inputs: read(public, snarkjs::public_inputs)?,
        })
    })() {
        Ok(r) => r,
        Err(e) => return fail(2, &e),
    };
    let (result, gas) = match via {
        Path::Native => (
            groth16::verify(&request.vk, &request.proof, &request.inputs),
            None,
        ),
        Path::Contract | Path::Wasm => {
            let via = if via == Path::Contract {
                Via::Contract
            } else {
                Via::Wasm
            };
            let called = Runtime::new(RuntimeConfig::default())
                .map_err(|e| format!("{e:#}"))
                .and_then(|rt| {
                    let code = rt
                        .deploy(groth16::contract(via))
                        .map_err(|e| e.to_string())?;
                    let (outcome, result) =
                        groth16::verify_via(&rt, &code, via, &request, contracts::GENEROUS_GAS);
                    Ok((
                        result.map_err(|e| e.to_string())?,
                        outcome.map(|o| o.gas_used),
                    ))
                });
            match called {
                Ok(r) => r,
                Err(e) => return fail(2, &e),
            }
        }
    };
    match &result {
        Ok(()) => println!("valid"),
        Err(reason) => println!("invalid: {reason}"),
    }
    if let Some(gas) = gas {
        println!("gas used: {gas}");
    }
    if result.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn precompile_one(exec: impl Fn(&[u8]) -> Result<Vec<u8>, String>, hex: &str) -> ExitCode {
    match decode_hex(hex).and_then(|input| exec(&input)) {
        Ok(out) => {
            println!("{}", hex::encode(out));
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("error: {reason}");
            ExitCode::from(1)
        }
    }
}

fn precompile_lines(exec: impl Fn(&[u8]) -> Result<Vec<u8>, String>) -> ExitCode {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: reading standard input: {e}");
                return ExitCode::from(1);
            }
        };
        let written = match decode_hex(&line).and_then(|input| exec(&input)) {
            Ok(o) => writeln!(out, "{}", hex::encode(o)),
            Err(reason) => writeln!(out, "error: {reason}"),
        };
        if written.is_err() {
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn run_vectors(
    dir: &std::path::Path,
    mut exec: impl FnMut(Op, &[u8]) -> Result<Vec<u8>, String>,
) -> ExitCode {
    let files = match vectors::discover(dir) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let schedule = GasSchedule::ISTANBUL;
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        let failures = file.check(&schedule, true, &mut exec);
        let total = file.vectors.len();
        passed += total - failures.len();
        failed += failures.len();
        let status = if failures.is_empty() { "ok" } else { "FAILED" };
        println!(
            "{status:6} {} ({} of {total} passed)",
            file.path.display(),
            total - failures.len()
        );
        for f in failures {
            println!("       {f}");
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && !files.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
