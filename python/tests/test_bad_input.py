"""Every kind of bad input is refused with an exception whose message names the problem, in
query's words; nothing crashes the interpreter."""

import random
import re

import numpy
import pytest

import tilebase
from conftest import run

BAD_STATES = [
    "",
    "   ",
    "12345678",
    "1234567890",
    "12a",
    "603712455",
    "6 0 3 7 1 2 4 5 9",
    "6,0,3 7,1,2,4,5,8",
    "[6,0,3,7,1,2,4,5,8",
    "6,,0,3,7,1,2,4,5,8",
    "603/712",
    "60/3712/458",
    "603/712/458/",
    "６０３７１２４５８",
    "-1 0 3 7 1 2 4 5 8",
    "6 0 3 7 1 2 4 5 100000000000000000000000",
    "1" * 1_000_000,
]


@pytest.mark.parametrize("state", BAD_STATES, ids=lambda s: repr(s)[:30])
def test_bad_states_are_refused_in_querys_words(programs, state):
    done = run(programs / "query", [], state + "\n")
    assert done.returncode == 2
    assert done.stderr.startswith("query: line 1: ")
    expected = done.stderr[len("query: line 1: "):].rstrip("\n")
    for call in (tilebase.distance, tilebase.solve, tilebase.hints):
        with pytest.raises(ValueError) as refused:
            call(state)
        assert str(refused.value) == expected
    with pytest.raises(ValueError) as refused:
        tilebase.distance(state.encode())
    assert str(refused.value) == expected


@pytest.mark.parametrize("cells,problem", [
    ([1, 2, 3], "3 cells, but a 3x3 board has 9"),
    ([], "empty: a state lists its cells row by row, like 123804765"),
    ([6, 0, 3, 7, 1, 2, 4, 5, 9], "value 9 is out of range: a 3x3 board has tiles 0 to 8"),
    ([6, 0, 3, 7, 1, 2, 4, 5, -1], "value -1 is out of range: a 3x3 board has tiles 0 to 8"),
    ([6, 0, 3, 7, 1, 2, 4, 5, 2**70], f"value {2**70} is out of range: a 3x3 board has tiles 0 "
                                      "to 8"),
    ([6, 0, 3, 7, 1, 2, 4, 5, 5], "tile 5 appears twice (tile 8 is missing)"),
    ([0] * 9, "two blanks (tile 1 is missing)"),
    (list(range(1000)), "1000 cells, but a 3x3 board has 9"),
])
def test_bad_sequences_are_refused_by_the_same_rules(cells, problem):
    with pytest.raises(ValueError) as refused:
        tilebase.distance(cells)
    shown, said = str(refused.value).split(": ", 1)
    assert said == problem
    assert shown.startswith("[")


@pytest.mark.parametrize("state", [None, 3.5, 603712458, object(), {1: 2}, {1, 2}])
def test_states_of_the_wrong_type_are_type_errors(state):
    with pytest.raises(TypeError, match="^state must be a string like \"603712458\" or a "
                                        "sequence of ints, not "):
        tilebase.distance(state)


def test_cells_of_the_wrong_type_are_type_errors():
    with pytest.raises(TypeError, match=r"^state: cell 8 is str, not an int$"):
        tilebase.distance([6, 0, 3, 7, 1, 2, 4, 5, "8"])
    with pytest.raises(TypeError, match=r"^state: cell 0 is float, not an int$"):
        tilebase.distance([6.0, 0, 3, 7, 1, 2, 4, 5, 8])
    # NumPy's integers are ints, of any size.
    assert tilebase.distance(numpy.array([6, 0, 3, 7, 1, 2, 4, 5, 8], numpy.int64)) == 23
    assert tilebase.distance(numpy.array([6, 0, 3, 7, 1, 2, 4, 5, 8], numpy.uint8)) == 23
    with pytest.raises(ValueError, match=r"^\[6, 0, 3, 7, 1, 2, 4, 5, 18446744073709551615\]: "
                                         r"value 18446744073709551615 is out of range"):
        tilebase.distance(numpy.array([6, 0, 3, 7, 1, 2, 4, 5, 2**64 - 1], numpy.uint64))
    assert tilebase.distance([True, False, 3, 7, 4, 2, 6, 5, 8]) == \
        tilebase.distance("103742658") == 19


