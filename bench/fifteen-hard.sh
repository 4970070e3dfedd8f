#!/usr/bin/env bash
# The 15-puzzle's slowest positions for 7-8 with its reflection (issue 28), and Korf's 100, as
# whole processes (`query --board 4x4 --distance-only`, files built), with another build's
# `query` beside them when BASE names it: a benchmark, not a test.
#
#   BASE=/path/to/old/query bench/fifteen-hard.sh [DIR] [RUNS]
#
# DIR (default /tmp/tilebase-fifteen) holds the 7-8 files in DIR/work/db: built there when
# missing. RUNS (default 3): runs of each command, interleaved with the baseline's, medians
# printed by hyperfine (Debian's `hyperfine`).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
source bench/fifteen-files.sh "$@" # dir, runs, bin, the 7-8 files, $dir/korf.txt

cd "$dir/work"
# The first four from a public Java solver's README, then the goal turned about its diagonal;
# all five are their own mirror image.
for state in 0,15,8,3,12,11,7,4,14,10,6,5,9,13,2,1 6,5,9,13,2,1,10,14,3,7,0,15,4,8,12,11 \
    11,5,9,13,2,6,10,14,3,7,0,15,4,8,12,1 1,5,9,13,2,6,10,14,3,7,11,15,4,8,12,0 \
    0,15,8,13,12,11,3,7,14,9,6,2,4,10,5,1; do
    commands=("$bin/query --board 4x4 --distance-only $state")
    [ -n "${BASE:-}" ] && commands+=("$BASE --board 4x4 --distance-only $state")
    hyperfine -N -r "$runs" --export-json "$dir/run.json" "${commands[@]}" >/dev/null 2>&1
    python3 - "$dir/run.json" "$state" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["results"]
medians = [r["median"] for r in runs]
line = f"{sys.argv[2]}: median {medians[0]:.3f} s"
if len(medians) > 1:
    line += f", baseline {medians[1]:.3f} s, ratio {medians[0] / medians[1]:.2f}"
print(line)
PY
done
echo "# Korf's 100 as one batch"
hyperfine -r "$runs" -w 1 \
    "$bin/query --board 4x4 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --distance-only < $dir/korf.txt" \
    ${BASE:+"$BASE --board 4x4 --goal 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --distance-only < $dir/korf.txt"}
