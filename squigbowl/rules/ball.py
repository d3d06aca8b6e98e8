"""The ball on the pitch: pick-up, catching, bouncing, scatter, throw-ins, touchdowns
(RULES.md A6.7, A7.1, A7.3, A7.5-A7.8, A11.1).

While a kick-off is being resolved, pass `kickoff=<kicking side>`: a ball that leaves the pitch
or enters the kicking team's half before coming to rest returns "touchback" (A4.4 step 7)
instead of being thrown in.
"""

from __future__ import annotations

from typing import Callable

from squigbowl.rules import rolls
from squigbowl.rules.geometry import (SCATTER, distance, in_half, on_pitch, scoring_x, step,
                                      template_direction, throw_in_facing)
from squigbowl.rules.model import STANDING

TOUCHBACK = "touchback"


# -- who and what ------------------------------------------------------------------------------
#: B0 hook: keys of `Player.extra` whose true value says his hands are full: he can neither
#: catch nor pick up the ball (B7: a running chainsaw)
HANDS_FULL: list[str] = []


def hands_full(p) -> bool:
    """A HANDS_FULL state of `p`'s (B7: his chainsaw is running)."""
    extra = p.extra
    return bool(extra) and any(extra.get(key) for key in HANDS_FULL)


def can_catch(p) -> bool:
    """A7.3.1: Standing, a tackle zone, no No Hands, his hands not full (`HANDS_FULL`)."""
    return (p.status == STANDING and p.has_tz and not p.has("No Hands")
            and not hands_full(p))


def can_pick_up(p) -> bool:
    """A7.8.3: No Hands and full hands cannot pick up (nor a player without TZ)."""
    return can_catch(p)


def disturbing_presence(m, p) -> int:
    """A6.8 DP: opposing Disturbing Presence players within 3 squares, whatever their state."""
    n = 0
    for q in m.state.players:
        if (q.side != p.side and q.square is not None and q.has("Disturbing Presence")
                and distance(q.square, p.square) <= 3):
            n += 1
    return n


#: A3.3 Pouring Rain's term in a breakdown
RAIN = ("rain", -1)


def weather_catch_mod(m) -> int:
    """A3.3 Pouring Rain: -1 to catch, interception and pick-up."""
    return -1 if m.state.weather == "pouring_rain" else 0


def catch_mods(m, p, accurate: bool, *, aimed: bool = False) -> list:
    """A6.8 as (label, value) pairs, non-zero terms only: +1 accurate pass / hand-off, -TZ
    (Nerves of Steel ignores), -1 rain, -DP, +1 Extra Arms, +1 Diving Catch on a ball `aimed`
    at his square and accurate (a pass or a blunderbuss shot on target, not a hand-off nor a
    bomb, D5.2). The one place of this rule."""
    mods = [("accurate", 1)] if accurate else []
    if aimed and p.has("Diving Catch"):
        mods.append(("Diving Catch", 1))
    if not p.has("Nerves of Steel"):
        tz = m.state.tackle_zones(p.square, p.side)
        if tz:
            mods.append(("tackle zones", -tz))
    if m.state.weather == "pouring_rain":
        mods.append(RAIN)
    dp = disturbing_presence(m, p)
    if dp:
        mods.append(("Disturbing Presence", -dp))
    if p.has("Extra Arms"):
        mods.append(EXTRA_ARMS)
    return mods


#: D5.2 Extra Arms' term on pick-ups, catches, interceptions and kick blocks [DD-113]
EXTRA_ARMS = ("Extra Arms", 1)


def catch_modifier(m, p, accurate: bool) -> int:
    """A6.8: the sum of `catch_mods`."""
    return rolls.total(catch_mods(m, p, accurate))


