//! The deterministic call-stack limit: recursion ends at the same depth, with the same
//! gas, on every node.
//!
//! Wasmtime bounds recursion by the native stack ([`crate::Limits::max_wasm_stack`]),
//! and how much native stack a wasm frame takes depends on the architecture (an s390x
//! frame carries a 160-byte register save area), the compiler version and the engine's
//! settings (bounds checks in code need registers). The same call would trap after
//! different amounts of work on different nodes: a fork.
//!
//! So at deploy, [`limit`] rewrites the module. Every function it defines is given a
//! *frame cost* in units ([`frame_cost`]: a fixed [`FRAME_OVERHEAD`] plus one unit per
//! parameter, local and operand-stack slot at its deepest), and a new mutable global
//! counts the units of the frames live. A function's entry adds its cost and traps with
//! `unreachable` when the count passes the budget; every exit (falling off the end,
//! `return`, a branch to the function's label) takes the cost back. The entry point's
//! export is redirected to a new function that zeroes the count and calls the original,
//! so every call starts from zero (a trap leaves the count wherever it was). The count
//! is exported as [`DEPTH_EXPORT`], so a trap can be told apart from the contract's
//! own `unreachable` ([`depth_exceeded`]): only the limit leaves the count above the
//! budget.
//!
//! Each unit stands for at most a few bytes of native stack on every supported
//! architecture, so a budget well below `max_wasm_stack` divided by that is always
//! reached before the native stack runs out (`tests/stack.rs` holds this for hostile
//! frame shapes on every architecture CI runs). The added instructions are metered like
//! any other: every function call costs 12 units of gas more, and a call of the
//! contract 4 more for the thunk.
//!
//! The frame cost is computed from the validated code alone (`wasmparser`'s operand
//! stack heights), so it is part of consensus.

use std::ops::Range;

use wasmparser::{
    ExternalKind, FuncType, FuncValidatorAllocations, Operator, OperatorsReader, Parser, Payload,
    TypeRef, ValType, Validator,
};

use crate::deploy::{DeployError, Entry};

/// The export under which [`limit`] publishes the frame-unit count; a module that
/// exports this name itself is refused.
pub const DEPTH_EXPORT: &str = "zkhost:stack_depth";

/// The units every frame costs whatever its shape: the return address, the saved
/// registers and the frame record the compiler adds, on the architecture with the
/// largest of them.
pub const FRAME_OVERHEAD: u32 = 48;

/// The frame cost of a function with `locals` locals (its parameters included) and
/// `max_operands` values on its operand stack at the deepest point.
pub fn frame_cost(locals: u32, max_operands: u32) -> u32 {
    FRAME_OVERHEAD.saturating_add(locals.saturating_add(max_operands).saturating_mul(2))
}

/// Instruments a module Wasmtime has validated (see the module's doc), refusing one
/// that uses anything outside [`crate::engine::accepted_parser_features`]: frame costs, the count, the
/// budget check, the entry thunk and the [`DEPTH_EXPORT`]. `entry` names the exported
/// entry point, a function `[] -> []`; if there is no such export the module is
/// rewritten without the thunk (the deploy checks refuse it afterwards). Function,
/// global and type indices of the original are unchanged: the new function, global and
/// block types come after the existing ones.
pub fn limit(wasm: &[u8], entry: &str, budget: u32) -> Result<Vec<u8>, DeployError> {
    limit_entries(wasm, &[Entry::new(entry, &[], &[])], budget)
}

