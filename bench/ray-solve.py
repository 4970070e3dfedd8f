#!/usr/bin/env python3
"""tilebase.ray.solve on a local Ray cluster, against the in-process search on the same
instances: throughput with one and with two worker CPUs, the overhead of a task, and from the
measured rate per CPU an estimate of Korf and Felner's 50 24-puzzle instances on a cluster.

    TILEBASE_CACHE_DIR=DIR python bench/ray-solve.py BOARD [INSTANCES...]

BOARD is 4x4 (INSTANCES: Korf's 100 numbers, from 1; the 7-8 files) or 5x5 (Korf and Felner's
50 numbers; the default 6-6-6-6 files; default instances 38 25 44, 3 to 12 s each in process).
The files must be in DIR already (`build-db --board 5x5 --out DIR`): the clusters' workers only
read them. RUNS (default 1) runs of each, the median taken. Needs the `ray` extra.
"""

import os
import statistics
import sys
import time
import pathlib

import ray
from ray.cluster_utils import Cluster

import tilebase
import tilebase.ray as tray

ROOT = pathlib.Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("RUNS", "1"))


def korf(path):
    rows = []
    for line in (ROOT / "tests" / "data" / path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split())
    return rows


def timed(f):
    t = time.perf_counter()
    out = f()
    return time.perf_counter() - t, out


def main():
    global KORF_GOAL, PDB
    board = sys.argv[1] if len(sys.argv) > 1 else "5x5"
    wanted = [int(a) for a in sys.argv[2:]]
    if board == "4x4":
        KORF_GOAL, PDB = ",".join(str(t) for t in range(16)), "7-8"
        instances = [korf("korf100.txt")[n - 1] for n in wanted or [3, 60]]
        wanted = wanted or [3, 60]
    else:
        KORF_GOAL, PDB = ",".join(str(t) for t in range(25)), None
        by_number = {int(r[0]): r[1:3] for r in korf("korf50.txt")}
        wanted = wanted or [38, 25, 44]
        instances = [by_number[n] for n in wanted]
    # In process, both cores (one search shared by two threads), files opened once first.
    tilebase.start_bound(instances[0][0], goal=KORF_GOAL, pdb=PDB)
    local = {}
    for n, (cells, length) in zip(wanted, instances):
        times = [timed(lambda: tilebase.solve(cells, goal=KORF_GOAL, pdb=PDB))[0] for _ in range(RUNS)]
        local[n] = statistics.median(times)
    results = {}
    for cpus in (1, 2):
        cluster = Cluster(initialize_head=True,
                          head_node_args={"num_cpus": cpus, "include_dashboard": False})
        ray.init(address=cluster.address, include_dashboard=False, log_to_driver=False)
        # Workers started and files mapped before timing.
        question = {"board": None, "goal": KORF_GOAL, "metric": "stm", "pdb": PDB}
        task = ray.remote(tray._search_pieces).options(
            runtime_env={"env_vars": tray._worker_env()})
        ray.get([task.remote(instances[0][0], [""], 0, question) for _ in range(4 * cpus)])
        for n, (cells, length) in zip(wanted, instances):
            runs = []
            for _ in range(RUNS):
                reports = []
                seconds, moves = timed(lambda: tray.solve(cells, goal=KORF_GOAL, pdb=PDB,
                                                          local_nodes=0, progress=reports.append))
                assert len(moves) == int(length), (n, moves)
                runs.append((seconds, reports[-1]["nodes"], sum(1 for r in reports)))
            seconds = statistics.median(r[0] for r in runs)
            results[(cpus, n)] = (seconds, runs[0][1], runs[0][2])
        # The overhead of one task: many tasks that each search nothing (bound 0).
        if cpus == 2:
            cells = instances[0][0]
            ray.get([task.remote(cells, [""], 0, question) for _ in range(50)])
            seconds, _ = timed(lambda: ray.get(
                [task.remote(cells, [""], 0, question) for _ in range(1000)]))
            overhead = seconds / 1000 * cpus
        ray.shutdown()
        cluster.shutdown()
    print(f"| Korf # | length | in process (2 threads) | Ray, 1 CPU | Ray, 2 CPUs | nodes | tasks |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    rates = {1: [], 2: []}
    for n, (cells, length) in zip(wanted, instances):
        one, two = results[(1, n)], results[(2, n)]
        rates[1].append(one[1] / one[0])
        rates[2].append(two[1] / two[0])
        print(f"| {n} | {length} | {local[n]:.3f} s | {one[0]:.3f} s | {two[0]:.3f} s "
              f"| {two[1]:,} | {two[2]} |")
    total = {c: sum(results[(c, n)][0] for n in wanted) for c in (1, 2)}
    nodes = {c: sum(results[(c, n)][1] for n in wanted) for c in (1, 2)}
    print()
    print(f"in process: {sum(local.values()):.2f} s in all; Ray 1 CPU {total[1]:.2f} s "
          f"({nodes[1] / total[1] / 1e6:.1f} M nodes/s), 2 CPUs {total[2]:.2f} s "
          f"({nodes[2] / total[2] / 1e6:.1f} M nodes/s)")
    per_cpu = nodes[2] / total[2] / 2
    print(f"efficiency per worker CPU, 2 against 1: {(nodes[2] / total[2]) / (2 * nodes[1] / total[1]):.2f}")
    print(f"overhead per task (1000 tasks that search nothing, on 2 CPUs): "
          f"{overhead * 1e3:.2f} ms of a CPU")
    kf = sum(int(r[-1]) for r in korf("korf50.txt"))
    print(f"Korf and Felner's 50: {kf:.3e} nodes generated with 6-6-6-6")
    return per_cpu


if __name__ == "__main__":
    main()
