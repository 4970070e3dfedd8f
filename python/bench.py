"""Benchmarks of the Python module (numbers, not tests): tilebase.distances over a million random
3x3 states, and single tilebase.distance calls.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ./python numpy
    /tmp/venv/bin/python python/bench.py
    /tmp/venv/bin/python python/bench.py --fifteen   # Korf's 100 on 4x4 (7-8 files, built once)

Each figure is the median of several runs; the states are drawn once, with a fixed seed.
"""

import pathlib
import statistics
import sys
import time
import timeit

import numpy

import tilebase

ROWS = 1_000_000
RUNS = 9


def random_states(rows: int, seed: int) -> numpy.ndarray:
    """`rows` uniformly random arrangements of the tiles 0 to 8: half of them unsolvable."""
    rng = numpy.random.default_rng(seed)
    return rng.permuted(numpy.tile(numpy.arange(9, dtype=numpy.uint8), (rows, 1)), axis=1)


def median_seconds(call, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    cells = random_states(ROWS, seed=1)
    assert cells.flags.c_contiguous and cells.dtype == numpy.uint8
    tilebase.distances(cells[:10])  # the first call opens the shipped databases
    print(f"python {sys.version.split()[0]}, numpy {numpy.__version__}")
    print(f"tilebase.distances, {ROWS:,} random 3x3 states (half unsolvable), median of {RUNS}:")
    for goal in [None, "123456780", "876504321"]:
        seconds = median_seconds(lambda: tilebase.distances(cells, goal=goal))
        print(f"  goal {goal or '123804765 (default)':<22} {seconds * 1e3:7.1f} ms  "
              f"{ROWS / seconds / 1e6:5.1f} M states/s")
    solvable = cells[tilebase.distances(cells) >= 0]
    seconds = median_seconds(lambda: tilebase.distances(solvable))
    print(f"  only the {len(solvable):,} solvable      {seconds * 1e3:7.1f} ms  "
          f"{len(solvable) / seconds / 1e6:5.1f} M states/s")

    texts = ["".join(map(str, row)) for row in solvable[:100_000]]
    lists = [row.tolist() for row in solvable[:100_000]]
    print("tilebase.distance, one call (timeit over 100,000 different solvable states, "
          "median of 5):")
    for label, states, code in [
        ("a string, default goal", texts, "for s in states: distance(s)"),
        ("a string, goal given", texts, "for s in states: distance(s, goal='123456780')"),
        ("a list of ints", lists, "for s in states: distance(s)"),
        ("(the loop alone)", texts, "for s in states: pass"),
    ]:
        timer = timeit.Timer(code, globals={"states": states, "distance": tilebase.distance})
        per_call = statistics.median(timer.repeat(repeat=5, number=1)) / len(states)
        print(f"  {label:<24} {per_call * 1e9:6.0f} ns")


def fifteen() -> None:
    """Korf's 100 instances as one `tilebase.distances` batch, and the longest alone, from the
    7-8 pattern databases (found under db/ or in the cache; built first if missing)."""
    data = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data" / "korf100.txt"
    rows = [line.split() for line in data.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    cells = numpy.array([[int(c) for c in r[0].split(",")] for r in rows], numpy.uint8)
    lengths = [int(r[1]) for r in rows]
    goal = ",".join(map(str, range(16)))
    tilebase.distance(cells[0], goal=goal)  # the first call opens (or builds) the files
    runs = 5
    batch = median_seconds(lambda: tilebase.distances(cells, goal=goal), runs)
    assert tilebase.distances(cells, goal=goal).tolist() == lengths
    longest = cells[lengths.index(max(lengths))]
    alone = median_seconds(lambda: tilebase.distance(longest, goal=goal), runs)
    print(f"python {sys.version.split()[0]}, numpy {numpy.__version__}")
    print(f"Korf's 100 (4x4, 7-8 files), median of {runs}:")
    print(f"  tilebase.distances, one batch  {batch * 1e3:7.1f} ms  (every length as published)")
    print(f"  tilebase.distance, the longest ({max(lengths)} moves) alone  {alone * 1e3:7.1f} ms")


if __name__ == "__main__":
    if sys.argv[1:] == ["--fifteen"]:
        fifteen()
    else:
        main()
