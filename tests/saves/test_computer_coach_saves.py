"""The save of a match against the computer (issue 12): which sides the computer coaches, at
what level and from which seed; Continue resumes it with the computer still playing; older saves
(two people) still load; a bad `computer` field is one line."""

from __future__ import annotations

import json

import pytest
from helpers import played_match, saved_match

from squigbowl import saves
from squigbowl.coaches.coach import COACHES
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.match.new_match import new_match_screen
from tests.ui.test_match_vs_computer import match_screen, persons_turn, play_person


def test_the_levels_a_save_accepts_are_the_coaches():
    assert saves.COMPUTER_LEVELS == COACHES


def test_a_save_names_the_computers_sides_level_and_seed(tmp_path):
    m = played_match(decisions=30)
    saver = saves.Autosaver(tmp_path, "match", coaches=("Ann", "Computer (hard)"),
                            computer=[None, "hard"], background=False)
    assert saver(m), saver.error
    data = json.loads(saver.path.read_text())
    assert data["computer"] == [None, {"level": "hard", "seed": m.seed}]
    loaded = saves.load(saver.path)
    assert loaded.computer == [None, {"level": "hard", "seed": m.seed}]


def test_a_hotseat_save_and_an_older_save_have_no_computer(tmp_path):
    path = saved_match(tmp_path, decisions=20)
    data = json.loads(path.read_text())
    assert data["computer"] == [None, None]
    del data["computer"]                                     # a save from before issue 12
    path.write_text(json.dumps(data))
    assert saves.load(path).computer == [None, None]


@pytest.mark.parametrize("bad", [
    "easy", [None], [None, "easy"], [None, {"level": "genius", "seed": 1}],
    [{"level": "easy", "seed": -1}, None], [{"level": "easy"}, None],
    [None, {"level": "easy", "seed": True}],
])
def test_a_bad_computer_field_is_one_line(tmp_path, bad):
    path = saved_match(tmp_path, decisions=20)
    data = json.loads(path.read_text())
    data["computer"] = bad
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError) as err:
        saves.load(path)
    assert "field 'computer'" in str(err.value) and "\n" not in str(err.value)


async def test_save_and_continue_mid_match_the_computer_plays_on(tmp_path):
    app = SquigBowlApp(saves_folder=tmp_path)
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"),
                               animate=False)
        app.push_screen(scr)
        await pilot.pause()
        await play_person(pilot, app, scr, persons_turn(scr))
        log = json.loads(json.dumps(scr.ctrl.match.log))
        assert scr.ctrl.autosave.flush()
        path = scr.ctrl.autosave.path
        data = json.loads(path.read_text())
        assert data["computer"] == [None, {"level": "easy", "seed": 21}]
        assert data["coaches"] == ["Home coach", "Computer (easy)"]
        app.pop_screen()                                     # leave: the save is freed
        await pilot.pause()
        app.menu_choice("continue")
        await pilot.pause()
        again = match_screen(app)
        assert again is not scr and again.ctrl.autosave.path == path
        ctrl = again.ctrl
        assert ctrl.computer == {1: "easy"} and json.loads(json.dumps(ctrl.match.log)) == log
        assert not again.handover
        # the person ends the turn; the computer, rebuilt from the save, plays its own
        turn = ctrl.state.teams[0].turn
        await play_person(pilot, app, again, persons_turn(again))
        await pilot.press("e")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        await play_person(pilot, app, again, lambda: persons_turn(again)() and
                          ctrl.state.teams[0].turn > turn)
        assert len(ctrl.match.log) > len(log) + 2
        assert ctrl.autosave.flush()
        assert json.loads(path.read_text())["computer"] == [None, {"level": "easy", "seed": 21}]
