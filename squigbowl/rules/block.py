"""Blocks and Blitzes (RULES.md A8.1-A8.7, A5.3 Blitz, A12 block skills).

The acting player's 'action' decision offers ("block", defender id) in a Block action (then the
action is over) and once in a Blitz (it costs a square of movement, a GFI when his MA is used
up; afterwards he may go on moving). A block runs:

1. Foul Appearance on the defender (A8.1, A12): 2+ or the block is wasted (action ends).
2. Assists (A8.3, Guard), Horns, Dauntless (A8.2, A12) -> strengths -> 1/2/3 dice, chooser.
3. The dice; a 'reroll' decision for the attacker if his team re-roll is available (A8.4.2:
   all dice together), then a 'block_die' decision for the choosing side (skipped when only
   one kind of face shows).
4. The face (A8.4.1): Juggernaut (Both Down as Pushed), Block on Both Down, Dodge/Tackle on
   Defender Stumbles; pushes (push.py) with the follow-up decided before knock-downs (A8.7),
   Frenzy's forced follow-up and second block.

5. The D5.2 block skills: Fend (no follow-up), Strip Ball (a pushed carrier drops the ball),
   Wrestle (Both Down: both Placed Prone), Grab (push.py), Multiple Block (two blocks, ST +2),
   Piling On and Claw (injury.py), Pro (a re-roll source, rolls.py).

Decisions asked here: 'reroll' (("reroll", "team") / ("reroll", "Pro") / ("reroll", None)),
'block_die' (("block_die", index)), 'follow_up' (("follow_up", True/False)), 'skill'
(("use", True/False) for Block, Juggernaut and Wrestle; info names the skill and the player),
'multiple_block' (("multiple_block", id): Multiple Block's second opponent). Push decisions:
push.py.

`block_odds(state, attacker, defender, blitz)` is the pure preview the UI shows.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.events import Decision
from squigbowl.rules.rolls import ask_skill
from squigbowl.rules.geometry import NEIGHBOURS, distance
from squigbowl.rules.injury import knock_down, place_prone
from squigbowl.rules.model import NOT_BLOCKABLE, STANDING, WITH_TRAIT
from squigbowl.rules.push import push, settle_ball
from squigbowl.rules.turn import BLITZ, BLOCK, action_options, choice_handler

ATTACKER_DOWN, BOTH_DOWN, PUSHED = "attacker_down", "both_down", "pushed"
DEFENDER_STUMBLES, DEFENDER_DOWN = "defender_stumbles", "defender_down"
#: A8.4.1 block die faces by D6
FACES = {1: ATTACKER_DOWN, 2: BOTH_DOWN, 3: PUSHED, 4: PUSHED, 5: DEFENDER_STUMBLES,
         6: DEFENDER_DOWN}

_UNBLOCKABLE = WITH_TRAIT[NOT_BLOCKABLE]


# -- who may be blocked ---------------------------------------------------------------------------
def can_be_blocked(attacker, q) -> bool:
    """A8.1: a Standing opponent, never one whose skill says NOT_BLOCKABLE (B3.2 [DD-38])."""
    return q.side != attacker.side and q.status == STANDING and _UNBLOCKABLE.isdisjoint(q.skills)


def block_targets(state, attacker) -> list:
    """Adjacent opponents `attacker` may block (A8.1: he must be Standing with a tackle zone)."""
    if attacker.status != STANDING or not attacker.has_tz:
        return []
    out = []
    board, players, side = state.board, state.players, attacker.side
    for sq in NEIGHBOURS[attacker.square]:
        pid = board.get(sq)
        if pid is not None:
            q = players[pid]  # can_be_blocked, inline
            if q.side != side and q.status == STANDING and _UNBLOCKABLE.isdisjoint(q.skills):
                out.append(q)
    return out


def movement_left(p, act) -> int:
    """Squares of movement (MA + Go For It) an activation has left (A6.5)."""
    return p.ma + _max_gfi(p) - act.moves


def _max_gfi(p) -> int:
    """move.max_gfi, imported on first use (move.py imports turn.py, as this module does)."""
    global _max_gfi
    from squigbowl.rules.move import max_gfi
    _max_gfi = max_gfi
    return max_gfi(p)


#: attacks that replace a block (chainsaw B7.6, poisoned dagger B10.2): fn(m, p, targets) ->
#: extra choices for the Block / Blitz 'action' decision, given the opponents he may block
BLOCK_ALTERNATIVES: list = []


def _with_alternatives(m, p, targets) -> list:
    choices = [("block", q.id) for q in targets]
    if targets:
        for alt in BLOCK_ALTERNATIVES:
            choices.extend(alt(m, p, targets))
    return choices


@action_options(BLOCK)
def _block_options(m, p, act) -> list:
    if act.blocked:
        return []
    targets = block_targets(m.state, p)
    choices = _with_alternatives(m, p, targets)
    if len(targets) >= 2 and p.has("Multiple Block"):  # D5.2: name the first of two
        choices += [("multiple_block", q.id) for q in targets]
    return choices


@action_options(BLITZ)
def _blitz_options(m, p, act) -> list:
    """A5.3: one block during the move; it costs a square, so some movement must be left."""
    if act.blocked or movement_left(p, act) < 1:
        return []
    return _with_alternatives(m, p, block_targets(m.state, p))


@choice_handler("block")
def block_choice(m, p, act, target):
    """The 'block' choice of a Block or Blitz action."""
    s = m.state
    defender = s.players[target]
    blitz = act.action == BLITZ
    act.blocked = True
    if blitz and not (yield from pay_block_square(m, p, act)):
        return
    yield from block(m, p, defender, blitz=blitz, act=act)
    if not blitz:
        act.done = True


@choice_handler("multiple_block")
def multiple_block_choice(m, p, act, first):
    """D5.2 Multiple Block [DD-112]: in a Block action, the first of two adjacent Standing
    opponents was named; a 'multiple_block' decision names the second (choices
    ("multiple_block", id)). Each block in turn, each defender's ST +2, no follow-up; the
    second only if he still stands and the first caused no turnover."""
    s = m.state
    act.blocked = True
    others = [q for q in block_targets(s, p) if q.id != first]
    choice = yield Decision("multiple_block", p.side,
                            [("multiple_block", q.id) for q in others],
                            {"player": p.id, "first": first})
    second = s.players[choice[1]]
    m.emit("skill_used", player=p.id, skill="Multiple Block")
    done = yield from block(m, p, s.players[first], act=act, multiple=True)
    if (done is not None and p.status == STANDING and not s.turnover and s.touchdown is None
            and not act.done and second.status == STANDING and second.square is not None
            and distance(p.square, second.square) == 1):
        yield from block(m, p, second, act=act, multiple=True)
    act.done = True


#: D5.2 Multiple Block: each defender's ST bonus for both blocks
MULTIPLE_BLOCK_ST = 2

def pay_block_square(m, p, act):
    """A5.3 / A6.5: a block in a Blitz costs one square of movement, a GFI beyond MA; a failed
    GFI makes him fall over in his own square (turnover). Returns whether he may block."""
    from squigbowl.rules.move import gfi
    going = act.moves >= p.ma
    act.moves += 1
    if going:
        act.gfis += 1
        if not (yield from gfi(m, p)):
            yield from knock_down(m, p, falls=True, cause="fall")
            balls.turnover(m, "player fell over")
            return False
    return True


# -- strength, assists, dice (pure) ----------------------------------------------------------------
def assists(state, attacker, defender, *, guard: bool = True,
            attacker_square=None) -> tuple[list, list]:
    """A8.3: offensive assists (attacker's team-mates adjacent to the defender, Standing with a
    tackle zone, in no opposing tackle zone but the defender's) and defensive assists (the
    mirror image). Guard ignores the tackle-zone condition (`guard=False` for fouls, A9.1).
    `attacker_square`: as if the attacker stood on that (empty) square, for a Blitz plan."""
    att_sq = attacker.square if attacker_square is None else attacker_square
    off, deff = [], []
    for sq in NEIGHBOURS[defender.square]:
        q = state.at(sq)
        if (q is not None and q.side == attacker.side and q.id != attacker.id and q.has_tz
                and ((guard and q.has("Guard"))
                     or state.tackle_zones(sq, q.side, exclude=defender.id) == 0)):
            off.append(q)
    for sq in NEIGHBOURS[att_sq]:
        q = state.at(sq)
        if (q is not None and q.side == defender.side and q.id != defender.id and q.has_tz
                and ((guard and q.has("Guard"))
                     or state.tackle_zones(sq, q.side, exclude=attacker.id) == 0)):
            deff.append(q)
    return off, deff


def attacker_base_st(attacker, blitz: bool) -> int:
    """A8.2.1 / A12 Horns: ST, +1 in a Blitz with Horns."""
    return attacker.st + (1 if blitz and attacker.has("Horns") else 0)


def dice_for(att: int, dfn: int) -> tuple[int, str | None]:
    """A8.2.3: (number of dice, 'attacker' / 'defender' / None for who chooses)."""
    if att == dfn:
        return 1, None
    if att > 2 * dfn:
        return 3, "attacker"
    if dfn > 2 * att:
        return 3, "defender"
    return 2, "attacker" if att > dfn else "defender"


def dauntless_chance(base: int, defender_st: int) -> float:
    """A12 Dauntless: P(D6 + ST > defender's ST), natural 1 fails / 6 succeeds (A0.3)."""
    return sum(rolls.passes(n, base, defender_st + 1) for n in range(1, 7)) / 6


def knocks_defender_down(face: str, attacker, defender) -> bool:
    """Whether a face, applied in the defender's disfavour, puts him down (A8.4.1)."""
    if face == DEFENDER_DOWN:
        return True
    if face == DEFENDER_STUMBLES:
        return not stumble_is_push(attacker, defender)
    if face == BOTH_DOWN:
        return not defender.has("Block")
    return False


def knocks_attacker_down(face: str, attacker, defender) -> bool:
    """Whether a face puts the attacker down (A8.4.1: Attacker Down; Both Down unless he has
    Block)."""
    return face == ATTACKER_DOWN or (face == BOTH_DOWN and not attacker.has("Block"))


def block_dice(state, attacker, defender, *, blitz: bool = False,
               attacker_square=None, multiple: bool = False) -> tuple[int, str | None]:
    """A8.2-A8.3 (pure): (number of dice, 'attacker' / 'defender' / None) of a block, with the
    attacker on `attacker_square` if given (Dauntless not rolled); `multiple`: a D5.2 Multiple
    Block block (the defender's ST +2)."""
    off, deff = assists(state, attacker, defender, attacker_square=attacker_square)
    def_st = defender.st + (MULTIPLE_BLOCK_ST if multiple else 0)
    return dice_for(attacker_base_st(attacker, blitz) + len(off), def_st + len(deff))


def stumble_is_push(attacker, defender) -> bool:
    """A8.4.1 / A12 Dodge and Tackle."""
    return defender.has("Dodge") and not attacker.has("Tackle")


def block_odds(state, attacker, defender, blitz: bool = False, *,
               attacker_square=None, multiple: bool = False) -> dict:
    """The block preview for the UI (no side effects): dice, who chooses (a side, or None),
    strengths and assists (player ids) of each side, and the chance that the defender ends
    Knocked Down, assuming the choosing coach picks in his own favour and no re-roll is used.
    Dauntless and Foul Appearance are folded into the chance; with Dauntless `dice` and
    `chooser` are the values if the Dauntless roll fails, `dauntless` its chance to succeed.
    `attacker_square`: as if the attacker stood there (a Blitz plan). `multiple`: a D5.2
    Multiple Block block (defender's ST +2). `p_armour_broken`: the chance his armour breaks
    once he is down, with the attacker's Mighty Blow and D5.2 Claw (`claw`)."""
    from squigbowl.rules.injury import armour_break_chance
    off, deff = assists(state, attacker, defender, attacker_square=attacker_square)
    base = attacker_base_st(attacker, blitz)
    def_st = defender.st + (MULTIPLE_BLOCK_ST if multiple else 0)
    down = sum(knocks_defender_down(FACES[n], attacker, defender) for n in range(1, 7)) / 6

    def chance(att_st: int) -> tuple[float, int, str | None]:
        n, chooser = dice_for(att_st + len(off), def_st + len(deff))
        if chooser == "defender":
            return down ** n, n, chooser
        return 1 - (1 - down) ** n, n, chooser

    p_down, n, chooser = chance(base)
    daunt = None
    if attacker.has("Dauntless") and def_st > base:
        daunt = dauntless_chance(base, def_st)
        p_down = (1 - daunt) * p_down + daunt * chance(def_st)[0]
    if defender.has("Foul Appearance"):
        p_down *= 5 / 6
    side = {"attacker": attacker.side, "defender": defender.side, None: None}[chooser]
    claw = attacker.has("Claw") and attacker.side != defender.side
    return {"dice": n, "chooser": side,
            "attacker_strength": base + len(off), "defender_strength": def_st + len(deff),
            "attacker_assists": [q.id for q in off], "defender_assists": [q.id for q in deff],
            "dauntless": daunt, "p_defender_down": p_down, "claw": claw,
            "p_armour_broken": armour_break_chance(
                defender.av, mighty_blow=attacker.has("Mighty Blow"), claw=claw)}


# -- the block -------------------------------------------------------------------------------------
def block(m, attacker, defender, *, blitz: bool = False, act=None, second: bool = False,
          multiple: bool = False):
    """One block (A8), with Frenzy's second block (A12). Returns the face applied, or None
    when the block did not happen (Foul Appearance). `multiple`: one of the two blocks of
    D5.2 Multiple Block (the defender's ST +2, no follow-up, no Frenzy)."""
    s = m.state
    m.emit("block_declared", attacker=attacker.id, defender=defender.id, blitz=blitz,
           frenzy=second, **({"multiple": True} if multiple else {}))
    if not second and defender.has("Dump-Off") and not (yield from dump_off(m, attacker,
                                                                           defender)):
        return None
    # A8.1 / A12 Foul Appearance, checked first
    if defender.has("Foul Appearance"):
        ok = yield from rolls.test(m, attacker, "Foul Appearance", 2)
        if not ok:
            m.emit("revolted", player=attacker.id, defender=defender.id)
            if act is not None:
                act.done = True
            return None
    # A8.3.4 assists when declared, then A8.2 strength (Horns, Dauntless)
    off, deff = assists(s, attacker, defender)
    att_st = attacker_base_st(attacker, blitz)
    def_st = defender.st + (MULTIPLE_BLOCK_ST if multiple else 0)
    if attacker.has("Dauntless") and def_st > att_st:
        ok = yield from rolls.test(m, attacker, "Dauntless", def_st + 1,
                                   mods=[("ST", att_st)])
        if ok:
            att_st = def_st
    a_total, d_total = att_st + len(off), def_st + len(deff)
    n, chooser = dice_for(a_total, d_total)
    chooser_side = {"attacker": attacker.side, "defender": defender.side,
                    None: attacker.side}[chooser]
    info = {"attacker": attacker.id, "defender": defender.id, "blitz": blitz,
            "attacker_strength": a_total, "defender_strength": d_total,
            "attacker_assists": [q.id for q in off], "defender_assists": [q.id for q in deff],
            "chooser": chooser_side}
    dice, index = yield from roll_block_dice(m, attacker, n, chooser_side, info)
    face = FACES[dice[index]]
    m.emit("block_result", attacker=attacker.id, defender=defender.id, face=face,
           die=dice[index], index=index)
    applied = yield from apply_face(m, attacker, defender, face, blitz=blitz,
                                    multiple=multiple)
    if act is not None and attacker.status != STANDING and not s.turnover:
        act.done = True  # D5.2 Wrestle / Piling On: down with no turnover, the action ends
    # A12 Frenzy: a second block after a push when both still stand adjacent
    if (not second and not multiple and applied == PUSHED and attacker.has("Frenzy")
            and s.touchdown is None and not s.turnover
            and attacker.status == STANDING and defender.status == STANDING
            and attacker.square is not None and defender.square is not None
            and distance(attacker.square, defender.square) == 1):
        if blitz:
            if act is None or movement_left(attacker, act) < 1:
                return applied
            if not (yield from pay_block_square(m, attacker, act)):
                return applied
        m.emit("skill_used", player=attacker.id, skill="Frenzy")
        yield from block(m, attacker, defender, blitz=blitz, act=act, second=True)
    return applied


def dump_off(m, attacker, defender):
    """D5.2 Dump-Off before the block (dump_off.before_block). Returns whether it goes on."""
    from squigbowl.rules.dump_off import before_block
    return (yield from before_block(m, attacker, defender))


def roll_block_dice(m, attacker, n: int, chooser_side: int, info: dict, *,
                    rerollable: bool = True, event: str = "block_roll",
                    purpose: str = "block die", ask_info: dict | None = None):
    """A8.4: roll `n` block dice; A8.4.2 only the attacking coach may re-roll them, with a team
    re-roll, all together; then the chooser picks one (no question when all faces agree).
    `attacker` is the player whose team re-roll it would be (None: nobody may re-roll);
    `ask_info` is added to the questions' info only. Returns (dice, index of the chosen die)."""
    dice = [m.dice.d6(purpose) for _ in range(n)]
    m.emit(event, dice=dice, faces=[FACES[d] for d in dice], **info)
    # D5.2 Pro: the attacker's block dice only
    pro = rerollable and attacker is not None and rolls.pro_available(m, attacker)
    team = rerollable and attacker is not None and rolls.team_reroll_available(m, attacker.side)
    if team or pro:
        sources = (["team"] if team else []) + (["Pro"] if pro else [])
        choice = yield Decision("reroll", attacker.side,
                                [("reroll", src) for src in sources] + [("reroll", None)],
                                {"player": attacker.id, "what": "block dice", "dice": dice,
                                 "faces": [FACES[d] for d in dice], **info})
        if choice[1] == "team":
            again = rolls.use_team_reroll(m, attacker, "block dice")
        elif choice[1] == "Pro":
            again = yield from rolls.use_pro(m, attacker, "block dice")
        else:
            again = False
        if again:
            dice = [m.dice.d6(f"{purpose} (re-roll)") for _ in range(n)]
            m.emit(event, dice=dice, faces=[FACES[d] for d in dice], reroll=choice[1], **info)
    faces = [FACES[d] for d in dice]
    index = 0
    if len(set(faces)) > 1:
        choice = yield Decision("block_die", chooser_side,
                                [("block_die", i) for i in range(n)],
                                {"dice": dice, "faces": faces, **info, **(ask_info or {})})
        index = choice[1]
    return dice, index


def apply_face(m, attacker, defender, face: str, *, blitz: bool = False, cause: str = "block",
               forced_follow: str | None = None, multiple: bool = False,
               seen: dict | None = None):
    """A8.4.1: resolve the chosen face. Returns what was applied: ATTACKER_DOWN, BOTH_DOWN
    (also D5.2 Wrestle), PUSHED (also Defender Stumbles turned into a push, Juggernaut's Both
    Down), DEFENDER_DOWN (also Defender Stumbles without Dodge). A house rule's block (B3.6 the
    Fanatic's) gives the `cause` of the defender's knock-down and `forced_follow`
    (`push_and_follow`). `multiple`: a D5.2 Multiple Block block (no follow-up). `seen`, if
    given, gets "fended": True when D5.2 Fend stopped the follow-up."""
    juggernaut = blitz and attacker.has("Juggernaut")
    if face == BOTH_DOWN and juggernaut:
        if (yield from ask_skill(m, attacker, "Juggernaut", face=face)):
            face = PUSHED
    if face == ATTACKER_DOWN:
        yield from knock_down(m, attacker, by=defender, cause="block")
        return ATTACKER_DOWN
    hits = _hits(attacker, defender, cause)
    if face == BOTH_DOWN:
        if (yield from wrestles(m, attacker, defender, juggernaut)):
            yield from wrestle(m, attacker, defender)
            return BOTH_DOWN
        # [DD-10]: the defender first, then the attacker; Block lets either stay up
        def_stays = defender.has("Block") and (yield from ask_skill(m, defender, "Block",
                                                                    face=face))
        att_stays = attacker.has("Block") and (yield from ask_skill(m, attacker, "Block",
                                                                    face=face))
        if not def_stays:
            if not att_stays:  # D5.2 Piling On: only for a blocker who stays up
                hits.pop("piler", None)
            yield from knock_down(m, defender, by=attacker, cause=cause, **hits)
        if not att_stays:
            yield from knock_down(m, attacker, by=defender, cause="block")
        return BOTH_DOWN
    down = face == DEFENDER_DOWN
    if face == DEFENDER_STUMBLES:
        if stumble_is_push(attacker, defender):
            m.emit("skill_used", player=defender.id, skill="Dodge")
        else:
            down = True
    # D5.2 Grab: in a Block action (not a Blitz), never with Frenzy
    grab = not blitz and attacker.has("Grab") and not attacker.has("Frenzy")
    yield from push_and_follow(m, attacker, defender, down=down, juggernaut=juggernaut,
                               cause=cause, forced_follow=forced_follow, grab=grab,
                               follow=not multiple, hits=hits, seen=seen)
    return DEFENDER_DOWN if down else PUSHED


def _hits(attacker, defender, cause: str) -> dict:
    """The block skills of the attacker on the defender's knock-down: Mighty Blow (A12, D5.3),
    Claw (D5.2: an opponent's armour), Piling On (D5.2: block dice of a Block or Blitz action,
    so not a house rule's block)."""
    hits = {"mighty_blow": attacker.has("Mighty Blow")}
    if attacker.has("Claw") and attacker.side != defender.side:
        hits["claw"] = True
    if cause == "block" and attacker.has("Piling On"):
        hits["piler"] = attacker
    return hits


# -- D5.2 Wrestle, Fend, Strip Ball ------------------------------------------------------------
def wrestles(m, attacker, defender, juggernaut: bool):
    """D5.2 Wrestle [DD-104] on Both Down: the attacker's coach is asked first, then the
    defender's (who may not against a Juggernaut in a Blitz). Returns whether one wrestles."""
    if attacker.has("Wrestle") and (yield from ask_skill(m, attacker, "Wrestle",
                                                         face=BOTH_DOWN, defender=defender.id,
                                                         attacker=attacker.id)):
        return True
    return (defender.has("Wrestle") and defender.has_tz and not juggernaut
            and (yield from ask_skill(m, defender, "Wrestle", face=BOTH_DOWN,
                                      defender=defender.id, attacker=attacker.id)))


def wrestle(m, attacker, defender):
    """D5.2 Wrestle: both Placed Prone in their own squares (the defender first, [DD-10]), no
    armour rolls; a ball carrier drops the ball; a turnover only if the attacker held it."""
    s = m.state
    yield from place_prone(m, defender, cause="Wrestle")
    had_ball = yield from place_prone(m, attacker, cause="Wrestle")
    if had_ball and attacker.side == s.active and s.phase in ("turn", "kickoff_blitz"):
        balls.turnover(m, "Wrestle: the ball carrier went down")


def fends(attacker, defender, juggernaut: bool) -> bool:
    """D5.2 Fend: a Standing defender with a tackle zone forbids the follow-up (not against a
    Juggernaut in a Blitz)."""
    return defender.has("Fend") and defender.has_tz and not juggernaut


def strip_ball(m, attacker, defender, result):
    """D5.2 Strip Ball [DD-103]: a carrier pushed (and still Standing on the pitch) drops the
    ball in his new square and it bounces, before any touchdown; not under Stand Firm (no
    push), not against Sure Hands (D5.3), not into the crowd (a throw-in as usual)."""
    s = m.state
    if (result.moved and s.ball.carrier == defender.id and defender.status == STANDING
            and defender.square is not None and not defender.has("Sure Hands")):
        sq = defender.square
        m.emit("skill_used", player=attacker.id, skill="Strip Ball")
        balls.ball_to_ground(m, sq)
        m.emit("ball_dropped", player=defender.id, square=sq)
        yield from balls.bounce(m, sq)


def push_and_follow(m, attacker, defender, *, down: bool, juggernaut: bool = False,
                    cause: str = "block", forced_follow: str | None = None, grab: bool = False,
                    follow: bool = True, hits: dict | None = None, seen: dict | None = None):
    """A8.6-A8.7: push the defender, decide the follow-up (Frenzy forces it), then knock him
    down where he ended (or where he stood firm), then the ball and touchdowns. A house rule's
    push: `forced_follow` the follow-up forced, the `how` of its "moved" event (B3.6, B3.8 the
    Fanatic's), `cause` the knock-down's. D5.2: `grab` (Grab's free square), `follow=False`
    (Multiple Block), Fend (no follow-up), Strip Ball on a Pushed result; `hits` the
    knock-down's skills (`_hits`). Returns the push's result."""
    s = m.state
    fend = fends(attacker, defender, juggernaut)
    result = yield from push(m, attacker.square, defender, attacker.side,
                             no_stand_firm=juggernaut, by=attacker, grab=grab)
    followed = False
    if result.moved and fend and follow:
        m.emit("skill_used", player=defender.id, skill="Fend")
        if seen is not None:
            seen["fended"] = True
    if result.moved and attacker.status == STANDING and follow and not fend:
        if forced_follow is not None or attacker.has("Frenzy"):
            followed = True
        else:
            choice = yield Decision("follow_up", attacker.side,
                                    [("follow_up", True), ("follow_up", False)],
                                    {"player": attacker.id, "square": result.vacated,
                                     "defender": defender.id})
            followed = choice[1]
        if followed:
            frm = attacker.square
            s.place(attacker, result.vacated)
            m.emit("moved", player=attacker.id, frm=frm, to=result.vacated,
                   how=forced_follow or "follow_up")
    if down and defender.status == STANDING and defender.square is not None:
        if hits is None:
            hits = {"mighty_blow": attacker.has("Mighty Blow")}
        yield from knock_down(m, defender, by=attacker, cause=cause, **hits)
    elif not down and attacker.has("Strip Ball"):
        yield from strip_ball(m, attacker, defender, result)
    yield from settle_ball(m, result)
    if followed:
        balls.check_touchdown(m, attacker)
    return result


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Blocks", {
    "block_declared": ("A8", "A block starts", {
        "attacker": "", "defender": "", "blitz": "True when it is a Blitz's block",
        "frenzy": "True for Frenzy's second block",
        "multiple": "True for one of the two blocks of Multiple Block (D5.2); absent "
                    "otherwise"}),
    "revolted": ("A12", "Foul Appearance: the attacker failed his roll and does nothing", {
        "player": "the attacker's id", "defender": ""}),
    "block_roll": ("A8.4", "The block dice were rolled (again after a re-roll)", {
        "dice": "the D6 faces rolled, a list", "faces": "the block faces they show",
        "attacker": "", "defender": "", "blitz": "True when it is a Blitz's block",
        "attacker_strength": "the attacker's ST with assists",
        "defender_strength": "the defender's ST with assists",
        "attacker_assists": "ids of the players assisting the attacker",
        "defender_assists": "ids of the players assisting the defender",
        "chooser": "the side whose coach picks the die",
        "reroll": "\"team\" on the re-rolled dice only"}),
    "block_result": ("A8.4.1", "The block die chosen", {
        "attacker": "", "defender": "", "face": "the face applied", "die": "its D6 value",
        "index": "its index among the dice"}),
})
