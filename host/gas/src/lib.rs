#![doc = include_str!("../README.md")]
//!
//! # In more detail
//!
//! Gas schedules of zkhost's host functions, all of them constants.
//!
//! Prices are consensus: every node must charge the same gas for the same input, on
//! every machine. So every price here is a `const` in this source — the EIP-1108
//! BN254 prices, the G1 MSM discount table, the EIP-2537 BLS12-381 prices and their
//! two discount tables, the verkle prices and the runtime's own host-call costs — and
//! nothing is read from a file or measured at run time.
//! Calibration (`zkhost calibrate`) only chooses algorithms, which changes speed,
//! never a unit of gas.
//!
//! A schedule is a value: a chain picks a preset (or builds its own) and every path
//! — native, contract, CLI — prices an operation from the same value. Every price
//! depends on the input length alone, so it can be charged before a byte is decoded,
//! and saturates rather than overflowing for absurd lengths.

#![no_std]

use zkhost_abi::bls12_381::{G1_MSM_RECORD_LEN, G2_MSM_RECORD_LEN, PAIR_LEN as BLS12_PAIR_LEN};
use zkhost_abi::bn254::{MSM_RECORD_LEN, PAIR_LEN};
use zkhost_abi::verkle::{ELEMENT_LEN as VERKLE_SCALAR_LEN, UPDATE_ENTRY_LEN as VERKLE_ENTRY_LEN};

/// Prices of the alt_bn128 operations, in gas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GasSchedule {
    /// ECADD (precompile 0x06).
    pub add: u64,
    /// ECMUL (precompile 0x07).
    pub mul: u64,
    /// Fixed part of the pairing check (precompile 0x08).
    pub pairing_base: u64,
    /// Price of each 192-byte pair of the pairing check.
    pub pairing_per_pair: u64,
}

impl GasSchedule {
    /// EIP-1108 (Istanbul) prices, in force on Ethereum since 2019.
    pub const ISTANBUL: GasSchedule = GasSchedule {
        add: 150,
        mul: 6_000,
        pairing_base: 45_000,
        pairing_per_pair: 34_000,
    };

    /// The original EIP-196/197 (Byzantium) prices.
    pub const BYZANTIUM: GasSchedule = GasSchedule {
        add: 500,
        mul: 40_000,
        pairing_base: 100_000,
        pairing_per_pair: 80_000,
    };

    /// The gas of a pairing check on `input_len` bytes: whole 192-byte pairs
    /// (`floor(len / 192)`), as go-ethereum and revm count them, whether or not the
    /// input turns out to be valid.
    pub fn pairing(&self, input_len: usize) -> u64 {
        let pairs = (input_len / PAIR_LEN) as u64;
        self.pairing_per_pair
            .saturating_mul(pairs)
            .saturating_add(self.pairing_base)
    }

    /// The gas of a G1 MSM on `input_len` bytes, by the EIP-2537 method from the
    /// mul price: `k × mul × discount(k) / 1000` for `k = floor(len / 96)` records,
    /// with [`MSM_DISCOUNT`]; zero records cost nothing.
    pub fn msm(&self, input_len: usize) -> u64 {
        discounted(input_len / MSM_RECORD_LEN, self.mul, &MSM_DISCOUNT)
    }
}

impl Default for GasSchedule {
    fn default() -> Self {
        GasSchedule::ISTANBUL
    }
}

/// The G1 MSM discount, in thousandths, for `k = 1..=128` records: `MSM_DISCOUNT[k −
/// 1]`, flat beyond 128 as EIP-2537 caps its tables. The values were measured (an
/// MSM of k points over k single multiplications, `zkhost calibrate`) and are fixed
/// here as consensus: a new calibration may propose a new table, which only a
/// deliberate change to this constant adopts.
pub const MSM_DISCOUNT: [u16; 128] = [
    1000, 677, 590, 539, 539, 539, 476, 476, 476, 476, 476, 476, 476, 476, 445, 418, 404, 404, 404,
    404, 404, 404, 404, 394, 394, 394, 394, 394, 394, 394, 393, 393, 393, 392, 392, 392, 392, 392,
    392, 392, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390,
    390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390,
    390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 390, 388, 388, 386,
    384, 383, 383, 383, 383, 380, 380, 380, 380, 380, 380, 380, 380, 380, 380, 380, 380, 377, 377,
    377, 377, 377, 377, 377, 377, 377, 377, 377, 374, 374, 374, 374, 374,
];

/// The discount for `k` records in thousandths ([`MSM_DISCOUNT`], flat beyond 128;
/// `k = 0` is treated as 1).
pub fn msm_discount(k: usize) -> u32 {
    let i = k.clamp(1, MSM_DISCOUNT.len()) - 1;
    u32::from(MSM_DISCOUNT[i])
}

