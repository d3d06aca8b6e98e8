"""B9.2 / A6.6 on the match screen at 80x24: the move preview and the move Enter makes are the
same path, the safest then the shortest (issue 21 item 10).

The issue's position: the ready-made Goblins team's Pogo, Boing #8 (home:8, id 7, MA 7, AG 3,
Dodge, Pogo Stick, Stunty), alone at (9, 11) against Orcs; `m`, then Up Up. Two squares up a
free walk exists, yet the screen offered "1 sq: leap 4+ · 50%" and Enter leapt.
"""

import pytest

from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make, rolls_of
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of

POGO = 7


def pogo_match(players=(), dice=()):
    return make([("home:8", (9, 11)), *players], dice, home="Goblins", away="Orcs",
                rerolls={"home": 0, "away": 0}, apothecary={"home": 0, "away": 0})


def prompt(scr) -> str:
    return str(scr.query_one("#prompt").render())


class Recorder:
    """Every event the controller hands on, kept for the test."""

    def __init__(self, ctrl) -> None:
        self.events = []
        decide = ctrl.decide

        def keep(choice):
            out = decide(choice)
            self.events.extend(out)
            return out
        ctrl.decide = keep


async def _move_pogo(pilot, scr):
    await go(pilot, scr, (9, 11))
    await pilot.press("m")
    await pilot.pause()
    assert scr.mode == "action"


@pytest.mark.dice_may_be_left
async def test_b9_2_pogo_two_squares_up_walks_with_no_roll_where_a_leap_was_offered():
    # a 1 on the die: a leap would fail (4+) and the Pogo would fall over
    m, dice = pogo_match(dice=[1])
    ctrl = MatchController(m)
    seen = Recorder(ctrl)
    app = MatchApp(ctrl, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await _move_pogo(pilot, scr)
        await pilot.press("up")
        await pilot.pause()
        assert "1 sq: no rolls · 100%" in prompt(scr)
        await pilot.press("up")
        await pilot.pause()
        assert scr.pitch.cursor == (9, 9)
        assert "2 sq: no rolls · 100%" in prompt(scr)
        assert "leap" not in prompt(scr)
        await pilot.press("up")
        await pilot.pause()
        assert "3 sq: no rolls · 100%" in prompt(scr)
        await pilot.press("down")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        pogo = m.state.players[POGO]
        assert pogo.square == (9, 9) and pogo.status == "standing"
        assert rolls_of(seen.events) == []
        assert [e["how"] for e in seen.events if e.kind == "moved"] == ["step", "step"]
        assert dice.remaining == [1]                      # no die was rolled
        assert scr.mode == "action" and not m.state.activation.leaped


@pytest.mark.dice_may_be_left
async def test_b9_2_pogo_one_square_up_steps_without_asking_step_or_leap():
    m, dice = pogo_match(dice=[1])
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await _move_pogo(pilot, scr)
        await pilot.press("up")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog)   # was "Which?": step or leap
        assert m.state.players[POGO].square == (9, 10)
        assert dice.remaining == [1]


async def test_a6_6_pogo_leaps_where_the_leap_is_the_safest_way():
    # a ring of eight Orcs: no step out; over them, (9, 13) is one leap (4+) away
    ring = [(f"away:{n}", sq) for n, sq in enumerate(
        [(8, 10), (9, 10), (10, 10), (8, 11), (10, 11), (8, 12), (9, 12), (10, 12)], start=1)]
    m, dice = pogo_match(ring, dice=[4])
    ctrl = MatchController(m)
    seen = Recorder(ctrl)
    app = MatchApp(ctrl, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await _move_pogo(pilot, scr)
        await go(pilot, scr, (9, 13))
        await pilot.pause()
        assert "1 sq: leap 4+ · 50%" in prompt(scr)
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.players[POGO].square == (9, 13)
        assert [(r["what"], r["target"], r["modifier"]) for r in rolls_of(seen.events)] == \
            [("leap", 4, 0)]
