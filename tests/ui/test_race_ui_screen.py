"""The squig race screens, driven through Textual's Pilot (instant animations)."""

from __future__ import annotations

import argparse
import math

import pytest
from menu_checks import assert_main_menu, svg_text

from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.race.results import RaceResults
from squigbowl.ui.race.screen import RaceHelp, RaceScreen
from squigbowl.ui.race.setup import RaceSetup
from squigbowl.ui.race.track_view import TrackView


def race_args(seed=1, riders=4, track=None, personality="canny"):
    return argparse.Namespace(command="race", track=track, riders=riders,
                              personality=personality, seed=seed)


def screen_text(app) -> str:
    """The plain text of the app's screenshot (an SVG): tags dropped, entities decoded."""
    return svg_text(app.export_screenshot())


def make_app(args=None) -> SquigBowlApp:
    app = SquigBowlApp(args)
    app.race_instant = True
    return app


async def until_person(pilot, app, tries=50):
    """Wait until the race screen waits for the person (or the race is over)."""
    for _ in range(tries):
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, RaceScreen) or screen._aiming():
            await pilot.pause(0.05)          # let the layout settle (panel heights)
            return screen
    return app.screen


async def race_again(pilot, app, tries=50):
    """r on the results: wait until the new race's screen replaced them (a loaded machine may
    take a few frames), then until it waits for the person."""
    results = app.screen
    assert isinstance(results, RaceResults)
    await pilot.press("r")
    for _ in range(tries):
        if app.screen is not results:
            break
        await pilot.pause(0.02)
    return await until_person(pilot, app)


async def play_to_results(pilot, app, limit=600):
    for _ in range(limit):
        if isinstance(app.screen, RaceResults):
            return app.screen
        await pilot.press("enter")
    raise AssertionError("the race did not end")


async def test_cli_solo_race_plays_to_the_results_screen():
    app = make_app(race_args(seed=1))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await until_person(pilot, app)
        assert isinstance(screen, RaceScreen)
        racers = screen.controller.view.racers
        assert [r.rider for r in racers][0] == "human" and len(racers) == 4
        assert all(r.rider != "human" for r in racers[1:])
        results = await play_to_results(pilot, app)
        await pilot.pause()
        # seed 1, the person pressing Enter (the default aim) every time: one ending
        assert (results.result.outcome, results.result.winner, results.result.turn,
                results.result.placings) == ("finished", 1, 11, (1, 3, 2, 0))
        assert results.rows == [
            (1, "2", "Grotsnik", "canny", "WINNER: completed the course"),
            (2, "4", "Snagga", "canny", "still hopping (3/4 gates)"),
            (3, "3", "Zogwort", "canny", "still hopping (2/4 gates)"),
            (4, "1", "You", "human", "fell off the world")]
        lines = [line.strip("┃ ") for line in screen_text(app).splitlines()]
        start = lines.index("R A C E   O V E R")
        assert [line for line in lines[start:start + 10] if line] == [
            "R A C E   O V E R",
            "Grotsnik (2) completes the course and wins!",
            "Meadow · seed 1 · 11 turns",
            "1st  2■ Grotsnik   canny     WINNER: completed the course",
            "2nd  4◆ Snagga     canny     still hopping (3/4 gates)",
            "3rd  3▲ Zogwort    canny     still hopping (2/4 gates)",
            "4th  1● You        person    fell off the world"]
        # back to the menu
        await pilot.press("m")
        await pilot.pause()
        assert_main_menu(app)


