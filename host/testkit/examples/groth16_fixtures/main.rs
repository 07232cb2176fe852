//! Writes `fixtures/groth16/{verification_key,proof,public}.json`: a real Groth16
//! proof over BN254, made with `ark-groth16`, in the file formats of snarkjs.
//!
//! The circuit proves knowledge of a MiMC preimage: "I know x such that
//! MiMC7_k(x) = h", with h and k public (public.json is `[h, k]`, outputs first as
//! circom orders them) and x private. MiMC7 is the MiMC block cipher with exponent 7
//! (a permutation of BN254's scalar field, as in circomlib's `MiMC7`) over 91 rounds:
//! `x₀ = x; x_{i+1} = (x_i + k + c_i)^7; h = x₉₁ + k`, with round constants
//! `c_i = SHA-256("zkhost mimc7 " ‖ i) mod r`. That is 4 multiplication constraints
//! per round (t², t⁴, t⁶, t⁷) and one for the output: 365 constraints.
//!
//! Everything random comes from a ChaCha20 generator with a fixed seed, so running
//! `cargo run -p zkhost-testkit --example groth16_fixtures` again writes byte-identical
//! files.
//! The proof is checked with ark-groth16's verifier and with zkhost's before writing.
//!
//! ark-groth16 is a little-endian-only dev-dependency (its transcript crate `merlin`
//! refuses big-endian targets), so on s390x this program only says so: the fixtures
//! are generated, and their bytes checked, on little-endian machines.

#[cfg(target_endian = "little")]
mod generate;
#[cfg(target_endian = "little")]
mod mimc;

fn main() {
    #[cfg(target_endian = "little")]
    generate::main();
    #[cfg(not(target_endian = "little"))]
    {
        eprintln!("groth16_fixtures needs a little-endian target (ark-groth16 uses merlin)");
        std::process::exit(2);
    }
}
