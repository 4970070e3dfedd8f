"""tilebase on a real Ray cluster started by the tests on this machine (a head and a second
node, one CPU each, through Ray's own `cluster_utils`): datasets labelled on it equal the `label`
program's; distributed answers equal `tilebase.solve`'s, with workers killed mid-search, and
after a stop, resumed from a checkpoint; a worker with no files fails with their names."""

import json
import os
import pickle
import signal
import threading

import numpy
import pytest

ray = pytest.importorskip("ray")
pq = pytest.importorskip("pyarrow.parquet")
from ray.cluster_utils import Cluster  # noqa: E402

import tilebase  # noqa: E402
import tilebase.ray as tray  # noqa: E402
from conftest import ROOT, run  # noqa: E402

KORF_GOAL = ",".join(str(t) for t in range(16))


def korf100():
    """Korf's 100 (tests/data/korf100.txt): cells and the published length."""
    rows = []
    for line in (ROOT / "tests" / "data" / "korf100.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            cells, length = line.split()
            rows.append((cells, int(length)))
    return rows


@pytest.fixture(scope="module")
def cluster(cache_dir):
    """A head node and a second node, one CPU each, and the driver connected to them."""
    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "include_dashboard": False},
    )
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, include_dashboard=False, log_to_driver=False)
    yield cluster
    ray.shutdown()
    cluster.shutdown()


def same_table(ours, theirs):
    """Two Parquet tables with the same columns, rows and tilebase metadata."""
    assert ours.column_names == theirs.column_names
    for name in ours.column_names:
        assert ours.column(name).to_pylist() == theirs.column(name).to_pylist(), name
    for key in (b"tilebase.board", b"tilebase.goal", b"tilebase.metric"):
        assert ours.schema.metadata[key] == theirs.schema.metadata[key]


@pytest.mark.parametrize("board,sample,pdb,metric", [
    ("3x3", "uniform", None, "stm"),
    ("3x3", "distance:20", None, "mtm"),
    ("4x4", "walk:30", "4-4-4-3", "stm"),
])
def test_label_dataset_equals_the_label_program(cluster, programs, tmp_path, board, sample, pdb,
                                                metric):
    count = 3000 if board == "3x3" else 40
    pdb_args = (["--pdb", pdb] if pdb else []) + ["--metric", metric]
    expected = tmp_path / "one-machine.parquet"
    done = run(programs / "label", ["--board", board, *pdb_args, "--sample", sample,
                                    "--count", str(count), "--seed", "7", "--moves",
                                    "--optimal-moves", "--out", str(expected)])
    assert done.returncode == 0, done.stderr
    out = tray.label_dataset(board=board, sample=sample, count=count, seed=7,
                             out=tmp_path / "cluster.parquet", moves=True, pdb=pdb,
                             optimal_moves=True, metric=metric,
                             batch_size=512 if board == "3x3" else 8)
    assert out == tmp_path / "cluster.parquet"
    same_table(pq.read_table(out), pq.read_table(expected))
    if sample.startswith("distance:"):
        assert set(pq.read_table(out).column("distance").to_pylist()) == {20}
    # Nothing but the file is left in its folder.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cluster.parquet", "one-machine.parquet"]
    # Written with the permissions `label` gives its files (a new file's, under the umask).
    assert out.stat().st_mode & 0o777 == expected.stat().st_mode & 0o777


def test_labeler_maps_batches_and_pickles(cluster):
    states = tilebase.sample("3x3", 1000, sampler="walk:20", seed=2)
    labeler = tray.Labeler(board="3x3", moves=True)
    assert pickle.loads(pickle.dumps(labeler))({"state": states[:3]})["distance"].tolist() == \
        tilebase.label(states[:3], board="3x3")["distance"].tolist()
    dataset = ray.data.from_numpy(states).rename_columns({"data": "state"})
    labelled = dataset.map_batches(tray.Labeler, fn_constructor_kwargs={"board": "3x3"},
                                   batch_format="numpy", batch_size=100, concurrency=2)
    rows = labelled.take_all()
    assert len(rows) == 1000
    by_state = {bytes(numpy.asarray(r["state"], numpy.uint8)): int(r["distance"]) for r in rows}
    expected = tilebase.label(states, board="3x3")["distance"]
    assert all(by_state[bytes(s)] == d for s, d in zip(states, expected))
    # A Database crosses to a worker as its path and answers there.
    db = tilebase.Database(str(ROOT / "db" / "3x3-123804765.tilebase"))
    remote = ray.remote(lambda d, s: d.distance(s))
    assert ray.get(remote.remote(db, "603712458")) == 23


