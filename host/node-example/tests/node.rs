//! The node example end to end: a Groth16 proof verified by the node's contract
//! through zkhost's host functions, its verdict in the node's storage, the node's
//! meter charged exactly; and the failures a node must survive.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use parity_scale_codec::{Decode, Encode};
use zkhost_abi::groth16::{Request, Verdict};
use zkhost_abi::Crypto;
use zkhost_gas::HostCosts;
use zkhost_node_example::{price, Node, Status};
use zkhost_runtime::Prices;
use zkhost_runtime::TrapKind;
use zkhost_testkit::fixture;

/// `contracts/node-verifier`, built into `fixtures/contracts`.
const NODE_VERIFIER: &[u8] = include_bytes!("../../../fixtures/contracts/node-verifier.wasm");

const BLOCK: u64 = 100_000_000;

fn request() -> Request {
    fixture::request().expect("the committed proof parses")
}

fn node() -> Node {
    Node::new(BLOCK, HostCosts::ZKHOST).unwrap()
}

/// What a valid proof's call charges, from the published prices alone: the node's
/// own functions (`input` twice, `storage_write` of one byte under `verdict`,
/// `return` of the one-byte verdict) and zkhost's (a 2-record MSM, an ECADD, a
/// 4-pair pairing check).
fn documented_host_gas(input_len: u64, inputs: usize) -> u64 {
    let zk = HostCosts::ZKHOST;
    let node = price::of(price::IO, 0)
        + price::of(price::IO, input_len)
        + price::of(price::STORAGE_WRITE, 7 + 1)
        + price::of(price::IO, 1);
    let crypto = zk.crypto_call(Crypto::AltBn128G1Msm, 96 * inputs)
        + zk.crypto_call(Crypto::AltBn128Add, 128)
        + zk.crypto_call(Crypto::AltBn128Pairing, 4 * 192);
    node + crypto
}

#[test]
fn a_valid_proof_writes_true_and_is_charged_exactly() {
    let mut node = node();
    let verifier = node.deploy(NODE_VERIFIER).unwrap();
    let r = request();
    let input = r.encode();
    let receipt = node.call(verifier, &input, 10_000_000).unwrap();
    let Status::Returned(out) = &receipt.status else {
        panic!("{receipt:?}")
    };
    assert_eq!(Verdict::decode(&mut &out[..]).unwrap(), Verdict::Valid);
    assert_eq!(node.storage(verifier, b"verdict"), Some(&[1u8][..]));
    let host = documented_host_gas(input.len() as u64, r.inputs.len());
    assert_eq!(receipt.host_gas, host, "the published prices, to the unit");
    // The rest is the contract's own instructions, drawn from the same budget.
    let instructions = receipt.gas_used - receipt.host_gas;
    assert!(
        instructions > 1_000 && instructions < host / 10,
        "{instructions}"
    );
    assert_eq!(node.block_gas_left(), BLOCK - receipt.gas_used);
    // The same call again costs the same.
    assert_eq!(node.call(verifier, &input, 10_000_000).unwrap(), receipt);
}

#[test]
fn a_tampered_proof_writes_false() {
    let mut node = node();
    let verifier = node.deploy(NODE_VERIFIER).unwrap();
    let mut r = request();
    r.inputs[0][31] ^= 1;
    let receipt = node.call(verifier, &r.encode(), 10_000_000).unwrap();
    let Status::Returned(out) = &receipt.status else {
        panic!("{receipt:?}")
    };
    assert!(matches!(
        Verdict::decode(&mut &out[..]).unwrap(),
        Verdict::Invalid { .. }
    ));
    assert_eq!(node.storage(verifier, b"verdict"), Some(&[0u8][..]));
}

#[test]
fn running_out_of_the_nodes_gas_midway_leaves_storage_unchanged() {
    let mut node = node();
    let verifier = node.deploy(NODE_VERIFIER).unwrap();
    let r = request();
    let input = r.encode();
    let full = node.call(verifier, &input, 10_000_000).unwrap();
    assert_eq!(node.storage(verifier, b"verdict"), Some(&[1u8][..]));
    // Now a tampered proof with just too little gas for the storage write: the
    // pairing is paid for, the verdict is not written, the old one stays.
    let mut bad = r.clone();
    bad.inputs[0][31] ^= 1;
    let tampered = bad.encode();
    let before = node.block_gas_left();
    for limit in [
        full.gas_used - price::STORAGE_WRITE,
        full.gas_used / 2,
        1_000,
        0,
    ] {
        let receipt = node.call(verifier, &tampered, limit).unwrap();
        assert_eq!(receipt.status, Status::OutOfGas, "limit {limit}");
        assert_eq!(receipt.gas_used, limit, "out of gas uses the whole limit");
        assert!(receipt.host_gas <= limit);
        assert_eq!(node.storage(verifier, b"verdict"), Some(&[1u8][..]));
    }
    let spent = full.gas_used - price::STORAGE_WRITE + full.gas_used / 2 + 1_000;
    assert_eq!(node.block_gas_left(), before - spent);
    // The block's budget caps a call's limit.
    let mut small = Node::new(5_000, HostCosts::ZKHOST).unwrap();
    let v = small.deploy(NODE_VERIFIER).unwrap();
    let receipt = small.call(v, &input, 10_000_000).unwrap();
    assert_eq!(
        (receipt.status, receipt.gas_used),
        (Status::OutOfGas, 5_000)
    );
    assert_eq!(small.block_gas_left(), 0);
}

