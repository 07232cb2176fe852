//! zkhost's pairing check on AVX-512 IFMA lanes (`zkhost-ifma`) against its scalar
//! tower (`zkhost-scalar`) and herumi's mcl, through the backend registry (pairing
//! checks of 1, 2, 4 and 10 valid pairs, one ECADD, one ECMUL), from the same bytes
//! to the same bytes (issue 60). The inputs are made here, from the generators, by
//! zkhost's ECMUL: the example uses nothing but this crate, so that it also builds as
//! a crate of its own outside the workspace (without the dev-dependencies' Wasmtime):
//!
//! ```text
//! cargo run --release -p zkhost-bn254 --features mcl --example ifma_backend > REPORT.md
//! ```
//!
//! Outputs are checked equal first and zkhost's G2 cache is paused (every row is
//! the uncached path). Each of `ROUNDS` rounds (default 11) times every backend on
//! every input back to back, the backends' order rotating from round to round,
//! each for at least `ROUND_MS` milliseconds (default 100) of this thread's CPU
//! time (`CLOCK_THREAD_CPUTIME_ID`: on a shared machine time spent waiting for a
//! core does not count). Printed: a Markdown report with the CPU, load and steal,
//! and per input the medians and the median (with the range) of the per-round
//! ratios to `zkhost-scalar`. On a CPU without IFMA (or with `ZKHOST_NO_IFMA` set)
//! the `zkhost-ifma` column is the scalar path, and the report says so.

#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
mod bench {
    use std::hint::black_box;

    use zkhost_bn254::{g2_cache, Backend, Op};

    /// The G2 generator of EIP-197: x (imaginary, real), y (imaginary, real).
    const G2_GENERATOR: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2\
        1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed\
        090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b\
        12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";

    fn hex(s: &str) -> Vec<u8> {
        let s: Vec<u8> = s.bytes().filter(u8::is_ascii_hexdigit).collect();
        s.chunks(2)
            .map(|d| u8::from_str_radix(std::str::from_utf8(d).unwrap_or("0"), 16).unwrap_or(0))
            .collect()
    }

