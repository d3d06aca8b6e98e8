"""Throw Team-Mate and landing (RULES.md A7.9, Always Hungry in A12, A6.8).

In a Pass action a Throw Team-Mate player may throw an adjacent Standing team-mate with Right
Stuff instead of the ball: ("throw_teammate", pid) in the 'action' decision, then the target in
a 'ttm_target' decision ("ttm_target", square). The order is the written one: pick-up (A7.9.1),
Always Hungry (A7.9.2), then the throw with the pass rules (A7.9.3: target and range, Quick or
Short only, -1, no interception, no Pass Block), fumble (A7.9.4) or three scatters (A7.9.5), and
the landing (A7.9.6-A7.9.7). The thrown player keeps the ball if he holds it; the turnovers are
those of A7.9.6-A7.9.8 and A5.6.5.

Readings: a fumbled throw of a ball-holding team-mate is a turnover (A7.9.8 with A5.6.4), as is
the throw-counts-as-fumbled of a squirming team-mate (A5.6.5). A thrown player who scatters off
the pitch stops at once and goes into the crowd, as the ball does [DD-08].

State: he stays on the board in his starting square until the throw is resolved (Always Hungry,
target and re-roll decisions); then, while he flies, he is off the board with status IN_AIR and
a ball he holds is in the air with him (carrier None), until he comes down — so that a decision
asked meanwhile (an apothecary for the player he landed on) sees a consistent state.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, SCATTER, on_pitch, step
from squigbowl.rules.injury import armour, crowd_push, knock_down, record_lasting
from squigbowl.rules.model import CASUALTY, STANDING, STUNNED
from squigbowl.rules.passing import (FUMBLE, allowed_range, pass_odds, pass_roll,
                                     pass_targets)
from squigbowl.rules.turn import choice_handler

EATEN, SQUIRMED, THROWN = "eaten", "squirmed free", "thrown"
#: the status of a thrown player while he flies (not on the pitch, not in a box)
IN_AIR = "in_air"


def can_throw_teammates(p) -> bool:
    return p.has("Throw Team-Mate") and p.status == STANDING


def throwable_teammates(m, p) -> list:
    """A7.9.1: adjacent Standing team-mates with Right Stuff. No side effects."""
    if not can_throw_teammates(p):
        return []
    s = m.state
    out = []
    for sq in NEIGHBOURS[p.square]:
        q = s.at(sq)
        if q is not None and q.side == p.side and q.status == STANDING and q.has("Right Stuff"):
            out.append(q)
    return sorted(out, key=lambda q: q.id)


def ttm_choices(m, p, act) -> list:
    """The Pass action's ("throw_teammate", pid) choices (offered by passing.pass_options)."""
    return [("throw_teammate", q.id) for q in throwable_teammates(m, p)]


def ttm_odds(m, p, to) -> dict | None:
    """What a throw of a team-mate by `p` to `to` needs (range, modifier, rolls). No side
    effects."""
    return pass_odds(m, p, to, ttm=True)


def landing_extra_mods(m, q) -> list:
    """Variant terms on the landing roll (holding the squig, B1.8); [] in the base game."""
    return balls.house_roll_mods(m, "landing", q)


def landing_extra_modifier(m, q) -> int:
    """Variant modifiers on the landing roll (holding the squig, B1.8); 0 in the base game."""
    return rolls.total(landing_extra_mods(m, q))


def landing_mods(m, q, sq) -> list:
    """A6.8 landing as (label, value) pairs, non-zero terms only: -1 per opposing tackle zone
    on the landing square, and the variant terms."""
    tz = m.state.tackle_zones(sq, q.side, exclude=q.id)
    mods = [("tackle zones", -tz)] if tz else []
    if balls.BALL_ROLL_MODS:
        mods += landing_extra_mods(m, q)
    return mods


def landing_modifier(m, q, sq) -> int:
    """A6.8 landing: the sum of `landing_mods`."""
    return rolls.total(landing_mods(m, q, sq))


