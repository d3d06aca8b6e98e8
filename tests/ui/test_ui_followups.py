"""Follow-ups of the match UI: dialogs answer once, formations live in the app's saves folder,
the Leave dialog and the help say what is true."""

from __future__ import annotations

import pytest

from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog, NameDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen
from tests.saves.helpers import saved_match, saved_race

SIZE = (120, 36)


def _screens(app, name):
    return [s for s in app.screen_stack if type(s).__name__ == name]


@pytest.mark.parametrize("key, deleted", [("1", True), ("2", False), ("y", True), ("n", False)])
async def test_a_key_on_a_confirm_dialog_closes_it_once(tmp_path, key, deleted):
    """'1' on the Load screen's Delete? dialog answered it twice: the second dismiss closed
    the Load screen underneath."""
    path = saved_race(tmp_path, decisions=3)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("load")
        await pilot.pause()
        load = app.screen
        assert type(load).__name__ == "LoadScreen"
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is load
        assert path.exists() is not deleted


async def test_a_choice_dialog_answers_once():
    got = []
    app = SquigBowlApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen
        app.push_screen(ChoiceDialog("Which?", ["a", "b", "c"]), got.append)
        await pilot.pause()
        await pilot.press("2", "1")
        await pilot.pause()
        assert got == [1] and app.screen is menu


def _setup_screen(names=("Alice", "Bob")):
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    m.decide(m.legal()[0])
    m.decide(("choose", "kick"))
    return m, MatchScreen(MatchController(m, names=names), animate=False, handover=False)


async def test_own_formations_go_to_the_apps_saves_folder(tmp_path, monkeypatch):
    """--saves DIR (the app's resolved folder) wins over $SQUIGBOWL_SAVES and the package's
    own folder."""
    chosen, other = tmp_path / "chosen", tmp_path / "env"
    chosen.mkdir()
    monkeypatch.setenv("SQUIGBOWL_SAVES", str(other))
    m, scr = _setup_screen()
    app = SquigBowlApp(saves_folder=chosen)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(scr)
        await pilot.pause()
        await pilot.pause()
        assert scr.mode == "setup"
        await pilot.press("F")
        await pilot.pause()
        assert str(chosen / "formations.json") in "".join(app.screen.info)
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        await pilot.press("ctrl+a", *"wall", "enter")
        await pilot.pause()
        assert (chosen / "formations.json").exists() and not other.exists()
        await pilot.press("F")
        await pilot.pause()
        assert any(t.startswith("wall") and "(yours)" in t for t in app.screen.options)


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


def test_help_points_to_the_rules_screen_not_to_files_players_lack():
    """Issue 11: the house rules are read in the game (the Rules screen); the help texts name
    no file of the repository (docs/house-rules.md is a pointer to the shipped chapters)."""
    from pathlib import Path

    from squigbowl.ui.match import help_screen

    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "house-rules.md").is_file()
    texts = [t for _r, t in help_screen.SKILL_HELP.values()] + \
        [t for _r, t in help_screen.DECISION_HELP.values()]
    assert not any("docs/" in t or "RULES.md" in t or "house-rules" in t for t in texts)
    for path in list((root / "squigbowl" / "ui").rglob("*.py")):
        text = path.read_text()
        assert "docs/house-rules" not in text, path.name


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
        assert sum(row["rolls"] for row in luck) > 0
        first = next(t for e in events if (t := event_text(m.state, e)) is not None)[0]
        assert first in scr.dicelog.lines_text
        assert "Resumed from the save." in scr.dicelog.lines_text


LACKING = "●◆★∘┆▚▞↗↘↙↖⏎◂▸▶✘⚄"


def _svg_text(app) -> str:
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def test_race_under_term_linux_has_ascii_stand_ins(monkeypatch):
    """The race (track, panel, footer) and its set-up use the pitch's ASCII stand-ins."""
    import argparse

    from squigbowl.ui.race.setup import RaceSetup

    monkeypatch.setenv("TERM", "linux")
    app = SquigBowlApp(argparse.Namespace(command="race", track=None, riders=6,
                                          personality="canny", seed=1))
    app.race_instant = True
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(5):
            await pilot.pause()
        track = app.screen.track_view
        assert track.safe_glyphs
        lines = "\n".join(track.text_lines())
        assert not set(lines) & set(LACKING)
        assert "S|" in lines or "|S" in lines or "||" in lines         # the start line
        shown = _svg_text(app)
        assert not set(shown) & set(LACKING), set(shown) & set(LACKING)
        assert "Enter" in shown
        app.push_screen(RaceSetup())
        await pilot.pause()
        shown = _svg_text(app)
        assert "<" in shown and not set(shown) & set(LACKING)


async def test_other_terminals_keep_the_glyphs(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)):
        assert app._glyph_filter is None
        assert all(type(f).__name__ != "GlyphFilter" for f in app.get_line_filters())


def _on_a_16_colour_terminal(colour):
    """The standard colour index a 16-colour terminal shows, after Textual's ANSI filter
    (Monokai) and the downgrade to 16 colours."""
    from rich.color import Color, ColorSystem, ColorType
    from textual._ansi_theme import MONOKAI

    if colour.type in (ColorType.STANDARD, ColorType.EIGHT_BIT) and colour.number < 16:
        colour = Color.from_triplet(MONOKAI.ansi_colors[colour.number])
    return colour.downgrade(ColorSystem.STANDARD).number


def test_pitch_ansi16_colours_survive_textuals_filter():
    """Named red, bright red and magenta all became one magenta (yellow: bright red): the
    ball, the path and the Away end zone looked alike."""
    from rich.color import Color

    from squigbowl.ui.kit.palettes import ANSI16

    roles = {"grass": ANSI16.grass[0], "home_end": ANSI16.endzone[0],
             "away_end": ANSI16.endzone[1], "los": ANSI16.los, "chalk": ANSI16.chalk,
             "home": ANSI16.home, "away": ANSI16.away, "ball": ANSI16.ball,
             "legal": ANSI16.legal, "path": ANSI16.path, "push": ANSI16.push,
             "risky": ANSI16.risky, "tz1": ANSI16.tz[0], "tz3": ANSI16.tz[2]}
    for role, name in roles.items():
        style = ANSI16.style(name, name)
        want = Color.parse(name).number
        assert _on_a_16_colour_terminal(style.color) == want, role
        assert _on_a_16_colour_terminal(style.bgcolor) == want, role
    assert len({roles[r] for r in ("ball", "path", "away_end", "push")}) == 4


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
