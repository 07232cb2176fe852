//! One Groth16 verification (the committed proof of `fixtures/groth16`, 2 public
//! inputs) on each path: natively, through the `groth16-verifier` contract on a warm
//! and on a fresh instance, and in pure WebAssembly (`wasm-pairing`).

use indicatif::ProgressBar;

use super::measure::{self, Budget};
use super::PathKind;
use crate::contracts::{Via, GENEROUS_GAS};
use crate::gas::GasSchedule;
use crate::groth16::{self, fixture};
use crate::runtime::{Runtime, RuntimeConfig};

/// The operation's name in reports.
pub const OP: &str = "groth16-verify";

/// One measurement of a verification.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Where it ran.
    pub path: PathKind,
    /// The number of public inputs.
    pub inputs: usize,
    /// `default` (the default backends) or `substrate-bn` (the pure-wasm path).
    pub backend: &'static str,
    /// Median time of one verification.
    pub median_ns: f64,
    /// Natively the precompiles' prices ([`groth16::precompile_gas`]); on the contract
    /// paths the call's `gas_used`; on the wasm path the fuel burned.
    pub gas: u64,
}

/// Measures the verification on every path, in `rounds` interleaved rounds (the
/// median of the rounds is kept), each with `budget`.
pub fn measure(rounds: usize, budget: Budget, progress: &ProgressBar) -> Result<Vec<Row>, String> {
    let request = fixture::request().map_err(|e| format!("fixtures/groth16: {e}"))?;
    let n = request.inputs.len();
    if groth16::verify(&request.vk, &request.proof, &request.inputs).is_err() {
        return Err("the committed Groth16 proof does not verify".into());
    }
    let runtime = Runtime::new(RuntimeConfig::default()).map_err(|e| format!("{e:#}"))?;
    let mut calls = Vec::new();
    for via in [Via::Contract, Via::Wasm] {
        let code = runtime
            .deploy(groth16::contract(via))
            .map_err(|e| e.to_string())?;
        let message = groth16::message(via, &request);
        let mut warm = runtime.instantiate(&code).map_err(|e| e.to_string())?;
        let outcome = warm
            .call(&message, GENEROUS_GAS)
            .map_err(|e| e.to_string())?;
        match groth16::decode(via, &outcome) {
            Ok(Ok(())) => {}
            other => return Err(format!("Groth16 verification via {via:?}: {other:?}")),
        }
        calls.push((via, code, message, warm, outcome.gas_used));
    }

    type Run<'a> = Box<dyn FnMut() + 'a>;
    let mut jobs: Vec<(PathKind, &'static str, u64, Run)> = vec![(
        PathKind::Native,
        "default",
        groth16::precompile_gas(&GasSchedule::ISTANBUL, n),
        Box::new(|| {
            let _ = std::hint::black_box(groth16::verify(
                &request.vk,
                &request.proof,
                &request.inputs,
            ));
        }),
    )];
    for (via, code, message, mut warm, gas) in calls {
        if via == Via::Contract {
            let (rt, code, m) = (&runtime, code, message.clone());
            jobs.push((
                PathKind::ContractCold,
                "default",
                gas,
                Box::new(move || {
                    let _ = std::hint::black_box(rt.call(&code, &m, GENEROUS_GAS));
                }),
            ));
        }
        let (path, backend) = match via {
            Via::Contract => (PathKind::Contract, "default"),
            Via::Wasm => (PathKind::Wasm, "substrate-bn"),
        };
        jobs.push((
            path,
            backend,
            gas,
            Box::new(move || {
                let _ = std::hint::black_box(warm.call(&message, GENEROUS_GAS));
            }),
        ));
    }

    progress.inc_length((jobs.len() * rounds) as u64);
    let mut times = vec![Vec::new(); jobs.len()];
    for round in 0..rounds {
        for ((path, _, _, run), t) in jobs.iter_mut().zip(times.iter_mut()) {
            progress.set_message(format!("round {}: {OP} {}", round + 1, path.name()));
            t.push(measure::median_ns(budget, run));
            progress.inc(1);
        }
    }
    Ok(jobs
        .iter()
        .zip(times.iter_mut())
        .map(|((path, backend, gas, _), t)| Row {
            path: *path,
            inputs: n,
            backend,
            median_ns: measure::median(t),
            gas: *gas,
        })
        .collect())
}
