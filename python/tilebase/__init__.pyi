"""Exact, optimal answers about sliding-tile puzzles, from a tablebase.

The distance of any state to any goal, an optimal solution, hints, batches of states as NumPy
arrays on every core, and puzzles drawn at an exact difficulty. The 3x3 databases ship inside
the module, so every 3x3 goal is answered with no file; other boards find or build their
database as the `query` program does. The 15-puzzle (board="4x4") is answered optimally by
IDA* over pattern databases, found or built (once) as `query --board 4x4` does.
"""

import os
from typing import Sequence, Union

import numpy
import numpy.typing

__all__: list[str]

#: A state or goal: a string in any form `query` reads ("603712458", "6 0 3 7 1 2 4 5 8",
#: "603/712/458", "[6,0,3,7,1,2,4,5,8]", ...), the same as bytes, or a sequence of ints.
StateLike = Union[str, bytes, Sequence[int]]

class DatabaseError(Exception):
    """A database that cannot answer: a file that is not a tilebase database, is damaged, or
    holds another goal than its name says."""

def distance(
    state: StateLike,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
    memory: int | str | None = None,
) -> int | None:
    """The optimal number of moves from `state` to the goal, or None if it cannot reach it.

    `goal` defaults to 123804765 on 3x3 and to the tiles in order with the blank last on other
    boards; `board` is "WxH" (default: read off the goal, else 3x3); `metric` is "stm"
    (single-tile moves) or "mtm" (multi-tile moves). A bad state raises ValueError.

    On the 15-puzzle (board="4x4", or a goal of 16 cells), states are written with separators
    ("1,2,...,15,0") or as 16 ints, and answers come from IDA* over the pattern databases
    `pdb`: "7-8" (the default: built once, about a minute and 1.6 GB; then milliseconds to a
    second a search), "6-6-3" or "5-5-5" (built in seconds, slower searches).

    `memory` (bytes as an int, or "512M", "2G") is what A* may take in the A*+IDA* search of
    boards of more than 16 cells, as `query --memory` sets it: by default 1 GiB there, and 0
    (plain IDA*) on the 15-puzzle; 0 asks for plain IDA* anywhere.

    >>> tilebase.distance("603712458")
    23
    >>> tilebase.distance([8, 6, 4, 0, 7, 2, 5, 1, 3]) is None
    True
    >>> tilebase.distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
    1
    """

def solve(
    state: StateLike,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
    memory: int | str | None = None,
) -> str | None:
    """One optimal solution, as `query` writes it: the blank's moves (U, D, L, R), at each step
    the first that stays optimal; a space between moves in the multi-tile metric. "" at the
    goal; None if the state cannot reach the goal. `pdb` and `memory` as for distance.

    >>> tilebase.solve("603712458")
    'DDLURRDLLUURDDLURRDLLUR'
    """

def hints(
    state: StateLike,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
) -> list[dict[str, Union[str, int, bool]]]:
    """Every move from `state`, as `query --hint --json` lists them: dicts with "move", "tile",
    "distance" and "optimal". An empty list if the state cannot reach the goal. On 4x4 each
    move's distance is a search of its own. `pdb` as for distance (4x4 only).

    >>> tilebase.hints("603712458")[0]
    {'move': 'D', 'tile': 1, 'distance': 22, 'optimal': True}
    """

def solutions(
    state: StateLike,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
    limit: int | None = None,
) -> list[str] | None:
    """Every optimal solution, as `query --all` lists them (each as `solve` writes one), in
    U < D < L < R order; the first `limit` when given. None if the state cannot reach the goal.
    On 4x4 the search's last iteration runs whole; `pdb` as for distance.

    >>> tilebase.solutions("603712458", limit=1)
    ['DDLURRDLLUURDDLURRDLLUR']
    """

def count_solutions(
    state: StateLike,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
) -> int | None:
    """How many optimal solutions, as `query --count` says; None if the state cannot reach the
    goal. From a full table each state's count is worked out once (none is listed); on 4x4 the
    search's last iteration runs whole. `pdb` as for distance.

    >>> tilebase.count_solutions("603712458")
    3
    """

