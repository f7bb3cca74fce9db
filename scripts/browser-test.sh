#!/usr/bin/env bash
# chart.html in a real browser: headless Chromium (Debian's /usr/bin/chromium) driven by
# playwright-core (pinned in tests/browser/package.json and package-lock.json), launched
# off the network (--no-sandbox --disable-gpu --disable-quic --no-first-run
# --disable-background-networking --disable-component-update --disable-sync, a fresh
# profile folder, every request that is not file:// refused). It writes the sphere's chart
# through stem 40 (`adams resolve`, `adams d2`), opens chart.html from file:// and checks
# (tests/browser/chart.test.mjs): one mark per class (the sum of ext.csv and of the
# reference table tests/data/ext/S_2.csv), hover, the panel of h0 with its h0-tower,
# zoom and pan, the search for c0, the line toggles, a screenshot (size, not blank, black
# dots at the classes), the E3 page against e3.csv and tests/data/ext/E3_S_2.csv, the
# Massey products of `adams massey S_2 h3 h0^4 -` loaded into the page, no console errors.
#
# Installs what is missing on a fresh Debian machine: chromium (apt-get), Node.js and
# npm (apt-get), playwright-core into tests/browser/node_modules (npm ci; git ignores it).
# ADAMS_BIN=PATH serves with that binary (scripts/test.sh passes the one its test build
# made); else it is built here in the test profile, ADAMS_FEATURES picking its features.
#
# Usage: scripts/browser-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
    echo "installing $* (apt-get) for the browser tests" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    if ! { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"; }; then
        echo "error: cannot install $* (needed by the browser tests); install them and rerun" >&2
        exit 2
    fi
}
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
    apt_install chromium
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
fi
if [ ! -f tests/browser/node_modules/playwright-core/package.json ]; then
    echo "installing playwright-core into tests/browser/node_modules (npm ci)" >&2
    (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error) || {
        echo "error: npm ci in tests/browser failed (playwright-core from the npm registry)" >&2
        exit 2
    }
fi

if [ -n "${ADAMS_BIN:-}" ]; then
    adams=$(realpath "$ADAMS_BIN")
else
    features=()
    if [ -n "${ADAMS_FEATURES:-}" ]; then
        features=(--features "$ADAMS_FEATURES")
    fi
    cargo build --profile test -q -p adams "${features[@]}"
    target_dir="${CARGO_TARGET_DIR:-target}"
    case "$target_dir" in /*) ;; *) target_dir="$(pwd)/$target_dir" ;; esac
    adams="$target_dir/debug/adams"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$adams" resolve --quiet --output "$work/e2" >/dev/null
"$adams" d2 --quiet --output "$work/d2" >/dev/null
"$adams" massey S_2 h3 'h0^4' - --max-stem 40 --output "$work/massey" 2>/dev/null
for part in crates/chart/assets/chart/*.js; do
    node --check "$part"
done
E2_DIR="$work/e2" D2_DIR="$work/d2" MASSEY="$work/massey/massey.json" REF_DIR="$(pwd)/tests/data/ext" CHROMIUM="$chromium" \
    node --test --test-reporter=spec tests/browser/chart.test.mjs
