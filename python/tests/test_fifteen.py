"""The 15-puzzle (board="4x4"): the module's answers are `query --board 4x4`'s, which links the
same solver, and are optimal (Korf's instances, with their published lengths) and legal. The
5-5-5 pattern databases, built in seconds into the session's cache, keep this quick; the
7-8 files (the default) answer the same distances."""

import json

import numpy
import pytest

import tilebase
from conftest import ROOT, run

GOAL = ",".join(map(str, [*range(1, 16), 0]))
KORF_GOAL = ",".join(map(str, range(16)))
PDB = "5-5-5"
MOVES = {"U": -4, "D": 4, "L": -1, "R": 1}


def korf(count: int) -> list:
    """Korf's shortest instances (the repository's copy of the published set): cells, length."""
    rows = []
    for line in (ROOT / "tests" / "data" / "korf100.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            cells, length = line.split()
            rows.append(([int(c) for c in cells.split(",")], int(length)))
    return sorted(rows, key=lambda r: r[1])[:count]


def play(cells: list, moves: str) -> list:
    """The cells after the blank's moves, each checked to stay on the board."""
    cells = list(cells)
    for m in moves:
        blank = cells.index(0)
        to = blank + MOVES[m]
        assert 0 <= to < 16 and (m in "UD" or to // 4 == blank // 4), (cells, moves, m)
        cells[blank], cells[to] = cells[to], cells[blank]
    return cells


def walk(steps: int, seed: int) -> list:
    """A state `steps` random moves from the goal (never straight back)."""
    import random

    rng = random.Random(seed)
    cells = [*range(1, 16), 0]
    last = None
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    for _ in range(steps):
        options = [m for m in "UDLR" if m != back.get(last)]
        rng.shuffle(options)
        for m in options:
            try:
                cells = play(cells, m)
            except AssertionError:
                continue
            last = m
            break
    return cells


def text(cells: list) -> str:
    return ",".join(map(str, cells))


def test_korfs_shortest_instances_take_their_published_lengths(programs):
    for cells, length in korf(3):
        assert tilebase.distance(cells, goal=KORF_GOAL, pdb=PDB) == length
        moves = tilebase.solve(text(cells), goal=KORF_GOAL, pdb=PDB)
        assert len(moves) == length
        assert play(cells, moves) == list(range(16))


def test_answers_are_querys(programs):
    states = [walk(steps, seed) for seed, steps in enumerate([0, 1, 7, 20, 31, 40])]
    for goal in [GOAL, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15"]:
        got = run(programs / "query",
                  ["--board", "4x4", "--pdb", PDB, "--goal", goal, "--json", "--hint", "-"],
                  stdin="".join(text(s) + "\n" for s in states))
        assert got.returncode in (0, 1), got.stderr
        answers = [json.loads(line) for line in got.stdout.splitlines()]
        assert len(answers) == len(states)
        for cells, answer in zip(states, answers):
            assert answer["state"] == text(cells)
            if not answer["solvable"]:
                assert tilebase.distance(cells, goal=goal, pdb=PDB) is None
                assert tilebase.solve(cells, goal=goal, pdb=PDB) is None
                assert tilebase.hints(cells, goal=goal, pdb=PDB) == []
                continue
            assert tilebase.distance(cells, goal=goal, pdb=PDB) == answer["distance"]
            assert tilebase.solve(text(cells), goal=goal, pdb=PDB) == answer["moves"]
            assert tilebase.hints(cells, goal=goal, pdb=PDB) == answer["hints"]
            assert text(play(cells, answer["moves"])) == goal


def test_board_or_a_goal_of_sixteen_cells_asks_for_the_fifteen_puzzle():
    one = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"
    assert tilebase.distance(one, board="4x4", pdb=PDB) == 1
    assert tilebase.distance(one, goal=GOAL, pdb=PDB) == 1
    assert tilebase.distance(one, goal=[*range(1, 16), 0], pdb=PDB) == 1
    assert tilebase.solve(one, board="4X4", pdb=PDB) == "R"
    assert tilebase.solve(GOAL, board="4x4", pdb=PDB) == ""
    assert tilebase.hints(GOAL, board="4x4", pdb=PDB) == [
        {"move": "U", "tile": 12, "distance": 1, "optimal": False},
        {"move": "L", "tile": 15, "distance": 1, "optimal": False},
    ]


def test_sixteen_and_twenty_five_cells_need_no_board(cache_dir):
    """With no board named, the state names it, as `query` reads it: 16 cells the 15-puzzle,
    25 the 24-puzzle, rows (with / or on lines) their board; so do a batch's rows."""
    one = "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"
    assert tilebase.distance(one, pdb=PDB) == 1
    assert tilebase.solve(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14  . 15", pdb=PDB) == "R"
    assert tilebase.distance([*range(1, 15), 0, 15], pdb=PDB) == 1
    assert tilebase.distance(one, goal="blank-first", pdb=PDB) is None
    rows = numpy.array([[*range(1, 15), 0, 15]], numpy.uint8)
    assert tilebase.distances(rows, pdb=PDB).tolist() == [1]
    # Unsolvable (two tiles swapped): answered by parity, with no file.
    assert tilebase.distance([2, 1, *range(3, 25), 0]) is None
    assert tilebase.distance("2,1,3/4,5,6/7,8,9/10,11,12/13,14,0") is None
    with pytest.raises(ValueError, match=r"15 cells, but a 3x3 board has 9 \(15 cells make a "
                                         r"5x3 or 3x5 board\)$"):
        tilebase.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0")
    # A board named: the state is read on it.
    with pytest.raises(ValueError, match=r"4 rows, but a 3x3 board has 3$"):
        tilebase.distance(one, board="3x3")
    with pytest.raises(ValueError, match=r"^pdb \"5-5-5\": boards of up to 12 cells"):
        tilebase.distance("603712458", pdb=PDB)


def test_the_batch_answers_as_single_calls():
    states = [walk(steps, 100 + steps) for steps in range(0, 36)]
    # Unsolvable ones too: two tiles swapped.
    for s in states[::5]:
        t = list(s)
        i, j = [k for k in range(16) if t[k] != 0][:2]
        t[i], t[j] = t[j], t[i]
        states.append(t)
    cells = numpy.array(states, dtype=numpy.uint8)
    batch = tilebase.distances(cells, board="4x4", pdb=PDB)
    assert batch.dtype == numpy.int16 and batch.shape == (len(states),)
    single = [tilebase.distance(s, board="4x4", pdb=PDB) for s in states]
    assert batch.tolist() == [-1 if d is None else d for d in single]
    assert batch.tolist().count(-1) == 8
    # A layout other than C order is read as the same rows.
    assert tilebase.distances(numpy.asfortranarray(cells), board="4x4", pdb=PDB).tolist() == \
        batch.tolist()


@pytest.mark.parametrize("call, error, message", [
    (lambda: tilebase.distance("1,2,3", board="4x4", pdb=PDB), ValueError,
     r'^"1,2,3": 3 cells, but a 4x4 board has 16$'),
    (lambda: tilebase.distance([1] * 16, board="4x4", pdb=PDB), ValueError,
     r"^\[1, 1, 1, 1, .*\]: tile 1 appears twice \(no blank, 0\)$"),
    (lambda: tilebase.distance(GOAL.replace("15", "16"), board="4x4", pdb=PDB), ValueError,
     r"value 16 is out of range: a 4x4 board has tiles 0 to 15$"),
    (lambda: tilebase.distance(GOAL, goal="1,2", board="4x4", pdb=PDB), ValueError,
     r'^goal "1,2": 2 cells, but a 4x4 board has 16$'),
    (lambda: tilebase.distance(GOAL, board="4x4", pdb="4-4"), ValueError,
     r'^pdb "4-4": patterns of 4-4 tiles make 8, but the board has 15 tiles$'),
    (lambda: tilebase.distance(GOAL, board="4x4", metric="mtm", pdb=PDB), ValueError,
     r'^pdb "5-5-5": the multi-tile metric on 4x4 is bounded by a relabelled table, not by pattern databases$'),
    (lambda: tilebase.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14", board="5x3", metric="mtm"),
     ValueError, r"^metric mtm: 5x3 is answered in single-tile moves \(stm\) only$"),
    (lambda: tilebase.distance("603712458", pdb=PDB), ValueError,
     r'^pdb "5-5-5": boards of up to 12 cells are answered from their full tables, not from pattern databases$'),
    (lambda: tilebase.random_states(10, board="4x4"), ValueError,
     r'^board "4x4": states are drawn at an exact distance from full tables'),
    (lambda: tilebase.distances(numpy.zeros((2, 9), numpy.uint8), board="4x4", pdb=PDB),
     ValueError, r"^each row must hold the 16 cells of a 4x4 board, not 9$"),
    (lambda: tilebase.distances(numpy.array([[*range(1, 16), 0], [0] * 16], numpy.uint8),
                                board="4x4", pdb=PDB),
     ValueError, r"^row 1: two blanks \(tile 1 is missing\)$"),
    (lambda: tilebase.distances(numpy.zeros((2, 16), numpy.int64), board="4x4", pdb=PDB),
     TypeError, r"^cells must have dtype uint8, not int64"),
    (lambda: tilebase.Database("db/3x3-123804765.tilebase").distance("603712458", pdb=PDB),
     ValueError, r'^pdb "5-5-5": a Database answers from its own file'),
])
def test_bad_input_raises_and_names_the_problem(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_no_search_no_files(cache_dir):
    """A typo or a state of the other parity half is answered at once, before any file is
    looked for: with the default 7-8 databases, nothing is built."""
    swapped = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    assert tilebase.distance(swapped, board="4x4") is None
    assert tilebase.solve(swapped, board="4x4") is None
    assert tilebase.hints(swapped, board="4x4") == []
    unsolvable = numpy.array([[2, 1, *range(3, 16), 0]], numpy.uint8)
    assert tilebase.distances(unsolvable, board="4x4").tolist() == [-1]
    with pytest.raises(ValueError, match="3 cells, but a 4x4 board has 16"):
        tilebase.distance("1,2,3", board="4x4")
    assert not [f for f in cache_dir.iterdir() if "pdb-1-2-3-4-5-6-7-8" in f.name]


def test_a_build_is_said_as_it_starts(tmp_path, monkeypatch, caplog):
    """Missing files are built into the cache, said at level WARNING before the build (Python
    shows warnings with no logging set up: the 7-8 files take minutes) and at INFO after.
    6-6-3 for a goal with the blank on an edge: files no other test opens, built in seconds."""
    monkeypatch.setenv("TILEBASE_CACHE_DIR", str(tmp_path))
    edge = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
    with caplog.at_level("INFO", logger="tilebase"):
        assert tilebase.distance(GOAL, goal=edge, pdb="6-6-3") == 1
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "tilebase"]
    assert said[0] == ("WARNING", f"no 6-6-3 pattern databases for the class of goal {edge} yet: "
                                  f"building them into {tmp_path} (about 1 second, once)")
    assert said[1][0] == "INFO" and said[1][1].startswith("built in ")
    assert len(said) == 2
    assert len(list(tmp_path.glob("4x4-*-pdb-*.tilebase"))) == 3
    # Found the second time: nothing said.
    caplog.clear()
    with caplog.at_level("INFO", logger="tilebase"):
        assert tilebase.distance(GOAL, goal=edge, pdb="6-6-3") == 1
    assert not [r for r in caplog.records if r.name == "tilebase"]


def test_every_optimal_solution_and_their_number_are_querys(programs):
    """solutions and count_solutions on 4x4 (the search's last iteration run whole) are
    `query --all --count`'s, and every solution is legal and reaches the goal."""
    cells, length = korf(1)[0]
    got = run(programs / "query",
              ["--board", "4x4", "--pdb", PDB, "--goal", KORF_GOAL, "--json", "--all", "--count",
               text(cells)])
    assert got.returncode == 0, got.stderr
    record = json.loads(got.stdout)
    all_of_them = tilebase.solutions(cells, goal=KORF_GOAL, pdb=PDB)
    assert all_of_them == record["solutions"]
    assert tilebase.count_solutions(cells, goal=KORF_GOAL, pdb=PDB) == record["count"]
    assert len(all_of_them) == record["count"] >= 1
    for moves in all_of_them:
        assert len(moves) == length
        assert play(cells, moves) == list(range(16))
    assert tilebase.solutions(cells, goal=KORF_GOAL, pdb=PDB, limit=1) == all_of_them[:1]
    unsolvable = [*range(1, 14), 15, 14, 0]
    assert tilebase.solutions(unsolvable, board="4x4", pdb=PDB) is None
    assert tilebase.count_solutions(unsolvable, board="4x4", pdb=PDB) is None
