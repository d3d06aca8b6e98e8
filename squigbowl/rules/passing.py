"""Passing the ball (RULES.md A7.2, A6.8, A14).

The range table of A7.2.2 is data (`RANGE_ROWS`); `range_of(frm, to)` reads it. The pass
follows A7.2.4 in its written order: target and range, Pass Block moves (pass_block.py), one
interception attempt (interception.py), the pass roll (accurate / fumble / inaccurate resolved in
that order, Pass skill or team re-roll), landing, and the turnover check.

Pure helpers for the screens and the bots, with no side effects: `range_of`, `allowed_range`,
`pass_targets`, `pass_modifier`, `pass_outcome`, `roll_needed`, `pass_odds`.

The 'action' decision of a Pass action offers ("pass", target_square) while the player stands
holding the ball, and ("throw_teammate", pid) for a Throw Team-Mate thrower (throw_teammate.py).
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.injury import add_stat
from squigbowl.rules.interception import intercept, interceptors, interception_odds
from squigbowl.rules.model import STANDING
from squigbowl.rules.pass_block import pass_block_moves
from squigbowl.rules.turn import PASS, action_options, choice_handler

QUICK, SHORT, LONG, BOMB = "Q", "S", "L", "B"
RANGE_NAMES = {QUICK: "Quick Pass", SHORT: "Short Pass", LONG: "Long Pass", BOMB: "Long Bomb"}
#: A7.2.2 range modifiers
RANGE_MODIFIERS = {QUICK: 1, SHORT: 0, LONG: -1, BOMB: -2}
ALL_RANGES = frozenset(RANGE_MODIFIERS)
#: A7.2.3: a Blizzard, and a thrown team-mate, allow only these
SHORT_RANGES = frozenset({QUICK, SHORT})

#: A7.2.2, row = dy, column = dx (0..13); T = the thrower's square, - = out of range
RANGE_ROWS = (
    "TQQQSSSLLLLBBB",  # dy 0
    "QQQQSSSLLLLBBB",  # dy 1
    "QQQSSSSLLLLBB-",  # dy 2
    "QQSSSSSLLLBBB-",  # dy 3
    "SSSSSSLLLLBBB-",  # dy 4
    "SSSSSLLLLBBB--",  # dy 5
    "SSSSLLLLLBBB--",  # dy 6
    "LLLLLLLLBBB---",  # dy 7
    "LLLLLLLBBBB---",  # dy 8
    "LLLLLBBBBB----",  # dy 9
    "LLLBBBBBB-----",  # dy 10
    "BBBBBBB-------",  # dy 11
    "BBBBB---------",  # dy 12
    "BB------------",  # dy 13
)

ACCURATE, INACCURATE, FUMBLE = "accurate", "inaccurate", "fumble"
#: D5.2 Safe Throw: a fumble without a natural 1, the ball kept
KEPT = "kept"


# -- pure helpers -------------------------------------------------------------------------------
def range_of(frm, to) -> str | None:
    """A7.2.2: 'Q', 'S', 'L' or 'B' for a throw from `frm` to `to`; None when out of range or
    when `to` is the thrower's own square."""
    dx, dy = abs(to[0] - frm[0]), abs(to[1] - frm[1])
    if dx >= 14 or dy >= 14:
        return None
    cell = RANGE_ROWS[dy][dx]
    return cell if cell in RANGE_MODIFIERS else None


def allowed_ranges(m, *, ttm: bool = False) -> frozenset:
    """A7.2.3: Quick and Short only in a Blizzard or for a thrown team-mate (A7.9.3)."""
    if ttm or m.state.weather == "blizzard":
        return SHORT_RANGES
    return ALL_RANGES


def allowed_range(m, frm, to, *, ttm: bool = False) -> str | None:
    """The range of a throw that may be attempted (A7.2.1-A7.2.3), else None."""
    rng = range_of(frm, to)
    return rng if rng in allowed_ranges(m, ttm=ttm) else None


def pass_targets(m, p, *, ttm: bool = False) -> list:
    """A7.2.1: every on-pitch square but his own whose range is allowed."""
    frm = p.square
    allowed = allowed_ranges(m, ttm=ttm)
    return [sq for sq in ALL_SQUARES if sq != frm and range_of(frm, sq) in allowed]


