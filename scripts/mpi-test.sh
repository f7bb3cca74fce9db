#!/usr/bin/env bash
# The MPI build (feature `mpi`) end to end, on this machine's cores:
#  1. `mpirun --oversubscribe -np 3 adams resolve M --max-stem 60 --max-s 30` writes ext.csv,
#     chart.json and a save directory byte-identical to one process's, for S_2, C2, Joker,
#     and at p = 3 for S_3 and C3 (differentials with coefficients on the wire);
#  2. a rank that goes silent (the hidden test hook ADAMS_CLUSTER_TEST_STOP=RANK:STEPS:hang)
#     stops the run naming it (exit 3), and a rerun on 2 ranks resumes to the same output;
#     a rank that dies (…:exit) stops the run, and a rerun in one process resumes;
#  3. ranks of another build (hidden ADAMS_CLUSTER_TEST_BUILD), another module or another
#     prime refuse to start (exit 2, the rank named);
#  4. a cofiber file gives the one-process output; a failure before the run (on every
#     rank, on rank 0 alone, on a follower alone) is one error line, exit 2, at once.
# Installs Debian's libopenmpi-dev openmpi-bin libclang-dev when missing. About a minute
# on 2 cores once built.
#
# Usage: scripts/mpi-test.sh (ADAMS_BIN=PATH: test that binary, built with `mpi`)
set -euo pipefail
# ADAMS_BIN relative to the caller's folder, resolved before the cd below.
if [ -n "${ADAMS_BIN:-}" ]; then
    [ -x "$ADAMS_BIN" ] || { echo "error: ADAMS_BIN=$ADAMS_BIN is not an executable file" >&2; exit 2; }
    ADAMS_BIN=$(realpath "$ADAMS_BIN")
fi
cd "$(dirname "$0")/.."

bash scripts/mpi-install.sh

if [ -n "${ADAMS_BIN:-}" ]; then
    # A binary built with `mpi` already (scripts/test.sh passes its test build's): nothing
    # is compiled here.
    adams="$ADAMS_BIN"
