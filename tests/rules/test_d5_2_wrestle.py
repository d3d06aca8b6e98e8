"""D5.2 Wrestle [DD-104] and D5.3 Juggernaut: one test a sentence of its row (the Fanatic's and
the Death-Roller's: tests/house/test_d5_2_fanatic_blocks.py)."""

from squigbowl.rules.model import PRONE, STANDING
from tests.conftest import kinds, rolls_of
from tests.rules.d5_block_helpers import A, H, P, game, of, start_block

WRESTLE = {"skills": ["Wrestle"]}


def test_d5_2_wrestle_attacker_both_placed_prone_no_armour_rolls():
    m, d = game([("home:10", (5, 5), WRESTLE), ("away:9", (6, 5))], [2])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.side == 0
    assert m.pending.info["skill"] == "Wrestle"
    events = m.decide(("use", True))
    assert [e["player"] for e in of(events, "placed_prone")] == [A(9), H(10)]
    assert not rolls_of(events, "armour") and "turnover" not in kinds(events)
    assert P(m, H(10)).status == PRONE and P(m, A(9)).status == PRONE
    assert P(m, H(10)).square == (5, 5) and P(m, A(9)).square == (6, 5)
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_d5_2_wrestle_when_blocked_the_defender_may_wrestle():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), WRESTLE)], [2])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.side == 1
    events = m.decide(("use", True))
    assert len(of(events, "placed_prone")) == 2 and not rolls_of(events, "armour")
    assert "turnover" not in kinds(events) and m.state.active == 0
    d.check_done()


def test_d5_2_wrestle_block_is_ignored():
    m, d = game([("home:5", (5, 5), {"skills": ["Block", "Wrestle"]}), ("away:2", (6, 5))], [2])
    start_block(m, H(5), A(2))
    events = m.decide(("use", True))  # Wrestle: no question about Block for either
    assert P(m, H(5)).status == PRONE and P(m, A(2)).status == PRONE
    assert m.pending.kind == "turn"
    d.check_done()


def test_d5_2_wrestle_turnover_only_if_the_attacker_held_the_ball():
    m, d = game([("home:10", (5, 5), WRESTLE), ("away:9", (6, 5))], [2, 4], carrier="home:10")
    start_block(m, H(10), A(9))
    events = m.decide(("use", True))
    assert of(events, "ball_dropped")[0]["square"] == (5, 5)
    assert m.state.ball.square == (4, 5) and m.state.ball.carrier is None
    assert of(events, "turnover")[0]["reason"] == "Wrestle: the ball carrier went down"
    assert m.state.active == 1
    d.check_done()


def test_d5_2_wrestle_a_defending_ball_carrier_drops_the_ball_no_turnover():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), WRESTLE)], [2, 5], carrier="away:9")
    start_block(m, H(10), A(9))
    events = m.decide(("use", True))
    assert of(events, "ball_dropped")[0]["square"] == (6, 5)
    assert m.state.ball.square == (7, 5) and "turnover" not in kinds(events)
    d.check_done()


def test_d5_2_wrestle_both_have_it_the_attackers_coach_is_asked_first_dd_104():
    m, d = game([("home:10", (5, 5), WRESTLE), ("away:9", (6, 5), WRESTLE)], [2])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.side == 0
    m.decide(("use", False))
    assert m.pending.kind == "skill" and m.pending.side == 1
    assert m.pending.info["skill"] == "Wrestle"
    events = m.decide(("use", True))
    assert len(of(events, "placed_prone")) == 2
    d.check_done()


def test_d5_2_wrestle_declined_both_down_as_usual():
    m, d = game([("home:10", (5, 5), WRESTLE), ("away:9", (6, 5))], [2, 1, 1, 1, 1])
    start_block(m, H(10), A(9))
    events = m.decide(("use", False))
    assert [e["player"] for e in of(events, "knocked_down")] == [A(9), H(10)]
    assert len(rolls_of(events, "armour")) == 2 and "turnover" in kinds(events)
    d.check_done()


def test_d5_2_wrestle_not_usable_against_a_juggernaut_in_a_blitz_d5_3():
    m, d = game([("home:6", (5, 5), {"skills": ["Juggernaut"]}), ("away:9", (6, 5), WRESTLE)],
                [2, 1, 1, 1, 1])
    start_block(m, H(6), A(9), action="BLITZ")
    assert m.pending.info["skill"] == "Juggernaut"
    events = m.decide(("use", False))
    assert m.pending.kind == "turn" and m.state.active == 1  # no Wrestle question
    assert [e["player"] for e in of(events, "knocked_down")] == [A(9), H(6)]
    d.check_done()


def test_d5_2_wrestle_usable_against_a_juggernaut_outside_a_blitz():
    m, d = game([("home:6", (5, 5), {"skills": ["Juggernaut"]}), ("away:9", (6, 5), WRESTLE)],
                [2])
    start_block(m, H(6), A(9))
    assert m.pending.info["skill"] == "Wrestle" and m.pending.side == 1
    m.decide(("use", True))
    assert P(m, H(6)).status == PRONE and P(m, A(9)).status == PRONE
    d.check_done()


def test_d5_2_wrestle_ends_a_blitz_no_turnover():
    m, d = game([("home:6", (5, 5), WRESTLE), ("away:9", (6, 5))], [2])
    start_block(m, H(6), A(9), action="BLITZ")
    m.decide(("use", True))
    assert m.pending.kind == "turn" and m.state.active == 0 and P(m, H(6)).acted
    assert P(m, A(9)).status == PRONE and P(m, H(6)).status != STANDING
    d.check_done()
