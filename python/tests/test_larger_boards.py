"""Boards of 13 to 25 cells besides 4x4 (5x3, its transpose 3x5, 7x2, 5x5): the module answers
them as `query` does, from the same pattern files, with partitions named by sizes or given tile
by tile. Small partitions (patterns of up to four tiles, built in a second) keep this quick."""

import numpy
import pytest

import tilebase
from conftest import run

# (board, partition, goal) with small patterns; the 5x5 one given tile by tile.
CASES = [
    ("5x3", "4-4-3-3", None),
    ("3x5", "1-4,5-8,9-11,12-14", None),
    ("7x2", "4-3-3-3", "0,1,2,3,4,5,6,7,8,9,10,11,12,13"),
    ("5x5", "1-4,5-8,9-12,13-16,17-20,21-24", None),
]


def walk(board: str, goal: list, steps: int, seed: int) -> list:
    """A state `steps` random moves of the blank from `goal` (never straight back)."""
    import random

    width, height = map(int, board.split("x"))
    rng = random.Random(seed)
    cells = list(goal)
    last = None
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    for _ in range(steps):
        blank = cells.index(0)
        row, col = divmod(blank, width)
        options = {
            "U": row > 0, "D": row < height - 1, "L": col > 0, "R": col < width - 1,
        }
        moves = [m for m, ok in options.items() if ok and m != back.get(last)]
        m = rng.choice(moves)
        to = blank + {"U": -width, "D": width, "L": -1, "R": 1}[m]
        cells[blank], cells[to] = cells[to], cells[blank]
        last = m
    return cells


@pytest.mark.parametrize("board,pdb,goal", CASES)
def test_distances_equal_query_on_larger_boards(programs, board, pdb, goal):
    width, height = map(int, board.split("x"))
    n = width * height
    goal_cells = [int(t) for t in goal.split(",")] if goal else [*range(1, n), 0]
    states = [walk(board, goal_cells, 30, seed) for seed in range(4)]
    texts = [",".join(map(str, s)) for s in states]
    goal_args = ["--goal", goal] if goal else []
    query = run(programs / "query",
                ["--board", board, "--pdb", pdb, "--distance-only", *goal_args],
                "\n".join(texts) + "\n")
    assert query.returncode == 0, query.stderr
    expected = [int(line.split()[1]) for line in query.stdout.splitlines()]
    got = [tilebase.distance(t, board=board, goal=goal, pdb=pdb) for t in texts]
    assert got == expected
    array = numpy.array(states, numpy.uint8)
    assert list(tilebase.distances(array, board=board, goal=goal, pdb=pdb)) == expected
    # A solution of that length, as query gives it.
    moves = tilebase.solve(texts[0], board=board, goal=goal, pdb=pdb)
    assert len(moves) == expected[0]


def test_a_partition_that_is_not_one_is_refused():
    with pytest.raises(ValueError, match=r'^pdb "1-4,5-8": tile 9 is in no pattern'):
        tilebase.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0", board="5x3", pdb="1-4,5-8")


def test_memory_sets_astar_ida_star_and_is_read_as_query_reads_it():
    """`memory` as `query --memory`: a 70-move 6x3 state (2.3 million nodes of plain IDA*, past
    the 2 million after which A*+IDA* takes over) at its length with A* in a megabyte, without
    A* (0) and by default; sizes as ints or as query writes them; a bad one refused."""
    state = "11,17,6,13,9,14,2,8,7,12,5,4,15,10,3,1,16,0"
    asked = {"board": "6x3", "pdb": "5-4-4-4"}
    for memory in [None, 0, "1M", 1 << 20]:
        assert tilebase.distance(state, **asked, memory=memory) == 70, memory
    assert len(tilebase.solve(state, **asked, memory="1M")) == 70
    array = numpy.array([[int(t) for t in state.split(",")]], numpy.uint8)
    assert list(tilebase.distances(array, **asked, memory="1M")) == [70]
    with pytest.raises(ValueError, match=r'^memory "lots": a size is a whole number of bytes'):
        tilebase.distance(state, **asked, memory="lots")
    with pytest.raises(ValueError, match=r"^memory -1: must be 0 or more"):
        tilebase.distance(state, **asked, memory=-1)
    with pytest.raises(TypeError, match=r"^memory must be an int \(bytes\) or a size"):
        tilebase.distance(state, **asked, memory=1.5)
