#!/usr/bin/env bash
# On a CUDA host: check that two builds of adams (before and after a change that must not
# change any output, e.g. a refactor) write, with `--backend cuda --verify`, the
# same ext.csv, chart.json and chart.svg as the CPU, and time both on the device.
#
#   1. scripts/outputs.sh with DEVICE=cuda CPU_RUNS=0 for each binary (the sphere through
#      stem $SPHERE_STEM, the bundled modules through stem $MODULE_STEM, both algorithms;
#      a build that refuses classical steps on a device leaves those out);
#   2. every device folder compared byte for byte with the CPU's folder of the same run in
#      REFERENCE (made on any machine by scripts/outputs.sh; only ext.csv, chart.json and
#      chart.svg are read, so the save directories need not travel);
#   3. the sphere through stem 110, s <= 58 on the device (default thresholds and sampled
#      check) with each binary, twice, interleaved: wall and CPU seconds from summary.json.
#
# Usage: scripts/device-compare.sh BEFORE_BIN AFTER_BIN REFERENCE_DIR OUT_DIR
# Exit 1 when a device chart differs from the CPU's, or when no device run could start.
# On this workplace's H200 image: export LD_LIBRARY_PATH=/usr/local/nvidia/lib64:
# /usr/local/cuda-13.0/targets/x86_64-linux/lib (not its lib/stubs: a stub libcuda fails
# with CUDA_ERROR_STUB_LIBRARY).
set -euo pipefail
if [ $# -ne 4 ]; then
    echo "usage: $0 BEFORE_BIN AFTER_BIN REFERENCE_DIR OUT_DIR" >&2
    exit 2
fi
before=$(realpath "$1")
after=$(realpath "$2")
ref=$(realpath "$3")
out=$4
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(realpath "$out")
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true

bad=0
for which in before after; do
    bin=$before
    [ "$which" = after ] && bin=$after
    start=$SECONDS
    DEVICE=cuda CPU_RUNS=0 scripts/outputs.sh "$bin" "$out/$which" 2>&1 | sed "s/^/$which: /"
    echo "$which: device runs took $((SECONDS - start)) s"
    n=0
    for d in "$out/$which"/*-wgpu; do
        [ -d "$d" ] || continue
        name=$(basename "$d")
        twin="$ref/${name%-wgpu}-cpu"
        for f in ext.csv chart.json chart.svg; do
            if ! cmp -s "$d/$f" "$twin/$f"; then
                echo "DIFFERS: $which $name/$f from the CPU's"
                bad=1
            fi
        done
        n=$((n + 1))
    done
    echo "$which: $n device runs compared with the CPU's charts"
    if [ "$n" = 0 ]; then
        echo "error: $which: no device run (does \`$bin resolve S_2 --backend cuda\` start? the CUDA driver and NVRTC must be on LD_LIBRARY_PATH, the driver's libcuda before any stub)" >&2
        bad=1
    fi
done

echo "== the sphere through stem 110, s <= 58, --backend cuda (default thresholds, sampled check)"
for run in 1 2; do
    for which in before after; do
        bin=$before
        [ "$which" = after ] && bin=$after
        dir="$out/time-$which-$run"
        "$bin" resolve S_2 --max-stem 110 --max-s 58 --backend cuda --quiet --no-chart --output "$dir"
        python3 - "$dir/summary.json" "$which" "$run" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"{sys.argv[2]:<6} run {sys.argv[3]}: wall {s['wall_s']:.2f} s, CPU {s['cpu_s']:.2f} s, "
      f"offloaded {s.get('offloaded_builds')} builds / {s.get('offloaded_reductions')} reductions, "
      f"classes {s['total_dim']}")
PY
    done
done
cmp "$out/time-before-1/ext.csv" "$out/time-after-1/ext.csv" && echo "stem 110: ext.csv identical before and after"
exit $bad