@choice_handler("throw_teammate")
def throw_teammate(m, p, act, pid):
    """A7.9: the whole throw. The Pass action ends with it."""
    s = m.state
    q = s.players[pid]
    act.done = True
    start = q.square
    had_ball = s.ball.carrier == q.id
    m.emit("ttm_picked_up", player=p.id, thrown=q.id, square=start, ball=had_ball)
    # A7.9.2 Always Hungry
    if p.has("Always Hungry"):
        outcome = yield from always_hungry(m, p, q)
        if outcome == EATEN:
            yield from eaten(m, p, q, start, had_ball)
            return
        if outcome == SQUIRMED:
            # the throw counts as a fumbled throw: he lands in his own square (A7.9.4)
            yield from land(m, q, start, had_ball, frm=start)
            if had_ball:
                balls.turnover(m, "thrown team-mate squirmed free")
            return
    # A7.9.3: the target, Quick or Short only
    targets = pass_targets(m, p, ttm=True)
    choice = yield Decision("ttm_target", p.side, [("ttm_target", sq) for sq in targets],
                            {"player": p.id, "thrown": q.id, "frm": p.square})
    target = choice[1]
    rng = allowed_range(m, p.square, target, ttm=True)
    m.emit("ttm_declared", player=p.id, thrown=q.id, frm=p.square, target=target, range=rng)
    result = yield from pass_roll(m, p, target, rng, ttm=True, what="throw team-mate")
    m.emit("pass_result", player=p.id, target=target, result=result, thrown=q.id)
    if result == FUMBLE:
        # A7.9.4: he lands in the square he started in
        m.emit("ttm_fumbled", player=p.id, thrown=q.id, square=start)
        yield from land(m, q, start, had_ball, frm=start)
        if had_ball:
            balls.turnover(m, "throw team-mate fumbled")
        return
    # A7.9.5: three scatters from the target square, whatever the result
    _lift(m, q, target)
    sq = target
    for _ in range(3):
        d8 = m.dice.d8("thrown player scatter")
        nxt = step(sq, SCATTER[d8])
        m.emit("player_scattered", player=q.id, frm=sq, to=nxt, d8=d8)
        if not on_pitch(nxt):
            yield from into_crowd(m, q, sq, nxt, had_ball)
            return
        sq = nxt
        _over(m, q, sq)
    if sq in s.board:
        yield from land_on_player(m, q, sq, had_ball, frm=start)
    else:
        yield from land(m, q, sq, had_ball, frm=start)


def always_hungry(m, p, q):
    """A12 Always Hungry: D6, 2+ throw; a 1 (team re-roll allowed on this first roll) rolls
    again: 1 eaten, 2-6 squirms free. Returns THROWN, EATEN or SQUIRMED."""
    ok = yield from rolls.test(m, p, "Always Hungry", 2, info={"thrown": q.id})
    if ok:
        return THROWN
    natural = m.dice.d6("Always Hungry (second roll)")
    m.emit("roll", what="Always Hungry (second roll)", player=p.id, target=2, modifier=0,
           dice=[natural], success=natural >= 2)
    outcome = EATEN if natural == 1 else SQUIRMED
    m.emit("always_hungry", player=p.id, thrown=q.id, result=outcome)
    return outcome


def eaten(m, p, q, start, had_ball):
    """A12: Dead (no apothecary, no Regeneration); a ball he held bounces once from his
    starting square; a turnover only if he held it."""
    s = m.state
    s.remove(q, CASUALTY)
    q.cas_detail = "Dead"
    record_lasting(m, q, None, dead=True)  # D3.6.1: an eaten player is dead
    m.emit("eaten", player=q.id, by=p.id, square=start)
    m.emit("injured", player=q.id, result="casualty", cause="eaten", detail="Dead")
    if had_ball:
        balls.ball_to_ground(m, start)
        m.emit("ball_dropped", player=q.id, square=start)
        yield from balls.bounce(m, start)
        balls.turnover(m, "thrown team-mate eaten")


def _lift(m, q, over) -> None:
    """He is in the air over `over`: off the board, status IN_AIR; a ball he holds flies with
    him (in the air over the same square)."""
    s = m.state
    if q.square is not None and s.board.get(q.square) == q.id:
        del s.board[q.square]
    q.square = None
    q.status = IN_AIR
    if s.ball.carrier == q.id:
        s.ball.carrier, s.ball.square, s.ball.in_air = None, over, True


def _over(m, q, sq) -> None:
    """The ball he holds follows him in the air."""
    ball = m.state.ball
    if q.status == IN_AIR and ball.in_air and ball.carrier is None:
        ball.square = sq


def _come_down(m, q, sq, had_ball: bool, *, frm) -> None:
    """He is back on the pitch in `sq`, Standing (for now), holding the ball if he had it."""
    s = m.state
    if q.square != sq:
        s.place(q, sq)
        m.emit("moved", player=q.id, frm=frm, to=sq, how="thrown")
    q.status = STANDING
    if had_ball:
        balls.give_ball(m, q)


