"""tilebase on a Ray cluster: exact labels for datasets of any size, and one optimal search
spread over every machine.

Install with the `ray` extra (``pip install "./python[ray]"``). Nothing here starts a cluster:
``ray.init()`` (or ``ray.init(address="auto")`` on a cluster) is the caller's, as in any Ray
program; where Ray is not initialised, the first call starts a local one, as Ray does.

Files. Workers read the pattern databases the driver found or built: the driver opens (or
builds, once) every file before it sends work, and each worker maps the same files from
``$TILEBASE_CACHE_DIR`` (the driver's, passed on; on a cluster, a folder every machine sees).
A worker never builds: it runs with ``TILEBASE_BUILD=never``, and a missing file fails its task
with a message naming the file and where it was looked for, which the driver raises.

- :class:`Labeler`: a callable class for ``ray.data.Dataset.map_batches``.
- :func:`label_dataset`: the `label` program's Parquet file, labelled on the cluster.
- :func:`solve`: one optimal solution, each iteration of IDA* cut into pieces that the
  cluster's workers search; retried where a worker dies, resumable from a checkpoint file.
- :func:`bounds`: bounds on boards past 25 cells (a lower bound and a solution within a budget),
  a state a task on the cluster's CPUs; retried where a worker dies, resumable from a
  checkpoint file.
"""

from __future__ import annotations

import json
import logging
import os
import pathlib
import tempfile
import time
from typing import Any, Callable, Sequence

import numpy

import tilebase

try:
    import ray
except ImportError as error:  # pragma: no cover - the extra is not installed
    raise ImportError(
        'tilebase.ray needs Ray: pip install "tilebase[ray]" (or pip install "ray[data]")'
    ) from error

__all__ = ["Labeler", "label_dataset", "solve", "SolveStopped", "bounds"]

log = logging.getLogger("tilebase.ray")

#: How many pieces of work a search's iteration is cut into, per CPU of the cluster: enough for
#: the uneven subtrees of IDA* to even out.
PIECES_PER_CPU = 32
#: How many tasks each CPU is given per iteration (consecutive pieces make one task): few
#: enough for the overhead of a task to stay small beside its search.
TASKS_PER_CPU = 4