/// Prices of the verkle host functions, in gas. Each is a base plus a price per
/// scalar (commit) or per entry (update), computed from the input length before any
/// work and set for the worst case: every scalar non-zero and full-size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VerkleGas {
    /// `verkle_commit`: fixed part.
    pub commit_base: u64,
    /// `verkle_commit`: per 32-byte scalar.
    pub commit_per_scalar: u64,
    /// `verkle_update`: fixed part (decoding and encoding the commitment).
    pub update_base: u64,
    /// `verkle_update`: per 65-byte entry.
    pub update_per_entry: u64,
    /// `verkle_commitment_to_field`.
    pub to_field: u64,
    /// `verkle_update_uncompressed`: fixed part (no square root: a curve-equation
    /// check, a Jacobi symbol and the encoding's inversion); entries are priced as
    /// `update_per_entry`. `verkle_commit_uncompressed` is priced as `verkle_commit`.
    pub update_uncompressed_base: u64,
    /// `verkle_tree_key` (EIP-6800): a flat price, every input being 64 bytes.
    pub tree_key: u64,
}

impl VerkleGas {
    /// zkhost's schedule, derived from `zkhost bench` at 100 Mgas/s (10 ns a gas) on
    /// the reference machine, rounded up; see the book's Verkle chapter, `docs/src/verkle.md`.
    pub const ZKHOST: VerkleGas = VerkleGas {
        commit_base: 10_000,
        commit_per_scalar: 600,
        update_base: 10_000,
        update_per_entry: 750,
        to_field: 2_000,
        update_uncompressed_base: 5_000,
        tree_key: 2_000,
    };

    /// The gas of `verkle_commit` on `input_len` bytes: `floor(len / 32)` scalars.
    pub fn commit(&self, input_len: usize) -> u64 {
        let scalars = (input_len / VERKLE_SCALAR_LEN) as u64;
        self.commit_per_scalar
            .saturating_mul(scalars)
            .saturating_add(self.commit_base)
    }

    /// The gas of `verkle_update` on `input_len` bytes: `floor((len − 32) / 65)`
    /// entries (none below 32 bytes).
    pub fn update(&self, input_len: usize) -> u64 {
        let entries = (input_len.saturating_sub(VERKLE_SCALAR_LEN) / VERKLE_ENTRY_LEN) as u64;
        self.update_per_entry
            .saturating_mul(entries)
            .saturating_add(self.update_base)
    }

    /// The gas of `verkle_update_uncompressed` on `input_len` bytes:
    /// `floor((len − 64) / 65)` entries (none below 64 bytes).
    pub fn update_uncompressed(&self, input_len: usize) -> u64 {
        let head = 2 * VERKLE_SCALAR_LEN;
        let entries = (input_len.saturating_sub(head) / VERKLE_ENTRY_LEN) as u64;
        self.update_per_entry
            .saturating_mul(entries)
            .saturating_add(self.update_uncompressed_base)
    }
}

impl Default for VerkleGas {
    fn default() -> Self {
        VerkleGas::ZKHOST
    }
}

/// Prices of the BLS12-381 operations (EIP-2537), in gas. Like every price here, each
/// depends on the input length alone, so it is charged before a byte is decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bls12Gas {
    /// G1ADD (precompile 0x0b).
    pub g1_add: u64,
    /// G2ADD (precompile 0x0d).
    pub g2_add: u64,
    /// G1MSM (0x0c): the price of one multiplication, discounted per
    /// [`BLS12_G1_MSM_DISCOUNT`].
    pub g1_mul: u64,
    /// G2MSM (0x0e): the price of one multiplication, discounted per
    /// [`BLS12_G2_MSM_DISCOUNT`].
    pub g2_mul: u64,
    /// Fixed part of PAIRING_CHECK (0x0f).
    pub pairing_base: u64,
    /// Price of each 384-byte pair of PAIRING_CHECK.
    pub pairing_per_pair: u64,
    /// MAP_FP_TO_G1 (0x10).
    pub map_fp_to_g1: u64,
    /// MAP_FP2_TO_G2 (0x11).
    pub map_fp2_to_g2: u64,
}

impl Bls12Gas {
    /// EIP-2537's prices, in force on Ethereum since Prague.
    pub const PRAGUE: Bls12Gas = Bls12Gas {
        g1_add: 375,
        g2_add: 600,
        g1_mul: 12_000,
        g2_mul: 22_500,
        pairing_base: 37_700,
        pairing_per_pair: 32_600,
        map_fp_to_g1: 5_500,
        map_fp2_to_g2: 23_800,
    };

    /// The gas of G1MSM on `input_len` bytes: `k × g1_mul × discount(k) / 1000` for
    /// `k = floor(len / 160)`; zero records cost nothing (the call then fails).
    pub fn g1_msm(&self, input_len: usize) -> u64 {
        let k = input_len / G1_MSM_RECORD_LEN;
        discounted(k, self.g1_mul, &BLS12_G1_MSM_DISCOUNT)
    }

    /// The gas of G2MSM on `input_len` bytes: `k × g2_mul × discount(k) / 1000` for
    /// `k = floor(len / 288)`; zero records cost nothing.
    pub fn g2_msm(&self, input_len: usize) -> u64 {
        let k = input_len / G2_MSM_RECORD_LEN;
        discounted(k, self.g2_mul, &BLS12_G2_MSM_DISCOUNT)
    }

    /// The gas of PAIRING_CHECK on `input_len` bytes: `pairing_base +
    /// pairing_per_pair × floor(len / 384)`.
    pub fn pairing(&self, input_len: usize) -> u64 {
        let pairs = (input_len / BLS12_PAIR_LEN) as u64;
        self.pairing_per_pair
            .saturating_mul(pairs)
            .saturating_add(self.pairing_base)
    }
}

