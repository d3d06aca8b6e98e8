"""D3.7 MVP and SPP (DD-90)."""

from squigbowl.league.report import PlayerReport
from squigbowl.league.team import LeaguePlayer
from tests.league.postmatch_helpers import report, run, side, team

DRAW = [1, 1, 1, 1, 1, 1]


def test_d3_7_match_awards_are_kept_on_the_sheet():
    h, a = team("H"), team("A")
    rep = report(side(players=[PlayerReport(key=1, spp={"touchdowns": 1, "completions": 2}),
                               PlayerReport(key=2, spp={"casualties": 1,
                                                        "interceptions": 1})]), side())
    run(h, a, rep, DRAW + [2, 1, 1], [("skill", "Block")])   # MVP #2: 9 SPP, a star roll
    assert h.player(1).spp_total() == 3 + 2
    assert h.player(2).spp["mvp"] == 1 and h.player(2).spp_total() == 2 + 2 + 5


def test_d3_7_one_mvp_each_random_among_the_listed():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(players=[4, 7, 9]), side(players=[2, 3])), DRAW + [3, 1])
    assert h.player(9).spp["mvp"] == 1 and a.player(2).spp["mvp"] == 1
    assert [(e["side"], e["among"], e["pick"]) for e in pm.events if e["kind"] == "mvp"] \
        == [(0, 3, 3), (1, 2, 1)]


def test_d3_7_the_unlisted_are_never_mvp_and_no_listed_no_mvp():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(players=[5]), side()), DRAW + [1])
    assert h.player(5).spp["mvp"] == 1 and sum(p.spp["mvp"] for p in h.players) == 1
    assert not [e for e in pm.events if e["kind"] == "mvp" and e["side"] == 1]


def test_d3_7_killed_players_are_not_eligible():
    h, a = team("H"), team("A")
    rep = report(side(players=[PlayerReport(key=1, casualty={"d6": 6, "d8": None}), 2]),
                 side())
    pm = run(h, a, rep, DRAW + [1])
    assert [e["among"] for e in pm.events if e["kind"] == "mvp"] == [1]
    assert h.player(2).spp["mvp"] == 1


def test_d3_7_injured_players_listed_remain_eligible():
    h, a = team("H"), team("A")
    rep = report(side(players=[PlayerReport(key=1, casualty={"d6": 4, "d8": 1})]), side())
    run(h, a, rep, DRAW + [1])
    assert h.player(1).spp["mvp"] == 1


def test_d3_7_journeymen_are_eligible_whether_or_not_they_took_the_field():
    h, a = team("H", players=10), team("A")
    h.players.append(LeaguePlayer(id=11, number=11, name="J", position="Lineman",
                                  journeyman=True))
    rep = report(side(players=[PlayerReport(key=11, took_field=False)]), side())
    pm = run(h, a, rep, DRAW + [1])
    assert [e["player"] for e in pm.events if e["kind"] == "mvp"] == [11]


def test_d3_15_sent_off_player_is_eligible_and_available():
    h, a = team("H"), team("A")
    run(h, a, report(side(players=[PlayerReport(key=3)]), side()), DRAW + [1])
    assert h.player(3).spp["mvp"] == 1 and not h.player(3).mng