def test_bad_goals_boards_and_metrics(programs):
    for flags, asked in [
        (["--goal", "1234567"], {"goal": "1234567"}),
        (["--goal", "123450"], {"goal": "123450"}),
        (["--goal", "12/34/5"], {"goal": "12/34/5"}),
        (["--board", "3x2", "--goal", "123456780"], {"board": "3x2", "goal": "123456780"}),
    ]:
        done = run(programs / "query", [*flags, "123450"])
        assert done.returncode == 2
        with pytest.raises(ValueError) as refused:
            tilebase.distance("123450", **asked)
        # query says "--goal ..."; the module says "goal ...".
        assert "--" + str(refused.value) == done.stderr[len("query: "):].rstrip("\n")
    with pytest.raises(ValueError, match=r'^board "11x10": 11x10: at most 100 cells are supported \(10x10\)$'):
        tilebase.distance("603712458", board="11x10")
    with pytest.raises(ValueError, match=r'^board "big": a board is written WxH'):
        tilebase.distance("603712458", board="big")
    with pytest.raises(ValueError, match=r'^metric: "fast" is not a metric: stm '):
        tilebase.distance("603712458", metric="fast")
    with pytest.raises(TypeError):
        tilebase.distance("603712458", board=3)
    with pytest.raises(TypeError, match="^goal must be a string"):
        tilebase.distance("603712458", goal=1.5)
    # A state read for the goal's board, not the default's.
    with pytest.raises(ValueError, match=r'^"603712458": 9 cells, but a 3x2 board has 6 \(9 cells make a 3x3 board\)$'):
        tilebase.distance("603712458", goal="123450", board="3x2")


def test_unsolvable_states_are_answers_not_errors():
    assert tilebase.distance("864072513") is None
    assert tilebase.solve("864072513") is None
    assert tilebase.hints("864072513") == []
    assert tilebase.distance("213450", board="3x2") is None


BAD_ARRAYS = [
    ([[6, 0, 3, 7, 1, 2, 4, 5, 8]], TypeError, "^cells must be a numpy.ndarray of dtype uint8, "
                                               "one state per row, not list$"),
    (numpy.zeros((2, 9), numpy.int64), TypeError, "^cells must have dtype uint8, not int64: "),
    (numpy.zeros((2, 9), numpy.int8), TypeError, "^cells must have dtype uint8, not int8"),
    (numpy.zeros((2, 9), numpy.float32), TypeError, "^cells must have dtype uint8, not float32"),
    (numpy.zeros((2, 9), bool), TypeError, "^cells must have dtype uint8, not bool"),
    (numpy.zeros(9, numpy.uint8), ValueError, r"^cells must be 2-D, one state per row, not 1-D "
                                              r"\(shape \[9\]\)$"),
    (numpy.zeros((1, 1, 9), numpy.uint8), ValueError, r"^cells must be 2-D, one state per row, "
                                                      r"not 3-D \(shape \[1, 1, 9\]\)$"),
    (numpy.zeros((), numpy.uint8), ValueError, r"^cells must be 2-D, one state per row, not 0-D"),
    (numpy.zeros((3, 8), numpy.uint8), ValueError, "^each row must hold the 9 cells of a 3x3 "
                                                   "board, not 8$"),
    (numpy.zeros((0, 10), numpy.uint8), ValueError, "^each row must hold the 9 cells of a 3x3 "
                                                    "board, not 10$"),
]


@pytest.mark.parametrize("cells,kind,message", BAD_ARRAYS)
def test_bad_arrays(cells, kind, message):
    with pytest.raises(kind, match=message):
        tilebase.distances(cells)


