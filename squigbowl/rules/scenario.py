"""Scenarios: a position set up from a TOML or JSON file or a dict (format: docs/engine.md).

Used by the tests and by coaches who want to try a situation::

    home = "Orcs"                 # a ready-made team name or a team file
    away = "Humans"
    active = "home"               # whose team turn it is
    half = 1
    turn = { home = 3, away = 2 } # turn counters (the active team's turn is under way)
    score = { home = 1, away = 0 }
    weather = "nice"              # sweltering_heat, very_sunny, nice, pouring_rain, blizzard
    rerolls = { home = 2, away = 1 }  # team re-rolls (none unless given)
    apothecary = { home = 1 }     # apothecaries (none unless given)
    kicking = "away"              # who kicked this drive
    ball = [10, 7]                # on the ground here; or: carrier = "home:3"
    [options]                     # B0 match options
    squig_ball = false
    [[players]]
    who = "home:3"                # side and jersey number
    at = [10, 7]
    status = "standing"           # standing, prone, stunned, reserves, ko, casualty, sent_off
    acted = false

Players not listed stay in Reserves. A scenario's teams have no team re-roll, no Leader re-roll,
no apothecary and no bribe unless it gives them (`rerolls`, `leader_reroll`, `apothecary`,
`bribes`), whatever their team file says, so that a test is never asked about a re-roll or an
apothecary it did not set up (A8.15, A10.2). Every accepted field is in `SCENARIO_FIELDS` and
`PLAYER_FIELDS`; any other field is an error.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path

from squigbowl.rules.geometry import on_pitch
from squigbowl.rules.model import (CASUALTY, KO, ON_PITCH, PRONE, RESERVES, SENT_OFF, STANDING,
                                   STUNNED, find_team)
from squigbowl.rules.setup_match import new_state
from squigbowl.rules.state import WEATHERS, Options

SIDES = {"home": 0, "away": 1}

#: every top-level field a scenario accepts (docs/engine.md, "Scenarios", describes each)
SCENARIO_FIELDS = ("home", "away", "phase", "active", "kicking", "half", "turn", "score",
                   "weather", "rerolls", "leader_reroll", "apothecary", "bribes", "options",
                   "players", "ball", "carrier")
#: every field a `[[players]]` row accepts
PLAYER_FIELDS = ("who", "at", "status", "acted", "ma", "st", "ag", "av", "skills", "extra")
#: A0.6: the statuses a scenario may give a player (the first three put him on the pitch)
STATUSES = (STANDING, PRONE, STUNNED, RESERVES, KO, CASUALTY, SENT_OFF)
#: the phases a scenario usually starts in: a team turn under way, the start of a team turn,
#: the start of a drive, a set-up, the kick-off (any phase of engine.PHASES is accepted)
START_PHASES = ("turn", "turn_start", "drive_start", "setup", "kickoff")


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


def player_id(match_or_state, ref: str) -> int:
    """'home:5' -> the id of the Home player with jersey number 5 (his index in
    `state.players`, the number the choices and events use). Takes a Match or a MatchState."""
    state = getattr(match_or_state, "state", match_or_state)
    return find_player(state, ref).id


def _phases():
    from squigbowl.rules import procedures  # noqa: F401  (registers every phase)
    from squigbowl.rules.engine import PHASES
    from squigbowl.rules.plugins import load_plugins

    load_plugins()  # the house rules' phases too
    return PHASES


def _per_side(data: dict, field: str) -> dict:
    """A `{ home = n, away = m }` table as {side: int}."""
    table = data.get(field, {})
    if not isinstance(table, dict):
        raise ScenarioError(f"{field}: expected a table like {{ home = 1, away = 0 }}, "
                            f"got {table!r}")
    return {_side(name, field): int(n) for name, n in table.items()}


def build_state(data: dict):
    """The MatchState a scenario describes, standing at the active team's 'turn' decision (or at
    the start of the `phase` it names). Team re-rolls, the Leader re-roll, apothecaries and
    bribes are 0 unless the scenario gives them (A8.15, A9.5, A10.2)."""
    unknown = [k for k in data if k not in SCENARIO_FIELDS]
    if unknown:
        raise ScenarioError(f"{unknown[0]}: not a scenario field (known: "
                            f"{', '.join(SCENARIO_FIELDS)})")
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
    phase = data.get("phase", "turn")
    if phase not in _phases():
        raise ScenarioError(f"phase: {phase!r} is not a phase of the match (e.g. "
                            f"{', '.join(START_PHASES)})")
    for side, n in _per_side(data, "turn").items():
        state.teams[side].turn = n
    if phase == "turn" and state.teams[state.active].turn == 0:
        state.teams[state.active].turn = 1
    for side, n in _per_side(data, "score").items():
        state.teams[side].score = n
    rerolls, apothecary = _per_side(data, "rerolls"), _per_side(data, "apothecary")
    leader, bribes = _per_side(data, "leader_reroll"), _per_side(data, "bribes")
    for team in state.teams:
        side = team.side
        team.rerolls = rerolls.get(side, 0)
        team.apothecary = apothecary.get(side, 0)
        team.leader_reroll = leader.get(side, 0)
        team.bribes = bribes.get(side, 0)
        # the sheet too: half-time gives the team its sheet's re-rolls again (A2.9)
        team.sheet = replace(team.sheet, rerolls=team.rerolls, apothecary=team.apothecary > 0)
    for i, row in enumerate(data.get("players", [])):
        unknown = [k for k in row if k not in PLAYER_FIELDS]
        if unknown:
            raise ScenarioError(f"players #{i + 1}: {unknown[0]!r} is not a player field "
                                f"(known: {', '.join(PLAYER_FIELDS)})")
        p = find_player(state, row.get("who", ""))
        status = row.get("status", "standing")
        if status not in STATUSES:
            raise ScenarioError(f"players #{i + 1} ({row['who']}): status {status!r} is not one "
                                f"of {', '.join(STATUSES)}")
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
    state.phase = phase
    return state


def scenario_match(source, *, dice=None, seed: int = 0):
    """A Match standing at the scenario's position."""
    from squigbowl.rules.engine import Match

    state = build_state(load_scenario(source))
    return Match(None, None, seed=seed, dice=dice, state=state)