def pass_extra_mods(m, p) -> list:
    """Variant terms on a ball pass (the squig, B1.8; not on a thrown team-mate); [] in the
    base game."""
    return balls.house_roll_mods(m, "pass", p)


def pass_extra_modifier(m, p) -> int:
    """Variant modifiers on a ball pass (the squig, B1.8; not on a thrown team-mate); 0 in the
    base game."""
    return rolls.total(pass_extra_mods(m, p))


#: the range's term in a pass roll's breakdown (Short Pass has none)
RANGE_MODS = {rng: (f"range: {RANGE_NAMES[rng].split()[0].lower()}", v)
              for rng, v in RANGE_MODIFIERS.items() if v}
RANGE_MODS[BOMB] = ("range: long bomb", RANGE_MODIFIERS[BOMB])


def pass_mods(m, p, rng: str, *, ttm: bool = False, extra: bool = True) -> list:
    """A6.8 pass roll as (label, value) pairs, non-zero terms only: range, -1 per opposing
    tackle zone on the thrower (Nerves of Steel ignores), -1 Very Sunny, -1 Stunty, -1 throw
    team-mate, -1 per Disturbing Presence within 3 squares, +1 Accurate, +1 Strong Arm beyond
    Quick range (D5.2), and the variant terms (not on a thrown team-mate; `extra=False` leaves
    them out, as for a bomb, B5.3)."""
    rm = RANGE_MODS.get(rng)
    mods = [rm] if rm is not None else []
    if not p.has("Nerves of Steel"):
        tz = m.state.tackle_zones(p.square, p.side)
        if tz:
            mods.append(("tackle zones", -tz))
    if m.state.weather == "very_sunny":
        mods.append(("Very Sunny", -1))
    if p.has("Stunty"):
        mods.append(("Stunty", -1))
    if ttm:
        mods.append(("throw team-mate", -1))
    dp = balls.disturbing_presence(m, p)
    if dp:
        mods.append(("Disturbing Presence", -dp))
    if p.has("Accurate"):
        mods.append(("Accurate", 1))        # D5.2: passes, team-mates, bombs
    if rng != QUICK and p.has("Strong Arm"):
        mods.append(("Strong Arm", 1))      # D5.2: Short, Long and Long Bomb
    if not ttm and extra and balls.BALL_ROLL_MODS:
        mods += pass_extra_mods(m, p)
    return mods


def pass_modifier(m, p, rng: str, *, ttm: bool = False, extra: bool = True) -> int:
    """A6.8 pass roll: the sum of `pass_mods`."""
    return rolls.total(pass_mods(m, p, rng, ttm=ttm, extra=extra))


def pass_outcome(natural: int, modifier: int, target: int) -> str:
    """A7.2.4 step 4, in the written order: natural 6 accurate; natural 1 or a modified total
    of 1 or less a fumble; modified total >= target accurate; otherwise inaccurate."""
    if natural == 6:
        return ACCURATE
    total = natural + modifier
    if natural == 1 or total <= 1:
        return FUMBLE
    if total >= target:
        return ACCURATE
    return INACCURATE


def outcome_chances(modifier: int, target: int) -> dict:
    """A7.2.4 (pure): {ACCURATE, INACCURATE, FUMBLE: chance} of one pass roll."""
    out = {ACCURATE: 0.0, INACCURATE: 0.0, FUMBLE: 0.0}
    for natural in range(1, 7):
        out[pass_outcome(natural, modifier, target)] += 1 / 6
    return out


def roll_needed(target: int, modifier: int) -> int:
    """The lowest natural D6 that passes a test (A0.3): 2..6 (a 6 always passes)."""
    for natural in range(2, 6):
        if natural + modifier >= target:
            return natural
    return 6


