#!/usr/bin/env bash
# Rebuilds the guest contracts and writes them to fixtures/contracts/<name>.wasm.
#
# The output is reproducible: the pinned compiler (rust-toolchain.toml), the locked
# dependencies (Cargo.lock) and remapped source paths give byte-identical modules
# wherever the repository is checked out. CI rebuilds and compares with the
# committed files, so any RUSTFLAGS of the caller are deliberately replaced.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
out="$here/../fixtures/contracts"
target=wasm32-unknown-unknown
contracts=(forwarder pairing-bench wasm-pairing groth16-verifier node-verifier groth16-compressed-verifier wasm-poseidon eth-sync-committee wasm-sync-committee)

cargo_home="${CARGO_HOME:-$HOME/.cargo}"
mkdir -p "$cargo_home" # cargo creates it anyway; it must exist to be resolved here
cargo_home="$(cd "$cargo_home" && pwd -P)"

# Keep this machine's absolute paths (the checkout, the registry sources) out of the
# modules; the host's zkhost-abi is reached through the symlink contracts/abi, under the
# checkout (see contracts/Cargo.toml for why). No target-feature flags: see "WebAssembly features" in README.md.
# A 64 KiB shadow stack instead of rustc's default 1 MiB: the contracts need a few
# KiB, and a smaller initial memory makes every fresh instance cheaper to set up.
export RUSTFLAGS="--remap-path-prefix=$here=/contracts --remap-path-prefix=$cargo_home=/cargo -C link-arg=-zstack-size=65536"
unset CARGO_ENCODED_RUSTFLAGS CARGO_BUILD_RUSTFLAGS CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS

packages=()
for name in "${contracts[@]}"; do packages+=(-p "$name"); done

cd "$here"
# An explicit target dir keeps build-script outputs under the remapped prefix.
cargo build --release --locked --target "$target" --target-dir "$here/target" "${packages[@]}"

mkdir -p "$out"
for name in "${contracts[@]}"; do
    install -m 644 "target/$target/release/${name//-/_}.wasm" "$out/$name.wasm"
    printf '%7d bytes  %s  fixtures/contracts/%s.wasm\n' \
        "$(stat -c %s "$out/$name.wasm")" "$(sha256sum "$out/$name.wasm" | cut -c1-16)" "$name"
done
