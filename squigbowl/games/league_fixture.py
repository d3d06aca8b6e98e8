"""A league's fixture as a room of the match server (issue 24, D6.1, D6.9): the room's league
match is the league's own (`League.fixture_match`), only the two entries' coaches may take its
seats, and its result goes back into the league when it is over (`League.record_result`, the
league saved atomically), exactly once."""

from __future__ import annotations

from pathlib import Path

from squigbowl.games import CreateError


def create_fixture(kind, msg: dict, folder: Path):
    """(build(seed), seats) for `{"game": "league_match", "league": NAME, "fixture": KEY}`."""
    raise CreateError("bad_option", "league fixtures are not open as rooms yet")


def finish_fixture(game, tied: dict, folder: Path) -> str | None:
    return None
