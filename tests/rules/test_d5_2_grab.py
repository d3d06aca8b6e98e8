"""D5.2 Grab [DD-111]: one test a sentence of its row (the Fanatic's: tests/house/
test_d5_2_fanatic_blocks.py)."""

from squigbowl.rules.model import RESERVES, STANDING
from tests.rules.d5_block_helpers import A, H, P, game, of, start_block, used

GRAB = {"skills": ["Grab"]}
FREE = {(5, 4), (6, 4), (7, 4), (7, 5), (5, 6), (6, 6), (7, 6)}  # around (6, 5) but (5, 5)


def test_d5_2_grab_in_a_block_action_any_empty_square_next_to_the_defender():
    m, d = game([("home:10", (5, 5), GRAB), ("away:9", (6, 5))], [3])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.side == 0
    assert m.pending.info["skill"] == "Grab"
    assert {c[1] for c in m.legal()} == FREE
    events = m.decide(("push", (5, 4)))
    assert used(events, "Grab") == [H(10)]
    assert P(m, A(9)).square == (5, 4)
    m.decide(("follow_up", True))
    assert P(m, H(10)).square == (6, 5)
    d.check_done()


def test_d5_2_grab_none_empty_the_normal_push_applies():
    # the defender on the top edge, the four other squares next to him taken: only the crowd
    m, d = game([("home:10", (6, 1), GRAB), ("away:9", (6, 0)), ("away:10", (5, 0)),
                 ("away:11", (7, 0)), ("away:2", (5, 1)), ("away:3", (7, 1))],
                [3, 3, 3, 1, 1])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "push"
    assert m.legal() == [("push", (5, -1)), ("push", (6, -1)), ("push", (7, -1))]
    m.decide(("push", (6, -1)))
    assert P(m, A(9)).status == RESERVES
    m.decide(("follow_up", False))
    d.check_done()


def test_d5_2_grab_not_in_a_blitz():
    m, d = game([("home:6", (5, 5), GRAB), ("away:9", (6, 5))], [3])
    start_block(m, H(6), A(9), action="BLITZ")
    assert m.pending.kind == "push"
    assert m.legal() == [("push", (7, 4)), ("push", (7, 5)), ("push", (7, 6))]
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    d.check_done()


def test_d5_2_grab_cancelled_by_the_defenders_side_step():
    m, d = game([("home:10", (5, 5), GRAB), ("away:9", (6, 5), {"skills": ["Side Step"]})], [3])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.side == 1
    assert m.pending.info["skill"] == "Side Step"
    events = m.decide(("push", (6, 6)))
    assert used(events, "Side Step") == [A(9)] and not used(events, "Grab")
    m.decide(("follow_up", False))
    d.check_done()


def test_d5_2_grab_stand_firm_still_works():
    m, d = game([("home:10", (5, 5), GRAB), ("away:9", (6, 5), {"skills": ["Stand Firm"]})],
                [3])
    start_block(m, H(10), A(9))
    assert m.pending.info["skill"] == "Stand Firm"
    m.decide(("use", True))
    assert P(m, A(9)).square == (6, 5) and m.pending.kind == "turn"
    d.check_done()


def test_d5_2_grab_never_together_with_frenzy():
    m, d = game([("home:10", (5, 5), {"skills": ["Grab", "Frenzy"]}), ("away:9", (6, 5))],
                [3, 6, 1, 1])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "push"
    m.decide(("push", (7, 5)))  # Frenzy follows up and blocks again: Defender Down
    assert m.pending.kind == "push" and P(m, H(10)).square == (6, 5)
    m.decide(("push", (8, 5)))
    assert P(m, H(10)).square == (7, 5) and P(m, A(9)).status != STANDING
    d.check_done()

