"""The Squig Cup's points and standings (issue 13; docs/race.md, "The Squig Cup").

Points per placing in one race (RULES.md B11.12 gives the placings: the winner, then the racers
still in by progress, then the removed ones): 1st 10, 2nd 6, 3rd 4, 4th 3, 5th 2, 6th 1. A
racer removed from the race (eaten, splatted, drowned, fallen off the world) scores 0 whatever
its placing; so does everybody when everybody loses (B11.12.3).

Standings: most points first; a tie is broken by countback (more wins, then more 2nd places,
then 3rds...), then by the better placing in the latest race both ran; racers still level
share the place (shown "=2").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

#: points for 1st, 2nd, ... 6th (a removed racer scores 0)
POINTS = (10, 6, 4, 3, 2, 1)


@dataclass(frozen=True)
class RaceScore:
    """One finished race of a cup: `placings` racer ids best first (the race's own), `removed`
    the ids removed from the race, `points[i]` what racer i scored."""

    track: str
    outcome: str
    winner: int | None
    placings: tuple[int, ...]
    removed: frozenset[int]
    points: tuple[int, ...]

    def place_of(self, rid: int) -> int:
        return self.placings.index(rid) + 1


def score_race(track: str, outcome: str, winner: int | None, placings: Sequence[int],
               removed, points_table: Sequence[int] = POINTS) -> RaceScore:
    """The points of one finished race: by placing, 0 for a removed racer."""
    placings = tuple(int(p) for p in placings)
    removed = frozenset(int(r) for r in removed)
    points = [0] * len(placings)
    for place, rid in enumerate(placings):
        if rid not in removed and place < len(points_table):
            points[rid] = int(points_table[place])
    return RaceScore(track, outcome, winner, placings, removed, tuple(points))


@dataclass
class Standing:
    """One line of the standings table."""

    racer: int
    name: str
    rider: str
    points: int
    position: int = 0
    shared: bool = False
    per_race: list[int] = field(default_factory=list)     # points race by race
    places: list[int] = field(default_factory=list)       # placing race by race
    wins: int = 0

    @property
    def position_text(self) -> str:
        return f"={self.position}" if self.shared else str(self.position)


def standings(entrants: Sequence[tuple[str, str]], scores: Sequence[RaceScore]) -> list[Standing]:
    """The standings after `scores` (the finished races), best first, positions and ties set."""
    n = len(entrants)
    rows = []
    for rid, (name, rider) in enumerate(entrants):
        per = [s.points[rid] for s in scores]
        places = [s.place_of(rid) for s in scores]
        rows.append(Standing(rid, name, rider, sum(per), per_race=per, places=places,
                             wins=sum(1 for s in scores if s.winner == rid)))

    def key(row: Standing):
        countback = tuple(-row.places.count(p) for p in range(1, n + 1))
        latest = tuple(row.places[::-1])        # the better placing in the latest race first
        return (-row.points, countback, latest)

    rows.sort(key=lambda r: (key(r), r.racer))
    for i, row in enumerate(rows):
        if i and key(rows[i - 1]) == key(row):
            row.position, row.shared = rows[i - 1].position, True
            rows[i - 1].shared = True
        else:
            row.position = i + 1
    return rows
