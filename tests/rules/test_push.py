"""A8.5-A8.6 pushes: squares, priority [DD-11], chain pushes, the crowd, the ball, touchdowns.

Home is Orcs, Away is Humans (ids: Home jersey n -> n-1, Away jersey n -> 10+n). Every block
here is Orc Lineman (home:10, ST 3) against Human Lineman (away:9, ST 3): one block die.
"""

import pytest

from squigbowl.rules import engine
from squigbowl.rules.geometry import push_squares
from squigbowl.rules.model import PRONE, RESERVES, STANDING
from squigbowl.rules.push import candidate_squares
from tests.conftest import kinds, make, rolls_of
from tests.rules.d5_block_helpers import A, H, game, of  # the shared set-up




def block(m, attacker=H(10), defender=A(9)):
    return m.decide(("BLOCK", attacker)) + m.decide(("block", defender))


@pytest.fixture
def drive_end_stub(monkeypatch):
    """The drive engine is not under test: a touchdown just stops the match here."""
    def stub(m):
        m.state.over = True
        if False:
            yield
    monkeypatch.setitem(engine.PHASES, "drive_end", stub)


def test_a8_5_push_back_squares():
    assert push_squares((5, 5), (6, 5)) == [(7, 4), (7, 5), (7, 6)]
    assert push_squares((5, 5), (5, 4)) == [(4, 3), (5, 3), (6, 3)]
    assert push_squares((5, 5), (6, 6)) == [(7, 7), (7, 6), (6, 7)]


def test_a8_6_1_empty_squares_come_first_dd11():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (7, 4)),
                 ("away:11", (7, 5))], [3])
    events = block(m)
    # only (7, 6) is empty: no question, pushed there
    assert m.pending.kind == "follow_up"
    assert of(events, "pushed")[0].data == {"player": A(9), "frm": (6, 5), "to": (7, 6),
                                            "chain": 0, "by": H(10)}
    assert m.state.players[A(9)].square == (7, 6)
    d.check_done()


def test_a8_6_1_crowd_before_chain_push_dd11():
    # pushed SE from (5, 13) into (6, 14): (7, 14) is taken, (7, 15) and (6, 15) are crowd
    m, d = game([("home:10", (5, 13)), ("away:9", (6, 14)), ("away:10", (7, 14))], [3, 3, 3])
    block(m)
    assert m.pending.kind == "push" and m.pending.side == 0
    assert m.pending.choices == [("push", (7, 15)), ("push", (6, 15))]
    assert m.pending.info["squares"] == [(7, 15), (6, 15)]
    events = m.decide(("push", (6, 15)))
    assert kinds(events)[:2] == ["pushed", "into_crowd"]
    assert m.state.players[A(9)].status == RESERVES  # 3 + 3: Stunned -> Reserves (A8.14)
    assert rolls_of(events, "injury")[0]["dice"] == [3, 3]
    d.check_done()


def test_a8_6_1_chain_push_only_when_all_squares_taken():
    st = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (7, 4)),
               ("away:11", (7, 5)), ("away:2", (7, 6))], [])[0].state
    assert candidate_squares(st, (5, 5), (6, 5)) == [(7, 4), (7, 5), (7, 6)]


def test_a8_6_2_chain_push_resolves_far_end_first():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (7, 4)),
                 ("away:11", (7, 5)), ("away:2", (7, 6))], [3])
    block(m)
    assert m.pending.kind == "push" and m.pending.info["player"] == A(9)
    m.decide(("push", (7, 5)))
    # the same coach pushes the next player, away from the player pushed into him
    assert m.pending.kind == "push" and m.pending.side == 0
    assert m.pending.info["player"] == A(11)
    assert m.pending.choices == [("push", (8, 4)), ("push", (8, 5)), ("push", (8, 6))]
    events = m.decide(("push", (8, 6)))
    pushed = of(events, "pushed")
    assert [(e["player"], e["chain"]) for e in pushed] == [(A(11), 1), (A(9), 0)]
    assert m.state.players[A(11)].square == (8, 6)
    assert m.state.players[A(9)].square == (7, 5)
    assert (6, 5) not in m.state.board
    m.decide(("follow_up", False))
    d.check_done()


