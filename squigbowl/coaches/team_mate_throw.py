"""The normal coach's team-mate throw (A7.9): a ball carrier with Right Stuff thrown towards
the end zone by the big guy next to him, to run in after landing.

Every roll's odds come from the engine (`throw_teammate.ttm_odds`, `landing_modifier`,
`rolls.agility_target`); the three scatters (A7.9.5) are counted over all 512 D8 outcomes; the
thrower's Really Stupid / Bone-head (A12, +2 with the thrown team-mate next to him) and Always
Hungry (A12: a 1 in 6 ruins the throw) are counted as the rulebook gives them.
"""

from __future__ import annotations

from itertools import product

from squigbowl.coaches.relay import progress
from squigbowl.rules import odds, rolls
from squigbowl.rules.geometry import NEIGHBOURS, SCATTER, on_pitch, scoring_x, step
from squigbowl.rules.model import STANDING
from squigbowl.rules.move import max_gfi
from squigbowl.rules.throw_teammate import landing_modifier, throwable_teammates, ttm_odds
from squigbowl.rules.passing import pass_targets

#: the throw is made when the carrier then scores at least this often (every roll counted)
TTM_SCORE = 0.25
#: the 512 equally likely outcomes of three D8 scatters, as net displacements
_SCATTERS: dict = {}
for _a, _b, _c in product(SCATTER.values(), repeat=3):
    _d = (_a[0] + _b[0] + _c[0], _a[1] + _b[1] + _c[1])
    _SCATTERS[_d] = _SCATTERS.get(_d, 0) + 1 / 512


def _stupidity(p) -> float:
    """A12: the chance the thrower acts at all (Really Stupid 4+, 2+ with a team-mate next to
    him, who is the thrown one; Bone-head 2+)."""
    if p.has("Really Stupid"):
        return 5 / 6
    if p.has("Bone-head"):
        return 5 / 6
    return 1.0


def _hungry(p) -> float:
    """A12 Always Hungry: a 1 ruins the throw (eaten, or squirming free = a fumble)."""
    return 5 / 6 if p.has("Always Hungry") else 1.0


def run_in_chance(q, sq) -> float:
    """After landing Standing in `sq` with a whole action left: the chance his own move takes
    him into the end zone (A11.1): sure within his MA, each Go For It 2+ (or a house rule's
    need, counted by the caller's `gfi`)."""
    gap = abs(scoring_x(q.side) - sq[0])
    if gap == 0:
        return 1.0
    if gap <= q.ma:
        return 0.95
    extra = gap - q.ma
    if extra > max_gfi(q):
        return 0.0
    return 0.8 ** extra


def best_throw(m, thrower, q):
    """(target square, chance of the touchdown) of the best throw of the carrier `q` by
    `thrower`, or None. The landing square of each target is weighed over the 512 scatter
    outcomes: off the pitch or onto a player is a failure (A7.9.7), else the landing roll
    (agility, -1 per opposing tackle zone, the house rules' modifiers) with one team re-roll
    if one is left."""
    s = m.state
    team_rr, _ = odds.rerolls_available(m, q)
    base = _stupidity(thrower) * _hungry(thrower)
    target = rolls.agility_target(q.ag)
    x = scoring_x(q.side)
    here = progress(q.square, q.side)
    best, top = None, 0.0
    for sq in pass_targets(m, thrower, ttm=True):
        if progress(sq, q.side) < here + 3 or abs(sq[0] - x) > q.ma + 3:
            continue
        po = ttm_odds(m, thrower, sq)
        if po is None:
            continue
        throw_ok = 1 - po["fumble_on"] / 6
        total = 0.0
        for d, w in _SCATTERS.items():
            f = (sq[0] + d[0], sq[1] + d[1])
            if not on_pitch(f) or (f in s.board and f != q.square):
                continue
            land = odds.d6_chance(target, landing_modifier(m, q, f))
            if team_rr:
                land += (1 - land) * land
            total += w * land * run_in_chance(q, f)
        chance = base * throw_ok * total
        if chance > top:
            best, top = sq, chance
    return None if best is None else (best, top)


def throw_plan(m, side, avail, carrier):
    """The team-mate throw of our carrier when it scores at least TTM_SCORE: (the thrower's
    Pass declaration, the plan for his action), or None. The carrier must have Right Stuff and
    not have acted (he runs in after landing, A7.9.6); a thrower with Throw Team-Mate stands
    next to him with the team's Pass action free."""
    s = m.state
    if carrier is None or carrier.side != side or carrier.acted or carrier.status != STANDING \
            or not carrier.has("Right Stuff"):
        return None
    best = None
    for sq in NEIGHBOURS[carrier.square]:
        t = s.at(sq)
        if t is None or t.side != side or "PASS" not in avail.get(t.id, ()):
            continue
        if carrier not in throwable_teammates(m, t):
            continue
        got = best_throw(m, t, carrier)
        if got is not None and got[1] >= TTM_SCORE and (best is None or got[1] > best[2]):
            best = (t, got[0], got[1])
    if best is None:
        return None
    t, target, chance = best
    return ("PASS", t.id), {"kind": "ttm", "thrown": carrier.id, "target": target, "path": [],
                            "chance": chance}
