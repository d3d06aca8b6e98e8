"""D5.2 and the weapons that replace a block (B7 chainsaw, B10 poisoned dagger): Claw and
Piling On never apply to a chainsaw attack or a stab; Multiple Block's blocks are normal
blocks [DD-112].

Goblins (Home): home:6 Looney (Chainsaw) id 5, home:7 Stabba (Poisoned Dagger) id 6. Chaos
Dwarfs (Away): away:9 Hobgoblin (AV 7) id 21, away:10 Hobgoblin id 22.
"""

from squigbowl.rules.model import STANDING
from tests.conftest import make, rolls_of

LOONEY, STABBA, HOB, HOB2 = 5, 6, 21, 22
EXTRA = ["Claw", "Piling On", "Multiple Block", "Mighty Blow"]


def game(players, dice=()):
    return make(players, dice, home="Goblins", away="Chaos Dwarfs",
                rerolls={"home": 0, "away": 0}, apothecary={"home": 0, "away": 0})


def test_d5_2_claw_and_piling_on_not_for_a_chainsaw_attack():
    m, d = game([("home:6", (10, 7), {"skills": ["Chainsaw", "Secret Weapon", "Stunty"] + EXTRA,
                                       "extra": {"chainsaw_running": True}}),
                 ("away:9", (11, 7), {"av": 10})], [2, 3])
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", HOB))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [2, 3] and armour["modifier"] == 3 and not armour["success"]
    assert m.pending.kind == "turn" and m.state.players[HOB].status == STANDING
    d.check_done()


def test_d5_2_claw_and_piling_on_not_for_a_stab():
    m, d = game([("home:7", (10, 7), {"skills": ["Poisoned Dagger", "Dodge", "Secret Weapon",
                                                 "Stunty"] + EXTRA}),
                 ("away:9", (11, 7), {"av": 10})], [4, 4])
    m.decide(("BLOCK", STABBA))
    events = m.decide(("stab", HOB))
    assert not rolls_of(events, "armour")[0]["success"] and m.pending.kind == "turn"
    d.check_done()


def test_d5_2_multiple_block_both_must_be_normal_blocks_no_chainsaw_attack_dd_112():
    m, d = game([("home:6", (10, 7), {"skills": ["Chainsaw", "Secret Weapon", "Stunty"] + EXTRA,
                                       "extra": {"chainsaw_running": True}}),
                 ("away:9", (11, 7)), ("away:10", (10, 8))], [])
    m.decide(("BLOCK", LOONEY))
    m.decide(("multiple_block", HOB))
    assert m.pending.kind == "multiple_block" and m.legal() == [("multiple_block", HOB2)]
    d.check_done()
