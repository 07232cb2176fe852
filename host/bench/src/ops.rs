//! The command line's name lookup, and the BN254 functions' backend facts the reports
//! use.

use zkhost_abi::Crypto;
use zkhost_bn254::{Backend, Op};

/// The BN254 functions, in report order.
pub const BN254: [Crypto; 4] = [
    Crypto::AltBn128Add,
    Crypto::AltBn128Mul,
    Crypto::AltBn128Pairing,
    Crypto::AltBn128G1Msm,
];

/// Every function's command-line name, a line per family, in the table's order: the
/// list `zkhost precompile --help` ends with.
pub fn function_list() -> String {
    let mut list = String::from(
        "Functions, by family:
",
    );
    for family in zkhost_abi::Family::ALL {
        let names: Vec<&str> = Crypto::ALL
            .iter()
            .filter(|f| f.family() == family)
            .map(|f| f.report_name())
            .collect();
        list.push_str(&format!(
            "  {family:?}: {}
",
            names.join(", ")
        ));
    }
    list
}

/// The function of a command-line name ([`Crypto::report_name`]).
pub fn parse(s: &str) -> Result<Crypto, String> {
    Crypto::from_report_name(s).ok_or_else(|| {
        let names: Vec<&str> = Crypto::ALL.map(Crypto::report_name).to_vec();
        format!("unknown operation {s:?} (one of {})", names.join(", "))
    })
}

/// The BN254 precompile a function is, if it is one (the MSM is not).
pub fn precompile(op: Crypto) -> Option<Op> {
    match op {
        Crypto::AltBn128Add => Some(Op::Add),
        Crypto::AltBn128Mul => Some(Op::Mul),
        Crypto::AltBn128Pairing => Some(Op::Pairing),
        _ => None,
    }
}

/// The backend the host function uses by default: the precompile's, and zkhost's for
/// the MSM (one engine, on zkhost's field) and the verkle functions (no backend).
pub fn default_backend(op: Crypto) -> Backend {
    precompile(op).map_or(Backend::ZKHOST, Backend::default_for)
}
