//! The snarkjs file formats: `verification_key.json`, `proof.json`, `public.json`.
//!
//! Numbers are decimal strings. G1 points are `[x, y, z]`, G2 points
//! `[[x_c0, x_c1], [y_c0, y_c1], [z_c0, z_c1]]` (real part first, while the Ethereum
//! encoding puts the imaginary part first). snarkjs writes affine points, `z = "1"`
//! (G2: `["1", "0"]`); `z = "0"` (G2: `["0", "0"]`) is the point at infinity. Other
//! projective forms are refused.
//!
//! Parsing checks the form: the fields, the shapes, decimal strings that fit in 256
//! bits. Whether a coordinate is `< p`, a point on the curve or a public input `< r`
//! is the verifier's question, so every path (native, contract, pure wasm) answers it
//! with the same reason. Every error names the field, e.g. `vk_beta_2[1][0]`.

use serde_json::Value;

use zkhost_groth16::{Proof, VerifyingKey};

/// Why a file could not be read: the field and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct ParseError {
    /// The field, e.g. `pi_a[0]` or `IC[2][1]` (`(file)` for the whole file).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

fn error(field: &str, message: impl Into<String>) -> ParseError {
    ParseError {
        field: field.to_string(),
        message: message.into(),
    }
}

fn json(text: &str) -> Result<Value, ParseError> {
    serde_json::from_str(text).map_err(|e| error("(file)", format!("not valid JSON: {e}")))
}

/// Parses `verification_key.json`: `protocol` must be `"groth16"`, `curve` `"bn128"`
/// (or `"bn254"`); `vk_alpha_1`, `vk_beta_2`, `vk_gamma_2`, `vk_delta_2` and a
/// non-empty `IC`; `nPublic`, if present, must be `IC.len() − 1`. Other fields (such as
/// `vk_alphabeta_12`) are ignored.
pub fn verifying_key(text: &str) -> Result<VerifyingKey, ParseError> {
    let v = json(text)?;
    let obj = object(&v)?;
    tag(obj, "protocol", &["groth16"], true)?;
    tag(obj, "curve", &["bn128", "bn254"], true)?;
    let ic_value = field(obj, "IC")?;
    let Value::Array(items) = ic_value else {
        return Err(error("IC", "expected an array of G1 points"));
    };
    if items.is_empty() {
        return Err(error("IC", "must have at least one point"));
    }
    let ic = items
        .iter()
        .enumerate()
        .map(|(i, p)| g1(p, &format!("IC[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(n) = obj.get("nPublic") {
        let expected = items.len().saturating_sub(1);
        if n.as_u64() != Some(expected as u64) {
            return Err(error(
                "nPublic",
                format!("{n} does not match IC, which has {} points", items.len()),
            ));
        }
    }
    Ok(VerifyingKey {
        alpha: g1(field(obj, "vk_alpha_1")?, "vk_alpha_1")?,
        beta: g2(field(obj, "vk_beta_2")?, "vk_beta_2")?,
        gamma: g2(field(obj, "vk_gamma_2")?, "vk_gamma_2")?,
        delta: g2(field(obj, "vk_delta_2")?, "vk_delta_2")?,
        ic,
    })
}

/// Parses `proof.json`: `pi_a`, `pi_b`, `pi_c`; `protocol` and `curve`, if present,
/// must be `"groth16"` and `"bn128"` (or `"bn254"`).
pub fn proof(text: &str) -> Result<Proof, ParseError> {
    let v = json(text)?;
    let obj = object(&v)?;
    tag(obj, "protocol", &["groth16"], false)?;
    tag(obj, "curve", &["bn128", "bn254"], false)?;
    Ok(Proof {
        a: g1(field(obj, "pi_a")?, "pi_a")?,
        b: g2(field(obj, "pi_b")?, "pi_b")?,
        c: g1(field(obj, "pi_c")?, "pi_c")?,
    })
}

/// Parses `public.json`: an array of decimal strings, each as 32 bytes big-endian.
pub fn public_inputs(text: &str) -> Result<Vec<[u8; 32]>, ParseError> {
    let v = json(text)?;
    let Value::Array(items) = v else {
        return Err(error(
            "(file)",
            "expected an array of decimal strings (the public inputs)",
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, x)| number(x, &format!("public[{i}]")))
        .collect()
}

fn object(v: &Value) -> Result<&serde_json::Map<String, Value>, ParseError> {
    v.as_object()
        .ok_or_else(|| error("(file)", "expected a JSON object"))
}

fn field<'a>(obj: &'a serde_json::Map<String, Value>, name: &str) -> Result<&'a Value, ParseError> {
    obj.get(name).ok_or_else(|| error(name, "missing"))
}

fn tag(
    obj: &serde_json::Map<String, Value>,
    name: &str,
    allowed: &[&str],
    required: bool,
) -> Result<(), ParseError> {
    match obj.get(name) {
        None if !required => Ok(()),
        None => Err(error(name, "missing")),
        Some(Value::String(s)) if allowed.contains(&s.as_str()) => Ok(()),
        Some(other) => Err(error(
            name,
            format!(
                "expected \"{}\", got {other}",
                allowed.first().unwrap_or(&"")
            ),
        )),
    }
}

/// A JSON array of exactly `N` items.
fn array<'a, const N: usize>(
    v: &'a Value,
    name: &str,
    what: &str,
) -> Result<&'a [Value; N], ParseError> {
    v.as_array()
        .and_then(|a| <&[Value; N]>::try_from(a.as_slice()).ok())
        .ok_or_else(|| error(name, format!("expected {what}")))
}