/// A contract of the node's ABI that calls one function with arguments from its
/// input: `[selector, a0: i32, a1: i32, a2: i32, a3: i32]` (little-endian) then a
/// payload at address 32. Selector 0: zkhost's `alt_bn128_add(a0, a1, a2)`; 1: the
/// node's `storage_write(a0, a1, a2, a3)`; 2: `storage_read(a0, a1, a2, a3)`;
/// 3: `input(a0, a1)`. It returns the 64 bytes at `a2` after the call.
const PROBE: &str = r#"(module
  (import "node" "input" (func $input (param i32 i32) (result i32)))
  (import "node" "return" (func $return (param i32 i32)))
  (import "node" "storage_write" (func $write (param i32 i32 i32 i32)))
  (import "node" "storage_read" (func $read (param i32 i32 i32 i32) (result i64)))
  (import "zkhost" "alt_bn128_add" (func $add (param i32 i32 i32) (result i32)))
  (memory (export "memory") 1)
  (func (export "run")
    (drop (call $input (i32.const 0) (i32.const 4096)))
    (block $read (block $write (block $add
      (br_table $add $write $read (i32.load8_u (i32.const 0))))
      (drop (call $add (i32.load (i32.const 1)) (i32.load (i32.const 5)) (i32.load (i32.const 9))))
      (br $read))
      (call $write (i32.load (i32.const 1)) (i32.load (i32.const 5))
                   (i32.load (i32.const 9)) (i32.load (i32.const 13)))
      (br $read))
    (if (i32.eq (i32.load8_u (i32.const 0)) (i32.const 2))
      (then (drop (call $read (i32.load (i32.const 1)) (i32.load (i32.const 5))
                              (i32.load (i32.const 9)) (i32.load (i32.const 13))))))
    (if (i32.eq (i32.load8_u (i32.const 0)) (i32.const 3))
      (then (drop (call $input (i32.load (i32.const 1)) (i32.load (i32.const 5))))))
    (call $return (i32.load (i32.const 9)) (i32.const 64))))"#;

fn probe_input(selector: u8, args: [i32; 4], payload: &[u8]) -> Vec<u8> {
    let mut v = vec![selector];
    for a in args {
        v.extend_from_slice(&a.to_le_bytes());
    }
    v.resize(32, 0);
    v.extend_from_slice(payload);
    v
}

#[test]
fn bad_pointers_trap_without_a_host_panic_and_leave_storage_unchanged() {
    let mut node = node();
    let probe = node.deploy(&wat::parse_str(PROBE).unwrap()).unwrap();
    let page = 65_536i32;
    // A good write first, then bad ones.
    let ok = node
        .call(probe, &probe_input(1, [32, 1, 33, 1], b"kv"), 1_000_000)
        .unwrap();
    assert!(matches!(ok.status, Status::Returned(_)), "{ok:?}");
    assert_eq!(node.storage(probe, b"k"), Some(&b"v"[..]));
    let cases = [
        (
            "add: input past the end",
            probe_input(0, [page - 10, 128, 1024, 0], &[]),
        ),
        (
            "add: ptr + len overflows",
            probe_input(0, [-1, 2, 1024, 0], &[]),
        ),
        (
            "add: output at the last byte",
            probe_input(0, [32, 128, page - 1, 0], &[]),
        ),
        (
            "write: key past the end",
            probe_input(1, [page - 1, 2, 1024, 1], &[]),
        ),
        (
            "write: negative value length",
            probe_input(1, [32, 1, 33, -1], &[]),
        ),
        (
            "read: value range past the end",
            probe_input(2, [32, 1, page - 1, 8], b"k"),
        ),
        (
            "input: past the end",
            probe_input(3, [page - 4, 64, 0, 0], &[]),
        ),
    ];
    for (what, input) in cases {
        let receipt = node.call(probe, &input, 50_000_000).unwrap();
        assert!(
            matches!(
                receipt.status,
                Status::Trapped(TrapKind::MemoryOutOfBounds) | Status::OutOfGas
            ),
            "{what}: {receipt:?}"
        );
        assert_eq!(node.storage(probe, b"k"), Some(&b"v"[..]), "{what}");
    }
    // A length near 2^32 is priced before the bounds check: out of gas, not a trap
    // on memory.
    let huge = node
        .call(
            probe,
            &probe_input(1, [32, 1, 33, i32::MAX], &[]),
            50_000_000,
        )
        .unwrap();
    assert_eq!(huge.status, Status::OutOfGas);
}

