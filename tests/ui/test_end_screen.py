"""The end of the match screen: score, SPP, MVP and dice luck; its replay key."""

import html
import re

from squigbowl.rules.engine import Match
from squigbowl.rules.events import Event
from squigbowl.rules.model import find_team
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp


def shot_text(app) -> str:
    """The text of an SVG screenshot (tags dropped, entities decoded)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg.split("</style>")[-1])).replace("\xa0", " ")


def over(ctrl, m) -> "MatchApp":
    """The app of `ctrl`'s match, ended (home won): it opens on the end screen."""
    m.pending = None
    m.state.over, m.state.winner = True, 0
    return MatchApp(ctrl)


async def test_end_screen_shows_score_spp_mvp_and_luck():
    from squigbowl.ui.match.end_screen import EndScreen

    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [])
    m.state.teams[0].score = 2
    m.state.players[4].stats = {"touchdowns": 2, "mvp": 1}
    ctrl = MatchController(m)
    ctrl.history = [Event("roll", what="dodge", player=4, target=3, modifier=1, dice=[2],
                          success=True),
                    Event("roll", what="dodge", player=4, target=3, modifier=0, dice=[1],
                          success=False)]
    app = over(ctrl, m)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        a, b = app.screen.summaries
        assert a["touchdowns"] == 2 and a["mvp"] is m.state.players[4]
        assert a["spp"][0][1] == 11                   # 2 TD x 3 + MVP 5
        luck = app.screen.luck[0]
        assert luck["rolls"] == 2 and luck["successes"] == 1
        assert abs(luck["expected"] - (5 / 6 + 4 / 6)) < 1e-9
        shot = shot_text(app)
        assert "FULL TIME" in shot and "MVP" in shot and "[Orcs]" in shot
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, MatchScreen) for s in app.screen_stack)


async def test_end_screen_replay_key_opens_the_games_replay(tmp_path, monkeypatch):
    from squigbowl.ui.app import SquigBowlApp
    from squigbowl.ui.match.end_screen import EndScreen
    from squigbowl.ui.replay_screen import ReplayScreen

    monkeypatch.setenv("SQUIGBOWL_SAVES", str(tmp_path))
    m = Match(find_team("Orcs"), find_team("Humans"), seed=2)
    m.decide(m.legal()[0])
    ctrl = MatchController(m)
    app = SquigBowlApp(None)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        end = EndScreen(ctrl)
        app.push_screen(end)
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen_stack[-2] is end
        assert str(app.screen.query_one("#replay-head").render()) == \
            "Replay · Orcs v Humans · step 1/1 · Orcs 0–0 Humans · half 1 · turn 0 (Orcs)"
        await pilot.press("escape")                   # back to the end screen
        await pilot.pause()
        assert app.screen is end


async def test_end_screen_footer_names_where_enter_goes():
    """Enter leads to the post-match sequence after a friendly or league match (D3): the footer
    says so, as the screen's own line does; after a one-off it says the main menu."""
    from squigbowl.ui.match.end_screen import EndScreen

    for after, key in ((None, "Main menu"), ("on to the post-match sequence", "Post-match")):
        m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [])
        ctrl = MatchController(m)
        if after:
            ctrl.after_match = after
        app = over(ctrl, m)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            shot = shot_text(app)
            assert f"⏎ {key}" in shot, shot[-300:]
            other = "Post-match" if key == "Main menu" else "Main menu"
            assert other not in shot
            assert f"Enter: {after or 'back to the main menu'}" in shot
            for press in ("enter", "escape"):         # both leave, whichever Enter's label
                await pilot.press(press)
                await pilot.pause()
                assert not isinstance(app.screen, EndScreen), press
                app.push_screen(EndScreen(ctrl))
                await pilot.pause()