def test_a8_6_2_only_the_first_defender_is_knocked_down():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (7, 4)),
                 ("away:11", (7, 5)), ("away:2", (7, 6))], [6, 1, 2])
    block(m)
    m.decide(("push", (7, 5)))
    m.decide(("push", (8, 5)))
    events = m.decide(("follow_up", True))
    assert [e["player"] for e in of(events, "knocked_down")] == [A(9)]
    assert m.state.players[A(11)].status == STANDING
    assert m.state.players[A(9)].status == PRONE and m.state.players[A(9)].square == (7, 5)
    d.check_done()


def test_a12_stand_firm_in_a_chain_stops_the_whole_chain():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (7, 4)),
                 ("away:11", (7, 5), {"skills": ["Stand Firm"]}), ("away:2", (7, 6))], [3])
    block(m)
    m.decide(("push", (7, 5)))
    assert m.pending.kind == "skill" and m.pending.info["player"] == A(11)
    assert m.pending.side == 1
    events = m.decide(("use", True))
    assert "pushed" not in kinds(events)
    assert m.state.players[A(9)].square == (6, 5) and m.state.players[A(11)].square == (7, 5)
    assert m.pending.kind == "turn"  # nobody moved: no follow-up
    d.check_done()


def test_a8_6_2_prone_player_is_chain_pushed_without_stand_firm():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (7, 4)),
                 ("away:11", (7, 5), {"skills": ["Stand Firm"], "status": "prone"}),
                 ("away:2", (7, 6))], [3])
    block(m)
    m.decide(("push", (7, 5)))
    assert m.pending.kind == "push"  # no Stand Firm while Prone (A12 preamble)
    m.decide(("push", (8, 5)))
    assert m.state.players[A(11)].square == (8, 5) and m.state.players[A(11)].status == PRONE
    d.check_done()


def test_a8_6_3_crowd_push_of_the_ball_carrier_is_thrown_in():
    # away:9 holds the ball on the bottom line and is pushed S into the crowd
    m, d = game([("home:10", (6, 13)), ("away:9", (6, 14))],
                [3, 2, 2,        # block, crowd injury 4: Stunned -> Reserves
                 3, 2, 2,        # throw-in: centre arrow (N), 4 squares -> (6, 10)
                 5],             # lands in an empty square and bounces E -> (7, 10)
                carrier="away:9")
    block(m)
    m.decide(("push", (6, 15)))
    assert m.pending.kind == "follow_up"
    assert m.state.ball.carrier is None  # the crowd has it
    events = m.decide(("follow_up", False))
    throw = of(events, "throw_in")[0]
    assert throw["frm"] == (6, 14) and throw["direction"] == (0, -1) and throw["distance"] == 4
    assert m.state.ball.square == (7, 10) and m.state.ball.carrier is None
    assert not m.state.ball.in_air
    assert "turnover" not in kinds(events)  # [DD-12]: not the moving team's player
    assert m.state.players[A(9)].status == RESERVES
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_a8_6_5_own_ball_carrier_chain_pushed_into_crowd_is_a_turnover_dd12():
    m, d = game([("home:10", (6, 12)), ("away:9", (6, 13)), ("away:10", (5, 14)),
                 ("home:9", (6, 14)), ("away:11", (7, 14))],
                [3, 2, 2,        # block; home:9's crowd injury (Reserves)
                 3, 1, 1,        # throw-in from (6, 14): N, 2 squares -> (6, 12)
                 2],             # empty after the follow-up: bounces N -> (6, 11)
                carrier="home:9")
    block(m)
    m.decide(("push", (6, 14)))
    assert m.pending.info["player"] == H(9)
    assert [c[1] for c in m.pending.choices] == [(5, 15), (6, 15), (7, 15)]
    m.decide(("push", (6, 15)))
    events = m.decide(("follow_up", True))
    assert m.state.players[H(9)].status == RESERVES
    assert m.state.players[A(9)].square == (6, 14)
    assert m.state.players[H(10)].square == (6, 13)
    assert m.state.ball.square == (6, 11)
    assert of(events, "turnover")[0]["reason"] == "ball carrier pushed into the crowd"
    assert m.state.active == 1
    d.check_done()