else
    # The test profile (opt-level 2, as the test suite's), not the whole graph in release.
    cargo build --profile test -q -p adams --features mpi
    # Where cargo put it: CARGO_TARGET_DIR when set (relative paths are from here), else target/.
    target_dir="${CARGO_TARGET_DIR:-target}"
    case "$target_dir" in /*) ;; *) target_dir="$(pwd)/$target_dir" ;; esac
    adams="$target_dir/debug/adams"
fi
# Open MPI refuses root without these; CI runs as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# No MPI shared-memory segments left in a small /dev/shm to trouble the next run.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
mpi=(mpirun --oversubscribe)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fail() {
    echo "error: mpi test: $*" >&2
    exit 1
}

# same NAME_A NAME_B: ext.csv and chart.json are byte-identical, and so is every record of
# the save directories (scripts/save-records.py: which records a row pack gathered depends
# on the order the writers finished, so the pack files may differ).
same() {
    cmp -s "$work/$1/ext.csv" "$work/$2/ext.csv" || fail "$1/ext.csv differs from $2/ext.csv"
    cmp -s "$work/$1/chart.json" "$work/$2/chart.json" || fail "$1/chart.json differs from $2/chart.json"
    cmp -s <(python3 scripts/save-records.py "$work/$1-save") \
        <(python3 scripts/save-records.py "$work/$2-save") ||
        fail "save directory $1-save differs from $2-save"
}

# resolve NAME [launcher…] -- MODULE STEM S: a run into $work/NAME (and NAME-save).
resolve() {
    local name=$1
    shift
    local launcher=()
    while [ "$1" != "--" ]; do
        launcher+=("$1")
        shift
    done
    shift
    "${launcher[@]}" "$adams" resolve "$1" --max-stem "$2" --max-s "$3" --output "$work/$name" \
        --save-dir "$work/$name-save" --quiet --no-chart --threads 1
}

for module in S_2 C2 Joker S_3 C3; do
    resolve "$module-1" -- "$module" 60 30
    resolve "$module-3" "${mpi[@]}" -np 3 -- "$module" 60 30
    same "$module-1" "$module-3"
    echo "mpi: $module through stem 60, s <= 30 on 3 ranks: ext.csv, chart.json, save directory identical" >&2
done

# A cofiber file (the base module resolved across the ranks, the cone on rank 0).
cofiber=tests/data/sseq-input/cofiber_C4.json
resolve cofiber-1 -- "$cofiber" 30 15
resolve cofiber-2 "${mpi[@]}" -np 2 -- "$cofiber" 30 15
same cofiber-1 cofiber-2
echo "mpi: a cofiber file on 2 ranks: ext.csv, chart.json, save directory identical" >&2

# One rank: the plain run, under mpirun.
resolve S_2-np1 "${mpi[@]}" -np 1 -- S_2 60 30
same S_2-1 S_2-np1
echo "mpi: mpirun -np 1 gives the same output" >&2

# A rank that goes silent after 40 steps: the run stops within the timeout, naming it.
set +e
ADAMS_CLUSTER_TEST_STOP=1:40:hang ADAMS_CLUSTER_TIMEOUT=3 \
    resolve hang "${mpi[@]}" -np 3 -- S_2 60 30 2>"$work/hang.log"
code=$?
set -e
grep -q "error: rank 1 is silent" "$work/hang.log" || fail "a silent rank is not named: $(head -c 400 "$work/hang.log")"
# Exit 3 (rank 0's MPI_Abort). Open MPI's mpirun itself sometimes crashes (SIGSEGV, exit
# 139, "ORTE_ERROR_LOG: Out of resource in show_help.c") while printing the abort notice
# after rank 0 has named the silent rank and aborted with 3; that is mpirun's fault, seen
# on this machine 2 times in 6 runs of an unchanged binary, so it is let through with a note;
# so is the same crash without that line, when mpirun has printed rank 0's abort with
# errorcode 3 first (seen once more on 2026-12-02).
if [ "$code" -eq 139 ] && grep -Eq "ORTE_ERROR_LOG|with errorcode 3\." "$work/hang.log"; then
    echo "note: mpirun crashed while reporting rank 0's abort (Open MPI's show_help); rank 1 was named" >&2
else
    [ "$code" -eq 3 ] || fail "a silent rank: exit $code, expected 3 ($(head -c 400 "$work/hang.log"))"
fi
rm -rf "$work/hang"
resolve hang "${mpi[@]}" -np 2 -- S_2 60 30
same S_2-1 hang
grep -Eq '"loaded_bidegrees": [1-9]' "$work/hang/summary.json" || fail "the rerun after a silent rank loaded nothing"

echo "mpi: a silent rank stops the run (exit 3, rank named); a rerun on 2 ranks resumes to the same output" >&2

# A rank that dies after 60 steps: the run stops; a rerun in one process resumes.
set +e
ADAMS_CLUSTER_TEST_STOP=2:60:exit resolve dead "${mpi[@]}" -np 3 -- S_2 60 30 2>"$work/dead.log"
code=$?
set -e
[ "$code" -ne 0 ] || fail "a dead rank: the run exited 0"
rm -rf "$work/dead"
resolve dead -- S_2 60 30
same S_2-1 dead
grep -Eq '"loaded_bidegrees": [1-9]' "$work/dead/summary.json" || fail "the rerun after a dead rank loaded nothing"

echo "mpi: a dead rank stops the run (exit $code); a rerun in one process resumes to the same output" >&2

# Ranks of another build or module refuse to start.
refused() {
    local what=$1
    shift
    set +e
    "${mpi[@]}" -np 1 "$adams" resolve S_2 --max-stem 20 --max-s 10 --output "$work/r" -q --no-chart : \
        -np 1 "$@" 2>"$work/refused.log"
    local code=$?
    set -e
    [ "$code" -eq 2 ] || fail "$what: exit $code, expected 2 ($(head -c 400 "$work/refused.log"))"
    grep -q "error: rank 1 refused: it runs $what" "$work/refused.log" ||
        fail "$what: not named: $(head -c 400 "$work/refused.log")"
}
refused "a different build" env ADAMS_CLUSTER_TEST_BUILD=other "$adams" resolve S_2 --max-stem 20 --max-s 10 -q --no-chart
refused "a different module" "$adams" resolve C2 --max-stem 20 --max-s 10 -q --no-chart
# A rank at another prime: the save header's identity names the prime.
refused "a different module" "$adams" resolve S_3 --max-stem 20 --max-s 10 -q --no-chart
echo "mpi: ranks of another build, module or prime refuse to start (exit 2, rank named)" >&2

# A failure every rank meets (a module that exists nowhere) is printed once, by rank 0;
# one only rank 0 meets (a save directory of another module) ends every rank at once (not
# after the timeout) with rank 0's error; one only a follower meets names it.
# stopped NAME CODE MESSAGE [mpirun args…]: the run exits CODE, prints MESSAGE once.
stopped() {
    local name=$1 code=$2 message=$3
    shift 3
    set +e
    ADAMS_CLUSTER_TIMEOUT=${cluster_timeout:-60} timeout 60 "${mpi[@]}" "$@" 2>"$work/$name.log"
    local got=$?
    set -e
    [ "$got" -eq "$code" ] || fail "$name: exit $got, expected $code ($(head -c 400 "$work/$name.log"))"
    [ "$(grep -c "^error: " "$work/$name.log")" -eq 1 ] || fail "$name: not one error line: $(head -c 600 "$work/$name.log")"
    grep -q "^error: $message" "$work/$name.log" || fail "$name: $(head -c 400 "$work/$name.log")"
}
stopped nowhere 2 "no module named NoSuchModule" -np 3 "$adams" resolve NoSuchModule \
    --max-stem 10 --max-s 5 --output "$work/nowhere" -q --no-chart
stopped other-save 2 "save directory .*: field module-hash" -np 3 "$adams" resolve C2 \
    --max-stem 10 --max-s 5 --output "$work/other" --save-dir "$work/S_2-1-save" -q --no-chart
stopped follower-only 2 "rank 1: module file $work/absent.json: no such file" \
    -np 1 "$adams" resolve S_2 --max-stem 10 --max-s 5 --output "$work/f" -q --no-chart : \
    -np 1 "$adams" resolve "$work/absent.json" --max-stem 10 --max-s 5 -q --no-chart
cluster_timeout=0.01 stopped short-timeout 2 "environment variable ADAMS_CLUSTER_TIMEOUT: .0.01. is below 1 s" \
    -np 3 "$adams" resolve S_2 --max-stem 10 --max-s 5 --output "$work/t" -q --no-chart
echo "mpi: a failure on every rank, on rank 0 alone or on a follower alone: one error line, exit 2, no wait" >&2
