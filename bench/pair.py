#!/usr/bin/env python3
"""Whole-process timings of commands run in turn, for side-by-side comparisons on a machine
whose speed drifts: each round runs every command once (after one warm-up run of each), so that
a slow minute slows them all. Prints each command's median, least and greatest, its median over
the first command's, and the median of its per-round ratios (paired).

Usage: python3 bench/pair.py ROUNDS 'COMMAND A' 'COMMAND B' ...   (each run by the shell)
"""
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    times = [[] for _ in commands]
    for command in commands:
        subprocess.run(command, shell=True, check=True)
    for _ in range(rounds):
        for i, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, shell=True, check=True)
            times[i].append(time.perf_counter() - start)
    first = statistics.median(times[0])
    for command, runs in zip(commands, times):
        median = statistics.median(runs)
        paired = statistics.median(b / a for a, b in zip(times[0], runs))
        print(
            f"median {median:.3f} s  least {min(runs):.3f}  greatest {max(runs):.3f}  "
            f"ratio {median / first:.3f}  paired {paired:.3f}  :: {command}"
        )


if __name__ == "__main__":
    main()
