"""The Death-Roller (RULES.md B8, C80-C82, DD-62).

* B8.1: it never dodges (`move.never_dodges`).
* B8.2: it may Go For It as normal; a failed GFI blows its boiler: wrecked instead of falling.
* B8.3: its fouls get +6 on the armour roll (`foul.FOUL_MODIFIERS`).
* B8.4 [DD-62]: whenever it would be Knocked Down, Fall Over or be Placed Prone, or whenever an
  injury roll would be made for it, it is **wrecked**: to the Casualty box for the rest of the
  match, with no armour, injury or casualty roll and no apothecary or Regeneration. A turnover
  if it happens in its own team's turn; a block that wrecks it is a casualty for SPP (A14).

Hooks: `injury.FALL_HANDLERS` (knock-downs, falls, Placed Prone), `injury.INJURY_HANDLERS`
(the crowd, Throw a Rock, chainsaw and dagger attacks that break its armour),
`kickoff_table.KICKOFF_HIT_HOOKS` (Pitch Invasion, Throw a Rock).

Event: ``wrecked`` {player, square, cause, reason ('boiler' for a failed GFI, else 'knocked
over' / 'placed prone' / 'injury'), by}.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import foul, injury, kickoff_table
from squigbowl.rules.model import CASUALTY, NEVER_DODGES, register_skill
from squigbowl.house.squig_ball import squig_blitzing

DEATH_ROLLER = "Death-Roller"
register_skill(DEATH_ROLLER, NEVER_DODGES)  # B8.1: it never dodges (A6.3.1)
WRECKED = "Wrecked"


def in_own_turn(m, p) -> bool:
    s = m.state
    return p.side == s.active and s.phase in ("turn", "kickoff_blitz")


def wreck(m, p, *, cause: str, reason: str, by=None):
    """B8.4: the Death-Roller leaves the match (Casualty box, no roll of any kind)."""
    s = m.state
    sq = p.square
    had_ball = sq is not None and s.ball.carrier == p.id
    s.remove(p, CASUALTY)
    p.cas_detail = WRECKED
    p.extra = {**(p.extra or {}), "wrecked": True}
    m.emit("wrecked", player=p.id, square=sq, cause=cause, reason=reason,
           by=None if by is None else by.id)
    m.emit("injured", player=p.id, result="casualty", cause=cause, detail=WRECKED)
    if by is not None and cause in injury.SPP_CAUSES and by.side != p.side:
        injury.add_stat(by, "casualties")  # A14: a block that wrecks it
    if had_ball:  # it has No Hands; kept for a Death-Roller given the ball by a scenario
        balls.ball_to_ground(m, sq)
        m.emit("ball_dropped", player=p.id, square=sq)
        yield from balls.bounce(m, sq)
    # B8.4 / B8.2: a turnover in its own team's turn (not for anything the squig's blitz
    # causes, a push into the crowd included: B1.6.9, C11)
    if in_own_turn(m, p) and cause != "squig" and not squig_blitzing(s):
        balls.turnover(m, "Death-Roller boiler blew up" if reason == "boiler"
                       else "Death-Roller wrecked")
    return "wrecked"


def _falls(m, p, *, by=None, cause: str = "block", falls: bool = False, placed: bool = False):
    """FALL_HANDLERS: any knock-down, fall or Placed Prone wrecks it. Its only falls are failed
    GFIs (it never dodges, never leaps): the boiler (B8.2)."""
    if placed:
        reason = "placed prone"
    elif falls and cause == "fall":
        reason = "boiler"
    else:
        reason = "knocked over"
    yield from wreck(m, p, cause=cause, reason=reason, by=by)


def _injury(m, p, *, by=None, cause: str = "block", crowd: bool = False):
    """INJURY_HANDLERS: an injury roll that would be made for it wrecks it instead."""
    return (yield from wreck(m, p, cause=cause, reason="injury", by=by))


def _kickoff_hit(m, p, what: str):
    """KICKOFF_HIT_HOOKS: Pitch Invasion and Throw a Rock wreck it (A4.5, B8.4)."""
    if DEATH_ROLLER not in p.skills:
        return False
    yield from wreck(m, p, cause=what, reason="injury" if what == "rock" else "knocked over")
    return True


def _foul_bonus(m, fouler, victim, offensive, defensive) -> list:
    """B8.3: +6 on the armour roll of its fouls (as (label, value) pairs)."""
    return [("Death-Roller", 6)] if DEATH_ROLLER in fouler.skills else []


injury.FALL_HANDLERS[DEATH_ROLLER] = _falls
injury.INJURY_HANDLERS[DEATH_ROLLER] = _injury
kickoff_table.KICKOFF_HIT_HOOKS.append(_kickoff_hit)
foul.FOUL_MODIFIERS.append(_foul_bonus)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Death-Roller", {
    "wrecked": ("B8.4", "The Death-Roller is wrecked and leaves the match", {
        "player": "", "square": "", "cause": "", "reason": "\"knocked over\", \"injury\"...",
        "by": ""}),
})
