"""D6.7: a hotseat save keeps the turn time limit and the seconds left of the turn; a loaded
match keeps counting from there (fake time, no sleeping); a bad `clock` field is one line."""

from __future__ import annotations

import json

import pytest
from helpers import played_match

from squigbowl import saves
from squigbowl.rules.turn_clock import TurnClock, team_turn
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen


class FakeTime:
    def __init__(self) -> None:
        self.t = 10.0

    def __call__(self) -> float:
        return self.t


def _at_a_turn(decisions: int = 60):
    """A random match played on to a 'turn' decision of a team turn."""
    m = played_match(decisions=decisions)
    from squigbowl.coaches.random_coach import RandomCoach

    coach = RandomCoach(9)
    while not (m.pending.kind == "turn" and team_turn(m) is not None
               and any(c[0] == "MOVE" for c in m.legal())):
        m.decide(coach.choose(m))
    return m


def _saved(tmp_path, now):
    m = _at_a_turn()
    ctrl = MatchController(m, clock=TurnClock(180, now))
    saver = saves.Autosaver(tmp_path, "match", background=False)
    saver.clock = ctrl.clock
    ctrl.autosave = saver
    ctrl.clock_follow()
    now.t += 50
    mover = next(c for c in m.legal() if c[0] == "MOVE")
    ctrl.decide(mover)                       # the same team turn: 130 s left, saved
    return m, saver


def test_d6_7_the_save_keeps_the_limit_and_the_time_left(tmp_path):
    now = FakeTime()
    m, saver = _saved(tmp_path, now)
    data = json.loads(saver.path.read_text())
    assert data["clock"] == {"limit": 180, "turn": list(team_turn(m)), "left": 130.0}
    loaded = saves.load(saver.path)
    assert loaded.clock == data["clock"]
    clock = TurnClock.from_json(loaded.clock, now)
    ctrl = MatchController(loaded.match, clock=clock)
    assert ctrl.clock_follow() and ctrl.time_left() == 130.0
    now.t += 130
    assert ctrl.timed_out()                   # it kept counting from where it stood


def test_d6_7_a_match_without_a_limit_saves_no_clock(tmp_path):
    m = _at_a_turn()
    saver = saves.Autosaver(tmp_path, "match", background=False)
    saver.clock = MatchController(m).clock
    assert saver(m)
    data = json.loads(saver.path.read_text())
    assert "clock" not in data and saves.load(saver.path).clock is None


@pytest.mark.parametrize("bad", [
    "120", {"limit": 60}, {"limit": 120, "turn": [1, 0, 1], "left": 3},
    {"limit": 120, "turn": [1, 0, 1, False], "left": 121},
    {"limit": 120, "turn": [1, 0, 1, False], "left": "3"},
])
def test_d6_7_a_bad_clock_field_is_one_line(tmp_path, bad):
    now = FakeTime()
    _m, saver = _saved(tmp_path, now)
    data = json.loads(saver.path.read_text())
    data["clock"] = bad
    saver.path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError) as err:
        saves.load(saver.path)
    assert "field 'clock'" in str(err.value) and "\n" not in str(err.value)


async def test_d6_7_continue_resumes_the_turn_with_its_time_left(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from squigbowl.rules import turn_clock

    now = FakeTime()
    m, saver = _saved(tmp_path, now)
    saver.close()
    # the resumed clock's time source (the app's default, time.monotonic) made fake, so a
    # loaded machine cannot move it: exactly the 130 s saved, then 7 s of the coach's turn
    monkeypatch.setattr(turn_clock, "time", SimpleNamespace(monotonic=now))
    app = SquigBowlApp(saves_folder=tmp_path)
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.menu_choice("continue")
        await pilot.pause()
        scr = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
        ctrl = scr.ctrl
        assert ctrl.turn_limit == 180 and ctrl.match.log == m.log
        assert ctrl.autosave.clock is ctrl.clock
        assert ctrl.time_left() == 130.0
        now.t += 7
        assert ctrl.time_left() == 123.0


async def test_d6_7_squigbowl_match_turn_limit_is_saved_from_the_start(tmp_path):
    from squigbowl.cli import build_parser

    args = build_parser().parse_args(["match", "--turn-limit", "2", "--seed", "3"])
    app = SquigBowlApp(args, saves_folder=tmp_path)
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
        assert scr.ctrl.turn_limit == 120
        assert scr.ctrl.autosave is not None and scr.ctrl.autosave.clock is scr.ctrl.clock
        assert scr.ctrl.autosave.flush()
        data = json.loads(scr.ctrl.autosave.path.read_text())
        assert data["clock"] == {"limit": 120, "turn": None, "left": 120.0}


async def test_d6_7_leaving_mid_turn_saves_the_seconds_left_now(tmp_path):
    from squigbowl.ui.kit.dialogs import ConfirmDialog

    now = FakeTime()
    m = _at_a_turn()
    ctrl = MatchController(m, clock=TurnClock(180, now))
    app = SquigBowlApp(saves_folder=tmp_path)
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(MatchScreen(ctrl, animate=False, handover=False))
        await pilot.pause()
        assert ctrl.autosave is not None and ctrl.clock.running
        now.t += 40                              # thinking, no decision yet
        await pilot.press("Q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert ctrl.autosave.flush()
        data = json.loads(ctrl.autosave.path.read_text())
        assert data["clock"]["left"] == 140.0
        assert data["decisions"] == json.loads(json.dumps(m.log))   # nothing decided
