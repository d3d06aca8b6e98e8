"""Knock-downs, armour, injuries, casualties, the apothecary, Regeneration and the crowd
(RULES.md A8.8-A8.15)."""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.events import Decision
from squigbowl.rules.inducement_effects import igor_reroll
from squigbowl.rules.model import (CASUALTY, KO, NEVER_STUNNED, PRONE, RESERVES, STANDING,
                                   STUNNED, has_trait)
from squigbowl.rules.rolls import ask_skill

SI_DETAILS = {1: "Broken Ribs", 2: "Groin Strain", 3: "Gouged Eye", 4: "Broken Jaw",
              5: "Fractured Arm", 6: "Fractured Leg", 7: "Smashed Hand", 8: "Pinched Nerve"}
NIGGLE_DETAILS = {1: "Damaged Back (niggling injury)", 2: "Smashed Knee (niggling injury)",
                  3: "Smashed Hip (-1 MA)", 4: "Smashed Ankle (-1 MA)",
                  5: "Serious Concussion (-1 AV)", 6: "Fractured Skull (-1 AV)",
                  7: "Broken Neck (-1 AG)", 8: "Smashed Collar Bone (-1 ST)"}

#: causes whose casualties earn the attacker SPP (A14): a block's; B0 hook: a house rule adds
#: the causes of its own attacks (B3.6 a Fanatic's, B7 a chainsaw's)
SPP_CAUSES: set[str] = {"block"}

#: skill -> procedure(m, p, *, by, cause, falls, placed) for players who never lie on the
#: pitch: it replaces a knock-down, a fall or a Placed Prone (B3.9 the Fanatic's chain, B8.4 a
#: wrecked Death-Roller). Registered by fanatic.py / death_roller.py.
FALL_HANDLERS: dict = {}
#: skill -> procedure(m, p, *, by, cause, crowd) replacing an injury roll (B8.4 Death-Roller)
INJURY_HANDLERS: dict = {}


def fall_handler(p):
    """The FALL_HANDLERS procedure for `p`, or None (most players)."""
    for skill, fn in FALL_HANDLERS.items():
        if skill in p.skills:
            return fn
    return None


def add_stat(p, key: str, n: int = 1) -> None:
    """A14 match statistics, kept on the player. The dict is replaced, never changed in place,
    so a copy of the player (`Player.clone`) shares it."""
    stats = p.stats
    p.stats = {key: n} if stats is None else {**stats, key: stats.get(key, 0) + n}


def knock_down(m, p, *, armour_mod: int = 0, mighty_blow: bool = False, by=None,
               cause: str = "block", falls: bool = False, turnover: bool = True,
               injury_mod: int = 0, claw: bool = False, piler=None):
    """A8.8: placed Prone, armour roll (and injury), then a ball he held bounces from his
    square; a moving-team player going down is a turnover (A5.6.1) unless `turnover=False`.
    `claw`: D5.2 Claw (8+ breaks); `piler`: the blocker who may use D5.2 Piling On (he is
    Placed Prone once the victim's rolls and ball are resolved)."""
    handler = fall_handler(p)
    if handler is not None:  # B3.9 / B8.4
        yield from handler(m, p, by=by, cause=cause, falls=falls, placed=False)
        return
    s = m.state
    sq = p.square
    had_ball = s.ball.carrier == p.id
    mods = [("modifier", armour_mod)] if armour_mod else []
    mods += fall_armour_mods(p)  # (B7.7: falling with a running chainsaw)
    p.status = PRONE
    m.emit("fell_over" if falls else "knocked_down", player=p.id, square=sq, cause=cause)
    if had_ball:
        balls.ball_to_ground(m, sq)
    piled = [] if piler is not None else None
    yield from armour(m, p, mods=mods, mighty_blow=mighty_blow, by=by, cause=cause,
                      injury_mod=injury_mod, claw=claw, piler=piler, piled=piled)
    if had_ball:
        m.emit("ball_dropped", player=p.id, square=sq)
        yield from balls.bounce(m, sq)
    if turnover and p.side == s.active and s.phase in ("turn", "kickoff_blitz"):
        balls.turnover(m, "player " + ("fell over" if falls else "knocked down"))
    if piled:
        yield from piling_on_prone(m, piler)


