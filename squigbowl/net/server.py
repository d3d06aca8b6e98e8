"""The match server (`squigbowl serve`): rooms over a user-only Unix socket, JSON lines.

One asyncio loop holds every room (net/rooms.py) and every connection. A connection is read a
line at a time (at most `protocol.MAX_LINE` bytes), each line checked by `protocol.decode`,
rate-limited (token buckets by peer and by seat: net/limits.py), and dispatched; whatever a
client sends, the answer is an
`error` line or a closed connection, never an exception out of the loop and never a changed
game (the room refuses before it decides). Computer seats are played by a task per room that
yields to the loop after each decision. Rooms are autosaved after every decision and resumed
from the saves folder when the server starts again (docs/network.md).

Nothing a client does holds the server (issue 21, docs/network.md "Limits"): connections in no
room have a greeting and an idle deadline, a peer a cap on connections and on rooms created,
a coach coming back to his seat has slots of his own, rooms nobody is in go to sleep (closed,
their save reopened by the next join), the saves have a disk bound, the room list is encoded
once per change of a room and paged, and what waits for clients that do not read is bounded.
The server accepts with its own loop, which pauses (and says so once) when it runs out of
file descriptors.

The server is one class in parts, by subject: the listening sockets and the accept loop
(net/listening.py), one connection and the bound on what waits for clients (net/connection.py),
the rooms' housekeeping — sleeping, reopening, the sweep, the disk bound (net/housekeeping.py) —
and here the connections' admission, the messages and the rooms' play.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import stat
import sys
import time
import traceback
from pathlib import Path

from squigbowl import saves
from squigbowl.net import catalogue as names
from squigbowl.net import limits as caps
from squigbowl.net.connection import BACKED_UP, Backlogs, Connection  # noqa: F401
from squigbowl.net.housekeeping import Housekeeping
from squigbowl.net.limits import Buckets, Limits
from squigbowl.net.listening import (ACCEPT_PAUSE, SOCKET_NAME, Listening,  # noqa: F401
                                     ServerError, default_socket, parse_tcp)
from squigbowl.net.protocol import (MAX_LINE, PROTOCOL, WATCH, ProtocolError, decode, encode,
                                    error)
from squigbowl.net.rooms import Room, room_id_ok, token_hash
from squigbowl.text import plain, printable

#: messages a peer (and a seat) may send per second on average, and in one burst
RATE = 50.0
BURST = 200
#: rooms and connections the server holds at most (both kept below the descriptor limit)
MAX_ROOMS = 1000
MAX_CONNECTIONS = 1024
#: a client that reads so slowly that this much waits for it is dropped (bytes)
MAX_BUFFER = 4 * 1024 * 1024
#: a room nobody has sat in may be dropped this long after its creation when rooms run out
UNUSED_ROOM_SECONDS = 60.0
#: the most room summaries one `rooms` reply holds (a request's `limit`)
MAX_PAGE = 200
#: a client may reopen this many sleeping rooms a second (and at once) without a seat's token
WAKE_RATE = 1.0
WAKE_BURST = 10
#: a room of computers looks at the disk bound every this many decisions
DISK_EVERY = 32
_ID_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"


class Server(Listening, Housekeeping, Backlogs):
    """The rooms and the connections. `await start_unix(path)` / `start_tcp(host, port)` listen;
    `resume()` brings back the rooms of the saves folder; `await close()` stops. The caps
    beyond rate, burst, rooms and connections are `limits.Limits`' fields, as keywords."""

    def __init__(self, folder: str | os.PathLike, *, rate: float = RATE, burst: int = BURST,
                 max_rooms: int = MAX_ROOMS, max_connections: int = MAX_CONNECTIONS,
                 log=None, clock_scale: float = 1.0, **limits) -> None:
        self.folder = Path(folder)
        #: D6.7: the turn clocks run this many times faster than real time (tests, demos)
        self.clock_scale = float(clock_scale)
        self._clocks: dict[str, asyncio.TimerHandle] = {}   # room id -> its time-out's timer
        self.rate = float(rate)
        self.burst = int(burst)
        self.limits = Limits(**limits)
        self.nofile = caps.fd_limit()
        self.max_connections, self.max_rooms = caps.fd_caps(self.nofile, max_connections,
                                                            max_rooms)
        self.rooms: dict[str, Room] = {}
        self.connections: dict[Connection, None] = {}     # oldest first
        self.listeners: list = []
        self.socket_path: Path | None = None
        self.tcp_address: tuple | None = None
        self._drivers: dict[str, asyncio.Task] = {}
        self._catalogue: dict | None = None
        self._log = log if log is not None else sys.stderr
        self._tasks: set[asyncio.Task] = set()
        self._per_peer: dict[tuple, int] = {}
        self._buckets = Buckets(self.rate, self.burst)   # by peer, by seat, by user's guesses
        self._creator: dict[str, tuple] = {}             # room id -> the peer that created it
        self._quiet: dict[str, float] = {}               # room id -> last decision or leaving
        self._asleep: dict[str, tuple[Path, bytes, set]] = {}  # closed rooms: save, summary,
        #                                                           their seats' token hashes
        self._wakes = Buckets(WAKE_RATE, WAKE_BURST)     # reopenings by peer (no token)
        self._listed: dict[str, bytes] = {}               # room id -> its encoded summary
        self._order: list[str] | None = None               # the room list's ids, in order
        self._sizes: dict[Path, int] = {}                 # this server's room saves' sizes
        self._written: set[str] = set()                   # rooms saved since the last sweep
        self._disk_full = False
        self._backed: set[Connection] = set()
        self._buffered = 0
        self._fd_trouble: list | None = None              # [since, refusals] while out of fds
        self._housekeeper: asyncio.Task | None = None

    def say(self, text: str) -> None:
        try:
            print(printable(f"squigbowl serve: {text}"), file=self._log, flush=True)
        except Exception:  # noqa: BLE001 - a closed stderr never stops the server
            pass

    # -- starting and stopping ------------------------------------------------------------------
    def resume(self) -> list[str]:
        """Every unfinished room saved in the folder, replayed, verified and held; returns
        their ids. What a killed server left of finished rooms (journal, lock) is removed;
        their saves count towards the disk bound."""
        back = []
        for info in saves.list_saves(self.folder):
            if info.error or info.in_use:
                continue
            if info.finished:           # a killed server's journal and lock of it go
                names.clear_finished(info.path)
                self._count_finished(info.path)
                continue
            try:
                room = names.resume_room(info.path, self.folder)
            except saves.SaveError as exc:
                self.say(f"not resumed: {exc}")
                continue
            except Exception as exc:  # noqa: BLE001
                self.say(f"not resumed: {info.path.name}: {type(exc).__name__}: {exc}")
                continue
            if room is None:
                continue
            if room.id in self.rooms:
                self.say(f"not resumed: {info.path.name}: room {room.id} is open already")
                room.close()
                continue
            self._open(room)
            # quiet since its save was last written (before the restart), not since now
            self._quiet[room.id] = time.monotonic() - max(0.0, time.time() - info.mtime)
            self._written.add(room.id)
            back.append(room.id)
            self._drive(room)
        self._check_disk()
        return back

    def fd_note(self) -> str | None:
        """A line for the log when the descriptor limit cut the connections or rooms."""
        if self.max_connections < MAX_CONNECTIONS or self.max_rooms < MAX_ROOMS:
            return (f"{self.nofile} file descriptors: at most {self.max_connections} "
                    f"connections and {self.max_rooms} rooms")
        return None

    async def close(self) -> list[str]:
        """Stop listening, let every connection go, write every room's save; returns the
        rooms whose newest decision could not be saved (their autosave's error said)."""
        for listener in self.listeners:
            listener.close()
        if self._housekeeper is not None:
            self._housekeeper.cancel()
        for task in list(self._drivers.values()):
            task.cancel()
        for conn in list(self.connections):
            conn.close()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2)
        unsaved = []
        for room in list(self.rooms.values()):
            room.close()
            if not room.saver.on_disk:
                unsaved.append(f"{room.id} ({room.saver.error or 'not written'})")
        self.rooms.clear()
        if self.socket_path is not None:
            try:
                if stat.S_ISSOCK(os.lstat(self.socket_path).st_mode):
                    os.unlink(self.socket_path)
            except OSError:
                pass
        return unsaved

    # -- one connection ---------------------------------------------------------------------------
    async def _serve_socket(self, sock: socket.socket) -> None:
        peer = caps.peer_of(sock)
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=MAX_LINE + 2, loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        try:
            transport, _ = await loop.connect_accepted_socket(lambda: protocol, sock)
        except OSError:
            sock.close()
            return
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        await self._serve(reader, writer, peer)

    def _admit(self, conn: Connection) -> bool:
        """Room for a new connection? Refused (told `full`) past its peer's cap; past the
        open slots it takes a reserved one (only a coach's return); with none left the oldest
        connection that holds no seat (a reserved one first, then one in no room, then a
        spectator) gives way: only a server full of seated coaches refuses."""
        limits = self.limits
        if self._per_peer.get(conn.peer, 0) >= limits.per_peer:
            conn.send(error("full", f"at most {limits.per_peer} connections from one client"))
            return False
        if len(self.connections) >= self.max_connections:
            victim = (next((c for c in self.connections if c.reserved), None)
                      or next((c for c in self.connections if c.room is None), None)
                      or next((c for c in self.connections if c.seat is None), None))
            if victim is None:
                conn.send(error("full", f"the server takes at most {self.max_connections} "
                                        f"connections"))
                return False
            self._evict(victim)
        if len(self.connections) >= self.max_connections - min(limits.reserve,
                                                               self.max_connections // 2):
            conn.reserved = True
        return True

    def _evict(self, conn: Connection) -> None:
        conn.send(error("full", "the server is full: a connection that holds no seat makes way "
                                "for a coach coming back"))
        conn.close()
        self._forget(conn)

    def _forget(self, conn: Connection) -> None:
        if self.connections.pop(conn, False) is None:
            left = self._per_peer.get(conn.peer, 1) - 1
            if left > 0:
                self._per_peer[conn.peer] = left
            else:
                self._per_peer.pop(conn.peer, None)
        self._backed.discard(conn)

    def _arm(self, conn: Connection, what: str, seconds: float) -> None:
        if conn.timer is not None:
            conn.timer.cancel()
        conn.timer = asyncio.get_running_loop().call_later(seconds, conn.expire, what)

    def _deadline(self, conn: Connection) -> None:
        """After a line: a connection in no room has `idle_seconds` for its next one; one in
        a room (a coach thinks, a spectator watches) has no deadline."""
        if conn.closed or (conn.reserved and conn.seat is None):
            return                      # a reserved slot: the greeting deadline only
        if conn.room is None:
            self._arm(conn, f"{self.limits.idle_seconds:g} s", self.limits.idle_seconds)
        elif conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None

    async def _serve(self, reader, writer, peer: tuple = ("unknown",)) -> None:
        conn = Connection(self, reader, writer, peer)
        if not self._admit(conn):
            conn.close()
            return
        self.connections[conn] = None
        self._per_peer[peer] = self._per_peer.get(peer, 0) + 1
        self._arm(conn, f"{self.limits.greeting_seconds:g} s of connecting",
                  self.limits.greeting_seconds)
        conn.send({"type": "hello", "protocol": PROTOCOL, "server": "squigbowl",
                   "limits": {"line": MAX_LINE, "rate": self.rate, "burst": self.burst}})
        try:
            while not conn.closed:
                try:
                    line = await reader.readline()
                except (asyncio.LimitOverrunError, ValueError):
                    conn.send(error("too_long", f"a line holds at most {MAX_LINE} bytes"))
                    break
                except (ConnectionError, OSError):
                    break
                if not line or conn.closed:
                    break
                if not self._allow(conn):
                    conn.send(error("rate_limited", f"at most {self.rate:g} messages a second "
                                                    f"({self.burst} at once)"))
                    break
                if not line.strip():
                    continue
                ident = None
                try:
                    msg = decode(line.rstrip(b"\r\n"))
                    ident = msg.get("id")
                    self._dispatch(conn, msg)
                except ProtocolError as exc:
                    conn.send(error(exc.code, exc.message, ident))
                    if exc.close:
                        break
                except Exception as exc:  # noqa: BLE001 - a bug must not stop the server
                    self.say(f"internal error on a message: {type(exc).__name__}: {exc}")
                    traceback.print_exc(file=self._log)
                    conn.send(error("bad_message", "the server could not handle that message",
                                    ident))
                self._deadline(conn)
        except asyncio.CancelledError:
            pass
        finally:
            self._detach(conn)
            self._forget(conn)
            conn.close()

    def _allow(self, conn: Connection) -> bool:
        """The rate limit: the peer's bucket, and the seat's while it holds one (neither is
        refilled by reconnecting)."""
        if not self._buckets.take(conn.peer):
            return False
        if conn.seat is not None and conn.room is not None:
            return self._buckets.take(("seat", conn.room.id, conn.seat.name))
        return True

    def _dispatch(self, conn: Connection, msg: dict) -> None:
        kind = msg["type"]
        ident = msg.get("id")
        if conn.reserved and kind not in ("hello", "ping", "rooms") and not (
                kind == "join" and msg.get("token") is not None):
            raise ProtocolError("full", "the server is full: only a coach coming back to his "
                                        "seat (a join with his token) gets in", close=True)
        if kind == "join":
            self._before_join(conn, msg)
        try:
            reply = getattr(self, f"_on_{kind}")(conn, msg)
        except ProtocolError as exc:
            if exc.code == "bad_token" and not self._buckets.take(
                    ("guess",) + caps.user_of(conn.peer)):
                raise ProtocolError("rate_limited", f"too many bad tokens from this user: at "
                                                    f"most {self.rate:g} a second",
                                    close=True) from None
            if conn.reserved:
                exc.close = True
            raise
        if kind == "join":
            self._after_join(conn)
        if reply is not None:
            if ident is not None:
                reply["id"] = ident
            conn.send(reply)

    def _before_join(self, conn: Connection, msg: dict) -> None:
        """A join: a sleeping room is reopened first; a seat's bucket is spent by whoever
        presents its token (a user's bad tokens have a bucket of their own: `_dispatch`)."""
        room_id = msg["room"]
        token = msg.get("token")
        if room_id_ok(room_id) and room_id not in self.rooms and room_id in self._asleep:
            # a coach's token reopens it at once; other joins (spectators, free seats, bad
            # tokens) reopen few a second: each is a save replayed
            if (token is None or token_hash(token) not in self._asleep[room_id][2]) \
                    and not self._wakes.take(conn.peer):
                raise ProtocolError("rate_limited", f"room {room_id} is asleep: at most "
                                                    f"{WAKE_RATE:g} reopened a second without "
                                                    f"a seat's token", close=True)
            self._wake(room_id)
        if token is None:
            return
        room = self.rooms.get(room_id)
        seat = room.find_seat(token) if room is not None else None
        if seat is not None and not (conn.seat is seat and conn.room is room) \
                and not self._buckets.take(("seat", room.id, seat.name)):
            raise ProtocolError("rate_limited", f"at most {self.rate:g} messages a second for "
                                                f"one seat", close=True)

    def _after_join(self, conn: Connection) -> None:
        room = conn.room
        if room is None:
            return
        self._changed(room)
        if conn.reserved and conn.seat is not None:
            conn.reserved = False         # a coach came back: the reserve is given back
            over = len(self.connections) - (self.max_connections - min(
                self.limits.reserve, self.max_connections // 2))
            idle = [c for c in self.connections if c.room is None and not c.reserved]
            for victim in idle[:max(0, over)]:
                self._evict(victim)

    # -- the messages -------------------------------------------------------------------------------
    def _on_hello(self, conn, msg):
        if msg["protocol"] != PROTOCOL:
            raise ProtocolError("version", f"this server speaks protocol {PROTOCOL}, not "
                                           f"{msg['protocol']}", close=True)
        return None

    def _on_ping(self, conn, msg):
        return {"type": "pong"}

    def _on_rooms(self, conn, msg):
        """A page of the room list (`offset`, `limit`; without `limit`, every room), or one
        room (`room`), built from each room's summary encoded once per change."""
        offset, limit = msg.get("offset", 0), msg.get("limit")
        if offset < 0 or (limit is not None and not 1 <= limit <= MAX_PAGE):
            raise ProtocolError("bad_message", f"rooms: offset >= 0 and limit 1..{MAX_PAGE}")
        if "room" in msg:
            ids = [msg["room"]] if msg["room"] in self.rooms or msg["room"] in self._asleep \
                else []
            offset, limit = 0, 1
        else:
            ids = self._room_order()
        page = ids[offset:offset + limit if limit is not None else None]
        after = offset + len(page)
        out = b"".join((b'{"type":"rooms","rooms":[', b",".join(self._listing(i) for i in page),
                        b'],"total":%d,"offset":%d,"next":' % (len(ids), offset),
                        b"%d" % after if after < len(ids) else b"null"))
        if msg.get("id") is not None:
            out += b',"id":%d' % msg["id"]
        conn.send(out + b"}\n")
        return None

    def _on_catalogue(self, conn, msg):
        if self._catalogue is None:
            self._catalogue = names.catalogue()
        return dict(self._catalogue)

    def _on_create(self, conn, msg):
        mine = sum(1 for who in self._creator.values() if who == conn.peer)
        if mine >= self.limits.rooms_per_creator:
            raise ProtocolError("full", f"one client may have at most "
                                        f"{self.limits.rooms_per_creator} rooms open")
        if self._disk_full:
            raise ProtocolError("full", f"the server's saves take "
                                        f"{self._disk_bytes() / 1e6:,.1f} MB, their limit: no new "
                                        f"rooms until saves are removed")
        if len(self.rooms) >= self.max_rooms:
            self._make_way()
        if len(self.rooms) >= self.max_rooms:
            raise ProtocolError("full", f"the server holds at most {self.max_rooms} rooms")
        room_id = self._new_id()
        room = names.new_room(msg, room_id, self.folder)
        if any(seat.computer for seat in room.seats.values()):
            room.save_seats()           # it may play at once: its file and journal now
        self._open(room)
        self._creator[room_id] = conn.peer
        self._drive(room)
        return {"type": "created", "room": room_id, "summary": room.summary()}

    def _on_join(self, conn, msg):
        room_id = msg["room"]
        room = self.rooms.get(room_id) if room_id_ok(room_id) else None
        if room is None:
            raise ProtocolError("no_room", f"no room {plain(room_id)!r}")
        token = msg.get("token")
        seat_name = msg.get("seat")
        if seat_name is None:
            found = room.find_seat(token) if token is not None else None
            if token is not None and found is None:
                raise ProtocolError("bad_token")
            seat_name = found.name if found else WATCH
        self._detach(conn)
        old = room.seats[seat_name].conn if seat_name in room.seats else None
        seat, token = room.join(conn, seat_name, msg.get("name") or "", token)
        conn.room, conn.seat = room, seat
        if old is not None and old is not conn:      # he came back on a new connection
            old.seat = None
            old.room = None
            old.send({"type": "replaced", "room": room.id, "seat": seat_name})
        conn.send({"type": "joined", "room": room.id, "seat": seat.name if seat else WATCH,
                   "token": token or None, **({"id": msg["id"]} if "id" in msg else {})})
        conn.send(room.state())
        if seat is not None:
            room.save_seats()           # the seat's coach and token hash survive a restart
            self._presence(room, seat, True, skip=conn)
            self._arm_clock(room)       # D6.7: his clock runs again while he is asked
            if room.pending_seat() is seat:
                conn.send(room.ask())
        return None

    def _on_decide(self, conn, msg):
        room = conn.room
        if room is None:
            raise ProtocolError("not_seated")
        update = room.decide(conn.seat, msg["choice"], msg.get("seq"))
        self._after(room, update)
        return None

    def _on_leave(self, conn, msg):
        self._detach(conn)
        return {"type": "left"}

    # -- rooms --------------------------------------------------------------------------------------
    def _new_id(self) -> str:
        while True:
            room_id = "".join(secrets.choice(_ID_LETTERS) for _ in range(6))
            if room_id not in self.rooms and room_id not in self._asleep:
                return room_id

    def _open(self, room: Room) -> None:
        self.rooms[room.id] = room
        self._quiet[room.id] = time.monotonic()
        self._asleep.pop(room.id, None)
        self._changed(room, order=True)
        room.timer.scale = self.clock_scale
        self._arm_clock(room)

    def _shut(self, room: Room) -> None:
        """`room` leaves the open rooms (closed already, or to be closed by the caller)."""
        handle = self._clocks.pop(room.id, None)
        if handle is not None:
            handle.cancel()
        self.rooms.pop(room.id, None)
        self._creator.pop(room.id, None)
        self._quiet.pop(room.id, None)
        self._listed.pop(room.id, None)
        self._order = None

    def _changed(self, room: Room, order: bool = False) -> None:
        """Its summary changed (a decision, a seat, a spectator): encoded again when listed."""
        self._listed.pop(room.id, None)
        if order:
            self._order = None

    def _room_order(self) -> list[str]:
        if self._order is None:
            self._order = list(self.rooms) + [i for i in self._asleep if i not in self.rooms]
        return self._order

    def _listing(self, room_id: str) -> bytes:
        data = self._listed.get(room_id)
        if data is None:
            room = self.rooms.get(room_id)
            if room is None:
                return self._asleep[room_id][1]
            data = self._listed[room_id] = json.dumps(
                room.summary(), separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        return data

    def _after(self, room: Room, update: dict) -> None:
        """Tell everyone in the room what happened, ask the next seat, wake the computers."""
        self._tell(room, update)
        self._drive(room)

    def _tell(self, room: Room, update: dict) -> None:
        """The update to every member, the next question to its seat, then the autosave. The
        turn clock follows the decision first (D6.7): the update carries where it stands."""
        if room.timer.on:
            self._arm_clock(room, update)
            update["clock"] = room.timer.wire(room)
        data = encode(update)
        for member in room.members():
            member.send(data)
        seat = room.pending_seat()
        if seat is not None and seat.conn is not None:
            seat.conn.send(room.ask())
        room.save()
        self._quiet[room.id] = time.monotonic()
        self._written.add(room.id)
        self._listed.pop(room.id, None)

    # -- the turn time limit (D6.7; net/turn_timer.py) -----------------------------------------
    def _arm_clock(self, room: Room, update: dict | None = None) -> None:
        """The room's clock follows its game; a timer for the moment it runs out."""
        if not room.timer.on:
            return
        handle = self._clocks.pop(room.id, None)
        if handle is not None:
            handle.cancel()
        wait = room.timer.follow(room, update)
        if wait is not None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:            # no loop (a script driving a server directly)
                return
            self._clocks[room.id] = loop.call_later(wait + 0.005, self._time_out, room)

    def _time_out(self, room: Room) -> None:
        """The time is up: the server answers for the timed seat until its team turn has
        ended (each answer an update like any other), then the computers play on."""
        self._clocks.pop(room.id, None)
        if self.rooms.get(room.id) is not room:
            return
        from squigbowl.net.turn_timer import MAX_ANSWERS

        answered = 0
        try:
            while answered < MAX_ANSWERS:
                update = room.time_out_move()
                if update is None:
                    break
                answered += 1
                self._tell(room, update)
        except ProtocolError as exc:
            self.say(f"room {room.id}: the time-out's answer was refused: {exc}")
        if answered:
            self.say(f"room {room.id}: time out, {answered} decision(s) made for the seat")
        else:
            self._arm_clock(room)           # not out yet (or nothing to answer): again
        self._drive(room)

    def _drive(self, room: Room) -> None:
        if room.computer_to_play() is None or room.id in self._drivers:
            return
        if self._disk_full and self._computers_only(room):
            return                      # paused until the saves are under their bound
        self._drivers[room.id] = asyncio.get_running_loop().create_task(self._computers(room))

    @staticmethod
    def _computers_only(room: Room) -> bool:
        return all(seat.computer is not None for seat in room.seats.values())

    async def _computers(self, room: Room) -> None:
        try:
            await asyncio.sleep(0)
            while self.rooms.get(room.id) is room and room.computer_to_play() is not None:
                if self._disk_full and self._computers_only(room):
                    return              # the disk bound: computers v computers pause
                try:
                    update = room.computer_move()
                except ProtocolError as exc:
                    self.say(f"room {room.id}: the computer's choice was refused: {exc}")
                    return
                except Exception as exc:  # noqa: BLE001
                    self.say(f"room {room.id}: the computer failed: {type(exc).__name__}: "
                             f"{exc}")
                    return
                self._tell(room, update)
                if room.seq % DISK_EVERY == 0:    # computers play hundreds a second
                    self._note_room(room)
                    self._check_disk()
                await asyncio.sleep(0)
        finally:
            self._drivers.pop(room.id, None)
            self._drop_if_done(room)

    def _presence(self, room: Room, seat, connected: bool, skip=None) -> None:
        note = encode({"type": "presence", "room": room.id, "seat": seat.name,
                       "coach": seat.coach or None, "connected": connected})
        for member in room.members():
            if member is not skip:
                member.send(note)

    def _detach(self, conn: Connection) -> None:
        """`conn` leaves its room: a seat stays his (the game waits), the others are told."""
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is None:
            return
        room.spectators.discard(conn)
        if seat is not None and seat.conn is conn:
            seat.conn = None
            self._presence(room, seat, False)
            if room.timer.on:           # D6.7: paused while he is away, saved so
                self._arm_clock(room)
                if room.saver.path is not None:
                    room.save()
        self._quiet[room.id] = time.monotonic()
        self._changed(room)
        self._drop_if_done(room)

    def _empty(self, room: Room) -> bool:
        return not any(True for _ in room.members()) and room.id not in self._drivers

    def _reap(self) -> None:
        """Make room for new rooms: those nobody ever sat in (nothing saved), empty now and
        older than `UNUSED_ROOM_SECONDS`, are dropped."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if (room.saver.path is None and now - room.born > UNUSED_ROOM_SECONDS
                    and self._empty(room)):
                self._shut(room)
                room.close()

    def _make_way(self) -> None:
        """Rooms run out: the unused ones go (`_reap`); else the empty room quiet the longest,
        for `UNUSED_ROOM_SECONDS` at least, goes to sleep (closed, its save kept: the next
        join by its id reopens it)."""
        self._reap()
        if len(self.rooms) < self.max_rooms:
            return
        since = time.monotonic() - UNUSED_ROOM_SECONDS
        quiet = [(self._quiet.get(r.id, 0.0), r) for r in self.rooms.values()
                 if r.saver.path is not None and self._empty(r)
                 and self._quiet.get(r.id, 0.0) <= since]
        if quiet:
            self._sleep(min(quiet, key=lambda q: q[0])[1])



async def serve(folder: Path, socket_path: Path | None = None, tcp: str | None = None,
                group: str | None = None, rate: float = RATE, ready=None,
                clock_scale: float = 1.0, **limits) -> int:
    """Run the server until SIGTERM or SIGINT. `ready(server)` is called once it listens.
    The soft descriptor limit is raised to the hard one first; `limits`: Server's keywords."""
    before, nofile = caps.raise_fd_limit()
    server = Server(folder, rate=rate, clock_scale=clock_scale, **limits)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    try:
        saves.clean_temp_files(folder)
        back = server.resume()
        path = await server.start_unix(socket_path or default_socket(folder), group)
        where = [str(path)]
        if tcp:
            host, port = parse_tcp(tcp)
            address = await server.start_tcp(host, port)
            where.append(f"tcp {address[0]}:{address[1]}")
    except (ServerError, OSError) as exc:
        await server.close()
        server.say(str(exc) if isinstance(exc, ServerError)
                   else f"cannot listen: {exc.strerror or exc} ({exc.filename or ''})")
        return 2
    server.say(f"listening on {', '.join(where)}; saves in {folder}; "
               f"{len(back)} room(s) resumed{': ' + ', '.join(back) if back else ''}")
    if nofile > before:
        server.say(f"file descriptors: the limit raised from {before} to {nofile}")
    note = server.fd_note()
    if note:
        server.say(note)
    if ready is not None:
        ready(server)
    await stop.wait()
    unsaved = await server.close()
    if unsaved:
        server.say(f"stopped; NOT SAVED: {', '.join(unsaved)}")
        return 1
    server.say("stopped; every room is saved")
    return 0


def run_server(args) -> int:
    """`squigbowl serve`: the command line's entry."""
    try:
        folder = saves.saves_dir(getattr(args, "saves", None))
    except OSError as exc:
        print(printable(f"squigbowl serve: cannot use the saves folder: {exc.strerror or exc}"),
              file=sys.stderr)
        return 2
    socket_path = Path(args.socket).expanduser() if args.socket else None
    if not (0 < args.rate < float("inf")):
        print("squigbowl serve: --rate must be a positive number", file=sys.stderr)
        return 2
    scale = getattr(args, "clock_scale", 1.0)
    if not (0 < scale <= 1000):
        print("squigbowl serve: --clock-scale must be a number above 0, at most 1000",
              file=sys.stderr)
        return 2
    return asyncio.run(serve(folder, socket_path, args.tcp, args.group, args.rate,
                             clock_scale=scale))
