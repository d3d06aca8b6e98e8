"""Reading a save and checking it before any of it is used: bounded reading, sizes counted
before parsing, the migrations of older versions, the fields of each kind, every name made
plain text. `read_save` raises SaveError and nothing else."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from squigbowl.paths import UnreadableFile, read_bounded
from squigbowl.saves.contents import COMPUTER_LEVELS
from squigbowl.saves.errors import SaveError, _check, _clip, _is_int, _short
from squigbowl.saves.spec import (FORMAT, KINDS, MAX_BYTES, MAX_DECISIONS, MAX_DEPTH,
                                  MAX_LIST, MAX_NODES, MAX_TEXT, MAX_TRACK_TEXT,
                                  MIGRATIONS, VERSION)
from squigbowl.text import plain


def read_save(path: str | os.PathLike) -> dict:
    """The save's dict, its structure checked (migrated from an older version when one is
    supported). Raises SaveError, never anything else. Does not replay: see `load`."""
    path = Path(path)
    try:
        return _read_save(path)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(path, "corrupt: nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - the documented error, whatever went wrong
        raise SaveError(path, f"corrupt or hand-edited ({type(exc).__name__}: "
                              f"{_short(exc)})") from None


def _read_save(path: Path) -> dict:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError(path, "no such save file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISREG(st.st_mode) and st.st_size > MAX_BYTES:
        raise SaveError(path, f"too large to be a save ({st.st_size / 1e6:.1f} MB; the limit is "
                              f"{MAX_BYTES // (1024 * 1024)} MB)")
    try:
        raw = read_bounded(path, MAX_BYTES)
    except UnreadableFile as exc:
        problem = exc.problem
        if problem.startswith("not a regular file"):
            problem = "not a regular file (a folder, a pipe or a device): not read"
        elif problem.startswith("too large"):
            problem = f"too large to be a save (the limit is {MAX_BYTES // (1024 * 1024)} MB)"
        else:
            problem = f"cannot be read ({problem})"
        raise SaveError(path, problem) from None
    if not raw.strip():
        raise SaveError(path, "empty file")
    # count the lists and tables before parsing: a small file of "[[],[],...]" would
    # otherwise become millions of Python lists
    nodes = raw.count(b"[") + raw.count(b"{")
    if nodes > MAX_NODES:
        raise SaveError(path, f"not a save: too many lists and tables ({nodes}; a save has at "
                              f"most {MAX_NODES})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "not a save: not UTF-8 text (corrupt?)") from None
    del raw
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        hint = "truncated" if exc.pos >= len(text.rstrip()) - 1 else "corrupt"
        raise SaveError(path, f"not valid JSON ({hint}? {exc.msg} at line {exc.lineno}, "
                              f"column {exc.colno})") from None
    _check(isinstance(data, dict), path, "not a Squig Bowl save (not a JSON object)")
    _check(data.get("format") == FORMAT, path,
           "not a Squig Bowl save (no \"format\": \"squigbowl-save\")")
    _check_sizes(data, path)
    version = data.get("version")
    _check(_is_int(version), path, f"format version {_clip(version)} is not a number")
    if version > VERSION:
        raise SaveError(path, f"made by a newer Squig Bowl (save format version {version}; this "
                              f"version reads {VERSION}): update Squig Bowl to load it")
    while version < VERSION:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise SaveError(path, f"save format version {version} is too old and cannot be "
                                  f"migrated (this version reads {VERSION})")
        data = migrate(data)
        version = data["version"]
    _validate(data, path)
    _plain_names(data)
    return data


def _check_sizes(data: dict, path) -> None:
    """Every text, list and nesting in the save within the limits, before any of it is used
    (an iterative walk: no recursion however the file is nested)."""
    stack = [(data, 1, ())]
    while stack:
        node, depth, where = stack.pop()
        _check(depth <= MAX_DEPTH, path, "corrupt: nested too deeply")
        if isinstance(node, dict):
            _check(len(node) <= MAX_LIST, path, f"too many fields in {_where(where)}")
            for key, value in node.items():
                _check(len(key) <= MAX_TEXT, path, f"a field name in {_where(where)} is too long")
                if isinstance(value, (dict, list)):
                    stack.append((value, depth + 1, where + (key,)))
                elif isinstance(value, str):
                    limit = MAX_TRACK_TEXT if where + (key,) in (("track", "toml"),
                                                                 ("tracks", "[]", "toml")) \
                        else MAX_TEXT
                    _check(len(value) <= limit, path,
                           f"text too long in {_where(where + (key,))} ({len(value)} characters; "
                           f"at most {limit})")
        elif isinstance(node, list):
            log = where in (("decisions",), ("races", "[]", "decisions"))
            limit = MAX_DECISIONS if log else MAX_LIST
            what = "decisions" if log else f"entries in {_where(where)}"
            _check(len(node) <= limit, path, f"too many {what} ({len(node)}; at most {limit})")
            for value in node:
                if isinstance(value, (dict, list)):
                    stack.append((value, depth + 1, where + ("[]",)))
                elif isinstance(value, str):
                    _check(len(value) <= MAX_TEXT, path,
                           f"text too long in {_where(where)} ({len(value)} characters; at most "
                           f"{MAX_TEXT})")


def _where(where: tuple) -> str:
    parts = [str(w) for w in where[:4] if w != "[]"]
    return "field '" + ".".join(parts) + "'" if parts else "the save"


def _plain_names(data: dict) -> None:
    """Every name a save holds made plain text (text.plain): coaches, teams, rosters and their
    positions, players, racers, riders, the track's label and the listing's summary. Only
    strings are touched; the shapes are checked elsewhere."""
    def fix(container, key, limit=None) -> None:
        try:
            value = container[key]
        except (KeyError, IndexError, TypeError):
            return
        if isinstance(value, str):
            container[key] = plain(value) if limit is None else plain(value, limit)

    def each(container, key):
        value = container.get(key) if isinstance(container, dict) else None
        return value if isinstance(value, list) else []

    summary = data.get("summary")
    if isinstance(summary, dict):
        for key in ("title", "track", "result", "winner"):
            fix(summary, key, 120)
        for key in ("teams", "coaches", "racers"):
            for i in range(len(each(summary, key))):
                fix(summary[key], i)
    for i in range(len(each(data, "coaches"))):
        fix(data["coaches"], i)
    for team in each(data, "teams"):
        if not isinstance(team, dict):
            continue
        roster, sheet = team.get("roster"), team.get("team")
        if isinstance(roster, dict):
            fix(roster, "name")
            for pos in each(roster, "positions"):
                if isinstance(pos, dict):
                    fix(pos, "name")
        if isinstance(sheet, dict):
            fix(sheet, "name")
            for row in each(sheet, "players"):
                if isinstance(row, dict):
                    fix(row, "position")
                    for i in range(len(each(row, "names"))):
                        fix(row["names"], i)
            for row in each(sheet, "profiles"):  # a league team's (D0)
                if isinstance(row, dict):
                    fix(row, "name")
                    fix(row, "position")
    for racer in each(data, "racers"):
        if isinstance(racer, list):
            for i in range(len(racer)):
                fix(racer, i)
    track = data.get("track")
    if isinstance(track, dict):
        fix(track, "name")
    for track in each(data, "tracks"):
        if isinstance(track, dict):
            fix(track, "name")
    if isinstance(summary, dict):
        fix(summary, "leader")


def _no_constant(name):
    raise ValueError(f"{name} is not allowed in a save")


def _validate(data: dict, path) -> None:
    kind = data.get("kind")
    _check(kind in KINDS, path, f"field 'kind' must be one of {', '.join(map(repr, KINDS))}, "
                                f"got {_clip(kind)}")
    for key in ("created", "updated"):
        _check(isinstance(data.get(key), str), path, f"field '{key}' must be a date text")
    seed = data.get("seed")
    _check(_is_int(seed) and 0 <= seed < 2 ** 63, path,
           f"field 'seed' must be a whole number 0..2^63, got {_clip(seed)}")
    _check(isinstance(data.get("options"), dict), path, "field 'options' must be a table")
    decisions = data.get("decisions")
    _check(isinstance(decisions, list), path, "field 'decisions' must be a list")
    _check(len(decisions) <= MAX_DECISIONS, path, f"too many decisions ({len(decisions)})")
    _check(isinstance(data.get("snapshot"), dict), path, "field 'snapshot' must be a table")
    _check(isinstance(data.get("summary"), dict), path, "field 'summary' must be a table")
    from squigbowl.games import kind as game_kind

    game_kind(kind).validate_save(data, path)      # each kind's own fields


def _validate_match(data: dict, path) -> None:
    """A match save's own fields (the teams, coaches, computer, options, its log's shape)."""
    decisions = data["decisions"]
    teams = data.get("teams")
    _check(isinstance(teams, list) and len(teams) == 2, path,
           "field 'teams' must hold the two teams")
    coaches = data.get("coaches", ["Home coach", "Away coach"])
    _check(isinstance(coaches, list) and len(coaches) == 2
           and all(isinstance(c, str) for c in coaches), path,
           "field 'coaches' must hold two names")
    _check_computer(data.get("computer", [None, None]), path)
    if "clock" in data:                            # D6.7: the turn time limit's clock
        from squigbowl.rules.turn_clock import TurnClock

        try:
            TurnClock.from_json(data["clock"])
        except ValueError as exc:
            _check(False, path, f"field 'clock': {exc}")
    _check_options(data["options"], path)
    for i, choice in enumerate(decisions):
        _check(isinstance(choice, list) and len(choice) == 2 and isinstance(choice[0], str),
               path, f"decision #{i + 1} must be a [type, argument] pair, got {_clip(choice)}")


def _validate_race(data: dict, path) -> None:
    """A race save's own fields (the racers, the track, options, its log's shape)."""
    decisions = data["decisions"]
    racers = data.get("racers")
    _check(isinstance(racers, list) and 2 <= len(racers) <= 6
           and all(isinstance(r, list) and len(r) == 2
                   and all(isinstance(x, str) for x in r) for r in racers), path,
           "field 'racers' must hold 2 to 6 [name, rider] pairs")
    track = data.get("track")
    _check(isinstance(track, dict) and isinstance(track.get("name"), str)
           and isinstance(track.get("toml"), (str, type(None))), path,
           "field 'track' must be a table with the track's 'name' (and 'toml')")
    _check_race_options(data["options"], path)
    _check_race_log(decisions, path)


def _check_race_log(decisions: list, path, where: str = "") -> None:
    for i, entry in enumerate(decisions):
        ok = (isinstance(entry, dict) and entry.get("kind") in ("move", "yeehaw")
              and _is_int(entry.get("racer")) and isinstance(entry.get("choice"), dict))
        _check(ok, path, f"{where}decision #{i + 1} must be a table with kind, racer and choice")


def _validate_cup(data: dict, path) -> None:
    """A cup's fields (docs/saves.md, "A Squig Cup"): racers, points, one seed and one track
    per race, the races' logs."""
    from squigbowl.cup import MAX_RACES

    racers = data.get("racers")
    _check(isinstance(racers, list) and 2 <= len(racers) <= 6
           and all(isinstance(r, list) and len(r) == 2
                   and all(isinstance(x, str) for x in r) for r in racers), path,
           "field 'racers' must hold 2 to 6 [name, rider] pairs")
    points = data.get("points")
    _check(isinstance(points, list) and 1 <= len(points) <= 6
           and all(_is_int(p) and 0 <= p <= 1000 for p in points), path,
           "field 'points' must hold 1 to 6 whole numbers 0..1000 (points by placing)")
    tracks, seeds = data.get("tracks"), data.get("seeds")
    _check(isinstance(tracks, list) and 1 <= len(tracks) <= MAX_RACES, path,
           f"field 'tracks' must hold 1 to {MAX_RACES} tracks (one per race)")
    for i, track in enumerate(tracks):
        _check(isinstance(track, dict) and isinstance(track.get("name"), str)
               and isinstance(track.get("toml"), (str, type(None))), path,
               f"track #{i + 1} must be a table with the track's 'name' (and 'toml')")
    _check(isinstance(seeds, list) and len(seeds) == len(tracks)
           and all(_is_int(x) and 0 <= x < 2 ** 63 for x in seeds), path,
           "field 'seeds' must hold one whole number 0..2^63 per race")
    _check_race_options(data["options"], path)
    races = data.get("races")
    _check(isinstance(races, list) and len(races) <= len(tracks), path,
           "field 'races' must be a list, at most one entry per track")
    total = 0
    for k, entry in enumerate(races):
        _check(isinstance(entry, dict) and isinstance(entry.get("decisions"), list), path,
               f"race #{k + 1} must be a table with its 'decisions'")
        _check_race_log(entry["decisions"], path, f"race #{k + 1}: ")
        total += len(entry["decisions"])
    _check(total <= MAX_DECISIONS, path, f"too many decisions ({total})")