def pass_odds(m, p, to, *, ttm: bool = False) -> dict | None:
    """What a throw by `p` to `to` needs, for the screens and bots (no side effects): range,
    modifier, agility target, the lowest natural roll that is accurate, the highest that
    fumbles, and (ball passes only) who could intercept and what each needs. None when the
    square may not be targeted."""
    rng = allowed_range(m, p.square, to, ttm=ttm)
    if rng is None or to == p.square:
        return None
    target = rolls.agility_target(p.ag)
    mod = pass_modifier(m, p, rng, ttm=ttm)
    outcomes = {n: pass_outcome(n, mod, target) for n in range(1, 7)}
    accurate_on = min(n for n, r in outcomes.items() if r == ACCURATE)
    fumble_on = max(n for n, r in outcomes.items() if r == FUMBLE)
    return {
        "range": rng, "range_name": RANGE_NAMES[rng], "target": target, "modifier": mod,
        "accurate_on": accurate_on, "fumble_on": fumble_on,
        "interceptors": [] if ttm else [interception_odds(m, q) for q in
                                        interceptors(m, p.side, p.square, to)],
    }


# -- the procedures -----------------------------------------------------------------------------
def can_pass(m, p) -> bool:
    """A7.2.1: Standing and holding the ball."""
    return p.status == STANDING and m.state.ball.carrier == p.id


@action_options(PASS)
def pass_options(m, p, act) -> list:
    choices = []
    if can_pass(m, p):
        choices.extend(("pass", sq) for sq in pass_targets(m, p))
    choices.extend(_ttm_choices(m, p, act))
    if p.has("Hail Mary Pass"):
        choices.extend(_hail_mary_choices(m, p))
    return choices


def _hail_mary_choices(m, p) -> list:
    """hail_mary.hail_mary_choices (D5.2), imported on first use (that module imports this)."""
    from squigbowl.rules.hail_mary import hail_mary_choices
    return hail_mary_choices(m, p)


def _ttm_choices(m, p, act) -> list:
    """throw_teammate.ttm_choices, imported on first use (that module imports this one)."""
    global _ttm_choices
    from squigbowl.rules.throw_teammate import ttm_choices
    _ttm_choices = ttm_choices
    return ttm_choices(m, p, act)


@choice_handler("pass")
def pass_choice(m, p, act, target):
    """A5.3: the action ends when the ball is thrown."""
    act.done = True
    yield from throw_ball(m, p, target)


def pass_roll(m, p, target, rng: str, *, ttm: bool = False, what: str = "pass"):
    """A7.2.4 step 4: the thrower's agility test. A fumble or an inaccurate result may be
    re-rolled by the Pass skill or a team re-roll (A10): Pass is used at once on a fumble (it
    cannot make it worse) and offered on an inaccurate pass. A thrown team-mate scatters
    whether accurate or not (A7.9.5), so there only a fumble is worth a re-roll. Returns
    ACCURATE, INACCURATE, FUMBLE, or KEPT: a ball fumbled without a natural 1 by a Safe Throw
    thrower (D5.2; then Pass is asked, not used at once: a re-roll may make it worse)."""
    agility = rolls.agility_target(p.ag)
    mods = pass_mods(m, p, rng, ttm=ttm)
    mod = rolls.total(mods)
    return (yield from roll_pass_die(m, p, target, lambda n: pass_outcome(n, mod, agility),
                                     what=what, agility=agility, mods=mods, ttm=ttm))


def roll_pass_die(m, p, target, outcome, *, what: str, agility: int, mods: list,
                  ttm: bool = False, success_on: tuple = (ACCURATE,), ball: bool = True):
    """The D6 of a throw read by `outcome(natural)` (A7.2.4 step 4, D5.2 Hail Mary Pass), its
    re-roll (Pass, a team re-roll) and Safe Throw's kept fumble (D5.2: only of the `ball`,
    not of a thrown team-mate). A result in `success_on` is a success, and so not re-rolled.
    Returns the result."""
    ball = ball and not ttm
    mod = rolls.total(mods)
    more = {"mods": mods} if mods else {}
    natural = m.dice.d6(what)
    result = _kept(p, natural, outcome(natural), ball)
    m.emit("roll", what=what, player=p.id, target=agility, modifier=mod, dice=[natural],
           success=result in success_on, result=_said(result), **more)
    if result in success_on or (ttm and result == INACCURATE):
        return result
    source = yield from rolls.offer_reroll(m, p, what, "Pass", auto_skill=result == FUMBLE,
                                           info={"result": _said(result), "target": target})
    if source is None:
        return result
    natural = m.dice.d6(f"{what} (re-roll)")
    result = _kept(p, natural, outcome(natural), ball)
    m.emit("roll", what=what, player=p.id, target=agility, modifier=mod, dice=[natural],
           success=result in success_on, result=_said(result), reroll=source, **more)
    return result


