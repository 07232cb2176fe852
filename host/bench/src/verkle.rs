//! The verkle part of `zkhost bench`: commitments of 1 to 256 scalars and sparse
//! updates, natively, through the `verkle` contract (warm and cold), and arkworks'
//! `VariableBaseMSM` over the same bases and scalars as the generic baseline; the fit
//! of commit time against the number of scalars, and the proposed gas.

use std::fmt::Write;

use ark_ec::{twisted_edwards::Projective, VariableBaseMSM};
use ark_ed_on_bls12_381_bandersnatch::{BandersnatchConfig, EdwardsAffine, Fr};
use ark_ff::PrimeField;
use serde_json::{json, Value};

use zkhost_gas::VerkleGas;
use zkhost_testkit::contracts::{self, Path, FORWARDER_WASM, GENEROUS_GAS};

use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_verkle::{self as verkle, crs, Element, Op};

use super::{fit, measure};
use zkhost_testkit::rng::SplitMix64;

/// The schedule's price of `op` on `len` input bytes.
fn verkle_gas(schedule: &VerkleGas, op: Op, len: usize) -> u64 {
    match op {
        Op::Commit | Op::CommitUncompressed => schedule.commit(len),
        Op::Update => schedule.update(len),
        Op::UpdateUncompressed => schedule.update_uncompressed(len),
        Op::ToField => schedule.to_field,
        Op::TreeKey => schedule.tree_key,
    }
}

/// Who computed a verkle measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impl {
    /// zkhost's fixed-base tables (method chosen by the cost model, one thread).
    Zkhost,
    /// arkworks' `VariableBaseMSM` (Pippenger) over the CRS bases.
    ArkworksMsm,
}

impl Impl {
    /// The name in reports (the JSON `backend` field).
    pub fn name(self) -> &'static str {
        match self {
            Impl::Zkhost => "zkhost",
            Impl::ArkworksMsm => "arkworks-msm",
        }
    }
}

/// One verkle measurement.
#[derive(Clone, Debug)]
pub struct VerkleSample {
    /// The operation.
    pub op: Op,
    /// Scalars committed, or entries updated.
    pub size: usize,
    /// Where it ran.
    pub path: Path,
    /// Who computed it.
    pub imp: Impl,
    /// Median time of one call.
    pub median_ns: f64,
    /// Its 95% interval and rounds.
    pub ci: measure::Stat,
    /// Gas: the schedule's price natively, `gas_used` on the contract paths.
    pub gas: u64,
}

/// The verkle measurements and what is derived from them.
#[derive(Clone, Debug, Default)]
pub struct VerkleResults {
    /// The measurements.
    pub samples: Vec<VerkleSample>,
    /// Native commit time against the number of scalars.
    pub commit_fit: Option<fit::Linear>,
    /// Table build time (s) and memory (bytes).
    pub tables: (f64, usize),
    /// Every commitment method side by side (element level, native).
    pub methods: Vec<MethodSample>,
}

/// One commitment method on one vector, natively and at the element level (no
/// encoding): the table that chooses between the methods.
#[derive(Clone, Debug)]
pub struct MethodSample {
    /// Non-zero scalars.
    pub nonzero: usize,
    /// Whether they sit at spread indices of a 256-slot vector (else the first ones).
    pub spread: bool,
    /// The method (see [`METHODS`]).
    pub method: &'static str,
    /// Median time of one commitment.
    pub median_ns: f64,
    /// Its 95% interval and rounds.
    pub ci: measure::Stat,
}

/// The methods of the method table, in column order: a naive sum of scalar
/// multiplications, arkworks' variable-base MSM over the CRS, each fixed-base table
/// method, the cost model's choice on one thread, and its choice with threads.
pub const METHODS: [&str; 7] = [
    "naive",
    "arkworks-msm",
    "narrow",
    "wide",
    "wide-parallel",
    "hybrid",
    "hybrid-parallel",
];

