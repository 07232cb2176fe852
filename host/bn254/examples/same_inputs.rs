//! zkhost's side of a same-inputs comparison with a BN254 library that cannot be built
//! in this workspace (gnark-crypto, go-ethereum's backend): writes the inputs, prints
//! zkhost's outputs to check against the other side's, then times the same operations
//! the same way. The other side is measured outside the repository, by the method of
//! docs/src/backends.md, "Peers built from fetched source": a program of the sitting
//! reads these files, prints the same `out` lines and times the same cases, and the
//! two run alternately on one thread each.
//!
//! `cargo run --release -p zkhost-bn254 --features internals --example same_inputs -- DIR`
//!
//! DIR receives one file per case, `<case>.hex`, one line of lowercase hex: `ecadd`
//! (128 bytes), `ecmul` (96), `pairing1`, `pairing2`, `pairing4`, `pairing10` (192·k
//! bytes, valid pairs whose product is not one, so no library can stop early), `g2`
//! (the 128-byte EVM encoding of pairing1's G2 point) and `msm1`, `msm2`, `msm4`, …,
//! `msm4096` (the input of `alt_bn128_g1_msm`: 96-byte records of a point and a
//! 32-byte scalar below r). The inputs are those of
//! `zkhost bench` (the testkit's seeded samples). It also receives the starting
//! operands of the chains below, one line of lowercase hex each, every Fp coefficient
//! 32 bytes big-endian (`< p`), an Fp2 as c0 then c1, an Fp6 as c0, c1, c2, an Fp12 as
//! c0 then c1 (the tower `u² = −1`, `v³ = 9 + u`, `w² = v`, gnark-crypto's too):
//! `fpa`, `fpb` (pairing1's G1 coordinates), `fp2a`, `fp2b` (Fp2 parts of pairing2's
//! Miller value), `fp6a`, `fp6b` (its two Fp6 halves), `fp12a` (the Miller value) and
//! `gt` (its final exponentiation, in the cyclotomic subgroup).
//!
//! Printed first, per case, `out <case> <hex>` (`out g2 ok` for the G2 check): the
//! precompile outputs, then, for each chain case, its value after exactly `CHAIN`
//! (1000) operations from the written operands, so that the tower's operations are
//! checked, not only timed.
//!
//! Each case then runs in `ROUNDS` rounds (default 7), round-robin, each case at least
//! `ROUND_MS` milliseconds per round (default 300): precompile-equivalent work from
//! bytes to bytes for `ecadd`, `ecmul`, `pairingK` (the G2 cache paused) and `msmK`
//! ([`zkhost_bn254::msm::g1_msm`], the committed cost model choosing the algorithm);
//! `g2check` decodes and checks one G2 point (`< p`, on the twist, in the subgroup);
//! `miller1` is the Miller loop of pairing1's decoded pair, `finalexp` the final
//! exponentiation of pairing2's Miller value, and the chains, each one operation of a
//! dependent chain: `fpmul` (`x·fpb` from `fpa`), `fp2sq` and `fp2mul` (Fp2 square
//! from `fp2a`, `x·fp2b` from `fp2a`), `fp6mul` (`x·fp6b` from `fp6a`), `fp12mul`
//! (`x·gt` from `fp12a`) and `cyclosq` (Fp12's cyclotomic square, from `gt`). Printed
//! per case: `time <case> median_ns=<m> rounds=<r1,…>`. `CASES`, a comma-separated
//! list of case names, times only those (to profile one case alone).

use std::hint::black_box;
use std::time::{Duration, Instant};

use zkhost_bn254::arithmetic::{
    fp::Fp, fp12::Fp12, fp2::Fp2, fp6::Fp6, g1::G1Affine, g2::G2Affine, pairing,
};
use zkhost_bn254::msm::g1_msm;
use zkhost_bn254::{g2_cache, Backend};
use zkhost_testkit::sample;

/// The coordinate at byte `at` of an EVM encoding.
fn coordinate(input: &[u8], at: usize) -> Option<Fp> {
    Fp::from_be_bytes(input.get(at..at + 32)?.try_into().ok()?)
}

/// A G2 point from its 128-byte EVM encoding (imaginary parts first), checked as
/// the precompile checks it: every coordinate `< p`, on the twist, in the subgroup.
fn g2_checked(bytes: &[u8]) -> Option<G2Affine> {
    let x = Fp2::new(coordinate(bytes, 32)?, coordinate(bytes, 0)?);
    let y = Fp2::new(coordinate(bytes, 96)?, coordinate(bytes, 64)?);
    G2Affine::new(x, y).filter(G2Affine::is_in_subgroup)
}

