"""The small ones of issue 21.15, each as a coach meets it: the rejoin-code dialog, `?` on the
Cup screen, the touchback under Squig Ball, the state words, the tackle-zone overlay's messages,
the apothecary in the match report, the New match form's line on Fanatics and weapons. (The
log lines of many players: test_log_line_length.py.)"""

from __future__ import annotations

import shutil
import tempfile
from argparse import Namespace
from pathlib import Path
from types import SimpleNamespace

from textual.app import App

from squigbowl.net.client import Client
from squigbowl.net.server import Server
from squigbowl.rules.engine import Match
from squigbowl.rules.events import Decision, Event
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog
from squigbowl.ui.match import sentences, words
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.end_screen import EndScreen, team_summary
from squigbowl.ui.match.new_match import WITH_THE_TEAM, TeamPick
from squigbowl.ui.match.widgets import PlayerCard, state_words
from squigbowl.ui.net.room_screen import REJOIN_NOTED, RoomMatchScreen
from squigbowl.ui.race.cup_screen import CupHelp, CupScreen
from tests.conftest import make
from tests.ui.test_console_glyphs import shown
from tests.ui.test_cup_ui import make_app, settle
from tests.ui.test_match_screen import MatchApp, screen_of


# -- the rejoin-code dialog -----------------------------------------------------------------------

async def test_the_rejoin_code_dialog_says_what_its_one_answer_does():
    folder = Path(tempfile.mkdtemp(prefix="sqb-"))
    server = Server(folder / "saves")
    (folder / "saves").mkdir()
    await server.start_unix(folder / "s.sock")
    try:
        other = await Client.connect(server.socket_path)
        room = await other.create(game="match", home="Orcs", away="Humans", seed=11)
        args = Namespace(command="join", room=room, seat="home", name="Ann", token=None,
                         socket=str(server.socket_path))
        app = SquigBowlApp(args, saves_folder=folder / "client")
        app.match_instant = True
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(500):
                scr = next((s for s in app.screen_stack if isinstance(s, RoomMatchScreen)),
                           None)
                if scr is not None and scr.link.token and app.screen is scr:
                    break
                await pilot.pause(0.02)
            assert app.screen is scr
            await pilot.press("R")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog) and not isinstance(dialog, ConfirmDialog)
            assert dialog.options == [REJOIN_NOTED]          # no Yes / No with no question
            text = shown(app)
            assert "Your rejoin code:" in text and "Yes" not in text and "Noted it?" in text
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is scr
        await other.close()
    finally:
        await server.close()
        shutil.rmtree(folder, ignore_errors=True)


# -- ? on the Cup screen --------------------------------------------------------------------------

async def test_question_mark_on_the_cup_opens_its_help_and_esc_closes_only_the_help(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.menu_choice("cup")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        cup = app.screen
        assert isinstance(cup, CupScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, CupHelp)
        text = shown(app)
        assert "n       the next race" in text and "Points per race: 1st 10" in text
        assert not app._notifications                       # no floating tooltip
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is cup                             # the Cup is still there
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("question_mark")                  # ? closes it too
        await settle(pilot)
        assert app.screen is cup


# -- the touchback under Squig Ball ---------------------------------------------------------------

def test_the_touchback_gives_the_squig_under_squig_ball():
    for squig, thing in ((True, "the squig"), (False, "the ball")):
        m = Match(find_team("Orcs"), find_team("Humans"), seed=1,
                  options=Options(squig_ball=squig))
        ctrl = SimpleNamespace(state=m.state, match=m)
        d = Decision("touchback", 1, [("touchback", p.id) for p in m.state.players
                                      if p.side == 1])
        assert words.decision_title(ctrl, d) == f"Touchback: give {thing} to a player"
        from squigbowl.ui.match.help_screen import help_text

        said = help_text(ctrl, "pick", None, d).plain
        assert f"give {thing} to a" in said
        if squig:
            assert "the ball" not in said.split("Now", 1)[1].split("\n")[1]


# -- the state words ------------------------------------------------------------------------------

async def test_the_state_words_say_in_the_reserves():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5))], [])
    victim = m.state.players[m.state.board[(6, 5)]]
    e = Event("weapon_hit", weapon="chainsaw", attacker=m.state.board[(5, 5)],
              defender=victim.id, result="reserves")
    text, _ = sentences.sentence(m.state, e)
    assert text.endswith("armour: he goes to the Reserves"), text
    assert "is reserves" not in text
    assert state_words("reserves") == "in the Reserves" and state_words("ko") == "knocked out"

    class CardApp(App):
        def compose(self):
            yield PlayerCard(id="card")

    app = CardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        m.state.remove(victim, "reserves")
        app.query_one(PlayerCard).show(SimpleNamespace(state=m.state, match=m), victim.id)
        await pilot.pause()
        assert "In the Reserves" in shown(app) and "reserves;" not in shown(app)


# -- the tackle-zone overlay ---------------------------------------------------------------------

async def test_the_tackle_zone_overlay_says_plainly_when_it_is_off():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5))], [])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("x")
        on = str(scr.query_one("#prompt").render())
        assert on.startswith("Tackle-zone overlay on:") and "x hides them" in on
        await pilot.press("x")
        off = str(scr.query_one("#prompt").render())
        assert off.startswith("Tackle-zone overlay off: no tackle-zone digits on the pitch")
        assert "digits count" not in off and "x shows them again" in off


# -- the apothecary in the match report ---------------------------------------------------------

async def test_the_report_says_the_apothecary_saved_the_casualty_caused():
    m, _ = make([("home:5", (5, 5)), ("away:9", (7, 5))], [])
    s = m.state
    hitter, victim = s.players[s.board[(5, 5)]], s.players[s.board[(7, 5)]]
    hitter.stats = {"casualties": 1}                           # inflicted: counted (A14)
    s.remove(victim, "reserves")                               # ... and saved (A8.15)
    history = [Event("injured", player=victim.id, result="reserves", cause="block",
                     apothecary=True, detail="Badly Hurt")]
    ctrl = SimpleNamespace(state=s, match=m, history=history)
    home, away = team_summary(ctrl, 0), team_summary(ctrl, 1)
    assert home["casualties_inflicted"] == 1 and away["casualties_suffered"] == 0
    assert [(p.id, how) for p, how in away["casualties_saved"]] == [(victim.id,
                                                                     "the apothecary")]

    class ReportApp(App):
        def on_mount(self):
            self.push_screen(EndScreen(ctrl))

    app = ReportApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(app)
        assert "and saved after it" in text and "1 (apothecary)" in text
        assert f"{victim.name} #{victim.number} by the apothecary" in text


# -- the New match form --------------------------------------------------------------------------

async def test_the_new_match_form_says_fanatics_and_weapons_come_with_the_team():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")                           # New match
        await pilot.pause()
        assert isinstance(app.screen, TeamPick)
        text = shown(app)
        assert WITH_THE_TEAM in text
        assert "Fanatics and secret weapons come with their teams" in WITH_THE_TEAM
        assert "Start match" in text                          # the form still fits at 80x24
