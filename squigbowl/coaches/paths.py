"""The computer coaches' path search: a Dijkstra over the pitch, with leap edges (A6.6, and
a house rule's leap through move.can_leap) and Break Tackle, every roll's chance asked of the
engine (odds, move).

`find_paths(m, p, moves_used, tz)` returns {square: (risk, steps, previous)}, where risk is the
summed -log of every roll's chance on the way (dodges, Go For It, a leap; skill re-rolls
counted, no team re-roll), minimised, then the steps; `path_to(best, sq)` walks a path back
(a `Path`, whose `leaps` are the squares reached by a leap). `path_chance` is the exact chance
of a path (odds.path_needs); `paths_from_rest(m)` gives team-mates' maps, each found once.

The search has two loops: one keyed by the square for a player who cannot leap, one keyed by
(square, leapt) with the leap edges; both take every step's risk from `_Steps`. One loop over
the (square, leapt) states for everybody was measured about 13% slower for the normal coach
(issue 22), which would cut the hard coach's searches short under its time caps and change
its play.

It agrees with `rules/odds.movement_routes` where both are exact (tests/coaches/
test_paths_agree.py says where): the coaches' search sums per-step risks and keeps one best
way per square, so it may differ from the engine's routes elsewhere (the difference is
measured in that test's docstring); it is kept as it is because the coaches' play depends on it.
"""

from __future__ import annotations

import heapq
import math

from squigbowl.coaches import path_cache
from squigbowl.rules import move as moves
from squigbowl.rules import movement_skills as learned
from squigbowl.rules import odds
from squigbowl.rules.geometry import NEIGHBOURS, squares_within
from squigbowl.rules.move import max_gfi


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
        # D5.2: Prehensile Tail, Diving Tackle (dodge terms) and Tentacles (an escape roll
        # first) of the opponents next to `frm`; nothing for every shipped roster
        near = learned.near(self.s, p, frm)
        extra = learned.dodge_odds_term(near) if near else 0
        held = odds.tentacles_need(m, p, frm, frm, near) if near else None
        held_risk = _risk(odds.need_chance(held, self.skills)) if held is not None else 0.0
        out = {}
        for to in NEIGHBOURS[frm]:
            if to in board:
                continue
            zones = tz.get(to, 0)
            mod = mods.get(to)
            if mod is None:
                mod = mods[to] = moves.dodge_modifier(m, p, to, zones=zones)
            key = (mod + extra, tackled)
            r = cache.get(key)
            if r is None:
                need = odds.dodge_need(m, p, frm, to, break_tackle=self.bt, zones=zones,
                                       tackled=tackled, near=near)
                r = cache[key] = _risk(odds.need_chance(need, self.skills))
            out[to] = r + held_risk
        self._tackled[frm] = out
        return out

    def leap(self, to) -> float:
        return _risk(odds.need_chance(odds.leap_need(self.m, self.p, to), self.skills))


def find_paths(m, p, moves_used: int, tz, *, ball_ok: bool = False, max_steps=None):
    """Dijkstra from the player's square over empty squares, minimising the risk (-log of the
    success chance) then the steps. Returns {square: (risk, steps, previous square)}. The ball's
    square is a dead end (arriving there picks it up) and is only entered with `ball_ok`.
    A player who may leap (move.can_leap: Leap, or a house rule's) and has not leapt this
    action gets leap edges too (`find_leap_paths`). Every roll's odds come from the engine
    (`_Steps`). Inside a look-ahead's `path_cache.sharing()` a search already made on the same position is reused
    (a copy of the same map)."""
    cache = path_cache.active()
    if cache is None:
        return search_paths(m, p, moves_used, tz, ball_ok, max_steps)
    key = path_cache.position_key(m, p, moves_used, ball_ok, max_steps)
    best = cache.get(key, tz)
    if best is None:
        best = search_paths(m, p, moves_used, tz, ball_ok, max_steps)
        cache.put(key, tz, best)
    return best


def search_paths(m, p, moves_used: int, tz, ball_ok: bool, max_steps):
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
    """`find_paths` for a player who may still leap once this action (A6.6): a leap goes
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


def paths_from_rest(m):
    """A team-mate's paths from where he stands, unmoved (find_paths), each found once."""
    cache: dict = {}

    def paths_of(q):
        got = cache.get(q.id)
        if got is None:
            got = cache[q.id] = find_paths(m, q, 0, opp_tz_map(m.state, q.side))
        return got

    return paths_of
