//! The BLS12-381 part of `zkhost bench`: each EIP-2537 operation natively on blst
//! (the host functions' backend) and on arkworks, through revm-precompile 43's own
//! precompile functions on its blst backend (the peer a node would otherwise use),
//! and through the `forwarder` contract on a warm instance, interleaved in the same
//! rounds; the throughput at EIP-2537's prices; each MSM's measured discount (the
//! time of k points over k single multiplications) beside EIP-2537's table; and the
//! pairing check's fit `time = A + B·k`.

use std::fmt::Write;

use serde_json::{json, Value};

use zkhost_bls12381::{Backend, Op};
use zkhost_gas::{Bls12Gas, BLS12_G1_MSM_DISCOUNT, BLS12_G2_MSM_DISCOUNT};
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{FORWARDER_WASM, GENEROUS_GAS};
use zkhost_testkit::{bls12_381, rng};

use super::{fit, measure};

/// Where a measurement ran: natively on a backend, in revm-precompile, or through the
/// contract (blst).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// The crate called directly on this backend.
    Native(Backend),
    /// revm-precompile 43's precompile function with its default crypto provider,
    /// built with its `blst` feature (revm's own default).
    Revm,
    /// The `bls12381` contract and the host functions, warm instance.
    Contract,
}

impl Where {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Where::Native(b) => b.name(),
            Where::Revm => "revm-precompile",
            Where::Contract => "contract",
        }
    }
}

/// One measurement.
#[derive(Clone, Debug)]
pub struct Bls12Sample {
    /// The operation.
    pub op: Op,
    /// Records (MSM points, pairing pairs); 1 for the others.
    pub size: usize,
    /// Where it ran.
    pub at: Where,
    /// Median time of one call, with its interval.
    pub ci: measure::Stat,
    /// EIP-2537's price natively; `gas_used` through the contract.
    pub gas: u64,
}

/// The BLS12-381 measurements and what is derived from them.
#[derive(Clone, Debug, Default)]
pub struct Bls12Results {
    /// The measurements.
    pub samples: Vec<Bls12Sample>,
    /// Pairing-check time against pairs, natively on blst.
    pub pairing_fit: Option<fit::Linear>,
}

/// Sizes measured: MSM points and pairing pairs.
pub struct Sizes<'a> {
    /// MSM sizes (both groups).
    pub msm: &'a [usize],
    /// Pairing-check sizes.
    pub pairing: &'a [usize],
}

struct Job {
    op: Op,
    size: usize,
    at: Where,
    gas: u64,
    run: Box<dyn FnMut()>,
}

fn price(op: Op, len: usize) -> u64 {
    bls12_381::price(&Bls12Gas::PRAGUE, op, len)
}

/// revm-precompile's function for `op` (input, gas limit).
fn revm_function(op: Op) -> fn(&[u8], u64) -> revm_precompile::EthPrecompileResult {
    use revm_precompile::bls12_381 as r;
    match op {
        Op::G1Add => r::g1_add::g1_add,
        Op::G1Msm => r::g1_msm::g1_msm,
        Op::G2Add => r::g2_add::g2_add,
        Op::G2Msm => r::g2_msm::g2_msm,
        Op::Pairing => r::pairing::pairing,
        Op::MapFpToG1 => r::map_fp_to_g1::map_fp_to_g1,
        Op::MapFp2ToG2 => r::map_fp2_to_g2::map_fp2_to_g2,
    }
}

