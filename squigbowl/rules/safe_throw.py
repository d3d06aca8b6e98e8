"""Safe Throw (RULES.md D5.2 Safe Throw, D5.3, DD-110).

1. When his pass (or bomb) is intercepted he may make an agility test with no modifiers
   (re-rollable, D5.3): on a success the interception is cancelled and the pass goes on with
   the pass roll. Never against a Very Long Legs interceptor (D5.3).
2. When he throws the **ball** and the result is a fumble without a natural 1 he keeps the
   ball: the action ends, no turnover (not for bombs or thrown team-mates).
"""

from __future__ import annotations

from squigbowl.rules import rolls
from squigbowl.rules.model import STANDING

SKILL = "Safe Throw"


def may_cancel(thrower, interceptor) -> bool:
    """D5.2 / D5.3: the thrower has Safe Throw, stands, and the interceptor has no Very Long
    Legs. Pure."""
    return (thrower.has(SKILL) and thrower.status == STANDING
            and not interceptor.has("Very Long Legs"))


def cancels_interception(m, thrower, interceptor):
    """D5.2: once the interception roll succeeded, the thrower's coach may try Safe Throw: an
    agility test with no modifiers, a team re-roll in his own turn (A10.5, D5.3). Returns
    whether the interception is cancelled."""
    if not may_cancel(thrower, interceptor):
        return False
    if not (yield from rolls.ask_skill(m, thrower, SKILL, interceptor=interceptor.id)):
        return False
    ok = yield from rolls.test(m, thrower, "Safe Throw", rolls.agility_target(thrower.ag))
    if ok:
        m.emit("interception_cancelled", player=thrower.id, interceptor=interceptor.id)
    return ok


def keeps_fumble(thrower, natural: int) -> bool:
    """D5.2: a fumble of the ball without a natural 1 stays in his hands. Pure."""
    return natural != 1 and thrower.has(SKILL)


def keep_ball(m, thrower) -> None:
    """D5.2: he keeps the fumbled ball; his action has ended, no turnover."""
    from squigbowl.rules.ball import give_ball
    give_ball(m, thrower)
    m.emit("fumble_kept", player=thrower.id, square=thrower.square)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Safe Throw", {
    "interception_cancelled": ("D5.2", "Safe Throw cancelled an interception: the pass goes on",
                               {"player": "the thrower's id",
                                "interceptor": "the interceptor's id"}),
    "fumble_kept": ("D5.2", "Safe Throw: a fumble without a natural 1, the thrower keeps the "
                    "ball (no turnover)", {"player": "the thrower's id", "square": ""}),
})
