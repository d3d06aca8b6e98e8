"""The scripted coach's sense for the house rules (RULES.md Part B): chances and values only,
the engine decides.

* the Goblin Fanatic's facing (B3.4): the facing whose three template arrows lead best towards
  opponents, weighing a block on an opponent against running into a team-mate, an opposing
  Fanatic or the crowd (both end his move, and his chain is a turnover in our own turn, B3.9);
* bombs and stink bombs (B5, B6): the target square whose bounce is expected to catch the most
  opponents and the fewest of our players; whether a throw is worth its fuse and fumble;
* chainsaw and poisoned dagger attacks (B7.6, B10.2): the chance to beat the victim's armour,
  compared with a block;
* Kick It! (B2): when a kick helps (clearing the ball deep when our carrier is under pressure in
  his own half, or a kick to an open team-mate downfield) and where to aim and land it;
* the blunderbuss (B4): the open team-mate downfield the ball is fired to.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.house import chainsaw, dagger, fanatic
from squigbowl.rules import block, odds, passing, rolls
from squigbowl.rules.geometry import (
    HEIGHT,
    NEIGHBOURS,
    RING,
    WIDTH,
    distance,
    on_pitch,
    step,
    template_direction,
)
from squigbowl.rules.model import DOWN, ON_PITCH, STANDING

FANATIC = "Goblin Fanatic"
DEATH_ROLLER = "Death-Roller"
#: B3.4.1 facings and their template directions
FACINGS = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}
#: a bomb or stink bomb is thrown when its expected value (knocked-down opponents minus our
#: own, weighted) reaches this
BOMB_WORTH = 0.15


# -- small chances (every rule number from the engine) ------------------------------------------
def armour_break(av: int, modifier: int) -> float:
    """A8.9: 2D6 + modifier beats AV (odds.armour_chance)."""
    return odds.armour_chance(av, modifier)


def is_fanatic(p) -> bool:
    return FANATIC in p.skills


def chainsaw_running(p) -> bool:
    """B7: his chainsaw is running (chainsaw.running)."""
    return chainsaw.running(p)


def dagger_poisoned(p) -> bool:
    """B10.1 (dagger.poisoned)."""
    return dagger.poisoned(p)


def catch_chance(m, q, accurate: bool) -> float:
    """A7.3 a catch by `q` (ball.catch_modifier and the variant's, Catch re-roll)."""
    if not balls.can_catch(q):
        return 0.0
    mod = balls.catch_modifier(m, q, accurate) + balls.catch_extra_modifier(m, q)
    need = odds.Need("catch", rolls.agility_target(q.ag), mod, q.square, skill="Catch")
    _, skills = odds.rerolls_available(m, q)
    return odds.need_chance(need, skills)


def weapon_value(attacker, victim, weapon: str, carrier_id) -> float:
    """A chainsaw attack (armour +3, B7.6) or a stab (plain armour, Stunned counts as KO'd while
    poisoned, B10.2): no risk and never a turnover, so the chance of hurting him, with a
    little more for the ball carrier (a hurt carrier drops it)."""
    if weapon == "chainsaw":
        v = 1.3 * armour_break(victim.av, chainsaw.CHAINSAW_BONUS)
    else:
        v = (1.4 if dagger_poisoned(attacker) else 1.1) * armour_break(victim.av, 0)
    if victim.id == carrier_id:
        v *= 1.6
    return v


def weapon_of(p) -> str | None:
    """The attack that may replace his block: 'chainsaw' (running), 'stab' or None."""
    if "Chainsaw" in p.skills and chainsaw_running(p):
        return "chainsaw"
    if "Poisoned Dagger" in p.skills:
        return "stab"
    return None


# -- the Goblin Fanatic (B3.4) -------------------------------------------------------------------
def fanatic_square_value(s, p, sq) -> float:
    """What the Fanatic's next square is worth to his coach."""
    if not on_pitch(sq):
        return -4.0  # the crowd: an injury roll and a turnover (B3.4.3, DD-45)
    pid = s.board.get(sq)
    if pid is None:
        # closer to an opponent he may block next
        near = 99
        for q in s.players:
            if q.side != p.side and q.status == STANDING and q.square is not None \
                    and not is_fanatic(q):
                d = distance(sq, q.square)
                if d < near:
                    near = d
        return -0.3 * min(near, 12)
    q = s.players[pid]
    if is_fanatic(q):
        return -4.0 if q.side != p.side else -3.0  # both chains (B3.10) / his own team-mate
    if q.side == p.side:
        return -0.6 if q.status != STANDING else -3.0  # forced back / a block on a team-mate
    if q.status != STANDING:
        return 0.2  # forced back, no armour roll (B3.8)
    # a block with ST 6, no assists (B3.6); his fall is the chain and a turnover (B3.9)
    n, chooser = block.dice_for(fanatic.STRENGTH, q.st)
    good = bad = 0
    for face in block.FACES.values():
        if block.knocks_attacker_down(face, p, q):
            bad += 1  # his fall is the chain and a turnover (B3.9)
        elif block.knocks_defender_down(face, p, q):
            good += 1
    g, b = good / 6, bad / 6
    if chooser == "defender":
        p_good, p_bad = g ** n, 1 - (1 - b) ** n
    else:
        p_good, p_bad = 1 - (1 - g) ** n, b ** n
    value = 0.5 + 1.2 * p_good - 3.5 * p_bad
    if s.ball.carrier == q.id:
        value += 1.0 * p_good
    return value


def fanatic_facing(s, p, choices) -> tuple | None:
    """The ("fanatic", facing) choice with the best mean value of its three arrows (A1.10)."""
    best, top = None, None
    for c in choices:
        if c[0] != "fanatic" or c[1] not in FACINGS:
            continue
        facing = FACINGS[c[1]]
        v = 0.0
        for d6 in (1, 3, 5):
            v += fanatic_square_value(s, p, step(p.square, template_direction(facing, d6)))
        if top is None or v > top + 1e-9:
            best, top = c, v
    return best


# -- bombs and stink bombs (B5, B6) ------------------------------------------------------------------
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
    if is_fanatic(q) or DEATH_ROLLER in q.skills:
        w += 1.0  # a knock-over takes either off the pitch
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


# -- Kick It! (B2) -----------------------------------------------------------------------------------
def _progress(sq, side: int) -> int:
    return sq[0] if side == 0 else WIDTH - 1 - sq[0]


def kick_wanted(s, p, tz: dict) -> bool:
    """Clear the ball: our carrier stands in his own half (or deep in it) under pressure —
    marked, or with two or more opponents within three squares — and cannot score this turn."""
    if s.teams[p.side].turn >= 8:
        return False
    prog = _progress(p.square, p.side)
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
            v = 0.3 * _progress(sq, side)
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


# -- the blunderbuss (B4) -----------------------------------------------------------------------------
def blunderbuss_target(m, p, tz: dict):
    """An open team-mate well downfield (B4.4: 4+ on target, then an accurate catch): the
    square of the team-mate with the best value, or None when no shot is worth it."""
    s = m.state
    best, top = None, 0.0
    here = _progress(p.square, p.side)
    scoring = WIDTH - 1
    for q in s.players:
        if q.side != p.side or q.id == p.id or q.square is None or not balls.can_catch(q):
            continue
        gain = _progress(q.square, p.side) - here
        if gain < 4 or tz.get(q.square, 0):
            continue
        catch = catch_chance(m, q, accurate=True)
        v = 0.5 * catch * (gain + (10 if _progress(q.square, p.side) == scoring else 0))
        if v > top:
            best, top = q.square, v
    return best if top >= 1.5 else None
