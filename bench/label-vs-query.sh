#!/usr/bin/env bash
# 4x4 uniform random states labelled exactly by `label`, against `query --board 4x4
# --distance-only` on the same states (issue 25: within 10%), whole processes, the 7-8 files
# built in DIR. Usage: bench/label-vs-query.sh DIR [COUNT] [RUNS]
set -euo pipefail
dir="$1"; count="${2:-100}"; runs="${3:-3}"
cd "$(dirname "$0")/.."
cargo build --release -q -p tilebase-tools --bin query --bin random --bin label
export TILEBASE_CACHE_DIR="$dir"
states="$(mktemp)"; out="$(mktemp -d)"
trap 'rm -rf "$states" "$out"' EXIT
target/release/random --board 4x4 --count "$count" --seed 1 > "$states"
for run in $(seq "$runs"); do
    /usr/bin/time -f "query  %e s" target/release/query --board 4x4 --distance-only < "$states" > "$out/query.txt"
    /usr/bin/time -f "label  %e s" target/release/label --board 4x4 --sample "file:$states" \
        --count "$count" --seed 1 --out "$out/labels.csv" -q
done
# The same distances, in the same order.
diff <(cut -d, -f17 "$out/labels.csv" | tail -n +2) <(awk '{print $NF}' "$out/query.txt") \
    && echo "same distances"
