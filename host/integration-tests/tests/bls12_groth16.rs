//! A Groth16 verification over BLS12-381 on the EIP-2537 operations: a proof made
//! here by `ark-groth16` (the Groth16 of the arkworks and bellman circuits a chain
//! would verify), checked by ark-groth16's own verifier, then by the two precompiles
//! a Solidity-style verifier calls: one G1MSM for `vk_x = IC[0] + Σ xᵢ·IC[i]` and one
//! 4-pair PAIRING_CHECK for
//!
//! ```text
//! e(−A, B) · e(α, β) · e(vk_x, γ) · e(C, δ) = 1
//! ```
//!
//! on each path a node offers: blst and arkworks natively, and the `forwarder` contract
//! calling the host functions through the `Runtime`. Every path must give ark-groth16's
//! verdict for the true statement and for each altered one, the same error class for a
//! refused point, and the contract's gas must cover the two precompiles' EIP-2537 prices.
//!
//! ark-groth16 is a little-endian-only dev-dependency (its transcript crate `merlin`
//! refuses big-endian targets), so this test is too.
#![cfg(target_endian = "little")]

use ark_bls12_381::{Bls12_381, Fr, G1Affine, G1Projective};
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, Field, PrimeField};
use ark_groth16::{Groth16, Proof, VerifyingKey};
use ark_snark::SNARK;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use zkhost_abi::Crypto;
use zkhost_bls12381::{Backend, Error, Op};
use zkhost_gas::Bls12Gas;
use zkhost_runtime::{Runtime, RuntimeConfig};
use zkhost_testkit::bls12_381::{g1_bytes, g1_outside_subgroup, g2_bytes, price};
use zkhost_testkit::contracts::{self as contracts, ViaError, FORWARDER_WASM};

#[path = "../../testkit/examples/groth16_fixtures/mimc.rs"]
mod mimc;

use mimc::{hash_to_field, mimc7, round_constants, MimcPreimage};

/// Rounds of MiMC7 (x ↦ x⁷ is a permutation of BLS12-381's scalar field too:
/// 7 does not divide r − 1).
const ROUNDS: usize = 91;
/// Gas for each contract call: far above what the operations cost.
const GAS: u64 = 100_000_000;

/// A key, a proof of the true statement, and its public inputs.
struct Fixture {
    vk: VerifyingKey<Bls12_381>,
    proof: Proof<Bls12_381>,
    public: Vec<Fr>,
}

fn fixture() -> Fixture {
    let mut rng = ChaCha20Rng::seed_from_u64(0x626c_7331_3233_3831); // "bls12381"
    let constants: Vec<Fr> = round_constants("zkhost bls12-381 mimc7", ROUNDS);
    let x: Fr = hash_to_field("zkhost bls12-381 groth16: the secret preimage");
    let k: Fr = hash_to_field("zkhost bls12-381 groth16: the public key");
    let h = mimc7(x, k, &constants);
    let setup = MimcPreimage {
        x: None,
        k: None,
        h: None,
        constants: constants.clone(),
    };
    let (pk, vk) = Groth16::<Bls12_381>::circuit_specific_setup(setup, &mut rng).unwrap();
    let circuit = MimcPreimage {
        x: Some(x),
        k: Some(k),
        h: Some(h),
        constants,
    };
    let proof = Groth16::<Bls12_381>::prove(&pk, circuit, &mut rng).unwrap();
    Fixture {
        vk,
        proof,
        public: vec![h, k],
    }
}

/// A 32-byte big-endian EIP-2537 scalar.
fn scalar(x: &Fr) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// The G1MSM input for `vk_x`: `IC[0]·1 ‖ IC[1]·x₁ ‖ …` (public inputs as given,
/// which may be ≥ r).
fn msm_input(vk: &VerifyingKey<Bls12_381>, scalars: &[Vec<u8>]) -> Vec<u8> {
    let mut one = vec![0u8; 32];
    one[31] = 1;
    let mut input = Vec::new();
    for (point, s) in vk
        .gamma_abc_g1
        .iter()
        .zip(std::iter::once(&one).chain(scalars))
    {
        input.extend(g1_bytes(point));
        input.extend(s);
    }
    input
}