def sample(
    board: str,
    n: int,
    sampler: str = "uniform",
    seed: int | None = None,
    goal: StateLike | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
) -> numpy.typing.NDArray[numpy.uint8]:
    """`n` states drawn by `sampler`, a uint8 array of shape (n, cells), as `label --sample`
    draws them: "uniform" (with replacement), "walk:L", "distance:D" (D, "A..B" or "max"; a
    full table), "file:PATH" or "all" (every state once, from a full table: in the order of
    their index, shuffled when a seed is given). The same seed draws the same states; the seed
    is 0 when none is given.

    >>> tilebase.sample("3x3", 2, sampler="distance:24", seed=5).shape
    (2, 9)
    """

def label(
    cells: numpy.typing.NDArray[numpy.uint8],
    board: str | None = None,
    goal: StateLike | None = None,
    metric: str | None = "stm",
    moves: bool = False,
    pdb: str | None = None,
    optimal_moves: bool = False,
) -> dict[str, numpy.typing.NDArray[numpy.generic]]:
    """The labels of every row of `cells`, named as `label`'s columns: "state", "distance"
    (int16, -1 where unsolvable) and with `moves` "move_distances" (int16, shape (n, 4): up,
    down, left, right; -1 where the blank cannot move), with `optimal_moves` "optimal_moves"
    (uint8 mask: bit 0 up, 1 down, 2 left, 3 right). On every core, without the GIL.

    >>> labels = tilebase.label(tilebase.sample("3x3", 3, sampler="distance:24", seed=5), board="3x3", moves=True)
    >>> labels["distance"]
    array([24, 24, 24], dtype=int16)
    """

def distances(
    cells: numpy.typing.NDArray[numpy.uint8],
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
    memory: int | str | None = None,
) -> numpy.typing.NDArray[numpy.int16]:
    """The distance of every row of `cells` (a 2-D uint8 array, one state per row), -1 where
    the state cannot reach the goal. Read in place when C-contiguous; runs on every core
    without the GIL. A bad row raises ValueError naming its index. On 4x4 (rows of 16 cells)
    each row is an IDA* search, the rows shared among the cores; `pdb` as for distance;
    `memory` too, shared by the searches under way at once.

    >>> cells = numpy.array([[6, 0, 3, 7, 1, 2, 4, 5, 8], [8, 6, 4, 0, 7, 2, 5, 1, 3]], numpy.uint8)
    >>> tilebase.distances(cells)
    array([23, -1], dtype=int16)
    """

def bounds(
    states: Sequence[StateLike],
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
    seconds: float | None = None,
    max_nodes: int | None = None,
) -> list[dict[str, object]]:
    """Bounds on each of `states`, as `query` gives them on boards past 25 cells: a dict per
    state with "state", "solvable", "lower_bound" (no solution is shorter), "length" and
    "solution" (the shortest found; None when none was found within the budget), "optimal"
    (the two meet), "nodes" and "seconds". Each state may take `seconds` (default 10) and
    `max_nodes`, whichever runs out first; the states run on every core at once, without the
    GIL. A state that cannot reach the goal gets "solvable": False and None elsewhere, at once.
    `pdb` chooses pattern databases as `query --pdb` does (on 6x6 "4-4-4-4-4-4-4-4-3": built on
    first use into the cache, in about a second), which raise the bounds.

    >>> goal = list(range(1, 36)) + [0]
    >>> near = goal[:34] + [0, 35]  # the blank one step left of its home
    >>> tilebase.bounds([near], board="6x6", seconds=1)[0]["solution"]
    'R'
    """

def random_states(
    distance: int | str,
    count: int = 1,
    seed: int | None = None,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
) -> list[str]:
    """`count` different states drawn uniformly among those at `distance` from the goal, the
    same as `random --seed` for the same seed. `distance` is an int, or "20", "20..25" or "max".
    Drawn from full tables: not on 4x4 (ValueError).

    >>> tilebase.random_states(24, count=3, seed=5)
    ['180423657', '048357621', '460715238']
    """

def question(
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
) -> dict[str, str | None]:
    """What a question asks, as the module reads `goal`, `board`, `metric` and `pdb`: "board",
    "goal" and "metric" as answers and `label`'s files write them, "pdb" (None where a full
    table answers) and "method" ("table", "search", or "bounds" past 25 cells). Opens no file.

    >>> tilebase.question()
    {'board': '3x3', 'goal': '123804765', 'metric': 'stm', 'pdb': None, 'method': 'table'}
    """

def start_bound(
    state: StateLike,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
) -> int | None:
    """The bound of the first iteration of the optimal search from `state` (its heuristic, a
    lower bound of its distance); None if it cannot reach the goal. Boards answered from full
    tables have no search (ValueError). With split and search_below, how one search runs on
    many machines (tilebase.ray.solve).

    >>> tilebase.start_bound("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
    1
    """

