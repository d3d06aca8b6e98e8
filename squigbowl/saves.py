"""Save files: versioned, validated, written atomically (DESIGN.md promise 4: a match is its log).

A save is one plain JSON file (never pickle) holding what rebuilds the game — seed, options, the
teams (or racers and track) inline, and the decision log — plus a canonical snapshot of the state
at the last decision, which loading checks against the replay, and a summary for listings. The
format is described in docs/saves.md.

    folder = saves_dir()          # --saves DIR, $SQUIGBOWL_SAVES, ./saves, ~/.local/...
    saver = Autosaver(folder, "match")            # the controllers call it after every decision
    saver(match, coaches=("Ann", "Bob"))
    loaded = load(path)                           # SaveError: one clear line, nothing touched
    loaded.match, loaded.mismatch                 # the replayed match; None or what disagreed
    list_saves(folder), latest_unfinished(folder), delete_save(path)

Every problem with a file — missing, unreadable, too big, not JSON, truncated, hand-edited, a
wrong or unknown version, a log that no longer replays — raises `SaveError`, whose message is one
line naming the file. Nothing else escapes `read_save`, `load` or `list_saves`.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

FORMAT = "squigbowl-save"
VERSION = 1
MAX_BYTES = 50 * 1024 * 1024
MAX_DECISIONS = 200_000
ENV = "SQUIGBOWL_SAVES"
KINDS = ("match", "race")

#: older format version -> a function turning such a save dict into the next version's shape.
#: Version 1 is the first format: nothing to migrate yet.
MIGRATIONS: dict[int, callable] = {}


class SaveError(ValueError):
    """A save file that cannot be used. `str(error)` is one line: the file's name and why."""

    def __init__(self, path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{Path(self.path).name}: {problem}")


# -- where saves live ---------------------------------------------------------------------------

def user_saves_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                            "share")
    return Path(base) / "squigbowl" / "saves"


def saves_dir(override: str | os.PathLike | None = None, create: bool = True) -> Path:
    """The saves folder: `override` (the --saves option), else $SQUIGBOWL_SAVES, else ./saves
    when it exists and is writable, else ~/.local/share/squigbowl/saves ($XDG_DATA_HOME)."""
    if override:
        folder = Path(override).expanduser()
    elif os.environ.get(ENV):
        folder = Path(os.environ[ENV]).expanduser()
    else:
        here = Path.cwd() / "saves"
        if here.is_dir() and os.access(here, os.W_OK | os.X_OK):
            folder = here
        else:
            folder = user_saves_dir()
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- what a save holds --------------------------------------------------------------------------

def now_text() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def team_to_data(sheet) -> dict:
    """A team sheet in the team-file shape ([roster] inline), so a save never depends on the
    asset files and is checked on load by the same rules as a team file."""
    r = sheet.roster
    positions = [{"name": p.name, "glyph": p.glyph, "limit": p.limit, "cost": p.cost,
                  "ma": p.ma, "st": p.st, "ag": p.ag, "av": p.av, "skills": sorted(p.skills)}
                 for p in r.positions.values()]
    return {
        "roster": {"key": r.key, "name": r.name, "reroll_cost": r.reroll_cost,
                   "apothecary": r.apothecary, "positions": positions},
        "team": {"name": sheet.name, "rerolls": sheet.rerolls, "apothecary": sheet.apothecary,
                 "fan_factor": sheet.fan_factor, "cheerleaders": sheet.cheerleaders,
                 "assistant_coaches": sheet.assistant_coaches,
                 "players": [{"position": pos, "names": [name]} for name, pos in sheet.players]},
    }