/// The 4-pair PAIRING_CHECK input, with the proof's A negated (a point outside the
/// subgroup stays outside).
fn pairing_input(vk: &VerifyingKey<Bls12_381>, proof: &Proof<Bls12_381>, vk_x: &[u8]) -> Vec<u8> {
    [
        g1_bytes(&(-proof.a)),
        g2_bytes(&proof.b),
        g1_bytes(&vk.alpha_g1),
        g2_bytes(&vk.beta_g2),
        vk_x.to_vec(),
        g2_bytes(&vk.gamma_g2),
        g1_bytes(&proof.c),
        g2_bytes(&vk.delta_g2),
    ]
    .concat()
}

/// What a path says about a verification: the pairing's verdict, or the error of the
/// first operation that refused its input.
type Verdict = Result<bool, Error>;

/// A way to run an EIP-2537 operation: its output or the reason it refused the input.
trait Path {
    fn name(&self) -> String;
    fn run(&mut self, op: Op, input: &[u8]) -> Result<Vec<u8>, Error>;
}

struct Native(Backend);

impl Path for Native {
    fn name(&self) -> String {
        format!("native {}", self.0.name())
    }
    fn run(&mut self, op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
        self.0.run(op, input)
    }
}

struct Contract {
    runtime: Runtime,
    code: zkhost_runtime::CodeHash,
    /// Gas used by each call, with the operation and the input length.
    calls: Vec<(Op, usize, u64)>,
}

impl Path for Contract {
    fn name(&self) -> String {
        "the bls12381 contract".into()
    }
    fn run(&mut self, op: Op, input: &[u8]) -> Result<Vec<u8>, Error> {
        let crypto: Crypto = op.host_function();
        let (outcome, result) = contracts::run(&self.runtime, &self.code, crypto, input, GAS);
        let outcome = outcome.expect("the call is made");
        self.calls.push((op, input.len(), outcome.gas_used));
        match result {
            Ok(bytes) => Ok(bytes),
            Err(ViaError::Invalid(e)) if e.family() == Some(zkhost_abi::Family::Bls12381) => {
                Err(zkhost_bls12381::Error::ALL
                    .into_iter()
                    .find(|b| b.last_error() == e.code())
                    .expect("an EIP-2537 refusal"))
            }
            Err(e) => panic!("{op:?} through the contract: {e}"),
        }
    }
}

/// Verifies through `path`, the public inputs given as 32-byte scalars.
fn verify(
    path: &mut dyn Path,
    f: &Fixture,
    proof: &Proof<Bls12_381>,
    scalars: &[Vec<u8>],
) -> Verdict {
    let vk_x = path.run(Op::G1Msm, &msm_input(&f.vk, scalars))?;
    let out = path.run(Op::Pairing, &pairing_input(&f.vk, proof, &vk_x))?;
    assert_eq!(out.len(), 32);
    assert!(out[..31].iter().all(|&b| b == 0), "{out:?}");
    Ok(out[31] == 1)
}

fn contract() -> Contract {
    let runtime = Runtime::new(RuntimeConfig::from_env()).unwrap();
    let code = runtime.deploy(FORWARDER_WASM).unwrap();
    Contract {
        runtime,
        code,
        calls: Vec::new(),
    }
}

fn paths() -> Vec<Box<dyn Path>> {
    vec![
        Box::new(Native(Backend::BLST)),
        Box::new(Native(Backend::ARKWORKS)),
        Box::new(contract()),
    ]
}

fn scalars(public: &[Fr]) -> Vec<Vec<u8>> {
    public.iter().map(scalar).collect()
}

#[test]
fn a_true_statement_verifies_and_altered_ones_do_not_on_every_path() {
    let f = fixture();
    let ark = |proof: &Proof<Bls12_381>, public: &[Fr]| {
        Groth16::<Bls12_381>::verify(&f.vk, public, proof).unwrap()
    };
    let [h, k] = [f.public[0], f.public[1]];
    let g = G1Projective::generator();
    let tampered_a = Proof {
        a: (f.proof.a + g).into_affine(),
        ..f.proof.clone()
    };
    let swapped = Proof {
        a: f.proof.c,
        c: f.proof.a,
        ..f.proof.clone()
    };
    let cases: Vec<(&str, Proof<Bls12_381>, Vec<Fr>)> = vec![
        ("the true statement", f.proof.clone(), vec![h, k]),
        ("h + 1", f.proof.clone(), vec![h + Fr::ONE, k]),
        ("another key", f.proof.clone(), vec![h, k + Fr::ONE]),
        ("the inputs swapped", f.proof.clone(), vec![k, h]),
        ("A + G", tampered_a, vec![h, k]),
        ("A and C swapped", swapped, vec![h, k]),
    ];
    for mut path in paths() {
        for (what, proof, public) in &cases {
            let expected = ark(proof, public);
            assert_eq!(
                verify(path.as_mut(), &f, proof, &scalars(public)),
                Ok(expected),
                "{what} on {}",
                path.name()
            );
        }
    }
    // The independent verifier says what the cases mean.
    assert!(ark(&f.proof, &f.public));
    assert_eq!(cases.iter().filter(|(_, p, x)| ark(p, x)).count(), 1);
}