#[test]
fn crypto_outputs_and_prices_are_zkhosts() {
    // The same ECADD inputs through the node and through zkhost's own Runtime (the
    // `forwarder` contract): the same output bytes, and the node's meter charged
    // zkhost's published price for the call.
    let mut node = node();
    let probe = node.deploy(&wat::parse_str(PROBE).unwrap()).unwrap();
    let rt = zkhost_runtime::Runtime::new(zkhost_runtime::RuntimeConfig::from_env()).unwrap();
    let forwarder = rt
        .deploy(zkhost_testkit::contracts::FORWARDER_WASM)
        .unwrap();
    for (seed, len) in [(1u64, 128i32), (2, 64), (3, 0), (4, 200)] {
        // Short, exact and long inputs: the precompile pads and truncates.
        let mut padded = zkhost_testkit::sample::add_input(seed);
        padded.resize(len as usize, 0);
        let input = probe_input(0, [32, len, 2048, 0], &padded);
        let receipt = node.call(probe, &input, 1_000_000).unwrap();
        let Status::Returned(out) = &receipt.status else {
            panic!("{receipt:?}")
        };
        let via =
            zkhost_testkit::contracts::run(&rt, &forwarder, Crypto::AltBn128Add, &padded, 1 << 30);
        assert_eq!(&out[..], &via.1.unwrap()[..], "output, {len} bytes");
        let own = price::of(price::IO, input.len() as u64) + price::of(price::IO, 64);
        assert_eq!(
            receipt.host_gas,
            own + HostCosts::ZKHOST.crypto_call(Crypto::AltBn128Add, len as usize),
            "price, {len} bytes"
        );
    }
    // An invalid point: 1 returned, nothing written (the output area stays zero).
    let bad = probe_input(0, [32, 128, 2048, 0], &[0xff; 128]);
    let receipt = node.call(probe, &bad, 1_000_000).unwrap();
    assert_eq!(receipt.status, Status::Returned(vec![0; 64]));
}

#[test]
fn every_limit_around_the_cost_and_a_straight_line_that_overdraws() {
    let mut node = node();
    let verifier = node.deploy(NODE_VERIFIER).unwrap();
    let input = request().encode();
    let cost = node.call(verifier, &input, 10_000_000).unwrap().gas_used;
    for limit in cost - 20..=cost + 20 {
        let receipt = node.call(verifier, &input, limit).unwrap();
        if limit < cost {
            assert_eq!(
                (receipt.status, receipt.gas_used),
                (Status::OutOfGas, limit)
            );
        } else {
            assert!(matches!(receipt.status, Status::Returned(_)), "{limit}");
            assert_eq!(receipt.gas_used, cost, "{limit}");
        }
    }
    // Instructions alone, with no host call and no fuel check after the entry: past
    // the limit is out of gas all the same.
    let body = "(local.set $x (i32.add (local.get $x) (i32.const 1)))\n".repeat(500);
    let wat = format!(
        r#"(module (memory (export "memory") 1) (func (export "run") (local $x i32) {body}))"#
    );
    let line = node.deploy(&wat::parse_str(wat).unwrap()).unwrap();
    let cost = node.call(line, &[], 1_000_000).unwrap().gas_used;
    assert!(cost >= 2_000);
    for limit in [0, 1, cost / 2, cost - 1] {
        let receipt = node.call(line, &[], limit).unwrap();
        assert_eq!(
            (receipt.status, receipt.gas_used),
            (Status::OutOfGas, limit)
        );
    }
    assert_eq!(node.call(line, &[], cost).unwrap().gas_used, cost);
}

#[test]
fn recursion_ends_at_the_nodes_stack_budget_and_is_told_from_unreachable() {
    // The node gets the deterministic stack limit from `check_module`: the same
    // depth and gas on every call, reported as stack exhaustion; a contract's own
    // `unreachable` is still that.
    let mut node = node();
    let recurse = wat::parse_str(
        r#"(module (memory (export "memory") 1)
          (func $f (local i64) (call $f)) (func (export "run") (call $f)))"#,
    )
    .unwrap();
    let code = node.deploy(&recurse).unwrap();
    let first = node.call(code, &[], 1_000_000).unwrap();
    assert_eq!(first.status, Status::Trapped(TrapKind::StackExhausted));
    assert!(first.gas_used < 1_000_000);
    let again = node.call(code, &[], 1_000_000).unwrap();
    assert_eq!(
        (again.status, again.gas_used),
        (first.status, first.gas_used)
    );
    let panics = wat::parse_str(
        r#"(module (memory (export "memory") 1) (func (export "run") unreachable))"#,
    )
    .unwrap();
    let code = node.deploy(&panics).unwrap();
    assert_eq!(
        node.call(code, &[], 1_000_000).unwrap().status,
        Status::Trapped(TrapKind::Unreachable)
    );
}
