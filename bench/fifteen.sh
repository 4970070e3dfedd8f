#!/usr/bin/env bash
# The 15-puzzle's figures (a benchmark, not a test): the 7-8 build, Korf's 100 as one query
# batch, and positions at 80 moves, as whole processes, with slidy-cli 0.5.0 beside them when
# it is installed.
#
#   bench/fifteen.sh [DIR] [RUNS]
#
# DIR (default /tmp/tilebase-fifteen) holds the 7-8 files: built there (timed, with peak
# memory) when missing. RUNS (default 5): runs of each batch, interleaved, medians printed by
# hyperfine (Debian's `hyperfine`). slidy-cli: `cargo +nightly install slidy-cli --version 0.5.0
# --locked`, or set SLIDY to its path.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5
source bench/fifteen-files.sh "$@" # dir, runs, bin, the 7-8 files, $dir/korf.txt

# Korf's 100 (goal 0,1,...,15), and the same turned half a turn with tiles renamed 16 - t: the
# same distances, for the goal 1,2,...,15,0 that slidy solves to.
awk -F, '{ line = ""; for (i = 16; i >= 1; i--) { t = ($i == 0) ? 0 : 16 - $i;
    line = line (i < 16 ? (i % 4 == 0 ? "/" : " ") : "") t } print line }' "$dir/korf.txt" >"$dir/korf-slidy.txt"
# Two of the 17 positions at 80 moves from the goal 1,2,...,15,0.
printf '%s\n' 0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1 0,12,10,13,15,11,14,9,3,7,2,5,4,8,6,1 >"$dir/eighty.txt"

cd "$dir/work"
echo "# Korf's 100 as one batch; then the two 80-move positions as one batch"
commands=("$bin/query --board 4x4 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --distance-only < $dir/korf.txt")
slidy=${SLIDY:-$(command -v slidy || true)}
if [ -n "$slidy" ]; then
    commands+=("$slidy solve < $dir/korf-slidy.txt")
else
    echo "# (slidy-cli not found: its row skipped)"
fi
commands+=("$bin/query --board 4x4 --distance-only < $dir/eighty.txt")
hyperfine -r "$runs" -w 1 "${commands[@]}"
"$bin/query" --board 4x4 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --distance-only <"$dir/korf.txt" \
    | awk '{ s += $2 } END { print "# sum of Korf'"'"'s 100 lengths: " s " (published: 5305)" }'