/// [`limit`] for a module with any number of entry points of any signature (a node's
/// own: `instantiate`, `execute(i32, i32) -> i32`, ...): each exported function named
/// by `entries` with the signature given there gets a thunk of that signature that
/// zeroes the count and passes its arguments on. An entry the module lacks, or
/// exports with another signature, gets none (the deploy checks refuse it
/// afterwards). With no entries the count starts at zero in every fresh instance;
/// a node that calls an instance again after a trap uses [`reset`] first.
pub fn limit_entries(
    wasm: &[u8],
    entries: &[Entry<'_>],
    budget: u32,
) -> Result<Vec<u8>, DeployError> {
    let budget = clamp(budget);
    let module = Analysis::of(wasm, budget.saturating_add(1))?;
    module.rewrite(wasm, entries, budget)
}

/// Sets the frame-unit count of an instance of a [`limit`]ed module back to zero, for
/// a node that calls an entry point without a thunk again after a trap. Does nothing
/// to a module that is not instrumented.
pub fn reset(mut store: impl wasmtime::AsContextMut, instance: &wasmtime::Instance) {
    if let Some(g) = instance.get_global(&mut store, DEPTH_EXPORT) {
        // The count is a mutable i32 global of the rewrite: setting it cannot fail.
        let _ = g.set(&mut store, wasmtime::Val::I32(0));
    }
}

/// Whether the call that just trapped in `instance` was stopped by [`limit`]'s budget
/// (its count is above `budget`), rather than by the contract's own `unreachable`.
pub fn depth_exceeded(
    mut store: impl wasmtime::AsContextMut,
    instance: &wasmtime::Instance,
    budget: u32,
) -> bool {
    instance
        .get_global(&mut store, DEPTH_EXPORT)
        .and_then(|g| g.get(&mut store).i32())
        .is_some_and(|count| over_budget(count, budget))
}

/// Whether a frame-unit count read after a trap is above `budget`: only [`limit`]'s
/// check leaves it there.
pub(crate) fn over_budget(count: i32, budget: u32) -> bool {
    count as u32 > clamp(budget)
}

/// The budget as [`limit`] applies it: below `i32::MAX`, so that costs (capped at the
/// budget plus one: a frame above the budget traps on entry whatever its exact cost)
/// are i32 constants and the count never wraps as an unsigned 32-bit number.
fn clamp(budget: u32) -> u32 {
    budget.min(i32::MAX.unsigned_abs().saturating_sub(1))
}

/// One section of the original, in order: its id and the range of its contents.
struct Section {
    id: u8,
    range: Range<usize>,
}

/// A defined function's body: where its locals end, where its `return`s are, its cost.
struct Body {
    range: Range<usize>,
    locals_end: usize,
    returns: Vec<usize>,
    cost: u32,
    type_index: u32,
}

/// What [`limit`] needs to know of the module, read in one validating pass.
#[derive(Default)]
struct Analysis {
    sections: Vec<Section>,
    types: Vec<FuncType>,
    imported_functions: u32,
    imported_globals: u32,
    defined_functions: Vec<u32>,
    defined_globals: u32,
    exports: Vec<(String, ExternalKind, u32)>,
    bodies: Vec<Body>,
}

fn invalid(e: impl std::fmt::Display) -> DeployError {
    DeployError::Invalid(e.to_string())
}

impl Analysis {
    fn of(wasm: &[u8], cap: u32) -> Result<Analysis, DeployError> {
        let mut a = Analysis::default();
        let mut validator = Validator::new_with_features(crate::engine::accepted_parser_features());
        let mut allocs = FuncValidatorAllocations::default();
        for payload in Parser::new(0).parse_all(wasm) {
            let payload = payload.map_err(invalid)?;
            if let Some((id, range)) = payload.as_section() {
                a.sections.push(Section { id, range });
            }
            let valid = validator.payload(&payload).map_err(invalid)?;
            match payload {
                Payload::TypeSection(r) => {
                    for t in r.into_iter_err_on_gc_types() {
                        a.types.push(t.map_err(invalid)?);
                    }
                }
                Payload::ImportSection(r) => {
                    for import in r.into_imports() {
                        match import.map_err(invalid)?.ty {
                            TypeRef::Func(_) | TypeRef::FuncExact(_) => {
                                a.imported_functions = a.imported_functions.saturating_add(1)
                            }
                            TypeRef::Global(_) => {
                                a.imported_globals = a.imported_globals.saturating_add(1)
                            }
                            _ => {}
                        }
                    }
                }
                Payload::FunctionSection(r) => {
                    for t in r {
                        a.defined_functions.push(t.map_err(invalid)?);
                    }
                }
                Payload::GlobalSection(r) => a.defined_globals = r.count(),
                Payload::ExportSection(r) => {
                    for e in r {
                        let e = e.map_err(invalid)?;
                        a.exports.push((e.name.to_string(), e.kind, e.index));
                    }
                }
                Payload::CodeSectionEntry(body) => {
                    let wasmparser::ValidPayload::Func(func, _) = valid else {
                        return Err(invalid("a function body the validator did not hand over"));
                    };
                    let type_index = a
                        .defined_functions
                        .get(a.bodies.len())
                        .copied()
                        .ok_or_else(|| invalid("more bodies than functions"))?;
                    let mut fv = func.into_validator(std::mem::take(&mut allocs));
                    let mut reader = body.get_binary_reader();
                    fv.read_locals(&mut reader).map_err(invalid)?;
                    let locals_end = reader.original_position();
                    let mut ops = OperatorsReader::new(reader);
                    let mut deepest = 0u32;
                    let mut returns = Vec::new();
                    while !ops.eof() {
                        let offset = ops.original_position();
                        let op = ops.read().map_err(invalid)?;
                        if matches!(op, Operator::Return) {
                            returns.push(offset);
                        }
                        fv.op(offset, &op).map_err(invalid)?;
                        deepest = deepest.max(fv.operand_stack_height());
                    }
                    a.bodies.push(Body {
                        range: body.range(),
                        locals_end,
                        returns,
                        cost: frame_cost(fv.len_locals(), deepest).min(cap),
                        type_index,
                    });
                    allocs = fv.into_allocations();
                }
                _ => {}
            }
        }
        Ok(a)
    }

    fn rewrite(
        &self,
        wasm: &[u8],
        entries: &[Entry<'_>],
        budget: u32,
    ) -> Result<Vec<u8>, DeployError> {
        if self.exports.iter().any(|(name, _, _)| name == DEPTH_EXPORT) {
            return Err(DeployError::Invalid(format!(
                "the export name {DEPTH_EXPORT} is reserved"
            )));
        }
        let depth = self.imported_globals.saturating_add(self.defined_globals);
        let first_thunk = self
            .imported_functions
            .saturating_add(count(self.defined_functions.len())?);
        // The entry points exported as functions of their declared types, in the
        // order of `entries`: (name, function index, type index, parameter count).
        // Each gets a thunk of its type, numbered after the defined functions.
        let entry_points: Vec<(&str, u32, u32, usize)> = entries
            .iter()
            .filter_map(|e| {
                let &(_, _, index) = self
                    .exports
                    .iter()
                    .find(|(name, kind, _)| name == e.name && *kind == ExternalKind::Func)?;
                let t = self.type_of_function(index)?;
                let ty = self.types.get(t as usize)?;
                let same = |ours: &[ValType], declared: &[zkhost_abi::ValType]| {
                    ours.iter().copied().eq(declared.iter().map(|v| match v {
                        zkhost_abi::ValType::I32 => ValType::I32,
                        zkhost_abi::ValType::I64 => ValType::I64,
                    }))
                };
                (same(ty.params(), e.params) && same(ty.results(), e.results)).then_some((
                    e.name,
                    index,
                    t,
                    ty.params().len(),
                ))
            })
            .collect();
        let thunk_of = |name: &str| -> Result<Option<u32>, DeployError> {
            match entry_points.iter().position(|(n, ..)| *n == name) {
                Some(k) => Ok(Some(first_thunk.saturating_add(count(k)?))),
                None => Ok(None),
            }
        };

        // The wrapper block of each body has the function's results; several results
        // need a new type `[] -> results`.
        let mut new_types: Vec<&[ValType]> = Vec::new();
        let mut block_types = Vec::with_capacity(self.bodies.len());
        for body in &self.bodies {
            let results = self
                .types
                .get(body.type_index as usize)
                .ok_or_else(|| invalid("a function of an unknown type"))?
                .results();
            let mut bt = Vec::new();
            match results {
                [] => bt.push(0x40),
                [t] => val_type(&mut bt, *t)?,
                many => {
                    let at = match new_types.iter().position(|t| *t == many) {
                        Some(i) => i,
                        None => {
                            new_types.push(many);
                            new_types.len().saturating_sub(1)
                        }
                    };
                    sleb(
                        &mut bt,
                        i64::from(count(self.types.len().saturating_add(at))?),
                    );
                }
            }
            block_types.push(bt);
        }

        // The new contents of the sections the rewrite changes, by section id.
        let mut replaced: Vec<(u8, Vec<u8>)> = Vec::new();
        if !new_types.is_empty() {
            let old = self.original(wasm, 1).unwrap_or(&[0]);
            let mut c = Vec::new();
            uleb(
                &mut c,
                count(self.types.len().saturating_add(new_types.len()))?,
            );
            c.extend_from_slice(after_count(old)?);
            for results in &new_types {
                c.extend_from_slice(&[0x60, 0x00]);
                uleb(&mut c, count(results.len())?);
                for t in *results {
                    val_type(&mut c, *t)?;
                }
            }
            replaced.push((1, c));
        }
        if !entry_points.is_empty() {
            let old = self.original(wasm, 3).unwrap_or(&[0]);
            let mut c = Vec::new();
            uleb(
                &mut c,
                count(
                    self.defined_functions
                        .len()
                        .saturating_add(entry_points.len()),
                )?,
            );
            c.extend_from_slice(after_count(old)?);
            for &(_, _, entry_type, _) in &entry_points {
                uleb(&mut c, entry_type);
            }
            replaced.push((3, c));
        }
        {
            let old = self.original(wasm, 6).unwrap_or(&[0]);
            let mut c = Vec::new();
            uleb(&mut c, self.defined_globals.saturating_add(1));
            c.extend_from_slice(after_count(old)?);
            // (global (mut i32) (i32.const 0))
            c.extend_from_slice(&[0x7f, 0x01, 0x41, 0x00, 0x0b]);
            replaced.push((6, c));
        }
        {
            let mut c = Vec::new();
            uleb(&mut c, count(self.exports.len().saturating_add(1))?);
            for (name, kind, index) in &self.exports {
                name_bytes(&mut c, name)?;
                c.push(export_kind(*kind)?);
                let thunk = match kind {
                    ExternalKind::Func => thunk_of(name)?,
                    _ => None,
                };
                uleb(&mut c, thunk.unwrap_or(*index));
            }
            name_bytes(&mut c, DEPTH_EXPORT)?;
            c.push(0x03);
            uleb(&mut c, depth);
            replaced.push((7, c));
        }
        if !self.bodies.is_empty() || !entry_points.is_empty() {
            let mut c = Vec::new();
            uleb(
                &mut c,
                count(self.bodies.len().saturating_add(entry_points.len()))?,
            );
            for (body, bt) in self.bodies.iter().zip(&block_types) {
                let code = instrument(wasm, body, bt, depth, budget)?;
                uleb(&mut c, count(code.len())?);
                c.extend_from_slice(&code);
            }
            for &(_, entry_index, _, params) in &entry_points {
                // No locals; zero the count; pass the arguments on; call the entry.
                let mut code = vec![0x00, 0x41, 0x00, 0x24];
                uleb(&mut code, depth);
                for p in 0..params {
                    code.push(0x20);
                    uleb(&mut code, count(p)?);
                }
                code.push(0x10);
                uleb(&mut code, entry_index);
                code.push(0x0b);
                uleb(&mut c, count(code.len())?);
                c.extend_from_slice(&code);
            }
            replaced.push((10, c));
        }

        // The original's sections in order, each replaced where the rewrite changes
        // it; a section the original lacks goes before the first that must follow it.
        let mut out = Vec::with_capacity(wasm.len().saturating_mul(2));
        out.extend_from_slice(wasm.get(..8).ok_or_else(|| invalid("no header"))?);
        let mut missing: Vec<&(u8, Vec<u8>)> = replaced
            .iter()
            .filter(|(id, _)| !self.sections.iter().any(|s| s.id == *id))
            .collect();
        for section in &self.sections {
            if section.id != 0 {
                while let Some(&&(id, ref content)) = missing.first() {
                    if rank(id) > rank(section.id) {
                        break;
                    }
                    write_section(&mut out, id, content)?;
                    missing.remove(0);
                }
            }
            let content = match replaced.iter().find(|(id, _)| *id == section.id) {
                Some((_, c)) => c.as_slice(),
                None => wasm
                    .get(section.range.clone())
                    .ok_or_else(|| invalid("a section outside the module"))?,
            };
            write_section(&mut out, section.id, content)?;
        }
        for (id, content) in missing {
            write_section(&mut out, *id, content)?;
        }
        Ok(out)
    }

    fn type_of_function(&self, index: u32) -> Option<u32> {
        let defined = index.checked_sub(self.imported_functions)?;
        self.defined_functions.get(defined as usize).copied()
    }

    fn original<'w>(&self, wasm: &'w [u8], id: u8) -> Option<&'w [u8]> {
        let s = self.sections.iter().find(|s| s.id == id)?;
        wasm.get(s.range.clone())
    }
}

