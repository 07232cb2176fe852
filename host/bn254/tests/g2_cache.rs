//! The cache of prepared G2 points changes speed, never a result: every generated
//! pairing input (valid, mutated, off the twist, outside the subgroup, at length
//! boundaries) gives the same output or error with the cache off, cold and warm,
//! equal to substrate-bn's; points that fail a check are never stored; repeated
//! points hit; the bound holds. One test, since the cache is per process.

use zkhost_bn254::{g2_cache, Backend};
use zkhost_testkit::{bn254, rng};

#[test]
fn the_cache_changes_nothing_but_speed() {
    let mut rng = rng::rng(70);
    let cases: Vec<Vec<u8>> = (0..600).map(|_| bn254::pairing_input(&mut rng)).collect();
    let reference: Vec<_> = cases
        .iter()
        .map(|i| Backend::SUBSTRATE_BN.pairing(i))
        .collect();

    let run_all = |pass: &str| {
        for (i, input) in cases.iter().enumerate() {
            assert_eq!(
                Backend::ZKHOST.pairing(input),
                reference[i],
                "{pass}, case {i}"
            );
        }
    };

    g2_cache::set_capacity(0);
    let before = g2_cache::stats();
    run_all("off");
    let off = g2_cache::stats();
    assert_eq!(
        (off.hits, off.misses, off.stored, off.len),
        (before.hits, before.misses, before.stored, 0)
    );

    g2_cache::set_capacity(100_000);
    for pass in ["cold", "warm"] {
        run_all(pass);
    }
    let warm = g2_cache::stats();
    assert!(warm.hits > off.hits + 200, "{warm:?}");
    assert!(warm.stored > off.stored, "{warm:?}");
    assert_eq!(warm.len as u64, warm.stored - off.stored);

    // A point on the twist outside the subgroup: refused every time, never stored.
    let bad = [
        bn254::g1_bytes(&bn254::random_g1(&mut rng)),
        bn254::g2_bytes(&bn254::twist_point_outside_subgroup(&mut rng)),
    ]
    .concat();
    let s0 = g2_cache::stats();
    for _ in 0..3 {
        assert_eq!(
            Backend::ZKHOST.pairing(&bad),
            Err(zkhost_bn254::Error::G2NotInSubgroup)
        );
    }
    let s1 = g2_cache::stats();
    assert_eq!((s1.stored, s1.misses), (s0.stored, s0.misses + 3));

    // One G2 point with many G1 points (a verifying key's): stored once, then hits,
    // and each result still matches the reference.
    let q = bn254::g2_bytes(&bn254::random_g2(&mut rng));
    let s0 = g2_cache::stats();
    for _ in 0..20 {
        let input = [bn254::g1_bytes(&bn254::random_g1(&mut rng)), q.clone()].concat();
        assert_eq!(
            Backend::ZKHOST.pairing(&input),
            Backend::SUBSTRATE_BN.pairing(&input)
        );
    }
    let s1 = g2_cache::stats();
    assert_eq!((s1.stored, s1.hits), (s0.stored + 1, s0.hits + 19));

    // The bound: shrinking drops the oldest at once; storing beyond it evicts.
    g2_cache::set_capacity(3);
    assert_eq!(g2_cache::stats().len, 3);
    for _ in 0..5 {
        let input = bn254::pairs(&mut rng, 1);
        assert_eq!(
            Backend::ZKHOST.pairing(&input),
            Backend::SUBSTRATE_BN.pairing(&input)
        );
        assert!(g2_cache::stats().len <= 3);
    }
    // Paused: nothing found, nothing stored, the points stay.
    let s0 = g2_cache::stats();
    g2_cache::pause(true);
    let input = [bn254::g1_bytes(&bn254::random_g1(&mut rng)), q.clone()].concat();
    assert_eq!(
        Backend::ZKHOST.pairing(&input),
        Backend::SUBSTRATE_BN.pairing(&input)
    );
    assert_eq!(g2_cache::stats(), s0);
    assert!(!g2_cache::stats().touched_since(&s0));
    g2_cache::pause(false);
    // Resumed: the same call looks the point up, which a benchmark's guard sees.
    Backend::ZKHOST.pairing(&input).expect("valid");
    assert!(g2_cache::stats().touched_since(&s0));
    g2_cache::clear();
    assert_eq!(g2_cache::stats().len, 0);
    g2_cache::set_capacity(g2_cache::DEFAULT_CAPACITY);
}
