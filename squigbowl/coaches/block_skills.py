"""The computer coaches' answers to the D5.2 block skills' questions (RULES.md D5.2): Wrestle
on a Both Down, Piling On after a knock-down, Multiple Block (whether and whom). Grab's square
is the 'skill' question's push squares (procedure_answers.on_skill, as Side Step); Pro is a
re-roll source (on_reroll); Fend, Strip Ball and Claw ask nothing."""

from __future__ import annotations

from squigbowl.coaches.block_odds import block_dice, block_value
from squigbowl.rules import block
from squigbowl.rules.injury import armour_break_chance

#: Piling On on a held armour when the re-roll breaks it at least this often
PILE_ARMOUR_CHANCE = 0.35


def _player(s, pid):
    return s.players[pid] if isinstance(pid, int) and 0 <= pid < len(s.players) else None


def wrestle_wanted(s, d) -> bool:
    """Wrestle when it spares us more than the Both Down costs them: the attacker wrestles
    when he has no Block (no armour roll, no turnover) or to make a Block carrier drop the
    ball; the defender when only he would go down, or to put the attacking carrier down."""
    info = d.info
    me, att, dfd = (_player(s, info.get(k)) for k in ("player", "attacker", "defender"))
    if me is None or att is None or dfd is None:
        return True
    carrier = s.ball.carrier
    if me.id == att.id:
        if not att.has("Block"):
            return True
        return dfd.has("Block") and carrier == dfd.id
    if carrier == att.id:
        return True
    return not dfd.has("Block") and att.has("Block")


def piling_on_wanted(s, d) -> bool:
    """Pile on (he goes prone, his action ends) when he does not hold the ball and the re-roll
    is worth it: a held armour the new roll often breaks, or a victim only Stunned."""
    info = d.info
    piler, victim = _player(s, info.get("player")), _player(s, info.get("victim"))
    if piler is None or victim is None or s.ball.carrier == piler.id:
        return False
    if info.get("roll") == "injury":
        return info.get("result") == "stunned"
    claw = piler.has("Claw") and piler.side != victim.side
    return armour_break_chance(victim.av, mighty_blow=piler.has("Mighty Blow"),
                               claw=claw) >= PILE_ARMOUR_CHANCE


def _others(s, p, first: int) -> list:
    return [q for q in block.block_targets(s, p) if q.id != first]


def multiple_block_wanted(s, p, first: int) -> bool:
    """Two blocks with the defenders' ST +2 when neither lets the defender choose the die."""
    q1 = s.players[first]
    if block_dice(s, p, p.square, q1, multiple=True) < 1:
        return False
    return any(block_dice(s, p, p.square, q, multiple=True) >= 1 for q in _others(s, p, first))


def second_target(s, d):
    """The second opponent of a Multiple Block: the best block with his ST +2."""
    att = _player(s, d.info.get("player"))
    best, key = None, None
    for c in d.choices:
        q = _player(s, c[1])
        if att is None or q is None:
            continue
        k = block_value(att, q, block_dice(s, att, att.square, q, multiple=True))
        if key is None or k > key:
            best, key = c, k
    return best
