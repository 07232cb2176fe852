//! zkhost's P256VERIFY (its own arithmetic) beside two independent implementations,
//! RustCrypto's `p256` (`VerifyingKey::verify_prehash`) and AWS-LC (aws-lc-rs,
//! `UnparsedPublicKey::verify_digest`), on 4,000+ inputs: valid signatures and every
//! kind of invalid one EIP-7951 distinguishes, including the edges of the arithmetic
//! (r or s at 0, n − 1, n, above n; coordinates at and above p; keys off the curve;
//! h ≥ n; `R'` at infinity; `R'.x ≥ n`, where `r = R'.x − n` verifies). All three
//! must give the same verdict on every input.

use aws_lc_rs::digest::{Digest, SHA256};
use aws_lc_rs::signature::{UnparsedPublicKey, ECDSA_P256_SHA256_FIXED};
use p256::ecdsa::signature::hazmat::{PrehashSigner, PrehashVerifier};
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use p256::elliptic_curve::ff::{Field, PrimeField};
use p256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use p256::{AffinePoint, EncodedPoint, FieldBytes, ProjectivePoint, Scalar};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use zkhost_sig::p256::{verify, N, P};

/// RustCrypto's verdict: the signature's scalars, the key's SEC1 decoding (on the
/// curve, coordinates below p), then the prehash verification.
fn rustcrypto(input: &[u8; 160]) -> bool {
    let bytes = |i: usize| *FieldBytes::from_slice(&input[32 * i..32 * (i + 1)]);
    let Ok(sig) = Signature::from_scalars(bytes(1), bytes(2)) else {
        return false;
    };
    let point = EncodedPoint::from_affine_coordinates(&bytes(3), &bytes(4), false);
    let Ok(key) = VerifyingKey::from_encoded_point(&point) else {
        return false;
    };
    key.verify_prehash(&input[..32], &sig).is_ok()
}

/// AWS-LC's verdict on the same digest, `r ‖ s` and uncompressed key.
fn aws_lc(input: &[u8; 160]) -> bool {
    let key = [&[0x04u8][..], &input[96..]].concat();
    let Ok(digest) = Digest::import_less_safe(&input[..32], &SHA256) else {
        return false;
    };
    UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &key)
        .verify_digest(&digest, &input[32..96])
        .is_ok()
}

fn assemble(h: &[u8; 32], r: &[u8], s: &[u8], qx: &[u8], qy: &[u8]) -> [u8; 160] {
    let mut out = [0u8; 160];
    out[..32].copy_from_slice(h);
    out[32..64].copy_from_slice(r);
    out[64..96].copy_from_slice(s);
    out[96..128].copy_from_slice(qx);
    out[128..].copy_from_slice(qy);
    out
}

fn coordinates(q: &AffinePoint) -> ([u8; 32], [u8; 32]) {
    let e = q.to_encoded_point(false);
    let x = e.x().map(|x| <[u8; 32]>::from(*x)).unwrap_or_default();
    let y = e.y().map(|y| <[u8; 32]>::from(*y)).unwrap_or_default();
    (x, y)
}

fn signed(rng: &mut ChaCha20Rng) -> [u8; 160] {
    let sk = loop {
        let k: [u8; 32] = rng.gen();
        if let Ok(sk) = SigningKey::from_bytes(&k.into()) {
            break sk;
        }
    };
    let h: [u8; 32] = rng.gen();
    let sig: Signature = sk.sign_prehash(&h).expect("a 32-byte hash signs");
    let (qx, qy) = coordinates(sk.verifying_key().as_affine());
    assemble(&h, &sig.r().to_bytes(), &sig.s().to_bytes(), &qx, &qy)
}

/// `a + b` on 256-bit big-endian numbers, `None` on overflow.
fn add_be(a: &[u8; 32], b: &[u8; 32]) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    let mut carry = 0u16;
    for i in (0..32).rev() {
        let v = u16::from(a[i]) + u16::from(b[i]) + carry;
        out[i] = v as u8;
        carry = v >> 8;
    }
    (carry == 0).then_some(out)
}

fn small(v: u8) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[31] = v;
    out
}

/// Points with x in `[n, p)`, the first few from n up.
fn points_with_x_at_least_n(count: usize) -> Vec<AffinePoint> {
    let mut out = Vec::new();
    let mut x = N;
    while out.len() < count {
        let mut compressed = [0u8; 33];
        compressed[0] = 0x02 + (out.len() % 2) as u8;
        compressed[1..].copy_from_slice(&x);
        let e = EncodedPoint::from_bytes(compressed).expect("33 bytes");
        if let Some(p) = Option::<AffinePoint>::from(AffinePoint::from_encoded_point(&e)) {
            out.push(p);
        }
        x = add_be(&x, &small(1)).expect("x < p");
    }
    out
}