def test_bad_rows_are_named(cluster):
    with pytest.raises(ValueError, match="row 1"):
        tray.Labeler(board="3x3")({"state": numpy.array([[1, 2, 3, 8, 0, 4, 7, 6, 5],
                                                         [1, 1, 3, 8, 0, 4, 7, 6, 5]], numpy.uint8)})
    with pytest.raises(ValueError):
        tray.solve("1,2,3", board="4x4", pdb="4-4-4-3")


def test_distributed_answers_are_tilebase_solve(cluster):
    shortest = sorted(korf100(), key=lambda r: r[1])[:6]
    for cells, length in shortest:
        expected = tilebase.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3")
        got = tray.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3", local_nodes=0)
        assert got == expected and len(got) == length, cells
    # Short 5x5 positions, with small patterns.
    for row in tilebase.sample("5x5", 3, sampler="walk:40", seed=4):
        state = [int(t) for t in row]
        pdb = "1-4,5-8,9-12,13-16,17-20,21-24"
        assert tray.solve(state, board="5x5", pdb=pdb, local_nodes=0) == \
            tilebase.solve(state, board="5x5", pdb=pdb)
    # A state that cannot reach the goal, and a board a full table answers.
    assert tray.solve("2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0", board="4x4", pdb="4-4-4-3") is None
    assert tray.solve("603712458") == tilebase.solve("603712458")


