"""The scripted coach: plays Blood Bowl the way a sensible beginner does, fast.

At each 'turn' decision it picks one activation, by priority:

1. the ball carrier runs in for a touchdown when a path is likely enough (A11.1);
2. someone blitzes the opposing ball carrier (A5.3);
3. the ball on the ground is picked up by the player with the best chance (A6.7);
4. a marked carrier is freed: a block with two dice on a player marking him (A8);
5. blocks with two or more dice chosen by us (assists counted, A8.2-A8.3);
6. the carrier advances without dodging, or dodges clear when marked (A6.4), and team-mates
   escort him, or players close in on the opposing carrier and screen the end zone;
7. Prone players stand up;
8. last, a foul when the armour odds pay for the risk of a send-off (A9); then the turn ends.

This is the 'easy' level (issue 12) and the rollout policy candidate for a searching coach, so
every decision stays cheap. It kicks off first (receiving in the second half gives the last
drive), kicks deep to where the receivers are thin (A4.4), uses a bribe on a player worth it
(A9.5), and answers a decision it has no rule for with a sensible default (decline, end, or the
first option; never a concession).

Paths come from the coaches' path search (paths.py: each step's success chance, dodges, Go For
It, leaps) and blocks' chances from block_odds.py; nothing searches deeper than one ply. The
answers during a procedure are in procedure_answers.py, the small shared policies in
policies.py. A house rule's play is asked of `house_play` at fixed points of the turn (the
rule's own `house/<rule>/coach.py` registers it), never named here.
"""

from __future__ import annotations

import math
import random

from squigbowl.coaches import house_play
from squigbowl.coaches import skill_answers
from squigbowl.coaches.block_odds import block_dice, block_value
from squigbowl.coaches.block_skills import multiple_block_wanted
from squigbowl.coaches.coach import Coach, register
from squigbowl.coaches.paths import (
    find_paths,
    gfi_chance,
    opp_tz_map,
    path_chance,
    path_to,
)
from squigbowl.coaches.policies import (
    default_choice,
    first_arg,
    foul_value,
    kick_target,
    pickup_candidates,
    progress,
)
from squigbowl.coaches import wizard_policy
from squigbowl.coaches.procedure_answers import ProcedureAnswers
from squigbowl.rules import odds
from squigbowl.rules.geometry import NEIGHBOURS, WIDTH, distance, scoring_x
from squigbowl.rules.model import DOWN, STANDING
from squigbowl.rules.move import max_gfi

#: a touchdown run is attempted when it succeeds at least this often
SCORE_CHANCE = 0.45
#: a marked carrier dodges clear when every roll of the way succeeds at least this often
ESCAPE_CHANCE = 0.55


class Turn:
    """What a house rule's turn hook is given: the state, our side, this team turn's key, the
    actions each player may declare, the opposing tackle zones and the ball's carrier."""

    __slots__ = ("s", "side", "key", "avail", "tz", "carrier")

    def __init__(self, s, side, key, avail, tz, carrier) -> None:
        self.s, self.side, self.key, self.avail, self.tz, self.carrier = (s, side, key, avail,
                                                                          tz, carrier)


def set_apart(p) -> bool:
    """A player no ordinary plan uses (a house rule's trait: never blocked, marked, moved or
    thrown to by the plans here)."""
    return house_play.has_trait(p, "set_apart")


