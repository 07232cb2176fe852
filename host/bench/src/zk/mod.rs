//! The later host functions in `zkhost bench`: KZG point evaluation (EIP-4844),
//! P256VERIFY (EIP-7951), the secp256k1 functions (`ecrecover`, verification, key
//! recovery), Ed25519 (one signature, batches of 1, 8 and 64), circomlib's Poseidon
//! (1 to 16 inputs) and BN254 point compression (Solana's format).
//!
//! Each runs natively (`zkhost_runtime::compute`, what the host function computes),
//! through its contract on a warm instance, beside the peer a node would otherwise
//! run — revm-precompile 43's point evaluation (its `blst` backend, revm's default
//! build) and c-kzg-4844's `verify_kzg_proof`, revm's P256VERIFY (RustCrypto),
//! RustCrypto's `p256` itself and AWS-LC (aws-lc-rs) for P-256, revm's
//! ecrecover (RustCrypto's `k256` in this build; libsecp256k1's own recovery is the
//! `ecrecover` row below), libsecp256k1 and `k256` for secp256k1 verification and
//! recovery, `ed25519-dalek` and `ed25519-zebra` for Ed25519, and
//! `light-poseidon` (1 to 12 inputs, all it supports) — and Poseidon in pure
//! WebAssembly (the `wasm-poseidon` contract). An `ecrecover` runs in the same
//! interleaved rounds: a price by EIP-1108's method is `3000 × t / t_ecrecover`
//! taken per round (the median of the rounds, rounded up to three significant
//! figures). Outputs are checked equal to zkhost's before anything is timed; every
//! input is the slowest of its kind that the checks allow (a valid proof or
//! signature: every check and the whole verification run; canonical Poseidon
//! elements; points whose decompression takes the longest square roots are not
//! distinguishable by input, so a fixed valid point).
//!
//! Each family's peers are data, a [`Peer`] table in the family's module: the
//! measuring loop times every peer whose table names the function, after checking its
//! answer against zkhost's.

use std::fmt::Write;
use std::process::ExitCode;

use serde_json::{json, Value};

use zkhost_abi::{Crypto, Family};
use zkhost_gas::HostCosts;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{Path, GENEROUS_GAS};
use zkhost_testkit::sample;

use super::{measure, worst::Ecrecover};
use zkhost_runtime::Prices;

pub mod bls;
pub mod ed25519;
pub mod kzg;
pub mod p256;
pub mod poseidon;
pub mod secp256k1;

/// Where a measurement ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// zkhost's function called directly.
    Native,
    /// The `forwarder` contract on a warm instance.
    Contract,
    /// Computed inside the `wasm-poseidon` contract: pure WebAssembly.
    Wasm,
    /// secp256k1 `ecrecover` (public-key recovery and its keccak): EIP-1108's anchor.
    Ecrecover,
    /// A peer of the function's family, by its [`Peer::name`].
    Peer(&'static str),
    /// The `eth-sync-committee` contract's update check (warm instance): a committee
    /// of 512, the participants' keys from its message.
    SyncCommittee,
    /// The same update computed in pure WebAssembly (`wasm-sync-committee`).
    SyncCommitteeWasm,
}

impl Where {
    /// The name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Where::Native => "native",
            Where::Contract => "contract",
            Where::Wasm => "wasm",
            Where::Ecrecover => "ecrecover",
            Where::Peer(name) => name,
            Where::SyncCommittee => "eth-sync-committee contract",
            Where::SyncCommitteeWasm => "wasm-sync-committee (pure WebAssembly)",
        }
    }
}

/// Another implementation of host functions, one a node could run instead: a row of a
/// family's peer table.
pub struct Peer {
    /// Its name in the reports (the `path` of its JSON rows).
    pub name: &'static str,
    /// The crate and the version requirement it is built from (Cargo.lock has the
    /// patch; a test checks the major version).
    pub library: &'static str,
    /// The functions it is timed on.
    pub ops: &'static [Crypto],
    /// How it is called on a function's input: its answer, taken once, and the call to
    /// time. `Ok(None)`: it does not take this input (light-poseidon beyond 12
    /// elements); `Err`: it disagrees with zkhost in a way the answer does not show
    /// (revm's gas).
    pub prepare: fn(Crypto, &[u8]) -> Result<Option<Prepared>, String>,
}

