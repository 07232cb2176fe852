//! Two bundled contracts tested as a contract author tests theirs, through
//! `zkhost-harness`, against expectations computed without the contract:
//!
//! - `forwarder`'s ECADD gives the native libraries' sum (zkhost's own backend and
//!   substrate-bn), and its gas is the contract's own instructions plus exactly what
//!   the gas schedule charges for its host calls; a point off the curve is refused
//!   with `last_error` code 4 and the native library's reason;
//! - `groth16-verifier` answers the native verifier's verdict on the committed proof
//!   (valid) and on tampered ones (invalid), and is charged exactly
//!   `zkhost_groth16::precompile_gas` for its precompile work.

use zkhost_abi::groth16::{reason, Verdict};
use zkhost_abi::{last_error, Crypto, Message, Response};
use zkhost_bn254::Backend;
use zkhost_gas::{GasSchedule, HostCosts};
use zkhost_groth16::{Invalid, Point, Request};
use zkhost_harness::{Call, Contract, HostError, RuntimeConfig};
use zkhost_runtime::Prices;
use zkhost_testkit::contracts::{groth16 as via, BN254_AND_HOST_CALLS_FREE, FORWARDER_WASM};
use zkhost_testkit::{fixture, fixtures_dir, sample};

/// A runtime that charges nothing for a host call, a byte moved or a BN254 operation:
/// a call's gas on it is the contract's own instructions alone.
fn free_host_calls() -> RuntimeConfig {
    RuntimeConfig {
        costs: BN254_AND_HOST_CALLS_FREE,
        ..RuntimeConfig::default()
    }
}

/// What `forwarder` is charged by its host calls for an ECADD `message` answered by
/// `response`, at `costs`: `input_size`, `input_read` of the message,
/// `alt_bn128_add` of the input, and `output_write` of the response.
fn forwarder_add_charges(costs: &HostCosts, message: &Message, response: &Response) -> u64 {
    use parity_scale_codec::Encode;
    costs.call(0, 0)
        + costs.call(message.encode().len() as u64, 0)
        + costs.crypto_call(Crypto::AltBn128Add, message.input.len())
        + costs.call(response.encode().len() as u64, 0)
}

/// `call`'s gas is `instructions` (the same call on [`free_host_calls`]) plus what
/// `costs` charges for the forwarder's host calls, to the unit.
fn assert_forwarder_add_gas(call: &Call, instructions: &Call, message: &Message) {
    let response = call.decode::<Response>().unwrap();
    let charges = forwarder_add_charges(&HostCosts::ZKHOST, message, &response);
    assert_eq!(instructions.decode::<Response>().unwrap(), response);
    // The contract's own instructions: a few hundred.
    assert!(
        (100..1_000).contains(&instructions.gas_used()),
        "{}",
        instructions.gas_used()
    );
    call.assert_gas(instructions.gas_used() + charges);
}

#[test]
fn forwarder_ecadd_matches_native_and_the_gas_schedule() {
    let forwarder = Contract::from_wasm(FORWARDER_WASM).unwrap();
    let uncharged = Contract::with_config(FORWARDER_WASM, free_host_calls()).unwrap();

    for seed in 0..4 {
        let input = sample::add_input(seed);
        let native = Backend::ZKHOST.ecadd(&input).unwrap();
        assert_eq!(Backend::SUBSTRATE_BN.ecadd(&input).unwrap(), native);

        let message = Message::new(Crypto::AltBn128Add, input);
        let call = forwarder.call(&message).unwrap();
        assert_eq!(call.trap(), None);
        assert_eq!(call.refusal(), None);
        assert_eq!(
            call.decode::<Response>().unwrap(),
            Response::Ok(native.to_vec())
        );
        assert_forwarder_add_gas(&call, &uncharged.call(&message).unwrap(), &message);
    }
}

