"""The league table (RULES.md D6.3 points, D6.4 standings, DD-119, DD-120).

`table(names, results, points, seed)` ranks the teams by (1) league points, (2) the points won
in the matches between the teams tied on points, (3) touchdown difference, (4) touchdowns scored,
(5) casualty difference (A14 casualties inflicted minus suffered), (6) a random draw made from
`seed` and shown: each row says which rule put it above the next one (`decided_by`) and
carries its draw number. Only round-robin results count (play-offs decide the champion, D6.5).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

RULES = ("points", "head-to-head", "touchdown difference", "touchdowns",
         "casualty difference", "random draw")


@dataclass
class Row:
    team: int
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    points: int = 0
    head_to_head: int = 0            # D6.4 (2): points among the teams tied on points
    draw: int = 0                    # D6.4 (6): this team's number in the random draw (1 first)
    decided_by: str | None = None    # the D6.4 rule that put it above the next row

    @property
    def td_difference(self) -> int:
        return self.td_for - self.td_against

    @property
    def cas_difference(self) -> int:
        return self.cas_for - self.cas_against

    def keys(self) -> tuple:
        """The D6.4 criteria in order (greater is better; the draw: lower is better)."""
        return (self.points, self.head_to_head, self.td_difference, self.td_for,
                self.cas_difference, -self.draw)


def random_draw(n: int, seed: int) -> list[int]:
    """D6.4 (6): each team's place in the draw (1 first), made from `seed`: the same seed, the
    same draw."""
    order = list(range(n))
    random.Random(f"standings draw {int(seed)}").shuffle(order)
    place = [0] * n
    for i, team in enumerate(order):
        place[team] = i + 1
    return place


def _counts(rows: list[Row], results, points) -> None:
    for r in results:
        if r.fixture.playoff is not None:
            continue
        for side, team in enumerate(r.fixture.teams()):
            row = rows[team]
            row.played += 1
            if r.winner is None:
                row.drawn += 1
            elif r.winner == side:
                row.won += 1
            else:
                row.lost += 1
            row.points += r.points(side, points)
            row.td_for += r.score[side]
            row.td_against += r.score[1 - side]
            row.cas_for += r.casualties[side]
            row.cas_against += r.casualties[1 - side]


def table(names: list[str], results, points=(3, 1, 0), seed: int = 0) -> list[Row]:
    """The ranked table of D6.4 (see the module's docstring)."""
    rows = [Row(team=i, name=name) for i, name in enumerate(names)]
    _counts(rows, results, points)
    draw = random_draw(len(rows), seed)
    by_points: dict[int, list[Row]] = {}
    for row in rows:
        row.draw = draw[row.team]
        by_points.setdefault(row.points, []).append(row)
    for tied in by_points.values():          # D6.4 (2): the mini-table of the tied teams
        if len(tied) < 2:
            continue
        group = {row.team for row in tied}
        for r in results:
            home, away = r.fixture.teams()
            if r.fixture.playoff is None and home in group and away in group:
                rows[home].head_to_head += r.points(0, points)
                rows[away].head_to_head += r.points(1, points)
    ranked = sorted(rows, key=lambda row: row.keys(), reverse=True)
    for above, below in zip(ranked, ranked[1:]):
        above.decided_by = next(rule for rule, a, b in zip(RULES, above.keys(), below.keys())
                                if a != b)
    return ranked
