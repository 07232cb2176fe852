//! The provisional Poseidon prices in `zkhost-gas` are the operation count they
//! claim, from this crate's round counts.

use zkhost_gas::PoseidonGas;
use zkhost_poseidon::{FULL_ROUNDS, MAX_INPUTS, PARTIAL_ROUNDS};

#[test]
fn provisional_prices_follow_the_operation_count() {
    for n in 1..=MAX_INPUTS {
        let t = (n + 1) as u64;
        let partial = PARTIAL_ROUNDS[n - 1] as u64;
        // Full rounds: t S-boxes (3 multiplications each) and the dense matrix (t²);
        // partial rounds: one S-box and the sparse matrix (2t − 1); t to read.
        let muls = FULL_ROUNDS as u64 * (3 * t + t * t) + partial * (2 * t + 2) + t;
        assert_eq!(
            PoseidonGas::PROVISIONAL.per_count[n - 1],
            (3 * muls).div_ceil(2),
            "n = {n}"
        );
        assert_eq!(
            PoseidonGas::PROVISIONAL.poseidon(32 * n),
            PoseidonGas::PROVISIONAL.per_count[n - 1]
        );
    }
}
