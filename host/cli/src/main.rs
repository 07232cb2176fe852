//! The `zkhost` command line: run the host functions on every path, check vector
//! files, verify Groth16 proofs, and the gas-cost benchmark (the main job). One
//! module per command.

mod cmd;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use zkhost_abi::Crypto;
use zkhost_bench::{self as bench, ops};
use zkhost_bn254::Backend;
use zkhost_testkit::contracts::Path;

/// Native cryptography host functions for WebAssembly smart contracts.
///
/// zkhost gives contracts BN254, BLS12-381, KZG, P-256, secp256k1, Ed25519, Poseidon and
/// verkle host functions with exact Ethereum semantics where one exists. This tool makes
/// and builds contracts, calls them, runs the host functions on every path, checks
/// vector files, verifies Groth16 proofs and runs the gas-cost benchmark.
#[derive(Parser)]
#[command(name = "zkhost", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create a contract crate that builds and tests as it is.
    ///
    /// Writes NAME/ (or --path): Cargo.toml (a cdylib with a contract's release
    /// profile), .cargo/config.toml (the wasm32 linker flag), src/lib.rs (a message
    /// enum and its handler behind `zkhost_guest::entry!`) and tests/contract.rs (calls
    /// the built module through zkhost-harness). Its dependencies point at the checkout
    /// this binary was built from. Then: `cd NAME && zkhost test` (builds the module,
    /// then runs `cargo test`).
    New {
        /// The package name (lowercase letters, digits, - and _).
        name: String,
        /// Where to create it (default: ./NAME).
        #[arg(long)]
        path: Option<PathBuf>,
    },
    /// Build a contract crate for wasm32 and run the node's deploy checks on it.
    ///
    /// Runs `cargo build --release --lib --target wasm32-unknown-unknown` (extra
    /// arguments after `--` go to cargo), copies the module to `out/<crate>.wasm` beside
    /// the crate's Cargo.toml, prints its size, then deploys it on zkhost's runtime:
    /// prints its memory, imports and exports and `deploy: accepted` (exit 0), or
    /// `deploy: refused: <reason>` as a node would refuse it (exit 1).
    Build {
        /// The crate's Cargo.toml (default: cargo's search from the current directory).
        #[arg(long)]
        manifest_path: Option<PathBuf>,
        /// Arguments for cargo build (after `--`).
        #[arg(last = true)]
        cargo_args: Vec<String>,
    },
    /// Build a contract crate (as `zkhost build`), then run its `cargo test`.
    ///
    /// The tests then never run a module older than the crate's sources. Stops with
    /// `zkhost build`'s status if the build fails or a node would refuse the module;
    /// otherwise exits with `cargo test`'s. Arguments after `--` go to cargo test (a
    /// test name filter, `--nocapture` after a second `--`).
    Test {
        /// The crate's Cargo.toml (default: cargo's search from the current directory).
        #[arg(long)]
        manifest_path: Option<PathBuf>,
        /// Arguments for cargo test (after `--`).
        #[arg(last = true)]
        cargo_args: Vec<String>,
    },
    /// Run one precompile on hex input and print the output as hex.
    ///
    /// OP is a host function's report name (the list below, from zkhost-abi's
    /// table), among them EIP-2537's bls12-*, kzg-point-eval (EIP-4844), p256-verify
    /// (EIP-7951) and poseidon (circomlib's, 1 to 16 big-endian elements). The input
    /// is the raw input (a `0x` prefix and empty input are accepted); verkle inputs are
    /// the host functions' layouts (scalars 32 bytes little-endian, each below r;
    /// verkle-tree-key takes a 32-byte address and a 32-byte little-endian tree index
    /// and prints EIP-6800's 32-byte hash, whose first 31 bytes are the stem). Prints the output as
    /// lowercase hex and exits 0; on invalid input prints `error: <reason>` on stderr
    /// and exits 1. p256-verify answers as the precompile: an invalid signature prints
    /// an empty line and exits 0. With --stdin, reads one hex input per line and prints one line per
    /// input (hex, or `error: <reason>`), exiting 0.
    #[command(after_long_help = ops::function_list())]
    Precompile {
        /// The operation, by its name in the reports (listed below, one per host
        /// function; an unknown name lists them all).
        #[arg(value_parser = ops::parse)]
        op: Crypto,
        /// The input as hex (omit with --stdin).
        #[arg(required_unless_present = "stdin", conflicts_with = "stdin")]
        hex: Option<String>,
        /// Read one hex input per line from standard input.
        #[arg(long)]
        stdin: bool,
        /// The BN254 backend, by its name in the registry (`zkhost_bn254::Backend::ALL`;
        /// an unknown name lists those compiled in; default: the fastest measured for
        /// the operation). BLS12-381 runs on blst.
        #[arg(long)]
        backend: Option<Backend>,
        /// Where to compute: natively, through a contract and the host functions
        /// (the `forwarder` contract, for every function), or in pure WebAssembly
        /// (the `wasm-pairing` contract for BN254, `wasm-poseidon` for Poseidon).
        #[arg(long, default_value = "native", value_parser = parse_via)]
        via: Path,
    },
    /// Run every go-ethereum-format vector file below DIR.
    ///
    /// Files are recognised by name (bn256Add, bn256ScalarMul, bn256Pairing, and
    /// EIP-2537's blsG1Add, blsG1Mul, blsG1MultiExp, blsG2Add, blsG2Mul, blsG2MultiExp,
    /// blsPairing, blsMapG1, blsMapG2, pointEvaluation*, p256Verify*, ecRecover*, each
    /// with an optional `fail-` prefix for files whose vectors must fail),
    /// circomlibjs.json (circomlibjs's Poseidon outputs) and Wycheproof's
    /// ecdsa_secp256k1_sha256_test.json, ecdsa_secp256r1_sha256_test.json and
    /// ed25519_test.json (through secp256k1_verify, p256_verify and ed25519_verify).
    /// Prints a line per
    /// file and last `N passed, M failed` (vectors); exits 1 if anything failed.
    Vectors {
        /// Directory to search recursively.
        dir: PathBuf,
        /// The BN254 backend (default: the fastest measured per operation; BLS12-381
        /// runs on blst, the host functions' backend).
        #[arg(long)]
        backend: Option<Backend>,
        /// Where to compute (see `zkhost precompile --help`).
        #[arg(long, default_value = "native", value_parser = parse_via)]
        via: Path,
    },
    /// Measure every host function natively, through a contract (warm and cold), and in
    /// pure WebAssembly; fit, compare backends, and propose a gas schedule.
    ///
    /// Prints a Markdown report (or writes it with --markdown); --json writes the
    /// results (schema 1), --svg the plots. A progress bar runs on stderr.
    Bench(bench::BenchArgs),
    /// Time the MSM algorithms, fit the cost model, write its data file.
    ///
    /// Fits time = C·n + D per algorithm and window by least squares, prints the table
    /// with R² and the crossover sizes, and writes the model the library reads (and the
    /// gas discount table it measured). --verify instead checks, over sizes 1 to 8192, that the
    /// selected algorithm is never more than 10% slower than the fastest.
    Calibrate(bench::calibrate::msm::CalibrateArgs),
    /// Time the verkle commitment methods, fit the cost model, print the crossover.
    ///
    /// Reports the tables' build time and memory, each method's time = a + b·n (n the
    /// non-zero scalars) with R², and which method the model picks; --write replaces
    /// the committed data file (host/verkle/src/costs.txt).
    CalibrateVerkle {
        /// Runs per size (the median is kept).
        #[arg(long, default_value_t = 15)]
        reps: usize,
        /// Write the fitted model to this file.
        #[arg(long)]
        write: Option<PathBuf>,
    },
    /// Verify a Groth16 proof given as snarkjs files, or encode it for the contract.
    ///
    /// Reads verification_key.json, proof.json and public.json (snarkjs's formats,
    /// BN254) and prints `valid` (exit 0) or `invalid: <reason>` (exit 1). With --via
    /// contract (the groth16-verifier contract, on the host functions) or --via wasm
    /// (pure WebAssembly) it also prints `gas used: N`. With --encode it verifies
    /// nothing and prints, as one hex line, the SCALE message the groth16-verifier
    /// contract takes (`zkhost_abi::groth16::Request`; with --compressed, the
    /// `CompressedRequest` of groth16-compressed-verifier), ready for `zkhost call
    /// CONTRACT.wasm --stdin`; exit 0. A file that cannot be read prints
    /// `error: <file>: <field>: <what>` on stderr and exits 2.
    Groth16 {
        /// verification_key.json
        vk_json: PathBuf,
        /// proof.json
        proof_json: PathBuf,
        /// public.json
        public_json: PathBuf,
        /// Where to verify: natively, through the groth16-verifier contract (host
        /// functions), or in pure WebAssembly (the wasm-pairing and wasm-poseidon contracts).
        #[arg(long, default_value = "native", value_parser = parse_via, conflicts_with = "encode")]
        via: Path,
        /// Do not verify: print the contract's SCALE-encoded input as one hex line.
        #[arg(long)]
        encode: bool,
        /// With --encode: the proof's points compressed (the input of
        /// groth16-compressed-verifier).
        #[arg(long, requires = "encode")]
        compressed: bool,
    },
    /// Calls per second of one shared runtime on 1 and 2 threads (by default).
    ///
    /// Calls the `forwarder` contract (an ECADD) and the `pairing-bench` contract
    /// (one 2-pair pairing check), each call in a fresh pooled instance, on every
    /// thread count for --seconds each, checks every outcome against the first, and
    /// prints a Markdown table of calls/s and Mgas/s.
    Load(bench::load::LoadArgs),
    /// A soak under load: a mixed workload (every host function, valid and invalid
    /// inputs, out of gas at the boundary, traps, warm and fresh instances, the
    /// Groth16 verifier, a node embedding, deploys while calls run) on each thread
    /// count for --minutes, every outcome checked against its single-threaded one,
    /// resident memory bounded after warm-up, and an exhausted instance pool checked
    /// to fail cleanly and recover. Prints calls/s, Mgas/s and p50/p99 per call.
    Soak(bench::soak::SoakArgs),
    /// Deploy a contract, call it once, print the outcome as one JSON line.
    ///
    /// The input is INPUT_HEX, the content of --input-file or standard input (--stdin),
    /// at most one of them (none: the empty input). A file or standard input holds hex
    /// (surrounding whitespace and a `0x` prefix allowed), or with --raw the input bytes
    /// themselves. Prints `{"status": "success"|"trap", "output": hex, "trap": reason,
    /// "gas_used": N, "refusal": null|{"code": N, "reason": "..."}}` and exits 0;
    /// `refusal` is why the last host function that returned 1 refused its input (its
    /// `last_error` code and reason). A module refused at deploy, or an input that
    /// cannot be read, prints `error: <reason>` and exits 2.
    #[command(group(clap::ArgGroup::new("stream").args(["input_file", "stdin"])))]
    Call {
        /// The contract module (.wasm).
        wasm_file: PathBuf,
        /// The call's input as hex (default: empty).
        #[arg(conflicts_with_all = ["input_file", "stdin"])]
        input_hex: Option<String>,
        /// Read the input from this file (hex, or bytes with --raw).
        #[arg(long, value_name = "PATH")]
        input_file: Option<PathBuf>,
        /// Read the input from standard input (hex, or bytes with --raw).
        #[arg(long)]
        stdin: bool,
        /// The file or standard input is the input's bytes, not hex.
        #[arg(long, requires = "stream")]
        raw: bool,
        /// The gas limit.
        #[arg(long, default_value_t = 10_000_000)]
        gas: u64,
    },
}

