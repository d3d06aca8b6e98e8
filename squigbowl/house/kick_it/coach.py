"""The computer coaches' play of Kick It! (RULES.md B2), registered into
`squigbowl.coaches.house_play`: chances and values only, the engine decides.

The easy coach kicks the ball clear when our carrier is under pressure in his own half
(`kick_wanted`); the normal coach does not (a carrier's kick gives the ball away, and with the
squig's -1 an AG 2 kicker under pressure fumbles it about half the time, B2.6, B2.8 — measured,
normal won more often without it: 120 all-rules matches v easy, 64 to 73 wins), but on the last
turn of a half it kicks at a team-mate in the end zone (`kick_aim_at_mate`, B2.5.1: the kick
lands exactly D6 + ST squares away when it is away, one chance in six at best times the Away
roll and the catch). Where to aim (B2.2) and to land it (B2.5.1), the catch (DD-29) and the
block of a kick (B2.7).
"""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.coaches.catching import catch_chance
from squigbowl.coaches.policies import progress
from squigbowl.rules import ball as balls
from squigbowl.rules.geometry import HEIGHT, WIDTH, distance, on_pitch, scoring_x
from squigbowl.rules.model import STANDING


def kick_wanted(s, p, tz: dict) -> bool:
    """Clear the ball: our carrier stands in his own half (or deep in it) under pressure —
    marked, or with two or more opponents within three squares — and cannot score this turn."""
    if s.teams[p.side].turn >= 8:
        return False
    prog = progress(p.square, p.side)
    if prog > WIDTH // 2 - 1:
        return False
    close = 0
    for q in s.players:
        if q.side != p.side and q.status == STANDING and q.square is not None and q.has_tz \
                and distance(q.square, p.square) <= 3:
            close += 1
    return tz.get(p.square, 0) > 0 or close >= 2 + (1 if prog > 6 else 0)


def kick_aim(s, p, choices) -> tuple | None:
    """Aim down the pitch (B2.2): the facing towards the end zone we attack, diagonally towards
    the middle when near a sideline."""
    fwd = 1 if p.side == 0 else -1
    x, y = p.square
    dy = 0
    if y <= 3:
        dy = 1
    elif y >= HEIGHT - 4:
        dy = -1
    want = (x + fwd, y + dy)
    for c in choices:
        if c[0] == "kick_aim" and c[1] == want:
            return c
    for c in choices:
        if c[0] == "kick_aim" and c[1][0] == x + fwd:
            return c
    return None


def kick_landing(m, side: int, choices) -> tuple | None:
    """B2.5.1: an open team-mate's square when there is one (he may catch it as an inaccurate
    pass, B2.9 [DD-29]); otherwise the on-pitch square furthest from our end zone and from
    opponents."""
    s = m.state
    best, top = None, None
    for c in choices:
        sq = c[1]
        if not on_pitch(sq):
            v = -10.0
        else:
            v = 0.3 * progress(sq, side)
            q = s.at(sq)
            if q is not None and q.side == side and balls.can_catch(q):
                v += 8.0 + 6.0 * catch_chance(m, q, accurate=False)
            near = 99
            for o in s.players:
                if o.side != side and o.status == STANDING and o.square is not None:
                    d = distance(o.square, sq)
                    if d < near:
                        near = d
            v += 0.4 * min(near, 5)
        if top is None or v > top:
            best, top = c, v
    return best


def kick_aim_at_mate(m, kicker):
    """B2.2 / B2.5.1: the aim (the kicker's neighbouring square) of a kick that may land on a
    team-mate standing in the end zone — at a distance D6 + ST may reach (A0.5), along the
    facing of the larger of the two offsets (so he is inside the arc) — the surest catcher
    first; None when there is none."""
    s = m.state
    x = scoring_x(kicker.side)
    kx, ky = kicker.square
    best, top = None, 0.0
    for q in s.players:
        if q.side != kicker.side or q.id == kicker.id or q.square is None \
                or q.status != STANDING or q.square[0] != x \
                or house_play.has_trait(q, "set_apart"):
            continue
        dx, dy = q.square[0] - kx, q.square[1] - ky
        if not kicker.st + 1 <= max(abs(dx), abs(dy)) <= kicker.st + 6:
            continue
        catch = catch_chance(m, q, accurate=False)
        if catch > top:
            face = ((dx > 0) - (dx < 0), 0) if abs(dx) >= abs(dy) else (0, (dy > 0) - (dy < 0))
            aim = (kx + face[0], ky + face[1])
            best, top = aim, catch
    return best


def clearing_kick(coach, m, t):
    """B2: the easy coach kicks the ball clear when our carrier is under pressure."""
    carrier = t.carrier
    kinds = t.avail.get(carrier.id, ())
    if "KICK" in kinds and carrier.status == STANDING and kick_wanted(t.s, carrier, t.tz):
        return coach.start(("KICK", carrier.id), {"kind": "kick"})
    return None


def last_turn_kick(coach, m, t):
    """B2: the normal coach, on the last turn of the half and with no other way in: a kick at a
    team-mate in the end zone (`kick_aim_at_mate`)."""
    carrier = t.carrier
    kinds = t.avail.get(carrier.id, ())
    if "KICK" in kinds and carrier.status == STANDING and m.state.teams[t.side].turn >= 8:
        aim = kick_aim_at_mate(m, carrier)
        if aim is not None:
            return coach.start(("KICK", carrier.id), {"kind": "kick_at", "aim": aim})
    return None


def kick_at_step(coach, m, p, plan, choices):
    """B2.2: the aim of a 'kick_at' plan, with no move first."""
    c = ("kick_aim", plan["aim"])
    return c if c in choices else None


def on_kick_landing(coach, m, d):
    return kick_landing(m, d.side, d.choices)


def on_kick_catch(coach, m, d):
    """DD-29: a kicked ball is always worth catching."""
    return ("kick_catch", True)


def on_kick_block(coach, m, d):
    """B2.7: the blocker with the best chance (a failed try costs nothing)."""
    needed = d.info.get("needed") or {}
    tries = [c for c in d.choices if c[1] is not None]
    if not tries:
        return ("kick_block", None)
    return min(tries, key=lambda c: (needed.get(c[1], 6), c[1]))


house_play.turn("carrier", clearing_kick, order=20, style="easy")
house_play.turn("carrier", last_turn_kick, order=20, style="normal")
house_play.plan_step("kick", lambda coach, m, p, plan, choices: kick_aim(m.state, p, choices))
house_play.plan_step("kick_at", kick_at_step)
house_play.decision("kick_landing", on_kick_landing)
house_play.decision("kick_catch", on_kick_catch)
house_play.decision("kick_block", on_kick_block)
house_play.counter("kicks", "kick_aimed", order=90)   # B2.2