/// Every family's peers.
pub fn peers() -> impl Iterator<Item = &'static Peer> {
    [
        kzg::PEERS,
        p256::PEERS,
        secp256k1::PEERS,
        ed25519::PEERS,
        poseidon::PEERS,
        bls::PEERS,
    ]
    .into_iter()
    .flatten()
}

/// A peer's answer on the timed input, which is valid: a verdict (it must accept), or
/// output bytes (they must be zkhost's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Whether the peer accepts the input.
    Verdict(bool),
    /// The peer's output in zkhost's encoding (empty if it refused).
    Output(Vec<u8>),
}

/// A peer ready to be timed on one input.
pub struct Prepared {
    /// Its answer, taken once before timing.
    pub answer: Answer,
    /// The call that is timed.
    pub run: Box<dyn FnMut()>,
}

impl Prepared {
    /// A verdict of `f` on (a copy of) `input`.
    pub fn verdict(input: &[u8], f: fn(&[u8]) -> bool) -> Prepared {
        let a = input.to_vec();
        Prepared::verdict_of(move || f(&a))
    }

    /// A verdict of `f`, which holds what it needs.
    pub fn verdict_of(f: impl Fn() -> bool + 'static) -> Prepared {
        Prepared {
            answer: Answer::Verdict(f()),
            run: Box::new(move || {
                std::hint::black_box(f());
            }),
        }
    }

    /// The output of `f` on (a copy of) `input`, `None` if it refuses.
    pub fn output(input: &[u8], f: fn(&[u8]) -> Option<Vec<u8>>) -> Prepared {
        let a = input.to_vec();
        Prepared {
            answer: Answer::Output(f(&a).unwrap_or_default()),
            run: Box::new(move || {
                let _ = std::hint::black_box(f(&a));
            }),
        }
    }
}

/// revm-precompile's precompile function `run` as a peer of `op`: checked to charge
/// zkhost's gas before it is timed; its output is the answer.
fn revm(
    op: Crypto,
    input: &[u8],
    run: fn(&[u8], u64) -> revm_precompile::EthPrecompileResult,
) -> Result<Option<Prepared>, String> {
    let gas = HostCosts::ZKHOST.op_gas(op, input.len()) + HostCosts::ZKHOST.content_gas(op, input);
    let answer = match run(input, GENEROUS_GAS) {
        Ok(out) if out.gas_used == gas => out.bytes.to_vec(),
        other => return Err(format!("{other:?}")),
    };
    let a = input.to_vec();
    Ok(Some(Prepared {
        answer: Answer::Output(answer),
        run: Box::new(move || {
            let _ = std::hint::black_box(run(&a, GENEROUS_GAS));
        }),
    }))
}

/// One measurement.
#[derive(Clone, Debug)]
pub struct ZkSample {
    /// The operation (unused for [`Where::Ecrecover`], which is not a host function).
    pub op: Crypto,
    /// Poseidon's input count; 1 for the others.
    pub size: usize,
    /// Where it ran.
    pub at: Where,
    /// Median time of one call over the rounds, with its interval.
    pub ci: measure::Stat,
    /// The median time of one call in each round.
    pub rounds_ns: Vec<f64>,
    /// zkhost's price of the operation natively and for the peers; `gas_used`
    /// through a contract; the fuel on the wasm path.
    pub gas: u64,
}

/// The measurements of this section.
#[derive(Clone, Debug, Default)]
pub struct ZkResults {
    /// Every measurement, `ecrecover` included.
    pub samples: Vec<ZkSample>,
}

/// One timed call of the section.
pub(crate) struct Job {
    op: Crypto,
    size: usize,
    at: Where,
    gas: u64,
    run: Box<dyn FnMut()>,
}

