//! The verkle family's harness: Banderwagon encodings, commitments and updates
//! ([`banderwagon_codec`]).

/// Banderwagon encodings and the verkle byte functions: a compressed element that
/// decodes re-encodes to the same bytes and maps to the same field element through
/// both entry points; an uncompressed element that decodes equals its compressed
/// form's decoding and re-encodes to the same bytes, and one refused is not what the
/// square-root route decodes; a tree key is the reversed commitment to its five
/// scalars; an uncompressed update or commitment that is accepted equals the
/// compressed one; a commitment input that is accepted gives the same
/// element with every fixed-base method (the narrow, wide and parallel tables
/// disagree on nothing); an update input never panics and, when accepted, equals the
/// commitment plus the sparse recommitment.
pub fn banderwagon_codec(data: &[u8]) {
    use zkhost_verkle::{self as verkle, Element, Method};
    let head = data.get(..32).unwrap_or(data);
    match Element::from_bytes(head) {
        Ok(e) => {
            assert_eq!(&e.to_bytes()[..], head, "compressed round trip");
            assert_eq!(
                verkle::commitment_to_field_bytes(head),
                Ok(e.map_to_scalar_bytes())
            );
        }
        Err(err) => assert_eq!(verkle::commitment_to_field_bytes(head), Err(err)),
    }
    if let Some(unc) = data.get(..64) {
        match Element::from_uncompressed_be(unc) {
            Ok(e) => {
                assert_eq!(Element::from_bytes(&e.to_bytes()), Ok(e));
                assert_eq!(&e.to_bytes()[..], &unc[..32], "canonical representative");
                assert_eq!(&e.to_uncompressed_be()[..], unc, "uncompressed round trip");
            }
            // The square-root route must refuse it too (or decode another y).
            Err(_) => {
                if let Ok(e) = Element::from_bytes(&unc[..32]) {
                    assert_ne!(&e.to_uncompressed_be()[..], unc);
                }
            }
        }
        // A tree key is the reversed commitment to its five scalars.
        let mut five =
            verkle::scalar_to_le(&verkle::Scalar::from(verkle::tree_key::FIRST_SCALAR)).to_vec();
        for half in unc.chunks_exact(16) {
            five.extend_from_slice(half);
            five.extend_from_slice(&[0; 16]);
        }
        let mut expected = verkle::commit_bytes(&five).expect("128-bit scalars are canonical");
        expected.reverse();
        assert_eq!(verkle::tree_key_bytes(unc), Ok(expected));
    }
    // An uncompressed update, when accepted, equals the compressed one.
    if let Ok(out) = verkle::update_uncompressed_bytes(data) {
        let c = Element::from_uncompressed_be(&data[..64]).expect("accepted head");
        let compressed = [&c.to_bytes()[..], &data[64..]].concat();
        let via = verkle::update_bytes(&compressed).expect("same entries");
        assert_eq!(
            Element::from_uncompressed_be(&out).map(|e| e.to_bytes()),
            Ok(via)
        );
    }
    if let Ok(unc) =
        verkle::commit_uncompressed_bytes(data.get(..data.len().min(8 * 32)).unwrap_or(data))
    {
        let e = Element::from_uncompressed_be(&unc).expect("a commitment decodes");
        assert_eq!(
            verkle::commit_bytes(data.get(..data.len().min(8 * 32)).unwrap_or(data)),
            Ok(e.to_bytes())
        );
    }
    // Commitments of at most 8 scalars (fuzzing speed), every method alike.
    let scalars = data.get(..data.len().min(8 * 32)).unwrap_or(data);
    if let Ok(bytes) = verkle::commit_bytes(scalars) {
        let values: Vec<verkle::Scalar> = scalars
            .chunks_exact(32)
            .filter_map(|c| <[u8; 32]>::try_from(c).ok())
            .filter_map(|b| verkle::scalar_from_le(&b))
            .collect();
        for m in Method::ALL {
            let e = verkle::commit_with_method(m, &values);
            assert_eq!(e.map(|e| e.to_bytes()), Ok(bytes), "{m:?}");
        }
    }
    let _ = verkle::update_bytes(data);
}
