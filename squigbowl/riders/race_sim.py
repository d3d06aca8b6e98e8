"""`squigbowl race-sim`: headless squig races between AI riders.

One JSON line per race (unless --quiet), a JSON summary line, then the same summary as a table.
The summary gives per rider type: wins and win rate, survival rate (still in the race at its
end), the fates of the removed, the average turn of its wins (the turn it completed the course,
or was left the last survivor, B11.12), and the seconds each decision took (median and 95th
percentile, the time of `Rider.choose`).
Race i uses seed `--seed + i`; without `--track` the shipped tracks take turns. A turn limit
(not a rule) of 500 turns stops a race that never ends; it is reported as "abandoned".
A rider with randomness of its own gets a seed made from the race's seed and its place (never
the race's dice; none of the shipped riders uses one).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter, defaultdict

from squigbowl.riders.base import UnknownRider, make_rider
from squigbowl.riders.prepare import prepare_riders
from squigbowl.race import Race, RaceOptions, TrackError, find_track, list_tracks
from squigbowl.text import printable

SIM_TURN_LIMIT = 500


def play_race(track, rider_names: list[str], seed: int, options: RaceOptions | None = None,
              times: dict[str, list[float]] | None = None):
    """Run one race with fresh riders; returns the finished Race. With `times`, the seconds of
    every decision are appended to `times[rider name]`."""
    riders = [make_rider(n, seed=seed + 7919 * i) for i, n in enumerate(rider_names)]
    names = [(f"{n}-{i + 1}", n) for i, n in enumerate(rider_names)]
    race = Race.new(track, names, seed, options or RaceOptions(turn_limit=SIM_TURN_LIMIT))
    prepare_riders(race)
    while race.result is None:
        rid = race.pending.racer
        t0 = time.perf_counter()
        choice = riders[rid].choose(race, rid)
        if times is not None:
            times[rider_names[rid]].append(time.perf_counter() - t0)
        race.decide(choice)
    return race


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest rank (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))]


def race_summary(race) -> dict:
    res = race.result
    fates: dict[str, list[str]] = {"eaten": [], "splat": [], "drowned": [], "fell_off": []}
    for r in race.racers:
        if r.removed:
            fates[r.removed_cause].append(r.name)
    return {"seed": race.seed, "track": race.track.name,
            "riders": [r.rider for r in race.racers],
            "placings": [race.racers[i].name for i in res.placings],
            "outcome": res.outcome,
            "winner": None if res.winner is None else race.racers[res.winner].name,
            "turns": res.turn, **fates}


def run_race_sim(args) -> int:
    rider_names = [n.strip().lower() for n in str(args.riders).split(",") if n.strip()]
    if not 2 <= len(rider_names) <= 6:
        print(f"race-sim: 2 to 6 riders are needed, got {len(rider_names)}", file=sys.stderr)
        return 2
    try:
        for n in set(rider_names):
            make_rider(n)
        tracks = [find_track(args.track)] if args.track else list_tracks()
    except (UnknownRider, TrackError) as exc:
        print(f"race-sim: {printable(exc)}", file=sys.stderr)
        return 2
    wins: Counter = Counter()
    entered: Counter = Counter()
    survived: Counter = Counter()
    outcomes: Counter = Counter()
    fates: dict[str, Counter] = defaultdict(Counter)
    turns = 0
    win_turns: dict[str, list[int]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    for i in range(args.races):
        track = tracks[i % len(tracks)]
        race = play_race(track, rider_names, args.seed + i, times=times)
        summary = race_summary(race)
        if not args.quiet:
            print(json.dumps(summary), flush=True)
        res = race.result
        outcomes[res.outcome] += 1
        turns += res.turn
        if res.winner is not None:
            wins[race.racers[res.winner].rider] += 1
            win_turns[race.racers[res.winner].rider].append(res.turn)
        for r in race.racers:
            entered[r.rider] += 1
            if r.removed:
                fates[r.rider][r.removed_cause] += 1
            else:
                survived[r.rider] += 1
    summary = {
        "races": args.races,
        "outcomes": dict(outcomes),
        "mean_turns": round(turns / args.races, 2) if args.races else 0,
        "riders": {name: {"wins": wins[name], "win_rate": round(wins[name] / args.races, 3) if args.races else 0,
                          "survival_rate": round(survived[name] / entered[name], 3) if entered[name] else 0,
                          "fates": dict(fates[name]),
                          "mean_win_turn": (round(sum(win_turns[name]) / len(win_turns[name]), 2)
                                            if win_turns[name] else None),
                          "decisions": len(times[name]),
                          "decision_s_median": round(percentile(times[name], 50), 5),
                          "decision_s_p95": round(percentile(times[name], 95), 5)}
                   for name in sorted(entered)},
    }
    print(json.dumps({"summary": summary}))
    print_table(summary)
    return 0


def print_table(summary: dict) -> None:
    """The summary as a small table: per rider wins, survival, average turn of its wins,
    decision time (median / p95, milliseconds)."""
    print(f"{summary['races']} races, outcomes {summary['outcomes']}, mean turns "
          f"{summary['mean_turns']}")
    print(f"{'rider':10s} {'wins':>6s} {'win%':>6s} {'survival':>8s} {'win turn':>8s} "
          f"{'decisions':>9s} {'median ms':>9s} {'p95 ms':>8s}")
    for name, r in summary["riders"].items():
        turn = "-" if r["mean_win_turn"] is None else f"{r['mean_win_turn']:.1f}"
        print(f"{printable(name)[:10]:10s} {r['wins']:6d} {100 * r['win_rate']:5.1f}% "
              f"{r['survival_rate']:8.3f} {turn:>8s} {r['decisions']:9d} "
              f"{1000 * r['decision_s_median']:9.2f} {1000 * r['decision_s_p95']:8.2f}")
