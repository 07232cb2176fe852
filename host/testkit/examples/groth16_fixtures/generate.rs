//! The generator itself (little-endian targets only: ark-groth16 depends on `merlin`,
//! which refuses to build big-endian).

use ark_bn254::{Bn254, Fq, Fr, G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::{Field, PrimeField};
use ark_groth16::Groth16;
use ark_relations::gr1cs::{ConstraintSynthesizer, ConstraintSystemRef, SynthesisError, Variable};
use ark_relations::lc;
use ark_snark::SNARK;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// Rounds of MiMC7 (circomlib's number for BN254).
const ROUNDS: usize = 91;
/// The generator's seed ("groth16" in ASCII).
const SEED: u64 = 0x0067_726f_7468_3136;

fn hash_to_fr(label: &str) -> Fr {
    Fr::from_be_bytes_mod_order(&Sha256::digest(label.as_bytes()))
}

fn round_constants() -> Vec<Fr> {
    (0..ROUNDS)
        .map(|i| hash_to_fr(&format!("zkhost mimc7 {i}")))
        .collect()
}

/// MiMC7_k(x), computed directly.
fn mimc7(x: Fr, k: Fr, constants: &[Fr]) -> Fr {
    constants.iter().fold(x, |x, c| (x + k + c).pow([7u64])) + k
}

/// Knowledge of a MiMC7 preimage. Values are `None` during setup.
struct MimcPreimage {
    x: Option<Fr>,
    k: Option<Fr>,
    h: Option<Fr>,
    constants: Vec<Fr>,
}

impl ConstraintSynthesizer<Fr> for MimcPreimage {
    fn generate_constraints(self, cs: ConstraintSystemRef<Fr>) -> Result<(), SynthesisError> {
        let missing = || SynthesisError::AssignmentMissing;
        // Public inputs, in the order of public.json.
        let h = cs.new_input_variable(|| self.h.ok_or_else(missing))?;
        let k = cs.new_input_variable(|| self.k.ok_or_else(missing))?;
        let mut x = cs.new_witness_variable(|| self.x.ok_or_else(missing))?;
        let mut x_value = self.x;
        for c in &self.constants {
            let t_value = x_value.zip(self.k).map(|(x, k)| x + k + c);
            let t = || lc!() + x + k + (*c, Variable::One);
            // t2 = t·t, t4 = t2·t2, t6 = t4·t2, x' = t6·t
            let t2_value = t_value.map(|t| t.square());
            let t2 = cs.new_witness_variable(|| t2_value.ok_or_else(missing))?;
            cs.enforce_r1cs_constraint(t, t, || lc!() + t2)?;
            let t4_value = t2_value.map(|t2| t2.square());
            let t4 = cs.new_witness_variable(|| t4_value.ok_or_else(missing))?;
            cs.enforce_r1cs_constraint(|| lc!() + t2, || lc!() + t2, || lc!() + t4)?;
            let t6_value = t4_value.zip(t2_value).map(|(a, b)| a * b);
            let t6 = cs.new_witness_variable(|| t6_value.ok_or_else(missing))?;
            cs.enforce_r1cs_constraint(|| lc!() + t4, || lc!() + t2, || lc!() + t6)?;
            x_value = t6_value.zip(t_value).map(|(a, b)| a * b);
            let next = cs.new_witness_variable(|| x_value.ok_or_else(missing))?;
            cs.enforce_r1cs_constraint(|| lc!() + t6, t, || lc!() + next)?;
            x = next;
        }
        // h = x₉₁ + k
        cs.enforce_r1cs_constraint(|| lc!() + x + k, || lc!() + Variable::One, || lc!() + h)?;
        Ok(())
    }
}

fn dec(x: &Fq) -> Value {
    Value::String(x.into_bigint().to_string())
}

/// snarkjs's G1 form: `[x, y, "1"]` (infinity: `["0", "1", "0"]`).
fn g1(p: &G1Affine) -> Value {
    if p.is_zero() {
        return json!(["0", "1", "0"]);
    }
    json!([dec(&p.x), dec(&p.y), "1"])
}

/// snarkjs's G2 form: `[[x_c0, x_c1], [y_c0, y_c1], ["1", "0"]]`.
fn g2(q: &G2Affine) -> Value {
    if q.is_zero() {
        return json!([["0", "0"], ["1", "0"], ["0", "0"]]);
    }
    json!([
        [dec(&q.x.c0), dec(&q.x.c1)],
        [dec(&q.y.c0), dec(&q.y.c1)],
        ["1", "0"]
    ])
}

fn write(dir: &std::path::Path, name: &str, value: &Value) {
    let text = serde_json::to_string_pretty(value).expect("JSON") + "\n";
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    println!("wrote {}", path.display());
}

pub(crate) fn main() {
    let mut rng = ChaCha20Rng::seed_from_u64(SEED);
    let constants = round_constants();
    let x = hash_to_fr("zkhost groth16 fixture: the secret preimage");
    let k = hash_to_fr("zkhost groth16 fixture: the public key");
    let h = mimc7(x, k, &constants);

    let setup = MimcPreimage {
        x: None,
        k: None,
        h: None,
        constants: constants.clone(),
    };
    let (pk, vk) = Groth16::<Bn254>::circuit_specific_setup(setup, &mut rng).expect("setup");
    let circuit = MimcPreimage {
        x: Some(x),
        k: Some(k),
        h: Some(h),
        constants,
    };
    let proof = Groth16::<Bn254>::prove(&pk, circuit, &mut rng).expect("prove");
    let public = [h, k];
    assert!(Groth16::<Bn254>::verify(&vk, &public, &proof).expect("verify"));
    assert!(!Groth16::<Bn254>::verify(&vk, &[h + Fr::ONE, k], &proof).expect("verify"));

    let vk_json = json!({
        "protocol": "groth16",
        "curve": "bn128",
        "nPublic": public.len(),
        "vk_alpha_1": g1(&vk.alpha_g1),
        "vk_beta_2": g2(&vk.beta_g2),
        "vk_gamma_2": g2(&vk.gamma_g2),
        "vk_delta_2": g2(&vk.delta_g2),
        "IC": vk.gamma_abc_g1.iter().map(g1).collect::<Vec<_>>(),
    });
    let proof_json = json!({
        "pi_a": g1(&proof.a),
        "pi_b": g2(&proof.b),
        "pi_c": g1(&proof.c),
        "protocol": "groth16",
        "curve": "bn128",
    });
    let public_json: Value = public
        .iter()
        .map(|x| Value::String(x.into_bigint().to_string()))
        .collect();

    // zkhost reads the files back and must agree with ark-groth16.
    use zkhost_groth16::verify;
    use zkhost_testkit::snarkjs;
    let vk2 = snarkjs::verifying_key(&vk_json.to_string()).expect("zkhost reads the key");
    let proof2 = snarkjs::proof(&proof_json.to_string()).expect("zkhost reads the proof");
    let inputs = snarkjs::public_inputs(&public_json.to_string()).expect("zkhost reads inputs");
    assert_eq!(verify(&vk2, &proof2, &inputs), Ok(()), "zkhost verifies");

    let dir = zkhost_testkit::fixtures_dir().join("groth16");
    std::fs::create_dir_all(&dir).expect("create fixtures/groth16");
    write(&dir, "verification_key.json", &vk_json);
    write(&dir, "proof.json", &proof_json);
    write(&dir, "public.json", &public_json);
}
