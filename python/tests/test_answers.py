"""The module's answers are the Rust library's: checked against `query`, which links the lookup
crate, on every 3x3 goal class (the classes' own goals and goals translated into them), in both
metrics, and on the small boards."""

import itertools
import json
import random

import pytest

import tilebase
from conftest import run

# The three classes of 3x3 goals (blank in a corner, on an edge, in the centre): each class's
# canonical goal, whose database ships, goals translated into it, and the default goal, whose
# own database ships too.
GOALS_3X3 = [
    "123804765",  # the source articles' goal, the default
    "123456780",  # corner
    "087654321",  # corner, turned and relabelled
    "781234560",  # corner
    "123456708",  # edge
    "102345678",  # edge
    "876534021",  # edge (bottom)
    "123405678",  # centre
    "876504321",  # centre
]


def arrangements(cells: int, count: int, seed: int) -> list:
    """`count` seeded random arrangements of the tiles: half of them cannot reach a goal."""
    rng = random.Random(seed)
    tiles = list(range(cells))
    out = []
    for _ in range(count):
        rng.shuffle(tiles)
        out.append(list(tiles))
    return out


def text(cells) -> str:
    return ",".join(map(str, cells)) if len(cells) > 10 else "".join(map(str, cells))


def query_json(programs, states, *flags):
    """query --json --hint over `states`, one object per state."""
    lines = "".join(text(s) + "\n" for s in states)
    done = run(programs / "query", ["--json", "--hint", *flags], lines)
    assert done.returncode in (0, 1), done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(records) == len(states)
    return records


def check_against(records, states, **asked):
    for cells, record in zip(states, records):
        state = text(cells)
        assert record["state"] == state
        d = tilebase.distance(state, **asked)
        moves = tilebase.solve(cells, **asked)
        hints = tilebase.hints(state, **asked)
        if record["solvable"]:
            assert d == record["distance"], state
            assert moves is not None and moves.replace(" ", "") == record["moves"], state
            assert hints == record["hints"], state
            assert all(list(h) == ["move", "tile", "distance", "optimal"] for h in hints)
        else:
            assert (d, moves, hints) == (None, None, []), state


@pytest.mark.parametrize("goal", GOALS_3X3)
def test_every_3x3_goal_class_as_query_answers(programs, goal):
    states = arrangements(9, 400, seed=int(goal))
    states.append([int(c) for c in goal])  # the goal itself: 0 moves, every move away
    records = query_json(programs, states, "--goal", goal)
    assert sum(r["solvable"] for r in records) > 150
    check_against(records, states, goal=goal)
    # Goals given as sequences and with the board named answer the same.
    assert tilebase.distance(states[0], goal=[int(c) for c in goal], board="3x3") == \
        records[0]["distance"]


def test_the_default_goal_is_the_articles(programs):
    assert tilebase.distance("603712458") == 23
    assert tilebase.solve("603712458") == "DDLURRDLLUURDDLURRDLLUR"
    assert tilebase.solve("283104765") == "ULDR"
    assert tilebase.solve("123804765") == ""
    assert tilebase.distance("123804765") == 0
    assert tilebase.hints("603712458") == [
        {"move": "D", "tile": 1, "distance": 22, "optimal": True},
        {"move": "L", "tile": 6, "distance": 24, "optimal": False},
        {"move": "R", "tile": 3, "distance": 24, "optimal": False},
    ]
    assert tilebase.distance("864072513") is None
    # Every form query reads, and bytes, and sequences.
    for form in ["603712458", "6 0 3 7 1 2 4 5 8", "6,0,3,7,1,2,4,5,8", "[6,0,3,7,1,2,4,5,8]",
                 "603/712/458", "6 0 3/7 1 2/4 5 8", " 603712458\n", b"603712458",
                 [6, 0, 3, 7, 1, 2, 4, 5, 8], (6, 0, 3, 7, 1, 2, 4, 5, 8)]:
        assert tilebase.distance(form) == 23, form
    done = run(programs / "query", ["603712458"])
    assert done.stdout == "603712458: 23 moves: " + tilebase.solve("603712458") + "\n"
    # Every optimal solution, and their number, as `query --all --count --json` gives them.
    listed = json.loads(run(programs / "query", ["--json", "--all", "--count", "603712458"]).stdout)
    assert tilebase.solutions("603712458") == listed["solutions"]
    assert tilebase.count_solutions("603712458") == listed["count"] == 3
    assert tilebase.solutions("603712458", limit=2) == listed["solutions"][:2]
    assert tilebase.solutions("864072513") is None
    assert tilebase.count_solutions("864072513") is None


