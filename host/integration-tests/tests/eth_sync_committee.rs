//! The bundled `eth-sync-committee` contract, through `zkhost-harness`, against
//! expectations computed without it: a committee of 512 keys validated once (its
//! points are arkworks' decompression of the keys), an update signed by two thirds of
//! it verifies from the stored points and from the compressed keys, a wrong
//! participation bit or root does not (`BLS_MISMATCH`), a key outside the subgroup is
//! named; and each call's gas is the contract's own instructions plus exactly what the
//! schedule charges for its host calls. `wasm-sync-committee`, the same update in pure
//! WebAssembly, gives the same answers.

use ark_serialize::CanonicalDeserialize;
use parity_scale_codec::Encode;
use zkhost_abi::{last_error, Crypto};
use zkhost_gas::{BlsGas, HostCosts};
use zkhost_harness::{Call, Contract, RuntimeConfig};
use zkhost_runtime::Prices;
use zkhost_testkit::contracts::{ETH_SYNC_COMMITTEE_WASM, WASM_SYNC_COMMITTEE_WASM};
use zkhost_testkit::sync_committee::{Answer, Message, Update};

/// Gas enough for a committee's 512 validations.
const GAS: u64 = 1 << 32;

/// Host calls, bytes and the BLS functions free: a call's gas is the contract's own
/// instructions.
fn free() -> RuntimeConfig {
    let zero = BlsGas {
        g1_decompress: 0,
        g2_decompress: 0,
        g1_compress: 0,
        g2_compress: 0,
        hash_to_g1: 0,
        hash_to_g2: 0,
        per_word: 0,
        aggregate_g1_per_point: 0,
        aggregate_g2_per_point: 0,
        verify: 0,
        fast_aggregate_per_key: 0,
        fast_aggregate_uncompressed_per_key: 0,
        aggregate_verify: 0,
        aggregate_verify_per_record: 0,
    };
    RuntimeConfig {
        costs: HostCosts {
            host_call: 0,
            per_byte: 0,
            bls: zero,
            ..HostCosts::ZKHOST
        },
        ..RuntimeConfig::default()
    }
}

/// Two thirds of the committee sign (as a light client needs for a finalized update).
fn two_thirds(i: usize) -> bool {
    !i.is_multiple_of(3)
}

/// The fast-aggregate input the contract builds for `update` from `keys`.
fn host_input<const K: usize>(update: &Update, keys: &[[u8; K]]) -> Vec<u8> {
    let mut input = vec![0u8];
    input.extend_from_slice(&update.signature);
    input.extend_from_slice(&(update.participants() as u32).to_be_bytes());
    for (i, k) in keys.iter().enumerate() {
        if update.bits[i / 8] >> (i % 8) & 1 == 1 {
            input.extend_from_slice(k);
        }
    }
    input.extend_from_slice(&update.signing_root);
    input
}

/// What the schedule charges a call that reads `message`, makes the host call `op`
/// on `input`, and writes `answer`.
fn charges(costs: &HostCosts, message: &Message, op: Crypto, input: &[u8], answer: &Answer) -> u64 {
    costs.call(0, 0)
        + costs.call(message.encode().len() as u64, 0)
        + costs.crypto_call_on(op, input)
        + costs.call(answer.encode().len() as u64, 0)
}

/// `call`'s gas is `instructions`' plus `charges`, to the unit.
fn assert_gas(call: &Call, instructions: &Call, charges: u64) {
    assert_eq!(
        call.decode::<Answer>().unwrap(),
        instructions.decode::<Answer>().unwrap()
    );
    call.assert_gas(instructions.gas_used() + charges);
}

#[test]
fn a_committee_is_validated_once_and_updates_verify_from_its_points() {
    let contract = Contract::from_wasm(ETH_SYNC_COMMITTEE_WASM)
        .unwrap()
        .gas_limit(GAS);
    let uncharged = Contract::with_config(ETH_SYNC_COMMITTEE_WASM, free())
        .unwrap()
        .gas_limit(GAS);
    let update = Update::new(7, two_thirds);
    assert_eq!(update.participants(), 341);

    // Setting the committee: arkworks' decompression of every key.
    let set = Message::SetCommittee {
        keys: update.keys.clone(),
    };
    let call = contract.call(&set).unwrap();
    let Answer::Committee(points) = call.decode::<Answer>().unwrap() else {
        panic!("{:?}", call.decode::<Answer>());
    };
    for (key, point) in update.keys.iter().zip(&points) {
        let p = ark_bls12_381::G1Affine::deserialize_compressed(&key[..]).unwrap();
        assert_eq!(point.to_vec(), zkhost_testkit::bls12_381::g1_bytes(&p));
    }
    let costs = HostCosts::ZKHOST;
    let per_key = costs.crypto_call(Crypto::BlsG1Decompress, 48);
    let io = costs.call(0, 0)
        + costs.call(set.encode().len() as u64, 0)
        + costs.call(Answer::Committee(points.clone()).encode().len() as u64, 0);
    assert_gas(&call, &uncharged.call(&set).unwrap(), 512 * per_key + io);
    println!("set a committee: {} gas", call.gas_used());

    // An update from the stored points.
    let message = update.message(points.clone());
    let call = contract.call(&message).unwrap();
    assert_eq!(call.decode::<Answer>().unwrap(), Answer::Valid);
    let op = Crypto::BlsFastAggregateVerifyUncompressed;
    let charged = charges(
        &costs,
        &message,
        op,
        &host_input(&update, &points),
        &Answer::Valid,
    );
    assert_gas(&call, &uncharged.call(&message).unwrap(), charged);
    println!("an update from stored points: {} gas", call.gas_used());

    // The same from the compressed keys, each validated in the call.
    let message = update.compressed_message();
    let call = contract.call(&message).unwrap();
    assert_eq!(call.decode::<Answer>().unwrap(), Answer::Valid);
    let op = Crypto::BlsFastAggregateVerify;
    let charged = charges(
        &costs,
        &message,
        op,
        &host_input(&update, &update.keys),
        &Answer::Valid,
    );
    assert_gas(&call, &uncharged.call(&message).unwrap(), charged);
    println!("an update from compressed keys: {} gas", call.gas_used());
}