impl Default for Bls12Gas {
    fn default() -> Self {
        Bls12Gas::PRAGUE
    }
}

/// Prices of the two fixed-price precompiles Ethereum added after EIP-2537: KZG point
/// evaluation (EIP-4844, 0x0a) and P256VERIFY (EIP-7951, 0x100). Each is one price for
/// every input, charged before a byte is read, whether or not the input is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KzgP256Gas {
    /// POINT_EVALUATION (0x0a), EIP-4844's `POINT_EVALUATION_PRECOMPILE_GAS`.
    pub point_evaluation: u64,
    /// P256VERIFY (0x100): EIP-7951's price, also for an invalid signature (the call
    /// succeeds with an empty output).
    pub p256_verify: u64,
}

impl KzgP256Gas {
    /// The prices in force on Ethereum since Osaka: 50,000 for point evaluation (since
    /// Cancun) and EIP-7951's 6,900 for P256VERIFY (RIP-7212's rollups charge 3,450).
    pub const OSAKA: KzgP256Gas = KzgP256Gas {
        point_evaluation: 50_000,
        p256_verify: 6_900,
    };
}

impl Default for KzgP256Gas {
    fn default() -> Self {
        KzgP256Gas::OSAKA
    }
}

/// `k × per_point × table(k) / 1000`, the EIP-2537 MSM price (for BN254's MSM and
/// BLS12-381's): the table's last entry beyond its length, 0 for `k = 0`, saturating.
fn discounted(k: usize, per_point: u64, table: &[u16; 128]) -> u64 {
    if k == 0 {
        return 0;
    }
    let discount = table[k.min(table.len()) - 1];
    let g = (k as u128)
        .saturating_mul(u128::from(per_point))
        .saturating_mul(u128::from(discount))
        / 1000;
    u64::try_from(g).unwrap_or(u64::MAX)
}

/// EIP-2537's G1MSM discount, in thousandths, for `k = 1..=128` records
/// (`BLS12_G1_MSM_DISCOUNT[k − 1]`; the last entry beyond 128). Consensus values, as
/// the EIP gives them.
pub const BLS12_G1_MSM_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665,
    661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615,
    613, 611, 609, 608, 606, 604, 603, 601, 599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585,
    584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563,
    562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545,
    544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529,
    528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// EIP-2537's G2MSM discount, in thousandths, for `k = 1..=128` records
/// (`BLS12_G2_MSM_DISCOUNT[k − 1]`; the last entry beyond 128).
pub const BLS12_G2_MSM_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704,
    699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632,
    629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593,
    592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568,
    567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549,
    548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534,
    533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// Prices of circomlib's Poseidon (`zkhost-poseidon`), in gas, per input count.
///
/// [`PoseidonGas::ZKHOST`] is measured, by EIP-1108's method: `3000 × t / t_ecrecover`
/// with both timed natively in the same interleaved rounds (`zkhost bench`), so the
/// price says how many `ecrecover`s of work a hash is, on any machine where that ratio
/// holds. [`PoseidonGas::PROVISIONAL`] is the operation-count model it replaced, kept
/// as the cross-check the tests apply to a measurement: 3 gas per 2 field
/// multiplications of the optimised permutation at width `t = n + 1`, `8·(3t + t²)` in
/// the full rounds (S-box and dense matrix), `R_P·(2t + 2)` in the partial rounds
/// (S-box and sparse matrix) and `t` to read the input (`zkhost-poseidon`'s tests
/// recompute it from the round counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoseidonGas {
    /// The price of a hash of `n` inputs is `per_count[n − 1]`, `1 ≤ n ≤ 16`.
    pub per_count: [u64; 16],
}

impl PoseidonGas {
    /// zkhost's prices, measured: for each input count, the median of three runs of
    /// `zkhost bench --zk-only` (2026-12-04, AMD EPYC family 25 model 17, 2 vCPUs,
    /// steal at most 0.1%) of EIP-1108's `3000 × t / t_ecrecover`, rounded up to three
    /// significant figures. Non-decreasing in the count, as the work is.
    pub const ZKHOST: PoseidonGas = PoseidonGas {
        per_count: [
            649, 940, 1240, 1650, 2010, 2470, 2930, 3350, 3710, 4440, 4730, 5460, 6310, 6390, 7250,
            8110,
        ],
    };

    /// The operation-count model (see the type's documentation): not charged.
    pub const PROVISIONAL: PoseidonGas = PoseidonGas {
        per_count: [
            627, 905, 1182, 1568, 1917, 2363, 2796, 3200, 3555, 4241, 4518, 5246, 6027, 6143, 6936,
            7778,
        ],
    };

    /// The gas of a hash on `input_len` bytes, from the length alone: the price of
    /// `floor(len / 32)` inputs, clamped to 1..=16, so that a refused input (a length
    /// not a multiple of 32, or 0 or more than 16 elements) is charged too.
    pub fn poseidon(&self, input_len: usize) -> u64 {
        let n = (input_len / 32).clamp(1, self.per_count.len());
        self.per_count[n - 1]
    }
}

impl Default for PoseidonGas {
    fn default() -> Self {
        PoseidonGas::ZKHOST
    }
}