# -- D5.2 Piling On --------------------------------------------------------------------------------
def may_pile_on(piler, victim) -> bool:
    """D5.2 Piling On: the blocker is Standing and adjacent to his Knocked Down victim."""
    return (piler.status == STANDING and piler.square is not None and victim.square is not None
            and max(abs(piler.square[0] - victim.square[0]),
                    abs(piler.square[1] - victim.square[1])) == 1)


def ask_piling_on(m, piler, victim, roll: str, dice, result):
    """D5.2: the 'skill' decision ("use", True/False) to re-roll the victim's `roll`."""
    return (yield from ask_skill(m, piler, "Piling On", victim=victim.id, roll=roll,
                                 dice=list(dice), result=result))


def piling_on_prone(m, piler):
    """D5.2: after Piling On the blocker is Placed Prone (no armour roll; B3.9 / B8.4 through
    place_prone) and his action ends; a turnover only if he held the ball."""
    s = m.state
    had_ball = yield from place_prone(m, piler, cause="Piling On")
    act = s.activation
    if act is not None and act.pid == piler.id:
        act.done = True
    if had_ball and piler.side == s.active and s.phase in ("turn", "kickoff_blitz"):
        balls.turnover(m, "Piling On: the ball carrier went down")


def place_prone(m, p, *, cause: str):
    """A8.8 Placed Prone: laid face up with no armour roll (e.g. the stink bomb, B6.2); a ball
    he held bounces from his square. Never a turnover by itself: the caller decides (B6.3).
    Returns whether he held the ball. (B3.9 / B8.4: a Fanatic or a Death-Roller 'would be
    Placed Prone' here.)"""
    handler = fall_handler(p)
    if handler is not None:  # B3.9 / B8.4
        yield from handler(m, p, by=None, cause=cause, falls=False, placed=True)
        return False
    s = m.state
    sq = p.square
    had_ball = s.ball.carrier == p.id
    p.status = PRONE
    m.emit("placed_prone", player=p.id, square=sq, cause=cause)
    if had_ball:
        balls.ball_to_ground(m, sq)
        m.emit("ball_dropped", player=p.id, square=sq)
        yield from balls.bounce(m, sq)
    return had_ball


#: the terms of armour and injury breakdowns (the `mods` of their roll events)
MIGHTY_BLOW = ("Mighty Blow", 1)

#: B0 hook: fn(p) -> [(label, value)], the terms a house rule adds to the armour roll of a
#: player who goes down (B7.7: +3 with a running chainsaw)
FALL_ARMOUR_MODS: list = []


def fall_armour_mods(p) -> list:
    """The FALL_ARMOUR_MODS terms for `p` going down ([] for most players)."""
    mods = []
    for hook in FALL_ARMOUR_MODS:
        mods += hook(p)
    return mods


#: D5.2 Claw: an armour total of this or more always breaks
CLAW_BREAKS = 8


def armour_breaks(total: int, av: int, claw: bool = False) -> bool:
    """A8.9: total > AV; D5.2 Claw: a total of 8 or more (modifiers included) always breaks."""
    return total > av or (claw and total >= CLAW_BREAKS)


def armour_break_chance(av: int, modifier: int = 0, *, mighty_blow: bool = False,
                        claw: bool = False) -> float:
    """A8.9 (pure, for previews): the chance that 2D6 + modifier breaks AV, with Mighty Blow's
    +1 where it breaks it (A12) and D5.2 Claw's 8+."""
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            total = a + b + modifier
            hits += armour_breaks(total, av, claw) or (mighty_blow
                                                       and armour_breaks(total + 1, av, claw))
    return hits / 36


