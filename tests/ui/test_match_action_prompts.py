"""Each action's own prompt line (issue 11): what to do, and the numbers of the target under
the cursor, asked of the engine's odds (never computed by the screen). The real app at 80x24
and 120x36, keys as a coach presses them, scenario matches."""

import pytest

from squigbowl.rules import odds
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.words import player_name
from tests.conftest import make
from tests.house.kick_it_helpers import KICKER_AT, kick_match
from tests.rules.test_match_flow_helpers import lined_up
from tests.rules.test_match_flow_helpers import make as make_phase
from tests.ui.test_match_flow import go
from tests.ui.test_match_prompts import pick_option
from tests.ui.test_match_screen import MatchApp, screen_of

SIZES = [(80, 24), (120, 36)]


def prompt(scr) -> str:
    """The prompt line; it must fit its two rows at 80 columns (nothing cut off)."""
    text = str(scr.query_one("#prompt").render())
    assert len(text) <= 2 * 80 - 4, (len(text), text)
    return text


def footer(scr) -> str:
    return str(scr.query_one("#keys").render())


def name(m, pid) -> str:
    return player_name(m.state, pid, short=True)


async def open_app(m, size, **kw):
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False, **kw)
    return app


@pytest.mark.parametrize("size", SIZES)
async def test_block_prompt_says_the_dice_who_chooses_and_the_chance(size):
    # a 3 v 3 with an assist for Bob: 2 dice, Bob chooses
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5)), ("away:10", (6, 6))], [])
    app = await open_app(m, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.press("b")
        await pilot.pause()
        b = scr.ctrl.block_preview(4, m.state.board[(6, 5)])
        assert b["dice"] == 2 and b["chooser"] == 1
        # issue 21.14: the cursor is on the first target at once, the prompt says its block
        assert scr.pitch.cursor in scr.ctrl.targets(scr.decision)
        assert "(Block) · Block " in prompt(scr)
        await go(pilot, scr, (5, 5))                    # back on the blocker: how to a target
        said = prompt(scr)
        assert "(Block) · Tab to a highlighted opponent, then Enter blocks him" in said
        assert "move" not in said
        # the first target's odds, and Tab to the other one
        assert said == "Gorbad (Block) · Tab to a highlighted opponent, then Enter blocks him · " \
            "Block Otto #9: 2 dice they choose, 3 v 4, knock-down 25% (+1 more: Tab)"
        await go(pilot, scr, (6, 5))
        said = prompt(scr)
        assert f"Block {name(m, m.state.board[(6, 5)])}: 2 dice they choose, 3 v 4" in said
        assert f"knock-down {b['p_defender_down']:.0%}" in said


@pytest.mark.parametrize("size", SIZES)
async def test_blitz_prompt_says_move_then_block(size):
    m, _ = make([("home:5", (5, 5)), ("away:9", (8, 5))], [])
    app = await open_app(m, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.press("z")
        await pilot.pause()
        assert scr.decision.info["action"] == "BLITZ"
        assert "(Blitz) · move, then Enter on a highlighted opponent blocks him (one block)" \
            in prompt(scr)


@pytest.mark.parametrize("size", SIZES)
async def test_pass_prompt_says_the_range_the_roll_and_the_interceptors(size):
    m, _ = make([("home:10", (5, 7)), ("home:11", (10, 7)), ("away:9", (8, 7))], [],
                carrier="home:10")
    app = await open_app(m, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        await pilot.press("p")
        await pilot.pause()
        assert "(Pass) · move, then aim at a square in range: Quick +1, Short +0, Long -1, " \
            "Long Bomb -2" in prompt(scr)
        await go(pilot, scr, (10, 7))
        po = scr.ctrl.pass_preview(9, (10, 7))
        (inter,) = po["interceptors"]
        said = prompt(scr)
        assert f"{po['range_name']} ({po['modifier']:+d}): accurate {po['accurate_on']}+" \
            in said
        assert f"fumble {po['fumble_on']}-" in said
        assert f"interceptors: {name(m, inter['player'])} needs {inter['needed']}+" in said


@pytest.mark.parametrize("size", SIZES)
async def test_hand_off_prompt_says_the_catch(size):
    m, _ = make([("home:10", (5, 7)), ("home:11", (6, 7)), ("away:9", (7, 7))], [],
                carrier="home:10", rerolls={"home": 0})
    app = await open_app(m, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        await pilot.press("o")
        await pilot.pause()
        assert "(Hand-off) · move, then Enter on a highlighted team-mate next to him" \
            in prompt(scr)
        await go(pilot, scr, (6, 7))
        c = odds.catch_preview(m, 10)
        assert f"Hand-off to {name(m, 10)}: catch {c['needed']}+ (50%, 50% with re-roll)" \
            in prompt(scr)


@pytest.mark.parametrize("size", SIZES)
async def test_foul_prompt_says_the_assists_and_the_armour_odds(size):
    m, _ = make([("home:10", (5, 5)), ("home:11", (7, 4)), ("away:9", (6, 5),
                                                             {"status": "prone"})], [])
    victim = m.state.board[(6, 5)]
    app = await open_app(m, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.press("f")
        await pilot.pause()
        assert "(Foul) · move, then Enter on a highlighted opponent who is down" in prompt(scr)
        await go(pilot, scr, (6, 5))
        f = odds.foul_preview(m, 9, victim)
        assert f"Foul {name(m, victim)}: assists +1 −0, armour +1 v AV {f['av']}: " \
            f"breaks {f['p_armour_broken']:.0%}" in prompt(scr)


async def test_throw_bomb_prompt_the_fuse_then_the_throw():
    # the fuse 2: lit; then the square to throw at, with the pass's range and interceptors
    m, _ = make([("home:4", (5, 7)), ("away:9", (8, 7))], [2], home="Goblins",
                away="Chaos Dwarfs", rerolls={"home": 0, "away": 0})
    app = await open_app(m, (120, 36))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        assert "w Throw a bomb" in footer(scr)
        await pilot.press("w")
        await pilot.pause()
        assert "(Throw a bomb) · a lights the fuse (2+), then pick where to throw it" \
            in prompt(scr)
        await pilot.press("a")
        await pilot.pause()
        await pick_option(pilot, app, "light fuse")
        assert m.pending.kind == "bomb_target"
        await go(pilot, scr, (9, 7))
        po = scr.ctrl.pass_preview(3, (9, 7))
        assert f"Bomb at square 9,7: {po['range_name']}" in prompt(scr)
        assert f"accurate {po['accurate_on']}+" in prompt(scr)


@pytest.mark.parametrize("size", SIZES)
async def test_kick_key_shows_when_a_kick_is_legal_with_its_arrows(size):
    m, _ = kick_match()
    app = await open_app(m, size)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, KICKER_AT)
        assert "d Kick" in footer(scr)                      # a visible key, at once
        await pilot.press("d")
        await pilot.pause()
        assert scr.decision.info["action"] == "KICK"
        assert "(Kick) · move, then cursor next to him, d kicks that way" in prompt(scr)
        assert "d Kick" not in footer(scr)                  # not on the kicker's own square
        east = (KICKER_AT[0] + 1, KICKER_AT[1])
        await go(pilot, scr, east)
        k = scr.ctrl.kick_preview(9, east)
        said = prompt(scr)
        assert f"d kicks E: Away {k['away_on']}+" in said
        assert f"fumble {k['fumble_on']}-; distance D6+{k['st']}" in said
        assert "d Kick" in footer(scr)
        left_sq, centre, right_sq = k["targets"]
        assert (scr.pitch.path[left_sq], scr.pitch.path[centre], scr.pitch.path[right_sq]) == (
            " < ", " ^ ", " > ")


async def test_kick_off_aim_starts_deep_in_the_receiving_half():
    m, _ = make_phase({"players": lined_up(), "kicking": "home"}, phase="kickoff", dice=[])
    app = await open_app(m, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert m.pending.kind == "kick" and scr.mode == "pick"
        x, y = scr.pitch.cursor
        xs = [sq[0] for sq in scr.pitch.legal]
        assert scr.pitch.cursor in scr.pitch.legal
        assert abs(x - (min(xs) + max(xs)) / 2) <= 1 and 5 <= y <= 9


async def test_chainsaw_prompt_says_the_armour_odds():
    m, _ = make([("home:6", (10, 7), {"extra": {"chainsaw_running": True}}),
                 ("away:9", (11, 7))], [], home="Goblins", away="Chaos Dwarfs")
    victim = m.state.board[(11, 7)]
    app = await open_app(m, (120, 36))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (10, 7))
        await pilot.press("b")
        await pilot.pause()
        await go(pilot, scr, (11, 7))
        av = m.state.players[victim].av
        assert f"Chainsaw {name(m, victim)}: armour +3 v AV {av}, breaks " \
            f"{odds.armour_chance(av, 3):.0%}" in prompt(scr)


async def test_blunderbuss_prompt_says_the_shot():
    m, _ = make([("home:4", (5, 7))], [], home="Chaos Dwarfs", away="Goblins",
                carrier="home:4")
    app = await open_app(m, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        assert "s Fire the blunderbuss" in footer(scr)
        await pilot.press("s")
        await pilot.pause()
        # issue 21.14: the cursor goes to the nearest square he may shoot at, next to him
        assert scr.pitch.cursor == (5, 6)
        assert prompt(scr) == "Hashut's Boom (Fire the blunderbuss) · Enter fires at square " \
            "5,6 (4+ on target (50%), else D8 scatter, D6 squares)"
        await go(pilot, scr, (5, 7))                    # back on him: the shot's hint
        assert prompt(scr) == "Hashut's Boom (Fire the blunderbuss) · Enter on any square " \
            "shoots the ball there: 4+ on target (50%), else D8 scatter, D6 squares"
        await go(pilot, scr, (9, 7))
        assert "Enter fires at square 9,7 (4+ on target (50%), else D8 scatter" in prompt(scr)


async def test_team_mate_throw_prompts():
    m, _ = make([("home:1", (5, 7), {"skills": ["Throw Team-Mate"]}), ("home:9", (5, 8))],
                [], home="Goblins", rerolls={"home": 0})
    app = await open_app(m, (120, 36))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        await pilot.press("p")                # a Pass: the ball or a team-mate (A7.9)
        await pilot.pause()
        assert "(Pass) · move, then Enter on a highlighted team-mate to throw him" \
            in prompt(scr)
        await go(pilot, scr, (5, 8))
        assert f"Enter picks up {name(m, 8)} to throw him" in prompt(scr)
        await pilot.press("enter")
        await pilot.pause()
        from squigbowl.ui.kit.dialogs import ChoiceDialog
        if isinstance(app.screen, ChoiceDialog):
            await pick_option(pilot, app, "throw")
        assert m.pending.kind == "ttm_target"
        await go(pilot, scr, (8, 7))
        po = scr.ctrl.ttm_preview(m.pending, (8, 7))
        assert f"Throw to square 8,7: {po['range_name']} ({po['modifier']:+d}), accurate " \
            f"{po['accurate_on']}+" in prompt(scr)