def test_a_bad_row_is_named_by_its_index():
    good = numpy.array([[1, 2, 3, 8, 0, 4, 7, 6, 5]], numpy.uint8)
    for rows in [1, 7, 100_000]:
        for bad in {0, rows // 2, rows - 1}:
            cells = numpy.repeat(good, rows, axis=0)
            cells[bad, 3] = 1
            if bad + 1 < rows:
                cells[rows - 1, 0] = 9  # a later bad row is not the one named
            with pytest.raises(ValueError, match=rf"^row {bad}: tile 1 appears twice \(tile 8 "
                                                 r"is missing\)$"):
                tilebase.distances(cells)
    cells = numpy.repeat(good, 5, axis=0)
    cells[3, 8] = 200
    with pytest.raises(ValueError, match=r"^row 3: value 200 is out of range: a 3x3 board has "
                                         r"tiles 0 to 8$"):
        tilebase.distances(cells)


@pytest.mark.parametrize("distance,kind,message", [
    (-1, ValueError, r"^distance -1: a distance is a number from 0 to 255"),
    (256, ValueError, r"^distance 256: a distance is a number from 0 to 255"),
    ("abc", ValueError, r'^"abc": a distance is a number from 0 to 255, a range like 20..25, or '
                        r'max$'),
    ("25..20", ValueError, r'^"25..20": the range is empty \(25 is above 20\)$'),
    (31, ValueError, r"^no state is at distance 31: the farthest states from goal 123804765 are "
                     r"30 moves away \(stm\)$"),
    ("40..50", ValueError, r"^no state is at distance 40 to 50: the farthest"),
    (3.5, TypeError, r"^distance must be an int or a string"),
    (None, TypeError, r"^distance must be an int or a string"),
])
def test_bad_distances(programs, distance, kind, message):
    with pytest.raises(kind, match=message):
        tilebase.random_states(distance)


def test_random_refuses_distances_as_the_program_does(programs):
    done = run(programs / "random", ["--distance", "31"])
    with pytest.raises(ValueError) as refused:
        tilebase.random_states(31)
    assert done.stderr == f"random: {refused.value}\n"


def test_bad_counts_and_seeds():
    with pytest.raises(ValueError, match=r"^count -1: must be 0 or more$"):
        tilebase.random_states(20, count=-1)
    with pytest.raises(TypeError, match=r"^count must be an int, not str$"):
        tilebase.random_states(20, count="3")
    with pytest.raises(ValueError, match=r"^seed -1: a seed is an int from 0 to 2\*\*64 - 1$"):
        tilebase.random_states(20, seed=-1)
    with pytest.raises(ValueError, match=r"^seed 18446744073709551616: a seed is an int"):
        tilebase.random_states(20, seed=2**64)
    with pytest.raises(TypeError, match=r"^seed must be an int, not float$"):
        tilebase.random_states(20, seed=1.5)
    assert tilebase.random_states(20, seed=2**64 - 1) == tilebase.random_states(20, seed=2**64 - 1)


def test_bad_database_files(programs, tmp_path):
    with pytest.raises(FileNotFoundError, match=r"^nowhere\.tilebase: No such file"):
        tilebase.Database("nowhere.tilebase")
    with pytest.raises(IsADirectoryError, match=r"^db: is a directory, not a database file$"):
        tilebase.Database("db")
    with pytest.raises(tilebase.DatabaseError, match=r"^README\.md: "):
        tilebase.Database("README.md")
    whole = open("db/3x3-123804765.tilebase", "rb").read()
    for cut in [0, 10, 30, 300, len(whole) - 1]:
        path = tmp_path / f"cut-{cut}.tilebase"
        path.write_bytes(whole[:cut])
        with pytest.raises(tilebase.DatabaseError):
            tilebase.Database(str(path))
    # Damaged table entries are found when a lookup reads them (opening reads the header).
    damaged = whole[:-181_440] + bytes([200]) * 181_440
    path = tmp_path / "damaged.tilebase"
    path.write_bytes(damaged)
    db = tilebase.Database(path)
    # The message names the file and the command that rebuilds exactly it.
    entry = re.escape(str(path)) + r": the table is damaged at entry \d+ \(state 603712458\): " \
            r"distance 200, above the maximum 30 in the header; rebuild it with: build-db " \
            r"--board 3x3 --goal 123804765 --out " + re.escape(str(path)) + r" --force$"
    with pytest.raises(tilebase.DatabaseError, match="^" + entry):
        db.distance("603712458")
    with pytest.raises(tilebase.DatabaseError, match="^" + entry):
        db.solve("603712458")
    with pytest.raises(tilebase.DatabaseError, match="^row 0: " + entry):
        db.distances(numpy.array([[6, 0, 3, 7, 1, 2, 4, 5, 8]], numpy.uint8))


def test_a_file_checked_as_query_checks_db(programs):
    path = "db/3x3-123804765.tilebase"
    db = tilebase.Database(path)
    for flags, asked in [
        (["--board", "3x2"], {"board": "3x2"}),
        (["--metric", "mtm"], {"metric": "mtm"}),
        (["--goal", "123456780"], {"goal": "123456780"}),
    ]:
        done = run(programs / "query", ["--db", path, *flags, "603712458"])
        assert done.returncode == 2
        with pytest.raises(ValueError) as refused:
            db.distance("603712458", **asked)
        assert done.stderr == f"query: {refused.value}\n"


def test_random_input_never_crashes():
    rng = random.Random(2024)
    for _ in range(3000):
        kind = rng.randrange(3)
        if kind == 0:
            state = bytes(rng.randrange(256) for _ in range(rng.randrange(20)))
        elif kind == 1:
            state = "".join(rng.choice("0123456789 ,/[]-ax\n") for _ in range(rng.randrange(20)))
        else:
            state = [rng.randrange(-3, 14) for _ in range(rng.randrange(14))]
        try:
            answer = tilebase.distance(state)
        except ValueError:
            continue
        assert answer is None or 0 <= answer <= 30
    for _ in range(200):
        rows = rng.randrange(5)
        cells = numpy.array([[rng.randrange(12) for _ in range(9)] for _ in range(rows)],
                            numpy.uint8).reshape(rows, 9)
        try:
            tilebase.distances(cells)
        except ValueError as e:
            assert str(e).startswith("row ")