def armour(m, p, *, modifier: int = 0, mods: list | None = None, mighty_blow: bool = False,
           by=None, cause: str = "block", injury_mod: int = 0, stunned_is_ko: bool = False,
           claw: bool = False, piler=None, piled: list | None = None):
    """A8.9: 2D6 + modifiers > AV breaks armour, then an injury roll. Mighty Blow goes on the
    armour only if that breaks it, else on the injury (A12). `mods` ((label, value) pairs)
    replaces `modifier` and goes in the roll event; a bare `modifier` is labelled "modifier".
    D5.2 Claw (`claw`): 8+ breaks. D5.2 Piling On (`piler`): a held armour may be re-rolled
    (`piled` records the use). Returns whether it broke."""
    if mods is None:
        mods = [("modifier", modifier)] if modifier else []
    else:
        modifier = rolls.total(mods)
    broken, mb_used, dice = _armour_roll(m, p, mods, modifier, mighty_blow, claw)
    if (not broken and piler is not None and piled is not None and may_pile_on(piler, p)
            and (yield from ask_piling_on(m, piler, p, "armour", dice, "holds"))):
        piled.append("armour")
        broken, mb_used, dice = _armour_roll(m, p, mods, modifier, mighty_blow, claw,
                                             reroll="Piling On")
    if broken:
        imods = [("modifier", injury_mod)] if injury_mod else []
        if mighty_blow and not mb_used:
            imods.append(MIGHTY_BLOW)
        pile = piler if piled is not None and not piled else None
        yield from injury(m, p, mods=imods, by=by, cause=cause, stunned_is_ko=stunned_is_ko,
                          piler=pile, piled=piled)
    return broken


def _armour_roll(m, p, mods, modifier, mighty_blow, claw, reroll=None):
    """One armour roll and its event: (broken, Mighty Blow used, dice)."""
    d1, d2 = m.dice.d6("armour"), m.dice.d6("armour")
    total = d1 + d2 + modifier
    mb_used = False
    if mighty_blow and not armour_breaks(total, p.av, claw) and armour_breaks(total + 1, p.av,
                                                                                claw):
        total += 1
        mb_used = True
        mods = mods + [MIGHTY_BLOW]
    broken = armour_breaks(total, p.av, claw)
    more = {"mods": mods} if mods else {}
    if claw and broken and total <= p.av:
        more["claw"] = True
    if reroll is not None:
        more["reroll"] = reroll
    m.emit("roll", what="armour", player=p.id, target=p.av + 1, modifier=modifier + mb_used,
           dice=[d1, d2], success=broken, mighty_blow=mb_used, **more)
    return broken, mb_used, (d1, d2)


def injury_result(p, total: int, *, stunned_is_ko: bool = False) -> str:
    """A8.10 table with Thick Skull and Stunty: 'stunned', 'ko', 'cas' or 'bh' (Stunty 9)."""
    thick, stunty = p.has("Thick Skull"), p.has("Stunty")
    if total <= 6:
        result = "stunned"
    elif total == 7:
        result = "ko" if stunty else "stunned"
    elif total == 8:
        result = "stunned" if thick else "ko"
    elif total == 9:
        result = "bh" if stunty else "ko"
    else:
        result = "cas"
    if result == "stunned" and (stunned_is_ko or has_trait(p, NEVER_STUNNED)):
        result = "ko"
    return result