def _umask() -> int:
    """The process's umask (read by setting it, then setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _worker_env(cache_dir=None) -> dict[str, str]:
    """The environment of a worker: the folder where it finds the files (`cache_dir`, else the
    driver's cache folder), and no builds."""
    env = {"TILEBASE_BUILD": "never"}
    cache = cache_dir if cache_dir is not None else os.environ.get("TILEBASE_CACHE_DIR")
    if cache:
        env["TILEBASE_CACHE_DIR"] = os.path.abspath(cache)
    return env


def _question(board, goal, metric, pdb) -> dict[str, Any]:
    """The question's keyword arguments, as every tilebase function takes them."""
    return {"board": board, "goal": goal, "metric": metric, "pdb": pdb}


# ---------------------------------------------------------------------------------------------
# Labels


class Labeler:
    """Labels batches of states exactly: for ``Dataset.map_batches(Labeler, fn_constructor_kwargs=
    {...}, batch_format="numpy")`` (or called on a dict of arrays). The batch's ``state`` column
    (one row of cells per state, 0 the blank) is kept, and the columns of
    :func:`tilebase.label` added: ``distance`` (int16, -1 where the state cannot reach the goal)
    and, with ``moves``, ``move_distances`` (int16, four per state: up, down, left, right; -1
    where the blank cannot move), with ``optimal_moves`` ``optimal_moves`` (uint8 masks).

    A Labeler pickles as its question; in each worker process the files are mapped once, and
    every batch is labelled on every core the worker has, without the GIL.

    >>> Labeler(board="3x3")({"state": tilebase.sample("3x3", 2, sampler="distance:24", seed=5)})["distance"]
    array([24, 24], dtype=int16)
    """

    def __init__(self, board: str | None = None, goal=None, metric: str = "stm",
                 moves: bool = False, pdb: str | None = None, optimal_moves: bool = False):
        self.question = _question(board, goal, metric, pdb)
        self.moves = moves
        self.optimal_moves = optimal_moves
        # Refused here, on the driver, rather than in every worker.
        self.names = tilebase.question(**self.question)

    def __call__(self, batch: dict[str, numpy.ndarray]) -> dict[str, numpy.ndarray]:
        if "state" not in batch:
            raise KeyError(f"the batch has no 'state' column (it has {sorted(batch)})")
        cells = _rows(batch["state"])
        labels = tilebase.label(cells, moves=self.moves, optimal_moves=self.optimal_moves,
                                **self.question)
        out = dict(batch)
        out["state"] = cells
        for name in ("distance", "move_distances", "optimal_moves"):
            if name in labels:
                out[name] = labels[name]
        return out

    def __repr__(self) -> str:
        return f"Labeler({self.names['board']}, goal {self.names['goal']}, {self.names['metric']})"


def _rows(column) -> numpy.ndarray:
    """A batch's state column as a 2-D uint8 array: Ray gives a tensor column as one array, and
    a list column as an array of arrays."""
    array = numpy.asarray(column)
    if array.dtype == object:
        array = numpy.stack([numpy.asarray(row) for row in array]) if len(array) else array
    return numpy.ascontiguousarray(array, dtype=numpy.uint8)


def _arrow_table(labels: dict[str, numpy.ndarray], names: dict[str, Any], labels_too: bool = True):
    """The labels as the `label` program's Parquet columns and metadata (only the states
    without `labels_too`)."""
    import pyarrow as pa

    state = _rows(labels["state"])
    cells = state.shape[1]

    def fixed(array: numpy.ndarray, item, size: int):
        values = pa.array(array.reshape(-1), type=item)
        field = pa.field("item", item, nullable=False)
        return pa.FixedSizeListArray.from_arrays(values, type=pa.list_(field, size))

    columns = {"state": fixed(state, pa.uint8(), cells)}
    if labels_too:
        columns["distance"] = pa.array(numpy.asarray(labels["distance"], dtype=numpy.int16))
    if "move_distances" in labels:
        after = numpy.asarray(labels["move_distances"], dtype=numpy.int16)
        columns["move_distances"] = fixed(after, pa.int16(), 4)
    if "optimal_moves" in labels:
        columns["optimal_moves"] = pa.array(numpy.asarray(labels["optimal_moves"], dtype=numpy.uint8))
    metadata = {
        "tilebase.board": names["board"],
        "tilebase.goal": names["goal"],
        "tilebase.metric": names["metric"],
    }
    fields = [pa.field(name, column.type, nullable=False) for name, column in columns.items()]
    schema = pa.schema(fields, metadata=metadata)
    return pa.Table.from_arrays(list(columns.values()), schema=schema)


def label_dataset(board: str, sample: str, count: int, seed: int, out, moves: bool = False,
                  goal=None, metric: str = "stm", pdb: str | None = None,
                  batch_size: int = 4096, cache_dir=None,
                  optimal_moves: bool = False) -> pathlib.Path:
    """Writes a Parquet file of `count` states drawn by `sample` ("uniform", "walk:L",
    "distance:D", "file:PATH", as `label --sample`) with seed `seed`, labelled on the Ray
    cluster: the rows of ``label --board BOARD --sample SAMPLE --count COUNT --seed SEED
    [--moves] [--optimal-moves] --out OUT`` on one machine, with its columns (``state``,
    ``distance``, with `moves` ``move_distances``, with `optimal_moves` ``optimal_moves``) and its metadata (``tilebase.board``, ``tilebase.goal``,
    ``tilebase.metric``). The states are drawn on the driver (the draw is the one-machine
    draw); a Ray Dataset labels them in batches of `batch_size` on the workers, in order.
    The file appears under its name only once whole. Returns its path. `cache_dir`: where
    the workers find the files (default: the driver's ``$TILEBASE_CACHE_DIR``).
    """
    out = pathlib.Path(out)
    if out.suffix != ".parquet":
        raise ValueError(f"out {str(out)!r}: label_dataset writes .parquet files")
    question = _question(board, goal, metric, pdb)
    names = tilebase.question(**question)
    states = tilebase.sample(board, count, sampler=sample, seed=seed, goal=goal, metric=metric,
                             pdb=pdb)
    # The driver opens (or builds, once) the files the workers will map.
    if len(states):
        tilebase.label(states[:1], **question)
    # The states as the Parquet column they become: an Arrow table the dataset starts from, so
    # that no step stands between it and the labelling (a renaming step would want a CPU of
    # its own, which the labellers hold).
    table = _arrow_table({"state": states}, names, labels_too=False)
    # One labeller per machine, holding its CPUs: each labels its batches on every core of its
    # machine already, so more would only share the same cores.
    machines = [n["Resources"].get("CPU", 0) for n in ray.nodes() if n.get("Alive")]
    machines = [int(c) for c in machines if c >= 1] or [1]
    cpus = sum(machines)
    # Blocks enough for every worker to have several, of whole batches.
    rows = max(batch_size, -(-len(states) // (4 * cpus)))
    rows = -(-rows // batch_size) * batch_size
    # The rows in the order drawn, as `label` writes them: set before the dataset is made, which
    # takes the context's options as they are then.
    context = ray.data.DataContext.get_current()
    ordered = context.execution_options.preserve_order
    context.execution_options.preserve_order = True
    try:
        return _write_labelled(states, table, rows, batch_size, machines, moves, optimal_moves,
                               question, cache_dir, names, out)
    finally:
        context.execution_options.preserve_order = ordered


def _write_labelled(states, table, rows, batch_size, machines, moves, optimal_moves, question,
                    cache_dir, names, out) -> pathlib.Path:
    """`label_dataset`'s labelling on the cluster and its file, with the rows' order kept."""
    import pyarrow.parquet as pq

    dataset = ray.data.from_arrow([table.slice(i, rows) for i in range(0, max(1, len(states)), rows)])
    labelled = dataset.map_batches(
        Labeler,
        fn_constructor_kwargs={"moves": moves, "optimal_moves": optimal_moves, **question},
        batch_format="numpy",
        batch_size=batch_size,
        compute=ray.data.ActorPoolStrategy(size=len(machines)),
        num_cpus=min(machines),
        runtime_env={"env_vars": _worker_env(cache_dir)},
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = tempfile.NamedTemporaryFile(
        dir=out.parent, prefix=f".{out.name}.", suffix=".partial", delete=False)
    partial.close()
    writer = None
    try:
        for batch in labelled.iter_batches(batch_format="numpy", batch_size=None):
            table = _arrow_table(batch, names)
            if writer is None:
                writer = pq.ParquetWriter(partial.name, table.schema, compression="zstd")
            writer.write_table(table)
        if writer is None:
            empty = {"state": states, "distance": numpy.zeros(0, numpy.int16)}
            if moves:
                empty["move_distances"] = numpy.zeros((0, 4), numpy.int16)
            if optimal_moves:
                empty["optimal_moves"] = numpy.zeros(0, numpy.uint8)
            writer = pq.ParquetWriter(partial.name, _arrow_table(empty, names).schema,
                                      compression="zstd")
        writer.close()
        writer = None
        # A temporary file is made readable by its owner alone; the dataset gets the
        # permissions of any new file (0644 under the usual umask), as `label` writes it.
        os.chmod(partial.name, 0o666 & ~_umask())
        os.replace(partial.name, out)
    finally:
        if writer is not None:
            writer.close()
        if os.path.exists(partial.name):
            os.unlink(partial.name)
    return out


# ---------------------------------------------------------------------------------------------
# One search on many machines


class SolveStopped(Exception):
    """A distributed search stopped by its `progress` callback (by raising this): its
    checkpoint, if it has one, resumes it."""


def _search_pieces(state, pieces: Sequence[str], bound: int, question: dict[str, Any]):
    """A task: the subtrees below `pieces`, in order, up to the first holding a solution.
    Returns the solution (or None), the least bound past `bound` met, and the nodes."""
    next_bound, nodes = None, 0
    for moves in pieces:
        below = tilebase.search_below(state, moves, bound, **question)
        nodes += below["nodes"]
        if below["next_bound"] is not None:
            next_bound = below["next_bound"] if next_bound is None else min(next_bound, below["next_bound"])
        if below["solution"] is not None:
            return below["solution"], next_bound, nodes
    return None, next_bound, nodes


class _Checkpoint:
    """What a search has done, in a JSON file rewritten (to a temporary name, then renamed)
    after each task: the question, the iteration's bound, the nodes so far, and the tasks of
    the iteration already done, with what they found."""

    def __init__(self, path, key: dict[str, Any]):
        self.path = pathlib.Path(path) if path is not None else None
        self.key = key
        self.bound: int | None = None
        self.nodes = 0
        self.done: dict[int, list] = {}
        self.solution: str | None = None
        # The CPUs the iterations are cut for: the tasks in `done` are numbered in that cut.
        self.cpus: int | None = None

    def load(self) -> bool:
        if self.path is None or not self.path.is_file():
            return False
        try:
            saved = json.loads(self.path.read_text())
        except (OSError, ValueError) as error:
            raise ValueError(f"checkpoint {str(self.path)!r}: cannot be read: {error}") from None
        if saved.get("question") != self.key:
            raise ValueError(
                f"checkpoint {str(self.path)!r}: is of another search ({saved.get('question')}); "
                "remove it or give another checkpoint")
        self.bound = saved["bound"]
        self.nodes = saved["nodes"]
        self.done = {int(i): r for i, r in saved["done"].items()}
        self.solution = saved.get("solution")
        self.cpus = saved.get("cpus")
        return True

    def save(self) -> None:
        if self.path is None:
            return
        text = json.dumps({"question": self.key, "bound": self.bound, "nodes": self.nodes,
                           "cpus": self.cpus, "done": self.done, "solution": self.solution})
        partial = self.path.with_name(f".{self.path.name}.partial")
        partial.write_text(text)
        os.replace(partial, self.path)


def solve(state, board: str | None = None, goal=None, metric: str = "stm",
          pdb: str | None = None, *, checkpoint=None,
          progress: Callable[[dict[str, Any]], None] | None = None,
          max_retries: int = 3, cpus: int | None = None, local_nodes: int = 1_000_000,
          cache_dir=None) -> str | None:
    """One optimal solution of `state`, exactly what :func:`tilebase.solve` returns (the same
    moves, as the same string), with each iteration of IDA* cut into pieces that the cluster's
    workers search as Ray tasks. None if the state cannot reach the goal. Boards answered from
    full tables are answered at once, on the driver.

    - `progress`: called after each task with a dict: ``bound`` (the iteration's), ``tasks``
      and ``done`` (this iteration's), ``nodes`` (generated so far, all iterations) and
      ``seconds``. Each iteration is also logged (logger ``tilebase.ray``, level INFO).
      Raising :class:`SolveStopped` from it stops the search (resumable from the checkpoint).
    - `checkpoint`: a JSON file, rewritten after each task. A search started again with the
      same file (and the same question) goes on from it: neither finished iterations nor the
      tasks finished in the current one are searched again.
    - `max_retries`: how often a task is run again when its worker or machine dies (Ray's
      task retries); the answer does not change.
    - `cpus`: the CPUs the pieces are cut for (default: the cluster's). A search resumed in the
      middle of an iteration finishes that iteration cut as it was, so that its finished tasks
      are the same pieces; later iterations are cut for the CPUs there are.
    - `local_nodes`: each iteration is first searched on the driver, up to this many nodes (a
      few milliseconds): the first iterations of a search are too small to be worth sending
      out. 0 sends every iteration to the workers.
    - `cache_dir`: where the workers find the files (default: the driver's
      ``$TILEBASE_CACHE_DIR``; on a cluster, a folder every machine sees).
    """
    question = _question(board, goal, metric, pdb)
    names = tilebase.question(**question)
    if names["method"] == "table":
        return tilebase.solve(state, **question)
    # The driver opens (or builds, once) the files before any worker looks for them, and reads
    # the state as every tilebase function does (a bad one raises here).
    bound = tilebase.start_bound(state, **question)
    if bound is None:
        return None
    # The question as read (board, goal, metric and partition written out), so that the same
    # search asked with or without its defaults spelt out is the same checkpoint.
    key = {"state": _plain(state), **names}
    saved = _Checkpoint(checkpoint, key)
    if saved.load():
        if saved.solution is not None:
            return saved.solution
        log.info("resuming at bound %d, %d tasks of it done, %d nodes so far",
                 saved.bound, len(saved.done), saved.nodes)
    else:
        saved.bound = bound
    wanted = cpus if cpus is not None else max(1, int(ray.cluster_resources().get("CPU", 1)))
    if saved.done and saved.cpus is None:
        # A checkpoint that does not say how its tasks were cut: the iteration is run again.
        log.warning("checkpoint %s does not say how its tasks were cut: bound %d searched again",
                    checkpoint, saved.bound)
        saved.done = {}
    if saved.done and saved.cpus != wanted:
        log.info("bound %d resumed as it was cut, for %d CPUs; later bounds for %d",
                 saved.bound, saved.cpus, wanted)
    saved.save()
    task = ray.remote(_search_pieces).options(
        max_retries=max_retries, runtime_env={"env_vars": _worker_env(cache_dir)},
        name="tilebase.search")
    state_ref = ray.put(state)
    started = time.monotonic()
    local = local_nodes > 0
    while True:
        bound = saved.bound
        if local and not saved.done:
            try:
                whole = tilebase.search_below(state, "", bound, max_nodes=local_nodes, **question)
            except RuntimeError:
                # Too large for the driver alone: sent out, and so is every later iteration,
                # each larger than the one before.
                whole, local = None, False
            if whole is not None:
                saved.nodes += whole["nodes"]
                if whole["solution"] is not None:
                    saved.solution = whole["solution"]
                    saved.save()
                    log.info("bound %d: solved on the driver, %d nodes", bound, saved.nodes)
                    return saved.solution
                log.info("bound %d: no solution (on the driver), %d nodes so far; next bound %d",
                         bound, saved.nodes, whole["next_bound"])
                saved.bound = whole["next_bound"]
                saved.save()
                continue
        if not saved.done:
            saved.cpus = wanted
        cpus = saved.cpus
        split = tilebase.split(state, bound, PIECES_PER_CPU * cpus, **question)
        if split["solution"] is not None:
            saved.solution = split["solution"]
            saved.save()
            return split["solution"]
        pieces = split["pieces"]
        size = max(1, -(-len(pieces) // (TASKS_PER_CPU * cpus)))
        chunks = [pieces[i:i + size] for i in range(0, len(pieces), size)]
        # The split's own nodes and bound are counted once per iteration, with its first task.
        next_bound = split["next_bound"]
        found: dict[int, str] = {}
        for i, (solution, below, _) in saved.done.items():
            if solution is not None:
                found[i] = solution
            if below is not None:
                next_bound = below if next_bound is None else min(next_bound, below)
        if not saved.done:
            saved.nodes += split["nodes"]
        running = {}
        for i, chunk in enumerate(chunks):
            if i not in saved.done and not (found and i > min(found)):
                running[task.remote(state_ref, chunk, bound, question)] = i
        log.info("bound %d: %d pieces in %d tasks (%d done before)",
                 bound, len(pieces), len(chunks), len(saved.done))
        try:
            while running:
                ready, _ = ray.wait(list(running), num_returns=1)
                i = running.pop(ready[0])
                try:
                    solution, below, nodes = ray.get(ready[0])
                except ray.exceptions.RayTaskError as error:
                    raise _task_error(error)  # noqa: B904 - chained to the task's error
                saved.done[i] = [solution, below, nodes]
                saved.nodes += nodes
                if below is not None:
                    next_bound = below if next_bound is None else min(next_bound, below)
                if solution is not None:
                    found[i] = solution
                    # A later task's solution is not the serial search's: not waited for.
                    for ref, j in list(running.items()):
                        if j > i:
                            ray.cancel(ref, force=True)
                            del running[ref]
                saved.save()
                if progress is not None:
                    progress({"bound": bound, "tasks": len(chunks), "done": len(saved.done),
                              "nodes": saved.nodes, "seconds": time.monotonic() - started})
        except BaseException:
            for ref in running:
                ray.cancel(ref, force=True)
            raise
        if found:
            # The first piece, in the serial order, holding a solution: the serial solution.
            saved.solution = found[min(found)]
            saved.save()
            log.info("bound %d: solved, %d nodes", bound, saved.nodes)
            return saved.solution
        if next_bound is None:  # pragma: no cover - a solvable state always has a solution
            raise RuntimeError(f"{state}: the search ran out of states without a solution")
        log.info("bound %d: no solution, %d nodes so far; next bound %d",
                 bound, saved.nodes, next_bound)
        saved.bound, saved.done = next_bound, {}
        saved.save()


# ---------------------------------------------------------------------------------------------
# Bounds on many states


def _bound_one(state, question: dict[str, Any], seconds, max_nodes) -> dict[str, Any]:
    """A task: :func:`tilebase.bounds` of one state."""
    return tilebase.bounds([state], seconds=seconds, max_nodes=max_nodes, **question)[0]


def bounds(states, board: str | None = None, goal=None, *, seconds: float | None = None,
           max_nodes: int | None = None, pdb: str | None = None, checkpoint=None,
           progress: Callable[[dict[str, Any]], None] | None = None, max_retries: int = 3,
           cache_dir=None) -> list[dict[str, Any]]:
    """:func:`tilebase.bounds` of every state, a state a Ray task on the cluster's CPUs: a dict
    per state, in order, with the same fields ("state", "solvable", "lower_bound", "length",
    "solution", "optimal", "nodes", "seconds"), each state within `seconds` (default 10) and
    `max_nodes`.

    - `states`: a Ray Dataset with a ``state`` column (one row of cells per state), or any
      list :func:`tilebase.bounds` takes. A bad state raises on the driver, before any task.
    - `checkpoint`: a JSON file, rewritten after each state is done. Started again with the
      same file (and the same states, board, goal and budget), it goes on from it: the states
      done are not searched again.
    - `progress`: called after each state with a dict: ``done``, ``states``, ``seconds``.
    - `max_retries`: how often a task is run again when its worker or machine dies (Ray's
      task retries).
    - `pdb`: pattern databases chosen as :func:`tilebase.bounds` takes them ("4-4-4-4-4-4-4-4-3"
      on 6x6): built on the driver, where missing, before any task, into the cache the
      workers read (a shared folder on a cluster of machines).
    - `cache_dir`: where the workers find the pattern databases, if any were built (default:
      the driver's ``$TILEBASE_CACHE_DIR``).
    """
    if isinstance(states, ray.data.Dataset):
        states = [_plain(numpy.asarray(row["state"])) for row in states.iter_rows()]
    else:
        states = [_plain(s) for s in states]
    question = {"board": board, "goal": goal, "pdb": pdb}
    names = tilebase.question(board=board, goal=goal)
    # Read on the driver (a bad state raises here), with no search; `pdb`'s tables built here.
    tilebase.bounds(states, seconds=0, max_nodes=0, **question)
    key = {"states": states, "board": names["board"], "goal": names["goal"],
           "seconds": seconds, "max_nodes": max_nodes}
    if pdb is not None:
        key["pdb"] = pdb
    path = pathlib.Path(checkpoint) if checkpoint is not None else None
    done: dict[int, dict[str, Any]] = {}
    if path is not None and path.is_file():
        try:
            saved = json.loads(path.read_text())
        except (OSError, ValueError) as error:
            raise ValueError(f"checkpoint {str(path)!r}: cannot be read: {error}") from None
        if saved.get("question") != key:
            raise ValueError(f"checkpoint {str(path)!r}: is of other bounds; remove it or give "
                             "another checkpoint")
        done = {int(i): row for i, row in saved["done"].items()}

    def save() -> None:
        if path is None:
            return
        partial = path.with_name(f".{path.name}.partial")
        partial.write_text(json.dumps({"question": key, "done": done}))
        os.replace(partial, path)

    task = ray.remote(_bound_one).options(
        max_retries=max_retries, runtime_env={"env_vars": _worker_env(cache_dir)},
        name="tilebase.bounds")
    started = time.monotonic()
    running = {task.remote(state, question, seconds, max_nodes): i
               for i, state in enumerate(states) if i not in done}
    try:
        while running:
            ready, _ = ray.wait(list(running), num_returns=1)
            i = running.pop(ready[0])
            try:
                done[i] = ray.get(ready[0])
            except ray.exceptions.RayTaskError as error:
                raise _task_error(error)  # noqa: B904 - chained to the task's error
            save()
            if progress is not None:
                progress({"done": len(done), "states": len(states),
                          "seconds": time.monotonic() - started})
    except BaseException:
        for ref in running:
            ray.cancel(ref, force=True)
        raise
    return [done[i] for i in range(len(states))]


def _plain(value):
    """A state, goal or option as JSON keeps it (a NumPy array or tuple as a list)."""
    if isinstance(value, numpy.ndarray):
        return value.tolist()
    if isinstance(value, (tuple, list)):
        return [int(v) for v in value]
    if isinstance(value, bytes):
        return value.decode()
    return value


def _task_error(error: "ray.exceptions.RayTaskError") -> Exception:
    """A task's failure, raised by the driver as the worker's own exception where it is one of
    tilebase's (a missing file is a DatabaseError naming it), else as it came."""
    cause = getattr(error, "cause", None)
    if isinstance(cause, Exception):
        try:
            raised = type(cause)(f"in a Ray worker: {cause}")
        except Exception:  # noqa: BLE001 - a type whose constructor wants more: raised as it came
            return error
        raised.__cause__ = error
        return raised
    return error
