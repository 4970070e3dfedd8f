#!/usr/bin/env python3
"""The five slowest 15-puzzle positions of issue 28 (bench/fifteen-hard.sh), each made into 8
more by the board's symmetries and a random renaming of the tiles, applied to the position and
to its goal alike (the same distance): `query --board 4x4 --json --goal G STATE` on each, whole
process, with its distance, nodes and seconds. Every variant of a position should take the
same nodes: a goal's class is answered through the same files, and these positions are their
own mirror images.

    python3 bench/fifteen-hard-variants.py QUERY DIR [SEED]

QUERY: a `query` binary; DIR: a directory whose db/ holds the 7-8 files (as
bench/fifteen-hard.sh builds them in DIR/work). `taskset -c 0 python3 ...` measures one core.
"""

import json
import random
import subprocess
import sys
import time

FIVE = [
    "0,15,8,3,12,11,7,4,14,10,6,5,9,13,2,1",
    "6,5,9,13,2,1,10,14,3,7,0,15,4,8,12,11",
    "11,5,9,13,2,6,10,14,3,7,0,15,4,8,12,1",
    "1,5,9,13,2,6,10,14,3,7,11,15,4,8,12,0",
    "0,15,8,13,12,11,3,7,14,9,6,2,4,10,5,1",
]
GOAL = list(range(1, 16)) + [0]


def symmetry(k):
    """The k-th of the 8 symmetries of 4x4 (k % 4 quarter turns, then a transposition when
    k >= 4), as a map of cells."""

    def image(cell):
        r, c = divmod(cell, 4)
        for _ in range(k % 4):
            r, c = c, 3 - r
        if k >= 4:
            r, c = c, r
        return r * 4 + c

    return image


def main():
    query, directory = sys.argv[1], sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    for text in FIVE:
        state = [int(x) for x in text.split(",")]
        for k in range(8):
            image = symmetry(k)
            names = list(range(1, 16))
            rng.shuffle(names)
            rename = [0] + names
            moved, goal = [0] * 16, [0] * 16
            for c in range(16):
                moved[image(c)] = rename[state[c]]
                goal[image(c)] = rename[GOAL[c]]
            command = [query, "--board", "4x4", "--json", "--goal", ",".join(map(str, goal)),
                       ",".join(map(str, moved))]
            start = time.time()
            out = subprocess.run(command, capture_output=True, text=True, cwd=directory,
                                 check=True)
            seconds = time.time() - start
            answer = json.loads(out.stdout)
            print(f"{text} symmetry {k}: {answer['distance']} moves, "
                  f"{answer.get('nodes')} nodes, {seconds:.2f} s", flush=True)


if __name__ == "__main__":
    main()
