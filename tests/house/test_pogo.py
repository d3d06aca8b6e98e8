"""B9 Pogo stick: one test per row of the trace table B9.3 (W-78, W-79) and C84.

Every row of B9.3 has a rule. Goblins (Home): home:8 Pogo (MA 7 ST 2 AG 3 AV 7; Dodge,
Pogo Stick, Stunty) is id 7; home:9 Goblin (no pogo) id 8. Dwarfs (Away): away:8 Blocker id 20.
"""

from squigbowl.rules.move import can_leap, max_gfi
from tests.conftest import make, rolls_of

POGO, GOB, BLK = 7, 8, 20


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def steps(m):
    return [c for c in m.legal() if c[0] == "step"]


def test_w_78_four_go_for_its_instead_of_two():
    m, d = game([("home:8", (2, 7))], [2, 2, 2, 2])
    m.decide(("MOVE", POGO))
    events = []
    for x in range(3, 14):  # 7 squares of MA, then 4 GFIs
        assert steps(m), x
        events += m.decide(("step", (x, 7)))
    assert [r["what"] for r in rolls_of(events)] == ["GFI"] * 4  # each needs its roll
    assert m.pending.kind == "turn" and m.state.players[POGO].acted  # nothing left
    assert m.state.players[POGO].square == (13, 7)
    assert max_gfi(m.state.players[GOB]) == 2
    d.check_done()


def test_w_78_five_with_sprint():
    m, d = game([("home:8", (2, 7), {"skills": ["Pogo Stick", "Sprint", "Stunty"]})], [])
    assert max_gfi(m.state.players[POGO]) == 5


def test_w_79_may_leap_as_with_leap_once_per_action_c84():
    m, d = game([("home:8", (10, 7)), ("away:8", (11, 7)), ("away:9", (11, 8))], [4])
    assert can_leap(m.state.players[POGO]) and not can_leap(m.state.players[GOB])
    m.decide(("MOVE", POGO))
    assert ("leap", (12, 7)) in m.legal()
    events = m.decide(("leap", (12, 7)))
    leap = rolls_of(events, "leap")[0]
    # no dodge to leave the tackle zones; AG 3: 4+, no modifiers at all
    assert [r["what"] for r in rolls_of(events)] == ["leap"]
    assert leap["target"] == 4 and leap["modifier"] == 0 and leap["dice"] == [4]
    assert m.state.players[POGO].square == (12, 7)
    assert not [c for c in m.legal() if c[0] == "leap"]  # once per action
    d.check_done()
