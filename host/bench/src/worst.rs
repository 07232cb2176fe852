//! The worst cases: every constructed input of `zkhost_testkit::worst` timed beside
//! the typical one in the same interleaved rounds, natively on the default
//! backend, and an `ecrecover` timed next to every operation and size in those
//! rounds. The proposed prices come
//! from the slowest case of each operation and size, by two methods: the target
//! throughput (gas per ns) and EIP-1108's (`3000 × t(op) / t(ecrecover)`, the
//! precompile's price relative to `ecrecover`'s 3,000 gas on the same machine).

use serde_json::{json, Value};

use zkhost_abi::Crypto;
use zkhost_bn254::Backend;
use zkhost_gas::HostCosts;
use zkhost_testkit::worst::{self, Case, TYPICAL};

use super::measure::{self, Budget, Stat};
use super::{fit, round3};
use crate::ops;
use zkhost_runtime::Prices;

/// EIP-1108's anchor: `ecrecover`'s price, gas (`zkhost_gas::SigGas::ZKHOST`).
pub const ECRECOVER_GAS: f64 = zkhost_gas::SigGas::ZKHOST.ecrecover as f64;

/// One timed case.
#[derive(Clone, Debug, PartialEq)]
pub struct WorstSample {
    /// The host function.
    pub op: Crypto,
    /// Pairs, points, scalars or entries (1 for ECADD, ECMUL, to-field).
    pub size: usize,
    /// The case's name (`typical` for the reference).
    pub case: &'static str,
    /// Its time.
    pub stat: Stat,
    /// Its time over the typical input's, per round (the two are timed next to
    /// each other in every round, so the machine's drift cancels): median and
    /// interval over the rounds. Exactly 1 for the typical case.
    pub vs_typical: Stat,
    /// Its time over `ecrecover`'s, per round, against the `ecrecover` timed just
    /// before this operation and size: EIP-1108's measure of an operation.
    pub vs_ecrecover: Stat,
    /// The schedule's price for its length (every case of a size has the same).
    pub gas: u64,
}

/// The worst-case measurements of one run.
#[derive(Clone, Debug, Default)]
pub struct WorstResults {
    /// Every case of every operation and size.
    pub samples: Vec<WorstSample>,
    /// `ecrecover` (secp256k1 public-key recovery and the keccak of the key), as
    /// revm's precompile computes it.
    pub ecrecover: Option<Stat>,
    /// MSM sizes at which the cost model's choice changes (each measured, and the
    /// size before it).
    pub msm_boundaries: Vec<usize>,
    /// Pairing time against k from the slowest case at each k.
    pub pairing_fit: Option<fit::Linear>,
    /// The same in units of `ecrecover`'s time (A and B are ratios).
    pub pairing_fit_ecrecover: Option<fit::Linear>,
}

/// What to measure.
pub struct WorstPlan<'a> {
    /// Pair counts of the pairing check.
    pub pairing_sizes: &'a [usize],
    /// MSM sizes (the cost model's boundaries up to the largest are added).
    pub msm_sizes: &'a [usize],
    /// Verkle commitment sizes.
    pub commit_sizes: &'a [usize],
    /// Verkle update sizes.
    pub update_sizes: &'a [usize],
    /// Interleaved rounds.
    pub rounds: usize,
    /// Time per measurement.
    pub budget: Budget,
}

/// The sizes in `1..=max` at which the BN254 MSM cost model's choice changes.
pub fn msm_boundaries(max: usize) -> Vec<usize> {
    let model = zkhost_bn254::msm::cost_model();
    let threads = zkhost_msm::threads();
    let choice = |n| {
        model
            .select_for(n, zkhost_msm::DEFAULT_MEMORY_LIMIT, threads)
            .algorithm
    };
    (2..=max).filter(|&n| choice(n) != choice(n - 1)).collect()
}

/// The (seed-fixed) `ecrecover` input of revm's precompile, split: a 32-byte
/// message hash, a recovery id and a 64-byte compact signature.
pub(super) struct Ecrecover {
    digest: [u8; 32],
    recid: secp256k1::ecdsa::RecoveryId,
    signature: [u8; 64],
    secp: secp256k1::Secp256k1<secp256k1::VerifyOnly>,
}