#[test]
fn a_public_input_plus_r_verifies_so_a_verifier_must_refuse_inputs_not_below_r() {
    // EIP-2537's MSM takes any 32-byte scalar and reduces it mod r, so h + r gives
    // the same vk_x as h: the precompiles alone accept a second encoding of the same
    // public input. A verifier on them must check each input < r itself, as
    // snarkjs's Solidity verifier and zkhost-groth16 do.
    let f = fixture();
    let mut h_plus_r = f.public[0].into_bigint();
    let carry = h_plus_r.add_with_carry(&Fr::MODULUS);
    assert!(!carry, "h + r fits in 256 bits for this h");
    let mut inputs = scalars(&f.public);
    inputs[0] = h_plus_r.to_bytes_be();
    for mut path in paths() {
        assert_eq!(
            verify(path.as_mut(), &f, &f.proof, &inputs),
            Ok(true),
            "{}",
            path.name()
        );
    }
}

#[test]
fn a_proof_point_outside_the_subgroup_is_refused_alike_on_every_path() {
    let f = fixture();
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let outside = g1_outside_subgroup(&mut rng);
    assert!(outside.is_on_curve() && !outside.is_in_correct_subgroup_assuming_on_curve());
    let bad_c = Proof {
        c: outside,
        ..f.proof.clone()
    };
    let bad_a = Proof {
        a: outside,
        ..f.proof.clone()
    };
    let mut ic = f.vk.gamma_abc_g1.clone();
    ic[1] = outside;
    let bad_key = Fixture {
        vk: VerifyingKey {
            gamma_abc_g1: ic,
            ..f.vk.clone()
        },
        proof: f.proof.clone(),
        public: f.public.clone(),
    };
    let inputs = scalars(&f.public);
    for mut path in paths() {
        let name = path.name();
        for (what, fixture, proof) in [
            ("C", &f, &bad_c),
            ("A", &f, &bad_a),
            ("IC[1]", &bad_key, &f.proof),
        ] {
            assert_eq!(
                verify(path.as_mut(), fixture, proof, &inputs),
                Err(Error::G1NotInSubgroup),
                "{what} outside the subgroup on {name}"
            );
        }
    }
    // Not a vacuous refusal: the same point is accepted where EIP-2537 skips the
    // subgroup check (G1ADD).
    let mut add = g1_bytes(&outside);
    add.extend(g1_bytes(&G1Affine::generator()));
    assert!(Backend::BLST.run(Op::G1Add, &add).is_ok());
}

#[test]
fn the_contract_pays_at_least_the_eip_2537_price_of_each_operation() {
    let f = fixture();
    let mut path = contract();
    assert_eq!(
        verify(&mut path, &f, &f.proof, &scalars(&f.public)),
        Ok(true)
    );
    assert_eq!(path.calls.len(), 2);
    for &(op, len, used) in &path.calls {
        let host = price(&Bls12Gas::PRAGUE, op, len);
        assert!(
            used >= host,
            "{op:?}: the call used {used} gas, the host function costs {host}"
        );
    }
    // The two prices from the EIP's formulas by hand: an MSM of k = 3 is
    // 3 × 12,000 × 848/1000 (the G1 table's third entry), and a 4-pair check
    // 37,700 + 4 × 32,600.
    assert_eq!(path.calls[0].1, 3 * 160);
    assert_eq!(path.calls[1].1, 4 * 384);
    assert_eq!(price(&Bls12Gas::PRAGUE, Op::G1Msm, 3 * 160), 30_528);
    assert_eq!(price(&Bls12Gas::PRAGUE, Op::Pairing, 4 * 384), 168_100);
}
