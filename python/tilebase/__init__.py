"""Exact, optimal answers about sliding-tile puzzles, from a tablebase.

The distance of any state to any goal, an optimal solution, hints, batches of states as NumPy
arrays on every core, and puzzles drawn at an exact difficulty. The 3x3 databases ship inside
the module, so every 3x3 goal is answered with no file; other boards find or build their
database as the `query` program does. Boards of 13 to 25 cells (the 15-puzzle, 5x5, ...) are
answered optimally by IDA* over pattern databases, found or built (once) as `query` does.

`tilebase.ray` (the `ray` extra) labels datasets and solves one state on a Ray cluster.
"""

from ._tilebase import *  # noqa: F401,F403 (the native module: every function and class)
from ._tilebase import __all__  # noqa: F401
