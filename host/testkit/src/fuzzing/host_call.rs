//! The [`host_call`] harness: the probe contract that calls any host function with
//! fuzzer-chosen arguments ([`probe_wat`], [`probe_input`], `PROBE_*`), and the model
//! of ABI v1 that predicts what each call does.

use std::sync::OnceLock;

use zkhost_abi::{Crypto, Function, Io};
use zkhost_bn254::Backend;
use zkhost_runtime::{
    CodeHash, ExecResult, HostCosts, HostError, Outcome, Runtime, RuntimeConfig, TrapKind,
};

use super::chunk;
use zkhost_runtime::Prices;

/// The probe contract of [`host_call`], as WAT, made from the ABI's table
/// ([`Function::ALL`]): adding a host function adds it here.
///
/// Called with input, it reads the input to address 0, grows memory by
/// `input[1] & 3` pages and calls host function number `input[0] %`
/// [`PROBE_SELECTORS`] (in [`PROBE_FUNCTIONS`] order) with the little-endian i32s at
/// 4, 8 and 12 as arguments, keeping any result in a global. Called with empty input,
/// it dumps: outputs all of its memory followed by that result (8 bytes), so a test
/// can see every byte the previous call left.
pub fn probe_wat() -> String {
    use std::fmt::Write as _;
    let types = |kind: &str, ts: &[zkhost_abi::ValType]| {
        if ts.is_empty() {
            return String::new();
        }
        let names: Vec<&str> = ts
            .iter()
            .map(|t| match t {
                zkhost_abi::ValType::I32 => "i32",
                zkhost_abi::ValType::I64 => "i64",
            })
            .collect();
        format!(" ({kind} {})", names.join(" "))
    };
    let mut w = String::from("(module\n");
    for f in Function::ALL {
        let _ = writeln!(
            w,
            r#"  (import "zkhost" "{n}" (func ${n}{}{}))"#,
            types("param", f.params()),
            types("result", f.results()),
            n = f.name()
        );
    }
    w.push_str(
        r#"  (memory (export "memory") 1 5)
  (global $ret (mut i64) (i64.const -1))
  (func (export "call")
    (local $a0 i32) (local $a1 i32) (local $a2 i32) (local $size i32)
    (if (i32.eqz (call $input_size))
      (then
        (local.set $size (i32.shl (memory.size) (i32.const 16)))
        (drop (memory.grow (i32.const 1)))
        (i64.store (local.get $size) (global.get $ret))
        (call $output_write (i32.const 0) (i32.add (local.get $size) (i32.const 8)))
        (return)))
    (call $input_read (i32.const 0))
    (drop (memory.grow (i32.and (i32.load8_u (i32.const 1)) (i32.const 3))))
    (local.set $a0 (i32.load (i32.const 4)))
    (local.set $a1 (i32.load (i32.const 8)))
    (local.set $a2 (i32.load (i32.const 12)))
    "#,
    );
    // One block per function, the first innermost: br_table's index i branches to the
    // end of function i's block, where its call follows (then a return, and the end
    // of the next block).
    for f in Function::ALL.iter().rev() {
        let _ = write!(w, "(block ${}", f.name());
    }
    w.push_str("\n      (br_table");
    for f in Function::ALL {
        let _ = write!(w, " ${}", f.name());
    }
    let _ = writeln!(
        w,
        "\n        (i32.rem_u (i32.load8_u (i32.const 0)) (i32.const {PROBE_SELECTORS}))))"
    );
    let last = Function::ALL.len() - 1;
    for (i, f) in Function::ALL.into_iter().enumerate() {
        let n = f.name();
        let body = match f {
            Function::Io(Io::InputSize) => {
                format!("(global.set $ret (i64.extend_i32_u (call ${n})))")
            }
            Function::Io(Io::InputRead) => format!("(call ${n} (local.get $a0))"),
            Function::Io(Io::OutputWrite) => {
                format!("(call ${n} (local.get $a0) (local.get $a1))")
            }
            Function::Io(Io::GasLeft) => format!("(global.set $ret (call ${n}))"),
            Function::Crypto(_) => format!(
                "(global.set $ret (i64.extend_i32_u \
                 (call ${n} (local.get $a0) (local.get $a1) (local.get $a2))))"
            ),
        };
        if i < last {
            let _ = writeln!(w, "      {body}\n      (return))");
        } else {
            let _ = writeln!(w, "    {body})");
        }
    }
    w.push_str(")\n");
    w
}

/// How many host functions the probe can call (its selector is taken modulo this).
pub const PROBE_SELECTORS: u8 = {
    assert!(Function::ALL.len() < 256);
    Function::ALL.len() as u8
};

/// The host functions the probe calls, by selector: the ABI's table order
/// ([`Function::ALL`]: the I/O functions, then the crypto functions).
pub const PROBE_FUNCTIONS: [Function; PROBE_SELECTORS as usize] = Function::ALL;

fn selected(selector: u8) -> Function {
    Function::ALL[(selector % PROBE_SELECTORS) as usize]
}

/// The probe's header: selector, pages to grow, and three arguments; a payload
/// follows at [`PROBE_PAYLOAD`].
pub fn probe_input(selector: u8, grow: u8, args: [i32; 3], payload: &[u8]) -> Vec<u8> {
    let mut v = vec![selector, grow, 0, 0];
    for a in args {
        v.extend_from_slice(&a.to_le_bytes());
    }
    v.extend_from_slice(payload);
    v
}

/// Where the probe's payload starts in its memory.
pub const PROBE_PAYLOAD: i32 = 16;

/// Where the calibration's `input_read` copies the input (so that the copy shows).
const CALIBRATION_READ: i32 = 1024;

const PAGE: usize = 65_536;

/// The deployed probe and the fuel its own instructions take, measured once.
struct Probe {
    runtime: Runtime,
    code: CodeHash,
    costs: HostCosts,
    max_output: usize,
    /// Fuel of the instructions before `input_read`'s charge.
    before_read: u64,
    /// Fuel of the instructions before the fuel check of `memory.grow` (a grow by a
    /// non-constant count is a fuel checkpoint, like a loop header).
    before_grow: u64,
    /// Per selector: fuel of the instructions before the selected call's charge.
    before_call: [u64; PROBE_SELECTORS as usize],
    /// Per selector: fuel of all the instructions of a call that completes.
    total: [u64; PROBE_SELECTORS as usize],
}

/// What one probe call did: its outcome, and the memory and result global after it.
pub struct ProbeRun {
    /// The call's outcome.
    pub outcome: Outcome,
    /// The probe's whole linear memory after the call.
    pub memory: Vec<u8>,
    /// The selected host function's result (−1 when it did not return).
    pub ret: i64,
}

/// The gas limit and probe input a [`host_call`] corpus file designates; `None` for
/// the empty input (the dump call, not a probe call).
fn host_call_args(data: &[u8]) -> Option<(u64, &[u8])> {
    let raw = u64::from_le_bytes(chunk(data, 0));
    let gas = raw >> (raw % 64);
    let input = data.get(8..).unwrap_or(&[]);
    let input = input.get(..PAGE).unwrap_or(input);
    (!input.is_empty()).then_some((gas, input))
}

/// What [`host_call`] runs on `data`, without the model: for the cross-architecture
/// transcript, which compares the run itself with another machine's.
pub fn host_call_record(data: &[u8]) -> Option<ProbeRun> {
    let (gas, input) = host_call_args(data)?;
    Some(Probe::get().run(input, gas))
}

impl Probe {
    fn get() -> &'static Probe {
        static PROBE: OnceLock<Probe> = OnceLock::new();
        PROBE.get_or_init(Probe::new)
    }

    fn new() -> Probe {
        let runtime = match Runtime::new(RuntimeConfig::from_env()) {
            Ok(r) => r,
            Err(e) => panic!("engine: {e:#}"),
        };
        let wasm = probe_wasm();
        let code = match runtime.deploy(&wasm) {
            Ok(c) => c,
            Err(e) => panic!("the probe deploys: {e}"),
        };
        let costs = runtime.config().costs;
        let max_output = runtime.config().limits.max_output_bytes;
        let mut probe = Probe {
            runtime,
            code,
            costs,
            max_output,
            before_read: 0,
            before_grow: 0,
            before_call: [0; PROBE_SELECTORS as usize],
            total: [0; PROBE_SELECTORS as usize],
        };
        probe.calibrate();
        probe
    }

    fn run(&self, input: &[u8], gas: u64) -> ProbeRun {
        let mut warm = match self.runtime.instantiate(&self.code) {
            Ok(w) => w,
            Err(e) => panic!("instantiate: {e}"),
        };
        let outcome = match warm.call(input, gas) {
            Ok(o) => o,
            Err(e) => panic!("call: {e}"),
        };
        let dump = match warm.call(&[], 1 << 40) {
            Ok(o) => o,
            Err(e) => panic!("dump: {e}"),
        };
        let Some(bytes) = dump.output() else {
            panic!("the dump trapped: {:?}", dump.result);
        };
        let split = bytes.len() - 8;
        let ret = i64::from_le_bytes(chunk(bytes, split));
        ProbeRun {
            outcome,
            memory: bytes[..split].to_vec(),
            ret,
        }
    }

    /// The price of the selected host call, from the lengths alone.
    fn price(&self, selector: u8, args: [i32; 3], input_len: usize) -> u64 {
        let c = &self.costs;
        let len = |x: i32| x as u32 as u64;
        let n = len(args[1]);
        match selected(selector) {
            Function::Io(Io::InputRead) => c.call(input_len as u64, 0),
            Function::Io(Io::OutputWrite) => c.call(n, 0),
            Function::Io(_) => c.call(0, 0),
            Function::Crypto(op) => c.crypto_call(op, n as usize),
        }
    }

    /// Measures the probe's own fuel: binary searches on the gas limit for the
    /// points where `input_read` and the selected call first complete, and a
    /// generous run for the total. The harmless arguments never trap.
    fn calibrate(&mut self) {
        let payload = [7u8; 8];
        let harmless = |s: u8| match s {
            1 => [CALIBRATION_READ, 0, 0],
            2 => [0, 0, 0],
            _ => [PROBE_PAYLOAD, 0, 1024],
        };
        // Whether the selected host function ran (its effect is visible even when
        // the instructions after it run out of gas): the result global for those
        // that set it, the input's copy for `input_read`, success for
        // `output_write` (nothing follows it).
        let ran = |s: u8, run: &ProbeRun, input: &[u8]| match s {
            1 => run
                .memory
                .get(CALIBRATION_READ as usize..)
                .is_some_and(|m| m.starts_with(input)),
            2 => run.outcome.output().is_some(),
            _ => run.ret != -1,
        };
        let fixed = self.costs.call(0, 0);
        for s in 0..PROBE_SELECTORS {
            let args = harmless(s);
            let input = probe_input(s, 0, args, &payload);
            let charges =
                fixed + self.costs.call(input.len() as u64, 0) + self.price(s, args, input.len());
            let big = self.run(&input, 1 << 40).outcome;
            assert!(
                big.output().is_some(),
                "calibration call {s}: {:?}",
                big.result
            );
            self.total[s as usize] = big.gas_used - charges;
            let min = min_gas(|g| ran(s, &self.run(&input, g), &input));
            self.before_call[s as usize] = min - charges;
            if s == 2 {
                // `output_write` shows only in the call's success, after the code that
                // follows it has run too: where it starts is where a write out of
                // bounds first traps for that rather than for gas.
                let args = [i32::MAX, 1, 0];
                let input = probe_input(s, 0, args, &payload);
                let charges = fixed
                    + self.costs.call(input.len() as u64, 0)
                    + self.price(s, args, input.len());
                let oob = |run: &ProbeRun| run.outcome.trap() == Some(TrapKind::MemoryOutOfBounds);
                let min = min_gas(|g| oob(&self.run(&input, g)));
                self.before_call[s as usize] = min - charges;
            }
            assert!(self.before_call[s as usize] <= self.total[s as usize]);
            if s == 0 {
                let read = fixed + self.costs.call(input.len() as u64, 0);
                let min = min_gas(|g| self.run(&input, g).memory.starts_with(&input));
                self.before_read = min - read;
                let grow = probe_input(0, 3, args, &payload);
                let min = min_gas(|g| self.run(&grow, g).memory.len() == 4 * PAGE);
                self.before_grow = min - read;
            }
        }
    }
}

