#![doc = include_str!("p256/README.md")]
//!
//! # In more detail
//!
//! The P256VERIFY precompile (EIP-7951 as activated in Osaka, address 0x100) with exact
//! Ethereum semantics, on zkhost's own P-256 arithmetic.
//!
//! The input is exactly [`INPUT_LEN`] = 160 bytes `h ‖ r ‖ s ‖ qx ‖ qy`, each 32 bytes
//! big-endian. [`verify`] checks, in this order (the first failing check names the
//! [`Error`]):
//!
//! 1. the length;
//! 2. `r`, then `s`, in `[1, n − 1]`;
//! 3. `qx`, then `qy`, `< p`;
//! 4. `Q = (qx, qy)` on the curve `y² = x³ − 3x + b` (so not the point at infinity,
//!    which has no affine coordinates; its usual encoding `(0, 0)` is not on the curve);
//! 5. with `s₁ = s⁻¹ mod n`, `R' = [h·s₁]G + [r·s₁]Q` is not the point at infinity;
//! 6. `R'.x mod n == r`.
//!
//! `h` is not range-checked: any 256-bit value, reduced mod n in the arithmetic (for a
//! P-256 hash, `bits2int` of 256 bits is the value itself). The comparison of step 6
//! reduces `R'.x` (an element of the base field, `p > n`) mod n, as ECDSA does: a
//! signature with `r = R'.x − n` verifies, and one with `r = R'.x` does not when
//! `R'.x ≥ n`.
//!
//! The precompile never fails: a valid signature gives [`VALID`] (32 bytes `0…01`),
//! and anything else an *empty* output, at the same price (6,900 gas, in `zkhost-gas`).
//! [`output`] gives those bytes; [`verify`] says why an input is invalid. This crate
//! knows no runtime and its result depends on the input alone.
//!
//! # Arithmetic
//!
//! - The base field (`field`): Montgomery form over all 256 bits (p's top bit is set,
//!   so sums and products carry a fifth-limb bit), always fully reduced; p's low limb
//!   is 2⁶⁴ − 1, so `−p⁻¹ mod 2⁶⁴ = 1` and each reduction row is one multiplication by
//!   p's top limb and two shifted additions. Portable `u64`/`u128` code, bytes read
//!   big-endian explicitly (the same results on s390x); on x86-64 CPUs with BMI2 and
//!   ADX the product, square, sum and difference run as inline assembly (MULX with the
//!   ADCX/ADOX carry chains; ADC/SBB with CMOV), chosen once per call and tested equal
//!   to the portable code.
//! - The scalars (`scalar`): mod n, Montgomery products, `s⁻¹` by a variable-time
//!   binary extended Euclid (about half the time of Fermat's 330 dependent products);
//!   `h·s⁻¹` and `r·s⁻¹` come out of one Montgomery product each with `s⁻¹·2²⁵⁶`.
//! - The points (`point`, `table`): Jacobian coordinates; `u₁·G + u₂·Q` in one
//!   Straus–Shamir double-and-add over a width-8 wNAF of `u₁` (the 64 odd multiples of
//!   G, affine, computed at compile time) and a width-5 wNAF of `u₂` (8 odd multiples
//!   of Q per call); each addition handles equal and opposite inputs, so every input
//!   gets the exact answer. The final check needs no inversion: `r·Z² = X`, or
//!   `(r + n)·Z² = X` when `r + n < p`.
//!
//! Verification is variable-time: every input of a signature check is public.

mod field;
mod limbs;
mod point;
mod scalar;
mod table;

use field::Fe;
use point::Affine;

/// Length of the precompile's input: `h ‖ r ‖ s ‖ qx ‖ qy`.
pub const INPUT_LEN: usize = 160;
/// Length of the output for a valid signature.
pub const OUTPUT_LEN: usize = 32;
/// The output for a valid signature: 32 bytes, big-endian 1.
pub const VALID: [u8; OUTPUT_LEN] = {
    let mut out = [0u8; OUTPUT_LEN];
    out[OUTPUT_LEN - 1] = 1;
    out
};

