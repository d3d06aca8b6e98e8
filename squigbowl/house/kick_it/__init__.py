"""Kick It! — the Kick action (RULES.md B2.1-B2.9, B2.11-B2.12, C-B2; DD-13, DD-15, DD-24,
DD-26..DD-33, DD-37), on when `state.options.kick_it`. The kick-off kicker (B2.10) is kicker.py.

The Kick action (KICK, team limit 1, separate from the Pass action, B2.1): the player moves as
in any moving action (he may stand up, pick the ball up) and, while he stands holding the ball,
the 'action' decision offers ("kick_aim", square) for his 8 neighbouring squares (on or off the
pitch). Choosing one starts the kick sequence of B2.3, which can no longer be cancelled:

1. aim: the square gives the template's facing `f`; arrows left(f), f, right(f); the three
   squares next to the kicker along them are the template's target squares [DD-26];
2. Pass Block moves of the opposing team (B2.11): free 3-square moves that must end next to
   the kicker (decision 'pass_block', the same choice types as against a pass);
3. kick block (B2.7): the opposing coach may pick one Standing player with a tackle zone in a
   target square (No Hands allowed, DD-32); agility test, no re-roll, modifiers of DD-33; a
   success bounces the ball from the blocker's square, credits him with an interception (A14)
   and is a turnover;
4. Away roll (B2.6): natural 6 away, natural 1 or total <= 1 fumble, total >= target away,
   else shank; modifiers of DD-31; a team re-roll may be used, no skill re-roll (A10.5);
   a fumble scatters the ball one square from the kicker (a bounce) and is a turnover (B2.8);
5. distance D6 + ST, no re-roll (DD-13); a shank goes half of it, at least 1 square (DD-27);
6. landing: accurate — the kicking coach picks a square exactly N away in the template's arc
   (2N+1 squares, DD-28; Pooch Kick: any distance 1..N, DD-15), decision 'kick_landing' with
   ("kick_land", square); shank — D6 1-3 left arrow, 4-6 right arrow. On the pitch a Standing
   player who can catch may try (inaccurate-pass catch, DD-29: decision 'kick_catch' with
   ("kick_catch", True/False) for his coach), else the ball bounces; off the pitch it is thrown
   in from the nearest on-pitch square (DD-30);
7. turnover unless a player of the kicking team holds the ball once it is at rest (B2.9).

Events: 'kick_aimed' {player, square, aim, facing, left, right, targets}; Pass Block's
'pass_block_started' / 'moved' (how="pass_block") / 'pass_block_ended' with against="kick";
'kick_block_attempt' {player, kicker, square}, 'roll' what="kick block", then 'kick_blocked'
{player, kicker, square} or 'kick_block_failed' {player}; 'roll' what="Away roll" (with
result), 'kick_away' {player, result: "away"/"shank"/"fumble"}; 'kick_fumbled' {player,
square}; 'kick_distance' {player, d6, st, distance, shanked}; 'kick_shanked' {player, d6, side
("left"/"right"), direction, distance, landing}; 'kick_landed' {player, square, on_pitch,
accurate}; 'kick_to_crowd' {landing, edge}; then ball.py's landing, catch, bounce and throw-in
events.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.diving_catch import dive
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import (HEIGHT, NEIGHBOURS, RING, WIDTH, distance, left, on_pitch,
                                      right, step)
from squigbowl.rules.injury import add_stat, knock_down
from squigbowl.rules.model import STANDING
from squigbowl.rules.pass_block import FreeMoves, pass_block_moves
from squigbowl.rules.state import register_option
from squigbowl.rules.turn import action, action_options, choice_handler

KICK = "KICK"
AWAY, SHANK, FUMBLE = "away", "shank", "fumble"

#: B0.1: Kick It! is off unless chosen; the Away roll's Disturbing Presence on (B2.6, DD-31)
register_option("kick_it", False, "Kick It!", rule="B2")
register_option("kick_away_disturbing_presence", True,
                "Kick It! Away roll: Disturbing Presence stands in for Foul Appearance",
                rule="B2.6")


# -- who may kick (B2.1, B2.12) ------------------------------------------------------------------
def can_hold_ball(p) -> bool:
    """B2.1 / DD-34: a player who could ever hold a ball: no No Hands, no Goblin Fanatic, no
    running chainsaw (his state may still stop him now: Prone, a failed Bone-head...)."""
    return not (p.has("No Hands") or p.has("Goblin Fanatic")
                or (p.extra and p.extra.get("chainsaw_running")))


def _prepare_kick(m, side):
    """The 'turn' decision's check for `side`: nobody when Kick It! is off or in a Blitz!
    bonus turn (B2.12: the ball is in the air), else players who can hold a ball (B2.1)."""
    s = m.state
    if not s.options.kick_it or s.bonus_turn:
        return None
    return _can_kick


@action(KICK, limit=KICK, prepare=_prepare_kick)
def _can_kick(m, p) -> bool:
    """B2.1: once per team turn (the KICK limit), Kick It! on, not in a Blitz! bonus turn
    (B2.12), a player who can hold a ball."""
    s = m.state
    return s.options.kick_it and not s.bonus_turn and can_hold_ball(p)


@action_options(KICK)
def kick_options(m, p, act) -> list:
    """B2.1-B2.2: after (or instead of more) movement, standing with the ball: aim at any of
    his 8 neighbouring squares, on or off the pitch."""
    s = m.state
    if p.status != STANDING or s.ball.carrier != p.id or s.ball.in_air:
        return []
    x, y = p.square
    return [("kick_aim", (x + dx, y + dy)) for dx, dy in RING]


@choice_handler("kick_aim")
def kick_aim(m, p, act, aim):
    """B2.1: the kick ends his action."""
    act.done = True
    yield from kick_ball(m, p, aim)


# -- geometry (B2.2, B2.5) -------------------------------------------------------------------------
def template(kicker_sq, aim):
    """B2.2 [DD-26]: (facing, left arrow, right arrow, the three target squares in the order
    left, centre, right)."""
    f = (aim[0] - kicker_sq[0], aim[1] - kicker_sq[1])
    if f not in RING:
        raise ValueError(f"{aim} is not next to {kicker_sq}")
    lf, rf = left(f), right(f)
    return f, lf, rf, (step(kicker_sq, lf), step(kicker_sq, f), step(kicker_sq, rf))


def arc_squares(kicker_sq, facing, n: int) -> list:
    """B2.5.1 [DD-28]: the 2N+1 squares exactly `n` (>= 1) squares from the kicker between the
    left and the right arrows (inclusive), listed from the left arrow's end through the centre
    arrow's end to the right arrow's end. Orthogonal facing: one straight line of squares;
    diagonal facing: the union of a row and a column meeting at the corner. They may lie off
    the pitch."""
    lo = step(kicker_sq, left(facing), n)
    mid = step(kicker_sq, facing, n)
    hi = step(kicker_sq, right(facing), n)
    a = ((mid[0] - lo[0]) // n, (mid[1] - lo[1]) // n)
    b = ((hi[0] - mid[0]) // n, (hi[1] - mid[1]) // n)
    return [step(lo, a, j) for j in range(n)] + [step(mid, b, j) for j in range(n + 1)]


def landing_choices(p, facing, n: int) -> list:
    """B2.5.1: the squares an accurate kick of distance `n` may land in: exactly `n` away in
    the arc [DD-28]; with Pooch Kick anywhere in the arc 1..n away [DD-15]."""
    if p.has("Pooch Kick"):
        out = []
        for d in range(1, n + 1):
            out.extend(arc_squares(p.square, facing, d))
        return out
    return arc_squares(p.square, facing, n)


def nearest_on_pitch(sq):
    """B2.5.5 [DD-30]: the on-pitch square nearest to `sq` (coordinates clamped)."""
    return (min(max(sq[0], 0), WIDTH - 1), min(max(sq[1], 0), HEIGHT - 1))


# -- modifiers (B2.6, B2.7.3) ----------------------------------------------------------------------
# B1.8 [DD-24]: the squig's -1 on the Away roll ('kick') and the kick block ('kick_block')
# comes from ball.house_roll_mods (squig_ball.squig_penalty); nothing without Squig Ball.
def away_mods(m, p) -> list:
    """B2.6 [DD-31] as (label, value) pairs, non-zero terms only: -1 per opposing tackle zone
    on the kicker (Nerves of Steel ignores), -1 Very Sunny, -1 per opposing Disturbing Presence
    within 3 squares (option `kick_away_disturbing_presence`, on by default), -1 squig. Nothing
    else: no range, Stunty, Pass, Kick or Foul Appearance."""
    s = m.state
    mods = []
    if not p.has("Nerves of Steel"):
        tz = s.tackle_zones(p.square, p.side)
        if tz:
            mods.append(("tackle zones", -tz))
    if s.weather == "very_sunny":
        mods.append(("Very Sunny", -1))
    if s.options.kick_away_disturbing_presence:
        dp = balls.disturbing_presence(m, p)
        if dp:
            mods.append(("Disturbing Presence", -dp))
    return mods + balls.house_roll_mods(m, "kick", p)


def away_modifier(m, p) -> int:
    """B2.6 [DD-31]: the sum of `away_mods`."""
    return rolls.total(away_mods(m, p))


def away_outcome(natural: int, modifier: int, target: int) -> str:
    """B2.6, in the written order: natural 6 away; natural 1 or a modified total of 1 or less a
    fumble; a modified total >= target away; anything else a shank."""
    if natural == 6:
        return AWAY
    total = natural + modifier
    if natural == 1 or total <= 1:
        return FUMBLE
    if total >= target:
        return AWAY
    return SHANK


def kick_block_mods(m, q) -> list:
    """B2.7.3 [DD-33] [DD-37] as (label, value) pairs, non-zero terms only: -1 per
    kicking-team tackle zone on the blocker's square (the kicker's included; Nerves of Steel
    ignores), -1 per kicking-team Disturbing Presence within 3 squares, -1 Pouring Rain, +1
    Very Long Legs, +1 Extra Arms (D5.2, DD-113), -1 squig. No -2; no passing skill (DD-116)."""
    s = m.state
    mods = []
    if not q.has("Nerves of Steel"):
        tz = s.tackle_zones(q.square, q.side)
        if tz:
            mods.append(("tackle zones", -tz))
    dp = balls.disturbing_presence(m, q)
    if dp:
        mods.append(("Disturbing Presence", -dp))
    if s.weather == "pouring_rain":
        mods.append(balls.RAIN)
    if q.has("Very Long Legs"):
        mods.append(("Very Long Legs", 1))
    if q.has("Extra Arms"):
        mods.append(balls.EXTRA_ARMS)       # D5.2 [DD-113]
    return mods + balls.house_roll_mods(m, "kick_block", q)


def kick_block_modifier(m, q) -> int:
    """B2.7.3: the sum of `kick_block_mods`."""
    return rolls.total(kick_block_mods(m, q))


def kick_blockers(m, kicker, targets) -> list:
    """B2.7.1 [DD-32]: players of the other team, Standing with a tackle zone, in one of the
    template's target squares (so next to the kicker). No Hands does not matter."""
    s = m.state
    out = []
    for sq in targets:
        q = s.at(sq) if on_pitch(sq) else None
        if q is not None and q.side != kicker.side and q.status == STANDING and q.has_tz:
            out.append(q)
    return sorted(out, key=lambda q: q.id)


