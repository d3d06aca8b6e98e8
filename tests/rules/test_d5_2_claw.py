"""D5.2 Claw: one test a sentence of its row."""

from tests.conftest import rolls_of
from tests.rules.d5_block_helpers import A, H, P, game, start_block

CLAW = {"skills": ["Claw"]}


def knock_down_ogre(skills, armour):
    # home:10 (ST 3 with the given skills) v away:9 (AV 8) made AV 10: Defender Down
    return game([("home:10", (5, 5), {"skills": skills}), ("away:9", (6, 5), {"av": 10})],
                [6] + armour)


def test_d5_2_claw_armour_of_8_or_more_always_breaks():
    m, d = knock_down_ogre(["Claw"], [4, 4, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 4] and armour["success"] and armour["claw"]
    assert rolls_of(events, "injury")[0]["dice"] == [1, 1]
    d.check_done()


def test_d5_2_claw_7_does_not_break_av_10():
    m, d = knock_down_ogre(["Claw"], [3, 4])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert not rolls_of(events, "armour")[0]["success"] and not rolls_of(events, "injury")
    d.check_done()


def test_d5_2_claw_mighty_blow_included_in_the_8():
    m, d = knock_down_ogre(["Claw", "Mighty Blow"], [3, 4, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    armour = rolls_of(events, "armour")[0]
    assert armour["success"] and armour["mighty_blow"] and armour["modifier"] == 1
    injury = rolls_of(events, "injury")[0]
    assert injury["modifier"] == 0  # Mighty Blow went on the armour
    d.check_done()


def test_d5_2_claw_not_for_fouls():
    # a foul: 4 + 4 against AV 10 holds, Claw or not
    m, d = game([("home:10", (5, 5), CLAW), ("away:9", (6, 5), {"av": 10, "status": "prone"})],
                [4, 4])
    m.decide(("FOUL", H(10)))
    events = m.decide(("foul", A(9)))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 4] and not armour["success"]
    d.check_done()


def test_d5_2_claw_without_it_8_does_not_break_av_10():
    m, d = knock_down_ogre([], [4, 4])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert not rolls_of(events, "armour")[0]["success"]
    assert P(m, A(9)).square == (7, 5)
    d.check_done()


def test_d5_2_claw_the_block_preview_shows_the_armour_chance_with_claw():
    from squigbowl.rules.odds import block_preview
    m, d = game([("home:10", (5, 5), CLAW), ("away:9", (6, 5), {"av": 10})], [])
    b = block_preview(m, H(10), A(9))
    assert b["claw"] and b["p_armour_broken"] == 15 / 36  # 8+ on 2D6 (11+ without Claw)
    m2, _ = game([("home:10", (5, 5), {"skills": ["Claw", "Mighty Blow"]}),
                  ("away:9", (6, 5), {"av": 10})], [])
    assert block_preview(m2, H(10), A(9))["p_armour_broken"] == 21 / 36  # 7+ with +1
    m3, _ = game([("home:10", (5, 5)), ("away:9", (6, 5), {"av": 10})], [])
    assert block_preview(m3, H(10), A(9))["p_armour_broken"] == 3 / 36
    d.check_done()
