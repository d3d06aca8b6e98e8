"""More prompts on the match screen, each with the real engine (scenario matches, scripted
dice) and answered by keys as a coach would: a caught bomb thrown again (B5), a kick block and
a Pass Block against a kick (B2.7), Pass Block against a pass (A12), High Kick and Quick Snap
(A4.5), where to throw a team-mate (A7.9), the apothecary's choice of result (A8.15), the
apothecary for a Fanatic KO'd by Pitch Invasion (A8.15, A4.5) and the Dodge re-roll in a Pass
Block move in the other team's turn (A10.4)."""

from squigbowl.rules.model import RESERVES
from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.rules.test_match_flow_helpers import lined_up
from tests.rules.test_match_flow_helpers import make as make_phase
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of
from tests.house.kick_it_helpers import KICKER_AT, kick_match, pid, row

SIZE = (110, 30)


def prompt(scr) -> str:
    return str(scr.query_one("#prompt").render())


async def pick_option(pilot, app, *words):
    """In the open dialog, press the number of the first option with all of `words`."""
    assert isinstance(app.screen, ChoiceDialog), app.screen
    options = app.screen.options
    i = next(i for i, t in enumerate(options) if all(w.lower() in t.lower() for w in words))
    assert i < 9, options
    await pilot.press(str(i + 1))
    await pilot.pause()


async def started(app, pilot):
    await pilot.pause()
    return screen_of(app)


# -- B5: a caught bomb must be thrown again ------------------------------------------------------
BOMBER, HOB = 3, 21


