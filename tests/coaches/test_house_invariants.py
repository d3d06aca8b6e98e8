"""The house rules' invariants, each in its rule's coach.py (issue 22), still checked by
`check_invariants` (B3.2, B7.3; A12 No Hands is the base game's)."""

from __future__ import annotations

from squigbowl.coaches.invariants import check_invariants
from squigbowl.rules.scenario import find_player, scenario_match


def _carrier_match():
    m = scenario_match({"carrier": "home:5", "players": [{"who": "home:5", "at": [10, 7]},
                                                         {"who": "away:9", "at": [20, 7]}]})
    return m, find_player(m.state, "home:5")


def test_a_plain_carrier_breaks_nothing():
    m, _ = _carrier_match()
    assert check_invariants(m) == []


def test_b3_2_a_fanatic_holding_the_ball_is_reported():
    m, p = _carrier_match()
    p.skills = p.skills | {"Goblin Fanatic"}
    assert check_invariants(m) == [f"the Goblin Fanatic {p.id} holds the ball (B3.2)"]


def test_b7_3_a_carrier_with_his_chainsaw_running_is_reported():
    m, p = _carrier_match()
    p.extra = {"chainsaw_running": True}
    assert check_invariants(m) == [
        f"player {p.id} holds the ball with his chainsaw running (B7.3)"]


def test_a12_a_no_hands_carrier_is_reported():
    m, p = _carrier_match()
    p.skills = p.skills | {"No Hands"}
    assert check_invariants(m) == [f"the No Hands player {p.id} holds the ball"]
