"""A small app that shows one league screen, and the screen's text as drawn (for the tests of
squigbowl/ui/league/)."""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App

from squigbowl.dice import ScriptedDice
from squigbowl.league.options import LeagueOptions
from squigbowl.league.postmatch import PostMatch
from squigbowl.ui.league.postmatch_controller import PostMatchController
from squigbowl.ui.league.postmatch_screen import PostMatchScreen

NO_EXPENSES = LeagueOptions(spiralling_expenses=False)


class ScreenApp(App):
    """Shows `screen`; `result` is what it was dismissed with."""

    result = None

    def __init__(self, screen) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first, self._screen_closed)

    def _screen_closed(self, result) -> None:
        self.result = result


def drawn(app) -> str:
    """The screen's characters as drawn, after the app's line filters."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text(styles=False)


def postmatch_screen(home, away, rep, script, options=NO_EXPENSES, level="normal"):
    pm = PostMatch(home, away, rep, 0, options, dice=ScriptedDice(script))
    return PostMatchScreen(PostMatchController(pm, level), instant=True)
