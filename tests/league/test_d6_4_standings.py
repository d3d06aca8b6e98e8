"""RULES.md D6.3 (league points, DD-119) and D6.4 (the standings' tie-breaks, DD-120), with
results made by hand for each rule."""

from __future__ import annotations

import pytest

from squigbowl.league.fixtures import Fixture
from squigbowl.league.league_rules import LeagueRules, parse_points
from squigbowl.league.standings import random_draw, table

from tests.league.league_of import result

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def fx(home, away, r=0):
    return Fixture(r, home, away)


def order(rows):
    return [row.name for row in rows]


def test_d6_3_default_points_three_one_nothing():
    rows = table(NAMES, [result(fx(0, 1), 2, 1), result(fx(2, 3), 1, 1)])
    by = {row.name: row.points for row in rows}
    assert by == {"Ann": 3, "Bob": 0, "Cid": 1, "Dee": 1}


def test_d6_3_custom_points_and_their_check():
    rows = table(NAMES, [result(fx(0, 1), 2, 1), result(fx(2, 3), 0, 0)], points=(2, 1, 0))
    assert {row.name: row.points for row in rows} == {"Ann": 2, "Bob": 0, "Cid": 1, "Dee": 1}
    assert parse_points("4-2-1") == (4, 2, 1)
    for bad in ("3-3-0", "1-2-0", "3-1--1", "three", "3-1"):
        with pytest.raises(ValueError, match="points"):
            parse_points(bad)
    with pytest.raises(ValueError, match="D6.3"):
        LeagueRules(points=(2, 0, 1))


def test_d6_3_a_concession_counts_as_a_win_and_a_loss_with_its_recorded_score():
    # Bob conceded at 2-0 up: D3.2.2 recorded it as 2-3, a win for Ann
    rows = table(NAMES, [result(fx(0, 1), 3, 2, conceded=1)])
    ann, bob = (next(r for r in rows if r.name == n) for n in ("Ann", "Bob"))
    assert (ann.won, ann.points, ann.td_for, ann.td_against) == (1, 3, 3, 2)
    assert (bob.lost, bob.points) == (1, 0)


def test_d6_3_a_forfeit_counts_likewise():
    rows = table(NAMES, [result(fx(2, 3), 1, 0, forfeit=1)])
    assert {r.name: r.points for r in rows}["Cid"] == 3


def test_d6_4_1_points_first():
    rows = table(NAMES, [result(fx(0, 1), 0, 1), result(fx(2, 3), 5, 0)])
    assert order(rows)[:2] in (["Cid", "Bob"], ["Bob", "Cid"])
    assert rows[1].decided_by == "points"


def test_d6_4_2_head_to_head_breaks_a_tie_of_points():
    # Ann 3 (beat Cid 6-0, lost to Bob), Bob 3 (beat Ann 1-0, lost 0-2 to Dee), Dee 4 (beat
    # Bob, drew Cid), Cid 1: Bob above Ann by their match, though Ann's TD difference is +5
    results = [result(fx(0, 2), 6, 0), result(fx(1, 0), 1, 0), result(fx(3, 1), 2, 0),
               result(fx(3, 2), 0, 0)]
    rows = table(NAMES, results)
    assert order(rows) == ["Dee", "Bob", "Ann", "Cid"]
    assert [r.decided_by for r in rows] == ["points", "head-to-head", "points", None]
    assert (rows[1].head_to_head, rows[2].head_to_head) == (3, 0)


def test_d6_4_2_head_to_head_is_the_mini_table_of_all_the_tied_teams():
    # Ann, Bob, Cid each 3 points: Ann beat Bob, Bob beat Cid, Cid beat Ann... and Dee lost
    # all three to nobody: Ann 3 (beat Bob), Bob 3 (beat Cid), Cid 3 (beat Ann): all 3 among
    # themselves; one more match each against Dee breaks nothing (all drawn 0-0)
    results = [result(fx(0, 1), 1, 0), result(fx(1, 2), 1, 0), result(fx(2, 0), 1, 0),
               result(fx(3, 0), 0, 0), result(fx(3, 1), 0, 0), result(fx(3, 2), 0, 0)]
    rows = table(NAMES, results)
    top = [r for r in rows if r.name != "Dee"]
    assert {r.points for r in top} == {4}
    assert {r.head_to_head for r in top} == {3}             # 3 among the three each
    # not decided by head-to-head: all equal there; TD difference, touchdowns equal (1-1);
    # casualties equal: the random draw, shown
    assert [r.decided_by for r in rows[:2]] == ["random draw", "random draw"]


def test_d6_4_2_head_to_head_with_a_draw_among_the_tied():
    # Ann 4 (beat Dee, drew Bob), Bob 4 (beat Cid, drew Ann): head to head 1-1 -> TD diff
    results = [result(fx(0, 3), 1, 0), result(fx(0, 1), 0, 0), result(fx(1, 2), 3, 0)]
    rows = table(NAMES, results)
    assert order(rows)[:2] == ["Bob", "Ann"]
    assert rows[0].decided_by == "touchdown difference"


def test_d6_4_3_touchdown_difference():
    results = [result(fx(0, 2), 3, 0), result(fx(1, 3), 1, 0)]
    rows = table(NAMES, results)
    assert order(rows)[:2] == ["Ann", "Bob"]
    assert rows[0].decided_by == "touchdown difference"


def test_d6_4_4_touchdowns_scored():
    # both +1; Bob scored 3 (3-2), Ann 1 (1-0)
    results = [result(fx(0, 2), 1, 0), result(fx(1, 3), 3, 2)]
    rows = table(NAMES, results)
    assert order(rows)[:2] == ["Bob", "Ann"]
    assert rows[0].decided_by == "touchdowns"


def test_d6_4_5_casualty_difference():
    results = [result(fx(0, 2), 1, 0, cas=(1, 0)), result(fx(1, 3), 1, 0, cas=(3, 1))]
    rows = table(NAMES, results)
    assert order(rows)[:2] == ["Bob", "Ann"]
    assert rows[0].decided_by == "casualty difference"


def test_d6_4_6_a_random_draw_made_shown_and_repeatable():
    results = [result(fx(0, 2), 1, 0), result(fx(1, 3), 1, 0)]
    first = table(NAMES, results, seed=11)
    again = table(NAMES, results, seed=11)
    assert order(first) == order(again)
    top = first[:2]
    assert {r.name for r in top} == {"Ann", "Bob"}
    assert top[0].decided_by == "random draw"
    draw = random_draw(4, 11)
    assert top[0].draw < top[1].draw and top[0].draw == draw[top[0].team]
    assert sorted(draw) == [1, 2, 3, 4]
    # some seed gives the other order: it is a draw, not the entry order
    orders = {tuple(order(table(NAMES, results, seed=s))[:2]) for s in range(12)}
    assert orders == {("Ann", "Bob"), ("Bob", "Ann")}


def test_d6_4_play_offs_do_not_count_in_the_table():
    rows = table(NAMES, [result(Fixture(3, 0, 1, "final"), 2, 0)])
    assert {r.played for r in rows} == {0}
