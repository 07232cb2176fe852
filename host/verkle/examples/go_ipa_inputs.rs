//! zkhost's side of a same-inputs comparison with another verkle implementation
//! (go-ipa, built outside the project): reads the inputs from files, runs each case
//! with the same timing method the other side uses, and prints one JSON line per case
//! with the median time per call and the first output, so outputs can be checked
//! byte for byte before times are compared.
//!
//! ```text
//! cargo run --release -p zkhost-verkle --example go_ipa_inputs -- DIR
//! ```
//!
//! `DIR/vectors.bin`: 16 vectors × 256 scalars × 32 bytes little-endian (each < r);
//! `DIR/treekeys.bin`: 16 records × 64 bytes (a 32-byte address, a 32-byte
//! little-endian tree index). Cases (the k scalars are the first k of a vector, on
//! basis points 0..k): `commit-k` (element level, from scalars already decoded),
//! `commit-256slots-{1,4}nonzero` (slots 17v.. of a 256-slot vector),
//! `treekey` (64 bytes in, 32-byte key out), `update-elem-random` /
//! `update-elem-slot0` (element in and out: `C_v + (new − old)·G_s`,
//! `s = (37v + 11) mod 256` or 0, old = vector v's slot s, new = vector v+1's),
//! `update-bytes` (the same through the 32-byte compressed form),
//! `commit-256-x1000-2threads` (1000 commitments of 256 scalars on the rayon pool);
//! and zkhost's own: `commit-256-x1000-1thread`, `commit-256-split-2threads`,
//! `update-uncompressed-bytes`, `commit-bytes-256slots-1nonzero`, `treekey-batch-1000`.
//!
//! Timing: a calibration pass finds N (a multiple of 16, at least 0.5 s and 200
//! calls), then 7 repetitions of N calls in input rotation; the median per call.

use std::time::{Duration, Instant};

use zkhost_verkle::{self as verkle, Element, Scalar};

fn read(path: &std::path::Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn vmhwm_kb() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().nth(1).unwrap_or("?").to_string())
        })
        .unwrap_or_else(|| "?".into())
}

/// Median ns per call of `f(i)` over inputs `i = 0..16` in rotation.
fn time(mut f: impl FnMut(usize)) -> (f64, usize) {
    let mut n = 16usize;
    loop {
        let t = Instant::now();
        for i in 0..n {
            f(i % 16);
        }
        if t.elapsed() >= Duration::from_millis(500) && n >= 200 {
            break;
        }
        n *= 2;
    }
    let mut reps: Vec<f64> = (0..7)
        .map(|_| {
            let t = Instant::now();
            for i in 0..n {
                f(i % 16);
            }
            t.elapsed().as_nanos() as f64 / n as f64
        })
        .collect();
    reps.sort_by(|a, b| a.total_cmp(b));
    (reps[3], n)
}