/// The least gas limit for which `ok` holds (it is monotone in the limit).
fn min_gas(ok: impl Fn(u64) -> bool) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 40);
    assert!(ok(hi));
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if ok(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The probe contract's module bytes ([`probe_wat`] compiled once per process).
pub fn probe_wasm() -> Vec<u8> {
    static WASM: OnceLock<Vec<u8>> = OnceLock::new();
    WASM.get_or_init(|| match wat::parse_str(probe_wat()) {
        Ok(w) => w,
        Err(e) => panic!("the probe's WAT: {e}"),
    })
    .clone()
}

/// Every host function of ABI v1 through the runtime, with fuzzer-chosen memory,
/// pointers, lengths and gas: `data[0..8]` is the gas limit (little-endian, shifted
/// right by `data[0] % 64` so that every magnitude is common) and the rest the
/// probe's input (see [`probe_wat`]: selector, pages to grow, three i32 arguments,
/// then bytes that land in memory at 16).
///
/// An independent model of ABI v1 predicts, from the probe's measured instruction
/// fuel and [`HostCosts`], whether the call runs out of gas (and where), which trap
/// ends it, the gas used to the unit, the result, the output and every byte of
/// memory afterwards; the crypto results come from the reference backend. Never a
/// `host error`; nothing written on a trap or a refused input.
pub fn host_call(data: &[u8]) {
    let probe = Probe::get();
    let Some((gas, input)) = host_call_args(data) else {
        return; // the dump call, not a probe call
    };
    let got = probe.run(input, gas);
    let expected = model(probe, input, gas);
    let o = &got.outcome;
    assert_ne!(o.trap(), Some(TrapKind::HostError), "host error");
    assert_eq!(
        o.result,
        expected.result,
        "result (gas {gas}, input {})",
        hex::encode(input)
    );
    assert_eq!(
        o.gas_used,
        expected.gas_used,
        "gas used (gas {gas}, input {})",
        hex::encode(input)
    );
    assert_eq!(o.last_host_error, expected.last_host_error, "reason");
    assert_eq!(got.ret, expected.ret, "result value");
    assert_eq!(got.memory.len(), expected.memory.len(), "memory size");
    if got.memory != expected.memory {
        let first = got
            .memory
            .iter()
            .zip(&expected.memory)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "memory differs from byte {first} (gas {gas}, input {})",
            hex::encode(input)
        );
    }
}

