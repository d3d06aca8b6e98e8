"""The learnable skills of movement (RULES.md D5.2, D5.3; the A12 conventions): Prehensile
Tail, Two Heads, Tentacles, Shadowing, Diving Tackle (Jump Up: turn.py; Sneaky Git: foul.py;
Kick-Off Return: kick_off_return.py).

A skill here is used by a Standing player with a tackle zone (A12), so every one of them sits
in a tackle zone on the square the mover leaves: the movement code asks `near(...)` only for a
step out of an opposing tackle zone, and it costs nothing anywhere else.

* **Prehensile Tail**: -1 on a dodge out of his tackle zone, one per such player; not on leaps
  (`dodge_skill_mods`).
* **Two Heads**: +1 on his own dodges (`dodge_skill_mods`).
* **Tentacles** [DD-114]: after a step's GFI rolls and before its dodge or leap roll, the moving
  coach rolls 2D6 + his ST - the Tentacles player's ST: on 5 or less he is held (`held`). One
  Tentacles player per step: the strongest (rules-readings).
* **Shadowing** [DD-102]: once a step of the mover's own action that left a square next to this
  player is resolved, his coach may pick one Shadowing player; the moving coach rolls 2D6 + the
  mover's MA - his MA: on 7 or less he moves into the square left (`shadow`).
* **Diving Tackle** [DD-106]: offered after the dodge roll (or its re-roll) when -2 turns a
  success into a failure; the diver is Placed Prone in the square the dodger left
  (`dodge_with_divers`, `dive_in`).

Shadowing and Tentacles escape rolls are re-rollable by the moving team only (D5.3, A10.2).
Decisions: 'diving_tackle' (``("diving_tackle", pid or None)``, the tackler's coach),
'shadowing' (``("shadow", pid or None)``, the Shadowing coach), 'reroll' on an escape roll.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.events import Decision
from squigbowl.rules.model import MOVEMENT_SKILLS, STANDING

PREHENSILE_TAIL, TWO_HEADS, TENTACLES = "Prehensile Tail", "Two Heads", "Tentacles"
SHADOWING, DIVING_TACKLE = "Shadowing", "Diving Tackle"
#: D5.2: the modifier Diving Tackle puts on the dodge roll
DIVING_TACKLE_MOD = ("Diving Tackle", -2)
#: D5.2 Tentacles: held on 5 or less, so 6+ escapes; Shadowing: caught on 7 or less, so 8+
TENTACLES_ESCAPE, SHADOWING_ESCAPE = 6, 8


def near(state, p, frm) -> list:
    """The opposing players with a tackle zone on `frm` (state.tacklers) who have one of the
    D5.2 movement skills ([] for every shipped roster)."""
    return [q for q in state.tacklers(frm, p.side) if not MOVEMENT_SKILLS.isdisjoint(q.skills)]


def with_skill(players, skill: str) -> list:
    return [q for q in players if skill in q.skills and q.status == STANDING and q.has_tz]


# -- Prehensile Tail, Two Heads (dodge modifiers) ------------------------------------------------
def dodge_skill_mods(state, p, frm=None) -> list:
    """D5.2: Two Heads +1 on his dodge; Prehensile Tail -1 for each opposing Prehensile Tail
    player whose tackle zone is on `frm`, the square he leaves (as (label, value) pairs)."""
    mods = [("Two Heads", 1)] if TWO_HEADS in p.skills else []
    if frm is not None:
        tails = sum(1 for q in state.tacklers(frm, p.side) if PREHENSILE_TAIL in q.skills)
        if tails:
            mods.append(("Prehensile Tail", -tails))
    return mods


def tail_penalty(state, p, frm) -> int:
    """The Prehensile Tail term of a dodge out of `frm` (0 or less)."""
    return -sum(1 for q in state.tacklers(frm, p.side) if PREHENSILE_TAIL in q.skills)


def dodge_odds_term(near) -> int:
    """What the odds of a dodge out of a square count for the opponents `near` it (`near`):
    Prehensile Tail -1 each, and -2 when one may Diving Tackle (he will whenever it turns the
    dodge into a failure, so the dodge succeeds only with the -2, DD-106)."""
    tails = 0
    dive = 0
    for q in near:
        skills = q.skills
        if PREHENSILE_TAIL in skills:
            tails += 1
        if DIVING_TACKLE in skills:
            dive = -2
    return dive - tails


def divers(state, p, frm) -> list:
    """D5.2 Diving Tackle: the opposing players with the skill whose tackle zone is on `frm`."""
    return with_skill(state.tacklers(frm, p.side), DIVING_TACKLE)


def tentacles_holder(state, p, frm):
    """D5.2 Tentacles: the one Tentacles player who tries to hold `p` leaving `frm` (the
    strongest: the lowest total for the mover; then the lowest id), or None."""
    holders = with_skill(state.tacklers(frm, p.side), TENTACLES)
    if not holders:
        return None
    return max(holders, key=lambda q: (q.st, -q.id))


def tentacles_mods(p, q) -> list:
    """The escape roll's terms: + the mover's ST - the Tentacles player's ST."""
    return [("ST", p.st), ("Tentacles ST", -q.st)]


