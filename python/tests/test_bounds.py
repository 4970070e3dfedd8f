"""Boards past 25 cells: `tilebase.bounds` gives each state a lower bound and a solution within
a budget, as `query` does; the solutions replay to the goal, the bounds never pass what is
known (an optimal length, or DeepCubeA's solution)."""

import pytest

import tilebase


def replay(cells, width, moves):
    cells = list(cells)
    blank = cells.index(0)
    for m in moves:
        to = blank + {"U": -width, "D": width, "L": -1, "R": 1}[m]
        cells[blank], cells[to] = cells[to], cells[blank]
        blank = to
    return cells


def goal(n):
    return list(range(1, n)) + [0]


def test_near_states_are_proven_optimal_and_far_ones_bounded():
    near = replay(goal(36), 6, "UULLDR")
    # DeepCubeA's first 35-puzzle state of tests/data (its solution: 122 moves).
    far = [3, 8, 22, 7, 5, 11, 12, 2, 13, 6, 18, 10, 17, 15, 0, 20, 30, 23, 34, 26, 9, 1, 19,
           29, 27, 25, 4, 16, 33, 35, 14, 31, 21, 32, 28, 24]
    swapped = goal(36)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    answers = tilebase.bounds([near, ",".join(map(str, far)), swapped], board="6x6", seconds=2)
    assert [a["state"] for a in answers] == [
        ",".join(map(str, s)) for s in (near, far, swapped)
    ]
    a, b, c = answers
    assert a["optimal"] and a["lower_bound"] == a["length"] == len(a["solution"])
    assert replay(near, 6, a["solution"]) == goal(36)
    assert a["lower_bound"] <= 6
    assert b["solvable"] and not b["optimal"]
    assert 98 <= b["lower_bound"] <= 122 < b["length"]
    assert replay(far, 6, b["solution"]) == goal(36)
    assert b["nodes"] > 0 and b["seconds"] > 0
    assert c == {
        "state": ",".join(map(str, swapped)), "solvable": False, "lower_bound": None,
        "length": None, "optimal": None, "solution": None, "nodes": None, "seconds": None,
    }


def test_no_budget_gives_the_heuristic_alone():
    far = replay(goal(49), 7, "ULDLUURDDL" * 3)
    (answer,) = tilebase.bounds([far], board="7x7", seconds=0)
    assert answer["solution"] is None and answer["nodes"] == 0
    (more,) = tilebase.bounds([far], board="7x7", max_nodes=1_000_000)
    assert more["lower_bound"] >= answer["lower_bound"]
    assert replay(far, 7, more["solution"]) == goal(49)


def test_bad_budgets_and_states_are_refused():
    with pytest.raises(ValueError, match=r"^seconds=-1: a number of seconds from 0 up"):
        tilebase.bounds([goal(36)], board="6x6", seconds=-1)
    with pytest.raises(ValueError, match=r"^state 1: \"1,2,3\": 3 cells, but a 6x6 board has 36"):
        tilebase.bounds([goal(36), "1,2,3"], board="6x6")
    with pytest.raises(TypeError):
        tilebase.bounds(5, board="6x6")
    with pytest.raises(ValueError, match=r"11x10: at most 100 cells are supported \(10x10\)"):
        tilebase.bounds([goal(36)], board="11x10")
    # Optimal answers are not proven past 25 cells: distance says so, naming query.
    with pytest.raises(ValueError, match=r"6x6: past 25 cells only bounds are proven"):
        tilebase.distance(goal(36), board="6x6")
    assert tilebase.question(board="6x6")["method"] == "bounds"


def test_a_chosen_partition_is_built_on_first_use_and_raises_the_bound():
    # DeepCubeA's 35-puzzle state 132: Manhattan distance and linear conflicts say 85, the nine
    # 4-tile tables 89 (as query says, tests/programs/bounds.rs).
    state = ("1,2,4,6,11,21,7,31,17,23,28,14,10,0,19,22,18,5,8,9,3,29,12,15,13,20,16,26,32,30,"
             "33,25,24,34,27,35")
    (plain,) = tilebase.bounds([state], board="6x6", seconds=0)
    (tables,) = tilebase.bounds([state], board="6x6", seconds=0, pdb="4-4-4-4-4-4-4-4-3")
    assert (plain["lower_bound"], tables["lower_bound"]) == (85, 89)
    with pytest.raises(ValueError, match=r'^pdb "5-5": patterns of 5-5 tiles make 10, but the '
                                         r"board has 35 tiles"):
        tilebase.bounds([state], board="6x6", pdb="5-5")