/// A 256-slot vector with `k` non-zero scalars at evenly spread indices.
fn spread_vector(k: usize) -> Vec<Fr> {
    let mut v = vec![Fr::from(0u64); crs::WIDTH];
    for (j, s) in scalars(k, 1000 + k as u64).into_iter().enumerate() {
        if let Some(slot) = v.get_mut(j * crs::WIDTH / k.max(1)) {
            *slot = s;
        }
    }
    v
}

/// Times every method of [`METHODS`] on the first `n` slots for each `n` of
/// `sizes`, and on `k` spread slots of 256 for each `k` of `spread`, in interleaved
/// rounds.
fn measure_methods(
    sizes: &[usize],
    spread: &[usize],
    rounds: usize,
    budget: measure::Budget,
    progress: &indicatif::ProgressBar,
) -> Vec<MethodSample> {
    let bases: Vec<EdwardsAffine> = crs::basis().iter().map(Element::to_arkworks).collect();
    let basis = crs::basis();
    let mut vectors: Vec<(usize, bool, Vec<Fr>)> = sizes
        .iter()
        .map(|&n| (n, false, scalars(n, n as u64)))
        .collect();
    vectors.extend(spread.iter().map(|&k| (k, true, spread_vector(k))));
    type Run<'a> = Box<dyn FnMut() + 'a>;
    let mut jobs: Vec<(usize, bool, &'static str, Run)> = Vec::new();
    for (k, is_spread, v) in &vectors {
        for method in METHODS {
            let (v, b) = (v.as_slice(), &bases);
            let run: Run = match method {
                "naive" => Box::new(move || {
                    let sum = v
                        .iter()
                        .zip(basis)
                        .filter(|(s, _)| !ark_ff::Zero::is_zero(*s))
                        .fold(Element::IDENTITY, |acc, (s, g)| acc.add(&g.mul(s)));
                    std::hint::black_box(sum);
                }),
                "arkworks-msm" => Box::new(move || {
                    let _ = std::hint::black_box(Projective::<BandersnatchConfig>::msm(
                        &b[..v.len()],
                        v,
                    ));
                }),
                "hybrid" => Box::new(move || {
                    let _ = std::hint::black_box(verkle::commit_single_thread(v));
                }),
                "hybrid-parallel" => Box::new(move || {
                    let _ = std::hint::black_box(verkle::commit(v));
                }),
                name => {
                    let m = verkle::Method::ALL
                        .into_iter()
                        .find(|m| m.name() == name)
                        .unwrap_or(verkle::Method::Narrow);
                    Box::new(move || {
                        let _ = std::hint::black_box(verkle::commit_with_method(m, v));
                    })
                }
            };
            jobs.push((*k, *is_spread, method, run));
        }
    }
    let medians = measure::interleaved(
        &mut jobs,
        rounds,
        progress,
        |_| budget,
        |j| {
            let spread = if j.1 { " spread" } else { "" };
            format!("verkle-commit methods x{}{spread} {}", j.0, j.2)
        },
        |j| &mut *j.3,
    );
    jobs.iter()
        .zip(medians)
        .map(|(j, ci)| MethodSample {
            nonzero: j.0,
            spread: j.1,
            method: j.2,
            median_ns: ci.median_ns,
            ci,
        })
        .collect()
}

/// Deterministic full-size scalars.
fn scalars(n: usize, seed: u64) -> Vec<Fr> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let b = rng.next_bytes32();
            Fr::from_le_bytes_mod_order(&b)
        })
        .collect()
}

fn commit_input(n: usize) -> Vec<u8> {
    scalars(n, n as u64)
        .iter()
        .flat_map(verkle::scalar_to_le)
        .collect()
}

fn update_input(k: usize) -> Vec<u8> {
    let values = scalars(256, 7);
    let c = verkle::commit(&values).unwrap_or_default();
    let mut input = c.to_bytes().to_vec();
    let new = scalars(k, 99);
    for (j, n) in new.iter().enumerate() {
        let idx = (j * 37 + 5) % 256;
        input.push(idx as u8);
        input.extend(verkle::scalar_to_le(&values[idx]));
        input.extend(verkle::scalar_to_le(n));
    }
    input
}