#[test]
fn forwarder_refuses_a_point_off_the_curve_with_the_native_reason() {
    let forwarder = Contract::from_wasm(FORWARDER_WASM).unwrap();
    let uncharged = Contract::with_config(FORWARDER_WASM, free_host_calls()).unwrap();

    // (1, 3) is not on y² = x³ + 3; the second point is the generator (1, 2).
    let mut input = [0u8; 128];
    input[31] = 1;
    input[63] = 3;
    input[95] = 1;
    input[127] = 2;
    let native = Backend::ZKHOST.ecadd(&input).unwrap_err();
    assert_eq!(Backend::SUBSTRATE_BN.ecadd(&input).unwrap_err(), native);

    let message = Message::new(Crypto::AltBn128Add, input.to_vec());
    let call = forwarder.call(&message).unwrap();
    // The contract answers the refusal; the call does not trap.
    assert_eq!(call.trap(), None);
    assert_eq!(
        call.decode::<Response>().unwrap(),
        Response::Err(zkhost_abi::err::INVALID)
    );
    let refusal = call.refusal().expect("the host function's refusal");
    assert_eq!(refusal.code, 4);
    assert_eq!(refusal.code, last_error::BN254_G1_NOT_ON_CURVE);
    assert_eq!(refusal.code, native.last_error());
    assert_eq!(refusal.reason, native.to_string());
    assert_eq!(refusal.error, HostError::new(native.last_error(), native));
    // A refused input is charged in full, before the host function reads it.
    assert_forwarder_add_gas(&call, &uncharged.call(&message).unwrap(), &message);
}

/// The committed proof with `tamper` applied.
fn request(tamper: impl FnOnce(&mut Request)) -> Request {
    let mut request = fixture::request().unwrap();
    tamper(&mut request);
    request
}

#[test]
fn groth16_verifier_answers_the_native_verdict() {
    // Loaded from its file, as an author loads the output of a build.
    let path = fixtures_dir().join("contracts/groth16-verifier.wasm");
    let verifier = Contract::load(&path).unwrap();
    let uncharged = Contract::with_config(&std::fs::read(&path).unwrap(), {
        let mut config = free_host_calls();
        config.costs.precompiles = GasSchedule::ISTANBUL;
        config
    })
    .unwrap();
    let free = Contract::with_config(&std::fs::read(&path).unwrap(), free_host_calls()).unwrap();

    let cases: [(&str, Request, Verdict); 3] = [
        ("the committed proof", request(|_| {}), Verdict::Valid),
        (
            "another public input",
            request(|r| r.inputs[0][31] ^= 1),
            Verdict::Invalid {
                reason: reason::PAIRING_FAILED,
                index: 0,
                detail: 0,
            },
        ),
        (
            "C another point of the curve (A's)",
            request(|r| r.proof.c = r.proof.a),
            Verdict::Invalid {
                reason: reason::PAIRING_FAILED,
                index: 0,
                detail: 0,
            },
        ),
    ];
    for (what, request, expected) in cases {
        let native = zkhost_groth16::verify(&request.vk, &request.proof, &request.inputs);
        assert_eq!(via::verdict_of(&native), expected, "{what}: native");

        let call = verifier.call(&request).unwrap();
        assert_eq!(call.decode::<Verdict>().unwrap(), expected, "{what}");
        assert_eq!(call.refusal(), None, "{what}");

        // The precompile work is charged as zkhost-groth16 prices it, to the unit:
        // the same call with the BN254 prices on and everything else free, less the
        // call with all of it free.
        let n = request.inputs.len();
        let priced = uncharged.call(&request).unwrap().gas_used();
        let bare = free.call(&request).unwrap().gas_used();
        assert_eq!(
            priced - bare,
            zkhost_groth16::precompile_gas(&GasSchedule::ISTANBUL, n),
            "{what}"
        );
        assert!(call.gas_used() > priced, "{what}");
    }

    // A point off the curve: the pairing check refuses it, and the verdict names the
    // point and the reason as the native verifier does.
    let request = request(|r| r.proof.a[63] ^= 1);
    let native = zkhost_groth16::verify(&request.vk, &request.proof, &request.inputs);
    assert_eq!(
        native,
        Err(Invalid::Point {
            point: Point::A,
            error: zkhost_bn254::Error::G1NotOnCurve
        })
    );
    let call = verifier.call(&request).unwrap();
    let verdict = call.decode::<Verdict>().unwrap();
    assert!(
        matches!(
            verdict,
            Verdict::Invalid {
                reason: reason::POINT,
                ..
            }
        ),
        "{verdict:?}"
    );
    let refusal = call.refusal().expect("the host function's refusal");
    assert_eq!(refusal.code, last_error::BN254_G1_NOT_ON_CURVE);
    let error = zkhost_bn254::Error::from_last_error(refusal.error.code())
        .unwrap_or_else(|| panic!("{refusal:?}"));
    assert_eq!(via::read_verdict(verdict, Some(error)).unwrap(), native);
}