/// A body with the frame accounting: its locals, the prologue, the original code in a
/// block of the function's results with the epilogue before every `return`, then the
/// epilogue. The original's last `end` closes the block, so branches to the function's
/// label land on the epilogue too.
fn instrument(
    wasm: &[u8],
    body: &Body,
    block_type: &[u8],
    depth: u32,
    budget: u32,
) -> Result<Vec<u8>, DeployError> {
    let bytes = |r: Range<usize>| {
        wasm.get(r)
            .ok_or_else(|| invalid("a body outside the module"))
    };
    let cost = i64::from(body.cost);
    let mut c = Vec::with_capacity(body.range.len().saturating_mul(2));
    c.extend_from_slice(bytes(body.range.start..body.locals_end)?);
    // count += cost; if count > budget: unreachable.
    c.push(0x23);
    uleb(&mut c, depth);
    c.push(0x41);
    sleb(&mut c, cost);
    c.push(0x6a);
    c.push(0x24);
    uleb(&mut c, depth);
    c.push(0x23);
    uleb(&mut c, depth);
    c.push(0x41);
    sleb(&mut c, i64::from(budget));
    c.extend_from_slice(&[0x4b, 0x04, 0x40, 0x00, 0x0b]);
    c.push(0x02);
    c.extend_from_slice(block_type);
    let epilogue = |c: &mut Vec<u8>| {
        c.push(0x23);
        uleb(c, depth);
        c.push(0x41);
        sleb(c, cost);
        c.push(0x6b);
        c.push(0x24);
        uleb(c, depth);
    };
    let mut from = body.locals_end;
    for &r in &body.returns {
        c.extend_from_slice(bytes(from..r)?);
        epilogue(&mut c);
        from = r;
    }
    c.extend_from_slice(bytes(from..body.range.end)?);
    epilogue(&mut c);
    c.push(0x0b);
    Ok(c)
}

