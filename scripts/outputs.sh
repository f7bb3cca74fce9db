#!/usr/bin/env bash
# Write every output adams produces for a fixed set of runs into one folder, so that
# two builds can be compared byte for byte with `diff -r` (the check of a refactor that
# must not change any output):
#   the sphere through stem $SPHERE_STEM (default 90), s <= $SPHERE_S (default 40), and
#   every bundled module through stem $MODULE_STEM (default 60), s <= $MODULE_S (default 30),
#   both algorithms (odd-primary modules: classical on the CPU only; a build that does not
#   bundle them skips them), on the CPU with a save directory (quasi-inverses kept), and, when the
#   binary has the `gpu` feature and $WITH_WGPU is not 0, with `--backend wgpu --verify`
#   (thresholds lowered so that the device takes real work and the run still ends in
#   about a minute on Mesa's software Vulkan: the sphere's builds of 50 000 products and
#   reductions of 512 rows, the modules' of 10 000 and 256; the sphere at stem 90 with
#   20 000 and 256 takes over five minutes there; classical runs: 50 000 / 512 for both,
#   since a classical step builds and reduces the whole old part of each differential —
#   there the sphere's classical device run through stem 90 did not end in 17 CPU-minutes
#   even at 200 000 / 2048; CLASSICAL_DEVICE_SPHERE_STEM=60 takes 4 minutes, and its
#   charts are then compared with a CPU run at stem 60 by hand).
# Per run it keeps ext.csv, chart.json, chart.svg and the save directory; summary.json
# holds timings and is left out. A build that refuses `--algorithm classical --backend
# wgpu` (one from before classical steps could offload) leaves those runs out. Compare
# each `*-wgpu` folder's files with its `*-cpu` twin as well: the device's chart must be
# the CPU's.
#
# Usage: scripts/outputs.sh ADAMS_BINARY OUT_DIR
#   e.g. scripts/outputs.sh /tmp/before/adams /tmp/out-before
#        scripts/outputs.sh target/release/adams /tmp/out-after
#        diff -r /tmp/out-before /tmp/out-after && echo identical
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 ADAMS_BINARY OUT_DIR" >&2
    exit 2
fi
bin=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(realpath "$out")

SPHERE_STEM=${SPHERE_STEM:-90}
SPHERE_S=${SPHERE_S:-40}
MODULE_STEM=${MODULE_STEM:-60}
MODULE_S=${MODULE_S:-30}
WITH_WGPU=${WITH_WGPU:-1}
# The device backend of the `-wgpu` runs (cuda on a CUDA host: DEVICE=cuda), and whether
# to run the CPU ones at all (CPU_RUNS=0 on a device host, where only the device's runs
# are new).
DEVICE=${DEVICE:-wgpu}
CPU_RUNS=${CPU_RUNS:-1}
# Only the runs whose name (e.g. S_2-classical-wgpu) matches this extended regex.
ONLY=${ONLY:-.}
# The sphere's stem for its classical device run: on Mesa's software Vulkan (2 cores) the
# classical run through stem 90 did not end in 17 CPU-minutes; stem 60 is what fits there.
CLASSICAL_DEVICE_SPHERE_STEM=${CLASSICAL_DEVICE_SPHERE_STEM:-$SPHERE_STEM}
threads=${THREADS:-0}

has_wgpu=0
if [ "$WITH_WGPU" != 0 ] && "$bin" resolve --help | grep -q -- '--verify'; then
    # A binary without the feature refuses --backend wgpu at once.
    if "$bin" resolve S_2 --max-stem 2 --max-s 2 --backend "$DEVICE" --quiet --no-chart \
        --output "$out/.probe" >/dev/null 2>&1; then
        has_wgpu=1
    fi
    rm -rf "$out/.probe"
fi

one() { # NAME MODULE STEM S ALGORITHM BACKEND [MIN_WORK RREF_MIN]
    local name=$1 module=$2 stem=$3 s=$4 alg=$5 backend=$6 work=${7:-} rref=${8:-}
    local dir="$out/$name"
    if [ "$backend" = cpu ] && [ "$CPU_RUNS" = 0 ]; then
        return 0
    fi
    if ! [[ $name =~ $ONLY ]]; then
        return 0
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    local extra=()
    if [ "$backend" = wgpu ]; then
        extra=(--backend "$DEVICE" --verify --gpu-min-work "$work" --gpu-rref-min "$rref")
    elif [ -z "${NO_SAVE:-}" ]; then
        extra=(--save-dir "$dir/save")
    fi
    local start=$SECONDS
    if ! "$bin" resolve "$module" --max-stem "$stem" --max-s "$s" --algorithm "$alg" \
        --threads "$threads" --quiet --no-chart --output "$dir/run" "${extra[@]}" \
        2>"$dir/stderr"; then
        if [ "$backend" = wgpu ] && [ "$alg" = classical ]; then
            # Older builds ran classical steps on the CPU only.
            echo "$name: refused by this build: $(tail -1 "$dir/stderr")" >&2
            rm -rf "$dir"
            return 0
        fi
        if grep -q "no bundled module of that name" "$dir/stderr"; then
            # Builds from before odd primes bundle no odd-primary modules.
            echo "$name: not bundled in this build: $(tail -1 "$dir/stderr")" >&2
            rm -rf "$dir"
            return 0
        fi
        cat "$dir/stderr" >&2
        exit 1
    fi
    rm -f "$dir/stderr"
    mv "$dir/run/ext.csv" "$dir/run/chart.json" "$dir/run/chart.svg" "$dir/"
    rm -rf "$dir/run"
    echo "$name: $((SECONDS - start)) s" >&2
}

for alg in nassau classical; do
    one "S_2-$alg-cpu" S_2 "$SPHERE_STEM" "$SPHERE_S" "$alg" cpu
    # Classical steps build the whole old part of each differential: far more device work
    # per bidegree, so their device runs keep larger thresholds.
    if [ "$alg" = nassau ]; then
        sphere_th=(50000 512) module_th=(10000 256)
    else
        sphere_th=(50000 512) module_th=(50000 512)
    fi
    sphere_device_stem=$SPHERE_STEM
    [ "$alg" = classical ] && sphere_device_stem=$CLASSICAL_DEVICE_SPHERE_STEM
    [ "$has_wgpu" = 1 ] && one "S_2-$alg-wgpu" S_2 "$sphere_device_stem" "$SPHERE_S" "$alg" wgpu "${sphere_th[@]}"
    for f in modules/*.json; do
        m=$(basename "$f" .json)
        [ "$m" = S_2 ] && continue
        if grep -q '"profile"' "$f"; then
            # Over a sub-Hopf algebra: classical on the CPU, no save directory.
            [ "$alg" = classical ] && NO_SAVE=1 one "$m-$alg-cpu" "$m" "$MODULE_STEM" "$MODULE_S" "$alg" cpu
            continue
        fi
        if ! grep -Eq '"p" *: *2\b' "$f"; then
            # An odd-primary module: the classical algorithm on the CPU only.
            [ "$alg" = classical ] && one "$m-$alg-cpu" "$m" "$MODULE_STEM" "$MODULE_S" "$alg" cpu
            continue
        fi
        one "$m-$alg-cpu" "$m" "$MODULE_STEM" "$MODULE_S" "$alg" cpu
        [ "$has_wgpu" = 1 ] && one "$m-$alg-wgpu" "$m" "$MODULE_STEM" "$MODULE_S" "$alg" wgpu "${module_th[@]}"
    done
done
echo "outputs in $out (wgpu runs: $has_wgpu)" >&2