def _check_computer(computer, path) -> None:
    """The `computer` field (issue 12): absent in older saves (two people), else [home, away],
    each null or {"level": one of COMPUTER_LEVELS, "seed": a whole number 0..2^63}."""
    _check(isinstance(computer, list) and len(computer) == 2, path,
           "field 'computer' must hold two entries (null for a person)")
    for side, entry in enumerate(computer):
        if entry is None:
            continue
        name = ("home", "away")[side]
        _check(isinstance(entry, dict) and entry.get("level") in COMPUTER_LEVELS, path,
               f"field 'computer': the {name} coach's level must be one of "
               f"{', '.join(COMPUTER_LEVELS)}, got {_clip(entry)}")
        seed = entry.get("seed")
        _check(_is_int(seed) and 0 <= seed < 2 ** 63, path,
               f"field 'computer': the {name} coach's seed must be a whole number 0..2^63, "
               f"got {_clip(seed)}")


def _check_options(options: dict, path) -> None:
    from squigbowl.rules.state import Options

    defaults = Options().to_json()
    for key, value in options.items():
        if key not in defaults:
            continue
        want = type(defaults[key])
        ok = isinstance(value, want) and (want is not int or not isinstance(value, bool))
        _check(ok, path, f"option '{key}' must be {want.__name__}, got {_clip(value)}")


#: the race options a save may hold, and what each must be (RaceOptions, B11.0)
RACE_OPTIONS = {
    "scatter": ("'continuous', 8 or 16", lambda v: v == "continuous" or (_is_int(v)
                                                                          and v in (8, 16))),
    "initiative": ("'every_turn' or 'once'", lambda v: v in ("every_turn", "once")),
    "cavern": ("true or false", lambda v: isinstance(v, bool)),
    "turn_limit": ("a whole number from 1 to 10000, or null",
                   lambda v: v is None or (_is_int(v) and 1 <= v <= 10_000)),
}


def _check_race_options(options: dict, path) -> None:
    for key, (want, ok) in RACE_OPTIONS.items():
        if key in options:
            _check(ok(options[key]), path,
                   f"option '{key}' must be {want}, got {_clip(options[key])}")
