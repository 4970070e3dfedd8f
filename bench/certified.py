#!/usr/bin/env python3
"""The certified bounds of DeepCubeA's 35- and 48-puzzle states (tests/data), as one table:
`docs/deepcubea-bounds.tsv`. Reads the rows of one or more `query --out FILE.jsonl` runs over
those states (any budgets), keeps for each state the largest lower bound and the shortest
solution any run found (each is proven on its own: a lower bound holds whatever the run, a
solution is checked here by replaying it), and writes a row per state beside DeepCubeA's length.

    query --board 6x6 --seconds 60 --out b35.jsonl < states35.txt     # and 7x7 for the 48s
    python3 bench/certified.py b35.jsonl b48.jsonl [more.jsonl ...] > docs/deepcubea-bounds.tsv

The runs behind the table as shipped are in bench/runs/ (`python3 bench/certified.py
bench/runs/*.jsonl > docs/deepcubea-bounds.tsv` makes it again).

Each run's budget is given by its file (`query`'s seconds are not in the rows): name a file
`NAME@SECONDS.jsonl` to have the budget written in the table's `seconds` column; otherwise the
column says the seconds the state took in the run that found its bound.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def deepcubea(n):
    rows = {}
    for line in (ROOT / f"tests/data/deepcubea-puzzle{n}.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        index, cells, length = line.split("\t")[:3]
        rows[cells] = (int(index), int(length))
    return rows


def replay(state, side, moves):
    cells = [int(c) for c in state.split(",")]
    blank = cells.index(0)
    for m in moves:
        row, col = divmod(blank, side)
        row += {"U": -1, "D": 1}.get(m, 0)
        col += {"L": -1, "R": 1}.get(m, 0)
        assert 0 <= row < side and 0 <= col < side, f"{state}: {moves} leaves the board"
        to = row * side + col
        cells[blank], cells[to] = cells[to], cells[blank]
        blank = to
    return cells


def main():
    known = {35: deepcubea(35), 48: deepcubea(48)}
    best = {}
    for name in sys.argv[1:]:
        budget = Path(name).stem.split("@")[1] if "@" in Path(name).stem else None
        for line in Path(name).read_text().splitlines():
            row = json.loads(line)
            state = row["state"]
            n = state.count(",")
            assert n in known and state in known[n], f"{name}: {state} is not a DeepCubeA state"
            side = {35: 6, 48: 7}[n]
            if row["solution"] is not None:
                assert replay(state, side, row["solution"]) == list(range(1, n + 1)) + [0], state
            _, deep = known[n][state]
            assert row["lower_bound"] <= deep, f"{state}: a bound above DeepCubeA's length"
            was = best.setdefault(state, {"lower_bound": 0, "solution": None, "seconds": ""})
            if row["lower_bound"] > was["lower_bound"]:
                was["lower_bound"] = row["lower_bound"]
                was["seconds"] = budget or f"{row['seconds']:.0f}"
            if row["solution"] is not None and (
                was["solution"] is None or len(row["solution"]) < len(was["solution"])
            ):
                was["solution"] = row["solution"]
    print("# DeepCubeA's 35- and 48-puzzle test states of tests/data: a lower bound on each "
          "optimal length, proven by tilebase (query --board 6x6|7x7; IDA* over Manhattan "
          "distance, linear conflicts and on 6x6 its pattern databases), and the shortest "
          "solution tilebase found (replayed to the goal 1,2,...,n,0). gap: DeepCubeA's "
          "solution is at most this many moves longer than optimal. seconds: the budget of the "
          "run that proved the bound. Made by bench/certified.py.")
    print("puzzle\tindex\tstate\tdeepcubea_length\tlower_bound\tgap\tlength\tseconds\tsolution")
    for n in (35, 48):
        for state, (index, deep) in sorted(known[n].items(), key=lambda kv: kv[1][0]):
            if state not in best:
                continue
            row = best[state]
            length = len(row["solution"]) if row["solution"] is not None else ""
            print(f"{n}\t{index}\t{state}\t{deep}\t{row['lower_bound']}\t"
                  f"{deep - row['lower_bound']}\t{length}\t{row['seconds']}\t"
                  f"{row['solution'] or ''}")


if __name__ == "__main__":
    main()