/// Prices of BN254 point compression and decompression (`zkhost_bn254::compress`,
/// Solana's format), in gas: flat, every input having one length.
///
/// [`CompressionGas::ZKHOST`] is measured as [`PoseidonGas::ZKHOST`] is (EIP-1108's
/// method against `ecrecover`, same rounds). [`CompressionGas::PROVISIONAL`], the
/// operation-count model it replaced, counts 3 gas per 2 field multiplications: G1 compression is
/// a curve check (a few multiplications); G1 decompression a square root (an
/// exponentiation by `(p + 1)/4`: about 380 multiplications); G2 compression the twist
/// check and the subgroup test (a multiplication by the 63-bit BN parameter on the
/// twist and three endomorphisms, about 2,500); G2 decompression two or three square
/// roots in Fp, two inversions and the subgroup test (about 4,000).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompressionGas {
    /// `alt_bn128_g1_compress`.
    pub g1_compress: u64,
    /// `alt_bn128_g1_decompress`.
    pub g1_decompress: u64,
    /// `alt_bn128_g2_compress`.
    pub g2_compress: u64,
    /// `alt_bn128_g2_decompress`.
    pub g2_decompress: u64,
}

impl CompressionGas {
    /// zkhost's prices, measured as [`PoseidonGas::ZKHOST`] (median of the same three
    /// runs, rounded up to three significant figures). Decompression is a square root
    /// (G1) or two or three and the subgroup check (G2); compression a curve check (G1)
    /// or the curve and subgroup checks (G2).
    pub const ZKHOST: CompressionGas = CompressionGas {
        g1_compress: 16,
        g1_decompress: 515,
        g2_compress: 3_110,
        g2_decompress: 4_720,
    };

    /// The operation-count model (see the type's documentation): not charged.
    pub const PROVISIONAL: CompressionGas = CompressionGas {
        g1_compress: 30,
        g1_decompress: 600,
        g2_compress: 3_750,
        g2_decompress: 6_000,
    };
}

impl Default for CompressionGas {
    fn default() -> Self {
        CompressionGas::ZKHOST
    }
}

/// Prices of the signature functions of `zkhost-sig` beyond P256VERIFY (whose price is
/// [`KzgP256Gas::p256_verify`]).
///
/// `ecrecover` is Ethereum's. The others are zkhost's, measured by EIP-1108's method:
/// each operation's median time on zkhost's backend, converted at the rate ecrecover's
/// 3,000 gas buys on the same machine in the same run (`zkhost bench`'s `sig` rows),
/// rounded up to three significant figures. The Ed25519 functions price the bytes they
/// hash (SHA-512 over `R ‖ A ‖ message`) per 32-byte word of input, and the batch its
/// per-signature work per record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SigGas {
    /// `secp256k1_ecrecover`: the EVM's 0x01, one price for every input.
    pub ecrecover: u64,
    /// `secp256k1_verify`, one price for every input.
    pub secp256k1_verify: u64,
    /// `secp256k1_recover_pubkey`, one price for every input.
    pub secp256k1_recover: u64,
    /// `ed25519_verify`: the base price of one signature.
    pub ed25519_verify: u64,
    /// `ed25519_batch_verify`: the base price of a batch.
    pub ed25519_batch_base: u64,
    /// `ed25519_batch_verify`: the price of each record (charged once the input is
    /// read and its records counted).
    pub ed25519_batch_per_record: u64,
    /// Both Ed25519 functions: the price of each 32-byte word of input (rounded up).
    pub ed25519_per_word: u64,
}

impl SigGas {
    /// Ethereum's ecrecover (3,000, go-ethereum's `EcrecoverGas` since Frontier, the
    /// anchor of EIP-1108's method) and zkhost's measured prices of the others.
    ///
    /// Measured on an AMD EPYC (family 25 model 17, 2,596 MHz): `zkhost bench --zk-only`,
    /// five runs with ecrecover at 37.4–38.1 µs in the same rounds, the highest of each
    /// operation's medians taken: verification 2,990 and recovery 3,040; one Ed25519
    /// signature on a 32-byte message 3,570 (runs gave 2,880–3,570), of which 4 words;
    /// a word of SHA-512 52 ns, 4.1 gas (`cargo bench -p zkhost-sig --bench ed25519`,
    /// 32-byte and 4 KiB messages); batches of 8 and 64 records of 132 bytes at most
    /// 13,600 and 95,400, whose line through both, less their words, is 1,441 per
    /// record; the base then set so that a batch of one (at most 3,470, run as one
    /// verification) is covered.
    pub const ZKHOST: SigGas = SigGas {
        ecrecover: 3_000,
        secp256k1_verify: 2_990,
        secp256k1_recover: 3_040,
        ed25519_verify: 3_550,
        ed25519_batch_base: 2_000,
        ed25519_batch_per_record: 1_450,
        ed25519_per_word: 5,
    };

    /// The price of `ed25519_verify` on `len` input bytes.
    pub fn ed25519_verify(&self, len: usize) -> u64 {
        self.ed25519_verify
            .saturating_add(self.ed25519_per_word.saturating_mul(words(len)))
    }

    /// The part of `ed25519_batch_verify`'s price known from its length (the records'
    /// part is [`SigGas::ed25519_batch_records`]).
    pub fn ed25519_batch(&self, len: usize) -> u64 {
        self.ed25519_batch_base
            .saturating_add(self.ed25519_per_word.saturating_mul(words(len)))
    }

