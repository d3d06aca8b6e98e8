"""The set-up screen's Reserves and the Goblin Fanatic at 80x24, keys as a coach presses them
(issue 21 item 11; RULES.md A4.3, B3.13: a Fanatic may stand on the line of scrimmage).

The ready-made Goblins (13 players: #3 Spinnit the Fanatic, #12 Zog and #13 Wazz Goblins)
kick against Orcs, so they set up first. Before: no formation placed the Fanatic, the prompt
said "0 in Reserves" while he and a Goblin were there, Enter on an empty square listed none
of them, and the footer's `r` "Reserves" sent the player under the cursor to Reserves.
"""

from squigbowl.rules.engine import Match
from squigbowl.rules.model import RESERVES, find_team
from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.help_screen import HelpScreen
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of

SIZE = (80, 24)


def goblins_set_up():
    """Goblins (Home) v Orcs at the Goblins' set-up, the Goblins kicking."""
    m = Match(find_team("Goblins"), find_team("Orcs"), seed=3)
    m.decide(m.legal()[0])                         # the coin toss
    m.decide(("choose", "kick" if m.pending.side == 0 else "receive"))
    assert (m.pending.kind, m.pending.side) == ("setup", 0)
    return m, MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)


def number(m, n):
    return next(p for p in m.state.players if p.side == 0 and p.number == n)


def prompt(scr) -> str:
    return str(scr.query_one("#prompt").render())


def keys(scr) -> str:
    return str(scr.query_one("#keys").render())


def card(scr) -> str:
    return "\n".join(str(c.render()) for c in scr.query("PlayerCard"))


async def _formation(pilot, scr):
    await pilot.press("F", "1")                    # line, built in
    await pilot.pause()


async def test_b3_13_the_formation_sets_the_fanatic_up_and_the_count_says_two_in_reserves():
    m, app = goblins_set_up()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await _formation(pilot, scr)
        assert number(m, 3).square == (12, 7)                   # the middle of the line
        assert "11 on the pitch, 2 in Reserves" in prompt(scr)
        await go(pilot, scr, (5, 7))                            # an empty square: the card
        await pilot.pause()
        shown = card(scr)
        assert "Reserves (2)" in shown and "Zog" in shown and "Wazz" in shown


async def test_a4_3_enter_on_an_empty_square_lists_the_reserves_and_one_comes_on():
    m, app = goblins_set_up()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await _formation(pilot, scr)
        on_before = {p.id for p in m.state.players if p.side == 0 and p.square is not None}
        await go(pilot, scr, (5, 7))
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and "Who goes to (5,7)" in dialog.title_text
        assert dialog.options[0].startswith("Zog #12 (Goblin, from Reserves")
        assert dialog.options[1].startswith("Wazz #13 (Goblin, from Reserves")
        await pilot.press("1")                                  # Zog comes on...
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and "Reserves for Zog #12" in dialog.title_text
        pick = next(i for i, o in enumerate(dialog.options) if o.startswith("Snik #9"))
        await pilot.press(str(pick + 1))                        # ...for Snik
        await pilot.pause()
        assert number(m, 12).square == (5, 7) and number(m, 9).status == RESERVES
        assert len({p.id for p in m.state.players if p.side == 0 and p.square}) == 11
        assert on_before != {p.id for p in m.state.players if p.side == 0 and p.square}
        assert scr.mode == "setup" and ("end_setup", None) in m.pending.choices
        # the Fanatic off with Delete, then listed for an empty square of the line
        await go(pilot, scr, (12, 7))
        await pilot.press("delete")
        await pilot.pause()
        assert number(m, 3).status == RESERVES
        await go(pilot, scr, (12, 6))
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        fan = next(i for i, o in enumerate(dialog.options) if "Goblin Fanatic" in o)
        await pilot.press(str(fan + 1))
        await pilot.pause()
        assert number(m, 3).square == (12, 6)


async def test_r_shows_the_reserves_and_leaves_the_player_under_the_cursor_on_the_pitch():
    m, app = goblins_set_up()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await _formation(pilot, scr)
        troll = m.state.board[(12, 5)]
        await go(pilot, scr, (12, 5))
        await pilot.pause()
        assert "r Reserves" in keys(scr) and "del To Reserves" in keys(scr)
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.title_text == "Reserves"
        assert m.state.players[troll].square == (12, 5)        # not sent off by r
        assert "2 in Reserves" in dialog.info[0]
        assert dialog.options[0].startswith("Send Gutrot #1 (under the cursor) to Reserves")
        assert [o.split(" (")[0] for o in dialog.options[1:]] == ["#12 Zog", "#13 Wazz"]
        await pilot.press("2")                                  # pick Zog up
        await pilot.pause()
        assert "holding Zog #12" in prompt(scr)
        await pilot.press("enter")                              # on the Troll: they swap
        await pilot.pause()
        assert number(m, 12).square == (12, 5) and m.state.players[troll].status == RESERVES
        # from the list: the player under the cursor to Reserves
        await pilot.press("r", "1")
        await pilot.pause()
        assert number(m, 12).status == RESERVES
        assert "10 on the pitch, 3 in Reserves" in prompt(scr)


async def test_the_footer_and_help_say_which_key_shows_the_reserves_and_which_sends_there():
    m, app = goblins_set_up()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))                            # nobody under the cursor
        await pilot.pause()
        assert "r Reserves" in keys(scr) and "del" not in keys(scr)
        await _formation(pilot, scr)
        await go(pilot, scr, (12, 7))
        await pilot.pause()
        # at 80 columns the set-up's own keys, then L and ? (the footer leaves out Enter Select)
        assert keys(scr) == ("r Reserves  del To Reserves  F Formations  S Save  e End set-up  "
                             "L Log  ? Help")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(app.screen.text.plain.split())
        assert "r lists the Reserves" in text and "Delete sends him to Reserves" in text


async def test_a4_5_perfect_defence_r_lists_the_reserves_with_the_rule_and_brings_none_on():
    """Perfect Defence re-arranges the players on the pitch only (A4.5): r says who is in
    Reserves and why none may come on; nothing is sent off or brought on."""
    from squigbowl.rules.setup import formations

    line = formations()["line"].squares(0)
    rows = [{"who": f"home:{n}", "at": list(sq)} for n, sq in zip((1, 2, 4, 5, 6), line)]
    from squigbowl.rules.dice import ScriptedDice
    from squigbowl.rules.scenario import scenario_match

    m = scenario_match({"home": "Goblins", "away": "Orcs", "phase": "kickoff_perfect_defence",
                        "active": "home", "kicking": "home", "players": rows},
                       dice=ScriptedDice([]))
    assert (m.pending.kind, m.pending.side) == ("setup", 0)
    assert m.pending.info["perfect_defence"]
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert "5 on the pitch, 8 in Reserves" in prompt(scr)
        await go(pilot, scr, line[0])
        await pilot.press("r")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog)
        said = prompt(scr)
        assert "8 in Reserves" in said and "Perfect Defence" in said
        assert m.state.board.get(line[0]) is not None
