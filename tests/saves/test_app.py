"""The app's side of saving: Continue, Load (list, resume, replay, delete), bad files in one
line, resuming a race, undo with U, the replay screen and its text export."""

from __future__ import annotations

import json

import pytest
from helpers import saved_match, saved_race

from squigbowl import saves
from squigbowl.ui.app import SquigBowlApp

SIZE = (120, 40)


def _screen(app, name):
    return [s for s in app.screen_stack if type(s).__name__ == name]


async def test_continue_with_nothing_to_continue(tmp_path):
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("continue")
        await pilot.pause()
        assert "No unfinished" in str(app.screen.query_one("#menu-note").render())


async def test_continue_resumes_the_newest_unfinished_match(tmp_path):
    path = saved_match(tmp_path, decisions=140)
    before = json.loads(path.read_text())["decisions"]
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("continue")
        await pilot.pause()
        screen = _screen(app, "MatchScreen")[0]
        ctrl = screen.ctrl
        assert json.loads(json.dumps(ctrl.match.log)) == before
        assert ctrl.pending is not None and ctrl.autosave.path == path
        # the open decision (Away's action, 140 decisions in) is asked again on the screen
        assert app.screen is screen and screen.decision is ctrl.pending
        assert (ctrl.pending.kind, ctrl.pending.side) == ("action", 1)


async def test_bad_file_gives_one_line_and_other_saves_survive(tmp_path):
    good = saved_match(tmp_path, decisions=50)
    bad = tmp_path / "zz-bad.json"
    bad.write_text('{"format": "squigbowl-save", "version": 1, "kind": "match"')
    keep = good.read_bytes()
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.load_and_resume(bad) is False
        await pilot.pause()
        note = str(app.screen.query_one("#menu-note").render())
        assert note.startswith("zz-bad.json:") and "\n" not in note.strip()
    assert good.read_bytes() == keep


async def test_load_screen_lists_resumes_and_deletes(tmp_path):
    a = saved_match(tmp_path, decisions=60)
    b = saved_race(tmp_path, decisions=4)
    (tmp_path / "broken.json").write_text("nope")
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("load")
        await pilot.pause()
        load = app.screen
        assert type(load).__name__ == "LoadScreen" and len(load.infos) == 3
        lines = [i.line() for i in load.infos]
        assert any("Orcs" in line and "half" in line for line in lines)
        assert any("unreadable" in line for line in lines)
        # delete asks first: No keeps the file
        index = next(i for i, info in enumerate(load.infos) if info.path == b)
        load.query_one("OptionList").highlighted = index
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert b.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")              # Yes (not "1": see the report, dialogs.py)
        await pilot.pause()
        assert not b.exists() and len(load.infos) == 2
        index = next(i for i, info in enumerate(load.infos) if info.path == a)
        load.query_one("OptionList").highlighted = index
        load.action_open()
        await pilot.pause()
        assert _screen(app, "MatchScreen")


async def test_resume_a_race(tmp_path):
    path = saved_race(tmp_path, decisions=5)
    app = SquigBowlApp(saves_folder=tmp_path)
    app.race_instant = True
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("continue")
        await pilot.pause()
        await pilot.pause()
        screen = _screen(app, "RaceScreen")[0]
        assert len(screen.race.decisions) >= 5
        assert screen.controller.autosave.path == path
        log = json.loads(path.read_text())["decisions"]
        assert log[:5] == json.loads(json.dumps(screen.race.decisions[:5]))


async def test_mismatch_asks_before_resuming(tmp_path):
    path = saved_match(tmp_path, decisions=60)
    data = json.loads(path.read_text())
    data["snapshot"]["ball"] = [[1, 1], None, False]
    path.write_text(json.dumps(data))
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.load_and_resume(path)
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("y")
        await pilot.pause()
        assert _screen(app, "MatchScreen")


async def test_undo_key(tmp_path):
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team
    from squigbowl.ui.match.controller import MatchController
    from squigbowl.ui.match.screen import MatchScreen

    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coach = RandomCoach(5)
    while not m.can_undo():
        m.decide(coach.choose(m))
    at = len(m.log)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        ctrl = MatchController(m)
        app.push_screen(MatchScreen(ctrl, animate=False, handover=False))
        await pilot.pause()
        app.action_undo()
        await pilot.pause()
        assert len(m.log) == at - 1 and m.pending.kind == "turn"
        ctrl.autosave.flush()
        assert len(saves.load(ctrl.autosave.path).match.log) == at - 1
        app.action_undo()                  # nothing more to take back: refused, unchanged
        assert len(m.log) == at - 1


async def test_replay_screen_steps_and_exports(tmp_path):
    path = saved_match(tmp_path, decisions=120)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_replay(path)
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "ReplayScreen" and screen.index == 120
        await pilot.press("left", "left")
        assert screen.index == 118
        await pilot.press("up")
        turn_start = screen.index
        assert turn_start < 118
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("down")
        assert screen.index > 0
        await pilot.press("right")
        await pilot.press("t")
        await pilot.pause()
    text = path.with_suffix(".txt").read_text()
    assert "#120 " in text


async def test_replay_of_a_race_and_of_a_live_match(tmp_path):
    path = saved_race(tmp_path, decisions=None)
    from helpers import played_match

    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_replay(path)
        await pilot.pause()
        await pilot.press("right", "down", "end")
        assert app.screen.index == len(app.screen.replay.steps) - 1
        await pilot.press("escape")
        m = played_match(decisions=40)
        assert app.open_replay(m)
        await pilot.pause()
        assert app.screen.index == 40


@pytest.mark.parametrize("kind", ["match", "race"])
def test_finished_game_opens_its_replay(tmp_path, kind):
    path = saved_match(tmp_path, decisions=100_000) if kind == "match" else \
        saved_race(tmp_path, decisions=None)
    assert saves.load(path).over
    assert saves.latest_unfinished(tmp_path) is None
