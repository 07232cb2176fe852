//! zkhost's two pairing paths, the scalar tower and the tower on AVX-512 IFMA lanes,
//! as the registry's `zkhost-scalar` and `zkhost-ifma` (and `zkhost`, which picks
//! one): the lane path is offered exactly where the CPU has it, and the three give
//! the same bytes and refusals on pairing inputs of every kind, with the G2 cache
//! filled by one path and read by the other. The tests pass on any CPU; on an IFMA
//! CPU (without `ZKHOST_NO_IFMA`) they run the lane path.

use zkhost_bn254::{g2_cache, Backend, Error, Op};
use zkhost_testkit::{bn254, rng};

/// What the CPU and the environment say: AVX-512F, VL and IFMA, and no
/// `ZKHOST_NO_IFMA`.
fn cpu_has_ifma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::env::var_os("ZKHOST_NO_IFMA").is_none()
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512ifma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// zkhost's three entries of the registry.
fn paths() -> Vec<Backend> {
    ["zkhost", "zkhost-scalar", "zkhost-ifma"]
        .iter()
        .filter_map(|name| Backend::ALL.iter().copied().find(|b| b.name() == *name))
        .collect()
}

#[test]
fn the_lane_path_is_offered_where_the_cpu_has_it() {
    let has = cpu_has_ifma();
    eprintln!("AVX-512 IFMA in use: {has}");
    assert!(Backend::ZKHOST_SCALAR.is_available());
    assert!(Backend::ZKHOST.is_available());
    assert_eq!(
        Backend::named("zkhost-scalar"),
        Some(Backend::ZKHOST_SCALAR)
    );
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(Backend::ZKHOST_IFMA.is_available(), has);
        assert_eq!(
            Backend::named("zkhost-ifma"),
            has.then_some(Backend::ZKHOST_IFMA)
        );
        assert_eq!(
            "zkhost-ifma".parse::<Backend>().is_ok(),
            has,
            "--backend zkhost-ifma"
        );
        if !has {
            assert_eq!(
                "zkhost-ifma".parse::<Backend>().err().as_deref(),
                Some("backend \"zkhost-ifma\" is not available on this CPU")
            );
        }
        assert_eq!(paths().len(), 3);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        assert_eq!(Backend::named("zkhost-ifma"), None);
        assert_eq!(paths().len(), 2);
    }
}

/// Every path's result on `input`, asserted equal, returned once.
fn agree(input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut results = paths().into_iter().map(|b| (b, b.run(Op::Pairing, input)));
    let (first, reference) = results.next().expect("zkhost is registered");
    for (b, r) in results {
        assert_eq!(
            r,
            reference,
            "{first} and {b} differ on {}",
            hex::encode(input)
        );
    }
    reference
}

#[test]
fn the_paths_agree_on_pairing_inputs() {
    let mut rng = rng::rng(60);
    let (mut ok, mut one, mut err) = (0, 0, 0);
    for _ in 0..300 {
        let input = bn254::pairing_input(&mut rng);
        match agree(&input) {
            Ok(out) if out[31] == 1 => one += 1,
            Ok(_) => ok += 1,
            Err(_) => err += 1,
        }
    }
    // Up to ten pairs, products that are one among them.
    for k in [1, 2, 4, 7, 10] {
        for _ in 0..6 {
            let input = bn254::pairs(&mut rng, k);
            match agree(&input) {
                Ok(out) if out[31] == 1 => one += 1,
                Ok(_) => ok += 1,
                Err(_) => err += 1,
            }
        }
    }
    eprintln!("{one} true, {ok} false, {err} refused");
    assert!(one > 10 && ok > 10 && err > 10, "{one} {ok} {err}");
}

/// Points outside G2 are refused alike by every path, alone, among valid pairs and
/// behind a G1 point at infinity.
#[test]
fn the_paths_agree_on_the_subgroup_check() {
    let mut rng = rng::rng(61);
    let infinity = [0u8; 64];
    for _ in 0..20 {
        let outside = bn254::g2_bytes(&bn254::twist_point_outside_subgroup(&mut rng));
        let g1 = bn254::g1_bytes(&bn254::random_g1(&mut rng));
        let valid = bn254::pairs(&mut rng, 2);
        for input in [
            [&g1[..], &outside].concat(),
            [&valid[..], &g1, &outside].concat(),
            [&g1[..], &outside, &valid].concat(),
            [&infinity[..], &outside, &valid].concat(),
        ] {
            assert_eq!(agree(&input), Err(Error::G2NotInSubgroup));
        }
    }
}

/// The prepared lines one path stores in the G2 cache give the other path the same
/// results: each order, with the cache emptied between.
#[test]
fn the_paths_share_the_g2_cache() {
    let mut rng = rng::rng(62);
    let inputs: Vec<Vec<u8>> = (0..8).map(|k| bn254::pairs(&mut rng, 1 + k % 4)).collect();
    let fresh: Vec<_> = inputs
        .iter()
        .map(|i| Backend::ZKHOST_SCALAR.run(Op::Pairing, i))
        .collect();
    for order in [paths(), paths().into_iter().rev().collect()] {
        for first in &order {
            g2_cache::clear();
            for (input, want) in inputs.iter().zip(&fresh) {
                assert_eq!(&first.run(Op::Pairing, input), want, "{first}, filling");
                for b in &order {
                    assert_eq!(&b.run(Op::Pairing, input), want, "{b} after {first}");
                }
            }
        }
    }
}
