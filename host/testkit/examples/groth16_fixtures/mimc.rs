//! The MiMC7 preimage circuit of zkhost's Groth16 proofs, generic over the scalar
//! field: `groth16_fixtures` proves it over BN254 for the committed snarkjs files, and
//! `tests/bls12_groth16.rs` (which includes this file) over BLS12-381.
//!
//! MiMC7 with key k over `rounds` constants `c_i`: `x₀ = x; x_{i+1} = (x_i + k + c_i)^7;
//! h = x_n + k`, with `c_i = SHA-256(label ‖ " " ‖ i) mod r`. Each round is 4
//! multiplication constraints (t², t⁴, t⁶, t⁷), plus one for the output.

use ark_ff::PrimeField;
use ark_relations::gr1cs::{ConstraintSynthesizer, ConstraintSystemRef, SynthesisError, Variable};
use ark_relations::lc;
use sha2::{Digest, Sha256};

/// SHA-256 of `label`, reduced into the field.
pub(crate) fn hash_to_field<F: PrimeField>(label: &str) -> F {
    F::from_be_bytes_mod_order(&Sha256::digest(label.as_bytes()))
}

/// The round constants `SHA-256("{label} {i}") mod r` for `i < rounds`.
pub(crate) fn round_constants<F: PrimeField>(label: &str, rounds: usize) -> Vec<F> {
    (0..rounds)
        .map(|i| hash_to_field(&format!("{label} {i}")))
        .collect()
}

/// MiMC7_k(x), computed directly.
pub(crate) fn mimc7<F: PrimeField>(x: F, k: F, constants: &[F]) -> F {
    constants.iter().fold(x, |x, c| (x + k + c).pow([7u64])) + k
}

/// Knowledge of a MiMC7 preimage: "I know x with MiMC7_k(x) = h", public `[h, k]`
/// (outputs first, as circom orders them). Values are `None` during setup.
pub(crate) struct MimcPreimage<F: PrimeField> {
    /// The secret preimage.
    pub(crate) x: Option<F>,
    /// The public key.
    pub(crate) k: Option<F>,
    /// The public image.
    pub(crate) h: Option<F>,
    /// The round constants.
    pub(crate) constants: Vec<F>,
}

impl<F: PrimeField> ConstraintSynthesizer<F> for MimcPreimage<F> {
    fn generate_constraints(self, cs: ConstraintSystemRef<F>) -> Result<(), SynthesisError> {
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
        // h = x_n + k
        cs.enforce_r1cs_constraint(|| lc!() + x + k, || lc!() + Variable::One, || lc!() + h)?;
        Ok(())
    }
}
