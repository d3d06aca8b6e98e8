"""The Squig Cup: a series of squig races over a list of tracks (issue 13; docs/race.md).

UI-free, like the race engine it drives. A cup is its races: the entrants (the same 2-6
racers in every race, racer i being entrant i), one track and one seed per race (the seeds
drawn from the cup's seed), the race options, and the races played so far — each a
`squigbowl.race.Race`, so the cup is saved as the races' decision logs (docs/saves.md) and
its points are always recomputed from the races themselves (standings.py), never stored.

    cup = Cup.new([("Ann", "human"), ("Bob", "human"), ("Grotsnik", "canny"), ...],
                  tracks, seed=7)
    race = cup.next_race()        # the next race, set up and waiting for its first decision
    ... drive `race` to its end (RULES.md B11) ...
    cup.standings()               # after every finished race (standings.py)
    cup.over                      # every race run
"""

from __future__ import annotations

import random
from typing import Sequence

from squigbowl.cup.standings import POINTS, RaceScore, Standing, score_race, standings
from squigbowl.race import Race, RaceOptions, Track

#: races in a cup by default (one per shipped track), and the most a cup may have
DEFAULT_RACES = 4
MAX_RACES = 12
SEED_LIMIT = 2 ** 62


class CupError(ValueError):
    """A cup set up (or loaded) wrongly: one line saying what."""


def race_seeds(seed: int, count: int) -> list[int]:
    """The seeds of a cup's races, drawn from the cup's seed (same seed, same races)."""
    rng = random.Random(int(seed))
    return [rng.randrange(1, SEED_LIMIT) for _ in range(count)]


def cup_tracks(pool: Sequence[Track], races: int) -> list[Track]:
    """`races` tracks taken from `pool` in turn (the pool repeats when the cup is longer)."""
    if not pool:
        raise CupError("a cup needs at least one track")
    return [pool[i % len(pool)] for i in range(races)]


class Cup:
    """A Squig Cup in progress (see the module's docstring)."""

    def __init__(self, entrants: Sequence[tuple[str, str]], tracks: Sequence[Track],
                 seeds: Sequence[int], options: RaceOptions | None = None,
                 points: Sequence[int] = POINTS, seed: int = 0) -> None:
        if not 2 <= len(entrants) <= 6:
            raise CupError(f"a cup needs 2 to 6 racers, got {len(entrants)}")
        if not 1 <= len(tracks) <= MAX_RACES:
            raise CupError(f"a cup has 1 to {MAX_RACES} races, got {len(tracks)}")
        if len(seeds) != len(tracks):
            raise CupError("a cup needs one seed per race")
        self.entrants = [(str(n), str(r)) for n, r in entrants]
        self.tracks = list(tracks)
        self.seeds = [int(s) for s in seeds]
        self.options = options or RaceOptions()
        self.points_table = tuple(int(p) for p in points)
        self.seed = int(seed)
        self.races: list[Race] = []       # the races started, in order (the last may be on)

    @classmethod
    def new(cls, entrants, tracks, seed: int | None = None, options: RaceOptions | None = None,
            points: Sequence[int] = POINTS) -> "Cup":
        seed = random.randrange(1, 1_000_000) if seed is None else int(seed)
        return cls(entrants, tracks, race_seeds(seed, len(tracks)), options, points, seed)

    # -- where the cup stands -----------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of races in the cup."""
        return len(self.tracks)

    @property
    def current(self) -> Race | None:
        """The race being run (started and not over), or None between races."""
        if self.races and self.races[-1].result is None:
            return self.races[-1]
        return None

    @property
    def finished(self) -> list[Race]:
        return [r for r in self.races if r.result is not None]

    @property
    def over(self) -> bool:
        return len(self.finished) == self.size

    @property
    def race_number(self) -> int:
        """1-based number of the race on (or the next one between races; `size` at the end)."""
        return min(len(self.finished) + 1, self.size) if self.current is None else len(self.races)

    def next_race(self) -> Race:
        """Start the next race (its first decision pending). CupError if a race is still on or
        the cup is over."""
        if self.current is not None:
            raise CupError("a race of the cup is still on")
        if self.over:
            raise CupError("the cup is over")
        k = len(self.races)
        race = Race.new(self.tracks[k], list(self.entrants), seed=self.seeds[k],
                        options=self.options)
        self.races.append(race)
        return race

    # -- points --------------------------------------------------------------------------------
    def scores(self) -> list[RaceScore]:
        """The points of every finished race, in order."""
        out = []
        for race in self.finished:
            res = race.result
            out.append(score_race(race.track.name, res.outcome, res.winner, res.placings,
                                  [r.id for r in race.racers if r.removed], self.points_table))
        return out

    def standings(self) -> list[Standing]:
        return standings(self.entrants, self.scores())

    def champion(self) -> Standing | None:
        """The cup's winner once it is over (None while it runs, or when the top is shared)."""
        if not self.over:
            return None
        table = self.standings()
        return None if table[0].shared else table[0]
