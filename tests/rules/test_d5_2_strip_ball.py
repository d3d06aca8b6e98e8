"""D5.2 Strip Ball [DD-103] and D5.3 Sure Hands: one test a sentence of its row (the
Fanatic's: tests/house/test_d5_2_fanatic_blocks.py)."""

from squigbowl.rules.model import STANDING
from tests.conftest import kinds
from tests.rules.d5_block_helpers import A, H, P, game, of, start_block, used

STRIPPER = ("home:10", (5, 5), {"skills": ["Strip Ball"]})


def test_d5_2_strip_ball_pushed_carrier_drops_the_ball_in_his_new_square_and_it_bounces():
    m, d = game([STRIPPER, ("away:9", (6, 5))], [3, 7], carrier="away:9")
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert used(events, "Strip Ball") == [H(10)]
    assert of(events, "ball_dropped")[0]["square"] == (7, 5)
    assert of(events, "ball_bounced")[0]["frm"] == (7, 5)
    assert m.state.ball.carrier is None and m.state.ball.square == (7, 6)
    assert P(m, A(9)).status == STANDING and P(m, A(9)).square == (7, 5)
    assert not m.state.turnover
    d.check_done()


def test_d5_2_strip_ball_defender_stumbles_turned_into_pushed_included():
    m, d = game([STRIPPER, ("away:6", (6, 5))], [5, 5, 7], carrier="away:6")  # Dodge, ST 2
    start_block(m, H(10), A(6))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert used(events, "Strip Ball") == [H(10)] and m.state.ball.square == (7, 6)
    assert P(m, A(6)).status == STANDING
    d.check_done()


def test_d5_2_strip_ball_drop_comes_before_the_touchdown_check():
    # a home carrier pushed into the end zone Home scores in (x = 25) would score (A8.6.4,
    # A2.6): stripped first, the ball bounces (D8 4: west, to (24, 5)) and nobody scores
    m, d = game([("away:9", (23, 5), {"skills": ["Strip Ball"]}), ("home:10", (24, 5))],
                [3, 4], carrier="home:10", active="away")
    start_block(m, A(9), H(10))
    m.decide(("push", (25, 5)))
    events = m.decide(("follow_up", False))
    assert "touchdown" not in kinds(events) and m.state.touchdown is None
    assert m.state.ball.carrier is None and m.state.ball.square == (24, 5)
    d.check_done()


def test_d5_2_strip_ball_no_effect_when_the_carrier_stays_put_stand_firm():
    m, d = game([STRIPPER, ("away:9", (6, 5), {"skills": ["Stand Firm"]})], [3],
                carrier="away:9")
    start_block(m, H(10), A(9))
    assert m.pending.info["skill"] == "Stand Firm"
    events = m.decide(("use", True))
    assert not used(events, "Strip Ball") and m.state.ball.carrier == A(9)
    d.check_done()


def test_d5_3_sure_hands_strip_ball_has_no_effect():
    m, d = game([STRIPPER, ("away:9", (6, 5), {"skills": ["Sure Hands"]})], [3],
                carrier="away:9")
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert not used(events, "Strip Ball") and m.state.ball.carrier == A(9)
    d.check_done()


def test_d5_2_strip_ball_carrier_pushed_into_the_crowd_throw_in_as_usual():
    # away:9 on the top edge (y = 0) pushed off the pitch: crowd injury 2+2 (Stunned ->
    # Reserves), then the throw-in from (6, 0): template D6 3 (straight in), 2D6 1+1, it lands
    # on (6, 2) and bounces (D8 5: east)
    m, d = game([("home:10", (6, 1), {"skills": ["Strip Ball"]}), ("away:9", (6, 0))],
                [3, 2, 2, 3, 1, 1, 5], carrier="away:9")
    start_block(m, H(10), A(9))
    m.decide(("push", (6, -1)))
    events = m.decide(("follow_up", False))
    assert not used(events, "Strip Ball")
    assert "throw_in" in kinds(events)
    d.check_done()


def test_d5_2_strip_ball_not_on_a_defender_down():
    m, d = game([STRIPPER, ("away:9", (6, 5))], [6, 2, 3, 7], carrier="away:9")
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert not used(events, "Strip Ball") and "knocked_down" in kinds(events)
    d.check_done()
