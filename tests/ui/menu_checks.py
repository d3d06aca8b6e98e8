"""What the main menu must show when a test expects to be back on it (not merely that a
widget of that id exists somewhere)."""

from __future__ import annotations

import html
import re

from textual.widgets import OptionList, Static

from squigbowl.ui.app import MainMenu

MENU_ENTRIES = ["New match", "Continue", "Load", "Squig race", "Squig Cup", "Teams",
                "League", "Host a match",
                "Join a match", "Watch a match", "Rules", "Help", "Quit"]


def svg_text(svg: str) -> str:
    """The plain text of a screenshot (an SVG): tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def assert_main_menu(app, highlighted: int = 0, note: str = "") -> None:
    """The main menu is the screen on top with nothing under it but Textual's default screen,
    its thirteen entries listed and focused, `highlighted` the entry under the cursor, and
    `note` the line under the list (empty: none)."""
    screen = app.screen
    assert isinstance(screen, MainMenu), type(screen).__name__
    assert len(app.screen_stack) == 2, [type(s).__name__ for s in app.screen_stack]
    menu = screen.query_one("#menu-list", OptionList)
    assert [str(o.prompt) for o in menu.options] == MENU_ENTRIES
    assert menu.highlighted == highlighted
    assert app.focused is menu
    assert str(screen.query_one("#menu-note", Static).render()) == note
    text = svg_text(app.export_screenshot())
    assert "S Q U I G   B O W L" in text
    for entry in MENU_ENTRIES:
        assert entry in text, entry
