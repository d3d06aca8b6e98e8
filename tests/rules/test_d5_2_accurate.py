"""D5.2 Accurate: +1 to his pass rolls: passes, throw team-mate, bombs and stink bombs (B5.3;
the bombs' tests are in tests/house/test_d5_2_passing_skills_house.py)."""

from squigbowl.rules.passing import pass_mods
from tests.conftest import make, rolls_of

THROWER, CATCHER = 9, 10          # home:10, home:11 (Orc Linemen, AG 3: target 4)


def test_d5_2_accurate_plus_one_turns_a_three_into_an_accurate_pass():
    m, d = make([("home:10", (5, 7), {"skills": ["Accurate"]}), ("home:11", (9, 7))],
                dice=[3, 3], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (9, 7)))       # Short: no range term
    roll = rolls_of(events, "pass")[0]
    assert roll["mods"] == [("Accurate", 1)] and roll["modifier"] == 1
    assert roll["dice"] == [3] and roll["result"] == "accurate"
    assert m.state.ball.carrier == CATCHER    # caught on 3 + 1 accurate
    d.check_done()


def test_d5_2_without_accurate_the_same_three_is_inaccurate():
    m, d = make([("home:10", (5, 7), {"skills": []}), ("home:11", (9, 7))],
                dice=[3, 2, 2, 2, 2], carrier="home:10")  # 3 scatters N, a bounce
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (9, 7)))
    assert rolls_of(events, "pass")[0]["result"] == "inaccurate"
    assert rolls_of(events, "pass")[0].get("mods") is None
    d.check_done()


def test_d5_2_accurate_also_on_a_team_mate_throw():
    m, d = make([("home:10", (5, 7), {"skills": ["Accurate", "Throw Team-Mate"]})])
    p = m.state.players[THROWER]
    assert pass_mods(m, p, "Q", ttm=True) == [("range: quick", 1), ("throw team-mate", -1),
                                              ("Accurate", 1)]
    assert pass_mods(m, p, "S", extra=False) == [("Accurate", 1)]   # as a bomb is thrown