/// [`update_input`] with the commitment uncompressed.
fn update_uncompressed_input(k: usize) -> Vec<u8> {
    let input = update_input(k);
    let c = Element::from_bytes(&input[..32]).unwrap_or_default();
    [&c.to_uncompressed_be()[..], &input[32..]].concat()
}

/// A tree-key input: an address and a tree index, every 16-byte half non-zero.
fn tree_key_input() -> Vec<u8> {
    scalars(2, 5)
        .iter()
        .flat_map(verkle::scalar_to_le)
        .collect()
}

/// Measures the verkle operations in `rounds` interleaved rounds.
pub fn measure(
    commit_sizes: &[usize],
    update_sizes: &[usize],
    rounds: usize,
    budget: measure::Budget,
    progress: &indicatif::ProgressBar,
) -> Result<VerkleResults, String> {
    let tables = verkle::Tables::get();
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let code = runtime.deploy(FORWARDER_WASM).map_err(|e| e.to_string())?;
    let warm = std::cell::RefCell::new(runtime.instantiate(&code).map_err(|e| e.to_string())?);
    let schedule = VerkleGas::ZKHOST;
    let bases: Vec<EdwardsAffine> = crs::basis().iter().map(Element::to_arkworks).collect();

    type Run<'a> = Box<dyn FnMut() + 'a>;
    let mut jobs: Vec<(Op, usize, Path, Impl, u64, Run)> = Vec::new();
    let mut cases: Vec<(Op, usize, Vec<u8>)> = commit_sizes
        .iter()
        .map(|&n| (Op::Commit, n, commit_input(n)))
        .collect();
    cases.extend(
        update_sizes
            .iter()
            .map(|&k| (Op::Update, k, update_input(k))),
    );
    // The uncompressed forms at the smallest and largest sizes, and the tree key.
    let ends = |v: &[usize]| -> Vec<usize> {
        let mut e: Vec<usize> = v.first().into_iter().chain(v.last()).copied().collect();
        e.dedup();
        e
    };
    cases.extend(
        ends(commit_sizes)
            .into_iter()
            .map(|n| (Op::CommitUncompressed, n, commit_input(n))),
    );
    cases.extend(
        ends(update_sizes)
            .into_iter()
            .map(|k| (Op::UpdateUncompressed, k, update_uncompressed_input(k))),
    );
    cases.push((Op::TreeKey, 1, tree_key_input()));
    for (op, size, input) in cases {
        let message = contracts::message(op.host_function(), input.clone());
        let outcome = warm
            .borrow_mut()
            .call(&message, GENEROUS_GAS)
            .map_err(|e| e.to_string())?;
        zkhost_testkit::contracts::decode_response(&outcome)
            .map_err(|e| format!("benchmark call failed: {e}"))?;
        let gas = outcome.gas_used;
        let i = input.clone();
        jobs.push((
            op,
            size,
            Path::Native,
            Impl::Zkhost,
            verkle_gas(&schedule, op, input.len()),
            Box::new(move || {
                let _ = std::hint::black_box(op.run(&i));
            }),
        ));
        let (m, w) = (message.clone(), &warm);
        jobs.push((
            op,
            size,
            Path::Contract,
            Impl::Zkhost,
            gas,
            Box::new(move || {
                let _ = std::hint::black_box(w.borrow_mut().call(&m, GENEROUS_GAS));
            }),
        ));
        let (rt, c) = (&runtime, &code);
        jobs.push((
            op,
            size,
            Path::ContractCold,
            Impl::Zkhost,
            gas,
            Box::new(move || {
                let _ = std::hint::black_box(rt.call(c, &message, GENEROUS_GAS));
            }),
        ));
        if op == Op::Commit {
            let v = scalars(size, size as u64);
            let b = &bases;
            jobs.push((
                op,
                size,
                Path::Native,
                Impl::ArkworksMsm,
                0,
                Box::new(move || {
                    let _ = std::hint::black_box(Projective::<BandersnatchConfig>::msm(
                        &b[..v.len()],
                        &v,
                    ));
                }),
            ));
        }
    }
    let medians = measure::interleaved(
        &mut jobs,
        rounds,
        progress,
        |_| budget,
        |j| format!("{} x{} {} {}", j.0.name(), j.1, j.2.name(), j.3.name()),
        |j| &mut *j.5,
    );
    let samples: Vec<VerkleSample> = jobs
        .iter()
        .zip(medians)
        .map(|(j, ci)| VerkleSample {
            op: j.0,
            size: j.1,
            path: j.2,
            imp: j.3,
            median_ns: ci.median_ns,
            ci,
            gas: j.4,
        })
        .collect();
    let points: Vec<(f64, f64)> = samples
        .iter()
        .filter(|s| s.op == Op::Commit && s.path == Path::Native && s.imp == Impl::Zkhost)
        .map(|s| (s.size as f64, s.median_ns))
        .collect();
    // The method table, with a shorter budget per cell (49 to 105 cells).
    let spread: Vec<usize> = commit_sizes
        .iter()
        .copied()
        .filter(|k| (2..=64).contains(k))
        .collect();
    let short = measure::Budget {
        time: budget.time / 5,
        min_samples: 3,
    };
    let methods = measure_methods(commit_sizes, &spread, rounds.min(3), short, progress);
    Ok(VerkleResults {
        samples,
        commit_fit: fit::linear(&points),
        tables: (tables.build_time.as_secs_f64(), tables.memory_bytes()),
        methods,
    })
}