def kick_odds(m, p) -> dict:
    """What the Away roll of `p` needs now, for the screens and bots (no side effects)."""
    target = rolls.agility_target(p.ag)
    mod = away_modifier(m, p)
    outcomes = {n: away_outcome(n, mod, target) for n in range(1, 7)}
    return {"target": target, "modifier": mod,
            "away_on": min(n for n, r in outcomes.items() if r == AWAY),
            "fumble_on": max(n for n, r in outcomes.items() if r == FUMBLE)}


# -- the sequence (B2.3) ---------------------------------------------------------------------------
def kick_ball(m, p, aim):
    """B2.3: the whole kick of `p`, aimed at the neighbouring square `aim`."""
    s = m.state
    frm = p.square
    side = p.side
    facing, lf, rf, targets = template(frm, aim)
    # 1. aim (B2.2)
    m.emit("kick_aimed", player=p.id, square=frm, aim=aim, facing=facing, left=lf, right=rf,
           targets=targets)
    # 2. Pass Block (B2.11)
    yield from pass_block_moves(m, p, None, KickFreeMoves(p.square))
    # 3. kick block (B2.7)
    if (yield from kick_block(m, p, targets)):
        return
    # 4. the Away roll (B2.6)
    result = yield from away_roll(m, p)
    m.emit("kick_away", player=p.id, result=result)
    if result == FUMBLE:
        # B2.8: one D8 square from the kicker's square, then it lands like a bouncing ball
        balls.ball_to_ground(m, frm)
        m.emit("kick_fumbled", player=p.id, square=frm)
        yield from balls.bounce(m, frm)
        balls.turnover(m, "kick fumbled")
        return
    # 5. distance (B2.4)
    d6 = m.dice.d6("kick distance")
    n = d6 + p.st
    shanked = result == SHANK
    if shanked:
        n = max(1, n // 2)  # [DD-27]
    m.emit("kick_distance", player=p.id, d6=d6, st=p.st, distance=n, shanked=shanked)
    # 6. where it lands (B2.5)
    if shanked:
        roll = m.dice.d6("shank direction")
        arrow, which = (lf, "left") if roll <= 3 else (rf, "right")
        landing = step(frm, arrow, n)
        m.emit("kick_shanked", player=p.id, d6=roll, side=which, direction=arrow, distance=n,
               landing=landing)
    else:
        choices = landing_choices(p, facing, n)
        choice = yield Decision("kick_landing", side, [("kick_land", sq) for sq in choices],
                                {"player": p.id, "square": frm, "facing": facing,
                                 "distance": n, "pooch": p.has("Pooch Kick")})
        landing = choice[1]
    ball = s.ball
    ball.carrier, ball.square, ball.in_air = None, frm, True
    yield from kicked_ball_lands(m, p, landing, accurate=not shanked)
    # 7. the turnover check (B2.9)
    carrier = s.carrier()
    if carrier is None or carrier.side != side:
        balls.turnover(m, "kick not caught")


def away_roll(m, p):
    """B2.6: agility test; a team re-roll may be used on a shank or a fumble (A10.5), no skill
    re-roll. Returns AWAY, SHANK or FUMBLE."""
    target = rolls.agility_target(p.ag)
    mods = away_mods(m, p)
    mod = rolls.total(mods)
    more = {"mods": mods} if mods else {}
    natural = m.dice.d6("Away roll")
    result = away_outcome(natural, mod, target)
    m.emit("roll", what="Away roll", player=p.id, target=target, modifier=mod, dice=[natural],
           success=result == AWAY, result=result, **more)
    if result == AWAY:
        return result
    source = yield from rolls.offer_reroll(m, p, "Away roll", None, info={"result": result})
    if source is None:
        return result
    natural = m.dice.d6("Away roll (re-roll)")
    result = away_outcome(natural, mod, target)
    m.emit("roll", what="Away roll", player=p.id, target=target, modifier=mod, dice=[natural],
           success=result == AWAY, result=result, reroll=source, **more)
    return result


def stands_facing(landing):
    """B2.5.5: the template faces away from the side(s) on which the landing square is off the
    pitch — straight in when only one coordinate is out (even when the clamped square is a
    corner: Part B's own rule wins over A7.7.1's corner rule, B0.3), diagonally when both are."""
    x, y = landing
    dx = 1 if x < 0 else -1 if x >= WIDTH else 0
    dy = 1 if y < 0 else -1 if y >= HEIGHT else 0
    return (dx, dy)


def kicked_ball_lands(m, kicker, landing, *, accurate: bool):
    """B2.5.3-B2.5.5: the ball flew over everything and comes down in `landing`."""
    s = m.state
    if not on_pitch(landing):
        edge = nearest_on_pitch(landing)
        m.emit("kick_landed", player=kicker.id, square=landing, on_pitch=False,
               accurate=accurate)
        m.emit("kick_to_crowd", landing=landing, edge=edge)
        balls.ball_to_ground(m, edge)
        yield from balls.throw_in(m, edge, landing, facing=stands_facing(landing))
        return
    m.emit("kick_landed", player=kicker.id, square=landing, on_pitch=True, accurate=accurate)
    ball = s.ball
    ball.carrier, ball.square, ball.in_air = None, landing, False
    m.emit("ball_landed", square=landing)
    q = s.at(landing)
    if q is not None and balls.can_catch(q):
        # [DD-29]: the catch is optional; the modifier of an inaccurate pass
        choice = yield Decision("kick_catch", q.side, [("kick_catch", True),
                                                       ("kick_catch", False)],
                                {"player": q.id, "square": landing, "kicker": kicker.id})
        if choice[1]:
            yield from balls.catch(m, q, accurate=False)
            return
        m.emit("catch_declined", player=q.id, square=landing)
    elif q is None and (yield from dive(m, landing)) is not balls.NO_DIVE:
        return              # D5.2 Diving Catch [DD-105]: a kicked ball comes down too
    yield from balls.bounce(m, landing)


# -- the kick block (B2.7) -------------------------------------------------------------------------
def kick_block(m, kicker, targets):
    """B2.7.2-B2.7.5: the opposing coach may nominate one eligible player; his roll has no
    re-roll. Returns whether the kick was blocked (then the ball has come to rest and the
    turnover is set)."""
    s = m.state
    candidates = kick_blockers(m, kicker, targets)
    if not candidates:
        return False
    from squigbowl.rules.passing import roll_needed
    needed = {q.id: roll_needed(rolls.agility_target(q.ag), kick_block_modifier(m, q))
              for q in candidates}
    choice = yield Decision("kick_block", 1 - kicker.side,
                            [("kick_block", q.id) for q in candidates] + [("kick_block", None)],
                            {"kicker": kicker.id, "square": kicker.square, "targets": targets,
                             "needed": needed})
    if choice[1] is None:
        return False
    q = s.players[choice[1]]
    m.emit("kick_block_attempt", player=q.id, kicker=kicker.id, square=q.square)
    ok = yield from rolls.test(m, q, "kick block", rolls.agility_target(q.ag),
                               mods=kick_block_mods(m, q), rerollable=False)
    if not ok:
        m.emit("kick_block_failed", player=q.id)
        return False
    m.emit("kick_blocked", player=q.id, kicker=kicker.id, square=q.square)
    add_stat(q, "interceptions")  # B2.7.5, A14
    balls.ball_to_ground(m, q.square)
    yield from balls.bounce(m, q.square)
    balls.turnover(m, "kick blocked")
    return True


# -- Pass Block against a kick (B2.11) -------------------------------------------------------------
class KickFreeMoves(FreeMoves):
    """B2.11: the Pass Block free moves against a kick from `kicker_sq`: the only legal
    destinations are the squares next to the kicker (pass_block.py runs them)."""

    against_key = "kicker"
    tag = {"against": "kick"}

    def __init__(self, kicker_sq) -> None:
        super().__init__(kicker_sq, None)

    def where(self) -> dict:
        return {"frm": self.frm}

    def may_stop(self, m, p, sq) -> bool:
        return distance(sq, self.frm) == 1


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events, describe_fields  # noqa: E402

EVENTS = describe_events(__name__, "Kick It!", {
    "kick_aimed": ("B2.2", "A player aims a kick at an adjacent square", {
        "player": "the kicker's id", "square": "the kicker's square",
        "aim": "the square aimed at", "facing": "the direction (dx, dy) of the aim",
        "left": "the template's left arrow (dx, dy)", "right": "its right arrow (dx, dy)",
        "targets": "the three target squares, left, centre, right"}),
    "kick_away": ("B2.6", "The Away roll's outcome", {
        "player": "the kicker's id", "result": "\"away\", \"shank\" or \"fumble\""}),
    "kick_fumbled": ("B2.8", "The kick was fumbled: the ball bounces from the kicker", {
        "player": "the kicker's id", "square": ""}),
    "kick_distance": ("B2.4", "How far the ball goes", {
        "player": "the kicker's id", "d6": "the D6", "st": "the kicker's ST",
        "distance": "the squares (D6 + ST, halved for a shank)", "shanked": "True for a shank"}),
    "kick_shanked": ("B2.5", "A shank's direction", {
        "player": "the kicker's id", "d6": "the D6 (1-3 left, 4-6 right)",
        "side": "\"left\" or \"right\" (not a team)", "direction": "",
        "distance": "the squares", "landing": "where it comes down"}),
    "kick_landed": ("B2.5", "Where the kicked ball comes down", {
        "player": "the kicker's id", "square": "", "on_pitch": "whether that is on the pitch",
        "accurate": "False for a shank"}),
    "kick_to_crowd": ("B2.5", "The kick went into the crowd (a throw-in follows)", {
        "landing": "the square off the pitch", "edge": "the on-pitch square it is thrown from"}),
    "catch_declined": ("B2.5", "The player under the kicked ball chose not to catch it", {
        "player": "", "square": ""}),
    "kick_block_attempt": ("B2.7", "An opponent tries to block the kick", {
        "player": "the blocker's id", "kicker": "the kicker's id", "square": "the blocker's "
                                                                           "square"}),
    "kick_block_failed": ("B2.7", "The kick-block roll failed", {"player": "the blocker's id"}),
    "kick_blocked": ("B2.7", "The kick was blocked: the ball drops at the blocker (turnover)", {
        "player": "the blocker's id", "kicker": "the kicker's id", "square": ""}),
})
describe_fields(__name__, "pass_block_started", "B2.11", {
    "against": "\"kick\" when the Pass Block answers a kick"})
describe_fields(__name__, "pass_block_ended", "B2.11", {
    "against": "\"kick\" when the Pass Block answers a kick"})