def search_processes(name=b"ray::tilebase.search"):
    """The process ids of the workers running a task of `name` now."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read()
        except OSError:
            continue
        if command.startswith(name):
            found.append(int(pid))
    return found


# Korf's #17 (from 0): 66 moves, a few seconds with 4-4-4-3 on two workers.
HARD = korf100()[16]


def test_a_worker_killed_mid_search_changes_nothing(cluster):
    cells, length = HARD
    killed = []

    def kill_one(report):
        if not killed and report["done"] >= 1:
            for pid in search_processes():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break

    got = tray.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3", progress=kill_one)
    assert killed, "no worker was running a search when the first task ended"
    assert got == tilebase.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3")
    assert len(got) == length


def test_a_stopped_search_resumes_from_its_checkpoint(cluster, tmp_path):
    cells, length = HARD
    checkpoint = tmp_path / "search.json"
    reports = []

    def stop_after_five(report):
        # Stopped within an iteration, some of its tasks done and some not.
        reports.append(report)
        if len(reports) >= 5 and report["done"] < report["tasks"]:
            raise tray.SolveStopped

    with pytest.raises(tray.SolveStopped):
        tray.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3", checkpoint=checkpoint,
                   progress=stop_after_five)
    stopped = reports[-1]
    resumed = []
    # Resumed for another number of CPUs: cut as it was, so that its finished tasks are the
    # same pieces.
    got = tray.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3", checkpoint=checkpoint,
                     progress=resumed.append, cpus=5)
    assert got == tilebase.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3") and len(got) == length
    # It went on where it stopped: the same iteration, its finished tasks not run again.
    first = resumed[0]
    assert first["bound"] == stopped["bound"] and first["done"] == stopped["done"] + 1
    assert first["tasks"] == stopped["tasks"]
    assert first["nodes"] > stopped["nodes"]
    # Solved: the checkpoint answers at once, with no task.
    assert tray.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3", checkpoint=checkpoint,
                      progress=pytest.fail) == got
    # A checkpoint of another search is refused, not used.
    with pytest.raises(ValueError, match="of another search"):
        tray.solve(korf100()[0][0], goal=KORF_GOAL, pdb="4-4-4-3", checkpoint=checkpoint)


def test_a_worker_without_files_names_them(cluster, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    cells, _ = sorted(korf100(), key=lambda r: r[1])[50]
    outcome = {}

    def search():
        try:
            tray.solve(cells, goal=KORF_GOAL, pdb="4-4-4-3", local_nodes=0, cache_dir=empty)
        except Exception as error:  # noqa: BLE001 - the test looks at what it is
            outcome["error"] = error

    thread = threading.Thread(target=search)
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive(), "the driver hangs"
    error = outcome["error"]
    assert isinstance(error, tilebase.DatabaseError)
    # The files of the goal's class, named.
    assert "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-1-2-3-4.tilebase" in str(error)
    assert str(empty) in str(error) and "does not build" in str(error)
    assert not any(empty.iterdir())


def test_the_module_builds_nothing_when_told_not_to(tmp_path):
    """TILEBASE_BUILD=never, as the workers run: a missing file is an error naming it."""
    import subprocess
    import sys

    env = {**os.environ, "TILEBASE_BUILD": "never", "TILEBASE_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c",
         "import tilebase; tilebase.distance('1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15', "
         "board='4x4', pdb='5-5-5')"],
        capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("tilebase.DatabaseError: ")
    assert "4x4-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15-0-pdb-1-2-3-4-5.tilebase" in last
    assert str(tmp_path) in last and "build-db --board 4x4 --pdb 5-5-5" in last
    assert not any(tmp_path.iterdir())


def test_the_ray_module_documents_itself():
    import doctest

    assert "Ray cluster" in tray.__doc__
    for thing in (tray.Labeler, tray.label_dataset, tray.solve):
        assert thing.__doc__, thing
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder(recurse=False).find(tray.Labeler, globs={"tilebase": tilebase, "Labeler": tray.Labeler}):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0 and results.failed == 0


SIX_GOAL = list(range(1, 36)) + [0]


def six_by_six(path):
    """6x6's goal after the blank's moves `path` (letters U, D, L, R)."""
    cells = SIX_GOAL[:]
    blank = 35
    for move in path:
        to = blank + {"U": -6, "D": 6, "L": -1, "R": 1}[move]
        cells[blank], cells[to] = cells[to], cells[blank]
        blank = to
    return cells


def without_timing(rows):
    return [{k: v for k, v in row.items() if k not in ("nodes", "seconds")} for row in rows]


def test_bounds_on_the_cluster_equal_the_modules_and_resume(cluster, tmp_path):
    swapped = SIX_GOAL[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]
    states = [six_by_six("UULL"), six_by_six("LLLUUR"), six_by_six("UUULLD"), swapped]
    checkpoint = tmp_path / "bounds.json"
    reports = []
    got = tray.bounds(states, board="6x6", seconds=5, checkpoint=checkpoint,
                      progress=reports.append)
    expected = tilebase.bounds(states, board="6x6", seconds=5)
    assert without_timing(got) == without_timing(expected)
    assert [(r["lower_bound"], r["length"], r["optimal"]) for r in got[:3]] == \
        [(4, 4, True), (6, 6, True), (6, 6, True)]
    assert got[3]["solvable"] is False
    assert (reports[-1]["done"], reports[-1]["states"]) == (4, 4)
    # Resumed: the states done are kept (one marked), the one taken out searched again.
    saved = json.loads(checkpoint.read_text())
    saved["done"]["0"]["nodes"] = 777
    del saved["done"]["2"]
    checkpoint.write_text(json.dumps(saved))
    resumed = []
    again = tray.bounds(states, board="6x6", seconds=5, checkpoint=checkpoint,
                        progress=resumed.append)
    assert without_timing(again) == without_timing(expected)
    assert again[0]["nodes"] == 777 and again[2]["nodes"] != 777
    assert len(resumed) == 1
    # A dataset of states, as tilebase.ray labels them.
    dataset = ray.data.from_items([{"state": numpy.array(s, numpy.uint8)} for s in states[:2]])
    assert without_timing(tray.bounds(dataset, board="6x6", seconds=5)) == \
        without_timing(expected[:2])
    # Refused on the driver: a checkpoint of other states, a bad state.
    with pytest.raises(ValueError, match="of other bounds"):
        tray.bounds(states[:1], board="6x6", checkpoint=checkpoint)
    with pytest.raises(ValueError, match="state 1"):
        tray.bounds([states[0], "1,2,3"], board="6x6")


def test_bounds_with_chosen_pattern_databases_built_on_the_driver(cluster):
    # DeepCubeA's 35-puzzle state 132: 85 from Manhattan distance and linear conflicts, 89 from
    # the nine 4-tile tables, which the driver builds and the workers (told to build nothing)
    # read from the cache.
    state = ("1,2,4,6,11,21,7,31,17,23,28,14,10,0,19,22,18,5,8,9,3,29,12,15,13,20,16,26,32,30,"
             "33,25,24,34,27,35")
    plain, = tray.bounds([state], board="6x6", seconds=0)
    chosen, = tray.bounds([state], board="6x6", seconds=0, pdb="4-4-4-4-4-4-4-4-3")
    assert (plain["lower_bound"], chosen["lower_bound"]) == (85, 89)
    with pytest.raises(ValueError, match=r'pdb "5-5": patterns of 5-5 tiles make 10'):
        tray.bounds([state], board="6x6", pdb="5-5")


def test_a_worker_killed_mid_bounds_is_retried(cluster):
    # DeepCubeA's 35-puzzle state 9: 122 moves by DeepCubeA.
    state = "3,8,22,7,5,11,12,2,13,6,18,10,17,15,0,20,30,23,34,26,9,1,19,29,27,25,4,16,33,35,14,31,21,32,28,24"
    killed = []

    def kill_soon():
        for _ in range(200):
            pids = search_processes(b"ray::tilebase.bounds")
            if pids:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])
                return
            threading.Event().wait(0.05)

    killer = threading.Thread(target=kill_soon)
    killer.start()
    got = tray.bounds([state], board="6x6", seconds=3)
    killer.join()
    assert killed, "no worker was bounding when the killer looked"
    row = got[0]
    assert row["solvable"] and row["length"] is not None
    assert 96 <= row["lower_bound"] <= 122 <= row["length"]
