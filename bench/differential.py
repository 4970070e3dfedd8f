#!/usr/bin/env python3
"""Differential run of tilebase's programs: the same invocations through two builds, compared
byte for byte.

    python3 bench/differential.py BEFORE_BIN_DIR AFTER_BIN_DIR [--db DIR] [--jobs N]
                                  [--only PROGRAM] [--list] [--timeout S]

BEFORE_BIN_DIR and AFTER_BIN_DIR each hold the eight programs (query, build-db, verify, compare,
stats, random, analyse, label), e.g. two `target/release` folders. The script generates a fixed,
deterministic list of a few thousand invocations of every program (good and bad input, every
state form, flag and board that runs well under a second; see the generators below) and runs
each through both builds, comparing the exit code, stdout, stderr and every file the
invocation leaves behind. Exit status 0 only when every invocation is identical on both sides,
1 when any differs (or varies between two runs of the same build), 2 on a usage error.

Sandboxes. Every invocation runs in a sandbox of its own, made afresh for each side from the
same recipe, and at the same path for both sides: ROOT/run/ID, where ROOT is one temporary
folder per run of this script and ID the invocation's id. The sides run one after the other in
that path (BEFORE, its results captured, the folder removed, then AFTER), so both see
byte-identical paths, environment and files. A sandbox holds:
  work/   the current directory: a copy of --db DIR (default: db/ beside this script's folder)
          as db/, plus any input files the invocation's recipe writes (damaged databases,
          state files, ...);
  cache/  TILEBASE_CACHE_DIR: empty, or (for the boards answered by search) the pattern files
          that this side's own programs built in the warm-up phase;
  home/   HOME (XDG_CACHE_HOME is unset, so ~/.cache would land here);
  tmp/    TMPDIR.
Files from --db and from the warm-up are hard links into one master copy per side (the
programs write files under temporary names and rename them into place, which never touches a
link's target; the masters are checked at the end all the same). The environment is only
PATH, HOME, TILEBASE_CACHE_DIR, TMPDIR and LANG/LC_ALL=C.UTF-8 (plus what a case sets), stdin
is a pipe with the case's input (empty unless it gives some), stdout and stderr are pipes, and
the program runs in a new session, so it has no terminal: no progress bars. Each invocation has
a timeout (default 30 s; it kills the whole process group), reported as an outcome of its own.

Warm-up. 4x4 (--pdb 5-5-5 and 6-6-3) and 5x3/3x5 (--pdb 5-5-4) questions need pattern files.
Before the invocations proper, each side builds them with its own `query` (first use builds
into the cache), once per goal class; those warm-up invocations are compared like any other
(their output and the files they write), and the cache they leave is what the `warm` cases
start from.

Output files. After each invocation every file, folder, link and pipe under the sandbox is
recorded: its path, kind, permission bits and bytes (a SHA-256). Both sides must leave exactly
the same set with the same bytes: the SVG pictures, databases, datasets and anything else,
including files left where none should be.

Normalisation, kept minimal: only what measures elapsed time, and nothing in output files.
Each rule names the program(s) and the text it rewrites; everything else is compared raw.
  T1  every program, stdout and stderr: a duration after the word "in",
      "in 0.2 ms", "in 0.6 s", "in 0.18 µs" -> "in <time>" ("built ... in 0.2 ms; saved it
      to", "built in 0.6 s", "verified in 3.0 ms", compare's "the table answers 23 moves in
      0.18 µs", build-db --all-goals' "in 6.1 ms").
  T2  build-db, stdout: the summary's time line, "time    2.5 ms (search 1.3 ms, write
      1.2 ms)" and "time      0.6 s" -> "time    <time>".
  T3  compare, stdout, a row of the table: the right-aligned time column and the ratio to the
      table's time derived from it ("    16.1 ms     3,545x", "     2.4 µs"), with the padding
      before them, whose width follows their lengths -> " <time> <ratio>" / " <time>".
  T4  compare --json: the values of "micros" and "nanos" -> <time>.
  T5  every program, stdout and stderr: the random part of a temporary file's name,
      ".tilebase-k51FaD.partial" -> ".tilebase-XXXXXX.partial" (same length). The programs
      name it in the error for an output file in a missing folder (query --svg, analyse --svg,
      label --out: "No such file or directory (os error 2) at path ..."), so that message
      varies from run to run of the same binaries; the summary lists every invocation where
      this rule applied, so that it stays in view.
  P   every program, stdout and stderr: the sandbox's own path (identical on both sides, as
      both run in the same folder) -> a placeholder of the same length, "<sandbox___...>",
      so that diffs read the same from run to run and no width shifts.
A difference that remains is reported. When BEFORE and AFTER differ on an invocation, BEFORE
is run a second time: if that run differs from the first, the invocation is reported as
NONDETERMINISTIC (its output varies between two runs of the same binaries) with that diff,
rather than as a regression; it still fails the run. Panics, deaths by a signal and timeouts
are listed even when both sides agree on them.

Run it against one build on both sides (BEFORE=AFTER) to check the run itself is clean:
    python3 bench/differential.py /work/baseline/target/release /work/baseline/target/release
About 3,500 invocations; a whole run takes 1.5 to 2.5 minutes on two cores (--jobs 2).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import difflib
import hashlib
import os
import random
import re
import shlex
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path

PROGRAMS = ["query", "random", "stats", "analyse", "compare", "verify", "build-db", "label"]
DEFAULT_TIMEOUT = 30.0

# ------------------------------------------------------------------------------------------
# Puzzles: boards, goals, walks, and the forms people write states in.
# ------------------------------------------------------------------------------------------

INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
ARTICLES_GOAL = [1, 2, 3, 8, 0, 4, 7, 6, 5]  # 123804765, the 3x3 default


def board_of(name: str) -> tuple[int, int]:
    w, h = name.split("x")
    return int(w), int(h)


def default_goal(w: int, h: int) -> list[int]:
    if (w, h) == (3, 3):
        return list(ARTICLES_GOAL)
    return list(range(1, w * h)) + [0]


def blank_first(w: int, h: int) -> list[int]:
    return list(range(w * h))


def slide(cells: list[int], w: int, h: int, move: str) -> list[int] | None:
    """The blank moves one cell in the direction `move`; None when it cannot."""
    b = cells.index(0)
    r, c = divmod(b, w)
    target = {"U": (r - 1, c), "D": (r + 1, c), "L": (r, c - 1), "R": (r, c + 1)}[move]
    if not (0 <= target[0] < h and 0 <= target[1] < w):
        return None
    t = target[0] * w + target[1]
    out = list(cells)
    out[b], out[t] = out[t], out[b]
    return out


def walk(start: list[int], w: int, h: int, length: int, rng: random.Random):
    """A random walk of the blank that never steps straight back: (end, moves)."""
    cells, moves = list(start), []
    for _ in range(length):
        options = [m for m in "UDLR" if slide(cells, w, h, m) is not None]
        if moves and len(options) > 1 and INVERSE[moves[-1]] in options:
            options.remove(INVERSE[moves[-1]])
        m = rng.choice(options)
        cells = slide(cells, w, h, m)
        moves.append(m)
    return cells, "".join(moves)


def back(moves: str) -> str:
    """The moves that undo `moves`: from a walk's end back to its start."""
    return "".join(INVERSE[m] for m in reversed(moves))


def counted(moves: str) -> str:
    """`DDDRR` as `D3R2`."""
    out, i = [], 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        out.append(moves[i] + (str(j - i) if j - i > 1 else ""))
        i = j
    return "".join(out)


def tile_letters(moves: str) -> str:
    """Blank directions as the direction the tiles slide (slidy's), counted."""
    return counted("".join(INVERSE[m] for m in moves))


def permutation(n: int, rng: random.Random) -> list[int]:
    cells = list(range(n))
    rng.shuffle(cells)
    return cells


def other_parity(cells: list[int]) -> list[int]:
    """Two tiles swapped: the other half of the states, which cannot reach the goal."""
    tiles = [i for i, t in enumerate(cells) if t != 0]
    out = list(cells)
    out[tiles[0]], out[tiles[1]] = out[tiles[1]], out[tiles[0]]
    return out


FORMS = ["digits", "spaces", "commas", "brackets", "brackets-spaced", "rows", "rows-spaced",
         "rows-commas", "tabs", "padded"]


def fmt(cells: list[int], w: int, form: str = "commas") -> str:
    """A state written as people write it."""
    small = len(cells) <= 10
    if form in ("digits", "rows", "padded") and not small:
        form = {"digits": "commas", "rows": "rows-commas", "padded": "spaces"}[form]
    rows = [cells[i:i + w] for i in range(0, len(cells), w)]
    s = [str(c) for c in cells]
    if form == "digits":
        return "".join(s)
    if form == "spaces":
        return " ".join(s)
    if form == "commas":
        return ",".join(s)
    if form == "brackets":
        return "[" + ",".join(s) + "]"
    if form == "brackets-spaced":
        return "[" + ", ".join(s) + "]"
    if form == "rows":
        return "/".join("".join(str(c) for c in r) for r in rows)
    if form == "rows-spaced":
        return "/".join(" ".join(str(c) for c in r) for r in rows)
    if form == "rows-commas":
        return "/".join(",".join(str(c) for c in r) for r in rows)
    if form == "tabs":
        return "\t".join(s)
    if form == "padded":
        return "  " + "".join(s) + " "
    raise ValueError(form)


# Unreadable states, as the tests list them (tests/data via tilebase-testdata), and more.
BAD_STATES = [
    "", "   \t ", "12345678", "1234567801", "123456781", "1 2 3 4 5 6 7 8 8", "120456780",
    "123456789", "1 2 3 4 5 6 7 8 -3", "12345678x", "１２３４５６７８０", "١٢٣٤٥٦٧٨٠",
    "1,2 3,4,5,6,7,8,0", "[1,2,3,4,5,6,7,8,0", "1234/567/80",
    "1\t2\t3\t4\t5\t6\t7\t8\t99999999999999999999999", "1,2,3,,4,5,6,7,8,0", "1,2,3,4,5,6,7,8,0,",
    "[1,2,3,4,5,6,7,8,0]]", "1;2;3;4;5;6;7;8;0", "0x1", "123/456/78", "123//456/780",
    "1 2 3 4 5 6 7 8 0 extra", "-", "+123456780", "1.2.3", "1_2_3_4_5_6_7_8_0", "[]", "/",
    "12345678\u00a00",
]

SMALL_BOARDS = ["2x2", "3x2", "2x3", "4x2", "2x4", "5x2", "2x5"]
FIFTEEN = "4x4"
FIFTEEN_EDGE_GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]
FIFTEEN_INSIDE_GOAL = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]


# ------------------------------------------------------------------------------------------
# Invocations.
# ------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Step:
    program: str
    args: list[str]
    stdin: bytes = b""


@dataclasses.dataclass
class Case:
    """One invocation: `steps[-1]` is the one counted; earlier steps (rare) prepare its input
    with the same side's programs, and their results are compared too."""

    id: str
    group: str  # the program it exercises
    steps: list[Step]
    cache: str = "cold"  # "cold": an empty cache; "warm": this side's pattern files
    db: bool = True  # a copy of --db DIR as work/db
    files: list[tuple] = dataclasses.field(default_factory=list)  # recipe, see make_files
    env: dict = dataclasses.field(default_factory=dict)  # None unsets
    timeout: float | None = None
    warmup: bool = False  # its cache becomes this side's warm master
    # A question on a board of 12 cells or more that the program refuses before it opens or
    # builds any file (checked by hand: such a case passes check_safe without --pdb).
    refused_at_once: bool = False


class Cases:
    def __init__(self, group: str):
        self.group = group
        self.items: list[Case] = []

    def add(self, args, stdin=b"", program=None, **kw):
        if isinstance(stdin, str):
            stdin = stdin.encode()
        steps = [Step(s[0], list(s[1]), s[2] if len(s) > 2 else b"") for s in kw.pop("pre", [])]
        steps.append(Step(program or self.group, [str(a) for a in args], stdin))
        case = Case(id="", group=self.group, steps=steps, **kw)
        check_safe(case)
        self.items.append(case)
        return case


def cells_in(arg: str) -> int:
    """How many cells a state-like argument has (0 when it is not one)."""
    parts = [p for p in re.split(r"[,\s/\[\]]+", arg) if p]
    if len(parts) > 1 and all(re.fullmatch(r"-?\d+", p) for p in parts):
        return len(parts)
    return 0


