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

Paths come from a small Dijkstra over the pitch with each step's success chance (dodges and Go
For It); nothing searches deeper than one ply.
"""

from __future__ import annotations

import heapq
import math
import random

from squigbowl.coaches import path_cache
from squigbowl.coaches import scripted_weapons as weapons
from squigbowl.coaches.coach import Coach
from squigbowl.rules import ball as balls
from squigbowl.rules import block, odds
from squigbowl.rules import move as moves
from squigbowl.house.bomb import BOMB, bomb_kind
from squigbowl.rules.geometry import (
    NEIGHBOURS,
    WIDTH,
    distance,
    on_pitch,
    scoring_x,
    squares_within,
)
from squigbowl.rules.model import DOWN, STANDING
from squigbowl.rules.move import max_gfi

#: a touchdown run is attempted when it succeeds at least this often
SCORE_CHANCE = 0.45
#: a foul is made when the engine's chance to break the victim's armour reaches this (A9.1);
#: a plain foul on AV 8 breaks it 28% of the time, with one net assist 42%
FOUL_ARMOUR = 0.40
#: a marked carrier dodges clear when every roll of the way succeeds at least this often
ESCAPE_CHANCE = 0.55


# -- chances, all asked of the engine (squigbowl.rules: odds, move, block) --------------------------
class TZ(dict):
    """Square -> opposing tackle zones on it for a player of `side` (odds.tackle_zone_map, the
    same count as state.tackle_zones, A6.2); 0 elsewhere. Valid while the position does not
    change."""

    def __init__(self, s, side: int) -> None:
        super().__init__(odds.tackle_zone_map(s, side))

    def __missing__(self, sq) -> int:
        return 0


def opp_tz_map(s, side: int) -> TZ:
    """Square -> number of opposing (to `side`) tackle zones on it (A6.2)."""
    return TZ(s, side)


def _risk(chance: float) -> float:
    return -math.log(chance) if chance > 0 else 50.0


def gfi_chance(m, p) -> float:
    """A6.5 Go For It, with Sure Feet (odds.gfi_need)."""
    _, skills = odds.rerolls_available(m, p)
    return odds.need_chance(odds.gfi_need(m, p, p.square), skills)


def path_chance(m, p, path, moves_used: int = 0) -> float:
    """Every roll on the way (odds.path_needs), skill re-rolls as the engine allows them, no
    team re-roll."""
    _, skills = odds.rerolls_available(m, p)
    needs = odds.path_needs(m, p, path, moves_used, getattr(path, "leaps", frozenset()))
    return odds.chance_with_rerolls(needs, team=False, skills=skills)


class _Steps:
    """The engine's numbers for one search: the GFI risk, whether leaving a square needs a
    dodge (move.must_dodge) and the risk of a dodge (odds.dodge_need, its skill re-roll on a
    failure), with the tackle zones counted once per decision (`tz`, state.tackle_zones)."""

    def __init__(self, m, p, tz) -> None:
        self.m, self.p, self.tz = m, p, tz
        self.s = m.state
        _, self.skills = odds.rerolls_available(m, p)
        self.gfi = _risk(odds.need_chance(odds.gfi_need(m, p, p.square), self.skills))
        self.bt = moves.break_tackle_ready(self.s, p)
        self._mod: dict = {}       # destination -> dodge modifier
        self._tackled: dict = {}   # square -> its dodges_from
        self._dodge: dict = {}     # (dodge modifier, Tackle) -> risk

    def marked_squares(self) -> frozenset:
        """The squares he must dodge to leave (move.must_dodge); only squares in an opposing
        tackle zone can be."""
        s, p = self.s, self.p
        return frozenset(sq for sq, n in self.tz.items() if n and moves.must_dodge(s, p, sq,
                                                                                   zones=n))

    def dodges_from(self, frm) -> dict:
        """{empty neighbour: risk of the dodge into it} for a square that needs one."""
        got = self._tackled.get(frm)
        if got is not None:
            return got
        m, p, tz, board, cache, mods = (self.m, self.p, self.tz, self.s.board, self._dodge,
                                        self._mod)
        tackled = moves.dodge_tackled(self.s, p, frm)
        out = {}
        for to in NEIGHBOURS[frm]:
            if to in board:
                continue
            zones = tz.get(to, 0)
            mod = mods.get(to)
            if mod is None:
                mod = mods[to] = moves.dodge_modifier(m, p, to, zones=zones)
            key = (mod, tackled)
            r = cache.get(key)
            if r is None:
                need = odds.dodge_need(m, p, frm, to, break_tackle=self.bt, zones=zones,
                                       tackled=tackled)
                r = cache[key] = _risk(odds.need_chance(need, self.skills))
            out[to] = r
        self._tackled[frm] = out
        return out

    def leap(self, to) -> float:
        return _risk(odds.need_chance(odds.leap_need(self.m, self.p, to), self.skills))


def find_paths(m, p, moves_used: int, tz, *, ball_ok: bool = False, max_steps=None):
    """Dijkstra from the player's square over empty squares, minimising the risk (-log of the
    success chance) then the steps. Returns {square: (risk, steps, previous square)}. The ball's
    square is a dead end (arriving there picks it up) and is only entered with `ball_ok`.
    A player who may leap (Leap, the pogo stick B9.2) and has not leapt this action gets leap
    edges too (`find_leap_paths`). Every roll's odds come from the engine (`_Steps`). Inside a
    look-ahead's `path_cache.sharing()` a search already made on the same position is reused
    (a copy of the same map)."""
    cache = path_cache.active()
    if cache is None:
        return _find_paths(m, p, moves_used, tz, ball_ok, max_steps)
    key = path_cache.position_key(m, p, moves_used, ball_ok, max_steps)
    best = cache.get(key, tz)
    if best is None:
        best = _find_paths(m, p, moves_used, tz, ball_ok, max_steps)
        cache.put(key, tz, best)
    return best


def _find_paths(m, p, moves_used: int, tz, ball_ok: bool, max_steps):
    """`find_paths` itself, never kept."""
    s = m.state
    if moves.can_leap(p):
        act = s.activation
        if not (act is not None and act.pid == p.id and act.leaped):
            return find_leap_paths(m, p, moves_used, tz, ball_ok=ball_ok, max_steps=max_steps)
    start = p.square
    ma_left = p.ma - moves_used
    gfis = max_gfi(p)
    limit = ma_left + gfis - (moves_used - p.ma if moves_used > p.ma else 0)
    if max_steps is not None:
        limit = min(limit, max_steps)
    board = s.board
    ball = s.ball
    ball_sq = ball.square if (ball.carrier is None and not ball.in_air) else None
    rules = _Steps(m, p, tz)
    gfi_risk = rules.gfi
    marked = rules.marked_squares()
    best = {start: (0.0, 0, None)}
    heap = [(0.0, 0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        risk, steps, sq = pop(heap)
        if best[sq][0] < risk or steps >= limit or (sq == ball_sq and sq != start):
            continue
        dodges = rules.dodges_from(sq) if sq in marked else None
        nsteps = steps + 1
        step_risk = gfi_risk if nsteps > ma_left else 0.0
        for nxt in NEIGHBOURS[sq]:
            if nxt in board or (nxt == ball_sq and not ball_ok):
                continue
            r = risk + step_risk
            if dodges is not None:
                r += dodges[nxt]
            old = best.get(nxt)
            if old is not None:
                o = old[0]
                if r > o - 1e-12 and (r > o + 1e-12 or nsteps >= old[1]):
                    continue
            best[nxt] = (r, nsteps, sq)
            push(heap, (r, nsteps, nxt))
    return best


class LeapPaths(dict):
    """{square: (risk, steps, state)} from `find_leap_paths`; `states` maps the search states
    (square, leapt) to (risk, steps, previous state), which `path_to` walks back."""

    states: dict = {}


class Path(list):
    """The squares of a path; `leaps` are those reached by a leap (A6.6) rather than a step."""

    leaps: frozenset = frozenset()


def find_leap_paths(m, p, moves_used: int, tz, *, ball_ok: bool = False, max_steps=None):
    """`find_paths` for a player who may still leap once this action (A6.6, B9.2): a leap goes
    to an empty square 1-2 away over anybody, costs 2 squares (a GFI for each beyond MA), needs
    no dodge and the leap roll (odds.leap_need)."""
    s = m.state
    start = p.square
    ma_left = p.ma - moves_used
    limit = ma_left + max_gfi(p) - (moves_used - p.ma if moves_used > p.ma else 0)
    if max_steps is not None:
        limit = min(limit, max_steps)
    board = s.board
    ball = s.ball
    ball_sq = ball.square if (ball.carrier is None and not ball.in_air) else None
    rules = _Steps(m, p, tz)
    gfi_risk = rules.gfi
    marked = rules.marked_squares()
    leap_risk = rules.leap(start)
    first = (start, 0)
    states = {first: (0.0, 0, None)}
    heap = [(0.0, 0, first)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        risk, steps, key = pop(heap)
        sq, leapt = key
        if states[key][0] < risk or steps >= limit or (sq == ball_sq and sq != start):
            continue
        dodges = rules.dodges_from(sq) if sq in marked else None
        nsteps = steps + 1
        step_risk = gfi_risk if nsteps > ma_left else 0.0
        for nxt in NEIGHBOURS[sq]:
            if nxt in board or (nxt == ball_sq and not ball_ok):
                continue
            r = risk + step_risk
            if dodges is not None:
                r += dodges[nxt]
            nk = (nxt, leapt)
            old = states.get(nk)
            if old is not None and (r > old[0] + 1e-12
                                    or (r > old[0] - 1e-12 and nsteps >= old[1])):
                continue
            states[nk] = (r, nsteps, key)
            push(heap, (r, nsteps, nk))
        if leapt or steps + 2 > limit:
            continue
        lsteps = steps + 2
        r0 = risk + leap_risk + gfi_risk * (lsteps - max(ma_left, steps) if lsteps > ma_left
                                            else 0)
        for nxt in squares_within(sq, 2):
            if nxt in board or (nxt == ball_sq and not ball_ok):
                continue
            nk = (nxt, 1)
            old = states.get(nk)
            if old is not None and (r0 > old[0] + 1e-12
                                    or (r0 > old[0] - 1e-12 and lsteps >= old[1])):
                continue
            states[nk] = (r0, lsteps, ("leap", key))
            push(heap, (r0, lsteps, nk))
    best = LeapPaths()
    best.states = states
    for key, (r, n, _) in states.items():
        sq = key[0]
        old = best.get(sq)
        if old is None or r < old[0] - 1e-12 or (r < old[0] + 1e-12 and n < old[1]):
            best[sq] = (r, n, key)
    return best


def path_to(best: dict, sq) -> list:
    if isinstance(best, LeapPaths):
        return _leap_path_to(best, sq)
    path = []
    while best[sq][2] is not None:
        path.append(sq)
        sq = best[sq][2]
    path.reverse()
    return path


def _leap_path_to(best, sq):
    states = best.states
    key = best[sq][2]
    path, leaps = Path(), set()
    while True:
        prev = states[key][2]
        if prev is None:
            break
        if prev[0] == "leap":
            leaps.add(key[0])
            prev = prev[1]
        path.append(key[0])
        key = prev
    path.reverse()
    path.leaps = frozenset(leaps)
    return path


def block_dice(s, att, att_sq, dfd, blitz: bool = False) -> int:
    """Dice for the attacker on `att_sq` (block.block_dice: A8.2-A8.3, Horns): +n when he
    chooses among n, -n when the defender does, 1 for one."""
    n, chooser = block.block_dice(s, att, dfd, blitz=blitz, attacker_square=att_sq)
    return -n if chooser == "defender" else n


def block_value(att, dfd, dice: int) -> float:
    """Chance the defender goes down (and the attacker stays up) minus the weighted chance the
    attacker does; each face as block.py applies it (A8.4.1)."""
    p_good, p_bad = block_odds(att, dfd, dice)
    return p_good - 1.5 * p_bad


def block_odds(att, dfd, dice: int) -> tuple[float, float]:
    """(the chance the defender goes down and the attacker stays up, the chance the attacker
    goes down) for `dice` as `block_dice` gives them; each face as block.py applies it
    (A8.4.1)."""
    good = bad = 0
    for face in block.FACES.values():
        if block.knocks_attacker_down(face, att, dfd):
            bad += 1
        elif block.knocks_defender_down(face, att, dfd):
            good += 1
    g, b = good / 6, bad / 6
    n = abs(dice)
    if dice >= 1:
        p_good, p_bad = 1 - (1 - g) ** n, b ** n
    else:
        p_good, p_bad = g ** n, 1 - (1 - b) ** n
    return p_good, p_bad


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


# -- the coach ----------------------------------------------------------------------------------
class ScriptedCoach(Coach):
    name = "scripted"
    #: the pick-up is tried when the way and the pick-up succeed at least this often (A6.7)
    pickup_min = 0.2
    #: a marked carrier dodges clear (A6.4) when the way out succeeds this often, re-rolls
    #: counted, along a way no riskier than `escape_risk` (the path search's summed -log odds)
    escape_min = ESCAPE_CHANCE
    escape_risk = 2.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan: dict | None = None
        self._turn_key = None
        self._idle: set = set()       # players with nothing useful to do this turn
        self._tried: set = set()      # searches that found nothing this turn ('pickup', 'blitz')

    def choose(self, m) -> tuple:
        d = m.pending
        handler = HANDLERS.get(d.kind)
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
        return _first_arg(d.choices, ("kick",))

    def on_coin_call(self, m, d):
        """A3: either call is as good."""
        return d.choices[int(self.rng.random() * len(d.choices))]

    def on_setup(self, m, d):
        if ("end_setup", None) in d.choices:
            kicker = self.kicker_choice(m, d)
            return kicker if kicker is not None else ("end_setup", None)
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

    def kicker_choice(self, m, d):
        """Kick It! (B2.10.1): with the formation in place, the kicking coach designates a
        kicker (a Kick player if there is one, else the most agile) unless one still stands."""
        kickers = d.of_type("kicker")
        if not kickers:
            return None
        from squigbowl.house.kicker import kick_off_kicker
        if kick_off_kicker(m, d.side) is not None:
            return None
        s = m.state
        return max(kickers, key=lambda c: (s.players[c[1]].has("Kick"), s.players[c[1]].ag,
                                           -c[1]))

    def on_no_kicker(self, m, d):
        """A4.3.5 warning (B2.10.2): designate a kicker rather than give a touchback."""
        kickers = [c for c in d.choices if c[0] == "kicker"]
        if kickers:
            s = m.state
            return max(kickers, key=lambda c: (s.players[c[1]].has("Kick"),
                                               s.players[c[1]].ag, -c[1]))
        return ("no_kicker", True)

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
            k = (tz.get(p.square, 0), -p.ag, _progress(p.square, p.side), p.has("Sure Hands"))
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
        if key != self._turn_key:
            self._turn_key = key
            self._idle = set()
            self._tried = set()
        avail: dict[int, set] = {}
        for c in d.choices:
            if isinstance(c[1], int):
                avail.setdefault(c[1], set()).add(c[0])
        tz = opp_tz_map(s, side)
        return s, side, key, avail, tz, s.ball, s.carrier(), s.teams[side].turn >= 8

    def on_turn(self, m, d):
        s, side, _key, avail, tz, ball, carrier, late = self.turn_context(m, d)

        # 0. the Goblin Fanatic acts first (B3.3); chainsaws are started before anything else
        c = self.house_rules_first(s, side, avail, carrier)
        if c is not None:
            return c
        # 1. score
        if carrier is not None and carrier.side == side and "MOVE" in avail.get(carrier.id, ()):
            plan = self.score_plan(m, carrier, 0, tz, late)
            if plan is not None:
                return self.start(("MOVE", carrier.id), plan)
        # 1b. Kick It! or the blunderbuss (B2, B4) with our carrier
        if carrier is not None and carrier.side == side:
            c = self.carrier_weapons(m, side, avail, carrier, tz)
            if c is not None:
                return c
        # 2. blitz the opposing carrier
        if carrier is not None and carrier.side != side and ("blitz", carrier.id) not in self._tried:
            c = self.blitz_carrier(m, side, carrier, avail, tz)
            if c is not None:
                return c
            self._tried.add(("blitz", carrier.id))
        # 3. pick up the ball
        if (carrier is None and ball.square is not None and not ball.in_air
                and ("pickup", ball.square) not in self._tried):
            c = self.pickup(m, side, avail, tz)
            if c is not None:
                return c
            self._tried.add(("pickup", ball.square))
        ours = carrier is not None and carrier.side == side
        # 4. free a marked carrier: two-dice blocks on the players marking him (A8)
        if ours and tz.get(carrier.square, 0) > 0:
            c = self.free_carrier(s, side, avail, carrier)
            if c is not None:
                return c
        # 5. bombs at clusters (B5, B6), then blocks with the dice on our side or a weapon
        c = self.bombs(s, side, avail, m)
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
            return _progress(sq, p.side) - 2.5 * own_tz.get(sq, 0) + 0.3 * min(mates, 3)

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
            if "Blunderbuss" in p.skills:
                chance *= 1.3  # a loaded blunderbuss can fire the ball downfield (B4)
            if chance > best_chance:
                best_choice, best_chance = ("MOVE", pid), chance
                best_plan = {"kind": "path", "path": path}
        if best_choice is None or best_chance < self.pickup_min:
            return None
        return self.start(best_choice, best_plan)

    def best_block(self, s, side, avail, carrier):
        """Blocks with two or more dice of our choosing, or a chainsaw attack / a stab where it
        beats the block (B7.6, B10.2; never on a Fanatic, DD-38)."""
        best_choice, best_value, best_plan = None, 0.25, None
        carrier_id = carrier.id if carrier is not None else None
        for pid, kinds in avail.items():
            if "BLOCK" not in kinds:
                continue
            p = s.players[pid]
            if carrier is not None and carrier.id == pid:
                continue  # the carrier does not risk the ball
            weapon = weapons.weapon_of(p)
            for sq in NEIGHBOURS[p.square]:
                q = s.at(sq)
                if q is None or q.side == side or q.status != STANDING or weapons.is_fanatic(q):
                    continue
                dice = block_dice(s, p, p.square, q)
                v, use = -9.0, None
                if dice >= 2:
                    v = block_value(p, q, dice)
                if weapon is not None:
                    w = weapons.weapon_value(p, q, weapon, carrier_id)
                    if w > v:
                        v, use = w, weapon
                if v > best_value:
                    best_choice, best_value = ("BLOCK", pid), v
                    best_plan = {"kind": "block", "target": q.id, "path": [], "weapon": use}
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    # -- the house rules (RULES.md Part B) ---------------------------------------------------------
    def house_rules_first(self, s, side, avail, carrier):
        """B3.3: a Fanatic who may act goes first (so the illegal procedure is never called on
        us); then chainsaws are started (B7.2: an action of its own, no movement) by players
        who do not hold the ball."""
        for pid, kinds in sorted(avail.items()):
            p = s.players[pid]
            if "MOVE" in kinds and weapons.is_fanatic(p) and p.status == STANDING:
                return self.start(("MOVE", pid), {"kind": "fanatic"})
        for pid, kinds in sorted(avail.items()):
            if "START_CHAINSAW" in kinds and (carrier is None or carrier.id != pid):
                return self.start(("START_CHAINSAW", pid), {"kind": "start_chainsaw"})
        return None

    def carrier_weapons(self, m, side, avail, carrier, tz):
        """B4: fire the blunderbuss to an open team-mate well downfield; B2: kick the ball
        clear when our carrier is under pressure in his own half."""
        kinds = avail.get(carrier.id, ())
        if "FIRE_BLUNDERBUSS" in kinds:
            target = weapons.blunderbuss_target(m, carrier, tz)
            if target is not None:
                return self.start(("FIRE_BLUNDERBUSS", carrier.id),
                                  {"kind": "fire", "target": target})
        if "KICK" in kinds and carrier.status == STANDING and weapons.kick_wanted(m.state, carrier, tz):
            return self.start(("KICK", carrier.id), {"kind": "kick"})
        return None

    def bombs(self, s, side, avail, m):
        """B5/B6: a bomb or stink bomb at the cluster of opponents where its bounce is expected
        to do the most harm to them and the least to us."""
        best_choice, best_value, best_plan = None, weapons.BOMB_WORTH, None
        for pid, kinds in avail.items():
            if "THROW_BOMB" not in kinds or ("bomb", pid) in self._tried:
                continue
            p = s.players[pid]
            kind = bomb_kind(p) or BOMB
            v, target = weapons.best_bomb_target(m, p, kind)
            if target is None or v < best_value:
                self._tried.add(("bomb", pid))
                continue
            best_choice, best_value = ("THROW_BOMB", pid), v
            best_plan = {"kind": "bomb", "target": target}
        if best_choice is None:
            return None
        self._tried.add(("bomb", best_choice[1]))
        return self.start(best_choice, best_plan)

    def weapon_blitz(self, m, side, avail, tz, carrier):
        """The Blitz of a chainsaw, a dagger or the Death-Roller: a safe path (no dodge, no GFI)
        to a square next to the standing opponent it hurts most (B7.6, B10.2, B8)."""
        s = m.state
        if ("weapon_blitz", None) in self._tried:
            return None
        self._tried.add(("weapon_blitz", None))
        carrier_id = carrier.id if carrier is not None else None
        best_choice, best_value, best_plan = None, 0.4, None
        for pid, kinds in avail.items():
            if "BLITZ" not in kinds:
                continue
            p = s.players[pid]
            weapon = weapons.weapon_of(p)
            roller = p.has("Death-Roller")
            if (weapon is None and not roller) or p.status != STANDING or pid == carrier_id:
                continue
            paths = find_paths(m, p, 0, tz, max_steps=p.ma - 1)
            for q in s.players:
                if q.side == side or q.status != STANDING or q.square is None \
                        or weapons.is_fanatic(q) or distance(q.square, p.square) > p.ma:
                    continue
                for sq in NEIGHBOURS[q.square]:
                    got = paths.get(sq)
                    if got is None or got[0] > 0.0:
                        continue
                    if weapon is not None:
                        v = weapons.weapon_value(p, q, weapon, carrier_id)
                    else:
                        dice = block_dice(s, p, sq, q, blitz=True)
                        v = block_value(p, q, dice) if dice >= 2 else -1.0
                    v -= 0.01 * got[1]
                    if v > best_value:
                        best_choice, best_value = ("BLITZ", pid), v
                        best_plan = {"kind": "block", "target": q.id,
                                     "path": path_to(paths, sq), "weapon": weapon}
                    break
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    def hunt_plan(self, m, p, moves_used, tz):
        """A weapon carrier or the Death-Roller closes in on the nearest standing opponent (not
        a Fanatic) without dodging or going for it, to attack him next turn."""
        s = m.state
        left = p.ma - moves_used
        if left <= 0:
            return None
        paths = find_paths(m, p, moves_used, tz, max_steps=left)
        best, top = None, None
        for q in s.players:
            if q.side == p.side or q.status != STANDING or q.square is None \
                    or weapons.is_fanatic(q):
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
        assists and the weapons' hooks counted: the Death-Roller's +6, B8.3) reach
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
        if ("foul", None) in self._tried:
            return
        self._tried.add(("foul", None))
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
            if q is None or q.side == side or q.status != STANDING or weapons.is_fanatic(q):
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
            v = -r + 0.05 * (_progress(sq, p.side) - _progress(here, p.side))
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
            if (weapons.weapon_of(p) is not None or p.has("Death-Roller")) and \
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
        if weapons.is_fanatic(p):
            return weapons.fanatic_facing(s, p, choices)  # B3.4.1
        if plan is not None:
            special = self.house_rule_action(m, s, p, plan, choices)
            if special is not None:
                return special
            path = plan.get("path") or []
            while path and path[0] == p.square:
                path.pop(0)
            if path:
                nxt = path[0]
                if nxt in getattr(path, "leaps", ()):
                    step = ("leap", nxt)  # A6.6 / B9.2
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
                        return (weapon, target)  # B7.6 / B10.2
                    for c in choices:
                        if c[1] == target and c[0] in ("block", "blitz"):
                            plan["done"] = True
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

    def house_rule_action(self, m, s, p, plan, choices):
        """The actions of Part B: start the chainsaw (B7.2), light the bomb's fuse (B5.2), fire
        the blunderbuss (B4.3), aim a kick (B2.2)."""
        kind = plan["kind"]
        if kind == "start_chainsaw":
            return ("start_chainsaw", None)
        if kind == "bomb":
            return ("light_fuse", None)
        if kind == "fire":
            target = plan.get("target")
            if ("fire", target) in choices:
                return ("fire", target)
            return None
        if kind == "kick":
            return weapons.kick_aim(s, p, choices)
        return None

    # -- answers during a procedure -------------------------------------------------------------
    def on_reroll(self, m, d):
        """A free or once-per-turn skill re-roll always; the team re-roll on anything that would
        lose the ball or the turn while re-rolls are not scarce."""
        sources = [c[1] for c in d.choices if c[0] == "reroll" and c[1] is not None]
        if not sources:
            return None
        for src in sources:
            if src != "team":
                return ("reroll", src)
        s = m.state
        team = s.teams[d.side]
        what = str(d.info.get("what", "")).lower()
        faces = d.info.get("faces")
        if "block" in what and isinstance(faces, (list, tuple)) and faces:
            # block dice (A8.4.2): re-roll only when every face we may pick is bad for us
            att, dfd = _block_players(s, d)
            chooser = d.info.get("chooser", d.side)
            ranks = [_face_rank(_norm(f) or "", att, dfd, chooser, s) for f in faces]
            best = max(ranks) if chooser == d.side else -min(ranks)
            if chooser != d.side:
                ranks = [-r for r in ranks]
                best = min(ranks)  # the defender picks the worst for us
            return ("reroll", "team" if best <= 1 else None)
        pid = d.info.get("player")
        ball_player = pid is not None and (s.ball.carrier == pid or (
            s.ball.carrier is None and s.ball.square is not None and pid < len(s.players)
            and s.players[pid].square == s.ball.square))
        important = ball_player or any(k in what for k in ("pick", "catch", "block", "pass",
                                                           "hand", "loner"))
        if important or team.rerolls >= 2 or team.turn >= 7:
            return ("reroll", "team")
        return ("reroll", None)

    def on_block_die(self, m, d):
        s = m.state
        att, dfd = _block_players(s, d)
        chooser = d.side
        squig = bool(d.info.get("squig"))
        scored = []
        for c in d.choices:
            face = _face_of(c, d.info)
            if face is None:
                continue
            scored.append((_face_rank(face, att, dfd, chooser, s, squig=squig), c))
        if not scored:
            return None
        scored.sort(key=lambda t: -t[0])
        best_rank, best = scored[0]
        rerolls = [c for c in d.choices if c[0] == "reroll" and c[1] not in (None, False)]
        if rerolls and best_rank <= 1:
            return rerolls[0]
        return best

    def on_push(self, m, d):
        """An opponent: into the crowd when possible; else where our players surround him. One
        of ours (a chain push, a Fanatic's block on a team-mate, B3.6): on the pitch, where the
        fewest opponents mark him."""
        s = m.state
        side = d.side
        pid = d.info.get("player")
        if isinstance(pid, int) and 0 <= pid < len(s.players) and s.players[pid].side == side:
            tz = opp_tz_map(s, side)
            squares = [c for c in d.choices if isinstance(c[1], tuple) and len(c[1]) == 2
                       and isinstance(c[1][0], int)]
            inside = [c for c in squares if on_pitch(c[1])] or squares
            if inside:
                return min(inside, key=lambda c: (c[1] in s.board, tz.get(c[1], 0), c[1]))
        best, key = None, None
        for c in d.choices:
            sq = c[1]
            if not (isinstance(sq, tuple) and len(sq) == 2 and isinstance(sq[0], int)):
                continue
            if not on_pitch(sq):
                k = (1, 0, 0)
            else:
                ours = theirs = 0
                for n in NEIGHBOURS[sq]:
                    q = s.at(n)
                    if q is not None and q.status == STANDING:
                        if q.side == side:
                            ours += 1
                        else:
                            theirs += 1
                k = (0, ours - theirs, -(sq in s.board))
            if key is None or k > key:
                best, key = c, k
        return best

    def on_follow_up(self, m, d):
        """Follow up unless the attacker holds the ball and would walk into more tackle zones."""
        s = m.state
        yes = [c for c in d.choices if c[1] is True or c[1] == "yes" or c[0] == "follow"]
        no = [c for c in d.choices if c[1] is False or c[1] == "no" or c[0] == "stay"]
        if not yes or not no:
            return None
        att, _ = _block_players(s, d)
        to = d.info.get("square") or d.info.get("to")
        if att is not None and s.ball.carrier == att.id and to is not None:
            tz = opp_tz_map(s, att.side)
            if tz.get(tuple(to), 0) > tz.get(att.square, 0) - 1:
                return no[0]
        return yes[0]

    def on_skill(self, m, d):
        """Optional skills (Block, Juggernaut, Stand Firm...): use them; Dirty Player, seen
        the armour roll (A12), on the injury when the armour broke, else on the armour; Side
        Step to the on-pitch square with the fewest opposing tackle zones."""
        if ("use", True) in d.choices:
            return ("use", True)
        if ("use", "armour") in d.choices:
            return ("use", "injury") if d.info.get("broken") else ("use", "armour")
        squares = [c for c in d.choices if c[0] == "push" and isinstance(c[1], tuple)]
        if squares:
            s = m.state
            tz = opp_tz_map(s, d.side)
            inside = [c for c in squares if on_pitch(c[1])] or squares
            return min(inside, key=lambda c: (c[1] in s.board, tz.get(c[1], 0), c[1]))
        return None

    def on_kick_halve(self, m, d):
        """Kick (A4.4 step 2): halve the distance when the full one would leave the half or
        the pitch."""
        info = d.info
        target, direction, d6 = info.get("target"), info.get("direction"), info.get("d6")
        if target is None or direction is None or d6 is None:
            return ("halve", False)
        landing = (target[0] + direction[0] * d6, target[1] + direction[1] * d6)
        from squigbowl.rules.geometry import in_half
        ok = on_pitch(landing) and in_half(landing, 1 - d.side)
        return ("halve", not ok)

    def on_high_kick(self, m, d):
        """A4.5 High Kick: the surest catcher runs under the ball."""
        s = m.state
        best, key = None, None
        for c in d.choices:
            if c[1] is None:
                continue
            p = s.players[c[1]]
            k = (p.has("Catch"), p.ag, -p.st)
            if key is None or k > key:
                best, key = c, k
        return best

    def on_quick_snap(self, m, d):
        """A4.5 Quick Snap: the free step is not worth the decisions; end it."""
        return ("end_snap", None)

    def on_pass_block(self, m, d):
        for c in d.choices:
            if c[1] is None:
                return c
        return None

    def on_apothecary(self, m, d):
        use = d.info.get("injury") == "cas"
        want = ("apothecary", use)
        return want if want in d.choices else None

    def on_apothecary_result(self, m, d):
        results = d.info.get("results") or []
        if len(results) != 2:
            return None
        rank = [_cas_rank(r) for r in results]
        return ("casualty", 0 if rank[0] <= rank[1] else 1)

    def on_bribe(self, m, d):
        """A9.5: a bribe on a player worth it (`bribe_wanted`)."""
        return ("bribe", bribe_wanted(m, d))

    def on_intercept(self, m, d):
        """An interception attempt costs nothing (A7.2): take it."""
        for c in d.choices:
            if c[1] is not None and c[1] is not False:
                return c
        return None


def _house_rule_handlers():
    """Answers to the decisions of Part B (see docs/house-rules/)."""

    def on_bomb_target(self, m, d):
        """B5.3: the square whose bounce hurts opponents most (C63: chosen after the fuse)."""
        s = m.state
        p = s.players[d.info.get("player", s.activation.pid if s.activation else 0)]
        kind = d.info.get("kind", "bomb")
        targets = [c[1] for c in d.choices if c[0] == "bomb_target"]
        _, target = weapons.best_bomb_target(m, p, kind, targets=targets)
        if target is None:
            # nothing worth it: as far from our players as it may go (into the crowd's edge)
            own = [q.square for q in s.players if q.side == p.side and q.square is not None]
            if not targets or not own:
                return None
            target = max(targets, key=lambda t: (min(distance(t, o) for o in own), t))
        return ("bomb_target", target)

    def on_catch_bomb(self, m, d):
        """B5.4 (C68): never catch a bomb (a catch must be thrown again at once and goes off in
        the hands on 1-3)."""
        return ("catch_bomb", False)

    def on_kick_landing(self, m, d):
        return weapons.kick_landing(m, d.side, d.choices)

    def on_kick_catch(self, m, d):
        """DD-29: a kicked ball is always worth catching."""
        return ("kick_catch", True)

    def on_kick_block(self, m, d):
        """B2.7: the blocker with the best chance (a failed try costs nothing)."""
        needed = d.info.get("needed") or {}
        tries = [c for c in d.choices if c[1] is not None]
        if not tries:
            return ("kick_block", None)
        return min(tries, key=lambda c: (needed.get(c[1], 6), c[1]))

    def on_illegal_procedure(self, m, d):
        """B3.3 [DD-40]: a call costs the offender his team re-roll or the turn: always call."""
        return ("call", True)

    def on_illegal_procedure_penalty(self, m, d):
        """[DD-40]: the re-roll rather than a turnover."""
        return ("penalty", "reroll")

    return {"bomb_target": on_bomb_target, "catch_bomb": on_catch_bomb,
            "kick_landing": on_kick_landing, "kick_catch": on_kick_catch,
            "kick_block": on_kick_block, "illegal_procedure": on_illegal_procedure,
            "illegal_procedure_penalty": on_illegal_procedure_penalty,
            "no_kicker": ScriptedCoach.on_no_kicker}


def _progress(sq, side: int) -> int:
    """Squares gained towards the end zone `side` scores in."""
    return sq[0] if side == 0 else WIDTH - 1 - sq[0]


def _first_arg(choices, wanted):
    for w in wanted:
        for c in choices:
            if c[1] == w or c[0] == w:
                return c
    return None


def _block_players(s, d):
    info = d.info
    att = info.get("attacker")
    dfd = info.get("defender")
    if att is None and s.activation is not None and not info.get("squig"):
        att = s.activation.pid
    att = s.players[att] if isinstance(att, int) and 0 <= att < len(s.players) else None
    dfd = s.players[dfd] if isinstance(dfd, int) and 0 <= dfd < len(s.players) else None
    return att, dfd


FACE_NAMES = {"attackerdown": "skull", "skull": "skull", "bothdown": "both", "both": "both",
              "pushed": "push", "push": "push", "pushback": "push",
              "defenderstumbles": "stumble", "stumbles": "stumble", "stumble": "stumble",
              "defenderdown": "down", "pow": "down", "down": "down"}
FACE_BY_D6 = {1: "skull", 2: "both", 3: "push", 4: "push", 5: "stumble", 6: "down"}


def _norm(name: str) -> str | None:
    return FACE_NAMES.get("".join(ch for ch in str(name).lower() if ch.isalpha()))


def _face_of(choice, info):
    arg = choice[1]
    if choice[0] == "reroll":
        return None
    if isinstance(arg, str):
        return _norm(arg)
    if isinstance(arg, int) and not isinstance(arg, bool):
        for key in ("faces", "dice", "results"):
            seq = info.get(key)
            if isinstance(seq, (list, tuple)) and 0 <= arg < len(seq):
                face = seq[arg]
                if isinstance(face, str):
                    return _norm(face)
                if isinstance(face, int):
                    return FACE_BY_D6.get(face)
        return None
    return None


def _face_rank(face: str, att, dfd, chooser: int, s, squig: bool = False) -> float:
    """How good a block die is for the chooser's coach. From the attacking side's view:
    defender down 10, stumbles 9 (or a push against Dodge), pushed 5, both down 8 with Block
    against no Block, 4 when both have Block, 2 / 0.5 when the attacker falls, attacker down 0;
    the defending coach ranks them the other way round.

    The squig's blitz (B1.6.6; its decision has no attacker) is seen from the side playing the
    squig, the defender's opponent: skull nothing (0), Both Down and Pushed a push (5), Defender
    Stumbles down (9; a push against Dodge), Defender Down 10. A Goblin Fanatic blocking a
    team-mate (B3.6) wants the push: pushed 10, down 3 (a turnover), skull 2 (his chain), both
    down 1."""
    d_dodge = dfd is not None and dfd.has("Dodge")
    if squig:
        r = {"down": 10, "stumble": 5 if d_dodge else 9, "push": 5, "both": 5}.get(face, 0)
        attacking_side = 1 - dfd.side if dfd is not None else 1 - chooser
        return r if chooser == attacking_side else -r
    a_block = att is not None and att.has("Block")
    d_block = dfd is not None and dfd.has("Block")
    if att is not None and dfd is not None and att.side == dfd.side:
        if face == "push" or (face == "stumble" and d_dodge):
            r = 10
        else:
            r = {"down": 3, "stumble": 3, "skull": 2, "both": 1}.get(face, 0)
        return r
    if face == "down":
        r = 10
    elif face == "stumble":
        push_only = d_dodge if att is None else (dfd is not None
                                                 and block.stumble_is_push(att, dfd))
        r = 5 if push_only else 9
    elif face == "push":
        r = 5
    elif face == "both":
        if a_block:
            r = 8 if not d_block else 4
        else:
            r = 2 if not d_block else 0.5
    else:
        r = 0
    if att is not None and chooser != att.side:
        return -r
    return r


def _cas_rank(detail: str) -> int:
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


# -- policies shared by the levels ---------------------------------------------------------------
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
        depth = _progress(sq, 1 - receiver) - WIDTH // 2  # 0 at the half-way line
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
    more (a double sends him off, A9.3)."""
    prev = odds.foul_preview(m, p.id, q.id)
    chance = prev["p_armour_broken"]
    if chance < FOUL_ARMOUR:
        return None
    worth = 1.0 + 0.1 * len(q.skills) + 0.1 * max(q.st - 3, 0)
    risk = 0.2 * (0.1 * len(p.skills) + 0.15 * max(p.st - 3, 0))
    if p.has("Death-Roller") or weapons.is_fanatic(p):
        risk = 0.0
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
    "kick_halve": ScriptedCoach.on_kick_halve,
    "high_kick": ScriptedCoach.on_high_kick,
    "quick_snap": ScriptedCoach.on_quick_snap,
    "pass_block": ScriptedCoach.on_pass_block,
    "intercept": ScriptedCoach.on_intercept,
    **_house_rule_handlers(),
}
