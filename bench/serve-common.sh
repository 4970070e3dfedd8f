# What the scripts that load `serve` share (sourced, not run): wrk is there, enough open files,
# and the release server started on a free port of loopback.

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
# Each connection is an open file, on both sides.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

# Builds and starts the release `serve` with ARGS on a free port, its output in $log (a new
# temporary folder); sets $server (its pid) and $url once it listens.
start_serve() {
    cargo build --release -q -p tilebase-serve
    log=$(mktemp -d)
    target/release/serve --port 0 "$@" >"$log/out" 2>"$log/err" &
    server=$!
    for _ in $(seq 100); do
        grep -q http "$log/out" 2>/dev/null && break
        sleep 0.05
    done
    url=$(grep -o 'http://[^ ]*' "$log/out" | sed 's:/$::')
}
