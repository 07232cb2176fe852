//! `groth16-verifier` for a proof whose points are compressed: 128 bytes of proof
//! instead of 256, decompressed by the host (`alt_bn128_g1_decompress`,
//! `alt_bn128_g2_decompress`, which check the curve and B's subgroup).
//!
//! Input: a SCALE [`CompressedRequest`] (verifying key uncompressed, proof
//! compressed, public inputs). Output: the SCALE [`Verdict`], exactly the one
//! `groth16-verifier` gives for the decompressed proof; a proof point that does not
//! decompress is `reason::POINT` at its index with `detail` 0. A message that does not
//! decode is answered `Invalid` with `reason::BAD_MESSAGE` (`zkhost_guest::entry!`). The work is `zkhost_guest::verifier::verify_compressed`.
#![no_std]

use zkhost_guest::groth16::{CompressedRequest, Verdict};

zkhost_guest::entry!(|request: CompressedRequest| -> Verdict {
    zkhost_guest::verifier::verify_compressed(request)
});
