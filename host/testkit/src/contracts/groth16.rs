//! Groth16 through the bundled contracts: `groth16-verifier` (the host functions)
//! and `wasm-pairing`'s Groth16 input (pure WebAssembly). Both take the contract
//! ABI's [`Request`] and answer a [`Verdict`], which this module turns back into the
//! native verifier's [`Invalid`] so the paths can be compared reason for reason.

use parity_scale_codec::{DecodeAll, Encode};
use zkhost_abi::groth16::{
    reason, CompressedProof, CompressedRequest, Verdict, WASM_PAIRING_INDEX,
};
use zkhost_bn254 as bn254;
use zkhost_groth16::{Invalid, Point, Request};
use zkhost_runtime::{CodeHash, ExecResult, Outcome, Runtime};

use super::{Path, Response, ViaError, GROTH16_VERIFIER_WASM, WASM_PAIRING_WASM};

/// The verdict a verifier answers for the native verifier's `result`.
pub fn verdict_of(result: &Result<(), Invalid>) -> Verdict {
    let invalid = |reason, index: usize, detail: usize| Verdict::Invalid {
        reason,
        index: u32::try_from(index).unwrap_or(u32::MAX),
        detail: u32::try_from(detail).unwrap_or(u32::MAX),
    };
    match result {
        Ok(()) => Verdict::Valid,
        Err(Invalid::NoIc) => invalid(reason::NO_IC, 0, 0),
        Err(Invalid::InputCount { expected, got }) => invalid(reason::INPUT_COUNT, *got, *expected),
        Err(Invalid::InputNotLessThanR(i)) => invalid(reason::INPUT_NOT_LESS_THAN_R, *i, 0),
        Err(Invalid::Point { point, error }) => Verdict::Invalid {
            reason: reason::POINT,
            index: point.index(),
            detail: u32::from(error.code()),
        },
        Err(Invalid::PairingFailed) => invalid(reason::PAIRING_FAILED, 0, 0),
        Err(Invalid::Refused) => invalid(reason::REFUSED, 0, 0),
    }
}

/// What a verdict says; `host_error` is the call's diagnostic (the reason the last
/// refusing host function gave), used when a point's `detail` is 0.
pub fn read_verdict(
    verdict: Verdict,
    host_error: Option<bn254::Error>,
) -> Result<Result<(), Invalid>, ViaError> {
    let (reason, index, detail) = match verdict {
        Verdict::Valid => return Ok(Ok(())),
        Verdict::Invalid {
            reason,
            index,
            detail,
        } => (reason, index, detail),
    };
    let invalid = match reason {
        reason::NO_IC => Invalid::NoIc,
        reason::INPUT_COUNT => Invalid::InputCount {
            expected: detail as usize,
            got: index as usize,
        },
        reason::INPUT_NOT_LESS_THAN_R => Invalid::InputNotLessThanR(index as usize),
        reason::POINT => {
            let error = match detail {
                0 => host_error.ok_or(ViaError::InvalidUnknown)?,
                code => u8::try_from(code)
                    .ok()
                    .and_then(bn254::Error::from_code)
                    .ok_or(ViaError::Malformed)?,
            };
            Invalid::Point {
                point: Point::from_index(index),
                error,
            }
        }
        reason::PAIRING_FAILED => Invalid::PairingFailed,
        reason::REFUSED => Invalid::Refused,
        _ => return Err(ViaError::Malformed),
    };
    Ok(Err(invalid))
}

/// The contract that verifies on `path`: `groth16-verifier` (host functions) on the
/// contract paths, `wasm-pairing` (pure WebAssembly) on the wasm path, none natively.
pub fn contract(path: Path) -> Option<&'static [u8]> {
    match path {
        Path::Native => None,
        Path::Contract | Path::ContractCold => Some(GROTH16_VERIFIER_WASM),
        Path::Wasm => Some(WASM_PAIRING_WASM),
    }
}

/// The call's input for the contract of [`contract`]`(path)`: the SCALE [`Request`]
/// itself, or for `wasm-pairing` behind the variant index [`WASM_PAIRING_INDEX`].
pub fn message(path: Path, request: &Request) -> Vec<u8> {
    match path {
        Path::Wasm => {
            let mut m = vec![WASM_PAIRING_INDEX];
            request.encode_to(&mut m);
            m
        }
        Path::Native | Path::Contract | Path::ContractCold => request.encode(),
    }
}

