"""A8.8-A8.15: armour, injury (Thick Skull, Stunty), casualties, apothecary, Regeneration.

Each test makes a player fall over from a failed Go For It (A6.5): a 4-square mover steps five
times, the fifth step's GFI roll is a 1 and no re-roll is available.
"""

import pytest

from squigbowl.rules.injury import injury_result
from squigbowl.rules.model import CASUALTY, KO, PRONE, RESERVES, STUNNED
from tests.conftest import make, rolls_of


def fall(team_home: str, who: str, pid: int, armour_and_injury, ma: int = 4, pre=(),
         **fields):
    """Home player `who` (id `pid`) with MA `ma` falls on his GFI square (ma + 1); `pre` are
    the dice rolled on declaring (Really Stupid...)."""
    dice = list(pre) + [1] + list(armour_and_injury)
    m, d = make([(who, (5, 7), {"ma": ma})], dice=dice, home=team_home,
                rerolls={"home": 0}, **fields)
    m.decide(("MOVE", pid))
    events = []
    for x in range(6, 6 + ma + 1):
        if m.pending.kind != "action":
            break
        events += m.decide(("step", (x, 7)))
    return m, d, events


def test_a8_9_armour_must_be_beaten_not_equalled():
    # Orc Blitzer AV 9: 4 + 5 = 9 holds.
    m, d, events = fall("Orcs", "home:5", 4, [4, 5])
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 5] and armour["success"] is False
    assert m.state.players[4].status == PRONE
    d.check_done()


def test_a8_10_stunned_ko_and_casualty_results():
    m, d, events = fall("Orcs", "home:5", 4, [5, 5, 3, 4])  # 10 > 9, injury 7 -> Stunned
    # A5.7: stunned in his own turn, he is not turned face up at its end
    assert m.state.players[4].status == STUNNED and m.state.active == 1
    m, d, events = fall("Orcs", "home:5", 4, [5, 5, 4, 4], apothecary={"home": 0})  # 8 -> KO
    assert m.state.players[4].status == KO and m.state.players[4].square is None
    m, d, events = fall("Orcs", "home:5", 4, [5, 5, 5, 5, 2], apothecary={"home": 0})
    p = m.state.players[4]
    assert p.status == CASUALTY and p.cas_detail == "Badly Hurt"
    d.check_done()


def test_a8_10_thick_skull_and_stunty_adjustments():
    class P:
        def __init__(self, *skills):
            self.skills = set(skills)

        def has(self, s):
            return s in self.skills

    assert injury_result(P(), 7) == "stunned" and injury_result(P(), 8) == "ko"
    assert injury_result(P("Thick Skull"), 8) == "stunned"
    assert injury_result(P("Thick Skull"), 9) == "ko"
    assert injury_result(P("Stunty"), 7) == "ko"
    assert injury_result(P("Stunty"), 9) == "bh"
    assert injury_result(P("Stunty", "Thick Skull"), 7) == "ko"
    assert injury_result(P("Stunty", "Thick Skull"), 8) == "stunned"
    assert injury_result(P(), 10) == "cas"
    assert injury_result(P("Goblin Fanatic"), 3) == "ko"
    assert injury_result(P(), 3, stunned_is_ko=True) == "ko"


def test_a8_10_stunty_nine_is_badly_hurt_without_casualty_roll():
    # Goblins: home:9 is a Goblin (Stunty, AV 7). Armour 4+4 = 8 > 7, injury 4+5 = 9.
    m, d, events = fall("Goblins", "home:9", 8, [4, 4, 4, 5], ma=6, apothecary={"home": 0})
    p = m.state.players[8]
    assert p.status == CASUALTY and p.cas_detail == "Badly Hurt"
    assert rolls_of(events, "casualty") == []
    d.check_done()


def test_a8_11_seriously_injured_detail_uses_d8():
    m, d, events = fall("Orcs", "home:5", 4, [6, 6, 6, 6, 5, 8], apothecary={"home": 0})
    assert m.state.players[4].cas_detail == "Smashed Collar Bone (-1 ST)"
    d.check_done()


def test_a8_15_apothecary_on_ko_leaves_him_stunned_on_the_pitch():
    m, d, events = fall("Orcs", "home:5", 4, [5, 5, 4, 4], apothecary={"home": 1})
    assert m.pending.kind == "apothecary"
    m.decide(("apothecary", True))
    p = m.state.players[4]
    assert p.status == STUNNED and p.square == (10, 7)
    assert m.state.teams[0].apothecary == 0
    d.check_done()


def test_a8_15_apothecary_on_casualty_rerolls_and_coach_picks():
    m, d, events = fall("Orcs", "home:5", 4, [6, 6, 6, 6, 6, 2], apothecary={"home": 1})
    assert m.pending.kind == "apothecary"
    m.decide(("apothecary", True))
    assert m.pending.kind == "apothecary_result"
    assert m.pending.info["results"] == ["Dead", "Badly Hurt"]
    m.decide(("casualty", 1))
    assert m.state.players[4].status == RESERVES  # Badly Hurt with the apothecary
    d.check_done()


def test_a12_regeneration_after_casualty():
    # Goblins home:1 is a Troll (Regeneration, AV 9, MA 4).
    m, d, events = fall("Goblins", "home:1", 0, [6, 6, 6, 6, 6, 4], pre=[4],
                           apothecary={"home": 0})
    assert m.state.players[0].status == RESERVES
    assert rolls_of(events, "regeneration")[0]["success"]
    d.check_done()


@pytest.mark.parametrize("natural,expected", [(3, CASUALTY), (4, RESERVES)])
def test_a12_regeneration_needs_4_plus(natural, expected):
    m, d, events = fall("Goblins", "home:1", 0, [6, 6, 6, 6, 6, natural], pre=[4],
                           apothecary={"home": 0})
    assert m.state.players[0].status == expected
    d.check_done()


def test_a8_8_falling_ball_carrier_drops_the_ball_after_armour():
    m, d = make([("home:5", (5, 7), {"ma": 1})], dice=[1, 2, 2, 5], carrier="home:5",
                rerolls={"home": 0})
    m.decide(("MOVE", 4))
    m.decide(("step", (6, 7)))
    events = m.decide(("step", (7, 7)))
    order = [e.kind for e in events]
    assert order.index("roll") < order.index("ball_bounced")
    assert m.state.ball.square == (8, 7) and m.state.ball.carrier is None
    d.check_done()


def test_a8_15_apothecary_on_stunty_badly_hurt_sends_him_to_reserves_without_a_roll():
    # Stunty 9 is Badly Hurt with no casualty roll (A8.10): the apothecary has nothing to roll
    # again and sends him to Reserves (A8.15 b).
    m, d, events = fall("Goblins", "home:9", 8, [4, 4, 4, 5], ma=6, apothecary={"home": 1})
    assert m.pending.kind == "apothecary"
    events = m.decide(("apothecary", True))
    assert m.state.players[8].status == RESERVES
    assert rolls_of(events, "casualty") == []
    d.check_done()
