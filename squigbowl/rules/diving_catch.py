"""Diving Catch's dive for a ball coming down next to him (RULES.md D5.2 Diving Catch,
DD-105).

When a pass (of any kind), kick-off, throw-in, kicked ball (B2.5) or blunderbuss shot would come
down in an **empty** on-pitch square adjacent to a player with Diving Catch (for a kick-off: in
the receiving half, after the touchback check), he may try to catch it as if it had come down
in his own square (no accurate bonus); a failure bounces from his square. Bouncing balls, the
squig's own movement and bombs never call this. With two or more such players for the same
landing, none may. His +1 on an accurate ball aimed at his square is `ball.catch_mods`.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules.geometry import NEIGHBOURS, in_half, on_pitch
from squigbowl.rules.rolls import ask_skill

SKILL = "Diving Catch"


def divers(m, sq, *, kickoff: int | None = None) -> list:
    """D5.2: the players who could dive for a ball coming down in the empty square `sq`:
    Diving Catch, able to catch (A7.3.1), next to it; during a kick-off (`kickoff` = the
    kicking side) only one standing in the receiving half. Pure."""
    s = m.state
    out = []
    for near in NEIGHBOURS[sq]:
        q = s.at(near)
        if (q is not None and q.has(SKILL) and balls.can_catch(q)
                and (kickoff is None or not in_half(q.square, kickoff))):
            out.append(q)
    return out


def dive(m, sq, *, kickoff: int | None = None):
    """D5.2: offer the dive to the one player who may (none when two or more could, DD-105).
    Returns `ball.NO_DIVE` when nobody dived, else what his catch returned (`ball.catch`)."""
    if not on_pitch(sq):
        return balls.NO_DIVE
    near = divers(m, sq, kickoff=kickoff)
    if len(near) != 1:
        return balls.NO_DIVE
    q = near[0]
    if not (yield from ask_skill(m, q, SKILL, landing=sq)):
        return balls.NO_DIVE
    m.state.ball.square = q.square
    return (yield from balls.catch(m, q, kickoff=kickoff))
