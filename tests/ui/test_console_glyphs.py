"""TERM=linux (a console font of code page 437): every screen of the app, Textual's own
widgets included, is drawn with characters the font has (squigbowl/ui/kit/glyphs.py)."""

from __future__ import annotations

import io
import time

import pytest
from rich.console import Console

from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.glyphs import CONSOLE_CHARS, SAFE_GLYPHS, TRACK_SAFE_GLYPHS, off_console
from tests.saves.helpers import played_race, saved_match, saved_race


def shown(app) -> str:
    """The screen's characters as drawn, after the app's line filters."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text(styles=False)


def test_the_stand_ins_are_in_the_console_font():
    assert len(CONSOLE_CHARS) == 255                  # 95 ASCII + 128 upper half + 32 pictures
    assert "░" in CONSOLE_CHARS and "▌" in CONSOLE_CHARS and "▲" in CONSOLE_CHARS
    assert "▊" not in CONSOLE_CHARS and "●" not in CONSOLE_CHARS
    for table in (SAFE_GLYPHS, TRACK_SAFE_GLYPHS):
        assert not off_console("".join(table.values()))
    # the race's landing ring is not the open ground's dot
    assert "∘".translate(TRACK_SAFE_GLYPHS) not in (" ", ".", "·")


class Visit:
    """Shows screens one after the other and keeps what each drew off the console font."""

    def __init__(self, app, pilot) -> None:
        self.app, self.pilot = app, pilot
        self.bad: dict[str, set] = {}
        self.seen: list[str] = []

    async def check(self, name: str, kind: str | None = None, pauses: int = 2) -> str:
        for _ in range(pauses):
            await self.pilot.pause()
        deadline = time.monotonic() + 30        # a busy machine opens the screen later
        while kind is not None and type(self.app.screen).__name__ != kind and \
                time.monotonic() < deadline:
            await self.pilot.pause(0.05)
        if kind is not None:
            assert type(self.app.screen).__name__ == kind, (name, self.app.screen)
        text = shown(self.app)
        self.seen.append(name)
        lacking = off_console(text)
        if lacking:
            self.bad[name] = lacking
        return text


async def _match_screens(visit, app, pilot) -> None:
    from squigbowl.ui.kit.dialogs import ChoiceDialog, HandOverScreen
    from squigbowl.ui.match.end_screen import EndScreen
    from squigbowl.ui.match.new_match import new_match_screen

    scr = new_match_screen("Orcs", "Humans", names=("Ann", "Bob"), seed=3)
    app.push_screen(scr)
    await visit.check("coin toss", "ChoiceDialog")
    await pilot.press("1")
    await pilot.pause()
    await pilot.press("1")                                   # kick
    await visit.check("hand-over", "HandOverScreen")
    await pilot.press("space")
    await pilot.press("e")                                   # not legal yet: the why
    setup = await visit.check("set-up", "MatchScreen")
    assert "Set up 11 players" in setup
    await pilot.press("F", "1")
    await visit.check("set-up, legal", "MatchScreen")
    await pilot.press("e")
    for _ in range(12):                                      # to the first team turn
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("space")
        elif isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        elif scr.decision is not None and scr.decision.kind == "setup":
            await pilot.press("F", "3", "e")
        elif scr.decision is not None and scr.decision.kind in ("turn", "action"):
            break
        else:
            await pilot.press("enter")
    for _ in range(40):           # a banner or a hand-over may still come after the animation
        await pilot.pause(0.05)
        if isinstance(app.screen, HandOverScreen) or type(app.screen).__name__ == "BannerScreen":
            await pilot.press("space")
        elif app.screen is scr and scr.mode != "wait" and scr.decision is not None and \
                scr.decision.kind in ("turn", "action"):
            break
    await visit.check("match", "MatchScreen")
    await pilot.press("tab", "question_mark")
    await visit.check("help", "HelpScreen")
    await pilot.press("escape")
    await pilot.pause()
    app.push_screen(EndScreen(scr.ctrl))
    await visit.check("end screen", "EndScreen")
    await pilot.press("enter")


async def _cup_screens(visit, app, pilot) -> None:
    """The Squig Cup: its set-up, the standings before a race, a race of the cup, the
    standings with the chart after it (the bars, the legend, the racers' shapes)."""
    app.menu_choice("cup")
    await visit.check("cup set-up", "CupSetup")
    setup = app.screen
    setup.races = 2
    setup.slots = ["human", "reckless", "-", "-", "-", "-"]
    await pilot.press("s")
    await visit.check("cup standings", "CupScreen")
    cup_screen = app.screen
    await pilot.press("n")
    await visit.check("cup race", "RaceScreen", pauses=4)
    for _ in range(800):
        if app.screen is cup_screen:
            break
        await pilot.press("enter")
    text = await visit.check("cup standings after a race", "CupScreen", pauses=3)
    assert "race 1" in text and "Points after each race" in text
    await pilot.press("m")
    await pilot.pause()


async def _computer_match(visit, app, pilot) -> None:
    """Issue 12: the computer's turn, its thinking notice and skip key on the prompt line."""
    from squigbowl.ui.match.new_match import new_match_screen

    import threading

    scr = new_match_screen("Orcs", "Humans", seed=3, computer=("easy", "easy"), animate=False)
    gate, choose = threading.Event(), scr.ctrl.choose_on
    scr.ctrl.choose_on = lambda copy, side: gate.wait(10) and choose(copy, side)
    app.push_screen(scr)
    for _ in range(100):
        await pilot.pause(0.01)
        if app.screen is scr and scr.thinking and scr._cpu_notice:   # held until the gate
            break
    text = await visit.check("match v computer", "MatchScreen")
    gate.set()
    assert "is thinking" in text and "Skip its turn" in text


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_every_screen_draws_with_the_console_font_only(monkeypatch, tmp_path, size):
    monkeypatch.setenv("TERM", "linux")
    match_save = saved_match(tmp_path, decisions=60)
    saved_race(tmp_path, decisions=10)
    app = SquigBowlApp(saves_folder=tmp_path)
    app.race_instant = True
    async with app.run_test(size=size) as pilot:
        visit = Visit(app, pilot)
        assert app._glyph_filter is not None
        await visit.check("menu", "MainMenu")
        app.menu_choice("new")
        await visit.check("new match", "TeamPick")
        app.screen.query_one("#away-who").value = "hard"      # issue 12: v the computer
        form = await visit.check("new match v computer", "TeamPick")
        assert "Computer: hard" in form and "Computer (hard)" in form
        await pilot.press("escape")
        app.menu_choice("load")
        await visit.check("load", "LoadScreen")
        await pilot.press("escape")
        await pilot.pause()
        assert app.open_replay(match_save)
        await visit.check("replay", "ReplayScreen")
        await pilot.press("escape")
        app.menu_choice("rules")
        await visit.check("rules", "RulesScreen")
        await pilot.press("escape")
        app.menu_choice("race")
        await visit.check("race set-up", "RaceSetup")
        await pilot.press("s")
        race = await visit.check("race", "RaceScreen", pauses=6)
        assert "°" in race                                   # the landing ring
        await pilot.press("question_mark")
        await visit.check("race help", "RaceHelp")
        await pilot.press("escape")
        await pilot.pause()
        from squigbowl.ui.race.screen import RaceScreen

        app.switch_screen(RaceScreen(race=played_race(seed=4)))
        await visit.check("race results", "RaceResults", pauses=6)
        await pilot.press("m")
        await pilot.pause()
        await _cup_screens(visit, app, pilot)
        await _match_screens(visit, app, pilot)
        await _computer_match(visit, app, pilot)
        assert len(visit.seen) == 22, visit.seen
        assert not visit.bad, visit.bad
