"""`squigbowl race-sim`: headless squig races between AI riders.

One JSON line per race (unless --quiet) and a summary: wins per rider type and survival rates.
Race i uses seed `--seed + i`; without `--track` the shipped tracks take turns. A turn limit
(not a rule) of 500 turns stops a race that never ends; it is reported as "abandoned".
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict

from squigbowl.riders.base import UnknownRider, make_rider
from squigbowl.race import Race, RaceOptions, TrackError, find_track, list_tracks
from squigbowl.text import printable

SIM_TURN_LIMIT = 500


def play_race(track, rider_names: list[str], seed: int, options: RaceOptions | None = None):
    """Run one race with fresh riders; returns the finished Race."""
    riders = [make_rider(n) for n in rider_names]
    names = [(f"{n}-{i + 1}", n) for i, n in enumerate(rider_names)]
    race = Race.new(track, names, seed, options or RaceOptions(turn_limit=SIM_TURN_LIMIT))
    while race.result is None:
        rid = race.pending.racer
        race.decide(riders[rid].choose(race, rid))
    return race


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
    for i in range(args.races):
        track = tracks[i % len(tracks)]
        race = play_race(track, rider_names, args.seed + i)
        summary = race_summary(race)
        if not args.quiet:
            print(json.dumps(summary), flush=True)
        res = race.result
        outcomes[res.outcome] += 1
        turns += res.turn
        if res.winner is not None:
            wins[race.racers[res.winner].rider] += 1
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
                          "fates": dict(fates[name])}
                   for name in sorted(entered)},
    }
    print(json.dumps({"summary": summary}))
    return 0
