"""The replay screen's layout at 80x24 and 120x36: the whole pitch, and the list of steps
readable across the width under it (it was 3 columns wide at 80x24, and at 120x36 cut beside
the pitch with the lower half of the screen empty)."""

from __future__ import annotations

import pytest

from squigbowl.ui.app import SquigBowlApp
from tests.saves.helpers import saved_match
from tests.ui.test_console_glyphs import shown


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_replay_lays_out_the_pitch_and_the_steps(tmp_path, size):
    width, height = size
    path = saved_match(tmp_path, decisions=80)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=size) as pilot:
        assert app.open_replay(path)
        await pilot.pause()
        await pilot.press("left")                       # step 79: a step with things after it
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "ReplayScreen"
        pitch = screen.query_one("#replay-pitch").region
        assert (pitch.width, pitch.height) == (78, 15)
        log = screen.query_one("#replay-log").region
        # the list of steps: the whole width, under the pitch, down to the footer
        assert log.x == 0 and log.width == width
        assert log.y >= pitch.bottom and log.bottom == height - 1
        assert log.height >= 6
        lines = shown(app).splitlines()
        step = screen.replay.steps[screen.index]
        head = f"#{step.index} {step.who}: {step.question}"
        below = [line for line in lines[pitch.bottom:height - 1] if line.strip()]
        assert any(head in line for line in below)       # the current step is in the list
        assert len(below) >= log.height - 1              # no empty half
        side = screen.query_one("#replay-side")
        if width >= 110:
            # beside the pitch: the keys and the current step in full
            assert side.display and side.region.x == pitch.right
            assert side.region.width >= 32
            beside = [line[pitch.right:] for line in lines[pitch.y:pitch.bottom]]
            assert any(head[:30] in line for line in beside)
            assert any("next turn" in line for line in beside)
        else:
            assert side.region.width == 0
        # the next step: the list follows it
        await pilot.press("right")
        await pilot.pause()
        step = screen.replay.steps[screen.index]
        assert f"#{step.index} {step.who}" in shown(app)
