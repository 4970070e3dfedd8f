#!/usr/bin/env bash
# Builds killed at random moments (SIGKILL: no chance to clean up) never leave a file that
# opens half-written, and the next run builds or answers: a fault test, not a benchmark.
#
#   bench/kill-builds.sh [KILLS_6_6_3] [KILLS_12_CELLS]
#
# 1. KILLS_6_6_3 times (default 30), `build-db --board 4x4 --pdb 6-6-3` into one folder,
#    killed after a random 0 to 2.5 s (the build takes about 2 s); after each kill every
#    `.tilebase` file in the folder must pass `verify` (whole and right), and nothing else may
#    be there but hidden leftovers of the build (.partial, .checkpoint).
# 2. KILLS_12_CELLS times (default 30), `build-db --board 4x3` (a 12-cell table: 240 million
#    states, about 2 s on two cores), killed after a random 0 to 2 s, with the same check.
# 3. Each folder's build then runs to the end (going on from what the kills left) and
#    `query` answers a known state with its published distance from what it built.
#
# Prints each kill (when, and what the folder then held) and a summary. Exits non-zero on the
# first file that fails `verify`, an unexpected file, or a wrong final answer.
set -euo pipefail
cd "$(dirname "$0")/.."
kills_pdb=${1:-30}
kills_table=${2:-30}

cargo build --release -q --bin build-db --bin verify --bin query
bin="$PWD/target/release"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Random milliseconds in [lo, hi].
random_ms() { echo $(($1 + (RANDOM * 32768 + RANDOM) % ($2 - $1 + 1))); }

# Checks a folder after a kill: every file that opens is whole and right; prints what it holds.
check() {
    local dir=$1 whole=0 hidden=0
    for f in "$dir"/* "$dir"/.[!.]*; do
        [ -e "$f" ] || continue
        case "$(basename "$f")" in
        .*.partial | .*.checkpoint | .*.tmp*) hidden=$((hidden + 1)) ;;
        *.tilebase)
            if ! "$bin/verify" -q "$f" >"$work/verify.out" 2>&1; then
                echo "FAIL: $f opens but does not verify:" >&2
                cat "$work/verify.out" >&2
                exit 1
            fi
            whole=$((whole + 1))
            ;;
        *)
            echo "FAIL: unexpected file $f" >&2
            exit 1
            ;;
        esac
    done
    echo "$whole whole and verified, $hidden hidden leftovers"
}

# Runs `build-db ARGS` and kills it after MS milliseconds; prints how it ended.
kill_after() {
    local ms=$1
    shift
    "$bin/build-db" -q "$@" >"$work/out" 2>&1 &
    local pid=$!
    sleep "$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
    if kill -KILL "$pid" 2>/dev/null; then
        wait "$pid" 2>/dev/null || true
        echo "killed"
    else
        wait "$pid" && echo "finished first" || echo "exited $? first"
    fi
}

# NAME COUNT LO HI DIR ARGS...: COUNT builds (`build-db ARGS`, writing into DIR) killed after
# LO to HI ms, DIR checked after each.
run_kills() {
    local name=$1 count=$2 lo=$3 hi=$4 dir=$5
    shift 5
    local finished=0 ms how
    for i in $(seq "$count"); do
        ms=$(random_ms "$lo" "$hi")
        how=$(kill_after "$ms" "$@")
        [ "$how" = "killed" ] || finished=$((finished + 1))
        printf '%s kill %2d at %6d ms: %-16s %s\n' "$name" "$i" "$ms" "$how" "$(check "$dir")"
        if [ "$how" != "killed" ]; then
            # A build that finished is started afresh, so that every kill lands in a build.
            rm -rf "$dir"
            mkdir -p "$dir"
        fi
    done
    echo "$name: $count kills, $((count - finished)) landed during the build"
}

pdb="$work/pdbroot/db"
mkdir -p "$pdb"
run_kills 6-6-3 "$kills_pdb" 0 2500 "$pdb" --board 4x4 --pdb 6-6-3 --out "$pdb"
mkdir -p "$work/table"
run_kills 4x3 "$kills_table" 0 2000 "$work/table" --board 4x3 --out "$work/table/4x3.tilebase"

# The builds go to the end from what the last kills left, and answer.
"$bin/build-db" -q --board 4x4 --pdb 6-6-3 --out "$pdb" 2>&1 | tail -1 || true
check "$pdb"
# Korf's 1st instance: 57 moves (Korf 1985), with his goal (the blank first), answered from
# the files in db/ (query's first place to look); a build on the spot would say so on stderr.
got=$(cd "$work/pdbroot" && TILEBASE_CACHE_DIR="$work/cache" "$bin/query" --pdb 6-6-3 \
    --goal blank-first "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" 2>"$work/notes" | head -1)
echo "6-6-3 after the kills: $got ($(head -1 "$work/notes"))"
case "$got" in *"57 moves"*) ;; *) echo "FAIL: expected 57 moves" >&2; exit 1 ;; esac
if grep -qi "build" "$work/notes"; then echo "FAIL: query built files" >&2; exit 1; fi
"$bin/build-db" -q --board 4x3 --out "$work/table/4x3.tilebase" 2>&1 | tail -1 || true
check "$work/table"
got=$("$bin/query" -q --db "$work/table/4x3.tilebase" --board 4x3 "1 2 3 4 5 6 7 8 9 10 0 11" 2>&1 | head -1)
echo "4x3 after the kills: $got"
case "$got" in *": 1 move"*) ;; *) echo "FAIL: expected 1 move" >&2; exit 1 ;; esac
echo "every kill left no file that opens half-written; the next runs built and answered"