#[test]
fn a_wrong_bit_root_or_key_is_refused() {
    let contract = Contract::from_wasm(ETH_SYNC_COMMITTEE_WASM)
        .unwrap()
        .gas_limit(GAS);
    let update = Update::new(8, two_thirds);
    let points = update.points();
    let mismatch = Answer::Invalid {
        code: last_error::BLS_MISMATCH,
        key: None,
    };

    // Key 0 did not sign: naming it makes the sum another key.
    let mut bits = update.bits;
    bits[0] |= 1;
    let message = Message::Update {
        keys: points.clone(),
        bits,
        signing_root: update.signing_root,
        signature: update.signature,
    };
    assert_eq!(
        contract.call(&message).unwrap().decode::<Answer>().unwrap(),
        mismatch
    );
    // Another root.
    let mut root = update.signing_root;
    root[0] ^= 1;
    let message = Message::Update {
        keys: points.clone(),
        bits: update.bits,
        signing_root: root,
        signature: update.signature,
    };
    assert_eq!(
        contract.call(&message).unwrap().decode::<Answer>().unwrap(),
        mismatch
    );
    // No participant: refused before any host call.
    let message = Message::Update {
        keys: points.clone(),
        bits: [0; 64],
        signing_root: update.signing_root,
        signature: update.signature,
    };
    assert_eq!(
        contract.call(&message).unwrap().decode::<Answer>().unwrap(),
        Answer::Invalid { code: 0, key: None }
    );

    // A key outside the subgroup is named when the committee is set.
    let mut keys = update.keys.clone();
    keys[5] = off_subgroup_key();
    let answer = contract
        .call(&Message::SetCommittee { keys })
        .unwrap()
        .decode::<Answer>()
        .unwrap();
    assert_eq!(
        answer,
        Answer::Invalid {
            code: last_error::BLS_G1_NOT_IN_SUBGROUP,
            key: Some(5)
        }
    );

    // A message that does not decode.
    let call = contract.call_raw(&[7, 1, 2]).unwrap();
    assert_eq!(call.decode::<Answer>().unwrap(), Answer::BadMessage);
}

/// A compressed G1 point on the curve, outside the subgroup: the first x from 1 with a
/// point, which arkworks confirms is not in the subgroup.
fn off_subgroup_key() -> [u8; 48] {
    for x in 1u64.. {
        let Some(p) = ark_bls12_381::G1Affine::get_point_from_x_unchecked(x.into(), false) else {
            continue;
        };
        if !p.is_in_correct_subgroup_assuming_on_curve() {
            let mut out = Vec::new();
            ark_serialize::CanonicalSerialize::serialize_compressed(&p, &mut out).unwrap();
            return out.try_into().unwrap();
        }
    }
    unreachable!()
}

#[test]
fn the_pure_webassembly_update_answers_as_the_contract_on_host_functions() {
    let host = Contract::from_wasm(ETH_SYNC_COMMITTEE_WASM)
        .unwrap()
        .gas_limit(GAS);
    let wasm = Contract::from_wasm(WASM_SYNC_COMMITTEE_WASM)
        .unwrap()
        .gas_limit(1 << 40);
    let update = Update::new(9, two_thirds);
    let points = update.points();
    let mut wrong_bit = update.bits;
    wrong_bit[0] |= 1;
    let cases = [
        (update.message(points.clone()), Answer::Valid),
        (
            Message::Update {
                keys: points.clone(),
                bits: wrong_bit,
                signing_root: update.signing_root,
                signature: update.signature,
            },
            Answer::Invalid {
                code: last_error::BLS_MISMATCH,
                key: None,
            },
        ),
    ];
    for (message, expected) in cases {
        let on_host = host.call(&message).unwrap();
        let in_wasm = wasm.call(&message).unwrap();
        assert_eq!(on_host.decode::<Answer>().unwrap(), expected);
        assert_eq!(in_wasm.decode::<Answer>().unwrap(), expected);
        println!(
            "{expected:?}: {} gas on the host functions, {} in pure WebAssembly",
            on_host.gas_used(),
            in_wasm.gas_used()
        );
    }
}
