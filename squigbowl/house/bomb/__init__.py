"""Bombs and stink bombs (RULES.md B5, B6, C-B5/B6, DD-13, DD-50..DD-56).

The bomb is not the ball: it never touches `state.ball` and is never on the ground (B5.5). It
exists only while its procedure runs (a lit bomb is always in someone's hands or in the air, and
the match only stops for decisions in between), so it needs no quiet-point state; the events
tell the screen where it is.

*Throw Bomb* (action THROW_BOMB, no movement, no team limit, does not use the Pass action,
[DD-50]): a Standing Bombardier (a bomb) or Stink Bomb player (a stink bomb). He may hold the
ball (he keeps it). The 'action' decision offers ("light_fuse", None) or "end". Then:

1. Fuse (B5.2): D6, team re-roll allowed; 1 -> it goes off in his square (B5.8).
2. Target (fuse first, C63): a 'bomb_target' decision of the holder's coach, ("bomb_target",
   square) over the squares in passing range (A7.2.2-A7.2.3; Blizzard: Quick/Short).
3. Interception (B5.6): an 'intercept' decision for the other side (interception.py, what=the
   bomb's kind), the normal roll (Catch re-roll, no team re-roll); success -> step 6.
4. Throw (B5.3): the pass roll with all pass modifiers (not the squig's), Pass skill or team
   re-roll (only the moving team, for its own players, B5.6.3 / A10.2). Fumble -> B5.7: one
   square of scatter from his square, then it goes off there [DD-52]. Accurate -> comes down in
   the target square; inaccurate -> three scatters, leaving the pitch = harmless [DD-51].
5. Landing (B5.4): a Standing player who can catch there: a 'catch_bomb' decision for his coach
   (("catch_bomb", True/False), C68); a catch roll (+1 only for an accurate throw into the
   target square; Catch re-roll); caught -> step 6. Otherwise it bounces one square (D8) and
   goes off there, even in an occupied square; off the pitch -> harmless.
6. Re-throw (B5.6): the new holder must throw at once, out of sequence: D6 1-3 it goes off in
   his square, 4-6 back to step 2 from his square. No re-roll of this D6 (A10.5 lists only
   the fuse of B5.2).

Blast (B5.8) in square E: the player in E is knocked over; a D6 for each player adjacent, 4+
knocked over. Knocked over = Knocked Down (Standing -> Prone + armour), a Prone or Stunned player
gets an armour roll and stays down [DD-53]; no Mighty Blow, no SPP. Stink cloud (B6.2): every
Standing player in E and the 8 squares around is Placed Prone (no armour roll). Players are
resolved the moving team first, then the other [DD-01], each in the order E, then the squares
around E in `NEIGHBOURS` order. Turnover only if a player of the moving team holding the ball
is knocked over / falls in the cloud [DD-54, DD-56]. The squig is never affected [DD-25].

Events (all carry bomb='bomb' or 'stink'): 'bomb_lit' {player, square}, 'bomb_went_off_in_hand'
{player, square}, 'bomb_rethrow' {player, square}, 'bomb_thrown' {player, frm, target, range,
throw}, 'bomb_intercepted' {player, square, thrower}, 'bomb_result' {player, result},
'bomb_fumbled' {player, square}, 'bomb_scattered' {frm, to, d8}, 'bomb_landed' {square,
accurate}, 'bomb_catch_declined' {player, square}, 'bomb_caught' {player, square},
'bomb_dropped' {player, square}, 'bomb_bounced' {frm, to, d8}, 'bomb_in_crowd' {square},
'bomb_exploded' {square, in_square, adjacent_rolls [(pid, die, hit)], caught [pids]} (a stink
cloud: 'caught' are the Standing players who fall), 'bomb_over' {thrower}.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, SCATTER, on_pitch, step
from squigbowl.rules.injury import armour, fall_armour_mods, knock_down, place_prone
from squigbowl.rules.interception import choose_interceptor, interception_mods
from squigbowl.rules.model import DOWN, STANDING, register_skill
from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.hail_mary import HAIL_MARY, NOT_FUMBLED, hail_mary_outcome
from squigbowl.rules.passing import (ACCURATE, FUMBLE, INACCURATE, allowed_range, pass_mods,
                                     pass_outcome, pass_targets, roll_pass_die)
from squigbowl.rules.safe_throw import cancels_interception
from squigbowl.rules.turn import action, action_options, choice_handler

THROW_BOMB = "THROW_BOMB"
register_skill("Bombardier")  # B0.2
register_skill("Stink Bomb")
BOMB, STINK = "bomb", "stink"
#: D5.2 Hail Mary Pass with a bomb: ("bomb_hail_mary", square) beside ("bomb_target", square)
HAIL_MARY_CHOICE = "bomb_hail_mary"
#: B5.2 fuse: 2+ to light it; B5.6.1 re-throw: 4+ to throw it
FUSE_TARGET, RETHROW_TARGET = 2, 4
#: B5.8.2: adjacent players are knocked over on 4+
BLAST_TARGET = 4


def bomb_kind(p) -> str | None:
    """Which bomb a player throws: B5 Bombardier, B6 Stink Bomb, or None."""
    skills = p.skills
    if "Bombardier" in skills:
        return BOMB
    if "Stink Bomb" in skills:
        return STINK
    return None


# -- the action ----------------------------------------------------------------------------------
@action(THROW_BOMB, moves=False, skills={"Bombardier", "Stink Bomb"})
def _can_throw_bomb(m, p) -> bool:
    """B5.1: Standing when the action starts (no standing up); no team limit [DD-50]."""
    return bomb_kind(p) is not None and p.status == STANDING


@action_options(THROW_BOMB)
def _bomb_options(m, p, act) -> list:
    return [("light_fuse", None)]


@choice_handler("light_fuse")
def light_fuse(m, p, act, arg):
    """B5.1-B5.9: the whole life of the bomb; the action ends when it has gone off."""
    act.done = True
    yield from bomb_in_hand(m, p, bomb_kind(p))


# -- the bomb's life -------------------------------------------------------------------------------
def bomb_in_hand(m, holder, kind: str):
    """The lit bomb from the Bombardier's fuse roll to its blast (or the crowd)."""
    s = m.state
    bomber = holder
    throw = 1
    while True:
        sq = holder.square
        if throw == 1:
            ok = yield from rolls.test(m, holder, "bomb fuse", FUSE_TARGET)
        else:
            m.emit("bomb_rethrow", player=holder.id, square=sq, bomb=kind)
            # A10.5: only the fuse (B5.2) is on the re-rollable list, not this roll
            ok = yield from rolls.test(m, holder, "bomb re-throw", RETHROW_TARGET,
                                       rerollable=False)
        if not ok:
            m.emit("bomb_went_off_in_hand", player=holder.id, square=sq, bomb=kind)
            yield from explode(m, sq, kind, bomber)
            break
        if throw == 1:
            m.emit("bomb_lit", player=holder.id, square=sq, bomb=kind)
        # 2. target and range (C63: after the fuse)
        choice = yield Decision("bomb_target", holder.side,
                                [("bomb_target", t) for t in pass_targets(m, holder)]
                                + hail_mary_targets(m, holder, throw),
                                {"player": holder.id, "frm": sq, "kind": kind,
                                 "rethrow": throw > 1})
        target = choice[1]
        hail_mary = choice[0] == HAIL_MARY_CHOICE
        rng = HAIL_MARY if hail_mary else allowed_range(m, sq, target)
        m.emit("bomb_thrown", player=holder.id, frm=sq, target=target, range=rng, bomb=kind,
               throw=throw)
        throw += 1
        if hail_mary:
            # D5.2 [DD-109]: never intercepted; the D6 alone (no squig: a bomb is none)
            result = yield from bomb_hail_mary_roll(m, holder, target)
        else:
            # 3. interception (B5.6; no Pass Block against a bomb, B5.3)
            catcher = yield from bomb_interception(m, holder, target, kind)
            if catcher is not None:
                holder = catcher
                continue
            # 4. the throw
            result = yield from bomb_roll(m, holder, target, rng)
        m.emit("bomb_result", player=holder.id, result=result, bomb=kind)
        if result == FUMBLE:
            # B5.7 [DD-52]: he cannot get rid of it: one square of scatter, then it goes off
            m.emit("bomb_fumbled", player=holder.id, square=sq, bomb=kind)
            yield from bounce_and_explode(m, sq, kind, bomber)
            break
        accurate = result == ACCURATE
        if accurate:
            land = target
        else:
            land = bomb_scatter(m, target, kind)
            if land is None:
                break  # [DD-51]: gone off harmlessly in the crowd
        m.emit("bomb_landed", square=land, accurate=accurate, bomb=kind)
        # 5. a catch?
        catcher = yield from bomb_catch(m, s.at(land), accurate, kind)
        if catcher is not None:
            holder = catcher
            continue
        yield from bounce_and_explode(m, land, kind, bomber)
        break
    m.emit("bomb_over", thrower=bomber.id, bomb=kind)