impl VerkleResults {
    fn find(&self, op: Op, size: usize, path: Path, imp: Impl) -> Option<&VerkleSample> {
        self.samples
            .iter()
            .find(|s| s.op == op && s.size == size && s.path == path && s.imp == imp)
    }

    fn sizes(&self, op: Op) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .samples
            .iter()
            .filter(|s| s.op == op)
            .map(|s| s.size)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The JSON rows of `results`.
    pub fn json_results(&self) -> Vec<Value> {
        self.samples
            .iter()
            .map(|s| {
                let mut v = json!({"op": s.op.name(), "size": s.size, "path": s.path.name(),
                       "backend": s.imp.name(), "gas": s.gas});
                if let (Some(o), Value::Object(e)) =
                    (v.as_object_mut(), super::report::stat_json(&s.ci))
                {
                    o.extend(e);
                }
                v
            })
            .collect()
    }

    /// The JSON rows of `fits`.
    pub fn json_fits(&self) -> Vec<Value> {
        self.commit_fit
            .iter()
            .map(|f| {
                let mut v = json!({"op": Op::Commit.name(), "input": "typical"});
                if let (Some(o), Value::Object(e)) = (v.as_object_mut(), f.json()) {
                    o.extend(e);
                }
                v
            })
            .collect()
    }

    fn current_gas(&self, op: Op, size: usize) -> u64 {
        self.find(op, size, Path::Native, Impl::Zkhost)
            .map_or(0, |s| s.gas)
    }

