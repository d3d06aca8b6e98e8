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

A save is untrusted input (issue 10): it is read only if it is a regular file within `MAX_BYTES`
(`paths.read_bounded`: a pipe or a device is never opened for a blocking read), its lists and
texts are counted before they are used, every name in it goes through `text.plain`, and it
carries everything inline (a track's name is a label, never a path). A game holds a lock on its
save while it is open (`claim`), so a second copy of the game cannot write it too.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import stat
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from squigbowl.paths import UnreadableFile, read_bounded
from squigbowl.text import plain

FORMAT = "squigbowl-save"
VERSION = 1
ENV = "SQUIGBOWL_SAVES"

# -- limits (docs/saves.md, "Limits"). The longest real match measured — overtime, every house
# rule, two scripted coaches — has about 1,300 decisions and takes about 25 KB; every player
# moving his full movement every turn of three periods would be about 9,000. The limits are
# above both, and low enough that a file at the limits is refused or replayed in a second or so.
#: the largest save file read at all (checked on the file's size, before reading)
MAX_BYTES = 4 * 1024 * 1024
#: the longest decision log (a log this long, 400 KB, replays in about 1.3 s)
MAX_DECISIONS = 20_000
#: the most lists and tables ("[" and "{") in a file, counted before the JSON is parsed
MAX_NODES = 4 * MAX_DECISIONS + 20_000
#: the longest text in a save (names are then cut to text.NAME_LIMIT), but for a track's file
MAX_TEXT = 1_000
#: the longest track file carried inline: every track the game reads (race.track.TRACK_FILE_LIMIT;
#: the shipped ones are 1.5 to 3.5 KB)
MAX_TRACK_TEXT = 128 * 1024
#: the longest list but the decision log (a team has at most 16 players, a race 6 racers)
MAX_LIST = 1_000
#: the deepest nesting of lists and tables (a save needs 6)
MAX_DEPTH = 24
#: a temporary file older than this (seconds) and not held by a live game is a leftover
STALE_TEMP_SECONDS = 10 * 60
#: the client's store of rejoin codes in the saves folder (ui/net/rejoin.py)
REJOIN_FILE = "rejoin.json"
#: the set-up screen's own formations in the saves folder (ui/match/setup_screen.py)
FORMATIONS_FILE = "formations.json"
#: the `*.json` files the game writes in the saves folder that are not saves: never listed.
#: Its other files do not end in `.json` (server.sock, server.log, NAME.txt exports) or are
#: hidden (`.FILE.json.lock`, `.FILE.json.journal`, write_atomic's `.FILE.json.XXXX.tmp`)
NOT_SAVES = frozenset({FORMATIONS_FILE, REJOIN_FILE})
KINDS = ("match", "race", "cup")

#: older format version -> a function turning such a save dict into the next version's shape.
#: Version 1 is the first format: nothing to migrate yet.
MIGRATIONS: dict[int, callable] = {}


class SaveError(ValueError):
    """A save file that cannot be used. `str(error)` is one line: the file's name and why."""

    def __init__(self, path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{Path(self.path).name}: {problem}")


class SaveInUse(SaveError):
    """The save is open in another copy of the game (or another screen of this one)."""


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


#: the computer coaches a save may name (coaches.coach.COACHES; saves import no coach: a test
#: keeps the two lists equal)
COMPUTER_LEVELS = ("random", "easy", "normal", "hard")


def computer_data(match, computer) -> list:
    """The save's `computer` field: [home, away], each null (a person) or the computer coaching
    that side, {"level", "seed"}: the coach is rebuilt as make_coach(level, seed, side), the
    seed being the match's (issue 12)."""
    out = []
    for side in (0, 1):
        level = (list(computer or ()) + [None, None])[side]
        out.append({"level": str(level), "seed": match.seed} if level else None)
    return out


def match_data(match, *, coaches=None, created: str | None = None, teams=None,
               computer=None, decisions: list | None = None) -> dict:
    """The whole save of a match, as a JSON-able dict; `computer`: [home, away] levels (None
    for a person). `decisions`: the log already made plain, kept by a caller as it grows (the
    match server: the log is not made plain again at every decision)."""
    stamp = now_text()
    return {
        "format": FORMAT, "version": VERSION, "kind": "match",
        "created": created or stamp, "updated": stamp,
        "summary": match_summary(match, coaches),
        "seed": match.seed,
        "options": match.state.options.to_json(),
        "teams": teams or [team_to_data(t.sheet) for t in match.state.teams],
        "coaches": list(coaches) if coaches else ["Home coach", "Away coach"],
        "computer": computer_data(match, computer),
        "decisions": decisions if decisions is not None else [_plain(c) for c in match.log],
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


#: the text each track was parsed from, when it came from a save (the track itself is the key)
_TRACK_OF_SAVE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: a track file's path -> its text (read once, bounded)
_TRACK_TEXT: dict[str, str | None] = {}


def _track_text(track) -> str | None:
    """The text of the track file a race runs on, to carry inline: the text it was parsed from
    when it came from a save, else its file's (a shipped track, or one given on the command
    line), read once and bounded."""
    try:
        return _TRACK_OF_SAVE[track]
    except (KeyError, TypeError):
        pass
    source = getattr(track, "source", "") or ""
    if source not in _TRACK_TEXT:
        try:
            _TRACK_TEXT[source] = read_bounded(source, MAX_TRACK_TEXT).decode("utf-8")
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


def _race_log(race) -> list:
    return _plain(race.record()["decisions"])


def cup_snapshot(cup) -> dict:
    """The canonical dump of a cup: its races started, the points of each racer, and the
    snapshot of its latest race (what loading compares)."""
    table = sorted(cup.standings(), key=lambda row: row.racer)
    return _plain({
        "races": len(cup.races), "finished": len(cup.finished), "over": cup.over,
        "points": [row.points for row in table],
        "race": race_snapshot(cup.races[-1]) if cup.races else None,
    })


def cup_summary(cup) -> dict:
    """For listings: 'Squig Cup, race 2 of 4' and the leader (the champion once over)."""
    current = cup.current
    race = current or (cup.races[-1] if cup.races else None)
    table = cup.standings()
    leader = table[0].name if cup.races and not table[0].shared else None
    return {"title": f"Squig Cup, race {cup.race_number} of {cup.size}",
            "track": (race.track.name if race is not None else cup.tracks[0].name),
            "racers": [name for name, _rider in cup.entrants],
            "turn": race.turn if current is not None else 0,
            "race": cup.race_number, "races": cup.size, "over": cup.over,
            "result": "cup over" if cup.over else None, "winner": leader if cup.over else None,
            "leader": leader, "decisions": sum(len(r.decisions) for r in cup.races)}


def cup_data(cup, *, created: str | None = None) -> dict:
    """The whole save of a Squig Cup: the cup's set-up (racers, points, one track inline and
    one seed per race) and the decision log of every race started; the standings are
    recomputed from the races on load."""
    from dataclasses import asdict

    stamp = now_text()
    return {
        "format": FORMAT, "version": VERSION, "kind": "cup",
        "created": created or stamp, "updated": stamp,
        "summary": cup_summary(cup),
        "seed": cup.seed,
        "options": asdict(cup.options),
        "racers": [[name, rider] for name, rider in cup.entrants],
        "points": list(cup.points_table),
        "seeds": list(cup.seeds),
        "tracks": [{"name": t.name, "toml": _track_text(t)} for t in cup.tracks],
        "races": [{"decisions": _race_log(r)} for r in cup.races],
        "decisions": _race_log(cup.current) if cup.current is not None else [],
        "snapshot": cup_snapshot(cup),
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


def write_new(folder: str | os.PathLike, base: str, text: str) -> Path:
    """Write `text` as a new file `BASE.json` of `folder` (else `BASE-2.json`, `-3`...: an
    existing file is never replaced), atomically: the text is whole on disk (fsynced) in a
    temporary file before it is linked under its name, so no half-written or empty file is
    ever seen under it. Returns the path written (`squigbowl sim --save-dir`)."""
    folder = Path(folder)
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.json.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        for n in range(1, 10_000):
            path = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
            try:
                os.link(tmp, path)          # fails on an existing name: nothing replaced
            except FileExistsError:
                continue
            except OSError:                 # no hard links here: claim the name, then rename
                if os.path.lexists(path):
                    continue
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
                except FileExistsError:
                    continue
                os.replace(tmp, path)
            break
        else:
            raise OSError(errno.EEXIST, "no free file name", str(folder / f"{base}.json"))
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return path
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)
    return path


def dumps(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _save_names(folder: Path, kind: str, label: str):
    """`KIND-YYYYMMDD-HHMMSS-LABEL.json`, then `...-2.json`, `...-3.json`..."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    safe = "".join(ch if ch.isalnum() else "-" for ch in label.lower()).strip("-")[:40]
    base = f"{kind}-{stamp}" + (f"-{safe}" if safe else "")
    yield folder / f"{base}.json"
    for n in range(2, 1000):
        yield folder / f"{base}-{n}.json"


def new_save_path(folder: Path, kind: str, label: str = "") -> Path:
    """A free file name for a new file of this kind (it only names it: a game takes its save
    with `reserve_save_path`)."""
    for path in _save_names(Path(folder), kind, label):
        if not path.exists():
            return path
    raise OSError(errno.EEXIST, "no free file name")


def reserve_save_path(folder: Path, kind: str, label: str = "") -> tuple[Path, "SaveLock"]:
    """A new save's file, taken for this game alone: its lock is held and the file is created
    with O_EXCL, so two games started in the same second with the same teams (in one process
    or two) never get the same file. Returns the path (an empty file until the first write)
    and the lock (kept while the game is open)."""
    for path in _save_names(Path(folder), kind, label):
        if os.path.lexists(path):
            continue
        try:
            lock = claim(path, take_over=False)
        except SaveInUse:
            continue
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0),
                         0o644)
        except FileExistsError:
            lock.release(unlink=False)
            continue
        except BaseException:
            lock.release()
            raise
        os.close(fd)
        return path, lock
    raise OSError(errno.EEXIST, "no free save file name")


# -- one game per save: the lock ---------------------------------------------------------------

def lock_path(path: str | os.PathLike) -> Path:
    """The lock file beside a save: `.NAME.json.lock`."""
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


class SaveLock:
    """A save held by this game (an flock on its lock file). `release()` frees it; the kernel
    frees it too when the process dies, so a killed game never blocks its save."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self.fd = fd

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self, unlink: bool = True) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        if unlink:      # removed while still locked: a waiting claim sees the file is gone
            try:
                os.unlink(lock_path(self.path))
            except OSError:
                pass
        os.close(fd)

    def __del__(self) -> None:  # pragma: no cover - a lock dropped without release
        try:
            self.release(unlink=False)
        except Exception:  # noqa: BLE001
            pass


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (process {pid})" if pid.isdigit() else ""


#: the saves this process holds: lock file's real path -> its SaveLock
_HELD: "weakref.WeakValueDictionary[str, SaveLock]" = weakref.WeakValueDictionary()


def claim(path: str | os.PathLike, take_over: bool = True) -> SaveLock:
    """Hold the save `path` for this game: raises SaveInUse when another process (another
    copy of the game) holds it. Within one process the newest claim takes the save over from
    an older one (the app frees a game's save when its screen is left; `take_over=False`
    refuses instead). A folder where no lock file can be made (read-only) gives a lock that
    holds nothing: the game still opens, and its autosave says that it fails."""
    path = Path(path)
    where = lock_path(path)
    key = os.path.realpath(where)
    mine = _HELD.get(key)
    if mine is not None and mine.held:
        if not take_over:
            raise SaveInUse(path, "in use by another game of this Squig Bowl")
        taken = SaveLock(path, mine.fd)
        mine.fd = None
        _HELD[key] = taken
        return taken
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(10):
        try:
            fd = os.open(where, flags | os.O_NONBLOCK, 0o600)
        except OSError:
            return SaveLock(path, None)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            who = _holder(fd)
            os.close(fd)
            raise SaveInUse(path, f"in use by another Squig Bowl{who}: open its replay "
                                  f"to watch it") from None
        except OSError:                       # a file system without locks: go on unlocked
            os.close(fd)
            return SaveLock(path, None)
        try:
            same = os.stat(where, follow_symlinks=False)
            mine = os.fstat(fd)
            if (same.st_dev, same.st_ino) != (mine.st_dev, mine.st_ino):
                raise FileNotFoundError
        except FileNotFoundError:              # released and removed meanwhile: again
            os.close(fd)
            continue
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass
        lock = SaveLock(path, fd)
        _HELD[key] = lock
        return lock
    raise SaveInUse(path, "in use by another Squig Bowl (its lock keeps changing)")


def in_use(path: str | os.PathLike) -> bool:
    """Whether a live game holds the save (a shared probe: it never takes the save away)."""
    try:
        fd = os.open(lock_path(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


# -- leftovers of killed games -----------------------------------------------------------------

#: the temporary files of write_atomic: `.NAME.json.XXXXXXXX.tmp` (tempfile's random part)
TEMP_NAME = re.compile(r"^\.(?P<save>[^/]+\.json)\.[A-Za-z0-9_]{6,12}\.tmp$")
#: the lock files: `.NAME.json.lock`
LOCK_NAME = re.compile(r"^\.(?P<save>[^/]+\.json)\.lock$")
#: a server room's journal (net/journal.py): `.NAME.json.journal`
JOURNAL_NAME = re.compile(r"^\.(?P<save>[^/]+\.json)\.journal$")


def clean_temp_files(folder: str | os.PathLike, age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove what killed games left in the saves folder: their temporary files (only the
    game's own `.NAME.json.XXXX.tmp` pattern, only regular files older than `age` seconds whose
    save no live game holds) and the lock and server-journal files of saves that are gone.
    Returns the files removed; never raises."""
    folder = Path(folder)
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        temp, lock = TEMP_NAME.match(entry.name), LOCK_NAME.match(entry.name)
        journal = JOURNAL_NAME.match(entry.name)
        if not (temp or lock or journal):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < age:
            continue
        save = folder / (temp or lock or journal)["save"]
        if temp:
            if in_use(save):
                continue
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            removed.append(Path(entry.path))
        elif not os.path.lexists(save):
            try:
                held = claim(save, take_over=False)
            except SaveInUse:
                continue
            if held.held and not os.path.lexists(save):
                if journal:     # a room's journal whose save is gone: nothing to resume
                    try:
                        os.unlink(entry.path)
                        removed.append(Path(entry.path))
                    except OSError:
                        pass
                else:
                    removed.append(Path(entry.path))
                held.release()
            else:
                held.release(unlink=False)
    return sorted(removed)


class Autosaver:
    """Saves one game after every decision (the controllers call it with the match or race).

    Building the JSON takes a couple of milliseconds and happens at once; the atomic write
    (two fsyncs, ~10 ms on a plain disk) happens on a small writer thread, which only ever
    writes the newest text, so the game never waits for the disk. `flush()` waits for the
    write in flight (quitting and the signal handlers call it). It never raises: a failed
    write is kept in `error` (one line) for the screen to show, and the previous save stays
    whole. `on_disk` tells whether the newest decision is saved; `save_elsewhere(folder)`
    writes it to another folder when this one fails.

    A new game's file is reserved on the first call, and its lock (`claim`) is held until
    `close()`; a resumed game is given the lock its loader claimed."""

    def __init__(self, folder: str | os.PathLike, kind: str, path: str | os.PathLike | None = None,
                 created: str | None = None, coaches=None, background: bool = True,
                 lock: SaveLock | None = None, computer=None) -> None:
        self.folder = Path(folder)
        self.kind = kind
        self.path = Path(path) if path else None
        self.created = created
        self.coaches = list(coaches) if coaches else None
        #: [home, away]: the computer's level for a side it coaches, else None (a person)
        self.computer = list(computer) if computer else None
        self.background = background
        self.lock = lock
        self.error: str | None = None
        self.writes = 0
        self._teams = None
        self._lock = threading.Condition()
        self._todo: tuple[int, str] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        self._wanted = 0            # the number of the newest text asked for
        self._written = 0           # the number of the newest text on disk
        self._last: str | None = None
        self._label = ""
        #: kind "cup": the cup saved (the race screen calls the saver with its race)
        self.cup = None

    def data(self, game) -> dict:
        if self.kind == "match":
            if self._teams is None:
                self._teams = [team_to_data(t.sheet) for t in game.state.teams]
            data = match_data(game, coaches=self.coaches, created=self.created,
                              teams=self._teams, computer=self.computer)
        elif self.kind == "cup":
            data = cup_data(self.cup if self.cup is not None else game, created=self.created)
        else:
            data = race_data(game, created=self.created)
        self.created = data["created"]
        return data

    def __call__(self, game) -> bool:
        with self._lock:
            self._wanted += 1
            number = self._wanted
        try:
            data = self.data(game)
            text = dumps(data)
            self._last = text
            label = self._label = ("squig cup" if self.kind == "cup" else
                                   str(data["summary"].get("title", "")).replace(" v ", "-v-"))
            if self.path is None:
                self.folder.mkdir(parents=True, exist_ok=True)
                self.path, self.lock = reserve_save_path(self.folder, self.kind, label)
        except Exception as exc:  # noqa: BLE001 - an autosave must never break the game
            self.error = f"autosave failed: {_short(_why(exc))}"
            return False
        if not self.background:
            return self._write(number, text)
        with self._lock:
            self._todo = (number, text)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="squigbowl-autosave",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return True

    def _write(self, number: int, text: str) -> bool:
        try:
            write_atomic(self.path, text)
        except Exception as exc:  # noqa: BLE001
            self.error = f"autosave failed: {_short(_why(exc))}"
            return False
        with self._lock:
            self._written = max(self._written, number)
            if self._written >= self._wanted:
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
                (number, text), self._todo = self._todo, None
                self._busy = True
            try:
                self._write(number, text)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the newest text is written or failed (True) or `timeout` passes
        (False). Whether it is on disk: `on_disk`."""
        with self._lock:
            return self._lock.wait_for(lambda: self._todo is None and not self._busy,
                                       timeout=timeout)

    @property
    def on_disk(self) -> bool:
        """True when the newest decision is in the file (after `flush`, or with no game
        saved yet)."""
        with self._lock:
            return self._written >= self._wanted

    def status(self, what: str = "game") -> str:
        """One true line for the quit and leave dialogs."""
        self.flush()
        with self._lock:
            nothing_yet = self._wanted == 0 and self.path is None
        if nothing_yet:
            return f"Nothing to save yet: the {what} is saved from its first decision on."
        if self.on_disk and self.path is not None:
            return (f"The {what} is autosaved after every decision ({self.path.name}): "
                    f"Continue on the main menu resumes it.")
        why = self.error or "the last autosave did not finish"
        return f"NOT SAVED: {why}. The {what}'s last decisions are not on disk."

    def save_elsewhere(self, folder: str | os.PathLike) -> Path | None:
        """Write the newest text as a new save in `folder` (when the saves folder fails); the
        game goes on saving there. Returns the new path, or None (see `error`)."""
        self.flush()
        if self._last is None:
            return None
        try:
            folder = Path(folder).expanduser()
            folder.mkdir(parents=True, exist_ok=True)
            path, lock = reserve_save_path(folder, self.kind, self._label)
        except Exception as exc:  # noqa: BLE001
            self.error = f"cannot save in {folder}: {_short(_why(exc))}"
            return None
        old_path, old_lock = self.path, self.lock
        self.path, self.lock = path, lock
        with self._lock:
            number = self._wanted
        if not self._write(number, self._last):
            self.path, self.lock = old_path, old_lock
            lock.release()
            try:
                os.unlink(path)
            except OSError:
                pass
            return None
        if old_lock is not None:
            old_lock.release()
        self.folder = folder
        return path

    def close(self) -> None:
        """The game is closed: wait for the last write, then free the save for others."""
        self.flush()
        if self.lock is not None:
            self.lock.release()


def _why(exc) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}" + (f" ({exc.filename})" if exc.filename else "")
    return str(exc)


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
    _check(kind in KINDS, path, f"field 'kind' must be 'match', 'race' or 'cup', got {kind!r}")
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
        _check_computer(data.get("computer", [None, None]), path)
        _check_options(data["options"], path)
        for i, choice in enumerate(decisions):
            _check(isinstance(choice, list) and len(choice) == 2 and isinstance(choice[0], str),
                   path, f"decision #{i + 1} must be a [type, argument] pair, got {_clip(choice)}")
    elif kind == "cup":
        _validate_cup(data, path)
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
    cup: object = None          # kind "cup": the Cup (`race` is its race on, if any)
    coaches: list = field(default_factory=list)
    #: match: [home, away], each None (a person) or {"level", "seed"} (the computer)
    computer: list = field(default_factory=lambda: [None, None])

    @property
    def game(self):
        return {"match": self.match, "cup": self.cup}.get(self.kind, self.race)

    @property
    def over(self) -> bool:
        if self.kind == "cup":
            return bool(self.cup.over)
        return bool(self.match.over) if self.kind == "match" else self.race.result is not None


def load(path: str | os.PathLike) -> Loaded:
    """Read, check and replay a save. Raises SaveError (one line), never anything else."""
    path = Path(path)
    data = read_save(path)
    try:
        if data["kind"] == "match":
            return _load_match(path, data)
        if data["kind"] == "cup":
            return _load_cup(path, data)
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
                  coaches=list(data.get("coaches") or ["Home coach", "Away coach"]),
                  computer=list(data.get("computer") or [None, None]))


def race_track(data: dict, path="save"):
    """The race's track: the track file's text carried inline in the save. A save without it
    (an older one) names a shipped track; the name is only ever compared with the shipped
    tracks' names, never used as a path."""
    from squigbowl.race.track import TrackError, list_tracks, parse_track

    track = data["track"]
    label = str(track.get("name") or "")
    try:
        if track.get("toml"):
            found = parse_track(track["toml"], source=f"{Path(str(path)).name} track")
            _TRACK_OF_SAVE[found] = track["toml"]
        else:
            key = label.strip().lower()
            found = next((t for t in list_tracks() if key and key in (
                t.name.lower(), Path(t.source).stem.lower())), None)
            if found is None:
                raise SaveError(path, f"track: the save does not carry its track, and "
                                      f"{plain(label)!r} is not a track of this version")
    except TrackError as exc:
        raise SaveError(path, f"track: {_short(exc)}") from None
    found.name = plain(found.name)
    if isinstance(found.description, str):
        found.description = plain(found.description, 400)
    return found


def race_options(data: dict, path="save"):
    from squigbowl.race import RaceOptions

    opts = data["options"]
    _check_race_options(opts, path)
    known = {k: v for k, v in opts.items() if k in RaceOptions.__dataclass_fields__}
    try:
        return RaceOptions(**known)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"options: {_short(exc)}") from None


def replay_race(data: dict, path="save", upto: int | None = None):
    from squigbowl.race import Race

    track = race_track(data, path)
    race = Race.new(track, [tuple(r) for r in data["racers"]], seed=data["seed"],
                    options=race_options(data, path))
    log = data["decisions"] if upto is None else data["decisions"][:upto]
    _replay_log(race, log, path)
    return race


def _replay_log(race, log, path, where: str = "") -> None:
    """Make the decisions of `log` in `race`, each checked against what the race asks."""
    from squigbowl.race.engine import IllegalChoice, RaceError
    from squigbowl.race.events import choice_from_dict

    for i, entry in enumerate(log):
        d = race.pending
        if d is None or d.kind != entry["kind"] or d.racer != entry["racer"]:
            asked = "nothing" if d is None else f"{d.kind} of racer {d.racer}"
            raise SaveError(path, f"{where}decision #{i + 1} does not replay: the race asks "
                                  f"{asked}")
        try:
            race.decide(choice_from_dict(entry["choice"]))
        except (IllegalChoice, RaceError, TypeError, ValueError, KeyError) as exc:
            raise SaveError(path, f"{where}decision #{i + 1} does not replay ({_short(exc)})") \
                from None


def build_cup(data: dict, path="save"):
    """A cup with no race started, from a cup save's set-up (tracks parsed from the text the
    save carries, as a race's are)."""
    from squigbowl.cup import Cup, CupError

    tracks = [race_track({"track": t}, path) for t in data["tracks"]]
    try:
        return Cup([tuple(r) for r in data["racers"]], tracks, data["seeds"],
                   race_options(data, path), data["points"], data["seed"])
    except CupError as exc:
        raise SaveError(path, f"cup: {_short(exc)}") from None


def replay_cup(data: dict, path="save"):
    """The cup rebuilt by replaying every race's log; every race but the last must be over."""
    from squigbowl.cup import CupError

    cup = build_cup(data, path)
    for k, entry in enumerate(data["races"]):
        try:
            race = cup.next_race()
        except CupError:
            raise SaveError(path, f"race #{k + 1}: race #{k} is not over, yet a later race "
                                  f"was started") from None
        _replay_log(race, entry["decisions"], path, f"race #{k + 1}: ")
    return cup


def _load_cup(path: Path, data: dict) -> Loaded:
    cup = replay_cup(data, path)
    mismatch = _compare(data["snapshot"], cup_snapshot(cup), "cup")
    return Loaded(path, data, "cup", race=cup.current, cup=cup, mismatch=mismatch)


def cup_race_data(data: dict, index: int | None = None) -> dict:
    """A cup save's race (the latest by default) in the shape of a race save, for its replay."""
    races = data["races"]
    k = len(races) - 1 if index is None else index
    log = races[k]["decisions"] if 0 <= k < len(races) else []
    k = max(0, k)
    out = {key: data[key] for key in ("format", "version", "created", "updated", "options",
                                      "racers")}
    out.update(kind="race", seed=data["seeds"][k], track=data["tracks"][k], decisions=log,
               summary={"title": f"Squig Cup race {k + 1}: {data['tracks'][k]['name']}"},
               snapshot={})
    return out


def _load_race(path: Path, data: dict) -> Loaded:
    race = replay_race(data, path)
    mismatch = _compare(data["snapshot"], race_snapshot(race), "race")
    return Loaded(path, data, "race", race=race, mismatch=mismatch)


def snapshot_difference(stored: dict, replayed: dict, what: str) -> str | None:
    """Where a save's stored snapshot and its replay part: None when they agree, else one
    line naming the decision and what differs ("the replayed match does not match the
    position this save recorded at decision 30, its last (differs in: ball, players)"). The
    match server refuses to resume such a room (net/catalogue.resume_room); Load asks."""
    replayed = json.loads(json.dumps(replayed))
    if stored == replayed:
        return None
    keys = sorted(set(stored) | set(replayed), key=str)
    differ = [str(k) for k in keys if stored.get(k) != replayed.get(k)]
    return (f"the replayed {what} does not match the position this save recorded"
            f"{_parting(stored, replayed)} (differs in: {', '.join(differ)})")


def _parting(stored: dict, replayed: dict) -> str:
    """' at decision N...': the decision where a snapshot and its replay part (the snapshot is
    of one decision only: when both count the same decisions, they part by the last)."""
    def count(snap):
        if isinstance(snap.get("race"), dict):     # a cup: its latest race's
            snap = snap["race"]
        n = snap.get("decisions")
        return n if _is_int(n) else None

    kept, made = count(stored), count(replayed)
    if kept is None or made is None:
        return ""
    if kept == made:
        return f" at decision {made}, its last"
    return (f" at decision {min(kept, made) + 1} (its snapshot is of decision {kept}, its log "
            f"holds {made})")


def _compare(stored: dict, replayed: dict, what: str) -> str | None:
    difference = snapshot_difference(stored, replayed, what)
    return None if difference is None else f"{difference}; you can still resume from the replay"


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
    in_use: bool = False        # open in a game right now (this copy or another)

    @property
    def finished(self) -> bool:
        return bool(self.summary.get("over"))

    def when(self) -> str:
        return datetime.fromtimestamp(self.mtime).strftime("%Y-%m-%d %H:%M")

    def line(self) -> str:
        """'Orcs 1–0 Humans · half 1, turn 5 · 2026-11-29 13:23'."""
        if self.error:
            return f"{plain(self.path.name, 80)} · unreadable: {self.error}"
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
                text += " · " + finished_words(self.kind, s)
        except Exception:  # noqa: BLE001 - a hand-edited summary: show the file name
            text = plain(self.path.stem, 80)
        return f"{text} · {self.when()}" + (" · in use" if self.in_use else "")


def finished_words(kind: str | None, summary: dict) -> str:
    """How a listing says a game is over, once: "finished — Orcs win", "finished — draw" (a
    match); "finished — 1st Zog", "finished — Zog last one standing", "finished — everybody
    loses", "finished — abandoned" (a race, B11.12); "finished — champion Zog" (a cup); plain
    "finished" when the summary names nothing more."""
    result, winner = summary.get("result"), summary.get("winner")
    result = plain(result, 60) if isinstance(result, str) else ""
    winner = plain(winner, 40) if isinstance(winner, str) else ""
    if kind == "match":
        more = result
    elif kind == "cup":
        more = f"champion {winner}" if winner else ""
    elif result == "everybody_loses":
        more = "everybody loses"
    elif result == "abandoned":
        more = "abandoned"
    elif winner and result == "last_survivor":
        more = f"{winner} last one standing"
    else:                                   # "finished" (B11.12.1): the first across the line
        more = f"1st {winner}" if winner else ""
    return f"finished — {more}" if more else "finished"


def is_save_name(name: str) -> bool:
    """Whether a file of the saves folder is listed as a save: `*.json`, not hidden, not one
    of the game's own other files (NOT_SAVES: formations.json, rejoin.json)."""
    return name.endswith(".json") and not name.startswith(".") and name not in NOT_SAVES


def list_saves(folder: str | os.PathLike) -> list[SaveInfo]:
    """Every save in the folder, newest first (unreadable ones too, with their error). Each is
    read bounded (`read_save`): a file over the size limit, a pipe or a device is listed with
    its reason without being read."""
    folder = Path(folder)
    out = []
    try:
        names = [e.name for e in os.scandir(folder) if is_save_name(e.name)]
    except OSError:
        return []
    for name in names:
        path = folder / name
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        info = SaveInfo(path, mtime, in_use=in_use(path))
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
    """The most recent readable save whose game is not over and that no game has open (what
    Continue resumes)."""
    for info in list_saves(folder):
        if info.error is None and not info.finished and not info.in_use:
            return info
    return None


def export_path(path: str | os.PathLike) -> Path:
    """Where a save's log is written as text (`replay --export`, the replay's `t`): NAME.txt
    beside NAME.json; a save whose name does not end in `.json` gets `.txt` added
    (`game.txt` -> `game.txt.txt`), so the text never lands on the save itself."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return path.with_suffix(".txt")
    return path.with_name(path.name + ".txt")


def delete_save(path: str | os.PathLike) -> list[Path]:
    """Delete one save, its exported text (NAME.txt, export_path), the match server's journal beside it
    (.FILE.journal, net/journal.py) and its lock file. A save that a game has open is not
    deleted (SaveInUse). Returns the files removed."""
    path = Path(path)
    lock = claim(path, take_over=False)
    removed = []
    journal = path.with_name(f".{path.name}.journal")
    try:
        for target in (path, export_path(path), journal):
            try:
                if target != path and not os.path.isfile(target):
                    continue
                os.unlink(target)
                removed.append(target)
            except FileNotFoundError:
                pass
    finally:
        lock.release()
    return removed


__all__ = ["SaveError", "SaveInUse", "SaveLock", "claim", "in_use", "clean_temp_files",
           "reserve_save_path", "export_path", "Autosaver", "Loaded", "SaveInfo", "load",
           "read_save", "list_saves",
           "latest_unfinished", "delete_save", "saves_dir", "write_atomic", "write_new",
           "match_data",
           "race_data", "match_snapshot", "race_snapshot", "replay_match", "replay_race",
           "cup_data", "cup_snapshot", "replay_cup", "build_cup", "cup_race_data",
           "FORMAT", "VERSION", "MAX_BYTES", "MAX_DECISIONS", "MAX_NODES", "MAX_TEXT",
           "MAX_TRACK_TEXT"]
