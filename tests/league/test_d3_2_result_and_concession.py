"""D3.2 (DD-85): the result, the score of a conceded match, free and other concessions."""

from squigbowl.league.report import PlayerReport
from tests.league.postmatch_helpers import report, run, side, team


def test_d3_2_1_played_out_score_stands():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(2), side(1)), [3, 3, 1, 1, 1, 1, 1], [("keep",)])
    assert pm.scores == [2, 1] and pm.winner == 0
    assert h.record.won == 1 and a.record.lost == 1


def test_d3_2_2_conceded_winner_not_ahead_gets_loser_score_plus_one():
    h, a = team("H"), team("A")
    rep = report(side(2, conceded=True, players_left=5), side(1))
    # winnings: H 3, A 4 (+keep), FF: H conceded (no roll), A 3D6
    pm = run(h, a, rep, [3, 4, 1, 1, 1], [("keep",)])
    assert pm.scores == [2, 3] and pm.winner == 1
    assert (h.record.td_for, h.record.td_against) == (2, 3)
    assert a.record.won == 1 and a.record.points == 3 and h.record.lost == 1


def test_d3_2_2_conceded_winner_already_ahead_keeps_its_score():
    h, a = team("H"), team("A")
    pm = run(h, a, report(side(0, conceded=True, players_left=5), side(2)), [3, 4, 1, 1, 1],
             [("keep",)])
    assert pm.scores == [0, 2]


def test_d3_2_3_free_concession_has_no_other_consequence():
    h, a = team("H"), team("A")
    h.fan_factor = 3
    rep = report(side(0, conceded=True, players_left=2, players=[1]), side(1, players=[1]))
    # winnings H 5 (its own: 5+0 = 50k), A 2 (+1: 30k, keep); FF H 2D6 as a loss (1+1 < 3:
    # -1), A 3D6; MVP: H pick 1, A pick 1 (one each)
    pm = run(h, a, rep, [5, 2, 1, 1, 6, 6, 6, 1, 1], [("keep",)])
    assert h.treasury == 50_000 and a.treasury == 30_000
    assert h.fan_factor == 2 and a.fan_factor == 1
    assert h.player(1).spp["mvp"] == 1 and a.player(1).spp["mvp"] == 1
    assert pm.free_concession


def test_d3_2_4_concession_winnings_go_to_the_opponent():
    h, a = team("H"), team("A")
    rep = report(side(0, fame=1, conceded=True, players_left=3), side(0, fame=0))
    pm = run(h, a, rep, [4, 2, 1, 1, 1], [("keep",)])
    assert h.treasury == 0
    assert a.treasury == (4 + 1) * 10_000 + (2 + 0 + 1) * 10_000
    assert [e["gp"] for e in pm.events if e["kind"] == "winnings_given"] == [50_000]


def test_d3_2_4_concession_ff_down_one_without_roll():
    h, a = team("H"), team("A")
    h.fan_factor = 4
    run(h, a, report(side(0, conceded=True, players_left=3), side(0)), [4, 2, 1, 1, 1],
        [("keep",)])
    assert h.fan_factor == 3


def test_d3_2_4_concession_no_mvp_opponent_two_to_different_players():
    h, a = team("H"), team("A")
    rep = report(side(0, conceded=True, players_left=3, players=[1, 2]),
                 side(0, players=[1, 2, 3]))
    # MVP: H none; A picks 2 of 3 (the 2nd), then 2 of the 2 left (the 3rd)
    run(h, a, rep, [4, 2, 1, 1, 1, 2, 2], [("keep",)])
    assert [p.spp["mvp"] for p in h.players[:2]] == [0, 0]
    assert [a.player(i).spp["mvp"] for i in (1, 2, 3)] == [0, 1, 1]


def test_d3_2_4_concession_players_with_51_spp_leave_on_1_to_3():
    h, a = team("H"), team("A")
    h.player(1).spp["touchdowns"] = 17      # 51 SPP
    h.player(1).rolls_made = 4
    h.player(2).spp["touchdowns"] = 17
    h.player(2).rolls_made = 4
    h.player(3).spp["touchdowns"] = 16      # 48: no roll
    h.player(3).rolls_made = 3
    rep = report(side(0, conceded=True, players_left=3), side(0))
    # winnings, FF (A 3D6), defections: #1 rolls 3 (leaves), #2 rolls 4 (stays)
    pm = run(h, a, rep, [4, 2, 1, 1, 1, 3, 4], [("keep",)])
    assert [p.id for p in h.players][:3] == [2, 3, 4]
    assert [(e["player"], e["d6"], e["leaves"]) for e in pm.events
            if e["kind"] == "defection"] == [(1, 3, True), (2, 4, False)]
    assert all(e["step"] == 6 for e in pm.events if e["kind"] == "defection")


def test_d3_2_4_no_defections_after_a_free_concession():
    h, a = team("H"), team("A")
    h.player(1).spp["touchdowns"] = 17
    h.player(1).rolls_made = 4
    run(h, a, report(side(0, conceded=True, players_left=1), side(0)), [4, 2, 1, 1, 1, 1, 1],
        [("keep",)])
    assert h.player(1) is not None


def test_d3_2_both_conceding_is_refused():
    import pytest
    from squigbowl.league.postmatch import PostMatch
    with pytest.raises(ValueError):
        PostMatch(team("H"), team("A"), report(side(conceded=True), side(conceded=True)))


def test_d3_2_a_report_naming_a_player_not_on_the_sheet_is_refused():
    import pytest
    from squigbowl.league.postmatch import PostMatch
    with pytest.raises(ValueError):
        PostMatch(team("H"), team("A"), report(side(players=[PlayerReport(key=99)]), side()))


def test_d3_13_4_a_forfeit_is_a_free_concession_before_kick_off():
    h, a = team("H"), team("A")
    h.fan_factor = 3
    pm = run(h, a, report(side(0, conceded=True, players_left=0), side(0)),
             [3, 4, 1, 1, 1, 1, 1], [("keep",)])
    assert pm.scores == [0, 1] and pm.free_concession
    assert h.treasury == 30_000 and h.fan_factor == 2 and a.record.won == 1   # rolled 2D6


def test_d6_3_league_points_must_be_win_over_draw_over_loss():
    import pytest
    from squigbowl.league.postmatch import PostMatch
    for points in [(1, 1, 0), (3, 0, 1), (3, 1, -1)]:
        with pytest.raises(ValueError):
            PostMatch(team("H"), team("A"), report(), points=points)


def test_d3_7_a_report_listing_a_player_twice_is_refused():
    import pytest
    from squigbowl.league.postmatch import PostMatch
    with pytest.raises(ValueError):
        PostMatch(team("H"), team("A"), report(side(players=[1, 1]), side()))
