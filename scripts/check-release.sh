#!/usr/bin/env bash
# Release-mode reference check beyond the CI range: resolves the sphere through
# stem N (default 60, s <= N/2) with both algorithms and compares each ext.csv with
# the independent table tests/data/ext/S_2.csv (adams verify: exit 1 on
# any disagreement). Usage: scripts/check-release.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
stem=${1:-60}
s=$((stem / 2))
cargo build --release -q -p adams
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for algorithm in nassau classical; do
    ./target/release/adams resolve S_2 --max-stem "$stem" --max-s "$s" --algorithm "$algorithm" \
        --no-chart --quiet --output "$out/$algorithm"
    ./target/release/adams verify "$out/$algorithm/ext.csv" --against tests/data/ext/S_2.csv
done
