"""Fixtures for the Squig Racing tests (helpers live in race_helpers.py)."""

from __future__ import annotations

import pytest

from race_helpers import identity_start, initiative, track_text
from squigbowl.race import Race, RaceOptions, parse_track
from squigbowl.rules.dice import ScriptedDice


@pytest.fixture(scope="session")
def track():
    return parse_track(track_text(), "test-strip")


@pytest.fixture
def scripted(track):
    """make(script_after_setup, positions, n=2, order=(0, 1, ...), options=None) -> (race, dice)."""

    def make(script=(), positions=None, n=2, order=None, options=None, on_track=None):
        order = tuple(range(n)) if order is None else tuple(order)
        dice = ScriptedDice(identity_start(n) + initiative(*order) + list(script))
        race = Race.new(on_track or track, [f"r{i}" for i in range(n)], dice,
                        options or RaceOptions())
        if positions:
            for rid, (x, y) in positions.items():
                race.racers[rid].x, race.racers[rid].y = x, y
        return race, dice

    return make
