"""The match's help (?) at 80 columns: its lines are wrapped once, to the width of the box,
with hanging indents; before, the hand-wrapped lines were wrapped again by the widget, which
left stubs of a word or two on lines of their own."""

from __future__ import annotations

import pytest

from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.help_screen import HelpScreen, entries, wrapped
from squigbowl.ui.match.screen import HELP_LINES
from tests.conftest import make
from tests.ui.test_console_glyphs import shown
from tests.ui.test_match_screen import MatchApp


def test_an_entry_is_wrapped_greedily_with_a_hanging_indent():
    entry = entries(HELP_LINES)[0]
    assert entry.startswith("Set-up: Enter picks") and "\n" not in entry
    lines = wrapped(entry, 40).split("\n")
    assert all(len(line) <= 40 for line in lines)
    assert all(line.startswith(" " * len("Set-up: ")) for line in lines[1:])
    for a, b in zip(lines, lines[1:]):                    # no room left for the next word
        assert len(a) + 1 + len(b.split()[0]) > 40
    assert " ".join(" ".join(lines).split()) == " ".join(entry.split())


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_help_lines_are_wrapped_once(size):
    m, _ = make([("home:5", (5, 5))], [])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("tab", "question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        width = help_screen.width
        body = help_screen.query_one("#help-text")
        assert body.content_region.width >= width      # the widget has nothing to wrap
        text_lines = help_screen.text.plain.split("\n")
        assert all(len(line) <= width for line in text_lines)
        # greedy: a line is followed by a line of the same entry only when its next word
        # did not fit (no stub of a word or two on a line of its own)
        for a, b in zip(text_lines, text_lines[1:]):
            if b.startswith("   ") and b.strip() and a.strip():
                assert len(a) + 1 + len(b.split()[0]) > width, (a, b)
        # what the screen draws is those lines, as they are
        region = body.region.intersection(help_screen.query_one("#help-body").region)
        assert region.height >= 10
        screen_lines = shown(app).splitlines()
        drawn = [screen_lines[y][region.x:region.right].rstrip()
                 for y in range(region.y, region.bottom)]
        assert drawn == [line.rstrip() for line in text_lines[:len(drawn)]]
        assert "Enter picks a player up" in help_screen.text.plain
        assert "Esc closes" in "\n".join(screen_lines)     # the keys under the box's text