/// `--via`: where to compute (`native`, `contract` or `wasm`; `contract-cold` is
/// accepted and gives the same outputs and gas as `contract`).
fn parse_via(s: &str) -> Result<Path, String> {
    s.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::New { name, path } => cmd::new::run(&name, path.as_deref()),
        Command::Build {
            manifest_path,
            cargo_args,
        } => cmd::build::run(manifest_path.as_deref(), &cargo_args),
        Command::Test {
            manifest_path,
            cargo_args,
        } => cmd::test::run(manifest_path.as_deref(), &cargo_args),
        Command::Precompile {
            op,
            hex,
            stdin,
            backend,
            via,
        } => cmd::precompile::run(op, hex.as_deref(), stdin, backend, via),
        Command::Vectors { dir, backend, via } => cmd::vectors::run(&dir, backend, via),
        Command::Call {
            wasm_file,
            input_hex,
            input_file,
            stdin,
            raw,
            gas,
        } => {
            use cmd::call::Input;
            let input = match (&input_file, stdin) {
                (Some(path), _) => Input::File { path, raw },
                (None, true) => Input::Stdin { raw },
                (None, false) => Input::Hex(input_hex.as_deref().unwrap_or("")),
            };
            cmd::call::run(&wasm_file, &input, gas)
        }
        Command::Groth16 {
            vk_json,
            proof_json,
            public_json,
            via,
            encode,
            compressed,
        } => {
            let action = if encode {
                cmd::groth16::Action::Encode { compressed }
            } else {
                cmd::groth16::Action::Verify(via)
            };
            cmd::groth16::run(&vk_json, &proof_json, &public_json, action)
        }
        Command::Bench(args) => bench::run(&args),
        Command::Calibrate(args) => bench::calibrate::msm::run(&args),
        Command::CalibrateVerkle { reps, write } => {
            bench::calibrate::verkle::run(reps, write.as_deref())
        }
        Command::Load(args) => bench::load::run(&args),
        Command::Soak(args) => bench::soak::run(&args),
    }
}

/// Prints `error: <message>` on stderr and exits with `code`.
fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(code)
}