    /// The records' part of `ed25519_batch_verify`'s price: nothing for an input cut
    /// short (refused before any signature is checked).
    pub fn ed25519_batch_records(&self, input: &[u8]) -> u64 {
        let records = zkhost_abi::ed25519::record_count(input).unwrap_or(0);
        self.ed25519_batch_per_record
            .saturating_mul(u64::try_from(records).unwrap_or(u64::MAX))
    }
}

/// `price` for each of `count` items, saturating: the price of a function's records,
/// keys or points.
pub fn per_item(price: u64, count: usize) -> u64 {
    price.saturating_mul(u64::try_from(count).unwrap_or(u64::MAX))
}

/// The 32-byte words of `len` bytes, rounded up.
fn words(len: usize) -> u64 {
    u64::try_from(len.div_ceil(32)).unwrap_or(u64::MAX)
}

impl Default for SigGas {
    fn default() -> Self {
        SigGas::ZKHOST
    }
}

/// Prices of the BLS-signature functions (`bls_*`, `zkhost_abi::Family::BlsSignatures`).
///
/// zkhost's, by EIP-1108's method: each operation's median time on blst, converted at
/// the rate ecrecover's 3,000 gas buys on the same machine in the same run (`zkhost
/// bench`'s signature rows), rounded up to three significant figures. What grows with
/// the input is priced per item: hashing per 32-byte word of input, aggregation per
/// point, the fast-aggregate checks per key and `AggregateVerify` per record; the
/// counts a header declares are charged once the input is in bounds, before any work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlsGas {
    /// `bls_g1_decompress` (a square root and a subgroup check).
    pub g1_decompress: u64,
    /// `bls_g2_decompress`.
    pub g2_decompress: u64,
    /// `bls_g1_compress`.
    pub g1_compress: u64,
    /// `bls_g2_compress`.
    pub g2_compress: u64,
    /// `bls_hash_to_g1`, before its words.
    pub hash_to_g1: u64,
    /// `bls_hash_to_g2`, before its words.
    pub hash_to_g2: u64,
    /// The hashing functions and the verifications: each 32-byte word of input
    /// (rounded up).
    pub per_word: u64,
    /// `bls_aggregate_g1`: each point (decompressed, checked, added).
    pub aggregate_g1_per_point: u64,
    /// `bls_aggregate_g2`: each point.
    pub aggregate_g2_per_point: u64,
    /// `bls_verify`, and the signature check of the fast-aggregate functions: the
    /// signature's subgroup check, the hash to G2 and two Miller loops with one final
    /// exponentiation.
    pub verify: u64,
    /// `bls_fast_aggregate_verify`: each compressed key (decompressed, validated,
    /// added).
    pub fast_aggregate_per_key: u64,
    /// `bls_fast_aggregate_verify_uncompressed`: each EIP-2537 key (curve check, added).
    pub fast_aggregate_uncompressed_per_key: u64,
    /// `bls_aggregate_verify`, before its records.
    pub aggregate_verify: u64,
    /// `bls_aggregate_verify`: each record (a key validated, a hash to G2, a Miller
    /// loop).
    pub aggregate_verify_per_record: u64,
}

impl BlsGas {
    /// zkhost's measured prices: `zkhost bench --zk-only` on an AMD EPYC family 25
    /// model 17 (2026-12-06, ecrecover 37.4 µs = 3,000 gas), each row's EIP-1108 gas
    /// rounded up to three significant figures; a per-item price is the slope between
    /// the row of one item and the largest (512 keys or points, 8 records, 128 words),
    /// a base the one-item row's gas less its items.
    pub const ZKHOST: BlsGas = BlsGas {
        g1_decompress: 4_740,
        g2_decompress: 6_500,
        g1_compress: 30,
        g2_compress: 61,
        hash_to_g1: 4_970,
        hash_to_g2: 14_700,
        per_word: 2,
        aggregate_g1_per_point: 4_970,
        aggregate_g2_per_point: 6_750,
        verify: 95_700,
        fast_aggregate_per_key: 4_940,
        fast_aggregate_uncompressed_per_key: 65,
        aggregate_verify: 61_800,
        aggregate_verify_per_record: 33_400,
    };

    /// `base` and [`BlsGas::per_word`] for each 32-byte word of `len` input bytes
    /// (rounded up): the price of a function that hashes its input.
    pub fn hashed(&self, base: u64, len: usize) -> u64 {
        base.saturating_add(self.per_word.saturating_mul(words(len)))
    }
}

impl Default for BlsGas {
    fn default() -> Self {
        BlsGas::ZKHOST
    }
}

/// Every price a zkhost host function charges: the runtime's own cost of a host call
/// and of each byte it moves, and the operations' schedules. One unit of gas is one
/// unit of Wasmtime fuel (about one wasm instruction) when gas is metered as fuel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostCosts {
    /// Charged on every host-function call, before anything else.
    pub host_call: u64,
    /// Charged per byte a host function reads from or writes to guest memory
    /// (`input_read`, `output_write`, and the input of the crypto functions).
    pub per_byte: u64,
    /// The prices of the BN254 operations.
    pub precompiles: GasSchedule,
    /// The prices of the verkle operations.
    pub verkle: VerkleGas,
    /// The prices of the BLS12-381 operations.
    pub bls12: Bls12Gas,
    /// The prices of KZG point evaluation and P256VERIFY.
    pub kzg_p256: KzgP256Gas,
    /// The prices of Poseidon.
    pub poseidon: PoseidonGas,
    /// The prices of BN254 point compression and decompression.
    pub compression: CompressionGas,
    /// The prices of the signature functions (`ecrecover`).
    pub sig: SigGas,
    /// The prices of the BLS-signature functions.
    pub bls: BlsGas,
}

