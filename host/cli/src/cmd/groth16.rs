//! `zkhost groth16`: verify a proof given as snarkjs files, natively, through the
//! `groth16-verifier` contract or in pure WebAssembly; or, with `--encode`, print the
//! SCALE message the `groth16-verifier` (or `groth16-compressed-verifier`) contract
//! takes.

use std::process::ExitCode;

use parity_scale_codec::Encode;
use zkhost_bn254::compress;
use zkhost_groth16::Request;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::groth16 as via_contract;
use zkhost_testkit::contracts::{Path, GENEROUS_GAS};
use zkhost_testkit::snarkjs;

/// What `zkhost groth16` does with the request.
#[derive(Clone, Copy)]
pub(crate) enum Action {
    /// Verify it on this path.
    Verify(Path),
    /// Print the SCALE message of `groth16-verifier` (`compressed`: of
    /// `groth16-compressed-verifier`) as one hex line.
    Encode { compressed: bool },
}

/// Reads the three snarkjs files; an error names the file and the field.
fn read_request(
    vk: &std::path::Path,
    proof: &std::path::Path,
    public: &std::path::Path,
) -> Result<Request, String> {
    fn read<T>(
        path: &std::path::Path,
        parse: fn(&str) -> Result<T, snarkjs::ParseError>,
    ) -> Result<T, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
    Ok(Request {
        vk: read(vk, snarkjs::verifying_key)?,
        proof: read(proof, snarkjs::proof)?,
        inputs: read(public, snarkjs::public_inputs)?,
    })
}

/// The contract's input for `request`: the SCALE `zkhost_abi::groth16::Request`, or
/// with `compressed` the `CompressedRequest` (the proof's points compressed). A proof
/// point that is not a valid point has no compressed form: the error names it.
fn encode(
    request: &Request,
    proof_file: &std::path::Path,
    compressed: bool,
) -> Result<Vec<u8>, String> {
    if !compressed {
        return Ok(via_contract::message(Path::Contract, request));
    }
    via_contract::compressed_request(request)
        .map(|c| c.encode())
        .map_err(|e| {
            let p = &request.proof;
            let field = if compress::g1_compress(&p.a).is_err() {
                "pi_a"
            } else if compress::g2_compress(&p.b).is_err() {
                "pi_b"
            } else {
                "pi_c"
            };
            format!("{}: {field}: no compressed form: {e}", proof_file.display())
        })
}

/// The `zkhost groth16` command.
pub(crate) fn run(
    vk: &std::path::Path,
    proof: &std::path::Path,
    public: &std::path::Path,
    action: Action,
) -> ExitCode {
    let request = match read_request(vk, proof, public) {
        Ok(r) => r,
        Err(e) => return crate::fail(2, &e),
    };
    let via = match action {
        Action::Verify(via) => via,
        Action::Encode { compressed } => {
            return match encode(&request, proof, compressed) {
                Ok(message) => {
                    println!("{}", hex::encode(message));
                    ExitCode::SUCCESS
                }
                Err(e) => crate::fail(2, &e),
            };
        }
    };
    let (result, gas) = match via_contract::contract(via) {
        None => (
            zkhost_groth16::verify(&request.vk, &request.proof, &request.inputs),
            None,
        ),
        Some(contract) => {
            let called = Runtime::new(RuntimeConfig::from_env())
                .map_err(|e| format!("{e:#}"))
                .and_then(|rt| {
                    let code = rt.deploy(contract).map_err(|e| e.to_string())?;
                    let (outcome, result) =
                        via_contract::verify_via(&rt, &code, via, &request, GENEROUS_GAS);
                    Ok((
                        result.map_err(|e| e.to_string())?,
                        outcome.map(|o| o.gas_used),
                    ))
                });
            match called {
                Ok(r) => r,
                Err(e) => return crate::fail(2, &e),
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
