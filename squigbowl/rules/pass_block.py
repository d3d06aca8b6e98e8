"""Pass Block (RULES.md A12 Pass Block, A7.2.4 step 2).

When a pass is declared and its range fixed, the opposing coach may move his Pass Block players,
one after the other, each once: a free move of up to 3 squares (never beyond his MA: no Go For
It), with the normal movement rules (dodges), that may only start if it can reach a *legal
destination* and may only stop there (or when he falls):

* a square from which he could intercept this pass (A7.2.5),
* the empty target square,
* a square where his tackle zone covers the thrower or the player in the target square.

Falling over is no turnover for either side. Decisions: 'pass_block' with ("pass_block", pid)
or ("pass_block", None) to pick the next player or none, then ("pass_block_step", square) /
("pass_block_stop", None) for his squares.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, distance
from squigbowl.rules.injury import knock_down
from squigbowl.rules.interception import can_intercept, under_ruler
from squigbowl.rules.model import STANDING

#: A12: the free move covers up to 3 squares
PASS_BLOCK_SQUARES = 3


def move_allowance(p) -> int:
    """Up to 3 squares, and no Go For It, so never more than his MA."""
    return max(0, min(PASS_BLOCK_SQUARES, p.ma))


def is_legal_destination(m, p, sq, frm, to) -> bool:
    """A12 Pass Block: may `p` stop in `sq` for the pass `frm` -> `to`? (The board is taken as
    it stands, except that `p` himself is imagined in `sq`.)"""
    s = m.state
    if sq == to:
        occupant = s.board.get(to)
        return occupant is None or occupant == p.id
    if sq != frm and can_intercept(p) and under_ruler(frm, to, sq):
        return True
    if distance(sq, frm) == 1:
        return True
    occupant = s.board.get(to)
    return occupant is not None and occupant != p.id and distance(sq, to) == 1


class FreeMoves:
    """The Pass Block free moves against one pass `frm` -> `to` (A12): where a player may stop
    (`may_stop`) and the fields of their decisions and events. A house rule's Pass Block
    against something else is a subclass (B2.11, against a kick: squigbowl/house/kick_it)."""

    #: the key of the player the moves answer in the 'pass_block' decision picking a player
    against_key = "thrower"
    #: fields added to every event and decision of the moves (B2.11: against="kick")
    tag: dict = {}

    def __init__(self, frm, to) -> None:
        self.frm, self.to = frm, to

    def where(self) -> dict:
        """The decision fields saying what the moves answer."""
        return {"frm": self.frm, "target": self.to}

    def may_stop(self, m, p, sq) -> bool:
        """A legal destination for `p` (imagined in `sq`)."""
        return is_legal_destination(m, p, sq, self.frm, self.to)


def _free(s, sq, p) -> bool:
    pid = s.board.get(sq)
    return pid is None or pid == p.id


def reachable_destination(m, p, start, budget: int, frm, to, moves=None) -> bool:
    """Can `p`, standing in `start`, reach a legal destination (of `moves`, by default the
    pass `frm` -> `to`'s) in at most `budget` more steps through empty squares? (`start`
    itself counts.) No side effects."""
    moves = moves or FreeMoves(frm, to)
    s = m.state
    frontier = {start}
    seen = {start}
    for depth in range(budget + 1):
        if any(moves.may_stop(m, p, sq) for sq in frontier):
            return True
        if depth == budget:
            break
        nxt = set()
        for sq in frontier:
            for n in NEIGHBOURS[sq]:
                if n not in seen and _free(s, n, p):
                    seen.add(n)
                    nxt.add(n)
        frontier = nxt
    return False


def step_choices(m, p, budget: int, frm, to, moves=None) -> list:
    """The squares he may step into: empty, and from which a legal destination stays within
    reach of the squares left."""
    if budget <= 0:
        return []
    moves = moves or FreeMoves(frm, to)
    s = m.state
    return [sq for sq in NEIGHBOURS[p.square]
            if sq not in s.board
            and reachable_destination(m, p, sq, budget - 1, None, None, moves)]


def pass_blockers(m, side: int, frm, to, used=frozenset(), moves=None) -> list:
    """The Pass Block players of the team that is not `side` who may start their free move
    against the pass `frm` -> `to` (or `moves`): Standing with a tackle zone (A12 preamble),
    not yet moved for this pass, and able to reach a legal destination other than where they
    stand."""
    moves = moves or FreeMoves(frm, to)
    out = []
    for p in m.state.players:
        if (p.side == side or p.square is None or p.id in used or not p.has("Pass Block")
                or p.status != STANDING or not p.has_tz):
            continue
        if step_choices(m, p, move_allowance(p), None, None, moves):
            out.append(p)
    return out


def pass_block_moves(m, thrower, target, moves=None):
    """A7.2.4 step 2: the opposing coach moves his Pass Block players one at a time (against
    the pass from `thrower` to `target`, or against `moves`: B2.11)."""
    s = m.state
    side = 1 - thrower.side
    moves = moves or FreeMoves(thrower.square, target)
    used: set[int] = set()
    while True:
        eligible = pass_blockers(m, thrower.side, None, None, used, moves)
        if not eligible:
            return
        choice = yield Decision("pass_block", side,
                                [("pass_block", p.id) for p in eligible] + [("pass_block", None)],
                                {moves.against_key: thrower.id, **moves.where(), **moves.tag})
        if choice[1] is None:
            return
        p = s.players[choice[1]]
        used.add(p.id)
        yield from pass_block_move(m, p, None, None, moves)


def pass_block_move(m, p, frm, to, moves=None):
    """One player's free move (A12 Pass Block) against the pass `frm` -> `to` (or `moves`)."""
    s = m.state
    from squigbowl.rules import movement_skills as learned
    from squigbowl.rules.move import dodge_roll, never_dodges

    moves = moves or FreeMoves(frm, to)
    tag = moves.tag
    budget = move_allowance(p)
    moved = False
    m.emit("pass_block_started", player=p.id, square=p.square, **tag)
    while True:
        steps = step_choices(m, p, budget, None, None, moves)
        choices = [("pass_block_step", sq) for sq in steps]
        if moved and moves.may_stop(m, p, p.square):
            choices.append(("pass_block_stop", None))
        if not choices:
            break
        if len(choices) == 1 and choices[0][0] == "pass_block_stop":
            break
        choice = yield Decision("pass_block", p.side, choices,
                                {"player": p.id, **moves.where(), "left": budget, **tag})
        if choice[0] == "pass_block_stop":
            break
        sq = choice[1]
        here = p.square
        budget -= 1
        moved = True
        diver = None
        if not never_dodges(p) and s.tackle_zones(here, p.side) > 0:
            marked = learned.near(s, p, here)
            if marked and (yield from learned.held(m, p, here)):   # D5.2 Tentacles
                break
            ok, diver = yield from dodge_roll(m, p, here, sq, marked=marked)
            if not ok:
                yield from _fall(m, p, sq, here, tag, diver)
                return
        s.place(p, sq)
        m.emit("moved", player=p.id, frm=here, to=sq, how="pass_block")
        if diver is not None:
            yield from learned.dive_in(m, diver, here)   # D5.2 Diving Tackle
        if s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air:
            # not in the base game (the thrower holds the ball); a loose ball is never picked
            # up out of turn here: it bounces, as for an involuntary arrival (A7.8.2)
            yield from balls.enter_ball_square(m, p, voluntary=False)
    m.emit("pass_block_ended", player=p.id, square=p.square, **tag)


def _fall(m, p, sq, start, tag, diver=None):
    """He falls over in the destination square: armour roll, no turnover for either side (a
    Diving Tackle player lies down in `start` first, D5.2)."""
    s = m.state
    s.place(p, sq)
    m.emit("moved", player=p.id, frm=start, to=sq, how="fall")
    if diver is not None:
        from squigbowl.rules.movement_skills import dive_in
        yield from dive_in(m, diver, start)
    yield from knock_down(m, p, falls=True, cause="fall", turnover=False)
    m.emit("pass_block_ended", player=p.id, square=p.square, **tag)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Pass Block", {
    "pass_block_started": ("A12", "A Pass Block player starts his move (\"moved\" events "
                           "follow)", {"player": "", "square": "his square"}),
    "pass_block_ended": ("A12", "His Pass Block move is over", {
        "player": "", "square": "where he ended"}),
})
