"""The wizard's spell (RULES.md D4.4, DD-98): once per match, one Fireball or Lightning Bolt.

Two moments [DD-98]:

* at the start of one of the team's own turns (not the Blitz! bonus turn), after A5.1 and
  before anyone acts: the 'turn' decision then offers ``("spell", "fireball")`` and
  ``("spell", "lightning_bolt")`` (`turn.TURN_START_CHOICES`); the spell is cast in phase
  'wizard', which goes back to the turn (or on to its end after a turnover, or to the drive's
  end after a touchdown);
* right after one of its own turns has ended (after A5.7), even after a turnover, unless the
  turn ended the drive: a 'spell' decision ``("spell", None / "fireball" /
  "lightning_bolt")`` (`turn.TURN_END_HOOKS`).

Then a 'spell_target' decision picks the square: ``("spell_target", sq)`` (Fireball: any
square on the pitch; Lightning Bolt: a Standing player's), or ``("spell_target", None)`` to
cast nothing after all (the moment's question is asked again).

Effects: Fireball rolls a D6 for every Standing player in the 3x3 area, 4+ Knocked Down;
Lightning Bolt a D6, 2+. The rolls are made first, then the knock-downs resolved, the active
team's players first, by id (A0.8 [DD-01]). A knock-down is `injury.knock_down` with no attacker
(no Mighty Blow, no Dirty Player; a running chainsaw's +3 applies, B7.7), cause "spell": a
carrier drops the ball, a Fanatic's chain (B3.9) and a wrecked Death-Roller (B8.4) come through
`injury.FALL_HANDLERS`; the squig is no player and is never rolled for (B1.10). Cast at the
start of the turn, only a knocked-down carrier of the caster's team is a turnover; cast after
the turn, nothing is. No re-roll, no SPP (the cause is not in `injury.SPP_CAUSES`).
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules.engine import phase
from squigbowl.rules.events import Decision
from squigbowl.rules.inducement_effects import used_up
from squigbowl.rules.geometry import HEIGHT, WIDTH, on_pitch
from squigbowl.rules.injury import knock_down
from squigbowl.rules.model import STANDING
from squigbowl.rules.turn import TURN_END_HOOKS, TURN_PROCEDURES, TURN_START_CHOICES

FIREBALL, LIGHTNING_BOLT = "fireball", "lightning_bolt"
SPELLS = (FIREBALL, LIGHTNING_BOLT)
#: the natural D6 each spell needs to knock a player down (D4.4)
TARGETS = {FIREBALL: 4, LIGHTNING_BOLT: 2}
#: the moments of DD-98
START, AFTER = "start", "after"
#: phase_data key: the spell chosen at the start of the turn, cast in phase 'wizard'
SPELL_KEY = "spell"
CAUSE = "spell"

_ALL_SQUARES = tuple((x, y) for x in range(WIDTH) for y in range(HEIGHT))


def spells_left(team) -> int:
    """D4.4: the team's wizard spells still to cast this match (0 or 1)."""
    return team.inducements.get("wizard", 0)


def area(sq) -> list:
    """D4.4 Fireball: the square and the 8 around it, those on the pitch."""
    x, y = sq
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
            if on_pitch((x + dx, y + dy))]


def target_choices(s, spell: str) -> list:
    """The 'spell_target' choices: any on-pitch square for a Fireball, the square of any
    Standing player for a Lightning Bolt; and None, casting nothing."""
    if spell == FIREBALL:
        squares = _ALL_SQUARES
    else:
        squares = sorted(p.square for p in s.players if p.status == STANDING)
    return [("spell_target", sq) for sq in squares] + [("spell_target", None)]


def _offered(m, side) -> list:
    """TURN_START_CHOICES: the spells, while the wizard has one left."""
    s = m.state
    if s.bonus_turn or not spells_left(s.teams[side]):
        return []
    return [("spell", name) for name in SPELLS]


def _choose_at_start(m, spell) -> None:
    """TURN_PROCEDURES['spell']: cast in phase 'wizard' (never the team turn's own phase, so a
    Fanatic's chain or a wrecked Death-Roller is no turnover of its own, D4.4)."""
    s = m.state
    s.phase_data = {**s.phase_data, SPELL_KEY: spell}
    s.phase = "wizard"


@phase("wizard")
def wizard_phase(m):
    """D4.4 at the start of the turn: the target, the spell; back to the turn, or on to its end
    after a turnover, or to the drive's end after a touchdown."""
    s = m.state
    spell = s.phase_data.get(SPELL_KEY)
    yield from cast(m, s.active, spell, START)
    s.phase_data = {k: v for k, v in s.phase_data.items() if k != SPELL_KEY}
    if s.over:
        return
    if s.touchdown is not None:
        s.phase = "drive_end"
    elif s.turnover:
        s.phase = "turn_end"
    else:
        s.phase = "turn"


def after_turn(m, side):
    """TURN_END_HOOKS [DD-98]: after the team's own turn (A5.7 done) the coach may cast."""
    s = m.state
    while spells_left(s.teams[side]):
        choice = yield Decision("spell", side, [("spell", None)] + [("spell", n) for n in SPELLS],
                                {"moment": AFTER})
        if choice[1] is None:
            return
        if (yield from cast(m, side, choice[1], AFTER)):
            return


def cast(m, side: int, spell: str, moment: str):
    """D4.4: pick the target and cast. Returns False when the coach cast nothing after all."""
    s = m.state
    choice = yield Decision("spell_target", side, target_choices(s, spell),
                            {"spell": spell, "moment": moment, "roll_needed": TARGETS[spell]})
    sq = choice[1]
    if sq is None:
        return False
    used_up(s.teams[side], "wizard")
    m.emit("spell_cast", side=side, spell=spell, square=sq, moment=moment)
    if spell == FIREBALL:
        hit = [s.players[s.board[q]] for q in area(sq) if q in s.board]
    else:
        hit = [s.at(sq)]
    hit = [p for p in hit if p.status == STANDING]
    hit.sort(key=lambda p: (p.side != s.active, p.id))  # A0.8 [DD-01]
    down = []
    for p in hit:
        natural = m.dice.d6(spell)
        ok = natural >= TARGETS[spell]
        m.emit("roll", what=spell.replace("_", " "), player=p.id, target=TARGETS[spell],
               modifier=0, dice=[natural], success=ok)
        if ok:
            down.append(p)
    for p in down:
        if p.status != STANDING:
            continue
        carried = s.ball.carrier == p.id
        yield from knock_down(m, p, by=None, cause=CAUSE, turnover=False)
        if moment == START and carried and p.side == side:
            balls.turnover(m, "spell knocked down the ball carrier")
    return True


TURN_START_CHOICES.append(_offered)
TURN_PROCEDURES["spell"] = _choose_at_start
TURN_END_HOOKS.append(after_turn)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "The wizard", {
    "spell_cast": ("D4.4", "The wizard casts his spell (the rolls follow)", {
        "side": "the casting team", "spell": "\"fireball\" or \"lightning_bolt\"",
        "square": "the target square",
        "moment": "\"start\" (of the caster's turn) or \"after\" (his turn)"}),
})
