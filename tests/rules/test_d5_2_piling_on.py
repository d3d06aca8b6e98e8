"""D5.2 Piling On: one test a sentence of its row (the Death-Roller's: tests/house/
test_d5_2_fanatic_blocks.py)."""

from squigbowl.rules.model import KO, PRONE, STANDING, STUNNED
from tests.conftest import kinds, rolls_of
from tests.rules.d5_block_helpers import A, H, P, game, of, start_block

PILER = ("home:10", (5, 5), {"skills": ["Piling On"]})


def down_and_follow(m, action="BLOCK", who=H(10)):
    start_block(m, who, A(9), action=action)
    m.decide(("push", (7, 5)))
    return m.decide(("follow_up", True))


def test_d5_2_piling_on_rerolls_the_armour_then_he_is_placed_prone_no_turnover():
    m, d = game([PILER, ("away:9", (6, 5))], [6, 1, 1, 5, 5, 1, 1])
    down_and_follow(m)
    assert m.pending.kind == "skill" and m.pending.side == 0
    assert m.pending.info["skill"] == "Piling On" and m.pending.info["roll"] == "armour"
    events = m.decide(("use", True))
    armour = rolls_of(events, "armour")
    assert armour[0]["dice"] == [5, 5] and armour[0]["reroll"] == "Piling On"
    assert armour[0]["success"] and P(m, A(9)).status == STUNNED
    assert of(events, "placed_prone")[0]["player"] == H(10)
    assert P(m, H(10)).status == PRONE and "turnover" not in kinds(events)
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_d5_2_piling_on_rerolls_the_injury_when_the_armour_broke_before_the_apothecary():
    m, d = game([PILER, ("away:9", (6, 5))], [6, 5, 5, 2, 2, 4, 5],
                apothecary={"home": 0, "away": 1})
    down_and_follow(m)
    assert m.pending.info["skill"] == "Piling On" and m.pending.info["roll"] == "injury"
    assert m.pending.info["result"] == "stunned"
    m.decide(("use", True))
    assert m.pending.kind == "apothecary" and m.pending.side == 1  # 4 + 5: KO'd
    m.decide(("apothecary", False))
    assert P(m, A(9)).status == KO and P(m, H(10)).status == PRONE
    d.check_done()


def test_d5_2_piling_on_only_adjacent_to_the_victim():
    m, d = game([PILER, ("away:9", (6, 5))], [6, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    assert m.pending.kind == "turn" and P(m, H(10)).status == STANDING
    d.check_done()


def test_d5_2_piling_on_declined_he_stays_up():
    m, d = game([PILER, ("away:9", (6, 5))], [6, 1, 1])
    down_and_follow(m)
    m.decide(("use", False))
    assert m.pending.kind == "turn" and P(m, H(10)).status == STANDING
    d.check_done()


def test_d5_2_piling_on_turnover_only_if_he_held_the_ball():
    m, d = game([PILER, ("away:9", (6, 5))], [6, 1, 1, 2, 2, 4], carrier="home:10")
    down_and_follow(m)
    events = m.decide(("use", True))
    assert of(events, "ball_dropped")[0]["square"] == (6, 5)
    assert of(events, "turnover")[0]["reason"] == "Piling On: the ball carrier went down"
    assert m.state.active == 1
    d.check_done()


def test_d5_2_piling_on_his_action_ends_in_a_blitz():
    m, d = game([("home:6", (5, 5), {"skills": ["Piling On"]}), ("away:9", (6, 5))],
                [6, 1, 1, 1, 1])
    down_and_follow(m, action="BLITZ", who=H(6))
    m.decide(("use", True))
    assert m.pending.kind == "turn" and P(m, H(6)).acted and P(m, H(6)).status == PRONE
    d.check_done()


def test_d5_2_piling_on_mighty_blow_applies_to_the_new_roll():
    m, d = game([("home:10", (5, 5), {"skills": ["Piling On", "Mighty Blow"]}),
                 ("away:9", (6, 5))], [6, 1, 1, 4, 4, 1, 1])
    down_and_follow(m)
    events = m.decide(("use", True))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 4] and armour["mighty_blow"] and armour["success"]
    d.check_done()


def test_d5_2_piling_on_claw_applies_to_the_new_roll():
    m, d = game([("home:10", (5, 5), {"skills": ["Piling On", "Claw"]}),
                 ("away:9", (6, 5), {"av": 10})], [6, 1, 1, 4, 4, 1, 1])
    down_and_follow(m)
    events = m.decide(("use", True))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 4] and armour["claw"] and armour["success"]
    d.check_done()


def test_d5_2_piling_on_not_when_he_goes_down_himself_on_both_down():
    m, d = game([PILER, ("away:9", (6, 5))], [2, 1, 1, 1, 1])
    events = start_block(m, H(10), A(9))
    assert m.pending.kind == "turn" and "turnover" in kinds(events)
    d.check_done()


def test_d5_2_piling_on_after_a_multiple_block_block_then_no_second_block():
    # Stand Firm: knocked down in his own square, still next to the blocker
    m, d = game([("home:10", (5, 5), {"skills": ["Piling On", "Multiple Block"]}),
                 ("away:9", (6, 5), {"skills": ["Stand Firm"]}), ("away:10", (5, 6))],
                [6, 6, 1, 1, 1, 1])
    m.decide(("BLOCK", H(10)))
    m.decide(("multiple_block", A(9)))
    m.decide(("multiple_block", A(10)))
    m.decide(("use", True))  # Stand Firm
    assert m.pending.info["skill"] == "Piling On"
    events = m.decide(("use", True))
    assert P(m, H(10)).status == PRONE and not of(events, "block_declared")
    assert P(m, A(10)).status == STANDING and m.pending.kind == "turn"
    d.check_done()


def test_d5_2_piling_on_after_a_frenzy_second_block():
    m, d = game([("home:10", (5, 5), {"skills": ["Piling On", "Frenzy"]}), ("away:9", (6, 5))],
                [3, 6, 1, 1, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))   # Frenzy: follows up, blocks again: Defender Down
    m.decide(("push", (8, 5)))   # follows up again, next to him
    assert m.pending.info["skill"] == "Piling On"
    m.decide(("use", True))
    assert P(m, H(10)).status == PRONE and P(m, H(10)).square == (7, 5)
    d.check_done()