/// BN254's functions that the main section does not time, from the table: point
/// compression (Solana's format).
fn bn254_compression() -> impl Iterator<Item = Crypto> {
    Crypto::ALL
        .into_iter()
        .filter(|op| op.family() == Family::Bn254 && !crate::ops::BN254.contains(op))
}

/// The operations of this section with their sizes.
pub fn cases(quick: bool) -> Vec<(Crypto, usize)> {
    let mut out: Vec<(Crypto, usize)> = Crypto::ALL
        .into_iter()
        .filter(|op| {
            matches!(
                op.family(),
                Family::Kzg | Family::P256 | Family::Secp256k1 | Family::Ed25519
            )
        })
        .map(|op| (op, 1))
        .collect();
    // Batches of 8 and 64 Ed25519 signatures (the one-record batch is above).
    out.extend([8, 64].map(|n| (Crypto::Ed25519BatchVerify, n)));
    let counts: Vec<usize> = if quick {
        vec![1, 2, 4, 8, 12, 16]
    } else {
        (1..=16).collect()
    };
    out.extend(counts.into_iter().map(|n| (Crypto::Poseidon, n)));
    out.extend(bn254_compression().map(|op| (op, 1)));
    out.extend(bls::cases(quick));
    out
}

/// The input timed for `op` at `size`.
fn input(op: Crypto, size: usize) -> Result<Vec<u8>, String> {
    Ok(match op {
        Crypto::Poseidon => sample::poseidon_input(size, 0x9051),
        // 32-byte messages (a hash, as contracts most often sign).
        Crypto::Ed25519Verify => sample::ed25519_verify_input(0xc0, 32),
        Crypto::Ed25519BatchVerify => ed25519_batch(size),
        op if op.family() == Family::BlsSignatures => bls::input(op, size),
        _ => sample::sample(op, 0xc0),
    })
}

/// A batch of `n` Ed25519 signatures on 32-byte messages, each by its own key.
fn ed25519_batch(n: usize) -> Vec<u8> {
    sample::ed25519_batch_of((0..n as u64).map(|i| (0xba7c_0000 + i, 32)))
}

/// The jobs of every peer whose table names `op`, on `input` of `size`, each checked
/// first to answer as zkhost did (`ours`); `gas` is zkhost's price, shown beside them.
fn peer_jobs(
    op: Crypto,
    size: usize,
    input: &[u8],
    ours: &[u8],
    gas: u64,
) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    for peer in peers().filter(|p| p.ops.contains(&op)) {
        let differ = |e: String| format!("{} and zkhost differ on {op:?} x{size}{e}", peer.name);
        let Some(prepared) = (peer.prepare)(op, input).map_err(|e| differ(format!(": {e}")))?
        else {
            continue;
        };
        let agrees = match &prepared.answer {
            Answer::Verdict(ok) => *ok,
            Answer::Output(out) => out == ours,
        };
        if !agrees {
            return Err(differ(String::new()));
        }
        jobs.push(Job {
            op,
            size,
            at: Where::Peer(peer.name),
            gas,
            run: prepared.run,
        });
    }
    Ok(jobs)
}