/// A G1 point `[x, y, z]` in the Ethereum encoding.
fn g1(v: &Value, name: &str) -> Result<[u8; 64], ParseError> {
    let [x, y, z] = array::<3>(
        v,
        name,
        "a G1 point: an array of 3 decimal strings [x, y, z]",
    )?;
    let x = number(x, &format!("{name}[0]"))?;
    let y = number(y, &format!("{name}[1]"))?;
    let z = number(z, &format!("{name}[2]"))?;
    let mut out = [0u8; 64];
    if z == ONE {
        for (chunk, c) in out.chunks_exact_mut(32).zip([x, y]) {
            chunk.copy_from_slice(&c);
        }
    } else if z != ZERO {
        return Err(error(
            &format!("{name}[2]"),
            format!(
                "expected \"1\" (an affine point) or \"0\" (infinity), got \"{}\"",
                to_decimal(&z)
            ),
        ));
    }
    Ok(out)
}

/// A G2 point `[[x_c0, x_c1], [y_c0, y_c1], [z_c0, z_c1]]` in the Ethereum encoding
/// (`x_c1, x_c0, y_c1, y_c0`).
fn g2(v: &Value, name: &str) -> Result<[u8; 128], ParseError> {
    let what = "a G2 point: an array of 3 pairs of decimal strings [[x_c0, x_c1], [y_c0, y_c1], [z_c0, z_c1]]";
    let [x, y, z] = array::<3>(v, name, what)?;
    let fp2 = |v: &Value, i: usize| -> Result<[[u8; 32]; 2], ParseError> {
        let n = format!("{name}[{i}]");
        let [c0, c1] = array::<2>(v, &n, "a pair of decimal strings [c0, c1]")?;
        Ok([
            number(c0, &format!("{n}[0]"))?,
            number(c1, &format!("{n}[1]"))?,
        ])
    };
    let [x0, x1] = fp2(x, 0)?;
    let [y0, y1] = fp2(y, 1)?;
    let z = fp2(z, 2)?;
    let mut out = [0u8; 128];
    if z == [ONE, ZERO] {
        for (chunk, c) in out.chunks_exact_mut(32).zip([x1, x0, y1, y0]) {
            chunk.copy_from_slice(&c);
        }
    } else if z != [ZERO, ZERO] {
        return Err(error(
            &format!("{name}[2]"),
            format!(
                "expected [\"1\", \"0\"] (an affine point) or [\"0\", \"0\"] (infinity), got [\"{}\", \"{}\"]",
                to_decimal(&z[0]),
                to_decimal(&z[1])
            ),
        ));
    }
    Ok(out)
}

