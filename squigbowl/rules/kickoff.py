"""The kick-off (RULES.md A4.4, A4.6).

Phase 'kickoff': the kicking coach places the kick (a 'kick' decision, ``("kick", square)``
over the receiving half), the ball scatters (D8 + D6; a 'kick_halve' decision,
``("halve", True/False)``, when a Kick player may halve the D6), then the kick-off table
(kickoff_table.py). While the kick-off result is resolved the ball is in the air above its
landing square (`state.ball.square`, `in_air=True`), so it survives a Blitz! bonus turn.

Phase 'kickoff_land' (also 'kickoff_after_blitz', where turn.py sends the match after the
Blitz! bonus turn): touchback check, landing, catch or bounces, touchback after bounces (A4.4
steps 5-7, A4.6: a 'touchback' decision, ``("touchback", pid)``); then the receiving team's
first turn (A2.3). Variants that replace the whole kick-off (Kick It!'s "no kicker",
B2.10.2) append a procedure to `KICKOFF_START_HOOKS` that returns True after setting the phase.
"""

from __future__ import annotations

from typing import Callable

from squigbowl.rules import ball as balls
from squigbowl.rules.engine import phase
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import SCATTER, in_half, is_los, on_pitch, step, wide_zone
from squigbowl.rules.injury import add_stat
from squigbowl.rules.kick_off_return import kick_off_return
from squigbowl.rules.model import ON_PITCH, STANDING
from squigbowl.rules.setup import PERFECT_DEFENCE, own_half_squares, setup_step

#: procedure(m) -> True when it replaced the kick-off (it must then set `state.phase`)
KICKOFF_START_HOOKS: list[Callable] = []


#: fn(m, side) -> the only player who may be the kicker of A4.4 step 2 (or None), or False
#: when the house rule does not apply to this match: Kick It!'s designated kicker registers
#: here [DD-36] (squigbowl/house/kicker.py)
KICKER_HOOKS: list[Callable] = []


def kick_skill_player(m, side: int):
    """A4.4 step 2: a player with Kick set up on the pitch outside both wide zones and off the
    line of scrimmage, or None. With Kick It! only the designated kicker counts [DD-36]."""
    for hook in KICKER_HOOKS:
        p = hook(m, side)
        if p is not False:
            return p if p is not None and p.has("Kick") else None
    for p in m.state.players:
        if (p.side == side and p.status == STANDING and p.has("Kick")
                and wide_zone(p.square) is None and not is_los(p.square, side)):
            return p
    return None


@phase("kickoff")
def kickoff(m):
    """A4.4 steps 1-3 (D5.2 Kick-Off Return between steps 2 and 3)."""
    s = m.state
    kicking, receiving = s.kicking, 1 - s.kicking
    for p in s.players:
        if p.status in ON_PITCH:
            p.drive_played = True
            add_stat(p, "drives")
    for hook in KICKOFF_START_HOOKS:
        if (yield from hook(m)):
            return
    choice = yield Decision("kick", kicking, [("kick", sq) for sq in own_half_squares(receiving)],
                            {})
    target = choice[1]
    d8 = m.dice.d8("kick-off scatter")
    d6 = m.dice.d6("kick-off distance")
    distance = d6
    kicker = kick_skill_player(m, kicking)
    if kicker is not None:
        choice = yield Decision("kick_halve", kicking, [("halve", True), ("halve", False)],
                                {"player": kicker.id, "d6": d6, "target": target,
                                 "direction": SCATTER[d8]})
        if choice[1]:
            distance = d6 // 2
            m.emit("skill_used", player=kicker.id, skill="Kick")
    landing = step(target, SCATTER[d8], distance)
    s.ball.carrier = None
    s.ball.square = landing
    s.ball.in_air = True
    m.emit("kicked", side=kicking, target=target, d8=d8, d6=d6, distance=distance,
           landing=landing)
    yield from kick_off_return(m, landing)   # D5.2: after the scatter, before the table
    from squigbowl.rules.kickoff_table import kickoff_table
    s.phase = "kickoff_land"
    yield from kickoff_table(m)


def kickoff_land(m):
    """A4.4 steps 5-7 and A4.6, then the receiving team's turn (A2.3)."""
    s = m.state
    kicking, receiving = s.kicking, 1 - s.kicking
    s.bonus_turn = False
    s.turnover = False
    s.activation = None
    s.phase_data = {}
    sq = s.ball.square
    if not on_pitch(sq) or in_half(sq, kicking):
        result = balls.TOUCHBACK
    else:
        result = yield from balls.land(m, sq, kickoff=kicking)
    if result == balls.TOUCHBACK:
        yield from touchback(m)
    s.active = receiving
    s.phase = "turn_start"
    m.emit("kickoff_ended", ball=s.ball.square, carrier=s.ball.carrier)


phase("kickoff_land")(kickoff_land)
phase("kickoff_after_blitz")(kickoff_land)


def touchback(m):
    """A4.6: the receiving coach gives the ball to one of his Standing players who can hold it;
    with none, it goes to a random empty square of his half [DD-06]. Never a turnover."""
    s = m.state
    receiving = 1 - s.kicking
    s.ball.in_air = False
    s.ball.carrier = None
    m.emit("touchback", side=receiving)
    receivers = [p for p in s.on_pitch(receiving) if balls.can_catch(p)]
    if receivers:
        choice = yield Decision("touchback", receiving,
                                [("touchback", p.id) for p in receivers], {})
        p = s.players[choice[1]]
        balls.give_ball(m, p)
        m.emit("ball_given", player=p.id, square=p.square)
        return
    empty = [sq for sq in own_half_squares(receiving) if sq not in s.board]
    sq = empty[m.dice.pick(len(empty), "touchback square")]
    balls.ball_to_ground(m, sq)
    m.emit("ball_placed", square=sq)


@phase(PERFECT_DEFENCE)
def perfect_defence(m):
    """A4.5 Perfect Defence: the kicking coach re-arranges the players he has on the pitch
    into another legal set-up (the 'setup' decision without Reserves), then the ball lands."""
    s = m.state
    s.active = s.kicking
    if (yield from setup_step(m)):
        s.phase = "kickoff_land"


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "The kick-off", {
    "kicked": ("A4.4", "The ball is kicked", {
        "side": "the kicking side", "target": "the square aimed at", "d8": "",
        "d6": "the D6 rolled for the distance", "distance": "the squares it went (Kick may "
                                                          "halve the D6)",
        "landing": "where it comes down (it may be off the pitch or in the wrong half)"}),
    "touchback": ("A4.6", "A touchback: the receiving team gets the ball", {
        "side": "the receiving side"}),
    "ball_given": ("A4.6", "The ball is given to a player after a touchback", {
        "player": "", "square": ""}),
    "ball_placed": ("A4.6", "Nobody can take the ball: it is put in an empty square of the "
                    "receiving half", {"square": ""}),
    "kickoff_ended": ("A4.4", "The kick-off is over (the receiving team's turn follows)", {
        "ball": "the ball's square", "carrier": "the id of the player holding it, or None"}),
})