def check_safe(case: Case) -> None:
    """Refuses, when the list is made, an invocation that could build the 15-puzzle's 7-8
    files (about a minute, 1.6 GB), a 12-cell table or a relabelled 4x4 table: every board of 12
    cells or more needs --pdb (small partitions only), except `random` without --distance,
    which reads no file."""
    for step in case.steps:
        a = step.args
        big = 0
        for i, arg in enumerate(a):
            if arg == "--board" and i + 1 < len(a) and re.fullmatch(r"\d+x\d+", a[i + 1]):
                w, h = board_of(a[i + 1])
                if min(w, h) >= 2 and w * h <= 25:  # others are refused as arguments
                    big = max(big, w * h)
            big = max(big, cells_in(arg))
        if step.program == "verify" or big < 12 or case.refused_at_once:
            continue
        if step.program == "random" and "--distance" not in a:
            continue
        if big == 12:
            raise ValueError(f"{case.id}: a 12-cell board: {a}")
        if "--pdb" not in a:
            raise ValueError(f"{case.id}: a board of {big} cells without --pdb: {a}")
        pdb = a[a.index("--pdb") + 1]
        sizes = [int(x) for x in re.findall(r"\d+", pdb)] if re.fullmatch(r"[\d-]+", pdb) else []
        if any(s > 6 for s in sizes):
            raise ValueError(f"{case.id}: a large partition {pdb}: {a}")


def pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


Q_FLAGS = [
    [], ["--json"], ["--hint"], ["--all"], ["--count"], ["--all", "--count"],
    ["--all", "--limit", "1"], ["--all", "--limit", "3", "--count"], ["--boards"],
    ["--distance-only"], ["--notation", "tile"], ["--moves", "tile"],
    ["--notation", "tile", "--moves", "tile"], ["--json", "--hint"], ["--json", "--all"],
    ["--json", "--count"], ["--json", "--boards"], ["--json", "--notation", "tile"],
    ["--json", "--moves", "tile"], ["--json", "--all", "--limit", "2"],
    ["--json", "--all", "--count", "--hint", "--boards", "--notation", "tile"],
    ["--hint", "--boards", "--count", "--notation", "tile"], ["--hint", "--moves", "tile"],
    ["--boards", "--moves", "tile"], ["-q"], ["--quiet", "--json"], ["--metric", "stm", "--hint"],
    ["--limit", "2"], ["--count", "--limit", "2"], ["--moves", "blank", "--notation", "blank"],
    ["--all", "--moves", "tile"], ["--all", "--notation", "tile", "--limit", "4"],
]
Q_MTM = [
    ["--metric", "mtm"], ["--metric", "mtm", "--json"], ["--metric", "mtm", "--hint"],
    ["--metric", "mtm", "--all", "--count"], ["--metric", "mtm", "--distance-only"],
    ["--metric", "mtm", "--moves", "tile"], ["--metric", "mtm", "--notation", "tile"],
    ["--metric", "mtm", "--boards", "--json"], ["--metric", "mtm", "--json", "--all", "--count",
                                                  "--hint"],
    ["--metric", "mtm", "--all", "--limit", "2"], ["--metric", "mtm", "--count", "--boards"],
]
# On the boards answered by search: every output form, the costly ones (--all, --count) only
# for short positions.
Q_SEARCH = [
    [], ["--json"], ["--hint"], ["--boards"], ["--distance-only"], ["--notation", "tile"],
    ["--moves", "tile"], ["--json", "--hint", "--boards", "--notation", "tile"],
    ["--json", "--moves", "tile"], ["--hint", "--moves", "tile"], ["-q", "--json"],
]
Q_SEARCH_SHORT = [
    ["--count"], ["--all"], ["--all", "--limit", "2"], ["--all", "--count", "--limit", "3"],
    ["--json", "--all", "--count"], ["--json", "--count", "--hint"],
]


