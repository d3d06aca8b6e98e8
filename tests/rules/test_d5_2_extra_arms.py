"""D5.2 Extra Arms: +1 to his pick-up, catch (hand-offs, bombs and kicked balls included),
interception and kick-block (B2.7) rolls [DD-113]. Bombs and kick blocks:
tests/house/test_d5_2_passing_skills_house.py."""

from squigbowl.rules import odds
from squigbowl.rules.interception import interception_odds
from tests.conftest import kinds, make, rolls_of

HOME10, HOME11 = 9, 10            # Orc Linemen, AG 3: target 4
AWAY9 = 19


def test_d5_2_extra_arms_plus_one_on_a_pick_up():
    m, d = make([("home:10", (5, 7), {"skills": ["Extra Arms"]})], dice=[2], ball=[6, 7])
    m.decide(("MOVE", HOME10))
    roll = rolls_of(m.decide(("step", (6, 7))), "pick-up")[0]
    assert roll["mods"] == [("pick-up", 1), ("Extra Arms", 1)] and roll["success"]
    d.check_done()


def test_d5_2_extra_arms_plus_one_on_a_hand_off_catch():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7), {"skills": ["Extra Arms"]})],
                dice=[2], carrier="home:10")
    m.decide(("HANDOFF", HOME10))
    roll = rolls_of(m.decide(("handoff", HOME11)), "catch")[0]
    assert roll["mods"] == [("accurate", 1), ("Extra Arms", 1)] and roll["success"]
    assert m.state.ball.carrier == HOME11
    d.check_done()


def test_d5_2_extra_arms_plus_one_on_an_interception():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)),
                 ("away:9", (7, 7), {"skills": ["Extra Arms"]})],
                dice=[5], carrier="home:10")
    m.decide(("PASS", HOME10))
    m.decide(("pass", (9, 7)))
    assert m.pending.kind == "intercept"
    assert m.pending.info["needed"] == {AWAY9: 5}       # 4 + 2 - 1
    events = m.decide(("intercept", AWAY9))
    roll = rolls_of(events, "interception")[0]
    assert roll["mods"] == [("interception", -2), ("Extra Arms", 1)] and roll["success"]
    assert m.state.ball.carrier == AWAY9 and "turnover" in kinds(events)
    d.check_done()


def test_d5_2_extra_arms_in_the_catch_and_interception_previews():
    m, d = make([("home:11", (9, 7), {"skills": ["Extra Arms"]}),
                 ("away:9", (7, 7), {"skills": ["Extra Arms"]})])
    c = odds.catch_preview(m, HOME11)
    assert c["mods"] == [("accurate", 1), ("Extra Arms", 1)] and c["needed"] == 2
    assert interception_odds(m, m.state.players[AWAY9])["modifier"] == -1