/// Measures every case of [`cases`] on every path it has, and `ecrecover`, in
/// interleaved rounds.
pub fn measure(
    quick: bool,
    rounds: usize,
    budget: measure::Budget,
    progress: &indicatif::ProgressBar,
) -> Result<ZkResults, String> {
    let runtime = Runtime::new(RuntimeConfig::from_env()).map_err(|e| format!("{e:#}"))?;
    let costs = HostCosts::ZKHOST;
    let mut jobs: Vec<Job> = Vec::new();
    let ec = Ecrecover::new()?;
    jobs.push(Job {
        op: Crypto::AltBn128Add,
        size: 1,
        at: Where::Ecrecover,
        gas: zkhost_gas::SigGas::ZKHOST.ecrecover,
        run: Box::new(move || {
            let _ = std::hint::black_box(ec.recover());
        }),
    });
    for (op, size) in cases(quick) {
        let input = input(op, size)?;
        let name = format!("{op:?} x{size}");
        let ours = zkhost_runtime::compute(op, None, &input)
            .map_err(|e| format!("the {name} benchmark input is refused: {e}"))?;
        let gas = costs.op_gas(op, input.len()) + costs.content_gas(op, &input);
        let native = input.clone();
        jobs.push(Job {
            op,
            size,
            at: Where::Native,
            gas,
            run: Box::new(move || {
                let _ = std::hint::black_box(zkhost_runtime::compute(op, None, &native));
            }),
        });
        // The peers, each checked to give zkhost's answer first.
        jobs.extend(peer_jobs(op, size, &input, &ours, gas)?);
        jobs.extend(bls::sync_committee_jobs(&runtime, op, size)?);
        // The contract paths, checked to answer zkhost's output.
        for (at, path) in [(Where::Contract, Path::Contract), (Where::Wasm, Path::Wasm)] {
            let Some(code) = path.contract(op) else {
                continue;
            };
            let code = runtime.deploy(code).map_err(|e| e.to_string())?;
            let message = zkhost_testkit::contracts::message(op, input.clone());
            let (mut warm, gas) =
                super::warm_answering(&runtime, &code, &message, &ours).map_err(|e| {
                    e.unwrap_or(format!(
                        "the {} path and native differ on {name}",
                        at.name()
                    ))
                })?;
            jobs.push(Job {
                op,
                size,
                at,
                gas,
                run: Box::new(move || {
                    let _ = std::hint::black_box(warm.call(&message, GENEROUS_GAS));
                }),
            });
        }
    }
    let times = measure::interleaved_rounds(
        &mut jobs,
        rounds,
        progress,
        |_| budget,
        |j| format!("{:?} x{} {}", j.op, j.size, j.at.name()),
        |j| &mut *j.run,
    );
    let samples = jobs
        .iter()
        .zip(times)
        .map(|(j, rounds_ns)| ZkSample {
            op: j.op,
            size: j.size,
            at: j.at,
            ci: measure::Stat::of_rounds(&rounds_ns),
            rounds_ns,
            gas: j.gas,
        })
        .collect();
    Ok(ZkResults { samples })
}

/// Rounds up to three significant figures (at least 1): a price must not be below
/// what was measured.
pub fn ceil3(x: f64) -> u64 {
    if x <= 1.0 {
        return 1;
    }
    let digits = x.log10().floor() as i32;
    let unit = 10f64.powi((digits - 2).max(0));
    ((x / unit).ceil() * unit) as u64
}

impl ZkResults {
    fn find(&self, op: Crypto, size: usize, at: Where) -> Option<&ZkSample> {
        self.samples
            .iter()
            .find(|s| s.at == at && (at == Where::Ecrecover || (s.op == op && s.size == size)))
    }

    /// `ecrecover`'s measurement.
    pub fn ecrecover(&self) -> Option<&ZkSample> {
        self.find(Crypto::AltBn128Add, 1, Where::Ecrecover)
    }

    /// The per-round ratio `a / b` of two rows of this section.
    fn ratio(a: &ZkSample, b: &ZkSample) -> Option<measure::Stat> {
        if a.rounds_ns.is_empty() || a.rounds_ns.len() != b.rounds_ns.len() {
            return None;
        }
        let per: Vec<f64> = a
            .rounds_ns
            .iter()
            .zip(&b.rounds_ns)
            .map(|(x, y)| x / y)
            .collect();
        Some(measure::Stat::of_rounds(&per))
    }

    /// The gas of `op` at `size` by EIP-1108's method: `3000 × t / t_ecrecover`, the
    /// median over the rounds of each round's ratio (with its interval), natively.
    pub fn eip1108(&self, op: Crypto, size: usize) -> Option<measure::Stat> {
        let native = self.find(op, size, Where::Native)?;
        let r = Self::ratio(native, self.ecrecover()?)?;
        Some(measure::Stat {
            median_ns: super::worst::ECRECOVER_GAS * r.median_ns,
            lo_ns: super::worst::ECRECOVER_GAS * r.lo_ns,
            hi_ns: super::worst::ECRECOVER_GAS * r.hi_ns,
            rounds: r.rounds,
        })
    }