impl HostCosts {
    /// zkhost's prices, the default: 100 per host call, 1 per byte moved, EIP-1108
    /// for BN254, [`VerkleGas::ZKHOST`], EIP-2537 for BLS12-381, Osaka's prices for
    /// KZG point evaluation and P256VERIFY, [`PoseidonGas::ZKHOST`] and
    /// [`CompressionGas::ZKHOST`] (so a 2-pair check on its 384 bytes is 100 +
    /// 384 + 113,000 = 113,484; [`HostCosts::EIP`] drops the 484).
    pub const ZKHOST: HostCosts = HostCosts {
        host_call: 100,
        per_byte: 1,
        precompiles: GasSchedule::ISTANBUL,
        verkle: VerkleGas::ZKHOST,
        bls12: Bls12Gas::PRAGUE,
        kzg_p256: KzgP256Gas::OSAKA,
        poseidon: PoseidonGas::ZKHOST,
        compression: CompressionGas::ZKHOST,
        sig: SigGas::ZKHOST,
        bls: BlsGas::ZKHOST,
    };

    /// The EIP prices alone: EIP-1108 for BN254 and EIP-2537 for BLS12-381 with
    /// nothing added per host call or per byte (a 2-pair check is 113,000, as on
    /// Ethereum), and [`VerkleGas::ZKHOST`] (verkle has no EIP price). For a chain
    /// whose transaction already pays for calls and bytes its own way.
    pub const EIP: HostCosts = HostCosts {
        host_call: 0,
        per_byte: 0,
        ..HostCosts::ZKHOST
    };

    /// This schedule in a chain's own gas unit: every price constant (host call, per
    /// byte, each operation's base and per-item price, the MSMs' per-point prices)
    /// multiplied by `num / den` and rounded up, exactly, in 128-bit integers
    /// (`ceil(price × num / den)`, saturating at `u64::MAX`), so a scaled schedule
    /// never charges less than the exact ratio. The discount tables are ratios and
    /// stay as they are; prices computed from the constants (pairings, MSMs) are then
    /// computed as before, so such a price may exceed the exact scaled figure by the
    /// rounding of each constant it uses. `None` when `den` is 0.
    pub fn scaled(&self, num: u64, den: u64) -> Option<HostCosts> {
        if den == 0 {
            return None;
        }
        let f = |price: u64| -> u64 {
            let n = u128::from(price) * u128::from(num);
            let d = u128::from(den);
            let q = n / d + u128::from(n % d != 0);
            u64::try_from(q).unwrap_or(u64::MAX)
        };
        let (p, v, b) = (self.precompiles, self.verkle, self.bls12);
        let (k, h, c) = (self.kzg_p256, self.poseidon, self.compression);
        Some(HostCosts {
            host_call: f(self.host_call),
            per_byte: f(self.per_byte),
            precompiles: GasSchedule {
                add: f(p.add),
                mul: f(p.mul),
                pairing_base: f(p.pairing_base),
                pairing_per_pair: f(p.pairing_per_pair),
            },
            verkle: VerkleGas {
                commit_base: f(v.commit_base),
                commit_per_scalar: f(v.commit_per_scalar),
                update_base: f(v.update_base),
                update_per_entry: f(v.update_per_entry),
                to_field: f(v.to_field),
                update_uncompressed_base: f(v.update_uncompressed_base),
                tree_key: f(v.tree_key),
            },
            bls12: Bls12Gas {
                g1_add: f(b.g1_add),
                g2_add: f(b.g2_add),
                g1_mul: f(b.g1_mul),
                g2_mul: f(b.g2_mul),
                pairing_base: f(b.pairing_base),
                pairing_per_pair: f(b.pairing_per_pair),
                map_fp_to_g1: f(b.map_fp_to_g1),
                map_fp2_to_g2: f(b.map_fp2_to_g2),
            },
            kzg_p256: KzgP256Gas {
                point_evaluation: f(k.point_evaluation),
                p256_verify: f(k.p256_verify),
            },
            poseidon: PoseidonGas {
                per_count: h.per_count.map(f),
            },
            compression: CompressionGas {
                g1_compress: f(c.g1_compress),
                g1_decompress: f(c.g1_decompress),
                g2_compress: f(c.g2_compress),
                g2_decompress: f(c.g2_decompress),
            },
            sig: SigGas {
                ecrecover: f(self.sig.ecrecover),
                secp256k1_verify: f(self.sig.secp256k1_verify),
                secp256k1_recover: f(self.sig.secp256k1_recover),
                ed25519_verify: f(self.sig.ed25519_verify),
                ed25519_batch_base: f(self.sig.ed25519_batch_base),
                ed25519_batch_per_record: f(self.sig.ed25519_batch_per_record),
                ed25519_per_word: f(self.sig.ed25519_per_word),
            },
            bls: BlsGas {
                g1_decompress: f(self.bls.g1_decompress),
                g2_decompress: f(self.bls.g2_decompress),
                g1_compress: f(self.bls.g1_compress),
                g2_compress: f(self.bls.g2_compress),
                hash_to_g1: f(self.bls.hash_to_g1),
                hash_to_g2: f(self.bls.hash_to_g2),
                per_word: f(self.bls.per_word),
                aggregate_g1_per_point: f(self.bls.aggregate_g1_per_point),
                aggregate_g2_per_point: f(self.bls.aggregate_g2_per_point),
                verify: f(self.bls.verify),
                fast_aggregate_per_key: f(self.bls.fast_aggregate_per_key),
                fast_aggregate_uncompressed_per_key: f(self
                    .bls
                    .fast_aggregate_uncompressed_per_key),
                aggregate_verify: f(self.bls.aggregate_verify),
                aggregate_verify_per_record: f(self.bls.aggregate_verify_per_record),
            },
        })
    }