/// Measures every operation and size on blst, arkworks, revm-precompile and the
/// contract.
pub fn measure(
    sizes: &Sizes<'_>,
    rounds: usize,
    budget: measure::Budget,
    progress: &indicatif::ProgressBar,
) -> Result<Bls12Results, String> {
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let code = runtime.deploy(FORWARDER_WASM).map_err(|e| e.to_string())?;
    let mut rng = rng::rng(0xb15);
    let mut cases: Vec<(Op, usize)> = Vec::new();
    for op in Op::ALL {
        match op {
            Op::G1Msm | Op::G2Msm => cases.extend(sizes.msm.iter().map(|&k| (op, k))),
            Op::Pairing => cases.extend(sizes.pairing.iter().map(|&k| (op, k))),
            _ => cases.push((op, 1)),
        }
    }
    let mut jobs = Vec::new();
    for (op, size) in cases {
        let input = bls12_381::valid_input(op, size, &mut rng);
        // Speeds compare only between equal, successful results.
        let blst = Backend::BLST
            .run(op, &input)
            .map_err(|e| format!("the {op} x{size} benchmark input is refused: {e}"))?;
        for &b in Backend::ALL {
            if b.run(op, &input).as_ref() != Ok(&blst) {
                return Err(format!("{b} and blst differ on the {op} x{size} input"));
            }
        }
        for &b in Backend::ALL {
            let input = input.clone();
            jobs.push(Job {
                op,
                size,
                at: Where::Native(b),
                gas: price(op, input.len()),
                run: Box::new(move || {
                    let _ = std::hint::black_box(b.run(op, &input));
                }),
            });
        }
        // revm's result must be the same bytes at the same gas before it is timed.
        let revm = revm_function(op);
        match revm(&input, GENEROUS_GAS) {
            Ok(out)
                if out.bytes.as_ref() == blst.as_slice()
                    && out.gas_used == price(op, input.len()) => {}
            other => {
                return Err(format!(
                    "revm-precompile and blst differ on the {op} x{size} input: {other:?}"
                ))
            }
        }
        let revm_input = input.clone();
        jobs.push(Job {
            op,
            size,
            at: Where::Revm,
            gas: price(op, revm_input.len()),
            run: Box::new(move || {
                let _ = std::hint::black_box(revm(&revm_input, GENEROUS_GAS));
            }),
        });
        let message = zkhost_testkit::contracts::message(op.host_function(), input);
        let (mut warm, gas) = super::warm_answering(&runtime, &code, &message, &blst)
            .map_err(|e| e.unwrap_or(format!("the contract and blst differ on {op} x{size}")))?;
        jobs.push(Job {
            op,
            size,
            at: Where::Contract,
            gas,
            run: Box::new(move || {
                let _ = std::hint::black_box(warm.call(&message, GENEROUS_GAS));
            }),
        });
    }
    let stats = measure::interleaved(
        &mut jobs,
        rounds,
        progress,
        |_| budget,
        |j| format!("{} x{} {}", j.op, j.size, j.at.name()),
        |j| &mut *j.run,
    );
    let samples: Vec<Bls12Sample> = jobs
        .iter()
        .zip(stats)
        .map(|(j, ci)| Bls12Sample {
            op: j.op,
            size: j.size,
            at: j.at,
            ci,
            gas: j.gas,
        })
        .collect();
    let points: Vec<(f64, f64)> = samples
        .iter()
        .filter(|s| s.op == Op::Pairing && s.at == Where::Native(Backend::BLST))
        .map(|s| (s.size as f64, s.ci.median_ns))
        .collect();
    Ok(Bls12Results {
        pairing_fit: fit::linear(&points),
        samples,
    })
}

impl Bls12Results {
    fn find(&self, op: Op, size: usize, at: Where) -> Option<&Bls12Sample> {
        self.samples
            .iter()
            .find(|s| s.op == op && s.size == size && s.at == at)
    }

    /// The measured discount of an MSM of `k` points on blst, in thousandths: its time
    /// over `k` single multiplications (EIP-2537's definition of its tables).
    pub fn measured_discount(&self, op: Op, k: usize) -> Option<f64> {
        let blst = Where::Native(Backend::BLST);
        let one = self.find(op, 1, blst)?.ci.median_ns;
        let all = self.find(op, k, blst)?.ci.median_ns;
        Some(1000.0 * all / (k as f64 * one))
    }

    /// Time per call (ms) against k for `op` at each place it ran: the plot's lines.
    pub fn series(&self, op: Op) -> Vec<(String, Vec<(f64, f64)>)> {
        let mut places: Vec<Where> = Vec::new();
        for s in self.samples.iter().filter(|s| s.op == op) {
            if !places.contains(&s.at) {
                places.push(s.at);
            }
        }
        places
            .into_iter()
            .map(|at| {
                let pts = self
                    .samples
                    .iter()
                    .filter(|s| s.op == op && s.at == at)
                    .map(|s| (s.size as f64, s.ci.median_ns / 1e6))
                    .collect();
                (at.name().to_string(), pts)
            })
            .collect()
    }

    /// The MSM discounts against k (thousandths): measured on blst and EIP-2537's
    /// table, for each group; the plot's lines.
    pub fn discount_series(&self) -> Vec<(String, Vec<(f64, f64)>)> {
        let mut out = Vec::new();
        for (op, group, table) in [
            (Op::G1Msm, "G1", &BLS12_G1_MSM_DISCOUNT),
            (Op::G2Msm, "G2", &BLS12_G2_MSM_DISCOUNT),
        ] {
            let ks: Vec<usize> = self
                .samples
                .iter()
                .filter(|s| s.op == op && s.at == Where::Native(Backend::BLST))
                .map(|s| s.size)
                .collect();
            let measured = ks
                .iter()
                .filter_map(|&k| Some((k as f64, self.measured_discount(op, k)?)))
                .collect();
            let eip = ks
                .iter()
                .map(|&k| (k as f64, f64::from(table[k.clamp(1, 128) - 1])))
                .collect();
            out.push((format!("{group} measured (blst)"), measured));
            out.push((format!("{group} EIP-2537 table"), eip));
        }
        out.retain(|s: &(String, Vec<(f64, f64)>)| !s.1.is_empty());
        out
    }

