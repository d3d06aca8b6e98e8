"""D5.2 Fend [DD-100]: one test a sentence of its row (the Fanatic's: tests/house/
test_d5_2_fanatic_blocks.py)."""

from squigbowl.rules.model import PRONE, STANDING
from tests.rules.d5_block_helpers import A, H, P, game, of, start_block, used


def test_d5_2_fend_blocker_may_not_follow_up():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Fend"]})], [3])
    start_block(m, H(10), A(9))
    events = m.decide(("push", (7, 5)))
    assert used(events, "Fend") == [A(9)]
    assert P(m, A(9)).square == (7, 5) and P(m, H(10)).square == (5, 5)
    assert m.pending.kind == "turn" and not of(events, "moved")
    d.check_done()


def test_d5_2_fend_even_if_knocked_down():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Fend"]})], [6, 2, 3])
    start_block(m, H(10), A(9))
    events = m.decide(("push", (7, 5)))
    assert used(events, "Fend") == [A(9)]
    assert P(m, A(9)).square == (7, 5) and P(m, A(9)).status == PRONE
    assert P(m, H(10)).square == (5, 5) and m.pending.kind == "turn"
    d.check_done()


def test_d5_2_fend_blitzer_keeps_his_remaining_movement():
    m, d = game([("home:6", (5, 5)), ("away:9", (6, 5), {"skills": ["Fend"]})], [3])
    start_block(m, H(6), A(9), action="BLITZ")
    m.decide(("push", (7, 5)))
    assert P(m, H(6)).square == (5, 5)
    assert m.pending.kind == "action"
    assert ("step", (4, 5)) in m.legal()  # MA 7, one square paid for the block
    assert m.state.activation.moves == 1
    d.check_done()


def test_d5_2_fend_frenzy_second_block_only_if_still_adjacent_pushed_away():
    m, d = game([("home:10", (5, 5), {"skills": ["Frenzy"]}),
                 ("away:9", (6, 5), {"skills": ["Fend"]})], [3])
    start_block(m, H(10), A(9))
    events = m.decide(("push", (7, 5)))
    assert not [e for e in of(events, "block_declared") if e["frenzy"]]
    assert P(m, H(10)).square == (5, 5) and m.pending.kind == "turn"
    d.check_done()


def test_d5_2_fend_frenzy_second_block_when_still_adjacent():
    # Side Step puts the Fend player next to the Frenzy blocker: the second block follows
    m, d = game([("home:10", (5, 5), {"skills": ["Frenzy"]}),
                 ("away:9", (6, 5), {"skills": ["Fend", "Side Step"]})], [3, 3])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Side Step"
    events = m.decide(("push", (6, 4)))
    assert [e["frenzy"] for e in of(events, "block_declared")] == [True]
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Side Step"
    m.decide(("push", (7, 3)))
    assert P(m, H(10)).square == (5, 5) and P(m, A(9)).square == (7, 3)
    d.check_done()


def test_d5_2_fend_cancelled_by_juggernaut_in_a_blitz():
    m, d = game([("home:6", (5, 5), {"skills": ["Juggernaut"]}),
                 ("away:9", (6, 5), {"skills": ["Fend"]})], [3])
    start_block(m, H(6), A(9), action="BLITZ")
    events = m.decide(("push", (7, 5)))
    assert m.pending.kind == "follow_up" and not used(events, "Fend")
    m.decide(("follow_up", True))
    assert P(m, H(6)).square == (6, 5) and P(m, A(9)).status == STANDING
    d.check_done()


def test_d5_2_fend_juggernaut_outside_a_blitz_does_not_cancel_it():
    m, d = game([("home:6", (5, 5), {"skills": ["Juggernaut"]}),
                 ("away:9", (6, 5), {"skills": ["Fend"]})], [3])
    start_block(m, H(6), A(9))
    events = m.decide(("push", (7, 5)))
    assert used(events, "Fend") == [A(9)] and m.pending.kind == "turn"
    d.check_done()