def gen_query() -> list[Case]:
    c = Cases("query")
    rng = random.Random("query")
    # The README's examples.
    c.add(["603712458"])
    c.add(["603712458", "283104765", "864072513"])
    c.add(["--hint", "603712458"])
    c.add(["--count", "603712458"])
    c.add(["--moves", "tile", "603712458"])
    c.add(["--notation", "tile", "283104765"])
    c.add(["--json", "603712458", "864072513", "12a"])
    c.add(["--distance-only", "603712458", "864072513", "12a"])
    c.add(["--all", "--count", "--goal", "123456780", "647850321"])
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--all", "1,2,3,4,5,6,8,0,9,10,7,15,13,14,12,11"],
          cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--hint", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"],
          cache="warm")
    for form in FORMS:
        c.add([fmt([6, 0, 3, 7, 1, 2, 4, 5, 8], 3, form)])
    c.add(["-"], stdin="603712458\n")
    c.add([], stdin="603712458\n283104765\n")

    # 3x3 states, every form, with every flag set.
    states = []
    for i in range(170):
        states.append(permutation(9, rng))
    for i in range(130):
        states.append(walk(ARTICLES_GOAL, 3, 3, rng.randrange(0, 40), rng)[0])
    for i, s in enumerate(states):
        form = FORMS[i % len(FORMS)]
        c.add(pick(rng, Q_FLAGS) + [fmt(s, 3, form)])
        c.add([fmt(s, 3, pick(rng, FORMS))] + pick(rng, Q_FLAGS))
        if i % 3 == 0:
            c.add(pick(rng, Q_MTM) + [fmt(s, 3, form)])
    # Several states at once.
    for i in range(70):
        args = []
        for _ in range(rng.randrange(2, 7)):
            kind = rng.random()
            if kind < 0.6:
                args.append(fmt(pick(rng, states), 3, pick(rng, FORMS)))
            elif kind < 0.8:
                args.append(pick(rng, BAD_STATES))
            else:
                args.append(fmt(other_parity(walk(ARTICLES_GOAL, 3, 3, 10, rng)[0]), 3))
        flags = pick(rng, Q_FLAGS + Q_MTM[:3])
        c.add(flags + ["--"] + args if any(a.startswith("-") for a in args) else flags + args)
    # Any goal, presets, goals in every form; --from/--to.
    goals = [permutation(9, rng) for _ in range(45)]
    for i, g in enumerate(goals):
        for j in range(3):
            s = walk(g, 3, 3, rng.randrange(0, 35), rng)[0] if j < 2 else permutation(9, rng)
            flags = pick(rng, Q_FLAGS) if j != 1 else pick(rng, Q_MTM)
            c.add(["--goal", fmt(g, 3, FORMS[(i + j) % len(FORMS)])] + flags + [fmt(s, 3)],
                  db=(i % 5 != 0))
    for preset in ["blank-first", "blank-last"]:
        g = blank_first(3, 3) if preset == "blank-first" else list(range(1, 9)) + [0]
        for j in range(8):
            s = walk(g, 3, 3, 3 + 4 * j, rng)[0]
            c.add(["--goal", preset, fmt(s, 3, pick(rng, FORMS))] + pick(rng, Q_FLAGS))
        c.add(["--goal", preset, "--metric", "mtm", "--hint", fmt(walk(g, 3, 3, 20, rng)[0], 3)])
    for i in range(60):
        a, b = permutation(9, rng), (walk(states[i], 3, 3, rng.randrange(1, 30), rng)[0]
                                    if i % 4 else permutation(9, rng))
        flags = pick(rng, Q_FLAGS + Q_MTM) if i % 2 else []
        c.add(["--from", fmt(a, 3, pick(rng, FORMS)), "--to", fmt(b, 3, pick(rng, FORMS))] + flags,
              db=(i % 7 != 0))
    # The database named: each shipped file, another goal's, --db with --goal.
    shipped = ["123804765", "123456780", "123456708", "123405678"]
    for name in shipped:
        c.add(["--db", f"db/3x3-{name}.tilebase", "603712458", "283104765"])
        c.add(["--db", f"db/3x3-{name}.tilebase", "--goal", "123804765", "603712458"])
        c.add(["--db", f"db/3x3-{name}.tilebase", "--goal", name, "--json", "603712458"])
        c.add(["--db", f"db/3x3-{name}.tilebase", "--metric", "mtm", "603712458"])
        c.add(["--db", f"db/3x3-{name}.tilebase", "--board", "2x2", "1230"])
    c.add(["--db", "db/3x3-123804765.tilebase", "--goal", "876504321", "876054321"])

    # The small boards.
    for board in SMALL_BOARDS:
        w, h = board_of(board)
        n = w * h
        g0 = default_goal(w, h)
        for i in range(32):
            s = walk(g0, w, h, rng.randrange(0, 45), rng)[0] if i % 3 else permutation(n, rng)
            flags = pick(rng, Q_FLAGS) if i % 4 else pick(rng, Q_MTM)
            c.add(["--board", board] + flags + [fmt(s, w, FORMS[i % len(FORMS)])])
        for i in range(10):
            g = permutation(n, rng) if i < 6 else (blank_first(w, h) if i < 8 else g0)
            s = walk(g, w, h, rng.randrange(0, 30), rng)[0]
            goal_arg = fmt(g, w, pick(rng, FORMS)) if i < 8 else pick(rng, ["blank-first",
                                                                          "blank-last"])
            args = (["--board", board] if i % 3 else []) + ["--goal", goal_arg]
            c.add(args + pick(rng, Q_FLAGS + Q_MTM) + [fmt(s, w, pick(rng, FORMS))])
        for i in range(4):
            a, b = permutation(n, rng), permutation(n, rng)
            c.add(["--from", fmt(a, w, "rows-commas"), "--to", fmt(b, w, "commas")] +
                  pick(rng, Q_FLAGS))
        lines = [fmt(walk(g0, w, h, rng.randrange(0, 40), rng)[0], w, pick(rng, FORMS))
                 for _ in range(12)] + [fmt(permutation(n, rng), w) for _ in range(5)] + \
                ["", "12", fmt(permutation(9, rng), 3)]
        rng.shuffle(lines)
        for flags in [[], ["--json"], ["--distance-only"], ["--metric", "mtm", "--json"]]:
            c.add(["--board", board] + flags, stdin="\n".join(lines) + "\n")
        # States of another board.
        c.add(["--board", board, "603712458"])
        c.add(["--board", board, fmt(list(range(n + 1)), w)])
    c.add(["--board", "3x3", "603712458", "--json"])
    c.add(["--goal", "1230", "0123"])  # the board read off the goal
    c.add(["--goal", "12/30", "0123"])
    c.add(["--goal", "1,2,3,4,5,0", "--count", "0,1,2,3,4,5"])  # 6 cells: 3x2 or 2x3?
    c.add(["--goal", "12/34/50", "05/34/12"])
    c.add(["--goal", "123/450", "012/345"])

    # The 15-puzzle, from the 5-5-5 (and 6-6-3) pattern files; short positions.
    g16 = default_goal(4, 4)
    for i in range(100):
        length = rng.randrange(0, 40)
        s = walk(g16, 4, 4, length, rng)[0]
        form = pick(rng, ["commas", "spaces", "brackets", "brackets-spaced", "rows-commas",
                          "rows-spaced", "tabs"])
        flags = pick(rng, Q_SEARCH + (Q_SEARCH_SHORT if length <= 18 else []))
        pdb = "6-6-3" if i % 10 == 9 else "5-5-5"
        c.add(["--board", FIFTEEN, "--pdb", pdb] + flags + [fmt(s, 4, form)], cache="warm")
    for goal_arg, g in [("blank-first", blank_first(4, 4)), ("blank-last", g16),
                        (fmt(FIFTEEN_EDGE_GOAL, 4), FIFTEEN_EDGE_GOAL),
                        (fmt(FIFTEEN_INSIDE_GOAL, 4, "rows-commas"), FIFTEEN_INSIDE_GOAL)]:
        for j in range(7):
            s = walk(g, 4, 4, 6 + 4 * j, rng)[0]
            board = ["--board", FIFTEEN] if j % 2 or goal_arg.startswith("blank") else []
            c.add(board + ["--pdb", "5-5-5", "--goal", goal_arg] + pick(rng, Q_SEARCH) +
                  [fmt(s, 4, pick(rng, ["commas", "spaces", "rows-commas"]))], cache="warm")
        s = walk(g, 4, 4, 14, rng)[0]
        c.add(["--pdb", "5-5-5", "--from", fmt(s, 4), "--to", fmt(g, 4), "--count"], cache="warm")
    for i in range(12):
        s = other_parity(walk(g16, 4, 4, 30, rng)[0])
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5"] + pick(rng, Q_SEARCH) + [fmt(s, 4)],
              cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--max-nodes", "100",
           fmt(walk(g16, 4, 4, 40, rng)[0], 4)], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--max-nodes", "x", fmt(g16, 4)], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--json", "--max-nodes", "50",
           fmt(walk(g16, 4, 4, 30, rng)[0], 4), fmt(g16, 4)], cache="warm")
    for bad in ["1234567891011121314150", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
                "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,15",
                "1,2,3,4/5,6,7,8/9,10,11,12/13,14,0", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16",
                "603712458"]:
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5", bad], cache="warm")
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--json", bad, fmt(g16, 4)], cache="warm")
    c.add(["--pdb", "5-5-5", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"], cache="warm")  # 16 cells
    c.add(["--pdb", "5-5-5", "--goal", "blank-first", "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15"],
          cache="warm")
    for pdb in ["5-5", "5-5-6", "x", "", "1-5,6-10", "1-5,6-10,10-15", "1-5,6-10,11-15",
                "1+2+3+4+5,6-10,11-15", "0-4,5-9,10-15", "5-5-5-0"]:
        c.add(["--board", FIFTEEN, "--pdb", pdb, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"],
              cache="warm")
    c.add(["--board", FIFTEEN, "--metric", "mtm", "--pdb", "5-5-5", fmt(g16, 4)], cache="warm")
    # 12-cell boards: only refusals that come before any table is opened (checked by hand; an
    # unreadable state is not one of them: query builds the 4x3 table first, then refuses it).
    for args in [["--board", "4x3", "--goal", "1,2,3", "1"], ["--board", "3x4", "--goal", "bad", "1"],
                 ["--board", "4x3", "--distance-only", "--json", "1"],
                 ["--board", "3x4", "--from", "1,2", "--to", "1,2,3"],
                 ["--board", "6x2", "--metric", "xyz", "1"], ["--board", "2x6", "--bogus"]]:
        c.add(args, refused_at_once=True)
    c.add(["--pdb", "5-5-5", "603712458"])  # --pdb on a full table
    c.add(["--board", "2x2", "--pdb", "5-5-5", "1230"])
    # 4x4 batches on stdin, answered on every core in input order.
    for i in range(12):
        lines = []
        for _ in range(rng.randrange(3, 12)):
            r = rng.random()
            if r < 0.7:
                lines.append(fmt(walk(g16, 4, 4, rng.randrange(0, 34), rng)[0], 4,
                                 pick(rng, ["commas", "spaces", "brackets"])))
            elif r < 0.85:
                lines.append(fmt(other_parity(walk(g16, 4, 4, 8, rng)[0]), 4))
            else:
                lines.append(pick(rng, BAD_STATES))
        flags = pick(rng, [[], ["--json"], ["--distance-only"], ["--hint"], ["--json", "--hint"]])
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5"] + flags, stdin="\n".join(lines) + "\n",
              cache="warm")
    # 5x3 and 3x5 (one set of files for both), from 5-5-4.
    for board in ["5x3", "3x5"]:
        w, h = board_of(board)
        g = default_goal(w, h)
        for i in range(16):
            length = rng.randrange(0, 36)
            s = walk(g, w, h, length, rng)[0]
            flags = pick(rng, Q_SEARCH + (Q_SEARCH_SHORT if length <= 16 else []))
            c.add(["--board", board, "--pdb", "5-5-4"] + flags +
                  [fmt(s, w, pick(rng, ["commas", "rows-commas", "spaces"]))], cache="warm")
        c.add(["--board", board, "--pdb", "5-5-4", "--goal", "blank-first",
               fmt(walk(blank_first(w, h), w, h, 20, rng)[0], w)], cache="warm")
        c.add(["--board", board, "--pdb", "5-5-4", fmt(other_parity(g), w)], cache="warm")
    c.add(["--pdb", "5-5-4", "1,2,3,4,5/6,7,8,9,10/11,12,13,0,14"], cache="warm")  # rows: 5x3
    c.add(["--pdb", "5-5-4", "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14"], cache="warm")  # 15: refused

    # Batches on stdin: good, bad and unsolvable lines, CRLF, blank lines, bytes not UTF-8.
    for i in range(90):
        lines = []
        for _ in range(rng.randrange(1, 25)):
            r = rng.random()
            if r < 0.55:
                lines.append(fmt(pick(rng, states), 3, pick(rng, FORMS)).encode())
            elif r < 0.75:
                lines.append(pick(rng, BAD_STATES).encode())
            elif r < 0.9:
                lines.append(fmt(other_parity(pick(rng, states)), 3).encode())
            else:
                lines.append(pick(rng, [b"", b"\xc3\x28\xff603712458", b"  ", b"# comment",
                                        b"603712458 283104765", b"\xef\xbb\xbf603712458"]))
        sep = b"\r\n" if i % 5 == 0 else b"\n"
        data = sep.join(lines) + (sep if i % 7 else b"")
        flags = pick(rng, [[], ["--json"], ["--distance-only"], ["--count"], ["--hint"],
                           ["--notation", "tile"], ["-"], ["--json", "--all", "--limit", "2"],
                           ["--metric", "mtm", "--json"], ["--goal", "123456780"],
                           ["--boards"], ["--moves", "tile", "-"]])
        c.add(flags, stdin=data)
    c.add([], stdin=b"")
    c.add(["--json"], stdin=b"\n")
    c.add(["--distance-only"], stdin=b"7" * 100000 + b"\n603712458\n")
    c.add([], stdin=b"603712458")  # no final newline
    c.add(["603712458", "-"], stdin=b"283104765\n")

    # --svg: the picture's bytes are compared too.
    svg_cases = [
        ["283104765"], ["603712458"], ["--goal", "123456780", "647850321"], ["123804765"],
        ["--metric", "mtm", "603712458"], ["--board", "2x2", "0321"], ["--board", "3x2", "450123"],
        ["--board", "2x5", fmt(walk(default_goal(2, 5), 2, 5, 25, rng)[0], 2)],
        ["--notation", "tile", "603712458"], ["--moves", "tile", "283104765"],
        ["--json", "283104765"], ["--hint", "283104765"], ["--boards", "283104765"],
        ["--all", "283104765"], ["864072513"], ["12a"], ["283104765", "603712458"], ["-"],
        ["--from", "603712458", "--to", "123456780"],
    ]
    for i in range(10):
        svg_cases.append([fmt(walk(ARTICLES_GOAL, 3, 3, 5 + 3 * i, rng)[0], 3, pick(rng, FORMS))])
    for args in svg_cases:
        c.add(["--svg", "out.svg"] + args, stdin="603712458\n")
    for length in [0, 5, 20, 33]:
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--svg", "fifteen.svg",
               fmt(walk(g16, 4, 4, length, rng)[0], 4)], cache="warm")
    c.add(["--board", "5x3", "--pdb", "5-5-4", "--svg", "p.svg",
           fmt(walk(default_goal(5, 3), 5, 3, 20, rng)[0], 5)], cache="warm")
    c.add(["--svg", "missing/dir/out.svg", "283104765"])
    c.add(["--svg", "db", "283104765"])
    c.add(["--svg", "", "283104765"])
    c.add(["--svg", "existing.svg", "283104765"], files=[("write", "work/existing.svg", b"old\n")])
    c.add(["--svg", "{sandbox}/work/abs.svg", "283104765"])

    # Refusals: bad states, flags, boards, goals; missing, strange and damaged databases.
    for bad in BAD_STATES:
        c.add(["--", bad] if bad.startswith("-") else [bad])
        c.add(["283104765", "--", bad, "603712458"])
        c.add(["--json"], stdin=("283104765\n" + bad + "\r\n603712458\n").encode())
    for flags in [
        ["--bogus"], ["--limit", "x", "1"], ["--limit", "-1", "1"], ["--limit"], ["--metric", "xyz"],
        ["--metric"], ["--board", "1x5", "1"], ["--board", "9x9", "1"], ["--board", "3x", "1"],
        ["--board", "x3", "1"], ["--board", "0x0", "1"], ["--board", "3x3x3", "1"],
        ["--board", "13x1", "1"], ["--board", "1x1", "0"], ["--board", "", "1"],
        ["--board", "3X3", "603712458"], ["--board", " 3x3", "603712458"],
        ["--notation", "foo", "1"], ["--moves", "foo", "1"], ["--moves", "Tile", "603712458"],
        ["--goal", "12345678"], ["--goal", "123456789", "1"], ["--goal", "", "603712458"],
        ["--goal", "blank-middle", "603712458"], ["--goal", "BLANK-FIRST", "603712458"],
        ["--goal", "1230", "603712458"], ["--board", "2x2", "--goal", "123804765", "1230"],
        ["--from", "603712458"], ["--to", "123804765"], ["--to", "123804765", "603712458"],
        ["--from", "603712458", "--to", "123804765", "283104765"],
        ["--from", "603712458", "--to", "123456780", "--goal", "123456780"],
        ["--from", "603712458", "--to", "12345"], ["--from", "6037", "--to", "123804765"],
        ["--distance-only", "--json", "1"], ["--distance-only", "--all", "1"],
        ["--distance-only", "--count", "1"], ["--distance-only", "--hint", "1"],
        ["--distance-only", "--boards", "1"], ["--distance-only", "--notation", "tile", "1"],
        ["--distance-only", "--moves", "tile", "1"], ["--distance-only", "--svg", "x.svg", "1"],
        ["--distance-only", "--notation", "blank", "603712458"],
        ["--max-nodes", "10", "603712458"], ["--max-nodes", "x", "603712458"],
        ["--json", "--json", "603712458"], ["--db"], ["--db", "", "603712458"],
        ["-h"], ["--help"], ["-V"], ["--version"], ["help"], ["--db", "db", "603712458"],
        ["--db", "missing.tilebase", "603712458"], ["--db", "db/missing.tilebase", "1"],
        ["--db", "/dev/zero", "603712458"], ["--db", "/proc/self/status", "603712458"],
        ["--db", "{sandbox}/work/db/3x3-123804765.tilebase", "603712458"],
        ["--limit", "0", "--all", "603712458"], ["--limit", "99999999999999999999999", "--all", "1"],
        ["-x"], ["--JSON", "1"], ["--json=true", "1"], ["--limit=2", "--all", "603712458"],
    ]:
        c.add(flags)
    # Files that are no database, damaged ones, and damaged ones where the programs look.
    for kind in DAMAGE_KINDS:
        c.add(["--db", "bad.tilebase", "603712458", "283104765"],
              files=[("damage", "db:3x3-123804765.tilebase", "work/bad.tilebase", kind)])
    for kind in ["truncate-half", "flip-table", "entry-fixed", "magic", "empty"]:
        # The goal's own file in db/ damaged: an error naming it and the command to rebuild.
        c.add(["603712458"], files=[("damage", "db:3x3-123804765.tilebase",
                                     "work/db/3x3-123804765.tilebase", kind)])
        c.add(["--goal", "123456780", "647850321"],
              files=[("damage", "db:3x3-123456780.tilebase", "work/db/3x3-123456780.tilebase",
                      kind)])
        # In the cache: built again, said on stderr.
        c.add(["--board", "3x2", "--json", "123450", "450123"], db=False,
              files=[("damage", "built:3x2-123450.tilebase", "cache/3x2-123450.tilebase", kind)])
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"],
          cache="warm", files=[("damage", PDB555_1, "work/db/" + PDB555_1.split(":")[1],
                                "flip-table")])
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"],
          cache="cold", files=[("damage", PDB555_1, "cache/" + PDB555_1.split(":")[1],
                                "truncate-half")])
    for data in [b"", b"TILEBASE", b"not a database at all\n", bytes(300), b"\x28\xb5\x2f\xfd"]:
        c.add(["--db", "x.tilebase", "603712458"], files=[("write", "work/x.tilebase", data)])
        c.add(["--db", "x.tilebase.zst", "603712458"],
              files=[("write", "work/x.tilebase.zst", data)])
    c.add(["--db", "link.tilebase", "603712458"],
          files=[("symlink", "db/3x3-123804765.tilebase", "work/link.tilebase")])
    c.add(["--db", "loop.tilebase", "603712458"],
          files=[("symlink", "loop.tilebase", "work/loop.tilebase")])
    c.add(["--db", "pipe.tilebase", "603712458"], files=[("fifo", "work/pipe.tilebase")])
    # Databases built by build-db first (same side), then answered from: mtm, compressed.
    for pre_args, q_args in [
        (["--metric", "mtm", "--out", "m.tilebase"], ["--db", "m.tilebase", "603712458"]),
        (["--metric", "mtm", "--out", "m.tilebase"], ["--db", "m.tilebase", "--metric", "stm",
                                                      "603712458"]),
        (["--compress", "--out", "c.tilebase.zst"], ["--db", "c.tilebase.zst", "--hint",
                                                    "603712458"]),
        (["--compress", "--board", "2x3", "--out", "c.tilebase.zst"], ["--db", "c.tilebase.zst",
                                                                      "--json", "123450", "1,2,3,4,0,5"]),
        (["--board", "2x2", "--out", "s.tilebase"], ["--db", "s.tilebase", "0321"]),
        (["--board", "2x2", "--out", "s.tilebase"], ["--db", "s.tilebase", "603712458"]),
    ]:
        c.add(q_args, pre=[("build-db", pre_args)])
    # Where the cache is: TILEBASE_CACHE_DIR unset, XDG_CACHE_HOME, HOME.
    c.add(["--board", "2x2", "0321"], env={"TILEBASE_CACHE_DIR": None})
    c.add(["--board", "3x2", "123450"], env={"TILEBASE_CACHE_DIR": None,
                                                          "XDG_CACHE_HOME": "{sandbox}/home/xdg"})
    c.add(["--board", "2x3", "123450"], env={"TILEBASE_CACHE_DIR": "{sandbox}/cache/deeper"})
    c.add(["--board", "2x3", "123450"], env={"TILEBASE_CACHE_DIR": "{sandbox}/work/db/3x3-123804765.tilebase"})
    c.add(["603712458"], db=False)
    c.add(["--goal", "123456780", "--json", "603712458"], db=False)
    return c.items


