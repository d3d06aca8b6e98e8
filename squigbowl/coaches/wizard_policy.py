"""The computer coaches' wizard (RULES.md D4.4, DD-98): when to cast the one spell, which, and
where. No dice: each target is worth the players it may knock down, weighed by the spell's
chance (Fireball 4+, Lightning Bolt 2+), an opposing ball carrier most; our own players count
against it, and our own carrier at the start of our turn far more (a turnover, D4.4). The
spell is cast when it is worth `WORTH_IT`, or anything at all in the last turns of the match
(it is lost otherwise)."""

from __future__ import annotations

from squigbowl.rules import wizard
from squigbowl.rules.model import STANDING

#: a knocked-down player's worth; an opposing carrier's (the ball bounces loose)
PLAYER, CARRIER = 1.0, 4.0
#: our own carrier knocked down at the start of our turn: the turnover too
OWN_CARRIER_AT_START = 8.0
#: the value a spell must reach before the last turns
WORTH_IT = 2.0


def _chance(spell: str) -> float:
    return (7 - wizard.TARGETS[spell]) / 6


def _worth(s, side: int, p, moment: str) -> float:
    """What knocking `p` down is worth to `side` (negative for his own players)."""
    carrier = s.ball.carrier == p.id
    if p.side != side:
        return CARRIER if carrier else PLAYER
    if carrier:
        return -(OWN_CARRIER_AT_START if moment == wizard.START else CARRIER)
    return -PLAYER


def target_value(s, side: int, spell: str, sq, moment: str) -> float:
    """The spell's worth at `sq`: each Standing player it may knock down, times the chance."""
    if spell == wizard.FIREBALL:
        hit = [s.players[s.board[q]] for q in wizard.area(sq) if q in s.board]
    else:
        p = s.at(sq)
        hit = [] if p is None else [p]
    return _chance(spell) * sum(_worth(s, side, p, moment) for p in hit if p.status == STANDING)


def best_target(s, side: int, spell: str, moment: str) -> tuple:
    """(value, square) of the best target for `spell`, or (0.0, None) with none worth it."""
    if spell == wizard.FIREBALL:
        # only squares next to a Standing opponent can be worth anything
        squares = {q for p in s.players if p.side != side and p.status == STANDING
                   for q in wizard.area(p.square)}
    else:
        squares = {p.square for p in s.players if p.side != side and p.status == STANDING}
    best = (0.0, None)
    for sq in sorted(squares):
        v = target_value(s, side, spell, sq, moment)
        if v > best[0]:
            best = (v, sq)
    return best


def last_turns(s, side: int) -> bool:
    """The team's last turn of the match (the spell would be lost): its 8th of the second half,
    or overtime."""
    return s.half == 3 or (s.half == 2 and s.teams[side].turn >= 8)


def plan(m, side: int, moment: str, spells) -> tuple | None:
    """(spell, square) to cast now, or None: the best spell among `spells` when worth it."""
    s = m.state
    best = None
    for spell in spells:
        v, sq = best_target(s, side, spell, moment)
        if sq is not None and (best is None or v > best[0]):
            best = (v, spell, sq)
    if best is None:
        return None
    v, spell, sq = best
    if v >= WORTH_IT or (last_turns(s, side) and v > 0):
        return spell, sq
    return None


def turn_choice(coach, m, d):
    """The 'turn' decision: a spell before anyone acts (D4.4), when it is worth it."""
    spells = [c[1] for c in d.choices if c[0] == "spell"]
    if not spells:
        return None
    chosen = plan(m, d.side, wizard.START, spells)
    if chosen is None:
        return None
    coach.spell_plan = chosen
    return ("spell", chosen[0])


def spell_choice(coach, m, d):
    """The 'spell' decision after our own turn (DD-98)."""
    spells = [c[1] for c in d.choices if c[1] is not None]
    chosen = plan(m, d.side, wizard.AFTER, spells)
    if chosen is None:
        return ("spell", None)
    coach.spell_plan = chosen
    return ("spell", chosen[0])


def target_choice(coach, m, d):
    """The 'spell_target' decision: the planned square, else the best for the spell chosen."""
    spell, moment = d.info.get("spell"), d.info.get("moment", wizard.AFTER)
    planned = getattr(coach, "spell_plan", None)
    coach.spell_plan = None
    if planned is not None and planned[0] == spell and ("spell_target", planned[1]) in d.choices:
        return ("spell_target", planned[1])
    v, sq = best_target(m.state, d.side, spell, moment)
    return ("spell_target", sq) if sq is not None and v > 0 else ("spell_target", None)
