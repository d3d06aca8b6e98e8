"""Issue 10 in the app: the quit and leave dialogs tell the truth about the save (and offer to
save elsewhere, and the exit code says it), a save open in another game is offered as a replay
only, and formations.json is validated, read bounded and kept out of the saves list."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from helpers import saved_match

from squigbowl import saves
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog, NameDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen

SIZE = (120, 40)


def _setup_match():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    m.decide(m.legal()[0])
    m.decide(("choose", "kick"))
    return m


def _broken_folder(tmp_path):
    """A saves folder that cannot be written, even by root: its parent is a file."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    return blocker / "saves"


# -- 7: no false "autosaved" -----------------------------------------------------------------------

async def test_quit_says_not_saved_offers_elsewhere_and_exits_non_zero(tmp_path):
    app = SquigBowlApp(saves_folder=_broken_folder(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        ctrl = MatchController(_setup_match())
        app.push_screen(MatchScreen(ctrl, animate=False, handover=False))
        await pilot.pause()
        assert ctrl.autosave is not None and not ctrl.autosave.on_disk
        await app.action_quit()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        text = " ".join(dialog.info)
        assert "NOT SAVED" in text and "autosaved after every decision" not in text
        assert any("another folder" in o for o in dialog.options)
        await pilot.press("2")                       # quit without saving
        await pilot.pause()
    assert app.return_code == 1


async def test_quit_can_save_in_another_folder(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    app = SquigBowlApp(saves_folder=_broken_folder(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        m = _setup_match()
        ctrl = MatchController(m)
        app.push_screen(MatchScreen(ctrl, animate=False, handover=False))
        await pilot.pause()
        await app.action_quit()
        await pilot.pause()
        await pilot.press("1")                       # save it in another folder
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        app.screen.query_one("Input").value = str(elsewhere)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0
    [path] = list(elsewhere.glob("match-*.json"))
    assert len(saves.load(path).match.log) == len(m.log)


async def test_leave_dialog_says_not_saved_when_the_autosave_fails(tmp_path):
    app = SquigBowlApp(saves_folder=_broken_folder(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        scr = MatchScreen(MatchController(_setup_match()), animate=False, handover=False)
        app.push_screen(scr)
        await pilot.pause()
        scr.action_leave()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        text = " ".join(app.screen.info)
        assert "NOT SAVED" in text and "autosaved" not in text


def test_autosaver_on_disk_tells_the_truth(tmp_path):
    m = _setup_match()
    bad = saves.Autosaver(_broken_folder(tmp_path), "match")
    assert not bad(m) and not bad.on_disk and "NOT SAVED" in bad.status("match")
    good = saves.Autosaver(tmp_path, "match")
    try:
        good(m)
        good.flush()
        assert good.on_disk and good.error is None
        assert "autosaved after every decision" in good.status("match")
    finally:
        good.close()


# -- 9: a save open in another game ----------------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    from squigbowl import saves
    lock = saves.claim(sys.argv[1])
    print("locked", flush=True)
    time.sleep(120)
""")


@pytest.fixture
def held(tmp_path):
    path = saved_match(tmp_path, decisions=60)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout.readline().strip() == "locked"
    yield path
    proc.kill()
    proc.wait(10)


async def test_a_save_in_use_offers_its_replay_only(tmp_path, held):
    before = held.read_bytes()
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.load_and_resume(held)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "in use" in " ".join(app.screen.info)
        await pilot.press("y")
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
        assert not [s for s in app.screen_stack if type(s).__name__ == "MatchScreen"]
    assert held.read_bytes() == before


async def test_load_screen_marks_and_keeps_a_save_in_use(tmp_path, held):
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("load")
        await pilot.pause()
        load = app.screen
        assert "in use" in load.infos[0].line()
        await pilot.press("d")
        await pilot.pause()
        assert app.screen is load and held.exists()


async def test_leaving_a_game_frees_its_save(tmp_path):
    path = saved_match(tmp_path, decisions=60)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.load_and_resume(path)
        await pilot.pause()
        assert saves.in_use(path)
        scr = [s for s in app.screen_stack if type(s).__name__ == "MatchScreen"][0]
        while app.screen is not scr:
            app.pop_screen()
            await pilot.pause()
        scr._leave()
        await pilot.pause()
        assert not saves.in_use(path)
        app.load_and_resume(path)                    # and this copy may open it again
        await pilot.pause()
        assert [s for s in app.screen_stack if type(s).__name__ == "MatchScreen"]


# -- 8: formations.json ---------------------------------------------------------------------------

BUILT_IN = ["line (built-in)", "spread (built-in)", "wedge (built-in)"]


@pytest.mark.parametrize("content,problem", [
    ("[]", "formations.json: not a formations file (not a table of teams)"),
    ("{", "formations.json: not a formations file (JSONDecodeError)"),
    ('"text"', "formations.json: not a formations file (not a table of teams)"),
    ("null", "formations.json: not a formations file (not a table of teams)"),
    # a table of teams whose entries have another shape: they are left out (docs/saves.md)
    ('{"Orcs": []}', None),
    ('{"Orcs": {"x": [[1, 99, 99]]}}', None),
])
async def test_bad_formations_file_never_crashes_the_f_key(tmp_path, content, problem):
    path = tmp_path / "formations.json"
    path.write_text(content)
    dialog = await _press_f(tmp_path)
    assert dialog.info == [f"Saved formations: {path}"] + ([problem] if problem else [])
    assert dialog.options == BUILT_IN
    assert path.read_text() == content                # never rewritten


async def test_formations_fifo_never_hangs(tmp_path):
    os.mkfifo(tmp_path / "formations.json")
    dialog = await _press_f(tmp_path)
    assert any("not a regular file" in line for line in dialog.info)


async def _press_f(folder):
    app = SquigBowlApp(saves_folder=folder)
    async with app.run_test(size=SIZE) as pilot:
        scr = MatchScreen(MatchController(_setup_match()), animate=False, handover=False)
        app.push_screen(scr)
        await pilot.pause()
        assert scr.mode == "setup"
        await pilot.press("F")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert not any("(yours)" in o for o in dialog.options)
        return dialog


async def test_formation_names_are_plain_and_a_bad_file_is_not_overwritten(tmp_path):
    from squigbowl.ui.match.setup_screen import load_user_formations, save_user_formation

    path = tmp_path / "formations.json"
    path.write_text(json.dumps({"Orcs": {"\x1b[2Jwall\u202e" + "w" * 80: [[1, 5, 7]]}}))
    own = load_user_formations("Orcs", path)
    [name] = own
    assert "\x1b" not in name and "\u202e" not in name and len(name) <= 40
    assert own[name] == [(1, (5, 7))]
    path.write_text("[]")
    with pytest.raises(OSError, match="not overwritten"):
        save_user_formation("Orcs", "mine", [(1, (5, 7))], path)
    assert path.read_text() == "[]"


def test_formations_file_is_not_a_save(tmp_path):
    saved_match(tmp_path, decisions=10)
    (tmp_path / "formations.json").write_text('{"Orcs": {}}')
    assert [i.path.name for i in saves.list_saves(tmp_path)] != []
    assert "formations.json" not in [i.path.name for i in saves.list_saves(tmp_path)]
