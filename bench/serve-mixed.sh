#!/usr/bin/env bash
# `serve` under a mixed load for SECONDS (default 600): good, bad, oversized, heavy and slow
# requests at once, from many connections. A fault test with figures, not a benchmark.
#
#   bench/serve-mixed.sh [SECONDS]
#
# Streams, all at once, with wrk (Debian's `wrk`) and Python:
# - good: 32 connections cycling over 3x3 questions (query, hints, every solution with the
#   count, mtm, another goal), /api/random, /api/stats and a POSTed batch: every one must be
#   answered 2xx;
# - bad: 16 connections of refused questions (bad states, boards, metrics, flags, JSON): every
#   one must be answered 4xx;
# - oversized: 4 connections POSTing 2 MiB bodies: 413;
# - heavy: 4 connections of 4x4 searches (5-5-5 files, built on first use): 200, or 503 when
#   the searches allowed at once are busy;
# - slow: 200 connections that send their request a byte every 2 s (and some that send a whole
#   request, then read nothing).
# The server's resident memory is sampled every 10 s. At the end: each stream's requests and
# status classes, the good stream's latency, the memory at the start and the end, and the
# server stopped with SIGTERM (status 0). Exits non-zero when a good request failed, a bad one
# was answered other than 4xx, a 5xx other than 503 was seen, or the exit status is not 0.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
source bench/serve-common.sh
cache=$(mktemp -d)
TILEBASE_CACHE_DIR="$cache" start_serve --pdb 5-5-5 --max-searches 1
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$log" "$cache"' EXIT
port=${url##*:}
echo "serve at $url (pid $server): ${seconds} s of mixed load"

# A wrk script: cycles over REQUESTS (method, path, body) and counts each status class.
lua() {
    cat <<'EOF'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) n2, n4, n503, n5, other, i = 0, 0, 0, 0, 0, 0 end
function request()
    i = i % #REQUESTS + 1
    local r = REQUESTS[i]
    local headers = nil
    if r[3] then headers = { ["Content-Type"] = "application/json" } end
    return wrk.format(r[1], r[2], headers, r[3])
end
function response(status, headers, body)
    if status >= 200 and status < 300 then n2 = n2 + 1
    elseif status >= 400 and status < 500 then n4 = n4 + 1
    elseif status == 503 then n503 = n503 + 1
    elseif status >= 500 then n5 = n5 + 1
    else other = other + 1 end
end
function done(summary, latency, requests)
    local t = { 0, 0, 0, 0, 0 }
    for _, thread in ipairs(threads) do
        t[1] = t[1] + thread:get("n2"); t[2] = t[2] + thread:get("n4")
        t[3] = t[3] + thread:get("n503"); t[4] = t[4] + thread:get("n5")
        t[5] = t[5] + thread:get("other")
    end
    io.write(string.format("STATUS 2xx=%d 4xx=%d 503=%d 5xx=%d other=%d errors=%d p50=%.1fms p99=%.1fms\n",
        t[1], t[2], t[3], t[4], t[5],
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
        latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
EOF
}
{
    echo 'REQUESTS = {'
    for path in \
        '/api/query?state=603712458' '/api/query?state=603712458&hint=true' \
        '/api/query?state=603712458&all=true&count=true' '/api/query?state=864072513&boards=true' \
        '/api/query?state=603712458&metric=mtm' '/api/query?state=864072513&goal=123456780' \
        '/api/query?state=0321&board=2x2' '/api/random?distance=20&count=5' \
        '/api/stats' '/api/stats?board=3x2' '/healthz'; do
        echo "  { 'GET', '$path' },"
    done
    echo "  { 'POST', '/api/query', '{\"states\":[\"603712458\",\"864072513\",\"123804765\"],\"hint\":true}' },"
    echo '}'
    lua
} >"$log/good.lua"
{
    echo 'REQUESTS = {'
    for path in \
        '/api/query?state=12345678' '/api/query?state=%FF%FE' '/api/query?state=603712458&board=big' \
        '/api/query?state=603712458&metric=fast' '/api/query?state=603712458&hint=yes' \
        '/api/query?state=603712458&goal=1234' '/api/query' '/api/random?distance=99' \
        '/api/query?state=603712458&state=1' '/nowhere'; do
        echo "  { 'GET', '$path' },"
    done
    echo "  { 'POST', '/api/query', '{\"states\":[1, null' },"
    echo '}'
    lua
} >"$log/bad.lua"
{
    echo "REQUESTS = { { 'POST', '/api/query', string.rep('x', 2 * 1024 * 1024) } }"
    lua
} >"$log/big.lua"
{
    echo 'REQUESTS = {'
    # Three of Korf's 100 (57, 55 and 59 moves), and two states near the goal.
    for state in '14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3' '13,5,4,10,9,12,8,14,2,3,7,1,0,15,11,6' \
        '14,7,8,2,13,11,10,4,9,12,5,0,3,6,1,15' '1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15' \
        '1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15'; do
        echo "  { 'GET', '/api/query?board=4x4&goal=blank-first&state=$state' },"
    done
    echo '}'
    lua
} >"$log/heavy.lua"

# Slow clients: a request a byte every 2 s, and requests whose answers are never read.
cat >"$log/slow.py" <<'EOF'
import socket, sys, time
port, seconds = int(sys.argv[1]), float(sys.argv[2])
request = b"GET /api/query?state=603712458&all=true HTTP/1.1\r\nHost: x\r\n\r\n"
socks, closed, end = [], 0, time.time() + seconds
def connect():
    s = socket.create_connection(("127.0.0.1", port))
    s.setblocking(False)
    return [s, 0]
for _ in range(200):
    socks.append(connect())
unread = []
for _ in range(50):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    for _ in range(20):
        s.sendall(request)
    unread.append(s)
while time.time() < end:
    for entry in socks:
        s, sent = entry
        try:
            s.send(request[sent % len(request):sent % len(request) + 1])
            entry[1] += 1
        except OSError:
            closed += 1
            s.close()
            entry[:] = connect()
    time.sleep(2)
print(f"SLOW 200 trickling connections, {closed} closed by the server and opened again; 50 unread")
EOF

(while kill -0 "$server" 2>/dev/null; do
    echo "$(date +%s) $(awk '/VmRSS/ { print $2 }' /proc/"$server"/status)"
    sleep 10
done) >"$log/rss" &
sampler=$!
pids=()
python3 "$log/slow.py" "$port" "$seconds" >"$log/slow.out" 2>&1 &
pids+=($!)
wrk -t1 -c16 -d"${seconds}s" -s "$log/bad.lua" "$url" >"$log/bad.out" 2>&1 &
pids+=($!)
wrk -t1 -c4 -d"${seconds}s" -s "$log/big.lua" "$url" >"$log/big.out" 2>&1 &
pids+=($!)
wrk -t1 -c4 -d"${seconds}s" --timeout 60s -s "$log/heavy.lua" "$url" >"$log/heavy.out" 2>&1 &
pids+=($!)
wrk -t1 -c32 -d"${seconds}s" --latency -s "$log/good.lua" "$url" >"$log/good.out" 2>&1
wait "${pids[@]}" || true
kill "$sampler" 2>/dev/null || true

status() { grep -h STATUS "$log/$1.out" || { echo "no summary:"; cat "$log/$1.out"; }; }
failed=0
for stream in good bad big heavy; do
    line=$(status "$stream")
    printf '%-6s %s  (%s requests/s)\n' "$stream" "$line" "$(awk '/Requests\/sec/ { print $2 }' "$log/$stream.out")"
    n() { echo "$line" | grep -o "$1=[0-9]*" | cut -d= -f2; }
    case $stream in
    good) [ "$(n 4xx)" = 0 ] && [ "$(n 503)" = 0 ] && [ "$(n 5xx)" = 0 ] && [ "$(n 2xx)" -gt 0 ] || failed=1 ;;
    bad | big) [ "$(n 2xx)" = 0 ] && [ "$(n 5xx)" = 0 ] && [ "$(n 503)" = 0 ] || failed=1 ;;
    heavy) [ "$(n 4xx)" = 0 ] && [ "$(n 5xx)" = 0 ] || failed=1 ;;
    esac
done
cat "$log/slow.out"
# The resident memory each minute (a sample every 10 s), in MiB.
awk 'NR % 6 == 1 { printf "%s%.1f", (NR == 1 ? "memory (VmRSS, MiB, each minute): " : " "), $2 / 1024 }
     { if ($2 > max) max = $2 }
     END { printf "; at most %.1f (%d samples)\n", max / 1024, NR }' "$log/rss"
kill -TERM "$server"
code=0
wait "$server" || code=$?
echo "serve stopped on SIGTERM with status $code"
[ "$code" = 0 ] || failed=1
[ "$failed" = 0 ] || { echo "FAIL: see the streams above" >&2; exit 1; }
