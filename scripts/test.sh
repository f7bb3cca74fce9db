#!/usr/bin/env bash
# Run every test of the workspace: unit, property and integration tests,
# including the comparisons with the reference Ext tables in ../shared/reference.
#
# On a fresh Debian machine the tests need only the Rust toolchain (cargo,
# rustc); crates come from crates.io through Cargo.lock. The test profile is
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

cargo test --workspace "$@"