async def test_bomb_caught_and_thrown_again_by_the_other_coach():
    # fuse 2 lit; throw 4 accurate; the Hobgoblin catches on 3 (+1); his re-throw roll 6 does
    # not go off; his throw 5; the bomb lands in the empty square, bounces east (5), explodes
    m, dice = make([("home:4", (5, 7)), ("away:9", (8, 7))], [2, 4, 3, 6, 5, 5],
                   home="Goblins", away="Chaos Dwarfs", rerolls={"home": 0, "away": 0},
                   apothecary={"home": 0, "away": 0})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, (5, 7))
        await pilot.press("w", "a")
        await pilot.pause()
        await pick_option(pilot, app, "light fuse")
        assert m.pending.kind == "bomb_target" and scr.mode == "pick"
        await go(pilot, scr, (8, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert m.pending.kind == "catch_bomb" and "Bob" in app.screen.who
        await pick_option(pilot, app, "catch")
        assert any(e.kind == "bomb_caught" for e in scr.ctrl.history)
        # Bob throws it again, from the Hobgoblin's square, in Alice's turn
        assert (m.pending.kind, m.pending.side) == ("bomb_target", 1) and scr.mode == "pick"
        assert "Bob" in prompt(scr)
        await go(pilot, scr, (12, 7))
        await pilot.press("enter")
        await pilot.pause()
        thrown = [e for e in scr.ctrl.history if e.kind == "bomb_thrown"]
        assert [e["player"] for e in thrown] == [BOMBER, HOB]
        assert any(e.kind == "bomb_exploded" for e in scr.ctrl.history)
        assert m.pending.kind == "turn" and m.pending.side == 0
        assert "bomb" in "\n".join(scr.dicelog.lines_text).lower()
        dice.check_done()


# -- B2.7: Pass Block against a kick, then the kick block ------------------------------------------
async def test_kick_it_pass_block_declined_then_kick_block_picked_on_the_pitch():
    players = [row("away:9", (13, 7), skills=["Pass Block"]), row("away:2", (11, 6))]
    m, dice = kick_match(players, dice=[2, 6, 1])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, KICKER_AT)
        await pilot.press("d")
        await pilot.pause()
        east = (KICKER_AT[0] + 1, KICKER_AT[1])
        await go(pilot, scr, east)
        await pilot.press("enter")
        await pilot.pause()
        await pick_option(pilot, app, "aim the kick")
        # Pass Block (A12) against the kick: Bob's, picked on the pitch, or a: nobody
        assert (m.pending.kind, m.pending.side) == ("pass_block", 1) and scr.mode == "pick"
        assert "Bob" in prompt(scr)
        await pilot.press("a")
        await pilot.pause()
        await pick_option(pilot, app, "no")
        # the kick block: Bob picks his Blitzer next to the kicker
        assert (m.pending.kind, m.pending.side) == ("kick_block", 1) and scr.mode == "pick"
        blocker = pid(m, "away:2")
        await go(pilot, scr, m.state.players[blocker].square)
        await pilot.press("enter")
        await pilot.pause()
        assert [e.kind for e in scr.ctrl.history if e.kind.startswith("kick_block")] == [
            "kick_block_attempt", "kick_block_failed"]
        log = "\n".join(scr.dicelog.lines_text).lower()
        assert "kick block" in log
        dice.check_done()


# -- A12: Pass Block against a pass ----------------------------------------------------------------
async def test_pass_block_move_by_keys_then_no_interception():
    m, dice = make([("home:10", (5, 7)), ("home:11", (9, 7)),
                    ("away:9", (8, 11), {"skills": ["Pass Block"]})],
                   [4, 4], carrier="home:10")
    thrower, receiver = 9, 10
    blocker = next(p.id for p in m.state.players if p.square == (8, 11))
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, (5, 7))
        await pilot.press("p")
        await pilot.pause()
        await go(pilot, scr, (9, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert (m.pending.kind, m.pending.side) == ("pass_block", 1) and scr.mode == "pick"
        await go(pilot, scr, (8, 11))
        await pilot.press("enter")                           # Bob's Pass Block player
        await pilot.pause()
        for sq in ((8, 10), (8, 9), (8, 8)):                 # three free squares
            x, y = sq                                        # one step up: three squares
            assert (m.pending.kind, m.pending.choices) == ("pass_block", [
                ("pass_block_step", (x + 1, y)), ("pass_block_step", sq),
                ("pass_block_step", (x - 1, y))])
            assert sq in scr.pitch.legal
            await go(pilot, scr, sq)
            await pilot.press("enter")
            await pilot.pause()
        assert m.state.players[blocker].square == (8, 8)
        assert (m.pending.kind, m.pending.side) == ("intercept", 1)
        await pilot.press("a")
        await pilot.pause()
        await pick_option(pilot, app, "no interception")
        assert m.state.ball.carrier == receiver and m.state.players[thrower].acted
        dice.check_done()


# -- A4.5: High Kick and Quick Snap ---------------------------------------------------------------
KICK = (19, 7)


def at_kickoff(dice):
    return make_phase({"players": lined_up(), "kicking": "home"}, phase="kickoff", dice=dice)


async def test_high_kick_the_receiving_coach_picks_the_player_under_the_ball():
    # kick (19,7), scatter E 1 -> (20,7); kick-off table 2+3 = High Kick; the catch 4
    m, dice = at_kickoff([5, 1, 2, 3, 4])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        assert m.pending.kind == "kick" and scr.mode == "pick"
        await go(pilot, scr, KICK)
        await pilot.press("enter")
        await pilot.pause()
        assert (m.pending.kind, m.pending.side) == ("high_kick", 1) and scr.mode == "pick"
        assert "Bob" in prompt(scr)
        a9 = next(p for p in m.state.players if p.side == 1 and p.number == 9)
        assert a9.square in scr.pitch.legal
        await go(pilot, scr, a9.square)
        await pilot.press("enter")
        await pilot.pause()
        assert a9.square == (20, 7) and m.state.ball.carrier == a9.id
        dice.check_done()


async def test_quick_snap_players_step_one_square_then_a_ends_it():
    # kick lands on away:11 at (21,7) (E 2); kick-off table 4+5 = Quick Snap; the catch 4
    m, dice = at_kickoff([5, 2, 4, 5, 4])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, KICK)
        await pilot.press("enter")
        await pilot.pause()
        assert (m.pending.kind, m.pending.side) == ("quick_snap", 1) and scr.mode == "pick"
        a6 = next(p for p in m.state.players if p.side == 1 and p.number == 6)
        assert a6.square == (16, 7) and (15, 7) in scr.pitch.legal
        await go(pilot, scr, (15, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert a6.square == (15, 7)
        assert m.pending.kind == "quick_snap" and scr.mode == "pick"
        await pilot.press("a")
        await pilot.pause()
        assert "Done" in app.screen.options and "Quick Snap" in app.screen.title_text
        await pick_option(pilot, app, "done")
        a11 = next(p for p in m.state.players if p.side == 1 and p.number == 11)
        assert m.state.ball.carrier == a11.id and m.pending.kind == "turn"
        dice.check_done()


# -- A7.9: where to throw a team-mate -----------------------------------------------------------
async def test_throw_team_mate_target_square_picked_on_the_pitch():
    # the Troll (AG 1) throws on a 6: accurate; three scatters east; the Goblin lands on a 4
    m, dice = make([("home:1", (5, 7), {"skills": ["Throw Team-Mate"]}), ("home:9", (5, 8))],
                   [6, 5, 5, 5, 4], home="Goblins", rerolls={"home": 0})
    troll, gob = 0, 8
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, (5, 7))
        await pilot.press("p")
        await pilot.pause()
        await go(pilot, scr, (5, 8))                          # the Goblin to throw
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):              # a step there or the throw?
            await pick_option(pilot, app, "throw")
        assert m.pending.kind == "ttm_target" and scr.mode == "pick"
        assert (8, 7) in scr.pitch.legal and (15, 7) not in scr.pitch.legal   # Quick/Short
        await go(pilot, scr, (8, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.players[gob].square == (11, 7)
        assert m.state.players[troll].acted
        log = "\n".join(scr.dicelog.lines_text).lower()
        assert "throw team-mate" in log and "landing" in log
        dice.check_done()


# -- A8.15: the apothecary re-rolls the casualty, the coach keeps one -----------------------------
async def test_apothecary_then_the_coach_picks_the_casualty_result():
    # MA 4: the fifth square is a Go For It, rolled 1 (no re-roll); armour 6+6, injury 6+6,
    # casualty 6 (Dead); the apothecary's casualty roll 2 (Badly Hurt): the coach keeps it
    m, dice = make([("home:5", (5, 7), {"ma": 4})], [1, 6, 6, 6, 6, 6, 2], home="Orcs",
                   rerolls={"home": 0}, apothecary={"home": 1})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, (5, 7))
        await pilot.press("m")
        await pilot.pause()
        await go(pilot, scr, (10, 7))
        assert "GFI 2+" in prompt(scr) and scr.pitch.path[(10, 7)] == "G2+"
        await pilot.press("enter")                            # walks the path shown
        await pilot.pause()
        assert m.pending.kind == "apothecary" and "Alice" in app.screen.who
        assert "apothecary" in app.screen.title_text.lower()
        await pick_option(pilot, app, "use the apothecary")
        assert m.pending.kind == "apothecary_result"
        options = app.screen.options
        assert any("Dead" in t for t in options) and any("Badly Hurt" in t for t in options)
        await pick_option(pilot, app, "badly hurt")
        assert m.state.players[4].status == RESERVES
        assert m.state.teams[0].apothecary == 0
        dice.check_done()


# -- A8.15 with A4.5: the apothecary for a Fanatic KO'd by Pitch Invasion -------------------------
async def test_A8_15_apothecary_prompt_for_a_fanatic_kod_by_pitch_invasion():
    """A8.15, A4.5, B3.9: the kick-off's Pitch Invasion KOs the Goblin Fanatic; his coach is
    asked about the apothecary in the middle of the kick-off, and a saved Fanatic goes to
    Reserves."""
    # kick (20, 6), S 1 onto the Dwarf; table 6+6; Fanatic 6 (hit), Dwarf 1; the Dwarf catches
    m, dice = make([("home:3", (10, 7)), ("away:8", (20, 7))], [7, 1, 6, 6, 6, 1, 5],
                   home="Goblins", away="Dwarfs", kicking="home", phase="kickoff",
                   rerolls={"home": 0, "away": 0}, apothecary={"home": 1, "away": 0})
    m.decide(("kick", (20, 6)))
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert m.pending.kind == "apothecary" and "Alice" in app.screen.who
        assert "apothecary" in app.screen.title_text.lower()
        await pick_option(pilot, app, "use the apothecary")
        assert m.state.players[2].status == RESERVES
        assert (m.pending.kind, m.pending.side) == ("turn", 1)
        dice.check_done()


# -- A10.4: the Dodge re-roll in a Pass Block move, after one used in his own turn ----------------
async def test_A10_4_dodge_reroll_prompt_in_a_pass_block_move_in_the_opponents_turn():
    """A10.4 / A12 Dodge, A12 Pass Block: the Dodge re-roll, used in his own turn, is offered
    again to his coach for a failed dodge of his Pass Block move in the other team's turn."""
    catcher = 16
    m, dice = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (9, 12)),
                    ("home:6", (7, 9)), ("away:6", (8, 11), {"skills": ["Dodge", "Pass Block"]})],
                   [1, 5, 1, 6], carrier="home:10", active="away",
                   rerolls={"home": 0, "away": 0})
    m.decide(("MOVE", catcher))
    m.decide(("step", (8, 10)))
    m.decide(("reroll", "Dodge"))
    m.decide(("end", None))
    m.decide(("end_turn", None))
    m.decide(("PASS", 9))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", catcher))
    m.decide(("pass_block_step", (9, 9)))
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        assert m.pending.kind == "reroll" and "Bob" in app.screen.who
        assert "dodge" in app.screen.title_text.lower()
        await pick_option(pilot, app, "dodge skill")
        assert m.state.players[catcher].square == (9, 9)
        assert m.pending.kind == "pass_block"
        dice.check_done()


