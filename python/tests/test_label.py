"""Labelled data: `sample` draws as `label --sample` draws, `label` gives every row's exact
distance (and each move's) as `distances` and the `label` program do."""

import csv

import numpy
import pytest

import tilebase
from conftest import run

MOVES = [(-1, 0), (1, 0), (0, -1), (0, 1)]  # up, down, left, right: the blank's row and column


def neighbours(row, width):
    """The rows after the blank moves up, down, left, right; None off the board."""
    height = len(row) // width
    blank = int(numpy.flatnonzero(row == 0)[0])
    r, c = divmod(blank, width)
    out = []
    for dr, dc in MOVES:
        if 0 <= r + dr < height and 0 <= c + dc < width:
            to = (r + dr) * width + c + dc
            moved = row.copy()
            moved[blank], moved[to] = moved[to], moved[blank]
            out.append(moved)
        else:
            out.append(None)
    return out


def test_samples_are_seeded_and_of_the_board():
    walks = tilebase.sample("3x3", 100, sampler="walk:20", seed=3)
    assert walks.shape == (100, 9) and walks.dtype == numpy.uint8
    assert (tilebase.sample("3x3", 100, sampler="walk:20", seed=3) == walks).all()
    assert not (tilebase.sample("3x3", 100, sampler="walk:20", seed=4) == walks).all()
    at = tilebase.sample("3x3", 20, sampler="distance:24", seed=5)
    assert (tilebase.distances(at) == 24).all()
    uniform = tilebase.sample("4x4", 50, seed=1)
    assert uniform.shape == (50, 16)
    assert all(sorted(row) == list(range(16)) for row in uniform)


def test_labels_are_exact_for_every_row_and_move():
    rows = tilebase.sample("3x3", 200, sampler="walk:25", seed=9)
    labels = tilebase.label(rows, board="3x3", moves=True)
    assert sorted(labels) == ["distance", "move_distances", "state"]
    assert (labels["state"] == rows).all()
    assert (labels["distance"] == tilebase.distances(rows)).all()
    assert labels["move_distances"].shape == (200, 4)
    for row, after in zip(rows, labels["move_distances"]):
        for moved, d in zip(neighbours(row, 3), after):
            expected = -1 if moved is None else tilebase.distance(list(map(int, moved)))
            assert d == expected, (row, moved)
    assert list(tilebase.label(rows, board="3x3")) == ["state", "distance"]


