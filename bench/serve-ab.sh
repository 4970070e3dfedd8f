#!/usr/bin/env bash
# Two `serve` builds side by side under wrk on loopback: a benchmark, not a test.
#
#   bench/serve-ab.sh BASELINE CANDIDATE [ROUNDS] [SECONDS]
#
# BASELINE and CANDIDATE are `serve` binaries (say, one built in a worktree of an older commit,
# and target/release/serve). Both are started from the repository's root, on free ports, so
# they answer from the same files. Then, ROUNDS times (default 21), on each server in turn:
# 64 connections for SECONDS (default 2) on /healthz and on /api/query?state=603712458, the
# order of the two alternating from round to round. Prints, for each build, the median
# requests a second of each path and the median of the rounds' query / healthz ratios (each
# round's two runs back to back); then the median of the rounds' candidate / baseline ratios
# of the query's rate, the two runs a few seconds apart. The machine's speed drifts between
# runs; these pairs cancel most of it, so run many short rounds rather than a few long ones.
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 2 ] || { sed -n '4p' "$0" | sed 's/^# *//' >&2; exit 2; }
baseline=$1
candidate=$2
rounds=${3:-21}
seconds=${4:-2}
for bin in "$baseline" "$candidate"; do
    [ -x "$bin" ] || { echo "$bin: not an executable" >&2; exit 2; }
done
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }

log=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$log"' EXIT
urls=()
for side in baseline candidate; do
    bin=$baseline
    [ "$side" = candidate ] && bin=$candidate
    "$bin" --port 0 >"$log/$side.out" 2>"$log/$side.err" &
    pids+=($!)
    for _ in $(seq 100); do
        grep -q http "$log/$side.out" 2>/dev/null && break
        sleep 0.05
    done
    urls+=("$(grep -o 'http://[^ ]*' "$log/$side.out" | sed 's:/$::')")
done
echo "baseline $baseline at ${urls[0]}; candidate $candidate at ${urls[1]}"
echo "$rounds rounds of ${seconds} s per run, 64 connections, wrk -t2"

rps() {
    wrk -t2 -c64 -d"${seconds}s" "$1" 2>/dev/null | awk '/Requests\/sec/ { print $2 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

query=/api/query?state=603712458
for round in $(seq "$rounds"); do
    for side in 0 1; do
        if [ $((round % 2)) = 0 ]; then
            h=$(rps "${urls[$side]}/healthz")
            q=$(rps "${urls[$side]}$query")
        else
            q=$(rps "${urls[$side]}$query")
            h=$(rps "${urls[$side]}/healthz")
        fi
        echo "$h $q $(echo "$q * 100 / $h" | bc -l)" >>"$log/side$side"
    done
done

for side in 0 1; do
    name=baseline
    [ "$side" = 1 ] && name=candidate
    printf '%-9s /healthz %7.0f req/s, /api/query %7.0f req/s; median of the rounds'"'"' query / healthz: %.1f%%\n' \
        "$name" \
        "$(cut -d' ' -f1 "$log/side$side" | median)" \
        "$(cut -d' ' -f2 "$log/side$side" | median)" \
        "$(cut -d' ' -f3 "$log/side$side" | median)"
done
paste -d' ' "$log/side0" "$log/side1" | awk '{ print $5 * 100 / $2 }' >"$log/query"
printf 'the query, candidate / baseline, median of the rounds: %.1f%%\n' "$(median <"$log/query")"
