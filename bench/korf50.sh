#!/usr/bin/env bash
# Korf and Felner's 24-puzzle instances (tests/data/korf50.txt), the ten easiest by their node
# counts (38, 40, 25, 32, 44, 37, 30, 13, 1, 28) unless others are named: one `query --board
# 5x5 --distance-only` batch, whole process, with the default 6-6-6-6 files built (under DIR,
# built there when missing, and timed), each length checked against the published one; then
# the nodes generated on each instance beside Korf and Felner's, by the solver alone
# (crates/engine/examples/solve_korf50.rs, each search shared among the cores).
#
#   cargo build --release --bins && cargo build --release -p tilebase-engine --example solve_korf50
#   bench/korf50.sh DIR [NUMBER ...]       # NODES=0: the query batch alone
#   QUERY_FLAGS="--memory 0" bench/korf50.sh DIR   # more flags for query: here, plain IDA*
#   QUERY=/path/to/other/query bench/korf50.sh DIR # another build's query (side by side)
set -euo pipefail
dir=${1:?usage: bench/korf50.sh DIR [NUMBER ...]}
shift
numbers=("$@")
if [ "${#numbers[@]}" -eq 0 ]; then
    numbers=(38 40 25 32 44 37 30 13 1 28)
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/target/release"
goal=$(seq -s, 0 24)
if ! ls "$dir"/5x5-*-pdb-*.tilebase >/dev/null 2>&1; then
    echo "building the 5x5 files into $dir"
    /usr/bin/time -f "build: %e s, peak %M kB" "$bin/build-db" --board 5x5 --out "$dir" -q >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$(cd "$dir" && pwd)" "$work/db"
: >"$work/states"
: >"$work/lengths"
for n in "${numbers[@]}"; do
    awk -v n="$n" '$1 == n { print $2 >> "'"$work/states"'"; print $3 >> "'"$work/lengths"'" }' \
        "$root/tests/data/korf50.txt"
done
start=$(date +%s.%N)
# shellcheck disable=SC2086 # QUERY_FLAGS is split into flags on purpose.
(cd "$work" && "${QUERY:-$bin/query}" --board 5x5 --goal "$goal" --distance-only --quiet ${QUERY_FLAGS:-} \
    <"$work/states" >"$work/answers")
end=$(date +%s.%N)
if ! diff <(awk '{ print $2 }' "$work/answers") "$work/lengths" >/dev/null; then
    echo "lengths differ from the published ones:" >&2
    paste "$work/answers" "$work/lengths" >&2
    exit 1
fi
printf "query batch of %d instances: %.1f s, whole process; every length the published one\n" \
    "${#numbers[@]}" "$(echo "$end - $start" | bc)"
# NODES=0 leaves the solver's node counts out.
[ "${NODES:-1}" = 0 ] && exit 0
"$bin/examples/solve_korf50" --instances "$(IFS=,; echo "${numbers[*]}")" "$dir"/5x5-*-pdb-*.tilebase
