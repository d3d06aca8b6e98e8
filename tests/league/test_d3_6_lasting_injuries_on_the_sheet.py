"""D3.6 lasting injuries written on the sheet; D3.1 step 1 and D3.6.2: the MNG mark."""

import pytest

from squigbowl.league.report import PlayerReport
from squigbowl.league.team import team_value
from tests.league.postmatch_helpers import report, run, side, team

DRAW = [1, 1, 1, 1, 1, 1]          # winnings H, A; FF H 2D6, A 2D6


def _hurt(casualty, position="Lineman", prepare=None, roster="humans"):
    h, a = team("H", roster=roster, position=position), team("A")
    if prepare:
        prepare(h.player(1))
    rep = report(side(players=[PlayerReport(key=1, casualty=casualty), 2]), side())
    pm = run(h, a, rep, DRAW + [1])       # MVP among the listed left alive
    return h, pm


@pytest.mark.parametrize("d6", [1, 2, 3])
def test_d3_6_badly_hurt_nothing_lasting(d6):
    h, _ = _hurt({"d6": d6, "d8": None})
    p = h.player(1)
    assert not p.mng and p.niggles == 0 and not any(p.losses.values())


def test_d3_6_four_misses_next_game():
    h, _ = _hurt({"d6": 4, "d8": 7})
    assert h.player(1).mng and not any(h.player(1).losses.values())


@pytest.mark.parametrize("d8", [1, 2])
def test_d3_6_five_d8_1_2_niggling_injury(d8):
    h, _ = _hurt({"d6": 5, "d8": d8})
    assert h.player(1).mng and h.player(1).niggles == 1


@pytest.mark.parametrize("d8,stat", [(3, "ma"), (4, "ma"), (5, "av"), (6, "av"), (7, "ag"),
                                     (8, "st")])
def test_d3_6_five_d8_characteristic_loss(d8, stat):
    h, _ = _hurt({"d6": 5, "d8": d8})
    p = h.player(1)
    assert p.mng and p.losses[stat] == 1 and sum(p.losses.values()) == 1
    start = getattr(h.roster_data.positions["Lineman"], stat)
    assert p.characteristic(h.roster_data, stat) == start - 1


def test_d3_6_dead_removed_from_the_team():
    h, pm = _hurt({"d6": 6, "d8": None})
    assert 1 not in [p.id for p in h.players]
    assert [e["player"] for e in pm.events if e["kind"] == "dead"] == [1]


def test_d3_6_1_eaten_or_other_death_removed():
    h, _ = _hurt({"dead": True})
    assert 1 not in [p.id for p in h.players]


def test_d3_6_4_no_more_than_two_below_start_still_mng():
    h, pm = _hurt({"d6": 5, "d8": 3}, prepare=lambda p: p.losses.update(ma=2))
    p = h.player(1)
    assert p.losses["ma"] == 2 and p.mng
    assert [e["applied"] for e in pm.events if e["kind"] == "characteristic_loss"] == [False]


def test_d3_6_4_never_below_one():
    # a Troll's AG 1: a loss would take it to 0
    h, _ = _hurt({"d6": 5, "d8": 7}, position="Troll", roster="goblins")
    p = h.player(1)
    assert p.losses["ag"] == 0 and p.mng


def test_d3_6_4_an_increased_characteristic_may_lose_within_the_limit():
    from squigbowl.league.team import Advancement

    def prepare(p):
        p.advancements.append(Advancement("characteristic", "ag", False, 40_000))
        p.losses["ag"] = 2
    h, _ = _hurt({"d6": 5, "d8": 7}, prepare=prepare)   # AG 3+1-2 = 2, -1 = 1 = start-2
    assert h.player(1).losses["ag"] == 3


def test_d3_6_2_mng_player_not_in_tv():
    h, _ = _hurt({"d6": 4, "d8": 1})
    assert team_value(h) == 10 * 50_000 + 10_000      # + FF 1 gained in step 3


def test_d3_1_step1_players_who_sat_out_lose_the_mark():
    h, a = team("H"), team("A")
    h.player(3).mng = True
    pm = run(h, a, report(side(players=[1, 2]), side()), DRAW + [1])
    assert not h.player(3).mng
    assert [(e["step"], e["player"]) for e in pm.events if e["kind"] == "mng_cleared"] \
        == [(1, 3)]


def test_d3_1_step1_a_new_mark_of_this_match_stays():
    h, a = team("H"), team("A")
    h.player(3).mng = True          # missed this match
    rep = report(side(players=[PlayerReport(key=1, casualty={"d6": 4, "d8": 2}), 2]), side())
    run(h, a, rep, DRAW + [1])
    assert h.player(1).mng and not h.player(3).mng


def test_d3_6_badly_formed_casualty_is_refused():
    from squigbowl.league.postmatch import PostMatch
    with pytest.raises(ValueError):
        PostMatch(team("H"), team("A"),
                  report(side(players=[PlayerReport(key=1, casualty={"d6": 5})]), side()))