def gen_random() -> list[Case]:
    c = Cases("random")
    rng = random.Random("random")
    c.add(["--distance", "24", "--count", "3", "--seed", "5"])
    c.add(["--board", FIFTEEN, "--count", "5", "--seed", "1"])
    for d in range(0, 33):
        for j in range(3):
            count = [1, 4, 40][j]
            c.add(["--distance", str(d), "--count", str(count), "--seed", str(rng.randrange(10**6))])
    for spec in ["20..25", "0..3", "30..30", "25..20", "0..99", "max", "29..max", "0..0", "1..2",
                 "..5", "5..", "3...5", "10..x", "max..max", "-1..3", " 5", "5 ", "+5", "05",
                 "31", "100", "-1", "x", "", "4294967296", "255", "18446744073709551616"]:
        for count in ["1", "3", "25"]:
            c.add(["--distance", spec, "--count", count, "--seed", "11"])
    for i in range(20):
        g = permutation(9, rng)
        c.add(["--goal", fmt(g, 3, pick(rng, FORMS)), "--distance",
               pick(rng, ["max", "10", "15..20", "0", "31"]), "--count", "5", "--seed", str(i)],
              db=(i % 4 != 0))
    for preset in ["blank-first", "blank-last"]:
        c.add(["--goal", preset, "--distance", "max", "--count", "10", "--seed", "2"])
        c.add(["--goal", preset, "--distance", "12", "--count", "10", "--seed", "2"])
    for board in SMALL_BOARDS:
        for spec in ["max", "0", "1", "5", "8..12", "15", "0..99", None]:
            args = ["--board", board, "--count", "7", "--seed", str(rng.randrange(1000))]
            if spec is not None:
                args += ["--distance", spec]
            c.add(args)
            c.add(args + ["--metric", "mtm"])
        c.add(["--board", board, "--goal", "blank-first", "--distance", "max", "--count", "99",
               "--seed", "1"])
        c.add(["--board", board, "--distance", "3", "--count", "100000", "--seed", "3"])
    for d in ["max", "0", "5", "10..15", "24", "25"]:
        for seed in ["1", "2"]:
            c.add(["--metric", "mtm", "--distance", d, "--count", "6", "--seed", seed])
    # Without --distance: uniform on every board, no file needed (large boards included).
    for board in ["3x3", "2x2", "3x2", "4x3", "3x4", "6x2", "2x6", "4x4", "5x3", "3x5", "7x2",
                  "5x4", "6x4", "5x5"]:
        for seed in ["1", "7"]:
            c.add(["--board", board, "--count", "5", "--seed", seed])
    c.add(["--board", FIFTEEN, "--count", "3000", "--seed", "9"])
    c.add(["--board", FIFTEEN, "--goal", "blank-first", "--count", "5", "--seed", "9"])
    c.add(["--goal", fmt(FIFTEEN_EDGE_GOAL, 4), "--count", "5", "--seed", "9"])
    c.add(["--count", "50", "--seed", "123"])
    c.add(["--seed", "0"])
    c.add(["--seed", "18446744073709551615", "--distance", "20"])
    c.add(["--db", "db/3x3-123456780.tilebase", "--distance", "31", "--count", "5", "--seed", "1"])
    c.add(["--db", "db/3x3-123456780.tilebase", "--goal", "123456780", "--distance", "30",
           "--count", "3", "--seed", "1"])
    c.add(["--db", "db/3x3-123456780.tilebase", "--goal", "123804765", "--distance", "3",
           "--seed", "1"])
    # Deterministic without a seed: a distance with a single state.
    c.add(["--distance", "0"])
    c.add(["--distance", "0", "--count", "5"])
    c.add(["--board", "2x2", "--distance", "0", "--count", "2"])
    for flags in [["--bogus"], ["--json"], ["--count", "x"], ["--count", "-1"], ["--count", "0"],
                  ["--seed", "x"], ["--seed", "-1"], ["--seed", "18446744073709551616"],
                  ["--board", "9x9", "--seed", "1"], ["--board", "1x2", "--seed", "1"],
                  ["--goal", "12345", "--distance", "3", "--seed", "1"],
                  ["--goal", "1234567890", "--distance", "3", "--seed", "1"],
                  ["--metric", "x", "--seed", "1"], ["--db", "missing.tilebase", "--seed", "1",
                                                     "--distance", "3"],
                  ["--db", "db", "--distance", "3", "--seed", "1"], ["extra"], ["-h"], ["--help"],
                  ["-V"], ["--version"], ["--distance"], ["--distance", "3", "--distance", "4"],
                  ["--board", FIFTEEN, "--metric", "mtm", "--count", "2", "--seed", "1"],
                  ["--board", FIFTEEN, "--pdb", "5-5-5", "--count", "2", "--seed", "1"],
                  ["--pdb", "5-5-5", "--distance", "3", "--seed", "1"]]:
        c.add(flags)
    # Refused before any file is opened (checked by hand): no table holds these boards.
    c.add(["--board", FIFTEEN, "--distance", "5", "--seed", "1"], refused_at_once=True)
    c.add(["--board", "5x3", "--distance", "max", "--seed", "1"], refused_at_once=True)
    for kind in ["truncate-half", "flip-table", "entry-fixed", "magic"]:
        c.add(["--distance", "20", "--count", "3", "--seed", "4"],
              files=[("damage", "db:3x3-123804765.tilebase", "work/db/3x3-123804765.tilebase",
                      kind)])
    return c.items


