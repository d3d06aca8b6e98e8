"""D3.14 team management (DD-96) and step 10: TV and the league record (D6.3)."""

import pytest

from squigbowl.dice import ScriptedDice
from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league import management
from squigbowl.league.postmatch import PostMatch
from squigbowl.league.report import PlayerReport
from squigbowl.league.team import team_value
from tests.league.postmatch_helpers import NO_EXPENSES, report, run, side, team

DRAW = [1, 1, 1, 1, 1, 1]


def _manage(home, choices):
    return run(home, team("A"), report(side(), side()), DRAW, choices)


def test_d3_14_buy_a_player_at_roster_cost():
    h = team("H", treasury=200_000)
    _manage(h, [("buy_player", "Blitzer")])
    new = h.players[-1]
    assert new.position == "Blitzer" and new.id == 12 and new.number == 12
    assert h.treasury == 220_000 - 90_000 and h.ledger_problem() is None


def test_d3_14_position_limits_and_sixteen():
    h = team("H", position="Blitzer", players=4, treasury=900_000)
    assert ("buy_player", "Blitzer") not in management.choices(h)
    h = team("H", players=16, treasury=900_000)
    assert not [c for c in management.choices(h) if c[0] == "buy_player"]


def test_d3_14_rerolls_at_double_price_max_eight():
    h = team("H", treasury=100_000)
    _manage(h, [("buy", "rerolls")])
    assert h.rerolls == 1 and h.treasury == 120_000 - 100_000
    assert team_value(h) == 11 * 50_000 + 50_000 + 10_000     # TV at the creation price
    h.rerolls = 8
    h.earn(500_000, "test")
    assert ("buy", "rerolls") not in management.choices(h)


def test_d3_14_apothecary_and_staff():
    h = team("H", treasury=200_000)
    _manage(h, [("buy", "apothecary"), ("buy", "assistant_coaches"), ("buy", "cheerleaders")])
    assert h.apothecary and h.assistant_coaches == 1 and h.cheerleaders == 1
    assert h.treasury == 220_000 - 70_000
    assert ("buy", "apothecary") not in management.choices(h)
    h.cheerleaders = 10
    assert ("buy", "cheerleaders") not in management.choices(h)


def test_d3_14_ff_cannot_be_bought():
    h = team("H", treasury=900_000)
    assert not [c for c in management.choices(h) if "fan_factor" in c]


def test_d3_14_nothing_the_treasury_cannot_pay():
    h = team("H", treasury=0)
    pm = PostMatch(h, team("A"), report(side(), side()), options=NO_EXPENSES,
                   dice=ScriptedDice(DRAW))
    assert pm.pending.kind == "manage" and h.treasury == 20_000
    assert ("buy", "rerolls") not in pm.pending.choices
    with pytest.raises(IllegalChoice):
        pm.decide(("buy", "rerolls"))
    assert h.rerolls == 0 and h.treasury == 20_000


def test_d3_14_fire_any_player_mng_included_no_refund():
    h = team("H", treasury=0)
    rep = report(side(players=[PlayerReport(key=2, casualty={"d6": 4, "d8": 1})]), side())
    run(h, team("A"), rep, DRAW + [1], [("fire", 2), ("fire", 5)])
    assert [p.id for p in h.players] == [1, 3, 4, 6, 7, 8, 9, 10, 11]
    assert h.treasury == 20_000


def test_d3_14_dd96_remove_rerolls_apothecary_staff_without_refund():
    h = team("H", treasury=0, rerolls=2, apothecary=True, assistant_coaches=1,
             cheerleaders=1)
    _manage(h, [("remove", "rerolls"), ("remove", "apothecary"),
                ("remove", "assistant_coaches"), ("remove", "cheerleaders")])
    assert (h.rerolls, h.apothecary, h.assistant_coaches, h.cheerleaders) == (1, False, 0, 0)
    assert h.treasury == 20_000


def test_d3_14_home_manages_first_then_away():
    h, a = team("H"), team("A")
    pm = PostMatch(h, a, report(side(), side()), options=NO_EXPENSES, dice=ScriptedDice(DRAW))
    assert pm.pending.side == 0
    pm.decide(("done",))
    assert pm.pending.side == 1 and pm.pending.kind == "manage"
    pm.decide(("done",))
    assert pm.over and pm.pending is None
    with pytest.raises(IllegalChoice):
        pm.decide(("done",))


def test_d3_1_step10_record_and_league_points():
    h, a = team("H"), team("A")
    rep = report(side(3, players=[PlayerReport(key=1, spp={"casualties": 2}),
                                  PlayerReport(key=2, spp={"casualties": 1}), 3]),
                 side(1, players=[PlayerReport(key=1, spp={"casualties": 1}), 2]))
    run(h, a, rep, [1, 1, 1, 1, 1, 1, 1, 3, 2], [("keep",)], points=(2, 1, 0))
    assert vars(h.record) == {"played": 1, "won": 1, "drawn": 0, "lost": 0, "td_for": 3,
                              "td_against": 1, "cas_for": 3, "cas_against": 1, "points": 2}
    assert vars(a.record) == {"played": 1, "won": 0, "drawn": 0, "lost": 1, "td_for": 1,
                              "td_against": 3, "cas_for": 1, "cas_against": 3, "points": 0}


def test_d3_1_step10_draw_points_default_three_one_zero():
    h, a = team("H"), team("A")
    run(h, a, report(side(1), side(1)), DRAW)
    assert h.record.points == 1 and a.record.points == 1 and h.record.drawn == 1


def test_d3_1_step10_tv_recalculated():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(), side()), DRAW)
    assert [e["tv"] for e in pm.events if e["kind"] == "team_value"] == [team_value(h),
                                                                         team_value(a)]


def test_d6_8_who_answers():
    from squigbowl.league.options import LeagueOptions
    h, a = team("H", coach="Ann"), team("A")
    pm = PostMatch(h, a, report(side(), side()), options=LeagueOptions(
        spiralling_expenses=False, computer_manages=False), dice=ScriptedDice(DRAW))
    assert pm.pending.info["asked_of"] == "coach"
    pm.decide(("done",))
    assert pm.pending.info["asked_of"] == "commissioner"


def test_d1_5_step10_writes_one_history_line_a_match_and_the_sheet_shows_it(tmp_path):
    from squigbowl.league import teamfiles
    from squigbowl.league.sheet import sheet_lines

    h, a = team("H"), team("A")
    rep = report(side(3, players=[PlayerReport(key=1, spp={"casualties": 2}),
                                  PlayerReport(key=2, spp={"casualties": 1}), 3]),
                 side(1, players=[PlayerReport(key=1, spp={"casualties": 1}), 2]))
    run(h, a, rep, [1, 1, 1, 1, 1, 1, 1, 3, 2], [("keep",)], points=(2, 1, 0))
    assert h.history == [{"match": 1, "opponent": "A", "venue": "home", "result": "won",
                          "score": [3, 1], "casualties": [3, 1], "conceded": False,
                          "tv": team_value(h)}]
    assert a.history[0]["venue"] == "away" and a.history[0]["result"] == "lost"
    teamfiles.save(h, tmp_path)
    back = teamfiles.load(tmp_path, "H")
    assert back.history == h.history
    lines = sheet_lines(back)
    assert lines[-2:] == ["History (newest first)",
                          f"  1. v A (home): won 3-1, CAS 3-1, TV {team_value(h) // 1000}k"]