/// The decoded pairs of a pairing input.
fn pairs(input: &[u8]) -> Vec<(G1Affine, G2Affine)> {
    input
        .chunks_exact(192)
        .map(|pair| {
            let p = G1Affine::new(
                coordinate(pair, 0).expect("x < p"),
                coordinate(pair, 32).expect("y < p"),
            );
            (
                p.expect("on the curve"),
                g2_checked(&pair[64..]).expect("in G2"),
            )
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The operations in one call of a chain case.
const CHAIN: u32 = 1000;

/// `x` after `CHAIN` steps.
fn chain<T>(mut x: T, step: impl Fn(&T) -> T) -> T {
    for _ in 0..CHAIN {
        x = step(&x);
    }
    x
}

/// An Fp2 as the operand files hold it: c0 then c1, 32 big-endian bytes each.
fn fp2_bytes(x: &Fp2) -> Vec<u8> {
    [x.c0.to_be_bytes(), x.c1.to_be_bytes()].concat()
}

/// An Fp6: c0, c1, c2.
fn fp6_bytes(x: &Fp6) -> Vec<u8> {
    [x.c0, x.c1, x.c2].iter().flat_map(fp2_bytes).collect()
}

/// An Fp12: c0 then c1.
fn fp12_bytes(x: &Fp12) -> Vec<u8> {
    [fp6_bytes(&x.c0), fp6_bytes(&x.c1)].concat()
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() -> std::io::Result<()> {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: same_inputs DIR");
        std::process::exit(2);
    };
    std::fs::create_dir_all(&dir)?;
    g2_cache::pause(true);
    let p1 = sample::pairing_input(1, 1000);
    let cases: Vec<(String, Vec<u8>)> = [
        ("ecadd".to_string(), sample::add_input(11)),
        ("ecmul".to_string(), sample::mul_input(12)),
    ]
    .into_iter()
    .chain([1usize, 2, 4, 10].map(|k| (format!("pairing{k}"), sample::pairing_input(k, 1000))))
    .chain([("g2".to_string(), p1[64..192].to_vec())])
    .chain(sample::MSM_PEER_SIZES.map(|k| (format!("msm{k}"), sample::msm_input(k, 2000))))
    .collect();
    for (name, input) in &cases {
        std::fs::write(format!("{dir}/{name}.hex"), hex(input) + "\n")?;
        let out = match name.as_str() {
            "ecadd" => Backend::ZKHOST.ecadd(input).map(|o| hex(&o)),
            "ecmul" => Backend::ZKHOST.ecmul(input).map(|o| hex(&o)),
            "g2" => Ok(if g2_checked(input).is_some() {
                "ok".into()
            } else {
                "refused".into()
            }),
            msm if msm.starts_with("msm") => g1_msm(input).map(|o| hex(&o)),
            _ => Backend::ZKHOST
                .pairing(input)
                .map(|ok| hex(&zkhost_bn254::pairing_output(ok))),
        };
        println!(
            "out {name} {}",
            out.unwrap_or_else(|e| format!("error: {e}"))
        );
    }

    let one_pair = pairs(&p1);
    let miller2 = pairing::miller_loop(&pairs(&sample::pairing_input(2, 1000)));
    let (a, b) = (one_pair[0].0.coordinates().0, one_pair[0].0.coordinates().1);
    // The tower's operands: Fp2 and Fp6 parts of pairing2's Miller value, the value
    // itself, and its final exponentiation (in the cyclotomic subgroup).
    let gt = pairing::final_exponentiation(&miller2).expect("a non-zero Miller value");
    let (u, v) = (miller2.c0.c0, miller2.c1.c1);
    let operands: [(&str, Vec<u8>); 8] = [
        ("fpa", a.to_be_bytes().to_vec()),
        ("fpb", b.to_be_bytes().to_vec()),
        ("fp2a", fp2_bytes(&u)),
        ("fp2b", fp2_bytes(&v)),
        ("fp6a", fp6_bytes(&miller2.c0)),
        ("fp6b", fp6_bytes(&miller2.c1)),
        ("fp12a", fp12_bytes(&miller2)),
        ("gt", fp12_bytes(&gt)),
    ];
    for (name, bytes) in &operands {
        std::fs::write(format!("{dir}/{name}.hex"), hex(bytes) + "\n")?;
    }
    let chained: [(&str, Vec<u8>); 6] = [
        ("fpmul", chain(a, |x| x.mul(&b)).to_be_bytes().to_vec()),
        ("fp2sq", fp2_bytes(&chain(u, Fp2::square))),
        ("fp2mul", fp2_bytes(&chain(u, |x| x.mul(&v)))),
        (
            "fp6mul",
            fp6_bytes(&chain(miller2.c0, |x| x.mul(&miller2.c1))),
        ),
        ("fp12mul", fp12_bytes(&chain(miller2, |x| x.mul(&gt)))),
        ("cyclosq", fp12_bytes(&chain(gt, Fp12::cyclotomic_square))),
    ];
    for (name, value) in &chained {
        println!("out {name} {}", hex(value));
    }
    let mut jobs: Vec<(String, Box<dyn FnMut()>)> = Vec::new();
    for (name, input) in cases {
        let run: Box<dyn FnMut()> = match name.as_str() {
            "ecadd" => Box::new(move || {
                let _ = black_box(Backend::ZKHOST.ecadd(black_box(&input)));
            }),
            "ecmul" => Box::new(move || {
                let _ = black_box(Backend::ZKHOST.ecmul(black_box(&input)));
            }),
            "g2" => Box::new(move || {
                black_box(g2_checked(black_box(&input)));
            }),
            msm if msm.starts_with("msm") => Box::new(move || {
                let _ = black_box(g1_msm(black_box(&input)));
            }),
            _ => Box::new(move || {
                let _ = black_box(Backend::ZKHOST.pairing(black_box(&input)));
            }),
        };
        let name = if name == "g2" { "g2check".into() } else { name };
        jobs.push((name, run));
    }
    jobs.push((
        "miller1".into(),
        Box::new(move || {
            black_box(pairing::miller_loop(black_box(&one_pair)));
        }),
    ));
    jobs.push((
        "finalexp".into(),
        Box::new(move || {
            black_box(pairing::final_exponentiation(black_box(&miller2)));
        }),
    ));
    let mut x = a;
    jobs.push((
        "fpmul".into(),
        Box::new(move || {
            for _ in 0..CHAIN {
                x = x.mul(&b);
            }
            black_box(x);
        }),
    ));
    let mut x2 = u;
    jobs.push((
        "fp2sq".into(),
        Box::new(move || {
            for _ in 0..CHAIN {
                x2 = x2.square();
            }
            black_box(x2);
        }),
    ));
    let mut y2 = u;
    jobs.push((
        "fp2mul".into(),
        Box::new(move || {
            for _ in 0..CHAIN {
                y2 = y2.mul(&v);
            }
            black_box(y2);
        }),
    ));
    let (mut x6, w6) = (miller2.c0, miller2.c1);
    jobs.push((
        "fp6mul".into(),
        Box::new(move || {
            for _ in 0..CHAIN {
                x6 = x6.mul(&w6);
            }
            black_box(x6);
        }),
    ));
    let (mut x12, w12) = (miller2, gt);
    jobs.push((
        "fp12mul".into(),
        Box::new(move || {
            for _ in 0..CHAIN {
                x12 = x12.mul(&w12);
            }
            black_box(x12);
        }),
    ));
    let mut c12 = gt;
    jobs.push((
        "cyclosq".into(),
        Box::new(move || {
            for _ in 0..CHAIN {
                c12 = c12.cyclotomic_square();
            }
            black_box(c12);
        }),
    ));
    const CHAINS: [&str; 6] = ["fpmul", "fp2sq", "fp2mul", "fp6mul", "fp12mul", "cyclosq"];

    // CASES (comma-separated names) times only those cases, for a profiler
    // (`perf record` of one case alone); a sitting leaves it unset.
    if let Ok(only) = std::env::var("CASES") {
        jobs.retain(|(name, _)| only.split(',').any(|c| c == name));
    }

    let rounds = env_or("ROUNDS", 7) as usize;
    let round = Duration::from_millis(env_or("ROUND_MS", 300));
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); jobs.len()];
    // One call to learn each case's batch size.
    let batches: Vec<u64> = jobs
        .iter_mut()
        .map(|(_, run)| {
            let t = Instant::now();
            run();
            let one = t.elapsed().max(Duration::from_nanos(50));
            (round.as_nanos() / one.as_nanos()).max(1) as u64
        })
        .collect();
    for _ in 0..rounds {
        for (((_, run), t), &n) in jobs.iter_mut().zip(times.iter_mut()).zip(&batches) {
            let start = Instant::now();
            for _ in 0..n {
                run();
            }
            t.push(start.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    for ((name, _), t) in jobs.iter().zip(times) {
        let per = if CHAINS.contains(&name.as_str()) {
            f64::from(CHAIN)
        } else {
            1.0
        };
        let t: Vec<f64> = t.iter().map(|v| v / per).collect();
        let mut sorted = t.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted[sorted.len() / 2];
        let rounds: Vec<String> = t.iter().map(|v| format!("{v:.1}")).collect();
        println!(
            "time {name} median_ns={median:.1} rounds={}",
            rounds.join(",")
        );
    }
    Ok(())
}