# -- the coach ----------------------------------------------------------------------------------
class ScriptedCoach(ProcedureAnswers, Coach):
    name = "scripted"
    #: the house rules' coaching registered for this style (house_play)
    style = "easy"
    #: the pick-up is tried when the way and the pick-up succeed at least this often (A6.7)
    pickup_min = 0.2
    #: a marked carrier dodges clear (A6.4) when the way out succeeds this often, re-rolls
    #: counted, along a way no riskier than `escape_risk` (the path search's summed -log odds)
    escape_min = ESCAPE_CHANCE
    escape_risk = 2.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan: dict | None = None
        self.turn_key = None
        self._idle: set = set()       # players with nothing useful to do this turn
        self.tried: set = set()      # searches that found nothing this turn ('pickup', 'blitz')
        self.notes: dict = {}         # what a house rule's coaching keeps between decisions
        house_play.load()

    def choose(self, m) -> tuple:
        d = m.pending
        handler = HANDLERS.get(d.kind) or house_play.decision_handler(d.kind)
        if handler is not None:
            # a subclass (the normal coach) may override the handler of the same name
            handler = getattr(type(self), handler.__name__, handler)
        choice = handler(self, m, d) if handler is not None else None
        if choice is None or choice not in d.choices:
            choice = self.fallback(m, d)
        return choice

    def fallback(self, m, d) -> tuple:
        """Anything without a rule: a sensible default (`default_choice`)."""
        return default_choice(d.choices)

    # -- pre-match and kick-off ------------------------------------------------------------------
    def on_kick_or_receive(self, m, d):
        """A3: kick first, so that the team receives at the start of the second half and has
        the last drive of the match."""
        return first_arg(d.choices, ("kick",))

    def on_coin_call(self, m, d):
        """A3: either call is as good."""
        return d.choices[int(self.rng.random() * len(d.choices))]

    def on_setup(self, m, d):
        if ("end_setup", None) in d.choices:
            for extra in house_play.values("setup_done"):  # a house rule's last set-up step
                c = extra(self, m, d)
                if c is not None:
                    return c
            return ("end_setup", None)
        if d.info.get("perfect_defence"):
            return None
        kicking = d.info.get("kicking", m.state.kicking == d.side)
        wanted = ("kick", "any") if kicking else ("receive", "any")
        forms = d.of_type("formation")  # not a pass over the set-up's 'place' choices
        if not forms:
            return None
        try:
            from squigbowl.rules.setup import formations
            known = formations()
            for use in wanted:
                for c in forms:
                    f = known.get(c[1])
                    if f is not None and f.use == use:
                        return c
        except ImportError:  # pragma: no cover - the set-up module is elsewhere
            pass
        return forms[0]

    def on_kick(self, m, d):
        """A4.4: kick deep where the scatter (D8 x D6) most likely stays in the receiving
        half and where few receivers stand near the landing; a little noise from the coach's
        own generator so the kick is not always to the same square."""
        target = kick_target(m.state, 1 - d.side, d.choices, self.rng)
        return ("kick", target) if target is not None else None

    def on_touchback(self, m, d):
        """Give the ball to the safest player: fewest opposing tackle zones, furthest back."""
        s = m.state
        tz = opp_tz_map(s, d.side)
        best, key = None, None
        for c in d.choices:
            pid = c[1]
            if not isinstance(pid, int) or not 0 <= pid < len(s.players):
                continue
            p = s.players[pid]
            if p.square is None:
                continue
            k = (tz.get(p.square, 0), -p.ag, progress(p.square, p.side), p.has("Sure Hands"))
            k = (k[0], k[2], k[1])
            if key is None or k < key:
                best, key = c, k
        return best

    # -- the team turn --------------------------------------------------------------------------
    def turn_context(self, m, d):
        """What every 'turn' decision starts from (A5.2): the plan dropped, this team turn's notes
        reset when a new turn begins, and (state, side, the turn's key, the actions each player
        may declare, the opposing tackle zones, the ball, its carrier, whether it is turn 8)."""
        self.plan = None
        s = m.state
        side = d.side
        key = (s.half, side, s.teams[side].turn, s.bonus_turn)
        if key != self.turn_key:
            self.turn_key = key
            self._idle = set()
            self.tried = set()
        avail: dict[int, set] = {}
        for c in d.choices:
            if isinstance(c[1], int):
                avail.setdefault(c[1], set()).add(c[0])
        tz = opp_tz_map(s, side)
        return s, side, key, avail, tz, s.ball, s.carrier(), s.teams[side].turn >= 8

    def on_turn(self, m, d):
        s, side, key, avail, tz, ball, carrier, late = self.turn_context(m, d)

        # 0. the wizard's spell before anyone acts (D4.4), when it is worth it
        if s.teams[side].inducements:
            c = wizard_policy.turn_choice(self, m, d)
            if c is not None:
                return c
        # 0. what a house rule does before anything else
        c = self.house_turn("first", m, side, key, avail, tz, carrier)
        if c is not None:
            return c
        # 1. score
        if carrier is not None and carrier.side == side and "MOVE" in avail.get(carrier.id, ()):
            plan = self.score_plan(m, carrier, 0, tz, late)
            if plan is not None:
                return self.start(("MOVE", carrier.id), plan)
        # 1b. a house rule's action of our carrier
        if carrier is not None and carrier.side == side:
            c = self.house_turn("carrier", m, side, key, avail, tz, carrier)
            if c is not None:
                return c
        # 2. blitz the opposing carrier
        if carrier is not None and carrier.side != side and ("blitz", carrier.id) not in self.tried:
            c = self.blitz_carrier(m, side, carrier, avail, tz)
            if c is not None:
                return c
            self.tried.add(("blitz", carrier.id))
        # 3. pick up the ball
        if (carrier is None and ball.square is not None and not ball.in_air
                and ("pickup", ball.square) not in self.tried):
            c = self.pickup(m, side, avail, tz)
            if c is not None:
                return c
            self.tried.add(("pickup", ball.square))
        ours = carrier is not None and carrier.side == side
        # 4. free a marked carrier: two-dice blocks on the players marking him (A8)
        if ours and tz.get(carrier.square, 0) > 0:
            c = self.free_carrier(s, side, avail, carrier)
            if c is not None:
                return c
        # 5. a house rule's attack on an area, then blocks with the dice on our side or an
        # attack that replaces the block
        c = self.house_turn("area", m, side, key, avail, tz, carrier)
        if c is not None:
            return c
        c = self.best_block(s, side, avail, carrier)
        if c is not None:
            return c
        c = self.weapon_blitz(m, side, avail, tz, carrier)
        if c is not None:
            return c
        # 6. the carrier advances, or dodges clear when still marked (A6.4)
        if ours and "MOVE" in avail.get(carrier.id, ()):
            c = self.carrier_run(m, carrier, tz)
            if c is not None:
                return c
        # 7. supporting moves, standing up (a fouler who pays stays for the foul)
        self.reserve_fouler(m, side, avail, carrier)
        c = self.support(m, side, avail, tz, carrier)
        if c is not None:
            return c
        # 8. last (a send-off is a turnover, A9.4): a foul when it pays
        c = self.foul(m, side, avail, carrier)
        if c is not None:
            return c
        return ("end_turn", None) if ("end_turn", None) in d.choices else None

    def carrier_run(self, m, carrier, tz):
        """The carrier advances, or dodges clear when he is marked (A6.4): his MOVE declared with
        its plan, or None when no plan is worth it."""
        if tz.get(carrier.square, 0) > 0:
            plan = self.escape_plan(m, carrier, 0, tz)
        else:
            plan = self.advance_plan(m, carrier, 0, tz)
        return None if plan is None else self.start(("MOVE", carrier.id), plan)

    def house_turn(self, point, m, side, key, avail, tz, carrier):
        """The first answer of the house rules' handlers at `point` of the turn (house_play)."""
        return house_play.ask_turn(point, self, m, Turn(m.state, side, key, avail, tz, carrier))

    def start(self, choice, plan):
        plan["pid"] = choice[1]
        self.plan = plan
        return choice

    def score_plan(self, m, p, moves_used, tz, late):
        """The likeliest way into the end zone (A11.1), taken when the engine's odds of every
        roll on it (skill re-rolls, no team re-roll) reach SCORE_CHANCE, or late in the half."""
        best = find_paths(m, p, moves_used, tz)
        x = scoring_x(p.side)
        target, risk = None, None
        for sq, (r, steps, _) in best.items():
            if sq[0] == x and (risk is None or r < risk):
                target, risk = sq, r
        if target is None:
            return None
        path = path_to(best, target)
        if late or path_chance(m, p, path, moves_used) >= SCORE_CHANCE:
            return {"kind": "path", "path": path}
        return None

    def advance_plan(self, m, p, moves_used, tz):
        """A risk-free move forward: no dodge, no GFI; ends where few opponents reach him."""
        s = m.state
        best = find_paths(m, p, moves_used, tz, max_steps=max(p.ma - moves_used, 0))
        here = p.square
        own_tz = opp_tz_map(s, p.side)

        def value(sq):
            mates = sum(1 for n in NEIGHBOURS[sq]
                        if (q := s.at(n)) is not None and q.side == p.side and q.standing)
            return progress(sq, p.side) - 2.5 * own_tz.get(sq, 0) + 0.3 * min(mates, 3)

        target, top = None, value(here)
        for sq, (r, steps, _) in best.items():
            if r == 0.0 and sq != here:
                v = value(sq)
                if v > top + 0.5:
                    target, top = sq, v
        if target is None:
            return None
        return {"kind": "path", "path": path_to(best, target)}

    def blitz_carrier(self, m, side, carrier, avail, tz, floor: float = 0.15,
                      value=None):
        """A5.3 / A8: the block or blitz on the opposing carrier with the best chance of
        knocking him down (the way's odds times the dice's, `value(att, dfd, dice)`, by
        default `block_value`), when it beats `floor`."""
        value = value or block_value
        s = m.state
        best_choice, best_value, best_plan = None, floor, None
        for pid, kinds in avail.items():
            p = s.players[pid]
            if p.status != STANDING:
                continue
            if "BLITZ" not in kinds and not ("BLOCK" in kinds and distance(p.square, carrier.square) == 1):
                continue
            if distance(p.square, carrier.square) == 1:
                dice = block_dice(s, p, p.square, carrier)
                v = value(p, carrier, dice) + 0.2
                kind = "BLOCK" if "BLOCK" in kinds else "BLITZ"
                if v > best_value:
                    best_choice, best_value = (kind, pid), v
                    best_plan = {"kind": "block", "target": carrier.id, "path": []}
                continue
            if distance(p.square, carrier.square) > p.ma + 3:
                continue
            paths = find_paths(m, p, 0, tz, max_steps=p.ma + 1)
            for sq in NEIGHBOURS[carrier.square]:
                got = paths.get(sq)
                if got is None:
                    continue
                r, steps, _ = got
                if steps + 1 > p.ma + max_gfi(p):
                    continue  # the block costs a square of movement (A5.3)
                dice = block_dice(s, p, sq, carrier, blitz=True)
                worth = value(p, carrier, dice) + 0.3
                if math.exp(-r) * worth - 0.01 * steps <= best_value:
                    continue  # the search's estimate cannot win; skip the exact odds
                path = path_to(paths, sq)
                chance = path_chance(m, p, path) * (gfi_chance(m, p) if steps >= p.ma else 1)
                v = chance * worth - 0.01 * steps
                if v > best_value:
                    best_choice, best_value = ("BLITZ", pid), v
                    best_plan = {"kind": "block", "target": carrier.id, "path": path}
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    def pickup(self, m, side, avail, tz):
        s = m.state
        ball_sq = s.ball.square
        cands = pickup_candidates(s, avail, ball_sq)
        best_choice, best_chance, best_plan = None, 0.0, None
        for dist, _, pid in cands[:4]:
            p = s.players[pid]
            paths = find_paths(m, p, 0, tz, ball_ok=True)
            got = paths.get(ball_sq)
            if got is None:
                continue
            path = path_to(paths, ball_sq)
            chance = path_chance(m, p, path)  # the pick-up included (odds.arrival_needs)
            for worth in house_play.values("pickup_worth"):
                chance *= worth(p)  # a house rule's use for the ball once picked up
            if chance > best_chance:
                best_choice, best_chance = ("MOVE", pid), chance
                best_plan = {"kind": "path", "path": path}
        if best_choice is None or best_chance < self.pickup_min:
            return None
        return self.start(best_choice, best_plan)

    def best_block(self, s, side, avail, carrier):
        """Blocks with two or more dice of our choosing, or a house rule's attack that replaces
        the block where it beats it (`house_play.attack_of`; never on a player set apart)."""
        best_choice, best_value, best_plan = None, 0.25, None
        carrier_id = carrier.id if carrier is not None else None
        for pid, kinds in avail.items():
            if "BLOCK" not in kinds:
                continue
            p = s.players[pid]
            if carrier is not None and carrier.id == pid:
                continue  # the carrier does not risk the ball
            weapon = house_play.attack_of(p)
            for sq in NEIGHBOURS[p.square]:
                q = s.at(sq)
                if q is None or q.side == side or q.status != STANDING or set_apart(q):
                    continue
                dice = block_dice(s, p, p.square, q)
                v, use = -9.0, None
                if dice >= 2:
                    v = block_value(p, q, dice)
                if weapon is not None:
                    w = attack_value(p, q, weapon, carrier_id)
                    if w > v:
                        v, use = w, weapon[0]
                if v > best_value:
                    best_choice, best_value = ("BLOCK", pid), v
                    best_plan = {"kind": "block", "target": q.id, "path": [], "weapon": use}
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    def weapon_blitz(self, m, side, avail, tz, carrier):
        """The Blitz of a player with a house rule's attack or a hunter's (house_play): a safe
        path (no dodge, no GFI) to a square next to the standing opponent it hurts most."""
        s = m.state
        if ("weapon_blitz", None) in self.tried:
            return None
        self.tried.add(("weapon_blitz", None))
        carrier_id = carrier.id if carrier is not None else None
        best_choice, best_value, best_plan = None, 0.4, None
        for pid, kinds in avail.items():
            if "BLITZ" not in kinds:
                continue
            p = s.players[pid]
            weapon = house_play.attack_of(p)
            roller = house_play.has_trait(p, "hunter")
            if (weapon is None and not roller) or p.status != STANDING or pid == carrier_id:
                continue
            paths = find_paths(m, p, 0, tz, max_steps=p.ma - 1)
            for q in s.players:
                if q.side == side or q.status != STANDING or q.square is None \
                        or set_apart(q) or distance(q.square, p.square) > p.ma:
                    continue
                for sq in NEIGHBOURS[q.square]:
                    got = paths.get(sq)
                    if got is None or got[0] > 0.0:
                        continue
                    if weapon is not None:
                        v = attack_value(p, q, weapon, carrier_id)
                    else:
                        dice = block_dice(s, p, sq, q, blitz=True)
                        v = block_value(p, q, dice) if dice >= 2 else -1.0
                    v -= 0.01 * got[1]
                    if v > best_value:
                        best_choice, best_value = ("BLITZ", pid), v
                        best_plan = {"kind": "block", "target": q.id,
                                     "path": path_to(paths, sq),
                                     "weapon": weapon[0] if weapon is not None else None}
                    break
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    def hunt_plan(self, m, p, moves_used, tz):
        """A player with an attack or a hunter (house_play) closes in on the nearest standing
        opponent (not one set apart) without dodging or going for it, to attack him next
        turn."""
        s = m.state
        left = p.ma - moves_used
        if left <= 0:
            return None
        paths = find_paths(m, p, moves_used, tz, max_steps=left)
        best, top = None, None
        for q in s.players:
            if q.side == p.side or q.status != STANDING or q.square is None \
                    or set_apart(q):
                continue
            for sq in NEIGHBOURS[q.square]:
                got = paths.get(sq)
                if got is None or got[0] > 0.0 or sq == p.square:
                    continue
                v = -got[1] + (3 if s.ball.carrier == q.id else 0) + 0.3 * q.av
                if top is None or v > top:
                    best, top = sq, v
        if best is None:
            return None
        return {"kind": "path", "path": path_to(paths, best)}

    def best_foul(self, m, side, avail, carrier):
        """A9: (fouler id, victim id) of the foul whose armour odds (odds.foul_preview,
        assists and the house rules' hooks counted) reach
        FOUL_ARMOUR, by a player next to the victim who does not hold the ball; the surest
        and the most harmful first. None when no foul pays."""
        s = m.state
        best, top = None, None
        for pid, kinds in avail.items():
            if "FOUL" not in kinds:
                continue
            p = s.players[pid]
            if p.status != STANDING or (carrier is not None and carrier.id == pid):
                continue
            for sq in NEIGHBOURS[p.square]:
                q = s.at(sq)
                if q is None or q.side == side or q.status not in DOWN:
                    continue
                v = foul_value(m, p, q)
                if v is not None and (top is None or v > top):
                    best, top = (pid, q.id), v
        return best

    def reserve_fouler(self, m, side, avail, carrier):
        """The player of the foul that pays stays where he is (he fouls last, A9.4)."""
        if ("foul", None) in self.tried:
            return
        self.tried.add(("foul", None))
        best = self.best_foul(m, side, avail, carrier)
        if best is not None:
            self._idle.add(best[0])

    def foul(self, m, side, avail, carrier):
        """A9: the foul that pays (`best_foul`), as the turn's last activation."""
        best = self.best_foul(m, side, avail, carrier)
        if best is None:
            return None
        return self.start(("FOUL", best[0]), {"kind": "foul", "target": best[1], "path": []})

    def free_carrier(self, s, side, avail, carrier):
        """A8: a block with two or more dice of ours on a standing opponent marking our
        carrier, by a team-mate (the carrier himself blocks only with three dice)."""
        best_choice, best_value, best_plan = None, 0.0, None
        for sq in NEIGHBOURS[carrier.square]:
            q = s.at(sq)
            if q is None or q.side == side or q.status != STANDING or set_apart(q):
                continue
            for n in NEIGHBOURS[q.square]:
                a = s.at(n)
                if a is None or a.side != side or "BLOCK" not in avail.get(a.id, ()):
                    continue
                dice = block_dice(s, a, a.square, q)
                if dice < 2 or (a.id == carrier.id and dice < 3):
                    continue
                v = block_value(a, q, dice)
                if v > best_value:
                    best_choice, best_value = ("BLOCK", a.id), v
                    best_plan = {"kind": "block", "target": q.id, "path": [],
                                 "weapon": None}
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    def escape_plan(self, m, p, moves_used, tz):
        """A6.4: a marked carrier dodges to the square out of every tackle zone that is
        likeliest to reach (skill re-rolls; the team re-roll when one is left), further up the
        pitch on a tie, when that chance reaches `escape_min`."""
        best = find_paths(m, p, moves_used, tz, max_steps=max(p.ma - moves_used, 1))
        here = p.square
        team_rr, skills = odds.rerolls_available(m, p)
        target, top = None, None
        for sq, (r, steps, _) in best.items():
            if sq == here or tz.get(sq, 0) or r > self.escape_risk:
                continue
            v = -r + 0.05 * (progress(sq, p.side) - progress(here, p.side))
            if top is None or v > top:
                target, top = sq, v
        if target is None:
            return None
        path = path_to(best, target)
        needs = odds.path_needs(m, p, path, moves_used, getattr(path, "leaps", frozenset()))
        chance = odds.chance_with_rerolls(needs, team=team_rr, skills=skills,
                                          loner=p.has("Loner"))
        if chance < self.escape_min:
            return None
        return {"kind": "path", "path": path}

    def support(self, m, side, avail, tz, carrier):
        """Stand up, escort our carrier, close in on theirs, or move up the pitch."""
        s = m.state
        for pid, kinds in sorted(avail.items()):
            p = s.players[pid]
            if "MOVE" not in kinds:
                continue
            if p.status != STANDING:
                return self.start(("MOVE", pid), {"kind": "support"})
            if tz.get(p.square, 0) > 0 or pid in self._idle:
                continue  # marked (he would have to dodge), or nowhere better to go
            plan = None
            if (house_play.attack_of(p) is not None or house_play.has_trait(p, "hunter")) and \
                    (carrier is None or carrier.side != side or
                     distance(p.square, carrier.square) > 3):
                plan = self.hunt_plan(m, p, 0, tz)
            if plan is None:
                plan = self.support_plan(m, p, 0, tz, carrier)
            if plan is not None:
                return self.start(("MOVE", pid), plan)
            self._idle.add(pid)
        return None

    def support_plan(self, m, p, moves_used, tz, carrier):
        s = m.state
        left = p.ma - moves_used
        if left <= 0:
            return None
        paths = find_paths(m, p, moves_used, tz, max_steps=left)
        ball = s.ball
        if carrier is not None and carrier.side == p.side:
            goal, near = carrier.square, 1
            ahead = 1 if p.side == 0 else -1
            goal = (min(max(goal[0] + ahead, 0), WIDTH - 1), goal[1])
        elif carrier is not None:
            goal, near = carrier.square, 1
        elif ball.square is not None:
            goal, near = ball.square, 2
        else:
            return None

        def value(sq):
            return -max(distance(sq, goal) - near, 0) - 0.1 * abs(sq[1] - goal[1])

        here = p.square
        top, target = value(here), None
        for sq, (r, steps, _) in paths.items():
            if r == 0.0 and sq != here and sq != ball.square:
                v = value(sq)
                if v > top + 0.5:
                    top, target = v, sq
        if target is None:
            return None
        return {"kind": "path", "path": path_to(paths, target)}

    # -- the acting player ------------------------------------------------------------------------
    def on_action(self, m, d):
        s = m.state
        act = s.activation
        pid = d.info.get("player", act.pid if act is not None else None)
        if pid is None:
            return None
        p = s.players[pid]
        plan = self.plan if self.plan is not None and self.plan.get("pid") == pid else None
        choices = d.choices
        steer = house_play.steer_of(p)
        if steer is not None:
            return steer(s, p, choices)  # a player moved by a house rule of his own
        if plan is not None:
            special = self.plan_action(m, s, p, plan, choices)
            if special is not None:
                return special
            path = plan.get("path") or []
            while path and path[0] == p.square:
                path.pop(0)
            if path:
                nxt = path[0]
                if nxt in getattr(path, "leaps", ()):
                    step = ("leap", nxt)  # A6.6
                    ok = step in choices and distance(nxt, p.square) <= 2
                else:
                    step = ("step", nxt)
                    ok = step in choices and distance(nxt, p.square) == 1
                if ok:
                    path.pop(0)
                    return step
                plan["path"] = []
            else:
                target = plan.get("target")
                if plan["kind"] == "block" and not plan.get("done"):
                    weapon = plan.get("weapon")
                    if weapon is not None and (weapon, target) in choices:
                        plan["done"] = True
                        return (weapon, target)  # a house rule's attack
                    for c in choices:
                        if c[1] == target and c[0] in ("block", "blitz"):
                            plan["done"] = True
                            # D5.2 Multiple Block when a second block is worth it too
                            if c[0] == "block" and ("multiple_block", target) in choices \
                                    and multiple_block_wanted(s, p, target):
                                return ("multiple_block", target)
                            return c
                if plan["kind"] in ("handoff", "pass") and not plan.get("done"):
                    # A7.4 / A7.2: the hand-off or the pass at the end of the way
                    want = (plan["kind"], plan["receiver"] if plan["kind"] == "handoff"
                            else plan["square"])
                    if want in choices:
                        plan["done"] = True
                        return want
                if plan["kind"] == "foul" and not plan.get("done"):
                    for c in choices:
                        if c[1] == target and c[0] == "foul":
                            plan["done"] = True
                            return c
        moves_used = act.moves if act is not None else 0
        tz = opp_tz_map(s, p.side)
        carrier = s.carrier()
        if carrier is not None and carrier.id == pid and p.status == STANDING:
            # just picked the ball up, or the plan is over: score or advance
            new = self.score_plan(m, p, moves_used, tz, s.teams[p.side].turn >= 8)
            if new is None and not (plan is not None and plan.get("advanced")):
                relay_plan = self.carrier_relay(m, p, act, tz, choices)
                if relay_plan is not None:
                    relay_plan["pid"] = pid
                    self.plan = relay_plan
                    return self.on_action(m, d)
            if new is None and not (plan is not None and plan.get("advanced")):
                new = self.advance_plan(m, p, moves_used, tz)
                if new is not None:
                    new["advanced"] = True
            if new is not None and new["path"] and ("step", new["path"][0]) in choices:
                new["pid"] = pid
                self.plan = new
                return ("step", new["path"].pop(0))
        elif (plan is not None and plan["kind"] == "support" and p.status == STANDING
              and not plan.get("moved") and tz.get(p.square, 0) == 0):
            new = self.support_plan(m, p, moves_used, tz, carrier)
            if new is not None and new["path"] and ("step", new["path"][0]) in choices:
                new.update(pid=pid, moved=True, kind="support")
                self.plan = new
                return ("step", new["path"].pop(0))
        return ("end", None) if ("end", None) in choices else None

    def carrier_relay(self, m, p, act, tz, choices):
        """A plan for a carrier in a Hand-off or Pass action who did not score: none at this
        level (the normal coach hands on)."""
        return None

    def plan_action(self, m, s, p, plan, choices):
        """A plan's own action before its way: a house rule's step for plans of its kind
        (house_play.plan_step)."""
        step = house_play.plan_step_for(plan["kind"])
        return step(self, m, p, plan, choices) if step is not None else None


