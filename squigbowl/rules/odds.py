"""Odds for previews: pure, side-effect-free questions about the match as it stands.

The match screen shows, before a coach commits, what a step, a path, a block or a pass will
need. It asks here, never recomputes a rule: every modifier comes from the rule modules
themselves (move.py, ball.py, rolls.py, block.py, passing.py). Nothing here rolls a die,
emits an event or changes the state.

    routes = movement_routes(m)          # the acting player's reachable squares
    r = routes[(7, 5)]                   # the safest way there, then the shortest
    r.path, r.leaps, r.needs, r.chance, r.chance_rr
    d6_chance(4, 1)                      # 4+ with +1: 2/3
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, replace

from squigbowl.rules import ball as balls
from squigbowl.rules import move as moves
from squigbowl.rules import movement_skills as learned
from squigbowl.rules import rolls
from squigbowl.rules.geometry import NEIGHBOURS, squares_within
from squigbowl.rules.model import STANDING

#: skill re-rolls the odds know about (the others are not movement rolls)
_ONCE = rolls.ONCE_PER_TURN
_FREE = rolls.FREE_SKILL_REROLLS


def d6_chance(target: int, modifier: int = 0) -> float:
    """A0.3: the chance that one D6 test succeeds (natural 1 fails, natural 6 succeeds)."""
    return sum(1 for face in range(1, 7) if rolls.passes(face, modifier, target)) / 6


def face_needed(target: int, modifier: int = 0) -> int:
    """The lowest natural face that succeeds (2..6; 1 always fails, 6 always succeeds)."""
    for face in range(2, 7):
        if rolls.passes(face, modifier, target):
            return face
    return 6


@dataclass(frozen=True)
class Need:
    """One roll a step needs: what, target and summed modifier (as the engine will roll it),
    the skill that can re-roll it, and whether a Tackle player forbids the Dodge re-roll."""

    what: str
    target: int
    modifier: int
    square: tuple
    skill: str | None = None
    tackled: bool = False
    impossible: bool = False     # e.g. entering the ball's square unable to pick it up
    dice: int = 1                # 2: a 2D6 roll with no natural 1 or 6 (D5.2 Tentacles)

    @property
    def chance(self) -> float:
        if self.impossible:
            return 0.0
        if self.dice == 2:
            return learned.escape_chance(self.target, self.modifier)
        return d6_chance(self.target, self.modifier)

    @property
    def face(self) -> int:
        if self.dice == 2:
            return min(12, max(2, self.target - self.modifier))
        return face_needed(self.target, self.modifier)

    def label(self) -> str:
        """Short text: 'dodge 4+', 'GFI 2+'."""
        if self.impossible:
            return f"{self.what} impossible"
        return f"{self.what} {self.face}+"


@dataclass(frozen=True)
class Route:
    """A way for the acting player to reach a square by steps (and a leap, `leaps`): the
    squares in order (not his start), every roll on the way, the chance with no re-roll and
    with the re-rolls he has."""

    path: tuple
    needs: tuple
    chance: float
    chance_rr: float
    gfis: int
    leaps: frozenset = frozenset()     # the squares of `path` reached by a leap (A6.6)

    @property
    def square(self):
        return self.path[-1]


# -- one step ---------------------------------------------------------------------------------
def tackle_zone_map(state, side: int) -> dict:
    """Every square with opposing (to `side`) tackle zones on it and how many (A6.2: players
    with a tackle zone, A0.6, adjacent): `state.tackle_zones(sq, side)` for the whole pitch in
    one pass, for searches. Squares not in it have none."""
    out: dict = {}
    for q in state.players:
        if q.side != side and q.square is not None and q.has_tz:
            for sq in NEIGHBOURS[q.square]:
                out[sq] = out.get(sq, 0) + 1
    return out


def gfi_need(m, p, to) -> Need:
    """A6.5: the Go For It roll of a square of movement beyond MA."""
    return Need("GFI", moves.GFI_TARGET, moves.gfi_modifier(m, p), to, skill="Sure Feet")


def dodge_need(m, p, frm, to, *, break_tackle: bool | None = None, zones: int | None = None,
               tackled: bool | None = None, near=None) -> Need:
    """A6.4: the dodge from `frm` (in an opposing tackle zone, `moves.must_dodge`) to `to`;
    Break Tackle (A12) when still ready unless `break_tackle` says otherwise; D5.2 Two Heads
    +1, Prehensile Tail -1 each, and -2 when an opponent may Diving Tackle
    (`movement_skills.dodge_odds_term`). `zones` (the opposing tackle zones on `to`),
    `tackled` (`moves.dodge_tackled` on `frm`) and `near` (`movement_skills.near` on `frm`)
    may be given when the caller already has them."""
    s = m.state
    if break_tackle is None:
        break_tackle = moves.break_tackle_ready(s, p)
    if tackled is None:
        tackled = moves.dodge_tackled(s, p, frm)
    if near is None:
        near = learned.near(s, p, frm)
    mod = moves.dodge_modifier(m, p, to, zones=zones)
    if near:
        mod += learned.dodge_odds_term(near)
    return Need("dodge", moves.dodge_target(p, break_tackle), mod, to, skill="Dodge",
                tackled=tackled)


def tentacles_need(m, p, frm, to, near=None) -> Need | None:
    """D5.2 Tentacles: the escape roll (2D6 + his ST - the holder's ST, 6+) of a dodge or leap
    out of `frm`, or None when no Tentacles player holds `frm`."""
    if near is None:
        near = learned.near(m.state, p, frm)
    if not near:
        return None
    q = learned.tentacles_holder(m.state, p, frm)
    if q is None:
        return None
    return Need("Tentacles", learned.TENTACLES_ESCAPE,
                rolls.total(learned.tentacles_mods(p, q)), to, dice=2)


def leap_need(m, p, to) -> Need:
    """A6.6: the leap roll itself (no modifiers, Very Long Legs +1)."""
    return Need("leap", rolls.agility_target(p.ag), moves.leap_modifier(p), to)


def step_needs(m, p, frm, to, moves_used: int, *, break_tackle: bool | None = None) -> list[Need]:
    """The rolls of one voluntary step from `frm` to the adjacent empty square `to`, after
    `moves_used` squares of movement this action (A6.3: GFI, then dodge, then pick-up)."""
    out = []
    if moves_used >= p.ma:
        out.append(gfi_need(m, p, to))
    if moves.must_dodge(m.state, p, frm):
        near = learned.near(m.state, p, frm)
        if near:
            held = tentacles_need(m, p, frm, to, near)
            if held is not None:
                out.append(held)
        out.append(dodge_need(m, p, frm, to, break_tackle=break_tackle, near=near))
    out.extend(arrival_needs(m, p, to))
    return out


def arrival_needs(m, p, to) -> list[Need]:
    """A6.7 / A7.8: arriving in the ball's square means a pick-up (or a loose ball)."""
    ball = m.state.ball
    if ball.carrier is not None or ball.in_air or ball.square != to:
        return []
    return [pick_up_need(m, p, to)]


def pick_up_need(m, p, sq) -> Need:
    """A6.7: the pick-up in `sq` (+1, -1 per opposing tackle zone, rain, the variant
    modifier); impossible for a player who cannot pick up (A7.8.3)."""
    if not balls.can_pick_up(p):
        return Need("pick-up", 7, 0, sq, impossible=True)
    mod = sum(v for _, v in balls.pick_up_mods(m, p, sq))
    return Need("pick-up", rolls.agility_target(p.ag), mod, sq, skill="Sure Hands")


def leap_needs(m, p, to, moves_used: int, frm=None) -> list[Need]:
    """A6.6: a GFI for each of the 2 squares beyond MA, then (D5.2, leaving `frm` if given)
    the Tentacles escape, then the leap roll (no modifiers, Very Long Legs +1), then a pick-up
    if the ball is there."""
    out = [gfi_need(m, p, to) for k in range(2) if moves_used + k >= p.ma]
    if frm is not None and m.state.tackle_zones(frm, p.side, exclude=p.id):
        held = tentacles_need(m, p, frm, to)
        if held is not None:
            out.append(held)
    out.append(leap_need(m, p, to))
    out.extend(arrival_needs(m, p, to))
    return out


def path_needs(m, p, path, moves_used: int, leaps=frozenset()) -> list[Need]:
    """Every roll of a planned move along `path` (squares in order, not his start; those in
    `leaps` reached by a leap), after `moves_used` squares this action, on the board as it
    stands (the mover's own square excluded), Break Tackle spent on the first dodge."""
    out: list = []
    frm, used = p.square, moves_used
    bt = moves.break_tackle_ready(m.state, p)
    for sq in path:
        if sq in leaps:
            out.extend(leap_needs(m, p, sq, used, frm))
            used += 2
        else:
            nd = step_needs(m, p, frm, sq, used, break_tackle=bt)
            if bt and any(n.what == "dodge" for n in nd):
                bt = False
            out.extend(nd)
            used += 1
        frm = sq
    return out


def _break_tackle_ready(m, p) -> bool:
    return moves.break_tackle_ready(m.state, p)


# -- chances with re-rolls ----------------------------------------------------------------------
def rerolls_available(m, p) -> tuple[bool, frozenset]:
    """Whether a team re-roll could be used now (A10.2), and the player's skill re-rolls
    still usable this turn (Dodge, Sure Feet once per turn; Sure Hands always; D5.2 Pro once
    per team turn)."""
    team = m.state.teams[p.side]
    skills = set()
    for skill in ("Dodge", "Sure Feet", "Sure Hands", "Catch", "Pass"):
        if p.has(skill) and not (skill in _ONCE and (p.id, skill) in team.skill_used):
            skills.add(skill)
    if rolls.PRO in p.skills and rolls.pro_available(m, p):
        skills.add(rolls.PRO)
    return rolls.team_reroll_available(m, p.side), frozenset(skills)


def need_chance(need: Need, skills: frozenset = frozenset(), *, team: bool = False,
                loner: bool = False) -> float:
    """One roll's chance, re-rolled on a failure with its skill if in `skills`, else with the
    team re-roll if `team` (A10)."""
    return chance_with_rerolls((need,), team=team, skills=skills, loner=loner)


def armour_chance(av: int, modifier: int = 0) -> float:
    """A8.9: the chance that 2D6 + modifier beats AV (Mighty Blow left out)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + modifier > av) / 36


def chance_with_rerolls(needs, *, team: bool, skills: frozenset = frozenset(),
                        loner: bool = False) -> float:
    """The chance that every roll succeeds when a failure is re-rolled with the skill that
    names it if still available, else with D5.2 Pro if in `skills` (its D6 4+, that D6 itself
    re-rolled with the team re-roll if there is one, D5.3), else with the one team re-roll (a
    Loner's team re-roll works on 4+ only, A10.3). Never both on one roll, never twice
    (A10.1)."""
    # distribution over (team re-roll left, skills left) -> probability
    states = {(team, frozenset(skills)): 1.0}
    for need in needs:
        p = need.chance
        nxt: dict = {}
        for (t, sk), mass in states.items():
            ok = mass * p
            key = (t, sk)
            nxt[key] = nxt.get(key, 0.0) + ok
            fail = mass * (1 - p)
            if fail <= 0:
                continue
            if need.skill in sk and not (need.skill == "Dodge" and need.tackled):
                key = (t, sk - {need.skill} if need.skill in _ONCE else sk)
                nxt[key] = nxt.get(key, 0.0) + fail * p
            elif rolls.PRO in sk:
                rest = sk - {rolls.PRO}
                nxt[(t, rest)] = nxt.get((t, rest), 0.0) + fail * 0.5 * p
                if t:
                    again = fail * 0.5 * (0.5 if loner else 1.0) * 0.5 * p
                    nxt[(False, rest)] = nxt.get((False, rest), 0.0) + again
            elif t:
                key = (False, sk)
                nxt[key] = nxt.get(key, 0.0) + fail * p * (0.5 if loner else 1.0)
        states = nxt
    return sum(states.values())


def chance_plain(needs) -> float:
    out = 1.0
    for need in needs:
        out *= need.chance
    return out


# -- routes ---------------------------------------------------------------------------------------
def movement_left(m, p, act) -> int:
    """Squares of movement (MA + GFI) the acting player has left."""
    return p.ma + moves.max_gfi(p) - act.moves


def movement_routes(m, pid: int | None = None) -> dict:
    """For the acting player (or `pid` as if he were declaring a Move now, from 0 squares
    used), the best way to reach each empty square by steps and, for a player who may still
    leap this action (A6.6, B9.2), by a leap anywhere along the way, with its rolls and odds.

    Best means **safest, then shortest**: the highest chance that every roll on the way
    succeeds (no re-roll counted: dodges, Go For Its, the leap, a pick-up at the end), then
    the fewest squares of movement (a leap counts its 2, A6.6), then the fewest rolls, then
    the fewest diagonal steps. This is the one path the match screen previews and walks
    (`Route.leaps` says which squares a leap reaches). Routes never pass through the ball's
    square (entering it stops the route). Empty when the player cannot move."""
    s = m.state
    act = s.activation
    if pid is None:
        if act is None:
            return {}
        pid, used = act.pid, act.moves
        from squigbowl.rules.turn import ACTIONS
        if not ACTIONS[act.action].moves or act.done:
            return {}
    else:
        used = act.moves if act is not None and act.pid == pid else 0
    p = s.players[pid]
    if p.status != STANDING or p.square is None:
        return {}
    mine = act is not None and act.pid == pid
    if mine and act.stood_up and p.ma < 3:      # A5.4: no further movement this action
        return {}
    budget = p.ma + moves.max_gfi(p) - used
    if budget <= 0:
        return {}
    team_rr, skills = rerolls_available(m, p)
    loner = p.has("Loner")
    board = s.board
    ball = s.ball
    ball_sq = ball.square if ball.carrier is None and not ball.in_air else None
    start = p.square
    bt0 = _break_tackle_ready(m, p)
    lp0 = moves.can_leap(p) and not (mine and act.leaped)
    tz_squares = tackle_zone_map(s, p.side) if lp0 else {}
    ma = p.ma
    # Dijkstra on the key (risk, squares, rolls, diagonals), risk = -log(chance) counted in
    # billionths so that equal chances compare equal; node = (square, squares used, Break
    # Tackle left, leap left). A node is dominated by a settled one on the same square with
    # no more squares used and no less left to spend.
    settled: dict = {}
    links: dict = {}
    step_cache: dict = {}
    leap_cache: dict = {}
    leap_targets: dict = {}
    push, pop = heapq.heappush, heapq.heappop
    first = (start, 0, bt0, lp0)
    heap = [(0, 0, 0, 0, 0.0, first)]
    links[first] = ((0, 0, 0, 0), None, (), None)

    def dominated(sq, n, bt, lp) -> bool:
        for n2, bt2, lp2 in settled.get(sq, ()):
            if n2 <= n and (bt2 or not bt) and (lp2 or not lp):
                return True
        return False

    def offer(node, key, risk, prev, needs, how) -> None:
        old = links.get(node)
        if old is not None and old[0] <= key:
            return
        if dominated(node[0], node[1], node[2], node[3]):
            return
        links[node] = (key, prev, needs, how)
        push(heap, (*key, risk, node))

    while heap:
        q, n, nrolls, bends, risk, node = pop(heap)
        sq, _, bt, lp = node
        if links[node][0] != (q, n, nrolls, bends):
            continue                              # a better way to this node came later
        if dominated(sq, n, bt, lp):
            continue
        settled.setdefault(sq, []).append((n, bt, lp))
        left = budget - n
        if left <= 0 or (sq == ball_sq and sq != start):
            continue
        gfi = used + n >= ma
        for nsq in NEIGHBOURS[sq]:
            if nsq in board:
                continue
            ckey = (sq, nsq, gfi, bt)
            hit = step_cache.get(ckey)
            if hit is None:
                needs = tuple(step_needs(m, p, sq, nsq, used + n, break_tackle=bt))
                hit = step_cache[ckey] = (needs, _risk(needs),
                                          bt and not any(nd.what == "dodge" for nd in needs),
                                          0 if nsq[0] == sq[0] or nsq[1] == sq[1] else 1)
            needs, step_risk, bt_after, bend = hit
            r = risk + step_risk
            offer((nsq, n + 1, bt_after, lp), (round(r * 1e9), n + 1, nrolls + len(needs),
                                               bends + bend), r, node, needs, "step")
        if not lp or left < 2:
            continue
        targets = leap_targets.get(sq)
        if targets is None:
            targets = leap_targets[sq] = [t for t in squares_within(sq, 2) if t not in board]
        going = min(2, max(0, used + n + 2 - ma))      # the GFIs of the leap's 2 squares
        held = None                                     # D5.2 Tentacles on `sq`
        if sq in tz_squares:
            held = tentacles_need(m, p, sq, sq)
        for to in targets:
            ckey = (to, going)
            hit = leap_cache.get(ckey)
            if hit is None:
                needs = tuple(leap_needs(m, p, to, used + n))
                hit = leap_cache[ckey] = (needs, _risk(needs))
            needs, leap_risk = hit
            if held is not None:
                needs = needs[:going] + (replace(held, square=to),) + needs[going:]
                leap_risk += _risk((held,))
            r = risk + leap_risk
            offer((to, n + 2, bt, False), (round(r * 1e9), n + 2, nrolls + len(needs), bends),
                  r, node, needs, "leap")
    routes = {}
    for sq, marks in settled.items():
        if sq == start:
            continue
        n, bt, lp = marks[0]
        cur = (sq, n, bt, lp)
        path, needs, leaps = [], [], set()
        while cur != first:
            _, prev, nd, how = links[cur]
            path.append(cur[0])
            if how == "leap":
                leaps.add(cur[0])
            needs[:0] = nd
            cur = prev
        path.reverse()
        needs_t = tuple(needs)
        routes[sq] = Route(tuple(path), needs_t, chance_plain(needs_t),
                           chance_with_rerolls(needs_t, team=team_rr, skills=skills,
                                               loner=loner),
                           sum(1 for nd in needs_t if nd.what == "GFI"), frozenset(leaps))
    return routes


def _risk(needs) -> float:
    """-log of the chance that every one of `needs` succeeds (a large number for 0)."""
    c = chance_plain(needs)
    return -math.log(c) if c > 0 else 1e6


def leap_squares(m, p) -> list:
    """Squares a leap could reach from where he stands (for a preview layer)."""
    return [sq for sq in squares_within(p.square, 2) if sq not in m.state.board]


# -- other previews, delegated to the rule modules ------------------------------------------------
def block_preview(m, attacker_id: int, defender_id: int, *, multiple: bool = False) -> dict:
    """Dice, chooser, strengths, assists, knock-down chance and armour chance (Mighty Blow,
    D5.2 Claw) of a block (block.block_odds); `multiple`: one of D5.2 Multiple Block's two
    blocks (the defender's ST +2)."""
    from squigbowl.rules.block import block_odds
    s = m.state
    act = s.activation
    blitz = act is not None and act.action == "BLITZ"
    return block_odds(s, s.players[attacker_id], s.players[defender_id], blitz=blitz,
                      multiple=multiple)


def pass_preview(m, thrower_id: int, to) -> dict | None:
    """Range, target, modifier and chances of a pass (passing.pass_odds)."""
    from squigbowl.rules.passing import pass_odds
    return pass_odds(m, m.state.players[thrower_id], to)


def hail_mary_preview(m, thrower_id: int, to) -> dict | None:
    """D5.2 Hail Mary Pass at any square: the modifier, the fumble face, the chance it is
    not fumbled (hail_mary.hail_mary_odds)."""
    from squigbowl.rules.hail_mary import hail_mary_odds
    return hail_mary_odds(m, m.state.players[thrower_id], to)


def catch_preview(m, receiver_id: int, *, accurate: bool = True, aimed: bool = False) -> dict:
    """A6.8 / A7.3.2: what a catch by `receiver_id` needs where he stands (a hand-off or an
    accurate pass: +1; `aimed`, an accurate pass at his square: Diving Catch's +1 too, D5.2;
    Extra Arms +1): agility target, the modifiers as `ball.catch` sums them, the lowest
    natural face that succeeds, and the chance with and without his re-rolls."""
    s = m.state
    p = s.players[receiver_id]
    mods = balls.catch_mods(m, p, accurate, aimed=aimed)
    if balls.BALL_ROLL_MODS:
        mods = mods + balls.catch_extra_mods(m, p)
    need = Need("catch", rolls.agility_target(p.ag), rolls.total(mods), p.square, skill="Catch")
    team_rr, own = rerolls_available(m, p)
    return {"target": need.target, "modifier": need.modifier, "mods": mods,
            "needed": need.face, "chance": need.chance,
            "chance_rr": need_chance(need, own, team=team_rr, loner=p.has("Loner"))}


def foul_preview(m, fouler_id: int, victim_id: int) -> dict:
    """A9.1-A9.3: a foul's assists (ids), the armour modifier as `foul.foul` sums it (Dirty
    Player left out: chosen after the roll), the victim's AV, the chance the armour breaks,
    and the chance the referee spots it on the armour roll alone (any double; D5.2 Sneaky Git:
    a double that breaks the armour)."""
    from squigbowl.rules import foul as fouls
    s = m.state
    p, v = s.players[fouler_id], s.players[victim_id]
    off, deff = fouls.foul_assists(s, p, v)
    mods = fouls.foul_mods(m, p, v, off, deff)
    mod = rolls.total(mods)
    spotted = 6 / 36
    if p.has(fouls.SNEAKY_GIT):   # D5.2: only a double that breaks the armour
        spotted = sum(1 for a in range(1, 7) if a + a + mod > v.av) / 36
    return {"offensive_assists": [q.id for q in off], "defensive_assists": [q.id for q in deff],
            "mods": mods, "modifier": mod, "av": v.av,
            "p_armour_broken": armour_chance(v.av, mod), "p_spotted_on_armour": spotted}


def jump_up_preview(m, pid: int) -> dict | None:
    """D5.2 Jump Up: what a Block declared by this Prone player needs (an agility test with +2,
    re-rollable): target, modifier, the lowest natural face, the chance with and without a
    team re-roll; None unless he is Prone with Jump Up."""
    from squigbowl.rules.model import PRONE
    from squigbowl.rules.turn import JUMP_UP, JUMP_UP_BLOCK_MOD
    p = m.state.players[pid]
    if p.status != PRONE or JUMP_UP not in p.skills:
        return None
    need = Need("Jump Up", rolls.agility_target(p.ag), JUMP_UP_BLOCK_MOD[1], p.square)
    team_rr, _ = rerolls_available(m, p)
    return {"target": need.target, "modifier": need.modifier, "needed": need.face,
            "chance": need.chance,
            "chance_rr": need_chance(need, team=team_rr, loner=p.has("Loner"))}


# -- dice luck (the end of match screen) -----------------------------------------------------------
def dice_luck(state, events) -> list[dict]:
    """Per team, from the 'roll' events of a match: the one-die tests with a target (dodges,
    GFIs, pick-ups, catches, passes, recoveries...), how many succeeded and how many were
    expected from each roll's odds before it was rolled; `luck` is successes - expected
    (positive: luckier than average). Rolls made for no player of a team are left out."""
    out = [{"rolls": 0, "successes": 0, "expected": 0.0} for _ in (0, 1)]
    for e in events:
        if e.kind != "roll" or e.get("success") is None or e.get("target") is None:
            continue
        dice = e.get("dice") or []
        if len(dice) != 1:
            continue
        pid, side = e.get("player"), e.get("side")
        if pid is not None:
            try:
                side = state.players[pid].side
            except (IndexError, TypeError):
                continue
        if side not in (0, 1):
            continue
        row = out[side]
        row["rolls"] += 1
        row["successes"] += 1 if e.get("success") else 0
        row["expected"] += d6_chance(e.get("target"), e.get("modifier") or 0)
    for row in out:
        row["luck"] = row["successes"] - row["expected"]
    return out
