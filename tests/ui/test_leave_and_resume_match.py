"""Leaving and resuming a match: the Leave dialog says it is autosaved, a resumed match has its
whole history, and `squigbowl match` builds the menu underneath when the match is left."""

from __future__ import annotations

from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog
from tests.saves.helpers import saved_match

SIZE = (120, 36)


def _screens(app, name):
    return [s for s in app.screen_stack if type(s).__name__ == name]


async def test_leave_dialog_says_the_match_is_autosaved(tmp_path):
    path = saved_match(tmp_path, decisions=60)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.load_and_resume(path)
        await pilot.pause()
        scr = _screens(app, "MatchScreen")[0]
        for _ in range(4):                    # the hand-over, if any
            if app.screen is scr:
                break
            await pilot.press("space")
            await pilot.pause()
        assert app.screen is scr
        await pilot.press("Q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        text = " ".join(app.screen.info)
        assert "autosaved after every decision" in text and "not saved" not in text
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is scr


async def test_a_resumed_match_has_its_whole_history(tmp_path):
    """Dice luck and the dice log cover the whole match, not only what followed the resume."""
    from squigbowl import saves
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.odds import dice_luck
    from squigbowl.ui.match.end_screen import EndScreen
    from squigbowl.ui.match.words import event_text

    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coach, events = RandomCoach(5), []
    while len(m.log) < 160:
        events += m.decide(coach.choose(m))
    saver = saves.Autosaver(tmp_path, "match", coaches=("Ann", "Bob"), background=False)
    assert saver(m)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.load_and_resume(saver.path)
        await pilot.pause()
        scr = _screens(app, "MatchScreen")[0]
        ctrl = scr.ctrl
        assert [e.to_json() for e in ctrl.history] == [e.to_json() for e in events]
        luck = EndScreen(ctrl).luck
        assert luck == dice_luck(ctrl.state, events)
        assert len(events) == 220 and [row["rolls"] for row in luck] == [0, 7]   # seeds 3, 5
        first = next(t for e in events if (t := event_text(m.state, e)) is not None)[0]
        assert first in scr.dicelog.lines_text
        assert "Resumed from the save." in scr.dicelog.lines_text


async def test_squigbowl_match_builds_the_menu_when_the_match_is_left(tmp_path):
    """`squigbowl match` opens the match at once; the menu underneath is built when shown."""
    import argparse

    args = argparse.Namespace(command="match", home=None, away=None, seed=3, squig_ball=False,
                              kick_it=False)
    app = SquigBowlApp(args, saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen_stack[1]
        assert type(menu).__name__ == "MainMenu" and menu.lazy
        assert not menu.query("OptionList")
        scr = _screens(app, "MatchScreen")[0]
        for _ in range(8):                    # the coin toss, kick or receive, hand-over
            if app.screen is scr:
                break
            await pilot.press("1" if isinstance(app.screen, ChoiceDialog) else "space")
            await pilot.pause()
        assert app.screen is scr
        await pilot.press("Q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is menu and not menu.lazy
        assert menu.query_one("OptionList").has_focus
        assert "Quit" in str(menu.query_one("#menu-keys").render())