def test_a8_6_4_pushed_into_the_balls_square_it_bounces():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [3, 5], ball=[7, 5])
    block(m)
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert of(events, "ball_knocked_loose")[0]["square"] == (7, 5)
    assert of(events, "ball_bounced")[0].data == {"frm": (7, 5), "to": (8, 5), "d8": 5}
    assert m.state.ball.square == (8, 5) and m.state.ball.carrier is None
    assert "turnover" not in kinds(events)  # A7.8.2
    d.check_done()


def test_a8_6_4_pushed_carrier_knocked_down_drops_ball_in_new_square():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [6, 1, 2, 7], carrier="away:9")
    block(m)
    m.decide(("push", (7, 4)))
    events = m.decide(("follow_up", True))
    assert of(events, "ball_dropped")[0]["square"] == (7, 4)
    assert of(events, "ball_bounced")[0].data == {"frm": (7, 4), "to": (7, 5), "d8": 7}
    assert m.state.ball.square == (7, 5)
    assert kinds(events).index("knocked_down") < kinds(events).index("ball_dropped")
    d.check_done()


def test_a8_6_4_pushed_carrier_knocked_down_ball_lands_on_follower_who_catches():
    # the follow-up is decided before the knock-down: the attacker now stands in (6, 5) and
    # the bouncing ball (D8 4 = W from (7, 5)) comes to him; catch 4+ (AG 3, no modifier: the
    # only opponent near him is down)
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [6, 1, 2, 4, 4],
                carrier="away:9")
    block(m)
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", True))
    catch = rolls_of(events, "catch")[0]
    assert catch["player"] == H(10) and catch["success"] is True
    assert m.state.ball.carrier == H(10)
    d.check_done()


def test_a2_6_touchdown_by_push_in_the_opponents_turn(drive_end_stub):
    # an Away carrier pushed by Home into x = 0 (where Away scores) and still Standing
    m, d = game([("home:10", (2, 5)), ("away:9", (1, 5))], [3], carrier="away:9")
    block(m)
    m.decide(("push", (0, 5)))
    events = m.decide(("follow_up", False))
    td = of(events, "touchdown")[0]
    assert td.data == {"side": 1, "player": A(9), "square": (0, 5)}
    assert m.state.touchdown == 1 and m.state.phase == "drive_end"
    d.check_done()


def test_a8_6_4_chain_pushed_carrier_scores(drive_end_stub):
    m, d = game([("home:10", (3, 5)), ("away:9", (2, 5)), ("home:1", (1, 4)),
                 ("away:10", (1, 5)), ("home:2", (1, 6))], [3], carrier="away:10")
    block(m)
    m.decide(("push", (1, 5)))
    m.decide(("push", (0, 5)))
    events = m.decide(("follow_up", False))
    assert of(events, "touchdown")[0]["player"] == A(10)
    assert m.state.touchdown == 1
    d.check_done()


def test_a8_6_4_carrier_pushed_down_in_end_zone_does_not_score():
    m, d = game([("home:10", (2, 5)), ("away:9", (1, 5))], [6, 1, 2, 5],
                carrier="away:9")
    block(m)
    m.decide(("push", (0, 5)))
    events = m.decide(("follow_up", False))
    assert "touchdown" not in kinds(events) and m.state.touchdown is None
    assert m.state.ball.square == (1, 5)  # bounced E from (0, 5)
    d.check_done()