    fn env_or(name: &str, default: u64) -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }

    /// `vendor family F model M stepping S, name` from the first CPU of `/proc/cpuinfo`.
    fn cpu() -> String {
        let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let field = |key: &str| {
            info.lines()
                .take_while(|l| !l.trim().is_empty())
                .find(|l| l.split(':').next().map(str::trim) == Some(key))
                .and_then(|l| l.split_once(':'))
                .map_or("?".to_string(), |(_, v)| v.trim().to_string())
        };
        format!(
            "{} family {} model {} stepping {}, {}",
            field("vendor_id"),
            field("cpu family"),
            field("model"),
            field("stepping"),
            field("model name"),
        )
    }

    fn loadavg() -> String {
        std::fs::read_to_string("/proc/loadavg")
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .unwrap_or_else(|_| "?".into())
    }

    /// The machine's (total, steal) jiffies from `/proc/stat`.
    fn steal() -> (u64, u64) {
        let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        let fields: Vec<u64> = stat
            .lines()
            .next()
            .unwrap_or("")
            .split_whitespace()
            .skip(1)
            .filter_map(|v| v.parse().ok())
            .collect();
        (fields.iter().sum(), fields.get(7).copied().unwrap_or(0))
    }

    /// This thread's CPU time in ns.
    fn now() -> u128 {
        #[repr(C)]
        struct Timespec {
            sec: i64,
            nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, t: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = Timespec { sec: 0, nsec: 0 };
        // SAFETY: `t` is a valid, writable timespec (two 64-bit fields on x86-64
        // Linux); the call writes nothing else.
        unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
        t.sec as u128 * 1_000_000_000 + t.nsec as u128
    }

    /// Nanoseconds per call of `b` on `input`, over calls for at least `ms` ms.
    fn per_call(b: Backend, op: Op, input: &[u8], ms: u128) -> f64 {
        let start = now();
        let mut n = 0u64;
        while now() - start < ms * 1_000_000 {
            for _ in 0..4 {
                let _ = black_box(b.run(op, black_box(input)));
            }
            n += 4;
        }
        (now() - start) as f64 / n as f64
    }

    fn median(v: &mut [f64]) -> f64 {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    }

    pub(crate) fn main() {
        let rounds = env_or("ROUNDS", 11).max(1) as usize;
        let ms = u128::from(env_or("ROUND_MS", 100));
        let backends = [Backend::ZKHOST_IFMA, Backend::ZKHOST_SCALAR, Backend::MCL];
        // G1 points k·G from ECMUL of the generator (1, 2) by full-size scalars; the
        // G2 generator of EIP-197. With the G2 cache paused, a repeated G2 point
        // costs what a fresh one does.
        let mut generator = [0u8; 64];
        generator[31] = 1;
        generator[63] = 2;
        let scalar = |k: u64| -> [u8; 32] {
            let mut s = [0u8; 32];
            for (i, b) in s.iter_mut().enumerate() {
                *b = (k
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .rotate_left(i as u32 * 7)
                    >> 3) as u8;
            }
            s[0] &= 0x1f;
            s
        };
        let g1 = |k: u64| {
            Backend::ZKHOST_SCALAR
                .ecmul(&[&generator[..], &scalar(k)].concat())
                .expect("a multiple of the generator")
        };
        let g2 = hex(G2_GENERATOR);
        let mut rows: Vec<(String, Op, Vec<u8>)> = [1u64, 2, 4, 10]
            .into_iter()
            .map(|n| {
                let input: Vec<u8> = (0..n)
                    .flat_map(|i| [&g1(100 + i)[..], &g2].concat())
                    .collect();
                (
                    format!("pairing, {n} pair{}", if n == 1 { "" } else { "s" }),
                    Op::Pairing,
                    input,
                )
            })
            .collect();
        rows.push(("ECADD".into(), Op::Add, [g1(1), g1(2)].concat()));
        rows.push(("ECMUL".into(), Op::Mul, [&g1(3)[..], &scalar(4)].concat()));
        g2_cache::pause(true);
        for (name, op, input) in &rows {
            let reference = Backend::ZKHOST_SCALAR.run(*op, input);
            assert!(reference.is_ok(), "{name}: refused");
            for b in backends {
                assert_eq!(b.run(*op, input), reference, "{name}: {b} differs");
            }
        }
        let (load, (total0, steal0)) = (loadavg(), steal());
        // times[row][backend][round]
        let mut times = vec![vec![Vec::new(); backends.len()]; rows.len()];
        for round in 0..rounds {
            for (r, (_, op, input)) in rows.iter().enumerate() {
                for k in 0..backends.len() {
                    let i = (k + round) % backends.len();
                    times[r][i].push(per_call(backends[i], *op, input, ms));
                }
            }
        }
        let (total1, steal1) = steal();
        let steal_pct = 100.0 * (steal1 - steal0) as f64 / (total1 - total0).max(1) as f64;
        println!("# zkhost-ifma against zkhost-scalar and mcl\n");
        println!(
            "`cargo run --release -p zkhost-bn254 --features mcl --example ifma_backend`: \
             inputs made from the generators, outputs checked equal, the G2 cache \
             paused, {rounds} rounds, each timing every backend on every input for at least \
             {ms} ms of thread CPU time, the backends' order rotating.\n"
        );
        println!(
            "CPU: {}. AVX-512 IFMA in use: {}. Load average before / after: {load} / {}. \
             Steal during the run: {steal_pct:.1}% of the machine's time.\n",
            cpu(),
            Backend::ZKHOST_IFMA.is_available(),
            loadavg()
        );
        println!("| input | zkhost-ifma | zkhost-scalar | mcl | ifma / scalar (range) | mcl / scalar | ifma / mcl |");
        println!("|---|---:|---:|---:|---:|---:|---:|");
        for (r, (name, _, _)) in rows.iter().enumerate() {
            let ratio = |a: usize, b: usize| -> (f64, f64, f64) {
                let mut v: Vec<f64> = times[r][a]
                    .iter()
                    .zip(&times[r][b])
                    .map(|(x, y)| x / y)
                    .collect();
                let (lo, hi) = v
                    .iter()
                    .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
                (median(&mut v), lo, hi)
            };
            let (is, lo, hi) = ratio(0, 1);
            let (ms_, _, _) = ratio(2, 1);
            let (im, _, _) = ratio(0, 2);
            let t = |i: usize| median(&mut times[r][i].clone()) / 1e3;
            println!(
                "| {name} | {:.1} µs | {:.1} µs | {:.1} µs | {is:.2} ({lo:.2}–{hi:.2}) | {ms_:.2} | {im:.2} |",
                t(0),
                t(1),
                t(2),
            );
        }
    }
}

// `pub(crate)`: also reached as a module of a crate of its own (see above).
pub(crate) fn main() {
    #[cfg(all(target_arch = "x86_64", target_os = "linux"))]
    bench::main();
    #[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
    eprintln!("zkhost-ifma exists on x86-64 only (and this example times on Linux)");
}
