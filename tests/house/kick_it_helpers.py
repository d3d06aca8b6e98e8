"""Helpers for the Kick It! tests (no tests here).

Orcs (Home): 1-4 Black Orc Blockers (MA4 ST4 AG2), 5-8 Blitzers (Block), 9 Thrower (Pass, Sure
Hands), 10-11 Linemen (MA5 ST3 AG3); ids = number - 1.
Humans (Away): 1 Ogre, 2-5 Blitzers (MA7 ST3 AG3, Block), 6-7 Catchers (ST2, Catch, Dodge),
8 Thrower, 9-11 Linemen (MA6 ST3 AG3); ids = 10 + number.
"""

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.scenario import build_state, find_player

HOME, AWAY = 0, 1
KICK = "KICK"
KICKER = "home:10"          # an Orc Lineman, ST 3, AG 3 (Away roll target 4+)
KICKER_AT = (10, 7)


def pid(m, who):
    return find_player(m.state, who).id


def kinds(events):
    return [e.kind for e in events]


def of_kind(events, kind):
    return [e for e in events if e.kind == kind]


def rolls_of(events, what):
    return [e for e in events if e.kind == "roll" and e["what"] == what]


def row(who, at, **extra):
    return {"who": who, "at": list(at), **extra}


def kick_match(players=(), dice=(), *, kicker=KICKER, at=KICKER_AT, carrier=True, options=None,
               phase="turn", before=None, **fields):
    """A scenario with Kick It! on: the Home kicker at `at` (holding the ball unless
    `carrier=False`), plus `players` (rows from `row`); no team re-rolls unless given."""
    data = {"players": ([row(kicker, at)] if kicker else []) + list(players),
            "options": {"kick_it": True, **(options or {})},
            "rerolls": {"home": 0, "away": 0}, "phase": phase, **fields}
    if carrier and kicker:
        data["carrier"] = kicker
    state = build_state(data)
    if before is not None:
        before(state)
    dice = ScriptedDice(list(dice))
    return Match(None, None, dice=dice, state=state), dice


def aim(m, square, who=KICKER):
    """Declare the Kick action with `who` and aim at once at `square`."""
    m.decide((KICK, pid(m, who)))
    return m.decide(("kick_aim", square))
