"""The rooms' housekeeping: a room nobody is in goes to sleep (closed, its save kept) and the
next join reopens it, a finished room nobody watches is closed, the periodic sweep, and the
disk bound on the rooms' saves (`Housekeeping`, a part of `server.Server`; the caps are
net/limits.py's)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from squigbowl import saves
from squigbowl.net import catalogue as names
from squigbowl.net.protocol import ProtocolError
from squigbowl.net.rooms import Room

#: past the disk bound, the computers play on once the saves are this far under it again (a
#: save measured on disk may lag the text being written: no "over", "under", "over" at the bound)
DISK_UNDER = 0.95


class Housekeeping:
    """The part of `server.Server` that puts rooms to sleep, reopens them, sweeps and keeps
    the saves under their disk bound."""

    def _count_finished(self, path: Path) -> None:
        try:
            if isinstance(saves.read_save(path).get("room"), dict):
                self._sizes[path] = path.stat().st_size
        except (saves.SaveError, OSError):
            pass

    def _sleep(self, room: Room) -> bool:
        """Close an empty room with its save on disk; it is listed as `dormant` and reopened
        by the next join. False (still open) when its save could not be written."""
        if getattr(room, "_dirty", False):
            room.save_now()
        room.saver.flush()
        if not room.saver.on_disk or room.saver.path is None:
            self.say(f"room {room.id}: left open, its save could not be written "
                     f"({room.saver.error or 'not written'})")
            return False
        summary = room.summary()
        room.close()
        self._shut(room)
        summary["dormant"] = True
        for seat in summary["seats"]:
            seat["connected"] = seat.get("computer") is not None
        path = room.saver.path
        self._asleep[room.id] = (path, json.dumps(summary, separators=(",", ":"),
                                                  ensure_ascii=False).encode("utf-8"),
                                 {s.token for s in room.seats.values() if s.token})
        self._order = None
        try:
            self._sizes[path] = path.stat().st_size
        except OSError:
            pass
        return True

    def _wake(self, room_id: str) -> None:
        """Reopen a sleeping room from its save (a join by its id); `no_room` when the save is
        gone, finished, played on in hotseat, or cannot be resumed (the log says why)."""
        path = self._asleep[room_id][0]
        if len(self.rooms) >= self.max_rooms:
            self._make_way()
        if len(self.rooms) >= self.max_rooms:
            raise ProtocolError("full", f"the server holds at most {self.max_rooms} rooms")
        try:
            room = names.resume_room(path, self.folder)
        except (saves.SaveError, Exception) as exc:  # noqa: BLE001
            self.say(f"room {room_id}: not reopened: {type(exc).__name__}: {exc}")
            room = None
        if room is None or room.id != room_id:
            if room is not None:
                room.close()
            self._asleep.pop(room_id, None)
            self._order = None
            raise ProtocolError("no_room", f"room {room_id}: its save can no longer be resumed")
        self._open(room)
        self._drive(room)

    def _drop_if_done(self, room: Room) -> None:
        """A finished room nobody is in any more is closed (its save says how it ended)."""
        if (room.over and not any(True for _ in room.members()) and room.id not in self._drivers
                and self.rooms.get(room.id) is room):
            self._shut(room)
            room.close()
            if room.saver.path is not None:
                self._note_size(room.saver.path)

    # -- housekeeping -----------------------------------------------------------------------------
    async def _housekeeping(self) -> None:
        """Every `sweep_seconds`: abandoned rooms go to sleep, the disk bound is checked, the
        buckets that refilled are forgotten, the backlogs are measured again."""
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                self._sweep()
            except Exception as exc:  # noqa: BLE001 - housekeeping never stops the server
                self.say(f"housekeeping failed: {type(exc).__name__}: {exc}")

    def _sweep(self) -> None:
        now = time.monotonic()
        wait = self.limits.abandoned_seconds
        for room in list(self.rooms.values()):
            if not self._empty(room) or now - self._quiet.get(room.id, now) < wait:
                continue
            if room.saver.path is None:
                if now - room.born >= wait:
                    self._shut(room)
                    room.close()
            elif self._sleep(room):
                self.say(f"room {room.id}: nobody in it for {wait:g} s: closed (its save "
                         f"stays; a join by its id reopens it)")
        self._check_disk()
        self._buckets.sweep()
        self._wakes.sweep()
        self._measure_backlogs()
        idle = self.limits.idle_seconds
        for conn in list(self.connections):       # e.g. a connection whose seat was taken
            if conn.room is None and conn.timer is None and not conn.closed:   # back
                self._arm(conn, f"{idle:g} s", idle)

    # -- the disk ---------------------------------------------------------------------------------
    def _note_size(self, path: Path) -> None:
        try:
            self._sizes[path] = path.stat().st_size
        except OSError:
            self._sizes.pop(path, None)

    def _note_room(self, room: Room) -> None:
        """A room's save: its size on disk, or the size of the text being written if larger
        (the autosave writes on its own thread: the file may lag behind)."""
        path = room.saver.path
        if path is None:
            return
        self._note_size(path)
        pending = getattr(room.saver, "_last", None)
        if isinstance(pending, str) and len(pending) > self._sizes.get(path, 0):
            self._sizes[path] = len(pending)

    def _disk_bytes(self) -> int:
        return sum(self._sizes.values())

    def _check_disk(self) -> None:
        """The rooms saved since the last look are measured; past `max_save_bytes` the
        computer-v-computer rooms pause and `create` is refused (said once), until the saves
        are under the bound again."""
        for room_id in self._written:
            room = self.rooms.get(room_id)
            if room is not None:
                self._note_room(room)
        self._written.clear()
        if self._disk_full:             # files may have been removed: look at them all
            for path in list(self._sizes):
                self._note_size(path)
            for room in list(self.rooms.values()):  # a save still being written counts whole
                self._note_room(room)
        used, bound = self._disk_bytes(), self.limits.max_save_bytes
        if used > bound and not self._disk_full:
            self._disk_full = True
            self.say(f"the rooms' saves take {used / 1e6:,.1f} MB, over the "
                     f"{bound / 1e6:,.1f} MB allowed: rooms of computers only pause and no new "
                     f"room is created until saves are removed (rooms with people play on)")
        elif used <= bound * DISK_UNDER and self._disk_full:     # not flapping at the bound
            self._disk_full = False
            self.say(f"the rooms' saves take {used / 1e6:,.1f} MB, under the "
                     f"{bound / 1e6:,.1f} MB allowed again: computers play on")
            for room in list(self.rooms.values()):
                self._drive(room)
