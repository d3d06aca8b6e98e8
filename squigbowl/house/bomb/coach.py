"""The computer coaches' play of bombs and stink bombs (RULES.md B5, B6), registered into
`squigbowl.coaches.house_play`: chances and values only, the engine decides.

The target square whose bounce is expected to catch the most opponents and the fewest of our
players; a throw is worth its fuse and fumble from BOMB_WORTH (before the blocks, "area"),
and the normal coach throws one worth CARRIER_BOMB at their carrier before team-mates close in
on him ("against_carrier"). Never a catch of a bomb (B5.4, C68); the fuse is never worth a team
re-roll.
"""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.house.bomb import BOMB, bomb_kind
from squigbowl.rules import passing, rolls
from squigbowl.rules.geometry import NEIGHBOURS, RING, distance, on_pitch
from squigbowl.rules.model import DOWN, ON_PITCH, STANDING

#: a bomb or stink bomb is thrown when its expected value (knocked-down opponents minus our
#: own, weighted) reaches this
BOMB_WORTH = 0.15
#: the normal coach: a bomb or stink bomb whose throw is worth this (`best_bomb_target`, fuse,
#: throw and bounce counted: their carrier weighs 2.1 in a stink cloud, 2.5 in a blast, a
#: plain player 0.5-1) goes before team-mates close in on their carrier (into its blast)
CARRIER_BOMB = 0.6


def _player_weight(s, side: int, q, kind: str) -> float:
    """What knocking `q` over is worth to `side` (own players count against)."""
    mine = q.side == side
    carrier = s.ball.carrier == q.id
    if kind == "stink":
        if q.status != STANDING:
            return 0.0
        w = 0.6
        if carrier:
            w += 3.0 if mine else 1.5  # our carrier falling in our turn is a turnover (DD-56)
    else:
        w = 1.0 if q.status == STANDING else (0.3 if q.status in DOWN else 0.0)
        if carrier:
            w += 3.0 if mine else 1.5  # DD-54
    if house_play.has_trait(q, "leaves_when_down"):
        w += 1.0  # a knock-over takes him off the pitch
    return -w if mine else w


def blast_value(s, side: int, sq, kind: str, cache: dict) -> float:
    """Expected value of a blast in `sq` (B5.8: the occupant for sure, neighbours on 4+; B6.2:
    every Standing player in the 3x3 falls)."""
    if not on_pitch(sq):
        return 0.0  # harmless in the crowd (DD-51)
    got = cache.get(sq)
    if got is not None:
        return got
    players, board = s.players, s.board
    v = 0.0
    pid = board.get(sq)
    if pid is not None:
        v += _player_weight(s, side, players[pid], kind)
    share = 1.0 if kind == "stink" else 0.5
    for n in NEIGHBOURS[sq]:
        pid = board.get(n)
        if pid is not None:
            v += share * _player_weight(s, side, players[pid], kind)
    cache[sq] = v
    return v


def bounce_value(s, side: int, sq, kind: str, cache: dict) -> float:
    """B5.4: a bomb that comes down in `sq` and is not caught bounces one square (D8)."""
    return sum(blast_value(s, side, n, kind, cache) for n in _ring(sq)) / 8


def _ring(sq):
    x, y = sq
    return [(x + dx, y + dy) for dx, dy in RING]


def throw_chances(m, p, rng: str) -> tuple[float, float]:
    """(accurate, fumble) chances of a bomb throw: the pass roll (A7.2.4) with the pass
    modifiers but not the squig's (B5.3; passing.pass_modifier, passing.outcome_chances)."""
    mod = passing.pass_modifier(m, p, rng, extra=False)
    out = passing.outcome_chances(mod, rolls.agility_target(p.ag))
    return out[passing.ACCURATE], out[passing.FUMBLE]


