"""One client's connection (`Connection`: its sends, dropped when what waits for it grows past
its bound) and the server's bound on what waits for all clients together (`Backlogs`, a part
of `server.Server`)."""

from __future__ import annotations

from squigbowl.net.protocol import encode, error
from squigbowl.net.rooms import Room

#: a connection whose backlog is under this is not watched for the total bound (bytes)
BACKED_UP = 64 * 1024


class Connection:
    """One client: at most one room at a time, as a seat's coach or as a spectator. `peer`
    is who is at the other end (limits.peer_of); `reserved`: it came in on a slot kept for
    coaches coming back, and may only join a seat with its token."""

    def __init__(self, server: "Server", reader, writer, peer: tuple = ("unknown",)) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.peer = peer
        self.room: Room | None = None
        self.seat = None
        self.closed = False
        self.reserved = False
        self.buffered = 0           # the backlog last seen (bytes), for the total bound
        self.timer = None           # the greeting or idle deadline, while one runs

    def send(self, msg: dict | bytes) -> None:
        if self.closed:
            return
        data = msg if isinstance(msg, bytes) else encode(msg)
        transport = self.writer.transport
        if transport is None or transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(data) > self.server.limits.max_buffer:
            self.close(abort=True)  # it does not read: drop it rather than hold its backlog
            return
        self.writer.write(data)
        size = transport.get_write_buffer_size()
        if size > BACKED_UP or self.buffered:
            self.server._backlog(self, size)

    def expire(self, what: str) -> None:
        """Its deadline passed with no complete line: told, then let go."""
        self.timer = None
        self.send(error("idle", f"no complete message in {what}: the connection is closed"))
        self.close()

    def close(self, abort: bool = False) -> None:
        """Let it go; `abort`: now, its backlog thrown away (a slow reader's)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not self.closed or abort:
            self.closed = True
            try:
                transport = self.writer.transport
                if abort or (transport is not None
                             and transport.get_write_buffer_size() > BACKED_UP):
                    transport.abort()
                else:
                    self.writer.close()
            except Exception:  # noqa: BLE001
                pass



class Backlogs:
    """The part of `server.Server` that bounds the bytes waiting for every client together:
    past `limits.max_buffered` the largest backlogs are dropped."""

    def _backlog(self, conn: Connection, size: int) -> None:
        """A connection's backlog grew (or was backed up): past `max_buffered` for all, the
        largest backlogs are dropped until the rest fits."""
        self._buffered += size - conn.buffered
        conn.buffered = size
        if size > BACKED_UP:
            self._backed.add(conn)
        if self._buffered > self.limits.max_buffered:
            self._measure_backlogs()
            while self._buffered > self.limits.max_buffered and self._backed:
                slowest = max(self._backed, key=lambda c: c.buffered)
                self._backed.discard(slowest)
                self._buffered -= slowest.buffered
                slowest.buffered = 0
                slowest.close(abort=True)

    def _measure_backlogs(self) -> None:
        total = 0
        for conn in list(self._backed):
            transport = conn.writer.transport
            size = 0 if conn.closed or transport is None else transport.get_write_buffer_size()
            conn.buffered = size
            if size > BACKED_UP:
                total += size
            else:
                self._backed.discard(conn)
                conn.buffered = 0
        self._buffered = total

    def buffered(self) -> int:
        """Bytes waiting for every client together (measured now)."""
        self._measure_backlogs()
        return self._buffered