/// Section `id` with `content`, framed.
fn write_section(out: &mut Vec<u8>, id: u8, content: &[u8]) -> Result<(), DeployError> {
    out.push(id);
    uleb(out, count(content.len())?);
    out.extend_from_slice(content);
    Ok(())
}

/// Where section `id` must come in a module (custom sections, id 0, go anywhere).
fn rank(id: u8) -> u8 {
    match id {
        1..=5 => id,
        13 => 6,  // tag
        6 => 7,   // global
        7 => 8,   // export
        8 => 9,   // start
        9 => 10,  // element
        12 => 11, // data count
        10 => 12, // code
        11 => 13, // data
        _ => 0,
    }
}

fn count(n: usize) -> Result<u32, DeployError> {
    u32::try_from(n).map_err(|_| invalid("a count beyond u32"))
}

/// A vector section's contents after its leading count.
fn after_count(content: &[u8]) -> Result<&[u8], DeployError> {
    let mut reader = wasmparser::BinaryReader::new(content, 0);
    reader.read_var_u32().map_err(invalid)?;
    content
        .get(reader.current_position()..)
        .ok_or_else(|| invalid("a truncated section"))
}

fn uleb(out: &mut Vec<u8>, mut v: u32) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn sleb(out: &mut Vec<u8>, mut v: i64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        let done = (v == 0 && byte & 0x40 == 0) || (v == -1 && byte & 0x40 != 0);
        if done {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn name_bytes(out: &mut Vec<u8>, name: &str) -> Result<(), DeployError> {
    uleb(out, count(name.len())?);
    out.extend_from_slice(name.as_bytes());
    Ok(())
}

fn val_type(out: &mut Vec<u8>, t: ValType) -> Result<(), DeployError> {
    out.push(match t {
        ValType::I32 => 0x7f,
        ValType::I64 => 0x7e,
        ValType::F32 => 0x7d,
        ValType::F64 => 0x7c,
        ValType::Ref(r) if r == wasmparser::RefType::FUNCREF => 0x70,
        ValType::Ref(r) if r == wasmparser::RefType::EXTERNREF => 0x6f,
        other => {
            return Err(invalid(format!(
                "a value type outside the accepted features: {other}"
            )))
        }
    });
    Ok(())
}

fn export_kind(kind: ExternalKind) -> Result<u8, DeployError> {
    Ok(match kind {
        ExternalKind::Func => 0x00,
        ExternalKind::Table => 0x01,
        ExternalKind::Memory => 0x02,
        ExternalKind::Global => 0x03,
        other => {
            return Err(invalid(format!(
                "an export outside the accepted features: {other:?}"
            )))
        }
    })
}
