"""The Squig Cup through the app, by Pilot keys (issue 13): set-up, races, standings, leaving
and Continue mid-cup, the final standings; the difficulty picker and the flags."""

from __future__ import annotations

import html
import re

from squigbowl import saves
from squigbowl.cli import build_parser, main
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.race.cup_screen import CupScreen
from squigbowl.ui.race.cup_setup import CupSetup
from squigbowl.ui.race.screen import RaceScreen
from squigbowl.ui.race.setup import RaceSetup


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def make_app(folder, args=None) -> SquigBowlApp:
    app = SquigBowlApp(args, saves_folder=folder)
    app.race_instant = True
    return app


async def settle(pilot, n=3):
    for _ in range(n):
        await pilot.pause()


async def hop_until(pilot, app, done, limit=800):
    """People hop (Enter: Move Normally towards the next gate; a YEEHAW is taken) until
    `done()`."""
    for _ in range(limit):
        if done():
            return
        await pilot.press("enter")
    raise AssertionError(f"never done; on {type(app.screen).__name__}")


async def test_a_cup_of_two_people_and_two_ai_riders_with_a_continue(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.menu_choice("cup")
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, CupSetup)
        ol = setup.query_one("#setup-list")
        ol.highlighted = 1                                   # races: 4 -> 2
        await pilot.press("left", "left")
        assert setup.races == 2
        ol.highlighted = 4                                   # racer 2: AI -> person
        for _ in range(len(setup.kinds)):
            if setup.slots[1] == "human":
                break
            await pilot.press("left")
        assert [k for k in setup.slots if k != "-"][:2] == ["human", "human"]
        assert len([k for k in setup.slots if k not in ("-", "human")]) == 2
        await pilot.press("s")
        await settle(pilot)
        cup_screen = app.screen
        assert isinstance(cup_screen, CupScreen)
        cup = cup_screen.cup
        assert [n for n, _ in cup.entrants][:2] == ["Player 1", "Player 2"] and cup.size == 2
        text = screen_text(app)
        assert "S Q U I G   C U P" in text and "Next: race 1 of 2" in text
        # race 1: a few hops, then leave half way (q q): back to the menu, the cup saved
        await pilot.press("n")
        await settle(pilot)
        race_screen = app.screen
        assert isinstance(race_screen, RaceScreen) and race_screen.cup
        await hop_until(pilot, app, lambda: len(cup.races[0].decisions) >= 6)
        made = list(cup.races[0].decisions)
        await pilot.press("q", "q")
        await settle(pilot, 5)
        assert type(app.screen).__name__ == "MainMenu"
        app.flush_saves()
        info = saves.latest_unfinished(tmp_path)
        assert info is not None and info.kind == "cup" and not info.in_use
        # Continue: the cup comes back in that race, where it stood
        app.menu_choice("continue")
        await settle(pilot, 5)
        screen = app.screen
        assert isinstance(screen, RaceScreen) and screen.cup == "Squig Cup race 1 of 2"
        resumed = app.screen_stack[-2].cup
        assert resumed is not cup and resumed.races[0].decisions[:len(made)] == made
        cup = resumed
        # leave the resumed race again, and Continue again
        await hop_until(pilot, app, lambda: len(cup.races[0].decisions) >= len(made) + 2
                        or cup.races[0].result is not None)
        await pilot.press("q", "q")
        await settle(pilot, 5)
        if cup.races[0].result is None:
            assert type(app.screen).__name__ == "MainMenu"
            app.menu_choice("continue")
            await settle(pilot, 5)
            assert isinstance(app.screen, RaceScreen)
            cup = app.screen_stack[-2].cup
        await hop_until(pilot, app, lambda: isinstance(app.screen, CupScreen))
        await settle(pilot)
        assert len(cup.finished) == 1
        text = screen_text(app)
        assert "Race 1 of 2" in text and "Next: race 2 of 2" in text
        assert "Points after each race" in text
        # race 2 to the end: the final standings
        await pilot.press("n")
        await settle(pilot)
        await hop_until(pilot, app, lambda: isinstance(app.screen, CupScreen))
        await settle(pilot)
        assert cup.over
        text = screen_text(app)
        table = cup.standings()
        assert "F I N A L" in text and "Squig Cup" in text
        assert all(row.name in text for row in table)
        assert table[0].points == max(r.points for r in table)
        # the cup's seed is drawn at random: the line its standings call for, not the other
        if not table[0].shared:
            assert cup.champion() == table[0]
            assert f"{table[0].name} wins the Squig Cup with {table[0].points} points!" in text
            assert "tie at the top" not in text
        else:
            assert cup.champion() is None
            assert "tie at the top" in text and "wins the Squig Cup" not in text
        await pilot.press("n")                               # nothing left to race
        await settle(pilot)
        assert isinstance(app.screen, CupScreen)
        await pilot.press("m")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainMenu"
    # the save holds the whole cup: the same standings when replayed from its logs
    [save] = [i for i in saves.list_saves(tmp_path) if i.kind == "cup"]
    loaded = saves.load(save.path)
    assert loaded.over and loaded.mismatch is None
    assert [(r.name, r.points) for r in loaded.cup.standings()] == \
        [(r.name, r.points) for r in table]
    assert saves.latest_unfinished(tmp_path) is None


