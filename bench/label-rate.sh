#!/usr/bin/env bash
# Labelled rows a second into Parquet (issue 25: at least 10 million on every board with a full
# table): `label --sample uniform --count 10000000 --seed 1 --out FILE.parquet`, whole
# process, the median of RUNS runs per board, with the tables in DIR (built there on first
# use). With BASE=PATH (another build's `label`), each run of it beside each run of this one,
# and the ratio of the medians. Usage: [BASE=PATH] bench/label-rate.sh DIR [RUNS] [BOARD...]
set -euo pipefail
dir="$1"; runs="${2:-3}"; shift $(( $# < 2 ? $# : 2 ))
boards=("$@")
[ "${#boards[@]}" -gt 0 ] || boards=(2x2 3x2 2x3 4x2 2x4 3x3 5x2 2x5 6x2 2x6 4x3 3x4)
cd "$(dirname "$0")/.."
cargo build --release -q -p tilebase-tools --bin label
export TILEBASE_CACHE_DIR="$dir"
new="$PWD/target/release/label"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$out"  # no db/ here: the tables come from DIR
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timed() { local s e; s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N); echo "$e - $s" | bc; }
for board in "${boards[@]}"; do
    args=(--board "$board" --sample uniform --count 10000000 --seed 1 -q)
    "$new" --board "$board" --sample uniform --count 1 --out warm.parquet -q 2> /dev/null
    now=(); before=()
    for _ in $(seq "$runs"); do
        [ -n "${BASE:-}" ] && before+=("$(timed "$BASE" "${args[@]}" --out base.parquet)")
        now+=("$(timed "$new" "${args[@]}" --out new.parquet)")
    done
    m=$(median "${now[@]}")
    line=$(printf '%-4s %6.3f s  %5.1f M rows/s' "$board" "$m" "$(echo "10 / $m" | bc -l)")
    if [ -n "${BASE:-}" ]; then
        b=$(median "${before[@]}")
        line+=$(printf '   before %6.3f s  ratio %.2f' "$b" "$(echo "$m / $b" | bc -l)")
    fi
    echo "$line"
done