def bomb_interception(m, holder, target, kind: str):
    """B5.6 / A7.2.4 step 3: one eligible opponent of the holder may try; the roll has the
    A6.8 interception modifiers (not the squig's, B1.8), Catch may re-roll it, a team re-roll
    may not (A10.5). Returns the interceptor who now holds the bomb, or None."""
    q = yield from choose_interceptor(m, holder, target, what=kind)
    if q is None:
        return None
    m.emit("interception_attempt", player=q.id, thrower=holder.id, square=q.square, bomb=kind)
    ok = yield from rolls.test(m, q, "interception", rolls.agility_target(q.ag),
                               mods=interception_mods(m, q, extra=False), skill="Catch",
                               team_ok=False)
    if not ok:
        m.emit("interception_failed", player=q.id, bomb=kind)
        return None
    if holder.has("Safe Throw") and (yield from cancels_interception(m, holder, q)):
        return None         # D5.2 Safe Throw: the throw goes on
    m.emit("bomb_intercepted", player=q.id, square=q.square, thrower=holder.id, bomb=kind)
    return q


def bomb_roll(m, p, target, rng: str):
    """B5.3: the pass roll with the pass modifiers (range, tackle zones, Very Sunny, Stunty,
    Disturbing Presence; not the squig's -1) read in the order of A7.2.4 step 4; the Pass skill
    (at once on a fumble, offered on an inaccurate throw) or a team re-roll."""
    agility = rolls.agility_target(p.ag)
    mods = pass_mods(m, p, rng, extra=False)
    mod = rolls.total(mods)
    more = {"mods": mods} if mods else {}
    natural = m.dice.d6("bomb throw")
    result = pass_outcome(natural, mod, agility)
    m.emit("roll", what="bomb throw", player=p.id, target=agility, modifier=mod, dice=[natural],
           success=result == ACCURATE, result=result, **more)
    if result == ACCURATE:
        return result
    source = yield from rolls.offer_reroll(m, p, "bomb throw", "Pass",
                                           auto_skill=result == FUMBLE,
                                           info={"result": result, "target": target})
    if source is None:
        return result
    natural = m.dice.d6("bomb throw (re-roll)")
    result = pass_outcome(natural, mod, agility)
    m.emit("roll", what="bomb throw", player=p.id, target=agility, modifier=mod, dice=[natural],
           success=result == ACCURATE, result=result, reroll=source, **more)
    return result