def _kept(p, natural: int, result: str, ball: bool) -> str:
    """D5.2 Safe Throw: a fumbled ball without a natural 1 is KEPT (not a thrown team-mate
    nor a bomb)."""
    if result == FUMBLE and ball and p.has("Safe Throw") and natural != 1:
        return KEPT
    return result


def _said(result: str) -> str:
    """The result as the events say it: a kept ball was still a fumble."""
    return FUMBLE if result == KEPT else result


def throw_ball(m, p, target, *, turnover: bool = True):
    """A7.2.4: the whole pass of the ball from `p` to `target`; `turnover=False` for a
    Dump-Off, which is no turnover whatever happens (D5.2)."""
    s = m.state
    frm = p.square
    rng = allowed_range(m, frm, target)
    # 1. the target is declared, the range fixed
    m.emit("pass_declared", player=p.id, frm=frm, target=target, range=rng)
    # 2. Pass Block
    yield from pass_block_moves(m, p, target)
    # the ball leaves his hands
    ball = s.ball
    ball.carrier, ball.square, ball.in_air = None, frm, True
    # 3. one interception attempt
    if (yield from intercept(m, p, target, turnover=turnover)):
        return
    # 4. the pass roll
    result = yield from pass_roll(m, p, target, rng)
    yield from pass_comes_down(m, p, frm, target, result, turnover=turnover)


def pass_comes_down(m, p, frm, target, result: str, *, turnover: bool = True):
    """A7.2.4 steps 4-6 once the pass roll is read: a fumble bounces from the thrower (Safe
    Throw keeps it, D5.2), an accurate ball lands in the target square, an inaccurate one
    scatters three times; then the turnover check (none when `turnover` is False)."""
    s = m.state
    ball = s.ball
    m.emit("pass_result", player=p.id, target=target, result=_said(result))
    if result == KEPT:
        from squigbowl.rules.safe_throw import keep_ball
        keep_ball(m, p)
        return
    if result == FUMBLE:
        balls.ball_to_ground(m, frm)
        m.emit("pass_fumbled", player=p.id, square=frm)
        yield from balls.bounce(m, frm)
        if turnover:
            balls.turnover(m, "pass fumbled")
        return
    # 5. landing
    if result == ACCURATE:
        receiver = s.at(target)
        caught = yield from balls.land(m, target, accurate=True)
        if (caught is True and receiver is not None and receiver.side == p.side
                and s.ball.carrier == receiver.id):
            add_stat(p, "completions")
            m.emit("pass_completed", player=p.id, receiver=receiver.id, square=target)
    else:
        sq, out = balls.scatter_squares(m, target, 3)
        if out is not None:
            # [DD-08]: it stops at once and is thrown in from the last on-pitch square
            balls.ball_to_ground(m, sq)
            yield from balls.throw_in(m, sq, out)
        else:
            ball.square, ball.in_air = sq, True
            yield from balls.land(m, sq)
    # 6. the turnover check (A5.6.2)
    if turnover:
        end_of_pass_check(m, p.side, "pass not caught")


def end_of_pass_check(m, side: int, reason: str) -> None:
    """A5.6.2: the ball at rest and not held by a player of the throwing team: turnover."""
    s = m.state
    carrier = s.carrier()
    if carrier is None or carrier.side != side:
        balls.turnover(m, reason)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Passing", {
    "pass_declared": ("A7.2.4", "A pass is thrown at a square", {
        "player": "the thrower's id", "frm": "the thrower's square", "target": "",
        "range": ""}),
    "pass_result": ("A7.2.4", "How the throw went (a pass or a team-mate throw)", {
        "player": "the thrower's id", "target": "",
        "result": "\"accurate\", \"inaccurate\" or \"fumble\"",
        "thrown": "the thrown player's id (throw team-mate only, A7.9)"}),
    "pass_fumbled": ("A7.2.4", "The pass was fumbled: the ball bounces from the thrower",
                     {"player": "the thrower's id", "square": ""}),
    "pass_completed": ("A7.2.4", "An accurate pass was caught by a team-mate", {
        "player": "the thrower's id", "receiver": "the catcher's id", "square": ""}),
})
