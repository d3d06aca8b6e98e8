"""Shared test helpers: scripted dice and scenario matches."""

from __future__ import annotations

import pytest
from hypothesis import settings

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.scenario import scenario_match

# Speed is measured in benchmarks/, never in tests: no hypothesis example fails for being slow
# on a loaded machine (a test's own @settings still sets its example count).
settings.register_profile("squigbowl", deadline=None)
settings.load_profile("squigbowl")


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


@pytest.fixture(autouse=True)
def _scripted_dice_all_rolled(monkeypatch, request):
    """A test's scripted dice must all be rolled: a script left partly unused fails the test
    as loudly as one that runs out (unless the test is marked `dice_may_be_left`)."""
    created: list[ScriptedDice] = []
    original = ScriptedDice.__init__

    def tracking_init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        created.append(self)

    monkeypatch.setattr(ScriptedDice, "__init__", tracking_init)
    yield
    if request.node.get_closest_marker("dice_may_be_left") is None:
        failed = getattr(request.node, "rep_call", None)
        if failed is None or failed.passed:
            for dice in created:
                dice.check_done()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.rep_call = report


def pytest_configure(config):
    config.addinivalue_line("markers", "dice_may_be_left: the test leaves scripted dice unrolled "
                                       "on purpose")