def hail_mary_targets(m, p, throw: int) -> list:
    """D5.2 Hail Mary Pass [DD-109]: in his Throw Bomb action (the first throw, not a
    re-throw) a thrower with the skill may aim at any square but his own; not in a Blizzard."""
    if throw != 1 or not p.has("Hail Mary Pass") or m.state.weather == "blizzard":
        return []
    return [(HAIL_MARY_CHOICE, sq) for sq in ALL_SQUARES if sq != p.square]


def bomb_hail_mary_roll(m, p, target):
    """D5.2: a D6 with no modifier (the squig's -1 is for the squig): a natural 1 fumbles
    (B5.7), anything else scatters three times; re-rollable (D5.3: Pass, a team re-roll)."""
    result = yield from roll_pass_die(m, p, target, lambda n: hail_mary_outcome(n, 0),
                                      what="bomb Hail Mary", agility=NOT_FUMBLED, mods=[],
                                      success_on=(INACCURATE,), ball=False)
    return result


def bomb_scatter(m, start, kind: str):
    """B5.3: three one-square scatters (A7.6). Returns the square, or None when the bomb left
    the pitch (it goes off harmlessly in the crowd at once, [DD-51])."""
    sq = start
    for _ in range(3):
        d8 = m.dice.d8("bomb scatter")
        nxt = step(sq, SCATTER[d8])
        m.emit("bomb_scattered", frm=sq, to=nxt, d8=d8, bomb=kind)
        if not on_pitch(nxt):
            m.emit("bomb_in_crowd", square=nxt, bomb=kind)
            return None
        sq = nxt
    return sq


