"""Engine speed side by side (issue 25): random v random in other checkouts, interleaved, one run.

    python benchmarks/engine_speed.py [--rounds R] [--matches N] [--tree NAME=PATH ...]
                                      [--pure-copy] [--callgrind M]

Each tree (a checkout's folder: its `squigbowl` is imported with PYTHONPATH=PATH) plays the same
N whole random-v-random matches (Orcs v Humans, seeds 500.., after one warm-up match) in a child
process of its own, one core each; the trees take turns, round after round (interleaved pairs:
a load that comes and goes falls on all of them alike), and each round's ratio to the first tree
is taken, the median of them reported. Rates are decisions per second of the child's CPU time.

`--pure-copy` adds a tree "pure": a copy of this checkout's squigbowl/ and assets/ without the
compiled modules, so one run compares the compiled build with the same sources in plain Python.

`--callgrind M` also counts instructions under `valgrind --tool=callgrind` (M matches minus the
count of start-up and warm-up alone, PYTHONHASHSEED=0): counts do not move with the machine's load.

The matches must be the same in every tree: the run checks that each tree made the same number
of decisions (the play is unchanged), and says so when they differ.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the child's workload: the same calls in every tree (the engine's API since issue 3)
CHILD = r"""
import json, sys, time
sys.path.append(sys.argv[2])     # random_match.py, after the tree's own squigbowl
import random_match
from squigbowl.rules.model import find_team
import squigbowl.rules.turn as turn_module

matches = int(sys.argv[1])
home, away = find_team("Orcs"), find_team("Humans")
random_match.warm_up(home, away)  # in every count (callgrind subtracts M = 0)
cpu0 = time.process_time()
decisions = sum(random_match.play(home, away, random_match.FIRST_SEED + s)
                for s in range(matches))
cpu = time.process_time() - cpu0
print(json.dumps({"decisions": decisions, "cpu": cpu,
                  "compiled": not turn_module.__file__.endswith(".py")}))
"""


def run_child(tree: Path, matches: int, prefix: tuple = ()) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    return subprocess.run([*prefix, sys.executable, "-c", CHILD, str(matches),
                           str(ROOT / "benchmarks")], env=env,
                          cwd=tree, capture_output=True, text=True, check=True)


def timed(tree: Path, matches: int) -> dict:
    return json.loads(run_child(tree, matches).stdout)


def instructions(tree: Path, matches: int) -> int:
    """The instructions callgrind counts for the child playing `matches` matches."""
    out = run_child(tree, matches, ("valgrind", "--tool=callgrind",
                                    "--callgrind-out-file=/dev/null"))
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def pure_copy(dest: Path) -> Path:
    """This checkout's sources without its compiled modules."""
    skip = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    for name in ("squigbowl", "assets"):
        shutil.copytree(ROOT / name, dest / name, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", dest)
    return dest


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--matches", type=int, default=20, help="matches a tree plays a round")
    ap.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                    help="a checkout to compare (the first is the base of the ratios)")
    ap.add_argument("--pure-copy", action="store_true",
                    help="add this checkout's sources without compiled modules, as 'pure'")
    ap.add_argument("--callgrind", type=int, default=0, metavar="M",
                    help="also count instructions for M matches a tree")
    args = ap.parse_args(argv)
    trees = [(n, Path(p).resolve()) for n, p in (t.split("=", 1) for t in args.tree)]
    tmp = None
    if args.pure_copy:
        tmp = Path(tempfile.mkdtemp(prefix="squigbowl-pure-"))
        trees.append(("pure", pure_copy(tmp)))
    trees.append(("this", ROOT))
    try:
        return report(trees, args)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def report(trees: list, args) -> int:
    names = [n for n, _ in trees]
    rates = {n: [] for n in names}
    decisions = {}
    compiled = {}
    for r in range(args.rounds):
        order = trees if r % 2 == 0 else trees[::-1]  # each tree first as often
        for name, path in order:
            res = timed(path, args.matches)
            rates[name].append(res["decisions"] / res["cpu"])
            decisions[name] = res["decisions"]
            compiled[name] = res["compiled"]
        print(f"round {r + 1}: " + ", ".join(f"{n} {rates[n][-1]:,.0f}/s" for n in names),
              flush=True)
    base = names[0]
    print(f"\nrandom v random, {args.matches} matches a tree a round, {args.rounds} rounds, "
          f"decisions per CPU second (median), ratio to {base} (median of the rounds' ratios)")
    print(f"{'tree':<10} {'compiled':<9} {'decisions':>9} {'per second':>11} {'ratio':>7}")
    for n in names:
        ratios = [a / b for a, b in zip(rates[n], rates[base])]
        print(f"{n:<10} {'yes' if compiled[n] else 'no':<9} {decisions[n]:>9,} "
              f"{statistics.median(rates[n]):>11,.0f} {statistics.median(ratios):>6.2f}x")
    same = len(set(decisions.values())) == 1
    print("same matches in every tree (same decisions): " + ("yes" if same else "NO"))
    if args.callgrind:
        print(f"\ninstructions a decision (callgrind, {args.callgrind} matches minus start-up)")
        per = {}
        for name, path in trees:
            dec = timed(path, args.callgrind)["decisions"]
            per[name] = (instructions(path, args.callgrind) - instructions(path, 0)) / dec
        for n in names:
            print(f"{n:<10} {per[n]:>11,.0f} {per[base] / per[n]:>6.2f}x")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
