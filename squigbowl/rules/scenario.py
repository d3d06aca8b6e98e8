"""Scenarios: a position set up from a TOML or JSON file or a dict (format: docs/engine.md).

Used by the tests and by coaches who want to try a situation::

    home = "Orcs"                 # a ready-made team name or a team file
    away = "Humans"
    active = "home"               # whose team turn it is
    half = 1
    turn = { home = 3, away = 2 } # turn counters (the active team's turn is under way)
    weather = "nice"              # sweltering_heat, very_sunny, nice, pouring_rain, blizzard
    rerolls = { home = 2, away = 1 }
    kicking = "away"              # who kicked this drive
    ball = [10, 7]                # on the ground here; or: carrier = "home:3"
    [options]                     # B0 match options
    squig_ball = false
    [[players]]
    who = "home:3"                # side and jersey number
    at = [10, 7]
    status = "standing"           # standing, prone, stunned, reserves, ko, casualty, sent_off
    acted = false

Players not listed stay in Reserves.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from squigbowl.rules.geometry import on_pitch
from squigbowl.rules.model import ON_PITCH, find_team
from squigbowl.rules.setup_match import new_state
from squigbowl.rules.state import WEATHERS, Options

SIDES = {"home": 0, "away": 1}


class ScenarioError(ValueError):
    """A scenario that cannot be set up; the message names the field."""


def load_scenario(source) -> dict:
    if isinstance(source, dict):
        return source
    path = Path(source)
    try:
        text = path.read_text()
        return json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (OSError, ValueError) as exc:
        raise ScenarioError(f"{path}: cannot read scenario ({exc})") from None


def _side(value, field: str) -> int:
    if value not in SIDES:
        raise ScenarioError(f"{field}: expected 'home' or 'away', got {value!r}")
    return SIDES[value]


def find_player(state, ref: str):
    """'home:3' -> the Home player with jersey number 3."""
    try:
        side_name, number = ref.split(":")
        side, number = SIDES[side_name], int(number)
    except (ValueError, KeyError):
        raise ScenarioError(f"player reference {ref!r}: expected 'home:N' or 'away:N'") from None
    for p in state.players:
        if p.side == side and p.number == number:
            return p
    raise ScenarioError(f"player reference {ref!r}: no such player")


def build_state(data: dict):
    """The MatchState a scenario describes, standing at the active team's 'turn' decision."""
    options = Options(**data.get("options", {}))
    state = new_state(find_team(data.get("home", "Orcs")), find_team(data.get("away", "Humans")),
                      options)
    state.active = _side(data.get("active", "home"), "active")
    state.kicking = _side(data.get("kicking", "away" if state.active == 0 else "home"), "kicking")
    state.first_kicker = state.kicking
    state.half = int(data.get("half", 1))
    weather = data.get("weather", "nice")
    if weather not in WEATHERS:
        raise ScenarioError(f"weather: {weather!r} is not one of {', '.join(WEATHERS)}")
    state.weather = weather
    for name, n in data.get("turn", {}).items():
        state.teams[_side(name, "turn")].turn = int(n)
    if state.teams[state.active].turn == 0:
        state.teams[state.active].turn = 1
    for name, n in data.get("rerolls", {}).items():
        state.teams[_side(name, "rerolls")].rerolls = int(n)
    for name, n in data.get("apothecary", {}).items():
        state.teams[_side(name, "apothecary")].apothecary = int(n)
    for name, n in data.get("bribes", {}).items():
        state.teams[_side(name, "bribes")].bribes = int(n)
    for i, row in enumerate(data.get("players", [])):
        p = find_player(state, row.get("who", ""))
        status = row.get("status", "standing")
        if status in ON_PITCH:
            sq = tuple(row.get("at", ()))
            if len(sq) != 2 or not on_pitch(sq):
                raise ScenarioError(f"players #{i + 1} ({row['who']}): 'at' must be an on-pitch "
                                    f"square [x, y], got {row.get('at')!r}")
            if sq in state.board:
                raise ScenarioError(f"players #{i + 1} ({row['who']}): {sq} is already taken")
            state.place(p, sq)
            p.drive_played = True
        p.status = status
        p.acted = bool(row.get("acted", False))
        for key in ("ma", "st", "ag", "av"):
            if key in row:
                setattr(p, key, int(row[key]))
        if "skills" in row:
            p.skills = frozenset(row["skills"])
        if "extra" in row:
            p.extra = dict(row["extra"])
    if "carrier" in data:
        p = find_player(state, data["carrier"])
        if p.status != "standing":
            raise ScenarioError(f"carrier: {data['carrier']} is not Standing on the pitch")
        state.ball.carrier = p.id
        state.ball.square = p.square
    elif "ball" in data:
        sq = tuple(data["ball"])
        if not on_pitch(sq) or sq in state.board:
            raise ScenarioError(f"ball: {sq} must be an empty on-pitch square")
        state.ball.square = sq
    state.phase = data.get("phase", "turn")
    return state


def scenario_match(source, *, dice=None, seed: int = 0):
    """A Match standing at the scenario's position."""
    from squigbowl.rules.engine import Match

    state = build_state(load_scenario(source))
    return Match(None, None, seed=seed, dice=dice, state=state)
