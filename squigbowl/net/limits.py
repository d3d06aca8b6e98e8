"""What the match server holds at most, and whom it counts against (issue 21).

`Limits` gathers the caps a `Server` is made with (tests use small ones). A client is a
**peer**: on a Unix socket the process at the other end (its uid and pid, SO_PEERCRED), on TCP
its address. Rate limits are token buckets kept by key — a peer, a seat, a user's bad tokens —
not by connection, so reconnecting does not refill them (`Buckets`). `fd_caps` keeps the
connections and rooms below the process's file-descriptor limit, raised to the hard one at
start (`raise_fd_limit`).
"""

from __future__ import annotations

import socket
import struct
import time
from dataclasses import dataclass

#: descriptors kept free for saves being written, a room being reopened, the log...
FD_SPARE = 64


@dataclass
class Limits:
    """The server's caps beyond rate, burst, rooms and connections (docs/network.md, "Limits")."""

    #: connections one peer (a process; on TCP an address) may hold at once
    per_peer: int = 32
    #: connection slots only a coach coming back to his seat (a join with his token) may use
    reserve: int = 32
    #: seconds from connecting to the first complete line
    greeting_seconds: float = 10.0
    #: seconds between complete lines for a connection in no room (not seated, not watching)
    idle_seconds: float = 120.0
    #: rooms one peer may have created and still open
    rooms_per_creator: int = 16
    #: a room nobody is in, with no decision for this long, is closed (its save reopens it)
    abandoned_seconds: float = 1800.0
    #: the bytes all of this server's room saves may take in the saves folder
    max_save_bytes: int = 1024 * 1024 * 1024
    #: bytes waiting for one client that does not read before it is dropped
    max_buffer: int = 4 * 1024 * 1024
    #: bytes waiting for all clients together before the slowest reader is dropped
    max_buffered: int = 64 * 1024 * 1024
    #: how often the server looks at its rooms, the disk and its buckets (seconds)
    sweep_seconds: float = 1.0


class Bucket:
    """`burst` tokens refilled at `rate` a second."""

    __slots__ = ("tokens", "stamp")

    def __init__(self, burst: float) -> None:
        self.tokens = float(burst)
        self.stamp = time.monotonic()


class Buckets:
    """Token buckets by key. A bucket that has refilled is forgotten (a new one is the same),
    so the table holds only the keys that spent tokens lately."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = float(rate), int(burst)
        self.table: dict = {}

    def _refill(self, key, now: float) -> Bucket:
        bucket = self.table.get(key)
        if bucket is None:
            bucket = self.table[key] = Bucket(self.burst)
        bucket.tokens = min(float(self.burst),
                            bucket.tokens + max(0.0, now - bucket.stamp) * self.rate)
        bucket.stamp = now
        return bucket

    def take(self, key, now: float | None = None) -> bool:
        """One token of `key`'s bucket; False (nothing taken) when it is empty."""
        bucket = self._refill(key, time.monotonic() if now is None else now)
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def has(self, key) -> bool:
        return self._refill(key, time.monotonic()).tokens >= 1.0

    def sweep(self) -> None:
        now = time.monotonic()
        full = [k for k, b in self.table.items()
                if b.tokens + (now - b.stamp) * self.rate >= self.burst]
        for key in full:
            del self.table[key]


def peer_of(sock: socket.socket) -> tuple:
    """Who is at the other end: ("unix", uid, pid) from SO_PEERCRED, ("tcp", host) on TCP."""
    try:
        if sock.family == socket.AF_UNIX:
            creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                    struct.calcsize("3i"))
            pid, uid, _gid = struct.unpack("3i", creds)
            return ("unix", uid, pid)
        return ("tcp", sock.getpeername()[0])
    except (OSError, AttributeError, struct.error):
        return ("unknown",)


def user_of(peer: tuple) -> tuple:
    """The peer's user (bad tokens are counted per user: a new process is no new chance)."""
    return peer[:2]


def raise_fd_limit() -> tuple[int, int]:
    """The soft RLIMIT_NOFILE raised to the hard one; returns (before, now)."""
    try:
        import resource
    except ImportError:                 # not a Unix: nothing to raise
        return (0, 0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if want > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        except (ValueError, OSError):
            return (soft, soft)
    return (soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0])


def fd_limit() -> int:
    try:
        import resource
    except ImportError:
        return 1 << 20
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def fd_caps(nofile: int, connections: int, rooms: int) -> tuple[int, int]:
    """Connections and rooms kept below `nofile` descriptors: a connection holds one, an open
    room two (its save's lock and its journal), `FD_SPARE` stay free."""
    room_for = max(8, nofile - FD_SPARE)
    conns = max(4, min(connections, room_for // 2))
    return conns, max(2, min(rooms, (room_for - conns) // 2))
