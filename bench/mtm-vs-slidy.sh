#!/usr/bin/env bash
# The 15-puzzle in the multi-tile metric beside slidy-cli (issue 24): COUNT uniform random
# positions (`random --board 4x4 --count COUNT --seed 1`) as one batch, whole process, tables
# built (in DIR, on first use), RUNS runs each, alternating: `query --board 4x4 --metric mtm
# --distance-only` and `slidy solve --metric mtm` (its table built once beforehand, as ours).
# Prints the medians, their ratio, and checks that every length agrees.
# Usage: bench/mtm-vs-slidy.sh DIR [COUNT] [RUNS]   (slidy-cli 0.5.0 on the PATH)
set -euo pipefail
dir="$1"; count="${2:-100}"; runs="${3:-3}"
cd "$(dirname "$0")/.."
cargo build --release -q -p tilebase-tools --bin query --bin random
export TILEBASE_CACHE_DIR="$dir"
bin="$PWD/target/release"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$out"  # no db/ here: the tables come from DIR
"$bin/random" --board 4x4 --count "$count" --seed 1 > positions.txt
# slidy reads rows of cells separated by `/`.
awk -F, '{printf "%s %s %s %s/%s %s %s %s/%s %s %s %s/%s %s %s %s\n", $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16}' \
    positions.txt > slidy.txt
# Warm: both tables built and in the page cache.
"$bin/query" --board 4x4 --metric mtm --distance-only 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15 > /dev/null
head -1 slidy.txt | slidy solve --metric mtm > /dev/null
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { local s e; s=$(date +%s.%N); "$@" < "$input" > "$output"; e=$(date +%s.%N); echo "$e - $s" | bc; }
ours=(); theirs=()
for _ in $(seq "$runs"); do
    input=positions.txt output=ours.txt
    ours+=("$(timed "$bin/query" --board 4x4 --metric mtm --distance-only)")
    input=slidy.txt output=theirs.txt
    theirs+=("$(timed slidy solve --metric mtm)")
done
# slidy writes one solution a line in tile letters: its length is its number of letters.
paste -d' ' <(awk '{print $2}' ours.txt) <(sed 's/[^UDLR]//g' theirs.txt | awk '{print length($0)}') \
    | awk '$1 != $2 {bad++} END {if (bad) {print bad " lengths differ"; exit 1} else print NR " lengths agree"}'
o=$(median "${ours[@]}"); t=$(median "${theirs[@]}")
printf 'query %.3f s (%s)  slidy %.3f s (%s)  ratio %.2f: %.1f times faster\n' \
    "$o" "${ours[*]}" "$t" "${theirs[*]}" "$(echo "$o / $t" | bc -l)" "$(echo "$t / $o" | bc -l)"
