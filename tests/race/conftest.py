"""Shared helpers for the Squig Racing tests: a small test track and a scripted race."""

from __future__ import annotations

import pytest

from squigbowl.race import Race, RaceOptions, parse_track
from squigbowl.rules.dice import ScriptedDice

W, H = 24, 16
SOLID_CELLS = [(10, 5), (21, 5)]
LIQUID_CELLS = [(10, 8)]


def track_text(cavern: bool = False) -> str:
    rows = [["."] * W for _ in range(H)]
    for x, y in SOLID_CELLS:
        rows[y][x] = "#"
    for x, y in LIQUID_CELLS:
        rows[y][x] = "~"
    body = "\n".join("".join(r) for r in rows)
    return f'''name = "Test Strip"
width = {W}
height = {H}
cavern = {"true" if cavern else "false"}
map = """
{body}
"""
start = {{ a = [2, 2], b = [2, 10] }}

[[gates]]
name = "Mid"
a = [12, 0]
b = [12, 16]

[finish]
a = [20, 0]
b = [20, 16]
'''


@pytest.fixture(scope="session")
def track():
    return parse_track(track_text(), "test-strip")


def identity_start(n: int) -> list[int]:
    """Fisher-Yates picks that keep racer i in start slot i."""
    return list(range(n, 1, -1))


def initiative(*order: int) -> list[int]:
    """Scripted 2D6 per racer (in racer-id order) that give the initiative `order`."""
    totals = {rid: 12 - 2 * rank for rank, rid in enumerate(order)}
    dice = []
    for rid in sorted(order):
        t = totals[rid]
        dice += [6, t - 6] if t > 7 else [t - 1, 1]
    return dice


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
