"""The match screen's modes (squigbowl/ui/match/modes/), its help generated from the bindings,
and U bound on the screen itself (no branch on a class name in the app)."""

from __future__ import annotations

import pytest

from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.help_screen import entries, help_text
from squigbowl.ui.match.screen import HELP_LINES, MatchScreen
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp, screen_of

#: the help's key lines as they were written by hand before they were generated from the
#: bindings (issue 22): the generated help says every one of them, in this order
WRITTEN_HELP = [
    "Set-up: Enter picks a player up / puts him down; on an empty square, lists who may go",
    "        there (Reserves first); r lists the Reserves: pick one up, or send the player",
    "        under the cursor there; Delete sends him to Reserves at once; F formations,",
    "        S save one, K Kick It! kicker, Tab next of your players, e ends the set-up (or",
    "        says which rule it breaks)",
    "Cursor: arrows, vi keys h j k l y u n, numpad; down-left is End or 1 (b is Block);",
    "        Tab / Shift+Tab: next player who can act",
    "        (during an action or a pick: the next highlighted target)",
    "Turn: m Move, b Block, z Blitz, p Pass, o Hand-off, f Foul, t Throw team-mate,",
    "      e End turn; Enter on a player lists his actions; a lists every choice;",
    "      W casts the wizard's spell (D4.4), before anyone acts",
    "House rules: d Kick (B2): d declares it, then d again with the cursor next to the kicker",
    "      kicks that way (< ^ > show the arrows); w Throw a bomb (B5), s Fire the",
    "      blunderbuss (B4), v Start the chainsaw (B7); others: the letter in the footer",
    "Action: Enter on a highlighted square commits; on a farther square walks the path",
    "        shown (d4+ = dodge on 4+, G2+ = Go For It, p = pick-up, L = leap); Esc ends",
    "Other questions: pick on the pitch with Enter, or a dialog with number keys",
    "Banners: a turnover (what failed and why), touchdown, casualty or send-off (and the",
    "        kick-off result, where no hand-over tells it) stays on the pitch until a key",
    "        (L reads the log over it); then the other coach's hand-over",
    "The footer shows only the keys that work now; while the terminal is too small, none do",
    "Views: x tackle zones, g coordinates, c colours, i card/log (narrow), Q leave",
    "Log: L the whole match log, full screen, from anywhere in the match (↑↓ PgUp",
    "        PgDn Home End scroll, Esc back); the computer waits while it is open",
    "Undo: U takes back the current activation until its first die is rolled",
    "Animations: space skips, + faster, - slower",
    "Computer: its turns play by themselves (\"Computer (easy) is thinking…\"); Space or",
    "        Enter skips to the end of its turn; U never takes back its moves",
    "Pitch: [g] Home, (g) Away; ● holds the ball, _ prone, * stunned, dim = has acted",
    "Header: RR 2*–1 = team re-rolls left; * = the team on the move has used its one team",
    "        re-roll this turn (A10.2)",
]


def test_the_help_says_every_line_written_before_in_the_same_order():
    assert entries(HELP_LINES) == entries(WRITTEN_HELP)


def test_the_help_screen_shows_every_written_entry():
    m, _ = make([("home:5", (5, 5))], [])
    shown = help_text(MatchController(m), "turn", (5, 5), m.pending).plain
    at = [shown.index(entry) for entry in entries(WRITTEN_HELP)]
    assert at == sorted(at)


def test_each_help_entry_names_the_keys_its_bindings_have():
    from textual.binding import Binding

    from squigbowl.ui.match import key_help
    from squigbowl.ui.match.modes.turn import TurnMode

    rebound = [Binding("M", b.action, b.description) if b.key == "m" else b
               for b in MatchScreen.BINDINGS]
    turn = key_help.mode_entry(TurnMode, rebound)
    assert turn.startswith("Turn: M Move, b Block,") and "t Throw team-mate" in turn
    with pytest.raises(ValueError, match="no key is bound"):
        key_help.mode_entry(TurnMode, [b for b in MatchScreen.BINDINGS if b.key != "e"])


def test_every_mode_brings_its_keys_and_its_help_entry():
    from squigbowl.ui.match import key_help
    from squigbowl.ui.match.modes.action import ActionMode
    from squigbowl.ui.match.modes.computer import ComputerMode
    from squigbowl.ui.match.modes.pick import PickMode
    from squigbowl.ui.match.modes.setup import SetupKeysMode
    from squigbowl.ui.match.modes.turn import TurnMode

    for mode in (TurnMode, ActionMode, PickMode, SetupKeysMode, ComputerMode):
        assert all(b in MatchScreen.BINDINGS for b in mode.BINDINGS), mode
        assert key_help.mode_entry(mode, MatchScreen.BINDINGS) in HELP_LINES, mode


async def test_the_screen_asks_each_decision_in_its_modes_object():
    from squigbowl.ui.match.modes.action import ActionMode
    from squigbowl.ui.match.modes.pick import PickMode
    from squigbowl.ui.match.modes.turn import TurnMode

    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 5))], [6, 1, 1])
    app = MatchApp(MatchController(m), handover=False, banners=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert type(scr._mode) is TurnMode and scr.mode == "turn"
        await pilot.press("b")
        assert type(scr._mode) is ActionMode and scr.decision.info["action"] == "BLOCK"
        await pilot.press("enter")                      # 6: Defender Down, then the push
        await pilot.pause()
        assert type(scr._mode) is PickMode and scr.decision.kind == "push"
        assert scr.check_action("select", ()) and not scr.check_action("end_action", ())
        await pilot.press("enter", "2")                 # pushed; no follow-up; armour 1+1
        await pilot.pause()
        assert type(scr._mode) is TurnMode
        dice.check_done()
        # a mode the screen does not know (a room's 'remote'): no key of a mode works
        scr.mode = "remote"
        assert scr.mode == "remote"
        assert not any(scr.check_action(a, p) for a, p in (
            ("select", ()), ("choices", ()), ("next_player", (1,)), ("declare", ("MOVE",)),
            ("end_turn", ()), ("end_action", ()), ("setup_key", ("end",))))
        assert scr.check_action("toggle_tz", ()) and scr.check_action("help", ())


async def test_u_is_the_screens_own_key_whatever_the_class_is_called(tmp_path):
    """App.action_undo took back only on a screen whose class was named MatchScreen."""
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team
    from squigbowl.ui.app import SquigBowlApp

    class LeagueMatchScreen(MatchScreen):
        pass

    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coach = RandomCoach(5)
    while not m.can_undo():
        m.decide(coach.choose(m))
    at = len(m.log)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        scr = LeagueMatchScreen(MatchController(m), animate=False, handover=False)
        app.push_screen(scr)
        await pilot.pause()
        assert scr.mode == "action"
        await pilot.press("U")
        await pilot.pause()
        assert len(m.log) == at - 1 and m.pending.kind == "turn"
        assert "Action taken back (undo)." in scr.dicelog.lines_text[-1]
