//! zkhost-sig beside revm's P256VERIFY (revm-precompile 43, `p256_verify_osaka`: the
//! EIP-7951 price, RustCrypto's ECDSA `verify_prehash` behind revm's default crypto
//! provider) on 2,000+ generated inputs: signatures made by RustCrypto's signer and
//! mutations of them that reach every check. Output bytes and gas must be identical.

use p256::ecdsa::signature::hazmat::PrehashSigner;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkhost_gas::KzgP256Gas;
use zkhost_sig::p256::{output, verify, Error, N, P};

fn signed(rng: &mut ChaCha20Rng) -> [u8; 160] {
    let sk = loop {
        let k: [u8; 32] = rng.gen();
        if let Ok(sk) = SigningKey::from_bytes(&k.into()) {
            break sk;
        }
    };
    let h: [u8; 32] = rng.gen();
    let sig: Signature = sk.sign_prehash(&h).unwrap();
    let q = sk.verifying_key().as_affine().to_encoded_point(false);
    let v = [
        h.as_slice(),
        &sig.r().to_bytes(),
        &sig.s().to_bytes(),
        q.x().unwrap(),
        q.y().unwrap(),
    ]
    .concat();
    v.try_into().unwrap()
}

fn mutate(base: &[[u8; 160]], rng: &mut ChaCha20Rng) -> Vec<u8> {
    let mut input = base[rng.gen_range(0..base.len())];
    let other = base[rng.gen_range(0..base.len())];
    let word = rng.gen_range(0..5) * 32;
    match rng.gen_range(0..12) {
        0..=2 => {}
        3 => {
            let bit = rng.gen_range(0..1280);
            input[bit / 8] ^= 1 << (bit % 8);
        }
        4 => input[word..word + 32].copy_from_slice(&other[word..word + 32]),
        5 => {
            // r or s at a boundary.
            let at = if rng.gen() { 32 } else { 64 };
            let mut v = [[0u8; 32], N, [0xff; 32], N][rng.gen_range(0..4)];
            if v == N && rng.gen() {
                v[31] -= 1;
            }
            input[at..at + 32].copy_from_slice(&v);
        }
        6 => {
            // A coordinate ≥ p or the (0, 0) key.
            let at = if rng.gen() { 96 } else { 128 };
            input[at..at + 32].copy_from_slice(&P);
            if rng.gen() {
                input[96..].copy_from_slice(&[0; 64]);
            }
        }
        7 => {
            // h ≥ n where it fits: the signature's h + n, still valid.
            let mut sum = [0u8; 32];
            let mut carry = 0u16;
            for i in (0..32).rev() {
                let v = u16::from(input[i]) + u16::from(N[i]) + carry;
                sum[i] = v as u8;
                carry = v >> 8;
            }
            if carry == 0 {
                input[..32].copy_from_slice(&sum);
            } else {
                input[..32].copy_from_slice(&N);
            }
        }
        8 => {
            // Another key's coordinates with this signature.
            input[96..].copy_from_slice(&other[96..]);
        }
        9 => {
            // A wrong length.
            let mut v = input.to_vec();
            v.resize(rng.gen_range(0..200), rng.gen());
            return v;
        }
        10 => {
            // Random bytes.
            for b in input.iter_mut() {
                *b = rng.gen();
            }
        }
        _ => {
            // The negated s (still valid: no low-s rule) via revm's own arithmetic is
            // not needed; swap r and s instead.
            let (r, s) = (input[32..64].to_vec(), input[64..96].to_vec());
            input[32..64].copy_from_slice(&s);
            input[64..96].copy_from_slice(&r);
        }
    }
    input.to_vec()
}

#[test]
fn zkhost_and_revm_agree_on_generated_inputs() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x7951);
    let base: Vec<[u8; 160]> = (0..64).map(|_| signed(&mut rng)).collect();
    let price = KzgP256Gas::OSAKA.p256_verify;
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..2_500 {
        let input = mutate(&base, &mut rng);
        let ours = output(&input);
        let theirs = revm_precompile::secp256r1::p256_verify_osaka(&input, 1_000_000)
            .expect("revm's P256VERIFY never halts with enough gas");
        assert_eq!(
            (ours, price),
            (theirs.bytes.as_ref(), theirs.gas_used),
            "input {i}: {} ({:?})",
            hex::encode(&input),
            verify(&input)
        );
        *counts.entry(format!("{:?}", verify(&input))).or_default() += 1;
    }
    println!("{counts:?}");
    assert!(
        counts.get("Ok(())").copied().unwrap_or(0) >= 500,
        "{counts:?}"
    );
    for e in Error::ALL.iter().filter(|e| **e != Error::RIsInfinity) {
        assert!(
            counts.contains_key(&format!("Err({e:?})")),
            "{e:?} never reached: {counts:?}"
        );
    }
}

#[test]
fn every_vector_agrees_with_revm() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors/p256/p256Verify.json"),
    )
    .unwrap();
    let json: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    for v in &json {
        let input = hex::decode(v["Input"].as_str().unwrap()).unwrap();
        let theirs = revm_precompile::secp256r1::verify_impl(&input);
        assert_eq!(output(&input).is_empty(), !theirs, "{}", v["Name"]);
    }
}
