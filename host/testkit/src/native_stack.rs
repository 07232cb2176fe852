//! The inputs on which every crypto host function's native stack use is measured
//! (`host/integration-tests/tests/native_stack.rs` runs each on a 64 KiB thread; `examples/native_stack.rs`
//! reads each one's peak), and the thread that runs one.
//!
//! A host function runs on the thread that calls it: in a node, the thread that runs
//! the contract. What it puts on that thread's stack is its frames, plus what its C
//! libraries put there: blst takes scratch with `alloca` whose size grows with the
//! input up to a cap (`blst_p1s_add`, 144 bytes a point up to 1,024 points; the
//! small-MSM path of `blst_p1s_mult_pippenger`, below 32 points), and its Miller loop
//! keeps 16 pairs at a time. So the cases are, per function, the typical input
//! ([`crate::sample::sample`]), the slowest constructed ones ([`crate::worst`]) where
//! they exist, and, where the input holds records, a ladder of counts through every
//! such cap and past it (beyond the last rung no stack use grows with the count: the
//! scratch there is on the heap).

use zkhost_abi::Crypto;

use crate::{bls12_381, sample, worst};

/// One input of one function.
#[derive(Clone, Debug)]
pub struct Case {
    /// The function.
    pub op: Crypto,
    /// What the input is (`typical`, a worst case's name, `31 points`).
    pub what: String,
    /// The input.
    pub input: Vec<u8>,
}

/// The stack [`run_on_stack`] gives the tests' small-stack threads: the bound zkhost
/// keeps every host function under (docs/src/embedding.md, "Native stack").
pub const SMALL_STACK: usize = 64 << 10;

/// Runs `op` on `input` (`zkhost_runtime::compute`, the default backends) on a new
/// thread with a `stack`-byte stack, named after the case so that an overflow, which
/// aborts the process, says which. The function's output or refusal, as text.
pub fn run_on_stack(stack: usize, case: &Case) -> Result<Vec<u8>, String> {
    let (op, input) = (case.op, case.input.clone());
    std::thread::Builder::new()
        .name(format!("{} ({})", op.name(), case.what))
        .stack_size(stack)
        .spawn(move || zkhost_runtime::compute(op, None, &input).map_err(|e| e.to_string()))
        .map_err(|e| format!("spawning the thread: {e}"))?
        .join()
        .map_err(|_| "the thread panicked".to_string())?
}

/// The record counts tried for an MSM: through blst's small-MSM path (below 32
/// points, its scratch on the stack) and past it (Pippenger, its scratch on the heap).
const MSM_COUNTS: [usize; 8] = [1, 2, 16, 17, 31, 32, 64, 512];

/// The key counts tried for `bls_fast_aggregate_verify`: through blst's batch
/// addition's cap (1,024 points of scratch on the stack) and past it; the largest
/// input the runtime takes ([`LARGEST_INPUT`]) is tried too.
const KEY_COUNTS: [usize; 10] = [1, 2, 16, 17, 31, 32, 64, 512, 1024, 2048];

/// The largest input a call takes, the runtime's default `max_input_bytes`.
pub const LARGEST_INPUT: usize = 1 << 20;

fn case(op: Crypto, what: impl Into<String>, input: Vec<u8>) -> Case {
    Case {
        op,
        what: what.into(),
        input,
    }
}

fn worst_cases(op: Crypto, cases: Vec<worst::Case>) -> impl Iterator<Item = Case> {
    cases
        .into_iter()
        .map(move |c| case(op, format!("worst: {}", c.name), c.input))
}

/// An EIP-2537 function's input of `n` records.
fn bls12(op: Crypto, n: usize) -> Vec<u8> {
    use rand::SeedableRng;
    let op = zkhost_bls12381::Op::ALL
        .into_iter()
        .find(|o| o.host_function() == op)
        .unwrap_or_else(|| unreachable!("{op:?} is an EIP-2537 function"));
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(n as u64);
    bls12_381::valid_input(op, n, &mut rng)
}