def shadowing_mods(p, q) -> list:
    """The escape roll's terms: + the mover's MA - the Shadowing player's MA."""
    return [("MA", p.ma), ("Shadowing MA", -q.ma)]


def escape_chance(target: int, modifier: int) -> float:
    """The chance that 2D6 + modifier reaches `target` (no re-roll)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + modifier >= target) / 36


# -- the escape rolls (Tentacles, Shadowing) ---------------------------------------------------------
def escape_roll(m, p, what: str, target: int, mods: list, *, by):
    """2D6 + modifiers >= target for the mover `p`, re-rollable with his team's re-roll in his
    own turn (D5.3, A10.2). Returns whether he escaped."""
    modifier = rolls.total(mods)
    more = {"mods": mods} if modifier else {}
    d1, d2 = m.dice.d6(what), m.dice.d6(what)
    ok = d1 + d2 + modifier >= target
    m.emit("roll", what=what, player=p.id, target=target, modifier=modifier, dice=[d1, d2],
           success=ok, **more)
    if ok:
        return True
    source = yield from rolls.offer_reroll(m, p, what, None, info={"by": by.id})
    if source is None:
        return False
    d1, d2 = m.dice.d6(f"{what} (re-roll)"), m.dice.d6(f"{what} (re-roll)")
    ok = d1 + d2 + modifier >= target
    m.emit("roll", what=what, player=p.id, target=target, modifier=modifier, dice=[d1, d2],
           success=ok, reroll=source, **more)
    return ok


def held(m, p, frm, act=None):
    """D5.2 Tentacles [DD-114]: before the dodge or leap roll out of `frm`. Returns True when
    he is held: he stays in his square and his action (or free move) ends; no turnover, he
    keeps the ball."""
    q = tentacles_holder(m.state, p, frm)
    if q is None:
        return False
    m.emit("skill_used", player=q.id, skill=TENTACLES)
    if (yield from escape_roll(m, p, TENTACLES, TENTACLES_ESCAPE, tentacles_mods(p, q), by=q)):
        return False
    m.emit("held", player=p.id, by=q.id, square=p.square)
    if act is not None:
        act.done = True
    return True


def shadow(m, p, frm):
    """D5.2 Shadowing [DD-102]: once the mover's step out of `frm` is resolved (even if he
    fell), the Shadowing coach may pick one Shadowing player next to `frm`; the moving coach
    rolls 2D6 + the mover's MA - his MA; on 7 or less he moves into `frm` (no dodge; a ball
    lying there bounces). Nothing after a touchdown (A11.1)."""
    s = m.state
    if s.touchdown is not None or frm in s.board:
        return
    shadowers = with_skill(s.tacklers(frm, p.side), SHADOWING)
    if not shadowers:
        return
    choice = yield Decision("shadowing", shadowers[0].side,
                            [("shadow", q.id) for q in shadowers] + [("shadow", None)],
                            {"player": p.id, "square": frm})
    if choice[1] is None:
        return
    q = s.players[choice[1]]
    m.emit("skill_used", player=q.id, skill=SHADOWING)
    if (yield from escape_roll(m, p, SHADOWING, SHADOWING_ESCAPE, shadowing_mods(p, q), by=q)):
        return
    start = q.square
    s.place(q, frm)
    m.emit("moved", player=q.id, frm=start, to=frm, how="shadowing")
    ball = s.ball
    if ball.carrier is None and not ball.in_air and ball.square == frm:
        yield from balls.enter_ball_square(m, q, voluntary=False)   # A7.8.2


# -- Diving Tackle ----------------------------------------------------------------------------------
def dodge_with_divers(m, p, target: int, mods: list, *, tackled: bool, info: dict, able):
    """A6.4 with D5.2 Diving Tackle [DD-106]: the dodge roll as rolls.test makes it, with the
    Diving Tackle offered after the roll (and after its re-roll) when -2 would turn its success
    into a failure; once used the -2 stays for the re-roll. Returns (success, the diver or
    None)."""
    diver = None
    mods = list(mods)
    natural = m.dice.d6("dodge")
    modifier = rolls.total(mods)
    ok = rolls.passes(natural, modifier, target)
    _emit_dodge(m, p, target, mods, natural, ok)
    if ok:
        diver = yield from _offer_dive(m, p, natural, target, mods, info, able)
        if diver is None:
            return True, None
        mods = mods + [DIVING_TACKLE_MOD]    # a new list: the roll event keeps its own
        ok = False
    source = yield from rolls.offer_reroll(m, p, "dodge", "Dodge", tackled=tackled, info=info)
    if source is None:
        return False, diver
    natural = m.dice.d6("dodge (re-roll)")
    ok = rolls.passes(natural, rolls.total(mods), target)
    _emit_dodge(m, p, target, mods, natural, ok, reroll=source)
    if ok and diver is None:
        diver = yield from _offer_dive(m, p, natural, target, mods, info, able)
        if diver is not None:
            ok = False
    return ok, diver


def _emit_dodge(m, p, target, mods, natural, ok, **more) -> None:
    modifier = rolls.total(mods)
    if mods:
        more["mods"] = mods
    m.emit("roll", what="dodge", player=p.id, target=target, modifier=modifier, dice=[natural],
           success=ok, **more)


def _offer_dive(m, p, natural, target, mods, info, able):
    """Ask the tacklers' coach whether one of `able` dives, when -2 fails the roll. Returns
    the diver or None."""
    if rolls.passes(natural, rolls.total(mods) - 2, target):
        return None
    able = [q for q in able if q.status == STANDING and q.has_tz]
    if not able:
        return None
    choice = yield Decision("diving_tackle", able[0].side,
                            [("diving_tackle", q.id) for q in able] + [("diving_tackle", None)],
                            {"player": p.id, "roll": natural, "dodge_target": target,
                             "dodge_modifier": rolls.total(mods), **info})
    if choice[1] is None:
        return None
    q = m.state.players[choice[1]]
    m.emit("diving_tackle", player=q.id, victim=p.id, square=info.get("frm"))
    return q


def dive_in(m, q, sq):
    """D5.2 Diving Tackle: the diver is Placed Prone (no armour roll) in `sq`, the square the
    dodger left: a ball he held bounces (no turnover); a Death-Roller is wrecked (B8.4, through
    injury.place_prone)."""
    from squigbowl.rules.injury import place_prone
    s = m.state
    if q is None or sq in s.board or q.square is None:
        return
    start = q.square
    s.place(q, sq)
    m.emit("moved", player=q.id, frm=start, to=sq, how="diving_tackle")
    yield from place_prone(m, q, cause="Diving Tackle")


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Movement skills", {
    "held": ("D5.2", "Tentacles: the mover is held in his square and his action ends", {
        "player": "the mover's id", "by": "the Tentacles player's id",
        "square": "where he stays"}),
    "diving_tackle": ("D5.2", "Diving Tackle: the dodge gets -2 and fails; the tackler will "
                      "lie in the square the dodger left", {
        "player": "the tackler's id", "victim": "the dodging player's id",
        "square": "the square the dodger leaves"}),
})
