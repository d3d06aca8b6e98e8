"""The files of the saves folder: where the folder is, the names of new saves (reserved for one
game), atomic writes, the exported text beside a save, and the leftovers of killed games."""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path

from squigbowl.saves.errors import SaveInUse
from squigbowl.saves.locks import SaveLock, claim, in_use

ENV = "SQUIGBOWL_SAVES"
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




def export_path(path: str | os.PathLike) -> Path:
    """Where a save's log is written as text (`replay --export`, the replay's `t`): NAME.txt
    beside NAME.json; a save whose name does not end in `.json` gets `.txt` added
    (`game.txt` -> `game.txt.txt`), so the text never lands on the save itself."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return path.with_suffix(".txt")
    return path.with_name(path.name + ".txt")


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
