"""A save keeps each team's inducements (RULES.md D4.3): written in the team-file shape, checked
on load like the rest of the team, and the match replays with them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from squigbowl import saves
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import TeamFileError, find_team, team_from_data
from squigbowl.saves.contents import team_to_data

INDUCED = {"wizard": 1, "babes": 2, "bribes": 3, "chef": 1, "training": 4,
           "wandering_apothecary": 2}


def test_d4_3_team_data_round_trips_the_inducements():
    sheet = replace(find_team("Goblins"), inducements=dict(INDUCED))
    data = team_to_data(sheet)
    assert data["team"]["inducements"] == INDUCED
    assert team_from_data(data, "t").inducements == INDUCED


def test_d4_3_a_team_without_inducements_is_saved_as_before():
    assert "inducements" not in team_to_data(find_team("Orcs"))["team"]


@pytest.mark.parametrize("bad, words", [
    ({"star": 1}, "is not an inducement"), ({"wizard": 2}, "0..1"),
    ({"babes": True}, "0..2"), ({"bribes": -1}, "0..3"), ([1], "must be a table")])
def test_d4_3_bad_inducements_are_refused_on_load(bad, words):
    data = team_to_data(find_team("Orcs"))
    data["team"]["inducements"] = bad
    with pytest.raises(TeamFileError, match=words):
        team_from_data(data, "t")


def test_d4_3_a_match_with_inducements_saves_and_replays(tmp_path):
    home = replace(find_team("Goblins"), inducements=dict(INDUCED))
    away = replace(find_team("Humans"), inducements={"wizard": 1})
    m = Match(home, away, seed=5)
    coaches = (RandomCoach(10), RandomCoach(11))
    while m.pending is not None and len(m.log) < 400:
        m.decide(coaches[m.pending.side].choose(m))
    saver = saves.Autosaver(tmp_path, "match", background=False)
    assert saver(m)
    loaded = saves.load(saver.path)
    assert loaded.mismatch is None and loaded.match.log == m.log
    assert loaded.match.state.teams[0].sheet.inducements == INDUCED
    assert saves.match_snapshot(loaded.match) == saves.match_snapshot(m)