/// Signatures whose `R'` has `x ≥ n`: for R with such an x, `r = x − n`, random `s`
/// and `h`, and the key `Q = [s/r]R − [h/r]G` that makes `R' = R`. Each gives the valid
/// input, `r = x` (out of range) and `r = x − n + 1` (a mismatch).
fn wraparound(rng: &mut ChaCha20Rng, big: &[AffinePoint]) -> Vec<[u8; 160]> {
    let r_point = big[rng.gen_range(0..big.len())];
    let (x, _) = coordinates(&r_point);
    let mut x_mod_n = [0u8; 32];
    let mut borrow = 0i16;
    for k in (0..32).rev() {
        let v = i16::from(x[k]) - i16::from(N[k]) - borrow;
        x_mod_n[k] = v.rem_euclid(256) as u8;
        borrow = i16::from(v < 0);
    }
    let r = Scalar::from_repr(x_mod_n.into()).expect("x − n < n");
    let s = Scalar::random(&mut *rng);
    let h = Scalar::random(&mut *rng);
    let r_inv = r.invert().expect("r ≠ 0");
    let q = (ProjectivePoint::from(r_point) * (s * r_inv)
        - ProjectivePoint::GENERATOR * (h * r_inv))
        .to_affine();
    let (qx, qy) = coordinates(&q);
    let h: [u8; 32] = h.to_repr().into();
    let s = s.to_repr();
    vec![
        assemble(&h, &x_mod_n, &s, &qx, &qy),
        assemble(&h, &x, &s, &qx, &qy),
        assemble(&h, &(r + Scalar::ONE).to_repr(), &s, &qx, &qy),
    ]
}

fn mutated(base: &[[u8; 160]], rng: &mut ChaCha20Rng) -> [u8; 160] {
    let mut input = base[rng.gen_range(0..base.len())];
    let other = base[rng.gen_range(0..base.len())];
    let mut n_minus_1 = N;
    n_minus_1[31] -= 1;
    let p_plus_1 = add_be(&P, &small(1)).expect("p + 1 < 2²⁵⁶");
    match rng.gen_range(0..11) {
        0 => {}
        1 => {
            let bit = rng.gen_range(0..1280);
            input[bit / 8] ^= 1 << (bit % 8);
        }
        2 => {
            // r or s at or beyond a boundary.
            let at = if rng.gen() { 32 } else { 64 };
            let ge_n = add_be(&N, &small(rng.gen())).unwrap_or(N);
            let v = [[0u8; 32], small(1), n_minus_1, N, ge_n, [0xff; 32]][rng.gen_range(0..6)];
            input[at..at + 32].copy_from_slice(&v);
        }
        3 => {
            // A coordinate at or above p, or the (0, 0) key.
            let at = if rng.gen() { 96 } else { 128 };
            let v = [P, p_plus_1, [0xff; 32]][rng.gen_range(0..3)];
            input[at..at + 32].copy_from_slice(&v);
            if rng.gen_range(0..4) == 0 {
                input[96..].fill(0);
            }
        }
        4 => {
            // Off the curve: y + 1 (still below p for almost every y).
            let y: [u8; 32] = input[128..].try_into().unwrap();
            if let Some(y1) = add_be(&y, &small(1)) {
                input[128..].copy_from_slice(&y1);
            }
        }
        5 => {
            // h + n when it fits: the same signature, still valid.
            let h: [u8; 32] = input[..32].try_into().unwrap();
            if let Some(hn) = add_be(&h, &N) {
                input[..32].copy_from_slice(&hn);
            }
        }
        6 => input[96..].copy_from_slice(&other[96..]),
        7 => input[..32].copy_from_slice(&other[..32]),
        8 => {
            // n − s: the other valid s (no low-s rule).
            let s = Scalar::from_repr(*FieldBytes::from_slice(&input[64..96]));
            if let Some(s) = Option::<Scalar>::from(s) {
                input[64..96].copy_from_slice(&(-s).to_repr());
            }
        }
        9 => {
            for b in input.iter_mut() {
                *b = rng.gen();
            }
        }
        _ => {
            // R' at infinity: Q = ±G and h = ∓r mod n.
            let r = Scalar::from_repr(*FieldBytes::from_slice(&input[32..64]));
            if let Some(r) = Option::<Scalar>::from(r) {
                let (gx, gy) = coordinates(&AffinePoint::GENERATOR);
                let neg = rng.gen::<bool>();
                let y = if neg {
                    coordinates(&(-ProjectivePoint::GENERATOR).to_affine()).1
                } else {
                    gy
                };
                let h = if neg { r } else { -r };
                input[..32].copy_from_slice(&h.to_repr());
                input[96..128].copy_from_slice(&gx);
                input[128..].copy_from_slice(&y);
            }
        }
    }
    input
}

#[test]
fn zkhost_rustcrypto_and_aws_lc_give_the_same_verdicts() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x0079_51aa);
    let base: Vec<[u8; 160]> = (0..96).map(|_| signed(&mut rng)).collect();
    let big = points_with_x_at_least_n(8);
    let mut inputs: Vec<[u8; 160]> = base.clone();
    for _ in 0..40 {
        inputs.extend(wraparound(&mut rng, &big));
    }
    for _ in 0..4000 {
        inputs.push(mutated(&base, &mut rng));
    }
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for (i, input) in inputs.iter().enumerate() {
        let ours = verify(input);
        let (rc, aws) = (rustcrypto(input), aws_lc(input));
        assert_eq!(
            (ours.is_ok(), ours.is_ok()),
            (rc, aws),
            "input {i}: {} (zkhost {ours:?}, p256 {rc}, aws-lc {aws})",
            hex::encode(input)
        );
        *counts.entry(format!("{ours:?}")).or_default() += 1;
    }
    println!("{} inputs: {counts:?}", inputs.len());
    // Every refusal class past the length check, and many valid inputs, were reached.
    assert!(counts["Ok(())"] >= 1000, "{counts:?}");
    for e in &zkhost_sig::p256::Error::ALL[1..] {
        assert!(
            counts.get(&format!("Err({e:?})")).copied().unwrap_or(0) >= 10,
            "{e:?}: {counts:?}"
        );
    }
}
