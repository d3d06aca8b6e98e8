"""B10 Poisoned dagger: one test per row of the trace table B10.5 (W-80..W-85) and the
decisions DD-63 (no modifiers), DD-59 (no move after a stab in a Blitz), DD-38 (never a Fanatic),
A12 Foul Appearance, A14 (no SPP).

Goblins (Home): home:7 Stabba (Poisoned Dagger, Dodge, Secret Weapon, Stunty) is id 6.
Chaos Dwarfs (Away): away:9 Hobgoblin (AV 7, no skills) id 21, away:5 Blocker (Thick Skull,
AV 9) id 17.
"""

import pytest

from squigbowl.rules import drive
from squigbowl.house.dagger import _repoison, poisoned
from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.model import CASUALTY, KO, STANDING, STUNNED
from tests.conftest import kinds, make, rolls_of

STABBA, HOBGOBLIN, BLOCKER = 6, 21, 17


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Chaos Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def stab_once(dice, victim="away:9", victim_id=HOBGOBLIN, extra=None, **fields):
    row = {"extra": extra} if extra is not None else {}
    m, d = game([("home:7", (10, 7), row), (victim, (11, 7))], dice=dice, **fields)
    m.decide(("BLOCK", STABBA))
    events = m.decide(("stab", victim_id))
    return m, d, events


# -- B10.5 trace --------------------------------------------------------------------------------
def test_w_80_may_stab_instead_of_blocking_in_a_block_or_a_blitz():
    m, d = game([("home:7", (10, 7)), ("away:9", (11, 7))])
    m.decide(("BLOCK", STABBA))
    assert m.pending.choices == [("block", HOBGOBLIN), ("stab", HOBGOBLIN), ("end", None)]
    m2, d2 = game([("home:7", (9, 7)), ("away:9", (11, 7))])
    m2.decide(("BLITZ", STABBA))
    assert m2.pending.of_type("stab") == []
    m2.decide(("step", (10, 6)))
    assert ("stab", HOBGOBLIN) in m2.pending.choices
    d.check_done()
    d2.check_done()


def test_w_81_roll_armour_against_the_victim():
    m, d, events = stab_once([4, 2])
    assert kinds(events)[:2] == ["weapon_attack", "roll"]
    [armour] = rolls_of(events, "armour")
    assert (armour["player"], armour["dice"], armour["target"]) == (HOBGOBLIN, [4, 2], 8)
    assert "block_roll" not in kinds(events)
    d.check_done()


def test_w_82_equal_or_below_av_no_effect():
    m, d, events = stab_once([4, 3])                 # 7 = AV 7
    assert kinds(events) == ["weapon_attack", "roll", "weapon_no_effect", "action_ended"]
    assert m.state.players[HOBGOBLIN].status == STANDING
    assert m.state.players[HOBGOBLIN].square == (11, 7)
    assert poisoned(m.state.players[STABBA])         # not a successful stab: still poisoned
    d.check_done()


def test_w_83_beating_av_stabbed_injury_roll():
    m, d, events = stab_once([5, 3, 5, 5, 2])        # 8 > 7; injury 10: casualty, D6 2 BH
    [inj] = rolls_of(events, "injury")
    assert (inj["dice"], inj["modifier"], inj["result"]) == ([5, 5], 0, "cas")
    assert m.state.players[HOBGOBLIN].status == CASUALTY
    assert not m.state.turnover
    d.check_done()


def test_w_84_stunned_counts_as_ko_while_poisoned():
    m, d, events = stab_once([5, 3, 2, 3])           # injury 5: Stunned -> KO'd
    [inj] = rolls_of(events, "injury")
    assert inj["result"] == "ko"
    assert m.state.players[HOBGOBLIN].status == KO
    d.check_done()