async def test_a_finished_cup_from_load_shows_its_final_standings(tmp_path):
    from squigbowl.cup import Cup, cup_tracks
    from squigbowl.race import list_tracks
    from squigbowl.riders.base import make_rider

    cup = Cup.new([("Grotsnik", "canny"), ("Zogwort", "reckless")],
                  cup_tracks(list_tracks(), 1), seed=2)
    saver = saves.Autosaver(tmp_path, "cup", background=False)
    saver.cup = cup
    race = cup.next_race()
    rider = make_rider("canny")
    while race.result is None:
        race.decide(rider.choose(race, race.pending.racer))
    saver(race)
    saver.close()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.load_and_resume(saver.path)
        await settle(pilot)
        assert isinstance(app.screen, CupScreen) and app.screen.saver is None
        assert "F I N A L" in screen_text(app)
        await pilot.press("m")
        await settle(pilot)
        app.menu_choice("load")                              # the Load screen: Enter
        await settle(pilot)
        assert "Squig Cup, race 1 of 1" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CupScreen) and app.screen.cup.over


async def test_the_race_setup_offers_the_difficulty_levels():
    app = SquigBowlApp()
    app.race_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.menu_choice("race")
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, RaceSetup) and setup.difficulty == "normal"
        assert "difficulty ◂ normal ▸" in screen_text(app)
        ol = setup.query_one("#setup-list")
        ol.highlighted = 0
        await pilot.press("left")                            # normal -> easy
        from squigbowl.riders.levels import field_for

        assert setup.difficulty == "easy"
        assert setup.slots[1:4] == field_for("easy", 3)
        await pilot.press("right", "right")                  # -> hard
        assert setup.difficulty == "hard" and setup.slots[1:4] == field_for("hard", 3)
        ol.highlighted = 7                                   # racer 2: a personality still
        await pilot.press("right")
        assert setup.slots[1] != field_for("hard", 3)[0]
        cfg = setup.config()
        assert [who for _, who in cfg.entrants][0] == "human" and len(cfg.entrants) == 4


async def test_race_difficulty_flag_gives_the_level_field():
    from squigbowl.riders.levels import field_for

    args = build_parser().parse_args(["race", "--difficulty", "easy", "--riders", "4",
                                      "--seed", "3"])
    app = SquigBowlApp(args)
    app.race_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        assert [r.rider for r in screen.race.racers][1:] == field_for("easy", 3)


async def test_cup_command_fills_the_setup(tmp_path):
    track = tmp_path / "mine.toml"
    from squigbowl.paths import asset

    track.write_text(asset("tracks", "meadow.toml").read_text().replace(
        'name = "Meadow"', 'name = "My Meadow"'))
    args = build_parser().parse_args(["cup", "--races", "3", "--track", str(track),
                                      "--difficulty", "hard", "--people", "2", "--riders", "5",
                                      "--seed", "9"])
    app = make_app(tmp_path, args)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 4)
        setup = app.screen
        assert isinstance(setup, CupSetup)
        assert setup.races == 3 and setup.levels[setup.level] == "hard"
        assert "your track: My Meadow" in screen_text(app)
        cup = setup.build_cup()
        assert [t.name for t in cup.tracks] == ["My Meadow"] * 3 and cup.seed == 9
        assert [r for _, r in cup.entrants][:2] == ["human", "human"] and len(cup.entrants) == 5


def test_the_cup_and_race_flags_are_checked(capsys):
    import pytest

    for argv in (["cup", "--races", "0"], ["cup", "--races", "13"],
                 ["race", "--difficulty", "wild"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
    assert main(["cup", "--riders", "7"]) == 2
    assert "--riders 7" in capsys.readouterr().err
    assert main(["cup", "--people", "5", "--riders", "4"]) == 2


async def test_names_from_a_cup_save_are_shown_as_plain_text(tmp_path):
    """Racer and track names from a hand-edited cup save: markup and escape codes shown as
    text on the standings and in the chart (docs/saves.md, "Text from outside")."""
    import json

    from squigbowl.cup import Cup, cup_tracks
    from squigbowl.race import list_tracks
    from squigbowl.riders.base import make_rider

    cup = Cup.new([("Grotsnik", "canny"), ("Zogwort", "reckless")],
                  cup_tracks(list_tracks(), 2), seed=2)
    saver = saves.Autosaver(tmp_path, "cup", background=False)
    saver.cup = cup
    race = cup.next_race()
    rider = make_rider("canny")
    while race.result is None:
        race.decide(rider.choose(race, race.pending.racer))
    saver(race)
    saver.close()
    data = json.loads(saver.path.read_text())
    data["racers"][0][0] = "[/]Evil\x1b[31m"
    data["tracks"][0]["name"] = "[@click=app.quit]Bog"
    data["snapshot"]["race"] = None                  # the edit is seen: a mismatch, resumable
    saver.path.write_text(json.dumps(data))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.menu_choice("continue")
        await settle(pilot, 4)
        if not isinstance(app.screen, CupScreen):           # the mismatch question: resume
            await pilot.press("enter")
            await settle(pilot, 4)
        assert isinstance(app.screen, CupScreen)
        text = screen_text(app)
        assert "[/]Evil[31m" in text or "[/]Evil" in text
        assert "\x1b" not in text