def _plain(value):
    """Tuples to lists, recursively (what a JSON round trip does)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def match_snapshot(match) -> dict:
    """The canonical dump of a match at its last decision: what loading compares."""
    s = match.state
    ball = s.ball
    return _plain({
        "decisions": len(match.log),
        "rolls": len(match.dice.log),
        "phase": s.phase, "half": s.half, "active": s.active, "kicking": s.kicking,
        "weather": s.weather, "over": s.over, "winner": s.winner,
        "teams": [{"score": t.score, "turn": t.turn, "rerolls": t.rerolls} for t in s.teams],
        "players": [[p.square, p.status] for p in s.players],
        "ball": [ball.square, ball.carrier, ball.in_air],
        "pending": None if match.pending is None else [match.pending.kind, match.pending.side],
    })


def match_summary(match, coaches=None) -> dict:
    s = match.state
    result = None
    if s.over:
        result = "draw" if s.winner not in (0, 1) else f"{s.teams[s.winner].name} win"
    return {
        "title": f"{s.teams[0].name} v {s.teams[1].name}",
        "teams": [t.name for t in s.teams],
        "coaches": list(coaches) if coaches else None,
        "score": [t.score for t in s.teams],
        "half": s.half, "turn": [t.turn for t in s.teams], "active": s.active,
        "over": bool(s.over), "result": result, "decisions": len(match.log),
    }


def match_data(match, *, coaches=None, created: str | None = None, teams=None) -> dict:
    """The whole save of a match, as a JSON-able dict."""
    stamp = now_text()
    return {
        "format": FORMAT, "version": VERSION, "kind": "match",
        "created": created or stamp, "updated": stamp,
        "summary": match_summary(match, coaches),
        "seed": match.seed,
        "options": match.state.options.to_json(),
        "teams": teams or [team_to_data(t.sheet) for t in match.state.teams],
        "coaches": list(coaches) if coaches else ["Home coach", "Away coach"],
        "decisions": [_plain(c) for c in match.log],
        "snapshot": match_snapshot(match),
    }


def race_snapshot(race) -> dict:
    result = race.result
    return _plain({
        "decisions": len(race.decisions), "rolls": len(race.dice.log), "turn": race.turn,
        "order": race.order, "cursor": race.cursor,
        "racers": [[r.x, r.y, r.removed, r.removed_cause, r.status, r.next_gate, r.completed]
                   for r in race.racers],
        "result": None if result is None else [result.outcome, result.winner, result.turn,
                                               result.placings],
        "pending": None if race.pending is None else [race.pending.kind, race.pending.racer],
    })


def race_summary(race) -> dict:
    result = race.result
    winner = None
    if result is not None and result.winner is not None:
        winner = race.racers[result.winner].name
    return {"title": f"Squig race: {race.track.name}", "track": race.track.name,
            "racers": [r.name for r in race.racers], "turn": race.turn,
            "over": result is not None, "result": None if result is None else result.outcome,
            "winner": winner, "decisions": len(race.decisions)}


_TRACK_TEXT: dict[str, str] = {}


def _track_text(track) -> str | None:
    source = getattr(track, "source", "") or ""
    if source not in _TRACK_TEXT:
        try:
            _TRACK_TEXT[source] = Path(source).read_text(encoding="utf-8")
        except (OSError, ValueError):
            _TRACK_TEXT[source] = None
    return _TRACK_TEXT[source]


def race_data(race, *, created: str | None = None) -> dict:
    stamp = now_text()
    record = race.record()
    return {
        "format": FORMAT, "version": VERSION, "kind": "race",
        "created": created or stamp, "updated": stamp,
        "summary": race_summary(race),
        "seed": record["seed"],
        "options": record["options"],
        "track": {"name": race.track.name, "toml": _track_text(race.track)},
        "racers": record["racers"],
        "decisions": record["decisions"],
        "snapshot": race_snapshot(race),
    }


# -- writing ------------------------------------------------------------------------------------

def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that a crash at any moment leaves either the old file or the
    new one: a temporary file in the same folder, flushed and fsynced, renamed over the old
    one (os.replace), then the folder fsynced."""
    path = Path(path)
    folder = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def dumps(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def new_save_path(folder: Path, kind: str, label: str = "") -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() else "-" for ch in label.lower()).strip("-")[:40]
    base = f"{kind}-{stamp}" + (f"-{safe}" if safe else "")
    path = folder / f"{base}.json"
    n = 2
    while path.exists():
        path = folder / f"{base}-{n}.json"
        n += 1
    return path


