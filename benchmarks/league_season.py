"""A whole league season headless (issue 24, `squigbowl league-sim`): the same league played
in one process and on worker processes, its wall time and the ratio, and a check that both
gave the same figures.

    python benchmarks/league_season.py [--teams 8] [--coaches easy] [--seasons 1]
                                       [--jobs 2] [--runs 1] [--seed 1] [--dask-local K]

Target: with 2 cores free, --jobs 2 at least 1.5 times faster than --jobs 1 (a round of 8 teams
is 4 independent matches, D6.2; what stays serial is the creation, the replay of each finished
match on the parent and the pool's start).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from squigbowl.league.executors import DaskExecutor, ProcessExecutor, SerialExecutor  # noqa: E402
from squigbowl.league.season_sim import parse_levels  # noqa: E402
from squigbowl.league.season_sim_cli import simulate  # noqa: E402


def cpu_seconds() -> float:
    """This process's CPU time and its reaped children's (the pool's workers once shut down)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(make, args, levels) -> tuple[float, float, dict]:
    """The best wall time of `args.runs` runs, the CPU seconds of that run, the figures."""
    best, cpu, fig = None, None, None
    for _ in range(args.runs):
        started, cpu_start = time.perf_counter(), cpu_seconds()
        with make() as ex:              # the pool's start is counted: a user pays it
            fig = simulate(args.teams, levels, args.seasons, ex, args.seed)
        seconds = time.perf_counter() - started
        if best is None or seconds < best:
            best, cpu = seconds, cpu_seconds() - cpu_start
    return best, cpu, fig


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--teams", type=int, default=8)
    ap.add_argument("--coaches", default="easy")
    ap.add_argument("--seasons", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=int, default=1, help="best of N runs each")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dask-local", type=int, default=None,
                    help="also time a local dask cluster of K workers")
    args = ap.parse_args()
    levels = parse_levels(args.coaches)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.teams} teams ({', '.join(levels)}), {args.seasons} season(s), seed "
          f"{args.seed}, best of {args.runs}; {os.cpu_count()} cores, load average "
          f"{load:.1f}")
    one, cpu1, fig1 = timed(SerialExecutor, args, levels)
    matches = fig1["overall"]["matches"]
    print(f"--jobs 1: {one:7.2f} s wall, {cpu1:6.2f} s CPU  ({matches} matches, "
          f"{one / matches:.3f} s a match)")
    many, cpu2, fig2 = timed(lambda: ProcessExecutor(args.jobs), args, levels)
    print(f"--jobs {args.jobs}: {many:7.2f} s wall, {cpu2:6.2f} s CPU  ratio {one / many:.2f} "
          f"(target >= 1.5 on 2 free cores)  same figures: {fig1 == fig2}")
    if args.dask_local:
        dask, cpu3, fig3 = timed(lambda: DaskExecutor(local_workers=args.dask_local), args,
                                 levels)
        print(f"--dask-local {args.dask_local}: {dask:7.2f} s wall, {cpu3:6.2f} s CPU  ratio "
              f"{one / dask:.2f}  same figures: {fig1 == fig3}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    if fig1 != fig2:
        sys.exit("the figures differ: the executors must not change a result")


if __name__ == "__main__":
    main()
