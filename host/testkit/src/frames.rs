//! Recursions without end through frames of every shape a contract can make: the
//! hostile inputs of the deterministic stack limit (`zkhost_runtime::stack`). Each
//! module's `call` recurses until the budget stops it; `tests/stack.rs` in the runtime
//! checks the native stack outlasts the budget for each, and the transcript records
//! where each stops, on every architecture.

/// A recursive frame shape, with a size parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `n` i64 parameters, all passed on.
    Params,
    /// `n` i64 locals, set before the call and summed after it.
    Locals,
    /// `n` f64 locals, likewise.
    FloatLocals,
    /// `n` i64 operands on the stack across the call, summed after it.
    Operands,
    /// `n` i64 results, passed back up.
    Results,
    /// `n` i32 loads before the call, summed after it (bounds checks in code, with
    /// compact memory, keep their registers busy too).
    Loads,
    /// Through `call_indirect`, with `n` i64 locals live.
    Indirect,
    /// `f` calls `g` with `n` locals live, `g` calls `f`.
    Mutual,
}

/// Every shape.
pub const SHAPES: [Shape; 8] = [
    Shape::Params,
    Shape::Locals,
    Shape::FloatLocals,
    Shape::Operands,
    Shape::Results,
    Shape::Loads,
    Shape::Indirect,
    Shape::Mutual,
];

/// The sizes each shape is tried at: none, a few, more than the registers, many.
pub const SIZES: [usize; 6] = [0, 1, 4, 16, 100, 900];

fn repeat(n: usize, f: impl Fn(usize) -> String) -> String {
    (0..n).map(f).collect::<Vec<_>>().join(" ")
}

/// A value the compiler can neither fold nor recompute after a call: a load.
fn load(ty: &str, i: usize) -> String {
    format!("({ty}.load (i32.const {}))", 8 * (i % 1000))
}

/// The module: `call` recurses without end through frames of `shape` and size `n`.
/// Every value is loaded from memory before the call and stored after it, so it is
/// live across the call.
pub fn module(shape: Shape, n: usize) -> String {
    let sum = |ty: &str, get: &dyn Fn(usize) -> String| {
        let mut s = format!("({ty}.const 0)");
        for i in 0..n {
            s = format!("({ty}.add {s} {})", get(i));
        }
        format!("({ty}.store (i32.const 8) {s})")
    };
    let locals = |ty: &str, call: &str| {
        format!(
            "(local {}) {} {call} {}",
            repeat(n, |_| ty.into()),
            repeat(n, |i| format!("(local.set {i} {})", load(ty, i))),
            sum(ty, &|i| format!("(local.get {i})")),
        )
    };
    let body = match shape {
        Shape::Params => format!(
            "(func $f (param {}) (call $f {}))
             (func (export \"call\") (call $f {}))",
            repeat(n, |_| "i64".into()),
            repeat(n, |i| format!("(local.get {i})")),
            repeat(n, |i| load("i64", i)),
        ),
        Shape::Locals => format!(
            "(func $f {}) (func (export \"call\") (call $f))",
            locals("i64", "(call $f)")
        ),
        Shape::FloatLocals => format!(
            "(func $f {}) (func (export \"call\") (call $f))",
            locals("f64", "(call $f)")
        ),
        Shape::Operands => format!(
            "(func $f (i32.const 8) {} (call $f) {})
             (func (export \"call\") (call $f))",
            repeat(n + 1, |i| load("i64", i)),
            repeat(n, |_| "(i64.add)".into()) + " i64.store",
        ),
        Shape::Results => format!(
            "(func $f (result {}) (call $f))
             (func (export \"call\") (call $f) {})",
            repeat(n.max(1), |_| "i64".into()),
            repeat(n.max(1), |_| "(drop)".into()),
        ),
        Shape::Loads => format!(
            "(func $f (param $p i32) (i32.const 8) {} (call $f (local.get $p)) {})
             (func (export \"call\") (call $f (i32.const 0)))",
            repeat(n + 1, |i| format!(
                "(i32.load offset={} (local.get $p))",
                4 * (i % 1000)
            )),
            repeat(n, |_| "(i32.add)".into()) + " i32.store",
        ),
        Shape::Indirect => format!(
            "(type $t (func))
             (table 1 funcref) (elem (i32.const 0) $f)
             (func $f {})
             (func (export \"call\") (call $f))",
            locals("i64", "(call_indirect (type $t) (i32.const 0))")
        ),
        Shape::Mutual => format!(
            "(func $f {}) (func $g (call $f))
             (func (export \"call\") (call $f))",
            locals("i64", "(call $g)")
        ),
    };
    format!("(module (memory (export \"memory\") 1) {body})")
}