async def test_race_again_starts_a_new_race():
    app = make_app(race_args(seed=2, riders=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await until_person(pilot, app)
        await play_to_results(pilot, app)
        screen = await race_again(pilot, app)
        assert isinstance(screen, RaceScreen)
        assert len(screen.controller.view.racers) == 2


async def test_menu_setup_solo_and_hotseat():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.menu_choice("race")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, RaceSetup)
        text = screen_text(app)
        assert "Solo race" in text and "Hotseat race" in text and "Track" in text
        # hotseat preset: two people; then add an AI reckless/other on racer 3
        ol = setup.query_one("#setup-list")
        ol.highlighted = 1
        await pilot.press("enter")
        assert setup.slots[:3] == ["human", "human", "-"]
        ol.highlighted = 8                      # racer 3
        await pilot.press("right", "right")     # none -> person -> first AI personality
        assert setup.slots[2] not in ("human", "-")
        ol.highlighted = 2                      # the track line
        await pilot.press("right")
        assert setup.track_index == 1
        ol.highlighted = 3                      # scatter die: 8 directions
        await pilot.press("right")
        ol.highlighted = 4                      # initiative once
        await pilot.press("enter")
        cfg = setup.config()
        assert cfg.options.scatter == 8 and cfg.options.initiative == "once"
        assert [who for _, who in cfg.entrants][:2] == ["human", "human"] and len(cfg.entrants) == 3
        await pilot.press("s")
        screen = await until_person(pilot, app)
        assert isinstance(screen, RaceScreen)
        assert screen.race.track.name != "Meadow"
        await play_to_results(pilot, app)


async def test_menu_entry_opens_setup_via_option_list():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RaceSetup)
        await pilot.press("escape")
        await pilot.pause()
        assert_main_menu(app, highlighted=3)        # still on "Squig race"


