"""A room's journal: every decision appended to a small file before anyone is told of it.

The save itself is rewritten after every decision as in hotseat, on the autosave's writer
thread (docs/saves.md): rewriting a whole file takes milliseconds, so a server killed at once
may not have it on disk. The journal closes that gap: before the update of decision N goes
out, one line `{"n": N, "d": DECISION}` is appended to `.SAVE.json.journal` beside the save
(one `write` of a few dozen bytes), and a seat's new coach or token is appended as
`{"room": {...}}`. A SIGKILLed server loses no decision a client has seen: on restart the room
is the save plus the journal lines that follow it (`follow`). The file is read bounded and
trusted no more than a save: a line that is not JSON, a number out of order, a decision that
differs from the save's own or does not replay ends what is taken from it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from squigbowl.paths import UnreadableFile, read_bounded

#: the largest journal read back (a match of 20,000 decisions journals under 1 MB)
MAX_BYTES = 8 * 1024 * 1024


def journal_path(save: str | os.PathLike) -> Path:
    save = Path(save)
    return save.with_name(f".{save.name}.journal")


class Journal:
    """The open journal of one room's save."""

    def __init__(self, save: str | os.PathLike, fresh: bool = False) -> None:
        self.path = journal_path(save)
        flags = (os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
                 | getattr(os, "O_NOFOLLOW", 0) | (os.O_TRUNC if fresh else 0))
        self.fd: int | None = os.open(self.path, flags, 0o600)
        self.error: str | None = None

    def append(self, entry: dict) -> bool:
        if self.fd is None:
            return False
        line = (json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
        try:
            os.write(self.fd, line)
        except OSError as exc:
            self.error = exc.strerror or str(exc)
            return False
        return True

    def reset(self) -> None:
        """The save holds everything: start the journal again."""
        if self.fd is not None:
            os.ftruncate(self.fd, 0)

    def close(self, remove: bool = False) -> None:
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)
        if remove:
            try:
                os.unlink(self.path)
            except OSError:
                pass


def read_journal(save: str | os.PathLike) -> list[dict]:
    """The journal's entries, up to the first that is not a well-formed one."""
    try:
        raw = read_bounded(journal_path(save), MAX_BYTES)
    except UnreadableFile:
        return []
    out = []
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            entry = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            break
        if not isinstance(entry, dict):
            break
        if "room" in entry and isinstance(entry["room"], dict):
            out.append({"room": entry["room"]})
        elif type(entry.get("n")) is int and "d" in entry:
            out.append({"n": entry["n"], "d": entry["d"]})
        else:
            break
    return out


def follow(entries: list[dict], log: list, decide) -> tuple[int, dict | None]:
    """Replay what the journal holds beyond the save: `log` is the save's decisions as JSON,
    `decide(d)` makes one (raising on a decision that does not replay). Entries numbered within
    the save must equal its decisions (else the journal belongs to another history and is
    ignored); the rest must follow one after the other. Returns (decisions made, the newest
    room table or None)."""
    made, room = 0, None
    count = len(log)
    for entry in entries:
        if "room" in entry:
            room = entry["room"]
            continue
        n, d = entry["n"], entry["d"]
        if n <= len(log):
            if n < 1 or log[n - 1] != d:
                return 0, None          # another history: nothing of it is taken
            continue
        if n != count + 1:
            break
        try:
            decide(d)
        except Exception:  # noqa: BLE001 - the first that does not replay ends it
            break
        count += 1
        made += 1
    return made, room
