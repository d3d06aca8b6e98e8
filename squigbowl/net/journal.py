"""A room's journal: every decision appended to a small file before anyone is told of it.

The save itself is rewritten after every decision as in hotseat, on the autosave's writer
thread (docs/saves.md): rewriting a whole file takes milliseconds, so a server killed at once
may not have it on disk. The journal closes that gap: before the update of decision N goes
out, one line `{"n": N, "d": DECISION}` is appended to `.SAVE.json.journal` beside the save
(a few dozen bytes, copied into a memory map of the file), and a seat's new coach or token is appended as
`{"room": {...}}`. A SIGKILLed server loses no decision a client has seen: on restart the room
is the save plus the journal lines that follow it (`follow`). The lines end at the first zero
byte (the file is filled with zeros ahead of them). The file is read bounded and
trusted no more than a save: a line that is not JSON, a number out of order, a decision that
differs from the save's own or does not replay ends what is taken from it.
"""

from __future__ import annotations

import errno
import json
import mmap
import os
import stat
from pathlib import Path

from squigbowl.paths import UnreadableFile, read_bounded

#: the largest journal read back (a match of 20,000 decisions journals under 1 MB)
MAX_BYTES = 8 * 1024 * 1024
#: the zeros written ahead of the lines (a match's journal is some tens of KB)
CHUNK = 64 * 1024


def journal_path(save: str | os.PathLike) -> Path:
    save = Path(save)
    return save.with_name(f".{save.name}.journal")


class Journal:
    """The open journal of one room's save. Lines are written into a shared memory map of the
    file, which is filled with zeros ahead (`CHUNK` at a time): a decision's line is a copy in
    memory, in the page cache at once (a killed process loses nothing of it), and the file's
    size and blocks do not change at each decision. (Appending with `write` cost about 1 ms
    a decision under load: each write that grows a file waits for the file system's journal
    while the autosaves' fsyncs commit it.)"""

    def __init__(self, save: str | os.PathLike, fresh: bool = False) -> None:
        self.path = journal_path(save)
        self.error: str | None = None
        self.map = None
        self.size = self.pos = 0
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o600)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
                raise OSError(errno.EINVAL, "not a journal (not a regular file, or too large)")
            if fresh:
                os.ftruncate(fd, 0)
            else:                            # go on after what it holds
                held = os.pread(fd, st.st_size, 0)
                self.pos = len(held.split(b"\0", 1)[0])
                self.size = st.st_size
        except BaseException:
            os.close(fd)
            raise
        self.fd: int | None = fd
        self._grow(0)

    def _grow(self, need: int) -> None:
        size = self.size
        want = max(CHUNK, size)
        while want < self.pos + need:
            want *= 2
        if want > size:
            os.pwrite(self.fd, bytes(want - size), size)
        if self.map is None or want > size:
            if self.map is not None:
                self.map.close()
            self.map = mmap.mmap(self.fd, want)
            self.size = want

    def append(self, entry: dict) -> bool:
        if self.fd is None:
            return False
        line = (json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
        try:
            if self.pos + len(line) > self.size:
                self._grow(len(line))
            self.map[self.pos:self.pos + len(line)] = line
        except (OSError, ValueError) as exc:
            self.error = getattr(exc, "strerror", None) or str(exc)
            return False
        self.pos += len(line)
        return True

    def close(self, remove: bool = False) -> None:
        fd, self.fd = self.fd, None
        if self.map is not None:
            self.map.close()
            self.map = None
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
    for line in raw.split(b"\0", 1)[0].split(b"\n"):
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
