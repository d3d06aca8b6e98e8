"""Autosave speed: the call the game makes after every decision (the JSON built on the
caller's thread; the fsynced write happens on the writer thread).

    python benchmarks/saves.py [--decisions N] [--runs K]

Target: <= 20 ms per call for a 1,500-decision match (a long overtime match has ~1,300).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from squigbowl import saves  # noqa: E402
from squigbowl.coaches.random_coach import RandomCoach  # noqa: E402
from squigbowl.rules.engine import Match  # noqa: E402
from squigbowl.rules.model import find_team  # noqa: E402


def long_match(decisions: int) -> Match:
    m = Match(find_team("Orcs"), find_team("Humans"), seed=5)
    coach = RandomCoach(5)
    while not m.over and len(m.log) < decisions:
        m.decide(coach.choose(m))
    while len(m.log) < decisions:      # a long log for the timing (this copy is not replayed)
        m.log = m.log + m.log
    m.log = m.log[:decisions]
    return m


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decisions", type=int, default=1500)
    ap.add_argument("--runs", type=int, default=50)
    args = ap.parse_args()
    m = long_match(args.decisions)
    with tempfile.TemporaryDirectory() as folder:
        saver = saves.Autosaver(folder, "match")
        saver(m)
        saver.flush()
        t0 = time.perf_counter()
        for _ in range(args.runs):
            saver(m)
        per_call = (time.perf_counter() - t0) / args.runs
        assert saver.flush() and saver.error is None
    verdict = "ok" if per_call <= 0.02 else "MISSED"
    print(f"  autosave call, {args.decisions} decisions (ms)  {per_call * 1000:8.2f}   "
          f"target <= 20   {verdict}")


if __name__ == "__main__":
    main()
