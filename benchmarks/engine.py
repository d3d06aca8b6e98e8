"""Engine speed: random-vs-random matches, Orcs vs Humans, 11 a side.

    python benchmarks/engine.py [--seconds N] [--profile] [--top K]

Figures, each with its target:

* matches per second and decisions per second (whole matches, bots' time included), from a
  plain loop with no instrumentation, per second of CPU time of this process (the machine may
  be shared; the wall-clock rates are printed too);
* the time of `m.decide()` per decision (the engine resolving the choice AND building the next
  decision with its legal choices), separated from the bot's choice;
* the average time of a fresh computation of the legal choices at the 'turn' and 'action'
  decisions (`turn.turn_choices(m)` / `turn.activation_choices(m, p, act)`), and of `m.legal()`;
* `m.snapshot()` + `m.restore()` at 'turn' and 'action' decisions in the middle of matches
  (the target), and apart at the decisions asked inside a procedure (re-rolls, block dice...);
* the house rules' cost (issue 3): the time per match of Goblins v Dwarfs (every secret weapon
  of B3-B10 but the blunderbuss) with Squig Ball and Kick It! on, against the same teams in the
  base game, the two interleaved seed by seed in the same run (target <= 1.5x).

    python benchmarks/engine.py --variants-only [--seconds N]   only that last figure

`--profile` runs the same matches under cProfile and prints the hot spots.

    python benchmarks/engine.py --fixed N

plays N fixed matches (seeds 500.., no timing) and prints their decisions: a workload of the
same instructions on any machine, to count under `valgrind --tool=callgrind` (with
`PYTHONHASHSEED=0`; the count of `--fixed 0`, the start-up, subtracted), since timings on a
shared machine swing by 20-30% with its load. benchmarks/README.md shows how.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from squigbowl.coaches.random_coach import RandomCoach  # noqa: E402
from squigbowl.rules import turn  # noqa: E402
from squigbowl.rules.engine import Match  # noqa: E402
from squigbowl.rules.model import find_team  # noqa: E402
from squigbowl.rules.state import Options  # noqa: E402
from benchmarks.random_match import fixed, play  # noqa: E402

#: issue 12 ("a faster engine for the search") raised the decisions per second (25,000 before)
#: and snapshot + restore (1 ms before)
TARGETS = {"matches_per_second": 70, "decisions_per_second": 70_000, "legal_us": 20,
           "snapshot_restore_ms": 0.15, "variants_ratio": 1.5}
#: the teams of the house-rules figure
VARIANT_TEAMS = ("Goblins", "Dwarfs")


def _clock_overhead(clock) -> float:
    """The cost of one call of `clock`, subtracted from every measured interval."""
    n = 20_000
    start = clock()
    for _ in range(n):
        clock()
    return (clock() - start) / n


def throughput(home, away, seconds: float) -> dict:
    """Whole matches for `seconds` of wall time: rates per second of CPU time used by this
    process (robust on a shared machine) and per second of wall time."""
    matches = decisions = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    seed = 0
    while time.perf_counter() - wall0 < seconds:
        decisions += play(home, away, seed)
        matches += 1
        seed += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"matches": matches, "decisions": decisions, "wall": wall, "cpu": cpu,
            "matches_per_second": matches / cpu, "decisions_per_second": decisions / cpu,
            "wall_matches_per_second": matches / wall, "wall_decisions_per_second": decisions / wall}


def instrumented(home, away, seconds: float) -> dict:
    """Split CPU timings: decide() by decision kind, the bot, fresh legal-choice computations at
    the 'turn' and 'action' decisions, snapshot+restore mid-turn."""
    clock = time.process_time
    over = _clock_overhead(clock)
    decide_t: dict = defaultdict(float)
    decide_n: dict = defaultdict(int)
    bot_t = 0.0
    legal_t = {"turn": 0.0, "action": 0.0}
    legal_n = {"turn": 0, "action": 0}
    legal_sizes = {"turn": 0, "action": 0}
    plain_legal_t, plain_legal_n = 0.0, 0
    snap_t, snap_n = 0.0, 0
    inner_t, inner_n = 0.0, 0
    wall0 = time.perf_counter()
    seed = 10_000
    while time.perf_counter() - wall0 < seconds:
        m = Match(home, away, seed=seed)
        coaches = (RandomCoach(seed * 2), RandomCoach(seed * 2 + 1))
        k = 0
        while m.pending is not None:
            d = m.pending
            kind = d.kind
            if kind == "turn" or kind == "action":
                s = m.state
                t0 = clock()
                if kind == "turn":
                    choices = turn.turn_choices(m)
                else:
                    act = s.activation
                    choices = turn.activation_choices(m, s.players[act.pid], act)
                legal_t[kind] += clock() - t0 - over
                legal_n[kind] += 1
                legal_sizes[kind] += len(choices)
                t0 = clock()
                m.legal()
                plain_legal_t += clock() - t0 - over
                plain_legal_n += 1
                if k % 25 == 7 and s.phase == "turn":
                    t0 = clock()
                    snap = m.snapshot()
                    m.restore(snap)
                    snap_t += clock() - t0 - over
                    snap_n += 1
            elif k % 5 == 2 and m.state.phase == "turn":
                # inside a procedure (a re-roll, a block die, a push...): the newest quiet
                # copy plus the decisions since, replayed
                t0 = clock()
                snap = m.snapshot()
                m.restore(snap)
                inner_t += clock() - t0 - over
                inner_n += 1
            t0 = clock()
            choice = coaches[d.side].choose(m)
            t1 = clock()
            m.decide(choice)
            t2 = clock()
            bot_t += t1 - t0 - over
            decide_t[kind] += t2 - t1 - over
            decide_n[kind] += 1
            k += 1
        seed += 1
    n_legal = legal_n["turn"] + legal_n["action"]
    n_dec = sum(decide_n.values())
    total = sum(decide_t.values())
    return {
        "decide_us": 1e6 * total / n_dec,
        "bot_us": 1e6 * bot_t / n_dec,
        "by_kind": sorted(((k, decide_n[k], 1e6 * decide_t[k] / decide_n[k],
                            decide_t[k] / total) for k in decide_t), key=lambda r: -r[3]),
        "bot_share": bot_t / (bot_t + total),
        "legal_us": 1e6 * (legal_t["turn"] + legal_t["action"]) / max(n_legal, 1),
        "legal_turn_us": 1e6 * legal_t["turn"] / max(legal_n["turn"], 1),
        "legal_action_us": 1e6 * legal_t["action"] / max(legal_n["action"], 1),
        "legal_sizes": {k: legal_sizes[k] / max(legal_n[k], 1) for k in legal_sizes},
        "m_legal_us": 1e6 * plain_legal_t / max(plain_legal_n, 1),
        "snapshot_restore_ms": 1e3 * snap_t / max(snap_n, 1), "snapshots": snap_n,
        "inner_snapshot_ms": 1e3 * inner_t / max(inner_n, 1), "inner_snapshots": inner_n,
    }


def variants_cost(seconds: float) -> dict:
    """Time per match with every house rule on (Squig Ball, Kick It!, the weapons of Goblins v
    Dwarfs) against the base game with the same teams: one base match and one all-variants
    match per seed, alternately, for `seconds` of wall time; CPU time of this process."""
    home, away = (find_team(name) for name in VARIANT_TEAMS)
    every = Options(squig_ball=True, kick_it=True)
    clock = time.process_time
    base_t = var_t = 0.0
    base_d = var_d = n = 0
    play(home, away, 99_998, every)  # warm up the variant modules' paths
    wall0 = time.perf_counter()
    seed = 30_000
    while time.perf_counter() - wall0 < seconds or n < 4:
        t0 = clock()
        base_d += play(home, away, seed, Options())
        t1 = clock()
        var_d += play(home, away, seed, every)
        t2 = clock()
        base_t += t1 - t0
        var_t += t2 - t1
        n += 1
        seed += 1
    return {"matches": n, "base_ms": 1e3 * base_t / n, "variants_ms": 1e3 * var_t / n,
            "ratio": var_t / base_t if base_t > 0 else float("nan"),
            "base_decisions": base_d / n, "variants_decisions": var_d / n,
            "per_decision_ratio": (var_t / max(var_d, 1)) / (base_t / max(base_d, 1))
            if base_t > 0 else float("nan")}


def variants_row(seconds: float) -> tuple:
    v = variants_cost(seconds)
    return ("all variants / base, per match", v["ratio"], f"<= {TARGETS['variants_ratio']}",
            verdict(v["ratio"], TARGETS["variants_ratio"], False),
            f"{' v '.join(VARIANT_TEAMS)}: {v['variants_ms']:.1f} ms v {v['base_ms']:.1f} ms a "
            f"match ({v['variants_decisions']:.0f} v {v['base_decisions']:.0f} decisions; "
            f"{v['per_decision_ratio']:.2f}x per decision), {v['matches']} seeds")


def profile(home, away, matches: int, top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for seed in range(matches):
        play(home, away, 20_000 + seed)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def verdict(value: float, target: float, higher_is_better: bool) -> str:
    ok = value >= target if higher_is_better else value <= target
    return "ok" if ok else "MISSED"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds for each of the two measuring passes")
    parser.add_argument("--profile", action="store_true", help="cProfile the engine too")
    parser.add_argument("--profile-matches", type=int, default=20)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--variants-only", action="store_true",
                        help="only the all-variants v base figure (Goblins v Dwarfs)")
    parser.add_argument("--fixed", type=int, default=None, metavar="N",
                        help="play N fixed matches untimed (for an instruction count)")
    args = parser.parse_args(argv)
    if args.fixed is not None:
        print("decisions", fixed(find_team("Orcs"), find_team("Humans"), args.fixed))
        return 0
    if args.variants_only:
        name, value, target, ok, note = variants_row(args.seconds)
        print(f"Engine benchmark: house rules, random vs random, {args.seconds:g} s")
        print(f"  {name:<28} {value:>10.2f}   target {target:<9} {ok:<6} {note}")
        return 0
    home, away = find_team("Orcs"), find_team("Humans")
    play(home, away, 99_999)  # warm up: imports, rosters, formations

    tp = throughput(home, away, args.seconds)
    split = instrumented(home, away, args.seconds)
    rows = [
        ("matches per second", tp["matches_per_second"], f">= {TARGETS['matches_per_second']}",
         verdict(tp["matches_per_second"], TARGETS["matches_per_second"], True), ""),
        ("decisions per second", tp["decisions_per_second"],
         f">= {TARGETS['decisions_per_second']:,}",
         verdict(tp["decisions_per_second"], TARGETS["decisions_per_second"], True),
         f"{tp['decisions'] / max(tp['matches'], 1):.0f} decisions/match, "
         f"{tp['matches']} matches"),
        ("legal choices, fresh (µs)", split["legal_us"], f"<= {TARGETS['legal_us']}",
         verdict(split["legal_us"], TARGETS["legal_us"], False),
         f"turn {split['legal_turn_us']:.1f} µs ({split['legal_sizes']['turn']:.1f} choices), "
         f"action {split['legal_action_us']:.1f} µs "
         f"({split['legal_sizes']['action']:.1f} choices); m.legal() "
         f"{split['m_legal_us']:.2f} µs"),
        ("decide() per decision (µs)", split["decide_us"], "(info)", "",
         f"resolving + building the next decision; the bot's pick "
         f"{split['bot_us']:.1f} µs apart"),
        ("snapshot + restore (ms)", split["snapshot_restore_ms"],
         f"<= {TARGETS['snapshot_restore_ms']}",
         verdict(split["snapshot_restore_ms"], TARGETS["snapshot_restore_ms"], False),
         f"{split['snapshots']} samples at 'turn'/'action' decisions; inside a procedure "
         f"{split['inner_snapshot_ms']:.3f} ms ({split['inner_snapshots']} samples)"),
        variants_row(args.seconds),
    ]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Engine benchmark: random vs random, Orcs vs Humans, {args.seconds:g} s per pass "
          f"(rates per CPU second of this process; load average {load:.1f})")
    for name, value, target, ok, note in rows:
        print(f"  {name:<28} {value:>10.2f}   target {target:<9} {ok:<6} {note}")
    print(f"  wall clock: {tp['wall_matches_per_second']:.2f} matches/s, "
          f"{tp['wall_decisions_per_second']:,.0f} decisions/s")
    print(f"  where decide() spends its time (the bot: {100 * split['bot_share']:.0f}% "
          f"of decide + bot):")
    for kind, n, us, share in split["by_kind"][:10]:
        print(f"    {kind:<18} {n:>7} decisions {us:>9.1f} µs each  {100 * share:5.1f}%")
    if args.profile:
        print()
        print(f"cProfile over {args.profile_matches} matches (sorted by own time):")
        print(profile(home, away, args.profile_matches, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
