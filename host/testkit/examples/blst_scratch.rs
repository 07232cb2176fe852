//! What bounding blst's stack scratch costs (docs/src/embedding.md, "Native stack"):
//! the two ways of calling blst that zkhost chose between, timed alternately in one
//! process so that a change in the machine's speed falls on both.
//!
//! - `sum512`: the sum of 512 public keys (`bls_fast_aggregate_verify`'s step),
//!   `blst_p1s_add` in one call (up to 144 KiB of stack scratch; zkhost before) against
//!   calls of 256 keys and a projective addition per call (zkhost now; `SUM_CHUNK`
//!   sets another chunk size, to compare);
//! - `g1msmN`, `g2msmN` (N = 2, 16, 31): the EIP-2537 MSMs below 32 points,
//!   `blst_p1s_mult_pippenger` / `blst_p2s_mult_pippenger` (blst's small path, its table
//!   and scratch on the stack; zkhost before) against the same path through
//!   `blst_p1s_mult_wbits_precompute` (8 G1 or 4 G2 points a call) and
//!   `blst_p1s_mult_wbits` with the table and scratch on the heap (zkhost now).
//!
//! `cargo run --release -p zkhost-testkit --example blst_scratch`
//!
//! Each side's result is checked equal first. Then `ROUNDS` rounds (default 15), each
//! timing the old way then the new way of every case for at least `ROUND_MS` ms
//! (default 100) each. Printed per case: `time <case> old_us=<median> new_us=<median>
//! new/old=<median of the rounds' ratios> [<lowest>, <highest>]`.

// An example: it stops on what it cannot run.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use blst::{
    blst_p1, blst_p1_add_or_double, blst_p1_affine, blst_p1_deserialize, blst_p1_is_equal,
    blst_p1s_add, blst_p1s_mult_pippenger, blst_p1s_mult_pippenger_scratch_sizeof,
    blst_p1s_mult_wbits, blst_p1s_mult_wbits_precompute, blst_p1s_mult_wbits_scratch_sizeof,
    blst_p2, blst_p2_affine, blst_p2_deserialize, blst_p2_is_equal, blst_p2s_mult_pippenger,
    blst_p2s_mult_pippenger_scratch_sizeof, blst_p2s_mult_wbits, blst_p2s_mult_wbits_precompute,
    blst_p2s_mult_wbits_scratch_sizeof, blst_scalar, limb_t, BLST_ERROR,
};
use zkhost_testkit::sample;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn scratch(bytes: usize) -> Vec<limb_t> {
    vec![0; bytes.div_ceil(core::mem::size_of::<limb_t>())]
}

/// A G1 point of the subgroup: a public key.
fn g1(seed: u64) -> blst_p1_affine {
    let bytes = sample::bls_key(seed).sk_to_pk().serialize();
    let mut p = blst_p1_affine::default();
    // SAFETY: 96 bytes, as blst_p1_deserialize reads.
    assert_eq!(
        unsafe { blst_p1_deserialize(&mut p, bytes.as_ptr()) },
        BLST_ERROR::BLST_SUCCESS
    );
    p
}

/// A G2 point of the subgroup: a signature.
fn g2(seed: u64) -> blst_p2_affine {
    let bytes = sample::bls_key(seed)
        .sign(&sample::bls_message(seed, 0), b"dst", &[])
        .serialize();
    let mut q = blst_p2_affine::default();
    // SAFETY: 192 bytes, as blst_p2_deserialize reads.
    assert_eq!(
        unsafe { blst_p2_deserialize(&mut q, bytes.as_ptr()) },
        BLST_ERROR::BLST_SUCCESS
    );
    q
}

/// A scalar below 2^255, little-endian.
fn scalar(seed: u64) -> blst_scalar {
    let mut b = sample::scalar(seed);
    b.reverse();
    b[31] &= 0x3f;
    blst_scalar { b }
}

fn sum_one_call(keys: &[blst_p1_affine]) -> blst_p1 {
    let mut out = blst_p1::default();
    let list = [keys.as_ptr(), core::ptr::null()];
    // SAFETY: `keys.len()` consecutive points, then null (blst's contiguous form).
    unsafe { blst_p1s_add(&mut out, list.as_ptr(), keys.len()) };
    out
}

fn sum_chunked(keys: &[blst_p1_affine]) -> blst_p1 {
    let mut out = blst_p1::default();
    let size = env_or("SUM_CHUNK", 256).max(1) as usize;
    for chunk in keys.chunks(size) {
        let part = sum_one_call(chunk);
        let at: *mut blst_p1 = &mut out;
        // SAFETY: plain structs; blst adds in place.
        unsafe { blst_p1_add_or_double(at, at, &part) };
    }
    out
}

macro_rules! msm {
    ($pippenger:ident, $pip_sizeof:ident, $precompute:ident, $wbits:ident, $wbits_sizeof:ident,
     $point:ty, $affine:ty, $chunk:expr, $old:ident, $new:ident) => {
        fn $old(points: &[$affine], scalars: &[blst_scalar]) -> $point {
            let ps = [points.as_ptr(), core::ptr::null()];
            let ss: Vec<*const u8> = scalars.iter().map(|s| s.b.as_ptr()).collect();
            let mut out = <$point>::default();
            // SAFETY: n points and n scalars of 255 bits; scratch of blst's size.
            unsafe {
                let mut scratch = scratch($pip_sizeof(points.len()));
                $pippenger(
                    &mut out,
                    ps.as_ptr(),
                    points.len(),
                    ss.as_ptr(),
                    255,
                    scratch.as_mut_ptr(),
                );
            }
            out
        }

        fn $new(points: &[$affine], scalars: &[blst_scalar]) -> $point {
            let n = points.len();
            let mut table = vec![<$affine>::default(); n * 8];
            for (rows, chunk) in table.chunks_mut($chunk * 8).zip(points.chunks($chunk)) {
                let list = [chunk.as_ptr(), core::ptr::null()];
                // SAFETY: 8 table entries per point of the chunk.
                unsafe { $precompute(rows.as_mut_ptr(), 4, list.as_ptr(), chunk.len()) };
            }
            let ss: Vec<*const u8> = scalars.iter().map(|s| s.b.as_ptr()).collect();
            let mut out = <$point>::default();
            // SAFETY: the table of n points, n scalars, scratch of blst's size.
            unsafe {
                let mut scratch = scratch($wbits_sizeof(n));
                $wbits(
                    &mut out,
                    table.as_ptr(),
                    4,
                    n,
                    ss.as_ptr(),
                    255,
                    scratch.as_mut_ptr(),
                );
            }
            out
        }
    };
}