# -- touchdowns ---------------------------------------------------------------------------------
def check_touchdown(m, p) -> bool:
    """A11.1: Standing in the opposing end zone holding the ball scores at once."""
    s = m.state
    if (s.touchdown is None and s.ball.carrier == p.id and p.status == STANDING
            and p.square[0] == scoring_x(p.side)):
        s.touchdown = p.side
        m.emit("touchdown", side=p.side, player=p.id, square=p.square)
        return True
    return False


def give_ball(m, p) -> None:
    """The ball is now held by `p` (A7.1)."""
    ball = m.state.ball
    ball.carrier = p.id
    ball.square = p.square
    ball.in_air = False


def ball_to_ground(m, sq) -> None:
    ball = m.state.ball
    ball.carrier = None
    ball.square = sq
    ball.in_air = False


# -- pick-up ------------------------------------------------------------------------------------
def pick_up(m, p):
    """A6.7: agility test +1, -TZ on his square, -1 rain; Sure Hands re-roll. A failure bounces
    the ball and is a turnover. Returns success."""
    ok = yield from rolls.test(m, p, "pick-up", rolls.agility_target(p.ag),
                               mods=pick_up_mods(m, p, p.square), skill="Sure Hands")
    if ok:
        give_ball(m, p)
        m.emit("picked_up", player=p.id, square=p.square)
        check_touchdown(m, p)
        return True
    m.emit("pick_up_failed", player=p.id, square=p.square)
    ball_to_ground(m, p.square)
    yield from bounce(m, p.square)
    turnover(m, "failed pick-up")
    return False


def pick_up_mods(m, p, sq) -> list:
    """A6.7 as (label, value) pairs, non-zero terms only, for `p` picking up in `sq`: +1, -1
    per opposing tackle zone, -1 rain (Big Hand ignores both), +1 Extra Arms (D5.2), and the
    variant terms. Pure."""
    mods = [("pick-up", 1)]
    big_hand = p.has("Big Hand")       # D5.2: no tackle-zone or rain term (the squig's stays)
    tz = 0 if big_hand else m.state.tackle_zones(sq, p.side, exclude=p.id)
    if tz:
        mods.append(("tackle zones", -tz))
    if m.state.weather == "pouring_rain" and not big_hand:
        mods.append(RAIN)
    if p.has("Extra Arms"):
        mods.append(EXTRA_ARMS)
    if BALL_ROLL_MODS:
        mods += pick_up_extra_mods(m, p)
    return mods


def pick_up_extra_mods(m, p) -> list:
    """Variant terms on the pick-up (the squig, B1.8); [] in the base game."""
    return house_roll_mods(m, "pick-up", p)


def pick_up_extra_modifier(m, p) -> int:
    """Variant modifiers on the pick-up (the squig, B1.8); 0 in the base game."""
    return rolls.total(pick_up_extra_mods(m, p))


#: B0 hook: fn(m, roll_kind, player) -> [(label, value)], the terms a house rule adds to a
#: ball-handling roll ('gfi', 'pick-up', 'catch', 'pass', 'interception', 'landing', 'kick',
#: 'kick_block'), [] when its option is off; the squig's -1 of B1.8 registers here
#: (squigbowl/house/squig_ball). Asked only when a hook is registered.
BALL_ROLL_MODS: list[Callable] = []


def house_roll_mods(m, roll_kind: str, p) -> list:
    """The house rules' terms on this roll (B1.8: [("squig", -1)]), [] in the base game."""
    mods = []
    for hook in BALL_ROLL_MODS:
        mods += hook(m, roll_kind, p)
    return mods


def enter_ball_square(m, p, voluntary: bool):
    """A7.8: a player arrives in the ball's square."""
    if voluntary and can_pick_up(p):
        return (yield from pick_up(m, p))
    m.emit("ball_knocked_loose", player=p.id, square=p.square)
    ball_to_ground(m, p.square)
    yield from bounce(m, p.square)
    if voluntary and p.side == m.state.active:
        turnover(m, "entered the ball's square unable to pick it up")
    return False


