#!/usr/bin/env bash
# Load on `serve` over loopback with wrk (Debian's `wrk`): a benchmark, not a test.
#
#   bench/serve-load.sh [RUNS] [SECONDS]
#
# Starts the release `serve` on a free port, then, RUNS times (default 3), 64 connections for
# SECONDS (default 10) on /healthz and on /api/query?state=603712458, alternately, and prints
# each run and the medians: requests a second, the ratio of the query's to /healthz's, and the
# p99 latency, and the median of each run's ratio (for many short runs: `bench/serve-load.sh 21 2`).
# Then 4,000 connections at once on the query, and a check that the server still
# answers and stops with status 0 on SIGTERM. Only loopback is ever asked; every run is bounded
# in time.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
seconds=${2:-10}
source bench/serve-common.sh
start_serve
trap 'kill "$server" 2>/dev/null || true; rm -rf "$log"' EXIT
echo "serve at $url (pid $server); $runs runs of ${seconds} s, 64 connections, wrk -t2"

# Prints "requests-per-second p99-in-ms errors" for one wrk run.
measure() {
    wrk -t2 -c"$1" -d"${seconds}s" --latency "$url$2" >"$log/wrk" 2>&1 || true
    awk '
        /Requests\/sec/ { rps = $2 }
        /^ +99%/ { p = $2; if (p ~ /us$/) { sub(/us$/, "", p); p /= 1000 }
                   else if (p ~ /ms$/) { sub(/ms$/, "", p) }
                   else if (p ~ /s$/) { sub(/s$/, "", p); p *= 1000 }; p99 = p }
        /Socket errors/ { errors = $0 }
        /Non-2xx/ { errors = errors " " $0 }
        END { printf "%s %s %s\n", rps, p99, (errors == "" ? "none" : errors) }
    ' "$log/wrk"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$log/health"
: >"$log/query"
: >"$log/ratio"
for run in $(seq "$runs"); do
    read -r h_rps h_p99 h_err < <(measure 64 /healthz)
    read -r q_rps q_p99 q_err < <(measure 64 "/api/query?state=603712458")
    echo "$h_rps $h_p99" >>"$log/health"
    echo "$q_rps $q_p99" >>"$log/query"
    echo "$q_rps * 100 / $h_rps" | bc -l >>"$log/ratio"
    printf 'run %d: /healthz %9.0f req/s p99 %6.2f ms (errors: %s)\n' "$run" "$h_rps" "$h_p99" "$h_err"
    printf 'run %d: /api/query %8.0f req/s p99 %6.2f ms (errors: %s)\n' "$run" "$q_rps" "$q_p99" "$q_err"
done
h_med=$(cut -d' ' -f1 "$log/health" | median)
q_med=$(cut -d' ' -f1 "$log/query" | median)
h_p99=$(cut -d' ' -f2 "$log/health" | median)
q_p99=$(cut -d' ' -f2 "$log/query" | median)
printf 'median: /healthz %.0f req/s (p99 %.2f ms), /api/query %.0f req/s (p99 %.2f ms): %.1f%% of /healthz\n' \
    "$h_med" "$h_p99" "$q_med" "$q_p99" "$(echo "$q_med * 100 / $h_med" | bc -l)"
# Each run's two measurements are back to back: the median of their ratios is steadier than the
# ratio of the medians when the machine's speed drifts between runs (many short runs help).
printf 'median of the %d runs'"'"' ratios (query / healthz, each pair back to back): %.1f%%\n' \
    "$runs" "$(median <"$log/ratio")"

echo "4,000 connections at once on /api/query for ${seconds} s:"
wrk -t2 -c4000 -d"${seconds}s" --timeout 10s --latency "$url/api/query?state=603712458" \
    | grep -E 'Requests/sec|Socket errors|Non-2xx|^ +(50|99)%|requests in' || true
if kill -0 "$server" 2>/dev/null && [ "$(curl -s "$url/healthz")" = ok ] \
    && curl -s "$url/api/query?state=603712458" | grep -q '"distance":23'; then
    echo "still answering afterwards: /healthz ok, /api/query 23"
else
    echo "NOT answering afterwards" >&2
    exit 1
fi
kill -TERM "$server"
if wait "$server"; then
    echo "stopped on SIGTERM with status 0"
else
    echo "stopped with status $?" >&2
    exit 1
fi