@pytest.mark.parametrize("goal", ["123804765", "123456780", "123456708", "876504321"])
def test_the_multi_tile_metric_as_query_answers(programs, goal):
    states = arrangements(9, 150, seed=7 + int(goal))
    records = query_json(programs, states, "--goal", goal, "--metric", "mtm")
    check_against(records, states, goal=goal, metric="mtm")
    # Solutions are written as query writes them: a space between moves.
    solvable = [text(s) for s, r in zip(states, records) if r["solvable"]][:20]
    done = run(programs / "query", ["--goal", goal, "--metric", "mtm", *solvable])
    assert done.returncode == 0, done.stderr
    for state, line in zip(solvable, done.stdout.splitlines()):
        d = tilebase.distance(state, goal=goal, metric="MTM")
        assert line == f"{state}: {d} move{'s' if d != 1 else ''}: " + \
            tilebase.solve(state, goal=goal, metric="mtm")


@pytest.mark.parametrize("board", ["2x2", "3x2", "2x3", "4x2", "2x4"])
@pytest.mark.parametrize("metric", ["stm", "mtm"])
def test_other_boards_as_query_answers(programs, board, metric):
    w, h = map(int, board.split("x"))
    cells = w * h
    goals = [None, text(list(range(cells)))]  # the default, and the blank first
    for goal in goals:
        flags = ["--board", board, "--metric", metric] + (["--goal", goal] if goal else [])
        count = 120 if cells > 4 else 24
        states = arrangements(cells, count, seed=cells * 31 + len(metric))
        records = query_json(programs, states, *flags)
        check_against(records, states, board=board, metric=metric, goal=goal)


def test_every_state_of_a_small_board(programs):
    """Every arrangement of 3x2, in both metrics."""
    states = [list(p) for p in itertools.permutations(range(6))]
    for metric in ["stm", "mtm"]:
        records = query_json(programs, states, "--board", "3x2", "--metric", metric)
        check_against(records, states, board="3x2", metric=metric)


def test_a_database_file_answers_as_query_with_db(programs):
    path = "db/3x3-123456780.tilebase"
    db = tilebase.Database(path)
    assert (db.path, db.board, db.goal, db.metric, db.max_distance) == \
        (path, "3x3", "123456780", "stm", 31)
    assert repr(db) == 'tilebase.Database("db/3x3-123456780.tilebase": 3x3 board, goal ' \
        '123456780, stm)'
    states = arrangements(9, 200, seed=3)
    for goal in [None, "087654321"]:
        flags = ["--db", path] + (["--goal", goal] if goal else [])
        records = query_json(programs, states, *flags)
        for cells, record in zip(states, records):
            state = text(cells)
            assert db.distance(state, goal=goal) == record["distance"]
            assert db.solve(cells, goal=goal) == record["moves"]
            assert db.hints(state, goal=goal) == record.get("hints", [])
    assert db.distance("123456780", board="3x3", metric="stm") == 0


def test_a_database_pickles_as_its_path_and_answers_in_another_process():
    """Pickled (for multiprocessing, Ray), a Database is its file's absolute path: the copy, and
    a copy in a freshly started process, answer as the original does."""
    import multiprocessing
    import operator
    import os
    import pickle

    db = tilebase.Database("db/3x3-123804765.tilebase")
    copy = pickle.loads(pickle.dumps(db))
    assert os.path.isabs(copy.path)
    assert os.path.samefile(copy.path, db.path)
    assert copy.distance("603712458") == db.distance("603712458") == 23
    assert copy.goal == db.goal and copy.board == db.board
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        answers = pool.map(operator.methodcaller("distance", "603712458"), [db, copy])
    assert answers == [23, 23]