class Autosaver:
    """Saves one game after every decision (the controllers call it with the match or race).

    Building the JSON takes a couple of milliseconds and happens at once; the atomic write
    (two fsyncs, ~10 ms on a plain disk) happens on a small writer thread, which only ever
    writes the newest text, so the game never waits for the disk. `flush()` waits for the
    write in flight (quitting and the signal handlers call it). It never raises: a failed
    write is kept in `error` (one line) for the screen to show, and the previous save stays
    whole."""

    def __init__(self, folder: str | os.PathLike, kind: str, path: str | os.PathLike | None = None,
                 created: str | None = None, coaches=None, background: bool = True) -> None:
        self.folder = Path(folder)
        self.kind = kind
        self.path = Path(path) if path else None
        self.created = created
        self.coaches = list(coaches) if coaches else None
        self.background = background
        self.error: str | None = None
        self.writes = 0
        self._teams = None
        self._lock = threading.Condition()
        self._todo: str | None = None
        self._busy = False
        self._thread: threading.Thread | None = None

    def data(self, game) -> dict:
        if self.kind == "match":
            if self._teams is None:
                self._teams = [team_to_data(t.sheet) for t in game.state.teams]
            data = match_data(game, coaches=self.coaches, created=self.created,
                              teams=self._teams)
        else:
            data = race_data(game, created=self.created)
        self.created = data["created"]
        return data

    def __call__(self, game) -> bool:
        try:
            data = self.data(game)
            if self.path is None:
                self.folder.mkdir(parents=True, exist_ok=True)
                label = str(data["summary"].get("title", "")).replace(" v ", "-v-")
                self.path = new_save_path(self.folder, self.kind, label)
            text = dumps(data)
        except Exception as exc:  # noqa: BLE001 - an autosave must never break the game
            self.error = f"autosave failed: {_short(exc)}"
            return False
        if not self.background:
            return self._write(text)
        with self._lock:
            self._todo = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="squigbowl-autosave",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return True

    def _write(self, text: str) -> bool:
        try:
            write_atomic(self.path, text)
        except Exception as exc:  # noqa: BLE001
            self.error = f"autosave failed: {_short(exc)}"
            return False
        self.error = None
        self.writes += 1
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._todo is None:
                    if not self._lock.wait(timeout=30):
                        self._thread = None
                        return
                text, self._todo = self._todo, None
                self._busy = True
            try:
                self._write(text)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the newest text is on disk (True) or `timeout` passes (False)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._todo is None and not self._busy,
                                       timeout=timeout)


# -- reading and checking -----------------------------------------------------------------------

def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(cond: bool, path, problem: str) -> None:
    if not cond:
        raise SaveError(path, problem)


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


