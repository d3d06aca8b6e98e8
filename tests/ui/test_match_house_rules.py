"""The house rules' prompts on the match screen, with the real engine (scenarios as in
tests/house): each is a clear question answered by key."""

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.scenario import scenario_match
from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of
from tests.house.kick_it_helpers import KICKER_AT, kick_match, row

FAN, GOB = 2, 8


def goblins(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def prompt(scr) -> str:
    return str(scr.query_one("#prompt").render())


async def test_fanatic_facing_is_a_dialog_and_he_moves():
    m, dice = goblins([("home:3", (10, 7))], [3])
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (10, 7))
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert "Fanatic face" in app.screen.title_text
        assert app.screen.options[0].startswith("Face east")
        await pilot.press("1")                                   # east; D6 3: straight on
        await pilot.pause()
        assert m.state.players[FAN].square == (11, 7)
        assert isinstance(app.screen, ChoiceDialog)               # the next square: asked again
        dice.check_done()


async def test_illegal_procedure_call_and_penalty_by_keys():
    m, dice = goblins([("home:3", (10, 7)), ("home:9", (2, 2))], [], rerolls={"home": 2,
                                                                              "away": 0})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (2, 2))
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "Bob" in app.screen.who
        assert "illegal procedure" in app.screen.title_text
        await pilot.press("1")                                   # call it
        await pilot.pause()
        assert m.pending.kind == "illegal_procedure_penalty"
        assert "penalty" in app.screen.title_text and "Lose a team re-roll" in app.screen.options
        await pilot.press("1")
        await pilot.pause()
        assert m.state.teams[0].rerolls == 1 and scr.mode == "action"


async def test_squig_blitz_push_is_picked_on_the_pitch_by_the_other_coach():
    data = {"options": {"squig_ball": True}, "players": [{"who": "away:9", "at": [11, 7]}],
            "active": "home", "turn": {"home": 3, "away": 3}, "rerolls": {"home": 0, "away": 0},
            "ball": [12, 7]}
    dice = ScriptedDice([4, 1, 4, 3])
    m = scenario_match(data, dice=dice)
    ctrl = MatchController(m)
    ctrl.decide(("end_turn", None))                               # the squig hops into him
    assert (m.pending.kind, m.pending.side) == ("push", 0)
    app = MatchApp(ctrl, handover=False)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.mode == "pick" and scr.pitch.push == {(10, 6), (10, 7), (10, 8)}
        assert "push" in prompt(scr)
        await go(pilot, scr, (10, 6))
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.at((10, 6)) is not None
        dice.check_done()


async def test_kick_it_kick_action_aim_landing_and_catch_by_keys():
    m, dice = kick_match([row("away:9", (16, 7))], dice=[4, 3, 3, 5])
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, KICKER_AT)
        assert "d Kick" in prompt(scr)
        await pilot.press("d")                                   # the Kick action's key
        await pilot.pause()
        assert m.pending.kind == "action"
        aims = [c for c in m.pending.choices if c[0] == "kick_aim"]
        assert aims
        east = (KICKER_AT[0] + 1, KICKER_AT[1])
        assert ("kick_aim", east) in aims and ("step", east) in m.pending.choices
        await go(pilot, scr, east)
        await pilot.press("enter")                               # a step or the aim? asked
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        i = next(i for i, t in enumerate(app.screen.options) if "Aim the kick" in t)
        await pilot.press(str(i + 1))
        await pilot.pause()
        assert m.pending.kind == "kick_landing" and scr.mode == "pick"
        assert "landing square" in prompt(scr)
        await go(pilot, scr, (16, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert m.pending.kind == "kick_catch"
        assert isinstance(app.screen, ChoiceDialog) and "catch" in app.screen.title_text
        await pilot.press("1")
        await pilot.pause()
        assert any(e.kind == "roll" and e["what"] == "catch" for e in scr.ctrl.history)
        dice.check_done()


async def test_bomb_thrown_by_keys_declined_catch_and_the_blast_animates():
    m, dice = make([("home:4", (5, 7)), ("away:9", (8, 7))], [2, 4, 5, 3], home="Goblins",
                   away="Chaos Dwarfs", rerolls={"home": 0, "away": 0},
                   apothecary={"home": 0, "away": 0})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False, animate=True)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        assert "w Throw a bomb" in prompt(scr)
        await pilot.press("w")
        await pilot.pause()
        assert "a: Light fuse" in prompt(scr)
        await pilot.press("a")
        await pilot.pause()
        i = next(i for i, t in enumerate(app.screen.options) if "Light fuse" in t)
        await pilot.press(str(i + 1))
        await pilot.pause()
        assert m.pending.kind == "bomb_target" and scr.mode == "pick"
        await go(pilot, scr, (8, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert m.pending.kind == "catch_bomb"
        if not isinstance(app.screen, ChoiceDialog):       # waits for the throw's animation
            await pilot.press("space")
            await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "Bob" in app.screen.who
        assert "bomb" in app.screen.title_text and "Let it land" in app.screen.options
        await pilot.press("2")
        await pilot.pause()
        assert any(e.kind == "bomb_exploded" for e in scr.ctrl.history)
        frames = scr.animator.queue + ([scr.animator.current] if scr.animator.current else [])
        assert any(len(f.sprites) == 9 for f in frames) or not scr.animator.busy
        await pilot.press("space")
        assert scr.pitch.frame is None
        dice.check_done()
