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
    inducements = { home = { wizard = 1, babes = 2 } }   # D4.3 (none unless given)
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
`bribes`) and no inducement unless it gives them (`inducements`: per side, name -> count, D4.3;
their match-start effects are added to the counts given: bribes to `bribes`, wandering
apothecaries to `apothecary`, training to `rerolls`), whatever their team file says, so that a
test is never asked about a re-roll or an apothecary it did not set up (A8.15, A10.2). Every accepted field is in `SCENARIO_FIELDS` and
`PLAYER_FIELDS`; any other field is an error.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path

from squigbowl.paths import UnreadableFile, read_bounded
from squigbowl.rules.geometry import on_pitch
from squigbowl.rules.model import (CASUALTY, KO, ON_PITCH, POSITION_RANGES, PRONE,
                                   RESERVES, SENT_OFF, STANDING, STUNNED, TeamFileError,
                                   TeamSheet, find_team, inducements_problem, known_skills)
from squigbowl.rules.inducement_effects import start_of_match
from squigbowl.rules.setup_match import new_state
from squigbowl.rules.state import WEATHERS, Options, declared_options
from squigbowl.text import plain

SIDES = {"home": 0, "away": 1}

#: every top-level field a scenario accepts (docs/engine.md, "Scenarios", describes each)
SCENARIO_FIELDS = ("home", "away", "phase", "active", "kicking", "half", "turn", "score",
                   "weather", "rerolls", "leader_reroll", "apothecary", "bribes", "inducements",
                   "options", "players", "ball", "carrier")
#: every field a `[[players]]` row accepts
PLAYER_FIELDS = ("who", "at", "status", "acted", "ma", "st", "ag", "av", "skills", "extra")
#: A0.6: the statuses a scenario may give a player (the first three put him on the pitch)
STATUSES = (STANDING, PRONE, STUNNED, RESERVES, KO, CASUALTY, SENT_OFF)
#: the phases a scenario usually starts in: a team turn under way, the start of a team turn,
#: the start of a drive, a set-up, the kick-off (any phase of engine.PHASES is accepted)
START_PHASES = ("turn", "turn_start", "drive_start", "setup", "kickoff")


#: the largest scenario file read
SCENARIO_FILE_LIMIT = 256 * 1024
#: the ranges of the per-side numbers (A2.4 turns, A3.1 re-rolls, A8.15 one apothecary...)
#: a player's what-if profile: a roster line's ranges, but MA may be 0 (no square left to move)
PROFILE_RANGES = {**POSITION_RANGES, "ma": (0, POSITION_RANGES["ma"][1])}
PER_SIDE_RANGES = {"turn": (0, 8), "score": (0, 99), "rerolls": (0, 8), "leader_reroll": (0, 1),
                   "apothecary": (0, 1), "bribes": (0, 8)}


class ScenarioError(ValueError):
    """A scenario that cannot be set up; the message is one line naming the file (when there
    is one) and the field."""

    def __init__(self, problem: str, source=None) -> None:
        self.problem = problem
        self.source = source
        super().__init__(f"{source}: {problem}" if source else problem)


def load_scenario(source) -> dict:
    """A scenario's fields: a dict as it is, or a TOML (JSON when named .json) file read as a
    regular file of bounded size."""
    if isinstance(source, dict):
        return source
    path = Path(source)
    try:
        text = read_bounded(path, SCENARIO_FILE_LIMIT).decode("utf-8")
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except UnreadableFile as exc:
        raise ScenarioError(f"cannot read scenario ({exc.problem})", path) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"cannot read scenario (not UTF-8 text, byte {exc.start})",
                            path) from None
    except RecursionError:
        raise ScenarioError("cannot read scenario (nested too deeply)", path) from None
    except ValueError as exc:   # TOML, JSON, a NUL in the name
        raise ScenarioError(f"cannot read scenario ({plain(str(exc), 80)})", path) from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a table of fields", path)
    return data


def _short(value) -> str:
    try:
        text = repr(value)
    except ValueError:   # an int too long to print
        text = "a number too long to print"
    return text if len(text) <= 40 else text[:39] + "…"


