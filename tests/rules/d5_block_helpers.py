"""Shared set-up of the block tests (test_block.py, test_push.py and the D5.2 block skills'
test_d5_2_*.py).

Home is Orcs, Away is Humans (as tests/rules/test_block.py). Player ids: Home jersey n -> id
n-1 (1-4 Black Orcs ST 4 AV 9, 5-8 Blitzers ST 3 AV 9 with Block, 9 Thrower with Pass and Sure
Hands, 10-11 Linemen ST 3 AV 9); Away jersey n -> id 10+n (1 Ogre ST 5, 2-5 Blitzers ST 3 AV 8
with Block, 6-7 Catchers ST 2 AV 7 with Dodge, 8 Thrower, 9-11 Linemen ST 3 AV 8). Skills are
given where a test needs them (a `skills` list replaces the roster's).
"""

from tests.conftest import make


def H(n):
    return n - 1


def A(n):
    return 10 + n


def game(players, dice, **fields):
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def of(events, kind):
    return [e for e in events if e.kind == kind]


def used(events, skill):
    return [e["player"] for e in of(events, "skill_used") if e["skill"] == skill]


def start_block(m, attacker, defender, action="BLOCK"):
    events = m.decide((action, attacker))
    events += m.decide(("block", defender))
    return events


def P(m, pid):
    return m.state.players[pid]
