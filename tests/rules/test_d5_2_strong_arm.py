"""D5.2 Strong Arm: +1 to his pass rolls at Short, Long and Long Bomb range, including throw
team-mate and bombs (a Quick pass gets nothing)."""

from squigbowl.rules.passing import pass_mods, pass_odds
from tests.conftest import make, rolls_of

THROWER, CATCHER = 9, 10          # home:10, home:11 (AG 3: target 4)


def test_d5_2_strong_arm_plus_one_on_a_long_pass():
    m, d = make([("home:10", (5, 7), {"skills": ["Strong Arm"]}), ("home:11", (13, 7))],
                dice=[4, 3], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (13, 7)))      # dx 8: Long Pass, -1
    roll = rolls_of(events, "pass")[0]
    assert roll["mods"] == [("range: long", -1), ("Strong Arm", 1)]
    assert roll["result"] == "accurate"       # 4 - 1 + 1 = 4
    assert m.state.ball.carrier == CATCHER
    d.check_done()


def test_d5_2_strong_arm_nothing_on_a_quick_pass():
    # 2 + 1 = 3 < 4: inaccurate, the ball scatters N three times and bounces N
    m, d = make([("home:10", (5, 7), {"skills": ["Strong Arm"]}), ("home:11", (7, 7))],
                dice=[2, 2, 2, 2, 2], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (7, 7)))
    roll = rolls_of(events, "pass")[0]
    assert roll["mods"] == [("range: quick", 1)]
    assert roll["result"] == "inaccurate"
    assert m.state.ball.square == (7, 3) and m.state.ball.carrier is None
    d.check_done()


def test_d5_2_strong_arm_on_short_and_long_bomb_and_a_team_mate_throw():
    m, d = make([("home:10", (5, 7), {"skills": ["Strong Arm"]})], carrier="home:10")
    p = m.state.players[THROWER]
    assert pass_mods(m, p, "S") == [("Strong Arm", 1)]
    assert pass_mods(m, p, "B") == [("range: long bomb", -2), ("Strong Arm", 1)]
    assert pass_mods(m, p, "S", ttm=True) == [("throw team-mate", -1), ("Strong Arm", 1)]
    assert pass_mods(m, p, "L", extra=False) == [("range: long", -1), ("Strong Arm", 1)]
    # the odds the screens show know it: a Long pass is accurate on 4+ as for Short
    assert pass_odds(m, p, (13, 7))["accurate_on"] == 4
    assert pass_odds(m, p, (9, 7))["accurate_on"] == 3