def split(
    state: StateLike,
    bound: int | None = None,
    at_least: int = 64,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
) -> dict[str, object] | None:
    """One iteration of the optimal search at `bound` (the start bound when None) cut into
    pieces: "bound", "pieces" (the blank's moves to each piece, in the serial search's order),
    "solution" (one met above the cut, else None), "next_bound" and "nodes". Searching below
    every piece is the whole iteration; the same arguments give the same pieces anywhere.

    >>> tilebase.split("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", board="4x4", pdb="5-5-5")
    {'bound': 1, 'pieces': [], 'solution': 'R', 'next_bound': 3, 'nodes': 3}
    """

def search_below(
    state: StateLike,
    moves: str,
    bound: int,
    goal: StateLike | None = None,
    board: str | None = None,
    metric: str | None = "stm",
    pdb: str | None = None,
    max_nodes: int | None = None,
) -> dict[str, object] | None:
    """Searches within `bound` below the state `moves` (a piece of split's) reach from
    `state`: "solution" (from `state`, the piece's moves first; None if none lies below),
    "next_bound" (the least bound past this one met below, else None) and "nodes". Past
    `max_nodes` nodes, RuntimeError; a move off the board, ValueError naming it.

    >>> tilebase.search_below("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0", "L", 3, board="4x4", pdb="5-5-5")
    {'solution': None, 'next_bound': 4, 'nodes': 2}
    """

class Database:
    """A database file opened explicitly, as `query --db PATH`. Its methods are the module's
    functions; `goal` defaults to the file's own and may be any goal it answers for.

    >>> db = tilebase.Database("db/3x3-123804765.tilebase")
    >>> db.distance("603712458")
    23
    """

    def __init__(self, path: Union[str, os.PathLike[str]]) -> None: ...
    @property
    def path(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def goal(self) -> str: ...
    @property
    def metric(self) -> str: ...
    @property
    def max_distance(self) -> int: ...
    def distance(
        self,
        state: StateLike,
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
        pdb: str | None = None,
        memory: int | str | None = None,
    ) -> int | None:
        """tilebase.distance, answered from this file.

        >>> tilebase.Database("db/3x3-123804765.tilebase").distance("603712458")
        23
        """
    def solve(
        self,
        state: StateLike,
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
        pdb: str | None = None,
        memory: int | str | None = None,
    ) -> str | None:
        """tilebase.solve, answered from this file.

        >>> tilebase.Database("db/3x3-123804765.tilebase").solve("283104765")
        'ULDR'
        """
    def hints(
        self,
        state: StateLike,
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
        pdb: str | None = None,
    ) -> list[dict[str, Union[str, int, bool]]]:
        """tilebase.hints, answered from this file.

        >>> tilebase.Database("db/3x3-123804765.tilebase").hints("123804765")[0]
        {'move': 'U', 'tile': 2, 'distance': 1, 'optimal': False}
        """
    def solutions(
        self,
        state: StateLike,
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
        pdb: str | None = None,
        limit: int | None = None,
    ) -> list[str] | None:
        """tilebase.solutions, answered from this file.

        >>> tilebase.Database("db/3x3-123804765.tilebase").solutions("283104765")
        ['ULDR']
        """
    def count_solutions(
        self,
        state: StateLike,
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
        pdb: str | None = None,
    ) -> int | None:
        """tilebase.count_solutions, answered from this file.

        >>> tilebase.Database("db/3x3-123804765.tilebase").count_solutions("603712458")
        3
        """
    def distances(
        self,
        cells: numpy.typing.NDArray[numpy.uint8],
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
        pdb: str | None = None,
        memory: int | str | None = None,
    ) -> numpy.typing.NDArray[numpy.int16]:
        """tilebase.distances, answered from this file.

        >>> db = tilebase.Database("db/3x3-123804765.tilebase")
        >>> db.distances(numpy.array([[1, 2, 3, 8, 0, 4, 7, 6, 5]], numpy.uint8))
        array([0], dtype=int16)
        """
    def random_states(
        self,
        distance: int | str,
        count: int = 1,
        seed: int | None = None,
        goal: StateLike | None = None,
        board: str | None = None,
        metric: str | None = None,
    ) -> list[str]:
        """tilebase.random_states, drawn from this file.

        >>> tilebase.Database("db/3x3-123456780.tilebase").random_states("max", count=2, seed=1)
        ['867254301', '647850321']
        """