fn keccak256(data: &[u8]) -> [u8; 32] {
    use sha3::Digest;
    sha3::Keccak256::digest(data).into()
}

impl Ecrecover {
    pub(super) fn new() -> Result<Ecrecover, String> {
        let signer = secp256k1::Secp256k1::signing_only();
        let key = secp256k1::SecretKey::from_byte_array(keccak256(b"zkhost ecrecover key"))
            .map_err(|e| e.to_string())?;
        let digest = keccak256(b"zkhost ecrecover message");
        let sig = signer.sign_ecdsa_recoverable(secp256k1::Message::from_digest(digest), &key);
        let (recid, signature) = sig.serialize_compact();
        let public = secp256k1::PublicKey::from_secret_key(&signer, &key);
        let mut address = [0u8; 20];
        address.copy_from_slice(&keccak256(&public.serialize_uncompressed()[1..])[12..]);
        let e = Ecrecover {
            digest,
            recid,
            signature,
            secp: secp256k1::Secp256k1::verification_only(),
        };
        if e.recover() != Some(address) {
            return Err("ecrecover did not recover the signer".into());
        }
        Ok(e)
    }

    /// The precompile's work: parse the signature, recover the key, hash it.
    pub(super) fn recover(&self) -> Option<[u8; 20]> {
        let sig = secp256k1::ecdsa::RecoverableSignature::from_compact(&self.signature, self.recid)
            .ok()?;
        let public = self
            .secp
            .recover_ecdsa(secp256k1::Message::from_digest(self.digest), &sig)
            .ok()?;
        let mut out = [0u8; 20];
        out.copy_from_slice(&keccak256(&public.serialize_uncompressed()[1..])[12..]);
        Some(out)
    }
}

/// Runs `op` on `input` natively on its default backend.
fn run(op: Crypto, input: &[u8]) -> Result<Vec<u8>, String> {
    let backend: Option<Backend> = Some(ops::default_backend(op));
    zkhost_runtime::compute(op, backend, input).map_err(|e| e.to_string())
}