fn line(case: &str, ns: f64, calls: usize, first: &[u8]) {
    println!(
        "{{\"case\":\"{case}\",\"median_ns_per_call\":{ns:.1},\"calls\":{calls},\"first_output_hex\":\"{}\"}}",
        hex::encode(first)
    );
}

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let raw = read(&dir.join("vectors.bin"));
    assert_eq!(raw.len(), 16 * 256 * 32, "vectors.bin size");
    let vectors: Vec<Vec<Scalar>> = raw
        .chunks_exact(256 * 32)
        .map(|v| {
            v.chunks_exact(32)
                .map(|c| verkle::scalar_from_le(&c.try_into().unwrap()).expect("scalar < r"))
                .collect()
        })
        .collect();
    let keys = read(&dir.join("treekeys.bin"));
    assert_eq!(keys.len(), 16 * 64, "treekeys.bin size");

    let t = Instant::now();
    let tables = verkle::Tables::get();
    println!(
        "{{\"info\":\"setup\",\"table_build_ns\":{},\"table_bytes\":{},\"vmhwm_kb_after_build\":\"{}\",\"threads\":{}}}",
        t.elapsed().as_nanos(),
        tables.memory_bytes(),
        vmhwm_kb(),
        rayon::current_num_threads()
    );
    println!(
        "{{\"check\":\"commit-256-vector0\",\"hex\":\"{}\"}}",
        hex::encode(verkle::commit(&vectors[0]).unwrap().to_bytes())
    );

    for k in [1usize, 2, 4, 5, 16, 64, 256] {
        let first = verkle::commit_single_thread(&vectors[0][..k])
            .unwrap()
            .to_bytes();
        let (ns, n) = time(|i| {
            std::hint::black_box(verkle::commit_single_thread(&vectors[i][..k]).unwrap());
        });
        line(&format!("commit-{k}"), ns, n, &first);
    }
    for nz in [1usize, 4] {
        let sparse: Vec<Vec<Scalar>> = (0..16)
            .map(|v| {
                let mut s = vec![Scalar::from(0u64); 256];
                for j in 0..nz {
                    s[(17 * v + j) % 256] = vectors[v][j];
                }
                s
            })
            .collect();
        let first = verkle::commit_single_thread(&sparse[0]).unwrap().to_bytes();
        let (ns, n) = time(|i| {
            std::hint::black_box(verkle::commit_single_thread(&sparse[i]).unwrap());
        });
        line(&format!("commit-256slots-{nz}nonzero"), ns, n, &first);
        if nz == 1 {
            let bytes: Vec<Vec<u8>> = sparse
                .iter()
                .map(|s| s.iter().flat_map(verkle::scalar_to_le).collect())
                .collect();
            let (ns, n) = time(|i| {
                std::hint::black_box(verkle::commit_bytes(&bytes[i]).unwrap());
            });
            line("commit-bytes-256slots-1nonzero", ns, n, &first);
        }
    }
    let key_inputs: Vec<&[u8]> = keys.chunks_exact(64).collect();
    let first = verkle::tree_key_bytes(key_inputs[0]).unwrap();
    let (ns, n) = time(|i| {
        std::hint::black_box(verkle::tree_key_bytes(key_inputs[i]).unwrap());
    });
    line("treekey", ns, n, &first);
    println!(
        "{{\"check\":\"treekey-zero-address-zero-index\",\"hex\":\"{}\"}}",
        hex::encode(verkle::tree_key_bytes(&[0; 64]).unwrap())
    );

    let commitments: Vec<Element> = vectors.iter().map(|v| verkle::commit(v).unwrap()).collect();
    let change = |v: usize, s: usize| (s as u8, vectors[v][s], vectors[(v + 1) % 16][s]);
    let slot = |v: usize| (37 * v + 11) % 256;
    for (name, fixed) in [("update-elem-random", false), ("update-elem-slot0", true)] {
        let s = |v: usize| if fixed { 0 } else { slot(v) };
        let first = verkle::update(&commitments[0], &[change(0, s(0))]).to_bytes();
        let (ns, n) = time(|i| {
            std::hint::black_box(verkle::update(&commitments[i], &[change(i, s(i))]));
        });
        line(name, ns, n, &first);
    }
    let compressed: Vec<Vec<u8>> = (0..16)
        .map(|v| verkle::encode_update(&commitments[v], &[change(v, slot(v))]))
        .collect();
    let first = verkle::update_bytes(&compressed[0]).unwrap();
    let (ns, n) = time(|i| {
        std::hint::black_box(verkle::update_bytes(&compressed[i]).unwrap());
    });
    line("update-bytes", ns, n, &first);
    let uncompressed: Vec<Vec<u8>> = (0..16)
        .map(|v| verkle::encode_update_uncompressed(&commitments[v], &[change(v, slot(v))]))
        .collect();
    let first = verkle::update_uncompressed_bytes(&uncompressed[0]).unwrap();
    let (ns, n) = time(|i| {
        std::hint::black_box(verkle::update_uncompressed_bytes(&uncompressed[i]).unwrap());
    });
    line("update-uncompressed-bytes", ns, n, &first);

    let (ns, n) = time(|i| {
        std::hint::black_box(verkle::commit(&vectors[i]).unwrap());
    });
    line(
        "commit-256-split-2threads",
        ns,
        n,
        &commitments[0].to_bytes(),
    );

    let batch: Vec<Vec<Scalar>> = (0..1000).map(|j| vectors[j % 16].clone()).collect();
    for (name, parallel) in [
        ("commit-256-x1000-2threads", true),
        ("commit-256-x1000-1thread", false),
    ] {
        let run = || {
            if parallel {
                std::hint::black_box(verkle::commit_many(&batch).unwrap());
            } else {
                for v in &batch {
                    std::hint::black_box(verkle::commit_single_thread(v).unwrap());
                }
            }
        };
        run();
        let mut reps: Vec<f64> = (0..5)
            .map(|_| {
                let t = Instant::now();
                run();
                t.elapsed().as_nanos() as f64
            })
            .collect();
        reps.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{{\"case\":\"{name}\",\"median_wall_ns_per_batch\":{:.0},\"first_output_hex\":\"{}\"}}",
            reps[2],
            hex::encode(commitments[0].to_bytes())
        );
    }
    let many: Vec<[u8; 64]> = (0..1000)
        .map(|j| key_inputs[j % 16].try_into().unwrap())
        .collect();
    let (ns, n) = time(|_| {
        std::hint::black_box(verkle::tree_keys(&many));
    });
    line(
        "treekey-batch-1000",
        ns / 1000.0,
        n * 1000,
        &verkle::tree_keys(&many)[0],
    );
}
