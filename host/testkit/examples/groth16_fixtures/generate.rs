//! The generator itself (little-endian targets only: ark-groth16 depends on `merlin`,
//! which refuses to build big-endian).

use ark_bn254::{Bn254, Fq, Fr, G1Affine, G2Affine};
use ark_ec::AffineRepr;
use ark_ff::{Field, PrimeField};
use ark_groth16::Groth16;
use ark_snark::SNARK;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::{json, Value};

use crate::mimc::{hash_to_field, mimc7, round_constants, MimcPreimage};

/// Rounds of MiMC7 (circomlib's number for BN254).
const ROUNDS: usize = 91;
/// The generator's seed ("groth16" in ASCII).
const SEED: u64 = 0x0067_726f_7468_3136;

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
    let constants: Vec<Fr> = round_constants("zkhost mimc7", ROUNDS);
    let x: Fr = hash_to_field("zkhost groth16 fixture: the secret preimage");
    let k: Fr = hash_to_field("zkhost groth16 fixture: the public key");
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
