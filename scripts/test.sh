#!/usr/bin/env bash
# Run every test of the workspace: unit, property and integration tests,
# including the comparisons with the independent reference Ext tables the project
# carries in tests/data/ext (provenance: tests/data/README.md). It runs from a clone
# in any folder. When ../shared/reference/modules is beside the checkout, the tests
# that check adams against the field's own module files read it too; without it
# they say so on stderr and check nothing.
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
# One line on stderr as each stage ends, with the seconds since the start: where a clean
# run's time goes (docs/EXPERIMENTS.md measures the suite from these).
stage() { echo "test.sh: $1 done at ${SECONDS}s" >&2; }

if ! command -v cargo >/dev/null 2>&1; then
    # rustup installs into ~/.cargo/bin; a login shell may not have it on PATH.
    if [ -x "$HOME/.cargo/bin/cargo" ]; then
        export PATH="$HOME/.cargo/bin:$PATH"
    else
        echo "error: cargo not found: install the Rust toolchain (https://rustup.rs), then rerun scripts/test.sh" >&2
        exit 2
    fi
fi

if [ ! -f tests/data/ext/S_2.csv ]; then
    echo "error: $(pwd)/tests/data/ext/S_2.csv not found: the checkout is incomplete (the tests compare with the reference tables in tests/data/ext)" >&2
    exit 2
fi
if [ -d ../shared/reference/modules ]; then
    echo "note: the field's module files in $(cd ../shared/reference/modules && pwd) are checked too" >&2
else
    echo "note: no ../shared/reference/modules beside the checkout: the checks of the field's own module files are skipped (everything else runs from the project's data)" >&2
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

# Style gates: every file rustfmt-clean (rustfmt.toml), and clippy without warnings.
# rustup's minimal profile may lack the two components: add them when missing; where
# that is impossible (no network to the toolchain server), say so and skip that gate.
have() {
    cargo "${1/rustfmt/fmt}" --version >/dev/null 2>&1 || {
        echo "installing the Rust component $1 (rustup component add $1)" >&2
        rustup component add "$1" >/dev/null 2>&1
    }
}
if have rustfmt; then
    if ! cargo fmt --all --check >/dev/null; then
        echo "error: some files are not rustfmt-clean: run \`cargo fmt --all\` (cargo fmt --all --check lists them)" >&2
        exit 1
    fi
else
    echo "warning: rustfmt is not installed and cannot be added: the formatting check is skipped" >&2
fi
# The feature `mpi` (the MPI transport) builds against the system's MPI: install it first,
# so that the one lint run and the one test build below both have it.
bash scripts/mpi-install.sh
# One feature set for the lints and the tests, the union: the GPU backend (feature `cuda`
# implies `gpu`: wgpu and CUDA), the MPI transport and the distributed run
# (`resolution/cluster`). It is also the check that the CUDA backend compiles (it runs only
# on a host with the CUDA toolkit).
all_features=adams/cuda,adams/mpi,resolution/cluster
if have clippy; then
    # Every target (library, binaries, tests, examples, benches) with the union of
    # features; then adams' library and binary with its default features (the
    # `cfg(not(feature))` code of the CPU-only build is there, none in its tests or benches).
    # Under the test profile: the lints are the same (no code is generated), and the build
    # scripts and proc macros built for them are the test build's below, built once.
    cargo clippy --profile test --workspace --all-targets --features "$all_features" -q -- -D warnings
    cargo clippy --profile test -p adams --lib --bins -q -- -D warnings
    stage "fmt and clippy"
else
    echo "warning: clippy is not installed and cannot be added: the lint check is skipped" >&2
fi

# No function over 80 lines in `resolution` and `adams` (ARCHITECTURE.md, "Rules the code keeps").
if command -v python3 >/dev/null 2>&1; then
    python3 scripts/long-functions.py
else
    echo "warning: python3 not found: the function-length check (scripts/long-functions.py) is skipped" >&2
fi

# Every test of the workspace: unit tests and each crate's integration-test binary
# (tests/it), built once with the GPU backend (feature `gpu`: its end-to-end runs on the
# Vulkan device against the CPU run, on one device, on 2-3 logical devices (`--gpus`) and
# under memory budgets, `gpu_backend::`), the MPI transport (feature `mpi`) and the
# distributed run (`resolution`'s feature `cluster`: its tests over channels between
# threads, one per rank). The features add code and change none, so one build serves
# every test and its `adams` binary the MPI and browser tests after them; the CPU-only
# build (adams' default features) is linted above, and its one difference, the refusal of
# `--backend gpu`, is a unit test of crates/adams/src/offload.rs. The examples are
# compiled (and linted) by the clippy run above, not linked here.
cargo test --workspace --features adams/gpu,adams/mpi,resolution/cluster --lib --bins --tests "$@"
stage "workspace tests"
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$(pwd)/$target_dir" ;; esac
# One resolution across MPI ranks over Open MPI end to end, with that binary.
ADAMS_BIN="$target_dir/debug/adams" bash scripts/mpi-test.sh
stage "mpi tests"
# The Python bindings (python/, a Cargo workspace of its own): pip install ./python in a
# virtual environment, then their pytest suite and the README's Python example.
bash scripts/python-test.sh
stage "python tests"
# chart.html in headless Chromium, off the network (installs chromium, Node.js and
# playwright-core when missing); the adams binary the workspace tests built serves, so
# nothing is compiled again.
ADAMS_BIN="$target_dir/debug/adams" bash scripts/browser-test.sh
stage "browser tests"
