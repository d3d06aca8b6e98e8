"""D4.3 Halfling Master Chef: at the start of each half (not overtime), after the re-rolls are
set and before any Leader re-roll is given: 3D6 (no re-roll); each 4+ gives the chef's team 1
team re-roll for this half and takes 1 from the other team (not below 0)."""

from dataclasses import replace

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from test_match_flow_helpers import make, of_kind


def _half_time(dice, rerolls, rows=()):
    return make({"half": 1, "turn": {"home": 8, "away": 8}, "rerolls": rerolls,
                 "players": list(rows), "inducements": {"home": {"chef": 1}}},
                phase="half_end", dice=dice)


def test_d4_3_chef_each_4_plus_moves_a_reroll():
    m, dice = _half_time([4, 6, 1], {"home": 1, "away": 2})
    assert (m.view.teams[0].rerolls, m.view.teams[1].rerolls) == (1 + 2, 0)
    chef = of_kind(m._events, "master_chef")[0]
    assert (chef["side"], chef["gained"], chef["stolen"]) == (0, 2, 2)
    dice.check_done()


def test_d4_3_chef_the_other_team_never_below_0():
    m, dice = _half_time([5, 5, 5], {"home": 0, "away": 1})
    assert (m.view.teams[0].rerolls, m.view.teams[1].rerolls) == (3, 0)
    assert of_kind(m._events, "master_chef")[0]["stolen"] == 1
    dice.check_done()


def test_d4_3_chef_no_4_plus_no_change():
    m, dice = _half_time([1, 2, 3], {"home": 1, "away": 1})
    assert (m.view.teams[0].rerolls, m.view.teams[1].rerolls) == (1, 1)
    dice.check_done()


def test_d4_3_chef_never_takes_a_leader_reroll():
    m, dice = _half_time([6, 6, 6], {"home": 0, "away": 0},
                         [{"who": "away:1", "status": "reserves", "skills": ["Leader"]}])
    assert (m.view.teams[1].rerolls, m.view.teams[1].leader_reroll) == (0, 1)
    dice.check_done()


def test_d4_3_chef_first_half_after_the_coin_toss():
    home = replace(find_team("Orcs"), inducements={"chef": 1})
    dice = ScriptedDice([3, 3, 3, 3, 3, 4, 1, 4, 4, 1])  # fans, weather, coin, chef
    m = Match(home, find_team("Humans"), dice=dice)
    m.decide(("call", "heads"))
    m.decide(("choose", "kick"))
    assert (m.view.teams[0].rerolls, m.view.teams[1].rerolls) == (2 + 2, 2 - 2)
    dice.check_done()


def test_d4_3_chef_not_in_overtime():
    m, dice = make({"half": 2, "turn": {"home": 8, "away": 8}, "rerolls": {"home": 1},
                    "inducements": {"home": {"chef": 1}}}, phase="half_end", dice=[1])
    m.decide(("call", "heads"))
    m.decide(("choose", "kick"))
    assert m.view.half == 3 and not of_kind(m._events, "master_chef")
    dice.check_done()
