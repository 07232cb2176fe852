//! The probe contract of the tests: a WAT module that calls one host function with pointers,
//! lengths and a payload taken from its input, so tests can drive any host function
//! with any arguments and compare exact gas.

use zkhost_runtime::{CodeHash, DeployError, ExecResult, Runtime, TrapKind};

/// A test contract driven by its input: `in_ptr, in_len, out_ptr, dump` as four
/// little-endian i32s, then a payload (at address 16). It calls the host function
/// `name` with those arguments and outputs its return code; with `dump = 1` it instead
/// outputs the 64 bytes at `out_ptr` (to inspect memory between calls). Every probe
/// runs the same instructions, so gas differences between probes are host prices.
pub fn probe(name: &str) -> String {
    format!(
        r#"
(module
  (import "zkhost" "input_read" (func $input_read (param i32)))
  (import "zkhost" "output_write" (func $output_write (param i32 i32)))
  (import "zkhost" "{name}" (func $f (param i32 i32 i32) (result i32)))
  (memory (export "memory") 1 1)
  (func (export "call")
    (call $input_read (i32.const 0))
    (if (i32.load (i32.const 12))
      (then (call $output_write (i32.load (i32.const 8)) (i32.const 64)) (return)))
    (i32.store (i32.const 60000)
      (call $f (i32.load (i32.const 0)) (i32.load (i32.const 4)) (i32.load (i32.const 8))))
    (call $output_write (i32.const 60000) (i32.const 4))))
"#
    )
}

/// The probe's input for a call of its host function with these arguments, the
/// payload landing at address 16.
pub fn call_input(in_ptr: i32, in_len: i32, out_ptr: i32, payload: &[u8]) -> Vec<u8> {
    [
        &in_ptr.to_le_bytes()[..],
        &in_len.to_le_bytes(),
        &out_ptr.to_le_bytes(),
        &0i32.to_le_bytes(),
        payload,
    ]
    .concat()
}

/// The probe's input that outputs the 64 bytes at `out_ptr` instead of calling.
pub fn dump_input(out_ptr: i32) -> Vec<u8> {
    [
        &0i32.to_le_bytes()[..],
        &0i32.to_le_bytes(),
        &out_ptr.to_le_bytes(),
        &1i32.to_le_bytes(),
    ]
    .concat()
}

/// Deploys a module given as WAT.
pub fn deploy_wat(rt: &Runtime, wat: &str) -> Result<CodeHash, DeployError> {
    rt.deploy(&wat::parse_str(wat).expect("valid wat"))
}

/// The smallest gas limit with which the probe call succeeds (binary search), checking
/// that one unit less traps out of gas.
pub fn min_gas(rt: &Runtime, code: &CodeHash, input: &[u8]) -> u64 {
    let (mut lo, mut hi) = (0u64, 10_000_000u64);
    assert!(rt.call(code, input, hi).unwrap().output().is_some());
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        match rt.call(code, input, mid).unwrap().result {
            ExecResult::Success(_) => hi = mid,
            ExecResult::Trap(t) => {
                assert_eq!(t, TrapKind::OutOfGas);
                lo = mid;
            }
        }
    }
    let below = rt.call(code, input, hi - 1).unwrap();
    assert_eq!(below.trap(), Some(TrapKind::OutOfGas));
    assert_eq!(below.gas_used, hi - 1, "out of gas uses the whole limit");
    hi
}
