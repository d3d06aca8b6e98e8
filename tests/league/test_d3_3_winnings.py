"""D3.3 winnings (DD-86) and D3.4 spiralling expenses (DD-87)."""

import pytest

from squigbowl.dice import ScriptedDice
from squigbowl.league.options import LeagueOptions
from squigbowl.league.postmatch import PostMatch, spiralling_expenses
from squigbowl.league.team import LeaguePlayer
from tests.league.postmatch_helpers import report, run, side, team


def test_d3_3_d6_plus_fame_plus_one_for_a_win_or_draw_times_10k():
    h, a = team("H"), team("A")
    run(h, a, report(side(0, fame=2), side(0, fame=1)), [4, 5, 1, 1, 1, 1])
    assert h.treasury == (4 + 2 + 1) * 10_000 and a.treasury == (5 + 1 + 1) * 10_000


def test_d3_3_the_loser_gets_no_plus_one():
    h, a = team("H"), team("A")
    run(h, a, report(side(1, fame=0), side(0, fame=2)), [4, 5, 1, 1, 1, 1, 1], [("keep",)])
    assert h.treasury == 50_000 and a.treasury == 70_000


def test_d3_3_winnings_go_through_the_ledger():
    h, a = team("H", treasury=20_000), team("A")
    run(h, a, report(side(0), side(0)), [4, 5, 1, 1, 1, 1])
    assert h.ledger[-1] == {"what": "winnings (D3.3)", "gp": 50_000}
    assert h.ledger_problem() is None


def test_d3_3_only_the_winner_is_asked_to_reroll_and_sees_its_die():
    h, a = team("H"), team("A")
    pm = PostMatch(h, a, report(side(0), side(1, fame=1)), dice=ScriptedDice([2, 3]))
    assert pm.pending.kind == "winnings_reroll" and pm.pending.side == 1
    assert pm.pending.info["d6"] == 3 and pm.pending.info["gp"] == 50_000
    assert pm.pending.choices == [("reroll",), ("keep",)]


def test_d3_3_no_reroll_in_a_draw():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(1), side(1)), [2, 3, 1, 1, 1, 1])
    assert not [e for e in pm.events if e["kind"] == "winnings_reroll"]


def test_d3_3_the_second_result_stands_even_when_lower():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(1), side(0)), [3, 1, 2, 1, 1, 1, 1, 1], [("reroll",)])
    assert h.treasury == (1 + 0 + 1) * 10_000
    assert [(e["first"], e["d6"]) for e in pm.events if e["kind"] == "winnings_reroll"] \
        == [(3, 1)]


@pytest.mark.parametrize("tv,gp", [(1_740_000, 0), (1_750_000, 10_000), (1_890_000, 10_000),
                                   (1_900_000, 20_000), (2_040_000, 20_000),
                                   (2_050_000, 30_000), (2_190_000, 30_000)])
def test_d3_4_expenses_table(tv, gp):
    assert spiralling_expenses(tv) == gp


def _rich(name):
    t = team(name, position="Ogre", players=1)
    t.players += [LeaguePlayer(id=i, number=i, name=f"{name}{i}", position="Blitzer")
                  for i in range(2, 20)]             # 140k + 18 x 90k = 1,760k
    t.next_id = 20
    return t


def test_d3_4_expenses_come_off_the_winnings():
    h, a = _rich("H"), team("A")
    run(h, a, report(side(0, fame=1), side(0)), [4, 5, 1, 1, 1, 1],
        options=LeagueOptions())
    assert h.treasury == (4 + 1 + 1) * 10_000 - 10_000


def test_d3_4_expenses_never_take_the_winnings_below_zero_nor_the_treasury():
    h, a = _rich("H"), team("A")
    for p in h.players[1:]:
        p.position = "Blitzer"
    h.fan_factor = 40                                  # TV 2,160k: 30k of expenses
    h.earn(100_000, "test")
    pm = run(h, a, report(side(0, fame=0), side(1)), [1, 5, 1, 1, 6, 6, 6], [("keep",)],
             options=LeagueOptions())
    assert h.treasury == 100_000
    assert [e["gp"] for e in pm.events if e["kind"] == "spiralling_expenses"] == [30_000]


def test_d3_4_expenses_use_the_tv_before_journeymen():
    h, a = _rich("H"), team("A")
    h.players = h.players[:-1]                        # 1,670k without journeymen
    h.players.append(LeaguePlayer(id=30, number=30, name="J", position="Lineman",
                                  journeyman=True))   # +50k while he plays: 1,720k
    h.players.append(LeaguePlayer(id=31, number=31, name="K", position="Lineman",
                                  journeyman=True))   # 1,770k with both
    run(h, a, report(side(0), side(0)), [4, 5, 1, 1, 1, 1], options=LeagueOptions())
    assert h.treasury == 50_000


def test_d3_4_option_off_no_expenses():
    h, a = _rich("H"), team("A")
    run(h, a, report(side(0), side(0)), [4, 5, 1, 1, 1, 1],
        options=LeagueOptions(spiralling_expenses=False))
    assert h.treasury == 50_000
