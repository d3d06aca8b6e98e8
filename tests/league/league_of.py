"""Leagues for the tests of D6: teams from league_helpers, results made by hand."""

from __future__ import annotations

from squigbowl.league.fixtures import Result
from squigbowl.league.league import Entry, League
from squigbowl.league.league_rules import LeagueRules

from tests.league.league_helpers import league_team

ROSTERS = ("orcs", "humans", "dwarfs", "goblins", "chaos_dwarfs")


def teams(n: int):
    return [league_team(ROSTERS[i % 5], name=f"Team {i}") for i in range(n)]


def league_of(n: int = 4, coaches=None, seed: int = 1, **rules) -> League:
    coaches = coaches or ["easy"] * n
    entries = [Entry(t, c) for t, c in zip(teams(n), coaches)]
    return League.new("Test League", LeagueRules(**rules), entries, seed=seed)


def result(fixture, home: int, away: int, cas=(0, 0), winner="score", **fields) -> Result:
    """A result by hand: the score, casualties; the winner from the score unless given."""
    if winner == "score":
        winner = None if home == away else (0 if home > away else 1)
    return Result(fixture, (home, away), tuple(cas), winner, **fields)


def play_round_robin(league: League, scores) -> None:
    """Give every round-robin fixture a result: `scores(fixture)` -> (home, away[, cas])."""
    for f in list(league.fixtures()):
        if f.playoff is None and league.result_of(f) is None:
            row = scores(f)
            league.add_result(result(f, row[0], row[1], *(row[2:] or [(0, 0)])))
