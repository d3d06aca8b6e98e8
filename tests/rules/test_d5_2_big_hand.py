"""D5.2 Big Hand: ignores the tackle-zone and Pouring Rain modifiers when he picks up the ball
(the squig's -1 still applies: tests/house/test_d5_2_passing_skills_house.py)."""

from squigbowl.rules import odds
from tests.conftest import make, rolls_of

PICKER = 9                        # home:10, Orc Lineman AG 3: target 4


def _pick_up(skills, weather, dice):
    m, d = make([("home:10", (5, 7), {"skills": skills}), ("away:9", (7, 7)),
                 ("away:10", (7, 8))], dice=dice, ball=[6, 7], weather=weather)
    m.decide(("MOVE", PICKER))
    return m, d, m.decide(("step", (6, 7)))


def test_d5_2_big_hand_ignores_tackle_zones_and_rain_on_a_pick_up():
    m, d, events = _pick_up(["Big Hand"], "pouring_rain", [3])
    roll = rolls_of(events, "pick-up")[0]
    assert roll["mods"] == [("pick-up", 1)] and roll["success"]    # 3 + 1 = 4
    assert m.state.ball.carrier == PICKER
    d.check_done()


def test_d5_2_without_big_hand_the_same_pick_up_fails():
    m, d, events = _pick_up([], "pouring_rain", [3, 2])            # fails, bounces N
    roll = rolls_of(events, "pick-up")[0]
    assert roll["mods"] == [("pick-up", 1), ("tackle zones", -2), ("rain", -1)]
    assert not roll["success"] and m.state.ball.square == (6, 6)
    d.check_done()


def test_d5_2_big_hand_in_the_pick_up_preview():
    m, d = make([("home:10", (5, 7), {"skills": ["Big Hand"]}), ("away:9", (7, 7))],
                ball=[6, 7], weather="pouring_rain")
    need = odds.pick_up_need(m, m.state.players[PICKER], (6, 7))
    assert need.modifier == 1 and need.face == 3
