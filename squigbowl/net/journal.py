"""A room's journal: every decision appended to a small file before anyone is told of it.

The save itself is rewritten after every decision as in hotseat, on the autosave's writer
thread (docs/saves.md): rewriting a whole file takes milliseconds, so a server killed at once
may not have it on disk. The journal closes that gap: before the update of decision N goes
out, one line `{"n": N, "d": DECISION}` is appended to `.SAVE.json.journal` beside the save
(a few dozen bytes, copied into a memory map of the file), and a seat's new coach or token is
appended as `{"room": {...}}`. A SIGKILLed server loses no decision a client has seen: on
restart the room is the save plus the journal lines that follow it (`follow`). The lines end
at the first zero byte (the file is filled with zeros ahead of them).

The journal is kept small (`Journal.compact`): once the save holding decision N is on disk,
the lines up to N and every superseded room record are dropped, by writing the lines still
needed to a new file and renaming it over the journal, so a kill at any moment leaves the old
journal or the new one, each whole. A journal is always started that way too, never by
truncating the old file in place.

The file is read bounded (`read_journal`: at most `MAX_SCAN` bytes, keeping at most
`MAX_BYTES` of decisions and the newest room record, so an overgrown journal is still read as
far as it can be) and trusted no more than a save: a line that is not JSON, a number out of
order, a decision that differs from the save's own or does not replay ends what is taken.
"""

from __future__ import annotations

import json
import mmap
import os
import stat
import tempfile
from pathlib import Path

#: the most decision lines kept from a journal read back (a match of 20,000 decisions
#: journals under 1 MB)
MAX_BYTES = 8 * 1024 * 1024
#: the most of a journal file read back at all (room records beyond MAX_BYTES are skipped over)
MAX_SCAN = 4 * MAX_BYTES
#: the zeros written ahead of the lines (a match's journal is some tens of KB)
CHUNK = 64 * 1024
#: a journal holding this many bytes of lines is compacted once the save has caught up
COMPACT_AT = 16 * 1024

_FLAGS = (getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
          | getattr(os, "O_NONBLOCK", 0))


def journal_path(save: str | os.PathLike) -> Path:
    save = Path(save)
    return save.with_name(f".{save.name}.journal")


def _line(entry: dict) -> bytes:
    return (json.dumps(entry, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


class Journal:
    """The open journal of one room's save. Lines are written into a shared memory map of the
    file, which is filled with zeros ahead (`CHUNK` at a time): a decision's line is a copy in
    memory, in the page cache at once (a killed process loses nothing of it), and the file's
    size and blocks do not change at each decision. (Appending with `write` cost about 1 ms
    a decision under load: each write that grows a file waits for the file system's journal
    while the autosaves' fsyncs commit it.)

    A journal is started as a new file renamed over the old one, holding `entries` if given,
    else nothing (`fresh`), else what the old one holds (read bounded, its room records but
    the newest dropped): the old file's size never stops a journal from starting."""

    def __init__(self, save: str | os.PathLike, fresh: bool = False,
                 entries: list[dict] | None = None) -> None:
        self.path = journal_path(save)
        self.error: str | None = None
        self.map = None
        self.fd: int | None = None
        self.size = self.pos = 0
        #: room records appended since the journal was (re)started
        self.rooms = 0
        if entries is None:
            entries = [] if fresh else read_journal(save)
        self._start(entries)

    def _start(self, entries: list[dict]) -> None:
        """Write `entries` to a new file, rename it over the journal, and go on in it."""
        body = b"".join(_line(e) for e in entries)
        size = CHUNK
        while size < len(body) + 1:
            size *= 2
        # named as the saves' own temporary files (`.SAVE.json.XXXX.tmp`): one a kill leaves
        # is removed at a later start (saves.clean_temp_files)
        fd, tmp = tempfile.mkstemp(prefix=f"{self.path.name[:-len('.journal')]}.",
                                   suffix=".tmp", dir=self.path.parent)
        new_map = None
        try:
            os.pwrite(fd, body + bytes(size - len(body)), 0)
            new_map = mmap.mmap(fd, size)
            os.replace(tmp, self.path)      # whatever was there (a symlink: not followed)
        except BaseException:
            if new_map is not None:
                new_map.close()
            os.close(fd)
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.close()
        self.fd, self.map, self.size, self.pos = fd, new_map, size, len(body)
        self.rooms = sum(1 for e in entries if "room" in e)

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
        line = _line(entry)
        try:
            if self.pos + len(line) > self.size:
                self._grow(len(line))
            self.map[self.pos:self.pos + len(line)] = line
        except (OSError, ValueError) as exc:
            self.error = getattr(exc, "strerror", None) or str(exc)
            return False
        self.pos += len(line)
        if "room" in entry:
            self.rooms += 1
        return True

    def entries(self) -> list[dict]:
        """What this journal holds (the lines it wrote itself)."""
        if self.map is None:
            return []
        return _parse(bytes(self.map[:self.pos]).split(b"\n"), limit=None)

    def compact(self, saved: int, room: dict | None) -> bool:
        """The save holding decisions 1..`saved` is on disk: start the journal again with
        only `room` (the newest room record) and the decisions after `saved`. A failure keeps
        the journal as it was (False, `error` says why)."""
        if self.fd is None:
            return False
        keep = [e for e in self.entries() if "n" in e and e["n"] > saved]
        if room is not None:
            keep.insert(0, {"room": room})
        try:
            self._start(keep)
        except OSError as exc:
            self.error = exc.strerror or str(exc)
            return False
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


def _parse(lines, limit: int | None = MAX_BYTES) -> list[dict]:
    """The well-formed entries of `lines` (bytes), up to the first that is not one; of the
    room records only the newest is kept (in its place). Stops once `limit` bytes of
    decisions are kept (a journal's own lines: no limit)."""
    out: list = []
    room_at = None
    kept = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            entry = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            break
        if not isinstance(entry, dict):
            break
        if "room" in entry and isinstance(entry["room"], dict):
            if room_at is not None:
                out[room_at] = None
            room_at = len(out)
            out.append({"room": entry["room"]})
        elif type(entry.get("n")) is int and "d" in entry:
            kept += len(line)
            if limit is not None and kept > limit:
                break
            out.append({"n": entry["n"], "d": entry["d"]})
        else:
            break
    return [e for e in out if e is not None]


def _lines(fd: int):
    """The lines of a journal's file up to its first zero byte, at most `MAX_SCAN` bytes read
    (a line cut there is cut: it does not parse, and ends what is taken)."""
    rest, read = b"", 0
    while read < MAX_SCAN:
        block = os.read(fd, min(1 << 20, MAX_SCAN - read))
        if not block:
            break
        read += len(block)
        end = block.find(b"\0")
        if end >= 0:
            block = block[:end]
        lines = (rest + block).split(b"\n")
        rest = lines.pop()
        yield from lines
        if end >= 0:
            break
    if rest:
        yield rest


def read_journal(save: str | os.PathLike) -> list[dict]:
    """The journal's entries, up to the first that is not a well-formed one, read bounded: at
    most `MAX_SCAN` bytes of the file, at most `MAX_BYTES` of decisions kept, only the newest
    room record. A journal that is not a regular file is not read."""
    try:
        fd = os.open(journal_path(save), os.O_RDONLY | _FLAGS)
    except OSError:
        return []
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return []
        lines = []
        try:
            for line in _lines(fd):
                lines.append(line)
        except OSError:
            pass
        return _parse(lines)
    finally:
        os.close(fd)


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