/// What a crypto host function computes from its input, for the model.
type CryptoWork<'a> = dyn Fn(&[u8]) -> Result<Vec<u8>, HostError> + 'a;

struct Expected {
    result: ExecResult,
    gas_used: u64,
    last_host_error: Option<HostError>,
    ret: i64,
    memory: Vec<u8>,
}

/// ABI v1 as the book states it (`docs/src/abi.md`), for the probe: charge, then bounds, then work,
/// then write all or nothing.
fn model(probe: &Probe, input: &[u8], gas: u64) -> Expected {
    let c = &probe.costs;
    let n = input.len();
    let h1 = c.call(0, 0);
    let h2 = c.call(n as u64, 0);
    let oog = |memory: Vec<u8>| Expected {
        result: ExecResult::Trap(TrapKind::OutOfGas),
        gas_used: gas,
        last_host_error: None,
        ret: -1,
        memory,
    };
    // Before input_read completes, memory is one zero page.
    if gas < probe.before_read + h1 + h2 {
        return oog(vec![0u8; PAGE]);
    }
    let header: [u8; 16] = chunk(input, 0);
    let selector = header[0] % PROBE_SELECTORS;
    let pages = 1 + (header[1] & 3) as usize;
    let args = [4, 8, 12].map(|i| i32::from_le_bytes(chunk(&header, i)));
    let mut memory = vec![0u8; PAGE];
    memory[..n].copy_from_slice(input);
    // The fuel check at memory.grow traps with nothing left, before growing.
    if gas < probe.before_grow + h1 + h2 {
        return oog(memory);
    }
    memory.resize(pages * PAGE, 0);

    let h3 = probe.price(selector, args, n);
    let s = selector as usize;
    let charged = probe.before_call[s] + h1 + h2 + h3;
    if gas
        < probe.before_call[s]
            .saturating_add(h1 + h2)
            .saturating_add(h3)
    {
        return oog(memory);
    }
    let trap = |kind: TrapKind, memory: Vec<u8>| Expected {
        result: ExecResult::Trap(kind),
        gas_used: charged,
        last_host_error: None,
        ret: -1,
        memory,
    };
    // The call completes. The instructions after it are not checked for fuel where
    // they run, but the call is judged on all of its work: past the limit it is out
    // of gas, using the whole limit, with the host function's effects on memory
    // (which a trap does not undo) and its result kept.
    let used = probe.total[s] + h1 + h2 + h3;
    let in_bounds = |ptr: i32, len: usize| {
        let start = ptr as u32 as usize;
        start
            .checked_add(len)
            .is_some_and(|end| end <= memory.len())
    };
    let len = |x: i32| x as u32 as usize;
    let mut output = Vec::new();
    let mut reason = None;
    // The crypto functions: bounds of input and output, then the work (the expected
    // bytes from the reference backend or the verkle byte functions), then all of
    // the output or nothing.
    let crypto = |memory: &mut Vec<u8>,
                  reason: &mut Option<HostError>,
                  out_len: usize,
                  work: &CryptoWork|
     -> Result<i64, TrapKind> {
        let (at, l, o) = (len(args[0]), len(args[1]), len(args[2]));
        let fits = |start: usize, n: usize| start.checked_add(n).is_some_and(|e| e <= memory.len());
        if !fits(at, l) || !fits(o, out_len) {
            return Err(TrapKind::MemoryOutOfBounds);
        }
        match work(&memory[at..at + l]) {
            Ok(bytes) => {
                memory[o..o + bytes.len()].copy_from_slice(&bytes);
                Ok(0)
            }
            Err(e) => {
                *reason = Some(e);
                Ok(1)
            }
        }
    };
    // A crypto function whose input and output are in bounds charges the part of its
    // price only the input's content tells (a batch's records) before its work.
    let (charged, used) = match selected(selector) {
        Function::Crypto(op) => {
            let (at, l, o) = (len(args[0]), len(args[1]), len(args[2]));
            let fits =
                |start: usize, n: usize| start.checked_add(n).is_some_and(|e| e <= memory.len());
            let content = if fits(at, l) && fits(o, op.output_len()) {
                c.content_gas(op, &memory[at..at + l])
            } else {
                0
            };
            if content > 0 && gas < charged.saturating_add(content) {
                return oog(memory);
            }
            (charged + content, used + content)
        }
        Function::Io(_) => (charged, used),
    };
    let ret = match selected(selector) {
        Function::Io(Io::InputSize) => Ok(n as i64),
        Function::Io(Io::InputRead) => {
            if in_bounds(args[0], n) {
                let at = len(args[0]);
                memory[at..at + n].copy_from_slice(input);
                Ok(-1)
            } else {
                Err(TrapKind::MemoryOutOfBounds)
            }
        }
        Function::Io(Io::OutputWrite) => {
            let (at, l) = (len(args[0]), len(args[1]));
            if l > probe.max_output {
                Err(TrapKind::LimitExceeded)
            } else if !in_bounds(args[0], l) {
                Err(TrapKind::MemoryOutOfBounds)
            } else {
                output = memory[at..at + l].to_vec();
                Ok(-1)
            }
        }
        Function::Io(Io::GasLeft) => Ok(i64::try_from(gas - charged).unwrap_or(i64::MAX)),
        Function::Crypto(op) => crypto(&mut memory, &mut reason, op.output_len(), &|i| {
            crypto_expected(op, i)
        }),
    };
    let ret = match ret {
        Ok(r) => r,
        Err(kind) => return trap(kind, memory),
    };
    if gas < used {
        return Expected {
            result: ExecResult::Trap(TrapKind::OutOfGas),
            gas_used: gas,
            last_host_error: reason,
            ret,
            memory,
        };
    }
    Expected {
        result: ExecResult::Success(output),
        gas_used: used,
        last_host_error: reason,
        ret,
        memory,
    }
}

