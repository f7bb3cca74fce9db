#!/usr/bin/env bash
# Compare the Adams d2 of adams with that of the field's independent resolver
# (SpectralSequences/sseq, its `ext` crate's example `secondary`, built outside the tree):
# the rank of d2 out of every bidegree of stem <= $MAX_STEM (default 40), s <= $MAX_S - 2
# ($MAX_S default 20), for the Moore spectrum C2, the cones Ceta and Cnu and A//A(2) (tmf by
# change of rings; sseq's `A-mod-Sq1-Sq2-Sq4`, adams's tests/data/d2/A-mod-A2.json).
# The ranks are basis-free, so the two resolvers' tables are compared line by line
# (scripts/d2-ranks.py makes both).
#
# Usage: scripts/sseq-d2-compare.sh OUT_DIR [--update]
#   SSEQ_SECONDARY  the sseq `secondary` binary (default
#                   /work/sseq/ext/target/release/examples/secondary; build it with
#                   `cargo build --release --examples` in sseq's ext/)
#   ADAMS           the adams binary (default target/release/adams)
# Writes OUT_DIR/<module>.sseq.csv and OUT_DIR/<module>.adams.csv and prints one line per
# module ("agree" or the diff); exit 1 if any disagree. With --update, copies the sseq
# tables into tests/data/d2/ (the tests read them there).
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 OUT_DIR [--update]" >&2
    exit 2
fi
out=$1
update=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
sseq=${SSEQ_SECONDARY:-/work/sseq/ext/target/release/examples/secondary}
adams=${ADAMS:-$here/target/release/adams}
max_stem=${MAX_STEM:-40}
max_s=${MAX_S:-20}
top_s=$((max_s - 2))
mkdir -p "$out"
commit=$(git -C "$(dirname "$sseq")" rev-parse HEAD 2>/dev/null || echo unknown)
status=0
# name used here and in tests/data/d2, adams's module argument, sseq's module name
for row in "C2 C2 C2" "Ceta Ceta Ceta" "Cnu Cnu Cnu" \
    "A-mod-A2 $here/tests/data/d2/A-mod-A2.json A-mod-Sq1-Sq2-Sq4"; do
    read -r name module sseq_module <<<"$row"
    "$sseq" "$sseq_module" "" "$max_stem" "$max_s" "" >"$out/$name.sseq.txt" 2>/dev/null
    python3 "$here/scripts/d2-ranks.py" sseq "$out/$name.sseq.txt" "$max_stem" "$top_s" \
        "rank of Adams d2 out of (stem, s) for $sseq_module from the independent resolver SpectralSequences/sseq (commit $commit), example \`secondary $sseq_module \"\" $max_stem $max_s\`; made by scripts/sseq-d2-compare.sh" \
        >"$out/$name.sseq.csv"
    "$adams" d2 "$module" --max-stem "$max_stem" --max-s "$max_s" --output "$out/adams-$name" \
        --quiet >/dev/null
    python3 "$here/scripts/d2-ranks.py" adams "$out/adams-$name/d2.csv" "$max_stem" "$top_s" \
        "rank of Adams d2 out of (stem, s) by adams d2" >"$out/$name.adams.csv"
    if diff <(tail -n +2 "$out/$name.sseq.csv") <(tail -n +2 "$out/$name.adams.csv") \
        >"$out/$name.diff"; then
        echo "$name: agree ($(($(wc -l <"$out/$name.sseq.csv") - 2)) bidegrees with d2 != 0, stem <= $max_stem, s <= $top_s)"
    else
        echo "$name: DISAGREE (see $out/$name.diff)"
        status=1
    fi
    if [ "$update" = "--update" ]; then
        cp "$out/$name.sseq.csv" "$here/tests/data/d2/$name.csv"
    fi
done
exit $status
