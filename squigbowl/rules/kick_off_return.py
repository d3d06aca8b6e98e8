"""Kick-Off Return (RULES.md D5.2 [DD-101], A4.4).

At a kick-off, after the scatter (A4.4 step 2) and before the kick-off table (step 3), if the
landing square is on the pitch in the receiving half, the receiving coach may move **one**
player who has the skill, is Standing, has a tackle zone, is not on the line of scrimmage and
is in no opposing tackle zone: up to 3 squares (never beyond his MA: no Go For It) with the
normal movement rules (dodges as needed, and the skills they meet: Tentacles, Diving Tackle,
Prehensile Tail; no Shadowing), never into the kicking team's half. The ball is still in the
air: nobody picks it up. A fall is an armour roll, never a turnover. Not after a touchback
(the landing square off the pitch or in the kicking half), nor after a B2.10.2 touchback (that
rule replaces the whole kick-off).

Decisions: 'kick_off_return' with ("kick_off_return", pid) or ("kick_off_return", None), then
("return_step", square) / ("return_stop", None) for his squares.
"""

from __future__ import annotations

from squigbowl.rules import movement_skills as learned
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, in_half, is_los, on_pitch
from squigbowl.rules.injury import knock_down
from squigbowl.rules.model import STANDING

KICK_OFF_RETURN = "Kick-Off Return"
#: D5.2: up to 3 squares
RETURN_SQUARES = 3


def returners(m, landing) -> list:
    """Who may make the move now: D5.2's conditions, for a landing square on the pitch in the
    receiving half ([] otherwise)."""
    s = m.state
    receiving = 1 - s.kicking
    if landing is None or not on_pitch(landing) or not in_half(landing, receiving):
        return []
    out = []
    for p in s.players:
        if (p.side == receiving and KICK_OFF_RETURN in p.skills and p.square is not None
                and p.status == STANDING and p.has_tz and not is_los(p.square, receiving)
                and s.tackle_zones(p.square, receiving) == 0 and p.ma > 0):
            out.append(p)
    return out


def return_steps(m, p) -> list:
    """The squares he may step into: empty, on the pitch, not in the kicking team's half."""
    s = m.state
    kicking = s.kicking
    return [sq for sq in NEIGHBOURS[p.square]
            if sq not in s.board and on_pitch(sq) and not in_half(sq, kicking)]


def kick_off_return(m, landing):
    """D5.2 Kick-Off Return: the receiving coach may pick one returner, then moves him."""
    able = returners(m, landing)
    if not able:
        return
    s = m.state
    side = 1 - s.kicking
    choice = yield Decision("kick_off_return", side,
                            [("kick_off_return", p.id) for p in able]
                            + [("kick_off_return", None)], {"landing": landing})
    if choice[1] is None:
        return
    p = s.players[choice[1]]
    m.emit("skill_used", player=p.id, skill=KICK_OFF_RETURN)
    yield from return_move(m, p, landing)


def return_move(m, p, landing):
    """His squares, one at a time, until he stops, has used them all, falls or is held."""
    from squigbowl.rules.move import dodge_roll, never_dodges
    s = m.state
    budget = max(0, min(RETURN_SQUARES, p.ma))
    while budget > 0:
        steps = return_steps(m, p)
        if not steps:
            return
        choice = yield Decision("kick_off_return", p.side,
                                [("return_step", sq) for sq in steps] + [("return_stop", None)],
                                {"player": p.id, "left": budget, "landing": landing})
        if choice[0] == "return_stop":
            return
        sq = choice[1]
        here = p.square
        budget -= 1
        diver = None
        if not never_dodges(p) and s.tackle_zones(here, p.side) > 0:
            marked = learned.near(s, p, here)
            if marked and (yield from learned.held(m, p, here)):
                return
            ok, diver = yield from dodge_roll(m, p, here, sq, marked=marked)
            if not ok:
                s.place(p, sq)
                m.emit("moved", player=p.id, frm=here, to=sq, how="fall")
                if diver is not None:
                    yield from learned.dive_in(m, diver, here)
                yield from knock_down(m, p, falls=True, cause="fall", turnover=False)
                return
        s.place(p, sq)
        m.emit("moved", player=p.id, frm=here, to=sq, how="kick_off_return")
        if diver is not None:
            yield from learned.dive_in(m, diver, here)
        if p.status != STANDING:
            return
