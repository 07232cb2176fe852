//! P256VERIFY beside two peers on the same inputs: zkhost's `zkhost_sig::p256::verify`
//! (its own arithmetic), RustCrypto's `p256` (`VerifyingKey::verify_prehash`, the
//! arithmetic zkhost ran on before) and aws-lc-rs (`UnparsedPublicKey::verify_digest`
//! with `Digest::import_less_safe`: the key parsed per call, as the precompile must, and
//! `ParsedPublicKey::verify_digest_sig` with the key parsed once).
//!
//! Every verdict is checked equal first (valid signatures and, to keep the branch
//! predictors honest, one in four with a flipped hash bit). Then rounds alternate among
//! the implementations on one thread; each round verifies the whole set once, timed by
//! the thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`, so that time the thread spends
//! descheduled on a shared machine is not counted; wall time where there is none), and
//! the report gives each one's median per verification and its ratio to zkhost.
//!
//! ```text
//! cargo run --release -p zkhost-sig --example p256_peers [-- ROUNDS]
//! ```

use aws_lc_rs::digest::{Digest, SHA256};
use aws_lc_rs::signature::{ParsedPublicKey, UnparsedPublicKey, ECDSA_P256_SHA256_FIXED};
use p256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// Inputs per round.
const INPUTS: usize = 64;

struct Case {
    input: [u8; 160],
    rc_key: Option<VerifyingKey>,
    rc_sig: Option<Signature>,
    aws_key: Vec<u8>,
    aws_parsed: Option<ParsedPublicKey>,
}

fn cases() -> Vec<Case> {
    let mut rng = ChaCha20Rng::seed_from_u64(0x7951);
    (0..INPUTS)
        .map(|i| {
            let sk = loop {
                let k: [u8; 32] = rng.gen();
                if let Ok(sk) = SigningKey::from_bytes(&k.into()) {
                    break sk;
                }
            };
            let h: [u8; 32] = rng.gen();
            let sig: Signature = sk.sign_prehash(&h).expect("signing a 32-byte hash");
            let point = sk.verifying_key().as_affine().to_encoded_point(false);
            let mut input = [0u8; 160];
            input[..32].copy_from_slice(&h);
            input[32..96].copy_from_slice(&sig.to_bytes());
            input[96..].copy_from_slice(&point.as_bytes()[1..]);
            if i % 4 == 3 {
                input[31] ^= 1;
            }
            let aws_key = point.as_bytes().to_vec();
            Case {
                input,
                rc_key: Some(*sk.verifying_key()),
                rc_sig: Some(sig),
                aws_parsed: UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, aws_key.clone())
                    .parse()
                    .ok(),
                aws_key,
            }
        })
        .collect()
}

fn zkhost(c: &Case) -> bool {
    zkhost_sig::p256::verify(&c.input).is_ok()
}

fn rustcrypto(c: &Case) -> bool {
    match (&c.rc_key, &c.rc_sig) {
        (Some(k), Some(s)) => k.verify_prehash(&c.input[..32], s).is_ok(),
        _ => false,
    }
}

fn digest(c: &Case) -> Option<Digest> {
    Digest::import_less_safe(&c.input[..32], &SHA256).ok()
}

fn aws_lc(c: &Case) -> bool {
    let key = UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &c.aws_key);
    digest(c).is_some_and(|d| key.verify_digest(&d, &c.input[32..96]).is_ok())
}

fn aws_lc_parsed(c: &Case) -> bool {
    match (&c.aws_parsed, digest(c)) {
        (Some(k), Some(d)) => k.verify_digest_sig(&d, &c.input[32..96]).is_ok(),
        _ => false,
    }
}

type Verifier = (&'static str, fn(&Case) -> bool);

const IMPLS: [Verifier; 4] = [
    ("zkhost", zkhost),
    ("p256 (RustCrypto)", rustcrypto),
    ("aws-lc-rs, key parsed per call", aws_lc),
    ("aws-lc-rs, key parsed once", aws_lc_parsed),
];

/// The CPU's model name, family and model (Linux), or the architecture.
fn cpu() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines()
            .find(|l| l.split(':').next().map(str::trim) == Some(name))
            .and_then(|l| l.split(':').nth(1))
            .map(|v| v.trim().to_string())
    };
    match field("model name") {
        Some(m) => format!(
            "{m} (family {}, model {}), {}",
            field("cpu family").unwrap_or_default(),
            field("model").unwrap_or_default(),
            std::env::consts::ARCH
        ),
        None => std::env::consts::ARCH.to_string(),
    }
}

/// Microseconds of this thread's CPU time (Unix), or of wall time elsewhere.
fn now_us() -> f64 {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return ts.tv_sec as f64 * 1e6 + ts.tv_nsec as f64 / 1e3;
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1e6
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(201);
    let cases = cases();
    let valid = cases.iter().filter(|c| zkhost(c)).count();
    for (i, c) in cases.iter().enumerate() {
        let verdicts: Vec<bool> = IMPLS.iter().map(|(_, f)| f(c)).collect();
        assert!(
            verdicts.iter().all(|&v| v == verdicts[0]),
            "input {i}: verdicts differ {verdicts:?}"
        );
    }
    println!("CPU: {}", cpu());
    println!(
        "{INPUTS} inputs ({valid} valid), verdicts equal across all; {rounds} alternating rounds, one thread"
    );
    let mut times = vec![Vec::with_capacity(rounds); IMPLS.len()];
    for round in 0..rounds {
        for k in 0..IMPLS.len() {
            // Rotate the order so that no implementation always runs first.
            let j = (k + round) % IMPLS.len();
            let f = IMPLS[j].1;
            let start = now_us();
            let mut ok = 0usize;
            for c in &cases {
                ok += usize::from(std::hint::black_box(f(std::hint::black_box(c))));
            }
            let per = (now_us() - start) / INPUTS as f64;
            assert_eq!(ok, valid);
            times[j].push(per);
        }
    }
    let medians: Vec<f64> = times.iter_mut().map(|t| median(t)).collect();
    println!();
    println!("| implementation | median µs / verification | ratio to zkhost | zkhost / it | Mgas/s at 6,900 gas |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (k, (name, _)) in IMPLS.iter().enumerate() {
        println!(
            "| {name} | {:.2} | {:.2} | {:.2} | {:.1} |",
            medians[k],
            medians[k] / medians[0],
            medians[0] / medians[k],
            6900.0 / medians[k]
        );
    }
}