const ZERO: [u8; 32] = [0; 32];
const ONE: [u8; 32] = {
    let mut one = [0u8; 32];
    one[31] = 1;
    one
};

/// A decimal string as 32 bytes big-endian.
fn number(v: &Value, name: &str) -> Result<[u8; 32], ParseError> {
    let Value::String(s) = v else {
        return Err(error(name, format!("expected a decimal string, got {v}")));
    };
    from_decimal(s).map_err(|m| error(name, m))
}

/// Parses a decimal integer (ASCII digits only, at least one) that fits in 256 bits,
/// as 32 bytes big-endian.
pub fn from_decimal(s: &str) -> Result<[u8; 32], String> {
    let shown = || {
        if s.len() > 20 {
            let head: String = s.chars().take(16).collect();
            format!("\"{head}…\" ({} characters)", s.chars().count())
        } else {
            format!("\"{s}\"")
        }
    };
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{} is not a decimal integer", shown()));
    }
    // Little-endian 64-bit limbs; value = value·10 + digit, watching the carry out.
    let mut limbs = [0u64; 4];
    for digit in s.bytes() {
        let mut carry = u128::from(digit.wrapping_sub(b'0'));
        for limb in limbs.iter_mut() {
            // limb·10 + carry < 2^64·10 + 2^64: no overflow in u128.
            let t = u128::from(*limb).wrapping_mul(10).wrapping_add(carry);
            *limb = t as u64;
            carry = t >> 64;
        }
        if carry != 0 {
            return Err(format!("{} does not fit in 256 bits", shown()));
        }
    }
    Ok(zkhost_bn254::encoding::bytes_be(&limbs))
}