# -- A12 Dirty Player: chosen once the armour roll is seen -----------------------------------------
async def test_A12_dirty_player_prompt_after_the_armour_roll():
    """A12 Dirty Player, A0.7: the fouler's coach is asked where the +1 goes with the armour
    roll already in the dice log (3 + 5 = 8 holds against AV 8); on the armour it breaks it,
    the injury roll 1 + 3 stuns the victim."""
    m, dice = make([("home:10", (5, 5), {"skills": ["Dirty Player"]}),
                    ("away:9", (6, 5), {"status": "prone"})], [3, 5, 1, 3], home="Orcs",
                   rerolls={"home": 0, "away": 0}, apothecary={"home": 0, "away": 0})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, (5, 5))
        await pilot.press("f")
        await pilot.pause()
        await go(pilot, scr, (6, 5))
        await pilot.press("enter")
        await pilot.pause()
        assert m.pending.kind == "skill" and "Alice" in app.screen.who
        title = app.screen.title_text
        assert "Dirty Player" in title and "armour 8 against AV 8" in title and "holds" in title
        log = "\n".join(scr.dicelog.lines_text).lower()
        assert "armour" in log
        await pick_option(pilot, app, "armour")
        assert m.state.players[19].status == "stunned"
        log = "\n".join(scr.dicelog.lines_text).lower()
        assert "dirty player on the armour: 9, broken" in log and "injury" in log
        dice.check_done()