/// Measures every case and `ecrecover` in interleaved rounds.
pub fn measure(
    plan: &WorstPlan,
    progress: &indicatif::ProgressBar,
) -> Result<WorstResults, String> {
    let costs = HostCosts::ZKHOST;
    let max_msm = plan.msm_sizes.iter().copied().max().unwrap_or(1);
    let boundaries = msm_boundaries(max_msm);
    let mut msm_sizes: Vec<usize> = plan.msm_sizes.to_vec();
    for &b in &boundaries {
        msm_sizes.extend([b - 1, b]);
    }
    msm_sizes.sort_unstable();
    msm_sizes.dedup();

    let mut cases: Vec<(Crypto, usize, Case)> = Vec::new();
    let mut add = |op: Crypto, size: usize, list: Vec<Case>| {
        cases.extend(list.into_iter().map(|c| (op, size, c)));
    };
    add(Crypto::AltBn128Add, 1, worst::bn254_add());
    add(Crypto::AltBn128Mul, 1, worst::bn254_mul());
    for &k in plan.pairing_sizes {
        add(Crypto::AltBn128Pairing, k, worst::bn254_pairing(k));
    }
    for &n in &msm_sizes {
        add(Crypto::AltBn128G1Msm, n, worst::bn254_msm(n));
    }
    for &n in plan.commit_sizes {
        add(Crypto::VerkleCommit, n, worst::verkle_commit(n));
    }
    add(Crypto::VerkleCommitmentToField, 1, worst::verkle_to_field());
    for &k in plan.update_sizes {
        add(Crypto::VerkleUpdate, k, worst::verkle_update(k));
        add(
            Crypto::VerkleUpdateUncompressed,
            k,
            worst::verkle_update_uncompressed(k),
        );
    }
    add(Crypto::VerkleTreeKey, 1, worst::verkle_tree_key());
    // Every case must be accepted, or its time would be an error path's.
    for (op, size, c) in &cases {
        run(*op, &c.input)
            .map_err(|e| format!("worst case {} of {} x{size}: {e}", c.name, op.report_name()))?;
    }

    let ec = Ecrecover::new()?;
    type Run<'a> = Box<dyn FnMut() + 'a>;
    // An `ecrecover` before every operation and size, so each case has an anchor
    // timed right next to it in every round.
    let mut jobs: Vec<(String, Run)> = Vec::new();
    let mut anchor_of: Vec<usize> = Vec::new();
    let mut job_of: Vec<usize> = Vec::new();
    let mut anchors: Vec<usize> = Vec::new();
    for (i, (op, size, c)) in cases.iter().enumerate() {
        if i == 0 || (cases[i - 1].0, cases[i - 1].1) != (*op, *size) {
            anchors.push(jobs.len());
            let ec = &ec;
            jobs.push((
                "ecrecover".into(),
                Box::new(move || {
                    std::hint::black_box(ec.recover());
                }),
            ));
        }
        anchor_of.push(anchors.last().copied().unwrap_or(0));
        job_of.push(jobs.len());
        let (op, input) = (*op, c.input.as_slice());
        jobs.push((
            format!("worst {} x{size} {}", op.report_name(), c.name),
            Box::new(move || {
                let _ = std::hint::black_box(run(op, input));
            }),
        ));
    }
    let rounds = measure::interleaved_rounds(
        &mut jobs,
        plan.rounds,
        progress,
        |_| plan.budget,
        |j| j.0.clone(),
        |j| &mut *j.1,
    );
    // ecrecover's time: per round, the median over its anchors.
    let ec_rounds: Vec<f64> = (0..plan.rounds)
        .map(|r| measure::median(&mut anchors.iter().map(|&a| rounds[a][r]).collect::<Vec<_>>()))
        .collect();
    let ratio = |num: &[f64], den: &[f64]| -> Stat {
        let v: Vec<f64> = num
            .iter()
            .zip(den)
            .map(|(x, d)| if *d > 0.0 { x / d } else { 1.0 })
            .collect();
        Stat::of_rounds(&v)
    };
    // Each case against the typical case of its op and size, and against its
    // anchor, round by round.
    let typical_job = |op: Crypto, size: usize| {
        cases
            .iter()
            .zip(&job_of)
            .find(|((o, s, c), _)| *o == op && *s == size && c.name == TYPICAL)
            .map(|(_, &j)| j)
    };
    let samples: Vec<WorstSample> = cases
        .iter()
        .enumerate()
        .map(|(i, (op, size, c))| {
            let t = &rounds[job_of[i]];
            let typical = &rounds[typical_job(*op, *size).unwrap_or(job_of[i])];
            WorstSample {
                op: *op,
                size: *size,
                case: c.name,
                stat: Stat::of_rounds(t),
                vs_typical: ratio(t, typical),
                vs_ecrecover: ratio(t, &rounds[anchor_of[i]]),
                gas: costs.op_gas(*op, c.input.len()),
            }
        })
        .collect();
    let mut r = WorstResults {
        samples,
        ecrecover: Some(Stat::of_rounds(&ec_rounds)),
        msm_boundaries: boundaries,
        pairing_fit: None,
        pairing_fit_ecrecover: None,
    };
    let fit_of = |f: &dyn Fn(usize) -> Option<f64>| {
        let points: Vec<(f64, f64)> = plan
            .pairing_sizes
            .iter()
            .filter_map(|&k| Some((k as f64, f(k)?)))
            .collect();
        fit::linear(&points)
    };
    r.pairing_fit = fit_of(&|k| r.worst_ns(Crypto::AltBn128Pairing, k));
    r.pairing_fit_ecrecover = fit_of(&|k| r.worst_vs_ecrecover(Crypto::AltBn128Pairing, k));
    Ok(r)
}

impl WorstResults {
    /// The (op, size) pairs measured, in report order.
    pub fn keys(&self) -> Vec<(Crypto, usize)> {
        let mut keys: Vec<(Crypto, usize)> = Vec::new();
        for s in &self.samples {
            if !keys.contains(&(s.op, s.size)) {
                keys.push((s.op, s.size));
            }
        }
        keys
    }

    /// Every case of `op` at `size`.
    pub fn cases(&self, op: Crypto, size: usize) -> impl Iterator<Item = &WorstSample> {
        self.samples
            .iter()
            .filter(move |s| s.op == op && s.size == size)
    }