def injury(m, p, *, modifier: int = 0, mods: list | None = None, by=None,
           cause: str = "block", crowd: bool = False, stunned_is_ko: bool = False,
           piler=None, piled: list | None = None):
    """A8.10 injury roll, A8.14 crowd (Stunned -> Reserves), A8.15 apothecary, A8.11 casualty
    roll, A12 Regeneration. `mods` ((label, value) pairs) replaces `modifier` and goes in the
    roll event. A14: a casualty inflicted by a block, a Fanatic block or a chainsaw attack
    (`cause` in SPP_CAUSES) earns `by` his SPP when the injury roll inflicts it, even if the
    apothecary or Regeneration then sends the victim to Reserves. A league player's niggling
    injuries add to every injury roll (D3.6.3); in a league match the casualty roll that stood
    is kept on him (record_lasting, D3.6). Returns the final result."""
    if mods:
        modifier = rolls.total(mods)
    elif modifier:
        mods = [("modifier", modifier)]
    for skill, fn in INJURY_HANDLERS.items():  # B8.4: no roll for a Death-Roller
        if skill in p.skills:
            return (yield from fn(m, p, by=by, cause=cause, crowd=crowd))
    if p.niggles:  # D3.6.3 [DD-89]: every injury roll, before Thick Skull and Stunty
        mods = (mods or []) + [("niggling injuries", p.niggles)]
        modifier += p.niggles
    s = m.state
    d1, d2 = m.dice.d6("injury"), m.dice.d6("injury")
    result = injury_result(p, d1 + d2 + modifier, stunned_is_ko=stunned_is_ko)
    more = {"mods": mods} if mods else {}
    m.emit("roll", what="injury", player=p.id, target=None, modifier=modifier, dice=[d1, d2],
           result=result, success=None, **more)
    # D5.2 Piling On: the injury roll re-rolled, before any apothecary
    if (piler is not None and piled is not None and may_pile_on(piler, p)
            and (yield from ask_piling_on(m, piler, p, "injury", (d1, d2), result))):
        piled.append("injury")
        d1, d2 = m.dice.d6("injury (Piling On)"), m.dice.d6("injury (Piling On)")
        result = injury_result(p, d1 + d2 + modifier, stunned_is_ko=stunned_is_ko)
        m.emit("roll", what="injury", player=p.id, target=None, modifier=modifier,
               dice=[d1, d2], result=result, success=None, reroll="Piling On", **more)
    if result == "stunned":
        if crowd or p.square is None:
            s.remove(p, RESERVES)
            m.emit("injured", player=p.id, result="reserves", cause=cause)
        else:
            p.status = STUNNED
            p.stunned_now = True
            m.emit("injured", player=p.id, result="stunned", cause=cause)
        return "stunned"
    if result == "ko":
        if (yield from offer_apothecary(m, p, "ko")):
            if crowd or p.square is None or has_trait(p, NEVER_STUNNED):
                s.remove(p, RESERVES)
                m.emit("injured", player=p.id, result="reserves", cause=cause, apothecary=True)
            else:
                p.status = STUNNED
                p.stunned_now = True
                m.emit("injured", player=p.id, result="stunned", cause=cause, apothecary=True)
            return "stunned"
        s.remove(p, KO)
        m.emit("injured", player=p.id, result="ko", cause=cause)
        return "ko"
    # a casualty, inflicted now: A14's SPP are earned here, whatever the apothecary or
    # Regeneration make of it afterwards
    if by is not None and cause in SPP_CAUSES and by.side != p.side:
        add_stat(by, "casualties")
    if result == "bh":
        detail = "Badly Hurt"
        cas = d8 = None  # no casualty roll: nothing lasting (D3.6.1)
    else:
        cas, detail, d8 = casualty_roll(m, p)
    if (yield from offer_apothecary(m, p, "cas")):
        if result == "bh":
            # Stunty's 9 is Badly Hurt with no casualty roll (A8.10): there is nothing to roll
            # again, and a Badly Hurt player the apothecary sees goes to Reserves (A8.15 b)
            s.remove(p, RESERVES)
            m.emit("injured", player=p.id, result="reserves", cause=cause, apothecary=True,
                   detail=detail)
            return "reserves"
        # D3.6: the whole result again, the D6 and (when it is needed) the D8
        cas2, detail2, d8_2 = casualty_roll(m, p)
        choice = yield Decision("apothecary_result", p.side,
                                [("casualty", 0), ("casualty", 1)],
                                {"player": p.id, "results": [detail, detail2]})
        if choice[1] == 1:
            cas, detail, d8 = cas2, detail2, d8_2
        if cas <= 3:
            s.remove(p, RESERVES)
            m.emit("injured", player=p.id, result="reserves", cause=cause, apothecary=True,
                   detail=detail)
            return "reserves"
    if p.has("Regeneration"):
        natural = m.dice.d6("Regeneration")
        m.emit("roll", what="regeneration", player=p.id, target=4, modifier=0, dice=[natural],
               success=natural >= 4)
        if natural < 4 and s.teams[p.side].inducements:
            natural = igor_reroll(m, p, natural)  # D4.3 Igor
        if natural >= 4:
            s.remove(p, RESERVES)
            m.emit("injured", player=p.id, result="reserves", cause=cause, regenerated=True)
            return "reserves"
    s.remove(p, CASUALTY)
    p.cas_detail = detail
    if cas is not None:
        record_lasting(m, p, cas, d8)
    m.emit("injured", player=p.id, result="casualty", cause=cause, detail=detail)
    return "casualty"