msm!(
    blst_p1s_mult_pippenger,
    blst_p1s_mult_pippenger_scratch_sizeof,
    blst_p1s_mult_wbits_precompute,
    blst_p1s_mult_wbits,
    blst_p1s_mult_wbits_scratch_sizeof,
    blst_p1,
    blst_p1_affine,
    8,
    g1_old,
    g1_new
);
msm!(
    blst_p2s_mult_pippenger,
    blst_p2s_mult_pippenger_scratch_sizeof,
    blst_p2s_mult_wbits_precompute,
    blst_p2s_mult_wbits,
    blst_p2s_mult_wbits_scratch_sizeof,
    blst_p2,
    blst_p2_affine,
    4,
    g2_old,
    g2_new
);

/// One case: its name, the old way and the new way.
type Job = (String, Box<dyn Fn()>, Box<dyn Fn()>);

fn main() {
    let keys: Vec<blst_p1_affine> = (0..512).map(g1).collect();
    let (old, new) = (sum_one_call(&keys), sum_chunked(&keys));
    // SAFETY: plain structs.
    assert!(unsafe { blst_p1_is_equal(&old, &new) }, "sum512 differs");
    let mut jobs: Vec<Job> = Vec::new();
    {
        let (a, b) = (keys.clone(), keys);
        jobs.push((
            "sum512".into(),
            Box::new(move || {
                std::hint::black_box(sum_one_call(std::hint::black_box(&a)));
            }),
            Box::new(move || {
                std::hint::black_box(sum_chunked(std::hint::black_box(&b)));
            }),
        ));
    }
    for n in [2u64, 16, 31] {
        let ps: Vec<blst_p1_affine> = (0..n).map(|i| g1(1000 + i)).collect();
        let qs: Vec<blst_p2_affine> = (0..n).map(|i| g2(2000 + i)).collect();
        let ss: Vec<blst_scalar> = (0..n).map(|i| scalar(3000 + i)).collect();
        let (o1, n1) = (g1_old(&ps, &ss), g1_new(&ps, &ss));
        let (o2, n2) = (g2_old(&qs, &ss), g2_new(&qs, &ss));
        // SAFETY: plain structs.
        assert!(unsafe { blst_p1_is_equal(&o1, &n1) }, "g1msm{n} differs");
        assert!(unsafe { blst_p2_is_equal(&o2, &n2) }, "g2msm{n} differs");
        let (p1, s1, p2, s2) = (ps.clone(), ss.clone(), ps, ss.clone());
        jobs.push((
            format!("g1msm{n}"),
            Box::new(move || {
                std::hint::black_box(g1_old(&p1, &s1));
            }),
            Box::new(move || {
                std::hint::black_box(g1_new(&p2, &s2));
            }),
        ));
        let (q1, t1, q2, t2) = (qs.clone(), ss.clone(), qs, ss);
        jobs.push((
            format!("g2msm{n}"),
            Box::new(move || {
                std::hint::black_box(g2_old(&q1, &t1));
            }),
            Box::new(move || {
                std::hint::black_box(g2_new(&q2, &t2));
            }),
        ));
    }
    println!("every case: the old and the new way give the same point");

    let rounds = env_or("ROUNDS", 15) as usize;
    let round = Duration::from_millis(env_or("ROUND_MS", 100));
    let batch = |f: &dyn Fn()| -> u32 {
        let t = Instant::now();
        f();
        let one = t.elapsed().max(Duration::from_nanos(50));
        (round.as_nanos() / one.as_nanos()).max(1) as u32
    };
    let time = |f: &dyn Fn(), n: u32| -> f64 {
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
    };
    let batches: Vec<(u32, u32)> = jobs.iter().map(|(_, o, n)| (batch(o), batch(n))).collect();
    let mut times = vec![(Vec::new(), Vec::new()); jobs.len()];
    for _ in 0..rounds {
        for ((_, o, n), ((bo, bn), (to, tn))) in
            jobs.iter().zip(batches.iter().zip(times.iter_mut()))
        {
            to.push(time(o.as_ref(), *bo));
            tn.push(time(n.as_ref(), *bn));
        }
    }
    let median = |v: &[f64]| -> f64 {
        let mut s = v.to_vec();
        s.sort_by(f64::total_cmp);
        s[s.len() / 2]
    };
    for ((name, _, _), (to, tn)) in jobs.iter().zip(&times) {
        let ratios: Vec<f64> = to.iter().zip(tn).map(|(o, n)| n / o).collect();
        let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ratios.iter().copied().fold(0.0, f64::max);
        println!(
            "time {name} old_us={:.1} new_us={:.1} new/old={:.3} [{lo:.3}, {hi:.3}]",
            median(to),
            median(tn),
            median(&ratios)
        );
    }
}