/// Interprets an outcome of the contract of [`contract`]`(path)`.
pub fn decode(path: Path, outcome: &Outcome) -> Result<Result<(), Invalid>, ViaError> {
    let output = match &outcome.result {
        ExecResult::Success(o) => o.as_slice(),
        ExecResult::Trap(t) => return Err(ViaError::Trap(*t)),
    };
    let verdict_bytes = match path {
        Path::Wasm => match Response::decode_all(&mut &output[..]) {
            Ok(Response::Ok(bytes)) => bytes,
            _ => return Err(ViaError::Malformed),
        },
        Path::Native | Path::Contract | Path::ContractCold => output.to_vec(),
    };
    let verdict =
        Verdict::decode_all(&mut verdict_bytes.as_slice()).map_err(|_| ViaError::Malformed)?;
    read_verdict(
        verdict,
        outcome
            .last_host_error
            .as_ref()
            .and_then(|e| zkhost_bn254::Error::from_last_error(e.code())),
    )
}

/// `request` with its proof's points compressed (`zkhost_bn254::compress`, Solana's
/// format): the input of `groth16-compressed-verifier`. Fails if a proof point is
/// not a valid point (it has no compressed form).
pub fn compressed_request(
    request: &Request,
) -> Result<CompressedRequest, zkhost_bn254::compress::Error> {
    use zkhost_bn254::compress;
    Ok(CompressedRequest {
        vk: request.vk.clone(),
        proof: CompressedProof {
            a: compress::g1_compress(&request.proof.a)?,
            b: compress::g2_compress(&request.proof.b)?,
            c: compress::g1_compress(&request.proof.c)?,
        },
        inputs: request.inputs.clone(),
    })
}

/// Verifies through a deployed contract of [`contract`]`(path)` with `gas_limit`;
/// returns the outcome (for its gas) and the answer.
pub fn verify_via(
    runtime: &Runtime,
    code: &CodeHash,
    path: Path,
    request: &Request,
    gas_limit: u64,
) -> (Option<Outcome>, Result<Result<(), Invalid>, ViaError>) {
    let outcome = match runtime.call(code, &message(path, request), gas_limit) {
        Ok(o) => o,
        Err(e) => return (None, Err(e.into())),
    };
    let result = decode(path, &outcome);
    (Some(outcome), result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zkhost_groth16::{Proof, VerifyingKey};

    #[test]
    fn verdicts_round_trip() {
        let cases = [
            Ok(()),
            Err(Invalid::NoIc),
            Err(Invalid::InputCount {
                expected: 3,
                got: 1,
            }),
            Err(Invalid::InputNotLessThanR(4)),
            Err(Invalid::Point {
                point: Point::Ic(3),
                error: bn254::Error::G1NotOnCurve,
            }),
            Err(Invalid::Point {
                point: Point::Delta,
                error: bn254::Error::G2NotInSubgroup,
            }),
            Err(Invalid::PairingFailed),
            Err(Invalid::Refused),
        ];
        for case in cases {
            let v = verdict_of(&case);
            let decoded = Verdict::decode_all(&mut &v.encode()[..]).unwrap();
            assert_eq!(read_verdict(decoded, None).unwrap(), case);
        }
        // A point's reason may come from the host's diagnostic.
        let v = Verdict::Invalid {
            reason: reason::POINT,
            index: 1,
            detail: 0,
        };
        assert!(matches!(
            read_verdict(v, None),
            Err(ViaError::InvalidUnknown)
        ));
        assert_eq!(
            read_verdict(v, Some(bn254::Error::G2NotOnCurve)).unwrap(),
            Err(Invalid::Point {
                point: Point::B,
                error: bn254::Error::G2NotOnCurve
            })
        );
        // The call's input: the request itself, or behind variant 16 for wasm-pairing
        // (the request's own layout is zkhost-abi's, tested there).
        let r = Request {
            vk: VerifyingKey {
                alpha: [1; 64],
                beta: [2; 128],
                gamma: [3; 128],
                delta: [4; 128],
                ic: Vec::new(),
            },
            proof: Proof {
                a: [6; 64],
                b: [7; 128],
                c: [8; 64],
            },
            inputs: Vec::new(),
        };
        let bytes = message(Path::Contract, &r);
        assert_eq!(bytes, r.encode());
        assert_eq!(
            message(Path::Wasm, &r),
            [&[WASM_PAIRING_INDEX][..], &bytes].concat()
        );
        assert_eq!(
            verdict_of(&Err(Invalid::Point {
                point: Point::Ic(2),
                error: bn254::Error::G2NotInSubgroup
            }))
            .encode(),
            [1, 4, 9, 0, 0, 0, 6, 0, 0, 0]
        );
    }
}