/// The order n of the P-256 group, big-endian.
pub const N: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
];

/// The P-256 base field's modulus p, big-endian.
pub const P: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
];

/// Why a signature is invalid. Every one gives the same precompile output (empty, at
/// full price); the classes exist for tests, tools and error reporting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Error {
    /// The input is not exactly 160 bytes.
    #[error("invalid input length")]
    InputLength,
    /// `r` is 0 or `≥ n`.
    #[error("r out of range")]
    ROutOfRange,
    /// `s` is 0 or `≥ n`.
    #[error("s out of range")]
    SOutOfRange,
    /// `qx ≥ p`.
    #[error("public key x not in the field")]
    QxNotInField,
    /// `qy ≥ p`.
    #[error("public key y not in the field")]
    QyNotInField,
    /// `(qx, qy)` is not on the curve (this includes `(0, 0)`, the point at infinity's
    /// usual encoding).
    #[error("public key not on the curve")]
    NotOnCurve,
    /// `R' = [h·s⁻¹]G + [r·s⁻¹]Q` is the point at infinity.
    #[error("R' is the point at infinity")]
    RIsInfinity,
    /// `R'.x mod n ≠ r`: the signature does not verify.
    #[error("signature does not verify")]
    Mismatch,
}

impl Error {
    /// The stable code a contract's `last_error()` gives for this refusal (the table
    /// of codes in `zkhost_abi`, [`zkhost_abi::last_error`]).
    pub const fn last_error(self) -> i32 {
        use zkhost_abi::last_error as codes;
        match self {
            Error::InputLength => codes::P256_INPUT_LENGTH,
            Error::ROutOfRange => codes::P256_R_OUT_OF_RANGE,
            Error::SOutOfRange => codes::P256_S_OUT_OF_RANGE,
            Error::QxNotInField => codes::P256_QX_NOT_IN_FIELD,
            Error::QyNotInField => codes::P256_QY_NOT_IN_FIELD,
            Error::NotOnCurve => codes::P256_NOT_ON_CURVE,
            Error::RIsInfinity => codes::P256_R_IS_INFINITY,
            Error::Mismatch => codes::P256_MISMATCH,
        }
    }
}

impl Error {
    /// Every error, in the order the checks run.
    pub const ALL: [Error; 8] = [
        Error::InputLength,
        Error::ROutOfRange,
        Error::SOutOfRange,
        Error::QxNotInField,
        Error::QyNotInField,
        Error::NotOnCurve,
        Error::RIsInfinity,
        Error::Mismatch,
    ];
}

/// The precompile's output for `input`: [`VALID`] for a valid signature, empty
/// otherwise (never an error: EIP-7951's call succeeds either way).
pub fn output(input: &[u8]) -> &'static [u8] {
    match verify(input) {
        Ok(()) => &VALID,
        Err(_) => &[],
    }
}

/// Whether `input` is a valid P256VERIFY input (a valid signature), and if not the first
/// failing check of the crate documentation.
pub fn verify(input: &[u8]) -> Result<(), Error> {
    let input: &[u8; INPUT_LEN] = input.try_into().map_err(|_| Error::InputLength)?;
    #[cfg(target_arch = "x86_64")]
    if let Some(adx) = field::Adx::detect() {
        return verify_with(input, adx);
    }
    verify_with(input, field::Portable)
}