    /// The typical case of `op` at `size`.
    pub fn typical(&self, op: Crypto, size: usize) -> Option<&WorstSample> {
        self.cases(op, size).find(|s| s.case == TYPICAL)
    }

    /// The slowest case of `op` at `size`: the largest median ratio to the typical
    /// input (the typical case itself, at 1, if none is slower).
    pub fn worst(&self, op: Crypto, size: usize) -> Option<&WorstSample> {
        self.cases(op, size)
            .max_by(|a, b| a.vs_typical.median_ns.total_cmp(&b.vs_typical.median_ns))
    }

    /// The slowest case's time, as the typical input's median times the case's
    /// median ratio to it (more robust on a noisy machine than the case's own
    /// median: the ratio is taken within each round).
    pub fn worst_ns(&self, op: Crypto, size: usize) -> Option<f64> {
        let t = self.typical(op, size)?.stat.median_ns;
        Some(t * self.worst(op, size)?.vs_typical.median_ns)
    }

    /// The time a price of `op` at `size` is set from: the pairing's from the fit
    /// over the slowest case at each k, every other from its slowest case.
    pub fn priced_ns(&self, op: Crypto, size: usize) -> Option<f64> {
        match (op, self.pairing_fit) {
            (Crypto::AltBn128Pairing, Some(f)) => Some(f.at(size as f64)),
            _ => self.worst_ns(op, size),
        }
    }

    /// The price at a target of `gas_per_ns`, three significant figures.
    pub fn throughput_gas(&self, op: Crypto, size: usize, gas_per_ns: f64) -> Option<u64> {
        Some(round3(self.priced_ns(op, size)? * gas_per_ns))
    }

    /// The slowest case's time in units of `ecrecover`'s: the typical input's
    /// per-round ratio to its neighbouring `ecrecover` times the slowest case's
    /// ratio to the typical input.
    pub fn worst_vs_ecrecover(&self, op: Crypto, size: usize) -> Option<f64> {
        let t = self.typical(op, size)?.vs_ecrecover.median_ns;
        Some(t * self.worst(op, size)?.vs_typical.median_ns)
    }

    /// EIP-1108's method: `3000 × t(op) / t(ecrecover)` from the slowest case, the
    /// pairing from its fit, three significant figures.
    pub fn ecrecover_gas(&self, op: Crypto, size: usize) -> Option<u64> {
        let rel = match (op, self.pairing_fit_ecrecover) {
            (Crypto::AltBn128Pairing, Some(f)) => f.at(size as f64),
            _ => self.worst_vs_ecrecover(op, size)?,
        };
        Some(round3(ECRECOVER_GAS * rel))
    }

    /// Gas per ns that EIP-1108's method implies on this machine.
    pub fn ecrecover_gas_per_ns(&self) -> Option<f64> {
        let ec = self.ecrecover?.median_ns;
        (ec > 0.0).then(|| ECRECOVER_GAS / ec)
    }

    /// The JSON rows of `worst_cases`.
    pub fn json(&self) -> Value {
        let rows: Vec<Value> = self
            .samples
            .iter()
            .map(|s| {
                json!({"op": s.op.report_name(), "size": s.size, "case": s.case,
                       "median_ns": s.stat.median_ns, "ci95_ns": [s.stat.lo_ns, s.stat.hi_ns],
                       "rounds": s.stat.rounds, "wide": s.stat.is_wide(), "gas": s.gas,
                       "vs_typical": s.vs_typical.median_ns,
                       "vs_typical_ci95": [s.vs_typical.lo_ns, s.vs_typical.hi_ns],
                       "vs_ecrecover": s.vs_ecrecover.median_ns,
                       "vs_ecrecover_ci95": [s.vs_ecrecover.lo_ns, s.vs_ecrecover.hi_ns]})
            })
            .collect();
        json!({
            "cases": rows,
            "ecrecover": self.ecrecover.map(|e| json!({"median_ns": e.median_ns,
                "ci95_ns": [e.lo_ns, e.hi_ns], "rounds": e.rounds, "wide": e.is_wide()})),
            "msm_boundaries": self.msm_boundaries,
            "pairing_fit": self.pairing_fit.map(super::fit::Linear::json),
            "pairing_fit_ecrecover": self.pairing_fit_ecrecover.map(super::fit::Linear::json),
        })
    }
}
