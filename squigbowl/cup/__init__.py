"""The Squig Cup (issue 13): a series of squig races with points and standings.

A service above the race engine (docs/architecture.md): it imports the race engine and
nothing of the screens, the riders or the saves.
"""

from squigbowl.cup.series import DEFAULT_RACES, MAX_RACES, Cup, CupError, cup_tracks, race_seeds
from squigbowl.cup.standings import POINTS, RaceScore, Standing, score_race, standings

__all__ = ["DEFAULT_RACES", "MAX_RACES", "Cup", "CupError", "cup_tracks", "race_seeds",
           "POINTS", "RaceScore", "Standing", "score_race", "standings"]
