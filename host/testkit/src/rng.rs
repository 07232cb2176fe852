//! The generators every test, benchmark and fuzz seed draws from: [`rng`], a seeded
//! ChaCha stream for generated inputs (`ZKHOST_SEED` explores new ones, a failure
//! stays reproducible), and [`SplitMix64`], a fixed dependency-free stream where a
//! value must never change (the benchmark's bootstrap, calibration inputs, corpus
//! inputs). Neither is for anything that needs unpredictability. And the two point
//! generators every curve's test support draws from: a random point of the group, and
//! a point of the curve outside the group.

use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::UniformRand;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// Generated inputs per operation for a differential test: `default`, unless
/// `ZKHOST_DIFFERENTIAL_CASES` says otherwise (`.ci/cross` lowers it under qemu).
pub fn differential_cases(default: usize) -> usize {
    std::env::var("ZKHOST_DIFFERENTIAL_CASES")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(default)
}

/// A seeded generator: `ZKHOST_SEED` overrides the default seed so that CI runs can
/// explore new inputs while a failure stays reproducible.
pub fn rng(stream: u64) -> ChaCha20Rng {
    let seed = std::env::var("ZKHOST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_2026u64);
    let mut r = ChaCha20Rng::seed_from_u64(seed);
    r.set_stream(stream);
    r
}

/// Random bytes of the given length.
pub fn random_bytes(rng: &mut impl RngCore, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

/// A uniformly random point of an arkworks group: `[s]G` for a random scalar `s`.
pub fn random_point<G: CurveGroup>(rng: &mut impl RngCore) -> G::Affine {
    (G::generator() * <G as PrimeGroup>::ScalarField::rand(rng)).into_affine()
}

/// A point of a short-Weierstrass curve outside its order-r subgroup: a random x whose
/// right-hand side is a square, drawn again while the point falls inside (which a
/// cofactor of more than a few bits makes rare). Loops forever on a curve of cofactor
/// one, such as BN254's G1: callers name a curve with a cofactor.
pub fn point_outside_subgroup<P: SWCurveConfig>(rng: &mut impl RngCore) -> Affine<P> {
    loop {
        let x = P::BaseField::rand(rng);
        if let Some(p) = Affine::<P>::get_point_from_x_unchecked(x, rng.gen()) {
            if !p.is_in_correct_subgroup_assuming_on_curve() {
                return p;
            }
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by the golden
/// ratio and mixed by two multiply-xorshift rounds. Its stream depends on the seed
/// alone, in every version of every dependency, which is what a committed result
/// (a bootstrap interval, a calibration input) needs.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The stream that starts from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 bits of the stream.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Four draws, most significant first: a 256-bit value as big-endian bytes.
    pub fn next_bytes32(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for chunk in out.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_be_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    /// The first outputs of Vigna's reference `splitmix64.c` from the seed
    /// 1477776061723855037, as the `rand_xoshiro` crate's test quotes them.
    #[test]
    fn splitmix64_reference_stream() {
        let mut g = SplitMix64::new(1477776061723855037);
        let expected = [
            1985237415132408290u64,
            2979275885539914483,
            13511426838097143398,
            8488337342461049707,
            15141737807933549159,
        ];
        for e in expected {
            assert_eq!(g.next_u64(), e);
        }
    }
}
