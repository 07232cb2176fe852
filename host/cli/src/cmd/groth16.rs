//! `zkhost groth16`: verify a proof given as snarkjs files, natively, through the
//! `groth16-verifier` contract or in pure WebAssembly.

use std::process::ExitCode;

use zkhost_groth16::Request;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::groth16 as via_contract;
use zkhost_testkit::contracts::{Path, GENEROUS_GAS};
use zkhost_testkit::snarkjs;

/// The `zkhost groth16` command.
pub(crate) fn run(
    vk: &std::path::Path,
    proof: &std::path::Path,
    public: &std::path::Path,
    via: Path,
) -> ExitCode {
    fn read<T>(
        path: &std::path::Path,
        parse: fn(&str) -> Result<T, snarkjs::ParseError>,
    ) -> Result<T, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
    let request = match (|| {
        Ok::<_, String>(Request {
            vk: read(vk, snarkjs::verifying_key)?,
            proof: read(proof, snarkjs::proof)?,
            inputs: read(public, snarkjs::public_inputs)?,
        })
    })() {
        Ok(r) => r,
        Err(e) => return crate::fail(2, &e),
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
