"""How each rider style really rides a shipped track, turn by turn: measured per-turn progress and
removals from simulated races (RULES.md B11.6-B11.12), for the `hard` rider's race-time model.

The model of `hard.TrackPrior` walks the course alone on the ideal line, so it takes rivals
(and the hard rider itself) to be faster and safer than they are in a crowd: on Meadow a field
racer is removed in 2-3% of its turns, about four times what the walk predicts, and advances a
fifth less. This module keeps, per shipped track, per rider style and per kind of race (a duel
of two racers, or a field of three or more), what simulated races showed:

* the inches to go at the start of a turn (binned, `BIN` inches; the course fields of
  `course_distance`), and per bin
* `turns`: how many racer-turns started there, `removed`: how many ended with the racer
  removed, and `moves[x]`: how many ended, still in, `X_LO + x` inches further on (a whole
  turn: its move, a skipped move, BOINGs, scatters; negative when thrown back).

`TrackPrior` blends these counts with its own walk (`PRIOR_WEIGHT` pseudo-turns per bin), so a
bin with few turns leans on the walk and a track without measurements (a player's own track,
or a shipped one whose map changed: the data carry a hash of its geometry) uses the walk alone.

Data: `assets/riders/<track stem>.toml`, written by

    python -m squigbowl.riders.race_profiles [--races N] [--tracks meadow,...]

which plays N races of each line-up (`LINEUPS`) per track with fresh seeds (not the
benchmark's) and rewrites the files. Rerun it when a rider changes its play. It reads only
what a person sees of finished races; nothing here touches a race in play.
"""

from __future__ import annotations

import hashlib
import tomllib

import numpy as np

from squigbowl.paths import asset, read_bounded

BIN = 4.0                 # inches per distance bin
X_LO, X_HI = -12, 30      # per-turn progress kept (clipped) to this range, whole inches
N_X = X_HI - X_LO + 1
STYLES = ("hard", "canny", "cautious", "reckless")
LINEUPS = (("hard", "canny", "cautious", "reckless"), ("hard", "reckless"), ("hard", "canny"))
SEED_BASE = 500_000       # simulated races use seeds from here (the benchmark uses 1..N)
MAX_FILE = 2_000_000

_CACHE: dict[str, dict | None] = {}


def geometry_hash(track) -> str:
    """A short hash of what the measurements depend on: the map, the gates, the start line."""
    from squigbowl.riders.course_distance import track_key

    h = hashlib.sha1()
    for part in track_key(track):
        h.update(part if isinstance(part, bytes) else repr(part).encode())
    return h.hexdigest()[:16]


def kind_of(racers: int) -> str:
    """'duel' for a two-racer race, else 'field'."""
    return "duel" if racers <= 2 else "field"


def measured(track) -> dict | None:
    """{(style, kind): (turns[B], removed[B], moves[B, N_X])} for this track, or None (no file,
    or a file measured on another geometry)."""
    gh = geometry_hash(track)
    if gh in _CACHE:
        return _CACHE[gh]
    out = None
    try:
        d = asset("riders")
        files = sorted(d.glob("*.toml")) if d.is_dir() else []
    except FileNotFoundError:
        files = []
    for f in files:
        try:
            data = tomllib.loads(read_bounded(f, MAX_FILE).decode("utf-8"))
        except (OSError, ValueError):
            continue
        if data.get("geometry") != gh or data.get("bin") != BIN or data.get("x_lo") != X_LO:
            continue
        out = {}
        for entry in data.get("profile", []):
            turns = np.asarray(entry["turns"], dtype=float)
            removed = np.asarray(entry["removed"], dtype=float)
            moves = np.zeros((len(turns), N_X))
            for b, row in enumerate(entry["moves"]):
                for x, c in row:          # sparse [x index, count] pairs
                    moves[b, int(x)] = c
            out[(entry["style"], entry["kind"])] = (turns, removed, moves)
        break
    _CACHE[gh] = out
    return out


# -- measuring (offline) ------------------------------------------------------------------------