def gen_stats() -> list[Case]:
    c = Cases("stats")
    rng = random.Random("stats")
    goals = ["123804765", "123456780", "123456708", "123405678", "blank-first", "blank-last",
             "876543210", "012345678", "1 2 3/4 0 5/6 7 8", "[1,2,3,4,5,6,7,8,0]"]
    goals += [fmt(permutation(9, rng), 3, pick(rng, FORMS)) for _ in range(12)]
    for i, g in enumerate(goals):
        for flags in [[], ["--json"], ["--count-antipodes"], ["--metric", "mtm"],
                      ["--json", "--count-antipodes", "--metric", "mtm"]]:
            c.add(["--goal", g] + flags, db=(i % 3 != 2))
    c.add([])
    c.add(["--json"])
    c.add([], db=False)
    for name in ["123804765", "123456780", "123456708", "123405678"]:
        c.add(["--db", f"db/3x3-{name}.tilebase"])
        c.add(["--db", f"db/3x3-{name}.tilebase", "--json"])
        c.add(["--db", f"db/3x3-{name}.tilebase", "--goal", "876543210"])
    for board in SMALL_BOARDS:
        for flags in [[], ["--json"], ["--count-antipodes"], ["--metric", "mtm"],
                      ["--metric", "mtm", "--json"], ["--goal", "blank-first"],
                      ["--goal", "blank-first", "--json", "--metric", "mtm"]]:
            c.add(["--board", board] + flags)
    # Boards answered by search: the published distribution (4x4) and the pattern files.
    for goal in [None, "blank-first", fmt(FIFTEEN_EDGE_GOAL, 4), fmt(FIFTEEN_INSIDE_GOAL, 4)]:
        for flags in [[], ["--json"]]:
            args = ["--board", FIFTEEN, "--pdb", "5-5-5"] + flags
            if goal:
                args += ["--goal", goal]
            c.add(args, cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "6-6-3"], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "6-6-3", "--json", "--count-antipodes"], cache="warm")
    for board in ["5x3", "3x5"]:
        c.add(["--board", board, "--pdb", "5-5-4"], cache="warm")
        c.add(["--board", board, "--pdb", "5-5-4", "--json"], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--metric", "mtm"], cache="warm")
    for flags in [["--bogus"], ["--board", "9x9"], ["--board", "1x4"], ["--goal", "1234"],
                  ["--goal", "123456788"], ["--metric", "x"], ["--db", "missing.tilebase"],
                  ["--db", "db"], ["--db", "/dev/zero"], ["extra"], ["-h"], ["--help"], ["-V"],
                  ["--version"], ["--db", "db/3x3-123804765.tilebase", "--board", "2x2"],
                  ["--db", "db/3x3-123804765.tilebase", "--metric", "mtm"],
                  ["--pdb", "5-5-5"], ["--board", FIFTEEN, "--pdb", "x"]]:
        c.add(flags)
    for args in [["--board", "4x3", "--goal", "bad"], ["--board", "3x4", "--metric", "x"],
                 ["--board", "6x2", "--goal", "1,2,3"]]:
        c.add(args, refused_at_once=True)  # checked by hand: before any table is opened
    for kind in ["truncate-half", "flip-table", "entry-fixed", "magic", "header", "version"]:
        c.add(["--db", "bad.tilebase"],
              files=[("damage", "db:3x3-123804765.tilebase", "work/bad.tilebase", kind)])
        c.add([], files=[("damage", "db:3x3-123804765.tilebase",
                          "work/db/3x3-123804765.tilebase", kind)])
    c.add(["--db", "c.tilebase.zst", "--json"], pre=[("build-db", ["--compress", "--out",
                                                                    "c.tilebase.zst"])])
    return c.items


def gen_analyse() -> list[Case]:
    c = Cases("analyse")
    rng = random.Random("analyse")
    c.add(["603712458", "RLDDLURRDLLUURDDLURRDLLUR"])
    c.add(["--json", "283104765", "ULDR"])
    c.add(["--moves", "tile", "603712458", "U2RDL2UR2D2LU2RDL2UR2DL"])
    c.add(["603712458", "DDLURRDLLUURDDLURRDLLUR"])

    def solutions(moves: str):
        """A solution in the ways it is written, and spoiled: (args prefix, text)."""
        yield [], moves
        yield [], counted(moves)
        yield [], " ".join(moves)
        yield ["--moves", "tile"], tile_letters(moves)
        yield ["--moves", "blank"], counted(moves)

    for i in range(110):
        length = rng.randrange(0, 36)
        s, m = walk(ARTICLES_GOAL, 3, 3, length, rng)
        sol = back(m)
        flags, text = list(solutions(sol))[i % 5]
        extra = pick(rng, [[], [], ["--json"], ["--json"], ["--metric", "mtm"]])
        c.add(flags + extra + [fmt(s, 3, FORMS[i % len(FORMS)]), text])
    # Spoiled solutions: short of the goal, past it, off the board, not moves at all.
    for i in range(60):
        s, m = walk(ARTICLES_GOAL, 3, 3, rng.randrange(2, 30), rng)
        sol = back(m)
        kind = i % 10
        if kind == 0:
            text = sol[:-1]
        elif kind == 1:
            text = sol + "UD"
        elif kind == 2:
            text = sol + "U"
        elif kind == 3:
            # A move off the board.
            cells, t = s, ""
            for mv in "UDLR":
                if slide(cells, 3, 3, mv) is None:
                    t = mv
                    break
            text = t + sol
        elif kind == 4:
            text = sol[:3] + "X" + sol[3:]
        elif kind == 5:
            text = sol.lower()
        elif kind == 6:
            text = counted(sol).replace("2", "0", 1) if "2" in counted(sol) else sol + "D0"
        elif kind == 7:
            text = ""
        elif kind == 8:
            text = sol[0] + "99" + sol[1:]
        else:
            text = sol + " \t"
        extra = pick(rng, [[], ["--json"], ["--moves", "tile"]])
        c.add(extra + ["--", fmt(s, 3), text] if text.startswith("-") else
              extra + [fmt(s, 3), text])
    # Any goal, other boards, the multi-tile metric.
    for i in range(25):
        g = permutation(9, rng) if i < 20 else None
        goal_arg = fmt(g, 3) if g else pick(rng, ["blank-first", "blank-last"])
        g = g or (blank_first(3, 3) if goal_arg == "blank-first" else list(range(1, 9)) + [0])
        s, m = walk(g, 3, 3, rng.randrange(1, 30), rng)
        c.add(["--goal", goal_arg] + pick(rng, [[], ["--json"]]) + [fmt(s, 3), back(m)],
              db=(i % 4 != 0))
    for board in SMALL_BOARDS:
        w, h = board_of(board)
        g = default_goal(w, h)
        for i in range(9):
            s, m = walk(g, w, h, rng.randrange(1, 40), rng)
            sol = back(m) if i % 4 else back(m)[:-1] + "U"
            flags = pick(rng, [[], ["--json"], ["--metric", "mtm"], ["--moves", "tile"]])
            text = tile_letters(sol) if "tile" in flags else sol
            c.add(["--board", board] + flags + [fmt(s, w, pick(rng, FORMS)), text])
    for i in range(20):
        s, m = walk(ARTICLES_GOAL, 3, 3, rng.randrange(1, 30), rng)
        sol = counted(back(m))
        c.add(["--metric", "mtm"] + pick(rng, [[], ["--json"]]) + [fmt(s, 3), sol])
    # Boards answered by search: each position of the solve is a search.
    g16 = default_goal(4, 4)
    for i in range(24):
        s, m = walk(g16, 4, 4, rng.randrange(1, 24), rng)
        sol = back(m) if i % 5 else back(m) + "LR"
        flags = pick(rng, [[], ["--json"], ["--moves", "tile"]])
        text = tile_letters(sol) if "tile" in flags else sol
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5"] + flags + [fmt(s, 4), text], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--goal", "blank-first",
           fmt(walk(blank_first(4, 4), 4, 4, 10, rng)[0], 4), "DDRR"], cache="warm")
    for i in range(6):
        s, m = walk(default_goal(5, 3), 5, 3, rng.randrange(1, 20), rng)
        c.add(["--board", "5x3", "--pdb", "5-5-4", fmt(s, 5), back(m)], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", fmt(other_parity(g16), 4), "R"], cache="warm")
    # --svg.
    for i in range(16):
        s, m = walk(ARTICLES_GOAL, 3, 3, rng.randrange(1, 25), rng)
        sol = back(m) if i % 3 else "UD" + back(m)
        c.add(["--svg", "solve.svg"] + (["--moves", "tile"] if i % 4 == 1 else []) +
              [fmt(s, 3), tile_letters(sol) if i % 4 == 1 else sol])
    c.add(["--svg", "solve.svg", "--board", FIFTEEN, "--pdb", "5-5-5",
           fmt(walk(g16, 4, 4, 8, rng)[0], 4), "LLUU"], cache="warm")
    c.add(["--svg", "solve.svg", "--metric", "mtm", "603712458", "D2LUR2DL2U2RD2LUR2DL2UR"])
    c.add(["--svg", "solve.svg"], stdin="283104765\tULDR\n603712458\tD\n")
    c.add(["--svg", "nodir/solve.svg", "283104765", "ULDR"])
    c.add(["--svg", "solve.svg", "283104765", "ULDX"])
    # Batches on stdin: SCRAMBLE<TAB>SOLUTION lines, some bad.
    for i in range(30):
        lines = []
        for _ in range(rng.randrange(1, 12)):
            s, m = walk(ARTICLES_GOAL, 3, 3, rng.randrange(0, 28), rng)
            r = rng.random()
            if r < 0.5:
                lines.append(f"{fmt(s, 3, pick(rng, FORMS[:8]))}\t{back(m)}")
            elif r < 0.6:
                lines.append(f"{fmt(s, 3)}\t{back(m)[:-1]}")
            elif r < 0.7:
                lines.append(f"{fmt(s, 3)} {back(m)}")
            elif r < 0.8:
                lines.append(f"{pick(rng, BAD_STATES)}\tUDLR")
            elif r < 0.85:
                lines.append(f"{fmt(other_parity(s), 3)}\t{back(m)}")
            elif r < 0.9:
                lines.append("")
            else:
                lines.append(f"{fmt(s, 3)}\t{back(m)}\textra")
        flags = pick(rng, [[], ["--json"], ["-"], ["--moves", "tile"], ["--metric", "mtm"]])
        sep = "\r\n" if i % 6 == 0 else "\n"
        c.add(flags, stdin=sep.join(lines) + sep)
    c.add([], stdin="")
    c.add(["--json"], stdin="\xff\n")
    for flags in [["603712458"], ["603712458", "DD", "LL"], ["--bogus", "1", "U"],
                  ["--moves", "x", "283104765", "ULDR"], ["--board", "9x9", "1", "U"],
                  ["--goal", "bad", "283104765", "ULDR"], ["--metric", "x", "283104765", "ULDR"],
                  ["864072513", "ULDR"], ["864072513", ""], ["--json", "864072513", "ULDR"],
                  ["12a", "ULDR"], ["--", "-1", "U"], ["-h"], ["--help"], ["-V"], ["--version"],
                  ["--db", "missing.tilebase", "283104765", "ULDR"],
                  ["--db", "db/3x3-123456780.tilebase", "283104765", "ULDR"],
                  ["--pdb", "5-5-5", "283104765", "ULDR"], ["123804765", ""], ["123804765", "UD"],
                  ["283104765", "U L D R"], ["283104765", "U,L,D,R"], ["283104765", "ULDR\n"],
                  ["283104765", "U1L1D1R1"], ["283104765", "1U"], ["283104765", "U-1"],
                  ["283104765", "U99999999999999999999"], ["283104765", "ＵLDR"]]:
        c.add(flags)
    for kind in ["flip-table", "entry-fixed", "truncate-half"]:
        c.add(["283104765", "ULDR"], files=[("damage", "db:3x3-123804765.tilebase",
                                             "work/db/3x3-123804765.tilebase", kind)])
    return c.items


def gen_compare() -> list[Case]:
    c = Cases("compare")
    rng = random.Random("compare")
    c.add(["603712458"])
    c.add(["--json", "283104765"])
    for i in range(40):
        s = walk(ARTICLES_GOAL, 3, 3, rng.randrange(0, 24), rng)[0]
        c.add(pick(rng, [[], ["--json"]]) + [fmt(s, 3, pick(rng, FORMS))])
    for i in range(8):
        g = permutation(9, rng)
        s = walk(g, 3, 3, rng.randrange(0, 20), rng)[0]
        c.add(["--goal", fmt(g, 3)] + pick(rng, [[], ["--json"]]) + [fmt(s, 3)])
    for board in SMALL_BOARDS:
        w, h = board_of(board)
        s = walk(default_goal(w, h), w, h, 18, rng)[0]
        c.add(["--board", board, fmt(s, w)])
        c.add(["--board", board, "--json", fmt(s, w)])
    for n in ["1", "10", "100", "1000"]:
        c.add(["--max-nodes", n, "603712458"])
        c.add(["--max-nodes", n, "--json", "283104765"])
    g16 = default_goal(4, 4)
    for i in range(8):
        s = walk(g16, 4, 4, rng.randrange(0, 22), rng)[0]
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5"] + pick(rng, [[], ["--json"]]) + [fmt(s, 4)],
              cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "6-6-3", fmt(walk(g16, 4, 4, 16, rng)[0], 4)], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--max-nodes", "20",
           fmt(walk(g16, 4, 4, 30, rng)[0], 4)], cache="warm")
    c.add(["--board", "5x3", "--pdb", "5-5-4", fmt(walk(default_goal(5, 3), 5, 3, 14, rng)[0], 5)],
          cache="warm")
    for flags in [[], ["603712458", "283104765"], ["12a"], ["864072513"], ["--json", "864072513"],
                  ["--board", "9x9", "1"], ["--max-nodes", "x", "1"], ["--bogus", "603712458"],
                  ["--metric", "mtm", "283104765"], ["--metric", "x", "283104765"],
                  ["--goal", "bad", "283104765"], ["--db", "missing.tilebase", "283104765"],
                  ["--db", "db/3x3-123456780.tilebase", "283104765"], ["--pdb", "5-5-5", "283104765"],
                  ["-h"], ["--help"], ["-V"], ["--version"], ["--", "-1"],
                  ["--board", FIFTEEN, "--pdb", "5-5-5", fmt(other_parity(g16), 4)],
                  ["--board", FIFTEEN, "--pdb", "5-5-5", "123"]]:
        c.add(flags, cache="warm" if FIFTEEN in flags else "cold")
    c.add(["283104765"], files=[("damage", "db:3x3-123804765.tilebase",
                                 "work/db/3x3-123804765.tilebase", "entry-fixed")])
    return c.items


def gen_verify() -> list[Case]:
    c = Cases("verify")
    shipped = [f"db/3x3-{n}.tilebase" for n in ["123804765", "123456780", "123456708", "123405678"]]
    for p in shipped:
        c.add([p])
    c.add(shipped)
    c.add(["-q"] + shipped[:2])
    for p in ["pdb:" + n for n in PDB_FILES]:
        c.add(["{sandbox}/cache/" + p.split(":")[1]], cache="warm")
    # Files built first by this side's build-db.
    for board in SMALL_BOARDS + ["3x3"]:
        # Compressing a 10-cell table takes over a second: smaller boards only.
        compress = [["--compress"]] if board not in ("5x2", "2x5") else []
        for extra in [[], ["--metric", "mtm"], ["--goal", "blank-first"]] + compress:
            out = "t.tilebase" + (".zst" if "--compress" in extra else "")
            c.add([out], pre=[("build-db", ["--board", board, "--out", out] + extra)])
    c.add(["a.tilebase", "b.tilebase"], pre=[("build-db", ["--board", "2x2", "--out", "a.tilebase"]),
                                             ("build-db", ["--board", "3x2", "--out", "b.tilebase"])])
    rng = random.Random("verify")
    for kind in DAMAGE_KINDS:
        c.add(["bad.tilebase"],
              files=[("damage", "db:3x3-123804765.tilebase", "work/bad.tilebase", kind)])
    for i in range(14):
        # An entry changed, the checksums made to match: found by the distance check.
        kind = f"entry-fixed:{rng.randrange(181440)}:{rng.choice([1, 2, 3, 255, 254])}"
        c.add(["bad.tilebase"],
              files=[("damage", f"db:{shipped[i % 4][3:]}", "work/bad.tilebase", kind)])
    for kind in ["flip-table", "truncate-half", "entry-fixed:100:1", "entry-fixed:2000:255",
                 "append", "header"]:
        c.add(["bad.tilebase"], files=[("damage", PDB555_1, "work/bad.tilebase", kind)])
    c.add(["bad.tilebase", shipped[0]], files=[("damage", "db:3x3-123804765.tilebase",
                                                "work/bad.tilebase", "flip-table")])
    c.add([shipped[0], "bad.tilebase", shipped[1]],
          files=[("damage", "db:3x3-123804765.tilebase", "work/bad.tilebase", "magic")])
    for flags in [[], ["missing.tilebase"], ["db"], ["/dev/null"], ["/dev/zero"], ["--bogus"],
                  ["-h"], ["--help"], ["-V"], ["--version"], [""], ["missing.tilebase", shipped[0]]]:
        c.add(flags)
    # verify waits forever on a named pipe (query and the others refuse one at once): a short
    # timeout, so that it is compared (and listed) without costing the run a minute.
    c.add(["pipe.tilebase"], files=[("fifo", "work/pipe.tilebase")], timeout=2)
    c.add(["empty.tilebase"], files=[("write", "work/empty.tilebase", b"")])
    c.add(["link.tilebase"], files=[("symlink", "db/3x3-123804765.tilebase", "work/link.tilebase")])
    c.add(["x.tilebase.zst"], files=[("write", "work/x.tilebase.zst", b"\x28\xb5\x2f\xfd" + bytes(40))])
    c.add(["c.tilebase.zst"], pre=[("build-db", ["--compress", "--out", "c.tilebase.zst"])])
    return c.items