def test_w_85_after_one_stab_beats_armour_the_poison_is_gone_until_the_drive_ends():
    m, d, events = stab_once([5, 3, 4, 5])           # injury 9: KO'd; armour beaten
    assert "poison_wiped" in kinds(events)
    assert m.state.players[STABBA].extra == {"poisoned": False}
    # the next stab that breaks armour: Stunned stays Stunned
    m2, d2, events2 = stab_once([5, 3, 2, 3], extra={"poisoned": False})
    assert rolls_of(events2, "injury")[0]["result"] == "stunned"
    assert m2.state.players[HOBGOBLIN].status == STUNNED
    # a touchdown or the end of a half: poisoned again (A11.3 step 4)
    assert _repoison in drive.DRIVE_END_HOOKS
    _repoison(m)
    assert m.state.players[STABBA].extra == {"poisoned": True}
    d.check_done()
    d2.check_done()


# -- decisions ------------------------------------------------------------------------------------
def test_dd_63_stab_armour_and_injury_rolls_are_unmodified():
    # Mighty Blow on the Stabba does nothing; a Thick Skull victim keeps its adjustment
    m, d = game([("home:7", (10, 7), {"skills": ["Poisoned Dagger", "Mighty Blow"]}),
                 ("away:5", (11, 7))], dice=[5, 4])
    m.decide(("BLOCK", STABBA))
    events = m.decide(("stab", BLOCKER))
    [armour] = rolls_of(events, "armour")
    assert (armour["modifier"], armour["success"]) == (0, False)   # 9 = AV 9
    m2, d2, events2 = stab_once([6, 4, 4, 4], victim="away:5", victim_id=BLOCKER)
    [inj] = rolls_of(events2, "injury")
    # 8 with Thick Skull: Stunned, which the poison turns into KO'd
    assert (inj["modifier"], inj["result"]) == (0, "ko")
    d.check_done()
    d2.check_done()


def test_dd_59_no_further_movement_after_a_stab_in_a_blitz():
    m, d = game([("home:7", (10, 7)), ("away:9", (11, 7))], dice=[2, 2])
    m.decide(("BLITZ", STABBA))
    events = m.decide(("stab", HOBGOBLIN))
    assert kinds(events)[-1] == "action_ended" and m.pending.kind == "turn"
    d.check_done()


def test_dd_38_no_stab_against_a_goblin_fanatic():
    # Goblins v Goblins: away:3 is the opposing Fanatic (id 16), away:9 a Goblin (id 21)
    m, d = game([("home:7", (10, 7)), ("away:3", (11, 7)), ("away:9", (10, 8))],
                away="Goblins")
    m.decide(("BLOCK", STABBA))
    assert m.pending.of_type("stab") == [("stab", 21)]
    with pytest.raises(IllegalChoice):
        m.decide(("stab", 16))
    d.check_done()


def test_a12_foul_appearance_applies_to_a_stab():
    m, d = game([("home:7", (10, 7)), ("away:9", (11, 7), {"skills": ["Foul Appearance"]})],
                dice=[1])
    m.decide(("BLOCK", STABBA))
    events = m.decide(("stab", HOBGOBLIN))
    assert "revolted" in kinds(events) and not rolls_of(events, "armour")
    assert not m.state.turnover
    d.check_done()


def test_a14_stab_casualties_earn_no_spp():
    m, d, events = stab_once([5, 3, 5, 5, 2])
    assert m.state.players[HOBGOBLIN].status == CASUALTY
    assert not (m.state.players[STABBA].stats or {}).get("casualties")
    d.check_done()


def test_a8_10_a_stabbed_ball_carrier_drops_the_ball():
    m, d, events = stab_once([5, 3, 5, 4, 5], carrier="away:9")   # injury 9: KO'd
    assert m.state.players[HOBGOBLIN].status == KO
    assert kinds(events)[-4:] == ["ball_dropped", "ball_bounced", "poison_wiped", "action_ended"]
    assert m.state.ball.carrier is None and m.state.ball.square == (12, 7)
    d.check_done()