/// The worked examples of the book's per-byte rules (`abi.md`, "Gas"; `bls-signatures.md`,
/// "Gas"), checked through the harness's split of a call's gas into its host calls and
/// the instructions: the numbers the book gives are these.
#[test]
fn the_books_worked_gas_examples() {
    let forwarder = Contract::from_wasm(FORWARDER_WASM).unwrap();
    // ECADD of two 64-byte points: the message is 131 bytes (the index byte, the
    // compact length 128 in two bytes, the 128 input bytes), the answer
    // `Response::Ok` of 64 bytes is 67 (variant, compact length 64 in two bytes, the
    // sum).
    let message = Message::new(Crypto::AltBn128Add, [0u8; 128]);
    let call = forwarder.call(&message).unwrap();
    let charges: Vec<_> = call
        .host_calls()
        .iter()
        .map(|c| (c.function, c.gas))
        .collect();
    assert_eq!(
        charges,
        [
            ("input_size", 100),
            ("input_read", 100 + 131),
            ("alt_bn128_add", 100 + 128 + 150),
            ("output_write", 100 + 67),
        ]
    );
    assert_eq!(call.host_gas(), 876);
    assert_eq!(call.host_gas() + call.instruction_gas(), call.gas_used());
    let split = call.gas_split();
    assert_eq!(split.len(), 5);
    assert_eq!(split[4], ("instructions", call.instruction_gas()));

    // BLS: 2 per 32-byte word of the whole input, rounded up. `bls_verify` of a
    // 32-byte message: 1 + 48 + 96 + 32 = 177 bytes, 6 words (here on a key that is
    // not a point: charged all the same, then refused).
    let gas_of = |function: Crypto, input: Vec<u8>| {
        let call = forwarder.call(&Message::new(function, input)).unwrap();
        let charge = call
            .host_calls()
            .iter()
            .find(|c| c.function == function.name())
            .copied()
            .unwrap();
        assert!(call.refusal().is_some());
        charge.gas
    };
    assert_eq!(
        gas_of(Crypto::BlsVerify, vec![0; 177]),
        100 + 177 + 95_700 + 2 * 6
    );
    // `bls_fast_aggregate_verify` of 2 keys and a 32-byte message: 1 + 96 + 4 + 2·48
    // + 32 = 229 bytes, 8 words; then 4,940 per key, once the 2 keys are in bounds.
    let mut input = vec![0u8; 229];
    input[100] = 2;
    assert_eq!(
        gas_of(Crypto::BlsFastAggregateVerify, input),
        100 + 229 + 95_700 + 2 * 8 + 2 * 4_940
    );
    // The schedule's own reading of the same inputs.
    let costs = HostCosts::ZKHOST;
    assert_eq!(
        costs.crypto_call(Crypto::BlsVerify, 177),
        100 + 177 + 95_700 + 12
    );
}