def gen_build_db() -> list[Case]:
    c = Cases("build-db")
    rng = random.Random("build-db")
    c.add(["--goal", "123804765", "--force"])
    c.add(["--goal", "123804765"])  # exists in db/: refused without --force
    c.add(["--goal", "123804765"], db=False)
    c.add(["--all-goals"], db=False)
    c.add(["--all-goals"])
    c.add(["--all-goals", "--force"])
    c.add(["--all-goals", "--out", "all"])
    c.add(["--all-goals", "--metric", "mtm", "--out", "all"])
    c.add(["--all-goals", "--compress", "--out", "all"])
    for i in range(12):
        g = fmt(permutation(9, rng), 3, pick(rng, FORMS))
        extra = pick(rng, [[], ["--metric", "mtm"], ["--compress"], ["--metric", "mtm", "--compress"],
                           ["-q"]])
        c.add(["--goal", g] + extra + (["--out", f"g{i}.tilebase" + (".zst" if "--compress" in extra else "")]
                                       if i % 2 else []))
    for board in SMALL_BOARDS:
        compress = ["--compress"] if board not in ("5x2", "2x5") else []  # over a second
        for extra in [[], ["--metric", "mtm"], compress, ["--all-goals"],
                      ["--all-goals", "--metric", "mtm"] + compress, ["--goal", "blank-first"],
                      ["--out", "x.tilebase"], ["--out", "sub/x.tilebase"]]:
            c.add(["--board", board] + extra, db=(board != "2x2"))
        w, h = board_of(board)
        c.add(["--board", board, "--goal", fmt(permutation(w * h, rng), w, "commas")])
    # Replacing an existing file; a file where a folder should be.
    c.add(["--board", "2x2", "--out", "x.tilebase"], files=[("write", "work/x.tilebase", b"old")])
    c.add(["--board", "2x2", "--out", "x.tilebase", "--force"],
          files=[("write", "work/x.tilebase", b"old")])
    c.add(["--board", "2x2", "--all-goals", "--out", "file"], files=[("write", "work/file", b"x")])
    c.add(["--board", "2x2", "--out", "db"])
    c.add(["--board", "2x2", "--out", "db", "--force"])
    c.add(["--board", "2x2", "--out", ""])
    c.add(["--board", "2x2", "--out", "{sandbox}/work/abs.tilebase"])
    # Pattern databases of the small partitions (each well under a second).
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--out", "p"])
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5"], db=False)
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--goal", "blank-first", "--out", "p"])
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--goal", fmt(FIFTEEN_EDGE_GOAL, 4), "--out", "p"])
    c.add(["--board", FIFTEEN, "--pdb", "1-5,6-10,11-15", "--out", "p"])
    c.add(["--board", "5x3", "--pdb", "5-5-4", "--out", "p"])
    c.add(["--board", "3x5", "--pdb", "5-5-4", "--out", "p"])
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--out", "{sandbox}/cache"], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--out", "{sandbox}/cache", "--force"], cache="warm")
    for flags in [["--board", "1x1"], ["--board", "13x1"], ["--board", "9x9"], ["--goal", "bad"],
                  ["--goal", "12345678"], ["--all-goals", "--goal", "123804765"],
                  ["--strong"], ["--strong", "--metric", "mtm"], ["--pdb", "5-5-5"],
                  ["--board", FIFTEEN, "--pdb", "5-5"], ["--board", FIFTEEN, "--pdb", "x"],
                  ["--board", FIFTEEN, "--pdb", "5-5-6"], ["--board", FIFTEEN, "--pdb", "1-5,6-10"],
                  ["--board", FIFTEEN, "--pdb", "1-5,6-10,10-15"],
                  ["--board", FIFTEEN, "--pdb", "5-5-5", "--compress"],
                  ["--board", FIFTEEN, "--pdb", "5-5-5", "--metric", "mtm"],
                  ["--board", FIFTEEN, "--pdb", "5-5-5", "--strong"],
                  ["--out", "missing/dir/x.tilebase", "--board", "2x2"],
                  ["--metric", "x"], ["--bogus"], ["extra"], ["-h"], ["--help"], ["-V"],
                  ["--version"], ["--board", "2x2", "--goal", "123804765"],
                  ["--board", "2x2", "--compress", "--out", "x.tilebase"],
                  ["--board", "2x2", "--out", "x.zst", "--compress"]]:
        c.add(flags)
    return c.items


def gen_label() -> list[Case]:
    c = Cases("label")
    rng = random.Random("label")
    c.add(["--sample", "walk:20", "--count", "3", "--seed", "1", "--moves", "--out", "walks.csv"])
    samplers = ["uniform", "walk:0", "walk:1", "walk:7", "walk:30", "distance:0", "distance:5",
                "distance:10..14", "distance:max", "distance:0..99"]
    outs = ["out.csv", "out.npy", "out.parquet"]
    for board in ["3x3"] + SMALL_BOARDS:
        for i, sampler in enumerate(samplers):
            out = outs[(i + len(board)) % 3]
            flags = pick(rng, [[], ["--moves"], ["--optimal-moves"], ["--moves", "--optimal-moves"],
                               ["--metric", "mtm"], ["--metric", "mtm", "--moves", "--optimal-moves"]])
            if out.endswith(".parquet") and rng.random() < 0.4:
                flags = flags + ["--path"]
            c.add(["--board", board, "--sample", sampler, "--count", str(rng.choice([1, 5, 40])),
                   "--seed", str(rng.randrange(100)), "--out", out] + flags)
    for out in outs:
        for flags in [[], ["--moves"], ["--optimal-moves", "--moves"], ["--metric", "mtm", "--moves"]]:
            c.add(["--sample", "uniform", "--count", "200", "--seed", "3", "--out", out] + flags)
        c.add(["--sample", "walk:15", "--count", "50", "--goal", "123456780", "--out", out])
        c.add(["--sample", "distance:max", "--count", "500", "--goal", "blank-first", "--out", out])
    c.add(["--sample", "uniform", "--count", "100", "--out", "p.parquet", "--path", "--moves",
           "--optimal-moves"])
    # Boards answered by search: few states, short walks.
    for sampler, count in [("walk:5", 3), ("walk:12", 4), ("uniform", 2), ("walk:20", 2)]:
        for out in ["f.csv", "f.npy", "f.parquet"]:
            c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--sample", sampler, "--count", str(count),
                   "--seed", "5", "--moves", "--out", out], cache="warm")
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--sample", "walk:8", "--count", "3", "--path",
           "--optimal-moves", "--out", "f.parquet"], cache="warm")
    c.add(["--board", "5x3", "--pdb", "5-5-4", "--sample", "walk:10", "--count", "4",
           "--out", "f.csv", "--moves"], cache="warm")
    # Labelling a file of states, with bad lines.
    lines = ["603712458", "283104765", "864072513", "12a", "", "1 2 3/8 0 4/7 6 5", "123804765",
             "[1,2,3,4,5,6,7,8,0]", "12345678", "6 0 3 7 1 2 4 5 8"]
    for i in range(6):
        data = "\n".join(lines[:3 + i]) + "\n"
        for out in ["s.csv", "s.npy", "s.parquet"]:
            c.add(["--sample", "file:states.txt", "--out", out] + (["--moves"] if i % 2 else []),
                  files=[("write", "work/states.txt", data.encode())])
    c.add(["--sample", "file:states.txt", "--out", "s.csv"], files=[("write", "work/states.txt", b"")])
    c.add(["--sample", "file:states.txt", "--out", "s.csv", "--board", FIFTEEN, "--pdb", "5-5-5"],
          cache="warm", files=[("write", "work/states.txt",
                                b"1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\n1,2,3\n")])
    for flags in [["--sample", "uniform", "--out", "x.txt"], ["--sample", "uniform"],
                  ["--out", "x.csv"], ["--sample", "bogus", "--out", "x.csv"],
                  ["--sample", "walk:x", "--out", "x.csv"], ["--sample", "walk:", "--out", "x.csv"],
                  ["--sample", "distance:99", "--out", "x.csv"],
                  ["--sample", "distance:x", "--out", "x.csv"],
                  ["--sample", "file:missing.txt", "--out", "x.csv"],
                  ["--sample", "file:", "--out", "x.csv"],
                  ["--sample", "uniform", "--out", "x.csv", "--path"],
                  ["--sample", "uniform", "--out", "x.npy", "--path"],
                  ["--sample", "uniform", "--out", "missing/x.csv"],
                  ["--sample", "uniform", "--out", "db"],
                  ["--sample", "uniform", "--count", "x", "--out", "x.csv"],
                  ["--sample", "uniform", "--seed", "x", "--out", "x.csv"],
                  ["--sample", "uniform", "--count", "0", "--out", "x.csv"],
                  ["--sample", "uniform", "--count", "0", "--out", "x.parquet"],
                  ["--sample", "uniform", "--count", "0", "--out", "x.npy"],
                  ["--sample", "distance:5", "--board", FIFTEEN, "--pdb", "5-5-5", "--out", "x.csv"],
                  ["--sample", "uniform", "--board", "9x9", "--out", "x.csv"],
                  ["--sample", "uniform", "--goal", "bad", "--out", "x.csv"],
                  ["--sample", "uniform", "--metric", "x", "--out", "x.csv"],
                  ["--sample", "uniform", "--out", "x.CSV"], ["--sample", "uniform", "--out", ".csv"],
                  ["--bogus"], ["-h"], ["--help"], ["-V"], ["--version"]]:
        c.add(flags, cache="warm" if FIFTEEN in flags else "cold")
    for args in [["--board", "4x3", "--sample", "uniform", "--out", "x.txt"],
                 ["--board", "3x4", "--sample", "uniform", "--out", "x.csv", "--path"]]:
        c.add(args, refused_at_once=True)  # checked by hand: before any table is opened
    c.add(["--sample", "uniform", "--count", "5", "--out", "x.csv"],
          files=[("write", "work/x.csv", b"old\n")])
    c.add(["--sample", "uniform", "--count", "5", "--out", "x.csv"],
          files=[("damage", "db:3x3-123804765.tilebase", "work/db/3x3-123804765.tilebase",
                  "flip-table")])
    return c.items


# ------------------------------------------------------------------------------------------
# Warm-up: this side's own query builds the pattern files the `warm` cases start from.
# ------------------------------------------------------------------------------------------

PDB_FILES = [
    "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-1-2-3-4-5.tilebase",
    "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-6-7-8-9-10.tilebase",
    "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-11-12-13-14-15.tilebase",
]
PDB555_1 = "pdb:" + PDB_FILES[0]


def gen_warmup() -> list[Case]:
    c = Cases("query")
    g16 = default_goal(4, 4)
    one = fmt(slide(g16, 4, 4, "L"), 4)
    c.add(["--board", FIFTEEN, "--pdb", "5-5-5", one], warmup=True)
    c.add(["--board", FIFTEEN, "--pdb", "6-6-3", one], warmup=True)
    for g in [FIFTEEN_EDGE_GOAL, FIFTEEN_INSIDE_GOAL]:
        c.add(["--board", FIFTEEN, "--pdb", "5-5-5", "--goal", fmt(g, 4), fmt(g, 4)], warmup=True)
    c.add(["--board", "5x3", "--pdb", "5-5-4", fmt(default_goal(5, 3), 5)], warmup=True)
    for i, case in enumerate(c.items):
        case.id = f"warmup-{i + 1:02d}"
        case.group = "warm-up"
    return c.items


GENERATORS = {
    "query": gen_query, "random": gen_random, "stats": gen_stats, "analyse": gen_analyse,
    "compare": gen_compare, "verify": gen_verify, "build-db": gen_build_db, "label": gen_label,
}


def all_cases() -> list[Case]:
    cases = []
    for name in PROGRAMS:
        for i, case in enumerate(GENERATORS[name]()):
            case.id = f"{name}-{i + 1:04d}"
            cases.append(case)
    return cases


# ------------------------------------------------------------------------------------------
# Damaged files.
# ------------------------------------------------------------------------------------------

DAMAGE_KINDS = ["empty", "truncate-7", "truncate-24", "truncate-100", "truncate-header",
                "truncate-half", "truncate-1", "magic", "version", "endian", "header-length",
                "header", "flip-table", "flip-last", "append", "entry-fixed", "garbage", "zeros"]