def best_bomb_target(m, p, kind: str, targets=None):
    """(expected value of the throw, target square) for the best target square among `targets`
    (default: every square within range near an opponent) that may be thrown to
    (passing.allowed_range: Quick and Short only in a Blizzard, A7.2.3)."""
    s = m.state
    side = p.side
    cache: dict = {}
    frm = p.square
    if targets is None:
        near = set()
        for q in s.players:
            if q.side != side and q.square is not None and q.status in ON_PITCH:
                near.add(q.square)
                near.update(NEIGHBOURS[q.square])
        targets = near
    fumble_v = bounce_value(s, side, frm, kind, cache)
    best, top = None, None
    chances: dict = {}
    for t in targets:
        if t == frm or not on_pitch(t):
            continue
        rng = passing.allowed_range(m, frm, t)
        if rng is None:
            continue
        acc_fum = chances.get(rng)
        if acc_fum is None:
            acc_fum = chances[rng] = throw_chances(m, p, rng)
        acc, fum = acc_fum
        v_acc = bounce_value(s, side, t, kind, cache)
        if v_acc <= 0:
            continue
        v = acc * v_acc + (1 - acc - fum) * 0.2 * v_acc + fum * fumble_v
        if top is None or v > top:
            best, top = t, v
    if best is None:
        return None, None
    # the fuse (B5.2): a 1 blasts his own square
    in_hand = blast_value(s, side, frm, kind, cache)
    return (5 / 6) * top + (1 / 6) * in_hand, best


def bombs(coach, m, t):
    """B5/B6: a bomb or stink bomb at the cluster of opponents where its bounce is expected
    to do the most harm to them and the least to us."""
    s, tried = t.s, coach.tried
    best_choice, best_value, best_plan = None, BOMB_WORTH, None
    for pid, kinds in t.avail.items():
        if "THROW_BOMB" not in kinds or ("bomb", pid) in tried:
            continue
        p = s.players[pid]
        kind = bomb_kind(p) or BOMB
        v, target = best_bomb_target(m, p, kind)
        if target is None or v < best_value:
            tried.add(("bomb", pid))
            continue
        best_choice, best_value = ("THROW_BOMB", pid), v
        best_plan = {"kind": "bomb", "target": target}
    if best_choice is None:
        return None
    tried.add(("bomb", best_choice[1]))
    return coach.start(best_choice, best_plan)


def carrier_bomb(coach, m, t):
    """B5 / B6: the bomb or stink bomb worth CARRIER_BOMB — in practice one whose blast may
    knock their carrier over (he drops the ball: B5.8.3, B6.3) — thrown before team-mates
    close in on him (they would stand in the blast)."""
    s, tried = t.s, coach.tried
    if ("carrier_bomb", None) in tried:
        return None
    tried.add(("carrier_bomb", None))
    best_choice, best_value, best_plan = None, CARRIER_BOMB, None
    for pid, kinds in t.avail.items():
        if "THROW_BOMB" not in kinds:
            continue
        p = s.players[pid]
        v, target = best_bomb_target(m, p, bomb_kind(p) or BOMB)
        if target is not None and v >= best_value:
            best_choice, best_value = ("THROW_BOMB", pid), v
            best_plan = {"kind": "bomb", "target": target}
    if best_choice is None:
        return None
    tried.add(("bomb", best_choice[1]))
    return coach.start(best_choice, best_plan)


def on_bomb_target(coach, m, d):
    """B5.3: the square whose bounce hurts opponents most (C63: chosen after the fuse)."""
    s = m.state
    p = s.players[d.info.get("player", s.activation.pid if s.activation else 0)]
    kind = d.info.get("kind", "bomb")
    targets = [c[1] for c in d.choices if c[0] == "bomb_target"]
    _, target = best_bomb_target(m, p, kind, targets=targets)
    if target is None:
        # nothing worth it: as far from our players as it may go (into the crowd's edge)
        own = [q.square for q in s.players if q.side == p.side and q.square is not None]
        if not targets or not own:
            return None
        target = max(targets, key=lambda t: (min(distance(t, o) for o in own), t))
    return ("bomb_target", target)


def on_catch_bomb(coach, m, d):
    """B5.4 (C68): never catch a bomb (a catch must be thrown again at once and goes off in
    the hands on 1-3)."""
    return ("catch_bomb", False)


house_play.turn("area", bombs, order=10)
house_play.turn("against_carrier", carrier_bomb, order=10, style="normal")
house_play.plan_step("bomb", lambda coach, m, p, plan, choices: ("light_fuse", None))
house_play.decision("bomb_target", on_bomb_target)
house_play.decision("catch_bomb", on_catch_bomb)
house_play.value("spared_rolls", lambda: ("fuse",))
house_play.counter("bomb_blasts", "bomb_exploded", order=30)   # B5.8 / B6.2 (stink clouds too)