def _short(exc, limit: int = 120) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _read_save(path: Path) -> dict:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(path, "no such save file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if not path.is_file():
        raise SaveError(path, "not a file")
    if size > MAX_BYTES:
        raise SaveError(path, f"too large to be a save ({size / 1e6:.0f} MB; the limit is "
                              f"{MAX_BYTES // (1024 * 1024)} MB)")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if not raw.strip():
        raise SaveError(path, "empty file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "not a save: not UTF-8 text (corrupt?)") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        hint = "truncated" if exc.pos >= len(text.rstrip()) - 1 else "corrupt"
        raise SaveError(path, f"not valid JSON ({hint}? {exc.msg} at line {exc.lineno}, "
                              f"column {exc.colno})") from None
    _check(isinstance(data, dict), path, "not a Squig Bowl save (not a JSON object)")
    _check(data.get("format") == FORMAT, path,
           "not a Squig Bowl save (no \"format\": \"squigbowl-save\")")
    version = data.get("version")
    _check(_is_int(version), path, f"format version {version!r} is not a number")
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
    return data


def _no_constant(name):
    raise ValueError(f"{name} is not allowed in a save")


def _validate(data: dict, path) -> None:
    kind = data.get("kind")
    _check(kind in KINDS, path, f"field 'kind' must be 'match' or 'race', got {kind!r}")
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
    if kind == "match":
        teams = data.get("teams")
        _check(isinstance(teams, list) and len(teams) == 2, path,
               "field 'teams' must hold the two teams")
        coaches = data.get("coaches", ["Home coach", "Away coach"])
        _check(isinstance(coaches, list) and len(coaches) == 2
               and all(isinstance(c, str) for c in coaches), path,
               "field 'coaches' must hold two names")
        _check_options(data["options"], path)
        for i, choice in enumerate(decisions):
            _check(isinstance(choice, list) and len(choice) == 2 and isinstance(choice[0], str),
                   path, f"decision #{i + 1} must be a [type, argument] pair, got {_clip(choice)}")
    else:
        racers = data.get("racers")
        _check(isinstance(racers, list) and 2 <= len(racers) <= 6
               and all(isinstance(r, list) and len(r) == 2
                       and all(isinstance(x, str) for x in r) for r in racers), path,
               "field 'racers' must hold 2 to 6 [name, rider] pairs")
        track = data.get("track")
        _check(isinstance(track, dict) and isinstance(track.get("name"), str)
               and isinstance(track.get("toml"), (str, type(None))), path,
               "field 'track' must be a table with the track's 'name' (and 'toml')")
        for i, entry in enumerate(decisions):
            ok = (isinstance(entry, dict) and entry.get("kind") in ("move", "yeehaw")
                  and _is_int(entry.get("racer")) and isinstance(entry.get("choice"), dict))
            _check(ok, path, f"decision #{i + 1} must be a table with kind, racer and choice")


def _check_options(options: dict, path) -> None:
    from squigbowl.rules.state import Options

    defaults = Options()
    for key, value in options.items():
        if key not in Options.__dataclass_fields__:
            continue
        want = type(getattr(defaults, key))
        ok = isinstance(value, want) and (want is not int or not isinstance(value, bool))
        _check(ok, path, f"option '{key}' must be {want.__name__}, got {_clip(value)}")


def _clip(value, limit: int = 40) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


# -- loading: replay and verify -----------------------------------------------------------------

@dataclass
class Loaded:
    """A loaded save: the game rebuilt by replaying its log, and whether that replay agrees with
    the snapshot stored in the file (`mismatch` is None, or one line saying what differs)."""

    path: Path
    data: dict
    kind: str
    match: object = None
    race: object = None
    mismatch: str | None = None
    coaches: list = field(default_factory=list)

    @property
    def game(self):
        return self.match if self.kind == "match" else self.race

    @property
    def over(self) -> bool:
        return bool(self.match.over) if self.kind == "match" else self.race.result is not None


def load(path: str | os.PathLike) -> Loaded:
    """Read, check and replay a save. Raises SaveError (one line), never anything else."""
    path = Path(path)
    data = read_save(path)
    try:
        if data["kind"] == "match":
            return _load_match(path, data)
        return _load_race(path, data)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(path, "corrupt: nested too deeply") from None
    except Exception as exc:  # noqa: BLE001
        raise SaveError(path, f"does not load ({type(exc).__name__}: {_short(exc)})") from None


def build_match(data: dict, path="save"):
    """A fresh match (no decision made) from a save's seed, options and teams."""
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import TeamFileError, team_from_data
    from squigbowl.rules.state import Options

    sheets = []
    for side, team in enumerate(data["teams"]):
        try:
            sheets.append(team_from_data(team, f"{Path(str(path)).name} team {side + 1}"))
        except TeamFileError as exc:
            raise SaveError(path, f"team {side + 1}: {exc.problem}") from None
    try:
        options = Options.from_json(data["options"])
    except ValueError as exc:
        raise SaveError(path, f"options: {exc}") from None
    return Match(sheets[0], sheets[1], seed=data["seed"], options=options)


def replay_match(data: dict, path="save", upto: int | None = None):
    """The match rebuilt from its seed by replaying the log (the first `upto` decisions)."""
    from squigbowl.rules.events import IllegalChoice

    match = build_match(data, path)
    log = data["decisions"] if upto is None else data["decisions"][:upto]
    for i, choice in enumerate(log):
        if match.pending is None:
            raise SaveError(path, f"decision #{i + 1} comes after the end of the match")
        try:
            match.decide(choice)
        except IllegalChoice as exc:
            raise SaveError(path, f"decision #{i + 1} does not replay: {_short(exc)}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise SaveError(path, f"decision #{i + 1} does not replay ({type(exc).__name__}: "
                                  f"{_short(exc)})") from None
    return match


def _load_match(path: Path, data: dict) -> Loaded:
    match = replay_match(data, path)
    mismatch = _compare(data["snapshot"], match_snapshot(match), "match")
    return Loaded(path, data, "match", match=match, mismatch=mismatch,
                  coaches=list(data.get("coaches") or ["Home coach", "Away coach"]))


def race_track(data: dict, path="save"):
    from squigbowl.race import find_track
    from squigbowl.race.track import TrackError, parse_track

    track = data["track"]
    try:
        if track.get("toml"):
            return parse_track(track["toml"], source=f"{Path(str(path)).name} track")
        return find_track(track["name"])
    except TrackError as exc:
        raise SaveError(path, f"track: {_short(exc)}") from None


def race_options(data: dict, path="save"):
    from squigbowl.race import RaceOptions

    opts = data["options"]
    known = {k: v for k, v in opts.items() if k in RaceOptions.__dataclass_fields__}
    try:
        return RaceOptions(**known)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"options: {_short(exc)}") from None


def replay_race(data: dict, path="save", upto: int | None = None):
    from squigbowl.race import Race
    from squigbowl.race.engine import IllegalChoice, RaceError
    from squigbowl.race.events import choice_from_dict

    track = race_track(data, path)
    race = Race.new(track, [tuple(r) for r in data["racers"]], seed=data["seed"],
                    options=race_options(data, path))
    log = data["decisions"] if upto is None else data["decisions"][:upto]
    for i, entry in enumerate(log):
        d = race.pending
        if d is None or d.kind != entry["kind"] or d.racer != entry["racer"]:
            asked = "nothing" if d is None else f"{d.kind} of racer {d.racer}"
            raise SaveError(path, f"decision #{i + 1} does not replay: the race asks {asked}")
        try:
            race.decide(choice_from_dict(entry["choice"]))
        except (IllegalChoice, RaceError, TypeError, ValueError, KeyError) as exc:
            raise SaveError(path, f"decision #{i + 1} does not replay ({_short(exc)})") from None
    return race


def _load_race(path: Path, data: dict) -> Loaded:
    race = replay_race(data, path)
    mismatch = _compare(data["snapshot"], race_snapshot(race), "race")
    return Loaded(path, data, "race", race=race, mismatch=mismatch)


def _compare(stored: dict, replayed: dict, what: str) -> str | None:
    replayed = json.loads(json.dumps(replayed))
    if stored == replayed:
        return None
    keys = sorted(set(stored) | set(replayed))
    differ = [k for k in keys if stored.get(k) != replayed.get(k)]
    return (f"the replayed {what} does not match the position this save recorded (differs in: "
            f"{', '.join(differ)}); you can still resume from the replay")


# -- the saves folder ---------------------------------------------------------------------------

@dataclass
class SaveInfo:
    """One file in the saves folder, for listings: its summary, or the error that makes it
    unusable."""

    path: Path
    mtime: float
    kind: str | None = None
    summary: dict = field(default_factory=dict)
    error: str | None = None

    @property
    def finished(self) -> bool:
        return bool(self.summary.get("over"))

    def when(self) -> str:
        return datetime.fromtimestamp(self.mtime).strftime("%Y-%m-%d %H:%M")

    def line(self) -> str:
        """'Orcs 1–0 Humans · half 1, turn 5 · 2026-11-29 13:23'."""
        if self.error:
            return f"{self.path.name} · unreadable: {self.error}"
        s = self.summary
        try:
            if self.kind == "match":
                (a, b), (sa, sb) = s["teams"], s["score"]
                turn = max(int(t) for t in s["turn"])
                half = int(s["half"])
                period = "overtime" if half == 3 else f"half {half}"  # A2.11: a third period
                text = f"{a} {int(sa)}–{int(sb)} {b} · {period}, turn {turn}"
            else:
                text = f"{s['title']} · turn {int(s['turn'])} · {len(s['racers'])} racers"
            if s.get("over"):
                text += " · finished" + (f" ({s['result']})" if s.get("result") else "")
        except Exception:  # noqa: BLE001 - a hand-edited summary: show the file name
            text = self.path.stem
        return f"{text} · {self.when()}"


def list_saves(folder: str | os.PathLike) -> list[SaveInfo]:
    """Every *.json file in the folder, newest first (unreadable ones too, with their error)."""
    folder = Path(folder)
    out = []
    try:
        paths = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return []
    for path in paths:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        info = SaveInfo(path, mtime)
        try:
            data = read_save(path)
            info.kind = data["kind"]
            info.summary = data["summary"]
        except SaveError as exc:
            info.error = exc.problem
        out.append(info)
    out.sort(key=lambda i: i.mtime, reverse=True)
    return out


def latest_unfinished(folder: str | os.PathLike) -> SaveInfo | None:
    """The most recent readable save whose game is not over (what Continue resumes)."""
    for info in list_saves(folder):
        if info.error is None and not info.finished:
            return info
    return None


def delete_save(path: str | os.PathLike) -> None:
    """Delete one save (and its exported text, if any)."""
    path = Path(path)
    path.unlink(missing_ok=True)


__all__ = ["SaveError", "Autosaver", "Loaded", "SaveInfo", "load", "read_save", "list_saves",
           "latest_unfinished", "delete_save", "saves_dir", "write_atomic", "match_data",
           "race_data", "match_snapshot", "race_snapshot", "replay_match", "replay_race",
           "FORMAT", "VERSION", "MAX_BYTES"]
