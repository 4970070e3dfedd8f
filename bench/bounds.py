#!/usr/bin/env python3
"""Bounds on DeepCubeA's 35- and 48-puzzle states (tests/data), as one `query` batch per board on
every core: the mean lower bound and the mean solution length beside DeepCubeA's mean length, the
states proven optimal and those solved shorter than DeepCubeA, and the Manhattan mean.

    python3 bench/bounds.py [--seconds S] [--query target/release/query] [--boards 35,48]
                            [--states N] [--each]

`--states N` takes the first N states of each file; `--each` prints each state's bounds too.
The batch uses every core the process may run on: `taskset -c 1 python3 bench/bounds.py ...`
runs it on one core, a state at a time (each state has one thread in a batch either way).
"""

import argparse
import json
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def states(n):
    rows = []
    for line in (ROOT / f"tests/data/deepcubea-puzzle{n}.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        index, cells, length = line.split("\t")[:3]
        rows.append((int(index), [int(c) for c in cells.split(",")], int(length)))
    return rows


def manhattan(cells, side):
    total = 0
    for c, t in enumerate(cells):
        if t:
            home = t - 1
            total += abs(c // side - home // side) + abs(c % side - home % side)
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--query", default=str(ROOT / "target/release/query"))
    parser.add_argument("--boards", default="35,48")
    parser.add_argument("--states", type=int, default=None)
    parser.add_argument("--each", action="store_true")
    args = parser.parse_args()
    for n in [int(b) for b in args.boards.split(",")]:
        side = {35: 6, 48: 7}[n]
        rows = states(n)[: args.states]
        text = "".join(",".join(map(str, cells)) + "\n" for _, cells, _ in rows)
        started = time.monotonic()
        out = subprocess.run(
            [args.query, "--board", f"{side}x{side}", "--json", "--seconds", str(args.seconds)],
            input=text, capture_output=True, text=True, check=False,
        )
        wall = time.monotonic() - started
        answers = [json.loads(line) for line in out.stdout.splitlines()]
        assert len(answers) == len(rows), out.stderr
        lower = [a["lower_bound"] for a in answers]
        length = [a["length"] for a in answers]
        deep = [d for _, _, d in rows]
        assert all(l <= d for l, d in zip(lower, deep)), "a lower bound above DeepCubeA's length"
        found = [l for l in length if l is not None]
        mean = lambda xs: sum(xs) / len(xs)
        if args.each:
            for (index, _, d), a in zip(rows, answers):
                print(f"  state {index}: lower bound {a['lower_bound']}, solution {a['length']}, "
                      f"DeepCubeA {d}, nodes {a['nodes']}, {a['seconds']:.1f} s")
        print(
            f"{n}-puzzle, {args.seconds:g} s a state, {len(rows)} states in {wall:.0f} s: "
            f"lower bound mean {mean(lower):.2f}, solution mean {mean(found):.2f} "
            f"({len(found)} found), DeepCubeA mean {mean(deep):.2f}, "
            f"Manhattan mean {mean([manhattan(c, side) for _, c, _ in rows]):.2f}; "
            f"optimal {sum(a['optimal'] for a in answers)}, shorter than DeepCubeA "
            f"{sum(1 for l, d in zip(length, deep) if l is not None and l < d)}; "
            f"gap lower {mean(deep) - mean(lower):.2f}, solution "
            f"{100 * (mean(found) / mean(deep) - 1):+.1f}%"
        )


if __name__ == "__main__":
    main()
