"""Hail Mary Pass (RULES.md D5.2 Hail Mary Pass, D5.3, DD-109).

In a Pass action a thrower with the skill may target **any** square of the pitch, ignoring
range: the 'action' decision offers ("hail_mary", square) beside the ordinary passes. A D6 with
only the squig's -1 (B1.8): a natural 1, or 1 or less, is a fumble (the ball bounces once from
his square, turnover; Safe Throw may keep it, D5.2); anything else scatters three times from
the target (A7.6) and lands there. Never accurate, never intercepted, no Pass Block. Not in a
Blizzard, not for a thrown team-mate. The roll is re-rollable (D5.3: team re-roll, Pass).
A bomb's Hail Mary is the bomb rule's (squigbowl/house/bomb).
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.passing import FUMBLE, INACCURATE, can_pass, pass_comes_down, roll_pass_die
from squigbowl.rules.turn import choice_handler

SKILL = "Hail Mary Pass"
#: the `range` a Hail Mary's pass_declared event carries
HAIL_MARY = "hail_mary"
#: a Hail Mary roll is not fumbled on a total of 2 or more (the roll event's target)
NOT_FUMBLED = 2


def may_hail_mary(m, p) -> bool:
    """D5.2: he has the skill, stands holding the ball, and it is no Blizzard."""
    return p.has(SKILL) and m.state.weather != "blizzard" and can_pass(m, p)


def hail_mary_choices(m, p) -> list:
    """D5.2: ("hail_mary", square) for every square of the pitch but his own."""
    if not may_hail_mary(m, p):
        return []
    frm = p.square
    return [("hail_mary", sq) for sq in ALL_SQUARES if sq != frm]


def hail_mary_mods(m, p) -> list:
    """D5.2 [DD-109]: only the squig's -1 (B1.8, `ball.BALL_ROLL_MODS`); [] in the base
    game. Pure."""
    return balls.house_roll_mods(m, "pass", p) if balls.BALL_ROLL_MODS else []


def hail_mary_outcome(natural: int, modifier: int) -> str:
    """D5.2: a natural 1 or a total of 1 or less fumbles; anything else is inaccurate."""
    return FUMBLE if natural == 1 or natural + modifier <= 1 else INACCURATE


def hail_mary_odds(m, p, to) -> dict | None:
    """What a Hail Mary by `p` at `to` needs, for the screens and bots (no side effects):
    the modifier, the highest natural roll that fumbles and the chance it is not fumbled.
    None when it may not be thrown there."""
    if not may_hail_mary(m, p) or to == p.square or to not in ALL_SQUARES:
        return None
    mod = rolls.total(hail_mary_mods(m, p))
    fumble_on = max(n for n in range(1, 7) if hail_mary_outcome(n, mod) == FUMBLE)
    return {"range": HAIL_MARY, "range_name": SKILL, "modifier": mod, "fumble_on": fumble_on,
            "p_not_fumbled": (6 - fumble_on) / 6, "accurate_on": None, "interceptors": []}


@choice_handler("hail_mary")
def hail_mary_choice(m, p, act, target):
    """A5.3: the action ends when the ball is thrown."""
    act.done = True
    yield from hail_mary(m, p, target)


def hail_mary(m, p, target):
    """D5.2: the whole Hail Mary Pass of the ball from `p` to `target`: no Pass Block, no
    interception, the D6, then the ball comes down as an inaccurate pass (A7.2.4 steps 5-6)."""
    s = m.state
    frm = p.square
    m.emit("pass_declared", player=p.id, frm=frm, target=target, range=HAIL_MARY)
    ball = s.ball
    ball.carrier, ball.square, ball.in_air = None, frm, True
    mods = hail_mary_mods(m, p)
    mod = rolls.total(mods)
    result = yield from roll_pass_die(m, p, target, lambda n: hail_mary_outcome(n, mod),
                                      what="Hail Mary Pass", agility=NOT_FUMBLED, mods=mods,
                                      success_on=(INACCURATE,))
    yield from pass_comes_down(m, p, frm, target, result)