def bomb_catch(m, p, accurate: bool, kind: str):
    """B5.4: a Standing player who can catch may try (his coach decides, C68): catch roll with
    the A6.8 modifiers, +1 only for an accurate throw, no squig penalty; Catch re-roll, a team
    re-roll only for the moving team. Returns the catcher, or None."""
    if p is None or not balls.can_catch(p):
        return None
    choice = yield Decision("catch_bomb", p.side, [("catch_bomb", True), ("catch_bomb", False)],
                            {"player": p.id, "square": p.square, "kind": kind,
                             "accurate": accurate})
    if not choice[1]:
        m.emit("bomb_catch_declined", player=p.id, square=p.square, bomb=kind)
        return None
    ok = yield from rolls.test(m, p, "bomb catch", rolls.agility_target(p.ag),
                               mods=balls.catch_mods(m, p, accurate), skill="Catch")
    if not ok:
        m.emit("bomb_dropped", player=p.id, square=p.square, bomb=kind)
        return None
    m.emit("bomb_caught", player=p.id, square=p.square, bomb=kind)
    return p


def bounce_and_explode(m, start, kind: str, bomber):
    """B5.4 / B5.7: one square in a D8 direction, then it goes off there, even in an occupied
    square; off the pitch it goes off harmlessly in the crowd [DD-51]."""
    d8 = m.dice.d8("bomb bounce")
    nxt = step(start, SCATTER[d8])
    m.emit("bomb_bounced", frm=start, to=nxt, d8=d8, bomb=kind)
    if not on_pitch(nxt):
        m.emit("bomb_in_crowd", square=nxt, bomb=kind)
        return
    yield from explode(m, nxt, kind, bomber)


# -- the blast ----------------------------------------------------------------------------------
def _moving_first(m, pids: list) -> list:
    """[DD-01]: the moving team's players first, each team in the order given."""
    s = m.state
    return ([pid for pid in pids if s.players[pid].side == s.active]
            + [pid for pid in pids if s.players[pid].side != s.active])


def explode(m, sq, kind: str, bomber):
    """B5.8 (a bomb) or B6.2 (a stink bomb) in square `sq`; then B5.9 / B6.3 turnovers."""
    s = m.state
    board = s.board
    centre = board.get(sq)
    around = [board[n] for n in NEIGHBOURS[sq] if n in board]
    caught = []
    adjacent_rolls = []
    if kind == BOMB:
        if centre is not None:
            caught.append(centre)
        for pid in around:
            die = m.dice.d6("bomb blast")
            hit = die >= BLAST_TARGET
            adjacent_rolls.append((pid, die, hit))
            if hit:
                caught.append(pid)
    else:
        caught = [pid for pid in ([centre] if centre is not None else []) + around
                  if s.players[pid].status == STANDING]
    caught = _moving_first(m, caught)
    m.emit("bomb_exploded", square=sq, bomb=kind, thrower=bomber.id, in_square=centre,
           adjacent_rolls=adjacent_rolls, caught=caught)
    lost_ball = False
    for pid in caught:
        p = s.players[pid]
        if p.square is None:
            continue  # already gone (cannot happen today; kept safe for hooks)
        held = s.ball.carrier == pid
        if kind == STINK:
            if p.status == STANDING:
                yield from place_prone(m, p, cause="stink bomb")
        elif p.status == STANDING:
            yield from knock_down(m, p, by=bomber, cause="bomb", turnover=False)
        elif p.status in DOWN:
            # [DD-53]: armour roll, he stays down (B7.7: +3 with a running chainsaw)
            m.emit("knocked_down", player=pid, square=p.square, cause="bomb", already_down=True)
            yield from armour(m, p, mods=fall_armour_mods(p), by=bomber, cause="bomb")
        if held and p.side == s.active:
            lost_ball = True
    # B5.9 [DD-54] / B6.3 [DD-56]
    if lost_ball and s.phase in ("turn", "kickoff_blitz"):
        balls.turnover(m, "ball carrier caught in a " + ("stink cloud" if kind == STINK
                                                        else "bomb blast"))


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events, describe_fields  # noqa: E402

