//! `wasm-poseidon`, circomlib's Poseidon in pure WebAssembly, answers every input with
//! the same bytes as the `forwarder` contract (which runs the host function), and
//! its hashes are `zkhost_poseidon::poseidon`'s: 0 to 17 elements, random canonical
//! ones and the edges 0 and r − 1, elements not below r, lengths not a multiple of 32.

// Tests: a panic is how an assertion fails, and indices are fixed by the test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects
)]

use parity_scale_codec::{Decode, Encode};
use zkhost_abi::Crypto;
use zkhost_runtime::{CodeHash, Outcome, Runtime, RuntimeConfig};
use zkhost_testkit::contracts::{
    self as contracts, Message, Response, FORWARDER_WASM, GENEROUS_GAS, WASM_POSEIDON_WASM,
};
use zkhost_testkit::rng::SplitMix64;

/// r, big-endian.
const R: [u8; 32] = zkhost_poseidon::MODULUS;

/// A fixed stream of test inputs.
struct Rng(SplitMix64);

impl Rng {
    /// A random element below r: 32 random bytes with the top one below r's (0x30).
    fn element(&mut self) -> [u8; 32] {
        let mut e = self.0.next_bytes32();
        e[0] %= R[0];
        e
    }

    fn elements(&mut self, n: usize) -> Vec<u8> {
        (0..n).flat_map(|_| self.element()).collect()
    }
}

/// r − 1, the largest element.
fn r_minus_1() -> [u8; 32] {
    let mut e = R;
    e[31] -= 1;
    e
}

struct Contracts {
    rt: Runtime,
    host: CodeHash,
    wasm: CodeHash,
}

impl Contracts {
    fn new() -> Contracts {
        let rt = Runtime::new(RuntimeConfig::from_env()).expect("engine");
        let host = rt.deploy(FORWARDER_WASM).expect("poseidon deploys");
        let wasm = rt
            .deploy(WASM_POSEIDON_WASM)
            .expect("wasm-poseidon deploys");
        Contracts { rt, host, wasm }
    }

    fn call(&self, code: &CodeHash, message: &[u8]) -> Outcome {
        self.rt.call(code, message, GENEROUS_GAS).expect("call")
    }

    /// Runs `input` through both contracts; asserts the same output bytes and that
    /// a success is the native hash, a refusal `Err(0)`; returns the wasm outcome.
    fn check(&self, input: &[u8], what: &str) -> Outcome {
        let message = contracts::message(Crypto::Poseidon, input.to_vec());
        assert_eq!(
            message,
            Message::new(Crypto::Poseidon, input.to_vec()).encode()
        );
        let host = self.call(&self.host, &message);
        let wasm = self.call(&self.wasm, &message);
        let (Some(host_out), Some(wasm_out)) = (host.output(), wasm.output()) else {
            panic!("{what}: a call trapped: host {host:?}, wasm {wasm:?}");
        };
        assert_eq!(wasm_out, host_out, "{what}: response bytes differ");
        let response = Response::decode(&mut &wasm_out[..]).expect("a Response");
        match zkhost_poseidon::poseidon(input) {
            Ok(hash) => assert_eq!(response, Response::Ok(hash.to_vec()), "{what}"),
            Err(e) => assert_eq!(
                response,
                Response::Err(zkhost_abi::err::INVALID),
                "{what}: refused natively ({e})"
            ),
        }
        wasm
    }
}

#[test]
fn every_count_and_refusal_answers_as_the_host_function_does() {
    let c = Contracts::new();
    let mut rng = Rng(SplitMix64::new(38));
    let (zero, top) = ([0u8; 32], r_minus_1());
    let mut successes = 0;
    for n in 0..=17 {
        let mut cases: Vec<(Vec<u8>, String)> = (0..3)
            .map(|k| (rng.elements(n), format!("n = {n}, random #{k}")))
            .collect();
        cases.push((zero.repeat(n), format!("n = {n}, all 0")));
        cases.push((top.repeat(n), format!("n = {n}, all r - 1")));
        if n > 0 {
            // One element not below r (r itself, or all ones), first or last.
            for (bad, name) in [(R, "r"), ([0xff; 32], "2^256 - 1")] {
                for at in [0, n - 1] {
                    let mut input = rng.elements(n);
                    input[at * 32..(at + 1) * 32].copy_from_slice(&bad);
                    cases.push((input, format!("n = {n}, element {at} = {name}")));
                }
            }
            // A length not a multiple of 32: one byte short, one byte over.
            let input = rng.elements(n);
            cases.push((input[1..].to_vec(), format!("n = {n}, 1 byte short")));
            let mut over = input.clone();
            over.push(0);
            cases.push((over, format!("n = {n}, 1 byte over")));
        }
        for (input, what) in &cases {
            let outcome = c.check(input, what);
            if (1..=16).contains(&n) && input.len() == 32 * n && !what.contains("element") {
                assert_eq!(outcome.output().unwrap()[0], 0, "{what}: not Ok");
                successes += 1;
            }
        }
    }
    assert_eq!(successes, 16 * 5);
}

#[test]
fn a_message_for_no_function_traps_in_both_and_another_function_in_wasm() {
    let c = Contracts::new();
    let mut message = Message::new(Crypto::Poseidon, vec![0; 32]).encode();
    message[0] = Crypto::ALL.len() as u8;
    let host = c.call(&c.host, &message);
    let wasm = c.call(&c.wasm, &message);
    assert!(host.trap().is_some() && wasm.trap().is_some());
    assert_eq!(host.trap(), wasm.trap());
    // The pure-WebAssembly contract computes Poseidon alone.
    message[0] = Crypto::AltBn128Mul.index();
    assert!(c.call(&c.wasm, &message).trap().is_some());
    assert!(c.call(&c.host, &message).trap().is_none());
}

#[test]
fn warm_and_fresh_instances_give_the_same_outcome() {
    // The contract keeps nothing between calls: the same output and gas on a fresh
    // instance and on one reused, whatever width came before.
    let c = Contracts::new();
    let mut rng = Rng(SplitMix64::new(39));
    let inputs: Vec<Vec<u8>> = [16, 1, 16, 5].iter().map(|&n| rng.elements(n)).collect();
    let mut warm = c.rt.instantiate(&c.wasm).unwrap();
    for input in &inputs {
        let message = contracts::message(Crypto::Poseidon, input.clone());
        let fresh = c.call(&c.wasm, &message);
        assert_eq!(warm.call(&message, GENEROUS_GAS).unwrap(), fresh);
        assert!(fresh.output().is_some());
    }
}