/// The expected result of a crypto host function: the one dispatch the host uses
/// ([`zkhost_runtime::compute_on`]) on other backends than the host's, so that the
/// answers come from a second implementation: BN254 on the reference backend
/// (`substrate-bn`; the MSM on its one engine, whose agreement with Σ ECMUL is the
/// differential target's business), BLS12-381 on arkworks (the host functions run
/// blst). Verkle, KZG, P-256, Poseidon and compression have one implementation each;
/// their conformance and differential tests are the crates' and `zkhost-revm`'s, and
/// here the ABI around them is under test.
fn crypto_expected(op: Crypto, input: &[u8]) -> Result<Vec<u8>, HostError> {
    let reference = zkhost_runtime::Backends {
        bn254: Some(Backend::SUBSTRATE_BN),
        bls12: zkhost_bls12381::Backend::ARKWORKS,
    };
    zkhost_runtime::compute_on(op, reference, input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probe_imports_every_function_in_table_order() {
        let wasm = probe_wasm();
        let imports: Vec<String> = wasmparser::Parser::new(0)
            .parse_all(&wasm)
            .filter_map(|p| match p {
                Ok(wasmparser::Payload::ImportSection(r)) => Some(r),
                _ => None,
            })
            .flat_map(|r| r.into_imports())
            .map(|i| i.expect("an import").name.to_string())
            .collect();
        let names: Vec<&str> = Function::ALL.map(Function::name).to_vec();
        assert_eq!(imports, names);
    }
}
