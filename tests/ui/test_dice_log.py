"""Issue 5: the dice log explains each roll — what for, who, target, the modifiers one by one,
what the die needs, the dice, the result and the re-roll source (match_text.roll_text)."""

from __future__ import annotations

import json

from squigbowl.rules.events import Event
from squigbowl.ui.match.words import mods_text, roll_text
from tests.conftest import make, rolls_of

BLITZER = 4   # home:5, Gorbad


def state():
    m, _ = make([("home:5", (5, 5))], [])
    return m.state


def test_a6_4_a_failed_dodge_with_its_breakdown_and_the_team_reroll():
    e = Event("roll", what="dodge", player=BLITZER, target=4, modifier=-1, dice=[4],
              success=False, mods=[("dodge", 1), ("tackle zones", -2)], reroll="team")
    assert roll_text(state(), e) == ("Dodge · Gorbad #5 · 4+ (+1 dodge −2 tackle zones) → "
                                     "needs 5+ · rolled 4 ✘ failed · re-roll: team")


def test_a6_4_the_engine_s_own_dodge_event_reads_the_same_way():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6)), ("away:10", (3, 4))], [3],
                rerolls={"home": 1})                  # the failed dodge stops at the re-roll
    m.decide(("MOVE", BLITZER))
    (roll,) = rolls_of(m.decide(("step", (4, 5))), "dodge")
    assert roll_text(m.state, roll) == ("Dodge · Gorbad #5 · 4+ (+1 dodge −1 tackle zones) → "
                                        "needs 4+ · rolled 3 ✘ failed")


def test_a0_3_a_roll_with_no_modifier_shows_target_and_need_only():
    e = Event("roll", what="GFI", player=BLITZER, target=2, modifier=0, dice=[2], success=True)
    assert roll_text(state(), e) == "GFI · Gorbad #5 · 2+ → needs 2+ · rolled 2 ✔ success"


def test_a8_9_armour_with_mighty_blow_and_injury_with_dirty_player():
    armour = Event("roll", what="armour", player=BLITZER, target=10, modifier=1, dice=[5, 4],
                   success=True, mighty_blow=True, mods=[("Mighty Blow", 1)])
    assert roll_text(state(), armour) == ("Armour · Gorbad #5 · beat 9 (+1 Mighty Blow) · "
                                          "rolled 5+4, total 9, +1 makes 10 ✔ success")
    injury = Event("roll", what="injury", player=BLITZER, target=None, modifier=1, dice=[4, 4],
                   success=None, result="ko", mods=[("Dirty Player", 1)])
    assert roll_text(state(), injury) == ("Injury · Gorbad #5 · +1 Dirty Player · "
                                          "rolled 4+4, total 8, +1 makes 9 → ko")


def test_a0_3_an_event_without_mods_still_shows_its_summed_modifier():
    # an event from before the breakdowns existed (an old save's log)
    e = Event("roll", what="dodge", player=BLITZER, target=4, modifier=-1, dice=[4],
              success=False)
    assert roll_text(state(), e) == "Dodge · Gorbad #5 · 4+ (-1) → needs 5+ · rolled 4 ✘ failed"


def test_a2_mods_after_a_json_round_trip_read_the_same():
    e = Event("roll", what="Throw a Rock", player=None, side=0, target=None, modifier=2,
              dice=[4], result=6, success=None, mods=[("FAME", 2)])
    data = json.loads(json.dumps(e.to_json()))
    back = Event(data.pop("kind"), **data)
    assert back["mods"] == [["FAME", 2]]
    assert roll_text(state(), back) == roll_text(state(), e) == \
        "Throw a Rock · Orcs · +2 FAME · rolled 4 → 6"


def test_mods_text_signs_every_term():
    assert mods_text([("range: long", -1), ("Very Long Legs", 1), ("squig", -1)]) == \
        "−1 range: long +1 Very Long Legs −1 squig"
