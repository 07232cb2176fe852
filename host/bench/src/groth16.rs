//! One Groth16 verification (the committed proof of `fixtures/groth16`, 2 public
//! inputs) on each path: natively, through the `groth16-verifier` contract on a warm
//! and on a fresh instance, and in pure WebAssembly (`wasm-pairing`).

use indicatif::ProgressBar;

use zkhost_gas::GasSchedule;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::groth16 as via;
use zkhost_testkit::contracts::{Path, GENEROUS_GAS};
use zkhost_testkit::fixture;

use super::measure::{self, Budget};

/// The operation's name in reports.
pub const OP: &str = "groth16-verify";

/// One measurement of a verification.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Where it ran.
    pub path: Path,
    /// The number of public inputs.
    pub inputs: usize,
    /// `default` (the default backends) or `substrate-bn` (the pure-wasm path).
    pub backend: &'static str,
    /// Median time of one verification.
    pub median_ns: f64,
    /// Its 95% interval and rounds.
    pub ci: measure::Stat,
    /// Natively the precompiles' prices ([`zkhost_groth16::precompile_gas`]); on the contract
    /// paths the call's `gas_used`; on the wasm path the fuel burned.
    pub gas: u64,
}

/// Measures the verification on every path, in `rounds` interleaved rounds (the
/// median of the rounds is kept), each with `budget`.
pub fn measure(rounds: usize, budget: Budget, progress: &ProgressBar) -> Result<Vec<Row>, String> {
    let request = fixture::request().map_err(|e| format!("fixtures/groth16: {e}"))?;
    let n = request.inputs.len();
    if zkhost_groth16::verify(&request.vk, &request.proof, &request.inputs).is_err() {
        return Err("the committed Groth16 proof does not verify".into());
    }
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let mut calls = Vec::new();
    for path in [Path::Contract, Path::Wasm] {
        let contract = via::contract(path).ok_or("no Groth16 contract")?;
        let code = runtime.deploy(contract).map_err(|e| e.to_string())?;
        let message = via::message(path, &request);
        let mut warm = runtime.instantiate(&code).map_err(|e| e.to_string())?;
        let outcome = warm
            .call(&message, GENEROUS_GAS)
            .map_err(|e| e.to_string())?;
        match via::decode(path, &outcome) {
            Ok(Ok(())) => {}
            other => return Err(format!("Groth16 verification via {path}: {other:?}")),
        }
        calls.push((path, code, message, warm, outcome.gas_used));
    }

    type Run<'a> = Box<dyn FnMut() + 'a>;
    let mut jobs: Vec<(Path, &'static str, u64, Run)> = vec![(
        Path::Native,
        "default",
        zkhost_groth16::precompile_gas(&GasSchedule::ISTANBUL, n),
        Box::new(|| {
            let _ = std::hint::black_box(zkhost_groth16::verify(
                &request.vk,
                &request.proof,
                &request.inputs,
            ));
        }),
    )];
    // The same native verification with the cache of prepared G2 points warm (the
    // verifying key's β, γ, δ found, as for a node verifying proofs of one circuit)
    // and cold (emptied before each call: every point misses and is stored again).
    // Every other row runs with the cache off, as the whole benchmark does.
    let native_gas = zkhost_groth16::precompile_gas(&GasSchedule::ISTANBUL, n);
    let verify = || {
        let _ = std::hint::black_box(zkhost_groth16::verify(
            &request.vk,
            &request.proof,
            &request.inputs,
        ));
    };
    let with_cache = move |clear: bool| {
        use zkhost_bn254::g2_cache;
        g2_cache::pause(false);
        if clear {
            g2_cache::clear();
        }
        verify();
        g2_cache::pause(true);
    };
    jobs.push((
        Path::Native,
        "default, G2 cache warm",
        native_gas,
        Box::new(move || with_cache(false)),
    ));
    jobs.push((
        Path::Native,
        "default, G2 cache cold",
        native_gas,
        Box::new(move || with_cache(true)),
    ));
    #[cfg(feature = "mcl")]
    {
        let mcl = zkhost_bn254::Backend::MCL;
        if zkhost_groth16::verify_with(mcl, &request.vk, &request.proof, &request.inputs).is_err() {
            return Err("mcl does not verify the committed Groth16 proof".into());
        }
        let r = &request;
        jobs.push((
            Path::Native,
            "mcl",
            native_gas,
            Box::new(move || {
                let _ = std::hint::black_box(zkhost_groth16::verify_with(
                    mcl, &r.vk, &r.proof, &r.inputs,
                ));
            }),
        ));
    }
    for (path, code, message, mut warm, gas) in calls {
        if path == Path::Contract {
            let (rt, code, m) = (&runtime, code, message.clone());
            jobs.push((
                Path::ContractCold,
                "default",
                gas,
                Box::new(move || {
                    let _ = std::hint::black_box(rt.call(&code, &m, GENEROUS_GAS));
                }),
            ));
        }
        let backend = if path == Path::Wasm {
            "substrate-bn"
        } else {
            "default"
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
            ci: measure::Stat::of_rounds(t),
            gas: *gas,
        })
        .collect())
}