def attack_value(attacker, victim, attack, carrier_id) -> float:
    """What a house rule's attack (house_play.attack_of: (name, value)) on `victim` is worth:
    its own value, with a little more for the ball carrier (a hurt carrier drops it)."""
    v = attack[1](attacker, victim)
    if victim.id == carrier_id:
        v *= 1.6
    return v


HANDLERS = {
    "coin_call": ScriptedCoach.on_coin_call,
    "kick_or_receive": ScriptedCoach.on_kick_or_receive,
    "setup": ScriptedCoach.on_setup,
    "kick": ScriptedCoach.on_kick,
    "touchback": ScriptedCoach.on_touchback,
    "turn": ScriptedCoach.on_turn,
    "action": ScriptedCoach.on_action,
    "reroll": ScriptedCoach.on_reroll,
    "block_die": ScriptedCoach.on_block_die,
    "push": ScriptedCoach.on_push,
    "follow_up": ScriptedCoach.on_follow_up,
    "apothecary": ScriptedCoach.on_apothecary,
    "apothecary_result": ScriptedCoach.on_apothecary_result,
    "bribe": ScriptedCoach.on_bribe,
    "skill": ScriptedCoach.on_skill,
    "multiple_block": ScriptedCoach.on_multiple_block,
    "kick_halve": ScriptedCoach.on_kick_halve,
    "high_kick": ScriptedCoach.on_high_kick,
    "quick_snap": ScriptedCoach.on_quick_snap,
    "pass_block": ScriptedCoach.on_pass_block,
    "intercept": ScriptedCoach.on_intercept,
    "dump_off": ScriptedCoach.on_dump_off,
    "spell": wizard_policy.spell_choice,
    "spell_target": wizard_policy.target_choice,
    **skill_answers.HANDLERS,       # D5.2: Shadowing, Diving Tackle, Kick-Off Return
}

register("easy", ScriptedCoach, rank=1)
register("scripted", ScriptedCoach)
