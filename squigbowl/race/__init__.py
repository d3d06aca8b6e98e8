"""Squig Racing (RULES.md B11): tracks, racers, the collision table and the race engine.

A rules library: it imports nothing from Textual, Rich or the UI (tests/race enforces it).
The surface is documented in docs/race.md.
"""

from squigbowl.race.collisions import COLLISION_TABLE, STATUS_RULES, collision_result
from squigbowl.race.engine import IllegalChoice, Race, RaceError, RaceOptions, RaceResult
from squigbowl.race.events import DECLINE, Decision, Decline, Event, Move
from squigbowl.race.modes import HIT, MODES, NORMAL, REIN_IN, mode_outcomes
from squigbowl.race.racer import Racer
from squigbowl.race.track import (
    LIQUID, OFF, OPEN, SOLID, Gate, Track, TrackError, find_track, list_tracks, load_track,
    parse_track)

__all__ = [
    "COLLISION_TABLE", "STATUS_RULES", "collision_result", "IllegalChoice", "Race", "RaceError",
    "RaceOptions", "RaceResult", "DECLINE", "Decision", "Decline", "Event", "Move", "HIT",
    "MODES", "NORMAL", "REIN_IN", "mode_outcomes", "Racer", "LIQUID", "OFF", "OPEN", "SOLID",
    "Gate", "Track", "TrackError", "find_track", "list_tracks", "load_track", "parse_track",
]
