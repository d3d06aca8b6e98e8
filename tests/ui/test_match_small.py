"""Small things the match screen says (issue 11): the header's re-roll mark, the help's
legends, the default kick aim, the leave dialog of a finished match."""

from squigbowl import saves
from squigbowl.ui.kit.dialogs import ConfirmDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.help_screen import help_text
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp, screen_of


def header(scr) -> str:
    return str(scr.query_one("#header").render())


async def test_rr_star_marks_only_the_team_on_the_move_and_the_help_explains_it():
    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [], rerolls={"home": 2, "away": 3})
    m.state.teams[1].reroll_used = True      # left from the other team's last turn
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert "RR 2–3" in header(scr)
        m.state.teams[0].reroll_used = True
        scr.refresh_all()
        assert "RR 2*–3" in header(scr) and "3*" not in header(scr)
        said = help_text(scr.ctrl, scr.mode, scr.pitch.cursor, scr.decision).plain
        assert "* = the team on the move has used its one team" in said


async def test_help_has_a_legend_of_the_player_letters():
    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [], home="Orcs", away="Humans")
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        said = help_text(scr.ctrl, scr.mode, scr.pitch.cursor, scr.decision).plain
        assert "Players (the letter on the pitch)" in said
        for p in m.state.players:
            assert f"{p.glyph} {p.position}" in said


async def test_leave_a_finished_match_says_it_is_over_and_saved(tmp_path):
    m, _ = make([("home:5", (5, 5))], [])
    ctrl = MatchController(m)
    saver = saves.Autosaver(tmp_path, "match")
    try:
        saver(m)
        saver.flush()
        ctrl.autosave = saver
        m.state.over = True
        app = MatchApp(ctrl, handover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            scr = screen_of(app)
            scr.action_leave()
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            text = " ".join(app.screen.info)
            assert "over and saved" in text and "Continue" not in text
    finally:
        saver.close()
