#!/usr/bin/env python3
"""Every optimal 15-puzzle solution, tilebase beside slidy-cli 0.5.0: for each position, the
optimal length, the number of optimal solutions (`query --count`) and the whole set
(`query --all`) against `slidy solve --all-optimal`, with each tool's whole-process time. A
check and a benchmark, not a test (slidy is not installed in CI).

    bench/all-optimal-vs-slidy.py [CACHE_DIR]

CACHE_DIR (default /tmp/tilebase-fifteen/work/db) holds the 7-8 files. slidy:
`cargo +nightly install slidy-cli --version 0.5.0 --locked`, or set SLIDY to its path.
Positions: 20 random walks of 30 to 45 blank moves from the goal (seed 12345), and
`random --board 4x4 --count 5 --seed 42`. slidy writes the direction a tile slides, with a
count after a repeated letter; tilebase the direction the blank moves.
"""
import os
import random
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release")
SLIDY = os.environ.get("SLIDY", "slidy")
ENV = dict(os.environ, TILEBASE_CACHE_DIR=sys.argv[1] if len(sys.argv) > 1
           else "/tmp/tilebase-fifteen/work/db")
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
STEP = {"U": -4, "D": 4, "L": -1, "R": 1}


def legal(cells, m):
    r, c = divmod(cells.index(0), 4)
    return {"U": r > 0, "D": r < 3, "L": c > 0, "R": c < 3}[m]


def play(cells, moves):
    cells = list(cells)
    for m in moves:
        assert legal(cells, m), (cells, moves)
        b = cells.index(0)
        cells[b], cells[b + STEP[m]] = cells[b + STEP[m]], cells[b]
    return cells


def walks(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        cells, last = [*range(1, 16), 0], None
        for _ in range(rng.randint(30, 45)):
            m = rng.choice([m for m in "UDLR" if legal(cells, m) and m != OPPOSITE.get(last)])
            cells, last = play(cells, m), m
        yield ",".join(map(str, cells))


def timed(cmd):
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV, check=True)
    return done.stdout, time.perf_counter() - start


def main():
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "tilebase-tools"], cwd=ROOT,
                   check=True)
    drawn = subprocess.run([os.path.join(BIN, "random"), "--board", "4x4", "--count", "5",
                            "--seed", "42"], capture_output=True, text=True, check=True)
    positions = [*walks(20, 12345), *drawn.stdout.split()]
    goal = [*range(1, 16), 0]
    matched = 0
    print("position | length | count tilebase/slidy | same set | tilebase s | slidy s")
    for p in positions:
        counted, t_ours = timed([os.path.join(BIN, "query"), "-q", "--board", "4x4", "--count", p])
        length, count = re.search(r": (\d+) moves?: \S* \((\d+) optimal", counted).groups()
        listed, _ = timed([os.path.join(BIN, "query"), "-q", "--board", "4x4", "--all", p])
        ours = {line.strip() for line in listed.splitlines()[1:] if line.strip()}
        rows = "/".join(" ".join(p.split(",")[i:i + 4]) for i in range(0, 16, 4))
        said, t_slidy = timed([SLIDY, "solve", "--all-optimal", rows])
        theirs = {"".join(OPPOSITE[m] * int(n or 1) for m, n in re.findall(r"([UDLR])(\d*)", s))
                  for s in said.split()}
        cells = [int(c) for c in p.split(",")]
        assert all(play(cells, s) == goal for s in ours | theirs)
        same = ours == theirs and int(count) == len(theirs) == len(ours)
        matched += same
        print(f"{p} | {length} | {count}/{len(theirs)} | {'yes' if same else 'NO'} | "
              f"{t_ours:.2f} | {t_slidy:.2f}")
    print(f"{matched} of {len(positions)} positions: the same solutions")


if __name__ == "__main__":
    main()
