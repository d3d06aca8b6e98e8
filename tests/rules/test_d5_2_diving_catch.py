"""D5.2 Diving Catch [DD-105]: +1 to catch an accurate pass aimed at his square; and when a
pass (of any kind), kick-off (in the receiving half, after the touchback check), throw-in,
kicked ball or blunderbuss shot would come down in an empty on-pitch square next to him, he may
try to catch it as if it had come down in his own square (no accurate bonus); a failure bounces
from his square. Not for bouncing balls (nor the squig's own movement or bombs, B1.5, B5: the
house rules' tests). With two or more who could, none may."""

from squigbowl.rules import odds
from tests.conftest import kinds, make, rolls_of

THROWER, RECEIVER, OTHER = 9, 10, 8      # home:10, home:11, home:9 (AG 3: target 4)
AWAY9 = 19
DC = {"skills": ["Diving Catch"]}


def test_d5_2_diving_catch_plus_one_on_an_accurate_pass_at_his_square():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7), DC)], dice=[4, 2],
                carrier="home:10")
    m.decide(("PASS", THROWER))
    roll = rolls_of(m.decide(("pass", (9, 7))), "catch")[0]
    assert roll["mods"] == [("accurate", 1), ("Diving Catch", 1)] and roll["success"]
    assert m.state.ball.carrier == RECEIVER
    assert odds.catch_preview(m, RECEIVER, aimed=True)["needed"] == 2
    d.check_done()


def test_d5_2_diving_catch_no_bonus_on_a_hand_off():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7), DC)], dice=[3],
                carrier="home:10")
    m.decide(("HANDOFF", THROWER))
    roll = rolls_of(m.decide(("handoff", RECEIVER)), "catch")[0]
    assert roll["mods"] == [("accurate", 1)] and roll["success"]
    d.check_done()


def _inaccurate(extra_players=(), dice=()):
    """A Short pass at (9, 7), inaccurate (3), scattering N, S, N: it comes down at (9, 6)."""
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 5), DC), *extra_players],
                dice=[3, 2, 7, 2, *dice], carrier="home:10")
    m.decide(("PASS", THROWER))
    return m, d, m.decide(("pass", (9, 7)))


def test_d5_2_diving_catch_dives_for_a_ball_coming_down_next_to_him():
    m, d, events = _inaccurate(dice=[4])
    assert m.pending.kind == "skill" and m.pending.side == 0
    assert m.pending.info == {"skill": "Diving Catch", "player": RECEIVER, "landing": (9, 6)}
    events = m.decide(("use", True))
    roll = rolls_of(events, "catch")[0]
    assert roll.get("mods") is None and roll["success"]          # no accurate bonus
    assert m.state.ball.carrier == RECEIVER and m.state.ball.square == (9, 5)
    assert "turnover" not in kinds(events)
    d.check_done()


def test_d5_2_diving_catch_failed_bounces_from_his_square():
    m, d, events = _inaccurate(dice=[3, 2])
    events = m.decide(("use", True))
    assert not rolls_of(events, "catch")[0]["success"]
    bounce = [e for e in events if e.kind == "ball_bounced"][0]
    assert bounce["frm"] == (9, 5) and bounce["to"] == (9, 4)
    assert "turnover" in kinds(events)
    d.check_done()


def test_d5_2_diving_catch_declined_the_ball_bounces_from_where_it_came_down():
    m, d, events = _inaccurate(dice=[8])
    events = m.decide(("use", False))
    assert [e for e in events if e.kind == "ball_bounced"][0]["frm"] == (9, 6)
    assert m.state.ball.square == (10, 7)
    d.check_done()


def test_d5_2_diving_catch_an_opponent_may_dive_too():
    m, d = make([("home:10", (5, 7)), ("away:9", (10, 6), DC)], dice=[3, 2, 7, 2, 6],
                carrier="home:10")
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    assert m.pending.kind == "skill" and m.pending.side == 1
    m.decide(("use", True))
    assert m.state.ball.carrier == AWAY9
    d.check_done()


def test_d5_2_diving_catch_two_who_could_dive_none_may():
    m, d, events = _inaccurate(extra_players=[("home:9", (10, 5), DC)], dice=[8])
    assert m.pending.kind == "turn"                                 # no question
    assert [e for e in events if e.kind == "ball_bounced"][0]["frm"] == (9, 6)
    d.check_done()


def test_d5_2_diving_catch_not_for_a_bouncing_ball():
    # accurate at (9, 7), the catcher there fails and it bounces N to (9, 6), next to the diver
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 5), DC), ("home:9", (9, 7))],
                dice=[4, 2, 2], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (9, 7)))
    assert m.pending.kind != "skill" and "turnover" in kinds(events)
    assert m.state.ball.square == (9, 6) and m.state.ball.carrier is None
    d.check_done()


def _kickoff(players, dice):
    m, d = make(players, dice=dice, phase="kickoff", kicking="home", active="home")
    return m, d, m.decide(("kick", (18, 8)))       # scatter N 1 square: (18, 7)


def test_d5_2_diving_catch_on_a_kick_off_in_the_receiving_half():
    m, d, events = _kickoff([("home:10", (5, 7)), ("away:9", (19, 7), DC)], [2, 1, 1, 1, 4])
    assert m.pending.kind == "skill" and m.pending.info["landing"] == (18, 7)
    events = m.decide(("use", True))
    assert m.state.ball.carrier == AWAY9 and "caught" in kinds(events)
    d.check_done()


def test_d5_2_diving_catch_kick_off_diver_must_stand_in_the_receiving_half():
    # the ball comes down at (13, 7), the diver stands at (12, 7) in the kicking half: it bounces
    m, d = make([("home:10", (12, 7), DC), ("away:9", (20, 7))], dice=[2, 1, 1, 1, 5],
                phase="kickoff", kicking="home", active="home")
    events = m.decide(("kick", (13, 8)))
    assert "skill" not in [m.pending.kind] and "ball_bounced" in kinds(events)
    assert m.state.ball.square == (14, 7)
    d.check_done()


def test_d5_2_diving_catch_for_a_throw_in():
    # inaccurate at (9, 1), it scatters N to (9, 0) then off: thrown in from (9, 0) facing S,
    # arrow 3 (S), 1 + 1 squares: it comes down at (9, 2), next to the diver at (9, 3)
    m, d = make([("home:10", (5, 1)), ("home:11", (9, 3), DC)], dice=[3, 2, 2, 3, 1, 1, 4],
                carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (9, 1)))
    assert "throw_in" in kinds(events)
    assert m.pending.kind == "skill" and m.pending.info["landing"] == (9, 2)
    m.decide(("use", True))
    assert m.state.ball.carrier == RECEIVER
    d.check_done()