/// The checks of [`verify`] after the length, with the base field's products of `m`.
#[inline(always)]
fn verify_with<M: field::FieldMul>(input: &[u8; INPUT_LEN], m: M) -> Result<(), Error> {
    let word = |i: usize| -> [u8; 32] {
        let mut out = [0u8; 32];
        out.copy_from_slice(&input[32 * i..32 * (i + 1)]);
        out
    };
    let r = scalar::nonzero_from_be_bytes(&word(1)).ok_or(Error::ROutOfRange)?;
    let s = scalar::nonzero_from_be_bytes(&word(2)).ok_or(Error::SOutOfRange)?;
    let qx = Fe::from_be_bytes(&word(3)).ok_or(Error::QxNotInField)?;
    let qy = Fe::from_be_bytes(&word(4)).ok_or(Error::QyNotInField)?;
    let q = Affine::on_curve(qx, qy).ok_or(Error::NotOnCurve)?;

    // h as an integer mod n: any 256-bit value, reduced. Variable time: every input of
    // a signature check is public.
    let h = scalar::reduce_be_bytes(&word(0));
    let s_inv = scalar::invert_mont(&s);
    let u1 = scalar::mul_by_mont(&h, &s_inv);
    let u2 = scalar::mul_by_mont(&r, &s_inv);
    let r_prime = point::mul_base_and_point(&u1, &u2, &q, m);
    if r_prime.is_infinity() {
        return Err(Error::RIsInfinity);
    }
    // R'.x < p < 2n, so R'.x mod n == r exactly when R'.x is r or r + n (the latter
    // only when r + n < p); each is checked as r·Z² == X, with no inversion.
    if r_prime.x_equals(&r) {
        return Ok(());
    }
    let (r_plus_n, carry) = limbs::add(&r, &scalar::N);
    if carry == 0 && limbs::lt(&r_plus_n, &field::P) && r_prime.x_equals(&r_plus_n) {
        Ok(())
    } else {
        Err(Error::Mismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_constants_are_the_curve_s() {
        use ::p256::elliptic_curve::ff::PrimeField;
        use ::p256::Scalar;
        // n − 1 is the largest canonical scalar; n itself is not.
        let mut n_minus_1 = N;
        n_minus_1[31] -= 1;
        assert!(Option::<Scalar>::from(Scalar::from_repr(n_minus_1.into())).is_some());
        assert!(Option::<Scalar>::from(Scalar::from_repr(N.into())).is_none());
        assert_eq!(
            Scalar::ZERO - Scalar::ONE,
            Scalar::from_repr(n_minus_1.into()).unwrap()
        );
        assert_eq!(limbs::to_be_bytes(&scalar::N), N);
        assert_eq!(limbs::to_be_bytes(&field::P), P);
        assert_eq!(VALID[31], 1);
        assert!(VALID[..31].iter().all(|&b| b == 0));
    }

    /// The portable path and (where the CPU has it) the assembly path give the same
    /// answer on every go-ethereum vector and on bit flips of each.
    #[test]
    fn the_portable_and_the_assembly_paths_agree() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors/p256/p256Verify.json"),
        )
        .unwrap();
        let json: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        let mut checked = 0;
        for v in &json {
            let input = hex::decode(v["Input"].as_str().unwrap()).unwrap();
            let Ok(mut input) = <[u8; INPUT_LEN]>::try_from(input) else {
                continue;
            };
            for bit in [None, Some(3), Some(300), Some(700), Some(1100)] {
                if let Some(b) = bit {
                    input[b / 8] ^= 1 << (b % 8);
                }
                let portable = verify_with(&input, field::Portable);
                assert_eq!(verify(&input), portable, "{}", v["Name"]);
                #[cfg(target_arch = "x86_64")]
                if let Some(adx) = field::Adx::detect() {
                    assert_eq!(verify_with(&input, adx), portable, "{}", v["Name"]);
                }
                checked += 1;
            }
        }
        assert!(checked > 3000, "{checked}");
    }

    #[test]
    fn every_length_but_160_is_refused() {
        for len in [0, 1, 128, 159, 161, 192, 320] {
            assert_eq!(verify(&vec![0u8; len]), Err(Error::InputLength), "{len}");
            assert!(output(&vec![0u8; len]).is_empty());
        }
    }
}
