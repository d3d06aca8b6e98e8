"""A team sheet (league/team.py) as plain JSON data and back, for the post-match sequence's
save (D6.9): the teams as they stood when the sequence began."""

from __future__ import annotations

import copy
from dataclasses import asdict

from squigbowl.league.team import Advancement, LeaguePlayer, Record, Team


def team_to_json(team: Team) -> dict:
    return asdict(team)


def team_from_json(data: dict) -> Team:
    """The team of `data`, sharing no list or dict with it (a save's data may be read again)."""
    data = copy.deepcopy(data)
    players = []
    for p in data.pop("players", []):
        p = dict(p)
        p["advancements"] = [Advancement(**a) for a in p.get("advancements", [])]
        players.append(LeaguePlayer(**p))
    record = Record(**data.pop("record", {}))
    return Team(**data, players=players, record=record)
