#!/usr/bin/env bash
# Runs every fuzz target in fuzz/ for a short while (FUZZ_SECONDS each, 30 by default; two at a
# time), starting from its seed corpus in fuzz/corpus/: a reader that starts to panic, abort,
# hang or answer wrongly fails CI. cargo-fuzz is installed when missing; the targets are built
# without a sanitizer (Rust code needs none) on the stable toolchain, told to allow nightly
# flags (RUSTC_BOOTSTRAP=1), as docs/hostile-input.md says. What a run finds goes to a
# temporary folder, never into the seed corpus; a crash is kept in fuzz/artifacts/ and printed,
# and a failing run keeps the runs' logs (it says where).
#
#   .ci/fuzz.sh                      # every target, 30 seconds each
#   FUZZ_SECONDS=3600 .ci/fuzz.sh question serve_request
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${FUZZ_SECONDS:-30}"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked --quiet
fi
cargo fuzz build -s none
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi

found="$(mktemp -d)"
# The runs' logs go with a passing run; a failing one keeps them, and says where.
trap 'status=$?; if [ "$status" -eq 0 ]; then rm -rf "$found"; else echo "fuzz: the runs'"'"' logs are kept in $found" >&2; fi' EXIT
run() {
    local target="$1" log="$found/$1.log"
    mkdir -p "$found/$target" "corpus/$target"
    # -timeout: an input that takes 20 s is a hang; the first input of some targets builds
    # small tables, a second or two under the fuzzer's instrumentation.
    if cargo fuzz run -s none "$target" "$found/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=20 -print_final_stats=1 >"$log" 2>&1; then
        printf 'fuzz: %-20s %s\n' "$target" \
            "$(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | head -1), $(grep -Eo 'cov: [0-9]+' "$log" | tail -1)"
    else
        echo "fuzz: $target FAILED:" >&2
        grep -E -A12 'panicked|ERROR: libFuzzer|SUMMARY|Test unit written|Base64' "$log" | head -60 >&2
        return 1
    fi
}
export -f run
export found seconds
printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} bash -c 'run "$@"' _ {}
