"""Interceptions (RULES.md A7.2.4 step 3, A7.2.5, A6.8).

`under_ruler` is the exact "under the range ruler" geometry of A7.2.5; `interceptors` lists the
players the opposing coach may pick; `intercept` is the one attempt. The pure helpers
(`under_ruler`, `interceptors`, `interception_modifier`) have no side effects, so the UI and the
bots may ask them before a pass. Bombs (B5.6) reuse them with their own consequences.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.events import Decision
from squigbowl.rules.injury import add_stat

#: A7.2.5: half the width of the range ruler, as the fraction 87/100 (compared exactly)
RULER_HALF_WIDTH = (87, 100)


def under_ruler(frm, to, sq) -> bool:
    """A7.2.5: is the square `sq` under the range ruler laid from `frm` to `to`?

    With the origin at the centre of the thrower's square, r the vector to the target and i the
    vector to the candidate: |r - i|^2 < |r|^2, |i|^2 < |r|^2, and at least one corner
    c = (ix +- 0.5, iy +- 0.5) lies at a distance |rx*cy - ry*cx| / |r| < 0.87 from the line.
    Computed in integers (corners doubled), so the 0.87 boundary is exact."""
    rx, ry = to[0] - frm[0], to[1] - frm[1]
    ix, iy = sq[0] - frm[0], sq[1] - frm[1]
    r2 = rx * rx + ry * ry
    if r2 == 0:
        return False
    if (rx - ix) ** 2 + (ry - iy) ** 2 >= r2 or ix * ix + iy * iy >= r2:
        return False
    num, den = RULER_HALF_WIDTH
    for sx in (-1, 1):
        for sy in (-1, 1):
            # doubled corner: (2ix + sx, 2iy + sy); doubled cross product
            cross2 = rx * (2 * iy + sy) - ry * (2 * ix + sx)
            # |cross2 / 2| / |r| < num / den  <=>  (den * cross2)^2 < (2 * num)^2 * |r|^2
            if (den * cross2) ** 2 < (2 * num) ** 2 * r2:
                return True
    return False


def can_intercept(p) -> bool:
    """A7.2.5: Standing, a tackle zone, able to catch (A7.3.1)."""
    return balls.can_catch(p)


def interceptors(m, side: int, frm, to) -> list:
    """A7.2.5: the players of the team that is not `side` (the passing side) who may attempt an
    interception of a throw from `frm` to `to`, in player-id order. No side effects."""
    out = []
    for p in m.state.players:
        if (p.side != side and p.square is not None and p.square != frm and p.square != to
                and can_intercept(p) and under_ruler(frm, to, p.square)):
            out.append(p)
    return out


def interception_extra_mods(m, p) -> list:
    """Variant terms on interceptions (the squig, B1.8); [] in the base game."""
    return balls.house_roll_mods(m, "interception", p)


def interception_extra_modifier(m, p) -> int:
    """Variant modifiers on interceptions (the squig, B1.8); 0 in the base game."""
    return rolls.total(interception_extra_mods(m, p))


def interception_mods(m, p, *, extra: bool = True) -> list:
    """A6.8 as (label, value) pairs, non-zero terms only: -2, -1 per opposing tackle zone on
    his square (Nerves of Steel ignores), -1 in Pouring Rain, +1 Very Long Legs, +1 Extra Arms
    (D5.2), -1 per Disturbing Presence within 3 squares, and the variant terms (`extra=False`
    leaves them out, as for a bomb)."""
    mods = [("interception", -2)]
    if not p.has("Nerves of Steel"):
        tz = m.state.tackle_zones(p.square, p.side)
        if tz:
            mods.append(("tackle zones", -tz))
    if m.state.weather == "pouring_rain":
        mods.append(balls.RAIN)
    if p.has("Very Long Legs"):
        mods.append(("Very Long Legs", 1))
    if p.has("Extra Arms"):
        mods.append(balls.EXTRA_ARMS)      # D5.2
    dp = balls.disturbing_presence(m, p)
    if dp:
        mods.append(("Disturbing Presence", -dp))
    if extra and balls.BALL_ROLL_MODS:
        mods += interception_extra_mods(m, p)
    return mods


def interception_modifier(m, p, *, extra: bool = True) -> int:
    """A6.8: the sum of `interception_mods`."""
    return rolls.total(interception_mods(m, p, extra=extra))


def interception_odds(m, p) -> dict:
    """What an interception by `p` needs: agility target, modifier and the lowest natural roll
    that succeeds (A0.3). No side effects."""
    from squigbowl.rules.passing import roll_needed
    target = rolls.agility_target(p.ag)
    mod = interception_modifier(m, p)
    return {"player": p.id, "target": target, "modifier": mod,
            "needed": roll_needed(target, mod)}


def choose_interceptor(m, thrower, target, *, what: str = "pass"):
    """A7.2.4 step 3: the opposing coach picks one eligible player, or nobody. Returns the
    player or None (no decision when nobody is eligible)."""
    s = m.state
    candidates = interceptors(m, thrower.side, thrower.square, target)
    if not candidates:
        return None
    side = 1 - thrower.side
    odds = {p.id: interception_odds(m, p)["needed"] for p in candidates}
    choice = yield Decision("intercept", side,
                            [("intercept", p.id) for p in candidates] + [("intercept", None)],
                            {"thrower": thrower.id, "frm": thrower.square, "target": target,
                             "what": what, "needed": odds})
    return None if choice[1] is None else s.players[choice[1]]


def interception_roll(m, p, thrower):
    """The interception roll: an agility test with the A6.8 modifiers; Catch may re-roll it
    (A12), a team re-roll may not (A10.2, it is not his team's turn). Returns success."""
    m.emit("interception_attempt", player=p.id, thrower=thrower.id, square=p.square)
    return (yield from rolls.test(m, p, "interception", rolls.agility_target(p.ag),
                                  mods=interception_mods(m, p), skill="Catch", team_ok=False))


def intercept(m, thrower, target, *, turnover: bool = True):
    """A7.2.4 step 3 for a ball: pick, roll (Safe Throw may cancel it, D5.2); on a success the
    interceptor holds the ball (touchdown if he stands in his scoring end zone, A11.1), he is
    credited (A14) and it is a turnover (not for a Dump-Off, `turnover=False`, D5.2). Returns
    whether the pass was intercepted."""
    p = yield from choose_interceptor(m, thrower, target)
    if p is None:
        return False
    if not (yield from interception_roll(m, p, thrower)):
        m.emit("interception_failed", player=p.id)
        return False
    if thrower.has("Safe Throw") and (yield from _safe_throw(m, thrower, p)):
        return False        # D5.2 Safe Throw: the pass goes on
    balls.give_ball(m, p)
    m.emit("intercepted", player=p.id, square=p.square, thrower=thrower.id)
    add_stat(p, "interceptions")
    balls.check_touchdown(m, p)
    if turnover:
        balls.turnover(m, "pass intercepted")
    return True


def _safe_throw(m, thrower, interceptor):
    """safe_throw.cancels_interception (D5.2), imported on first use."""
    from squigbowl.rules.safe_throw import cancels_interception
    return (yield from cancels_interception(m, thrower, interceptor))


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Interceptions", {
    "interception_attempt": ("A7.2.4", "A player tries to intercept a pass", {
        "player": "the interceptor's id", "thrower": "", "square": "the interceptor's square"}),
    "interception_failed": ("A7.2.4", "The interception roll failed", {
        "player": "the interceptor's id"}),
    "intercepted": ("A7.2.4", "A pass was intercepted (turnover)", {
        "player": "the interceptor's id", "square": "", "thrower": ""}),
})
