"""Fouls, the referee and bribes (RULES.md A9).

At the end of (or during) a Foul action's movement the 'action' decision offers
("foul", victim id) for each adjacent Prone or Stunned opponent; the foul ends the action.

    armour roll = 2D6 + offensive assists - defensive assists (A8.3 without Guard, A9.1)
                  (+ FOUL_MODIFIERS hooks); then, if the fouler has Dirty Player and the
                  armour is broken with +1, his coach puts the +1 on the armour or the injury
    broken -> injury roll (+1 Dirty Player if put on the injury)
    a double on the armour or the injury dice -> spotted (A9.3) -> sent off (A9.4) unless a
    Bribe works (A9.5): the ball he held bounces, turnover.

Decisions: 'skill' (Dirty Player, asked once the armour roll is seen: ("use", "armour") or
("use", "injury"); info: armour total without the +1, av, broken), 'bribe'
(("bribe", True/False)). `try_bribe(m, p)` is reused by the drive
end's Secret Weapon send-off (A11.3.2).
"""

from __future__ import annotations

from typing import Callable

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.block import assists
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS
from squigbowl.rules.injury import injury
from squigbowl.rules.model import DOWN, SENT_OFF
from squigbowl.rules.turn import FOUL, action_options, choice_handler

#: extra armour modifiers for a foul: fn(m, fouler, victim, offensive, defensive) -> a list of
#: (label, value) pairs, the non-zero terms (the weapons of Part B register here: running
#: chainsaw B7.8, Death-Roller B8.3)
FOUL_MODIFIERS: list[Callable] = []


def foul_targets(state, fouler) -> list:
    """A9.1: adjacent Prone or Stunned opponents."""
    out = []
    for sq in NEIGHBOURS[fouler.square]:
        q = state.at(sq)
        if q is not None and q.side != fouler.side and q.status in DOWN:
            out.append(q)
    return out


@action_options(FOUL)
def _foul_options(m, p, act) -> list:
    return [("foul", q.id) for q in foul_targets(m.state, p)]


@choice_handler("foul")
def foul_choice(m, p, act, target):
    """The foul ends the Foul action (A5.3)."""
    act.done = True
    yield from foul(m, p, m.state.players[target])


def foul_assists(state, fouler, victim) -> tuple[list, list]:
    """A9.1: assists as in A8.3, but Guard does not apply."""
    return assists(state, fouler, victim, guard=False)


#: D5.2: a double on the foul's armour roll sends him off only if the armour broke
SNEAKY_GIT = "Sneaky Git"

#: A12 Dirty Player's term in an armour or injury breakdown
DIRTY_PLAYER = ("Dirty Player", 1)


def foul_mods(m, fouler, victim, off, deff) -> list:
    """A9.1 armour modifiers of a foul as (label, value) pairs, non-zero terms only: +1 per
    offensive assist, -1 per defensive assist, and the FOUL_MODIFIERS hooks (Dirty Player is
    chosen after the armour roll: see `foul`)."""
    mods = [("assists", len(off))] if off else []
    if deff:
        mods.append(("defensive assists", -len(deff)))
    for hook in FOUL_MODIFIERS:
        mods += hook(m, fouler, victim, off, deff)
    return mods


