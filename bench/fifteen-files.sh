# Sourced by bench/fifteen.sh and bench/fifteen-hard.sh with their arguments and `runs` set to
# their default: reads DIR and RUNS (`dir`, `runs`), checks that hyperfine is there, builds the
# programs in release mode (`bin` is their folder), builds the 7-8 files into $dir/work/db when
# they are missing (timed, with peak memory), and writes Korf's 100 states to $dir/korf.txt.
dir=${1:-/tmp/tilebase-fifteen}
runs=${2:-$runs}
command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install -y hyperfine" >&2; exit 2; }
cargo build --release -q -p tilebase-tools
bin=$PWD/target/release
mkdir -p "$dir/work/db"
if ! ls "$dir"/work/db/4x4-*-pdb-1-2-3-4-5-6-7-8.tilebase >/dev/null 2>&1; then
    echo "# building the 7-8 files (whole process: wall time, peak memory)"
    /usr/bin/time -f "build-db --board 4x4: %e s wall, %M KB peak" \
        "$bin/build-db" --board 4x4 --quiet --out "$dir/work/db" --force
fi
grep -v '^#' tests/data/korf100.txt | cut -d' ' -f1 >"$dir/korf.txt"