def _int(value, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{field}: expected a whole number {lo}..{hi}, got {_short(value)}")
    if not lo <= value <= hi:
        raise ScenarioError(f"{field}: must be {lo}..{hi}, got {_short(value)}")
    return value


def _bool(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{field}: expected true or false, got {_short(value)}")
    return value


def _square(value, field: str) -> tuple[int, int]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not on_pitch(tuple(value))):
        raise ScenarioError(f"{field}: expected an on-pitch square [x, y], got {_short(value)}")
    return tuple(value)


def _side(value, field: str) -> int:
    if not isinstance(value, str) or value not in SIDES:
        raise ScenarioError(f"{field}: expected 'home' or 'away', got {_short(value)}")
    return SIDES[value]


def find_player(state, ref: str):
    """'home:3' -> the Home player with jersey number 3."""
    try:
        side_name, number = ref.split(":")
        side, number = SIDES[side_name], int(number)
    except (ValueError, KeyError, AttributeError, TypeError):
        raise ScenarioError(f"player reference {_short(ref)}: expected 'home:N' or "
                            "'away:N'") from None
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
    """A `{ home = n, away = m }` table as {side: int}, each within PER_SIDE_RANGES."""
    table = data.get(field, {})
    if not isinstance(table, dict):
        raise ScenarioError(f"{field}: expected a table like {{ home = 1, away = 0 }}, "
                            f"got {_short(table)}")
    lo, hi = PER_SIDE_RANGES[field]
    return {_side(name, field): _int(n, f"{field}.{name}", lo, hi) for name, n in table.items()}


def _inducements(data: dict) -> dict:
    """The `inducements` table: {side: {name: count}}, each checked as D4.3 allows
    (`model.inducements_problem`)."""
    table = data.get("inducements", {})
    if not isinstance(table, dict):
        raise ScenarioError(f"inducements: expected a table like {{ home = {{ wizard = 1 }} }}, "
                            f"got {_short(table)}")
    out = {}
    for name, bought in table.items():
        side = _side(name, "inducements")
        problem = inducements_problem(bought)
        if problem:
            raise ScenarioError(f"inducements.{name}: {problem}")
        out[side] = {k: v for k, v in bought.items() if v}
    return out


def _team(data: dict, field: str, default: str):
    value = data.get(field, default)
    if isinstance(value, TeamSheet):  # a sheet built in code (a league team's, D0)
        return value
    try:
        return find_team(value)
    except TeamFileError as exc:
        raise ScenarioError(f"{field}: {exc}") from None


def _options(data: dict) -> Options:
    table = data.get("options", {})
    if not isinstance(table, dict):
        raise ScenarioError(f"options: expected a table, got {_short(table)}")
    declared = declared_options()
    for key, value in table.items():
        spec = declared.get(key)
        if spec is None:
            raise ScenarioError(f"options.{plain(key)}: not a match option (known: "
                                f"{', '.join(declared)})")
        problem = spec.problem(value)
        if problem:
            raise ScenarioError(f"options.{key}: {problem}, got {_short(value)}")
    return Options(**table)


def _extra(value, where: str) -> dict:
    if not isinstance(value, dict) or len(value) > 16 or not all(
            isinstance(k, str) and (v is None or isinstance(v, (bool, int, str)))
            and not (isinstance(v, int) and not isinstance(v, bool) and abs(v) > 99)
            for k, v in value.items()):
        raise ScenarioError(f"{where}: 'extra' must be a table of simple values like "
                            f"{{ loaded = false }}, got {_short(value)}")
    return dict(value)


def build_state(data: dict, source=None):
    """The MatchState a scenario describes, standing at the active team's 'turn' decision (or at
    the start of the `phase` it names). Team re-rolls, the Leader re-roll, apothecaries and
    bribes are 0 unless the scenario gives them (A8.15, A9.5, A10.2). A bad field raises
    ScenarioError naming `source` (the file) and the field."""
    try:
        return _build_state(data)
    except ScenarioError as exc:
        if source is None or exc.source is not None:
            raise
        raise ScenarioError(exc.problem, source) from None


def _build_state(data: dict):
    if not isinstance(data, dict):
        raise ScenarioError(f"a scenario must be a table of fields, got {_short(data)}")
    unknown = [k for k in data if k not in SCENARIO_FIELDS]
    if unknown:
        raise ScenarioError(f"{plain(unknown[0])}: not a scenario field (known: "
                            f"{', '.join(SCENARIO_FIELDS)})")
    options = _options(data)
    state = new_state(_team(data, "home", "Orcs"), _team(data, "away", "Humans"), options)
    state.active = _side(data.get("active", "home"), "active")
    state.kicking = _side(data.get("kicking", "away" if state.active == 0 else "home"), "kicking")
    state.first_kicker = state.kicking
    state.half = _int(data.get("half", 1), "half", 1, 3)
    weather = data.get("weather", "nice")
    if not isinstance(weather, str) or weather not in WEATHERS:
        raise ScenarioError(f"weather: {_short(weather)} is not one of {', '.join(WEATHERS)}")
    state.weather = weather
    phase = data.get("phase", "turn")
    if not isinstance(phase, str) or phase not in _phases():
        raise ScenarioError(f"phase: {_short(phase)} is not a phase of the match (e.g. "
                            f"{', '.join(START_PHASES)})")
    for side, n in _per_side(data, "turn").items():
        state.teams[side].turn = n
    if phase == "turn" and state.teams[state.active].turn == 0:
        state.teams[state.active].turn = 1
    for side, n in _per_side(data, "score").items():
        state.teams[side].score = n
    rerolls, apothecary = _per_side(data, "rerolls"), _per_side(data, "apothecary")
    leader, bribes = _per_side(data, "leader_reroll"), _per_side(data, "bribes")
    inducements = _inducements(data)
    for team in state.teams:
        side = team.side
        team.rerolls = rerolls.get(side, 0)
        team.apothecary = apothecary.get(side, 0)
        team.leader_reroll = leader.get(side, 0)
        team.bribes = bribes.get(side, 0)
        # the sheet too: half-time gives the team its sheet's re-rolls again (A2.9)
        team.sheet = replace(team.sheet, rerolls=team.rerolls, apothecary=team.apothecary > 0,
                             inducements=inducements.get(side, {}))
        team.inducements = {}
        start_of_match(team)  # D4.3: on top of the counts given
    rows = data.get("players", [])
    if not isinstance(rows, list):
        raise ScenarioError(f"players: expected a list of [[players]] tables, got {_short(rows)}")
    listed = set()
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScenarioError(f"players #{i + 1}: expected a table, got {_short(row)}")
        unknown = [k for k in row if k not in PLAYER_FIELDS]
        if unknown:
            raise ScenarioError(f"players #{i + 1}: {plain(unknown[0])!r} is not a player field "
                                f"(known: {', '.join(PLAYER_FIELDS)})")
        if "who" not in row:
            raise ScenarioError(f"players #{i + 1}: missing field 'who' (e.g. 'home:3')")
        try:
            p = find_player(state, row["who"])
        except ScenarioError as exc:
            raise ScenarioError(f"players #{i + 1}: who: {exc}") from None
        where = f"players #{i + 1} ({row['who']})"
        if p.id in listed:
            raise ScenarioError(f"{where}: who: listed twice")
        listed.add(p.id)
        status = row.get("status", "standing")
        if not isinstance(status, str) or status not in STATUSES:
            raise ScenarioError(f"{where}: status {_short(status)} is not one "
                                f"of {', '.join(STATUSES)}")
        if status in ON_PITCH:
            if "at" not in row:
                raise ScenarioError(f"{where}: 'at' must be an on-pitch square [x, y] for a "
                                    f"{status} player")
            sq = _square(row["at"], f"{where}: at")
            if sq in state.board:
                raise ScenarioError(f"{where}: at: {list(sq)} is already taken")
            state.place(p, sq)
            p.drive_played = True
        elif "at" in row:
            raise ScenarioError(f"{where}: at: a player in {status} has no square")
        p.status = status
        p.acted = _bool(row.get("acted", False), f"{where}: acted")
        for key in ("ma", "st", "ag", "av"):
            if key in row:
                lo, hi = PROFILE_RANGES[key]
                setattr(p, key, _int(row[key], f"{where}: {key}", lo, hi))
        if "skills" in row:
            skills = row["skills"]
            if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
                raise ScenarioError(f"{where}: skills: expected a list of skill names, got "
                                    f"{_short(skills)}")
            unknown = [s for s in skills if s not in known_skills()]
            if unknown:
                raise ScenarioError(f"{where}: skills: unknown skill {plain(unknown[0])!r}")
            p.skills = frozenset(skills)
        if "extra" in row:
            p.extra = _extra(row["extra"], where)
    if "carrier" in data:
        if "ball" in data:
            raise ScenarioError("carrier: give the ball's square or its carrier, not both")
        try:
            p = find_player(state, data["carrier"])
        except ScenarioError as exc:
            raise ScenarioError(f"carrier: {exc}") from None
        if p.status != STANDING:
            raise ScenarioError(f"carrier: {data['carrier']} is not Standing on the pitch")
        if p.has("No Hands"):
            raise ScenarioError(f"carrier: {data['carrier']} has No Hands (A7.8.3)")
        state.ball.carrier = p.id
        state.ball.square = p.square
    elif "ball" in data:
        sq = _square(data["ball"], "ball")
        if sq in state.board:
            raise ScenarioError(f"ball: {list(sq)} must be an empty on-pitch square")
        state.ball.square = sq
    state.phase = phase
    return state


def scenario_match(source, *, dice=None, seed: int = 0):
    """A Match standing at the scenario's position."""
    from squigbowl.rules.engine import Match

    label = None if isinstance(source, dict) else str(source)
    state = build_state(load_scenario(source), source=label)
    return Match(None, None, seed=seed, dice=dice, state=state)
