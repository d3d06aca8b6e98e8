"""The New match form, by keys: Enter in a coach's name moves on to the next field (it used
to start the match before the away team and the house rules were chosen); the match starts
from the Start button or its key."""

from __future__ import annotations

from textual.widgets import Button, Checkbox, Input, Select

from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.match.new_match import TeamPick
from squigbowl.ui.match.screen import MatchScreen
from tests.ui.test_console_glyphs import shown


def _match(app):
    return next((s for s in app.screen_stack if isinstance(s, MatchScreen)), None)


async def test_enter_in_a_name_moves_on_and_start_starts(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")                           # New match
        await pilot.pause()
        pick = app.screen
        assert isinstance(pick, TeamPick)
        text = shown(app)
        for label in ("[ Home ] team", "( Away ) team", "Home coach's name",
                      "Away coach's name", "House rules", "Start match"):
            assert label in text, label
        # the keys of the report: a team chosen, Tab to the name, Enter
        await pilot.press("down", "down", "down", "down", "enter", "tab")
        await pilot.pause()
        assert app.focused is pick.query_one("#home-coach", Input)
        await pilot.press(*"Ann", "enter")
        await pilot.pause()
        assert app.screen is pick and _match(app) is None    # no match yet
        assert app.focused is pick.query_one("#away-team", Select)
        away = [v for _, v in pick.query_one("#away-team", Select)._options][-1]
        pick.query_one("#away-team", Select).value = away
        await pilot.press("tab", *"Bob", "enter")
        await pilot.pause()
        assert app.screen is pick and _match(app) is None
        assert app.focused is pick.query_one("#squig-ball", Checkbox)
        assert "▐ ▌ Squig Ball" in shown(app)              # off: no mark (not colour only)
        await pilot.press("space", "tab", "tab")             # Squig Ball on, on to Start
        await pilot.pause()
        assert "▐X▌ Squig Ball" in shown(app) and "▐ ▌ Kick It!" in shown(app)
        assert app.focused is pick.query_one("#start", Button)
        await pilot.press("enter")
        await pilot.pause()
        scr = _match(app)
        assert scr is not None
        assert scr.ctrl.names == ["Ann", "Bob"]
        assert scr.ctrl.state.options.squig_ball and not scr.ctrl.state.options.kick_it
        assert scr.ctrl.team_name(1) == away


async def test_the_start_key_starts_from_a_name_field():
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.menu_choice("new")
        await pilot.pause()
        pick = app.screen
        pick.query_one("#away-coach", Input).focus()
        await pilot.press(*"Zed", "ctrl+g")
        await pilot.pause()
        scr = _match(app)
        assert scr is not None and scr.ctrl.names[1] == "Zed"
        assert scr.ctrl.names[0] == "Home coach"             # an empty name: the default
