"""Shared helpers for the save tests: real matches and races played by bots, saved."""

from __future__ import annotations

from pathlib import Path

from squigbowl import saves
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options


def played_match(seed: int = 3, decisions: int = 200, options: Options | None = None,
                 home: str = "Orcs", away: str = "Humans", coach_seed: int = 5) -> Match:
    m = Match(find_team(home), find_team(away), seed=seed, options=options or Options())
    coach = RandomCoach(coach_seed)
    while not m.over and len(m.log) < decisions:
        m.decide(coach.choose(m))
    return m


def saved_match(folder: Path, **kw) -> Path:
    m = played_match(**kw)
    saver = saves.Autosaver(folder, "match", coaches=("Ann", "Bob"), background=False)
    assert saver(m), saver.error
    return saver.path


def played_race(seed: int = 4, decisions: int | None = None):
    from squigbowl.riders.base import make_rider
    from squigbowl.race import Race, find_track

    race = Race.new(find_track(None), [("You", "human"), ("Zog", "canny"), ("Snag", "baseline")],
                    seed=seed)
    rider = make_rider("baseline")
    while race.result is None and (decisions is None or len(race.decisions) < decisions):
        d = race.pending
        race.decide(rider.choose(race, d.racer))
    return race


def saved_race(folder: Path, **kw) -> Path:
    race = played_race(**kw)
    saver = saves.Autosaver(folder, "race", background=False)
    assert saver(race), saver.error
    return saver.path
