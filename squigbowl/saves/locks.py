"""One game per save: the lock beside a save (an flock on `.NAME.json.lock`), held while a game
has the save open, freed by the kernel when the process dies."""

from __future__ import annotations

import fcntl
import os
import weakref
from pathlib import Path

from squigbowl.saves.errors import SaveInUse


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