def _to_go(model, r) -> float | None:
    from squigbowl.riders.course_distance import value_at

    if r.removed:
        return None
    if r.next_gate >= model.n_gates:
        return 0.0
    return float(value_at(model.fields, r.next_gate, r.x, r.y))


def simulate(track, lineup, seeds, counts: dict) -> None:
    """Play races of `lineup` and add every racer-turn to `counts[(style, kind)]`."""
    from squigbowl.race import Race, RaceOptions
    from squigbowl.riders.base import make_rider
    from squigbowl.riders.lookahead import model_for
    from squigbowl.riders.prepare import prepare_riders

    kind = kind_of(len(lineup))
    for seed in seeds:
        riders = [make_rider(n) for n in lineup]
        race = Race.new(track, [(f"{n}-{i + 1}", n) for i, n in enumerate(lineup)], seed,
                        RaceOptions(turn_limit=300))
        model = model_for(race)
        prepare_riders(race)
        turn = race.turn
        start = [_to_go(model, r) for r in race.racers]
        while race.result is None:
            rid = race.pending.racer
            race.decide(riders[rid].choose(race, rid))
            if race.turn == turn and race.result is None:
                continue
            for r in race.racers:
                d0 = start[r.id]
                if d0 is None:
                    continue
                turns, removed, moves = counts.setdefault(
                    (lineup[r.id], kind), ([], [], []))
                b = int(d0 // BIN)
                while len(turns) <= b:
                    turns.append(0)
                    removed.append(0)
                    moves.append([0] * N_X)
                turns[b] += 1
                d1 = _to_go(model, r)
                if d1 is None:
                    removed[b] += 1
                else:
                    x = int(np.clip(round(d0 - d1), X_LO, X_HI)) - X_LO
                    moves[b][x] += 1
            turn = race.turn
            start = [_to_go(model, r) for r in race.racers]


def write(track, counts: dict, races: int, path) -> None:
    stem = path.stem
    lines = [f"# Measured per-turn progress of the rider styles on {stem} "
             f"(squigbowl/riders/race_profiles.py).",
             f"# {races} races per line-up; regenerate: python -m squigbowl.riders.race_profiles",
             f'track = "{stem}"', f'geometry = "{geometry_hash(track)}"', f"bin = {BIN}",
             f"x_lo = {X_LO}", ""]
    for (style, kind), (turns, removed, moves) in sorted(counts.items()):
        if style not in STYLES:
            continue
        lines += ["[[profile]]", f'style = "{style}"', f'kind = "{kind}"',
                  f"turns = {list(turns)}", f"removed = {list(removed)}", "moves = ["]
        for row in moves:
            pairs = ", ".join(f"[{x}, {c}]" for x, c in enumerate(row) if c)
            lines.append(f"  [{pairs}],")
        lines += ["]", ""]
    path.write_text("\n".join(lines))


def main(argv=None) -> int:
    import argparse
    import time

    from squigbowl.paths import assets_dir
    from squigbowl.race import list_tracks

    parser = argparse.ArgumentParser(description="measure the rider styles per shipped track")
    parser.add_argument("--races", type=int, default=150, help="races per line-up and track")
    parser.add_argument("--tracks", default=None)
    args = parser.parse_args(argv)
    out_dir = assets_dir() / "riders"
    out_dir.mkdir(exist_ok=True)
    for track in list_tracks():
        stem = track.name.lower()
        if args.tracks and stem not in {t.strip().lower() for t in args.tracks.split(",")}:
            continue
        t0 = time.perf_counter()
        counts: dict = {}
        for i, lineup in enumerate(LINEUPS):
            first = SEED_BASE + 10_000 * i
            simulate(track, lineup, range(first, first + args.races), counts)
        write(track, counts, args.races, out_dir / f"{stem}.toml")
        print(f"{stem}: {args.races} races per line-up, {time.perf_counter() - t0:.0f} s",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["measured", "geometry_hash", "kind_of", "simulate", "BIN", "X_LO", "X_HI", "N_X",
           "STYLES"]
