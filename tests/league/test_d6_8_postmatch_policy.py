"""D6.8 (DD-124): the computer coaches' answers to the post-match decisions."""

import random

import pytest

from squigbowl.dice import ScriptedDice
from squigbowl.league.postmatch import PostMatch
from squigbowl.league.postmatch_policy import LEVELS, choose
from squigbowl.league.report import PlayerReport
from squigbowl.league.team import LeaguePlayer
from tests.league.postmatch_helpers import NO_EXPENSES, report, side, team
from tests.league.random_league import random_report, random_team

DRAW = [1, 1, 1, 1, 1, 1]


def _at(home, away, rep, script):
    return PostMatch(home, away, rep, options=NO_EXPENSES, dice=ScriptedDice(script))


@pytest.mark.parametrize("level,d6,answer", [
    ("easy", 1, "reroll"), ("easy", 2, "keep"), ("normal", 2, "reroll"),
    ("normal", 3, "keep"), ("hard", 3, "reroll"), ("hard", 4, "keep")])
def test_d6_8_winnings_reroll_on_a_low_die(level, d6, answer):
    pm = _at(team("H"), team("A"), report(side(1), side(0)), [d6])
    assert choose(pm, level) == (answer,)


def test_d6_8_hire_a_journeyman_when_short():
    h = team("H", players=10, treasury=100_000)
    h.players.append(LeaguePlayer(id=11, number=11, name="J", position="Lineman",
                                  journeyman=True))
    pm = _at(h, team("A"), report(side(), side()), DRAW)
    assert all(choose(pm, lv) == ("hire",) for lv in LEVELS)
    h2 = team("H", players=12, treasury=100_000)
    h2.players.append(LeaguePlayer(id=13, number=13, name="J", position="Lineman",
                                   journeyman=True))
    pm = _at(h2, team("A"), report(side(), side()), DRAW)
    assert choose(pm, "normal") == ("release",)


def test_d6_8_advancement_best_skill_and_strength_first():
    h = team("H", players=1)
    h.player(1).spp["completions"] = 5
    rep = report(side(players=[PlayerReport(key=1, spp={"completions": 1})]), side())
    pm = _at(h, team("A"), rep, DRAW + [1, 3, 4])
    assert all(choose(pm, lv) == ("skill", "Block") for lv in LEVELS)
    h3 = team("H", players=1)
    h3.player(1).spp["completions"] = 5
    pm = _at(h3, team("A"), rep, DRAW + [1, 6, 6])
    assert choose(pm, "normal") == ("increase", "st") == choose(pm, "hard")


def test_d6_8_manage_buys_players_when_short_and_a_reroll_when_rich():
    h = team("H", players=9, treasury=400_000)
    pm = _at(h, team("A"), report(side(), side()), DRAW)
    assert choose(pm, "easy") == ("buy_player", "Lineman")
    pm.decide(choose(pm, "normal"))
    pm.decide(choose(pm, "normal"))
    assert choose(pm, "easy") == ("done",)
    assert choose(pm, "normal") == ("buy", "apothecary")
    pm.decide(("buy", "apothecary"))
    assert choose(pm, "normal") == ("buy", "rerolls")


@pytest.mark.parametrize("level", LEVELS + ("random",))
def test_d6_8_policies_finish_every_sequence_and_roll_no_die(level):
    for seed in range(15):
        rnd = random.Random(seed)
        home, away = random_team(rnd, "H"), random_team(rnd, "A")
        pm = PostMatch(home, away, random_report(rnd, home, away), seed, NO_EXPENSES)
        asked = 0
        while not pm.over:
            rolls = len(pm.dice.log)
            choice = choose(pm, level)
            assert len(pm.dice.log) == rolls
            pm.decide(choice)
            asked += 1
            assert asked < 300


def test_d6_8_unknown_level_refused():
    pm = _at(team("H"), team("A"), report(side(1), side(0)), [3])
    with pytest.raises(ValueError):
        choose(pm, "genius")


def test_d3_a_choice_with_true_for_an_id_is_illegal():
    from squigbowl.illegal_choice import IllegalChoice
    pm = _at(team("H"), team("A"), report(side(), side()), DRAW)
    with pytest.raises(IllegalChoice):
        pm.decide(("fire", True))
    pm.decide(["fire", 1])
    assert 1 not in [p.id for p in pm.home.players]