def damage(data: bytes, kind: str) -> bytes:
    """A database file spoiled in one way (deterministically)."""
    b = bytearray(data)
    hlen = struct.unpack_from("<I", b, 16)[0] if len(b) >= 24 else 0
    if kind == "empty":
        return b""
    if kind.startswith("truncate-"):
        arg = kind.split("-", 1)[1]
        n = {"half": len(b) // 2, "header": 24 + hlen // 2, "1": len(b) - 1}.get(arg)
        return bytes(b[: int(arg) if n is None else n])
    if kind == "magic":
        b[0] ^= 0x20
    elif kind == "version":
        b[8:12] = struct.pack("<I", 99)
    elif kind == "endian":
        b[12:16] = b[12:16][::-1]
    elif kind == "header-length":
        b[16:20] = struct.pack("<I", 0xFFFF)
    elif kind == "header":
        b[24 + hlen // 2] ^= 0x01
    elif kind == "flip-table":
        b[24 + hlen + (len(b) - 24 - hlen) // 3] ^= 0x01
    elif kind == "flip-last":
        b[-1] ^= 0x80
    elif kind == "append":
        b += b"\x00extra"
    elif kind == "garbage":
        r = random.Random(len(b))
        return bytes(r.randrange(256) for _ in range(1000))
    elif kind == "zeros":
        return bytes(len(b))
    elif kind.startswith("entry-fixed"):
        # One table byte changed, and the table's checksum in the header and the header's in
        # the preamble made to match: only a check of the distances finds it.
        parts = kind.split(":")
        table = b[24 + hlen:]
        index = int(parts[1]) if len(parts) > 1 else len(table) // 2
        delta = int(parts[2]) if len(parts) > 2 else 1
        index %= len(table)
        old = zlib.crc32(bytes(table))
        header = b[24:24 + hlen]
        at = bytes(header).find(struct.pack("<I", old))
        table[index] = (table[index] + delta) & 0xFF
        if at >= 0:
            header[at:at + 4] = struct.pack("<I", zlib.crc32(bytes(table)))
            b[20:24] = struct.pack("<I", zlib.crc32(bytes(header)))
        return bytes(b[:24]) + bytes(header) + bytes(table)
    else:
        raise ValueError(kind)
    return bytes(b)


# ------------------------------------------------------------------------------------------
# Running one side.
# ------------------------------------------------------------------------------------------


@dataclasses.dataclass
class StepResult:
    code: int | None
    stdout: bytes
    stderr: bytes
    timed_out: bool
    seconds: float
    error: str = ""  # the program could not be started


@dataclasses.dataclass
class Entry:
    kind: str  # file, dir, link, fifo, other
    mode: int
    digest: str  # sha256 of a file, a link's target
    size: int
    content: bytes | None  # small files, for diffs


@dataclasses.dataclass
class Result:
    steps: list[StepResult]
    files: dict[str, Entry]


class Side:
    """One build: its programs, and its master copies of db/ and of the warm cache."""

    def __init__(self, name: str, bindir: Path, root: Path, db: Path):
        self.name = name
        self.bindir = bindir
        self.master = root / "masters" / name
        self.db = self.master / "db"
        self.warm = self.master / "warm"
        self.built = self.master / "built"
        self.inodes: dict[tuple[int, int], tuple[int, int, str]] = {}
        self.db.mkdir(parents=True)
        self.warm.mkdir()
        self.built.mkdir()
        for f in sorted(db.iterdir()):
            if f.is_file():
                shutil.copyfile(f, self.db / f.name)
                os.chmod(self.db / f.name, 0o644)
        self.register(self.db)

    def register(self, folder: Path) -> None:
        for f in folder.iterdir():
            st = f.lstat()
            self.inodes[(st.st_dev, st.st_ino)] = (st.st_size, st.st_mtime_ns, digest_of(f))

    def intact(self) -> list[str]:
        """Master files changed since they were made (by a program writing through a link)."""
        bad = []
        for folder in (self.db, self.warm, self.built):
            for f in folder.iterdir():
                st = f.lstat()
                known = self.inodes.get((st.st_dev, st.st_ino))
                if known is None or known[:2] != (st.st_size, st.st_mtime_ns) or \
                        known[2] != digest_of(f):
                    bad.append(str(f))
        return bad


def digest_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def expand(text: str, sandbox: Path) -> str:
    return text.replace("{sandbox}", str(sandbox))


def make_sandbox(case: Case, side: Side, sandbox: Path) -> None:
    if sandbox.exists():
        shutil.rmtree(sandbox)
    for sub in ("work", "cache", "home", "tmp"):
        (sandbox / sub).mkdir(parents=True)
    if case.db:
        (sandbox / "work" / "db").mkdir()
        for f in sorted(side.db.iterdir()):
            os.link(f, sandbox / "work" / "db" / f.name)
    if case.cache == "warm":
        for f in sorted(side.warm.iterdir()):
            os.link(f, sandbox / "cache" / f.name)
    for op in case.files:
        if op[0] == "write":
            target = sandbox / op[1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(op[2])
        elif op[0] == "damage":
            source_kind, name = op[1].split(":", 1)
            folder = {"db": side.db, "pdb": side.warm, "built": side.built}[source_kind]
            target = sandbox / op[2]
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.exists():
                target.unlink()
            target.write_bytes(damage((folder / name).read_bytes(), op[3]))
        elif op[0] == "symlink":
            os.symlink(op[1], sandbox / op[2])
        elif op[0] == "fifo":
            os.mkfifo(sandbox / op[1])
        else:
            raise ValueError(op)


def environment(case: Case, sandbox: Path) -> dict:
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(sandbox / "home"),
        "TILEBASE_CACHE_DIR": str(sandbox / "cache"),
        "TMPDIR": str(sandbox / "tmp"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    }
    for k, v in case.env.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = expand(v, sandbox)
    return env


def run_step(step: Step, side: Side, sandbox: Path, env: dict, timeout: float) -> StepResult:
    argv = [str(side.bindir / step.program)] + [expand(a, sandbox) for a in step.args]
    started = time.monotonic()
    try:
        proc = subprocess.Popen(argv, cwd=sandbox / "work", env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    except OSError as e:
        return StepResult(None, b"", b"", False, 0.0, error=f"{type(e).__name__}: {e.strerror}")
    try:
        out, err = proc.communicate(step.stdin, timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
        timed_out = True
    seconds = time.monotonic() - started
    # A program that left children behind (none should): end them with the session.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    return StepResult(None if timed_out else proc.returncode, out, err, timed_out, seconds)


KEEP_CONTENT = 256 * 1024


def snapshot(sandbox: Path, side: Side) -> dict[str, Entry]:
    """Every path under the sandbox, as it is after the invocation."""
    entries: dict[str, Entry] = {}
    for dirpath, dirnames, filenames in os.walk(sandbox):
        dirnames.sort()
        for name in sorted(dirnames + filenames):
            path = Path(dirpath) / name
            rel = str(path.relative_to(sandbox))
            st = path.lstat()
            mode = stat.S_IMODE(st.st_mode)
            if stat.S_ISLNK(st.st_mode):
                target = os.readlink(path)
                entries[rel] = Entry("link", 0, target, len(target), target.encode())
            elif stat.S_ISDIR(st.st_mode):
                entries[rel] = Entry("dir", mode, "", 0, None)
            elif stat.S_ISREG(st.st_mode):
                known = side.inodes.get((st.st_dev, st.st_ino))
                if known and known[:2] == (st.st_size, st.st_mtime_ns):
                    # A link to a master file, untouched.
                    entries[rel] = Entry("file", mode, known[2], st.st_size, None)
                else:
                    data = path.read_bytes() if st.st_size <= 64 * 1024 * 1024 else None
                    digest = hashlib.sha256(data).hexdigest() if data is not None else \
                        digest_of(path)
                    entries[rel] = Entry("file", mode, digest, st.st_size,
                                         data if data is not None and len(data) <= KEEP_CONTENT
                                         else None)
            elif stat.S_ISFIFO(st.st_mode):
                entries[rel] = Entry("fifo", mode, "", 0, None)
            else:
                entries[rel] = Entry("other", mode, "", 0, None)
        # Links to folders are not followed (os.walk lists them as folders: recorded above).
        dirnames[:] = [d for d in dirnames if not (Path(dirpath) / d).is_symlink()]
    return entries


def run_side(case: Case, side: Side, sandbox: Path, timeout: float) -> Result:
    make_sandbox(case, side, sandbox)
    env = environment(case, sandbox)
    results = []
    for step in case.steps:
        results.append(run_step(step, side, sandbox, env, case.timeout or timeout))
    files = snapshot(sandbox, side)
    if case.warmup:
        for f in sorted((sandbox / "cache").iterdir()):
            if f.is_file() and not f.name.startswith("."):
                if not (side.warm / f.name).exists():
                    shutil.copyfile(f, side.warm / f.name)
    shutil.rmtree(sandbox)
    return Result(results, files)


# ------------------------------------------------------------------------------------------
# Normalisation (see the module's docstring: T1-T4, P) and comparison.
# ------------------------------------------------------------------------------------------

DURATION = rb"\d+\.\d+ (?:\xc2\xb5s|ms|s)"
T1 = re.compile(rb"(?<=\bin )" + DURATION + rb"(?![A-Za-z])")
T2 = re.compile(rb"(?m)^time( +)" + DURATION + rb"(?: \(search " + DURATION + rb", write " +
                DURATION + rb"\))?$")
T3_TABLE = re.compile(rb"(?m)^(\S.*?\S) +" + DURATION + rb" +[\d,]+x$")
T3_SEARCH = re.compile(rb"(?m)^(ida-\S+ .*?\S) +" + DURATION + rb"$")
T4 = re.compile(rb'"(micros|nanos)":\d+')
T5 = re.compile(rb"\.tilebase-[A-Za-z0-9]{6}\.partial")


def normalise(program: str, text: bytes, sandbox: Path) -> bytes:
    root = str(sandbox).encode()
    placeholder = (b"<sandbox" + b"_" * len(root))[: len(root) - 1] + b">"
    text = text.replace(root, placeholder)  # P
    text = T1.sub(b"<time>", text)
    text = T5.sub(b".tilebase-XXXXXX.partial", text)
    if program == "build-db":
        text = T2.sub(rb"time\1<time>", text)
    if program == "compare":
        text = T3_TABLE.sub(rb"\1 <time> <ratio>", text)
        text = T3_SEARCH.sub(rb"\1 <time>", text)
        text = T4.sub(rb'"\1":<time>', text)
    return text


def comparable(case: Case, r: Result, sandbox: Path):
    steps = []
    for step, s in zip(case.steps, r.steps):
        steps.append((s.code, s.timed_out, s.error, normalise(step.program, s.stdout, sandbox),
                      normalise(step.program, s.stderr, sandbox)))
    files = {k: (e.kind, e.mode, e.digest) for k, e in r.files.items()}
    return steps, files


def describe_outcome(s: StepResult) -> str:
    if s.error:
        return f"could not run ({s.error})"
    if s.timed_out:
        return "timed out"
    if s.code is not None and s.code < 0:
        return f"killed by signal {-s.code}"
    return f"exit {s.code}"


def text_diff(a: bytes, b: bytes, label_a: str, label_b: str, limit: int) -> list[str]:
    la = a.decode("utf-8", "backslashreplace").splitlines(keepends=True)
    lb = b.decode("utf-8", "backslashreplace").splitlines(keepends=True)
    out = []
    for line in difflib.unified_diff(la, lb, label_a, label_b, n=1):
        if not line.endswith("\n"):
            line += "\n\\ no newline\n" if line.startswith(("+", "-", " ")) else "\n"
        out.append(line)
    if len(out) > limit:
        out = out[:limit] + [f"... ({len(out) - limit} more diff lines)\n"]
    return out


def differences(case: Case, ra: Result, rb: Result, sandbox: Path, names=("before", "after"),
                limit: int = 30) -> list[str]:
    """What differs, readably; empty when the results are the same."""
    out: list[str] = []
    for i, (step, a, b) in enumerate(zip(case.steps, ra.steps, rb.steps)):
        where = f"step {i + 1} ({step.program}) " if len(case.steps) > 1 else ""
        if (a.code, a.timed_out, a.error) != (b.code, b.timed_out, b.error):
            out.append(f"  {where}outcome: {names[0]} {describe_outcome(a)}, "
                       f"{names[1]} {describe_outcome(b)}\n")
        for stream in ("stdout", "stderr"):
            x = normalise(step.program, getattr(a, stream), sandbox)
            y = normalise(step.program, getattr(b, stream), sandbox)
            if x != y:
                out.append(f"  {where}{stream} differs:\n")
                out += ["    " + line for line in text_diff(x, y, f"{names[0]}/{stream}",
                                                             f"{names[1]}/{stream}", limit)]
    fa, fb = ra.files, rb.files
    for rel in sorted(set(fa) | set(fb)):
        x, y = fa.get(rel), fb.get(rel)
        if x is None or y is None:
            present = names[1] if x is None else names[0]
            e = x or y
            out.append(f"  file {rel}: only {present} leaves it ({e.kind}, {e.size} bytes)\n")
            continue
        if (x.kind, x.mode, x.digest) == (y.kind, y.mode, y.digest):
            continue
        if x.kind != y.kind:
            out.append(f"  file {rel}: a {x.kind} in {names[0]}, a {y.kind} in {names[1]}\n")
        elif x.mode != y.mode:
            out.append(f"  file {rel}: mode {x.mode:o} in {names[0]}, {y.mode:o} in {names[1]}\n")
        if x.kind == y.kind and x.digest != y.digest:
            detail = f"{x.size} bytes in {names[0]}, {y.size} in {names[1]}"
            if x.content is not None and y.content is not None:
                first = next((k for k, (p, q) in enumerate(zip(x.content, y.content)) if p != q),
                             min(len(x.content), len(y.content)))
                detail += f", first difference at byte {first}"
            out.append(f"  file {rel} differs: {detail}\n")
            if x.content is not None and y.content is not None and is_text(x.content) and \
                    is_text(y.content):
                out += ["    " + line for line in text_diff(x.content, y.content,
                                                             f"{names[0]}/{rel}",
                                                             f"{names[1]}/{rel}", limit)]
    return out


def is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"\x00" not in data


# ------------------------------------------------------------------------------------------
# The run.
# ------------------------------------------------------------------------------------------


def command_line(case: Case, sandbox: str = "SANDBOX") -> str:
    parts = []
    env = [f"{k}={'(unset)' if v is None else v}" for k, v in sorted(case.env.items())]
    extras = []
    if case.cache == "warm":
        extras.append("cache: warm")
    if not case.db:
        extras.append("no db/")
    for op in case.files:
        if op[0] == "write":
            extras.append(f"{op[1]} = {op[2][:40]!r}{'...' if len(op[2]) > 40 else ''}")
        elif op[0] == "damage":
            extras.append(f"{op[2]} = {op[1]} damaged ({op[3]})")
        elif op[0] == "symlink":
            extras.append(f"{op[2]} -> {op[1]}")
        elif op[0] == "fifo":
            extras.append(f"{op[1]} = a named pipe")
    for step in case.steps:
        cmd = shlex.join([step.program] + [a.replace("{sandbox}", sandbox) for a in step.args])
        if step.stdin:
            shown = step.stdin[:120]
            cmd += f" < {shown!r}{'...' if len(step.stdin) > 120 else ''} ({len(step.stdin)} bytes)"
        parts.append(cmd)
    line = " && ".join(parts)
    if env:
        line = " ".join(env) + " " + line
    if extras:
        line += "   [" + "; ".join(extras) + "]"
    return line


@dataclasses.dataclass
class Outcome:
    case: Case
    same: bool
    nondeterministic: bool
    report: list[str]
    notes: list[str]  # panics, signals, timeouts (even when both sides agree)
    seconds: float
    random_names: bool = False  # rule T5 applied


def random_names(r: Result) -> bool:
    return any(T5.search(s.stdout) or T5.search(s.stderr) for s in r.steps)


def notable(case: Case, r: Result, name: str) -> list[str]:
    notes = []
    for step, s in zip(case.steps, r.steps):
        what = describe_outcome(s)
        if s.timed_out or (s.code is not None and s.code < 0) or s.error:
            notes.append(f"{name}: {step.program} {what}")
        if b"panicked at" in s.stderr or s.code == 101:
            first = next((ln for ln in s.stderr.decode("utf-8", "replace").splitlines()
                          if "panicked" in ln), "")
            notes.append(f"{name}: {step.program} panicked ({what}): {first.strip()}")
    return notes


def run_case(case: Case, before: Side, after: Side, root: Path, timeout: float) -> Outcome:
    sandbox = root / "run" / case.id
    ra = run_side(case, before, sandbox, timeout)
    rb = run_side(case, after, sandbox, timeout)
    seconds = sum(s.seconds for s in ra.steps) + sum(s.seconds for s in rb.steps)
    notes = notable(case, ra, "before") + notable(case, rb, "after")
    names = random_names(ra) or random_names(rb)
    if comparable(case, ra, sandbox) == comparable(case, rb, sandbox):
        return Outcome(case, True, False, [], sorted(set(notes)), seconds, names)
    report = differences(case, ra, rb, sandbox)
    # Is it the change, or does BEFORE itself vary? Run BEFORE again and see.
    ra2 = run_side(case, before, sandbox, timeout)
    if comparable(case, ra, sandbox) != comparable(case, ra2, sandbox):
        report = (["  NONDETERMINISTIC: two runs of the BEFORE binaries differ:\n"] +
                  differences(case, ra, ra2, sandbox, ("before", "before-again")) +
                  ["  and before against after:\n"] + report)
        return Outcome(case, False, True, report, sorted(set(notes)), seconds, names)
    return Outcome(case, False, False, report, sorted(set(notes)), seconds, names)


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Runs the same invocations of tilebase's programs through two builds and "
                    "compares them byte for byte (see the docstring at the top of this file).")
    parser.add_argument("before", nargs="?", help="folder of the BEFORE programs")
    parser.add_argument("after", nargs="?", help="folder of the AFTER programs")
    parser.add_argument("--db", default=str(Path(__file__).resolve().parent.parent / "db"),
                        help="the db/ folder copied into each sandbox [default: the repository's]")
    parser.add_argument("--jobs", type=int, default=2, help="invocations run at once [2]")
    parser.add_argument("--only", action="append", metavar="PROGRAM",
                        help="only this program's invocations (repeatable; comma-separated)")
    parser.add_argument("--list", action="store_true", help="print the invocations, run nothing")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help=f"seconds per invocation [{DEFAULT_TIMEOUT:g}]")
    parser.add_argument("--max-reports", type=int, default=100,
                        help="differences shown in full; the rest by command line only [100]")
    args = parser.parse_args()

    try:
        cases = all_cases()
        warmup = gen_warmup()
    except ValueError as e:
        print(f"differential.py: an unsafe invocation in the list: {e}", file=sys.stderr)
        return 2
    if args.only:
        only = {p for o in args.only for p in o.split(",") if p}
        unknown = only - set(PROGRAMS)
        if unknown:
            parser.error(f"unknown program(s): {', '.join(sorted(unknown))} "
                         f"(one of {', '.join(PROGRAMS)})")
        cases = [c for c in cases if c.group in only]
    if not any(c.cache == "warm" for c in cases):
        warmup = []
    if args.list:
        for case in warmup + cases:
            print(f"{case.id}\t{command_line(case)}")
        counts = {}
        for case in cases:
            counts[case.group] = counts.get(case.group, 0) + 1
        print(f"# {len(cases)} invocations (+{len(warmup)} warm-up): " +
              ", ".join(f"{p} {counts[p]}" for p in PROGRAMS if p in counts), file=sys.stderr)
        return 0
    if not args.before or not args.after:
        parser.error("BEFORE_BIN_DIR and AFTER_BIN_DIR are needed (or --list)")
    before_dir, after_dir = Path(args.before).resolve(), Path(args.after).resolve()
    for d in (before_dir, after_dir):
        if not d.is_dir():
            parser.error(f"{d}: not a folder")
        missing = [p for p in PROGRAMS if not (d / p).is_file()]
        if missing:
            print(f"differential.py: warning: {d} has no {', '.join(missing)}", file=sys.stderr)
    db = Path(args.db)
    if not db.is_dir():
        parser.error(f"--db {db}: not a folder")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")

    started = time.monotonic()
    root = Path(tempfile.mkdtemp(prefix="tilebase-differential-"))
    outcomes: list[Outcome] = []
    try:
        before = Side("before", before_dir, root, db)
        after = Side("after", after_dir, root, db)
        total = len(warmup) + len(cases)
        print(f"differential: {len(cases)} invocations (+{len(warmup)} warm-up), "
              f"{args.jobs} at a time, in {root}", file=sys.stderr)
        # Warm-up, one at a time: the masters each side's warm cases start from.
        for case in warmup:
            outcomes.append(run_case(case, before, after, root, args.timeout))
        for side in (before, after):
            side.register(side.warm)
            # The shipped table of a small board, built once per side for the cases that
            # damage a file in the cache (built: ...).
            prepare_built(side, root)
        lock = threading.Lock()
        done = [len(outcomes)]

        def one(case: Case) -> Outcome:
            outcome = run_case(case, before, after, root, args.timeout)
            with lock:
                done[0] += 1
                if done[0] % 250 == 0 or done[0] == total:
                    print(f"differential: {done[0]}/{total} ({time.monotonic() - started:.0f} s)",
                          file=sys.stderr)
            return outcome

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            outcomes += list(pool.map(one, cases))
        damaged_masters = before.intact() + after.intact()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started
    return report(outcomes, damaged_masters, elapsed, args)


def prepare_built(side: Side, root: Path) -> None:
    """Small tables built by this side's build-db, the sources of `built:` damage recipes."""
    work = root / "prepare" / side.name
    work.mkdir(parents=True)
    for board, goal in [("3x2", "123450")]:
        name = f"{board}-{goal}.tilebase"
        subprocess.run([str(side.bindir / "build-db"), "--board", board, "--out",
                        str(side.built / name)], cwd=work, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={"PATH": "/usr/bin:/bin", "HOME": str(work),
                            "TILEBASE_CACHE_DIR": str(work)}, timeout=60)
    side.register(side.built)
    shutil.rmtree(work)


def report(outcomes: list[Outcome], damaged_masters: list[str], elapsed: float, args) -> int:
    groups = ["warm-up"] + PROGRAMS
    table = {g: [0, 0, 0, 0] for g in groups}  # run, identical, differing, nondeterministic
    for o in outcomes:
        t = table[o.case.group]
        t[0] += 1
        t[1 if o.same else 2] += 1
        t[3] += o.nondeterministic
    differing = [o for o in outcomes if not o.same]
    out = sys.stdout
    shown = 0
    for o in differing:
        label = "NONDETERMINISTIC" if o.nondeterministic else "DIFFERS"
        out.write(f"\n{label} {o.case.id}: {command_line(o.case)}\n")
        if shown < args.max_reports:
            out.writelines(o.report)
            shown += 1
    notes = [(o.case, n) for o in outcomes for n in o.notes]
    if notes:
        out.write("\nPanics, signals and timeouts (compared like any output, listed here all the "
                  "same):\n")
        for case, n in notes:
            out.write(f"  {case.id}: {n}\n    {command_line(case)}\n")
    named = [o.case for o in outcomes if o.random_names]
    if named:
        out.write("\nRandom temporary names in the output, normalised by rule T5 (these outputs "
                  "vary from run to run of the same binaries):\n")
        for case in named:
            out.write(f"  {case.id}: {command_line(case)}\n")
    if damaged_masters:
        out.write("\nMaster files changed during the run (a program wrote through a hard link): "
                  + ", ".join(damaged_masters) + "\n")
    slow = sorted(outcomes, key=lambda o: -o.seconds)[:5]
    out.write("\nSlowest invocations (both sides together): " +
              ", ".join(f"{o.case.id} {o.seconds:.2f} s" for o in slow) + "\n")
    out.write(f"\n{'program':<10} {'run':>6} {'identical':>10} {'differing':>10} "
              f"{'nondeterministic':>17}\n")
    totals = [0, 0, 0, 0]
    for g in groups:
        t = table[g]
        if t[0] == 0:
            continue
        out.write(f"{g:<10} {t[0]:>6} {t[1]:>10} {t[2]:>10} {t[3]:>17}\n")
        totals = [x + y for x, y in zip(totals, t)]
    out.write(f"{'total':<10} {totals[0]:>6} {totals[1]:>10} {totals[2]:>10} {totals[3]:>17}\n")
    out.write(f"\n{totals[0]} invocations in {elapsed:.0f} s: "
              + ("all identical\n" if not differing and not damaged_masters else
                 f"{len(differing)} differing ({totals[3]} of them nondeterministic)\n"))
    return 0 if not differing and not damaged_masters else 1


if __name__ == "__main__":
    sys.exit(main())