def record_lasting(m, p, d6: int | None, d8: int | None = None, *, dead: bool = False) -> None:
    """D0 / D3.6: in a league match the casualty roll that stood (after the apothecary and
    Regeneration) is kept on the player for the post-match sequence: {"d6", "d8"}, or
    {"dead": True} for a death with no casualty roll (Always Hungry, D3.6.1). An exhibition
    match keeps nothing (A8.11: the detail is for the report only)."""
    if m.state.league:
        p.lasting = {"dead": True} if dead else {"d6": d6, "d8": d8}


def casualty_result(m, natural: int) -> tuple[str, int | None]:
    """A8.11's result for the D6 `natural` and the D8 rolled for it: 1-3 Badly Hurt, 4-5
    Seriously Injured (the D8 for its detail rolled here; D0: always, in a league match too),
    6 Dead. (B3.12's exhaustion table reads it too.)"""
    if natural <= 3:
        return "Badly Hurt", None
    if natural == 6:
        return "Dead", None
    d8 = m.dice.d8("casualty detail")
    return (SI_DETAILS if natural == 4 else NIGGLE_DETAILS)[d8], d8


def casualty_detail(m, natural: int) -> str:
    """The text of `casualty_result`."""
    return casualty_result(m, natural)[0]


def casualty_roll(m, p) -> tuple[int, str, int | None]:
    """A8.11: D6 1-3 Badly Hurt, 4-5 Seriously Injured (D8 detail), 6 Dead: (D6, text, D8)."""
    natural = m.dice.d6("casualty")
    detail, d8 = casualty_result(m, natural)
    m.emit("roll", what="casualty", player=p.id, target=None, modifier=0, dice=[natural],
           result=detail, success=None)
    return natural, detail, d8


def offer_apothecary(m, p, what: str):
    """A8.15: once per match, on a KO or right after a casualty roll. Not for wrecked
    Death-Rollers, collapsed Fanatics or eaten players (their procedures never call this)."""
    team = m.state.teams[p.side]
    if team.apothecary <= 0:
        return False
    choice = yield Decision("apothecary", p.side, [("apothecary", True), ("apothecary", False)],
                            {"player": p.id, "injury": what})
    if choice[1]:
        team.apothecary -= 1
        m.emit("apothecary_used", side=p.side, player=p.id, injury=what)
        return True
    return False


def crowd_push(m, p, *, cause: str = "crowd"):
    """A8.14: a player who ends up in the crowd: injury roll with no armour roll; a ball he
    held is thrown in from the square he left (A8.6.3)."""
    s = m.state
    sq = p.square
    had_ball = s.ball.carrier == p.id
    s.remove(p, RESERVES)
    m.emit("into_crowd", player=p.id, square=sq)
    yield from injury(m, p, crowd=True, cause=cause)
    return had_ball, sq


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Knock-downs and injuries", {
    "knocked_down": ("A8.8", "A player was Knocked Down (an armour roll follows)", {
        "player": "", "square": "", "cause": ""}),
    "fell_over": ("A8.8", "A player Fell Over (failed dodge or GFI, both down...)", {
        "player": "", "square": "", "cause": ""}),
    "placed_prone": ("A8.8", "A player was Placed Prone (no armour roll)", {
        "player": "", "square": "", "cause": ""}),
    "injured": ("A8.10", "Where an injury left a player", {
        "player": "",
        "result": "\"stunned\", \"ko\", \"casualty\", or \"reserves\" (from the crowd, an "
                  "apothecary or Regeneration)",
        "cause": "",
        "detail": "the casualty's result (\"Badly Hurt\", a serious injury, \"Dead\"...)",
        "apothecary": "True when the apothecary changed it",
        "regenerated": "True when Regeneration saved him"}),
    "apothecary_used": ("A8.15", "The apothecary treats a player", {
        "side": "", "player": "", "injury": "\"ko\" or \"cas\""}),
    "into_crowd": ("A8.14", "A player was pushed into the crowd (an injury roll follows)", {
        "player": "", "square": "the edge square he left"}),
})
