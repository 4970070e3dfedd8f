"""tilebase.distances: the batch equals single calls (and query --distance-only) over every 3x3
arrangement, in every memory layout NumPy can hand it."""

import itertools

import numpy
import pytest

import tilebase
from conftest import run


@pytest.fixture(scope="module")
def every_arrangement() -> numpy.ndarray:
    """The 362,880 arrangements of the tiles 0 to 8, one per row: half of them unsolvable."""
    return numpy.array(list(itertools.permutations(range(9))), dtype=numpy.uint8)


def singles(cells: numpy.ndarray, **asked) -> numpy.ndarray:
    answers = [tilebase.distance(row.tobytes().translate(DIGITS), **asked) for row in cells]
    return numpy.array([-1 if d is None else d for d in answers], dtype=numpy.int16)


# A table for bytes.translate: cells 0 to 9 become the ASCII digits query reads.
DIGITS = bytes((48 + i) if i < 10 else 63 for i in range(256))


@pytest.mark.parametrize("goal", [None, "876504321", "123456780", "102345678"])
def test_the_batch_is_single_calls_over_every_arrangement(every_arrangement, goal):
    batch = tilebase.distances(every_arrangement, goal=goal)
    assert batch.dtype == numpy.int16 and batch.shape == (362_880,)
    assert (batch == singles(every_arrangement, goal=goal)).all()
    assert (batch == -1).sum() == 181_440
    assert batch.max() == (30 if goal in (None, "876504321") else 31)


def test_the_batch_is_query_distance_only(programs, every_arrangement):
    lines = "\n".join(row.tobytes().translate(DIGITS).decode() for row in every_arrangement)
    done = run(programs / "query", ["--distance-only"], lines + "\n")
    assert done.returncode == 1, done.stderr  # some states are unsolvable
    expected = [-1 if line.endswith(" -") else int(line.rsplit(" ", 1)[1])
                for line in done.stdout.splitlines()]
    assert tilebase.distances(every_arrangement).tolist() == expected


def test_every_layout_gives_the_same_answers(every_arrangement):
    cells = every_arrangement[::997]  # a view with a step: not contiguous
    assert not cells.flags.c_contiguous
    expected = tilebase.distances(numpy.ascontiguousarray(cells))
    assert (tilebase.distances(cells) == expected).all()
    assert (tilebase.distances(numpy.asfortranarray(cells)) == expected).all()
    assert (tilebase.distances(cells[::-1]) == expected[::-1]).all()
    wide = numpy.zeros((len(cells), 18), dtype=numpy.uint8)
    wide[:, ::2] = cells  # every other column
    assert (tilebase.distances(wide[:, ::2]) == expected).all()
    frozen = numpy.array(cells)
    frozen.flags.writeable = False
    assert (tilebase.distances(frozen) == expected).all()
    # The array is only read.
    before = every_arrangement.copy()
    tilebase.distances(every_arrangement)
    assert (every_arrangement == before).all()


def test_empty_and_small_batches():
    assert tilebase.distances(numpy.zeros((0, 9), numpy.uint8)).tolist() == []
    one = numpy.array([[6, 0, 3, 7, 1, 2, 4, 5, 8]], numpy.uint8)
    assert tilebase.distances(one).tolist() == [23]
    assert tilebase.distances(one, metric="mtm").tolist() == [16]
    assert tilebase.distances(numpy.array([[1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0]], numpy.uint8),
                              board="3x2").tolist() == [1, 0]


@pytest.mark.parametrize("board", ["3x2", "2x3", "4x2"])
def test_other_boards_every_arrangement(board):
    w, h = map(int, board.split("x"))
    cells = numpy.array(list(itertools.permutations(range(w * h))), dtype=numpy.uint8)
    batch = tilebase.distances(cells, board=board)
    expected = [tilebase.distance(list(row), board=board) for row in cells]
    assert batch.tolist() == [-1 if d is None else d for d in expected]


def test_a_database_file_answers_batches(every_arrangement):
    db = tilebase.Database("db/3x3-123804765.tilebase")
    assert (db.distances(every_arrangement) == tilebase.distances(every_arrangement)).all()
    assert (db.distances(every_arrangement, goal="876504321")
            == tilebase.distances(every_arrangement, goal="876504321")).all()
