"""The computer coaches' play of the blunderbuss (RULES.md B4), registered into
`squigbowl.coaches.house_play`.

The shot has no range and no pass roll (B4.3): 4+ on a D6 puts it on target (a team re-roll
may be used, B4.4, A10.5), then the catch is an accurate one (+1; the squig's -1, B1.8). So a
free team-mate in the end zone is a touchdown about half of the time from anywhere on the
pitch. The easy coach fires at an open team-mate well downfield (`blunderbuss_target`); the
normal coach first looks for a shot that scores (`best_shot`, from SHOT_SCORE): when a
receiver can first run to the end zone with no roll, he runs, then the gun fires ("resume").
A loaded gun makes a pick-up worth more; a hand-off to a loaded gun is valued with the shot
after it (the relays, "relay_options"). Every chance comes from the engine's odds.
"""

from __future__ import annotations

from dataclasses import dataclass

from squigbowl.coaches import house_play
from squigbowl.coaches.catching import catch_chance
from squigbowl.coaches.paths import find_paths, path_to
from squigbowl.coaches.policies import progress
from squigbowl.coaches.relay import one_reroll
from squigbowl.house import blunderbuss
from squigbowl.rules import ball as balls
from squigbowl.rules import odds, rolls
from squigbowl.rules.geometry import WIDTH, scoring_x
from squigbowl.rules.model import STANDING

#: a hand-off to a blunderbuss who then fires is tried when the shot gains this many squares
#: more than his own move (and the hand-off, shot and catch succeed relay.SHOT_CHANCE)
SHOT_GAIN = 6


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
                or house_play.has_trait(q, "set_apart") or not balls.can_catch(q):
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


def blunderbuss_target(m, p, tz: dict):
    """An open team-mate well downfield (B4.4: 4+ on target, then an accurate catch): the
    square of the team-mate with the best value, or None when no shot is worth it."""
    s = m.state
    best, top = None, 0.0
    here = progress(p.square, p.side)
    scoring = WIDTH - 1
    for q in s.players:
        if q.side != p.side or q.id == p.id or q.square is None or not balls.can_catch(q):
            continue
        gain = progress(q.square, p.side) - here
        if gain < 4 or tz.get(q.square, 0):
            continue
        catch = catch_chance(m, q, accurate=True)
        v = 0.5 * catch * (gain + (10 if progress(q.square, p.side) == scoring else 0))
        if v > top:
            best, top = q.square, v
    return best if top >= 1.5 else None


def blunderbuss_outlook(m, q, option, tz) -> None:
    """B4: a hand-off to a loaded blunderbuss who may then fire the ball to an open
    team-mate downfield (`blunderbuss_target`): the shot's target becomes the relay's
    progress, its chance (4+, the team re-roll, then the catch) folded in."""
    if "Blunderbuss" not in q.skills or not blunderbuss.loaded(q):
        return
    target = blunderbuss_target(m, q, tz)
    if target is None:
        return
    receiver = m.state.at(target)
    catch = catch_chance(m, receiver, True) if receiver is not None else 0.0
    shot = one_reroll(odds.d6_chance(blunderbuss.FIRE_TARGET), True) * catch
    gain = progress(target, q.side)
    if gain >= option.progress + SHOT_GAIN:
        option.progress = gain
        option.chance *= shot
        option.shot = True


def relay_options(m, avail, carrier, tz, options, scoring: bool) -> None:
    """A hand-off to a loaded blunderbuss (the team's Pass action is still free for it,
    DD-07, B4.2): `scoring`, the shot that then scores counts as the relay's chance to score;
    otherwise the shot downfield counts as its progress."""
    s = m.state
    for o in options:
        if o.kind != "handoff":
            continue
        gun = s.players[o.receiver]
        if scoring:
            if can_fire(s, gun):
                rest = {pid: k for pid, k in avail.items() if pid not in (carrier.id, gun.id)}
                shot = best_shot(m, gun, rest, tz)
                if shot is not None and shot.chance > o.score:
                    o.score = shot.chance
        else:
            blunderbuss_outlook(m, gun, o, tz)


def fire_downfield(coach, m, t):
    """B4 (the easy coach): fire to an open team-mate well downfield."""
    carrier = t.carrier
    if "FIRE_BLUNDERBUSS" in t.avail.get(carrier.id, ()):
        target = blunderbuss_target(m, carrier, t.tz)
        if target is not None:
            return coach.start(("FIRE_BLUNDERBUSS", carrier.id),
                               {"kind": "fire", "target": target})
    return None


def shot_or_fire(coach, m, t):
    """B4 (the normal coach): the shot at a team-mate free in the end zone when that scores
    from SHOT_SCORE (a receiver who must first run there runs, then the gun fires:
    `finish_shot`), else to an open team-mate downfield."""
    carrier, side, tz = t.carrier, t.side, t.tz
    kinds = t.avail.get(carrier.id, ())
    if "FIRE_BLUNDERBUSS" in kinds and ("shot", carrier.id) not in coach.tried:
        coach.tried.add(("shot", carrier.id))
        shot = best_shot(m, carrier, t.avail, tz)
        late = m.state.teams[side].turn >= 8
        if shot is not None and shot.chance >= (SHOT_SCORE if not late else 0.05):
            if not shot.path:
                return coach.start(("FIRE_BLUNDERBUSS", carrier.id),
                                   {"kind": "fire", "target": shot.square})
            coach.notes["shot"] = (coach.turn_key, carrier.id, shot.receiver, shot.square)
            return coach.start(("MOVE", shot.receiver),
                               {"kind": "run", "path": shot.path, "moved": True})
    return fire_downfield(coach, m, t)


def finish_shot(coach, m, t):
    """B4.3: the shot of a shot play whose receiver stands free on his end-zone square."""
    play = coach.notes.get("shot")
    if play is None:
        return None
    coach.notes["shot"] = None
    k, gun, receiver, sq = play
    q = m.state.players[receiver]
    carrier = t.carrier
    if k != t.key or carrier is None or carrier.id != gun \
            or "FIRE_BLUNDERBUSS" not in t.avail.get(gun, ()) \
            or q.square != sq or q.status != STANDING or t.tz.get(sq, 0):
        return None
    return coach.start(("FIRE_BLUNDERBUSS", gun), {"kind": "fire", "target": sq})


def fire_step(coach, m, p, plan, choices):
    """B4.3: fire at the plan's target."""
    target = plan.get("target")
    if ("fire", target) in choices:
        return ("fire", target)
    return None


house_play.turn("carrier", fire_downfield, order=10, style="easy")
house_play.turn("carrier", shot_or_fire, order=10, style="normal")
house_play.turn("resume", finish_shot, order=10, style="normal")
house_play.plan_step("fire", fire_step)
# a loaded blunderbuss can fire the ball downfield once picked up
house_play.value("pickup_worth", lambda p: 1.3 if "Blunderbuss" in p.skills else 1.0)
house_play.value("relay_options", relay_options)
house_play.counter("blunderbuss_shots", "blunderbuss_fired", order=60)   # B4.3
