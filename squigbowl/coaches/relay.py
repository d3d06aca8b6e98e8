"""The passing game of the normal coach: hand-offs (A7.4) and passes (A7.2) to a team-mate who
scores or gains ground, valued with the engine's own odds (no rule is re-derived here).

A relay is planned for the carrier: a way to a square (his path's chance from the engine's
`odds.path_needs`), then the hand-off or the pass (the catch from `catching.catch_chance`, the
throw's accurate roll and the interceptors from `passing.pass_odds`), then what the receiver
can do with his own move (`find_paths` from his square). A house rule may add what its own
action after the hand-off is worth ("relay_options", house_play). Every chance is with the
re-rolls the engine would allow (skill re-rolls; the team re-roll once).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from squigbowl.coaches import house_play
from squigbowl.coaches.catching import catch_chance
from squigbowl.coaches.paths import path_to
from squigbowl.rules import ball as balls
from squigbowl.rules import odds, passing
from squigbowl.rules.geometry import NEIGHBOURS, WIDTH, scoring_x
from squigbowl.rules.model import STANDING
from squigbowl.rules.move import max_gfi

#: a hand-off or pass only to gain ground must succeed at least this often (path, throw, catch)
SAFE_RELAY = 0.66
#: ... and gain at least this many squares towards the end zone over the carrier's own move
RELAY_GAIN = 1
#: a hand-off to a receiver who then plays on with a house rule's action (`Relay.shot`) is
#: tried when the hand-off, the action and its catch succeed SHOT_CHANCE
SHOT_CHANCE = 0.35


@dataclass
class Relay:
    """A planned hand-off or pass: the carrier's path, then the throw."""

    kind: str            # "handoff" or "pass"
    receiver: int
    path: list           # the carrier's squares before the throw (may be empty)
    chance: float        # path x throw x catch
    score: float         # the receiver's chance to score after it (0 when he cannot)
    progress: int        # the receiver's best risk-free progress after it
    shot: bool = False   # the receiver then plays on with a house rule's action

    @property
    def value(self) -> float:
        return self.chance * (1.0 + 2.0 * self.score) + 0.02 * self.progress


def progress(sq, side: int) -> int:
    """Squares gained towards the end zone `side` scores in."""
    return sq[0] if side == 0 else WIDTH - 1 - sq[0]


def one_reroll(chance: float, reroll: bool) -> float:
    return chance + (1 - chance) * chance if reroll else chance


def receivers(s, carrier, avail=None) -> list:
    """Team-mates who may still act with a move (their receiving is worth something), can
    catch (A7.3.1) and stand; `avail` (the 'turn' decision's players and actions) or, during
    an action, those who have not acted."""
    out = []
    if avail is None:
        avail = {q.id: ("MOVE",) for q in s.players if q.side == carrier.side and not q.acted
                 and q.square is not None}
    for pid, kinds in avail.items():
        if pid == carrier.id or "MOVE" not in kinds:
            continue
        q = s.players[pid]
        if q.status == STANDING and q.square is not None and balls.can_catch(q) \
                and not house_play.has_trait(q, "set_apart"):
            out.append(q)
    return out


def receiver_outlook(m, q, tz, paths_of) -> tuple[float, int]:
    """(his chance to score with his whole move, his best progress with no roll at all) from
    where he stands; `paths_of(q)` gives his `find_paths` map."""
    best = paths_of(q)
    x = scoring_x(q.side)
    score_risk = None
    far = progress(q.square, q.side)
    for sq, (r, steps, _) in best.items():
        if sq[0] == x and (score_risk is None or r < score_risk):
            score_risk = r
        if r == 0.0 and steps <= q.ma:
            pr = progress(sq, q.side)
            if pr > far and not tz.get(sq, 0):
                far = pr
    score = math.exp(-score_risk) if score_risk is not None else 0.0
    return score, far


def handoff_relays(m, carrier, cands, tz, paths, paths_of, moves_used: int = 0) -> list:
    """A7.4: for each receiver, the surest square next to him the carrier reaches (`paths`,
    his `find_paths` map), then the catch (+1 as an accurate pass, A6.8)."""
    out = []
    team_rr, skills = odds.rerolls_available(m, carrier)
    for q in cands:
        best_sq, best_r = None, None
        if q.square in NEIGHBOURS[carrier.square]:
            best_sq, best_r = carrier.square, 0.0
        for sq in NEIGHBOURS[q.square]:
            got = paths.get(sq)
            if got is not None and got[1] <= carrier.ma - moves_used \
                    and (best_r is None or got[0] < best_r):
                best_sq, best_r = sq, got[0]
        if best_sq is None or best_r > 1.0:
            continue
        path = [] if best_sq == carrier.square else path_to(paths, best_sq)
        if path:
            needs = odds.path_needs(m, carrier, path, moves_used,
                                    getattr(path, "leaps", frozenset()))
            path_chance = odds.chance_with_rerolls(needs, team=team_rr, skills=skills,
                                                   loner=carrier.has("Loner"))
        else:
            path_chance = 1.0
        catch = one_reroll(catch_chance(m, q, True), team_rr and not q.has("Catch"))
        score, far = receiver_outlook(m, q, tz, paths_of)
        out.append(Relay("handoff", q.id, path, path_chance * catch, score, far))
    return out


def pass_relays(m, carrier, cands, tz, paths_of) -> list:
    """A7.2: a pass from where the carrier stands to a receiver's square: the accurate throw
    (Pass skill or the team re-roll), nobody intercepting (the likeliest interceptor's roll),
    the catch (+1 accurate)."""
    out = []
    team_rr, _ = odds.rerolls_available(m, carrier)
    for q in cands:
        if q.square in NEIGHBOURS[carrier.square]:
            continue  # a hand-off does it without a throw
        po = passing.pass_odds(m, carrier, q.square)
        if po is None:
            continue
        acc = (7 - po["accurate_on"]) / 6
        acc = one_reroll(acc, carrier.has("Pass") or team_rr)
        worst = 0.0
        for io in po["interceptors"]:
            worst = max(worst, (7 - io["needed"]) / 6)
        catch = catch_chance(m, q, True)
        score, far = receiver_outlook(m, q, tz, paths_of)
        out.append(Relay("pass", q.id, [], acc * (1 - worst) * catch, score, far))
    return out


def carrier_reach(m, p, paths) -> int:
    """The carrier's own best risk-free progress this action (no dodge, no GFI)."""
    far = progress(p.square, p.side)
    for sq, (r, steps, _) in paths.items():
        if r == 0.0 and steps <= p.ma:
            far = max(far, progress(sq, p.side))
    return far


def gfi_budget(p) -> int:
    return p.ma + max_gfi(p)
