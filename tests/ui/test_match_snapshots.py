"""Snapshots of the match screen: its key markers at 80x24 and 120x36."""

import html
import re

import pytest

from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp


def shot_text(app) -> str:
    """The text of an SVG screenshot (tags dropped, entities decoded)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg.split("</style>")[-1])).replace("\xa0", " ")


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_snapshot_markers(size):
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6))], [], carrier="home:5")
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shot = shot_text(app)
        assert "Orcs" in shot and "Humans" in shot          # header
        assert "░░░" in shot and "│" in shot                # end zones, halfway line
        assert "choose a player" in shot                    # the prompt
        assert "End turn" in shot                           # the footer
        if size[0] >= 108:
            assert "legal target" in shot and "MA " in shot  # legend and card beside
        else:
            assert "legal target" not in shot
