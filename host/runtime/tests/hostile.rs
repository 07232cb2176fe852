//! Contracts written to hurt the node, and many threads calling at once: each must end
//! with a clear trap or error, in bounded time and memory, with the node unharmed.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use std::sync::Arc;

use parity_scale_codec::Encode;
use zkhost_abi::Crypto;
use zkhost_bn254::{self as bn254, Op};
use zkhost_runtime::{CodeHash, DeployError, Outcome, Runtime, RuntimeConfig, TrapKind};
use zkhost_testkit::contracts::{self as contracts, Message};
use zkhost_testkit::sample;

fn runtime() -> Runtime {
    Runtime::new(RuntimeConfig::from_env()).expect("engine")
}

fn deploy(rt: &Runtime, wat: &str) -> Result<CodeHash, DeployError> {
    rt.deploy(&wat::parse_str(wat).expect("valid wat"))
}

const OUT: &str = r#"(import "zkhost" "output_write" (func $out (param i32 i32)))"#;

#[test]
fn an_infinite_loop_runs_out_of_gas() {
    let rt = runtime();
    let code = deploy(
        &rt,
        r#"(module (memory (export "memory") 1) (func (export "call") (loop (br 0))))"#,
    )
    .unwrap();
    let o = rt.call(&code, &[], 5_000_000).unwrap();
    assert_eq!(o.trap(), Some(TrapKind::OutOfGas));
    assert_eq!(o.gas_used, 5_000_000);
}

#[test]
fn memory_cannot_grow_past_the_cap() {
    // Grow one page at a time until memory.grow fails; report the page count.
    let rt = runtime();
    let wat = format!(
        r#"(module {OUT} (memory (export "memory") 1)
        (func (export "call")
          (block $done (loop $grow
            (br_if $done (i32.eq (memory.grow (i32.const 1)) (i32.const -1)))
            (br $grow)))
          (i32.store (i32.const 0) (memory.size))
          (call $out (i32.const 0) (i32.const 4))))"#
    );
    let code = deploy(&rt, &wat).unwrap();
    let cap_pages = (rt.config().limits.max_memory_bytes / 65_536) as u32;
    for _ in 0..2 {
        let o = rt.call(&code, &[], 10_000_000).unwrap();
        assert_eq!(o.output(), Some(&cap_pages.to_le_bytes()[..]));
    }
    // A module that asks for more than the cap up front is refused at deploy.
    let big = r#"(module (memory (export "memory") 1000) (func (export "call")))"#;
    assert!(matches!(deploy(&rt, big), Err(DeployError::Invalid(_))));
}

#[test]
fn unbounded_recursion_traps_the_same_way_every_time() {
    let rt = runtime();
    let code = deploy(
        &rt,
        r#"(module (memory (export "memory") 1) (func $f (call $f)) (func (export "call") (call $f)))"#,
    )
    .unwrap();
    let first = rt.call(&code, &[], u64::MAX / 4).unwrap();
    assert_eq!(first.trap(), Some(TrapKind::StackExhausted));
    for _ in 0..3 {
        assert_eq!(
            rt.call(&code, &[], u64::MAX / 4).unwrap(),
            first,
            "same depth, same gas"
        );
    }
}

#[test]
fn a_huge_pairing_with_too_little_gas_is_refused_before_work() {
    // 5,000 pairs (960,000 bytes of memory) priced at 45,000 + 34,000·5,000 gas.
    let rt = runtime();
    let wat = r#"(module
      (import "zkhost" "alt_bn128_pairing" (func $p (param i32 i32 i32) (result i32)))
      (memory (export "memory") 16)
      (func (export "call") (drop (call $p (i32.const 0) (i32.const 960000) (i32.const 1000000)))))"#;
    let code = deploy(&rt, wat).unwrap();
    let o = rt.call(&code, &[], 100_000_000).unwrap();
    assert_eq!(o.trap(), Some(TrapKind::OutOfGas));
    assert_eq!(o.gas_used, 100_000_000);
    assert!(o.last_host_error.is_none(), "nothing was decoded");
}

#[test]
fn thousands_of_host_calls_are_each_charged() {
    let rt = runtime();
    let wat = r#"(module
      (import "zkhost" "gas_left" (func $g (result i64)))
      (memory (export "memory") 1)
      (func (export "call") (local $i i32)
        (loop $l
          (drop (call $g))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br_if $l (i32.lt_u (local.get $i) (i32.const 10000))))))"#;
    let code = deploy(&rt, wat).unwrap();
    let done = rt.call(&code, &[], 100_000_000).unwrap();
    assert!(done.output().is_some());
    assert!(
        done.gas_used >= 10_000 * 100,
        "each call costs at least its base: {}",
        done.gas_used
    );
    let short = rt.call(&code, &[], 500_000).unwrap();
    assert_eq!(short.trap(), Some(TrapKind::OutOfGas));
}