    /// The Markdown section.
    pub fn markdown(&self, o: &mut String) {
        let _ = writeln!(o, "\n## Verkle commitments\n");
        let _ = writeln!(
            o,
            "Fixed-base tables built in {:.2} s (rayon pool), {} MiB. `arkworks` is `VariableBaseMSM` over the same 256 bases and scalars, one thread.\n",
            self.tables.0,
            self.tables.1 >> 20
        );
        let _ = writeln!(
            o,
            "| op | size | native | contract | contract-cold | arkworks MSM | arkworks/native | contract/native | gas (zkhost schedule) |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for op in [Op::Commit, Op::Update] {
            for size in self.sizes(op) {
                let stat = |p, i| self.find(op, size, p, i).map(|s| s.ci);
                let get = |p, i| stat(p, i).map(|s| s.median_ns);
                let n = get(Path::Native, Impl::Zkhost);
                let c = get(Path::Contract, Impl::Zkhost);
                let ark = get(Path::Native, Impl::ArkworksMsm);
                let cell = |v: Option<measure::Stat>| {
                    v.map_or("–".into(), |s| super::report::fmt_stat(&s))
                };
                let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
                    (Some(a), Some(b)) if b > 0.0 => format!("{:.2}×", a / b),
                    _ => "–".into(),
                };
                let _ = writeln!(
                    o,
                    "| {} | {size} | {} | {} | {} | {} | {} | {} | {} |",
                    op.name(),
                    cell(stat(Path::Native, Impl::Zkhost)),
                    cell(stat(Path::Contract, Impl::Zkhost)),
                    cell(stat(Path::ContractCold, Impl::Zkhost)),
                    cell(stat(Path::Native, Impl::ArkworksMsm)),
                    ratio(ark, n),
                    ratio(c, n),
                    self.current_gas(op, size),
                );
            }
        }
        if let Some(f) = self.commit_fit {
            let _ = writeln!(
                o,
                "\nCommit time ≈ {}{}. The gas schedule prices every scalar as non-zero (`commit_base + commit_per_scalar·n`); the proposed prices are in the schedule above, from the worst case.\n",
                super::report::fmt_fit(&f, "n"),
                if f.r2 < 0.99 {
                    ": below 0.99 because the method changes with n (narrow tables for a few scalars, wide ones for many), so time is piecewise linear; the schedule is set above every measured size instead"
                } else {
                    ""
                }
            );
        }
        self.markdown_methods(o);
    }

    /// The method table (Markdown).
    fn markdown_methods(&self, o: &mut String) {
        if self.methods.is_empty() {
            return;
        }
        let _ = writeln!(
            o,
            "### Commitment methods\n\nOne commitment at the element level (no encoding), medians with their 95% intervals. `naive`: Σ sᵢ·Gᵢ by double-and-add; `arkworks-msm`: `VariableBaseMSM` over the CRS; `narrow`, `wide`, `wide-parallel`: the fixed-base tables (`zkhost::verkle::Method`); `hybrid`: the cost model's choice on one thread (what the host function runs); `hybrid-parallel`: its choice with the rayon pool. Spread rows: k non-zero scalars at evenly spread indices of a 256-slot vector (arkworks gets all 256 slots).\n"
        );
        let _ = writeln!(o, "| non-zero | {} | best |", METHODS.join(" | "));
        let _ = writeln!(o, "|---|{}---|", "---:|".repeat(METHODS.len()));
        let mut rows: Vec<(usize, bool)> = Vec::new();
        for m in &self.methods {
            if !rows.contains(&(m.nonzero, m.spread)) {
                rows.push((m.nonzero, m.spread));
            }
        }
        for (k, spread) in rows {
            let found: Vec<Option<&MethodSample>> = METHODS
                .iter()
                .map(|name| {
                    self.methods
                        .iter()
                        .find(|m| m.nonzero == k && m.spread == spread && m.method == *name)
                })
                .collect();
            let cells: Vec<Option<f64>> = found.iter().map(|m| m.map(|m| m.median_ns)).collect();
            let best = METHODS
                .iter()
                .zip(&cells)
                .filter_map(|(n, c)| c.map(|c| (n, c)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map_or("–", |(n, _)| n);
            let _ = writeln!(
                o,
                "| {k}{} | {} | {best} |",
                if spread { " of 256 (spread)" } else { "" },
                found
                    .iter()
                    .map(|c| c.map_or("–".into(), |m| super::report::fmt_stat(&m.ci)))
                    .collect::<Vec<_>>()
                    .join(" | ")
            );
        }
        let _ = writeln!(o);
    }

    /// Time against size per path for the commit, as plot series (ms).
    pub fn series(&self) -> Vec<(String, Vec<(f64, f64)>)> {
        let mut out = Vec::new();
        for (path, imp) in [
            (Path::Native, Impl::Zkhost),
            (Path::Contract, Impl::Zkhost),
            (Path::ContractCold, Impl::Zkhost),
            (Path::Native, Impl::ArkworksMsm),
        ] {
            let pts: Vec<(f64, f64)> = self
                .samples
                .iter()
                .filter(|s| s.op == Op::Commit && s.path == path && s.imp == imp)
                .map(|s| (s.size as f64, s.median_ns / 1e6))
                .collect();
            if !pts.is_empty() {
                let label = match imp {
                    Impl::Zkhost => path.name().to_string(),
                    Impl::ArkworksMsm => "arkworks VariableBaseMSM".to_string(),
                };
                out.push((label, pts));
            }
        }
        out
    }
}