/// A `bls_fast_aggregate_verify` input (compressed or, for the uncompressed variant,
/// EIP-2537-encoded keys) of `n` keys that verifies, made cheaply: one key `n` times,
/// with its signature added `n` times (FastAggregateVerify does not forbid a repeated
/// key; the sum is `n` times the key either way).
fn fast_aggregate_repeated(op: Crypto, n: usize) -> Vec<u8> {
    use blst::min_pk::{AggregateSignature, Signature};
    use zkhost_bls12381::signatures::Ciphersuite;
    let cs = Ciphersuite::ProofOfPossession;
    let key = sample::bls_key(7);
    let msg = sample::bls_message(7, 0);
    let sig = key.sign(&msg, cs.dst(), &[]);
    let sigs: Vec<&Signature> = std::iter::repeat_n(&sig, n).collect();
    let aggregate = AggregateSignature::aggregate(&sigs, false)
        .map(|a| a.to_signature().compress())
        .unwrap_or([0; 96]);
    let pk = key.sk_to_pk().compress();
    let one: Vec<u8> = match op {
        Crypto::BlsFastAggregateVerifyUncompressed => {
            zkhost_bls12381::compressed::g1_decompress(&pk).map_or_else(|_| Vec::new(), Vec::from)
        }
        _ => pk.to_vec(),
    };
    let keys = one.repeat(n);
    [
        &[cs.id()][..],
        &aggregate,
        &(n as u32).to_be_bytes(),
        &keys,
        &msg,
    ]
    .concat()
}

/// Every case of every function, in [`Crypto::ALL`] order.
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for op in Crypto::ALL {
        out.push(case(op, "typical", sample::sample(op, 1)));
        match op {
            Crypto::AltBn128Add => out.extend(worst_cases(op, worst::bn254_add())),
            Crypto::AltBn128Mul => out.extend(worst_cases(op, worst::bn254_mul())),
            Crypto::AltBn128Pairing => {
                for k in [1, 2, 16, 17, 64] {
                    out.extend(worst_cases(op, worst::bn254_pairing(k)));
                }
            }
            Crypto::AltBn128G1Msm => {
                for n in MSM_COUNTS {
                    out.extend(worst_cases(op, worst::bn254_msm(n)));
                }
            }
            Crypto::VerkleCommit | Crypto::VerkleCommitUncompressed => {
                out.extend(worst_cases(op, worst::verkle_commit(256)));
            }
            Crypto::VerkleCommitmentToField => {
                out.extend(worst_cases(op, worst::verkle_to_field()))
            }
            Crypto::VerkleUpdate => out.extend(worst_cases(op, worst::verkle_update(256))),
            Crypto::VerkleUpdateUncompressed => {
                out.extend(worst_cases(op, worst::verkle_update_uncompressed(256)));
            }
            Crypto::VerkleTreeKey => out.extend(worst_cases(op, worst::verkle_tree_key())),
            Crypto::Bls12G1Msm | Crypto::Bls12G2Msm => {
                for n in MSM_COUNTS {
                    out.push(case(op, format!("{n} points"), bls12(op, n)));
                }
            }
            Crypto::Bls12PairingCheck => {
                for n in [1, 2, 16, 17, 64] {
                    out.push(case(op, format!("{n} pairs"), bls12(op, n)));
                }
            }
            Crypto::Poseidon => {
                out.push(case(op, "16 inputs", sample::poseidon_input(16, 1)));
            }
            Crypto::Ed25519Verify => {
                out.push(case(
                    op,
                    "64 KiB message",
                    sample::ed25519_verify_input(1, 64 << 10),
                ));
            }
            Crypto::Ed25519BatchVerify => {
                for n in [1, 2, 64, 1024] {
                    out.push(case(
                        op,
                        format!("{n} records"),
                        sample::ed25519_batch_input(n, 1),
                    ));
                }
            }
            Crypto::BlsHashToG1 | Crypto::BlsHashToG2 => {
                // The longest tag and a 64 KiB message.
                let mut input = vec![255u8];
                input.extend(std::iter::repeat_n(b'D', 255));
                input.extend(std::iter::repeat_n(b'm', 64 << 10));
                out.push(case(op, "255-byte tag, 64 KiB message", input));
            }
            Crypto::BlsAggregateG1 | Crypto::BlsAggregateG2 | Crypto::BlsAggregateVerify => {
                for n in [16, 17, 64] {
                    out.push(case(
                        op,
                        format!("{n} records"),
                        sample::bls_input(op, n, 1),
                    ));
                }
            }
            Crypto::BlsFastAggregateVerify | Crypto::BlsFastAggregateVerifyUncompressed => {
                for n in KEY_COUNTS {
                    out.push(case(
                        op,
                        format!("{n} keys"),
                        fast_aggregate_repeated(op, n),
                    ));
                }
                // As many keys as the largest input holds.
                let per_key =
                    fast_aggregate_repeated(op, 2).len() - fast_aggregate_repeated(op, 1).len();
                let fixed = fast_aggregate_repeated(op, 1).len() - per_key;
                let n = (LARGEST_INPUT - fixed) / per_key;
                out.push(case(
                    op,
                    format!("{n} keys (1 MiB)"),
                    fast_aggregate_repeated(op, n),
                ));
            }
            _ => {}
        }
    }
    out
}
