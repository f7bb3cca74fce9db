#!/usr/bin/env bash
# Run every test of the workspace: unit, property and integration tests,
# including the comparisons with the reference Ext tables in ../shared/reference.
#
# On a fresh Debian machine the tests need the Rust toolchain (cargo, rustc) and,
# for the GPU kernels' tests, a Vulkan driver: Mesa's software rasterizer
# (packages mesa-vulkan-drivers and libvulkan1), installed here with apt-get when
# missing. Crates come from crates.io through Cargo.lock. The test profile is
# built with opt-level 2 (workspace Cargo.toml), so the resolutions in the tests
# run at near-release speed.
#
# Usage: scripts/test.sh [extra cargo test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    # rustup installs into ~/.cargo/bin; a login shell may not have it on PATH.
    if [ -x "$HOME/.cargo/bin/cargo" ]; then
        export PATH="$HOME/.cargo/bin:$PATH"
    else
        echo "error: cargo not found: install the Rust toolchain (https://rustup.rs), then rerun scripts/test.sh" >&2
        exit 2
    fi
fi

reference=../shared/reference
if [ ! -f "$reference/ext/S_2.csv" ] || [ ! -d "$reference/modules" ]; then
    echo "error: $(pwd)/$reference not found: the tests compare with the reference tables in ../shared/reference beside the checkout" >&2
    exit 2
fi

# The GPU crate's tests and the `--backend wgpu` test run on a Vulkan device; without
# a GPU that is Mesa's lavapipe (software), which CI gets from these packages.
if ! ls /usr/share/vulkan/icd.d/lvp_icd.*.json >/dev/null 2>&1 || ! ldconfig -p | grep -q 'libvulkan\.so\.1'; then
    echo "installing Mesa's software Vulkan driver (mesa-vulkan-drivers libvulkan1) for the GPU tests" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    if ! { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q mesa-vulkan-drivers libvulkan1; }; then
        echo "error: cannot install mesa-vulkan-drivers libvulkan1 (needed by the GPU tests); install them and rerun scripts/test.sh" >&2
        exit 2
    fi
fi

cargo test --workspace "$@"
# The adams binary with its GPU backend (feature `gpu`): a verified end-to-end run on
# the Vulkan device against the CPU run.
cargo test -p adams --features gpu --test gpu_backend "$@"
# The CUDA backend must compile (it runs only on a host with the CUDA toolkit).
cargo check -p adams --features cuda