async def test_aiming_keys_change_the_aim():
    app = make_app(race_args(seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await until_person(pilot, app)
        tv = screen.query_one(TrackView)
        a0 = screen.angle
        await pilot.press("right")
        assert math.isclose((screen.angle - a0) % (2 * math.pi), math.radians(5), abs_tol=1e-9)
        await pilot.press("h", "h")
        assert math.isclose((a0 - screen.angle) % (2 * math.pi), math.radians(5), abs_tol=1e-9)
        await pilot.press("j")
        assert math.isclose((screen.angle - a0) % (2 * math.pi), 2 * math.pi - math.radians(4),
                            abs_tol=1e-9)
        await pilot.press("n")
        assert math.isclose(screen.angle, math.pi / 4)
        assert tv.aim.reach == (2, 12)
        await pilot.press("3")
        assert screen.mode == "hit" and tv.aim.reach == (3, 18)
        await pilot.press("1")
        assert screen.mode == "rein_in" and tv.aim.reach == (1, 6)
        # cursor mode: the aiming cursor moves by cells and the aim follows it
        await pilot.press("c")
        assert screen.cursor_mode and tv.aim.cursor is not None
        c0 = screen.cursor
        await pilot.press("l", "l", "k")
        assert screen.cursor == (c0[0] + 2, c0[1] - 1)
        origin = screen._origin()
        cx, cy = screen.cursor
        assert math.isclose(screen.angle, math.atan2(cy + 0.5 - origin[1], cx + 0.5 - origin[0]))
        await pilot.press("L")
        assert screen.cursor[0] == min(c0[0] + 7, screen.race.track.width - 1)
        # g aims at the next gate
        await pilot.press("c", "g")
        gate = screen.race.track.gates[0].midpoint
        assert math.isclose(screen.angle, math.atan2(gate[1] - origin[1], gate[0] - origin[0]))
        # the hop uses the chosen mode
        n_before = len(screen.race.decisions)
        await pilot.press("2", "enter")
        await pilot.pause()
        assert screen.race.decisions[n_before]["choice"]["mode"] == "normal"


async def test_mouse_click_aims_at_a_cell():
    app = make_app(race_args(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await until_person(pilot, app)
        tv = screen.query_one(TrackView)
        origin = screen._origin()
        target = (int(origin[0]) + 6, int(origin[1]) + 2)
        px, py = tv.pad
        sx, sy = tv.scroll_offset
        await pilot.click(TrackView, offset=(target[0] * 2 - sx + px, target[1] - sy + py))
        await pilot.pause()
        assert screen.cursor_mode and screen.cursor == target
        assert math.isclose(screen.angle, math.atan2(target[1] + 0.5 - origin[1],
                                                     target[0] + 0.5 - origin[0]))


async def test_race_screen_snapshot(tmp_path):
    app = make_app(race_args(seed=5))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await until_person(pilot, app)
        app.save_screenshot(filename="race.svg", path=str(tmp_path))
        svg = (tmp_path / "race.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
        saved = svg_text(svg)
        # the track's name and seed, every racer's glyph, the status line and its keys
        assert "Meadow  seed 5  speed 1x" in saved
        for glyph in ("1●", "2■", "3▲", "4◆"):
            assert glyph in saved, glyph
        assert 'Turn 1 1● your move: Move Normally 2D6 (2-12") aim ↗ 337°' in saved
        assert "1 Rein  2 Normal  3 Hit  ⏎ Hop!" in saved
        text = screen_text(app)
        for key in ("Turn", "initiative order", "Meadow", "You", "Hop!", "Rein", "Normal",
                    "Hit", "Help", "gates"):
            assert key in text, key
        lines = screen.query_one(TrackView).text_lines()
        board = "\n".join(lines)
        assert "S " in board and "F " in board and "▚▚" in board     # start and finish
        assert " 1" in board and " 2" in board                       # numbered gates
        assert "/\\" in board and "♣♣" in board                      # rocks and trees
        for r in screen.controller.view.racers:
            assert f"{r.label}" in board
        assert "░░" in board and "∘" in board                        # aim line and ring


async def test_layout_80x24_side_panel_toggles_and_track_follows():
    app = make_app(race_args(seed=1))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await until_person(pilot, app)
        side = screen.query_one("#race-side")
        assert screen.has_class("narrow")
        assert not side.display or side.region.width == 0
        tv = screen.query_one(TrackView)
        assert tv.region.width == 80 and tv.region.height >= 15
        # the racer to move is in view
        r = screen.controller.view.racers[screen.decision.racer]
        sx, sy = tv.scroll_offset
        w, h = tv.scrollable_content_region.size
        px, py = tv.pad
        assert sx <= int(r.x) * 2 < sx + w and sy <= int(r.y) < sy + h
        await pilot.press("p")
        await pilot.pause()
        assert side.region.width > 0
        assert "initiative order" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        assert side.region.width == 0
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RaceHelp)
        assert "Rein In" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RaceScreen)


async def test_wide_layout_panel_beside_track():
    app = make_app(race_args(seed=1))
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await until_person(pilot, app)
        assert not screen.has_class("narrow")
        side = screen.query_one("#race-side")
        tv = screen.query_one(TrackView)
        assert side.region.width > 0 and side.region.x >= tv.region.right
        assert tv.region.height >= screen.race.track.height   # the whole table shows


async def test_leave_race_with_q_twice():
    app = make_app(race_args(seed=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await until_person(pilot, app)
        await pilot.press("q")
        assert isinstance(app.screen, RaceScreen)
        await pilot.press("q")
        await pilot.pause()
        assert_main_menu(app)


@pytest.mark.parametrize("track", ["river", "cavern", "twister"])
async def test_every_track_plays(track):
    app = make_app(race_args(seed=7, riders=3, track=track))
    async with app.run_test(size=(80, 24)) as pilot:
        await until_person(pilot, app)
        await play_to_results(pilot, app, limit=800)


async def test_unknown_track_goes_back_to_the_menu_with_a_note():
    app = make_app(race_args(track="nowhere"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_main_menu(app, note="Squig race: nowhere: no such track (shipped tracks: "
                                   "cavern, meadow, river, twister)")


def hotseat_screen(seed):
    from squigbowl.ui.race.controller import RaceConfig

    return RaceScreen(RaceConfig([("You", "human"), ("Player 2", "human")], "meadow", seed))


async def until_yeehaw(pilot, app, presses=40):
    from squigbowl.ui.race.screen import YeehawDialog

    for _ in range(presses):
        await pilot.pause()
        if isinstance(app.screen, YeehawDialog):
            return app.screen
        await pilot.press("enter")
    raise AssertionError("no YEEHAW! (the engine's dice changed?)")


@pytest.mark.parametrize("take", [False, True])
async def test_yeehaw_gets_its_own_prompt(take):
    # hotseat, seed 34, both people hop at their next gate: Player 2 gets a YEEHAW! on the
    # third decision (no AI rider involved, so only the engine decides this)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(hotseat_screen(34))
        dialog = await until_yeehaw(pilot, app)
        race_screen = app.screen_stack[-2]
        assert race_screen.decision.kind == "yeehaw"
        text = screen_text(app)
        assert "YEEHAW!" in text and "Take" in text and "Decline" in text
        assert "2D6" in text and "Player 2" in text
        n = len(race_screen.race.decisions)
        if not take:
            await pilot.press("d")
            await pilot.pause()
            assert any(ev.kind == "yeehaw_declined" for ev in race_screen.race.log)
        else:
            await pilot.press("t")
            await pilot.pause()
            assert app.screen is race_screen and race_screen._aiming()
            assert "YEEHAW" in screen_text(app)
            await pilot.press("3")                  # only Move Normally is allowed
            assert race_screen.mode == "normal"
            await pilot.press("enter")
            await pilot.pause()
            assert race_screen.race.decisions[n]["choice"]["mode"] == "normal"
            assert any(ev.kind == "hop" and ev.cause == "yeehaw" for ev in race_screen.race.log)
        assert dialog not in app.screen_stack


async def test_race_screen_takes_an_existing_race():
    from squigbowl.race import Race, find_track
    from squigbowl.ui.race.controller import race_riders

    race = Race.new(find_track("river"), [("You", "human"), ("Zog", "baseline")], seed=12)
    riders, _ = race_riders(race)
    while race.pending.racer != 0 or race.pending.kind != "move" or len(race.decisions) < 3:
        from squigbowl.race import Move
        race.decide(Move("rein_in", 0.0) if riders[race.pending.racer] is None
                    else riders[race.pending.racer].choose(race, race.pending.racer))
    n = len(race.decisions)

    class Saver(list):                  # what the app expects of an autosaver
        error = None

        def __call__(self, game):
            self.append(game)

        def flush(self):
            pass
    saved = Saver()
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(RaceScreen(race=race, autosave=saved, resumed=True))
        screen = await until_person(pilot, app)
        assert screen.race is race and screen.controller.race is race
        assert screen.seed == 12 and screen.config.track is race.track
        assert len(race.decisions) == n and screen.decision is race.pending
        await pilot.press("enter")
        await pilot.pause()
        assert saved and saved[-1] is race and len(race.decisions) > n
        await play_to_results(pilot, app)
        screen = await race_again(pilot, app)        # race again: same track object
        assert isinstance(screen, RaceScreen)
        assert screen.race is not race and screen.race.track is race.track


async def test_ai_riders_think_in_a_worker_thread_with_real_animations():
    import threading
    import time

    from squigbowl.ui.race.controller import RaceConfig

    screen = RaceScreen(RaceConfig.solo(4, "canny", "meadow", 1), instant=False)
    threads = []
    for rider in screen._riders.values():
        if rider is not None:
            choose = rider.choose

            def spy(race, rid, choose=choose):
                threads.append(threading.current_thread() is not threading.main_thread())
                assert race is not screen.race              # a private copy
                return choose(race, rid)
            rider.choose = spy
    app = SquigBowlApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(screen)
        await pilot.pause()
        screen.controller.speed = 8.0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(threads) < 4:
            await pilot.pause(0.05)
            if screen._aiming():
                await pilot.press("enter")
            else:
                await pilot.press("space")                 # skip the animations
        assert len(threads) >= 4 and all(threads)


async def test_enter_on_the_results_does_not_start_a_new_race():
    app = make_app(race_args(seed=2, riders=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await until_person(pilot, app)
        results = await play_to_results(pilot, app)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.screen is results
