"""Squig Racing AI riders: time per decision (issue 4; target <= 50 ms per decision).

    python benchmarks/race.py [--races N] [--seed S]

Plays N four-rider races (canny, cautious, reckless, baseline) on every shipped track and
times each AI decision (`Rider.choose`) of the three lookahead riders. Prints the mean and p95
decision time per personality and per track, the slowest decision, and the one-off precompute
time per track (course fields + collision model, cached afterwards).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squigbowl.riders.lookahead import model_for  # noqa: E402
from squigbowl.riders.base import make_rider  # noqa: E402
from squigbowl.race import Race, RaceOptions, list_tracks  # noqa: E402

TARGET_MS = 50.0
PERSONALITIES = ("canny", "cautious", "reckless")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=20, help="races per track (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    names = ["canny", "cautious", "reckless", "baseline"]
    print(f"AI rider decision time, {args.races} races per track, riders {','.join(names)}; "
          f"target <= {TARGET_MS:.0f} ms per decision")
    print(f"{'track':10s} {'rider':9s} {'decisions':>9s} {'mean ms':>8s} {'p95 ms':>8s} "
          f"{'max ms':>8s}")
    worst_p95 = 0.0
    all_times: dict[str, list[float]] = {p: [] for p in PERSONALITIES}
    for track in list_tracks():
        times: dict[str, list[float]] = {p: [] for p in PERSONALITIES}
        precompute = None
        for i in range(args.races):
            riders = [make_rider(n) for n in names]
            race = Race.new(track, [(f"{n}-{k}", n) for k, n in enumerate(names)], args.seed + i,
                            RaceOptions(turn_limit=500))
            if precompute is None:
                t0 = time.perf_counter()
                model_for(race)
                precompute = (time.perf_counter() - t0) * 1000
            while race.result is None:
                rid = race.pending.racer
                t0 = time.perf_counter()
                choice = riders[rid].choose(race, rid)
                dt = (time.perf_counter() - t0) * 1000
                if names[rid] in times:
                    times[names[rid]].append(dt)
                race.decide(choice)
        for p in PERSONALITIES:
            ts = times[p]
            all_times[p] += ts
            if ts:
                worst_p95 = max(worst_p95, p95(ts))
                print(f"{track.name:10s} {p:9s} {len(ts):9d} {statistics.mean(ts):8.2f} "
                      f"{p95(ts):8.2f} {max(ts):8.2f}")
        print(f"{track.name:10s} {'(precompute, once per track)':>38s} {precompute:8.1f} ms")
    for p in PERSONALITIES:
        ts = all_times[p]
        if ts:
            print(f"{'all':10s} {p:9s} {len(ts):9d} {statistics.mean(ts):8.2f} {p95(ts):8.2f} "
                  f"{max(ts):8.2f}")
    verdict = "OK" if worst_p95 <= TARGET_MS else "TOO SLOW"
    print(f"target: <= {TARGET_MS:.0f} ms per decision; worst p95 {worst_p95:.2f} ms: {verdict}")
    return 0 if worst_p95 <= TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