    /// The Markdown section.
    pub fn markdown(&self, o: &mut String) {
        if self.samples.is_empty() {
            return;
        }
        let us = |ns: f64| {
            if ns >= 100_000.0 {
                format!("{:.0} µs", ns / 1e3)
            } else {
                format!("{:.2} µs", ns / 1e3)
            }
        };
        let t = |s: Option<&ZkSample>| {
            s.map_or("—".to_string(), |s| {
                format!(
                    "{} [{}, {}]",
                    us(s.ci.median_ns),
                    us(s.ci.lo_ns),
                    us(s.ci.hi_ns)
                )
            })
        };
        let ratio = |a: Option<&ZkSample>, b: Option<&ZkSample>| match (a, b) {
            (Some(a), Some(b)) => Self::ratio(a, b).map_or("—".into(), |r| {
                format!("{:.2} [{:.2}, {:.2}]", r.median_ns, r.lo_ns, r.hi_ns)
            }),
            _ => "—".into(),
        };
        let _ = writeln!(
            o,
            "\n## KZG point evaluation, signatures, Poseidon, BN254 compression\n"
        );
        let ec = self.ecrecover();
        let _ = writeln!(
            o,
            "Each natively, through its contract (warm instance) and beside the peer a \
             node would otherwise run, in the same interleaved rounds as an `ecrecover` \
             ({}); outputs checked equal first. Ratios are per-round medians with their \
             95% intervals: peer / zkhost above 1 means zkhost is faster. EIP-1108 gas \
             is 3000 × t / t_ecrecover (per round); Mgas/s is the charged gas over the \
             native time.\n",
            t(ec)
        );
        let _ = writeln!(
            o,
            "| op | native | revm-precompile | revm / zkhost | c-kzg | c-kzg / zkhost | contract | contract gas | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        let eip = |op: Crypto, size: usize| {
            self.eip1108(op, size).map_or("—".into(), |s| {
                format!(
                    "{} [{}, {}]",
                    ceil3(s.median_ns),
                    ceil3(s.lo_ns),
                    ceil3(s.hi_ns)
                )
            })
        };
        let mgas = |s: Option<&ZkSample>| {
            s.map_or("—".into(), |s| {
                format!("{:.1}", s.gas as f64 / s.ci.median_ns * 1e3)
            })
        };
        for (op, _) in cases(true).into_iter().filter(|(op, _)| {
            matches!(
                op,
                Crypto::KzgPointEvaluation | Crypto::P256Verify | Crypto::Secp256k1Ecrecover
            )
        }) {
            let native = self.find(op, 1, Where::Native);
            let revm = self.find(op, 1, Where::Peer("revm-precompile"));
            let ckzg = self.find(op, 1, Where::Peer("c-kzg"));
            let contract = self.find(op, 1, Where::Contract);
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                op.report_name(),
                t(native),
                t(revm),
                ratio(revm, native),
                t(ckzg),
                ratio(ckzg, native),
                t(contract),
                contract.map_or(0, |c| c.gas),
                native.map_or(0, |n| n.gas),
                mgas(native),
                eip(op, 1)
            );
        }
        let _ = writeln!(
            o,
            "\nSignatures (n: signatures in a batch), each beside every peer measured in \
             the same rounds: revm-precompile, RustCrypto's `p256` and AWS-LC \
             (aws-lc-rs's `verify_digest`, the key parsed per call) for P-256; \
             libsecp256k1 and RustCrypto's `k256` for secp256k1 \
             (CosmWasm's semantics: `s` normalised before the peer verifies), \
             `ed25519-dalek` (RFC 8032's cofactorless rule; its batch is a different \
             rule) and `ed25519-zebra` (ZIP-215, zkhost's rule) for Ed25519; 32-byte \
             messages. BLS (n: keys, points or records; for the hashes, the message's \
             32-byte words): blst's own `min_pk` API, in its default build, which hands \
             a verification's hashing to a second thread (zkhost's runs on one), with keys \
             and signature validated from bytes in the call as zkhost does (for \
             `bls-fast-aggregate-verify-uncompressed`, blst's keys parsed beforehand, as \
             a client holds them; for the compressions, blst's `deserialize`, a curve \
             check, from Zcash's uncompressed bytes, which the peer first makes from \
             EIP-2537's); arkworks (CosmWasm's library) for the hashes, decompression \
             and compression. Peer / zkhost above 1 means zkhost is faster.\n"
        );
        let _ = writeln!(
            o,
            "| op | n | native | peer | peer time | peer / zkhost | contract | contract gas | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(o, "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
        let mut signature_rows: Vec<(Crypto, usize)> = self
            .samples
            .iter()
            .filter(|s| {
                s.at == Where::Native
                    && matches!(
                        s.op.family(),
                        Family::P256 | Family::Secp256k1 | Family::Ed25519 | Family::BlsSignatures
                    )
            })
            .map(|s| (s.op, s.size))
            .collect();
        signature_rows.dedup();
        for (op, n) in signature_rows {
            let native = self.find(op, n, Where::Native);
            let contract = self.find(op, n, Where::Contract);
            // Every peer in the order it ran (its family's table), then the
            // sync-committee contracts.
            let peers: Vec<&ZkSample> = self
                .samples
                .iter()
                .filter(|s| {
                    s.op == op
                        && s.size == n
                        && matches!(
                            s.at,
                            Where::Peer(_) | Where::SyncCommittee | Where::SyncCommitteeWasm
                        )
                })
                .collect();
            // A row without a peer still shows zkhost's own figures.
            let peers: Vec<Option<&ZkSample>> = if peers.is_empty() {
                vec![None]
            } else {
                peers.into_iter().map(Some).collect()
            };
            for (i, peer) in peers.iter().enumerate() {
                let first = i == 0;
                let _ = writeln!(
                    o,
                    "| {} | {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                    op.report_name(),
                    if first { t(native) } else { "″".into() },
                    peer.map_or("—", |p| p.at.name()),
                    t(*peer),
                    ratio(*peer, native),
                    if first { t(contract) } else { "″".into() },
                    if first {
                        contract.map_or(0, |c| c.gas).to_string()
                    } else {
                        "″".into()
                    },
                    native.map_or(0, |n| n.gas),
                    mgas(native),
                    if first { eip(op, n) } else { "″".into() },
                );
            }
        }
        for (op, how) in [
            (
                Crypto::BlsFastAggregateVerifyUncompressed,
                "from its stored points",
            ),
            (
                Crypto::BlsFastAggregateVerify,
                "from the compressed keys, each validated",
            ),
        ] {
            let n = bls::SYNC_PARTICIPANTS;
            if let (Some(contract), Some(blst)) = (
                self.find(op, n, Where::SyncCommittee),
                self.find(op, n, Where::Peer("blst min_pk")),
            ) {
                let _ = writeln!(
                    o,
                    "\nThe `eth-sync-committee` contract's update check {how} ({n} of 512 \
                     keys): {} for {} gas, {:.1} Mgas/s; blst's `fast_aggregate_verify` on \
                     the same keys {}; contract / blst {}.",
                    t(Some(contract)),
                    contract.gas,
                    contract.gas as f64 / contract.ci.median_ns * 1e3,
                    t(Some(blst)),
                    ratio(Some(contract), Some(blst)),
                );
                if let Some(wasm) = self.find(op, n, Where::SyncCommitteeWasm) {
                    let _ = writeln!(
                        o,
                        "The same update in pure WebAssembly (`wasm-sync-committee`, arkworks \
                         in the contract): {} for {} gas (fuel); / the contract on the host \
                         functions {}.",
                        t(Some(wasm)),
                        wasm.gas,
                        ratio(Some(wasm), Some(contract)),
                    );
                }
            }
        }
        let single = self.find(Crypto::Ed25519Verify, 1, Where::Native);
        for n in [8usize, 64] {
            if let (Some(batch), Some(single)) = (
                self.find(Crypto::Ed25519BatchVerify, n, Where::Native),
                single,
            ) {
                if let Some(r) = Self::ratio(batch, single) {
                    let k = n as f64;
                    let _ = writeln!(
                        o,
                        "\nA batch of {n} Ed25519 signatures takes {:.2} [{:.2}, {:.2}] × the time of {n} single verifications.",
                        r.median_ns / k,
                        r.lo_ns / k,
                        r.hi_ns / k
                    );
                }
            }
        }
        let _ = writeln!(
            o,
            "\nPoseidon (circomlib, n inputs): natively, beside `light-poseidon` (1–12 \
             inputs), through the `forwarder` contract, and in pure WebAssembly (the \
             `wasm-poseidon` contract: the round-by-round form on substrate-bn's field, \
             fuel as its gas).\n"
        );
        let _ = writeln!(
            o,
            "| n | native | light-poseidon | light-poseidon / zkhost | contract | contract gas | wasm | wasm / native | wasm fuel | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(
            o,
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        let mut counts: Vec<usize> = self
            .samples
            .iter()
            .filter(|s| s.op == Crypto::Poseidon && s.at == Where::Native)
            .map(|s| s.size)
            .collect();
        counts.dedup();
        for n in counts {
            let op = Crypto::Poseidon;
            let native = self.find(op, n, Where::Native);
            let light = self.find(op, n, Where::Peer("light-poseidon"));
            let contract = self.find(op, n, Where::Contract);
            let wasm = self.find(op, n, Where::Wasm);
            let _ = writeln!(
                o,
                "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                t(native),
                t(light),
                ratio(light, native),
                t(contract),
                contract.map_or(0, |c| c.gas),
                t(wasm),
                ratio(wasm, native),
                wasm.map_or(0, |c| c.gas),
                native.map_or(0, |n| n.gas),
                mgas(native),
                eip(op, n)
            );
        }
        let _ = writeln!(o, "\nBN254 point compression (Solana's format):\n");
        let _ = writeln!(
            o,
            "| op | native | contract | contract gas | gas | Mgas/s | EIP-1108 gas |"
        );
        let _ = writeln!(o, "|---|---:|---:|---:|---:|---:|---:|");
        for op in bn254_compression() {
            let native = self.find(op, 1, Where::Native);
            let contract = self.find(op, 1, Where::Contract);
            let _ = writeln!(
                o,
                "| {} | {} | {} | {} | {} | {} | {} |",
                op.report_name(),
                t(native),
                t(contract),
                contract.map_or(0, |c| c.gas),
                native.map_or(0, |n| n.gas),
                mgas(native),
                eip(op, 1)
            );
        }
    }

    /// The JSON results of this section, one object per measurement (as the report's
    /// other sections); `eip1108_gas` on the native rows.
    pub fn json_results(&self) -> Vec<Value> {
        self.samples
            .iter()
            .map(|s| {
                let op = if s.at == Where::Ecrecover {
                    "ecrecover"
                } else {
                    s.op.report_name()
                };
                let mut v = json!({
                    "op": op, "size": s.size, "path": s.at.name(), "gas": s.gas,
                    "median_ns": s.ci.median_ns, "ci95_ns": [s.ci.lo_ns, s.ci.hi_ns],
                    "rounds_ns": s.rounds_ns,
                });
                if s.at == Where::Native {
                    if let Some(e) = self.eip1108(s.op, s.size) {
                        v["eip1108_gas"] = json!(ceil3(e.median_ns));
                    }
                }
                v
            })
            .collect()
    }
}

/// `zkhost bench --zk-only`: this section alone, with the machine, the load and the
/// steal time of its run, as Markdown (stdout or `--markdown`) and JSON (`--json`).
pub fn run_only(args: &super::BenchArgs, progress: &indicatif::ProgressBar) -> ExitCode {
    let plan_rounds = if args.quick { 3 } else { 7 };
    let budget = measure::Budget {
        time: std::time::Duration::from_millis(if args.quick { 70 } else { 300 }),
        min_samples: if args.quick { 3 } else { 5 },
    };
    let load = measure::LoadMonitor::start();
    let results = match measure(args.quick, plan_rounds, budget, progress) {
        Ok(r) => r,
        Err(e) => {
            progress.finish_and_clear();
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let load = load.finish();
    progress.finish_and_clear();
    let machine = super::report::machine();
    let mut o = String::from(
        "# zkhost gas-cost benchmark: KZG, P256VERIFY, Poseidon, compression, signatures, BLS\n\n",
    );
    let steal = load
        .steal
        .map_or("not recorded".to_string(), |s| format!("{:.1}%", s * 100.0));
    let _ = writeln!(
        o,
        "Machine: {} ({} cores). {} interleaved rounds. Load average during the run: mean \
         {:.2}, max {:.2}; steal {steal}.",
        machine["cpu_description"].as_str().unwrap_or("?"),
        machine["cores"],
        plan_rounds,
        load.mean,
        load.max,
    );
    if load.steal.is_some_and(|s| s > measure::STEAL_WARNING) {
        let _ = writeln!(
            o,
            "\n**Steal time was above {:.0}%: rerun on a quiet machine before quoting.**",
            measure::STEAL_WARNING * 100.0
        );
    }
    results.markdown(&mut o);
    let written = (|| -> std::io::Result<()> {
        super::report::write_markdown(args.markdown.as_deref(), &o)?;
        if let Some(path) = &args.json {
            let run = json!({"load": load, "rounds": plan_rounds, "quick": args.quick,
                             "section": "zk"});
            let doc = json!({"machine": machine, "run": run, "results": results.json_results()});
            std::fs::write(path, serde_json::to_string_pretty(&doc)? + "\n")?;
        }
        Ok(())
    })();
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_round_up() {
        assert_eq!(ceil3(0.3), 1);
        assert_eq!(ceil3(594.1), 595);
        assert_eq!(ceil3(1_081.0), 1_090);
        assert_eq!(ceil3(7_360.5), 7_370);
        assert_eq!(ceil3(12_300.0), 12_300);
    }

    #[test]
    fn the_compression_rows_are_the_four_functions() {
        let ops: Vec<Crypto> = bn254_compression().collect();
        assert_eq!(
            ops,
            [
                Crypto::AltBn128G1Compress,
                Crypto::AltBn128G1Decompress,
                Crypto::AltBn128G2Compress,
                Crypto::AltBn128G2Decompress,
            ]
        );
    }

    #[test]
    fn every_peer_names_the_major_version_the_lockfile_has() {
        let lock = include_str!("../../../../Cargo.lock");
        for peer in peers() {
            let (name, major) = peer.library.split_once(' ').expect("crate and version");
            let entry = format!("name = \"{name}\"\nversion = \"{major}.");
            assert!(
                lock.contains(&entry),
                "{}: {name} {major}.x is not in Cargo.lock",
                peer.name
            );
            assert!(!peer.ops.is_empty(), "{}", peer.name);
        }
    }

    #[test]
    fn every_peer_agrees_with_zkhost_before_timing() {
        let mut timed = std::collections::BTreeSet::new();
        for (op, size) in cases(true) {
            let input = input(op, size).expect("an input");
            let ours = zkhost_runtime::compute(op, None, &input).expect("valid");
            let gas = HostCosts::ZKHOST.op_gas(op, input.len());
            for job in peer_jobs(op, size, &input, &ours, gas).unwrap() {
                timed.insert(job.at.name());
            }
        }
        // Every peer of every table ran on some case.
        let all: std::collections::BTreeSet<&str> = peers().map(|p| p.name).collect();
        assert_eq!(timed, all);
    }

    #[test]
    fn every_case_has_a_valid_input() {
        for (op, size) in cases(false) {
            let input = input(op, size).expect("an input");
            assert!(
                zkhost_runtime::compute(op, None, &input).is_ok(),
                "{op:?} x{size}"
            );
        }
    }
}