    /// The Markdown section.
    pub fn markdown(&self, o: &mut String) {
        if self.samples.is_empty() {
            return;
        }
        let _ = writeln!(o, "\n## BLS12-381 (EIP-2537)\n");
        let _ = writeln!(
            o,
            "Each operation natively on blst (the host functions' backend) and on \
             arkworks, through revm-precompile 43's precompile function on its blst \
             backend (revm's default build), and through the `forwarder` contract (warm \
             instance, blst), in the same interleaved rounds; outputs (and revm's gas) \
             checked equal before timing. Gas is EIP-2537's (`gas_used` through the \
             contract); Mgas/s is that gas over the blst time. revm / blst above 1 means \
             zkhost's path is faster than revm's.\n"
        );
        let _ = writeln!(
            o,
            "| op | k | blst | arkworks | arkworks / blst | revm-precompile (blst) | revm / blst | contract | contract gas | EIP-2537 gas | Mgas/s (blst) |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        let mut rows: Vec<(Op, usize)> = self.samples.iter().map(|s| (s.op, s.size)).collect();
        rows.dedup();
        for (op, k) in rows {
            let blst = self.find(op, k, Where::Native(Backend::BLST));
            let contract = self.find(op, k, Where::Contract);
            let revm = self.find(op, k, Where::Revm);
            let ark = Backend::ALL
                .iter()
                .find(|b| **b != Backend::BLST)
                .and_then(|b| self.find(op, k, Where::Native(*b)));
            let t = |s: Option<&Bls12Sample>| {
                s.map_or("—".to_string(), |s| {
                    format!(
                        "{} [{}, {}]",
                        us(s.ci.median_ns),
                        us(s.ci.lo_ns),
                        us(s.ci.hi_ns)
                    )
                })
            };
            let over_blst = |x: Option<&Bls12Sample>| match (blst, x) {
                (Some(b), Some(x)) => format!("{:.2}", x.ci.median_ns / b.ci.median_ns),
                _ => "—".into(),
            };
            let (gas, mgas) =
                blst.map_or((0, 0.0), |s| (s.gas, s.gas as f64 / s.ci.median_ns * 1e3));
            let _ = writeln!(
                o,
                "| {op} | {k} | {} | {} | {} | {} | {} | {} | {} | {gas} | {mgas:.1} |",
                t(blst),
                t(ark),
                over_blst(ark),
                t(revm),
                over_blst(revm),
                t(contract),
                contract.map_or(0, |c| c.gas),
            );
        }
        let msm_sizes: Vec<usize> = {
            let mut v: Vec<usize> = self
                .samples
                .iter()
                .filter(|s| s.op == Op::G1Msm)
                .map(|s| s.size)
                .collect();
            v.dedup();
            v
        };
        let _ = writeln!(
            o,
            "\nMSM discount, measured on blst (time of k points over k single \
             multiplications, thousandths) beside EIP-2537's tables:\n"
        );
        let _ = writeln!(
            o,
            "| k | G1 measured | G1 EIP-2537 | G2 measured | G2 EIP-2537 |"
        );
        let _ = writeln!(o, "|---:|---:|---:|---:|---:|");
        for k in msm_sizes {
            let m = |op| {
                self.measured_discount(op, k)
                    .map_or("—".into(), |d| format!("{d:.0}"))
            };
            let table = |t: &[u16; 128]| t[k.clamp(1, 128) - 1];
            let _ = writeln!(
                o,
                "| {k} | {} | {} | {} | {} |",
                m(Op::G1Msm),
                table(&BLS12_G1_MSM_DISCOUNT),
                m(Op::G2Msm),
                table(&BLS12_G2_MSM_DISCOUNT)
            );
        }
        if let Some(f) = &self.pairing_fit {
            let gas = Bls12Gas::PRAGUE;
            // gas per ns × 1000 = Mgas/s.
            let _ = writeln!(
                o,
                "\nPairing check on blst: time = {} + {}·k (R² = {:.4}); EIP-2537 charges \
                 {} + {}·k gas: {:.1} Mgas/s on the fixed part, {:.1} on each pair.",
                us(f.a),
                us(f.b),
                f.r2,
                gas.pairing_base,
                gas.pairing_per_pair,
                gas.pairing_base as f64 / f.a * 1e3,
                gas.pairing_per_pair as f64 / f.b * 1e3
            );
        }
    }

    /// The JSON rows of `results` (the report's schema: op, size, path, backend,
    /// gas and the median with its interval).
    pub fn json_results(&self) -> Vec<Value> {
        self.samples
            .iter()
            .map(|s| {
                let (path, backend) = match s.at {
                    Where::Contract => ("contract", "blst"),
                    Where::Revm => ("native", "revm-precompile"),
                    Where::Native(b) => ("native", b.name()),
                };
                let mut v = json!({"op": s.op.name(), "size": s.size, "path": path,
                       "backend": backend, "gas": s.gas});
                if let (Some(o), Value::Object(e)) =
                    (v.as_object_mut(), super::report::stat_json(&s.ci))
                {
                    o.extend(e);
                }
                v
            })
            .collect()
    }

    /// The JSON row of `fits`: the pairing check on blst.
    pub fn json_fits(&self) -> Vec<Value> {
        self.pairing_fit
            .iter()
            .map(|f| {
                let mut v = json!({"op": Op::Pairing.name(), "path": "native", "backend": "blst"});
                if let (Some(o), Value::Object(e)) = (v.as_object_mut(), f.json()) {
                    o.extend(e);
                }
                v
            })
            .collect()
    }
}

fn us(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.1} µs", ns / 1e3)
    }
}
