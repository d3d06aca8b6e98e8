"""Pushes: push-back squares, chain pushes, the crowd, the ball (RULES.md A8.5, A8.6, A7.8.2,
A12 Side Step / Stand Firm).

A push runs in three steps, so that a block can put its follow-up and knock-down between them
(A8.7: the follow-up is decided before any knock-down):

    result = yield from push(m, pusher_square, player, chooser_side)   # decide + move the chain
    ...follow-up, knock-downs...
    yield from settle_ball(m, result)                                   # throw-in / bounce / TD

`push` first asks where every player of the chain goes (front to back: the pusher's coach picks
among the squares allowed by the priority of A8.6.1 [DD-11]; Side Step and Stand Firm ask the
pushed player's coach), then moves them from the far end back (A8.6.2). A player pushed off the
pitch is hurt by the crowd at once (A8.14). Nothing about the ball is resolved before
`settle_ball`.

Decisions: 'push' — choices ("push", square), info {player, frm, pusher, squares}; 'skill' —
Stand Firm: ("use", True/False); Side Step: ("push", square) among the empty adjacent squares
and the normal push-back squares, asked of the pushed player's coach.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from squigbowl.rules import ball as balls
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, on_pitch, push_squares
from squigbowl.rules.injury import crowd_push
from squigbowl.rules.model import STANDING
from squigbowl.rules.rolls import ask_skill


@dataclass
class Link:
    """One player of a push chain: who, from where, to where (off the pitch = the crowd)."""

    pid: int
    frm: tuple
    to: tuple


@dataclass
class PushResult:
    """What a push did. `links` is the chain, the first pushed player first; empty when nobody
    moved (Stand Firm somewhere in the chain)."""

    links: list = field(default_factory=list)
    crowd_ball: tuple | None = None   # (edge square, off-pitch square) of a carrier in the crowd
    crowd_carrier_side: int | None = None  # the side of that carrier

    @property
    def moved(self) -> bool:
        return bool(self.links)

    @property
    def vacated(self):
        """The square the first pushed player left (the follow-up square, A8.7)."""
        return self.links[0].frm if self.links else None

    @property
    def to(self):
        return self.links[0].to if self.links else None


def candidate_squares(state, pusher_sq, target_sq, exclude=()) -> list:
    """A8.6.1 [DD-11]: the push-back squares allowed by the priority: empty on-pitch squares;
    if none, off-pitch squares (the crowd); if none, occupied squares (a chain push)."""
    squares = [sq for sq in push_squares(pusher_sq, target_sq) if sq not in exclude]
    empty = [sq for sq in squares if on_pitch(sq) and sq not in state.board]
    if empty:
        return empty
    crowd = [sq for sq in squares if not on_pitch(sq)]
    if crowd:
        return crowd
    return squares


def can_use_push_skill(p) -> bool:
    """A12 preamble: Stand Firm and Side Step need a Standing player with a tackle zone."""
    return p.status == STANDING and p.has_tz


def choose_square(m, pusher_sq, p, chooser: int, exclude=(), *, grab: bool = False):
    """Where `p` is pushed to: the pusher's coach picks among the allowed squares (no question
    when there is only one); with Side Step (A12) the pushed player's coach picks, and may also
    pick any empty adjacent on-pitch square. D5.2 Grab (`grab`, unless Side Step is used): the
    pusher's coach may pick any empty adjacent on-pitch square [DD-111]. Returns the square,
    or None if there is none."""
    s = m.state
    squares = candidate_squares(s, pusher_sq, p.square, exclude)
    if p.has("Side Step") and can_use_push_skill(p):
        free = [sq for sq in NEIGHBOURS[p.square] if sq not in s.board and sq not in exclude]
        if free:
            options = free + [sq for sq in squares if sq not in free]
            choice = yield Decision("skill", p.side, [("push", sq) for sq in options],
                                    {"skill": "Side Step", "player": p.id, "frm": p.square,
                                     "pusher": pusher_sq, "squares": options,
                                     "push_back": squares})
            m.emit("skill_used", player=p.id, skill="Side Step")
            return choice[1]
    if grab:
        free = [sq for sq in NEIGHBOURS[p.square] if sq not in s.board and sq not in exclude]
        if free:
            options = free + [sq for sq in squares if sq not in free]
            if len(options) > 1:
                choice = yield Decision("skill", chooser, [("push", sq) for sq in options],
                                        {"skill": "Grab", "player": p.id, "frm": p.square,
                                         "pusher": pusher_sq, "squares": options,
                                         "push_back": squares})
                if choice[1] not in squares:
                    m.emit("skill_used", player=by_grabber(m, pusher_sq), skill="Grab")
                return choice[1]
            return options[0]
    if not squares:
        return None
    if len(squares) == 1:
        return squares[0]
    choice = yield Decision("push", chooser, [("push", sq) for sq in squares],
                            {"player": p.id, "frm": p.square, "pusher": pusher_sq,
                             "squares": squares})
    return choice[1]


def by_grabber(m, pusher_sq):
    """The id of the player pushing from `pusher_sq` (the Grab event's player), or None."""
    q = m.state.at(pusher_sq)
    return None if q is None else q.id


def plan_chain(m, pusher_sq, p, chooser: int, *, no_stand_firm: bool = False, taken=(),
               grab: bool = False):
    """Decide the chain, front to back (A8.6.1-2): a list of Links, or None when the chain
    cannot move (a Stand Firm player stays, A12: whoever is pushed into him stays too)."""
    s = m.state
    if p.has("Stand Firm") and can_use_push_skill(p) and not no_stand_firm:
        if (yield from ask_skill(m, p, "Stand Firm", pusher=pusher_sq)):
            m.emit("stood_firm", player=p.id, square=p.square)
            return None
    taken = tuple(taken) + (p.square,)
    sq = yield from choose_square(m, pusher_sq, p, chooser, exclude=taken, grab=grab)
    if sq is None:
        return None
    link = Link(p.id, p.square, sq)
    occupant = s.at(sq) if on_pitch(sq) else None
    if occupant is None:
        return [link]
    rest = yield from plan_chain(m, p.square, occupant, chooser, no_stand_firm=no_stand_firm,
                                 taken=taken)
    if rest is None:
        return None
    return [link] + rest


def push(m, pusher_sq, p, chooser: int, *, no_stand_firm: bool = False, by=None,
         grab: bool = False):
    """A8.6: decide the chain, then move it from the far end back; a player pushed off the
    pitch suffers the crowd (A8.14) at once. Returns a PushResult; call `settle_ball` after the
    follow-up and the knock-downs."""
    s = m.state
    result = PushResult()
    links = yield from plan_chain(m, pusher_sq, p, chooser, no_stand_firm=no_stand_firm,
                                  grab=grab)
    if not links:
        m.emit("push_stopped", player=p.id, square=p.square)
        return result
    result.links = links
    for i in range(len(links) - 1, -1, -1):
        link = links[i]
        q = s.players[link.pid]
        m.emit("pushed", player=q.id, frm=link.frm, to=link.to, chain=i,
               by=None if by is None else by.id)
        if on_pitch(link.to):
            s.place(q, link.to)
        else:
            if s.ball.carrier == q.id:
                result.crowd_ball = (link.frm, link.to)
                result.crowd_carrier_side = q.side
            yield from crowd_push(m, q)
            if result.crowd_ball is not None and s.ball.carrier == q.id:
                # the crowd has the ball until the throw-in (settle_ball)
                s.ball.carrier, s.ball.square, s.ball.in_air = None, link.frm, True
    return result


def settle_ball(m, result: PushResult):
    """A8.6.3-5 and A7.8.2, once the push, the follow-up and the knock-downs are done: a
    carrier pushed into the crowd has the ball thrown in from the square he was pushed out of
    (a turnover only if he was on the moving team, [DD-12]); a player pushed into the ball's
    square makes it bounce; a carrier pushed into the opposing end zone who is still Standing
    scores (A2.6 when it is not his team's turn)."""
    s = m.state
    if result.crowd_ball is not None:
        edge, out = result.crowd_ball
        side = result.crowd_carrier_side
        yield from balls.throw_in(m, edge, out)
        if side == s.active and s.phase in ("turn", "kickoff_blitz"):
            balls.turnover(m, "ball carrier pushed into the crowd")
        return
    ball = s.ball
    for link in result.links:
        q = s.players[link.pid]
        if q.square != link.to:
            continue
        if ball.carrier is None and not ball.in_air and ball.square == link.to:
            yield from balls.enter_ball_square(m, q, voluntary=False)
            break
    for link in result.links:
        q = s.players[link.pid]
        if q.square == link.to and ball.carrier == q.id:
            balls.check_touchdown(m, q)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Pushes", {
    "pushed": ("A8.6", "A player was pushed back one square (a chain push: one event per player, "
               "last pushed first)", {
        "player": "", "frm": "", "to": "the square he is pushed to (off the pitch: the crowd)",
        "chain": "his place in the chain, 0 for the player blocked",
        "by": "the id of the player who pushed, or None when no player did"}),
    "push_stopped": ("A8.6", "Nobody could be pushed (e.g. Stand Firm further down a chain)", {
        "player": "", "square": ""}),
    "stood_firm": ("A12", "Stand Firm: the player is not pushed", {"player": "", "square": ""}),
})
