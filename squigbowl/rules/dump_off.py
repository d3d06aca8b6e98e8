"""Dump-Off (RULES.md D5.2 Dump-Off, DD-108).

When an opponent declares a block against a Standing ball carrier with Dump-Off (a Block or a
Blitz block, one of Multiple Block's; a chainsaw attack, a stab and a Goblin Fanatic's block
call `before_block` from their own rules; never a Frenzy second block nor the squig's blitz),
the carrier's coach may first make a **Quick** pass with the normal rules (Pass Block,
interception, Pass skill, Safe Throw), except that neither team suffers a turnover whatever
happens and no team re-roll may be used (it is not his team's turn, A10.2). Then the block goes
on. Never a bomb nor a thrown team-mate. The decision: 'dump_off', asked of the carrier's
coach, ("dump_off", square) for each Quick Pass square or ("dump_off", None).
"""

from __future__ import annotations

from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import ALL_SQUARES, distance
from squigbowl.rules.model import STANDING

SKILL = "Dump-Off"


def may_dump_off(m, carrier) -> bool:
    """D5.2 and the A12 conventions: he has the skill, stands with a tackle zone and holds the
    ball."""
    return (carrier.has(SKILL) and carrier.status == STANDING and carrier.has_tz
            and m.state.ball.carrier == carrier.id)


def dump_off_targets(m, carrier) -> list:
    """D5.2: the Quick Pass squares around him (A7.2.2), top to bottom. Pure."""
    from squigbowl.rules.passing import QUICK, range_of
    frm = carrier.square
    return [sq for sq in ALL_SQUARES if sq != frm and range_of(frm, sq) == QUICK]


def before_block(m, attacker, defender):
    """D5.2: the block on `defender` is declared; if he may, his coach is asked whether (and
    where) to dump the ball off. Returns whether the block goes on: not after a touchdown, nor
    when the two no longer stand next to each other (a Pass Block move, a fall)."""
    if not may_dump_off(m, defender):
        return True
    targets = dump_off_targets(m, defender)
    choice = yield Decision("dump_off", defender.side,
                            [("dump_off", sq) for sq in targets] + [("dump_off", None)],
                            {"player": defender.id, "attacker": attacker.id})
    if choice[1] is None:
        return True
    from squigbowl.rules.passing import throw_ball
    m.emit("skill_used", player=defender.id, skill=SKILL)
    yield from throw_ball(m, defender, choice[1], turnover=False)
    s = m.state
    return (s.touchdown is None and attacker.status == STANDING
            and defender.status == STANDING and attacker.square is not None
            and defender.square is not None and distance(attacker.square, defender.square) == 1)
