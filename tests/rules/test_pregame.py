"""A3 pre-match sequence: fans and FAME, weather, coin toss, re-rolls."""

import pytest

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.model import find_team
from squigbowl.rules.pregame import fame_of, weather_for


def new_match(script):
    dice = ScriptedDice(script)
    return Match(find_team("Orcs"), find_team("Humans"), dice=dice), dice


def test_a3_2_fame_plus_two_for_a_crowd_twice_as_large():
    # fans: Home 3+3 = 6, Away 6+6 = 12; weather 3+4 = 7 (Nice)
    m, dice = new_match([3, 3, 6, 6, 3, 4])
    home, away = m.state.teams
    assert (home.crowd, away.crowd) == (6000, 12000)
    assert (home.fame, away.fame) == (0, 2)
    assert m.state.weather == "nice"
    assert (m.pending.kind, m.pending.side) == ("coin_call", 1)
    dice.check_done()


def test_a3_2_fame_plus_one_for_a_larger_crowd_and_zero_on_a_tie():
    assert fame_of(9000, 8000) == 1
    assert fame_of(8000, 9000) == 0
    assert fame_of(8000, 8000) == 0
    assert fame_of(8000, 4000) == 2
    m, dice = new_match([4, 4, 3, 4, 2, 5])
    assert [t.fame for t in m.state.teams] == [1, 0]
    dice.check_done()


def test_a3_3_weather_table():
    assert [weather_for(t) for t in range(2, 13)] == [
        "sweltering_heat", "very_sunny", "nice", "nice", "nice", "nice", "nice", "nice", "nice",
        "pouring_rain", "blizzard"]
    m, dice = new_match([1, 1, 1, 1, 6, 6])
    assert m.state.weather == "blizzard"
    dice.check_done()


def test_a3_4_coin_toss_away_calls_winner_chooses_to_receive():
    m, dice = new_match([3, 3, 3, 3, 3, 4])
    with pytest.raises(IllegalChoice):
        m.decide(("call", "edge"))
    dice.add(2)  # the coin shows tails
    events = m.decide(("call", "tails"))
    toss = [e for e in events if e.kind == "coin_toss"][0]
    assert toss.data == {"call": "tails", "result": "tails", "winner": 1}
    assert (m.pending.kind, m.pending.side) == ("kick_or_receive", 1)
    m.decide(("choose", "receive"))
    s = m.state
    assert (s.kicking, s.first_kicker, s.half) == (0, 0, 1)
    # A4.1 step 5: the kicking team sets up first
    assert (m.pending.kind, m.pending.side, s.phase) == ("setup", 0, "setup")
    dice.check_done()


def test_a3_4_coin_toss_lost_by_the_away_coach_home_chooses_to_kick():
    m, dice = new_match([3, 3, 3, 3, 3, 4])
    dice.add(1)  # heads
    m.decide(("call", "tails"))
    assert (m.pending.kind, m.pending.side) == ("kick_or_receive", 0)
    m.decide(("choose", "kick"))
    assert m.state.kicking == 0 and m.pending.side == 0
    dice.check_done()


def test_a3_5_teams_start_with_their_roster_rerolls():
    m, _ = new_match([3, 3, 3, 3, 3, 4])
    assert [t.rerolls for t in m.state.teams] == [2, 2]
    assert [t.turn for t in m.state.teams] == [0, 0]
