"""Shared test helpers: scripted dice and scenario matches."""

from __future__ import annotations

import pytest

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.scenario import scenario_match


def make(players, dice=(), **fields):
    """A scenario match with scripted dice: make([("home:1", (5, 5)), ...], [4, 2], ...).
    A player entry is (who, square) or (who, square, {extra fields})."""
    rows = []
    for entry in players:
        who, sq = entry[0], entry[1]
        row = {"who": who, "at": list(sq)}
        if len(entry) > 2:
            row.update(entry[2])
        rows.append(row)
    data = {"players": rows, **fields}
    d = ScriptedDice(list(dice))
    return scenario_match(data, dice=d), d


def kinds(events):
    return [e.kind for e in events]


def rolls_of(events, what=None):
    return [e for e in events if e.kind == "roll" and (what is None or e["what"] == what)]


@pytest.fixture
def scenario():
    return make