# -- catching -----------------------------------------------------------------------------------
def catch(m, p, *, accurate: bool = False, what: str = "catch", kickoff: int | None = None,
          aimed: bool = False):
    """A7.3.2: a catch roll; success holds the ball (touchdown if in the end zone), failure
    bounces it from his square. Returns success, or TOUCHBACK during a kick-off. `aimed`: an
    accurate ball aimed at his square (Diving Catch's +1, D5.2)."""
    mods = catch_mods(m, p, accurate, aimed=aimed)
    if BALL_ROLL_MODS:
        mods += catch_extra_mods(m, p)
    ok = yield from rolls.test(m, p, what, rolls.agility_target(p.ag), mods=mods, skill="Catch")
    if ok:
        give_ball(m, p)
        m.emit("caught", player=p.id, square=p.square, what=what)
        check_touchdown(m, p)
        return True
    m.emit("dropped", player=p.id, square=p.square, what=what)
    ball_to_ground(m, p.square)
    result = yield from bounce(m, p.square, kickoff=kickoff)
    return TOUCHBACK if result == TOUCHBACK else False


def catch_extra_mods(m, p) -> list:
    """Variant terms on catches (the squig, B1.8); [] in the base game."""
    return house_roll_mods(m, "catch", p)


def catch_extra_modifier(m, p) -> int:
    """Variant modifiers on catches (the squig, B1.8); 0 in the base game."""
    return rolls.total(catch_extra_mods(m, p))


def land(m, sq, *, accurate: bool = False, kickoff: int | None = None):
    """The ball comes down in `sq` from the air: a Standing player who can catch there must try
    (A7.2.4 step 5, A7.7.4, A4.4 step 6); in an empty square a lone Diving Catch player next
    to it may dive for it (D5.2); otherwise it bounces (A7.3.3)."""
    s = m.state
    if kickoff is not None and (not on_pitch(sq) or in_half(sq, kickoff)):
        return TOUCHBACK
    s.ball.in_air = False
    s.ball.square = sq
    s.ball.carrier = None
    m.emit("ball_landed", square=sq)
    p = s.at(sq)
    if p is not None and can_catch(p):
        return (yield from catch(m, p, accurate=accurate, kickoff=kickoff, aimed=accurate))
    if p is None:
        dived = yield from _dive(m, sq, kickoff=kickoff)
        if dived is not NO_DIVE:
            return dived
    return (yield from bounce(m, sq, kickoff=kickoff))


#: `diving_catch.dive`'s answer when nobody dived for the ball
NO_DIVE = "no dive"


def _dive(m, sq, *, kickoff=None):
    """diving_catch.dive (D5.2), imported on first use (that module imports this one)."""
    global _dive
    from squigbowl.rules.diving_catch import dive
    _dive = dive
    return (yield from dive(m, sq, kickoff=kickoff))


# -- bouncing, scatter, throw-ins ------------------------------------------------------------------
def bounce(m, start, *, kickoff: int | None = None):
    """A7.5: one square in a D8 direction, repeated from occupied squares; off the pitch means
    a throw-in. Returns TOUCHBACK when a kick-off ball leaves the pitch or enters the kicking
    half (A4.4 step 7)."""
    s = m.state
    sq = start
    while True:
        d8 = m.dice.d8("bounce")
        nxt = step(sq, SCATTER[d8])
        m.emit("ball_bounced", frm=sq, to=nxt, d8=d8)
        if kickoff is not None and (not on_pitch(nxt) or in_half(nxt, kickoff)):
            return TOUCHBACK
        if not on_pitch(nxt):
            ball_to_ground(m, sq)
            return (yield from throw_in(m, sq, nxt))
        p = s.at(nxt)
        if p is None:
            ball_to_ground(m, nxt)
            return None
        if can_catch(p):
            ball_to_ground(m, nxt)
            return (yield from catch(m, p, kickoff=kickoff))
        sq = nxt