def test_labels_are_the_programs(programs, tmp_path):
    out = tmp_path / "walks.csv"
    done = run(programs / "label", ["--sample", "walk:20", "--count", "50", "--seed", "3",
                                    "--moves", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    with out.open() as f:
        written = list(csv.reader(f))[1:]
    rows = tilebase.sample("3x3", 50, sampler="walk:20", seed=3)
    labels = tilebase.label(rows, moves=True)
    for line, row, d, after in zip(written, rows, labels["distance"], labels["move_distances"]):
        assert [int(v) for v in line] == [*row, d, *after]


def test_the_fifteen_puzzle_is_labelled_by_search():
    rows = tilebase.sample("4x4", 6, sampler="walk:30", seed=2)
    labels = tilebase.label(rows, board="4x4", pdb="5-5-5")
    assert (labels["distance"] == tilebase.distances(rows, board="4x4", pdb="5-5-5")).all()
    assert (labels["distance"] <= 30).all()


@pytest.mark.parametrize("call, error, message", [
    (lambda: tilebase.sample("3x3", 1, sampler="walk:x"), ValueError, "walk:L"),
    (lambda: tilebase.sample("4x4", 1, sampler="distance:30"), ValueError, "full table"),
    (lambda: tilebase.label(numpy.array([[1, 2, 3, 8, 0, 4, 7, 6, 6]], numpy.uint8)),
     ValueError, "row 0"),
])
def test_bad_input_is_named(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_parquet_is_read_as_ml_users_read_it(programs, tmp_path):
    """pyarrow reads label's Parquet file: the issue's columns and metadata, and the labels
    `tilebase.label` gives the same rows."""
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "walks.parquet"
    done = run(programs / "label", ["--sample", "walk:20", "--count", "50", "--seed", "3",
                                    "--moves", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out)
    assert table.column_names == ["state", "distance", "move_distances"]
    assert table.schema.metadata[b"tilebase.board"] == b"3x3"
    assert table.schema.metadata[b"tilebase.goal"] == b"123804765"
    assert table.schema.metadata[b"tilebase.metric"] == b"stm"
    assert str(table.schema.field("distance").type) == "int16"
    rows = tilebase.sample("3x3", 50, sampler="walk:20", seed=3)
    labels = tilebase.label(rows, moves=True)
    assert table.column("state").to_pylist() == rows.tolist()
    assert table.column("distance").to_pylist() == labels["distance"].tolist()
    assert table.column("move_distances").to_pylist() == labels["move_distances"].tolist()


def test_each_path_walks_optimally_to_the_goal(programs, tmp_path):
    """--path: each state's path starts at it, ends at the goal, one legal move nearer a step."""
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "paths.parquet"
    done = run(programs / "label", ["--sample", "walk:15", "--count", "20", "--seed", "4",
                                    "--path", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out)
    assert table.column_names == ["state", "distance", "path"]
    for record in table.to_pylist():
        path = record["path"]
        assert path[0] == record["state"]
        assert path[-1] == [1, 2, 3, 8, 0, 4, 7, 6, 5]
        assert len(path) == record["distance"] + 1
        for d, (a, b) in enumerate(zip(path, path[1:])):
            moved = [i for i in range(9) if a[i] != b[i]]
            assert len(moved) == 2 and 0 in (a[moved[0]], a[moved[1]])
            assert abs(moved[0] - moved[1]) in (1, 3)
            assert tilebase.distance(b) == record["distance"] - d - 1


def test_optimal_moves_are_the_moves_one_nearer_and_goal_presets_name_goals():
    rows = tilebase.sample("3x3", 300, sampler="walk:25", seed=4)
    labels = tilebase.label(rows, board="3x3", moves=True, optimal_moves=True)
    assert labels["optimal_moves"].dtype == numpy.uint8
    for d, after, mask in zip(labels["distance"], labels["move_distances"], labels["optimal_moves"]):
        expected = sum(1 << m for m in range(4) if d > 0 and after[m] == d - 1)
        assert mask == expected
    alone = tilebase.label(rows, board="3x3", optimal_moves=True)
    assert sorted(alone) == ["distance", "optimal_moves", "state"]
    assert (alone["optimal_moves"] == labels["optimal_moves"]).all()
    # The two conventions' goals by name, on any board.
    assert tilebase.question(goal="blank-first")["goal"] == "012345678"
    assert tilebase.question(goal="blank-last", board="4x4")["goal"] == "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"
    assert tilebase.distance("102345678", goal="blank-first") == 1


def test_optimal_moves_in_the_multi_tile_metric_count_slides_of_several_tiles():
    rows = tilebase.sample("3x3", 60, seed=6)
    labels = tilebase.label(rows, board="3x3", metric="mtm", optimal_moves=True)
    letters = "UDLR"
    for row, d, mask in zip(rows, labels["distance"], labels["optimal_moves"]):
        hints = tilebase.hints(list(map(int, row)), metric="mtm")
        expected = 0
        for hint in hints:
            if hint["optimal"]:
                expected |= 1 << letters.index(hint["move"][0])
        assert mask == expected, (row, d, hints)
        assert d == 0 or mask != 0


def test_all_is_every_state_once_in_order_or_shuffled():
    """sampler="all": every state of a board with a table once, in the order of their index,
    shuffled (the same way each time) when a seed is given."""
    ordered = tilebase.sample("2x3", 0, sampler="all")
    assert ordered.shape == (360, 6)
    assert len({tuple(row) for row in ordered}) == 360
    shuffled = tilebase.sample("2x3", 0, sampler="all", seed=3)
    assert shuffled.tolist() != ordered.tolist()
    assert sorted(map(tuple, shuffled)) == sorted(map(tuple, ordered))
    assert tilebase.sample("2x3", 0, sampler="all", seed=3).tolist() == shuffled.tolist()
    assert sorted(tilebase.distances(ordered, board="2x3").tolist())[-1] == 21
    with pytest.raises(ValueError, match=r"^4x4: the states of sample all"):
        tilebase.sample("4x4", 0, sampler="all")
