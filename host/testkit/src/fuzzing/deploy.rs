//! The [`deploy`] harness: any bytes, or a wasm-smith module, offered to the runtime
//! and called on fresh, pooled and warm instances.

use std::cell::RefCell;

use zkhost_runtime::{Runtime, RuntimeConfig, TrapKind};

/// Gas for each call of a deployed fuzz module: enough to run a while, small enough
/// for many executions a second.
pub const DEPLOY_GAS: u64 = 200_000;

/// Successful deploys after which the harness starts a new runtime (its code cache
/// only grows).
const DEPLOYS_PER_RUNTIME: u32 = 64;

/// Arbitrary bytes to `deploy`: `data[0]` even offers `data[1..]` as the module (odd
/// is the cargo-fuzz target's wasm-smith mode, which generates a module from
/// `data[1..]` and calls [`deploy_module`]; here it is ignored).
pub fn deploy(data: &[u8]) {
    if let Some((&mode, wasm)) = data.split_first() {
        if mode % 2 == 0 {
            deploy_module(wasm);
        }
    }
}

/// Offers a module to [`Runtime::deploy`] and, if it deploys, calls it: nothing may
/// panic; a deployed module uses only the accepted features; calls never fail to
/// instantiate, never end in a `host error`, use at most their gas (all of it when
/// out of gas) and give the same outcome on a fresh and on a pooled instance.
pub fn deploy_module(wasm: &[u8]) {
    thread_local! {
        static RUNTIME: RefCell<Option<(Runtime, u32)>> = const { RefCell::new(None) };
    }
    RUNTIME.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(_, n)| *n >= DEPLOYS_PER_RUNTIME) {
            match Runtime::new(RuntimeConfig::from_env()) {
                Ok(rt) => *slot = Some((rt, 0)),
                Err(e) => panic!("engine: {e:#}"),
            }
        }
        let Some((rt, deployed)) = slot.as_mut() else {
            return;
        };
        let Ok(code) = rt.deploy(wasm) else {
            return;
        };
        *deployed += 1;
        let mut validator = wasmparser::Validator::new_with_features(
            zkhost_runtime::engine::accepted_parser_features(),
        );
        if let Err(e) = validator.validate_all(wasm) {
            panic!("deployed, but not valid with the accepted features: {e}");
        }
        for input in [&[][..], &[0x5a; 64][..]] {
            let call = |what: &str| match rt.call(&code, input, DEPLOY_GAS) {
                Ok(o) => o,
                Err(e) => panic!("{what} call of a deployed module failed: {e}"),
            };
            let fresh = call("first");
            let pooled = call("second");
            let warm = match rt
                .instantiate(&code)
                .and_then(|mut w| w.call(input, DEPLOY_GAS))
            {
                Ok(o) => o,
                Err(e) => panic!("warm call of a deployed module failed: {e}"),
            };
            assert_ne!(fresh.trap(), Some(TrapKind::HostError), "host error");
            assert!(fresh.gas_used <= DEPLOY_GAS);
            if fresh.trap() == Some(TrapKind::OutOfGas) {
                assert_eq!(fresh.gas_used, DEPLOY_GAS);
            }
            assert_eq!(fresh, pooled, "fresh and pooled instances differ");
            assert_eq!(fresh, warm, "fresh and warm instances differ");
        }
    });
}
