"""Hand-offs (RULES.md A7.4).

At the end of his movement in a Hand-off action the ball carrier may give the ball to an
adjacent Standing team-mate who can catch: no roll for the giver, a catch roll with the +1 of an
accurate pass for the receiver (A6.8), no interception. Not caught by the moving team once the
ball is at rest: turnover (A5.6.2). The 'action' decision offers ("handoff", pid).
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules.geometry import NEIGHBOURS
from squigbowl.rules.model import STANDING
from squigbowl.rules.turn import HANDOFF, action_options, choice_handler


def handoff_receivers(m, p) -> list:
    """A7.4: adjacent team-mates who can catch (Standing, with a tackle zone, A7.3.1), when
    `p` stands holding the ball. No side effects."""
    s = m.state
    if p.status != STANDING or s.ball.carrier != p.id:
        return []
    out = []
    for sq in NEIGHBOURS[p.square]:
        q = s.at(sq)
        if q is not None and q.side == p.side and balls.can_catch(q):
            out.append(q)
    return sorted(out, key=lambda q: q.id)


@action_options(HANDOFF)
def handoff_options(m, p, act) -> list:
    return [("handoff", q.id) for q in handoff_receivers(m, p)]


@choice_handler("handoff")
def handoff(m, p, act, pid):
    """A7.4: the receiver's catch roll (+1, Catch re-roll); the action ends."""
    s = m.state
    q = s.players[pid]
    act.done = True
    m.emit("handed_off", player=p.id, receiver=q.id, frm=p.square, to=q.square)
    ball = s.ball
    ball.carrier, ball.square, ball.in_air = None, q.square, True
    yield from balls.catch(m, q, accurate=True)
    carrier = s.carrier()
    if carrier is None or carrier.side != p.side:
        balls.turnover(m, "hand-off not caught")


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Hand-off", {
    "handed_off": ("A7.4", "A player handed the ball to an adjacent team-mate (a catch follows)",
                   {"player": "the giver's id", "receiver": "the receiver's id",
                    "frm": "the giver's square", "to": "the receiver's square"}),
})
