"""The match screen key by key, against a trace recorded before its modes became objects
(issue 22: a refactor): after each key, the screen on top, the mode, the decision, the footer's
keys, the prompt line, the cursor, the log's length (and the help's text when it is up), at
80x24 and 120x36. Two games: a real one from the coin toss through both set-ups and the kick
to the first turn, and a scenario with a block and its push, a follow-up, a move taken back
with U, a blitz, the help, every choice (a) and the end of the turn.

To record again (only for a change of behaviour that is meant): RECORD_MATCH_TRACE=1."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.help_screen import HelpScreen
from squigbowl.ui.match.screen import MatchScreen
from squigbowl.ui.match.widgets import KeyBar
from tests.conftest import make

TRACE = Path(__file__).parent / "traces" / "match_screen.json"
SIZES = [(80, 24), (120, 36)]

GAMES = {
    "real": "1 1 F 1 e F 1 e enter tab m right right enter escape tab tab b z",
    "scenario": "b enter 1 tab enter 2 2 tab tab m U tab z right right enter enter 1 enter "
                "enter 2 question_mark escape a escape tab o escape e enter",
}


def _game(name):
    if name == "real":
        return Match(find_team("Orcs"), find_team("Humans"), seed=4)
    m, _ = make([("home:5", (5, 5)), ("home:6", (4, 6)), ("home:7", (10, 9)),
                 ("away:9", (6, 5)), ("away:8", (8, 8))], [6, 1, 1])
    return m


async def _trace(name, size, tmp_path) -> list:
    m = _game(name)
    app = SquigBowlApp(saves_folder=tmp_path)
    out = []
    async with app.run_test(size=size) as pilot:
        scr = MatchScreen(MatchController(m), animate=False, handover=False, banners=False)
        app.push_screen(scr)
        await pilot.pause()
        for key in ["start", *GAMES[name].split()]:
            if key != "start":
                await pilot.press(key)
                await pilot.pause()
            top = app.screen
            row = [key, type(top).__name__, scr.mode,
                   scr.decision.kind if scr.decision is not None else None,
                   [list(k) for k in scr.query_one(KeyBar).keys],
                   str(scr.query_one("#prompt").render()), list(scr.pitch.cursor), len(m.log)]
            if isinstance(top, HelpScreen):
                row.append(top.text.plain)
            out.append(row)
    return out


def _dump(table) -> str:
    """One row a line."""
    return "{\n" + ",\n".join(json.dumps(key) + ": [\n" + ",\n".join(
        json.dumps(row, ensure_ascii=False) for row in rows) + "]" for key, rows in
        table.items()) + "\n}\n"


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_screen_answers_every_key_as_recorded(name, size, tmp_path):
    got = await _trace(name, size, tmp_path)
    key = f"{name} {size[0]}x{size[1]}"
    if os.environ.get("RECORD_MATCH_TRACE"):
        table = json.loads(TRACE.read_text("utf-8")) if TRACE.exists() else {}
        table[key] = got
        TRACE.write_text(_dump(table), "utf-8")
    want = json.loads(TRACE.read_text("utf-8"))[key]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g == w, g[0]