#[test]
fn oversized_modules_are_refused_at_deploy() {
    let rt = runtime();
    // A 3 MiB data segment: over the module size limit.
    let data = "\\00".repeat(3 << 20);
    let huge = format!(
        r#"(module (memory (export "memory") 64) (data (i32.const 0) "{data}") (func (export "call")))"#
    );
    assert!(matches!(
        deploy(&rt, &huge),
        Err(DeployError::TooLarge { .. })
    ));
    // A data segment outside memory.
    let outside = r#"(module (memory (export "memory") 1) (data (i32.const 65535) "ab") (func (export "call")))"#;
    assert!(matches!(deploy(&rt, outside), Err(DeployError::Invalid(_))));
    // Thousands of functions: up to the limit they compile; past it they are refused.
    let many = |n: usize| {
        let funcs: String = (0..n)
            .map(|i| format!("(func $f{i} (result i32) (i32.const {i}))"))
            .collect();
        format!(r#"(module (memory (export "memory") 1) {funcs} (func (export "call")))"#)
    };
    assert!(deploy(&rt, &many(5_000)).is_ok());
    assert!(
        matches!(deploy(&rt, &many(10_000)), Err(DeployError::Invalid(m)) if m.contains("functions"))
    );
}

/// A mixed workload: valid, invalid, out-of-gas and trapping calls over every host
/// function (input_size, input_read and output_write in every call of the
/// `forwarder` contract; the four crypto functions; gas_left through a contract
/// that reports it), through the `forwarder` contract (0), a looping contract (1),
/// an out-of-bounds one (2) and the gas_left one (3).
fn workload() -> Vec<(usize, Vec<u8>, u64)> {
    let pair = sample::pairing_input(1, 77);
    let scalars = |n: u64| -> Vec<u8> {
        (0..n)
            .flat_map(|k| {
                let mut b = [0u8; 32];
                b[..8].copy_from_slice(&(k * 7919 + n).to_le_bytes());
                b
            })
            .collect()
    };
    let commitment = zkhost_verkle::commit_bytes(&scalars(4)).unwrap().to_vec();
    let mut cases = Vec::new();
    for i in 0..1_000u64 {
        // Every host function is in the mix: the verkle ones (valid, invalid, out of
        // gas) too.
        let verkle = match i % 30 {
            1 => Some((
                Message::new(Crypto::VerkleCommit, scalars(i % 9)),
                1_000_000,
            )),
            11 => Some((
                Message::new(Crypto::VerkleCommit, vec![0xff; 64]),
                1_000_000,
            )),
            21 => Some((
                Message::new(
                    Crypto::VerkleUpdate,
                    [&commitment[..], &[7], &scalars(2)].concat(),
                ),
                5_000,
            )),
            10 => Some((
                Message::new(Crypto::VerkleCommitmentToField, commitment.clone()),
                1_000_000,
            )),
            _ => None,
        };
        if let Some((message, gas)) = verkle {
            cases.push((0, message.encode(), gas));
            continue;
        }
        let (message, gas) = match i % 10 {
            0 | 1 => (
                Message::new(Crypto::AltBn128Add, sample::add_input(i)).encode(),
                1_000_000,
            ),
            2 => match i % 30 {
                2 => (
                    Message::new(Crypto::AltBn128G1Msm, sample::msm_input(3, i)).encode(),
                    1_000_000,
                ),
                12 => (
                    Message::new(
                        Crypto::AltBn128G1Msm,
                        [sample::mul_input(i), vec![0xff; 96]].concat(),
                    )
                    .encode(),
                    1_000_000,
                ),
                _ => (
                    Message::new(Crypto::AltBn128G1Msm, sample::msm_input(2, i)).encode(),
                    5_000,
                ),
            },
            3 => (
                Message::new(Crypto::AltBn128Add, vec![0xff; 128]).encode(),
                1_000_000,
            ),
            4 => (
                Message::new(Crypto::AltBn128Mul, sample::mul_input(i)).encode(),
                1_000_000,
            ),
            5 if i % 20 == 15 => (
                Message::new(Crypto::AltBn128Mul, vec![0xff; 96]).encode(),
                1_000_000,
            ),
            5 => (
                Message::new(Crypto::AltBn128Mul, sample::mul_input(i)).encode(),
                3_000,
            ),
            6 if i % 50 == 6 => (
                Message::new(Crypto::AltBn128Pairing, pair.clone()).encode(),
                1_000_000,
            ),
            6 => (
                Message::new(Crypto::AltBn128Pairing, vec![1; 191]).encode(),
                1_000_000,
            ),
            7 => (
                Message::new(Crypto::AltBn128Pairing, vec![0; 192 * 3]).encode(),
                1_000_000,
            ),
            8 if i % 20 == 8 => (vec![9, 9, 9], 1_000_000), // undecodable: the contract traps
            8 => (vec![0; (i % 64) as usize], 1_000 + i),   // gas_left reports what is left
            _ => (Vec::new(), 1_000),                       // the looping contract
        };
        let contract = match (i % 10, i % 20) {
            (9, 19) => 2,
            (9, _) => 1,
            (8, 18) => 3,
            _ => 0,
        };
        cases.push((contract, message, gas));
    }
    cases
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[test]
fn eight_threads_agree_with_one() {
    let rt = Arc::new(runtime());
    let codes = Arc::new([
        rt.deploy(contracts::FORWARDER_WASM).unwrap(),
        deploy(
            &rt,
            r#"(module (memory (export "memory") 1) (func (export "call") (loop (br 0))))"#,
        )
        .unwrap(),
        deploy(
            &rt,
            r#"(module (import "zkhost" "alt_bn128_add" (func $add (param i32 i32 i32) (result i32)))
              (memory (export "memory") 1)
              (func (export "call") (drop (call $add (i32.const 65530) (i32.const 128) (i32.const 0)))))"#,
        )
        .unwrap(),
        deploy(
            &rt,
            r#"(module
              (import "zkhost" "input_size" (func $size (result i32)))
              (import "zkhost" "input_read" (func $read (param i32)))
              (import "zkhost" "gas_left" (func $gas (result i64)))
              (import "zkhost" "output_write" (func $out (param i32 i32)))
              (memory (export "memory") 1)
              (func (export "call")
                (call $read (i32.const 16))
                (i64.store (i32.const 0) (call $gas))
                (i32.store (i32.const 8) (call $size))
                (call $out (i32.const 0) (i32.const 12))))"#,
        )
        .unwrap(),
    ]);
    let cases = Arc::new(workload());
    let expected: Vec<Outcome> = cases
        .iter()
        .map(|(c, m, g)| rt.call(&codes[*c], m, *g).unwrap())
        .collect();
    let kinds: std::collections::HashSet<_> = expected.iter().map(|o| o.trap()).collect();
    assert_eq!(kinds.len(), 4, "the workload mixes outcomes: {kinds:?}");
    // Every crypto host function is reached, valid and invalid.
    for (index, op) in ["add", "mul", "pairing", "msm"].into_iter().enumerate() {
        let index = index as u8;
        let of_op = |o: &&Outcome| o.output().is_some_and(|out| !out.is_empty());
        let reached: Vec<&Outcome> = cases
            .iter()
            .zip(expected.iter())
            .filter(|((c, m, _), _)| *c == 0 && m.first() == Some(&index))
            .map(|(_, o)| o)
            .filter(of_op)
            .collect();
        assert!(
            reached
                .iter()
                .any(|o| contracts::decode_response(o).is_ok()),
            "{op} valid"
        );
        assert!(
            reached
                .iter()
                .any(|o| contracts::decode_response(o).is_err()),
            "{op} invalid"
        );
    }
    assert!(
        expected
            .iter()
            .zip(cases.iter())
            .any(|(o, (c, _, _))| *c == 3 && o.output().is_some_and(|out| out.len() == 12)),
        "gas_left reported"
    );
    assert!(
        expected
            .iter()
            .any(|o| contracts::decode_response(o).is_err() && o.trap().is_none()),
        "invalid inputs"
    );
    let expected = Arc::new(expected);

    let mut rss = Vec::new();
    for _round in 0..3 {
        let handles: Vec<_> = (0..8)
            .map(|t| {
                let (rt, codes, cases, expected) =
                    (rt.clone(), codes.clone(), cases.clone(), expected.clone());
                std::thread::spawn(move || {
                    // Each thread walks the workload from a different start.
                    for k in 0..cases.len() {
                        let i = (k + t * 125) % cases.len();
                        let (c, m, g) = &cases[i];
                        let got = rt.call(&codes[*c], m, *g).unwrap();
                        assert_eq!(got, expected[i], "thread {t}, case {i}");
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().expect("no thread failed");
        }
        rss.push(rss_kib());
    }
    // Memory does not grow across rounds (allow 16 MiB of allocator noise).
    assert!(rss[2] <= rss[0] + 16 * 1024, "RSS grew: {rss:?} KiB");
    // And the native result is what the contract returned.
    let add = contracts::decode_response(&expected[0]).unwrap();
    assert_eq!(add, bn254::run(Op::Add, &sample::add_input(0)).unwrap());
}

/// Every host function of ABI v1 with pointers at the end of memory and lengths near
/// 2^31 and 2^32, through the fuzzing probe: each case ends with the expected trap
/// (or none), and the probe's model of ABI v1 (`zkhost_testkit::fuzzing::host_call`) then
/// checks the gas to the unit and every byte of memory.
#[test]
fn every_host_function_at_the_edges_of_memory() {
    use zkhost_testkit::fuzzing::{probe_input, probe_wasm, PROBE_FUNCTIONS, PROBE_SELECTORS};
    let rt = runtime();
    let code = rt.deploy(&probe_wasm()).unwrap();
    let page = 65_536i32;
    let payload = [1u8; 32];
    let n = 16 + payload.len() as i32;
    let (oob, limit) = (
        Some(TrapKind::MemoryOutOfBounds),
        Some(TrapKind::LimitExceeded),
    );
    let mut cases: Vec<(u8, u8, [i32; 3], Option<TrapKind>)> = vec![
        (0, 0, [0, 0, 0], None),
        (3, 0, [0, 0, 0], None),
        (1, 0, [page - n, 0, 0], None),
        (1, 0, [page - n + 1, 0, 0], oob),
        (1, 3, [4 * page - n, 0, 0], None),
        (1, 3, [4 * page - n + 1, 0, 0], oob),
        (1, 0, [-1, 0, 0], oob),
        (1, 0, [i32::MAX, 0, 0], oob),
        (2, 0, [page - 1, 1, 0], None),
        (2, 0, [page, 0, 0], None),
        (2, 0, [page, 1, 0], oob),
        (2, 0, [i32::MIN, 1, 0], oob),
        (2, 0, [0, 1 << 20, 0], oob),
        (2, 0, [0, (1 << 20) + 1, 0], limit),
        (2, 0, [0, i32::MAX, 0], limit),
        (2, 0, [0, -1, 0], limit),
    ];
    let crypto = (4u8..PROBE_SELECTORS).zip(zkhost_abi::Crypto::ALL.map(|op| op.output_len()));
    for (selector, out) in crypto {
        let out = out as i32;
        cases.extend([
            (selector, 0, [16, 32, 1024], None),
            (selector, 0, [page - 1, 1, 1024], None),
            (selector, 0, [page, 0, 1024], None),
            (selector, 0, [page, 1, 1024], oob),
            (selector, 3, [4 * page - 1, 1, 1024], None),
            (selector, 3, [4 * page, 1, 1024], oob),
            (selector, 0, [16, 0, page - out], None),
            (selector, 0, [16, 0, page - out + 1], oob),
            (selector, 3, [16, 0, 4 * page - out], None),
            (selector, 3, [16, 0, 4 * page - out + 1], oob),
            (selector, 0, [16, 0, -1], oob),
            (selector, 0, [16, 0, i32::MIN], oob),
            (selector, 0, [-1, 1, 1024], oob),
            (selector, 0, [16, i32::MAX, 1024], oob),
            (selector, 0, [16, i32::MIN, 1024], oob),
            (selector, 0, [16, -1, 1024], oob),
        ]);
    }
    let generous = 1u64 << 40;
    let mut covered = std::collections::BTreeSet::new();
    for (selector, grow, args, expected) in cases {
        let input = probe_input(selector, grow, args, &payload);
        let what = format!(
            "{}{args:?} with {} pages",
            PROBE_FUNCTIONS[selector as usize].name(),
            1 + grow
        );
        let o = rt.call(&code, &input, generous).unwrap();
        assert_eq!(o.trap(), expected, "{what}");
        // The model checks gas and memory too (gas 2^40: `raw >> (raw % 64)` keeps it).
        zkhost_testkit::fuzzing::host_call(&[&generous.to_le_bytes()[..], &input].concat());
        // A length near 2^31 or 2^32 is priced before the bounds are checked: with an
        // ordinary limit it runs out of gas, having touched nothing.
        if selector >= 4 && (args[1] as u32) >= 1 << 31 {
            let o = rt.call(&code, &input, 10_000_000).unwrap();
            assert_eq!(o.trap(), Some(TrapKind::OutOfGas), "{what}");
            zkhost_testkit::fuzzing::host_call(
                &[&10_000_000u64.to_le_bytes()[..], &input].concat(),
            );
        }
        covered.insert(selector);
    }
    assert_eq!(covered.len(), PROBE_FUNCTIONS.len(), "every host function");
}