def land(m, q, sq, had_ball: bool, *, frm):
    """A7.9.6: an empty on-pitch square: landing roll (re-rollable, A10.5). Success: Standing
    (touchdown with the ball in the opposing end zone); failure: he Falls Over there, turnover
    only if he held the ball. A loose ball in the square bounces (he arrives involuntarily,
    A7.8.2). Returns whether he landed on his feet."""
    s = m.state
    _come_down(m, q, sq, had_ball, frm=frm)
    loose = s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air
    ok = yield from rolls.test(m, q, "landing", rolls.agility_target(q.ag),
                               mods=landing_mods(m, q, sq), info={"square": sq})
    if ok:
        m.emit("landed", player=q.id, square=sq)
        if loose:
            yield from balls.enter_ball_square(m, q, voluntary=False)
        else:
            balls.check_touchdown(m, q)
        return True
    m.emit("landing_failed", player=q.id, square=sq)
    yield from knock_down(m, q, falls=True, cause="landing", turnover=had_ball)
    if loose and s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air:
        yield from balls.bounce(m, sq)
    return False


def land_on_player(m, q, sq, had_ball: bool, *, frm):
    """A7.9.7: the player landed on is Knocked Down (turnover if he is of the moving team); the
    thrown player moves on one square at a time in D8 directions to an empty square, where he
    Falls Over (no landing roll), or into the crowd."""
    s = m.state
    victim = s.at(sq)
    m.emit("landed_on", player=q.id, victim=victim.id, square=sq)
    if victim.status == STUNNED:
        # he stays face down (armour only), but he was knocked down all the same: a turnover
        # when he is of the moving team, as for a Standing or Prone player (A7.9.7)
        yield from armour(m, victim, cause="thrown team-mate")
        if victim.side == s.active and s.phase in ("turn", "kickoff_blitz"):
            balls.turnover(m, "player knocked down")
    else:
        yield from knock_down(m, victim, cause="thrown team-mate")
    while True:
        d8 = m.dice.d8("thrown player bounce")
        nxt = step(sq, SCATTER[d8])
        m.emit("player_scattered", player=q.id, frm=sq, to=nxt, d8=d8)
        if not on_pitch(nxt):
            yield from into_crowd(m, q, sq, nxt, had_ball)
            return
        if nxt not in s.board:
            break
        sq = nxt
        _over(m, q, sq)
    _come_down(m, q, nxt, had_ball, frm=frm)
    loose = s.ball.carrier is None and s.ball.square == nxt and not s.ball.in_air
    yield from knock_down(m, q, falls=True, cause="landing", turnover=had_ball)
    if loose and s.ball.carrier is None and s.ball.square == nxt and not s.ball.in_air:
        yield from balls.bounce(m, nxt)


def into_crowd(m, q, edge, out, had_ball: bool):
    """A7.9.7 / A8.14: a thrown player who leaves the pitch is injured by the crowd; a ball he
    held is thrown in from the last on-pitch square (A7.7); turnover only if he held it."""
    if had_ball:
        balls.ball_to_ground(m, edge)
    m.emit("thrown_into_crowd", player=q.id, frm=edge, to=out)
    yield from crowd_push(m, q)
    if had_ball:
        yield from balls.throw_in(m, edge, out)
        balls.turnover(m, "thrown team-mate landed in the crowd")


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Throw team-mate", {
    "ttm_picked_up": ("A7.9", "The thrower picked up the team-mate he will throw", {
        "player": "the thrower's id", "thrown": "the thrown player's id",
        "square": "the thrown player's square",
        "ball": "whether the thrown player holds the ball"}),
    "ttm_declared": ("A7.9", "The team-mate is thrown at a square (a \"pass_result\" follows)", {
        "player": "the thrower's id", "thrown": "the thrown player's id",
        "frm": "the thrower's square", "target": "", "range": ""}),
    "ttm_fumbled": ("A7.9.4", "The throw was fumbled: he lands in his own square", {
        "player": "the thrower's id", "thrown": "the thrown player's id", "square": ""}),
    "player_scattered": ("A7.9", "The thrown player scattered one square", {
        "player": "the thrown player's id", "frm": "", "to": "", "d8": ""}),
    "always_hungry": ("A7.9.2", "Always Hungry: the thrower tried to eat his team-mate", {
        "player": "the thrower's id", "thrown": "the thrown player's id",
        "result": "\"eaten\" or \"squirmed\""}),
    "eaten": ("A7.9.2", "The team-mate was eaten (a casualty, \"injured\" follows)", {
        "player": "the eaten player's id", "by": "the thrower's id", "square": ""}),
    "landed": ("A7.9", "The thrown player landed on his feet", {"player": "", "square": ""}),
    "landing_failed": ("A7.9", "The landing roll failed: he falls over", {
        "player": "", "square": ""}),
    "landed_on": ("A7.9.7", "The thrown player came down on another player", {
        "player": "the thrown player's id", "victim": "the id of the player landed on",
        "square": ""}),
    "thrown_into_crowd": ("A7.9", "The thrown player went off the pitch into the crowd", {
        "player": "", "frm": "the last square on the pitch", "to": "the square off the pitch"}),
})