def foul(m, fouler, victim):
    """A9.1-A9.4. Returns the injury result ('stunned', 'ko', 'casualty'...) or None.

    A12 Dirty Player: his coach chooses where the +1 goes (A0.7) once he has seen the armour
    roll, when the +1 can matter: the armour roll broken with it. He is not asked when even
    the +1 cannot break the armour (no injury roll either way)."""
    s = m.state
    off, deff = foul_assists(s, fouler, victim)
    mods = foul_mods(m, fouler, victim, off, deff)
    m.emit("foul", fouler=fouler.id, victim=victim.id, offensive_assists=[q.id for q in off],
           defensive_assists=[q.id for q in deff])
    modifier = rolls.total(mods)
    more = {"mods": mods} if mods else {}
    d1, d2 = m.dice.d6("armour (foul)"), m.dice.d6("armour (foul)")
    total = d1 + d2 + modifier
    broken = total > victim.av
    m.emit("roll", what="armour", player=victim.id, target=victim.av + 1, modifier=modifier,
           dice=[d1, d2], success=broken, foul=True, **more)
    dirty = None
    if fouler.has("Dirty Player") and total + 1 > victim.av:
        choice = yield Decision("skill", fouler.side, [("use", "armour"), ("use", "injury")],
                                {"skill": "Dirty Player", "player": fouler.id,
                                 "victim": victim.id, "armour": total, "av": victim.av,
                                 "broken": broken})
        dirty = choice[1]
        if dirty == "armour":
            broken = True
            m.emit("skill_used", player=fouler.id, skill="Dirty Player", on=dirty,
                   armour=total + 1, success=True)
        else:
            m.emit("skill_used", player=fouler.id, skill="Dirty Player", on=dirty)
    spotted = d1 == d2
    if spotted and SNEAKY_GIT in fouler.skills and not broken:
        spotted = False     # D5.2 Sneaky Git: an armour double only counts when it broke
    result = None
    if broken:
        start = len(m.dice.log)
        result = yield from injury(m, victim, mods=[DIRTY_PLAYER] if dirty == "injury" else [],
                                   by=fouler, cause="foul")
        i1, i2 = (r.value for r in m.dice.log[start:start + 2])
        spotted = spotted or i1 == i2
    if spotted:
        m.emit("spotted", player=fouler.id)
        yield from send_off(m, fouler, reason="foul")
    return result


def send_off(m, p, *, reason: str = "foul"):
    """A9.4: to the Sent-off box unless a Bribe works; a ball he held bounces from his square;
    a turnover. Returns whether he was sent off."""
    s = m.state
    if (yield from try_bribe(m, p)):
        return False
    sq = p.square
    had_ball = s.ball.carrier == p.id
    s.remove(p, SENT_OFF)
    m.emit("sent_off", player=p.id, square=sq, reason=reason)
    if had_ball:
        balls.ball_to_ground(m, sq)
        m.emit("ball_dropped", player=p.id, square=sq)
        yield from balls.bounce(m, sq)
    if p.side == s.active and s.phase in ("turn", "kickoff_blitz"):
        balls.turnover(m, "player sent off")
    return True


def try_bribe(m, p):
    """A9.5: if his team has a Bribe its coach may use it: D6, 2+ the player is not sent off
    (a 1 wastes it). Returns True when the bribe worked. No re-roll (A10.5)."""
    team = m.state.teams[p.side]
    if team.bribes <= 0:
        return False
    choice = yield Decision("bribe", p.side, [("bribe", True), ("bribe", False)],
                            {"player": p.id, "bribes": team.bribes})
    if not choice[1]:
        return False
    team.bribes -= 1
    natural = m.dice.d6("bribe")
    ok = natural >= 2
    m.emit("roll", what="bribe", player=p.id, target=2, modifier=0, dice=[natural], success=ok)
    m.emit("bribe_used", side=p.side, player=p.id, success=ok, left=team.bribes)
    return ok


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Fouls, send-offs and bribes", {
    "foul": ("A9.1", "A foul is made (the armour roll follows, with foul=True)", {
        "fouler": "the fouling player's id", "victim": "the fouled player's id",
        "offensive_assists": "ids of the fouler's assists",
        "defensive_assists": "ids of the victim's assists"}),
    "spotted": ("A9.3", "The referee spotted the foul (doubles)", {"player": "the fouler's id"}),
    "sent_off": ("A9.4", "A player was sent off", {
        "player": "", "reason": "\"foul\" or \"Secret Weapon\" (A11.3)",
        "square": "the square he left (not for a Secret Weapon, sent off after the drive)"}),
    "bribe_used": ("A9.5", "A bribe was tried", {
        "side": "", "player": "", "success": "whether it worked (2+)",
        "left": "bribes left"}),
})