def throw_in(m, edge, crossed, *, facing=None):
    """A7.7: the template on the last on-pitch square, D6 arrow, 2D6 squares in the air.
    `facing` overrides the first template's facing (a kicked ball in the stands, B2.5.5)."""
    s = m.state
    while True:
        if facing is None:
            facing = throw_in_facing(edge, crossed)
        arrow = template_direction(facing, m.dice.d6("throw-in direction"))
        dist = m.dice.d6("throw-in distance") + m.dice.d6("throw-in distance")
        sq = edge
        out = None
        for _ in range(dist):
            nxt = step(sq, arrow)
            if not on_pitch(nxt):
                out = nxt
                break
            sq = nxt
        m.emit("throw_in", frm=edge, to=sq if out is None else out, direction=arrow,
               distance=dist, out=out is not None)
        if out is not None:
            edge, crossed, facing = sq, out, None
            continue
        s.ball.in_air = True
        return (yield from land(m, sq))


def scatter_squares(m, start, times: int, what: str = "scatter"):
    """A7.6: `times` one-square D8 moves. Returns (final square, the off-pitch square it tried
    to enter or None) — the ball stops as soon as it would leave the pitch [DD-08]."""
    sq = start
    for _ in range(times):
        d8 = m.dice.d8(what)
        nxt = step(sq, SCATTER[d8])
        m.emit("ball_scattered", frm=sq, to=nxt, d8=d8)
        if not on_pitch(nxt):
            return sq, nxt
        sq = nxt
    return sq, None


def drop(m, p):
    """A7.1: a ball carrier going down drops the ball: it bounces from his square."""
    s = m.state
    if s.ball.carrier == p.id:
        ball_to_ground(m, p.square)
        m.emit("ball_dropped", player=p.id, square=p.square)
        yield from bounce(m, p.square)


# -- turnovers ----------------------------------------------------------------------------------
def turnover(m, reason: str) -> None:
    """A5.6: ends the moving team's turn once the current event is fully resolved."""
    s = m.state
    if not s.turnover:
        s.turnover = True
        m.emit("turnover", side=s.active, reason=reason)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "The ball", {
    "picked_up": ("A6.7", "A player picked the ball up", {"player": "", "square": ""}),
    "pick_up_failed": ("A6.7", "A pick-up failed (the ball bounces, turnover)",
                       {"player": "", "square": ""}),
    "ball_knocked_loose": ("A7.8", "A player arrived on the ball's square and did not pick it "
                           "up: it bounces", {"player": "", "square": ""}),
    "caught": ("A7.3", "A player caught the ball", {
        "player": "", "square": "", "what": "the catch roll's name (\"catch\", ...)"}),
    "dropped": ("A7.3", "A catch failed: the ball bounces", {
        "player": "", "square": "", "what": "the catch roll's name"}),
    "ball_landed": ("A7.3", "The ball came down in a square (a catch or a bounce follows)",
                    {"square": ""}),
    "ball_bounced": ("A7.5", "The ball bounced one square", {"frm": "", "to": "", "d8": ""}),
    "ball_scattered": ("A7.6", "The ball scattered one square (an inaccurate pass...)",
                       {"frm": "", "to": "", "d8": ""}),
    "throw_in": ("A7.7", "The crowd threw the ball back in", {
        "frm": "the edge square it is thrown from",
        "to": "where it came down, or the off-pitch square it left by again",
        "direction": "", "distance": "the squares thrown (2D6)",
        "out": "True when it left the pitch again (another throw-in follows)"}),
    "ball_dropped": ("A8.8", "A player holding the ball went down or left the pitch: it "
                     "bounces from his square", {"player": "", "square": ""}),
    "touchdown": ("A11.1", "A player holding the ball stands in the opposing end zone",
                  {"side": "the scoring team", "player": "the scorer's id", "square": ""}),
    "turnover": ("A5.6", "A turnover: the team turn ends", {
        "side": "the team that loses its turn", "reason": "what caused it, in words"}),
})