/// A 32-byte big-endian integer in decimal.
pub fn to_decimal(be: &[u8; 32]) -> String {
    let mut limbs = zkhost_bn254::encoding::limbs_le(be);
    let mut digits = Vec::new();
    loop {
        // limbs /= 10, from the most significant limb; the remainder is a digit.
        let mut rem = 0u128;
        for limb in limbs.iter_mut().rev() {
            let t = (rem << 64) | u128::from(*limb);
            *limb = (t / 10) as u64;
            rem = t % 10;
        }
        digits.push(b'0'.wrapping_add(rem as u8));
        if limbs == [0; 4] {
            break;
        }
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use zkhost_bn254::encoding::{FIELD_MODULUS, GROUP_ORDER};

    const P: &str = "21888242871839275222246405745257275088696311157297823662689037894645226208583";
    const R: &str = "21888242871839275222246405745257275088548364400416034343698204186575808495617";

    #[test]
    fn decimals() {
        assert_eq!(from_decimal(P), Ok(FIELD_MODULUS));
        assert_eq!(from_decimal(R), Ok(GROUP_ORDER));
        assert_eq!(to_decimal(&FIELD_MODULUS), P);
        assert_eq!(to_decimal(&[0; 32]), "0");
        assert_eq!(from_decimal("0"), Ok([0; 32]));
        assert_eq!(from_decimal("007"), from_decimal("7"));
        let max = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
        assert_eq!(from_decimal(max), Ok([0xff; 32]));
        assert_eq!(to_decimal(&[0xff; 32]), max);
        let over = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
        assert!(from_decimal(over)
            .unwrap_err()
            .contains("does not fit in 256 bits"));
        for bad in ["", "-1", "1.0", "0x10", " 1", "1e3", "١"] {
            assert!(
                from_decimal(bad)
                    .unwrap_err()
                    .contains("not a decimal integer"),
                "{bad:?}"
            );
        }
        let mut x = [0u8; 32];
        for (i, b) in x.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37);
        }
        assert_eq!(from_decimal(&to_decimal(&x)), Ok(x));
    }

    #[test]
    fn points_and_errors_name_the_field() {
        let g1v: Value = serde_json::json!(["1", "2", "1"]);
        let p = g1(&g1v, "pi_a").unwrap();
        assert_eq!((p[31], p[63]), (1, 2));
        assert_eq!(
            g1(&serde_json::json!(["0", "1", "0"]), "x").unwrap(),
            [0; 64]
        );
        let e = g1(&serde_json::json!(["1", "2", "3"]), "pi_a").unwrap_err();
        assert_eq!(e.field, "pi_a[2]");
        let e = g1(&serde_json::json!(["1", "2"]), "pi_c").unwrap_err();
        assert_eq!(e.field, "pi_c");
        let e = g1(&serde_json::json!(["1", 2, "1"]), "IC[3]").unwrap_err();
        assert_eq!(e.to_string(), "IC[3][1]: expected a decimal string, got 2");

        let q = g2(
            &serde_json::json!([["1", "2"], ["3", "4"], ["1", "0"]]),
            "pi_b",
        )
        .unwrap();
        // Ethereum order: x_c1, x_c0, y_c1, y_c0.
        assert_eq!([q[31], q[63], q[95], q[127]], [2, 1, 4, 3]);
        let e = g2(
            &serde_json::json!([["1", "2"], ["3", "x"], ["1", "0"]]),
            "vk_beta_2",
        )
        .unwrap_err();
        assert_eq!(e.field, "vk_beta_2[1][1]");
        let e = g2(
            &serde_json::json!([["1", "2"], ["3", "4"], ["1", "1"]]),
            "vk_gamma_2",
        )
        .unwrap_err();
        assert_eq!(e.field, "vk_gamma_2[2]");
    }

    #[test]
    fn files() {
        let vk = r#"{"protocol": "groth16", "curve": "bn128", "nPublic": 1,
            "vk_alpha_1": ["1", "2", "1"],
            "vk_beta_2": [["1", "2"], ["3", "4"], ["1", "0"]],
            "vk_gamma_2": [["1", "2"], ["3", "4"], ["1", "0"]],
            "vk_delta_2": [["1", "2"], ["3", "4"], ["1", "0"]],
            "IC": [["1", "2", "1"], ["0", "1", "0"]]}"#;
        let k = verifying_key(vk).unwrap();
        assert_eq!(k.ic.len(), 2);
        assert_eq!(k.ic[1], [0; 64]);
        let e = |text: &str| verifying_key(text).unwrap_err().to_string();
        assert_eq!(
            e(&vk.replace("\"groth16\"", "\"plonk\"")),
            "protocol: expected \"groth16\", got \"plonk\""
        );
        assert_eq!(
            e(&vk.replace("\"nPublic\": 1", "\"nPublic\": 2")),
            "nPublic: 2 does not match IC, which has 2 points"
        );
        assert_eq!(e(&vk.replace("vk_delta_2", "delta")), "vk_delta_2: missing");
        assert_eq!(
            e(&vk.replace("[[\"1\", \"2\", \"1\"], [\"0\", \"1\", \"0\"]]", "[]")),
            "IC: must have at least one point"
        );
        assert!(e("{").starts_with("(file): not valid JSON"));

        let pr = r#"{"pi_a": ["1", "2", "1"], "pi_b": [["1", "2"], ["3", "4"], ["1", "0"]],
            "pi_c": ["5", "6", "1"], "protocol": "groth16", "curve": "bn128"}"#;
        assert_eq!(proof(pr).unwrap().c[63], 6);
        assert_eq!(
            proof(&pr.replace("\"6\"", "\"6a\""))
                .unwrap_err()
                .to_string(),
            "pi_c[1]: \"6a\" is not a decimal integer"
        );
        assert_eq!(
            proof(&pr.replace("\"bn128\"", "\"bls12381\""))
                .unwrap_err()
                .to_string(),
            "curve: expected \"bn128\", got \"bls12381\""
        );

        assert_eq!(public_inputs(r#"["7", "0"]"#).unwrap()[0][31], 7);
        assert_eq!(
            public_inputs(r#"["7", 8]"#).unwrap_err().to_string(),
            "public[1]: expected a decimal string, got 8"
        );
    }
}
