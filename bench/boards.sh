#!/usr/bin/env bash
# Each board of 13 to 25 cells answered from pattern databases, with its default partition:
# the build of its files (whole `build-db` process: seconds, peak memory, bytes on disk), then
# N uniform random positions (`random --board B --seed 1`) answered by `query --distance-only`,
# one process each (the median and the mean of the whole processes' times) and as one batch on
# every core (its time divided by N). Nothing is built while positions are answered (the files
# are under DIR, linked as db/). 5x5 is left out: its random positions take minutes to
# hours each (Korf's 50 are bench/korf50.sh's).
#
#   cargo build --release --bins
#   bench/boards.sh DIR [N] [BOARD ...]     # DIR holds the files (built there when missing)
#
# Each query is stopped after LIMIT seconds (default 60): the row then says how many were, and
# the mean and median count them at the limit (so they are lower bounds). Prints a Markdown
# table, one row per board.
set -euo pipefail
dir=${1:?usage: bench/boards.sh DIR [N] [BOARD ...]}
count=${2:-20}
shift $(($# < 2 ? $# : 2))
boards=("$@")
if [ "${#boards[@]}" -eq 0 ]; then
    boards=(7x2 5x3 8x2 9x2 6x3 10x2 5x4 7x3 11x2 12x2 8x3 6x4)
fi
bin="$(cd "$(dirname "$0")/.." && pwd)/target/release"
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$(cd "$dir" && pwd)" "$work/db"
export TILEBASE_CACHE_DIR="$work/cache"

limit=${LIMIT:-60}
echo "| board | partition | build | peak memory | files | random positions | over ${limit} s | mean | median | batch, each |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for board in "${boards[@]}"; do
    # The build, timed (skipped with SKIP_BUILD=1 where DIR holds the files already).
    build="(not timed)"
    memory=""
    partition=""
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        /usr/bin/time -f "%e %M" -o "$work/time" "$bin/build-db" --board "$board" --out "$dir" \
            --force -q >"$work/summary"
        read -r seconds kb <"$work/time"
        build="${seconds} s"
        memory="$((kb / 1024)) MB"
        partition=$(awk '/^patterns/ { print $2; exit }' "$work/summary")
    fi
    tall=$(echo "$board" | awk -Fx '{ if ($1 > $2) print $2 "x" $1; else print $1 "x" $2 }')
    bytes=$(du -cb "$dir"/"$tall"-*-pdb-*.tilebase 2>/dev/null | tail -1 | cut -f1)
    "$bin/random" --board "$board" --count "$count" --seed 1 >"$work/states"
    : >"$work/each"
    over=0
    while read -r state; do
        start=$(date +%s.%N)
        if ! (cd "$work" && timeout "$limit" "$bin/query" --board "$board" --distance-only \
            --quiet "$state" >/dev/null); then
            over=$((over + 1))
        fi
        end=$(date +%s.%N)
        echo "$end - $start" | bc >>"$work/each"
    done <"$work/states"
    mean=$(awk '{ s += $1 } END { printf "%.3f", s / NR }' "$work/each")
    median=$(sort -n "$work/each" | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    if [ "$over" -eq 0 ]; then
        start=$(date +%s.%N)
        (cd "$work" && "$bin/query" --board "$board" --distance-only --quiet <"$work/states" \
            >/dev/null)
        end=$(date +%s.%N)
        batch="$(echo "($end - $start) / $count" | bc -l | xargs printf "%.4f") s"
    else
        batch="-"
    fi
    echo "| $board | ${partition:-default} | $build | $memory | $((bytes / 1000000)) MB | $count | $over | ${mean} s | ${median} s | $batch |"
done
