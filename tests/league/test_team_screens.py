"""The Teams screens by Pilot keys, as a coach presses them (issue 23): the menu's Teams entry,
a new team built in the builder (D1: treasury and each position's count / limit / cost in
view), the sheet (D1.5) at 80x24 and 120x36, rename and retire."""

from __future__ import annotations

import html
import re

from textual.widgets import OptionList

from squigbowl.league import teamfiles
from squigbowl.league.creation import Creation
from squigbowl.league.team import team_value
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.league.builder_screen import TeamBuilder
from squigbowl.ui.league.sheet_screen import TeamSheetScreen
from squigbowl.ui.league.teams_screen import TeamsScreen


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def settle(pilot, n=3):
    for _ in range(n):
        await pilot.pause()


def make_app(tmp_path):
    app = SquigBowlApp(None, saves_folder=tmp_path / "saves")
    return app


def ready_made(folder, name="Reikland Reavers"):
    c = Creation("humans", name, coach="Ann")
    c.decide(("ready_made", None))
    c.decide(("done", None))
    return teamfiles.save(c.team, folder)


async def open_teams(pilot, app):
    await settle(pilot)
    menu = app.screen.query_one("#menu-list", OptionList)
    while menu.get_option_at_index(menu.highlighted).id != "teams":
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(app.screen, TeamsScreen)
    return app.screen


async def test_d1_build_a_team_in_the_builder_by_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        teams = await open_teams(pilot, app)
        assert teams.folder == tmp_path / "teams"
        assert "no teams yet: n builds one" in screen_text(app)
        await pilot.press("n")                       # roster: Orcs is the second
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        await pilot.press("end")                     # the name dialog: a new name
        for _ in range(12):
            await pilot.press("backspace")
        await pilot.press(*"Da Boyz", "enter")
        await settle(pilot)
        builder = app.screen
        assert isinstance(builder, TeamBuilder)
        assert builder.creation.roster.key == "orcs" and builder.creation.team.name == "Da Boyz"
        text = screen_text(app)
        assert "Treasury 1,000,000 gp   Team value 0k   Players 0 (11-16)" in text
        assert "Troll                 0/1   110k" in text
        assert "Lineman               0/16   50k" in text
        await pilot.press("enter")                   # done with no players: refused
        await settle(pilot)
        assert "A team needs 11 to 16 players (D1.2)." in screen_text(app)
        # the Troll (line 6), twice: the second is refused (limit 1)
        for _ in range(5):
            await pilot.press("down")
        await pilot.press("plus", "plus")
        await settle(pilot)
        assert builder.creation.team.treasury == 890_000
        assert "Not allowed: the treasury cannot pay it, or the limit is reached" \
            in screen_text(app)
        await pilot.press("home")                    # Linemen: eleven, one taken back
        for _ in range(11):
            await pilot.press("plus")
        await pilot.press("minus")
        await settle(pilot)
        assert [p.position for p in builder.creation.team.players].count("Lineman") == 10
        for _ in range(6):                           # the re-roll line: two
            await pilot.press("down")
        await pilot.press("right", "right")
        await settle(pilot)
        assert builder.creation.team.rerolls == 2
        text = screen_text(app)
        assert "Treasury 270,000 gp   Team value 730k   Players 11 (11-16)" in text
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TeamsScreen)
        saved = teamfiles.load(tmp_path / "teams", "Da Boyz")
        assert len(saved.players) == 11 and saved.rerolls == 2 and saved.treasury == 270_000
        text = screen_text(app)
        assert "Saved da-boyz.json." in text
        assert "Da Boyz  Orcs  TV 730k  0-0-0" in text


async def test_d1_2_ready_made_key_in_the_builder(tmp_path):
    app = make_app(tmp_path)
    folder = tmp_path / "teams"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        folder.mkdir()
        app.push_screen(TeamBuilder(Creation("humans", "Quick"), folder))
        await settle(pilot)
        assert "m ready-made" in screen_text(app)
        await pilot.press("m")
        await settle(pilot)
        assert "Treasury 40,000 gp   Team value 960k   Players 11 (11-16)" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert team_value(teamfiles.load(folder, "Quick")) == 960_000


async def test_d1_5_the_sheet_at_80x24_under_term_linux_and_120x36(tmp_path, monkeypatch):
    for size, term in (((80, 24), "linux"), ((120, 36), "xterm-256color")):
        monkeypatch.setenv("TERM", term)
        app = make_app(tmp_path)
        folder = tmp_path / "teams"
        folder.mkdir(exist_ok=True)
        ready_made(folder)
        async with app.run_test(size=size) as pilot:
            await open_teams(pilot, app)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, TeamSheetScreen)
            text = screen_text(app)
            assert "Reikland Reavers   Humans   coach: Ann" in text
            assert "Treasury 40,000 gp   Team value 960k   FF 0   Re-rolls 2   Apothecary 0" \
                in text
            assert " 1  Big Jobo       Ogre             5  5  2  9    0 Rookie         140k ok" \
                in text
            assert "Esc back" in text
            assert "    start MA5 ST5 AG2 AV9;" in text          # the details, not wrapped
            assert max(map(len, app.screen.lines())) <= size[0] - 2      # beside the scrollbar
            app.save_screenshot(filename=f"sheet-{size[0]}x{size[1]}.svg", path=str(tmp_path))
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TeamsScreen)


async def test_rename_and_retire_from_the_list_and_a_bad_file_is_one_line(tmp_path):
    app = make_app(tmp_path)
    folder = tmp_path / "teams"
    folder.mkdir()
    ready_made(folder)
    ready_made(folder, "[reverse]Evil[/] \x1b[2J")
    (folder / "a-broken.json").write_text('{"format": 9}')
    async with app.run_test(size=(80, 24)) as pilot:
        teams = await open_teams(pilot, app)
        text = screen_text(app)
        assert teams.entries[0].line == ("a-broken.json: team file format 9 is not known to "
                                         "this version of the game (it reads format 1)")
        assert "a-broken.json: team file format 9 is not known to this version" in text
        assert "[reverse]Evil[/] [2J  Humans  TV 960k  0-0-0" in text   # as text, not markup
        assert teams.query_one(OptionList).highlighted == 1     # the bad line is skipped
        await pilot.press("down")                                # Reikland Reavers
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("end")
        for _ in range(20):
            await pilot.press("backspace")
        await pilot.press(*"Altdorf", "enter")
        await settle(pilot)
        assert "Renamed to Altdorf." in screen_text(app)
        await pilot.press("x")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert teamfiles.load(folder, "Altdorf").retired
        assert "Altdorf  Humans  TV 960k  0-0-0  (retired)" in screen_text(app)
