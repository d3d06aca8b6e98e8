"""The Squig Cup's points and standings (issue 13; docs/race.md "The Squig Cup"), and a cup run
headless by AI riders. Placings are RULES.md B11.12's (the race's own `placings`)."""

from __future__ import annotations

import pytest

from squigbowl.cup import POINTS, Cup, CupError, cup_tracks, race_seeds, score_race, standings
from squigbowl.race import find_track, list_tracks
from squigbowl.riders.base import make_rider

ENTRANTS = [("Ann", "human"), ("Bob", "human"), ("Grotsnik", "canny"), ("Zogwort", "reckless")]


def test_points_by_placing_B11_12():
    s = score_race("Meadow", "finished", 2, (2, 0, 3, 1), removed=())
    assert s.points == (6, 3, 10, 4)            # racer 2 1st, 0 2nd, 3 3rd, 1 4th
    assert POINTS[:4] == (10, 6, 4, 3)


def test_a_removed_racer_scores_nothing_B11_12():
    s = score_race("River", "finished", 1, (1, 3, 0, 2), removed={0, 2})
    assert s.points == (0, 10, 0, 6)


def test_everybody_loses_scores_nothing_B11_12_3():
    s = score_race("River", "everybody_loses", None, (0, 1), removed={0, 1})
    assert s.points == (0, 0)


def test_standings_order_and_totals():
    scores = [score_race("A", "finished", 0, (0, 1, 2, 3), ()),
              score_race("B", "finished", 3, (3, 2, 1, 0), ())]
    table = standings(ENTRANTS, scores)
    # Ann and Zogwort: a win and a 4th each (countback level): the latest race decides
    # (Zogwort won it); Bob and Grotsnik: a 2nd and a 3rd each, Grotsnik 2nd in the latest
    assert [(r.name, r.points, r.per_race) for r in table] == [
        ("Zogwort", 13, [3, 10]), ("Ann", 13, [10, 3]), ("Grotsnik", 10, [4, 6]),
        ("Bob", 10, [6, 4])]


def test_tie_broken_by_countback():
    # Ann 10 + 0 (removed), Bob 6 + 4: level on points, Ann has a win
    scores = [score_race("A", "finished", 0, (0, 1, 2, 3), ()),
              score_race("B", "finished", 2, (2, 3, 1, 0), removed={0})]
    table = standings(ENTRANTS, scores)
    ann = next(r for r in table if r.name == "Ann")
    bob = next(r for r in table if r.name == "Bob")
    assert ann.points == bob.points == 10
    assert table.index(ann) < table.index(bob)       # Ann has a win, Bob none
    assert not ann.shared and ann.position < bob.position


def test_tie_broken_by_the_latest_race():
    scores = [score_race("A", "finished", 0, (0, 1, 2, 3), ()),
              score_race("B", "finished", 1, (1, 0, 3, 2), ())]
    table = standings(ENTRANTS, scores)
    top = table[:2]
    assert {r.name for r in top} == {"Ann", "Bob"} and top[0].points == top[1].points == 16
    assert top[0].name == "Bob"                      # Bob won the latest race
    assert [r.position for r in table] == [1, 2, 3, 4]


def test_before_any_race_everybody_shares_first():
    table = standings(ENTRANTS, [])
    assert all(r.position == 1 and r.shared and r.position_text == "=1" for r in table)


def test_seeds_are_drawn_from_the_cup_seed():
    assert race_seeds(7, 4) == race_seeds(7, 4)
    assert race_seeds(7, 4) != race_seeds(8, 4)
    assert len(set(race_seeds(7, 4))) == 4


def test_tracks_repeat_when_the_cup_is_longer():
    pool = list_tracks()
    picked = cup_tracks(pool, len(pool) + 2)
    assert picked[:len(pool)] == pool and picked[len(pool):] == pool[:2]
    with pytest.raises(CupError):
        cup_tracks([], 3)


def test_a_cup_needs_2_to_6_racers_and_a_track():
    with pytest.raises(CupError):
        Cup.new(ENTRANTS[:1], [find_track(None)], seed=1)
    with pytest.raises(CupError):
        Cup.new(ENTRANTS, [], seed=1)


def play_out(race, riders):
    while race.result is None:
        d = race.pending
        race.decide(riders[d.racer].choose(race, d.racer))


def test_a_cup_of_ai_riders_runs_to_its_champion():
    entrants = [("Grotsnik", "canny"), ("Zogwort", "reckless"), ("Snagga", "cautious")]
    cup = Cup.new(entrants, cup_tracks(list_tracks(), 2), seed=3)
    riders = {i: make_rider(r) for i, (_n, r) in enumerate(entrants)}
    assert cup.race_number == 1 and cup.current is None and not cup.over
    while not cup.over:
        race = cup.next_race()
        assert cup.current is race
        with pytest.raises(CupError):
            cup.next_race()
        play_out(race, riders)
    assert cup.race_number == 2 and cup.current is None
    table = cup.standings()
    assert sum(r.points for r in table) == sum(sum(s.points) for s in cup.scores())
    assert all(len(r.per_race) == 2 for r in table)
    assert cup.champion() == table[0]
    with pytest.raises(CupError):
        cup.next_race()
    # the same seed gives the same cup
    again = Cup.new(entrants, cup_tracks(list_tracks(), 2), seed=3)
    while not again.over:
        play_out(again.next_race(), riders)
    assert [s.points for s in again.scores()] == [s.points for s in cup.scores()]
