//! Nothing to build: the build-dependencies exist for their features (see Cargo.toml).
fn main() {}
