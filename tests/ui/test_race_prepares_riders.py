"""Issue 13, no first-hop stall: the race screen builds the AI riders' model of the track in a
worker as soon as the race opens, so the first AI hop is as quick as the rest."""

import argparse
import time

from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.race.screen import RaceScreen


async def test_the_race_screen_prepares_the_riders_when_it_opens():
    from squigbowl.riders.prepare import prepare_riders

    args = argparse.Namespace(command="race", track="twister", riders=4, personality="hard",
                              seed=4)
    app = SquigBowlApp(args)                  # not instant: the AI thinks in workers
    async with app.run_test(size=(100, 30)) as pilot:
        deadline = time.monotonic() + 60     # a busy machine: the screen mounts when it can
        while not (isinstance(app.screen, RaceScreen) and hasattr(app.screen, "_prepared")) \
                and time.monotonic() < deadline:
            await pilot.pause(0.01)
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        while not screen._prepared.is_set() and time.monotonic() < deadline:
            await pilot.pause(0.05)
        assert screen._prepared.is_set()
        # built already: asking again finds it, and never builds a track model a second time
        import squigbowl.riders.hard as hard
        import squigbowl.riders.lookahead as lookahead

        def no_second_build(*a, **k):
            raise AssertionError("the riders' model was built again")

        monkey = (lookahead.TrackModel, hard.TrackPrior)
        lookahead.TrackModel = hard.TrackPrior = no_second_build
        try:
            prepare_riders(screen.race)
        finally:
            lookahead.TrackModel, hard.TrackPrior = monkey
        await pilot.press("q", "q")