_BOMB = {"bomb": "\"bomb\", or \"stink\" for a stink bomb (B6)"}
EVENTS = describe_events(__name__, "Bombs and stink bombs", {
    "bomb_lit": ("B5.2", "The fuse is lit", {"player": "", "square": "", "bomb": ""}),
    "bomb_went_off_in_hand": ("B5.6", "The re-throw failed: it goes off in his hands", {
        "player": "", "square": "", "bomb": ""}),
    "bomb_rethrow": ("B5.6", "A player who caught the bomb must throw it again", {
        "player": "", "square": "", "bomb": ""}),
    "bomb_thrown": ("B5.3", "The bomb is thrown at a square", {
        "player": "the thrower's id", "frm": "", "target": "", "range": "", "bomb": "",
        "throw": "1 for the first throw, 2 and more for re-throws"}),
    "bomb_result": ("B5.3", "How the throw went", {
        "player": "the thrower's id", "result": "\"accurate\", \"inaccurate\" or \"fumble\"",
        "bomb": ""}),
    "bomb_fumbled": ("B5.7", "The throw was fumbled: one square of scatter, then it goes off", {
        "player": "", "square": "", "bomb": ""}),
    "bomb_intercepted": ("B5.6", "An opponent intercepted the bomb (he must re-throw it)", {
        "player": "", "square": "", "thrower": "", "bomb": ""}),
    "bomb_scattered": ("B5.4", "The bomb scattered one square", {
        "frm": "", "to": "", "d8": "", "bomb": ""}),
    "bomb_in_crowd": ("B5.4", "The bomb left the pitch: harmless", {"square": "", "bomb": ""}),
    "bomb_landed": ("B5.4", "The bomb comes down in a square", {
        "square": "", "accurate": "whether the throw was accurate", "bomb": ""}),
    "bomb_catch_declined": ("B5.4", "The player under the bomb chose not to catch it", {
        "player": "", "square": "", "bomb": ""}),
    "bomb_caught": ("B5.6", "A player caught the bomb", {"player": "", "square": "", "bomb": ""}),
    "bomb_dropped": ("B5.4", "The catch failed: it bounces, then goes off", {
        "player": "", "square": "", "bomb": ""}),
    "bomb_bounced": ("B5.4", "The bomb bounced one square before going off", {
        "frm": "", "to": "", "d8": "", "bomb": ""}),
    "bomb_exploded": ("B5.8", "The bomb (or stink bomb, B6.2) goes off in a square", {
        "square": "", "bomb": "", "thrower": "the bomber's id",
        "in_square": "the id of the player in the square, or None",
        "adjacent_rolls": "a bomb's D6 for each adjacent player: (id, die, hit) triples",
        "caught": "ids of the players knocked over (a stink cloud: the Standing players who "
                  "fall), the moving team first"}),
    "bomb_over": ("B5.1", "The Throw Bomb action's bomb is done with", {
        "thrower": "the bomber's id", "bomb": ""}),
}, glossary=_BOMB)
describe_fields(__name__, "knocked_down", "B5.8", {
    "already_down": "True when a blast hits a player already Prone or Stunned (armour only)"})
describe_fields(__name__, "interception_attempt", "B5.6", {"bomb": ""}, glossary=_BOMB)
describe_fields(__name__, "interception_failed", "B5.6", {"bomb": ""}, glossary=_BOMB)
