"""Where the game's data lives: `assets/` in a checkout, `squigbowl/assets/` when installed."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def assets_dir() -> Path:
    """The folder holding teams/, tracks/, styles/ (installed copy first, then the checkout)."""
    for candidate in (_HERE / "assets", _HERE.parent / "assets"):
        if (candidate / "teams").is_dir():
            return candidate
    raise FileNotFoundError("Squig Bowl cannot find its assets folder (teams/, tracks/, styles/)")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


class UnreadableFile(OSError):
    """A file from outside that is not read: not a regular file, too large, or unreadable.
    The message is one line for the player; `path` names the file."""

    def __init__(self, path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def read_bounded(path, limit: int) -> bytes:
    """The bytes of a file from outside (a save, a team file, a track, a scenario), read only
    if it is a regular file of at most `limit` bytes. A FIFO, a device or a folder is refused
    without a blocking open (O_NONBLOCK, then fstat on the open descriptor, so a file swapped
    after a check is still caught); a larger file is refused before it is read."""
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise UnreadableFile(path, exc.strerror or "cannot be opened") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnreadableFile(path, "not a regular file")
        if st.st_size > limit:
            raise UnreadableFile(path, f"too large ({st.st_size} bytes; at most {limit})")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise UnreadableFile(path, f"too large (more than {limit} bytes)")
        return data
    except OSError as exc:
        if isinstance(exc, UnreadableFile):
            raise
        raise UnreadableFile(path, exc.strerror or "cannot be read") from None
    finally:
        os.close(fd)


def read_json(path, limit: int, kind: str):
    """The JSON data of a file from outside (`read_bounded`), whatever it holds; every problem
    an UnreadableFile with one line for the player: empty, not UTF-8 text (`kind` names what
    it is not: 'a league file'), nested too deeply, or corrupt JSON (its line)."""
    import json

    raw = read_bounded(path, limit)
    if not raw.strip():
        raise UnreadableFile(path, "empty file")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise UnreadableFile(path, f"not {kind} (not UTF-8 text)") from None
    except RecursionError:
        raise UnreadableFile(path, "corrupt: nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise UnreadableFile(path, f"corrupt or truncated JSON (line {exc.lineno}: "
                                   f"{exc.msg})") from None
