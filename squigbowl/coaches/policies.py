"""Small policies shared by the coaches' levels: the default answer, the kick-off's target,
whether a foul or a bribe pays, who may pick the ball up, a casualty's rank."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.rules import ball as balls
from squigbowl.rules import odds
from squigbowl.rules.geometry import WIDTH, distance, on_pitch
from squigbowl.rules.model import STANDING

#: a foul is made when the engine's chance to break the victim's armour reaches this (A9.1);
#: a plain foul on AV 8 breaks it 28% of the time, with one net assist 42%
FOUL_ARMOUR = 0.40


def pickup_candidates(s, avail, ball_sq) -> list[tuple]:
    """(distance, -AG, id) of the standing players free to move who may pick the ball up (A6.7)
    and are within their MA + 2 (Going For It) of it, nearest and most agile first."""
    cands = []
    for pid, kinds in avail.items():
        p = s.players[pid]
        if "MOVE" in kinds and p.status == STANDING and balls.can_pick_up(p):
            dist = distance(p.square, ball_sq)
            if dist <= p.ma + 2:
                cands.append((dist, -p.ag, pid))
    cands.sort()
    return cands



def progress(sq, side: int) -> int:
    """Squares gained towards the end zone `side` scores in."""
    return sq[0] if side == 0 else WIDTH - 1 - sq[0]


def first_arg(choices, wanted):
    for w in wanted:
        for c in choices:
            if c[1] == w or c[0] == w:
                return c
    return None



def cas_rank(detail: str) -> int:
    text = str(detail).lower()
    if "badly" in text:
        return 0
    if "dead" in text:
        return 4
    if "-1" in text:
        return 3
    if "niggling" in text:
        return 2
    return 1


#: choices that decline or finish, preferred by `default_choice`
DECLINE_ARGS = (None, False, "no")
DECLINE_TYPES = ("end", "end_turn", "end_setup", "end_snap")


def default_choice(choices) -> tuple:
    """A decision without a rule: finish or decline when that is offered (an 'end', a
    (kind, None) or (kind, False) answer), else the first option; never a concession unless
    it is the only choice."""
    first = None
    for c in choices:
        if c[0] == "concede":
            continue
        if c[0] in DECLINE_TYPES or c[1] in DECLINE_ARGS:
            return c
        if first is None:
            first = c
    return first if first is not None else choices[0]


#: the eight scatter directions of the kick (A4.4, the D8)
_SCATTER = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def kick_target(s, receiver: int, choices, rng=None):
    """A4.4: the kick's target square: the chance that the D8 x D6 scatter lands in the
    receiving half counts most, then depth and few receivers within two squares of the
    target; `rng` (the coach's own generator) adds a little noise."""
    from squigbowl.rules.geometry import in_half
    allowed = {c[1] for c in choices if c[0] == "kick" and isinstance(c[1], tuple)}
    if not allowed:
        return None
    mine = [q.square for q in s.players
            if q.side == receiver and q.square is not None and q.status == STANDING]
    best, top = None, None
    for sq in allowed:
        depth = progress(sq, 1 - receiver) - WIDTH // 2  # 0 at the half-way line
        if depth < 5 or sq[1] % 2 == 1 and sq[1] not in (3, 11):
            continue
        inside = 0
        for dx, dy in _SCATTER:
            for n in range(1, 7):
                land = (sq[0] + dx * n, sq[1] + dy * n)
                if on_pitch(land) and in_half(land, receiver):
                    inside += 1
        near = sum(1 for q in mine if distance(q, sq) <= 2)
        v = 3.0 * inside / 48 + 0.1 * depth - 0.25 * near
        if rng is not None:
            v += 0.3 * rng.random()
        if top is None or v > top:
            best, top = sq, v
    if best is None:  # a half too short for the deep squares: any allowed square
        best = min(allowed)
    return best


def foul_value(m, p, q) -> float | None:
    """A9: what a foul by `p` on the downed `q` is worth, or None when it does not pay: the
    engine's chance to break his armour (odds.foul_preview) must reach FOUL_ARMOUR; a Stunned
    victim or a valuable one (skills, strength) is worth more, a valuable fouler risks
    more (a double sends him off, A9.3), unless a house rule says his send-off costs nothing."""
    prev = odds.foul_preview(m, p.id, q.id)
    chance = prev["p_armour_broken"]
    if chance < FOUL_ARMOUR:
        return None
    worth = 1.0 + 0.1 * len(q.skills) + 0.1 * max(q.st - 3, 0)
    risk = 0.2 * (0.1 * len(p.skills) + 0.15 * max(p.st - 3, 0))
    if house_play.has_trait(p, "free_fouler"):
        risk = 0.0  # a house rule's player whose send-off costs nothing
    return chance * worth - risk


def bribe_wanted(m, d) -> bool:
    """A9.5: a bribe (2+ keeps him on the pitch) is used on anyone when the team has two or
    more, in the second half, or on a player worth it (a secret weapon, skills, strength);
    with the last one in the first half a plain player is let go."""
    s = m.state
    team = s.teams[d.side]
    bribes = d.info.get("bribes", team.bribes)
    pid = d.info.get("player")
    if not isinstance(pid, int) or not 0 <= pid < len(s.players):
        return True
    p = s.players[pid]
    if bribes >= 2 or s.half >= 2:
        return True
    return bool(p.skills) or p.st >= 4