    /// The total price of a host call that moves `bytes` bytes and does `op_gas` work.
    /// Saturates: an absurd length simply costs more gas than any call has.
    pub fn call(&self, bytes: u64, op_gas: u64) -> u64 {
        self.host_call
            .saturating_add(self.per_byte.saturating_mul(bytes))
            .saturating_add(op_gas)
    }
}

impl Default for HostCosts {
    fn default() -> Self {
        HostCosts::ZKHOST
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osaka_kzg_and_p256_prices() {
        let g = KzgP256Gas::default();
        assert_eq!(g, KzgP256Gas::OSAKA);
        assert_eq!(g.point_evaluation, 50_000);
        assert_eq!(g.p256_verify, 6_900);
    }

    #[test]
    fn ed25519_prices_from_length_and_records() {
        let g = SigGas::ZKHOST;
        // One signature: base, then a word per 32 bytes, rounded up.
        assert_eq!(
            g.ed25519_verify(96),
            g.ed25519_verify + 3 * g.ed25519_per_word
        );
        assert_eq!(
            g.ed25519_verify(97),
            g.ed25519_verify + 4 * g.ed25519_per_word
        );
        // A batch: two records (messages of 0 and 5 bytes), 205 bytes, 7 words;
        // cut short, no record counts.
        let mut batch = [0u8; 205];
        batch[196..200].copy_from_slice(&5u32.to_be_bytes());
        batch[200..].fill(1);
        assert_eq!(
            g.ed25519_batch(batch.len()),
            g.ed25519_batch_base + 7 * g.ed25519_per_word
        );
        assert_eq!(
            g.ed25519_batch_records(&batch),
            2 * g.ed25519_batch_per_record
        );
        assert_eq!(g.ed25519_batch_records(&batch[..150]), 0);
    }

    #[test]
    fn poseidon_price_from_length() {
        let g = PoseidonGas::ZKHOST;
        assert_eq!(PoseidonGas::default(), g);
        assert_eq!(HostCosts::ZKHOST.poseidon, g);
        assert_eq!(g.poseidon(64), g.per_count[1]);
        assert_eq!(g.poseidon(16 * 32), g.per_count[15]);
        // Refused lengths are charged: the smallest price below one element, the
        // largest above sixteen, the whole elements' price otherwise.
        assert_eq!(g.poseidon(0), g.per_count[0]);
        assert_eq!(g.poseidon(31), g.per_count[0]);
        assert_eq!(g.poseidon(65), g.per_count[1]);
        assert_eq!(g.poseidon(17 * 32), g.per_count[15]);
        assert_eq!(g.poseidon(usize::MAX), g.per_count[15]);
        // Wider hashes cost more.
        assert!(g.per_count.windows(2).all(|w| w[0] < w[1]));
    }

    /// A measured price far from the operation count would be a measurement gone
    /// wrong (a disturbed run, the wrong input): each is within a factor 1.5 of the
    /// model, and G2's decompression costs more than its compression.
    #[test]
    fn measured_prices_follow_the_operation_counts() {
        let near =
            |measured: u64, model: u64| 2 * measured <= 3 * model && 2 * model <= 3 * measured;
        for (m, c) in PoseidonGas::ZKHOST
            .per_count
            .iter()
            .zip(PoseidonGas::PROVISIONAL.per_count)
        {
            assert!(near(*m, c), "Poseidon {m} against the model's {c}");
        }
        let (m, c) = (CompressionGas::ZKHOST, CompressionGas::PROVISIONAL);
        for (m, c) in [
            (m.g1_decompress, c.g1_decompress),
            (m.g2_compress, c.g2_compress),
            (m.g2_decompress, c.g2_decompress),
        ] {
            assert!(near(m, c), "compression {m} against the model's {c}");
        }
        assert!(m.g1_compress < m.g1_decompress && m.g2_compress < m.g2_decompress);
        assert_eq!(CompressionGas::default(), m);
    }

    #[test]
    fn eip1108_prices() {
        let s = GasSchedule::ISTANBUL;
        assert_eq!(s.add, 150);
        assert_eq!(s.mul, 6_000);
        assert_eq!(s.pairing(0), 45_000);
        assert_eq!(s.pairing(191), 45_000);
        assert_eq!(s.pairing(192), 79_000);
        assert_eq!(s.pairing(385), 113_000);
        assert_eq!(GasSchedule::BYZANTIUM.pairing(384), 260_000);
        assert_eq!(s.pairing(usize::MAX), u64::MAX);
    }

    #[test]
    fn msm_prices_follow_the_discount_table() {
        let s = GasSchedule::ISTANBUL;
        assert_eq!(s.msm(0), 0);
        assert_eq!(s.msm(95), 0);
        assert_eq!(s.msm(96), 6_000);
        // Two records: 2 × 6000 × 677 / 1000.
        assert_eq!(s.msm(2 * 96), 8_124);
        assert_eq!(s.msm(128 * 96), 128 * 6_000 * 374 / 1000);
        // Flat beyond the table.
        assert_eq!(msm_discount(129), msm_discount(128));
        assert_eq!(msm_discount(100_000), 374);
        assert_eq!(s.msm(usize::MAX), u64::MAX);
        // The table never rises: a larger MSM never costs more per point.
        assert!(MSM_DISCOUNT.windows(2).all(|w| w[1] <= w[0]));
    }

    #[test]
    fn scaling_is_exact_and_rounds_up() {
        let z = HostCosts::ZKHOST;
        assert_eq!(z.scaled(1, 1), Some(z));
        assert_eq!(z.scaled(1, 0), None);
        // A tenth: 150 / 10 = 15 exactly; 1 / 10 rounds up to 1; 45,000 / 10.
        let t = z.scaled(1, 10).unwrap();
        assert_eq!((t.precompiles.add, t.per_byte, t.host_call), (15, 1, 10));
        assert_eq!(t.precompiles.pairing(384), 4_500 + 2 * 3_400);
        // A third: ceil(150 / 3) = 50, ceil(6000 / 3) = 2000, ceil(375 / 3) = 125,
        // ceil(100 / 3) = 34, ceil(1 / 3) = 1.
        let third = z.scaled(1, 3).unwrap();
        assert_eq!(third.precompiles.add, 50);
        assert_eq!(third.bls12.g1_add, 125);
        assert_eq!(third.host_call, 34);
        assert_eq!(third.per_byte, 1);
        // ceil(22,500 × 7 / 9) = ceil(17,500) = 17,500; ceil(23,800 × 7 / 9) = 18,512
        // (166,600 / 9 = 18,511.1…).
        let s = z.scaled(7, 9).unwrap();
        assert_eq!(s.bls12.g2_mul, 17_500);
        assert_eq!(s.bls12.map_fp2_to_g2, 18_512);
        // Never below the exact ratio, never a unit above it, for every constant.
        for (num, den) in [(1u64, 3u64), (7, 9), (1_000_000, 1), (3, 7), (u64::MAX, 1)] {
            let s = z.scaled(num, den).unwrap();
            let pairs = [
                (z.host_call, s.host_call),
                (z.precompiles.mul, s.precompiles.mul),
                (z.verkle.commit_per_scalar, s.verkle.commit_per_scalar),
                (z.bls12.pairing_per_pair, s.bls12.pairing_per_pair),
            ];
            for (old, new) in pairs {
                let exact = u128::from(old) * u128::from(num);
                let new = u128::from(new);
                if new < u128::from(u64::MAX) {
                    assert!(new * u128::from(den) >= exact);
                    assert!((new - 1) * u128::from(den) < exact);
                }
            }
        }
        // Saturates rather than wrapping.
        assert_eq!(z.scaled(u64::MAX, 1).unwrap().precompiles.mul, u64::MAX);
    }

    #[test]
    fn verkle_prices() {
        let v = VerkleGas::ZKHOST;
        assert_eq!(v.commit(256 * 32), 163_600);
        assert_eq!(v.commit(31), 10_000);
        assert_eq!(v.update(32 + 65), 10_750);
        assert_eq!(v.update(0), 10_000);
        assert_eq!(v.to_field, 2_000);
    }

    #[test]
    fn eip2537_prices() {
        let b = Bls12Gas::PRAGUE;
        assert_eq!((b.g1_add, b.g2_add), (375, 600));
        assert_eq!((b.map_fp_to_g1, b.map_fp2_to_g2), (5_500, 23_800));
        assert_eq!(b.pairing(384), 37_700 + 32_600);
        assert_eq!(b.pairing(3 * 384 + 383), 37_700 + 3 * 32_600);
        assert_eq!(b.pairing(usize::MAX), u64::MAX);
        assert_eq!(b.g1_msm(159), 0);
        assert_eq!(b.g1_msm(160), 12_000);
        // Two records: 2 × 12000 × 949 / 1000.
        assert_eq!(b.g1_msm(2 * 160), 22_776);
        // Two G2 records get no discount; three get 923.
        assert_eq!(b.g2_msm(2 * 288), 45_000);
        assert_eq!(b.g2_msm(3 * 288), 3 * 22_500 * 923 / 1000);
        // Flat beyond 128 records, at the tables' last entries.
        assert_eq!(b.g1_msm(200 * 160), 200 * 12_000 * 519 / 1000);
        assert_eq!(b.g2_msm(129 * 288), 129 * 22_500 * 524 / 1000);
        assert_eq!(b.g1_msm(usize::MAX), u64::MAX);
        for table in [&BLS12_G1_MSM_DISCOUNT, &BLS12_G2_MSM_DISCOUNT] {
            assert_eq!(table[0], 1000);
            assert!(table.windows(2).all(|w| w[1] <= w[0]));
        }
    }
}
