"""The normal coach's shots at a team-mate in the end zone: the blunderbuss (RULES.md B4) and,
on the last turn of a half, the Kick It! kick (B2).

The shot has no range and no pass roll (B4.3): 4+ on a D6 puts it on target (a team re-roll
may be used, B4.4, A10.5), then the catch is an accurate one (+1; the squig's −1, B1.8). So a
free team-mate in the end zone is a touchdown about half of the time from anywhere on the
pitch — when a receiver can first run there with no roll, he runs, then the gun fires. Every
chance comes from the engine's odds; nothing here decides a roll.

The kick lands exactly D6 + ST squares away when it is away (B2.4, B2.5.1): a team-mate in the
end zone at that distance, inside the arc, may catch it there (DD-29). One chance in six at
best, times the Away roll and the catch, so it is tried only when nothing else can score
before the half ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from squigbowl.coaches import scripted_weapons as weapons
from squigbowl.coaches.scripted_coach import find_paths, path_to
from squigbowl.house import blunderbuss
from squigbowl.rules import ball as balls
from squigbowl.rules import odds, rolls
from squigbowl.rules.geometry import scoring_x
from squigbowl.rules.model import STANDING

#: a shot that scores is fired from this chance (on target x catch)
SHOT_SCORE = 0.30


@dataclass
class Shot:
    """A planned shot: the receiver, the end-zone square he stands on (after his run, `path`
    — empty when he is there already) and the chance that the shot scores."""

    receiver: int
    square: tuple
    path: list
    chance: float


def can_fire(s, gun) -> bool:
    """B4.2: a Standing, loaded blunderbuss (the engine checks the rest when offered)."""
    return ("Blunderbuss" in gun.skills and blunderbuss.loaded(gun)
            and gun.status == STANDING and gun.square is not None)


def on_target(m, gun) -> float:
    """B4.4: 4+ on a D6, with the team re-roll when one may be used (A10.5)."""
    hit = odds.d6_chance(blunderbuss.FIRE_TARGET)
    team_rr, _ = odds.rerolls_available(m, gun)
    return hit + (1 - hit) * hit if team_rr else hit


def free_catch(m, q) -> float:
    """A7.3 / A6.8: `q`'s catch of an accurate shot on a square out of every tackle zone (his
    own square's tackle zones taken back out of the modifier), the squig's −1 (B1.8) and the
    Catch re-roll counted."""
    if not balls.can_catch(q):
        return 0.0
    mod = balls.catch_modifier(m, q, True) + balls.catch_extra_modifier(m, q)
    if not q.has("Nerves of Steel"):
        mod += m.state.tackle_zones(q.square, q.side)
    need = odds.Need("catch", rolls.agility_target(q.ag), mod, q.square, skill="Catch")
    _, skills = odds.rerolls_available(m, q)
    return odds.need_chance(need, skills)


def best_shot(m, gun, avail, tz) -> Shot | None:
    """The likeliest scoring shot: a team-mate who stands free in the end zone, or one who
    may still move and reaches a free end-zone square with no roll (`avail`: the 'turn'
    decision's players and their actions)."""
    s = m.state
    x = scoring_x(gun.side)
    hit = on_target(m, gun)
    best = None
    for q in s.players:
        if q.side != gun.side or q.id == gun.id or q.square is None or q.status != STANDING \
                or weapons.is_fanatic(q) or not balls.can_catch(q):
            continue
        catch = free_catch(m, q)
        if catch <= 0.0:
            continue
        chance = hit * catch
        if best is not None and chance <= best.chance:
            continue
        if q.square[0] == x and not tz.get(q.square, 0):
            best = Shot(q.id, q.square, [], chance)
            continue
        if "MOVE" not in avail.get(q.id, ()) or abs(q.square[0] - x) > q.ma:
            continue
        paths = find_paths(m, q, 0, tz, max_steps=q.ma)
        goals = [sq for sq, (r, _steps, _) in paths.items()
                 if sq[0] == x and r == 0.0 and not tz.get(sq, 0) and sq not in s.board]
        if goals:
            # the nearest (fewest steps)
            sq = min(goals, key=lambda g: (paths[g][1], g))
            best = Shot(q.id, sq, path_to(paths, sq), chance)
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
                or q.status != STANDING or q.square[0] != x or weapons.is_fanatic(q):
            continue
        dx, dy = q.square[0] - kx, q.square[1] - ky
        if not kicker.st + 1 <= max(abs(dx), abs(dy)) <= kicker.st + 6:
            continue
        catch = weapons.catch_chance(m, q, accurate=False)
        if catch > top:
            face = ((dx > 0) - (dx < 0), 0) if abs(dx) >= abs(dy) else (0, (dy > 0) - (dy < 0))
            aim = (kx + face[0], ky + face[1])
            best, top = aim, catch
    return best
