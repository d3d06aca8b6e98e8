"""D5.2 Multiple Block [DD-112]: one test a sentence of its row."""

from squigbowl.rules.model import PRONE, STANDING
from tests.conftest import kinds
from tests.rules.d5_block_helpers import A, H, P, game, of, used

MB = {"skills": ["Multiple Block"]}
TWO = [("home:10", (5, 5), MB), ("away:9", (6, 5)), ("away:10", (5, 6))]


def test_d5_2_multiple_block_offered_in_a_block_action_next_to_two_standing_opponents():
    m, d = game(TWO + [("away:11", (4, 4), {"status": "prone"})], [])
    m.decide(("BLOCK", H(10)))
    assert m.legal() == [("block", A(9)), ("block", A(10)), ("multiple_block", A(9)),
                         ("multiple_block", A(10)), ("end", None)]
    m.decide(("multiple_block", A(9)))
    assert m.pending.kind == "multiple_block" and m.pending.side == 0
    assert m.legal() == [("multiple_block", A(10))]  # normal blocks only: no chainsaw, stab
    d.check_done()


def test_d5_2_multiple_block_not_with_one_opponent_nor_in_a_blitz():
    m, d = game([("home:10", (5, 5), MB), ("away:9", (6, 5))], [])
    m.decide(("BLOCK", H(10)))
    assert ("multiple_block", A(9)) not in m.legal()
    m, d = game(TWO, [])
    m.decide(("BLITZ", H(10)))
    assert not [c for c in m.legal() if c[0] == "multiple_block"]
    d.check_done()


def test_d5_2_multiple_block_each_in_turn_defenders_st_plus_2_no_follow_up():
    m, d = game(TWO, [3, 4, 3, 3])
    m.decide(("BLOCK", H(10)))
    m.decide(("multiple_block", A(9)))
    events = m.decide(("multiple_block", A(10)))
    assert used(events, "Multiple Block") == [H(10)]
    first = of(events, "block_roll")[0]
    # ST 3 + 2 and away:10's assist: 3 v 6, two dice (not more than twice), theirs to choose
    assert (first["defender"], first["attacker_strength"], first["defender_strength"]) == \
        (A(9), 3, 6)
    assert first["dice"] == [3, 4] and first["chooser"] == 1
    assert m.pending.kind == "push"
    events = m.decide(("push", (7, 5)))
    assert "follow_up" != m.pending.kind and P(m, H(10)).square == (5, 5)
    second = of(events, "block_roll")[0]
    assert (second["defender"], second["defender_strength"]) == (A(10), 5)
    assert [e["multiple"] for e in of(events, "block_declared")] == [True]
    m.decide(("push", (5, 7)))
    assert P(m, H(10)).square == (5, 5) and P(m, A(10)).square == (5, 7)
    assert m.pending.kind == "turn" and P(m, H(10)).acted
    d.check_done()


def test_d5_2_multiple_block_plus_2_also_for_dauntless():
    # ST 3 against 3 + 2: Dauntless is rolled (D6 3 + 3 = 6 > 5: ST 5), then 5 v 5 + 1 assist
    m, d = game([("home:10", (5, 5), {"skills": ["Multiple Block", "Dauntless"]}),
                 ("away:9", (6, 5)), ("away:10", (5, 6))], [3, 1, 1, 1, 1])
    m.decide(("BLOCK", H(10)))
    m.decide(("multiple_block", A(9)))
    events = m.decide(("multiple_block", A(10)))
    dauntless = [e for e in events if e.kind == "roll" and e["what"] == "Dauntless"][0]
    assert dauntless["target"] == 6 and dauntless["success"]
    roll = of(events, "block_roll")[0]
    assert (roll["attacker_strength"], roll["defender_strength"]) == (5, 6)
    assert roll["dice"] == [1, 1]
    d.check_done()


def test_d5_2_multiple_block_no_second_block_after_a_turnover():
    m, d = game(TWO, [1, 1, 2, 2])
    m.decide(("BLOCK", H(10)))
    m.decide(("multiple_block", A(9)))
    events = m.decide(("multiple_block", A(10)))
    assert len(of(events, "block_declared")) == 1 and "turnover" in kinds(events)
    assert P(m, A(10)).status == STANDING and m.state.active == 1
    d.check_done()


def test_d5_2_multiple_block_frenzy_does_not_apply():
    m, d = game([("home:10", (5, 5), {"skills": ["Multiple Block", "Frenzy"]}),
                 ("away:9", (6, 5)), ("away:10", (5, 6))], [3, 3, 6, 6, 2, 2])
    m.decide(("BLOCK", H(10)))
    m.decide(("multiple_block", A(9)))
    m.decide(("multiple_block", A(10)))
    events = m.decide(("push", (7, 5)))  # no follow-up, no second block on away:9
    assert [e["defender"] for e in of(events, "block_declared")] == [A(10)]
    m.decide(("push", (5, 7)))
    assert P(m, A(10)).status == PRONE and P(m, H(10)).square == (5, 5)
    d.check_done()


def test_d5_2_multiple_block_the_preview_counts_the_plus_2_in_the_dice():
    from squigbowl.coaches.block_odds import block_dice
    from squigbowl.rules.odds import block_preview
    m, d = game([("home:1", (5, 5), MB), ("away:9", (6, 5)), ("away:10", (4, 4))], [])
    m.decide(("BLOCK", H(1)))
    plain = block_preview(m, H(1), A(9))
    assert (plain["dice"], plain["defender_strength"]) == (1, 4)  # 4 v 3 + 1 assist
    b = block_preview(m, H(1), A(9), multiple=True)
    assert (b["dice"], b["chooser"], b["defender_strength"]) == (2, 1, 6)
    s = m.state
    assert block_dice(s, P(m, H(1)), (5, 5), P(m, A(9)), multiple=True) == -2
    d.check_done()


def test_d5_2_multiple_block_no_second_block_when_he_no_longer_stands():
    # the first defender wrestles him down on a Both Down: no turnover, but no second block
    m, d = game([("home:10", (5, 5), MB), ("away:9", (6, 5), {"skills": ["Wrestle"]}),
                 ("away:10", (5, 6))], [2, 2])
    m.decide(("BLOCK", H(10)))
    m.decide(("multiple_block", A(9)))
    m.decide(("multiple_block", A(10)))
    events = m.decide(("use", True))  # away:9's Wrestle
    assert P(m, H(10)).status == PRONE and "turnover" not in kinds(events)
    assert not of(events, "block_declared") and m.pending.kind == "turn"
    d.check_done()
